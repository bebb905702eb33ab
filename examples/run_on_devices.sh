#!/bin/sh
# usage: run_on_devices.sh DEVICES_TOOL EXAMPLE
# Runs EXAMPLE once per device that takes SPIR-V (only those $DPK_DEVICE selects, when set; each
# run with DPK_DEVICE set to the device's filter string); fails if
# any run fails, skips (exit 77) when there is no such device.
devices=$("$1" | tr '\n' ' ')
[ -n "$devices" ] || { echo "SKIPPED: no device takes SPIR-V"; exit 77; }
for d in $devices; do
    DPK_DEVICE=$d "$2" || exit 1
done
