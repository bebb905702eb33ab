"""Random, well-typed dpk programs from a seed (deterministic): see tools/difftest/README.md.

Feature classes can be left out (`features`), so a run on a build with known issues separates
them from new ones."""

import random

import numpy as np

from program import (FLOATS, INTS, ArrayDecl, Assign, AsyncCopy, Atomic, Barrier, Bin, Builtin,
                     Call, Cast, For, Func, If, Index, Jump, Kernel, Let, Lit, Module, Param, Read,
                     Store, Un, Var, WaitCopies, While, bits, is_int, is_signed, tmax, tmin)

# Every feature class; --no-NAME leaves one out.
FEATURES = {
    'div-edge': 'integer / and % by 0 and MIN / -1 (else divisors are never 0 or -1)',
    'shift-edge': 'shift counts outside 0 .. width-1 (else counts are masked)',
    'abs-edge': 'abs(MIN) (else abs never sees MIN)',
    'fconv-edge': 'float -> int casts of NaN and out-of-range values (else clamped first)',
    'float': 'f32 and f64 values at all',
    'f16': 'f16 values (with float; each operation rounded to f16)',
    'fdiv64': 'f64 division (correctly rounded in OpenCL and PTX)',
    'fmod': 'float %',
    'float-special': 'NaN, infinities and subnormals in float inputs',
    'loops': 'for and while loops',
    'jumps': 'break and continue',
    'barrier': 'local_array with barrier(local)',
    'copies': 'async_copy of an input into a local_array, wait_copies (with barrier)',
    'atomics': 'integer atomics on global arrays',
    'funcs': 'typed and generic device functions',
    'private': 'private_array',
}

IN_LEN = 64  # input arrays: indices are masked with IN_LEN - 1
SHARED_ATOMIC_LEN = 8
# Atomic ops on shared slots, by family (one family per array: their results commute).
ATOMIC_FAMILIES = [['add', 'sub', 'inc', 'dec'], ['min'], ['max'], ['and'], ['or'], ['xor']]
LOCAL_SIZES = [1, 2, 3, 4, 5, 7, 8, 13, 16, 17, 32, 64]
ATOMIC_TYPES = ['i32', 'u32', 'i64', 'u64']


def int_edges(t):
    lo, hi, w = tmin(t), tmax(t), bits(t)
    vals = [0, 1, 2, 3, hi, hi - 1, lo, lo + 1, w - 1, w, w + 1, 2 * w, hi // 2, (hi // 2) + 1]
    if is_signed(t):
        vals += [-1, -2, -w, -(w - 1), -(w + 1)]
    return [v for v in vals if lo <= v <= hi]


def f32(v):
    return np.float32(v)


def float_type(t):
    """The numpy scalar type of float type t."""
    return {'f32': np.float32, 'f64': np.float64, 'f16': np.float16}[t]


def float_edges(t, special):
    vals = [0.0, -0.0, 1.0, -1.0, 0.5, -0.5, 1.5, 2.5, -2.5, 3.0, 0.1, 1e10, -1e10, 127.5, -128.5,
            255.9, 65535.5, 2147483647.0, 2147483648.0, -2147483649.0, 4294967296.0,
            9.2233720368547758e18, -9.3e18, 1.8446744073709552e19, 3.4e38, -3.4e38, 1e-30,
            123456.789, 16777217.0, 0.75]
    if special:
        vals += [float('nan'), float('inf'), float('-inf'), 1e-40, -1e-45, 5e-324 if t == 'f64'
                 else 1.4e-45]
    cast = float_type(t)
    with np.errstate(all='ignore'):
        out = [cast(v) for v in vals]
    # f16 holds none of the large values: only the special inputs may be infinite.
    return out if special else [v for v in out if np.isfinite(v)]


class Scope:
    def __init__(self):
        self.frames = [{}]

    def push(self):
        self.frames.append({})

    def pop(self):
        self.frames.pop()

    def add(self, name, ty, mutable=False, uniform=False):
        self.frames[-1][name] = (ty, mutable, uniform)

    def vars(self, ty=None, mutable=None, uniform=None):
        out = []
        for f in self.frames:
            for n, (t, m, u) in f.items():
                if (ty is None or t == ty) and (mutable is None or m == mutable) and \
                        (uniform is None or u == uniform):
                    out.append((n, t))
        return out


class Generator:
    def __init__(self, seed, features, kernels=40):
        self.rng = random.Random(seed)
        self.seed = seed
        self.f = set(features)
        self.nkernels = kernels
        self.counter = 0
        floats = [t for t in FLOATS if t != 'f16' or 'f16' in self.f]
        self.types = INTS + (floats if 'float' in self.f else [])

    def fresh(self, prefix):
        self.counter += 1
        return '%s%d' % (prefix, self.counter)

    def chance(self, p):
        return self.rng.random() < p

    # ------------------------------------------------------------------ expressions

    def literal(self, t):
        r = self.rng
        if t == 'bool':
            return Lit('bool', r.random() < 0.5)
        if is_int(t):
            if r.random() < 0.6:
                return Lit(t, r.choice(int_edges(t)))
            if r.random() < 0.5:
                return Lit(t, r.randint(max(tmin(t), -100), min(tmax(t), 100)))
            return Lit(t, r.randint(tmin(t), tmax(t)))
        vals = [v for v in float_edges(t, False) if np.isfinite(v)]
        if r.random() < 0.6:
            return Lit(t, r.choice(vals))
        v = r.uniform(-1000, 1000)
        return Lit(t, float_type(t)(v))

    def leaf(self, t):
        r = self.rng
        opts = []
        vs = self.scope.vars(t)
        if vs:
            opts += [('var', 8)]
        arrs = [p for p in self.readable if p[1] == t]
        if arrs:
            opts += [('read', 4)]
        if t == 'i64' and not self.in_func:
            opts += [('builtin', 2)]
        opts += [('lit', 2)]
        if t != 'bool':
            opts += [('castvar', 3), ('castread', 2)]
        kind = weighted(r, opts)
        if kind == 'var':
            n, _ = r.choice(vs)
            return Var(t, n)
        if kind == 'read':
            name, _, kindarr, n = r.choice(arrs)
            return Read(t, name, self.index(kindarr, n), kindarr)
        if kind == 'builtin':
            return Builtin(r.choice(['global_id', 'local_id', 'global_id', 'group_id',
                                     'local_size']))
        if kind == 'castread' and self.readable:
            name, at, kindarr, n = r.choice(self.readable)
            return self.cast(t, Read(at, name, self.index(kindarr, n), kindarr))
        if kind == 'castvar':
            others = [v for v in self.scope.vars() if v[1] != t and v[1] in self.types]
            if others:
                n, ot = r.choice(others)
                return self.cast(t, Var(ot, n))
        return self.literal(t)

    def index(self, kind, n):
        """An in-bounds index into an array of n elements."""
        r = self.rng
        gid = Builtin('local_id' if kind == 'local' else 'global_id')
        if n & (n - 1) == 0:
            if self.chance(0.5) and not self.in_func:
                e = Bin('i64', 'add', gid, Lit('i64', r.randint(0, 7)))
            else:
                e = self.expr(r.choice(INTS), 1)
            return guard(Index(e, mask=n - 1), [0])
        # not a power of two: u64(e) % n
        if kind == 'local' and self.chance(0.5):
            return guard(Bin('i64', 'rem', Bin('i64', 'add', gid, Lit('i64', r.randint(0, n))),
                             Lit('i64', n)), [0])
        return guard(Bin('u64', 'rem', self.cast('u64', self.expr(r.choice(INTS), 1)),
                         Lit('u64', n)), [0])

    def cast(self, t, e):
        if e.ty == t:
            return e
        if is_int(t) and e.ty in FLOATS and 'fconv-edge' not in self.f:
            lo, hi = safe_float_range(t, e.ty)
            c = Call(e.ty, 'clamp', [e, Lit(e.ty, lo), Lit(e.ty, hi)])
            e = guard(Call(e.ty, 'select', [Call('bool', 'isnan', [e]), Lit(e.ty, 0.0), c]), [])
        return Cast(t, e)

    def expr(self, t, d):
        r = self.rng
        if d <= 0 or r.random() < 0.2:
            return self.leaf(t)
        if t == 'bool':
            k = weighted(r, [('cmp', 6), ('logic', 2), ('not', 1), ('boolcast', 1)])
            if k == 'cmp':
                ct = r.choice(self.types)
                return Bin('bool', r.choice(['lt', 'le', 'gt', 'ge', 'eq', 'ne']),
                           self.expr(ct, d - 1), self.expr(ct, d - 1))
            if k == 'logic':
                return Bin('bool', r.choice(['land', 'lor']), self.expr('bool', d - 1),
                           self.expr('bool', d - 1))
            if k == 'not':
                return Un('bool', 'lnot', self.expr('bool', d - 1))
            return Cast('bool', self.expr(r.choice(self.types), d - 1))
        opts = [('arith', 6), ('unary', 2), ('minmax', 2), ('select', 2), ('cast', 2)]
        if is_int(t):
            opts += [('div', 2), ('bit', 3), ('shift', 3)]
        else:
            if t == 'f64' and 'fdiv64' in self.f:
                opts += [('fdiv', 1)]
            if 'fmod' in self.f:
                opts += [('fmod', 1)]
        funcs = [f for f in self.funcs if self.callable(f, t)]
        if funcs and not self.in_func:
            opts += [('call', 2)]
        k = weighted(r, opts)
        sub = lambda: self.expr(t, d - 1)  # noqa: E731
        if k == 'arith':
            return Bin(t, r.choice(['add', 'sub', 'mul']), sub(), sub())
        if k == 'bit':
            return Bin(t, r.choice(['and', 'or', 'xor']), sub(), sub())
        if k == 'shift':
            count = sub()
            # A constant count outside 0 .. width-1 is a compile error: mask those.
            if 'shift-edge' not in self.f or is_const(count):
                count = guard(Bin(t, 'and', count, Lit(t, bits(t) - 1)), [0])
            return Bin(t, r.choice(['shl', 'shr']), sub(), count)
        if k == 'div':
            a = sub()
            dv = self.leaf(t) if 'div-edge' not in self.f else sub()
            if 'div-edge' not in self.f:
                bad = Bin('bool', 'eq', dv, Lit(t, 0))
                if is_signed(t):
                    bad = Bin('bool', 'lor', bad, Bin('bool', 'eq', dv, Lit(t, -1)))
                dv = guard(Call(t, 'select', [bad, Lit(t, 3), dv]), [])
            return Bin(t, r.choice(['div', 'rem']), a, dv)
        if k == 'fdiv':
            return Bin(t, 'div', sub(), sub())
        if k == 'fmod':
            return Bin(t, 'rem', sub(), sub())
        if k == 'unary':
            if is_int(t):
                op = r.choice(['neg', 'not', 'abs'] if is_signed(t) else ['not', 'abs'])
            else:
                op = r.choice(['neg', 'abs'])
            if op == 'abs':
                e = sub()
                if is_int(t) and is_signed(t) and 'abs-edge' not in self.f:
                    e = guard(Call(t, 'max', [e, Lit(t, tmin(t) + 1)]), [0])
                return Call(t, 'abs', [e])
            return Un(t, op, sub())
        if k == 'minmax':
            fn = r.choice(['min', 'max', 'clamp'])
            if fn == 'clamp':
                lo, hi = sorted([self.literal(t), self.literal(t)], key=lambda l: float(l.val))
                return Call(t, 'clamp', [sub(), lo, hi])
            return Call(t, fn, [sub(), sub()])
        if k == 'select':
            return Call(t, 'select', [self.expr('bool', d - 1), sub(), sub()])
        if k == 'cast':
            return self.cast(t, self.expr(r.choice(self.types), d - 1))
        if k == 'call':
            f = r.choice(funcs)
            if f.generic:
                return Call(t, f.name, [sub(), sub()], builtin=False)
            return Call(t, f.name, [self.expr(pt, d - 1) for _, pt in f.params], builtin=False)
        raise AssertionError(k)

    def callable(self, f, t):
        if f.generic:
            return t in f.generic
        return f.ret == t

    def uexpr(self, t):
        """A uniform i32/i64 value in 0..3: from a scalar parameter or a literal."""
        us = self.scope.vars(t, uniform=True)
        if us and self.chance(0.7):
            n, _ = self.rng.choice(us)
            return guard(Bin(t, 'and', Var(t, n), Lit(t, 3)), [])
        return guard(Lit(t, self.rng.randint(0, 3)), [])

    # ------------------------------------------------------------------ statements

    def block(self, n, d):
        self.scope.push()
        readable = list(self.readable)
        out = []
        for _ in range(n):
            out += self.stmt(d)
        self.scope.pop()
        self.readable = readable
        return out

    def stmt(self, d):
        r = self.rng
        opts = [('let', 6), ('assign', 4)]
        if not self.in_func:
            opts += [('store', 3)]
        if d > 0:
            opts += [('if', 3)]
            if 'loops' in self.f:
                opts += [('for', 2), ('while', 1)]
        if self.loop_jumps and 'jumps' in self.f:
            opts += [('jump', 1)]
        if self.in_func and d < 2:
            opts += [('return', 1)]
        if not self.in_func and self.uniform and 'barrier' in self.f and d > 0:
            opts += [('barrier', 4), ('uloop', 2)]
            if 'copies' in self.f:
                opts += [('copy', 2)]
        if not self.in_func and 'atomics' in self.f and self.atomics:
            opts += [('atomic', 2)]
        if 'private' in self.f and d > 0:
            opts += [('private', 1)]
        k = weighted(r, opts)
        if k == 'let':
            t = r.choice(self.types)
            name = self.fresh('v')
            mutable = self.chance(0.4)
            s = Let(name, t, self.expr(t, 3), mutable=mutable)
            self.scope.add(name, t, mutable)
            return [s]
        if k == 'assign':
            vs = self.scope.vars(mutable=True)
            if not vs:
                return self.stmt(0) if d > 0 else []
            n, t = r.choice(vs)
            if self.chance(0.4):
                return [Assign(n, t, None, self.expr(t, 3))]
            e = self.expr(t, 2)
            ops = ['add', 'sub', 'mul']
            if is_int(t):
                ops += ['and', 'or', 'xor']
                if 'shift-edge' in self.f:
                    ops += ['shl', 'shr']
                if 'div-edge' in self.f:
                    ops += ['div', 'rem']
            return [Assign(n, t, r.choice(ops), e)]
        if k == 'store':
            return [self.store()]
        if k == 'if':
            c = self.expr('bool', 2)
            saved = self.uniform
            self.uniform = False
            then = self.block(r.randint(1, 3), d - 1)
            other = self.block(r.randint(1, 3), d - 1) if self.chance(0.5) else None
            self.uniform = saved
            return [If(c, then, other)]
        if k in ('for', 'while'):
            saved = (self.uniform, self.loop_jumps)
            self.uniform, self.loop_jumps = False, True
            if k == 'for':
                t = r.choice(['i32', 'i64'])
                step = r.choice([1, 1, 2, 3, -1, -2])
                a = guard(Bin(t, 'and', self.expr(t, 1), Lit(t, 7)), [0])
                b = guard(Bin(t, 'and', self.expr(t, 1), Lit(t, 15)), [0])
                if step < 0:
                    a, b = b, a
                v = self.fresh('k')
                self.scope.push()
                self.scope.add(v, t)
                body = self.block(r.randint(1, 4), d - 1)
                self.scope.pop()
                s = For(v, t, a, b, Lit(t, step), body)
            else:
                c = self.fresh('c')
                lim = guard(Bin('i32', 'and', self.expr('i32', 1), Lit('i32', 7)), [0])
                cond = self.expr('bool', 1) if self.chance(0.3) else Lit('bool', True)
                self.scope.push()
                self.scope.add(c, 'i32')
                body = self.block(r.randint(1, 4), d - 1)
                self.scope.pop()
                s = While(c, lim, cond, body)
            self.uniform, self.loop_jumps = saved
            return [s]
        if k == 'jump':
            saved = self.uniform
            self.uniform = False
            j = Jump(r.choice(['break', 'continue']))
            self.uniform = saved
            return [If(self.expr('bool', 2), [j])]
        if k == 'return':
            t = self.ret
            return [If(self.expr('bool', 2), [Jump('return', self.expr(t, 2))])]
        if k == 'barrier':
            return self.barrier_block(d)
        if k == 'copy':
            return self.copy_block(d)
        if k == 'uloop':
            saved = self.loop_jumps
            self.loop_jumps = False  # a break here would make the rest of the loop varying
            t = r.choice(['i32', 'i64'])
            v = self.fresh('t')
            self.scope.push()
            self.scope.add(v, t, uniform=True)
            self.in_uloop += 1
            body = self.barrier_block(d) + self.block(r.randint(0, 2), d - 1)
            self.in_uloop -= 1
            self.scope.pop()
            self.loop_jumps = saved
            return [For(v, t, Lit(t, 0), self.uexpr(t), Lit(t, 1), body)]
        if k == 'atomic':
            return [self.atomic()]
        if k == 'private':
            return self.private_block(d)
        raise AssertionError(k)

    def store(self):
        p = self.rng.choice(self.outs)
        j = self.rng.randrange(self.slots)
        idx = Bin('i64', 'add', Bin('i64', 'mul', Builtin('global_id'), Lit('i64', self.slots)),
                  Lit('i64', j))
        return Store(p.name, idx, self.expr(p.ty, 3))

    def barrier_block(self, d):
        """Every work-item writes its slot, barrier, reads (its own or others'), barrier."""
        r = self.rng
        t = r.choice(self.types)
        name = self.fresh('l')
        L = self.local
        self.local_decls.append(ArrayDecl(name, t, L, 'local'))
        out = [Store(name, Builtin('local_id'), self.expr(t, 3), kind='local'),
               Barrier()]
        entry = (name, t, 'local', L)
        self.readable.append(entry)
        for _ in range(r.randint(1, 2)):
            v = self.fresh('v')
            out.append(Let(v, t, Read(t, name, self.index('local', L), 'local')))
            self.scope.add(v, t)
        saved = self.uniform
        out += self.block(r.randint(0, 3), d - 1)
        self.uniform = saved
        out.append(Barrier())
        if self.in_uloop:  # the next iteration writes it again
            self.readable.remove(entry)
        return out

    def copy_block(self, d):
        """async_copy of part of an input into a fresh local_array, wait_copies, reads of the
        copied elements, a barrier (a uniform loop copies again next iteration)."""
        r = self.rng
        ins = [p for p in self.readable if p[2] == 'global']
        name, t, _, n_in = r.choice(ins)
        n = r.choice([1, 2, 5, 8, 16])
        count = r.randint(1, n)
        start = r.randint(0, n_in - count)
        dst = self.fresh('l')
        self.local_decls.append(ArrayDecl(dst, t, n, 'local'))
        out = [AsyncCopy(dst, name, start, count), WaitCopies()]
        for _ in range(r.randint(1, 2)):
            v = self.fresh('v')
            idx = guard(Bin('u64', 'rem', self.cast('u64', self.expr(r.choice(INTS), 1)),
                            Lit('u64', count)), [0])
            out.append(Let(v, t, Read(t, dst, idx, 'local')))
            self.scope.add(v, t)
        saved = self.uniform
        out += self.block(r.randint(0, 2), d - 1)
        self.uniform = saved
        out.append(Barrier())
        return out

    def loop_then_barrier(self):
        """A value computed in a loop whose trip count differs between work-items, a barrier,
        then the value stored: a shape that work-group loop builders get wrong."""
        r = self.rng
        t = r.choice(self.types)
        acc = self.fresh('v')
        out = [Let(acc, t, self.expr(t, 2), mutable=True)]
        self.scope.add(acc, t, True)
        k = self.fresh('k')
        lt = r.choice(['i32', 'i64'])
        hi = guard(Bin(lt, 'and', Bin(lt, 'add', Cast(lt, Builtin('local_id')),
                                     self.expr(lt, 1)), Lit(lt, 15)), [0])
        self.scope.push()
        self.scope.add(k, lt)
        saved = (self.uniform, self.loop_jumps)
        self.uniform, self.loop_jumps = False, True
        ops = ['add', 'sub', 'mul'] + (['xor', 'or'] if is_int(t) else [])
        body = [Assign(acc, t, r.choice(ops), self.cast(t, self.expr(lt, 2)))]
        body += self.block(r.randint(0, 2), 1)
        self.uniform, self.loop_jumps = saved
        self.scope.pop()
        out.append(For(k, lt, Lit(lt, 0), hi, Lit(lt, 1), body))
        out += self.barrier_block(1)
        out.append(self.store_value(Var(t, acc)))
        return out

    def store_value(self, e):
        p = self.rng.choice(self.outs)
        j = self.rng.randrange(self.slots)
        idx = Bin('i64', 'add', Bin('i64', 'mul', Builtin('global_id'), Lit('i64', self.slots)),
                  Lit('i64', j))
        return Store(p.name, idx, self.cast(p.ty, e))

    def private_block(self, d):
        r = self.rng
        t = r.choice(self.types)
        name = self.fresh('p')
        n = r.choice([4, 8])
        k = self.fresh('k')
        self.scope.push()
        self.scope.add(k, 'i64')
        init = [Store(name, Var('i64', k), self.expr(t, 2), kind='private')]
        self.scope.pop()
        out = [ArrayDecl(name, t, n, 'private'),
               For(k, 'i64', Lit('i64', 0), Lit('i64', n), Lit('i64', 1), init)]
        self.readable.append((name, t, 'private', n))
        self.private_arrays.append((name, t, n))
        return out

    def atomic(self):
        r = self.rng
        p = r.choice(self.atomics)
        if p.role == 'atomic':
            op = r.choice(p.family)
            idx = Index(self.expr(r.choice(INTS), 1), mask=SHARED_ATOMIC_LEN - 1)
            args = [] if op in ('inc', 'dec') else [self.expr(p.ty, 2)]
            return Atomic(op, p.name, p.ty, idx, args)
        # a slot of its own: any operation, the old value is deterministic
        op = r.choice(['add', 'sub', 'min', 'max', 'and', 'or', 'xor', 'xchg', 'cas', 'inc',
                       'dec'])
        args = {'inc': 0, 'dec': 0, 'cas': 2}.get(op, 1)
        res = self.fresh('v')
        s = Atomic(op, p.name, p.ty, Builtin('global_id'), [self.expr(p.ty, 2)
                                                           for _ in range(args)], result=res)
        self.scope.add(res, p.ty)
        return s

    # ------------------------------------------------------------------ items

    def func(self, i):
        r = self.rng
        self.in_func, self.uniform, self.loop_jumps = True, False, False
        self.readable, self.atomics, self.private_arrays = [], [], []
        self.scope = Scope()
        if self.chance(0.3):
            cls = INTS if self.chance(0.7) or 'float' not in self.f else FLOATS
            name = 'g%d' % i
            a, b = Var('T', 'a'), Var('T', 'b')
            lit = lambda: Lit('T', r.randint(0, 7) if cls is INTS else  # noqa: E731
                              float(r.choice([0.5, 1.0, 2.0, 3.0])), untyped=True)
            ops = ['add', 'sub', 'mul', 'and', 'or', 'xor'] if cls is INTS else ['add', 'sub',
                                                                                 'mul']
            t1 = Bin('T', r.choice(ops), Bin('T', r.choice(ops), a, b), lit())
            body = [Let('t', 'T', t1, annotate=False)]
            if cls is INTS and self.chance(0.5):
                body.append(Let('u', 'T', Bin('T', r.choice(['shl', 'shr']), Var('T', 't'),
                                              Lit('T', r.randint(0, 7), untyped=True)),
                                annotate=False))
            else:
                body.append(Let('u', 'T', Call('T', r.choice(['min', 'max']), [Var('T', 't'), b]),
                                annotate=False))
            body.append(If(Bin('bool', 'lt', a, b), [Jump('return', Var('T', 'u'))]))
            body.append(Jump('return', Bin('T', r.choice(ops), Var('T', 'u'), a)))
            return Func(name, [('a', None), ('b', None)], 'T', body, generic=list(cls))
        params = [('a%d' % j, r.choice(self.types)) for j in range(r.randint(1, 3))]
        ret = r.choice(self.types)
        self.ret = ret
        for n, t in params:
            self.scope.add(n, t)
        body = self.block(r.randint(1, 4), 2)
        body.append(Jump('return', self.expr(ret, 3)))
        return Func('f%d' % i, params, ret, body)

    def kernel(self, i):
        r = self.rng
        self.in_func, self.uniform, self.loop_jumps = False, True, False
        self.private_arrays = []
        self.in_uloop = 0
        self.local_decls = []  # local_array must be declared in the kernel's body
        self.scope = Scope()
        self.local = r.choice(LOCAL_SIZES)
        groups = r.choice([1, 1, 2, 3])
        self.slots = r.randint(1, 4)
        G = self.local * groups
        params, self.readable, self.outs, self.atomics = [], [], [], []
        for j in range(r.randint(1, 3)):
            p = Param('in%d' % j, r.choice(self.types), True, IN_LEN, 'in')
            params.append(p)
            self.readable.append((p.name, p.ty, 'global', IN_LEN))
        for j in range(r.randint(1, 2)):
            p = Param('s%d' % j, r.choice(['i32', 'i64', 'u32']), False, role='scalar')
            params.append(p)
            self.scope.add(p.name, p.ty, uniform=True)
        for j in range(r.randint(1, 3)):
            p = Param('out%d' % j, r.choice(self.types), True, G * self.slots, 'out')
            params.append(p)
            self.outs.append(p)
        if 'atomics' in self.f and self.chance(0.5):
            p = Param('at0', r.choice(ATOMIC_TYPES), True, SHARED_ATOMIC_LEN, 'atomic')
            p.family = r.choice(ATOMIC_FAMILIES)
            params.append(p)
            self.atomics.append(p)
            if self.chance(0.5):
                p = Param('as0', r.choice(ATOMIC_TYPES), True, G, 'slot')
                params.append(p)
                self.atomics.append(p)
        self.scope.push()
        body = []
        if 'barrier' in self.f and 'loops' in self.f and self.chance(0.4):
            body += self.loop_then_barrier()
        body += self.block(r.randint(4, 12), 3)
        self.scope.pop()
        body = self.local_decls + body
        # The last top-level values reach an output.
        top = [(s.name, s.ty) for s in body if isinstance(s, Let) and s.ty in self.types]
        top += [(s.result, s.ty) for s in body if isinstance(s, Atomic) and s.result]
        for n, t in top[-2 * self.slots:]:
            p = r.choice(self.outs)
            j = r.randrange(self.slots)
            idx = Bin('i64', 'add', Bin('i64', 'mul', Builtin('global_id'),
                                        Lit('i64', self.slots)), Lit('i64', j))
            body.append(Store(p.name, idx, self.cast(p.ty, Var(t, n))))
        uses_barrier = any('barrier' in line for line in Kernel('x', [], body, 1, 1, 1,
                                                                  False).dpk())
        k = Kernel('k%d_%d' % (self.seed, i), params, body, self.local, groups, self.slots,
                   uses_barrier)
        self.inputs(k)
        return k

    def inputs(self, k):
        r = self.rng
        special = 'float-special' in self.f
        for p in k.params:
            if not p.array:
                if self.chance(0.5):
                    k.inputs[p.name] = r.choice(int_edges(p.ty))
                else:
                    k.inputs[p.name] = r.randint(0, 9)
                continue
            vals = []
            for _ in range(p.length):
                if is_int(p.ty):
                    x = r.random()
                    if x < 0.5:
                        vals.append(r.choice(int_edges(p.ty)))
                    elif x < 0.75:
                        vals.append(r.randint(max(tmin(p.ty), -50), min(tmax(p.ty), 50)))
                    else:
                        vals.append(r.randint(tmin(p.ty), tmax(p.ty)))
                else:
                    if r.random() < 0.5:
                        vals.append(r.choice(float_edges(p.ty, special)))
                    else:
                        top = 2 if p.ty == 'f16' else 3  # f16's largest is 65504
                        vals.append(r.uniform(-100, 100) * 10 ** r.randint(-3, top))
            dt = np.dtype(dtype_name(p.ty))
            with np.errstate(all='ignore'):
                k.inputs[p.name] = np.array(vals, dtype=dt)

    def module(self):
        self.funcs = []
        if 'funcs' in self.f:
            for i in range(self.rng.randint(2, 5)):
                self.funcs.append(self.func(i))
        kernels = [self.kernel(i) for i in range(self.nkernels)]
        return Module(self.funcs, kernels)


def guard(e, payload):
    """Marks e as a guard (an index kept in bounds, a bounded trip count, a divisor kept from
    0, ...): the reducer never replaces it, and edits only the children listed in payload."""
    e.payload = payload
    return e


def is_const(e):
    """No variable, array read or work-item query in e: the compiler folds it."""
    if isinstance(e, (Var, Read, Builtin)):
        return False
    if isinstance(e, Call) and not e.builtin:
        return False
    return all(is_const(c) for c in e.children())


def dtype_name(t):
    return {'i8': 'int8', 'i16': 'int16', 'i32': 'int32', 'i64': 'int64', 'u8': 'uint8',
            'u16': 'uint16', 'u32': 'uint32', 'u64': 'uint64', 'f32': 'float32',
            'f64': 'float64', 'f16': 'float16'}[t]


def safe_float_range(t, source='f32'):
    """Float bounds inside int type t's range, exact in f32 (clamped values then convert); for
    an f16 source exact in f16 too (its largest is 65504, below 32768 it steps by 16)."""
    lo, hi = {'i8': (-128.0, 127.0), 'u8': (0.0, 255.0), 'i16': (-32768.0, 32767.0),
              'u16': (0.0, 65535.0), 'i32': (-2.0 ** 30, 2.0 ** 30), 'u32': (0.0, 2.0 ** 31),
              'i64': (-2.0 ** 62, 2.0 ** 62), 'u64': (0.0, 2.0 ** 63)}[t]
    if source == 'f16':
        lo, hi = max(lo, -65504.0), min(hi, 65504.0)
        if hi == 32767.0:  # i16: the f16 below it
            hi = 32752.0
    return lo, hi


def weighted(r, opts):
    total = sum(w for _, w in opts)
    x = r.random() * total
    for k, w in opts:
        x -= w
        if x < 0:
            return k
    return opts[-1][0]


def generate(seed, features, kernels=40):
    return Generator(seed, features, kernels).module()
