#!/usr/bin/env python3
"""dpk's random-program differential tester (tools/difftest/README.md).

Generates modules of random kernels from seeds, compiles each with dpkc, runs them on devices
through dpk-difftest-runner, and compares every output array with the reference model's. Each
mismatch, crash or compile failure is written into --out as a case folder; --reduce CASE shrinks
one. Exit status: 0 when everything matched, 1 on any mismatch, crash or error."""

import argparse
import json
import os
import pickle
import select
import shlex
import shutil
import subprocess
import sys
import tempfile
import time

try:
    import numpy as np
except ImportError:  # a Python without numpy first on PATH: use the system's
    if os.path.exists('/usr/bin/python3') and sys.executable != '/usr/bin/python3':
        os.execv('/usr/bin/python3', ['/usr/bin/python3'] + sys.argv)
    raise

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

import generate  # noqa: E402
import model  # noqa: E402
from program import Module  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(HERE))
# A kernel hangs when the runner has spent KERNEL_TIMEOUT_S seconds of processor time on it (a
# loop that does not end), or KERNEL_WALL_TIMEOUT_S seconds of wall time (a kernel that waits
# for ever). Processor time, not wall time, for the first: on a busy machine (a build beside the
# tester at a lower nice value) a runner can wait minutes for a core without hanging.
KERNEL_TIMEOUT_S = 60
KERNEL_WALL_TIMEOUT_S = 900


def cpu_seconds(pid):
    """Processor time (user + system, all threads) process `pid` has used, or None where /proc
    does not say."""
    try:
        with open('/proc/%d/stat' % pid) as f:
            fields = f.read().rsplit(')', 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf('SC_CLK_TCK')
    except (OSError, IndexError, ValueError):
        return None


def hung(pid, since_wall, since_cpu):
    """Whether the kernel started at wall time `since_wall` (processor time `since_cpu`) hangs."""
    waited = time.time() - since_wall
    if waited > KERNEL_WALL_TIMEOUT_S:
        return True
    used = cpu_seconds(pid)
    if used is None or since_cpu is None:
        return waited > KERNEL_TIMEOUT_S
    return used - since_cpu > KERNEL_TIMEOUT_S


def find_tool(path, name):
    for p in [path, os.path.join(ROOT, 'build', 'tools', name.split('/')[0], name.split('/')[-1])]:
        if p and os.path.exists(p):
            return p
    sys.exit('difftest: cannot find %s (build dpk first, or pass its path)' % name)


def list_devices(dpk):
    """The devices `dpk devices` lists that can run dpk's kernels (not those whose SPIR-V line
    says NO, e.g. PoCL in a build without the SPIR 1.2 translation)."""
    out = subprocess.run([dpk, 'devices'], capture_output=True, text=True).stdout
    devs, unusable, current = [], set(), None
    for line in out.splitlines():
        if line.strip().startswith('SPIR-V: NO') and current:
            unusable.add(current)
        for word in line.split():
            w = word.strip('(),')
            if w.count(':') == 2 and w.split(':')[0] in ('opencl', 'cuda', 'level_zero'):
                current = w
                if w not in devs:
                    devs.append(w)
    return [d for d in devs if d not in unusable]


def parse_seeds(text):
    if '..' in text:
        a, b = text.split('..')
        return list(range(int(a), int(b) + 1))
    return [int(s) for s in text.split(',')]


# ---------------------------------------------------------------------- one module

class Batch:
    """A module written to disk with its inputs, expected outputs and runner manifest."""

    def __init__(self, module, workdir):
        self.module, self.dir = module, workdir
        os.makedirs(workdir, exist_ok=True)
        self.path = os.path.join(workdir, 'module.dpk')
        with open(self.path, 'w') as f:
            f.write(module.dpk())
        self.expected = {}
        lines = []
        for k in module.kernels:
            args = []
            for p in k.params:
                if p.array:
                    fn = os.path.join(workdir, '%s.%s.npy' % (k.name, p.name))
                    np.save(fn, k.inputs[p.name])
                    args.append('@' + fn)
                else:
                    args.append('%d:%s' % (k.inputs[p.name], p.ty))
            lines.append('\t'.join([self.path, k.name, k.signature(), str(k.global_size),
                                    str(k.local)] + args))
        self.manifest = os.path.join(workdir, 'manifest.tsv')
        with open(self.manifest, 'w') as f:
            f.write('\n'.join(lines) + '\n')

    def actual(self, k, p):
        return np.load(os.path.join(self.dir, '%s.%s.out.npy' % (k.name, p.name)))


def make_module(seed, features, nkernels):
    """Generates a module and runs the model; kernels whose result is undefined are dropped."""
    m = generate.generate(seed, features, nkernels)
    ns = model.compile_module(m.py())
    good = []
    for k in m.kernels:
        try:
            k.expected = model.run_kernel(ns, k)
            good.append(k)
        except model.InvalidProgram:
            pass
    m.kernels = good
    return m


def run_runner(runner, device, bounds, manifest, n, log):
    """Runs every manifest line on `device`; returns {index: (status, detail)}; restarts after
    a crash or a hang at the next kernel."""
    results = {}
    start = 0
    while start < n:
        cmd = [runner, '--device', device, '--from', str(start), manifest]
        if bounds:
            cmd.insert(1, '--check-bounds')
        # e.g. DPK_DIFFTEST_WRAP="compute-sanitizer --tool synccheck" (with --replay)
        cmd = shlex.split(os.environ.get('DPK_DIFFTEST_WRAP', '')) + cmd
        p = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                             bufsize=1)
        current = None
        last, last_cpu = time.time(), cpu_seconds(p.pid)
        buf = ''
        killed = False
        while True:
            r, _, _ = select.select([p.stdout], [], [], 1.0)
            if r:
                chunk = os.read(p.stdout.fileno(), 65536).decode(errors='replace')
                if not chunk:
                    break
                buf += chunk
                while '\n' in buf:
                    line, buf = buf.split('\n', 1)
                    log.write(line + '\n')
                    log.flush()
                    w = line.split(' ', 4)
                    if w[0] == 'START':
                        current = int(w[1])
                        last, last_cpu = time.time(), cpu_seconds(p.pid)
                    elif w[0] == 'OK':
                        results[int(w[1])] = ('ok', ' '.join(w[3:]))
                        current = None
                    elif w[0] == 'FAIL':
                        results[int(w[1])] = (w[3], w[4] if len(w) > 4 else '')
                        current = None
                    elif w[0] == 'ERROR':
                        results.setdefault(current if current is not None else start,
                                           ('error', line))
            elif current is not None and hung(p.pid, last, last_cpu):
                p.kill()
                killed = True
                break
        p.wait()
        if current is None:
            if p.returncode != 0 and not results:
                for i in range(start, n):
                    results[i] = ('error', 'runner exited %d' % p.returncode)
            break
        results[current] = ('hang' if killed else 'crash',
                            'runner %s at this kernel (exit %s)' % ('hung' if killed else 'died',
                                                                   p.returncode))
        start = current + 1
    return results


def same(expected, actual):
    """Integers exactly; floats equal as values (+0 == -0) or both NaN."""
    if expected.shape != actual.shape or expected.dtype != actual.dtype:
        return np.zeros(expected.shape, bool)
    if expected.dtype.kind == 'f':
        return (expected == actual) | (np.isnan(expected) & np.isnan(actual))
    return expected == actual


def check_kernel(k, batch, device, mode):
    """None if every array matches, else a description of the first differences."""
    diffs = []
    for p in k.params:
        if not p.array:
            continue
        exp = k.expected[p.name]
        act = batch.actual(k, p)
        ok = same(exp, act)
        if not ok.all():
            bad = np.nonzero(~ok)[0]
            diffs.append('%s: %d of %d differ, first at %s: expected %s, got %s' % (
                p.name, len(bad), len(ok), list(bad[:8]), list(exp[bad[:8]]),
                list(act[bad[:8]])))
    return diffs or None


def write_case(outdir, k, module, device, mode, kind, detail, batch, features):
    name = '%s-%s-%s-%s' % (k.name, device.replace(':', '_'), mode, kind)
    d = os.path.join(outdir, name)
    os.makedirs(d, exist_ok=True)
    single = Module(module.funcs, [k])
    with open(os.path.join(d, 'kernel.dpk'), 'w') as f:
        f.write(single.dpk())
    args = []
    for p in k.params:
        if p.array:
            np.save(os.path.join(d, 'in.%s.npy' % p.name), k.inputs[p.name])
            np.save(os.path.join(d, 'expected.%s.npy' % p.name), k.expected[p.name])
            try:
                shutil.copy(os.path.join(batch.dir, '%s.%s.out.npy' % (k.name, p.name)),
                            os.path.join(d, 'actual.%s.npy' % p.name))
            except OSError:
                pass
            args.append('%s=@in.%s.npy --out %s=actual.%s.npy' % (p.name, p.name, p.name,
                                                                   p.name))
        else:
            args.append('%s=%d:%s' % (p.name, k.inputs[p.name], p.ty))
    cmd = 'dpk run kernel.dpk -k %s --device %s --no-fp-contract %s--global %d --local %d %s' % (
        k.name, device, '--check-bounds ' if mode == 'bounds' else '', k.global_size, k.local,
        ' '.join(args))
    info = {'kernel': k.name, 'device': device, 'mode': mode, 'kind': kind, 'detail': detail,
            'global': k.global_size, 'local': k.local, 'features': sorted(features),
            'reproduce': cmd}
    with open(os.path.join(d, 'case.json'), 'w') as f:
        json.dump(info, f, indent=1)
    with open(os.path.join(d, 'case.pkl'), 'wb') as f:
        pickle.dump((module.funcs, k, device, mode, kind), f)
    return d


def dpkc_check(dpkc, batch, ptx):
    """Every kernel of the module compiles to validated SPIR-V (and to PTX with --ptx)."""
    errors = []
    for k in batch.module.kernels:
        for extra in ([[]] + ([['--emit', 'ptx', '--target', 'cuda:sm_90']] if ptx else [])):
            # The SPIR-V check's target has fp16 (kernels may use f16).
            target = extra or ['--target', 'opencl+fp16']
            r = subprocess.run([dpkc, batch.path, '-k', k.name, '--no-fp-contract', '-o',
                                os.devnull] + target, capture_output=True, text=True)
            if r.returncode != 0:
                errors.append((k, 'dpkc %s: %s' % (' '.join(extra), r.stderr[-3000:])))
    return errors


class Stats:
    def __init__(self):
        self.kernels = self.mismatches = self.crashes = self.errors = 0
        self.per_device = {}
        self.start = time.time()

    def line(self):
        el = time.time() - self.start
        per = ', '.join('%s %.2f k/s' % (d, n / t if t else 0)
                        for d, (n, t) in self.per_device.items())
        return ('%.0fs: %d kernels run, %d mismatches, %d crashes/hangs, %d errors (%s)'
                % (el, self.kernels, self.mismatches, self.crashes, self.errors, per))


def test_seed(args, seed, features, stats, tools, log):
    work = tempfile.mkdtemp(prefix='difftest-%d-' % seed, dir=args.work)
    try:
        m = make_module(seed, features, args.kernels)
        batch = Batch(m, work)
        failed = False
        for k, err in dpkc_check(tools['dpkc'], batch, args.ptx):
            stats.errors += 1
            failed = True
            d = write_case(args.out, k, m, 'dpkc', 'default', 'compile', err, batch, features)
            print('COMPILE ERROR %s -> %s' % (k.name, d), flush=True)
        for device in args.devices:
            for mode in args.modes:
                t0 = time.time()
                res = run_runner(tools['runner'], device, mode == 'bounds', batch.manifest,
                                 len(m.kernels), log)
                dt = time.time() - t0
                n, t = stats.per_device.get('%s/%s' % (device, mode), (0, 0.0))
                stats.per_device['%s/%s' % (device, mode)] = (n + len(m.kernels), t + dt)
                for i, k in enumerate(m.kernels):
                    stats.kernels += 1
                    status, detail = res.get(i, ('error', 'no result'))
                    if status == 'ok':
                        diffs = check_kernel(k, batch, device, mode)
                        if diffs is None:
                            continue
                        stats.mismatches += 1
                        kind, detail = 'mismatch', '\n'.join(diffs)
                    elif status in ('crash', 'hang'):
                        stats.crashes += 1
                        kind = status
                    else:
                        stats.errors += 1
                        kind = status
                    failed = True
                    d = write_case(args.out, k, m, device, mode, kind, detail, batch, features)
                    print('%s %s on %s (%s): %s\n  -> %s' % (kind.upper(), k.name, device, mode,
                                                            detail.split('\n')[0][:300], d),
                          flush=True)
        return failed
    finally:
        if not args.keep:
            shutil.rmtree(work, ignore_errors=True)


# ---------------------------------------------------------------------- reduce

def reduce_case(args, tools):
    import reduce
    return reduce.reduce_case(args.reduce, tools, args)


def replay_case(args, tools):
    import reduce
    devices = args.devices.split(',') if args.devices else [None]
    return max(reduce.replay(args.replay, tools, device) for device in devices)


def main():
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument('--seeds', default='1..3', help='A..B or a comma list (default 1..3)')
    ap.add_argument('--kernels', type=int, default=40, help='kernels per module (default 40)')
    ap.add_argument('--devices', default=None,
                    help='comma list of device filters (default: every device `dpk devices` '
                    'lists)')
    ap.add_argument('--cpu-only', action='store_true',
                    help='with the default --devices: only the CPU devices')
    ap.add_argument('--modes', default='default,bounds', help='default,bounds')
    ap.add_argument('--long', action='store_true',
                    help='keep going past --seeds (seed after seed) until --time or --count')
    ap.add_argument('--time', type=float, default=0, help='--long: stop after this many seconds')
    ap.add_argument('--count', type=int, default=0, help='--long: stop after this many kernels')
    ap.add_argument('--out', default='difftest-out', help='case folder (default difftest-out)')
    ap.add_argument('--work', default=None, help='scratch folder (default: the system temp)')
    ap.add_argument('--keep', action='store_true', help='keep the scratch folders')
    ap.add_argument('--ptx', action='store_true',
                    help='also translate every kernel to PTX with dpkc (no GPU needed)')
    ap.add_argument('--runner', default=None, help='dpk-difftest-runner to use')
    ap.add_argument('--dpkc', default=None)
    ap.add_argument('--dpk', default=None)
    ap.add_argument('--reduce', metavar='CASE', help='shrink the failing kernel of case folder '
                    'CASE (written next to it as CASE/reduced.dpk)')
    ap.add_argument('--replay', metavar='CASE', help='run the kernel of case folder CASE once '
                    '(its reduced.pkl when there is one) and compare; the inputs, outputs and '
                    'runner log stay in CASE/replay; DPK_DIFFTEST_WRAP="compute-sanitizer ..." '
                    'runs the runner under that command; --devices replays it on those devices '
                    'instead of the case\'s own')
    ap.add_argument('--print', dest='print_seed', type=int, metavar='SEED',
                    help='print the module of SEED and exit')
    for name, what in generate.FEATURES.items():
        ap.add_argument('--no-' + name, action='store_true',
                        help='leave out: ' + what.replace('%', '%%'))
    args = ap.parse_args()
    features = {n for n in generate.FEATURES if not getattr(args, 'no_' + n.replace('-', '_'))}
    if args.print_seed is not None:
        print(make_module(args.print_seed, features, args.kernels).dpk())
        return 0
    tools = {'runner': find_tool(args.runner, 'difftest/dpk-difftest-runner'),
             'dpkc': find_tool(args.dpkc, 'dpkc/dpkc'),
             'dpk': find_tool(args.dpk, 'dpk/dpk')}
    if args.reduce:
        return reduce_case(args, tools)
    if args.replay:
        return replay_case(args, tools)
    args.devices = args.devices.split(',') if args.devices else list_devices(tools['dpk'])
    if args.cpu_only:
        args.devices = [d for d in args.devices if ':cpu:' in d]
    if not args.devices:
        print('difftest: SKIPPED: no device to run on (`dpk devices` lists none)')
        return 0
    args.modes = args.modes.split(',')
    os.makedirs(args.out, exist_ok=True)
    print('difftest: devices %s, modes %s, features left out: %s' % (
        ','.join(args.devices), ','.join(args.modes),
        ', '.join(sorted(set(generate.FEATURES) - features)) or 'none'), flush=True)
    stats = Stats()
    failed = False
    seeds = parse_seeds(args.seeds)
    with open(os.path.join(args.out, 'runner.log'), 'a') as log:
        i = 0
        while True:
            if i < len(seeds):
                seed = seeds[i]
            elif args.long:
                seed = seeds[-1] + (i - len(seeds) + 1)
            else:
                break
            i += 1
            failed |= test_seed(args, seed, features, stats, tools, log)
            print('seed %d: %s' % (seed, stats.line()), flush=True)
            if args.long and ((args.time and time.time() - stats.start > args.time) or
                              (args.count and stats.kernels >= args.count)):
                break
    print('difftest: %s' % stats.line())
    return 1 if failed else 0


if __name__ == '__main__':
    sys.exit(main())
