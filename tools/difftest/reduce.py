"""The reducer: shrinks the kernel of a failing case while it keeps failing the same way on the
same device and mode (tools/difftest/README.md, "Reducing a case").

Each round makes every one-edit variant of the kernel — a run of statements or a statement
deleted, an if/loop replaced by its body, an expression replaced by a same-typed child or by
0 / 1 — drops those the reference model rejects (a race, an uninitialized read) or dpkc rejects,
and runs the rest, smallest first, in batches of one module each. The first smallest variant
that still fails becomes the kernel of the next round. Guards (in-bounds indices, bounded trip counts, divisors kept from 0 when the
case was generated without div-edge, ...) are never edited away."""

import copy
import json
import os
import pickle
import shutil
import subprocess
import sys
import tempfile

import model
from program import (Atomic, Bin, Call, For, If, Jump, Lit, Module, Store, While, is_int,
                     tmin)

BATCH = 12


def stmt_sites(block):
    for i, s in enumerate(block):
        yield block, i
        for b in s.blocks():
            yield from stmt_sites(b)


def expr_sites(block):
    """(owner, child index, expr) for every editable expression; owner is a Stmt (set_expr) or
    an Expr (set_child)."""
    def walk(owner, i, e):
        if e.payload is None:
            yield owner, i, e
            kids = range(len(e.children()))
        else:
            kids = e.payload
        for j in kids:
            yield from walk(e, j, e.children()[j])

    for b, i in stmt_sites(block):
        s = b[i]
        for j, e in enumerate(s.exprs()):
            if isinstance(s, Store) and j == 0:
                continue  # the slot a work-item stores to
            if isinstance(s, Atomic) and j == 0 and e.payload is None:
                continue  # a slot of its own
            yield from walk(s, j, e)


def replace(owner, i, e):
    if hasattr(owner, 'set_expr') and not hasattr(owner, 'set_child'):
        owner.set_expr(i, e)
    else:
        owner.set_child(i, e)


def blocks(block):
    yield block
    for s in block:
        for b in s.blocks():
            yield from blocks(b)


def chunk_variants(kernel):
    """The kernel with a run of statements of one block deleted: halves, quarters, ... of the
    block (runs of two or more), so that a large kernel loses most of its body in a few rounds."""
    nblocks = sum(1 for _ in blocks(kernel.body))
    for n in range(nblocks):
        length = len(list(blocks(kernel.body))[n])
        run = length // 2
        while run >= 2:
            for start in range(0, length - run + 1, run):
                k = copy.deepcopy(kernel)
                del list(blocks(k.body))[n][start:start + run]
                yield k
            run //= 2


def variants(kernel):
    """Every one-edit variant of kernel (deep copies), runs of statements deleted first."""
    yield from chunk_variants(kernel)
    nstmt = sum(1 for _ in stmt_sites(kernel.body))
    for n in range(nstmt):
        k = copy.deepcopy(kernel)
        b, i = list(stmt_sites(k.body))[n]
        s = b[i]
        del b[i]
        yield k
        for inner in s.blocks():
            if isinstance(s, (For, While)) and any(isinstance(x, Jump) for x in inner):
                continue
            k = copy.deepcopy(kernel)
            b, i = list(stmt_sites(k.body))[n]
            b[i:i + 1] = copy.deepcopy(inner)
            yield k
        if isinstance(s, If) and s.other is not None:
            k = copy.deepcopy(kernel)
            b, i = list(stmt_sites(k.body))[n]
            b[i].other = None
            yield k
    nexpr = sum(1 for _ in expr_sites(kernel.body))
    for n in range(nexpr):
        _, _, e = list(expr_sites(kernel.body))[n]
        options = [j for j, c in enumerate(e.children()) if c.ty == e.ty]
        for j in options:
            k = copy.deepcopy(kernel)
            owner, i, ee = list(expr_sites(k.body))[n]
            replace(owner, i, ee.children()[j])
            yield k
        if e.ty == 'bool':
            lits = [Lit('bool', False), Lit('bool', True)]
        elif e.ty in ('T',):
            lits = []
        elif is_int(e.ty):
            lits = [Lit(e.ty, 0), Lit(e.ty, 1)]
        else:
            lits = [Lit(e.ty, 0.0), Lit(e.ty, 1.0)]
        if isinstance(e, Lit):
            lits = [l for l in lits if l.val != e.val and abs(float(e.val)) > abs(float(l.val))]
        for lit in lits:
            k = copy.deepcopy(kernel)
            owner, i, _ = list(expr_sites(k.body))[n]
            replace(owner, i, lit)
            yield k


def size(funcs, kernel):
    return len(Module(funcs, [kernel]).dpk())


def used_funcs(funcs, kernels):
    text = Module([], kernels).dpk()
    keep = []
    for f in funcs:
        if f.name + '(' in text or any(f.name + '(' in '\n'.join(g.dpk()) for g in keep):
            keep.append(f)
    return keep


def compiles(dpkc, funcs, kernel, work):
    path = os.path.join(work, 'one.dpk')
    with open(path, 'w') as f:
        f.write(Module(used_funcs(funcs, [kernel]), [kernel]).dpk())
    r = subprocess.run([dpkc, path, '-k', kernel.name, '--no-fp-contract', '-o', os.devnull],
                       capture_output=True, text=True)
    return r.returncode == 0


def still_fails(candidates, funcs, device, mode, kind, tools, work, log):
    """The candidates (already model-checked) that fail as the case did."""
    import difftest
    for n, k in enumerate(candidates):
        k.name = 'r%d' % n
    m = Module(used_funcs(funcs, candidates), candidates)
    d = tempfile.mkdtemp(dir=work)
    batch = difftest.Batch(m, d)
    res = difftest.run_runner(tools['runner'], device, mode == 'bounds', batch.manifest,
                              len(candidates), log)
    out = []
    for i, k in enumerate(candidates):
        status, _ = res.get(i, ('error', ''))
        if kind == 'mismatch':
            if status == 'ok' and difftest.check_kernel(k, batch, device, mode):
                out.append(k)
        elif status == kind:
            out.append(k)
    shutil.rmtree(d, ignore_errors=True)
    return out


def mark_guards(block):
    """Marks guard-shaped expressions (e & LITERAL, select(isnan(x), ...), the divisor guard
    select(d == 0 ..., 3, d), max(e, MIN + 1)) as guards, for cases written before guards were
    recorded."""
    def walk(e):
        for c in e.children():
            walk(c)
        if e.payload is not None:
            return
        if isinstance(e, Bin) and e.op == 'and' and isinstance(e.b, Lit):
            e.payload = [0]
        elif isinstance(e, Call) and e.fn == 'select' and (
                (isinstance(e.args[0], Call) and e.args[0].fn == 'isnan') or
                (isinstance(e.args[0], Bin) and e.args[0].op in ('eq', 'lor'))):
            e.payload = []
        elif isinstance(e, Call) and e.fn == 'max' and isinstance(e.args[1], Lit) and \
                is_int(e.ty) and e.args[1].val == tmin(e.ty) + 1:
            e.payload = [0]

    for b, i in stmt_sites(block):
        for e in b[i].exprs():
            walk(e)


def save(case_dir, funcs, kernel, name, device, mode, kind):
    """Writes the smallest failing kernel so far (under the case's kernel name) as
    reduced.dpk and reduced.pkl: a reduction stopped by a time limit keeps its progress."""
    kernel = copy.copy(kernel)
    kernel.name = name
    out = Module(used_funcs(funcs, [kernel]), [kernel])
    with open(os.path.join(case_dir, 'reduced.dpk'), 'w') as f:
        f.write(out.dpk())
    with open(os.path.join(case_dir, 'reduced.pkl'), 'wb') as f:
        pickle.dump((out.funcs, kernel, device, mode, kind), f)
    return out


def load_case(path):
    """(funcs, kernel, device, mode, kind) of a case.pkl / reduced.pkl, also one pickled by
    numpy 2 (the GPU machine) read with numpy 1 (numpy 2 renamed numpy.core to numpy._core)."""
    import numpy
    if not hasattr(numpy, '_core'):
        sys.modules.setdefault('numpy._core', numpy.core)
        sys.modules.setdefault('numpy._core.multiarray', numpy.core.multiarray)
    with open(path, 'rb') as f:
        return pickle.load(f)


def reduce_case(case_dir, tools, args):
    funcs, kernel, device, mode, kind = load_case(os.path.join(case_dir, 'case.pkl'))
    mark_guards(kernel.body)
    work = tempfile.mkdtemp(prefix='difftest-reduce-')
    log = open(os.path.join(work, 'runner.log'), 'w')
    name = kernel.name
    best = kernel
    print('reduce: %s on %s (%s), %s, %d characters' % (name, device, mode, kind,
                                                        size(funcs, best)), flush=True)
    rounds = 0
    while True:
        rounds += 1
        cands = []
        seen = set()
        for k in variants(best):
            text = Module([], [k]).dpk()
            if text in seen:
                continue
            seen.add(text)
            cands.append((size(funcs, k), k))
        cands.sort(key=lambda c: c[0])
        found = None
        batch = []
        tried = 0
        for sz, k in cands:
            if not compiles(tools['dpkc'], funcs, k, work):
                continue
            try:
                ns = model.compile_module(Module(funcs, [k]).py())
                k.expected = model.run_kernel(ns, k)
            except model.InvalidProgram:
                continue
            batch.append(k)
            if len(batch) == BATCH:
                tried += len(batch)
                hits = still_fails(batch, funcs, device, mode, kind, tools, work, log)
                batch = []
                if hits:
                    found = hits[0]
                    break
        if found is None and batch:
            tried += len(batch)
            hits = still_fails(batch, funcs, device, mode, kind, tools, work, log)
            if hits:
                found = hits[0]
        if found is None:
            break
        best = found
        print('  round %d: %d characters (%d variants run)' % (rounds, size(funcs, best), tried),
              flush=True)
        save(case_dir, funcs, best, name, device, mode, kind)
    out = save(case_dir, funcs, best, name, device, mode, kind)
    best = out.kernels[0]
    print('reduce: %s/reduced.dpk (%d characters):\n%s' % (case_dir, size(out.funcs, best),
                                                          out.dpk()))
    # the reduced kernel's expected and actual outputs, for the report
    try:
        ns = model.compile_module(out.py())
        best.expected = model.run_kernel(ns, best)
        import difftest
        d = tempfile.mkdtemp(dir=work)
        batch = difftest.Batch(out, d)
        difftest.run_runner(tools['runner'], device, mode == 'bounds', batch.manifest, 1, log)
        diffs = difftest.check_kernel(best, batch, device, mode) if kind == 'mismatch' else None
        info = {'inputs': {p.name: (best.inputs[p.name].tolist() if p.array else
                                    int(best.inputs[p.name])) for p in best.params},
                'global': best.global_size, 'local': best.local, 'differences': diffs}
        with open(os.path.join(case_dir, 'reduced.json'), 'w') as f:
            json.dump(info, f, indent=1, default=str)
        if diffs:
            print('\n'.join(diffs))
    except Exception as e:  # noqa: BLE001 - the report is best effort
        print('reduce: could not rerun the reduced kernel: %s' % e)
    log.close()
    shutil.rmtree(work, ignore_errors=True)
    return 0


def replay(case_dir, tools, on_device=None):
    """Runs the case's kernel (the reduced one when there is one) once in its mode, on its device
    or on `on_device`, and compares it with the model. Everything stays in CASE/replay: the module,
    inputs, outputs and the runner's log (with DPK_DIFFTEST_WRAP, also the wrapping tool's
    report)."""
    import difftest
    pkl = os.path.join(case_dir, 'reduced.pkl')
    if not os.path.exists(pkl):
        pkl = os.path.join(case_dir, 'case.pkl')
    funcs, kernel, device, mode, kind = load_case(pkl)
    device = on_device or device
    m = Module(used_funcs(funcs, [kernel]), [kernel])
    try:
        kernel.expected = model.run_kernel(model.compile_module(m.py()), kernel)
    except model.InvalidProgram as e:
        print('replay: %s is not a valid test (the model finds its result undefined: %s)' %
              (kernel.name, e))
        return 1
    d = os.path.join(case_dir, 'replay')
    shutil.rmtree(d, ignore_errors=True)
    os.makedirs(d)
    batch = difftest.Batch(m, d)
    with open(os.path.join(d, 'runner.log'), 'w') as log:
        res = difftest.run_runner(tools['runner'], device, mode == 'bounds', batch.manifest, 1,
                                  log)
    status, detail = res.get(0, ('error', 'no result'))
    print('replay: %s on %s (%s), %s: %s %s' % (kernel.name, device, mode, os.path.basename(pkl),
                                                status, detail))
    if status != 'ok':
        return 1
    diffs = difftest.check_kernel(kernel, batch, device, mode)
    print('\n'.join(diffs) if diffs else 'replay: every array matches the model')
    return 1 if diffs else 0
