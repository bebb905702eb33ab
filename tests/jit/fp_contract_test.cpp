// ProgramOptions::fp_contract reaches the compiler and every kernel-image cache key: two programs
// of one source, one contracting `a * b + c` (the default) and one not, never share a compiled
// kernel — in memory, on disk, specialized eagerly or compiled on launch.
#include <cmath>
#include <set>

#include "compiler/program.h"
#include "compiler/spirv/validator.h"
#include "tests/seed/seed_support.h"

using namespace dpk;
using dpk::tests::device_label;
using dpk::tests::devices_under_test;

namespace {

const char* const kSource = R"(
kernel madd(a: f32[::1], b: f32[::1], c: f32[::1], out: f32[::1]) {
    let i = global_id(0);
    out[i] = a[i] * b[i] + c[i];
}
kernel madd_generic(a, b, c, out) {
    let i = global_id(0);
    out[i] = a[i] * b[i] + c[i];
}
)";
constexpr const char* kSignature = "void(f32[::1], f32[::1], f32[::1], f32[::1])";

Program program(bool fp_contract, std::shared_ptr<KernelCache> cache) {
    ProgramOptions o;
    o.cache = std::move(cache);
    o.fp_contract = fp_contract;
    return Program::from_string("madd.dpk", kSource, o);
}

bool has_mad(std::span<const std::uint32_t> spirv) {
    return compiler::spirv::disassemble(spirv).find(" mad ") != std::string::npos;
}

std::size_t files_in(const std::filesystem::path& dir) {
    std::size_t n = 0;
    if (std::filesystem::exists(dir))
        for (const auto& e : std::filesystem::directory_iterator(dir)) n += e.is_regular_file();
    return n;
}

/// Inputs whose products are not exact in f32 and nearly cancel with c, so the product's
/// rounding shows: most fused and separate results differ.
struct Inputs {
    std::vector<float> a, b, c;
    explicit Inputs(std::size_t n) : a(n), b(n), c(n) {
        for (std::size_t i = 0; i < n; ++i) {
            a[i] = 1.0f + static_cast<float>(i) * 0x1p-23f * 3.0f;
            b[i] = 1.0f - static_cast<float>(i % 7) * 0x1p-23f * 5.0f;
            c[i] = -1.0f - static_cast<float>(i % 3) * 0x1p-20f;
        }
    }
    /// a * b + c rounded once (fused).
    float fused(std::size_t i) const { return std::fma(a[i], b[i], c[i]); }
    /// a * b rounded, then + c rounded. Computed in f64, which holds the product of two f32
    /// exactly and rounds a sum of two f32 to f32 correctly, so the host compiler's own
    /// contraction cannot change it.
    float separate(std::size_t i) const {
        const auto p = static_cast<float>(static_cast<double>(a[i]) * b[i]);
        return static_cast<float>(static_cast<double>(p) + c[i]);
    }
};

/// Launches `kernel` (specialized or compiled on launch) and checks every result: the separate
/// rounding without contraction, the fused or the separate one with it. Returns how many fused.
int check_results(const Kernel& kernel, bool fp_contract, const Device& dev) {
    const std::size_t n = 512;
    Inputs in(n);
    Queue q(dev);
    auto a = UsmArray::from_host<float>(q, in.a);
    auto b = UsmArray::from_host<float>(q, in.b);
    auto c = UsmArray::from_host<float>(q, in.c);
    auto out = UsmArray::zeros(q, DType::F32, {static_cast<std::int64_t>(n)});
    kernel.launch(q, Range(n), Range(64), {a, b, c, out}).wait();
    const std::vector<float> got = out.to_vector<float>();
    int fused = 0;
    std::size_t distinct = 0;
    for (std::size_t i = 0; i < n; ++i) {
        INFO(kernel.name() << "[" << i << "] = " << got[i] << ", fused " << in.fused(i)
                           << ", separate " << in.separate(i));
        if (fp_contract)
            REQUIRE((got[i] == in.fused(i) || got[i] == in.separate(i)));
        else
            REQUIRE(got[i] == in.separate(i));
        fused += got[i] != in.separate(i);
        distinct += in.fused(i) != in.separate(i);
    }
    REQUIRE(distinct > n / 2);  // the inputs do tell the two roundings apart (438 of 512)
    return fused;
}

}  // namespace

TEST_CASE("fp_contract is the default and decides whether a * b + c becomes one mad") {
    auto cache = std::make_shared<KernelCache>(runtime::CacheConfig::disabled());
    ProgramOptions defaults;
    CHECK(defaults.fp_contract);
    defaults.cache = cache;
    const KernelImage by_default =
        Program::from_string("madd.dpk", kSource, defaults).kernel("madd").image(kSignature);
    const KernelImage on = program(true, cache).kernel("madd").image(kSignature);
    const KernelImage off = program(false, cache).kernel("madd").image(kSignature);
    CHECK(has_mad(on.spirv));
    CHECK_FALSE(has_mad(off.spirv));
    CHECK(on.spirv != off.spirv);
    CHECK(by_default.spirv == on.spirv);
}

TEST_CASE("the compile options' part of the cache key names fp_contract") {
    compiler::CompileOptions options;
    CHECK(options.codegen_key() == "spirv 0x00010000 fp_contract");
    options.fp_contract = false;
    CHECK(options.codegen_key() == "spirv 0x00010000 no_fp_contract");
}

TEST_CASE("the same source with and without fp_contract: two disk entries, each hit by its own") {
    tests::TempDir dir("fp-contract");
    auto cache = tests::private_cache(dir.path());
    const KernelImage on = program(true, cache).kernel("madd").image(kSignature);
    const KernelImage off = program(false, cache).kernel("madd").image(kSignature);
    CHECK(cache->stats().front_end_compiles == 2);
    CHECK(cache->stats().image_writes == 2);
    CHECK(files_in(dir.path() / "images") == 2);
    REQUIRE(on.spirv != off.spirv);

    // New programs (their in-memory images are their own) read the entry of their setting.
    CHECK(program(false, cache).kernel("madd").image(kSignature).spirv == off.spirv);
    CHECK(program(true, cache).kernel("madd").image(kSignature).spirv == on.spirv);
    CHECK(cache->stats().front_end_compiles == 2);
    CHECK(cache->stats().image_hits == 2);

    // A restart (a fresh cache object on the folder), the settings in the other order.
    auto restarted = tests::private_cache(dir.path());
    CHECK(program(false, restarted).kernel("madd").image(kSignature).spirv == off.spirv);
    CHECK(program(true, restarted).kernel("madd").image(kSignature).spirv == on.spirv);
    CHECK(restarted->stats().front_end_compiles == 0);
    CHECK(restarted->stats().image_hits == 2);
    CHECK(restarted->stats().image_rejected == 0);
}

TEST_CASE("specialized and compiled-on-launch kernels of both settings round as they promise") {
    for (const Device& dev : devices_under_test()) {
        INFO("device " << device_label(dev));
        tests::TempDir dir("fp-contract-run");
        auto cache = tests::private_cache(dir.path());
        std::set<std::vector<std::uint32_t>> binaries;
        // Contraction first: a key without the option would serve its images to the second.
        for (bool contract : {true, false}) {
            INFO("fp_contract " << contract);
            Program p = program(contract, cache);
            Kernel eager = p.kernel("madd");
            CompiledKernel k = eager.specialize(kSignature, dev);
            CHECK(has_mad(k.spirv()) == contract);
            const int fused_eager = check_results(eager, contract, dev);

            Kernel lazy = p.kernel("madd_generic");  // compiled by the launch, keyed by its args
            const int fused_lazy = check_results(lazy, contract, dev);
            REQUIRE(lazy.definitions().size() == 1);
            CHECK(has_mad(lazy.definitions()[0].spirv()) == contract);
            if (!contract) CHECK(fused_eager + fused_lazy == 0);
            MESSAGE(device_label(dev) << ", fp_contract " << contract << ": " << fused_eager
                                      << " + " << fused_lazy << " of 1024 results fused");
            binaries.emplace(k.spirv().begin(), k.spirv().end());
            binaries.emplace(lazy.definitions()[0].spirv().begin(),
                             lazy.definitions()[0].spirv().end());
        }
        CHECK(cache->stats().front_end_compiles == 4);  // two kernels, two settings
        CHECK(binaries.size() == 4);  // the kernels differ by name; the settings by mad
    }
}
