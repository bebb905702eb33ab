// USM arrays: typed, shaped, strided views of USM memory on one device.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <vector>

#include "dpk/core/signature.h"
#include "dpk/runtime/event.h"
#include "dpk/runtime/queue.h"
#include "dpk/runtime/scalar.h"
#include "dpk/runtime/usm_allocation.h"

namespace dpk::runtime {

/// An n-d array in USM memory (like dpctl.tensor.usm_ndarray). Strides are in elements; the
/// layout (C, F, Any) follows from them. Copies and views share the allocation, which lives until
/// the last of them goes. Operations run on the array's queue.
class UsmArray {
public:
    UsmArray() = default;

    /// An uninitialized array of `shape` in `order` (C or F).
    static UsmArray empty(const Queue& queue, DType dtype, std::vector<std::int64_t> shape,
                          UsmType usm_type = UsmType::Device, Layout order = Layout::C);
    /// A zero-filled array.
    static UsmArray zeros(const Queue& queue, DType dtype, std::vector<std::int64_t> shape,
                          UsmType usm_type = UsmType::Device, Layout order = Layout::C);
    /// An array of `shape` filled from host memory holding its elements in `order`.
    static UsmArray from_host(const Queue& queue, DType dtype, std::vector<std::int64_t> shape,
                              const void* data, std::size_t bytes,
                              UsmType usm_type = UsmType::Device, Layout order = Layout::C);
    /// A 1-d array copied from host values.
    template <ScalarValue T>
    static UsmArray from_host(const Queue& queue, std::span<const T> values,
                              UsmType usm_type = UsmType::Device) {
        return from_host(queue, dtype_of<T>(), {static_cast<std::int64_t>(values.size())},
                         values.data(), values.size_bytes(), usm_type);
    }
    /// A 1-d array copied from a vector; the element type is the vector's.
    template <ScalarValue T>
    static UsmArray from_host(const Queue& queue, const std::vector<T>& values,
                              UsmType usm_type = UsmType::Device) {
        return from_host(queue, std::span<const T>(values), usm_type);
    }
    /// An n-d array copied from a vector holding its elements in `order`.
    template <ScalarValue T>
    static UsmArray from_host(const Queue& queue, const std::vector<T>& values,
                              std::vector<std::int64_t> shape, UsmType usm_type = UsmType::Device,
                              Layout order = Layout::C) {
        return from_host(queue, std::span<const T>(values), std::move(shape), usm_type, order);
    }
    /// An n-d array copied from host values in C order.
    template <ScalarValue T>
    static UsmArray from_host(const Queue& queue, std::span<const T> values,
                              std::vector<std::int64_t> shape, UsmType usm_type = UsmType::Device,
                              Layout order = Layout::C) {
        return from_host(queue, dtype_of<T>(), std::move(shape), values.data(), values.size_bytes(),
                         usm_type, order);
    }

    /// A C-contiguous array of `shape` at the start of `allocation`, which dpk allocated on
    /// `queue`'s device: memory reused without allocating (the device-wide algorithms' cached
    /// scratch). UsmError for an allocation of another device or one smaller than the array.
    static UsmArray from_allocation(const Queue& queue, std::shared_ptr<UsmAllocation> allocation,
                                    DType dtype, std::vector<std::int64_t> shape);
    /// A view of memory another library allocated (a CuPy or PyTorch tensor, a dpctl array):
    /// nothing is allocated or copied. `data` points at the first element; `strides` are in
    /// elements and not negative (empty: C order). The driver must confirm that every byte the
    /// view spans is USM of `queue`'s device context (clGetMemAllocInfoINTEL,
    /// cuPointerGetAttributes, zeMemGetAllocProperties); host memory, another device's or another
    /// context's memory is a UsmError, a device whose driver cannot tell an
    /// UnsupportedDeviceFeatureError. The usm_type is the driver's answer. `keep_alive` (the
    /// owner) is held until the last array sharing the view goes, after the queue finished the
    /// commands submitted to it by then.
    static UsmArray from_external(const Queue& queue, void* data, DType dtype,
                                  std::vector<std::int64_t> shape,
                                  std::vector<std::int64_t> strides,
                                  std::shared_ptr<const void> keep_alive);

    /// A description of memory that another runtime allocated in its own context on `queue`'s
    /// device (dpctl's SYCL context): the pointer, element type, shape, strides (in elements,
    /// not negative; empty: C order) and the usm_type that runtime reports. Nothing asks the
    /// driver, and dpk's own commands must not use it (the memory is not USM of dpk's context):
    /// it is what a launch that the other runtime submits is checked and laid out with
    /// (prepare_launch). Holds no owner.
    static UsmArray describe_foreign(const Queue& queue, void* data, DType dtype,
                                     std::vector<std::int64_t> shape,
                                     std::vector<std::int64_t> strides, UsmType usm_type);
    DType dtype() const { return dtype_; }
    int ndim() const { return static_cast<int>(shape_.size()); }
    const std::vector<std::int64_t>& shape() const { return shape_; }
    /// Strides in elements.
    const std::vector<std::int64_t>& strides() const { return strides_; }
    std::int64_t size() const;
    /// Bytes of the elements (size * itemsize), not of the allocation.
    std::size_t nbytes() const { return static_cast<std::size_t>(size()) * dtype_size(dtype_); }
    /// C if C-contiguous, else F if F-contiguous, else Any (1-d contiguous arrays are C).
    Layout layout() const { return layout_; }
    bool is_c_contiguous() const { return c_contiguous_; }
    bool is_f_contiguous() const { return f_contiguous_; }
    UsmType usm_type() const { return allocation_->usm_type(); }
    /// The array's device and queue; UsmError for an empty (default-constructed) array.
    const Device& device() const { return queue().device(); }
    const Queue& queue() const;
    /// The USM pointer of the first element (what a kernel receives).
    void* data() const;
    /// The first element as a host pointer: shared and host arrays only (UsmError otherwise).
    void* host_data() const;
    /// Offset of the first element from the allocation's start, in elements.
    std::int64_t offset() const { return offset_; }
    const std::shared_ptr<UsmAllocation>& allocation() const { return allocation_; }
    explicit operator bool() const { return allocation_ != nullptr; }

    /// Copies the elements from host memory holding them in `host_order`; blocks.
    /// `bytes` must equal nbytes().
    void copy_from_host(const void* src, std::size_t bytes, Layout host_order = Layout::C);
    /// Copies the elements to host memory in `host_order`; blocks.
    void copy_to_host(void* dst, std::size_t bytes, Layout host_order = Layout::C) const;
    /// The elements in C order; T must be the array's dtype.
    template <ScalarValue T>
    std::vector<T> to_vector() const {
        check_host_type(dtype_of<T>());
        std::vector<T> out(static_cast<std::size_t>(size()));
        copy_to_host(out.data(), out.size() * sizeof(T));
        return out;
    }
    /// Sets every element to `value` (converted exactly to the dtype, else UsmError).
    /// Asynchronous for contiguous arrays; strided views go through the host and block.
    Event fill(Scalar value, std::span<const Event> deps = {});
    /// Copies the elements of `src` (same dtype and shape, same device). Asynchronous when both
    /// are contiguous in one order; otherwise through the host, blocking.
    Event copy_from(const UsmArray& src, std::span<const Event> deps = {});

    /// Elements start, start+step, ... < stop along `dim`: a view, nothing copied.
    UsmArray slice(int dim, std::int64_t start, std::int64_t stop, std::int64_t step = 1) const;
    /// The sub-array at `index` along `dim` (one dimension fewer): a view.
    UsmArray select(int dim, std::int64_t index) const;
    /// Dimensions reversed (a C array becomes F): a view.
    UsmArray transpose() const;
    /// The same elements read as `dtype`, of the same size (f32 bits as u32, as numpy's
    /// `view`). A view; throws UsmError for another size.
    UsmArray view_as(DType dtype) const;
    /// Dimensions reordered: result dim i is this array's dim axes[i]. A view.
    UsmArray permute(const std::vector<int>& axes) const;

    /// "usm_ndarray(f32, shape=(4, 8), strides=(8, 1), layout=C, usm_type=device,
    /// device=opencl:cpu:0)".
    std::string describe() const;
    /// This array's type as a kernel parameter type (for signature checks and messages).
    ParamType param_type() const;

private:
    UsmArray(Queue queue, std::shared_ptr<UsmAllocation> allocation, DType dtype,
             std::vector<std::int64_t> shape, std::vector<std::int64_t> strides,
             std::int64_t offset);
    void update_layout();
    void check_host_type(DType t) const;
    int check_dim(int dim, const char* what) const;
    /// Elements from the first to the last one this view touches.
    std::int64_t span_elements() const;
    bool contiguous_in(Layout order) const;

    std::optional<Queue> queue_;  // empty in a default-constructed array: no device is opened
    std::shared_ptr<UsmAllocation> allocation_;
    DType dtype_ = DType::F32;
    std::vector<std::int64_t> shape_;
    std::vector<std::int64_t> strides_;
    std::int64_t offset_ = 0;
    Layout layout_ = Layout::C;
    bool c_contiguous_ = true;
    bool f_contiguous_ = true;
};

/// Strides in elements of a contiguous array of `shape` in `order` (C or F).
std::vector<std::int64_t> contiguous_strides(const std::vector<std::int64_t>& shape, Layout order);

}  // namespace dpk::runtime
