#!/usr/bin/env python3
"""Weighted minimax polynomial fits for tools/cuda_math/dpk_exp_log_erf.inc (needs mpmath).

    python3 tools/cuda_math/fit_polynomials.py NAME DEGREE BITS

prints the fit's weighted error, the error with the coefficients rounded to BITS (32: float,
64: double) and the rounded coefficients, lowest power first, as C hex literals. NAME is one of:

  exp_f64                g(r) = (e^r - 1 - r) / r^2 on |r| <= ln2/2 * 1.01, error relative to e^r
  log_f32                g(f) = (log1p(f) - f) / f^2 on |f| <= 1/3 * 1.001, relative to log1p(f)
  erf_small_f32          g(s) = erf(x) / x - 1, s = x^2 in [0, 1], relative to erf(x)
  erf_log2_f32           g(t) = -log2(erfc(t)) / t - 1 on [1, 4], error times erfc(t) t ln2
                         (the error it makes in erf = 1 - 2^(-t (1 + g(t))))
  erf_f64                g(t) = log(erfc(t)) / t on [0, 6], error times erfc(t) t / erf(t)
                         (the relative error it makes in erf = 1 - e^(t g(t)))

The fit is Lawson's algorithm (iteratively reweighted least squares) on Chebyshev points in
50-digit arithmetic; it approaches the minimax polynomial closely enough for these bounds.
"""
import struct
import sys

import mpmath as mp

mp.mp.dps = 50


def lawson(g, w, degree, a, b, points=400, iterations=60):
    """Coefficients c (lowest power first) minimizing max |(g(x) - p(x)) w(x)| on [a, b]."""
    xs = [(a + b) / 2 + (b - a) / 2 * mp.cos(mp.pi * (i + mp.mpf(0.5)) / points)
          for i in range(points)]
    gs = [g(x) for x in xs]
    ws = [w(x) for x in xs]
    n = degree + 1
    u = [mp.mpf(1) / points] * points
    best = None
    for _ in range(iterations):
        a_mat = mp.matrix(n, n)
        rhs = mp.matrix(n, 1)
        for x, gv, wv, ui in zip(xs, gs, ws, u):
            ww = ui * wv * wv
            powers = [x**k for k in range(n)]
            for i in range(n):
                rhs[i] += ww * powers[i] * gv
                for j in range(n):
                    a_mat[i, j] += ww * powers[i] * powers[j]
        c = mp.lu_solve(a_mat, rhs)
        errs = [abs((gv - mp.polyval(list(reversed(c)), x)) * wv)
                for x, gv, wv in zip(xs, gs, ws)]
        worst = max(errs)
        if best is None or worst < best[0]:
            best = (worst, [c[k] for k in range(n)])
        total = sum(ui * e for ui, e in zip(u, errs))
        u = [ui * e / total for ui, e in zip(u, errs)]
    return best


def max_error(g, w, c, a, b, samples=4000):
    rc = list(reversed(c))
    return max(abs((g(x) - mp.polyval(rc, x)) * w(x))
               for x in (a + (b - a) * mp.mpf(i) / samples for i in range(samples + 1)))


def rounded(c, bits):
    if bits == 32:
        return struct.unpack('f', struct.pack('f', float(c)))[0]
    return float(c)


def literal(v, bits):
    mantissa, exponent = float(v).hex().split('p')
    if '.' in mantissa:
        mantissa = mantissa.rstrip('0').rstrip('.')
    return mantissa + 'p' + exponent + ('f' if bits == 32 else '')


def problem(name):
    """(g, w, a, b) of a named approximation."""
    half_ln2 = mp.log(2) / 2 * mp.mpf('1.01')
    if name == 'exp_f64':
        return (lambda r: (mp.exp(r) - 1 - r) / r**2 if r else mp.mpf(0.5),
                lambda r: r**2 / mp.exp(r), -half_ln2, half_ln2)
    if name == 'log_f32':
        third = mp.mpf(1) / 3 * mp.mpf('1.001')
        return (lambda f: (mp.log1p(f) - f) / f**2 if f else mp.mpf(-0.5),
                lambda f: f**2 / mp.log1p(f) if f else mp.mpf(0), -third, third)
    if name == 'erf_small_f32':
        return (lambda s: mp.erf(mp.sqrt(s)) / mp.sqrt(s) - 1 if s else 2 / mp.sqrt(mp.pi) - 1,
                lambda s: mp.sqrt(s) / mp.erf(mp.sqrt(s)) if s else mp.sqrt(mp.pi) / 2,
                mp.mpf(0), mp.mpf(1))
    if name == 'erf_log2_f32':
        return (lambda t: -mp.log(mp.erfc(t), 2) / t - 1, lambda t: mp.erfc(t) * t * mp.log(2),
                mp.mpf(1), mp.mpf(4))
    if name == 'erf_f64':
        return (lambda t: mp.log(mp.erfc(t)) / t if t else -2 / mp.sqrt(mp.pi),
                lambda t: mp.erfc(t) * t / mp.erf(t) if t else mp.sqrt(mp.pi) / 2,
                mp.mpf(0), mp.mpf(6))
    raise SystemExit(f'unknown approximation {name}')


def main():
    if len(sys.argv) != 4:
        raise SystemExit(__doc__)
    name, degree, bits = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
    g, w, a, b = problem(name)
    err, c = lawson(g, w, degree, a, b)
    cr = [mp.mpf(rounded(x, bits)) for x in c]
    print(f'{name} degree {degree}: fit 2^{float(mp.log(err, 2)):.2f}, '
          f'rounded to f{bits} 2^{float(mp.log(max_error(g, w, cr, a, b), 2)):.2f}')
    print(', '.join(literal(rounded(x, bits), bits) for x in c))


if __name__ == '__main__':
    main()
