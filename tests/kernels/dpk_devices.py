"""What `dpk devices` lists, for the tests that run the dpk command line."""
import re
import subprocess


def spirv_devices(dpk):
    """Filter strings of the devices `dpk devices` says take SPIR-V."""
    p = subprocess.run([dpk, "devices"], capture_output=True, text=True, timeout=120)
    devices, current = [], None
    for line in p.stdout.splitlines():
        m = re.match(r"^  (\S+:\S+:\d+)  ", line)
        if m:
            current = m.group(1)
        elif current and line.strip().startswith("SPIR-V: yes"):
            devices.append(current)
            current = None
    return devices
