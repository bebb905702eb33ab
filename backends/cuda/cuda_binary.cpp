#include "backends/cuda/cuda_binary.h"

#include <cstring>
#include <string>
#include <string_view>

#include "dpk/core/error.h"

namespace dpk::backends::cuda {

namespace {

constexpr std::string_view kMagic = "DPKCUPTX";
/// Far above any real kernel table; guards allocations against corrupted counts.
constexpr std::uint32_t kMaxCount = 1u << 20;

class Writer {
public:
    void bytes(const void* p, std::size_t n) {
        auto b = static_cast<const std::uint8_t*>(p);
        out.insert(out.end(), b, b + n);
    }
    template <typename T>
    void le(T v) {
        for (std::size_t i = 0; i < sizeof(T); ++i)
            out.push_back(static_cast<std::uint8_t>(static_cast<std::uint64_t>(v) >> (8 * i)));
    }
    std::vector<std::uint8_t> out;
};

class Reader {
public:
    explicit Reader(std::span<const std::uint8_t> in) : in_(in) {}
    const std::uint8_t* take(std::size_t n) {
        if (n > in_.size() - pos_) fail("truncated");
        const std::uint8_t* p = in_.data() + pos_;
        pos_ += n;
        return p;
    }
    template <typename T>
    T le() {
        const std::uint8_t* p = take(sizeof(T));
        std::uint64_t v = 0;
        for (std::size_t i = 0; i < sizeof(T); ++i) v |= std::uint64_t{p[i]} << (8 * i);
        return static_cast<T>(v);
    }
    std::uint32_t count() {
        auto n = le<std::uint32_t>();
        if (n > kMaxCount) fail("implausible count " + std::to_string(n));
        return n;
    }
    bool at_end() const { return pos_ == in_.size(); }
    [[noreturn]] static void fail(const std::string& what) {
        throw BuildError("not a dpk CUDA program binary (" + what + ")", "");
    }

private:
    std::span<const std::uint8_t> in_;
    std::size_t pos_ = 0;
};

}  // namespace

std::vector<std::uint8_t> encode_binary(const std::vector<PtxKernel>& kernels,
                                        std::string_view ptx) {
    Writer w;
    w.bytes(kMagic.data(), kMagic.size());
    w.le<std::uint32_t>(kBinaryFormatVersion);
    w.le<std::uint32_t>(static_cast<std::uint32_t>(kernels.size()));
    for (const PtxKernel& k : kernels) {
        w.le<std::uint32_t>(static_cast<std::uint32_t>(k.name.size()));
        w.bytes(k.name.data(), k.name.size());
        w.le<std::uint64_t>(k.static_shared_bytes);
        w.le<std::uint8_t>(k.uses_dynamic_shared ? 1 : 0);
        w.le<std::uint64_t>(k.dynamic_array_bytes);
        w.le<std::uint32_t>(static_cast<std::uint32_t>(k.params.size()));
        for (const PtxParam& p : k.params) {
            w.le<std::uint8_t>(static_cast<std::uint8_t>(p.kind));
            w.le<std::uint32_t>(p.size);
        }
    }
    w.le<std::uint64_t>(ptx.size());
    w.bytes(ptx.data(), ptx.size());
    return std::move(w.out);
}

CudaBinary decode_binary(std::span<const std::uint8_t> bytes) {
    Reader r(bytes);
    if (std::memcmp(r.take(kMagic.size()), kMagic.data(), kMagic.size()) != 0)
        Reader::fail("bad magic");
    // Version 2 lacks the dynamic array bytes: its kernels had none (ptxas refused them).
    const auto version = r.le<std::uint32_t>();
    if (version != kBinaryFormatVersion && version != 2)
        Reader::fail("format version " + std::to_string(version) + ", this build reads 2 and " +
                     std::to_string(kBinaryFormatVersion));
    CudaBinary b;
    b.kernels.resize(r.count());
    for (PtxKernel& k : b.kernels) {
        std::uint32_t n = r.count();
        k.name.assign(reinterpret_cast<const char*>(r.take(n)), n);
        k.static_shared_bytes = r.le<std::uint64_t>();
        k.uses_dynamic_shared = r.le<std::uint8_t>() != 0;
        if (version > 2) k.dynamic_array_bytes = r.le<std::uint64_t>();
        k.params.resize(r.count());
        for (PtxParam& p : k.params) {
            auto kind = r.le<std::uint8_t>();
            if (kind > static_cast<std::uint8_t>(PtxParamKind::LocalBuffer))
                Reader::fail("unknown parameter kind " + std::to_string(kind));
            p.kind = static_cast<PtxParamKind>(kind);
            p.size = r.le<std::uint32_t>();
        }
    }
    auto size = r.le<std::uint64_t>();
    if (size > bytes.size()) Reader::fail("truncated");
    const std::uint8_t* ptx = r.take(static_cast<std::size_t>(size));
    b.ptx.assign(reinterpret_cast<const char*>(ptx), static_cast<std::size_t>(size));
    if (b.ptx.find('\0') != std::string::npos) Reader::fail("a NUL inside the PTX");
    if (!r.at_end()) Reader::fail("trailing bytes");
    return b;
}

}  // namespace dpk::backends::cuda
