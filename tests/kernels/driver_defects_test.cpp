// The driver defects dpk avoids (dpk/core/driver_defects.h): each reproducer gives the right
// numbers on every device as compiled by default, and on the driver that has the defect, compiled
// without the workaround, still gives the wrong numbers it is known for — so a driver that no
// longer has a defect shows up here, and the workaround can be dropped for it.
#include <doctest/doctest.h>
#include <fcntl.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <csignal>
#include <cstdint>
#include <cstdlib>
#include <limits>
#include <string>
#include <utility>
#include <vector>

#include "compiler/program.h"
#include "dpk/runtime/launch.h"
#include "tests/kernels/support/dpk_kernels.h"
#include "tests/runtime/support/device_loop.h"
#include "tests/runtime/support/test_kernels.h"

using namespace dpk;
using namespace dpk::runtime;

namespace {

constexpr const char* kFile = "driver_defects.dpk";
/// The default target without any workaround.
constexpr const char* kNoWorkarounds = "opencl/avoids=none";

bool has_defect(const Device& d, DriverDefect defect) {
    return d.info().driver_defects.has(defect);
}

/// How many work-items Intel's CPU runtime puts in one vector: 16 where the processor has
/// AVX-512, 8 with AVX2. Its defects show in patterns of that width, and two of them
/// (negation_across_barrier's first reproducer, not_of_min_max) only with 16.
std::size_t intel_vector_width() {
#if defined(__x86_64__) || defined(__i386__)
    return __builtin_cpu_supports("avx512f") ? 16 : 8;
#else
    return 16;
#endif
}

/// Kernel `name` of kFile compiled bounds-checked for `target` (empty: the default target, which
/// avoids every defect), rounding every operation on its own where `fp_contract` is false.
LoadedKernel checked_kernel(const Device& dev, const char* name, const std::string& target,
                            bool fp_contract = true) {
    compiler::source::Diagnostics diags;
    compiler::CompileOptions options;
    options.fp_contract = fp_contract;
    options.check_bounds = true;
    if (!target.empty()) options.target = *compiler::spirv::TargetProfile::parse(target);
    auto program = compiler::Program::from_file(
        tests::source_path(std::string("tests/kernels/dpk/") + kFile), diags, options);
    REQUIRE_MESSAGE(program, diags.render());
    auto image = program->compile(*program->find_kernel(name), {});
    REQUIRE_MESSAGE(image, diags.render());
    return LoadedKernel(dev, *image);
}

/// Set in the environment of a copy of this test binary that runs a reproducer which crashes
/// the driver (see run_in_child()).
constexpr const char* kChildVariable = "DPK_DRIVER_DEFECTS_CHILD";

/// Runs the test cases `test_case` names (a doctest filter) in a copy of this binary with
/// kChildVariable set, so that a reproducer that kills its process does not kill this one; the
/// copy's wait status.
int run_in_child(const std::string& test_case) {
    std::vector<std::string> env{std::string(kChildVariable) + "=1"};
    for (char** e = environ; *e; ++e) env.emplace_back(*e);
    std::vector<char*> envp;
    for (std::string& e : env) envp.push_back(e.data());
    envp.push_back(nullptr);
    std::string self = "/proc/self/exe", filter = "--test-case=" + test_case;
    std::string quiet = "--minimal";  // its output, and the driver's crash report, dropped
    char* argv[] = {self.data(), filter.data(), quiet.data(), nullptr};
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0);
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0);
    pid_t child = 0;
    const int spawned = posix_spawn(&child, self.c_str(), &actions, nullptr, argv, envp.data());
    posix_spawn_file_actions_destroy(&actions);
    REQUIRE(spawned == 0);
    int status = 0;
    REQUIRE(::waitpid(child, &status, 0) == child);
    return status;
}

/// Runs `test_case` in a copy of this binary (run_in_child()) and checks that it died of a
/// segmentation fault: the defect is still there (when this fails, the driver was fixed).
void check_faults_in_child(const std::string& test_case) {
    const int status = run_in_child(test_case);
    CHECK(WIFSIGNALED(status));
    if (WIFSIGNALED(status)) CHECK(WTERMSIG(status) == SIGSEGV);
}

/// Launches paired_gather_index; a fault ends the process.
void run_paired_gather_index(const Device& dev, const std::string& target) {
    Queue q(dev);
    std::vector<std::int32_t> x(64);
    for (std::size_t i = 0; i < x.size(); ++i) x[i] = static_cast<std::int32_t>(i * 7 % 64);
    UsmArray in = UsmArray::from_host<std::int32_t>(q, x);
    UsmArray out = UsmArray::zeros(q, DType::I32, {64});
    LoadedKernel k = tests::dpk_kernel(dev, kFile, "paired_gather_index", "", target);
    launch(q, k, Range(64), Range(64), {in, out}).wait();
    // min(x, MIN) & 63 = 0: every work-item loads x[(x[0] - 32) & 63] = x[32].
    CHECK(out.to_vector<std::int32_t>() == std::vector<std::int32_t>(64, x[32]));
}

/// Launches copy_under_branch bounds-checked (one group of 4, one turn of its loop); a fault
/// ends the process.
std::vector<std::uint16_t> run_copy_under_branch(const Device& dev, const std::string& target) {
    Queue q(dev);
    std::vector<std::uint16_t> a(64);
    for (std::size_t i = 0; i < a.size(); ++i) a[i] = static_cast<std::uint16_t>(1000 + i);
    UsmArray da = UsmArray::from_host<std::uint16_t>(q, a);
    UsmArray db = UsmArray::from_host<std::uint8_t>(q, std::vector<std::uint8_t>(8, 5));
    UsmArray out = UsmArray::zeros(q, DType::U16, {4});
    LoadedKernel k = checked_kernel(dev, "copy_under_branch", target);
    launch(q, k, Range(4), Range(4), {da, db, std::int64_t{5}, out}).wait();
    // The tile holds a[23 .. 33]; b[0] = 5 picks a[28].
    return out.to_vector<std::uint16_t>();
}

std::vector<std::uint64_t> run_varying_loop_exit(const Device& dev, const std::string& target) {
    Queue q(dev);
    std::vector<std::int32_t> a(32);
    for (std::size_t i = 0; i < a.size(); ++i) a[i] = static_cast<std::int32_t>(3 * i);
    UsmArray da = UsmArray::from_host<std::int32_t>(q, a);
    UsmArray o = UsmArray::zeros(q, DType::U64, {32});
    LoadedKernel k = tests::dpk_kernel(dev, kFile, "varying_loop_exit", "", target);
    launch(q, k, Range(32), Range(32), {da, o}).wait();
    return o.to_vector<std::uint64_t>();
}

std::vector<float> run_negation(const Device& dev, const std::string& target) {
    Queue q(dev);
    std::vector<float> x(16);
    for (std::size_t i = 0; i < x.size(); ++i) x[i] = static_cast<float>((i + 1) * (i + 1));
    UsmArray dx = UsmArray::from_host<float>(q, x);
    UsmArray out = UsmArray::zeros(q, DType::F32, {16});
    LoadedKernel k = tests::dpk_kernel(dev, kFile, "negation_across_barrier", "", target);
    launch(q, k, Range(16), Range(8), {dx, out}).wait();
    return out.to_vector<float>();
}

std::vector<std::int64_t> run_not_of_global_id(const Device& dev, const std::string& target) {
    Queue q(dev);
    UsmArray o = UsmArray::zeros(q, DType::I64, {64});
    LoadedKernel k = tests::dpk_kernel(dev, kFile, "not_of_global_id", "", target);
    launch(q, k, Range(64), Range(64), {o}).wait();
    return o.to_vector<std::int64_t>();
}

}  // namespace

TEST_SUITE("driver_defects") {
    TEST_CASE("varying_loop_exit: a value left by a loop of varying trip count, after a barrier") {
        // The loop runs (3i & 7) + 2 times: an even count leaves 253, an odd one ~(253 + 8).
        auto want = [](std::size_t i) {
            return ((3 * i) & 7) % 2 == 0 ? std::uint64_t{253} : ~std::uint64_t{261};
        };
        for (const Device& dev : tests::devices_under_test()) {
            INFO("device " << tests::device_label(dev));
            std::vector<std::uint64_t> got = run_varying_loop_exit(dev, "");
            for (std::size_t i = 0; i < got.size(); ++i) CHECK(got[i] == want(i));
            if (has_defect(dev, DriverDefect::VaryingLoopExit)) {
                std::vector<std::uint64_t> bad = run_varying_loop_exit(dev, kNoWorkarounds);
                // Every work-item has the last one's value (i = 31: ~261).
                for (std::uint64_t v : bad) CHECK(v == want(31));
            }
        }
    }

    TEST_CASE("negation_across_barrier: a value negated after the barrier it was read before") {
        auto want = [](std::size_t i) {
            auto x = [](std::size_t j) { return static_cast<float>((j + 1) * (j + 1)); };
            const std::size_t g = i / 8 * 8, l = i % 8;
            const float a = x(g + (l + 3) % 8), b = x(g + (l + 5) % 8);
            return b / (std::sqrt(a) + 0.5f);
        };
        for (const Device& dev : tests::devices_under_test()) {
            INFO("device " << tests::device_label(dev));
            std::vector<float> got = run_negation(dev, "");
            for (std::size_t i = 0; i < got.size(); ++i) CHECK(got[i] == doctest::Approx(want(i)));
            if (has_defect(dev, DriverDefect::NegationAcrossBarrier)) {
                std::vector<float> bad = run_negation(dev, kNoWorkarounds);
                if (intel_vector_width() == 16) {
                    // Work-item 0 divides by the last work-item's sqrt(a) + 0.5 (a = x[2] = 9).
                    CHECK(bad[0] == doctest::Approx(36.0f / 3.5f));
                    CHECK(bad[0] != doctest::Approx(want(0)));
                } else {  // 8-wide: both work-groups of 8 fill one vector; right there
                    for (std::size_t i = 0; i < bad.size(); ++i)
                        CHECK(bad[i] == doctest::Approx(want(i)));
                }
            }
        }
    }

    TEST_CASE("negation_across_barrier: -0.0 - x in a loop with a barrier") {
        auto run = [](const Device& dev, const std::string& target) {
            Queue q(dev);
            UsmArray out = UsmArray::zeros(q, DType::I32, {5});
            LoadedKernel k = tests::dpk_kernel(dev, kFile, "negation_as_subtraction", "", target);
            launch(q, k, Range(5), Range(5), {out}).wait();
            return out.to_vector<std::int32_t>();
        };
        for (const Device& dev : tests::devices_under_test()) {
            INFO("device " << tests::device_label(dev));
            // Without the workaround Intel's runtime gave INT_MIN everywhere in most runs, not
            // in all: only the right answer is checked.
            CHECK(run(dev, "") == std::vector<std::int32_t>{0, -1, -2, -3, -4});
        }
    }

    TEST_CASE("reassociated_loops: a product in a loop of varying trip count, then a barrier") {
        // Without the workaround, on that driver, some work-items' products come back rounded
        // otherwise than once per multiplication (work-item 12: v * 3^12 rounded once), off by
        // a few units in the last place.
        auto run = [](const Device& dev, const std::string& target) {
            Queue q(dev);
            UsmArray x = UsmArray::from_host<double>(q, {1e-30});
            UsmArray out = UsmArray::zeros(q, DType::F64, {17});
            LoadedKernel k = tests::dpk_kernel(dev, kFile, "product_before_barrier", "", target);
            launch(q, k, Range(17), Range(17), {x, out}).wait();
            return out.to_vector<double>();
        };
        std::vector<double> stepwise(17);
        for (std::size_t l = 0; l < 17; ++l) {
            double v = 1e-30;
            for (std::size_t k = 0; k < (l & 15); ++k) v *= 3.0;
            stepwise[l] = v;
        }
        REQUIRE(stepwise[12] != 1e-30 * 531441.0);  // the inputs tell the roundings apart
        for (const Device& dev : tests::devices_under_test()) {
            INFO("device " << tests::device_label(dev));
            CHECK(run(dev, "") == stepwise);
            if (has_defect(dev, DriverDefect::ReassociatedLoops)) {
                const std::vector<double> got = run(dev, kNoWorkarounds);
                CHECK(got != stepwise);  // still there: when this fails, the driver was fixed
                for (std::size_t l = 0; l < got.size(); ++l)
                    CHECK(std::fabs(got[l] - stepwise[l]) <= 4e-16 * std::fabs(stepwise[l]));
            }
        }
    }

    TEST_CASE("PoCL's loop shapes: a barrier in a uniform loop around dependent loops builds") {
        for (const Device& dev : tests::devices_under_test()) {
            INFO("device " << tests::device_label(dev));
            Queue q(dev);
            UsmArray count = UsmArray::zeros(q, DType::I32, {1});
            LoadedKernel k = tests::dpk_kernel(dev, kFile, "barrier_around_dependent_loops");
            launch(q, k, Range(8), Range(4), {std::int64_t{3}, count}).wait();
            // Each of the 8 work-items: t = 1 runs 3 * 1 inner iterations (t = 0 none).
            CHECK(count.to_vector<std::int32_t>() == std::vector<std::int32_t>{24});
        }
    }

    TEST_CASE("not_of_min_max: ~max(a, b) of 64-bit integers") {
        auto run = [](const Device& dev, const std::string& target) {
            Queue q(dev);
            UsmArray in0 = UsmArray::from_host<std::uint64_t>(q, {2, 7893771912104578429u});
            UsmArray out = UsmArray::zeros(q, DType::I64, {15});
            LoadedKernel k = tests::dpk_kernel(dev, kFile, "not_of_min_max", "", target);
            launch(q, k, Range(15), Range(5), {in0, out}).wait();
            return out.to_vector<std::int64_t>();
        };
        for (const Device& dev : tests::devices_under_test()) {
            INFO("device " << tests::device_label(dev));
            CHECK(run(dev, "") ==
                  std::vector<std::int64_t>(15, ~std::int64_t{7893771912104578429}));
            // Without the workaround: ~ lost with 16-wide vectors, right with 8-wide ones.
            if (has_defect(dev, DriverDefect::NotOfMinMax))
                CHECK(run(dev, kNoWorkarounds) ==
                      std::vector<std::int64_t>(15, intel_vector_width() == 16
                                                        ? 7893771912104578429
                                                        : ~std::int64_t{7893771912104578429}));
        }
    }

    TEST_CASE("negation_across_barrier: x / -1.0 after a barrier") {
        // Found in bounds-checked mode; checked here as compiled by default.
        std::vector<double> x{0.3, 0.7, 3.0, 0.6, 0.9};
        for (const Device& dev : tests::devices_under_test()) {
            INFO("device " << tests::device_label(dev));
            Queue q(dev);
            UsmArray dx = UsmArray::from_host<double>(q, x);
            UsmArray out = UsmArray::zeros(q, DType::F64, {5});
            LoadedKernel k = tests::dpk_kernel(dev, kFile, "negation_as_division");
            launch(q, k, Range(5), Range(5), {dx, out}).wait();
            std::vector<double> got = out.to_vector<double>();
            for (std::size_t i = 0; i < x.size(); ++i) CHECK(got[i] == -std::fmod(1.0, x[i]));
        }
    }

    TEST_CASE("negation_across_barrier: bounds-checked, a negated difference in a loop") {
        auto run = [](const Device& dev, const std::string& target) {
            LoadedKernel k = checked_kernel(dev, "negated_difference_checked", target);
            Queue q(dev);
            std::vector<std::uint8_t> x(64);
            for (std::size_t i = 0; i < x.size(); ++i)
                x[i] = static_cast<std::uint8_t>((i * 37 + 127) & 255);
            UsmArray in = UsmArray::from_host<std::uint8_t>(q, x);
            UsmArray o = UsmArray::zeros(q, DType::I16, {136});
            launch(q, k, Range(34), Range(17), {in, o}).wait();
            return o.to_vector<std::int16_t>();
        };
        for (const Device& dev : tests::devices_under_test()) {
            INFO("device " << tests::device_label(dev));
            // Work-item 0 of each group negates a[0] - a[0]: every work-item reads back 0.
            const std::vector<std::int16_t> o = run(dev, "");
            for (std::size_t i = 0; i < 34; ++i) {
                INFO("work-item " << i);
                CHECK(o[4 * i] == 0);
            }
            if (has_defect(dev, DriverDefect::NegationAcrossBarrier)) {
                // Still there: the group reads the last work-item's value (when this fails, the
                // driver was fixed).
                const std::vector<std::int16_t> bad = run(dev, kNoWorkarounds);
                std::size_t wrong = 0;
                for (std::size_t i = 0; i < 34; ++i) wrong += bad[4 * i] != 0;
                CHECK(wrong > 0);
            }
        }
    }

    TEST_CASE("anchored_returns: a varying return in a function called after a barrier") {
        // pick(0, 0) = max(0, 0) ^ 0 = 0 into out0[1]; out0[0] keeps its 7.
        for (const Device& dev : tests::devices_under_test()) {
            INFO("device " << tests::device_label(dev));
            Queue q(dev);
            UsmArray in0 = UsmArray::from_host<std::int32_t>(q, std::vector<std::int32_t>(64, 1));
            UsmArray in1 = UsmArray::from_host<std::uint16_t>(q, std::vector<std::uint16_t>(64, 1));
            UsmArray out = UsmArray::from_host<std::int16_t>(q, std::vector<std::int16_t>{7, 7});
            LoadedKernel k = tests::dpk_kernel(dev, kFile, "anchored_returns");
            launch(q, k, Range(1), Range(1), {in0, in1, std::uint32_t{0}, out}).wait();
            CHECK(out.to_vector<std::int16_t>() == std::vector<std::int16_t>{7, 0});
        }
    }

    TEST_CASE("zero_quotient: 0 / x of an integer x converted to float, then multiplied") {
        auto run = [](const Device& dev, const std::string& target) {
            Queue q(dev);
            UsmArray in0 = UsmArray::from_host<std::uint8_t>(q, {0, 1, 2, 0, 255, 0, 7, 3});
            UsmArray out0 = UsmArray::zeros(q, DType::F64, {8});
            UsmArray out1 = UsmArray::zeros(q, DType::F32, {8});
            LoadedKernel k = tests::dpk_kernel(dev, kFile, "zero_quotient", "", target);
            launch(q, k, Range(8), Range(8), {in0, out0, out1}).wait();
            return std::pair{out0.to_vector<double>(), out1.to_vector<float>()};
        };
        // x = 0: 0 / 0 is NaN, and so is all that follows; otherwise -0.0 / x * 2x = -0.0 and
        // 0 / x * 2 = 0.
        const std::vector<bool> zero{true, false, false, true, false, true, false, false};
        for (const Device& dev : tests::devices_under_test()) {
            INFO("device " << tests::device_label(dev));
            const auto [f64s, f32s] = run(dev, "");
            for (std::size_t i = 0; i < zero.size(); ++i) {
                INFO("work-item " << i);
                CHECK(std::isnan(f64s[i]) == zero[i]);
                if (!zero[i]) CHECK(f64s[i] == 351.8909693409116);
                CHECK(std::isnan(f32s[i]) == zero[i]);
                if (!zero[i]) CHECK(f32s[i] == 0.0f);
            }
            if (has_defect(dev, DriverDefect::ZeroQuotient)) {
                // Still there: the NaNs are lost (when this fails, the driver was fixed).
                const auto [bad64, bad32] = run(dev, kNoWorkarounds);
                CHECK(bad64[0] == 351.8909693409116);
                CHECK(bad32[0] == 0.0f);
            }
        }
    }

    TEST_CASE("zero_quotient: bounds-checked, without contraction, in a device function") {
        auto run = [](const Device& dev, const std::string& target) {
            LoadedKernel k = checked_kernel(dev, "zero_quotient_checked", target, false);
            Queue q(dev);
            UsmArray in1 = UsmArray::from_host<std::int32_t>(q, {0, 0, 0, 0});
            UsmArray out1 = UsmArray::zeros(q, DType::F64, {13});
            launch(q, k, Range(13), Range(13), {in1, out1}).wait();
            return out1.to_vector<double>();
        };
        for (const Device& dev : tests::devices_under_test()) {
            INFO("device " << tests::device_label(dev));
            for (double v : run(dev, "")) CHECK(std::isnan(v));
            if (has_defect(dev, DriverDefect::ZeroQuotient))
                for (double v : run(dev, kNoWorkarounds)) CHECK(v == 351.8909693409116);
        }
    }

    TEST_CASE("lost_strided_stores: a strided store after a barrier is made by every work-item") {
        auto run = [](const Device& dev, const std::string& target) {
            Queue q(dev);
            std::vector<std::int32_t> x(64);
            for (std::size_t i = 0; i < x.size(); ++i) x[i] = static_cast<std::int32_t>(i) * 5;
            UsmArray in = UsmArray::from_host<std::int32_t>(q, x);
            UsmArray a = UsmArray::zeros(q, DType::F64, {128});
            UsmArray o = UsmArray::zeros(q, DType::F64, {384});
            LoadedKernel k = tests::dpk_kernel(dev, kFile, "lost_strided_stores", "", target);
            launch(q, k, Range(128), Range(64), {in, a, o}).wait();
            return std::pair{a.to_vector<double>(), o.to_vector<double>()};
        };
        for (const Device& dev : tests::devices_under_test()) {
            INFO("device " << tests::device_label(dev));
            const auto [a, o] = run(dev, "");
            for (std::size_t i = 0; i < 128; ++i) {
                INFO("work-item " << i);
                CHECK(a[i] == 5.0 * static_cast<double>((i + 1) & 63));
                CHECK(o[3 * i] == 7.0);
                CHECK(o[3 * i + 1] == 0.0);
            }
            if (has_defect(dev, DriverDefect::LostStridedStores)) {
                // Still there: all but the first vector of work-items of each group (16 or 8)
                // store nothing (when this fails, the driver was fixed).
                const std::size_t w = intel_vector_width();
                const auto bad = run(dev, kNoWorkarounds).second;
                CHECK(bad[3 * (w - 1)] == 7.0);
                CHECK(bad[3 * w] == 0.0);
                CHECK(bad[3 * 63] == 0.0);
            }
        }
    }

    TEST_CASE("lost_strided_stores: a wrapped load stored with a stride after a barrier") {
        // The second form (no store before the barrier): the value stored is another
        // work-item's, not lost.
        std::vector<std::int32_t> x(64);
        for (std::size_t i = 0; i < x.size(); ++i) x[i] = static_cast<std::int32_t>(i * i) - 100;
        auto run = [&x](const Device& dev, const std::string& target) {
            Queue q(dev);
            UsmArray in = UsmArray::from_host<std::int32_t>(q, x);
            UsmArray o = UsmArray::zeros(q, DType::I32, {576});
            LoadedKernel k =
                tests::dpk_kernel(dev, kFile, "strided_store_of_wrapped_load", "", target);
            launch(q, k, Range(192), Range(64), {in, o}).wait();
            return o.to_vector<std::int32_t>();
        };
        for (const Device& dev : tests::devices_under_test()) {
            INFO("device " << tests::device_label(dev));
            const std::vector<std::int32_t> o = run(dev, "");
            for (std::size_t i = 0; i < 192; ++i) {
                INFO("work-item " << i);
                CHECK(o[3 * i] == x[(i + 1) & 63]);
                CHECK(o[3 * i + 1] == 0);
            }
            if (has_defect(dev, DriverDefect::LostStridedStores)) {
                // Still there with 8-wide vectors: work-items store another's value (when this
                // fails, the driver was fixed); right with 16-wide ones (AVX-512).
                const std::vector<std::int32_t> bad = run(dev, kNoWorkarounds);
                std::size_t wrong = 0;
                for (std::size_t i = 0; i < 192; ++i) wrong += bad[3 * i] != x[(i + 1) & 63];
                MESSAGE("without the workaround " << wrong << " of 192 work-items store wrong ("
                                                  << intel_vector_width() << "-wide vectors)");
                if (intel_vector_width() == 8)
                    CHECK(wrong > 0);
                else
                    CHECK(wrong == 0);
            }
        }
    }

    TEST_CASE("uniform_private_fill: a private array filled by its only store") {
        auto run = [](const Device& dev, const std::string& target) {
            Queue q(dev);
            UsmArray o = UsmArray::zeros(q, DType::I64, {64});
            LoadedKernel k = tests::dpk_kernel(dev, kFile, "uniform_private_fill", "", target);
            launch(q, k, Range(64), Range(16), {std::uint32_t{5}, o}).wait();
            return o.to_vector<std::int64_t>();
        };
        for (const Device& dev : tests::devices_under_test()) {
            INFO("device " << tests::device_label(dev));
            for (std::int64_t v : run(dev, "")) CHECK(v == 5);
            if (has_defect(dev, DriverDefect::UniformPrivateFill)) {
                // Still there: some work-items read something else (what the stack held, so not
                // a fixed value; when this fails, the driver was fixed).
                const std::vector<std::int64_t> bad = run(dev, kNoWorkarounds);
                CHECK(std::count(bad.begin(), bad.end(), 5) < 64);
            }
        }
    }

    TEST_CASE("not_of_global_id: ~global_id + local_id") {
        for (const Device& dev : tests::devices_under_test()) {
            INFO("device " << tests::device_label(dev));
            for (std::int64_t v : run_not_of_global_id(dev, "")) CHECK(v == -1);
            if (has_defect(dev, DriverDefect::NotOfGlobalId)) {
                // Each vector of work-items after the first is off by its width.
                const auto w = static_cast<std::int64_t>(intel_vector_width());
                std::vector<std::int64_t> bad = run_not_of_global_id(dev, kNoWorkarounds);
                CHECK(bad[0] == -1);
                CHECK(bad[w] == w - 1);
                CHECK(bad[63] == 63 - w);
            }
        }
    }

    TEST_CASE("sign_of_negation: (-x) >> (width - 1) of x = MIN, at every width") {
        auto run = [](const Device& dev, const std::string& target) {
            Queue q(dev);
            UsmArray out = UsmArray::zeros(q, DType::I64, {7});
            LoadedKernel k = tests::dpk_kernel(dev, kFile, "sign_of_negation", "", target);
            launch(q, k, Range(1), Range(1),
                   {std::numeric_limits<std::int64_t>::min(), std::int64_t{1}, out})
                .wait();
            return out.to_vector<std::int64_t>();
        };
        for (const Device& dev : tests::devices_under_test()) {
            INFO("device " << tests::device_label(dev));
            // -MIN wraps to MIN, whose sign is -1.
            CHECK(run(dev, "") == std::vector<std::int64_t>(7, -1));
            if (has_defect(dev, DriverDefect::SignOfNegation))  // still there: 0 everywhere
                CHECK(run(dev, kNoWorkarounds) == std::vector<std::int64_t>(7, 0));
        }
    }

    TEST_CASE("remainder_of_nan: a float remainder of a NaN from a remainder by zero") {
        auto run = [](const Device& dev, const std::string& target) {
            Queue q(dev);
            UsmArray out0 = UsmArray::zeros(q, DType::F64, {2});
            UsmArray out1 = UsmArray::zeros(q, DType::F32, {2});
            LoadedKernel k = tests::dpk_kernel(dev, kFile, "remainder_of_nan", "", target);
            launch(q, k, Range(1), Range(1), {std::uint32_t{33}, std::uint32_t{0}, out0, out1})
                .wait();
            return std::pair{out0.to_vector<double>(), out1.to_vector<float>()};
        };
        for (const Device& dev : tests::devices_under_test()) {
            INFO("device " << tests::device_label(dev));
            const auto [f64s, f32s] = run(dev, "");
            for (double v : f64s) CHECK(std::isnan(v));
            for (float v : f32s) CHECK(std::isnan(v));
            if (has_defect(dev, DriverDefect::RemainderOfNan)) {
                // Still there: finite numbers (when this fails, the driver was fixed).
                const auto [bad64, bad32] = run(dev, kNoWorkarounds);
                CHECK(bad64[0] == -1.0);
                CHECK(bad32[0] == -1.0f);
            }
        }
    }

    TEST_CASE("negated_min_max: a negation in two chained signed min or max") {
        // ptxas's defect (docs/cuda.md): the translator's way around it has no switch, so only
        // the right numbers are checked, on every device. -c is the largest of the three for
        // even i and the smallest for odd i, so that a lost negation changes every result.
        constexpr std::size_t n = 64;
        std::vector<std::int32_t> a(n), b(n), c(n);
        for (std::size_t i = 0; i < n; ++i) {
            const auto s = static_cast<std::int32_t>(i);
            a[i] = 2 - s % 7;
            b[i] = -9 + s % 5;
            c[i] = s % 2 == 0 ? -11 - s : 20 + s;
        }
        std::vector<std::int32_t> want(6 * n);
        std::vector<std::int16_t> want16(n);
        std::vector<std::int8_t> want8(n);
        for (std::size_t i = 0; i < n; ++i) {
            want[6 * i + 0] = std::max({a[i], b[i], -c[i]});
            want[6 * i + 1] = std::min({a[i], b[i], -c[i]});
            want[6 * i + 2] = std::max({a[i], b[i], -c[i]});
            want[6 * i + 3] = std::min({a[i], b[i], -c[i]});
            want[6 * i + 4] = std::max({-a[i], -b[i], -c[i]});
            want[6 * i + 5] = std::max({a[i], b[i], -c[i]});
            want16[i] = static_cast<std::int16_t>(std::min({a[i], b[i], -c[i]}));
            want8[i] = static_cast<std::int8_t>(std::max({a[i], b[i], -c[i]}));
        }
        for (const Device& dev : tests::devices_under_test()) {
            INFO("device " << tests::device_label(dev));
            Queue q(dev);
            UsmArray da = UsmArray::from_host<std::int32_t>(q, a);
            UsmArray db = UsmArray::from_host<std::int32_t>(q, b);
            UsmArray dc = UsmArray::from_host<std::int32_t>(q, c);
            UsmArray o = UsmArray::zeros(q, DType::I32, {6 * n});
            UsmArray h = UsmArray::zeros(q, DType::I16, {n});
            UsmArray e = UsmArray::zeros(q, DType::I8, {n});
            LoadedKernel k = tests::dpk_kernel(dev, kFile, "negated_min_max", "", "");
            launch(q, k, Range(n), Range(32), {da, db, dc, o, h, e}).wait();
            CHECK(o.to_vector<std::int32_t>() == want);
            CHECK(h.to_vector<std::int16_t>() == want16);
            CHECK(e.to_vector<std::int8_t>() == want8);
        }
    }

    TEST_CASE("copy_under_branch: a bounds-checked copy in a loop with barriers") {
        for (const Device& dev : tests::devices_under_test()) {
            INFO("device " << tests::device_label(dev));
            CHECK(run_copy_under_branch(dev, "") == std::vector<std::uint16_t>(4, 1028));
            // Without the workaround PoCL's kernel faults, so it runs in a copy of this binary.
            if (has_defect(dev, DriverDefect::CopyUnderBranch))
                check_faults_in_child("copy_under_branch: without the workaround*");
        }
    }

    TEST_CASE("copy_under_branch: without the workaround (in a child process only)") {
        if (!std::getenv(kChildVariable)) return;  // run_in_child() runs it
        for (const Device& dev : tests::devices_under_test())
            if (has_defect(dev, DriverDefect::CopyUnderBranch))
                run_copy_under_branch(dev, kNoWorkarounds);
    }

    TEST_CASE("paired_gather_index: a uniform 32-bit index from a loaded value") {
        for (const Device& dev : tests::devices_under_test()) {
            INFO("device " << tests::device_label(dev));
            run_paired_gather_index(dev, "");
            // Without the workaround the kernel faults (8-wide vectors; with 16 not seen), so
            // it runs in a copy of this binary.
            if (has_defect(dev, DriverDefect::PairedGatherIndex) && intel_vector_width() == 8)
                check_faults_in_child("paired_gather_index: without the workaround*");
        }
    }

    TEST_CASE("paired_gather_index: without the workaround (in a child process only)") {
        if (!std::getenv(kChildVariable)) return;  // run_in_child() runs it
        for (const Device& dev : tests::devices_under_test())
            if (has_defect(dev, DriverDefect::PairedGatherIndex))
                run_paired_gather_index(dev, kNoWorkarounds);
    }
}
