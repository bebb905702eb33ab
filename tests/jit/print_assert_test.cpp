// assert(cond, message) and print(...) through the JIT: an assert that fails is raised by the
// wait for the launch as an AssertionError naming kernel, place, condition, message and
// work-item; compiled out (ProgramOptions::asserts = false) the kernel is byte for byte the one
// without the assert; the assert sites and the print flag travel with the image.
#include "compiler/program.h"
#include "runtime/kernel_image_io.h"
#include "tests/seed/seed_support.h"

using namespace dpk;
using dpk::tests::device_label;
using dpk::tests::devices_under_test;

namespace {

const char* const kSource = R"(func must_be_even(x) {
    assert(x % 2 == 0, "x must be even");
    return x;
}
kernel checked(out: i64[::1], limit: i64) {
    let i = global_id(0);
    assert(i < limit,
           "i must stay below the limit");
    out[i] = must_be_even(2 * i) + i64(must_be_even(i32(2 * i)));
}
kernel odd_in_function(out: i64[::1]) {
    let i = global_id(0);
    out[i] = must_be_even(select(i == 3, i, 0));
}
kernel printing(out: f32[::1]) {
    print("out[{}] = {}", global_id(0), out[global_id(0)]);
}
)";

// The same program without its asserts.
const char* const kWithout = R"(func must_be_even(x) {
    return x;
}
kernel checked(out: i64[::1], limit: i64) {
    let i = global_id(0);
    out[i] = must_be_even(2 * i) + i64(must_be_even(i32(2 * i)));
}
)";

Program program(const char* source, bool asserts = true) {
    ProgramOptions o;
    o.cache = std::make_shared<KernelCache>(runtime::CacheConfig::disabled());
    o.asserts = asserts;
    return Program::from_string("asserts.dpk", source, o);
}

/// The message of the AssertionError the wait for `launch` throws ("" when it throws none).
template <typename Launch>
std::string assertion(Launch&& launch) {
    try {
        launch().wait();
    } catch (const AssertionError& e) {
        return e.what();
    }
    return "";
}

}  // namespace

TEST_CASE("asserts compiled out: the SPIR-V and ABI of the program without them") {
    CHECK(ProgramOptions{}.asserts);
    const char* sig = "void(i64[::1], i64)";
    const KernelImage off = program(kSource, false).kernel("checked").image(sig);
    const KernelImage without = program(kWithout).kernel("checked").image(sig);
    CHECK(off.spirv == without.spirv);
    CHECK(off.abi == without.abi);
    CHECK_FALSE(off.abi.checks_bounds());

    compiler::CompileOptions options;
    options.asserts = false;
    CHECK(options.codegen_key() == "spirv 0x00010000 fp_contract no_asserts");
}

TEST_CASE("a kernel with asserts takes the bounds record; one site per assert in the source") {
    const KernelImage on = program(kSource).kernel("checked").image("void(i64[::1], i64)");
    REQUIRE(on.abi.checks_bounds());
    CHECK(on.abi.args.back() == AbiArg{AbiArg::Kind::BoundsRecord, 0, 0, DType::U64});
    CHECK_FALSE(on.abi.prints);
    // must_be_even's assert once although it has two instances (i64, i32), then the kernel's
    // (functions are emitted before their callers).
    REQUIRE(on.abi.bounds_sites.size() == 2);
    const BoundsSite& kernel_site = on.abi.bounds_sites[1];
    CHECK(kernel_site.access == BoundsSite::Access::Assert);
    CHECK(kernel_site.location == "asserts.dpk:7:5");
    CHECK(kernel_site.function == "checked");
    CHECK(kernel_site.condition == "i < limit");
    CHECK(kernel_site.message == "i must stay below the limit");
    CHECK(on.abi.bounds_sites[0].function == "must_be_even");
    CHECK(on.abi.bounds_sites[0].condition == "x % 2 == 0");
    CHECK(describe(on.abi).find("asserts: 2\n") != std::string::npos);

    // The sites and the print flag survive the bytes of bundles and cache entries.
    for (const KernelImage& image :
         {on, program(kSource).kernel("printing").image("void(f32[::1])")}) {
        runtime::ByteWriter out;
        runtime::write_kernel_image(out, image);
        runtime::ByteReader in(out.data(), "test image");
        CHECK(runtime::read_kernel_image(in).abi == image.abi);
    }
    CHECK(program(kSource).kernel("printing").image("void(f32[::1])").abi.prints);
}

TEST_CASE("a failing assert is raised by the launch's wait, once") {
    for (const Device& dev : devices_under_test()) {
        INFO("device " << device_label(dev));
        Queue q(dev);
        auto out = UsmArray::zeros(q, DType::I64, {8});
        Kernel checked = program(kSource).kernel("checked");
        CHECK(assertion([&] { return checked.launch(q, Range(8), {out, std::int64_t{8}}); }) == "");
        CHECK(out.to_vector<std::int64_t>() ==
              std::vector<std::int64_t>{0, 4, 8, 12, 16, 20, 24, 28});
        CHECK(assertion([&] {
                  return checked.launch(q, Range(8), {out, std::int64_t{7}});
              }) ==
              "kernel 'checked': assert(i < limit) failed at asserts.dpk:7:5: i must stay below "
              "the limit, by work-item (7)");
        CHECK_NOTHROW(q.wait());  // raised once

        Kernel odd = program(kSource).kernel("odd_in_function");
        odd.launch(q, Range(8), {out});
        std::string message;
        try {
            q.wait();  // the queue's wait raises it too
        } catch (const AssertionError& e) {
            message = e.what();
        }
        CHECK(message ==
              "kernel 'odd_in_function': assert(x % 2 == 0) failed at asserts.dpk:2:5 in function "
              "'must_be_even': x must be even, by work-item (3)");

        // Compiled out: the same launch runs without an error.
        Kernel off = program(kSource, false).kernel("odd_in_function");
        CHECK(assertion([&] { return off.launch(q, Range(8), {out}); }) == "");
    }
}
