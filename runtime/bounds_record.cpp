#include "runtime/bounds_record.h"

#include <algorithm>
#include <cstdio>
#include <cstring>

#include "backends/backend.h"
#include "core/checked_math.h"
#include "dpk/core/error.h"
#include "dpk/runtime/launch_args.h"
#include "runtime/loaded_kernel_state.h"

namespace dpk::runtime {

namespace {

using Layout = BoundsRecordLayout;

/// Host USM when the device has it, else shared: the host reads the record after the launch.
UsmType record_usm_type(const Device& device, const std::string& kernel) {
    const DeviceInfo& info = device.info();
    if (info.supports(UsmType::Host)) return UsmType::Host;
    if (info.supports(UsmType::Shared)) return UsmType::Shared;
    throw UnsupportedDeviceFeatureError(
        "kernel '" + kernel +
        "' is bounds-checked or has asserts: its record needs host or shared "
        "USM, which " +
        device.filter_string() + " (" + info.name +
        ") cannot provide: " + info.usm_backing(UsmType::Host));
}

}  // namespace

BoundsRecord::BoundsRecord(const LoadedKernel& kernel, const Range& global,
                           std::span<const KernelArg> args)
    : kernel_(kernel),
      memory_(kernel.device(), record_usm_type(kernel.device(), kernel.name()),
              Layout::kWords * sizeof(std::uint64_t)),
      dims_(global.dims()),
      shapes_(args.size()) {
    std::memset(memory_.data(), 0, memory_.bytes());
    for (std::size_t i = 0; i < args.size(); ++i)
        if (args[i].kind() == KernelArg::Kind::Array) shapes_[i] = args[i].array().shape();
}

bool BoundsRecord::is_complete() const {
    return !event_ || event_->is_complete();
}

void BoundsRecord::raise_violation() {
    if (settled_.exchange(true, std::memory_order_acq_rel)) return;
    if (!recorded()) return;
    std::uint64_t site = 0;
    std::memcpy(&site, static_cast<const char*>(memory_.data()) + Layout::kSite * sizeof site,
                sizeof site);
    const auto& sites = kernel_.image().abi.bounds_sites;
    if (site < sites.size() && sites[site].access == BoundsSite::Access::Assert)
        throw AssertionError(message());
    throw BoundsError(message());
}

bool BoundsRecord::recorded() const {
    std::uint32_t claimed = 0;
    std::memcpy(&claimed, memory_.data(), sizeof claimed);
    return claimed != 0;
}

std::string BoundsRecord::message() const {
    std::uint64_t words[Layout::kWords];
    std::memcpy(words, memory_.data(), sizeof words);
    const KernelImage& image = kernel_.image();
    const auto& sites = image.abi.bounds_sites;
    const std::uint64_t site_number = words[Layout::kSite];
    const auto index = static_cast<std::int64_t>(words[Layout::kIndex]);
    const auto extent = static_cast<std::int64_t>(words[Layout::kExtent]);
    std::string work_item = "(";
    for (std::uint32_t d = 0; d < dims_; ++d)
        work_item += (d ? ", " : "") + std::to_string(words[Layout::kWorkItem + d]);
    work_item += ")";
    std::string s = "kernel '" + image.kernel_name + "': ";
    if (site_number < sites.size() && sites[site_number].access == BoundsSite::Access::Assert) {
        const BoundsSite& site = sites[site_number];
        s += "assert(" + site.condition + ") failed at " + site.location;
        if (site.function != image.kernel_name) s += " in function '" + site.function + "'";
        return s + ": " + site.message + ", by work-item " + work_item;
    }
    s += "out-of-bounds ";
    if (site_number >= sites.size())  // the record names no site of the image: say what it holds
        return s + "access (site " + std::to_string(site_number) + "): index " +
               std::to_string(index) + " in dimension " + std::to_string(words[Layout::kDim]) +
               " of extent " + std::to_string(extent) + ", by work-item " + work_item;
    const BoundsSite& site = sites[site_number];
    s += std::string(access_name(site.access)) + " at " + site.location + ": index " +
         std::to_string(index) + " in dimension " + std::to_string(words[Layout::kDim]) + " of ";
    std::vector<std::int64_t> shape = site.shape;
    if (site.param != BoundsSite::kNoParam) {
        s += "parameter " + std::to_string(site.param);
        if (site.param < image.param_names.size()) s += " '" + image.param_names[site.param] + "'";
        if (site.param < shapes_.size() && shape.empty()) shape = shapes_[site.param];
    } else {
        s += "'" + site.array + "'";
        if (site.function != image.kernel_name) s += " in function '" + site.function + "'";
    }
    s += shape.empty() ? ", extent " + std::to_string(extent) : ", shape " + extents_string(shape);
    return s + ", by work-item " + work_item;
}

void PendingBoundsRecords::prune() {
    std::vector<std::shared_ptr<BoundsRecord>> dropped;  // freed outside the lock
    std::lock_guard lock(mutex_);
    auto kept = std::stable_partition(
        records_.begin(), records_.end(), [](const std::shared_ptr<BoundsRecord>& r) {
            // A violation stays for a wait to raise.
            return !r->settled() && !(r->is_complete() && !r->recorded());
        });
    dropped.assign(std::make_move_iterator(kept), std::make_move_iterator(records_.end()));
    records_.erase(kept, records_.end());
}

void PendingBoundsRecords::add(std::shared_ptr<BoundsRecord> record) {
    std::lock_guard lock(mutex_);
    records_.push_back(std::move(record));
}

void PendingBoundsRecords::raise_violations() {
    if (prints_.exchange(false, std::memory_order_relaxed)) std::fflush(stdout);
    std::vector<std::shared_ptr<BoundsRecord>> done;
    {
        std::lock_guard lock(mutex_);
        auto incomplete = std::stable_partition(
            records_.begin(), records_.end(),
            [](const std::shared_ptr<BoundsRecord>& r) { return r->is_complete(); });
        done.assign(records_.begin(), incomplete);
        records_.erase(records_.begin(), incomplete);
    }
    for (std::size_t i = 0; i < done.size(); ++i) {
        try {
            done[i]->raise_violation();
        } catch (const error&) {  // BoundsError, AssertionError
            // The rest stay for later waits, in launch order.
            std::lock_guard lock(mutex_);
            records_.insert(records_.begin(), done.begin() + static_cast<std::ptrdiff_t>(i) + 1,
                            done.end());
            throw;
        }
    }
}

}  // namespace dpk::runtime
