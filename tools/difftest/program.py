"""The program representation of the differential tester: a small typed AST that prints as dpk
source and as Python (the reference model's code), and that the reducer edits.

Every expression carries its dpk type ('i8' ... 'u64', 'f32', 'f64', 'f16', 'bool', or 'T' inside a
generic device function, resolved when the function is emitted for one type)."""

INTS = ['i8', 'i16', 'i32', 'i64', 'u8', 'u16', 'u32', 'u64']
FLOATS = ['f32', 'f64', 'f16']


def bits(t):
    return int(t[1:])


def is_int(t):
    return t in INTS


def is_signed(t):
    return t[0] == 'i'


def tmin(t):
    return -(1 << (bits(t) - 1)) if is_signed(t) else 0


def tmax(t):
    return (1 << (bits(t) - 1)) - 1 if is_signed(t) else (1 << bits(t)) - 1


def float_text(v):
    """A dpk float literal body for the finite float `v` (exact in its type)."""
    s = repr(float(v))
    if 'e' not in s and '.' not in s:
        s += '.0'
    return s


# --------------------------------------------------------------------------- expressions

class Expr:
    ty = None
    payload = None  # a guard's editable children (generate.guard); None: not a guard

    def children(self):
        return []

    def set_child(self, i, e):
        raise IndexError(i)


class Lit(Expr):
    """A literal; `untyped` prints without a suffix (generic functions)."""

    def __init__(self, ty, val, untyped=False):
        self.ty, self.val, self.untyped = ty, val, untyped

    def dpk(self):
        if self.ty == 'bool':
            return 'true' if self.val else 'false'
        if is_int(self.ty) or (self.untyped and isinstance(self.val, int)):
            body = str(self.val)
            if self.untyped:
                return body
            if self.val == tmin(self.ty) and self.val < 0:
                # -MIN's magnitude does not fit the type: write MIN as (-MAX - 1).
                return '(-%d%s - 1%s)' % (tmax(self.ty), self.ty, self.ty)
            text = body + self.ty
            return '(%s)' % text if self.val < 0 else text
        text = float_text(self.val) + ('' if self.untyped else self.ty)
        return '(%s)' % text if float(self.val) < 0 or text.startswith('-') else text

    def py(self, sub):
        t = sub.get(self.ty, self.ty)
        if t == 'bool':
            return 'True' if self.val else 'False'
        if is_int(t):
            return str(int(self.val))
        return 'F%s(%r)' % (t[1:], float(self.val))


class Var(Expr):
    def __init__(self, ty, name):
        self.ty, self.name = ty, name

    def dpk(self):
        return self.name

    def py(self, sub):
        return self.name


class Read(Expr):
    """arr[idx]; `kind` is 'global', 'local' or 'private'. `mask` (or `mod`) keeps the index in
    bounds: printed as (idx & mask) / (idx % mod)."""

    def __init__(self, ty, arr, idx, kind='global'):
        self.ty, self.arr, self.idx, self.kind = ty, arr, idx, kind

    def children(self):
        return [self.idx]

    def set_child(self, i, e):
        self.idx = e

    def dpk(self):
        return '%s[%s]' % (self.arr, self.idx.dpk())

    def py(self, sub):
        if self.kind == 'local':
            return '%s.rd(lid, %s)' % (self.arr, self.idx.py(sub))
        if self.kind == 'private':
            return 'prd(%s, %s)' % (self.arr, self.idx.py(sub))
        return 'M[%r][%s]' % (self.arr, self.idx.py(sub))


class Index(Expr):
    """An in-bounds index: (e & mask) when `mask`, else ((i64(e) % n + n) % n)... kept simple:
    e is a non-negative i64 expression below n (gid-based) or masked."""

    def __init__(self, e, mask=None, ty='i64'):
        self.e, self.mask, self.ty = e, mask, ty

    def children(self):
        return [self.e]

    def set_child(self, i, e):
        self.e = e

    def dpk(self):
        if self.mask is None:
            return self.e.dpk()
        return '(%s & %d)' % (self.e.dpk(), self.mask)

    def py(self, sub):
        if self.mask is None:
            return self.e.py(sub)
        return '(%s & %d)' % (self.e.py(sub), self.mask)


UNARY_DPK = {'neg': '-', 'not': '~', 'lnot': '!'}
BIN_DPK = {'add': '+', 'sub': '-', 'mul': '*', 'div': '/', 'rem': '%', 'and': '&', 'or': '|',
           'xor': '^', 'shl': '<<', 'shr': '>>', 'lt': '<', 'le': '<=', 'gt': '>', 'ge': '>=',
           'eq': '==', 'ne': '!=', 'land': '&&', 'lor': '||'}
CMP = ('lt', 'le', 'gt', 'ge', 'eq', 'ne')


class Un(Expr):
    def __init__(self, ty, op, e):
        self.ty, self.op, self.e = ty, op, e

    def children(self):
        return [self.e]

    def set_child(self, i, e):
        self.e = e

    def dpk(self):
        return '(%s%s)' % (UNARY_DPK[self.op], self.e.dpk())

    def py(self, sub):
        t = sub.get(self.ty, self.ty)
        if self.op == 'lnot':
            return '(not %s)' % self.e.py(sub)
        return 'u_%s_%s(%s)' % (self.op, t, self.e.py(sub))


class Bin(Expr):
    def __init__(self, ty, op, a, b):
        self.ty, self.op, self.a, self.b = ty, op, a, b

    def children(self):
        return [self.a, self.b]

    def set_child(self, i, e):
        if i == 0:
            self.a = e
        else:
            self.b = e

    def dpk(self):
        return '(%s %s %s)' % (self.a.dpk(), BIN_DPK[self.op], self.b.dpk())

    def py(self, sub):
        if self.op == 'land':
            return '(%s and %s)' % (self.a.py(sub), self.b.py(sub))
        if self.op == 'lor':
            return '(%s or %s)' % (self.a.py(sub), self.b.py(sub))
        if self.op in CMP:
            op = BIN_DPK[self.op]
            return '(%s %s %s)' % (self.a.py(sub), op, self.b.py(sub))
        t = sub.get(self.ty, self.ty)
        return 'b_%s_%s(%s, %s)' % (self.op, t, self.a.py(sub), self.b.py(sub))


class Call(Expr):
    """A builtin (min max clamp abs select sqrt isnan) or a device function call."""

    def __init__(self, ty, fn, args, builtin=True):
        self.ty, self.fn, self.args, self.builtin = ty, fn, args, builtin

    def children(self):
        return list(self.args)

    def set_child(self, i, e):
        self.args[i] = e

    def dpk(self):
        return '%s(%s)' % (self.fn, ', '.join(a.dpk() for a in self.args))

    def py(self, sub):
        args = ', '.join(a.py(sub) for a in self.args)
        if self.fn == 'select':
            c, x, y = (a.py(sub) for a in self.args)
            return '(%s if %s else %s)' % (x, c, y)
        if self.builtin:
            t = sub.get(self.ty, self.ty)
            if self.fn == 'isnan':
                return 'isnan_(%s)' % args
            return 'c_%s_%s(%s)' % (self.fn, t, args)
        if self.fn.startswith('g'):  # generic: one Python function per argument type
            return '%s__%s(%s)' % (self.fn, sub.get(self.args[0].ty, self.args[0].ty), args)
        return '%s(%s)' % (self.fn, args)


class Cast(Expr):
    def __init__(self, ty, e):
        self.ty, self.e = ty, e

    def children(self):
        return [self.e]

    def set_child(self, i, e):
        self.e = e

    def dpk(self):
        return '%s(%s)' % (self.ty, self.e.dpk())

    def py(self, sub):
        return 'cast_%s_%s(%s)' % (sub.get(self.e.ty, self.e.ty), self.ty, self.e.py(sub))


class Builtin(Expr):
    """A work-item query (global_id(0) ...), i64."""

    def __init__(self, name):
        self.ty, self.name = 'i64', name

    def dpk(self):
        return '%s(0)' % self.name

    def py(self, sub):
        return {'global_id': 'gid', 'local_id': 'lid', 'group_id': 'grp',
                'local_size': 'LS', 'global_size': 'GS'}[self.name]


# --------------------------------------------------------------------------- statements

class Stmt:
    def blocks(self):
        """Nested statement lists (for the reducer)."""
        return []

    def exprs(self):
        return []

    def set_expr(self, i, e):
        raise IndexError(i)


class Let(Stmt):
    def __init__(self, name, ty, e, mutable=False, annotate=True):
        self.name, self.ty, self.e, self.mutable, self.annotate = name, ty, e, mutable, annotate

    def exprs(self):
        return [self.e]

    def set_expr(self, i, e):
        self.e = e

    def dpk(self, ind):
        kw = 'var' if self.mutable else 'let'
        ann = ': %s' % self.ty if self.annotate and self.ty != 'T' else ''
        return ['%s%s %s%s = %s;' % (ind, kw, self.name, ann, self.e.dpk())]

    def py(self, ind, sub):
        return ['%s%s = %s' % (ind, self.name, self.e.py(sub))]


class Assign(Stmt):
    """name = e, or name op= e (op a Bin op)."""

    def __init__(self, name, ty, op, e):
        self.name, self.ty, self.op, self.e = name, ty, op, e

    def exprs(self):
        return [self.e]

    def set_expr(self, i, e):
        self.e = e

    def dpk(self, ind):
        op = '=' if self.op is None else BIN_DPK[self.op] + '='
        return ['%s%s %s %s;' % (ind, self.name, op, self.e.dpk())]

    def py(self, ind, sub):
        if self.op is None:
            return ['%s%s = %s' % (ind, self.name, self.e.py(sub))]
        rhs = Bin(self.ty, self.op, Var(self.ty, self.name), self.e).py(sub)
        return ['%s%s = %s' % (ind, self.name, rhs)]


class Store(Stmt):
    def __init__(self, arr, idx, e, kind='global'):
        self.arr, self.idx, self.e, self.kind = arr, idx, e, kind

    def exprs(self):
        return [self.idx, self.e]

    def set_expr(self, i, e):
        if i == 0:
            self.idx = e
        else:
            self.e = e

    def dpk(self, ind):
        return ['%s%s[%s] = %s;' % (ind, self.arr, self.idx.dpk(), self.e.dpk())]

    def py(self, ind, sub):
        if self.kind == 'local':
            return ['%s%s.wr(lid, %s, %s)' % (ind, self.arr, self.idx.py(sub), self.e.py(sub))]
        if self.kind == 'private':
            return ['%s%s[%s] = %s' % (ind, self.arr, self.idx.py(sub), self.e.py(sub))]
        return ['%sM[%r][%s] = %s' % (ind, self.arr, self.idx.py(sub), self.e.py(sub))]


class If(Stmt):
    def __init__(self, cond, then, other=None):
        self.cond, self.then, self.other = cond, then, other

    def blocks(self):
        return [self.then] + ([self.other] if self.other is not None else [])

    def exprs(self):
        return [self.cond]

    def set_expr(self, i, e):
        self.cond = e

    def dpk(self, ind):
        out = ['%sif %s {' % (ind, self.cond.dpk())]
        out += block_dpk(self.then, ind + '    ')
        if self.other is not None:
            out.append('%s} else {' % ind)
            out += block_dpk(self.other, ind + '    ')
        out.append(ind + '}')
        return out

    def py(self, ind, sub):
        out = ['%sif %s:' % (ind, self.cond.py(sub))]
        out += block_py(self.then, ind + '    ', sub)
        if self.other is not None:
            out.append('%selse:' % ind)
            out += block_py(self.other, ind + '    ', sub)
        return out


class For(Stmt):
    def __init__(self, var, ty, lo, hi, step, body):
        self.var, self.ty, self.lo, self.hi, self.step, self.body = var, ty, lo, hi, step, body

    def blocks(self):
        return [self.body]

    def exprs(self):
        return [self.lo, self.hi]

    def set_expr(self, i, e):
        if i == 0:
            self.lo = e
        else:
            self.hi = e

    def dpk(self, ind):
        out = ['%sfor %s in range(%s, %s, %s) {' % (ind, self.var, self.lo.dpk(), self.hi.dpk(),
                                                    self.step.dpk())]
        return out + block_dpk(self.body, ind + '    ') + [ind + '}']

    def py(self, ind, sub):
        out = ['%sfor %s in range(%s, %s, %s):' % (ind, self.var, self.lo.py(sub),
                                                   self.hi.py(sub), self.step.py(sub))]
        return out + block_py(self.body, ind + '    ', sub)


class While(Stmt):
    """var c: i32 = 0; while c < limit && cond { c += 1; body }"""

    def __init__(self, counter, limit, cond, body):
        self.counter, self.limit, self.cond, self.body = counter, limit, cond, body

    def blocks(self):
        return [self.body]

    def exprs(self):
        return [self.limit, self.cond]

    def set_expr(self, i, e):
        if i == 0:
            self.limit = e
        else:
            self.cond = e

    def dpk(self, ind):
        c = self.counter
        out = ['%svar %s: i32 = 0;' % (ind, c),
               '%swhile %s < %s && %s {' % (ind, c, self.limit.dpk(), self.cond.dpk()),
               '%s    %s += 1i32;' % (ind, c)]
        return out + block_dpk(self.body, ind + '    ') + [ind + '}']

    def py(self, ind, sub):
        c = self.counter
        out = ['%s%s = 0' % (ind, c),
               '%swhile %s < %s and %s:' % (ind, c, self.limit.py(sub), self.cond.py(sub)),
               '%s    %s += 1' % (ind, c)]
        return out + block_py(self.body, ind + '    ', sub)


class Jump(Stmt):
    """break, continue, or return [e]."""

    def __init__(self, kind, e=None):
        self.kind, self.e = kind, e

    def exprs(self):
        return [self.e] if self.e is not None else []

    def set_expr(self, i, e):
        self.e = e

    def dpk(self, ind):
        if self.e is not None:
            return ['%sreturn %s;' % (ind, self.e.dpk())]
        return ['%s%s;' % (ind, self.kind)]

    def py(self, ind, sub):
        if self.e is not None:
            return ['%sreturn %s' % (ind, self.e.py(sub))]
        return ['%s%s' % (ind, self.kind)]


class Barrier(Stmt):
    def dpk(self, ind):
        return [ind + 'barrier(local);']

    def py(self, ind, sub):
        return [ind + 'yield']


class AsyncCopy(Stmt):
    """async_copy(dst, 0, src, start, count); (a work-group collective: start and count are
    literals, the same in every work-item)."""

    def __init__(self, dst, src, start, count):
        self.dst, self.src, self.start, self.count = dst, src, start, count

    def dpk(self, ind):
        return ['%sasync_copy(%s, 0, %s, %d, %d);' % (ind, self.dst, self.src, self.start,
                                                       self.count)]

    def py(self, ind, sub):
        return ['%s%s.copy(lid, 0, M[%r][%d:%d])' % (ind, self.dst, self.src, self.start,
                                                      self.start + self.count)]


class WaitCopies(Stmt):
    def dpk(self, ind):
        return [ind + 'wait_copies();']

    def py(self, ind, sub):
        return [ind + 'yield']


class ArrayDecl(Stmt):
    """let p = private_array(T, n); (or local_array)."""

    def __init__(self, name, ty, n, kind):
        self.name, self.ty, self.n, self.kind = name, ty, n, kind

    def dpk(self, ind):
        return ['%slet %s = %s_array(%s, %d);' % (ind, self.name, self.kind, self.ty, self.n)]

    def py(self, ind, sub):
        if self.kind == 'local':
            return ['%s%s = LOC.get(%r, %d)' % (ind, self.name, self.name, self.n)]
        return ['%s%s = [None] * %d' % (ind, self.name, self.n)]


class Atomic(Stmt):
    """[let name = ] atomic_OP(arr, idx, args...); arr is a global i32/u32/i64/u64 array."""

    def __init__(self, op, arr, ty, idx, args, result=None):
        self.op, self.arr, self.ty, self.idx, self.args, self.result = op, arr, ty, idx, args, result

    def exprs(self):
        return [self.idx] + self.args

    def set_expr(self, i, e):
        if i == 0:
            self.idx = e
        else:
            self.args[i - 1] = e

    def dpk(self, ind):
        call = 'atomic_%s(%s, %s)' % (self.op, self.arr,
                                      ', '.join([self.idx.dpk()] + [a.dpk() for a in self.args]))
        if self.result:
            return ['%slet %s: %s = %s;' % (ind, self.result, self.ty, call)]
        return ['%s%s;' % (ind, call)]

    def py(self, ind, sub):
        args = ', '.join([repr(self.arr), self.idx.py(sub)] + [a.py(sub) for a in self.args])
        call = 'atomic_%s_%s(M, %s)' % (self.op, self.ty, args)
        if self.result:
            return ['%s%s = %s' % (ind, self.result, call)]
        return [ind + call]


def block_dpk(stmts, ind):
    out = []
    for s in stmts:
        out += s.dpk(ind)
    return out


def block_py(stmts, ind, sub):
    out = []
    for s in stmts:
        out += s.py(ind, sub)
    if not stmts:
        out.append(ind + 'pass')
    return out


# --------------------------------------------------------------------------- items

class Param:
    """A kernel parameter: an array (`length` elements, `role` 'in', 'out', 'atomic', 'slot')
    or a scalar."""

    def __init__(self, name, ty, array, length=0, role='in'):
        self.name, self.ty, self.array, self.length, self.role = name, ty, array, length, role

    def dpk(self):
        return '%s: %s[::1]' % (self.name, self.ty) if self.array else '%s: %s' % (self.name,
                                                                                    self.ty)

    def sig(self):
        return '%s[::1]' % self.ty if self.array else self.ty


class Func:
    """A device function: typed (params with types, result `ret`) or generic (`generic` lists
    the instantiation types; params and result are 'T')."""

    def __init__(self, name, params, ret, body, generic=None):
        self.name, self.params, self.ret, self.body, self.generic = (name, params, ret, body,
                                                                     generic)

    def dpk(self):
        if self.generic:
            head = 'func %s(%s) {' % (self.name, ', '.join(n for n, _ in self.params))
        else:
            head = 'func %s(%s) -> %s {' % (self.name,
                                            ', '.join('%s: %s' % p for p in self.params), self.ret)
        return [head] + block_dpk(self.body, '    ') + ['}']

    def py(self):
        out = []
        for t in (self.generic or [None]):
            sub = {'T': t} if t else {}
            name = '%s__%s' % (self.name, t) if t else self.name
            out.append('def %s(%s):' % (name, ', '.join(n for n, _ in self.params)))
            out += block_py(self.body, '    ', sub)
        return out


class Kernel:
    def __init__(self, name, params, body, local, groups, slots, uses_barrier):
        self.name, self.params, self.body = name, params, body
        self.local, self.groups, self.slots = local, groups, slots
        self.uses_barrier = uses_barrier
        self.inputs = {}  # param name -> numpy array or scalar value

    @property
    def global_size(self):
        return self.local * self.groups

    def signature(self):
        return 'void(%s)' % ', '.join(p.sig() for p in self.params)

    def dpk(self):
        head = 'kernel %s(%s) {' % (self.name, ', '.join(p.dpk() for p in self.params))
        return [head] + block_dpk(self.body, '    ') + ['}']

    def py(self):
        out = ['def %s(M, LOC, gid, lid, grp, LS, GS, %s):' % (
            self.name, ', '.join(p.name for p in self.params if not p.array) or '_unused=None')]
        out.append('    if False:\n        yield')
        out += block_py(self.body, '    ', {})
        return out


class Module:
    def __init__(self, funcs, kernels):
        self.funcs, self.kernels = funcs, kernels

    def dpk(self, kernels=None):
        lines = ['// generated by tools/difftest (dpk differential tester)']
        for f in self.funcs:
            lines += f.dpk() + ['']
        for k in (self.kernels if kernels is None else kernels):
            lines += k.dpk() + ['']
        return '\n'.join(lines)

    def py(self):
        lines = []
        for f in self.funcs:
            lines += f.py()
        for k in self.kernels:
            lines += k.py()
        return '\n'.join(lines) + '\n'
