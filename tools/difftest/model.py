"""The exact reference model: runs a generated module on the host with dpk's rules.

Integers wrap at their type's width; `/` truncates; x / 0 == x, x % 0 == 0, MIN / -1 == MIN,
MIN % -1 == 0; abs(MIN) == MIN; shift counts are taken modulo the width; float -> int casts
truncate, saturate, NaN -> 0; float min/max of a NaN give the other argument, of +0.0 and -0.0
either (a program that depends on which is not a valid test). f32, f64 and f16 use numpy
scalars (IEEE round-to-nearest per operation: the device program is compiled without fp
contraction; numpy's f16 operations compute in f32 and round once, which is f16's own rounding).
The work-items of a group run as Python generators that yield at each barrier, phase by phase;
local memory checks for races and uninitialized reads (a program that has one is not a valid
test)."""

import math

import numpy as np

from program import FLOATS, INTS, bits, is_signed, tmax, tmin

np.seterr(all='ignore')


class InvalidProgram(Exception):
    """The program's result is not defined (a race, an uninitialized read, divergent barriers,
    min/max of zeros of both signs)."""


def make_wrap(t):
    w = bits(t)
    mask = (1 << w) - 1
    if is_signed(t):
        half = 1 << (w - 1)
        return lambda x: ((x + half) & mask) - half
    return lambda x: x & mask


def int_to_f32(x):
    """The f32 nearest x (ties to even), in one rounding."""
    if x == 0:
        return np.float32(0.0)
    s = -1 if x < 0 else 1
    m = abs(x)
    e = m.bit_length()
    if e > 24:
        shift = e - 24
        q = m >> shift
        rem = m - (q << shift)
        half = 1 << (shift - 1)
        if rem > half or (rem == half and q & 1):
            q += 1
        m = q << shift
    return np.float32(s * float(m))


def float_to_int(x, t):
    if math.isnan(x):
        return 0
    if math.isinf(x):
        return tmax(t) if x > 0 else tmin(t)
    v = math.trunc(float(x))
    return max(tmin(t), min(tmax(t), v))


def zeros_of_both_signs(a, b):
    """min/max of +0.0 and -0.0 may give either (IEEE 754 minNum/maxNum; devices differ)."""
    if a == 0 and b == 0 and math.copysign(1.0, a) != math.copysign(1.0, b):
        raise InvalidProgram('min/max of +0.0 and -0.0 (either may be returned)')


def fmin(a, b):
    if a != a:
        return b
    if b != b:
        return a
    zeros_of_both_signs(a, b)
    return b if b < a else a


def fmax(a, b):
    if a != a:
        return b
    if b != b:
        return a
    zeros_of_both_signs(a, b)
    return b if b > a else a


def helpers():
    """The functions the emitted Python calls: u_OP_T, b_OP_T, c_FN_T, cast_S_T, atomic_OP_T."""
    h = {'F32': np.float32, 'F64': np.float64, 'F16': np.float16,
         'isnan_': lambda x: bool(x != x)}
    for t in INTS:
        wrap = make_wrap(t)
        w = bits(t)
        lo = tmin(t)

        def div(a, b, wrap=wrap, lo=lo):
            if b == 0:
                return a
            if a == lo and b == -1:
                return lo
            q = abs(a) // abs(b)
            return wrap(q if (a < 0) == (b < 0) else -q)

        def rem(a, b, lo=lo):
            if b == 0:
                return 0
            if a == lo and b == -1:
                return 0
            r = abs(a) % abs(b)
            return -r if a < 0 else r

        h.update({
            'u_neg_' + t: lambda a, wrap=wrap: wrap(-a),
            'u_not_' + t: lambda a, wrap=wrap: wrap(~a),
            'b_add_' + t: lambda a, b, wrap=wrap: wrap(a + b),
            'b_sub_' + t: lambda a, b, wrap=wrap: wrap(a - b),
            'b_mul_' + t: lambda a, b, wrap=wrap: wrap(a * b),
            'b_div_' + t: div,
            'b_rem_' + t: rem,
            'b_and_' + t: lambda a, b: a & b,
            'b_or_' + t: lambda a, b: a | b,
            'b_xor_' + t: lambda a, b: a ^ b,
            'b_shl_' + t: lambda a, b, wrap=wrap, w=w: wrap(a << (b % w)),
            'b_shr_' + t: lambda a, b, w=w: a >> (b % w),
            'c_abs_' + t: lambda a, wrap=wrap: wrap(abs(a)),
            'c_min_' + t: min,
            'c_max_' + t: max,
            'c_clamp_' + t: lambda x, a, b: min(max(x, a), b),
        })
        for s in INTS:
            h['cast_%s_%s' % (s, t)] = wrap
        h['cast_bool_' + t] = lambda a: 1 if a else 0
        h['cast_%s_f32' % t] = int_to_f32
        h['cast_%s_f64' % t] = lambda a: np.float64(float(a))
        # Exact in a double below 2^53; from 65520 on infinite either way.
        h['cast_%s_f16' % t] = lambda a: np.float16(float(a))
        for f in FLOATS:
            h['cast_%s_%s' % (f, t)] = lambda a, t=t: float_to_int(a, t)
        h['cast_%s_bool' % t] = lambda a: a != 0

        def atom(op, wrap=wrap):
            def f(M, arr, i, *args):
                a = M[arr]
                old = a[i]
                if op == 'add':
                    a[i] = wrap(old + args[0])
                elif op == 'sub':
                    a[i] = wrap(old - args[0])
                elif op == 'inc':
                    a[i] = wrap(old + 1)
                elif op == 'dec':
                    a[i] = wrap(old - 1)
                elif op == 'min':
                    a[i] = min(old, args[0])
                elif op == 'max':
                    a[i] = max(old, args[0])
                elif op == 'and':
                    a[i] = old & args[0]
                elif op == 'or':
                    a[i] = old | args[0]
                elif op == 'xor':
                    a[i] = old ^ args[0]
                elif op == 'xchg':
                    a[i] = args[0]
                elif op == 'cas':
                    if old == args[0]:
                        a[i] = args[1]
                return old
            return f

        for op in ['add', 'sub', 'inc', 'dec', 'min', 'max', 'and', 'or', 'xor', 'xchg', 'cas']:
            h['atomic_%s_%s' % (op, t)] = atom(op)
    for t in FLOATS:
        c = {'f32': np.float32, 'f64': np.float64, 'f16': np.float16}[t]
        h.update({
            'u_neg_' + t: lambda a: -a,
            'b_add_' + t: lambda a, b: a + b,
            'b_sub_' + t: lambda a, b: a - b,
            'b_mul_' + t: lambda a, b: a * b,
            'b_div_' + t: lambda a, b: a / b,
            'b_rem_' + t: lambda a, b, c=c: c(np.fmod(a, b)),
            'c_abs_' + t: lambda a: abs(a),
            'c_min_' + t: fmin,
            'c_max_' + t: fmax,
            'c_clamp_' + t: lambda x, a, b: fmin(fmax(x, a), b),
            'cast_bool_' + t: lambda a, c=c: c(1.0 if a else 0.0),
            'cast_%s_bool' % t: lambda a: bool(a != 0),
        })
    h['cast_f32_f64'] = h['cast_f16_f64'] = np.float64
    h['cast_f64_f32'] = h['cast_f16_f32'] = np.float32
    h['cast_f32_f16'] = h['cast_f64_f16'] = np.float16  # numpy rounds either once
    h['cast_f32_f32'] = h['cast_f64_f64'] = h['cast_f16_f16'] = lambda a: a
    h['cast_bool_bool'] = lambda a: a
    h['prd'] = private_read
    return h


def private_read(arr, i):
    v = arr[i]
    if v is None:
        raise InvalidProgram('uninitialized private_array read')
    return v


class LocalArray:
    """A work-group array that records, per slot, the phase and work-item of the last write and
    the readers in that phase, and raises InvalidProgram on a race or an uninitialized read."""

    def __init__(self, n, phases):
        self.vals = [None] * n
        self.writer = [None] * n  # (lid, phase)
        self.readers = [dict() for _ in range(n)]  # lid -> phase
        self.phases = phases

    def rd(self, lid, i):
        ph = self.phases[lid]
        w = self.writer[i]
        if w is None:
            raise InvalidProgram('uninitialized local_array read')
        if w[1] == ph and w[0] != lid:
            raise InvalidProgram('local_array race (read after another work-item\'s write)')
        self.readers[i][lid] = ph
        return self.vals[i]

    def wr(self, lid, i, v):
        ph = self.phases[lid]
        w = self.writer[i]
        if w is not None and w[1] == ph and w[0] != lid:
            raise InvalidProgram('local_array race (two writers)')
        for r, p in self.readers[i].items():
            if r != lid and p == ph:
                raise InvalidProgram('local_array race (write after another work-item\'s read)')
        self.writer[i] = (lid, ph)
        self.vals[i] = v


    def copy(self, lid, start, values):
        """async_copy into this array: every work-item of the group runs it with the same
        arguments and writes the same values (a collective, not a race); reading them before
        wait_copies (the next phase) is one."""
        ph = self.phases[lid]
        for k, v in enumerate(values):
            i = start + k
            w = self.writer[i]
            if w is not None and w[1] == ph and w[0] != -1:
                raise InvalidProgram('local_array race (async_copy over a write)')
            if any(p == ph for p in self.readers[i].values()):
                raise InvalidProgram('local_array race (async_copy over a read)')
            self.writer[i] = (-1, ph)
            self.vals[i] = v


class GroupLocals:
    def __init__(self, phases):
        self.arrays = {}
        self.phases = phases

    def get(self, name, n):
        if name not in self.arrays:
            self.arrays[name] = LocalArray(n, self.phases)
        return self.arrays[name]


def to_model(arr, ty):
    if ty in FLOATS:
        return list(arr)
    return [int(v) for v in arr.tolist()]


def compile_module(py_source):
    ns = helpers()
    exec(compile(py_source, '<model>', 'exec'), ns)
    return ns


def run_kernel(ns, kernel, step_limit=2000000):
    """Runs `kernel` on its inputs; returns {array param name: numpy array}."""
    M = {}
    scalars = []
    for p in kernel.params:
        v = kernel.inputs[p.name]
        if p.array:
            M[p.name] = to_model(v, p.ty)
        else:
            scalars.append(int(v))
    fn = ns[kernel.name]
    L, G = kernel.local, kernel.global_size
    for g in range(kernel.groups):
        phases = [0] * L
        loc = GroupLocals(phases)
        gens = [fn(M, loc, g * L + l, l, g, L, G, *scalars) for l in range(L)]
        alive = [True] * L
        while any(alive):
            done = 0
            for l in range(L):
                if not alive[l]:
                    continue
                try:
                    next(gens[l])
                    phases[l] += 1
                except StopIteration:
                    alive[l] = False
                    done += 1
            if done and any(alive):
                raise InvalidProgram('work-items of a group reached different barriers')
    out = {}
    from generate import dtype_name
    for p in kernel.params:
        if p.array:
            with np.errstate(all='ignore'):
                out[p.name] = np.array(M[p.name], dtype=np.dtype(dtype_name(p.ty)))
    return out
