#include "runtime/device_directory.h"

#include "dpk/core/error.h"
#include "runtime/sealed_file.h"

namespace dpk::runtime {

namespace {

constexpr FileMagic kMagic = "dpkdevls";
constexpr std::uint32_t kFormatVersion = 2;

std::filesystem::path file_in(const CacheConfig& cache) {
    return cache.dir / "devices.dpkdev";
}

std::string encode(const DeviceDirectory& d) {
    ByteWriter out;
    out.u32(static_cast<std::uint32_t>(d.fingerprints.size()));
    for (const BackendFingerprint& f : d.fingerprints) {
        out.str(f.backend);
        out.str(f.fingerprint);
    }
    out.u32(static_cast<std::uint32_t>(d.devices.size()));
    for (const DeviceRecord& r : d.devices) {
        out.str(r.backend);
        out.u8(static_cast<std::uint8_t>(r.kind));
        out.u8(static_cast<std::uint8_t>(r.spirv));
        for (const std::string* s :
             {&r.filter, &r.name, &r.vendor, &r.driver_version, &r.platform_name, &r.token})
            out.str(*s);
    }
    return out.take();
}

template <typename Enum>
Enum enum_field(ByteReader& in, Enum last) {
    std::uint8_t v = in.u8();
    if (v > static_cast<std::uint8_t>(last)) in.fail("bad enumerator " + std::to_string(v));
    return static_cast<Enum>(v);
}

DeviceDirectory decode(ByteReader& in) {
    DeviceDirectory d;
    const std::uint32_t backends = in.u32();
    for (std::uint32_t i = 0; i < backends; ++i) {
        BackendFingerprint f;
        f.backend = in.str();
        f.fingerprint = in.str();
        d.fingerprints.push_back(std::move(f));
    }
    const std::uint32_t n = in.u32();
    for (std::uint32_t i = 0; i < n; ++i) {
        DeviceRecord r;
        r.backend = in.str();
        r.kind = enum_field(in, backends::DeviceKind::Custom);
        r.spirv = enum_field(in, backends::SpirvIngest::None);
        for (std::string* s :
             {&r.filter, &r.name, &r.vendor, &r.driver_version, &r.platform_name, &r.token})
            *s = in.str();
        d.devices.push_back(std::move(r));
    }
    if (!in.at_end()) in.fail("bytes after the last device");
    return d;
}

}  // namespace

std::optional<DeviceDirectory> DeviceDirectory::load(const CacheConfig& cache) {
    if (!cache.enabled) return std::nullopt;
    const std::filesystem::path path = file_in(cache);
    if (!cache.folder_trusted(path)) return std::nullopt;
    std::optional<std::string> file = read_file_bytes(path, CacheConfig::entry_policy());
    if (!file) return std::nullopt;
    try {
        const std::string what = "device directory " + path.string();
        ByteReader in(unseal(*file, kMagic, kFormatVersion, what), what);
        return decode(in);
    } catch (const FormatError&) {
        return std::nullopt;  // rewritten by the next full discovery
    }
}

bool DeviceDirectory::store(const CacheConfig& cache) const {
    if (!cache.enabled || !cache.folder_trusted(file_in(cache))) return false;
    if (load(cache) == *this) return true;
    return write_file_atomically(file_in(cache), seal(kMagic, kFormatVersion, encode(*this)));
}

}  // namespace dpk::runtime
