#include "dpk/runtime/usm_array.h"

#include <cstdio>
#include <cstring>
#include <limits>

#include "backends/backend.h"
#include "core/checked_math.h"
#include "dpk/core/error.h"
#include "runtime/backend_access.h"
#include "runtime/bounds_record.h"

namespace dpk::runtime {

namespace {

std::string shape_string(const std::vector<std::int64_t>& v) {
    return extents_string(v);
}

/// offset + index * stride, for a view; a UsmError if it leaves int64.
std::int64_t view_offset(std::int64_t offset, std::int64_t index, std::int64_t stride,
                         const char* what) {
    std::optional<std::int64_t> step = checked_mul(index, stride);
    std::optional<std::int64_t> sum = step ? checked_add(offset, *step) : std::nullopt;
    if (!sum)
        throw UsmError(std::string(what) + ": the view's offset " + std::to_string(offset) + " + " +
                       std::to_string(index) + " * stride " + std::to_string(stride) +
                       " overflows 64 bits");
    return *sum;
}

/// Calls f(host_linear_index, element_offset) for every element, walking the logical index in
/// `order` (C: last dim fastest, F: first dim fastest).
template <typename F>
void for_each_element(const std::vector<std::int64_t>& shape,
                      const std::vector<std::int64_t>& strides, Layout order, F&& f) {
    const std::size_t n = shape.size();
    const std::int64_t total = checked_product(shape).value_or(0);  // checked when made
    if (total == 0) return;
    std::vector<std::int64_t> idx(n, 0);
    std::int64_t offset = 0;
    for (std::int64_t linear = 0; linear < total; ++linear) {
        f(linear, offset);
        for (std::size_t k = 0; k < n; ++k) {
            std::size_t d = order == Layout::F ? k : n - 1 - k;
            if (++idx[d] < shape[d]) {
                offset += strides[d];
                break;
            }
            offset -= strides[d] * (shape[d] - 1);
            idx[d] = 0;
        }
    }
}

void check_shape(const std::vector<std::int64_t>& shape) {
    for (std::int64_t s : shape)
        if (s < 0) throw UsmError("array shape " + shape_string(shape) + " has a negative extent");
}

void check_order(Layout order) {
    if (order == Layout::Any) throw UsmError("a new array's order must be C or F, not A");
}

}  // namespace

std::vector<std::int64_t> contiguous_strides(const std::vector<std::int64_t>& shape, Layout order) {
    std::vector<std::int64_t> strides(shape.size(), 1);
    std::int64_t step = 1;
    for (std::size_t k = 0; k < shape.size(); ++k) {
        std::size_t d = order == Layout::F ? k : shape.size() - 1 - k;
        strides[d] = step;
        std::optional<std::int64_t> next = checked_mul(step, std::max<std::int64_t>(shape[d], 1));
        if (!next)
            throw UsmError("array shape " + shape_string(shape) +
                           ": its strides overflow 64 bits (the extents' product exceeds " +
                           std::to_string(std::numeric_limits<std::int64_t>::max()) + ")");
        step = *next;
    }
    return strides;
}

UsmArray::UsmArray(Queue queue, std::shared_ptr<UsmAllocation> allocation, DType dtype,
                   std::vector<std::int64_t> shape, std::vector<std::int64_t> strides,
                   std::int64_t offset)
    : queue_(std::move(queue)),
      allocation_(std::move(allocation)),
      dtype_(dtype),
      shape_(std::move(shape)),
      strides_(std::move(strides)),
      offset_(offset) {
    update_layout();
}

const Queue& UsmArray::queue() const {
    if (!queue_) throw UsmError("empty UsmArray (default-constructed): it has no queue or device");
    return *queue_;
}

UsmArray UsmArray::empty(const Queue& queue, DType dtype, std::vector<std::int64_t> shape,
                         UsmType usm_type, Layout order) {
    check_shape(shape);
    check_order(order);
    std::optional<std::int64_t> n = checked_product(shape);
    std::optional<std::int64_t> bytes = n ? checked_bytes(*n, dtype_size(dtype)) : std::nullopt;
    if (!bytes)
        throw UsmError("array shape " + shape_string(shape) + " of " +
                       std::string(dtype_name(dtype)) + ": its size in bytes overflows 64 bits");
    std::vector<std::int64_t> strides = contiguous_strides(shape, order);
    auto allocation =
        std::make_shared<UsmAllocation>(queue.device(), usm_type, static_cast<std::size_t>(*bytes));
    return UsmArray(queue, std::move(allocation), dtype, std::move(shape), std::move(strides), 0);
}

UsmArray UsmArray::from_allocation(const Queue& queue, std::shared_ptr<UsmAllocation> allocation,
                                   DType dtype, std::vector<std::int64_t> shape) {
    check_shape(shape);
    if (!queue)
        throw InvalidArgumentError("UsmArray::from_allocation on a queue that was moved from");
    if (!allocation) throw UsmError("UsmArray::from_allocation: no allocation");
    if (!(allocation->device() == queue.device()))
        throw UsmError("UsmArray::from_allocation: the allocation is on device '" +
                       allocation->device().name() + "', the queue on '" + queue.device().name() +
                       "'");
    std::optional<std::int64_t> n = checked_product(shape);
    std::optional<std::int64_t> bytes = n ? checked_bytes(*n, dtype_size(dtype)) : std::nullopt;
    if (!bytes || static_cast<std::uint64_t>(*bytes) > allocation->bytes())
        throw UsmError("UsmArray::from_allocation: an array of shape " + shape_string(shape) +
                       " of " + std::string(dtype_name(dtype)) + " does not fit the allocation's " +
                       std::to_string(allocation->bytes()) + " bytes");
    std::vector<std::int64_t> strides = contiguous_strides(shape, Layout::C);
    return UsmArray(queue, std::move(allocation), dtype, std::move(shape), std::move(strides), 0);
}

namespace {

/// The bytes an external view spans, from its first element to the end of the last one it
/// touches (0 when it has no elements); `strides` filled in (C order) when empty. UsmError for
/// mismatched or negative strides and spans that overflow.
std::size_t external_span_bytes(const std::vector<std::int64_t>& shape,
                                std::vector<std::int64_t>& strides, DType dtype) {
    if (strides.empty()) strides = contiguous_strides(shape, Layout::C);
    if (strides.size() != shape.size())
        throw UsmError("external array: " + std::to_string(strides.size()) + " strides for " +
                       std::to_string(shape.size()) + " dimensions");
    std::optional<std::int64_t> last = 0;
    bool empty = false;
    for (std::size_t d = 0; d < shape.size(); ++d) {
        if (strides[d] < 0)
            throw UsmError("external array: stride " + std::to_string(strides[d]) +
                           " in dimension " + std::to_string(d) +
                           " is negative; dpk views step forward only");
        if (shape[d] == 0) {
            empty = true;
            continue;
        }
        std::optional<std::int64_t> step = checked_mul(shape[d] - 1, strides[d]);
        last = (last && step) ? checked_add(*last, *step) : std::nullopt;
    }
    std::optional<std::int64_t> span = last ? checked_add(*last, std::int64_t{1}) : std::nullopt;
    std::optional<std::int64_t> bytes =
        span ? checked_bytes(*span, dtype_size(dtype)) : std::nullopt;
    if (!bytes)
        throw UsmError("external array of shape " + shape_string(shape) +
                       ": its span in bytes overflows 64 bits");
    return empty ? 0 : static_cast<std::size_t>(*bytes);
}

}  // namespace

UsmArray UsmArray::from_external(const Queue& queue, void* data, DType dtype,
                                 std::vector<std::int64_t> shape, std::vector<std::int64_t> strides,
                                 std::shared_ptr<const void> keep_alive) {
    check_shape(shape);
    if (!queue)
        throw InvalidArgumentError("UsmArray::from_external on a queue that was moved from");
    const std::size_t bytes = external_span_bytes(shape, strides, dtype);
    const Device& device = queue.device();
    UsmType usm_type = UsmType::Device;
    if (bytes != 0) {
        std::optional<UsmType> found = detail::context_of(device)->usm_type_of(data, bytes);
        if (!found) {
            char address[32];
            std::snprintf(address, sizeof address, "%p", data);
            throw UsmError("external memory at " + std::string(address) + " (" +
                           std::to_string(bytes) + " bytes) is not USM of device '" +
                           device.name() + "' (" + device.filter_string() +
                           "): it is host memory, memory of another device or context, or runs "
                           "past its allocation; copy it into a dpk array instead");
        }
        usm_type = *found;
    }
    auto allocation = std::make_shared<UsmAllocation>(queue, usm_type, bytes ? data : nullptr,
                                                      bytes, std::move(keep_alive));
    return UsmArray(queue, std::move(allocation), dtype, std::move(shape), std::move(strides), 0);
}

UsmArray UsmArray::describe_foreign(const Queue& queue, void* data, DType dtype,
                                    std::vector<std::int64_t> shape,
                                    std::vector<std::int64_t> strides, UsmType usm_type) {
    check_shape(shape);
    if (!queue)
        throw InvalidArgumentError("UsmArray::describe_foreign on a queue that was moved from");
    const std::size_t bytes = external_span_bytes(shape, strides, dtype);
    auto allocation =
        std::make_shared<UsmAllocation>(queue.device(), usm_type, bytes ? data : nullptr, bytes);
    return UsmArray(queue, std::move(allocation), dtype, std::move(shape), std::move(strides), 0);
}

UsmArray UsmArray::zeros(const Queue& queue, DType dtype, std::vector<std::int64_t> shape,
                         UsmType usm_type, Layout order) {
    UsmArray a = empty(queue, dtype, std::move(shape), usm_type, order);
    a.fill(Scalar::from_int(dtype, 0)).wait();
    return a;
}

UsmArray UsmArray::from_host(const Queue& queue, DType dtype, std::vector<std::int64_t> shape,
                             const void* data, std::size_t bytes, UsmType usm_type, Layout order) {
    UsmArray a = empty(queue, dtype, std::move(shape), usm_type, order);
    a.copy_from_host(data, bytes, order);
    return a;
}

std::int64_t UsmArray::size() const {
    return checked_product(shape_).value_or(0);  // checked when the array was made
}

void UsmArray::update_layout() {
    auto contiguous = [&](Layout order) {
        std::int64_t expected = 1;
        for (std::size_t k = 0; k < shape_.size(); ++k) {
            std::size_t d = order == Layout::F ? k : shape_.size() - 1 - k;
            if (shape_[d] == 0) return true;
            if (shape_[d] != 1 && strides_[d] != expected) return false;
            expected *= shape_[d];
        }
        return true;
    };
    c_contiguous_ = contiguous(Layout::C);
    f_contiguous_ = contiguous(Layout::F);
    layout_ = c_contiguous_ ? Layout::C : f_contiguous_ ? Layout::F : Layout::Any;
}

bool UsmArray::contiguous_in(Layout order) const {
    return order == Layout::F ? f_contiguous_ : c_contiguous_;
}

void* UsmArray::data() const {
    if (!allocation_ || !allocation_->data()) return nullptr;
    return static_cast<char*>(allocation_->data()) +
           static_cast<std::size_t>(offset_) * dtype_size(dtype_);
}

void* UsmArray::host_data() const {
    if (!allocation_) throw UsmError("empty UsmArray");
    if (usm_type() == UsmType::Device)
        throw UsmError(
            "the host cannot access usm_type=\"device\" memory directly; use "
            "copy_to_host/copy_from_host, or allocate with usm_type shared or host");
    return data();
}

void UsmArray::check_host_type(DType t) const {
    if (t != dtype_)
        throw UsmError("host element type " + std::string(dtype_name(t)) +
                       " does not match the array's dtype " + std::string(dtype_name(dtype_)));
}

std::int64_t UsmArray::span_elements() const {
    if (size() == 0) return 0;
    std::int64_t last = 0;
    for (std::size_t d = 0; d < shape_.size(); ++d) last += (shape_[d] - 1) * strides_[d];
    return last + 1;
}

void UsmArray::copy_from_host(const void* src, std::size_t bytes, Layout host_order) {
    if (!allocation_) throw UsmError("copy into an empty UsmArray");
    if (bytes != nbytes())
        throw UsmError("copy_from_host: " + std::to_string(bytes) + " bytes given, the array " +
                       describe() + " holds " + std::to_string(nbytes()));
    if (bytes == 0) return;
    backends::Queue& q = detail::backend_of(queue());
    if (contiguous_in(host_order)) {
        q.copy(data(), src, bytes, {})->wait();
        return;
    }
    // A strided view: read the span it covers, scatter the elements, write the span back, so the
    // elements between the view's own stay as they are.
    const std::size_t item = dtype_size(dtype_);
    std::vector<char> staging(static_cast<std::size_t>(span_elements()) * item);
    q.copy(staging.data(), data(), staging.size(), {})->wait();
    const char* in = static_cast<const char*>(src);
    for_each_element(shape_, strides_, host_order, [&](std::int64_t linear, std::int64_t off) {
        std::memcpy(staging.data() + off * item, in + linear * item, item);
    });
    q.copy(data(), staging.data(), staging.size(), {})->wait();
}

void UsmArray::copy_to_host(void* dst, std::size_t bytes, Layout host_order) const {
    if (!allocation_) throw UsmError("copy from an empty UsmArray");
    if (bytes != nbytes())
        throw UsmError("copy_to_host: " + std::to_string(bytes) + " bytes of room, the array " +
                       describe() + " holds " + std::to_string(nbytes()));
    if (bytes == 0) return;
    backends::Queue& q = detail::backend_of(queue());
    if (contiguous_in(host_order)) {
        q.copy(dst, data(), bytes, {})->wait();
    } else {
        const std::size_t item = dtype_size(dtype_);
        std::vector<char> staging(static_cast<std::size_t>(span_elements()) * item);
        q.copy(staging.data(), data(), staging.size(), {})->wait();
        char* out = static_cast<char*>(dst);
        for_each_element(shape_, strides_, host_order, [&](std::int64_t linear, std::int64_t off) {
            std::memcpy(out + linear * item, staging.data() + off * item, item);
        });
    }
    // The copy waited for the queue's earlier launches: a bounds-checked one that went out of
    // bounds is raised here, as by Queue::wait.
    queue().bounds_records().raise_violations();
}

namespace {
/// Backend events of runtime events, for a dependency list.
std::vector<backends::Event*> backend_events(std::span<const Event> deps) {
    std::vector<backends::Event*> out;
    out.reserve(deps.size());
    for (const Event& e : deps)
        if (backends::Event* b = detail::backend_of(e)) out.push_back(b);
    return out;
}
}  // namespace

Event UsmArray::fill(Scalar value, std::span<const Event> deps) {
    if (!allocation_) throw UsmError("fill of an empty UsmArray");
    std::optional<Scalar> v = value.exact_as(dtype_);
    if (!v)
        throw UsmError("fill value " + value.str() + " is not exactly representable as " +
                       std::string(dtype_name(dtype_)));
    if (size() == 0) return {};
    if (c_contiguous_ || f_contiguous_) {
        std::vector<backends::Event*> wait = backend_events(deps);
        return detail::make_event(
            detail::backend_of(queue()).fill(data(), v->data(), v->size(), nbytes(), wait));
    }
    Event::wait_all(deps);
    std::vector<char> host(nbytes());
    for (std::size_t i = 0; i < host.size(); i += v->size())
        std::memcpy(&host[i], v->data(), v->size());
    copy_from_host(host.data(), host.size());
    return {};
}

Event UsmArray::copy_from(const UsmArray& src, std::span<const Event> deps) {
    if (!allocation_ || !src.allocation_) throw UsmError("copy_from with an empty UsmArray");
    if (src.dtype_ != dtype_ || src.shape_ != shape_)
        throw UsmError("copy_from: source " + src.describe() + " and destination " + describe() +
                       " differ in dtype or shape");
    if (size() == 0) return {};
    if (src.device() == device()) {
        for (Layout order : {Layout::C, Layout::F}) {
            if (contiguous_in(order) && src.contiguous_in(order)) {
                std::vector<backends::Event*> wait = backend_events(deps);
                return detail::make_event(
                    detail::backend_of(queue()).copy(data(), src.data(), nbytes(), wait));
            }
        }
    }
    Event::wait_all(deps);
    std::vector<char> host(nbytes());
    src.copy_to_host(host.data(), host.size());
    copy_from_host(host.data(), host.size());
    return {};
}

int UsmArray::check_dim(int dim, const char* what) const {
    if (dim < 0 || dim >= ndim())
        throw UsmError(std::string(what) + ": dimension " + std::to_string(dim) +
                       " is out of range for a " + std::to_string(ndim()) + "-d array");
    return dim;
}

UsmArray UsmArray::slice(int dim, std::int64_t start, std::int64_t stop, std::int64_t step) const {
    check_dim(dim, "slice");
    const std::int64_t extent = shape_[static_cast<std::size_t>(dim)];
    if (step < 1) throw UsmError("slice: step must be >= 1 (got " + std::to_string(step) + ")");
    if (start < 0 || stop < start || stop > extent)
        throw UsmError("slice [" + std::to_string(start) + ":" + std::to_string(stop) +
                       "] is out of bounds for dimension " + std::to_string(dim) + " of extent " +
                       std::to_string(extent));
    UsmArray v = *this;
    auto d = static_cast<std::size_t>(dim);
    v.offset_ = view_offset(offset_, start, strides_[d], "slice");
    v.shape_[d] = (stop - start + step - 1) / step;
    v.strides_[d] *= step;
    v.update_layout();
    return v;
}

UsmArray UsmArray::select(int dim, std::int64_t index) const {
    check_dim(dim, "select");
    auto d = static_cast<std::size_t>(dim);
    if (index < 0 || index >= shape_[d])
        throw UsmError("select: index " + std::to_string(index) +
                       " is out of bounds for dimension " + std::to_string(dim) + " of extent " +
                       std::to_string(shape_[d]));
    UsmArray v = *this;
    v.offset_ = view_offset(offset_, index, strides_[d], "select");
    v.shape_.erase(v.shape_.begin() + dim);
    v.strides_.erase(v.strides_.begin() + dim);
    v.update_layout();
    return v;
}

UsmArray UsmArray::transpose() const {
    std::vector<int> axes(static_cast<std::size_t>(ndim()));
    for (int i = 0; i < ndim(); ++i) axes[static_cast<std::size_t>(i)] = ndim() - 1 - i;
    return permute(axes);
}

UsmArray UsmArray::view_as(DType dtype) const {
    if (dtype_size(dtype) != dtype_size(dtype_))
        throw UsmError("view_as: " + std::string(dtype_name(dtype)) + " (" +
                       std::to_string(dtype_size(dtype)) + " bytes) cannot view the elements of " +
                       describe() + " (" + std::to_string(dtype_size(dtype_)) + " bytes)");
    UsmArray v = *this;
    v.dtype_ = dtype;
    return v;
}

UsmArray UsmArray::permute(const std::vector<int>& axes) const {
    if (static_cast<int>(axes.size()) != ndim())
        throw UsmError("permute: " + std::to_string(axes.size()) + " axes for a " +
                       std::to_string(ndim()) + "-d array");
    std::vector<bool> seen(axes.size(), false);
    UsmArray v = *this;
    for (std::size_t i = 0; i < axes.size(); ++i) {
        int a = check_dim(axes[i], "permute");
        if (seen[static_cast<std::size_t>(a)]) throw UsmError("permute: axis repeated");
        seen[static_cast<std::size_t>(a)] = true;
        v.shape_[i] = shape_[static_cast<std::size_t>(a)];
        v.strides_[i] = strides_[static_cast<std::size_t>(a)];
    }
    v.update_layout();
    return v;
}

std::string UsmArray::describe() const {
    if (!allocation_) return "usm_ndarray(empty)";
    return "usm_ndarray(" + std::string(dtype_name(dtype_)) + ", shape=" + shape_string(shape_) +
           ", strides=" + shape_string(strides_) + ", layout=" + std::string(layout_name(layout_)) +
           ", usm_type=" + std::string(usm_type_name(usm_type())) +
           ", device=" + device().filter_string() + ")";
}

ParamType UsmArray::param_type() const {
    return ParamType::array(dtype_, ndim(), layout_, usm_type(), device().filter_string());
}

}  // namespace dpk::runtime
