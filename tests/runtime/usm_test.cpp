// USM arrays: allocation per usm_type, copies, fills, views without copies, layouts, ownership.
#include <doctest/doctest.h>

#include <numeric>

#include "backends/opencl/usm_support.h"
#include "dpk/core/error.h"
#include "dpk/runtime/usm_array.h"
#include "tests/runtime/support/device_loop.h"

using namespace dpk;
using namespace dpk::runtime;
using dpk::tests::device_label;
using dpk::tests::devices_under_test;

namespace {
constexpr UsmType kAllUsm[] = {UsmType::Device, UsmType::Shared, UsmType::Host};

std::vector<std::int32_t> iota_i32(std::size_t n) {
    std::vector<std::int32_t> v(n);
    std::iota(v.begin(), v.end(), 0);
    return v;
}
}  // namespace

TEST_CASE("round trip, fill and copy for every usm_type the device backs") {
    for (const Device& dev : devices_under_test()) {
        Queue q(dev);
        for (UsmType usm : kAllUsm) {
            INFO("device " << device_label(dev) << ", usm_type " << usm_type_name(usm));
            if (!dev.info().supports(usm)) {
                CHECK_THROWS_AS(UsmArray::empty(q, DType::F32, {4}, usm),
                                UnsupportedDeviceFeatureError);
                MESSAGE("usm_type " << usm_type_name(usm) << " not backed on "
                                    << device_label(dev));
                continue;
            }
            auto host = iota_i32(1000);
            auto a = UsmArray::from_host<std::int32_t>(q, host, usm);
            CHECK(a.usm_type() == usm);
            CHECK(a.device() == dev);
            CHECK(a.dtype() == DType::I32);
            CHECK(a.shape() == std::vector<std::int64_t>{1000});
            CHECK(a.nbytes() == 4000);
            CHECK(a.to_vector<std::int32_t>() == host);

            a.fill(7).wait();
            CHECK(a.to_vector<std::int32_t>() == std::vector<std::int32_t>(1000, 7));

            auto b = UsmArray::zeros(q, DType::I32, {1000}, usm);
            CHECK(b.to_vector<std::int32_t>() == std::vector<std::int32_t>(1000, 0));
            b.copy_from(a).wait();
            CHECK(b.to_vector<std::int32_t>() == std::vector<std::int32_t>(1000, 7));

            if (usm == UsmType::Device) {
                CHECK_THROWS_AS(a.host_data(), UsmError);
            } else {
                auto* p = static_cast<std::int32_t*>(a.host_data());
                p[3] = 42;  // host writes are visible to the device side (coherent memory)
                CHECK(a.to_vector<std::int32_t>()[3] == 42);
            }
        }
    }
}

TEST_CASE("layouts follow from strides; views share memory") {
    for (const Device& dev : devices_under_test()) {
        INFO("device " << device_label(dev));
        Queue q(dev);
        std::vector<float> host(4 * 6);
        std::iota(host.begin(), host.end(), 0.0f);
        auto a = UsmArray::from_host<float>(q, host, {4, 6});
        CHECK(a.layout() == Layout::C);
        CHECK(a.strides() == std::vector<std::int64_t>{6, 1});

        auto t = a.transpose();
        CHECK(t.shape() == std::vector<std::int64_t>{6, 4});
        CHECK(t.strides() == std::vector<std::int64_t>{1, 6});
        CHECK(t.layout() == Layout::F);
        CHECK(t.data() == a.data());
        auto tv = t.to_vector<float>();  // C order of the transposed view
        CHECK(tv[1] == 6.0f);
        CHECK(tv[4] == 1.0f);

        auto row = a.select(0, 2);
        CHECK(row.shape() == std::vector<std::int64_t>{6});
        CHECK(row.to_vector<float>() == std::vector<float>{12, 13, 14, 15, 16, 17});
        auto col = a.select(1, 3);
        CHECK(col.layout() == Layout::Any);
        CHECK(col.to_vector<float>() == std::vector<float>{3, 9, 15, 21});

        auto s = a.slice(1, 1, 6, 2);  // columns 1, 3, 5
        CHECK(s.shape() == std::vector<std::int64_t>{4, 3});
        CHECK(s.strides() == std::vector<std::int64_t>{6, 2});
        CHECK(s.offset() == 1);
        CHECK(s.layout() == Layout::Any);

        // Writing through a strided view changes only its elements of the shared allocation.
        std::vector<float> minus(12, -1.0f);
        s.copy_from_host(minus.data(), minus.size() * sizeof(float));
        auto all = a.to_vector<float>();
        for (std::size_t i = 0; i < all.size(); ++i)
            REQUIRE(all[i] == ((i % 6) % 2 == 1 ? -1.0f : static_cast<float>(i)));
        s.fill(2.0f).wait();
        CHECK(a.select(0, 0).to_vector<float>() == std::vector<float>{0, 2, 2, 2, 4, 2});

        auto f = UsmArray::from_host<float>(q, host, {4, 6}, UsmType::Device, Layout::F);
        CHECK(f.layout() == Layout::F);
        CHECK(f.strides() == std::vector<std::int64_t>{1, 4});
        // from_host with F order takes the host data in F order: element (i, j) = host[i + 4 j].
        CHECK(f.select(0, 1).to_vector<float>() == std::vector<float>{1, 5, 9, 13, 17, 21});
        std::vector<float> back(24);
        f.copy_to_host(back.data(), back.size() * sizeof(float), Layout::F);
        CHECK(back == host);

        auto p = UsmArray::zeros(q, DType::F32, {2, 3, 4}).permute({2, 0, 1});
        CHECK(p.shape() == std::vector<std::int64_t>{4, 2, 3});
        CHECK(p.strides() == std::vector<std::int64_t>{1, 12, 4});
        CHECK(p.layout() == Layout::Any);

        auto one = UsmArray::zeros(q, DType::F32, {1, 5});
        CHECK(one.is_c_contiguous());
        CHECK(one.transpose().is_c_contiguous());  // unit dimensions do not break contiguity
    }
}

TEST_CASE("USM misuse is a UsmError with the sizes or bounds in the message") {
    for (const Device& dev : devices_under_test()) {
        INFO("device " << device_label(dev));
        Queue q(dev);
        auto a = UsmArray::zeros(q, DType::F32, {4, 6});
        std::vector<float> small(3);
        CHECK_THROWS_WITH_AS(a.copy_from_host(small.data(), 12),
                             doctest::Contains("12 bytes given"), UsmError);
        CHECK_THROWS_AS(a.copy_to_host(small.data(), 12), UsmError);
        CHECK_THROWS_WITH_AS(a.to_vector<double>(),
                             doctest::Contains("does not match the array's dtype f32"), UsmError);
        CHECK_THROWS_WITH_AS(a.slice(1, 2, 9), doctest::Contains("out of bounds"), UsmError);
        CHECK_THROWS_AS(a.slice(1, 4, 2), UsmError);
        CHECK_THROWS_AS(a.slice(1, 0, 6, 0), UsmError);
        CHECK_THROWS_AS(a.slice(2, 0, 1), UsmError);
        CHECK_THROWS_AS(a.select(0, 4), UsmError);
        CHECK_THROWS_AS(a.permute({0, 0}), UsmError);
        CHECK_THROWS_AS(a.permute({0}), UsmError);
        CHECK_THROWS_WITH_AS(a.fill(0.1), doctest::Contains("not exactly representable as f32"),
                             UsmError);
        auto i = UsmArray::zeros(q, DType::I32, {4});
        CHECK_THROWS_WITH_AS(i.fill(0.5), doctest::Contains("not exactly representable as i32"),
                             UsmError);
        CHECK_THROWS_AS(UsmArray::empty(q, DType::F32, {-1}), UsmError);
        CHECK_THROWS_AS(UsmArray::empty(q, DType::F32, {4}, UsmType::Device, Layout::Any),
                        UsmError);
        const std::int64_t too_big = static_cast<std::int64_t>(dev.info().max_mem_alloc_size) + 1;
        CHECK_THROWS_WITH_AS(UsmArray::empty(q, DType::U8, {too_big}),
                             doctest::Contains("largest allocation"), UsmError);
        auto other = UsmArray::zeros(q, DType::F32, {5});
        CHECK_THROWS_AS(a.select(0, 0).copy_from(other), UsmError);
        auto empty = UsmArray::empty(q, DType::F32, {0});
        CHECK(empty.size() == 0);
        CHECK(empty.to_vector<float>().empty());
    }
}

TEST_CASE("fill of an exactly representable value works") {
    for (const Device& dev : devices_under_test()) {
        Queue q(dev);
        auto a = UsmArray::zeros(q, DType::F32, {8});
        a.fill(0.5).wait();
        CHECK(a.to_vector<float>() == std::vector<float>(8, 0.5f));
    }
}

TEST_CASE("from_allocation: an array over an allocation dpk made, on the queue's device") {
    for (const Device& dev : devices_under_test()) {
        INFO("device " << device_label(dev));
        Queue q(dev);
        const std::size_t before = UsmAllocation::live_count();
        auto memory = std::make_shared<UsmAllocation>(dev, UsmType::Device, 64);
        {
            UsmArray a = UsmArray::from_allocation(q, memory, DType::I32, {16});
            CHECK(UsmAllocation::live_count() == before + 1);  // nothing allocated
            CHECK(a.data() == memory->data());
            CHECK(a.is_c_contiguous());
            a.fill(Scalar(std::int32_t{7})).wait();
            CHECK(a.to_vector<std::int32_t>() == std::vector<std::int32_t>(16, 7));
            UsmArray b = UsmArray::from_allocation(q, memory, DType::F64, {8});
            CHECK(b.data() == a.data());
            CHECK_THROWS_AS(UsmArray::from_allocation(q, memory, DType::I32, {17}), UsmError);
            CHECK_THROWS_AS(UsmArray::from_allocation(q, nullptr, DType::I32, {1}), UsmError);
        }
        memory.reset();
        CHECK(UsmAllocation::live_count() == before);
    }
}

TEST_CASE("Queue::attachment: one object per key, shared by copies, released with the last") {
    for (const Device& dev : devices_under_test()) {
        INFO("device " << device_label(dev));
        static const char key = 0;
        static const char other_key = 0;
        std::weak_ptr<void> made;
        {
            Queue q(dev);
            CHECK(q.attachment(&key) == nullptr);  // none stored, nothing to make it with
            int calls = 0;
            auto make = [&] {
                ++calls;
                return std::make_shared<int>(42);
            };
            std::shared_ptr<void> first = q.attachment(&key, make);
            Queue copy = q;
            CHECK(copy.attachment(&key, make) == first);
            CHECK(q.attachment(&key) == first);
            CHECK(calls == 1);
            CHECK(q.attachment(&other_key, make) != first);
            CHECK(calls == 2);
            CHECK(Queue(dev).attachment(&key) == nullptr);  // another queue has its own
            made = first;
        }
        CHECK(made.expired());  // released with the queue's last copy
        Queue moved(dev);
        Queue to = std::move(moved);
        CHECK_THROWS_AS(moved.attachment(&key),
                        InvalidArgumentError);  // NOLINT(bugprone-use-after-move)
    }
}

TEST_CASE("ownership: views keep the allocation alive; nothing leaks") {
    for (const Device& dev : devices_under_test()) {
        INFO("device " << device_label(dev));
        Queue q(dev);
        const std::size_t before = UsmAllocation::live_count();
        {
            UsmArray view;
            {
                std::vector<float> host{1, 2, 3, 4, 5, 6};
                auto base = UsmArray::from_host<float>(q, host, {2, 3});
                CHECK(UsmAllocation::live_count() == before + 1);
                view = base.transpose().slice(0, 1, 3);
                CHECK(UsmAllocation::live_count() == before + 1);  // a view allocates nothing
            }
            CHECK(UsmAllocation::live_count() == before + 1);  // the view keeps it alive
            CHECK(view.to_vector<float>() == std::vector<float>{2, 5, 3, 6});
        }
        CHECK(UsmAllocation::live_count() == before);
        for (int i = 0; i < 100; ++i) (void)UsmArray::zeros(q, DType::F64, {1024});
        CHECK(UsmAllocation::live_count() == before);
    }
}

TEST_CASE("view_as reads the same elements as another dtype of the same size") {
    for (const Device& dev : devices_under_test()) {
        INFO("device " << device_label(dev));
        Queue q(dev);
        auto a = UsmArray::from_host<float>(q, std::vector<float>{1.0f, -0.0f, 2.5f, 4.0f}, {2, 2});
        UsmArray bits = a.view_as(DType::U32);
        CHECK(bits.dtype() == DType::U32);
        CHECK(bits.shape() == a.shape());
        CHECK(bits.allocation() == a.allocation());
        CHECK(bits.to_vector<std::uint32_t>() ==
              std::vector<std::uint32_t>{0x3f800000u, 0x80000000u, 0x40200000u, 0x40800000u});
        CHECK(a.transpose().view_as(DType::I32).to_vector<std::int32_t>()[1] == 0x40200000);
        CHECK_THROWS_WITH_AS(a.view_as(DType::F64),
                             doctest::Contains("view_as: f64 (8 bytes) cannot view the elements"),
                             UsmError);
    }
}

TEST_CASE("which usm_types SVM can back (decision table)") {
    using namespace dpk::backends::opencl;
    // PoCL here: fine-grain buffer SVM with atomics, CPU device.
    UsmSupport pocl = decide_usm_support(std::nullopt, 0xb, true);
    CHECK(pocl.mechanism == UsmMechanism::FineGrainSvm);
    CHECK(pocl.supported == std::array<bool, 3>{true, true, true});
    // A GPU with fine-grain buffer SVM only: device and shared, not host.
    UsmSupport gpu = decide_usm_support(std::nullopt, 0x3, false);
    CHECK(gpu.supported == std::array<bool, 3>{true, true, false});
    CHECK(gpu.detail[static_cast<std::size_t>(UsmType::Host)].find("host RAM") !=
          std::string::npos);
    // Coarse-grain only: device memory only.
    UsmSupport coarse = decide_usm_support(std::nullopt, 0x1, false);
    CHECK(coarse.mechanism == UsmMechanism::CoarseGrainSvm);
    CHECK(coarse.supported == std::array<bool, 3>{true, false, false});
    CHECK(coarse.detail[static_cast<std::size_t>(UsmType::Shared)].find("coarse-grain") !=
          std::string::npos);
    // No SVM, no USM extension: nothing.
    UsmSupport none = decide_usm_support(std::nullopt, 0, false);
    CHECK(none.supported == std::array<bool, 3>{false, false, false});
    CHECK(none.detail[0].find("neither SVM") != std::string::npos);
    // The Intel extension wins over SVM and follows its capability bits.
    UsmSupport intel = decide_usm_support(IntelUsmCaps{1, 0, 1}, 0xf, true);
    CHECK(intel.mechanism == UsmMechanism::IntelUsm);
    CHECK(intel.supported == std::array<bool, 3>{true, true, false});
}

TEST_CASE("a default-constructed UsmArray is an empty handle: no queue, no device") {
    std::vector<UsmArray> arrays(3);  // opens no device
    for (const UsmArray& a : arrays) {
        CHECK(!a);
        CHECK_THROWS_AS(a.queue(), UsmError);
        CHECK_THROWS_AS(a.device(), UsmError);
    }
}

TEST_CASE("from_host deduces the element type from a vector") {
    for (const Device& dev : devices_under_test()) {
        INFO("device " << device_label(dev));
        Queue q(dev);
        const std::vector<float> f{1.5f, 2.5f, 3.5f, 4.5f};
        auto a = UsmArray::from_host(q, f);
        CHECK(a.dtype() == DType::F32);
        CHECK(a.shape() == std::vector<std::int64_t>{4});
        CHECK(a.to_vector<float>() == f);
        const std::vector<std::int64_t> i{1, 2, 3, 4, 5, 6};
        auto b = UsmArray::from_host(q, i, {2, 3});
        CHECK(b.dtype() == DType::I64);
        CHECK(b.shape() == std::vector<std::int64_t>{2, 3});
        CHECK(b.to_vector<std::int64_t>() == i);
    }
}
