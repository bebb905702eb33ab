"""Reduced differential-tester cases as regression tests: each folder under CASES_DIR holds a
kernel (reduced.dpk), its launch (case.json: the `dpk run` command that reproduced it), its
inputs (in.NAME.npy) and the expected arrays (expected.NAME.npy). Each kernel runs once on the
device with `dpk run` and every array must equal the expected one (integers exactly, floats as
values: +0.0 == -0.0, NaN == NaN).

    replay_cases.py --dpk DPK [--device DEVICE] CASES_DIR
    replay_cases.py --dpk DPK --update CASES_DIR

Without --device the cases run on the first CUDA device `dpk devices` lists, and the run is
SKIPPED (exit 0) where there is none. --update makes expected.NAME.npy by running each kernel on
both CPU OpenCL drivers, which must agree.
"""
import argparse
import json
import os
import shlex
import subprocess
import sys
import tempfile

import numpy as np


def run_case(dpk, case_dir, device, out_dir):
    """Runs the case's kernel on `device`; returns {array name: output}."""
    with open(os.path.join(case_dir, 'case.json')) as f:
        words = shlex.split(json.load(f)['reproduce'])
    assert words[:2] == ['dpk', 'run'], words[:2]
    os.makedirs(out_dir, exist_ok=True)
    args, outputs = [], {}
    i = 2
    while i < len(words):
        w = words[i]
        if w == 'kernel.dpk':
            args.append('reduced.dpk')
        elif w == '--device':
            args += ['--device', device]
            i += 1
        elif w == '--out':
            name = words[i + 1].split('=', 1)[0]
            outputs[name] = os.path.join(out_dir, name + '.npy')
            args += ['--out', '%s=%s' % (name, outputs[name])]
            i += 1
        else:
            args.append(w)
        i += 1
    r = subprocess.run([dpk, 'run'] + args, cwd=case_dir, capture_output=True, text=True,
                       timeout=300)
    if r.returncode != 0:
        raise RuntimeError('dpk run failed (%d): %s' % (r.returncode,
                                                        (r.stderr or r.stdout).strip()[-600:]))
    return {name: np.load(path) for name, path in outputs.items()}


def differences(expected, actual):
    if expected.shape != actual.shape or expected.dtype != actual.dtype:
        return 'shape/dtype %s %s, expected %s %s' % (actual.shape, actual.dtype, expected.shape,
                                                      expected.dtype)
    same = expected == actual
    if expected.dtype.kind == 'f':
        same |= np.isnan(expected) & np.isnan(actual)
    bad = np.nonzero(~same)[0]
    if len(bad) == 0:
        return None
    return '%d of %d differ, first at %s: expected %s, got %s' % (
        len(bad), len(same), list(bad[:6]), list(expected[bad[:6]]), list(actual[bad[:6]]))


def cuda_device(dpk):
    """The first CUDA device `dpk devices` lists, or None."""
    sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '..',
                                    'tools', 'difftest'))
    from difftest import list_devices  # the tester's own reading of `dpk devices`
    return next((d for d in list_devices(dpk) if d.startswith('cuda:')), None)


def main():
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument('cases')
    ap.add_argument('--dpk', required=True)
    ap.add_argument('--device')
    ap.add_argument('--update', action='store_true')
    args = ap.parse_args()
    args.dpk = os.path.abspath(args.dpk)
    cases = sorted(os.path.join(args.cases, d) for d in os.listdir(args.cases)
                   if os.path.isfile(os.path.join(args.cases, d, 'case.json')))
    if not cases:
        print('replay_cases: no cases in %s' % args.cases)
        return 1
    failed = 0
    with tempfile.TemporaryDirectory() as tmp:
        if args.update:
            for case in cases:
                a = run_case(args.dpk, case, 'opencl:cpu:0', os.path.join(tmp, 'a'))
                b = run_case(args.dpk, case, 'opencl:cpu:1', os.path.join(tmp, 'b'))
                for name in a:
                    d = differences(a[name], b[name])
                    if d:
                        print('%s: %s: the CPU drivers disagree: %s' % (case, name, d))
                        return 1
                    np.save(os.path.join(case, 'expected.%s.npy' % name), a[name])
                print('%s: expected arrays written' % case)
            return 0
        device = args.device or cuda_device(args.dpk)
        if not device:
            print('replay_cases: SKIPPED: no CUDA device (these cases were found on one; '
                  '--device runs them elsewhere)')
            return 0
        for case in cases:
            try:
                actual = run_case(args.dpk, case, device, os.path.join(tmp, os.path.basename(case)))
            except (RuntimeError, subprocess.TimeoutExpired) as e:
                print('FAIL %s on %s: %s' % (case, device, e))
                failed += 1
                continue
            problems = []
            for name, got in actual.items():
                d = differences(np.load(os.path.join(case, 'expected.%s.npy' % name)), got)
                if d:
                    problems.append('%s: %s' % (name, d))
            print('%s %s on %s%s' % ('FAIL' if problems else 'ok', case, device,
                                     ''.join('\n  ' + p for p in problems)))
            failed += bool(problems)
    print('replay_cases: %d of %d cases right on %s' % (len(cases) - failed, len(cases), device))
    return 1 if failed else 0


if __name__ == '__main__':
    sys.exit(main())
