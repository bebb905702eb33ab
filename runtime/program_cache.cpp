#include "runtime/program_cache.h"

#include <future>

#include "backends/backend.h"
#include "dpk/core/error.h"
#include "runtime/backend_access.h"
#include "runtime/content_hash.h"
#include "runtime/sealed_file.h"

namespace dpk::runtime {

namespace {

constexpr FileMagic kMagic = "dpkprog1";
constexpr std::uint32_t kFormatVersion = 1;

std::string_view as_bytes(std::span<const std::uint32_t> words) {
    return {reinterpret_cast<const char*>(words.data()), words.size_bytes()};
}

}  // namespace

/// One program being built or built: waiters share the result (or the exception).
struct ProgramCache::Slot {
    std::shared_future<std::shared_ptr<backends::Program>> program;
};

ProgramCache::ProgramCache(CacheConfig config) : config_(std::move(config)) {}
ProgramCache::~ProgramCache() = default;

ProgramCache& ProgramCache::process_default() {
    static ProgramCache* cache = new ProgramCache();  // never destroyed (see header)
    return *cache;
}

std::string ProgramCache::device_identity(const DeviceInfo& i) {
    std::string s;
    for (const std::string* part : {&i.name, &i.vendor, &i.driver_version, &i.device_version,
                                    &i.platform_name, &i.platform_version})
        s += *part + '\n';
    s += i.backend + '\n' + std::string(backends::spirv_ingest_name(i.spirv)) + '\n' +
         i.ingest_revision;
    return s;
}

ProgramCache::Stats ProgramCache::stats() const {
    std::lock_guard lock(mutex_);
    return stats_;
}

void ProgramCache::clear_memory() {
    std::lock_guard lock(mutex_);
    slots_.clear();
}

std::shared_ptr<backends::Program> ProgramCache::program(const Device& device,
                                                         std::span<const std::uint32_t> spirv,
                                                         const std::string& build_options) {
    return program(Target{device.info(), device.filter_string(), detail::context_of(device)}, spirv,
                   build_options);
}

std::shared_ptr<backends::Program> ProgramCache::program(const Target& target,
                                                         std::span<const std::uint32_t> spirv,
                                                         const std::string& build_options) {
    // The SPIR-V is hashed once; the memory key and the disk key both take its hash.
    const ContentKey spirv_key = ContentKeyBuilder().add(as_bytes(spirv)).key();
    ContentKeyBuilder kb;
    auto context_id = reinterpret_cast<std::uintptr_t>(target.context->id());
    kb.add(static_cast<std::uint64_t>(context_id)).add(target.filter);
    kb.add(spirv_key.hi).add(spirv_key.lo).add(build_options);
    std::string key = kb.key().hex();

    std::promise<std::shared_ptr<backends::Program>> promise;
    std::shared_future<std::shared_ptr<backends::Program>> result;
    bool build_here = false;
    {
        std::lock_guard lock(mutex_);
        auto it = slots_.find(key);
        if (it != slots_.end()) {
            ++stats_.memory_hits;
            result = it->second->program;
        } else {
            auto slot = std::make_shared<Slot>();
            slot->program = result = promise.get_future().share();
            slots_.emplace(key, std::move(slot));
            build_here = true;
        }
    }
    if (!build_here) return result.get();  // built (or being built) by another caller
    try {
        std::shared_ptr<backends::Program> built =
            load_or_build(target, spirv, spirv_key, build_options);
        promise.set_value(built);
        return built;
    } catch (...) {
        promise.set_exception(std::current_exception());
        std::lock_guard lock(mutex_);
        slots_.erase(key);  // a later request tries again
        throw;
    }
}

std::shared_ptr<backends::Program> ProgramCache::load_or_build(const Target& target,
                                                               std::span<const std::uint32_t> spirv,
                                                               const ContentKey& spirv_key,
                                                               const std::string& build_options) {
    const std::shared_ptr<backends::Context>& context = target.context;
    std::string identity;
    std::filesystem::path path;
    bool use_disk = false;
    if (config_.enabled) {
        identity = device_identity(target.info);
        ContentKey k = ContentKeyBuilder()
                           .add(identity)
                           .add(spirv_key.hi)
                           .add(spirv_key.lo)
                           .add(build_options)
                           .key();
        path = config_.dir / "programs" / (k.hex() + ".dpkprog");
        use_disk = config_.folder_trusted(path);
        std::error_code exists_ec;
        if (use_disk && std::filesystem::exists(std::filesystem::symlink_status(path, exists_ec))) {
            try {
                const std::string what = "program cache entry " + path.string();
                const std::string file = read_file(path, CacheConfig::entry_policy());
                ByteReader in(unseal(file, kMagic, kFormatVersion, what), what);
                if (in.str() != identity) in.fail("made for another device or driver");
                if (in.str() != build_options) in.fail("made with other build options");
                if (in.bytes() != as_bytes(spirv)) in.fail("made from other SPIR-V");
                std::string_view binary = in.bytes();
                if (!in.at_end()) in.fail("unexpected bytes after the binary");
                std::shared_ptr<backends::Program> program = context->create_program_from_binary(
                    {reinterpret_cast<const std::uint8_t*>(binary.data()), binary.size()},
                    build_options);
                std::lock_guard lock(mutex_);
                ++stats_.disk_hits;
                return program;
            } catch (const error&) {
                // Corrupted, foreign, not a private regular file, or refused by the driver:
                // remove it and build afresh.
                std::error_code ec;
                std::filesystem::remove(path, ec);
                std::lock_guard lock(mutex_);
                ++stats_.disk_rejected;
            }
        }
    }
    std::shared_ptr<backends::Program> program = context->create_program(spirv, build_options);
    {
        std::lock_guard lock(mutex_);
        ++stats_.builds;
    }
    if (use_disk) {
        std::vector<std::uint8_t> binary;
        try {
            binary = program->binary();
        } catch (const error&) {
            binary.clear();  // no binary: nothing to store
        }
        if (!binary.empty()) {
            ByteWriter out;
            out.str(identity);
            out.str(build_options);
            out.str(as_bytes(spirv));
            out.bytes(binary.data(), binary.size());
            if (write_file_atomically(path, seal(kMagic, kFormatVersion, out.data()))) {
                std::lock_guard lock(mutex_);
                ++stats_.disk_writes;
            }
        }
    }
    return program;
}

}  // namespace dpk::runtime
