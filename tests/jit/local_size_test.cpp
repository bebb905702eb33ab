// `@local_size`: the size a kernel declares for its work-groups. A launch without a local range
// runs with it, a launch with another one is refused with both sizes named (nothing runs), and
// the size travels with the kernel's image (AOT bundles, caches).
#include "compiler/program.h"
#include "runtime/kernel_image_io.h"
#include "tests/runtime/support/message_of.h"
#include "tests/seed/seed_support.h"

using namespace dpk;
using dpk::tests::device_label;
using dpk::tests::devices_under_test;
using dpk::tests::message_of;

namespace {

const char* const kSource = R"(const W = 4;
@local_size(W, 2)
kernel ids(out: i64[:, ::1]) {
    let i = global_id(0);
    let j = global_id(1);
    out[j, i] = local_id(0) + 10 * local_id(1) + 100 * local_size(0) + 1000 * local_size(1);
}
kernel free(out: i64[::1]) {
    out[global_id(0)] = local_size(0);
}
)";

Program program() {
    ProgramOptions o;
    o.cache = std::make_shared<KernelCache>(runtime::CacheConfig::disabled());
    return Program::from_string("local_size.dpk", kSource, o);
}

/// What `ids` writes over a global range of 8 x 2 in work-groups of 4 x 2.
std::vector<std::int64_t> expected_ids() {
    std::vector<std::int64_t> out;
    for (std::int64_t j = 0; j < 2; ++j)
        for (std::int64_t i = 0; i < 8; ++i) out.push_back(i % 4 + 10 * j + 400 + 2000);
    return out;
}

}  // namespace

TEST_CASE("a launch without a local range runs with the kernel's @local_size") {
    for (const Device& dev : devices_under_test()) {
        INFO("device " << device_label(dev));
        Queue q(dev);
        Kernel ids = program().kernel("ids");
        auto out = UsmArray::zeros(q, DType::I64, {2, 8});
        ids.launch(q, Range(8, 2), {out}).wait();
        CHECK(out.to_vector<std::int64_t>() == expected_ids());
        auto again = UsmArray::zeros(q, DType::I64, {2, 8});
        ids.launch(q, Range(8, 2), Range(4, 2), {again}).wait();
        CHECK(again.to_vector<std::int64_t>() == expected_ids());
    }
}

TEST_CASE("a launch with another local range is refused, naming both; nothing runs") {
    for (const Device& dev : devices_under_test()) {
        INFO("device " << device_label(dev));
        Queue q(dev);
        Kernel ids = program().kernel("ids");
        auto out = UsmArray::zeros(q, DType::I64, {2, 8});
        const std::string message =
            message_of<InvalidRangeError>([&] { ids.launch(q, Range(8, 2), Range(8, 1), {out}); });
        const std::string tail =
            ": local range (8, 1) is not the kernel's @local_size (4, 2, 1); launch with that "
            "local range, or with none";
        CHECK(message.rfind("kernel 'ids' on " + dev.filter_string() + " (", 0) == 0);
        REQUIRE(message.size() > tail.size());
        CHECK(message.substr(message.size() - tail.size()) == tail);
        // A kernel without @local_size takes any local range.
        auto flat = UsmArray::zeros(q, DType::I64, {8});
        program().kernel("free").launch(q, Range(8), Range(2), {flat}).wait();
        CHECK(flat.to_vector<std::int64_t>() == std::vector<std::int64_t>(8, 2));
        q.wait();
        CHECK(out.to_vector<std::int64_t>() == std::vector<std::int64_t>(16, 0));
    }
}

TEST_CASE("@local_size travels with the image and shows in its ABI") {
    const KernelImage ids = program().kernel("ids").image("void(i64[:, ::1])");
    CHECK(ids.abi.required_local_size == std::array<std::uint32_t, 3>{4, 2, 1});
    CHECK(describe(ids.abi).find("local size: 4 x 2 x 1 (@local_size)") != std::string::npos);
    const KernelImage free = program().kernel("free").image("void(i64[::1])");
    CHECK_FALSE(free.abi.requires_local_size());
    for (const KernelImage* image : {&ids, &free}) {
        runtime::ByteWriter out;
        runtime::write_kernel_image(out, *image);
        runtime::ByteReader in(out.data(), "image");
        CHECK(runtime::read_kernel_image(in).abi == image->abi);
    }
}
