#include "runtime/kernel_image_io.h"

#include <cstring>

#include "dpk/core/error.h"
#include "runtime/kernel_image_check.h"

namespace dpk::runtime {

namespace {

constexpr std::uint32_t kSpirvMagic = 0x07230203;
/// More variants than there are sets of launch facts is no image the compiler makes.
constexpr std::uint32_t kMaxVariants = 8;
constexpr std::uint32_t kMaxRangeGuards = 1024;

void write_param(ByteWriter& out, const ParamType& p) {
    out.u8(static_cast<std::uint8_t>(p.kind));
    out.u8(static_cast<std::uint8_t>(p.dtype));
    out.u32(static_cast<std::uint32_t>(p.ndim));
    out.u8(static_cast<std::uint8_t>(p.layout));
    out.u8(static_cast<std::uint8_t>(p.usm_type));
    out.str(p.device);
}

template <typename E>
E read_enum(ByteReader& in, E last, const char* what) {
    std::uint8_t v = in.u8();
    if (v > static_cast<std::uint8_t>(last))
        in.fail(std::string("invalid ") + what + " " + std::to_string(v));
    return static_cast<E>(v);
}

ParamType read_param(ByteReader& in) {
    ParamType p;
    p.kind = read_enum(in, ParamType::Kind::LocalArray, "parameter kind");
    p.dtype = read_enum(in, kLastDType, "dtype");
    std::uint32_t ndim = in.u32();
    if (ndim > 32) in.fail("invalid ndim " + std::to_string(ndim));
    p.ndim = static_cast<int>(ndim);
    p.layout = read_enum(in, Layout::Any, "layout");
    p.usm_type = read_enum(in, UsmType::Host, "usm_type");
    p.device = in.str();
    return p;
}

/// A checked kernel's sites follow the parameter names (only then: an image without bounds
/// checks is written as before them).
void write_bounds_site(ByteWriter& out, const BoundsSite& site) {
    out.u8(static_cast<std::uint8_t>(site.access));
    out.str(site.array);
    out.u32(site.param);
    out.str(site.function);
    out.str(site.location);
    out.u32(static_cast<std::uint32_t>(site.shape.size()));
    for (std::int64_t extent : site.shape) out.u64(static_cast<std::uint64_t>(extent));
    if (site.access != BoundsSite::Access::Assert) return;
    out.str(site.condition);
    out.str(site.message);
}

BoundsSite read_bounds_site(ByteReader& in, std::uint32_t nparams) {
    BoundsSite site;
    site.access = read_enum(in, BoundsSite::Access::Assert, "bounds-check access");
    site.array = in.str();
    site.param = in.u32();
    if (site.param != BoundsSite::kNoParam && site.param >= nparams)
        in.fail("bounds-check site refers to parameter " + std::to_string(site.param));
    site.function = in.str();
    site.location = in.str();
    const std::uint32_t ndim = in.u32();
    if (ndim > 64) in.fail("implausible bounds-check shape of " + std::to_string(ndim) + " dims");
    for (std::uint32_t d = 0; d < ndim; ++d) {
        const auto extent = static_cast<std::int64_t>(in.u64());
        if (extent < 0) in.fail("negative extent in a bounds-check shape");
        site.shape.push_back(extent);
    }
    if (site.access == BoundsSite::Access::Assert) {
        site.condition = in.str();
        site.message = in.str();
    }
    return site;
}

}  // namespace

void write_kernel_image(ByteWriter& out, const KernelImage& image) {
    out.str(image.kernel_name);
    out.u32(static_cast<std::uint32_t>(image.signature.params.size()));
    for (const ParamType& p : image.signature.params) write_param(out, p);
    out.u32(static_cast<std::uint32_t>(image.abi.args.size()));
    for (const AbiArg& a : image.abi.args) {
        out.u8(static_cast<std::uint8_t>(a.kind));
        out.u32(a.param);
        out.u32(a.dim);
        out.u8(static_cast<std::uint8_t>(a.dtype));
    }
    out.u64(image.abi.static_local_bytes);
    out.u32(image.abi.work_dims_used);
    out.u8(static_cast<std::uint8_t>(image.format));
    out.bytes(image.spirv.data(), image.spirv.size() * sizeof(std::uint32_t));
    out.u32(static_cast<std::uint32_t>(image.param_names.size()));
    for (const std::string& n : image.param_names) out.str(n);
    out.u32(static_cast<std::uint32_t>(image.abi.written_arrays.size()));
    for (std::uint32_t p : image.abi.written_arrays) out.u32(p);
    out.u32(static_cast<std::uint32_t>(image.abi.range_guards.size()));
    for (const RangeGuard& g : image.abi.range_guards) {
        out.u32(g.dim);
        out.u32(g.param);
        out.u32(g.axis);
    }
    out.u32(static_cast<std::uint32_t>(image.variants.size()));
    for (const KernelVariant& v : image.variants) {
        out.str(v.entry_point);
        out.u8(v.facts.bits());
    }
    out.u8(image.abi.prints ? 1 : 0);
    for (std::uint32_t e : image.abi.required_local_size) out.u32(e);
    if (!image.abi.checks_bounds()) return;
    out.u32(static_cast<std::uint32_t>(image.abi.bounds_sites.size()));
    for (const BoundsSite& site : image.abi.bounds_sites) write_bounds_site(out, site);
}

KernelImage read_kernel_image(ByteReader& in) {
    KernelImage image;
    image.kernel_name = in.str();
    if (image.kernel_name.empty()) in.fail("a kernel image without a name");
    std::uint32_t nparams = in.u32();
    if (nparams > 4096) in.fail("implausible parameter count " + std::to_string(nparams));
    for (std::uint32_t i = 0; i < nparams; ++i) image.signature.params.push_back(read_param(in));
    std::uint32_t nargs = in.u32();
    if (nargs > 65536) in.fail("implausible ABI argument count " + std::to_string(nargs));
    for (std::uint32_t i = 0; i < nargs; ++i) {
        AbiArg a;
        a.kind = read_enum(in, AbiArg::Kind::BoundsRecord, "ABI argument kind");
        a.param = in.u32();
        a.dim = in.u32();
        a.dtype = read_enum(in, kLastDType, "dtype");
        if (a.kind == AbiArg::Kind::BoundsRecord) {
            if (i + 1 != nargs) in.fail("a bounds record that is not the last ABI argument");
        } else if (a.param >= nparams)
            in.fail("ABI argument refers to parameter " + std::to_string(a.param));
        image.abi.args.push_back(a);
    }
    image.abi.static_local_bytes = in.u64();
    image.abi.work_dims_used = in.u32();
    if (image.abi.work_dims_used > 3) in.fail("invalid work dimension count");
    image.format = read_enum(in, PayloadFormat::Spirv, "payload format");
    std::string_view words = in.bytes();
    if (words.size() % 4 != 0 || words.size() < 20)
        in.fail("SPIR-V of " + std::to_string(words.size()) + " bytes is not a module");
    image.spirv.resize(words.size() / 4);
    std::memcpy(image.spirv.data(), words.data(), words.size());
    if (image.spirv[0] != kSpirvMagic) in.fail("SPIR-V without its magic number");
    std::uint32_t nnames = in.u32();
    if (nnames > nparams) in.fail("more parameter names than parameters");
    for (std::uint32_t i = 0; i < nnames; ++i) image.param_names.push_back(in.str());
    std::uint32_t nwritten = in.u32();
    if (nwritten > nparams) in.fail("more written arrays than parameters");
    for (std::uint32_t i = 0; i < nwritten; ++i) {
        const std::uint32_t p = in.u32();
        if (p >= nparams || !image.signature.params[p].is_array() ||
            (i > 0 && p <= image.abi.written_arrays.back()))
            in.fail("invalid written array parameter " + std::to_string(p));
        image.abi.written_arrays.push_back(p);
    }
    const std::uint32_t nguards = in.u32();
    if (nguards > kMaxRangeGuards) in.fail("implausible range guard count " + std::to_string(nguards));
    for (std::uint32_t i = 0; i < nguards; ++i) {
        RangeGuard g;
        g.dim = in.u32();
        g.param = in.u32();
        g.axis = in.u32();
        const bool valid = g.dim < kWorkItemDims && g.param < nparams &&
                           image.signature.params[g.param].is_array() &&
                           g.axis < static_cast<std::uint32_t>(image.signature.params[g.param].ndim) &&
                           (i == 0 || image.abi.range_guards.back() < g);
        if (!valid)
            in.fail("invalid range guard (dimension " + std::to_string(g.dim) + ", parameter " +
                    std::to_string(g.param) + ", axis " + std::to_string(g.axis) + ")");
        image.abi.range_guards.push_back(g);
    }
    std::uint32_t nvariants = in.u32();
    if (nvariants > kMaxVariants) in.fail("implausible variant count " + std::to_string(nvariants));
    for (std::uint32_t i = 0; i < nvariants; ++i) {
        KernelVariant v;
        v.entry_point = in.str();
        const std::uint8_t bits = in.u8();
        v.facts = LaunchFacts::from_bits(bits);
        const std::optional<LaunchFacts> known = LaunchFacts::parse(v.facts.name());
        if (v.entry_point.empty() || v.facts.empty() || !known || known->bits() != bits)
            in.fail("invalid kernel variant '" + v.entry_point + "'");
        image.variants.push_back(std::move(v));
    }
    const std::uint8_t prints = in.u8();
    if (prints > 1) in.fail("invalid print flag " + std::to_string(prints));
    image.abi.prints = prints == 1;
    for (std::uint32_t& e : image.abi.required_local_size) e = in.u32();
    const auto& local = image.abi.required_local_size;
    const bool none = local[0] == 0 && local[1] == 0 && local[2] == 0;
    if (!none && (local[0] == 0 || local[1] == 0 || local[2] == 0))
        in.fail("invalid required local size " + std::to_string(local[0]) + " x " +
                std::to_string(local[1]) + " x " + std::to_string(local[2]));
    if (image.abi.checks_bounds()) {
        const std::uint32_t nsites = in.u32();
        if (nsites > (1u << 24)) in.fail("implausible bounds-check site count");
        for (std::uint32_t i = 0; i < nsites; ++i)
            image.abi.bounds_sites.push_back(read_bounds_site(in, nparams));
    }
    try {
        check_kernel_image(image, "kernel '" + image.kernel_name + "'");
    } catch (const BuildError& e) {
        in.fail(e.what());
    }
    return image;
}

}  // namespace dpk::runtime
