// Fortran-ordered arrays (f32[::1, :]) and strided views (UsmArray slices and transposes) passed
// to any-layout (f32[:, :]) parameters.
#include <doctest/doctest.h>

#include <vector>

#include "dpk/core/error.h"
#include "dpk/runtime/launch.h"
#include "tests/kernels/support/dpk_kernels.h"
#include "tests/runtime/support/device_loop.h"

using namespace dpk;
using namespace dpk::runtime;

namespace {

/// rows x cols values in C order: v[r * cols + c] = r * 1.5 + c * 0.25 - 3.
std::vector<float> grid(std::int64_t rows, std::int64_t cols) {
    std::vector<float> v(rows * cols);
    for (std::int64_t r = 0; r < rows; ++r)
        for (std::int64_t c = 0; c < cols; ++c)
            v[r * cols + c] = static_cast<float>(r) * 1.5f + static_cast<float>(c) * 0.25f - 3.0f;
    return v;
}

}  // namespace

TEST_SUITE("layouts") {
    TEST_CASE("Fortran-ordered arrays (f32[::1, :])") {
        const std::int64_t R = 24, C = 10;
        std::vector<float> host = grid(R, C);
        for (const Device& dev : tests::devices_under_test()) {
            INFO("device " << tests::device_label(dev));
            Queue q(dev);
            LoadedKernel k = tests::dpk_kernel(dev, "layouts.dpk", "scale_f");
            UsmArray a = UsmArray::empty(q, DType::F32, {R, C}, UsmType::Device, Layout::F);
            a.copy_from_host(host.data(), host.size() * sizeof(float), Layout::C);
            UsmArray out = UsmArray::zeros(q, DType::F32, {R, C}, UsmType::Device, Layout::F);
            REQUIRE(a.layout() == Layout::F);
            launch(q, k, Range(R, C), {a, out}).wait();
            std::vector<float> r = out.to_vector<float>();  // C order
            for (std::int64_t i = 0; i < R; ++i)
                for (std::int64_t j = 0; j < C; ++j)
                    REQUIRE(r[i * C + j] ==
                            2.0f * host[i * C + j] + static_cast<float>(100 * i + j));

            // A C-ordered array is refused by the F parameter, before anything runs.
            UsmArray c_order = UsmArray::zeros(q, DType::F32, {R, C});
            CHECK_THROWS_AS(launch(q, k, Range(R, C), {c_order, out}), SignatureMismatchError);
        }
    }

    TEST_CASE("strided views (slices, transposes) into an any-layout parameter") {
        const std::int64_t R = 20, C = 30;
        std::vector<float> host = grid(R, C);
        for (const Device& dev : tests::devices_under_test()) {
            INFO("device " << tests::device_label(dev));
            Queue q(dev);
            LoadedKernel copy = tests::dpk_kernel(dev, "layouts.dpk", "copy_any");
            LoadedKernel info = tests::dpk_kernel(dev, "layouts.dpk", "array_info");
            UsmArray base = UsmArray::from_host<float>(q, host, {R, C});

            // Rows 2, 5, 8, ... and columns 3, 5, 7, ...: strides (3 * C, 2), offset.
            UsmArray view = base.slice(0, 2, R, 3).slice(1, 3, C, 2);
            REQUIRE(view.layout() == Layout::Any);
            const std::int64_t vr = view.shape()[0], vc = view.shape()[1];
            UsmArray out = UsmArray::zeros(q, DType::F32, {vr, vc});
            launch(q, copy, Range(8, 16), {view, out}).wait();  // larger than the view: guarded
            std::vector<float> r = out.to_vector<float>();
            for (std::int64_t i = 0; i < vr; ++i)
                for (std::int64_t j = 0; j < vc; ++j)
                    REQUIRE(r[i * vc + j] == host[(2 + 3 * i) * C + 3 + 2 * j] + 0.5f);

            UsmArray meta = UsmArray::zeros(q, DType::I64, {5});
            launch(q, info, Range(1), {view, meta}).wait();
            CHECK(meta.to_vector<std::int64_t>() ==
                  std::vector<std::int64_t>{vr, vc, 3 * C, 2, vr * vc});

            // The transpose: an F-contiguous view of a C array, read through its strides.
            UsmArray t = base.transpose();
            UsmArray out_t = UsmArray::zeros(q, DType::F32, {C, R});
            launch(q, copy, Range(C, R), {t, out_t}).wait();
            std::vector<float> rt = out_t.to_vector<float>();
            for (std::int64_t i = 0; i < C; ++i)
                for (std::int64_t j = 0; j < R; ++j)
                    REQUIRE(rt[i * R + j] == host[j * C + i] + 0.5f);
            launch(q, info, Range(1), {t, meta}).wait();
            CHECK(meta.to_vector<std::int64_t>() == std::vector<std::int64_t>{C, R, 1, C, R * C});
        }
    }

    TEST_CASE("writes through a strided view change only the viewed elements") {
        const std::int64_t R = 12, C = 9;
        for (const Device& dev : tests::devices_under_test()) {
            INFO("device " << tests::device_label(dev));
            Queue q(dev);
            LoadedKernel fill = tests::dpk_kernel(dev, "layouts.dpk", "fill_any");
            std::vector<float> host(R * C, -1.0f);
            UsmArray base = UsmArray::from_host<float>(q, host, {R, C});
            UsmArray view = base.slice(0, 1, R, 2).slice(1, 0, C, 4);  // rows 1,3,..; cols 0,4,8
            launch(q, fill, Range(view.shape()[0], view.shape()[1]), {view, 1000.0f}).wait();
            std::vector<float> r = base.to_vector<float>();
            for (std::int64_t i = 0; i < R; ++i)
                for (std::int64_t j = 0; j < C; ++j) {
                    bool in_view = i % 2 == 1 && j % 4 == 0;
                    float want =
                        in_view ? 1000.0f + static_cast<float>((i / 2) * 10 + j / 4) : -1.0f;
                    REQUIRE(r[i * C + j] == want);
                }
        }
    }

    TEST_CASE("a 1-d strided view into f32[:], and 3-d F, any and C arrays") {
        for (const Device& dev : tests::devices_under_test()) {
            INFO("device " << tests::device_label(dev));
            Queue q(dev);
            LoadedKernel neg = tests::dpk_kernel(dev, "layouts.dpk", "negate_strided");
            std::vector<float> host(100);
            for (std::size_t i = 0; i < host.size(); ++i) host[i] = static_cast<float>(i);
            UsmArray base = UsmArray::from_host<float>(q, host);
            UsmArray every3 = base.slice(0, 1, 100, 3);  // 1, 4, ..., 97: 33 elements
            const std::int64_t m = every3.shape()[0];
            launch(q, neg, Range(64), {every3, m}).wait();
            std::vector<float> r = base.to_vector<float>();
            for (std::size_t i = 0; i < host.size(); ++i)
                REQUIRE(r[i] == (i % 3 == 1 ? -3.0f * host[i] : host[i]));

            LoadedKernel mix = tests::dpk_kernel(dev, "layouts.dpk", "mix3d");
            const std::int64_t X = 4, Y = 3, Z = 5;
            std::vector<float> av(X * Y * Z), bv(X * Y * Z);
            for (std::size_t i = 0; i < av.size(); ++i) {
                av[i] = static_cast<float>(i);
                bv[i] = 0.5f * static_cast<float>(i);
            }
            UsmArray a = UsmArray::empty(q, DType::F32, {X, Y, Z}, UsmType::Device, Layout::F);
            a.copy_from_host(av.data(), av.size() * sizeof(float), Layout::C);
            // b: a C array of shape (Y, X, Z) seen as (X, Y, Z): strides (Z, X * Z, 1), neither
            // C- nor F-contiguous.
            UsmArray by = UsmArray::from_host<float>(q, bv, {Y, X, Z});
            UsmArray b = by.permute({1, 0, 2});
            REQUIRE(b.layout() == Layout::Any);
            UsmArray out = UsmArray::zeros(q, DType::F32, {X, Y, Z});
            UsmArray info = UsmArray::zeros(q, DType::I64, {5});
            launch(q, mix, Range(X, Y, Z), {a, b, out, info}).wait();
            std::vector<float> o = out.to_vector<float>();
            for (std::int64_t x = 0; x < X; ++x)
                for (std::int64_t y = 0; y < Y; ++y)
                    for (std::int64_t z = 0; z < Z; ++z)
                        REQUIRE(o[(x * Y + y) * Z + z] ==
                                av[(x * Y + y) * Z + z] * 10.0f + bv[(y * X + x) * Z + z]);
            CHECK(info.to_vector<std::int64_t>() ==
                  std::vector<std::int64_t>{X * Y * Z, Z, X * Z, 1, X * Y});
        }
    }
}
