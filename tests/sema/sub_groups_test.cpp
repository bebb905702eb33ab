// Sub-group builtins: queries are i64, collectives keep their value's type (every int and float
// type; the bitwise ones ints only), broadcast and shuffle ids, deltas and masks are integers
// converted to u32, votes take a bool (ballot -> u64, any/all -> bool), sub_group_barrier takes
// barrier's flags. Whether the device has sub-groups (or 8/16-bit values in them) is the
// emitter's question, not sema's.
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

TEST_CASE("sub-groups: every int and float type; bitwise collectives ints only") {
    for (const char* t : {"i8", "u8", "i16", "u16", "f16"}) {
        const std::string p = std::string("x: ") + t;
        CAPTURE(t);
        CHECK(type_of(p, "sub_group_reduce_add(x)") == t);
        CHECK(type_of(p, "sub_group_scan_exclusive_max(x)") == t);
        CHECK(type_of(p, "sub_group_shuffle_down(x, 1)") == t);
        CHECK(type_of(p, "sub_group_broadcast(x, 0)") == t);
    }
    for (const char* t : {"i8", "u16", "i32", "u32", "i64", "u64"}) {
        const std::string p = std::string("x: ") + t;
        CAPTURE(t);
        for (const char* f : {"sub_group_reduce_and", "sub_group_reduce_or", "sub_group_reduce_xor",
                              "sub_group_scan_inclusive_and", "sub_group_scan_inclusive_or",
                              "sub_group_scan_inclusive_xor", "sub_group_scan_exclusive_and",
                              "sub_group_scan_exclusive_or", "sub_group_scan_exclusive_xor"})
            CHECK(type_of(p, std::string(f) + "(x)") == t);
    }
    CHECK(type_of("", "sub_group_reduce_or(3)") == "i64");
    CHECK(type_of("x: f32", "sub_group_reduce_xor(x)") ==
          "error: 'sub_group_reduce_xor' needs an integer value, found f32");
    CHECK(type_of("", "sub_group_scan_inclusive_and(0.5)") ==
          "error: 'sub_group_scan_inclusive_and' needs an integer value, found f64");
}

TEST_CASE("sub-groups: relative and xor shuffles take an integer delta or mask, as u32") {
    for (const char* t : {"i32", "i64", "u32", "u64", "f32", "f64"}) {
        const std::string p = std::string("x: ") + t;
        CAPTURE(t);
        CHECK(type_of(p, "sub_group_shuffle_down(x, 1)") == t);
        CHECK(type_of(p, "sub_group_shuffle_up(x, sub_group_local_id())") == t);
        CHECK(type_of(p, "sub_group_shuffle_xor(x, 16)") == t);
    }
    SemaFixture p("kernel k(a: f32[::1], n: i64) { a[0] = sub_group_shuffle_xor(a[0], n); }");
    auto* k = p.specialize("k");
    REQUIRE_MESSAGE(k, p.errors());
    CHECK(p.result(*k->kernel, "n") == "u32");
    CHECK(type_of("x: f32", "sub_group_shuffle_down(x, x)") ==
          "error: the delta of 'sub_group_shuffle_down' must be an integer, found f32");
    CHECK(type_of("x: f32", "sub_group_shuffle_xor(x, 1.0)") ==
          "error: the mask of 'sub_group_shuffle_xor' must be an integer, found float literal");
}

TEST_CASE("sub-groups: votes take a bool; ballot is u64, any and all bool") {
    CHECK(type_of("x: f32", "sub_group_ballot(x > 0.0)") == "u64");
    CHECK(type_of("x: f32", "sub_group_any(x > 0.0)") == "bool");
    CHECK(type_of("b: bool", "sub_group_all(b)") == "bool");
    CHECK(type_of("x: f32", "popcount(sub_group_ballot(x > 0.0))") == "u64");
    CHECK(type_of("x: i32", "sub_group_any(x)") ==
          "error: the predicate of 'sub_group_any' must be bool, found i32");
    CHECK(type_of("", "sub_group_ballot(1)") ==
          "error: the predicate of 'sub_group_ballot' must be bool, found i64");
}

TEST_CASE("sub-groups: values other than numbers are errors at the value") {
    CHECK(type_of("b: bool", "sub_group_reduce_max(b)") ==
          "error: 'sub_group_reduce_max' needs an integer or float value, found bool");
    CHECK(type_of("a: f32[::1]", "sub_group_reduce_min(a)") ==
          "error: 'sub_group_reduce_min' needs an integer or float value, found f32[::1]");
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
