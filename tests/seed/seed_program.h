// The kernels of the seed scenarios (docs/kernels.md, "Seed scenarios"), as one program embedded in
// C++.
#pragma once

namespace dpk::tests {

/// The programs of the seed scenarios, embedded in C++ as users do.
inline constexpr const char* kSeedProgram = R"(
const TILE = 16;

func sq(x) { return x * x; }
func clamp01(x: f32) -> f32 { return min(max(x, 0.0), 1.0); }

kernel vecadd(a, b, c) {
    let i = global_id(0);
    c[i] = a[i] + b[i];
}

kernel saxpy(alpha: f32, x: f32[::1], y: f32[::1]) {
    let i = global_id(0);
    if i < x.shape[0] {
        y[i] = alpha * x[i] + y[i];
    }
}

kernel squares(x, out) {
    let i = global_id(0);
    out[i] = sq(x[i]);
}

kernel clamp_sq(x: f32[::1], out: f32[::1]) {
    let i = global_id(0);
    out[i] = clamp01(sq(x[i]));
}

kernel matmul(A: f32[:, ::1], B: f32[:, ::1], C: f32[:, ::1]) {
    let ta = local_array(f32, (TILE, TILE));
    let tb = local_array(f32, (TILE, TILE));
    let r = global_id(0); let c = global_id(1);
    let lr = local_id(0); let lc = local_id(1);
    var acc: f32 = 0.0;
    for t in range(A.shape[1] / TILE) {
        ta[lr, lc] = A[r, t * TILE + lc];
        tb[lr, lc] = B[t * TILE + lr, c];
        barrier(local);
        for k in range(TILE) { acc += ta[lr, k] * tb[k, lc]; }
        barrier(local);
    }
    C[r, c] = acc;
}

kernel block_sum(x, out, scratch: local f32[:]) {
    let l = local_id(0);
    scratch[l] = x[global_id(0)];
    barrier(local);
    var s = local_size(0) / 2;
    while s > 0 {
        if l < s { scratch[l] += scratch[l + s]; }
        barrier(local);
        s = s / 2;
    }
    if l == 0 { atomic_add(out, 0, scratch[0]); }
}

kernel index3d(out: i64[:, :, ::1]) {
    let i = global_id(0); let j = global_id(1); let k = global_id(2);
    out[i, j, k] = i * 10000 + j * 100 + k;
}

kernel slow_fill(x: f32[::1], n: i64) {
    let i = global_id(0);
    var acc: f32 = 0.0;
    for k in range(n) { acc = acc * 0.5 + 1.0; }
    x[i] = f32(i) + acc;
}

kernel twice(x: f32[::1], y: f32[::1]) {
    let i = global_id(0);
    y[i] = x[i] * 2.0;
}
)";

}  // namespace dpk::tests
