#include "runtime/device.h"

#include <algorithm>
#include <charconv>
#include <cstdlib>
#include <map>
#include <mutex>
#include <optional>

#include "backends/level_zero/ze_device.h"
#include "backends/opencl/cl_device.h"
#include "runtime/error.h"

namespace dpk::runtime {

namespace detail {

/// A discovered device: backend object, canonical filter, default context (created lazily).
struct DeviceEntry {
    std::shared_ptr<backends::Device> device;
    std::string filter;
    mutable std::once_flag context_once;
    mutable std::shared_ptr<backends::Context> context;

    Device handle() const { return Device(this); }
};

namespace {

/// Everything discovery found. Built once and never destroyed: contexts live until process exit,
/// so no OpenCL object is released after a driver's own teardown has run.
struct Registry {
    std::vector<std::unique_ptr<DeviceEntry>> entries;
    std::vector<Device> devices;
    std::vector<PlatformListing> platforms;
    std::vector<BackendProblem> problems;
};

void add_backend(Registry& r, backends::Api api, backends::Discovery found,
                 std::map<std::pair<backends::Api, backends::DeviceKind>, int>& ordinals) {
    if (!found.problem.empty()) r.problems.push_back({api, found.problem});
    for (backends::Platform& p : found.platforms) {
        PlatformListing listing{p.api, p.name, p.vendor, p.version, {}};
        for (auto& dev : p.devices) {
            auto entry = std::make_unique<DeviceEntry>();
            const backends::DeviceInfo& info = dev->info();
            int ordinal = ordinals[{info.api, info.kind}]++;
            entry->filter = std::string(backends::api_name(info.api)) + ":" +
                            std::string(backends::device_kind_name(info.kind)) + ":" +
                            std::to_string(ordinal);
            entry->device = std::move(dev);
            listing.devices.push_back(entry->handle());
            r.devices.push_back(entry->handle());
            r.entries.push_back(std::move(entry));
        }
        r.platforms.push_back(std::move(listing));
    }
}

const Registry& registry() {
    static const Registry* r = [] {
        auto* reg = new Registry;  // intentionally never deleted (see Registry)
        std::map<std::pair<backends::Api, backends::DeviceKind>, int> ordinals;
        add_backend(*reg, backends::Api::OpenCL, backends::opencl::discover(), ordinals);
        add_backend(*reg, backends::Api::LevelZero, backends::level_zero::discover(), ordinals);
        return reg;
    }();
    return *r;
}

}  // namespace
}  // namespace detail

const backends::DeviceInfo& Device::info() const {
    if (!entry_) throw DeviceNotFoundError("empty dpk::runtime::Device handle");
    return entry_->device->info();
}

const std::string& Device::filter_string() const {
    if (!entry_) throw DeviceNotFoundError("empty dpk::runtime::Device handle");
    return entry_->filter;
}

const std::shared_ptr<backends::Context>& Device::context() const {
    if (!entry_) throw DeviceNotFoundError("empty dpk::runtime::Device handle");
    std::call_once(entry_->context_once,
                   [&] { entry_->context = entry_->device->default_context(); });
    return entry_->context;
}

backends::Device& Device::backend_device() const {
    if (!entry_) throw DeviceNotFoundError("empty dpk::runtime::Device handle");
    return *entry_->device;
}

const std::vector<Device>& all_devices() {
    return detail::registry().devices;
}
const std::vector<PlatformListing>& platforms() {
    return detail::registry().platforms;
}
const std::vector<BackendProblem>& backend_problems() {
    return detail::registry().problems;
}

namespace {

struct Filter {
    std::optional<backends::Api> api;
    std::optional<backends::DeviceKind> kind;
    std::optional<int> index;
};

std::optional<backends::Api> parse_api(std::string_view s) {
    if (s == "opencl") return backends::Api::OpenCL;
    if (s == "level_zero" || s == "ext_oneapi_level_zero") return backends::Api::LevelZero;
    return std::nullopt;
}

std::optional<backends::DeviceKind> parse_kind(std::string_view s) {
    if (s == "cpu") return backends::DeviceKind::Cpu;
    if (s == "gpu") return backends::DeviceKind::Gpu;
    if (s == "accelerator") return backends::DeviceKind::Accelerator;
    if (s == "custom") return backends::DeviceKind::Custom;
    return std::nullopt;
}

Filter parse_filter(std::string_view text) {
    auto bad = [&](const std::string& why) -> InvalidArgumentError {
        return InvalidArgumentError(
            "bad device filter \"" + std::string(text) + "\": " + why +
            " (expected backend[:type][:index] or type[:index], e.g. \"opencl:cpu:0\", "
            "\"opencl\", \"cpu\", \"level_zero:gpu:0\", \"opencl:1\")");
    };
    Filter f;
    std::size_t pos = 0;
    int part = 0;
    while (pos <= text.size()) {
        std::size_t end = text.find(':', pos);
        if (end == std::string_view::npos) end = text.size();
        std::string_view tok = text.substr(pos, end - pos);
        if (tok.empty()) throw bad("empty part");
        if (f.index) throw bad("the index must come last");
        int value = 0;
        auto [ptr, ec] = std::from_chars(tok.data(), tok.data() + tok.size(), value);
        if (ec == std::errc() && ptr == tok.data() + tok.size()) {
            if (value < 0) throw bad("negative index");
            f.index = value;
        } else if (auto api = parse_api(tok); api && part == 0) {
            f.api = api;
        } else if (auto kind = parse_kind(tok); kind && !f.kind) {
            f.kind = kind;
        } else {
            throw bad("unknown part \"" + std::string(tok) +
                      "\" (backends: opencl, level_zero; types: cpu, gpu, accelerator, custom)");
        }
        ++part;
        pos = end + 1;
    }
    return f;
}

std::string list_devices() {
    std::string s;
    for (const Device& d : all_devices())
        s += "\n  " + d.filter_string() + "  " + d.name() + " (" + d.info().platform_name +
             (d.takes_spirv() ? "" : "; cannot take SPIR-V: " + d.info().spirv_detail) + ")";
    if (s.empty()) s = " none";
    for (const BackendProblem& p : backend_problems())
        s += "\n  " + std::string(backends::api_name(p.api)) + ": " + p.problem;
    return s;
}

}  // namespace

std::vector<Device> select_devices(std::string_view filter) {
    Filter f = parse_filter(filter);
    std::vector<Device> matches;
    for (const Device& d : all_devices()) {
        if (f.api && d.backend() != *f.api) continue;
        if (f.kind && d.info().kind != *f.kind) continue;
        matches.push_back(d);
    }
    if (f.index) {
        if (static_cast<std::size_t>(*f.index) >= matches.size()) return {};
        return {matches[static_cast<std::size_t>(*f.index)]};
    }
    return matches;
}

Device select_device(std::string_view filter) {
    std::vector<Device> matches = select_devices(filter);
    if (matches.empty())
        throw DeviceNotFoundError("no device matches \"" + std::string(filter) +
                                  "\"; devices found:" + list_devices());
    for (const Device& d : matches)
        if (d.takes_spirv()) return d;
    return matches.front();
}

Device default_device() {
    if (const char* env = std::getenv("DPK_DEVICE"); env && *env) return select_device(env);
    auto rank = [](const Device& d) {
        const backends::DeviceInfo& i = d.info();
        int r = i.spirv == backends::SpirvIngest::IL ? 0 : 4;
        if (i.kind != backends::DeviceKind::Gpu) r += 2;
        if (i.api != backends::Api::LevelZero) r += 1;
        return r;
    };
    const Device* best = nullptr;
    for (const Device& d : all_devices()) {
        if (!d.takes_spirv()) continue;
        if (!best || rank(d) < rank(*best)) best = &d;
    }
    if (!best)
        throw DeviceNotFoundError("no device that can take SPIR-V was found; devices found:" +
                                  list_devices());
    return *best;
}

}  // namespace dpk::runtime
