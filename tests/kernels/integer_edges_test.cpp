// The language's integer edge rules on every device, operands read from memory so that nothing
// is folded: x / 0 == x, x % 0 == 0, MIN / -1 == MIN, MIN % -1 == 0, abs(MIN) == MIN, shift
// counts modulo the width, wrapping at 8/16/32/64 bits, and float -> integer casts rounded
// toward zero, saturated, NaN -> 0. Each kernel runs compiled plain and bounds-checked.
#include <doctest/doctest.h>

#include <cmath>
#include <cstdint>
#include <limits>
#include <optional>
#include <string>
#include <type_traits>
#include <vector>

#include "compiler/program.h"
#include "dpk/runtime/launch.h"
#include "tests/kernels/support/dpk_kernels.h"
#include "tests/runtime/support/device_loop.h"

using namespace dpk;
using namespace dpk::runtime;

namespace {

constexpr std::size_t kEdgeRows = 16;
constexpr std::size_t kFlagRows = 4;

KernelImage compile(const std::string& kernel, const std::string& signature, bool check_bounds) {
    compiler::source::Diagnostics diags;
    compiler::CompileOptions options;
    options.check_bounds = check_bounds;
    auto program = compiler::Program::from_file(
        tests::source_path("tests/kernels/dpk/integer_edges.dpk"), diags, options);
    REQUIRE(program);
    const compiler::ast::Function* fn = program->find_kernel(kernel);
    REQUIRE(fn);
    std::optional<KernelImage> k = program->compile(*fn, program->parse_signature(signature));
    INFO(diags.render());
    REQUIRE(k);
    return *k;
}

template <typename T>
constexpr int width = static_cast<int>(8 * sizeof(T));

template <typename T>
using Unsigned = std::make_unsigned_t<T>;

/// The value of `bits` in T (modular, as C++20 defines narrowing to a signed type).
template <typename T>
T wrap(std::uint64_t bits) {
    return static_cast<T>(static_cast<Unsigned<T>>(bits));
}

template <typename T>
T div_ref(T x, T y) {
    if (y == 0) return x;
    if constexpr (std::is_signed_v<T>)
        if (x == std::numeric_limits<T>::min() && y == -1) return x;
    return static_cast<T>(x / y);
}

template <typename T>
T rem_ref(T x, T y) {
    if (y == 0) return 0;
    if constexpr (std::is_signed_v<T>)
        if (y == -1) return 0;
    return static_cast<T>(x % y);
}

template <typename T>
int count_ref(T y) {
    return static_cast<int>(static_cast<std::uint64_t>(y) &
                            static_cast<std::uint64_t>(width<T> - 1));
}

template <typename T>
T shl_ref(T x, T y) {
    return wrap<T>(static_cast<std::uint64_t>(x) << count_ref(y));
}

template <typename T>
T shr_ref(T x, T y) {
    return static_cast<T>(x >> count_ref(y));  // arithmetic on signed (C++20)
}

template <typename T>
T abs_ref(T x) {
    if constexpr (std::is_signed_v<T>)
        if (x < 0) return wrap<T>(std::uint64_t{0} - static_cast<std::uint64_t>(x));
    return x;
}

template <typename T>
T add_ref(T x, T y) {
    return wrap<T>(static_cast<std::uint64_t>(x) + static_cast<std::uint64_t>(y));
}

template <typename T>
T sub_ref(T x, T y) {
    return wrap<T>(static_cast<std::uint64_t>(x) - static_cast<std::uint64_t>(y));
}

template <typename T>
T mul_ref(T x, T y) {
    return wrap<T>(static_cast<std::uint64_t>(x) * static_cast<std::uint64_t>(y));
}

/// Operand pairs: the type's extremes, -1, 0, 1 and ordinary values against divisors and counts
/// 0, -1, 1, width - 1, width, width + 3, 2 * width + 1 and the extremes.
template <typename T>
void edge_operands(std::vector<T>& a, std::vector<T>& b) {
    using L = std::numeric_limits<T>;
    const T w = static_cast<T>(width<T>);
    const std::vector<T> xs = {L::min(),
                               L::max(),
                               static_cast<T>(L::min() + 1),
                               0,
                               1,
                               static_cast<T>(-1),
                               7,
                               static_cast<T>(-7),
                               static_cast<T>(100),
                               static_cast<T>(L::max() / 3)};
    const std::vector<T> ys = {0,
                               static_cast<T>(-1),
                               1,
                               2,
                               static_cast<T>(-2),
                               3,
                               static_cast<T>(w - 1),
                               w,
                               static_cast<T>(w + 3),
                               static_cast<T>(2 * w + 1),
                               L::min(),
                               L::max()};
    for (T x : xs)
        for (T y : ys) {
            a.push_back(x);
            b.push_back(y);
        }
}

template <typename T>
void check_edges(const char* type) {
    const std::string t = type;
    const std::string sig = "void(" + t + "[::1], " + t + "[::1], " + t + "[:, ::1], i32[:, ::1])";
    std::vector<T> a, b;
    edge_operands(a, b);
    const std::size_t n = a.size();
    for (bool checked : {false, true}) {
        const KernelImage image = compile("edges", sig, checked);
        for (const Device& dev : tests::devices_under_test()) {
            INFO("device " << tests::device_label(dev) << ", " << sig
                           << std::string(checked ? ", bounds-checked" : ""));
            Queue q(dev);
            LoadedKernel k(dev, image);
            UsmArray da = UsmArray::from_host<T>(q, a), db = UsmArray::from_host<T>(q, b);
            const auto cols = static_cast<std::int64_t>(n);
            UsmArray out = UsmArray::zeros(q, dtype_of<T>(), {kEdgeRows, cols});
            UsmArray flags = UsmArray::zeros(q, DType::I32, {kFlagRows, cols});
            launch(q, k, Range(n), {da, db, out, flags}).wait();
            const std::vector<T> got = out.to_vector<T>();
            const std::vector<std::int32_t> got_flags = flags.to_vector<std::int32_t>();
            for (std::size_t i = 0; i < n; ++i) {
                const T x = a[i], y = b[i];
                const T want[kEdgeRows] = {div_ref(x, y),
                                           rem_ref(x, y),
                                           div_ref(x, y),
                                           rem_ref(x, y),
                                           shl_ref(x, y),
                                           shr_ref(x, y),
                                           shl_ref(x, y),
                                           shr_ref(x, y),
                                           abs_ref(x),
                                           add_ref(x, y),
                                           sub_ref(x, y),
                                           mul_ref(x, y),
                                           static_cast<T>(~x),
                                           x,
                                           0,
                                           x};
                const T sum = add_ref(x, y);
                const std::int32_t want_flags[kFlagRows] = {
                    sum < x, 1, static_cast<std::int32_t>(static_cast<std::int64_t>(sum)),
                    div_ref(sum, y) < x};
                for (std::size_t r = 0; r < kEdgeRows; ++r) {
                    INFO("row " << r << ", a=" << +x << ", b=" << +y);
                    REQUIRE(+got[r * n + i] == +want[r]);
                }
                for (std::size_t r = 0; r < kFlagRows; ++r) {
                    INFO("flag row " << r << ", a=" << +x << ", b=" << +y);
                    REQUIRE(got_flags[r * n + i] == want_flags[r]);
                }
            }
        }
    }
}

template <typename T>
void check_signed_edges(const char* type) {
    const std::string t = type;
    const std::string sig = "void(" + t + "[::1], " + t + "[:, ::1])";
    using L = std::numeric_limits<T>;
    const std::vector<T> a = {L::min(), static_cast<T>(L::min() + 1), -1, 0, 1, L::max(), -7, 9};
    const std::size_t n = a.size();
    for (bool checked : {false, true}) {
        const KernelImage image = compile("signed_edges", sig, checked);
        for (const Device& dev : tests::devices_under_test()) {
            INFO("device " << tests::device_label(dev) << ", " << sig
                           << std::string(checked ? ", bounds-checked" : ""));
            Queue q(dev);
            LoadedKernel k(dev, image);
            UsmArray da = UsmArray::from_host<T>(q, a);
            UsmArray out = UsmArray::zeros(q, dtype_of<T>(), {5, static_cast<std::int64_t>(n)});
            launch(q, k, Range(n), {da, out}).wait();
            const std::vector<T> got = out.to_vector<T>();
            for (std::size_t i = 0; i < n; ++i) {
                const T x = a[i];
                const T neg = sub_ref<T>(0, x);
                const T want[5] = {neg, 0, neg, neg, static_cast<T>(abs_ref(x) >> 1)};
                for (std::size_t r = 0; r < 5; ++r) {
                    INFO("row " << r << ", a=" << +x);
                    REQUIRE(+got[r * n + i] == +want[r]);
                }
            }
        }
    }
}

/// Float -> T: toward zero, saturated to T's range, NaN -> 0.
template <typename T>
T float_to_int_ref(double v) {
    if (std::isnan(v)) return 0;
    const double t = std::trunc(v);
    if constexpr (std::is_signed_v<T>) {
        const double limit = std::ldexp(1.0, width<T> - 1);
        if (t >= limit) return std::numeric_limits<T>::max();
        if (t <= -limit) return std::numeric_limits<T>::min();
    } else {
        if (t <= 0) return 0;
        if (t >= std::ldexp(1.0, width<T>)) return std::numeric_limits<T>::max();
    }
    return static_cast<T>(t);
}

/// Values around every integer type's limits, as F (rounded to F where not exact).
template <typename F>
std::vector<F> float_operands() {
    std::vector<double> v = {std::nan(""),
                             -std::nan(""),
                             INFINITY,
                             -INFINITY,
                             0.0,
                             -0.0,
                             -0.5,
                             0.5,
                             0.99,
                             -0.99,
                             1.5,
                             -1.5,
                             255.9,
                             256.0,
                             -128.5,
                             -129.0,
                             127.9,
                             128.0,
                             65535.9,
                             65536.0,
                             32767.9,
                             -32768.9,
                             1e30,
                             -1e30,
                             1e300,
                             -1e300,
                             3e9,
                             -3e9,
                             2147483647.0,
                             2147483648.0,
                             -2147483648.0,
                             -2147483649.0,
                             4294967295.0,
                             4294967296.0,
                             9.2233720368547758e18,
                             -9.2233720368547758e18,
                             1.8446744073709552e19,
                             1e19,
                             -1e19,
                             123456.78,
                             -98765.4};
    // The largest values below 2^63 and 2^64 and above -2^63 that F holds exactly.
    for (int e : {31, 32, 63, 64}) {
        v.push_back(static_cast<double>(std::nextafter(static_cast<F>(std::ldexp(1.0, e)), F(0))));
        v.push_back(-static_cast<double>(std::nextafter(static_cast<F>(std::ldexp(1.0, e)), F(0))));
    }
    std::vector<F> out;
    for (double d : v) out.push_back(static_cast<F>(d));
    return out;
}

template <typename F, typename T>
void check_float_to_int(const char* from, const char* to) {
    const std::string sig = std::string("void(") + from + "[::1], " + to + "[::1])";
    const std::vector<F> f = float_operands<F>();
    const std::size_t n = f.size();
    for (bool checked : {false, true}) {
        const KernelImage image = compile("float_to_int", sig, checked);
        for (const Device& dev : tests::devices_under_test()) {
            INFO("device " << tests::device_label(dev) << ", " << sig
                           << std::string(checked ? ", bounds-checked" : ""));
            Queue q(dev);
            LoadedKernel k(dev, image);
            UsmArray df = UsmArray::from_host<F>(q, f);
            UsmArray out = UsmArray::zeros(q, dtype_of<T>(), {static_cast<std::int64_t>(n)});
            launch(q, k, Range(n), {df, out}).wait();
            const std::vector<T> got = out.to_vector<T>();
            for (std::size_t i = 0; i < n; ++i) {
                INFO(std::string(to) << "(" << static_cast<double>(f[i]) << ")");
                CHECK(+got[i] == +float_to_int_ref<T>(static_cast<double>(f[i])));
            }
        }
    }
}

template <typename F>
void check_float_to_every_int(const char* from) {
    check_float_to_int<F, std::int8_t>(from, "i8");
    check_float_to_int<F, std::uint8_t>(from, "u8");
    check_float_to_int<F, std::int16_t>(from, "i16");
    check_float_to_int<F, std::uint16_t>(from, "u16");
    check_float_to_int<F, std::int32_t>(from, "i32");
    check_float_to_int<F, std::uint32_t>(from, "u32");
    check_float_to_int<F, std::int64_t>(from, "i64");
    check_float_to_int<F, std::uint64_t>(from, "u64");
}

}  // namespace

TEST_SUITE("integer_edges") {
    TEST_CASE("i8: division by 0 and MIN / -1, abs(MIN), shift counts modulo 8, wrapping") {
        check_edges<std::int8_t>("i8");
    }
    TEST_CASE("i16: the same at 16 bits") {
        check_edges<std::int16_t>("i16");
    }
    TEST_CASE("i32: the same at 32 bits") {
        check_edges<std::int32_t>("i32");
    }
    TEST_CASE("i64: the same at 64 bits") {
        check_edges<std::int64_t>("i64");
    }
    TEST_CASE("u8: division by 0, shift counts modulo 8, wrapping") {
        check_edges<std::uint8_t>("u8");
    }
    TEST_CASE("u16: the same at 16 bits") {
        check_edges<std::uint16_t>("u16");
    }
    TEST_CASE("u32: the same at 32 bits") {
        check_edges<std::uint32_t>("u32");
    }
    TEST_CASE("u64: the same at 64 bits") {
        check_edges<std::uint64_t>("u64");
    }

    TEST_CASE("signed division by a constant -1, negation and abs at MIN") {
        check_signed_edges<std::int8_t>("i8");
        check_signed_edges<std::int16_t>("i16");
        check_signed_edges<std::int32_t>("i32");
        check_signed_edges<std::int64_t>("i64");
    }

    TEST_CASE("f32 -> every integer type: toward zero, saturated, NaN -> 0") {
        check_float_to_every_int<float>("f32");
    }
    TEST_CASE("f64 -> every integer type: toward zero, saturated, NaN -> 0") {
        check_float_to_every_int<double>("f64");
    }
}
