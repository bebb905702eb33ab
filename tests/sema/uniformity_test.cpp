// The uniformity analysis: barriers and collectives in uniform control flow are accepted, the
// others rejected at the barrier with notes at the condition and at what it depends on.
#include "tests/sema/sema_fixture.h"

using dpk::tests::errors_of;
using dpk::tests::SemaFixture;

namespace {

/// True when `kernel k` of `text` specializes (as annotated, or for `signature`).
bool compiles(const std::string& text, const std::string& signature = {}) {
    SemaFixture fx(text);
    bool ok = fx.specialize("k", signature) != nullptr;
    INFO(fx.errors());
    CHECK(fx.errors().empty());
    return ok;
}

}  // namespace

TEST_CASE("uniformity: a tiled loop over a shape with barriers is uniform") {
    CHECK(compiles(R"(const TILE = 16;
kernel k(A: f32[:, ::1], B: f32[:, ::1], C: f32[:, ::1]) {
    let col = global_id(0);
    let row = global_id(1);
    let lc = local_id(0);
    let lr = local_id(1);
    let ta = local_array(f32, (TILE, TILE));
    var acc = 0.0f32;
    for t in range(A.shape[1] / TILE) {
        ta[lr, lc] = A[row, t * TILE + lc];
        barrier(local);
        for k2 in range(TILE) { acc += ta[lr, k2] * B[t * TILE + k2, col]; }
        barrier(local);
    }
    if row < C.shape[0] && col < C.shape[1] { C[row, col] = acc; }
}
)"));
}

TEST_CASE("uniformity: group ids, sizes, parameters and uniform early returns") {
    CHECK(compiles(R"(kernel k(x: f32[::1], s: local f32[:], n: i64) {
    if group_id(0) == 0 { s[local_id(0)] = 1.0f32; barrier(local); }
    if n < 4 { return; }
    var m = local_size(0);
    while m > 1 { barrier(local); m = m / 2; }
    barrier(local | global);
    x[global_id(0)] = s[0];
}
)"));
}

TEST_CASE("uniformity: a varying branch rejoins after the if and after a loop") {
    CHECK(compiles(R"(kernel k(x: f32[::1], s: local f32[:]) {
    let l = local_id(0);
    if l == 0 { s[0] = x[0]; }
    for j in range(8) { if x[j] > 0.0f32 { break; } }
    barrier(local);
    x[l] = s[0];
}
)"));
}

TEST_CASE("uniformity: a device function with barriers, called uniformly") {
    CHECK(compiles(R"(func sync_sum(s, v) {
    s[local_id(0)] = v;
    barrier(local);
    return s[0];
}
kernel k(x: f32[::1], s: local f32[:]) {
    let i = global_id(0);
    x[i] = sync_sum(s, x[i]);
}
)"));
}

TEST_CASE("uniformity: a barrier after a varying early return is rejected, with notes") {
    CHECK(errors_of(R"(kernel k(x: f32[::1], s: local f32[:], n: i64) {
    let i = global_id(0);
    if i >= n { return; }
    s[local_id(0)] = x[i];
    barrier(local);
}
)",
                    "k") ==
          "test.dpk:5:5: error: 'barrier' must be reached by all work-items of the work-group "
          "or by none, but whether it is reached may differ between them\n"
          "      barrier(local);\n"
          "      ^~~~~~~~~~~~~~\n"
          "test.dpk:3:8: note: this condition may differ between work-items: it depends on "
          "global_id(0)\n"
          "      if i >= n { return; }\n"
          "         ^~~~~~\n"
          "test.dpk:2:13: note: global_id(0) here\n"
          "      let i = global_id(0);\n"
          "              ^~~~~~~~~~~~\n"
          "test.dpk:3:17: note: so only some work-items take this 'return'\n"
          "      if i >= n { return; }\n"
          "                  ^~~~~~~\n");
}

TEST_CASE("uniformity: a variable assigned under a varying condition varies") {
    auto e = errors_of(R"(kernel k(x: f32[::1]) {
    var c = 0;
    if local_id(0) < 4 { c = 1; }
    if c == 1 { barrier(local); }
}
)",
                       "k");
    CHECK(e.find("4:17: error: 'barrier'") != std::string::npos);
    CHECK(e.find("4:8: note: this condition may differ between work-items: it depends on "
                 "local_id(0)") != std::string::npos);
}

TEST_CASE("uniformity: a loop-carried variable varies once it is assigned a varying value") {
    auto e = errors_of(R"(kernel k(x: f32[::1]) {
    var c = 0;
    var d = 0;
    for j in range(4) { d = c; c = i64(x[j]); }
    if d == 1 { barrier(local); }
}
)",
                       "k");
    CHECK(e.find("5:17: error: 'barrier'") != std::string::npos);
    CHECK(e.find("it depends on the contents of 'x'") != std::string::npos);
}

TEST_CASE("uniformity: sub-group collectives need sub-group uniform control") {
    SemaFixture fx(R"(kernel k(x: f32[::1], s: local f32[:]) {
    if sub_group_id() == 0 { x[0] = sub_group_reduce_add(x[0]); }
    if sub_group_local_id() == 0 { x[1] = sub_group_reduce_add(x[1]); }
    if sub_group_id() == 0 { barrier(local); }
}
)");
    // The target check is not part of sema: sub-group builtins type-check everywhere.
    CHECK(fx.specialize("k") == nullptr);
    std::string e = fx.errors();
    CHECK(e.find("2:") == std::string::npos);
    CHECK(e.find("3:43: error: 'sub_group_reduce_add' must be reached by all work-items of the "
                 "sub-group") != std::string::npos);
    CHECK(e.find("4:30: error: 'barrier' must be reached by all work-items of the work-group") !=
          std::string::npos);
    CHECK(e.find("4:8: note: this condition may differ between sub-groups: it depends on "
                 "sub_group_id()") != std::string::npos);
}

TEST_CASE("uniformity: shuffles, votes and bitwise collectives need sub-group uniform control") {
    // Each line: the collective under a condition that differs within the sub-group.
    const char* calls[] = {"sub_group_shuffle_down(x[0], 1u32)", "sub_group_shuffle_up(x[0], 1u32)",
                           "sub_group_shuffle_xor(x[0], 1u32)",  "sub_group_reduce_or(x[0])",
                           "sub_group_scan_exclusive_xor(x[0])", "i32(sub_group_ballot(x[0] > 0))",
                           "i32(sub_group_any(x[0] > 0))",       "i32(sub_group_all(x[0] > 0))"};
    for (const char* call : calls) {
        CAPTURE(call);
        const std::string text = std::string("kernel k(x: i32[::1]) {\n") +
                                 "    if sub_group_local_id() == 0 { x[1] = " + call + "; }\n}\n";
        const std::string e = errors_of(text, "k");
        CHECK(e.find("must be reached by all work-items of the sub-group") != std::string::npos);
        CHECK(e.find("2:8: note: this condition may differ between work-items") !=
              std::string::npos);
    }
}

TEST_CASE("uniformity: votes and reductions are sub-group uniform, shuffles and scans varying") {
    // A ballot, any, all or bitwise reduction is the same in the whole sub-group: a collective
    // under it is fine, a work-group barrier is not.
    CHECK(compiles(R"(kernel k(x: i32[::1]) {
    let i = global_id(0);
    if sub_group_any(x[i] > 0) { x[i] = sub_group_reduce_add(x[i]); }
    if sub_group_all(x[i] > 0) { x[i] = sub_group_shuffle_down(x[i], 1u32); }
    if popcount(sub_group_ballot(x[i] > 0)) > 3 { x[i] = sub_group_scan_inclusive_or(x[i]); }
    if sub_group_reduce_xor(x[i]) == 0 { x[i] = sub_group_shuffle_xor(x[i], 2u32); }
}
)"));
    std::string e = errors_of(R"(kernel k(x: i32[::1]) {
    if sub_group_any(x[0] > 0) { barrier(local); }
}
)",
                              "k");
    CHECK(e.find("2:34: error: 'barrier' must be reached by all work-items of the work-group") !=
          std::string::npos);
    e = errors_of(R"(kernel k(x: i32[::1]) {
    let v = sub_group_shuffle_up(x[0], 1u32);
    if v > 0 { x[1] = sub_group_reduce_add(x[1]); }
}
)",
                  "k");
    CHECK(e.find("3:23: error: 'sub_group_reduce_add' must be reached by all work-items of the "
                 "sub-group") != std::string::npos);
}
