#include "dpk/runtime/device.h"

#include <algorithm>
#include <atomic>
#include <charconv>
#include <cstdlib>
#include <map>
#include <mutex>
#include <optional>
#include <tuple>

#include "backends/backend.h"
#include "dpk/core/error.h"
#include "dpk/runtime/cache_config.h"
#include "runtime/backend_access.h"
#include "runtime/device_directory.h"

namespace dpk::runtime {

namespace detail {

/// A discovered device: backend object, canonical filter, default context (created lazily).
struct DeviceEntry {
    const backends::BackendEntry* backend = nullptr;
    std::shared_ptr<backends::Device> device;
    std::string filter;
    mutable std::once_flag context_once;
    mutable std::shared_ptr<backends::Context> context;

    Device handle() const { return Device(this); }
    static const DeviceEntry& of(const Device& d) { return *d.entry_; }
};

namespace {

/// Devices found so far. Full discovery (every backend, every driver) runs once; before it, one
/// device may be opened on its own from the device directory in the disk cache
/// (open_from_directory). Never destroyed: contexts live until process exit, so no driver object
/// is released after a driver's own teardown has run.
struct Registry {
    std::mutex mutex;
    std::atomic<bool> complete{false};
    /// Every entry made, by either path (stable addresses: Device handles point at them).
    std::vector<std::unique_ptr<DeviceEntry>> entries;
    std::size_t opened_from_directory = 0;
    /// Discoveries of backends that cannot reopen devices, made once and shared by both paths
    /// (the directory is trusted only when these find nothing).
    std::map<const backends::BackendEntry*, backends::Discovery> early;
    // Filled by full discovery, immutable once `complete`.
    std::vector<Device> devices;
    std::vector<PlatformListing> platforms;
    std::vector<BackendProblem> problems;
};

Registry& registry_state() {
    static Registry* r = new Registry;  // intentionally never deleted (see Registry)
    return *r;
}

/// Whether the device directory can speak for a backend's devices.
bool reopens(const backends::BackendEntry& b) {
    return b.configuration_fingerprint && b.reopen;
}

/// The discovery of a backend, made once per process for backends that cannot reopen devices.
backends::Discovery discover(Registry& r, const backends::BackendEntry& b) {
    if (!reopens(b)) {
        auto it = r.early.find(&b);
        if (it == r.early.end()) it = r.early.emplace(&b, b.discover({})).first;
        return it->second;
    }
    std::vector<std::shared_ptr<backends::Device>> opened;
    for (const auto& e : r.entries)
        if (e->backend == &b) opened.push_back(e->device);
    return b.discover(opened);
}

/// The entry of a backend device, reusing the one made when it was opened on its own.
DeviceEntry& entry_for(Registry& r, const backends::BackendEntry& backend,
                       std::shared_ptr<backends::Device> dev, std::string filter) {
    for (auto& e : r.entries) {
        if (e->device == dev) {
            // Equal unless the directory's ordinals were stale; written only then, since handles
            // of a device opened alone may be reading its filter on other threads.
            if (e->filter != filter) e->filter = std::move(filter);
            return *e;
        }
    }
    auto entry = std::make_unique<DeviceEntry>();
    entry->backend = &backend;
    entry->device = std::move(dev);
    entry->filter = std::move(filter);
    r.entries.push_back(std::move(entry));
    return *r.entries.back();
}

/// The devices of one backend's discovery, platform by platform, each with its filter
/// ("backend:kind:ordinal", ordinals counted per kind across the backend's platforms).
std::vector<std::vector<Device>> backend_devices(Registry& r, const backends::BackendEntry& backend,
                                                 const backends::Discovery& found) {
    std::vector<std::vector<Device>> by_platform;
    std::map<backends::DeviceKind, int> ordinals;
    for (const backends::Platform& p : found.platforms) {
        std::vector<Device>& devices = by_platform.emplace_back();
        for (const auto& dev : p.devices) {
            const backends::DeviceInfo& info = dev->info();
            int ordinal = ordinals[info.kind]++;
            DeviceEntry& entry = entry_for(r, backend, dev,
                                           std::string(backend.name) + ":" +
                                               std::string(backends::device_kind_name(info.kind)) +
                                               ":" + std::to_string(ordinal));
            devices.push_back(entry.handle());
        }
    }
    return by_platform;
}

void add_backend(Registry& r, const backends::BackendEntry& backend,
                 const backends::Discovery& found) {
    if (!found.problem.empty()) r.problems.push_back({std::string(backend.name), found.problem});
    std::vector<std::vector<Device>> devices = backend_devices(r, backend, found);
    for (std::size_t i = 0; i < found.platforms.size(); ++i) {
        const backends::Platform& p = found.platforms[i];
        PlatformListing listing{std::string(backend.name), p.name, p.vendor, p.version, {}};
        listing.devices = devices[i];
        r.devices.insert(r.devices.end(), devices[i].begin(), devices[i].end());
        r.platforms.push_back(std::move(listing));
    }
}

DeviceRecord record_of(const Device& dev, std::string token) {
    const backends::DeviceInfo& i = dev.info();
    return {i.backend, i.kind,           i.spirv,         dev.filter_string(), i.name,
            i.vendor,  i.driver_version, i.platform_name, std::move(token)};
}

/// The devices of a full discovery as the device directory records them: those of every backend
/// that can reopen devices, with that backend's configuration fingerprint.
DeviceDirectory directory_of(const Registry& r) {
    DeviceDirectory d;
    for (const backends::BackendEntry* b : backends::registered_backends())
        if (reopens(*b))
            d.fingerprints.push_back({std::string(b->name), b->configuration_fingerprint()});
    for (const Device& dev : r.devices) {
        const DeviceEntry& e = DeviceEntry::of(dev);
        if (reopens(*e.backend)) d.devices.push_back(record_of(dev, e.device->reopen_token()));
    }
    return d;
}

/// The registry after full discovery (runs it the first time).
const Registry& registry() {
    Registry& r = registry_state();
    if (r.complete.load(std::memory_order_acquire)) return r;
    std::lock_guard lock(r.mutex);
    if (r.complete.load(std::memory_order_relaxed)) return r;
    for (const backends::BackendEntry* b : backends::registered_backends())
        add_backend(r, *b, discover(r, *b));
    directory_of(r).store(CacheConfig::from_environment());
    r.complete.store(true, std::memory_order_release);
    return r;
}

}  // namespace
}  // namespace detail

Target Device::target() const {
    const DeviceInfo& i = info();
    DeviceFeatures f = i.features;
    if (!f.has(DeviceFeature::SubGroups))
        for (DeviceFeature e : kSubGroupExtensions) f.set(e, false);
    // The SPIR-V every backend takes is OpenCL's; only whether messages name OpenCL extensions
    // differs between the two APIs.
    const Target t = i.names_opencl_extensions ? Target::opencl(f) : Target::level_zero(f);
    std::string description = filter_string() + " (" + i.name;
    if (!i.platform_name.empty()) description += ", " + i.platform_name;
    return t.with_workarounds(i.driver_defects)
        .with_variants(i.kernel_variants)
        .for_device(description + ")");
}

const backends::DeviceInfo& Device::info() const {
    if (!entry_) throw DeviceNotFoundError("empty dpk::runtime::Device handle");
    return entry_->device->info();
}

const std::string& Device::filter_string() const {
    if (!entry_) throw DeviceNotFoundError("empty dpk::runtime::Device handle");
    return entry_->filter;
}

void* Device::native_context() const {
    return detail::context_of(*this)->native_handle();
}

const std::shared_ptr<backends::Context>& detail::context_of(const Device& device) {
    const DeviceEntry* entry = BackendAccess::entry(device);
    if (!entry) throw DeviceNotFoundError("empty dpk::runtime::Device handle");
    std::call_once(entry->context_once, [&] { entry->context = entry->device->default_context(); });
    return entry->context;
}

backends::Device& detail::backend_device(const Device& device) {
    const DeviceEntry* entry = BackendAccess::entry(device);
    if (!entry) throw DeviceNotFoundError("empty dpk::runtime::Device handle");
    return *entry->device;
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

DiscoveryStats discovery_stats() {
    detail::Registry& r = detail::registry_state();
    std::lock_guard lock(r.mutex);
    return {r.complete.load(), r.opened_from_directory};
}

namespace {

struct Filter {
    std::optional<std::string_view> backend;  // a registered backend's name
    std::optional<backends::DeviceKind> kind;
    std::optional<int> index;
};

/// The registered backend a filter part names (its name or an alias).
const backends::BackendEntry* find_backend(std::string_view s) {
    for (const backends::BackendEntry* b : backends::registered_backends()) {
        if (b->name == s) return b;
        for (std::string_view alias : b->aliases)
            if (alias == s) return b;
    }
    return nullptr;
}

std::string backend_names() {
    std::string s;
    for (const backends::BackendEntry* b : backends::registered_backends())
        s += (s.empty() ? "" : ", ") + std::string(b->name);
    return s;
}

std::optional<backends::DeviceKind> parse_kind(std::string_view s) {
    for (auto k : {backends::DeviceKind::Cpu, backends::DeviceKind::Gpu,
                   backends::DeviceKind::Accelerator, backends::DeviceKind::Custom})
        if (backends::device_kind_name(k) == s) return k;
    return std::nullopt;
}

Filter parse_filter(std::string_view text) {
    auto bad = [&](const std::string& why) -> InvalidArgumentError {
        return InvalidArgumentError(
            "bad device filter \"" + std::string(text) + "\": " + why +
            " (expected backend[:type][:index] or type[:index], e.g. \"opencl:cpu:0\", "
            "\"opencl\", \"cpu\", \"cuda:gpu:0\", \"opencl:1\")");
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
        } else if (const backends::BackendEntry* b = find_backend(tok); b && part == 0) {
            f.backend = b->name;
        } else if (auto kind = parse_kind(tok); kind && !f.kind) {
            f.kind = kind;
        } else {
            throw bad("unknown part \"" + std::string(tok) + "\" (backends: " + backend_names() +
                      "; types: cpu, gpu, accelerator, custom)");
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
    for (const BackendProblem& p : backend_problems()) s += "\n  " + p.backend + ": " + p.problem;
    return s;
}

/// A device as selection sees it: what a filter and the default ranking look at.
struct Candidate {
    std::string_view backend;
    backends::DeviceKind kind;
    backends::SpirvIngest spirv;
};

std::vector<Candidate> candidates(const std::vector<Device>& devices) {
    std::vector<Candidate> c;
    for (const Device& d : devices) c.push_back({d.info().backend, d.info().kind, d.info().spirv});
    return c;
}

std::vector<std::size_t> matching(const Filter& f, const std::vector<Candidate>& c) {
    std::vector<std::size_t> m;
    for (std::size_t i = 0; i < c.size(); ++i)
        if ((!f.backend || c[i].backend == *f.backend) && (!f.kind || c[i].kind == *f.kind))
            m.push_back(i);
    if (f.index) {
        if (static_cast<std::size_t>(*f.index) >= m.size()) return {};
        return {m[static_cast<std::size_t>(*f.index)]};
    }
    return m;
}

/// The one device a filter names (see select_device).
std::optional<std::size_t> selected(const Filter& f, const std::vector<Candidate>& c) {
    std::vector<std::size_t> m = matching(f, c);
    if (m.empty()) return std::nullopt;
    for (std::size_t i : m)
        if (c[i].spirv != backends::SpirvIngest::None) return i;
    return m.front();
}

/// The default device (see default_device): a GPU before anything else, then a driver that takes
/// SPIR-V as IL before a translation, then the backends' own order.
std::optional<std::size_t> best_default(const std::vector<Candidate>& c) {
    auto rank = [](const Candidate& d) {
        const backends::BackendEntry* b = find_backend(d.backend);
        return std::tuple(d.kind != backends::DeviceKind::Gpu, d.spirv != backends::SpirvIngest::IL,
                          b ? b->rank : 0);
    };
    std::optional<std::size_t> best;
    for (std::size_t i = 0; i < c.size(); ++i) {
        if (c[i].spirv == backends::SpirvIngest::None) continue;
        if (!best || rank(c[i]) < rank(c[*best])) best = i;
    }
    return best;
}

bool same_device(const backends::DeviceInfo& info, const DeviceRecord& rec) {
    return info.backend == rec.backend && info.kind == rec.kind && info.spirv == rec.spirv &&
           info.name == rec.name && info.vendor == rec.vendor &&
           info.driver_version == rec.driver_version && info.platform_name == rec.platform_name;
}

/// Before full discovery: the device `choose` picks among those the device directory lists,
/// opened on its own (only its driver is loaded). Nullopt whenever that cannot be trusted —
/// no disk cache, no directory or a corrupted one, another driver configuration of a backend,
/// devices present in a backend that cannot reopen devices, a device that is not there or not
/// the one recorded — and then the caller runs full discovery, as without a directory.
template <typename Choose>
std::optional<Device> open_from_directory(Choose choose) try {
    detail::Registry& r = detail::registry_state();
    std::lock_guard lock(r.mutex);
    if (r.complete.load()) return std::nullopt;
    std::optional<DeviceDirectory> dir = DeviceDirectory::load(CacheConfig::from_environment());
    if (!dir) return std::nullopt;
    std::vector<BackendFingerprint> now;
    for (const backends::BackendEntry* b : backends::registered_backends()) {
        if (detail::reopens(*b)) {
            now.push_back({std::string(b->name), b->configuration_fingerprint()});
            continue;
        }
        for (const backends::Platform& p : detail::discover(r, *b).platforms)
            if (!p.devices.empty()) return std::nullopt;  // the directory cannot speak for them
    }
    if (now != dir->fingerprints) return std::nullopt;
    std::vector<Candidate> c;
    for (const DeviceRecord& rec : dir->devices) c.push_back({rec.backend, rec.kind, rec.spirv});
    std::optional<std::size_t> pick = choose(c);
    if (!pick || dir->devices[*pick].token.empty()) return std::nullopt;
    const DeviceRecord& rec = dir->devices[*pick];
    for (const auto& e : r.entries)
        if (e->filter == rec.filter) return e->handle();
    const backends::BackendEntry* backend = find_backend(rec.backend);
    if (!backend || !detail::reopens(*backend)) return std::nullopt;
    std::shared_ptr<backends::Device> dev = backend->reopen(rec.token);
    if (!dev || !same_device(dev->info(), rec)) return std::nullopt;
    auto entry = std::make_unique<detail::DeviceEntry>();
    entry->backend = backend;
    entry->device = std::move(dev);
    entry->filter = rec.filter;
    r.entries.push_back(std::move(entry));
    ++r.opened_from_directory;
    return r.entries.back()->handle();
} catch (const std::exception&) {
    return std::nullopt;  // full discovery reports what is wrong
}

/// Before full discovery: the device a filter that names a backend of one driver (CUDA, Level
/// Zero) picks among that backend's devices, found by that backend alone. No other driver is
/// loaded, so an OpenCL driver that crashes or hangs while it lists its platforms cannot stop a
/// program that asked for a CUDA device. (OpenCL filters keep the device directory's path: a
/// full discovery once, then their one ICD.) Nullopt when the backend has no such device: the
/// caller runs full discovery, which reports what it found.
std::optional<Device> open_in_backend(const Filter& f) {
    if (!f.backend) return std::nullopt;
    const backends::BackendEntry* backend = find_backend(*f.backend);
    if (!backend || !backend->one_driver) return std::nullopt;
    detail::Registry& r = detail::registry_state();
    std::lock_guard lock(r.mutex);
    if (r.complete.load()) return std::nullopt;
    std::vector<Device> found;
    for (const std::vector<Device>& platform :
         detail::backend_devices(r, *backend, detail::discover(r, *backend)))
        found.insert(found.end(), platform.begin(), platform.end());
    std::optional<std::size_t> i = selected(f, candidates(found));
    if (!i) return std::nullopt;
    return found[*i];
}

}  // namespace

std::vector<Device> select_devices(std::string_view filter) {
    Filter f = parse_filter(filter);
    std::vector<Device> matches;
    for (std::size_t i : matching(f, candidates(all_devices())))
        matches.push_back(all_devices()[i]);
    return matches;
}

Device select_device(std::string_view filter) {
    Filter f = parse_filter(filter);
    if (std::optional<Device> d = open_in_backend(f)) return *d;
    if (std::optional<Device> d =
            open_from_directory([&](const std::vector<Candidate>& c) { return selected(f, c); }))
        return *d;
    std::optional<std::size_t> i = selected(f, candidates(all_devices()));
    if (!i)
        throw DeviceNotFoundError("no device matches \"" + std::string(filter) +
                                  "\"; devices found:" + list_devices());
    return all_devices()[*i];
}

Device default_device() {
    if (const char* env = std::getenv("DPK_DEVICE"); env && *env) return select_device(env);
    if (std::optional<Device> d = open_from_directory(best_default)) return *d;
    std::optional<std::size_t> i = best_default(candidates(all_devices()));
    if (!i)
        throw DeviceNotFoundError("no device that can take SPIR-V was found; devices found:" +
                                  list_devices());
    return all_devices()[*i];
}

}  // namespace dpk::runtime
