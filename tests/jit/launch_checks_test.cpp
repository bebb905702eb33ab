// What a launch checks, through each way of launching: the runtime's launch of one
// specialization (CompiledKernel::launch, runtime::launch), a specialized Kernel (its
// specializations matched by the arguments), a Kernel that compiles on launch, and a
// SpecializationSet (what an AOT bundle's kernel is). For arity, each argument against its
// parameter (kind, dtype, ndim, layout, usm_type, device, scalar value), a queue moved from and a
// queue of another device: the exact error each path gives, and that nothing is launched or
// compiled.
#include <functional>

#include "dpk/runtime/specialization_set.h"
#include "tests/runtime/support/message_of.h"
#include "tests/seed/seed_support.h"

using namespace dpk;
using dpk::tests::device_label;
using dpk::tests::devices_under_test;
using dpk::tests::message_of;

namespace {

const std::string kSignature = "void(f32, f32[::1], f32[::1])";

/// One launch through each path: the same kernel (saxpy of the seed program, declared
/// `saxpy(alpha: f32, x: f32[::1], y: f32[::1])`) specialized for `kSignature` on `dev`.
struct Paths {
    explicit Paths(const Device& dev)
        : eager_program(tests::seed_program()),
          lazy_program(tests::seed_program()),
          eager(eager_program.kernel("saxpy")),
          lazy(lazy_program.kernel("saxpy")),
          compiled(eager.specialize(kSignature, dev)),
          set("saxpy") {
        set.add(compiled.loaded());
    }
    Program eager_program, lazy_program;
    Kernel eager;  // specialized: launches match its one specialization
    Kernel lazy;   // never specialized: a launch compiles for the arguments' types
    CompiledKernel compiled;
    runtime::SpecializationSet set;

    using Launch = std::function<void(const Queue&, const std::vector<KernelArg>&)>;
    Launch runtime() const { return over(compiled); }
    Launch specialized() const { return over(eager); }
    Launch on_demand() const { return over(lazy); }
    Launch bundle() const { return over(set); }

private:
    /// A launch of 16 work items through `k` (CompiledKernel, Kernel, SpecializationSet).
    template <typename Launchable>
    static Launch over(const Launchable& k) {
        return [&k](const Queue& q, const std::vector<KernelArg>& a) { k.launch(q, Range(16), a); };
    }
};

std::string array(const char* dtype, const char* shape, const char* strides, const char* layout,
                  const char* usm, const Device& dev) {
    return std::string("usm_ndarray(") + dtype + ", shape=" + shape + ", strides=" + strides +
           ", layout=" + layout + ", usm_type=" + usm + ", device=" + dev.filter_string() + ")";
}

}  // namespace

TEST_CASE("each way of launching refuses bad arguments with its exact error; nothing runs") {
    for (const Device& dev : devices_under_test()) {
        INFO("device " << device_label(dev));
        Paths paths(dev);
        Queue q(dev);
        auto x = UsmArray::from_host<float>(q, std::vector<float>(16, 1.0f));
        auto y = UsmArray::from_host<float>(q, std::vector<float>(16, 7.0f));
        auto x64 = UsmArray::from_host<double>(q, std::vector<double>(16, 1.0));
        auto x2 = UsmArray::from_host<float>(q, std::vector<float>(16, 1.0f), {4, 4});
        auto y_base = UsmArray::from_host<float>(q, std::vector<float>(32, 7.0f));
        UsmArray strided = y_base.slice(0, 0, 32, 2);

        const std::string specializations =
            " (specializations: " + kSignature + " on " + dev.filter_string() + ")";
        const std::string signature_note = " (signature " + kSignature + ")";
        const std::string declared_note = " (as declared; specializations: none)";
        // A mismatch of argument `index` as every path words it, with each path's note.
        auto expect_mismatch = [&](const std::vector<KernelArg>& args, const std::string& what) {
            CHECK(message_of<SignatureMismatchError>([&] { paths.runtime()(q, args); }) ==
                  what + signature_note);
            CHECK(message_of<SignatureMismatchError>([&] { paths.specialized()(q, args); }) ==
                  what + specializations);
            CHECK(message_of<SignatureMismatchError>([&] { paths.on_demand()(q, args); }) ==
                  what + declared_note);
            CHECK(message_of<SignatureMismatchError>([&] { paths.bundle()(q, args); }) ==
                  what + specializations);
        };

        SUBCASE("arity") {
            const std::vector<KernelArg> args = {2.0f, x};
            const std::string what =
                "kernel 'saxpy' takes 3 arguments " + kSignature + ", 2 were given";
            CHECK(message_of<InvalidArgumentError>([&] { paths.runtime()(q, args); }) == what);
            CHECK(message_of<SignatureMismatchError>([&] { paths.specialized()(q, args); }) ==
                  what + specializations);
            CHECK(message_of<InvalidArgumentError>([&] { paths.on_demand()(q, args); }) ==
                  "kernel 'saxpy' takes 3 arguments, 2 were given");
            CHECK(message_of<SignatureMismatchError>([&] { paths.bundle()(q, args); }) ==
                  what + specializations);
        }
        SUBCASE("dtype") {
            expect_mismatch({2.0f, x64, y},
                            "kernel 'saxpy': parameter 1 'x': expected f32[::1], got " +
                                array("f64", "(16,)", "(1,)", "C", "device", dev));
        }
        SUBCASE("ndim") {
            expect_mismatch({2.0f, x2, y},
                            "kernel 'saxpy': parameter 1 'x': expected f32[::1], got " +
                                array("f32", "(4, 4)", "(4, 1)", "C", "device", dev) +
                                "; the array has 2 dimensions, the parameter 1: reshape the data "
                                "(UsmArray::from_host(queue, values, shape)) or take a view "
                                "(select, slice)");
        }
        SUBCASE("layout") {
            expect_mismatch({2.0f, x, strided},
                            "kernel 'saxpy': parameter 2 'y': expected f32[::1], got " +
                                array("f32", "(16,)", "(2,)", "A", "device", dev) +
                                "; layout differs: the array is A, the parameter needs C");
        }
        SUBCASE("usm_type") {
            if (dev.info().supports(UsmType::Shared)) {
                auto shared = UsmArray::zeros(q, DType::F32, {16}, UsmType::Shared);
                shared.fill(1.0f).wait();
                expect_mismatch({2.0f, shared, y},
                                "kernel 'saxpy': parameter 1 'x': expected f32[::1], got " +
                                    array("f32", "(16,)", "(1,)", "C", "shared", dev) +
                                    "; usm_type differs (shared vs device)");
            } else {
                MESSAGE("SKIPPED: no shared USM on " << device_label(dev));
            }
        }
        SUBCASE("kind and scalar value") {
            expect_mismatch({x, x, y},
                            "kernel 'saxpy': parameter 0 'alpha': expected a scalar "
                            "f32, got " +
                                array("f32", "(16,)", "(1,)", "C", "device", dev));
            expect_mismatch({0.1, x, y},
                            "kernel 'saxpy': parameter 0 'alpha': expected f32, got a scalar "
                            "0.1:f64; the value does not convert exactly to f32");
        }
        SUBCASE("a queue moved from") {
            Queue moved(dev);
            Queue moved_to = std::move(moved);
            const std::vector<KernelArg> args = {2.0f, x, y};
            const std::string what =
                "kernel 'saxpy': launched on a queue that was moved from; "
                "launch on a queue made for ";
            // NOLINTBEGIN(bugprone-use-after-move)
            CHECK(message_of<InvalidArgumentError>([&] { paths.runtime()(moved, args); }) ==
                  what + "the kernel's device");
            CHECK(message_of<InvalidArgumentError>([&] { paths.specialized()(moved, args); }) ==
                  what + "a device");
            CHECK(message_of<InvalidArgumentError>([&] { paths.on_demand()(moved, args); }) ==
                  what + "a device");
            CHECK(message_of<InvalidArgumentError>([&] { paths.bundle()(moved, args); }) ==
                  what + "the kernel's device");
            // NOLINTEND(bugprone-use-after-move)
        }
        // Nothing ran, nothing compiled: every output still holds 7.
        q.wait();
        CHECK(y.to_vector<float>() == std::vector<float>(16, 7.0f));
        CHECK(y_base.to_vector<float>() == std::vector<float>(32, 7.0f));
        CHECK(paths.eager.launch_count() == 0);
        CHECK(paths.lazy.launch_count() == 0);
        CHECK(paths.eager.compile_count() == 1);
        CHECK(paths.lazy.compile_count() == 0);
    }
}

TEST_CASE(
    "a queue, or an array, of another device: each way of launching refuses it; nothing runs") {
    const std::vector<Device> all = devices_under_test();
    if (all.size() < 2) {
        MESSAGE("SKIPPED: needs two SPIR-V devices, found " << all.size());
        return;
    }
    for (const Device& dev : all) {
        const Device* other = &all[&dev == &all[0] ? 1 : 0];
        INFO("device " << device_label(dev) << ", other device " << device_label(*other));
        Paths paths(dev);
        Queue q(dev);
        auto x = UsmArray::from_host<float>(q, std::vector<float>(16, 1.0f));
        auto y = UsmArray::from_host<float>(q, std::vector<float>(16, 7.0f));
        const std::string specializations =
            " (specializations: " + kSignature + " on " + dev.filter_string() + ")";
        const std::string signature_note = " (signature " + kSignature + ")";
        Queue q1(*other);
        const std::vector<KernelArg> args = {2.0f, x, y};
        CHECK(message_of<InvalidArgumentError>([&] { paths.runtime()(q1, args); }) ==
              "kernel 'saxpy' was built for " + dev.filter_string() + ", the queue is on " +
                  other->filter_string());
        const std::string not_there = "kernel 'saxpy' is not specialized for device " +
                                      other->filter_string() + " ('" + other->name() +
                                      "'); specialize it for that device or launch on a "
                                      "queue of one it has" +
                                      specializations;
        CHECK(message_of<SignatureMismatchError>([&] { paths.specialized()(q1, args); }) ==
              not_there);
        CHECK(message_of<SignatureMismatchError>([&] { paths.on_demand()(q1, args); }) ==
              "kernel 'saxpy': argument 1 lives on " + dev.filter_string() + ", the queue is on " +
                  other->filter_string() +
                  "; compute follows data: launch on a queue of the arrays' device, or "
                  "copy the array there");
        CHECK(message_of<SignatureMismatchError>([&] { paths.bundle()(q1, args); }) == not_there);

        auto elsewhere = UsmArray::zeros(q1, DType::F32, {16});
        const std::vector<KernelArg> mixed = {2.0f, elsewhere, y};
        const std::string what = "kernel 'saxpy': parameter 1 'x': expected f32[::1], got " +
                                 array("f32", "(16,)", "(1,)", "C", "device", *other) +
                                 "; the array lives on " + other->filter_string() +
                                 ", the kernel runs on " + dev.filter_string() +
                                 ": copy it to a USM array there (UsmArray::from_host / copy_from)";
        CHECK(message_of<SignatureMismatchError>([&] { paths.runtime()(q, mixed); }) ==
              what + signature_note);
        CHECK(message_of<SignatureMismatchError>([&] { paths.specialized()(q, mixed); }) ==
              what + specializations);
        CHECK(message_of<SignatureMismatchError>([&] { paths.on_demand()(q, mixed); }) ==
              "kernel 'saxpy': argument 1 lives on " + other->filter_string() +
                  ", the queue is on " + dev.filter_string() +
                  "; compute follows data: launch on a queue of the arrays' device, or "
                  "copy the array there");
        CHECK(message_of<SignatureMismatchError>([&] { paths.bundle()(q, mixed); }) ==
              what + specializations);

        q.wait();
        CHECK(y.to_vector<float>() == std::vector<float>(16, 7.0f));
        CHECK(paths.eager.launch_count() == 0);
        CHECK(paths.lazy.launch_count() == 0);
        CHECK(paths.lazy.compile_count() == 0);
    }
}

TEST_CASE("each way of launching runs a launch whose arguments fit, scalars converted exactly") {
    for (const Device& dev : devices_under_test()) {
        INFO("device " << device_label(dev));
        Paths paths(dev);
        Queue q(dev);
        auto x = UsmArray::from_host<float>(q, std::vector<float>(16, 1.0f));
        auto y = UsmArray::zeros(q, DType::F32, {16});
        float expected = 0.0f;
        auto run = [&](const Paths::Launch& launch, std::vector<KernelArg> args, float alpha) {
            launch(q, args);
            expected += alpha;
            q.wait();
            CHECK(y.to_vector<float>() == std::vector<float>(16, expected));
        };
        run(paths.runtime(), {2.0f, x, y}, 2.0f);
        run(paths.runtime(), {3, x, y}, 3.0f);  // an i32 3 converts exactly to the f32 alpha
        run(paths.specialized(), {2.0f, x, y}, 2.0f);
        run(paths.specialized(), {0.5, x, y}, 0.5f);  // an f64 0.5 too
        run(paths.bundle(), {2.0f, x, y}, 2.0f);
        run(paths.bundle(), {std::int64_t{4}, x, y}, 4.0f);
        run(paths.on_demand(), {2.0f, x, y}, 2.0f);  // compiles for the arguments' types
        run(paths.on_demand(), {2.0f, x, y}, 2.0f);  // then matches that specialization
        run(paths.on_demand(), {0.25, x, y}, 0.25f);
        CHECK(paths.eager.launch_count() == 2);
        CHECK(paths.eager.compile_count() == 1);
        CHECK(paths.lazy.launch_count() == 3);
        CHECK(paths.lazy.compile_count() == 1);
    }
}
