#include "backends/cuda/cuda_kernel.h"

#include <algorithm>
#include <cstring>

#include "backends/cuda/cuda_context.h"
#include "backends/cuda/cuda_error.h"
#include "backends/cuda/cuda_program.h"
#include "dpk/core/error.h"

namespace dpk::backends::cuda {

namespace {

constexpr std::uint32_t kWarpSize = 32;

bool same_range(const NdRange& a, const NdRange& b) {
    return a.dims == b.dims && a.has_local == b.has_local && a.global == b.global &&
           (!a.has_local || a.local == b.local);
}

}  // namespace

CudaKernel::CudaKernel(std::shared_ptr<CudaModule> module, CUfunction function,
                       const PtxKernel& entry)
    : module_(std::move(module)), function_(function), name_(entry.name), params_(entry.params) {
    const DriverApi& cu = context().api();
    auto attribute = [&](CUfunction_attribute a) {
        int v = 0;
        check(cu.cuFuncGetAttribute(&v, a, function_), "cuFuncGetAttribute",
              "attribute " + std::to_string(a) + " of kernel '" + name_ + "'");
        return v;
    };
    attributes_.max_work_group_size =
        static_cast<std::uint64_t>(attribute(CU_FUNC_ATTRIBUTE_MAX_THREADS_PER_BLOCK));
    attributes_.preferred_work_group_size_multiple = kWarpSize;
    static_shared_ = static_cast<std::uint64_t>(attribute(CU_FUNC_ATTRIBUTE_SHARED_SIZE_BYTES));
    dynamic_arrays_ = entry.dynamic_array_bytes;
    attributes_.local_mem_size = static_shared_ + dynamic_arrays_;
    attributes_.private_mem_size =
        static_cast<std::uint64_t>(attribute(CU_FUNC_ATTRIBUTE_LOCAL_SIZE_BYTES));
    num_regs_ = attribute(CU_FUNC_ATTRIBUTE_NUM_REGS);
    attributes_.registers = static_cast<std::uint32_t>(num_regs_);
    max_dynamic_shared_ =
        static_cast<std::uint64_t>(attribute(CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES));
    limits_ = context().launch_limits();
    limits_.max_block_threads = static_cast<std::uint32_t>(
        std::min<std::uint64_t>(limits_.max_block_threads, attributes_.max_work_group_size));

    std::uint32_t offset = 0;
    for (std::size_t i = 0; i < params_.size(); ++i) {
        offsets_.push_back(offset);
        offset += (std::max<std::uint32_t>(params_[i].size, 1) + 7) / 8 * 8;
        if (params_[i].kind == PtxParamKind::LocalBuffer)
            local_params_.push_back(static_cast<std::uint32_t>(i));
    }
    storage_.assign(offset / 8, 0);
    for (std::uint32_t o : offsets_)
        pointers_.push_back(reinterpret_cast<std::uint8_t*>(storage_.data()) + o);
    local_bytes_.assign(params_.size(), 0);
    set_.assign(params_.size(), false);
    unset_ = static_cast<std::uint32_t>(params_.size());
}

CudaContext& CudaKernel::context() const {
    return *module_->context;
}

void CudaKernel::bad_index(std::uint32_t index, const char* call) const {
    throw InvalidArgumentError(std::string(call) + ": kernel '" + name_ + "' has " +
                               std::to_string(params_.size()) + " arguments, no argument " +
                               std::to_string(index));
}

void CudaKernel::mark_set(std::uint32_t index) {
    if (!set_[index]) {
        set_[index] = true;
        --unset_;
    }
}

void CudaKernel::set_value_arg(std::uint32_t index, std::size_t size, const void* value) {
    if (index >= params_.size()) bad_index(index, "set_value_arg");
    const PtxParam& p = params_[index];
    if (p.kind == PtxParamKind::LocalBuffer)
        throw InvalidArgumentError("set_value_arg: argument " + std::to_string(index) +
                                   " of kernel '" + name_ + "' is work-group memory");
    if (size != p.size)
        throw InvalidArgumentError("set_value_arg: argument " + std::to_string(index) +
                                   " of kernel '" + name_ + "' is " + std::to_string(p.size) +
                                   " bytes, " + std::to_string(size) + " bytes were given");
    std::memcpy(pointers_[index], value, size);
    mark_set(index);
}

void CudaKernel::set_pointer_arg(std::uint32_t index, void* ptr) {
    if (index >= params_.size()) bad_index(index, "set_pointer_arg");
    const PtxParam& p = params_[index];
    if (p.kind == PtxParamKind::LocalBuffer || p.size != sizeof ptr)
        throw InvalidArgumentError("set_pointer_arg: argument " + std::to_string(index) +
                                   " of kernel '" + name_ + "' is not a pointer");
    std::memcpy(pointers_[index], &ptr, sizeof ptr);
    mark_set(index);
}

void CudaKernel::set_local_arg(std::uint32_t index, std::size_t bytes) {
    if (index >= params_.size()) bad_index(index, "set_local_arg");
    if (params_[index].kind != PtxParamKind::LocalBuffer)
        throw InvalidArgumentError("set_local_arg: argument " + std::to_string(index) +
                                   " of kernel '" + name_ + "' is not work-group memory");
    if (local_bytes_[index] != bytes) {
        local_bytes_[index] = bytes;
        local_dirty_ = true;
    }
    mark_set(index);
}

std::uint32_t CudaKernel::prepare_launch() {
    if (unset_ != 0) [[unlikely]] {
        auto first = std::find(set_.begin(), set_.end(), false) - set_.begin();
        throw InvalidArgumentError("kernel '" + name_ + "': argument " + std::to_string(first) +
                                   " was not set (" + std::to_string(unset_) + " of " +
                                   std::to_string(params_.size()) + " unset)");
    }
    if (!local_dirty_) [[likely]]
        return dynamic_shared_;
    std::uint64_t offset = dynamic_arrays_;  // the work-group arrays past 48 KiB come first
    for (std::uint32_t i : local_params_) {
        offset = (offset + kDynamicSharedAlignment - 1) / kDynamicSharedAlignment *
                 kDynamicSharedAlignment;
        std::memcpy(pointers_[i], &offset, sizeof offset);
        offset += local_bytes_[i];
    }
    const std::uint64_t optin = context().shared_memory_optin();
    if (static_shared_ + offset > optin)
        throw InvalidRangeError(
            "kernel '" + name_ + "' needs " + std::to_string(static_shared_ + offset) +
            " bytes of work-group memory (" + std::to_string(static_shared_) + " static + " +
            std::to_string(dynamic_arrays_) + " of arrays past 48 KiB + " +
            std::to_string(offset - dynamic_arrays_) + " given at launch); device '" +
            context().device_info().name + "' allows " + std::to_string(optin) + " per block");
    if (offset > max_dynamic_shared_) {
        context().make_current_verified();
        check(context().api().cuFuncSetAttribute(function_,
                                                 CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES,
                                                 static_cast<int>(offset)),
              "cuFuncSetAttribute",
              "CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES = " + std::to_string(offset) +
                  " for kernel '" + name_ + "'");
        max_dynamic_shared_ = offset;
    }
    dynamic_shared_ = static_cast<std::uint32_t>(offset);
    local_dirty_ = false;
    return dynamic_shared_;
}

const LaunchGeometry& CudaKernel::geometry(const NdRange& range) {
    if (have_last_ && same_range(range, last_range_)) [[likely]]
        return last_geometry_;
    last_geometry_ = launch_geometry(range, limits_);
    last_range_ = range;
    have_last_ = true;
    return last_geometry_;
}

}  // namespace dpk::backends::cuda
