// Sub-group builtins: queries are i64, collectives keep their value's type (32- and 64-bit ints
// and floats only), broadcast and shuffle ids are integers converted to u32, sub_group_barrier
// takes barrier's flags. Whether the device has sub-groups is the emitter's question, not sema's.
#include "tests/sema/sema_fixture.h"

using dpk::compiler::sema::Builtin;
using dpk::tests::errors_of;
using dpk::tests::SemaFixture;
using dpk::tests::type_of;

TEST_CASE("sub-groups: names and arities") {
    using dpk::compiler::sema::builtin_arity;
    using dpk::compiler::sema::find_builtin;
    CHECK(find_builtin("sub_group_size") == Builtin::SubGroupSize);
    CHECK(find_builtin("num_sub_groups") == Builtin::NumSubGroups);
    CHECK(find_builtin("sub_group_scan_exclusive_max") == Builtin::SubGroupScanExclusiveMax);
    CHECK(builtin_arity(Builtin::SubGroupLocalId) == 0);
    CHECK(builtin_arity(Builtin::SubGroupShuffle) == 2);
    CHECK(builtin_arity(Builtin::SubGroupBroadcast) == 2);
    CHECK(builtin_arity(Builtin::SubGroupReduceAdd) == 1);
    CHECK(builtin_arity(Builtin::SubGroupBarrier) == 1);
}

TEST_CASE("sub-groups: the queries are i64, like the work-item builtins") {
    for (const char* f :
         {"sub_group_size()", "sub_group_local_id()", "sub_group_id()", "num_sub_groups()"})
        CHECK(type_of("", f) == "i64");
    CHECK(type_of("", "sub_group_local_id() + local_id(0)") == "i64");
}

TEST_CASE("sub-groups: collectives keep the value's type") {
    for (const char* t : {"i32", "i64", "u32", "u64", "f32", "f64"}) {
        const std::string p = std::string("x: ") + t;
        CAPTURE(t);
        CHECK(type_of(p, "sub_group_reduce_add(x)") == t);
        CHECK(type_of(p, "sub_group_reduce_min(x)") == t);
        CHECK(type_of(p, "sub_group_scan_inclusive_max(x)") == t);
        CHECK(type_of(p, "sub_group_scan_exclusive_add(x)") == t);
        CHECK(type_of(p, "sub_group_broadcast(x, 0)") == t);
        CHECK(type_of(p, "sub_group_shuffle(x, sub_group_local_id() ^ 1)") == t);
    }
    // A literal alone has no context: i64 / f64, as everywhere.
    CHECK(type_of("", "sub_group_reduce_add(1)") == "i64");
    CHECK(type_of("", "sub_group_scan_inclusive_add(0.5)") == "f64");
    CHECK(type_of("x: f32", "sub_group_reduce_add(x * 2.0)") == "f32");
}

TEST_CASE("sub-groups: broadcast and shuffle ids are integers, converted to u32") {
    SemaFixture p(
        "kernel k(a: f32[::1], n: i64, m: u8) {\n"
        "  let x = sub_group_broadcast(a[0], n);\n"
        "  let y = sub_group_shuffle(a[0], m);\n"
        "  let z = sub_group_shuffle(a[0], 3);\n}");
    auto* k = p.specialize("k");
    REQUIRE_MESSAGE(k, p.errors());
    CHECK(p.result(*k->kernel, "n") == "u32");
    CHECK(p.result(*k->kernel, "m") == "u32");
    CHECK(p.type(*k->kernel, "3") == "u32");
    CHECK(p.var_type(*k->kernel, "x") == "f32");
    CHECK(errors_of("kernel k(a: f32[::1]) { a[0] = sub_group_broadcast(a[0], -1); }", "k")
              .find("integer literal -1 does not fit in u32") != std::string::npos);
    CHECK(type_of("x: f32", "sub_group_shuffle(x, x)") ==
          "error: the sub-group local id of 'sub_group_shuffle' must be an integer, found f32");
}

TEST_CASE("sub-groups: values other than 32- and 64-bit numbers are errors at the value") {
    CHECK(type_of("x: i16", "sub_group_reduce_add(x)") ==
          "error: 'sub_group_reduce_add' needs an i32, i64, u32, u64, f32 or f64 value, found "
          "i16; cast it first, e.g. sub_group_reduce_add(i32(x))");
    CHECK(type_of("x: u8", "sub_group_shuffle(x, 0)") ==
          "error: 'sub_group_shuffle' needs an i32, i64, u32, u64, f32 or f64 value, found u8; "
          "cast it first, e.g. sub_group_shuffle(u32(x), ...)");
    CHECK(type_of("x: f16", "sub_group_broadcast(x, 0)") ==
          "error: 'sub_group_broadcast' needs an i32, i64, u32, u64, f32 or f64 value, found "
          "f16; cast it first, e.g. sub_group_broadcast(f32(x), ...)");
    CHECK(type_of("b: bool", "sub_group_reduce_max(b)") ==
          "error: 'sub_group_reduce_max' needs an i32, i64, u32, u64, f32 or f64 value, found "
          "bool");
    CHECK(type_of("a: f32[::1]", "sub_group_reduce_min(a)") ==
          "error: 'sub_group_reduce_min' needs an i32, i64, u32, u64, f32 or f64 value, found "
          "f32[::1]");
}

TEST_CASE("sub-groups: sub_group_barrier takes barrier's flags") {
    SemaFixture p("kernel k() { sub_group_barrier(local | global); }");
    auto* k = p.specialize("k");
    REQUIRE_MESSAGE(k, p.errors());
    CHECK(std::get<std::int64_t>(p.info(*k->kernel, "local | global").constant->value) == 3);
    CHECK(errors_of("kernel k() { sub_group_barrier(); }", "k")
              .find("'sub_group_barrier' takes 1 argument, got 0") != std::string::npos);
}

TEST_CASE("sub-groups: usable in device functions, generic ones included") {
    SemaFixture p(
        "func lane_sum(v) { return sub_group_reduce_add(v) + sub_group_local_id(); }\n"
        "kernel k(a: i64[::1]) { a[0] = lane_sum(a[1]); }");
    auto* k = p.specialize("k");
    REQUIRE_MESSAGE(k, p.errors());
    REQUIRE(k->instances.size() == 2);
    CHECK(p.type(*k->instances.front(), "sub_group_reduce_add(v)") == "i64");
}
