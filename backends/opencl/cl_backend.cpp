#include <charconv>

#include "backends/opencl/cl_device.h"

namespace dpk::backends::opencl {

namespace {

// A reopen token: the ICD library, its platform index and the device index, one per line.
constexpr char kSeparator = '\n';

std::optional<unsigned> parse_index(std::string_view s) {
    unsigned v = 0;
    auto [ptr, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
    if (ec != std::errc() || ptr != s.data() + s.size()) return std::nullopt;
    return v;
}

std::shared_ptr<Device> reopen(std::string_view token) {
    const std::size_t a = token.find(kSeparator);
    const std::size_t b = a == std::string_view::npos ? a : token.find(kSeparator, a + 1);
    if (b == std::string_view::npos) return nullptr;
    std::optional<unsigned> platform = parse_index(token.substr(a + 1, b - a - 1));
    std::optional<unsigned> device = parse_index(token.substr(b + 1));
    if (!platform || !device) return nullptr;
    return open_device({std::string(token.substr(0, a)), *platform}, *device);
}

Discovery discover_all(std::span<const std::shared_ptr<Device>> opened) {
    std::vector<std::shared_ptr<ClDevice>> ours;
    for (const auto& d : opened)
        if (auto cl = std::dynamic_pointer_cast<ClDevice>(d)) ours.push_back(std::move(cl));
    return discover(ours);
}

}  // namespace

std::string ClDevice::reopen_token() const {
    if (!icd_source_ || icd_source_->library.find(kSeparator) != std::string::npos) return {};
    return icd_source_->library + kSeparator + std::to_string(icd_source_->platform_index) +
           kSeparator + std::to_string(index_in_platform_);
}

const BackendEntry& backend_entry() {
    static const BackendEntry entry = [] {
        BackendEntry e;
        e.name = "opencl";
        e.rank = 1;
        e.discover = discover_all;
        e.configuration_fingerprint = icd_configuration_fingerprint;
        e.reopen = reopen;
        return e;
    }();
    return entry;
}

}  // namespace dpk::backends::opencl
