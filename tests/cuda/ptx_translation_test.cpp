// The SPIR-V -> PTX translator. Golden: every specialization of every tests/golden/in/*.dpk
// compiles to SPIR-V that translates to PTX matching tests/golden/out/ptx/NAME[.N].ptx, and
// ptxas -arch=sm_90 accepts it (when ptxas is found; otherwise a message says that part was
// skipped). Snippets: key operations map to the right PTX; what the translator does not handle,
// and malformed SPIR-V, throw PtxTranslationError naming the instruction and the kernel.
// DPK_UPDATE_GOLDENS=1 rewrites the expected files.
#define DOCTEST_CONFIG_IMPLEMENT_WITH_MAIN
#include <doctest/doctest.h>
#include <spirv-tools/libspirv.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <optional>
#include <regex>

#include "backends/cuda/ptx/constant_pool.h"
#include "backends/cuda/ptx/ptx_translator.h"
#include "compiler/program.h"
#include "tests/golden/corpus.h"
#include "tests/golden/corpus_compile.h"

using namespace dpk;
using namespace dpk::compiler;
using dpk::backends::cuda::kStaticSharedLimit;
using dpk::backends::cuda::PtxKernel;
using dpk::backends::cuda::PtxModule;
using dpk::backends::cuda::PtxParamKind;
using dpk::backends::cuda::PtxTranslationError;
using dpk::backends::cuda::translate_to_ptx;
using dpk::tests::CorpusFile;

namespace {

const std::filesystem::path kRoot = DPK_SOURCE_DIR;
constexpr const char* kPtxasArch = "sm_90";

/// `f` compiled as for a CUDA device: its target avoids no driver defect (a CUDA device's
/// driver has none dpk knows; the generic target avoids the OpenCL drivers').
std::optional<KernelImage> compile(const CorpusFile& f, const std::string* signature,
                                   source::Diagnostics& diags) {
    CorpusFile cuda = f;
    std::string spec = f.target.empty() ? "opencl" : f.target;
    const std::size_t variants = spec.find("/variants=");
    spec.insert(variants == std::string::npos ? spec.size() : variants, "/avoids=none");
    cuda.target = spec;
    return dpk::tests::compile_corpus_file(cuda, signature, diags);
}

/// The SPIR-V of the only kernel of `source` (compiled for `target`, e.g. "opencl+sub_groups").
std::vector<std::uint32_t> spirv_of(const std::string& source, const std::string& target = "",
                                    const std::string& signature = "", bool check_bounds = false) {
    CorpusFile f;
    f.path = "snippet.dpk";
    f.text = source;
    f.target = target;
    f.check_bounds = check_bounds;
    source::Diagnostics diags;
    auto compiled = compile(f, signature.empty() ? nullptr : &signature, diags);
    INFO(diags.render());
    REQUIRE(compiled.has_value());
    return compiled->spirv;
}

/// SPIR-V assembly -> words (SPIRV-Tools), for hand-written modules.
/// SPIR-V assembly to words; with `numeric_ids` an id written as %N gets the number N.
std::vector<std::uint32_t> assemble(const std::string& text, bool numeric_ids = false) {
    spv_context context = spvContextCreate(SPV_ENV_UNIVERSAL_1_0);
    spv_binary binary = nullptr;
    spv_diagnostic diagnostic = nullptr;
    const spv_result_t result =
        spvTextToBinaryWithOptions(context, text.data(), text.size(),
                                   numeric_ids ? SPV_TEXT_TO_BINARY_OPTION_PRESERVE_NUMERIC_IDS
                                               : SPV_TEXT_TO_BINARY_OPTION_NONE,
                                   &binary, &diagnostic);
    std::string error = diagnostic ? diagnostic->error : "";
    INFO(error);
    std::vector<std::uint32_t> words;
    if (result == SPV_SUCCESS) words.assign(binary->code, binary->code + binary->wordCount);
    spvBinaryDestroy(binary);
    spvDiagnosticDestroy(diagnostic);
    spvContextDestroy(context);
    REQUIRE(result == SPV_SUCCESS);
    return words;
}

/// ptxas from PATH or /usr/local/cuda/bin, or nullopt.
std::optional<std::filesystem::path> find_ptxas() {
    std::vector<std::filesystem::path> dirs;
    if (const char* path = std::getenv("PATH")) {
        std::string p = path;
        for (std::size_t b = 0, e; b <= p.size(); b = e + 1) {
            e = p.find(':', b);
            if (e == std::string::npos) e = p.size();
            if (e > b) dirs.emplace_back(p.substr(b, e - b));
        }
    }
    dirs.emplace_back("/usr/local/cuda/bin");
    for (const auto& d : dirs) {
        const auto candidate = d / "ptxas";
        if (::access(candidate.c_str(), X_OK) == 0) return candidate;
    }
    return std::nullopt;
}

const std::optional<std::filesystem::path>& ptxas() {
    static const std::optional<std::filesystem::path> found = find_ptxas();
    return found;
}

/// Assembles `ptx` with ptxas for sm_90 (sm_90a where the module targets it: work-group
/// matrices); returns ptxas's messages when it fails.
std::optional<std::string> ptxas_errors(const std::string& ptx, const std::string& name) {
    const std::string arch =
        std::string(kPtxasArch) + (ptx.find(".target sm_90a\n") != std::string::npos ? "a" : "");
    const auto dir =
        std::filesystem::temp_directory_path() / ("dpk-ptx-test-" + std::to_string(::getpid()));
    std::filesystem::create_directories(dir);
    const auto input = dir / (name + ".ptx");
    const auto log = dir / (name + ".log");
    dpk::tests::write_text(input, ptx);
    const std::string command = std::string("'").append(ptxas()->string()) +
                                "' -arch=" + arch + " -o /dev/null '" + input.string() +
                                "' > '" + log.string() + "' 2>&1";
    const int status = std::system(command.c_str());
    std::optional<std::string> errors;
    if (status != 0)
        errors = dpk::tests::read_text(log) + "(exit status " + std::to_string(status) + ")";
    std::filesystem::remove(input);
    std::filesystem::remove(log);
    return errors;
}

/// Translates, and with ptxas present checks that ptxas accepts the PTX.
PtxModule translate_and_assemble(const std::vector<std::uint32_t>& spirv, const std::string& name) {
    PtxModule m = translate_to_ptx(spirv);
    if (ptxas()) {
        auto errors = ptxas_errors(m.text, name);
        INFO(m.text);
        INFO(errors.value_or(""));
        CHECK(!errors.has_value());
    }
    return m;
}

bool contains(const std::string& text, const std::string& fragment) {
    return text.find(fragment) != std::string::npos;
}

std::size_t count_of(const std::string& text, const std::string& fragment) {
    std::size_t n = 0;
    for (auto at = text.find(fragment); at != std::string::npos; at = text.find(fragment, at + 1))
        ++n;
    return n;
}

/// `source` with every occurrence of each placeholder replaced by its text.
std::string filled(std::string source,
                   std::initializer_list<std::pair<std::string_view, std::string_view>> values) {
    for (const auto& [name, text] : values)
        for (std::size_t at; (at = source.find(name)) != std::string::npos;)
            source.replace(at, name.size(), text);
    return source;
}

/// The message of the PtxTranslationError `spirv` throws ("" when it translates).
std::string translation_error(const std::vector<std::uint32_t>& spirv) {
    try {
        translate_to_ptx(spirv);
    } catch (const PtxTranslationError& e) {
        return e.what();
    }
    return "";
}

/// SPIR-V assembly with SPV_KHR_cooperative_matrix instructions, which SPIRV-Tools' assembler
/// (2023.1) does not know by name: `KHR<opcode>/<operands>` is the instruction's first word,
/// written raw ("!N"), its operands follow as usual (the result id among them, as an operand).
/// An OpNop (which the translator skips) comes before it: a raw word after an instruction with
/// optional operands (OpVariable's initializer, OpStore's memory operands) would be taken for
/// one.
std::vector<std::uint32_t> assemble_khr(const std::string& text) {
    static const std::regex kKhr("KHR([0-9]+)/([0-9]+)");
    std::string out;
    auto at = text.cbegin();
    for (std::sregex_iterator it(text.begin(), text.end(), kKhr), end; it != end; ++it) {
        out.append(at, (*it)[0].first);
        const auto opcode = static_cast<std::uint32_t>(std::stoul((*it)[1].str()));
        const auto operands = static_cast<std::uint32_t>(std::stoul((*it)[2].str()));
        out.append("OpNop !").append(std::to_string((operands + 1) << 16 | opcode));
        at = (*it)[0].second;
    }
    out.append(at, text.cend());
    return assemble(out);
}

/// The start of every cooperative matrix test module: capabilities, the extension, the memory
/// model, then the entry point `%k` named ENTRY (and what follows it) and the common scalar
/// types and constants.
std::string matrix_module_start(const std::string& entry) {
    return R"(
               OpCapability Addresses
               OpCapability Kernel
               OpCapability Int64
               OpCapability Float16
               OpCapability Float16Buffer
               OpCapability !6022
               OpExtension "SPV_KHR_cooperative_matrix"
               OpMemoryModel Physical64 OpenCL
               OpEntryPoint Kernel %k )" +
           entry + R"(
       %void = OpTypeVoid
       %bool = OpTypeBool
       %uint = OpTypeInt 32 0
      %ulong = OpTypeInt 64 0
       %half = OpTypeFloat 16
      %float = OpTypeFloat 32
         %c0 = OpConstant %uint 0
         %c1 = OpConstant %uint 1
         %c2 = OpConstant %uint 2
        %c16 = OpConstant %uint 16
)";
}

/// The declarations of the cooperative matrix tests: 16x16 Subgroup matrices %MA (f16,
/// MatrixA), %MB (f16, MatrixB), %MC (f32, MatrixAccumulator); KHR4456/6 is
/// OpTypeCooperativeMatrixKHR.
const std::string kMatrixDeclarations = matrix_module_start("\"mma\"") + R"(
         %c3 = OpConstant %uint 3
     %float1 = OpConstant %float 1
        %gph = OpTypePointer CrossWorkgroup %half
        %gpf = OpTypePointer CrossWorkgroup %float
        %lpf = OpTypePointer Workgroup %float
               KHR4456/6 %MA %half %c3 %c16 %c16 %c0
               KHR4456/6 %MB %half %c3 %c16 %c16 %c1
               KHR4456/6 %MC %float %c3 %c16 %c16 %c2
        %vMC = OpTypePointer Function %MC
)";

}  // namespace

TEST_CASE("ptx golden: every golden specialization translates, matches its golden, assembles") {
    auto files = dpk::tests::corpus(kRoot / "tests/golden/in");
    REQUIRE(!files.empty());
    if (!ptxas())
        MESSAGE(
            "ptxas not found (PATH, /usr/local/cuda/bin): the PTX is NOT assembled, only "
            "compared with the goldens");
    std::size_t total = 0, translated = 0, assembled = 0;
    for (const auto& path : files) {
        CorpusFile f = dpk::tests::read_corpus_file(path);
        std::vector<const std::string*> sigs;
        for (const auto& s : f.signatures) sigs.push_back(&s);
        if (sigs.empty()) sigs.push_back(nullptr);
        for (std::size_t i = 0; i < sigs.size(); ++i) {
            CAPTURE(path.filename().string());
            CAPTURE(sigs[i] ? *sigs[i] : std::string("(as declared)"));
            ++total;
            source::Diagnostics diags;
            auto compiled = compile(f, sigs[i], diags);
            INFO(diags.render());
            CHECK(compiled.has_value());  // the compiler's own golden test says why not
            if (!compiled) continue;
            std::string name = path.stem().string();
            if (sigs.size() > 1) name.append(".").append(std::to_string(i));
            std::string ptx;
            try {
                ptx = translate_to_ptx(compiled->spirv).text;
                ++translated;
            } catch (const PtxTranslationError& e) {
                FAIL_CHECK("PtxTranslationError: " << e.what());
                continue;
            }
            dpk::tests::check_golden(kRoot / "tests/golden/out/ptx" / (name + ".ptx"), ptx);
            if (!ptxas()) continue;
            auto errors = ptxas_errors(ptx, name);
            INFO(errors.value_or(""));
            CHECK(!errors.has_value());
            if (!errors) ++assembled;
        }
    }
    MESSAGE(translated << " of " << total << " golden specializations translated; " << assembled
                       << " assembled by ptxas for " << std::string(kPtxasArch));
}

TEST_CASE("ptx: arithmetic maps to exact PTX instructions") {
    auto m = translate_and_assemble(
        spirv_of("kernel k(x: f32[::1], y: f64[::1], n: i32[::1], b: bool[::1]) {\n"
                 "    let i = global_id(0);\n"
                 "    x[i] = x[i] / (x[i] + 1.0) + f32(round(y[i])) + sqrt(x[i]);\n"
                 "    n[i] = i32(x[i]) + n[i] / 3 + n[i] % 5 + (n[i] >> 2);\n"
                 "    b[i] = isnan(x[i]) || isinf(y[i]) || x[i] != 2.0;\n"
                 "    let p = f64(x[i]) * y[i];  // not contracted: a statement of its own\n"
                 "    y[i] = p - fma(y[i], y[i], 1.0) + f64(n[i]);\n"
                 "}\n"),
        "arithmetic");
    const std::string& t = m.text;
    CHECK(contains(t, "div.rn.f32"));
    CHECK(contains(t, "add.rn.f32"));
    CHECK(contains(t, "sqrt.rn.f32"));
    CHECK(contains(t, "cvt.rzi.s32.f32"));
    CHECK(contains(t, "div.s32"));
    CHECK(contains(t, "rem.s32"));
    CHECK(contains(t, "shr.s32"));
    CHECK(contains(t, "setp.nan.f32"));
    CHECK(contains(t, "setp.neu.f32"));  // != is true on NaN
    CHECK(contains(t, "fma.rn.f64"));
    CHECK(contains(t, "mul.rn.f64"));
    CHECK(contains(t, "cvt.rn.f64.s32"));
    CHECK(contains(t, "cvt.f64.f32"));
    CHECK(contains(t, "cvt.rn.f32.f64"));
    CHECK(contains(t, "ld.global.f32"));
    CHECK(contains(t, "st.global.u8"));  // bool arrays hold bytes
    CHECK(!contains(t, ".ftz"));
    CHECK(!contains(t, ".approx"));
    CHECK(!contains(t, ".full"));
    CHECK(contains(t, ".version 7.8\n.target sm_90\n.address_size 64\n"));
}

TEST_CASE("ptx: the bounds record's claim is a call; a kernel's own compare-and-swap is not") {
    // ptxas miscompiled a kernel with the claim inline (tests/difftest/cases/cuda/k02).
    const std::string t = translate_and_assemble(spirv_of(R"(
kernel k(x: u32[::1], n: i64) {
    let i = global_id(0);
    x[i + n] = 1u32;
    atomic_cas(x, 0, 0u32, 7u32);
}
)",
                                                          "", "", true),
                                                 "bounds_claim")
                              .text;
    CHECK(count_of(t, ".func (.reg .b32 old) __dpk_bounds_claim(") == 1);
    CHECK(count_of(t, "call \t(") == 2);  // the two checked accesses: the store, the atomic
    CHECK(contains(t, "__dpk_bounds_claim, ("));
    // One compare-and-swap in the claim's body, one for the kernel's own atomic_cas.
    CHECK(count_of(t, "atom.relaxed.gpu.global.cas.b32") == 2);
}

TEST_CASE("ptx: fence is work-group scope, device_fence device scope") {
    const std::string t = translate_and_assemble(spirv_of(R"(
kernel k(x: i32[::1], flags: u32[::1]) {
    x[global_id(0)] = 1;
    fence(global);
    device_fence(global);
    atomic_xchg(flags, group_id(0), 1u32);
}
)"),
                                                 "fences")
                              .text;
    CHECK(count_of(t, "membar.cta;") == 1);
    CHECK(count_of(t, "membar.gl;") == 1);
}

TEST_CASE("ptx: local memory, barriers and atomics") {
    auto m = translate_and_assemble(spirv_of("kernel k(x: i32[::1], s: local f32[:], n: i64) {\n"
                                             "    let t = local_array(i32, 64);\n"
                                             "    let l = local_id(0);\n"
                                             "    t[l] = x[global_id(0)];\n"
                                             "    s[l] = f32(n);\n"
                                             "    barrier(local);\n"
                                             "    atomic_add(t, 0, 1);\n"
                                             "    atomic_max(x, 0, t[63 - l]);\n"
                                             "    x[l] = i32(s[0]);\n"
                                             "}\n"),
                                    "local_memory");
    const std::string& t = m.text;
    CHECK(contains(t, "barrier.sync \t0;"));
    CHECK(contains(t, "atom.relaxed.cta.shared.add.u32"));
    CHECK(contains(t, "atom.relaxed.gpu.global.max.s32"));
    CHECK(contains(t, ".shared .align 4 .b8 "));
    CHECK(contains(t, "[256];"));
    CHECK(contains(t, ".extern .shared .align 16 .b8 __dpk_dynamic_shared[];"));
    CHECK(contains(t, "ld.shared.f32"));
    REQUIRE(m.kernels.size() == 1);
    const auto& k = m.kernels.front();
    CHECK(k.name == "k");
    CHECK(k.static_shared_bytes == 256);
    CHECK(k.uses_dynamic_shared);
    // x: data, shape; s: memory (an offset into dynamic shared memory), length; n.
    REQUIRE(k.params.size() == 5);
    CHECK(k.params[0].kind == PtxParamKind::GlobalPointer);
    CHECK(k.params[0].size == 8);
    CHECK(k.params[1].kind == PtxParamKind::Value);
    CHECK(k.params[2].kind == PtxParamKind::LocalBuffer);
    CHECK(k.params[2].size == 8);
    CHECK(k.params[3].kind == PtxParamKind::Value);
    CHECK(k.params[4].kind == PtxParamKind::Value);
    CHECK(k.params[4].size == 8);
}

TEST_CASE("ptx: small scalar parameters and private arrays") {
    auto m = translate_and_assemble(
        spirv_of("kernel k(a: i8, b: u16, c: f32, out: f64[::1]) {\n"
                 "    let p = private_array(f64, 4);\n"
                 "    let i = global_id(0);\n"
                 "    for j in range(4) { p[j] = f64(a) + f64(b) * f64(j); }\n"
                 "    out[i] = p[i % 4] + f64(c);\n"
                 "}\n"),
        "small_params");
    const std::string& t = m.text;
    CHECK(contains(t, ".param .u8 k_param_0"));
    CHECK(contains(t, ".param .u16 k_param_1"));
    CHECK(contains(t, ".param .f32 k_param_2"));
    CHECK(contains(t, "cvt.s32.s8"));  // i8 sign-extended before its conversion
    CHECK(contains(t, ".local .align 8 .b8 "));
    CHECK(contains(t, "st.local.f64"));
    REQUIRE(m.kernels.size() == 1);
    const auto& k = m.kernels.front();
    REQUIRE(k.params.size() == 5);
    CHECK(k.params[0].size == 1);
    CHECK(k.params[1].size == 2);
    CHECK(k.params[2].size == 4);
    CHECK(k.params[3].kind == PtxParamKind::GlobalPointer);
    CHECK(k.static_shared_bytes == 0);
    CHECK(!k.uses_dynamic_shared);
}

TEST_CASE("ptx: sub-group operations use warp shuffles over the sub-group's member mask") {
    auto m = translate_and_assemble(
        spirv_of("kernel k(x: f64[::1], n: i32[::1]) {\n"
                 "    let i = global_id(0);\n"
                 "    x[i] = sub_group_shuffle(x[i], u32(sub_group_local_id() ^ 1)) +\n"
                 "           sub_group_reduce_add(x[i]) + sub_group_scan_exclusive_min(x[i]);\n"
                 "    n[i] = sub_group_reduce_max(n[i]) + sub_group_broadcast(n[i], 0);\n"
                 "    sub_group_barrier(local);\n"
                 "}\n",
                 "opencl+fp64+sub_groups+sub_group_shuffle"),
        "sub_groups");
    const std::string& t = m.text;
    CHECK(contains(t, "shfl.sync.idx.b32"));
    CHECK(contains(t, "shfl.sync.up.b32"));
    CHECK(contains(t, "redux.sync.max.s32"));
    CHECK(contains(t, "bar.warp.sync"));
    CHECK(contains(t, "0dFFF0000000000000") == false);  // min's identity is +inf
    CHECK(contains(t, "0d7FF0000000000000"));
}

/// Every sub-group feature, as a CUDA device reports them.
constexpr const char* kAllSubGroups =
    "opencl+fp64+fp16+sub_groups+sub_group_shuffle+sub_group_shuffle_xor+"
    "sub_group_shuffle_relative+sub_group_ballot+sub_group_bitwise+sub_group_extended_types";

TEST_CASE("ptx: relative and xor shuffles are shfl.sync.down/up/bfly, one per 32-bit piece") {
    auto m = translate_and_assemble(
        spirv_of("kernel k(x: f32[::1], y: i64[::1], h: i16[::1]) {\n"
                 "    let i = global_id(0);\n"
                 "    x[i] = sub_group_shuffle_down(x[i], 1) + sub_group_shuffle_up(x[i], 2) +\n"
                 "           sub_group_shuffle_xor(x[i], 16);\n"
                 "    y[i] = sub_group_shuffle_down(y[i], 8);\n"
                 "    h[i] = sub_group_shuffle_xor(h[i], 1);\n"
                 "}\n",
                 kAllSubGroups),
        "shuffles");
    const std::string& t = m.text;
    // down and bfly clamp to lane 31, up to lane 0; the member mask is the last operand.
    CHECK(contains(t, "shfl.sync.down.b32"));
    CHECK(contains(t, ", 31, %r"));
    CHECK(contains(t, "shfl.sync.up.b32"));
    CHECK(contains(t, ", 0, %r"));
    CHECK(contains(t, "shfl.sync.bfly.b32"));
    // f32: one each; i64: two (its halves); i16: one. The variants repeat the kernel, and each
    // has two bodies: for any work-group, and for whole warps (below).
    const std::size_t bodies = 2 * m.kernels.size();
    CHECK(count_of(t, "shfl.sync.down.b32") == 3 * bodies);
    CHECK(count_of(t, "shfl.sync.bfly.b32") == 2 * bodies);
    CHECK(count_of(t, "shfl.sync.up.b32") == 1 * bodies);
    CHECK(!contains(t, "shfl.sync.idx"));
}

TEST_CASE("ptx: kernels with sub-group collectives have a body for whole warps, mask -1") {
    auto m = translate_and_assemble(
        spirv_of("kernel k(x: f32[::1], out: u64[::1]) {\n"
                 "    let i = global_id(0);\n"
                 "    out[i] = sub_group_ballot(x[i] > 0.0);\n"
                 "    sub_group_barrier(local);\n"
                 "    x[i] = sub_group_shuffle_down(x[i], 1) + f32(sub_group_size());\n"
                 "}\n",
                 kAllSubGroups),
        "whole_warps");
    const std::string& t = m.text;
    const std::size_t kernels = m.kernels.size();
    // Each kernel branches to its whole-warp body when the work-group's size is a multiple of
    // 32 (a uniform test of %ntid), and that body's collectives take the immediate mask -1.
    CHECK(count_of(t, "bra \t$Lwhole_warps;") == kernels);
    CHECK(count_of(t, "$Lwhole_warps:") == kernels);
    CHECK(count_of(t, "vote.sync.ballot.b32") == 2 * kernels);
    CHECK(count_of(t, "bar.warp.sync") == 2 * kernels);
    CHECK(count_of(t, "shfl.sync.down.b32") == 2 * kernels);
    CHECK(count_of(t, "bar.warp.sync \t-1;") == kernels);
    CHECK(count_of(t, ", 31, -1;") == kernels);  // the shuffle's clamp, then the mask
    // A kernel without collectives has one body.
    auto plain = translate_and_assemble(
        spirv_of("kernel k(x: f32[::1]) { let i = global_id(0); x[i] = x[i] + 1.0; }\n"), "plain");
    CHECK(!contains(plain.text, "whole_warps"));
}

TEST_CASE("ptx: votes are vote.sync over the member mask; a ballot is its first word") {
    auto m = translate_and_assemble(
        spirv_of("kernel k(x: f32[::1], out: u64[::1], f: i32[::1]) {\n"
                 "    let i = global_id(0);\n"
                 "    out[i] = sub_group_ballot(x[i] > 0.0);\n"
                 "    f[i] = i32(sub_group_any(x[i] > 1.0)) + i32(sub_group_all(x[i] > 2.0));\n"
                 "}\n",
                 kAllSubGroups),
        "votes");
    const std::string& t = m.text;
    CHECK(contains(t, "vote.sync.ballot.b32"));
    CHECK(contains(t, "vote.sync.any.pred"));
    CHECK(contains(t, "vote.sync.all.pred"));
    // Lanes past a partial last sub-group vote 0: the ballot is masked.
    CHECK(contains(t, "and.b32"));
    CHECK(!contains(t, "shfl.sync"));
}

TEST_CASE("ptx: bitwise reductions are redux.sync on sm_80+, shuffle trees before and for scans") {
    const auto spirv = spirv_of(
        "kernel k(x: u32[::1], y: u64[::1], b: u8[::1]) {\n"
        "    let i = global_id(0);\n"
        "    x[i] = sub_group_reduce_and(x[i]) ^ sub_group_reduce_or(x[i]) ^\n"
        "           sub_group_reduce_xor(x[i]);\n"
        "    y[i] = sub_group_reduce_or(y[i]) | sub_group_scan_exclusive_and(y[i]);\n"
        "    b[i] = sub_group_reduce_xor(b[i]) + sub_group_reduce_add(b[i]);\n"
        "}\n",
        kAllSubGroups);
    auto m = translate_and_assemble(spirv, "bitwise");
    const std::string& t = m.text;
    CHECK(contains(t, "redux.sync.and.b32"));
    CHECK(contains(t, "redux.sync.or.b32"));
    CHECK(contains(t, "redux.sync.xor.b32"));
    CHECK(contains(t, "redux.sync.add.u32"));  // the u8 sum, widened
    // 64-bit values and scans: the shuffle tree, combined with and/or.
    CHECK(contains(t, "shfl.sync.up.b32"));
    CHECK(contains(t, "or.b64"));
    CHECK(contains(t, "and.b64"));
    // The exclusive and-scan's identity on lane 0: every bit set.
    CHECK(contains(t, "0xFFFFFFFFFFFFFFFF"));
    // Before sm_80 there is no redux.sync: every reduction is a tree.
    const PtxModule old = translate_to_ptx(spirv, {.sm = 75, .ptx_major = 6, .ptx_minor = 3});
    CHECK(!contains(old.text, "redux.sync"));
    CHECK(contains(old.text, "shfl.sync.up.b32"));
    CHECK(contains(old.text, ".target sm_75"));
}

TEST_CASE("ptx: 8/16-bit ints and f16 in reductions, scans and broadcasts") {
    auto m = translate_and_assemble(
        spirv_of("kernel k(a: i8[::1], h: f16[::1], s: u16[::1]) {\n"
                 "    let i = global_id(0);\n"
                 "    a[i] = sub_group_reduce_min(a[i]) + sub_group_scan_inclusive_add(a[i]);\n"
                 "    h[i] = sub_group_reduce_add(h[i]) + sub_group_broadcast(h[i], 0);\n"
                 "    s[i] = sub_group_scan_exclusive_max(s[i]);\n"
                 "}\n",
                 kAllSubGroups),
        "narrow");
    const std::string& t = m.text;
    CHECK(contains(t, "redux.sync.min.s32"));  // i8, sign-extended first
    CHECK(contains(t, "cvt.s32.s8"));
    CHECK(contains(t, "add.rn.f16"));         // the f16 tree
    CHECK(contains(t, "shfl.sync.idx.b32"));  // the f16 broadcast, widened
}

TEST_CASE("ptx: an unsupported instruction throws, naming it and the kernel") {
    const std::string module = R"(
               OpCapability Addresses
               OpCapability Kernel
               OpCapability Int64
               OpMemoryModel Physical64 OpenCL
               OpEntryPoint Kernel %k "reverse_bits"
               OpName %k "reverse_bits"
               OpName %rev "rev"
       %void = OpTypeVoid
       %uint = OpTypeInt 32 0
        %ptr = OpTypePointer CrossWorkgroup %uint
         %fn = OpTypeFunction %void %ptr
          %k = OpFunction %void None %fn
          %p = OpFunctionParameter %ptr
      %entry = OpLabel
          %v = OpLoad %uint %p Aligned 4
        %rev = OpBitReverse %uint %v
               OpStore %p %rev Aligned 4
               OpReturn
               OpFunctionEnd
)";
    const std::string error = translation_error(assemble(module));
    CAPTURE(error);
    CHECK(contains(error, "OpBitReverse"));
    CHECK(contains(error, "'rev'"));
    CHECK(contains(error, "kernel 'reverse_bits'"));

    const std::string async_copy = R"(
               OpCapability Addresses
               OpCapability Kernel
               OpCapability Int64
               OpMemoryModel Physical64 OpenCL
               OpEntryPoint Kernel %k "copy"
       %void = OpTypeVoid
      %ulong = OpTypeInt 64 0
       %uint = OpTypeInt 32 0
      %event = OpTypeEvent
    %uint_3 = OpConstant %uint 3
    %ulong_16 = OpConstant %ulong 16
    %ulong_1 = OpConstant %ulong 1
     %gptr = OpTypePointer CrossWorkgroup %uint
     %lptr = OpTypePointer Workgroup %uint
         %fn = OpTypeFunction %void %gptr %lptr
     %noevent = OpConstantNull %event
          %k = OpFunction %void None %fn
          %g = OpFunctionParameter %gptr
          %l = OpFunctionParameter %lptr
      %entry = OpLabel
          %e = OpGroupAsyncCopy %event %uint_3 %l %g %ulong_16 %ulong_1 %noevent
               OpReturn
               OpFunctionEnd
)";
    const std::string copy_error = translation_error(assemble(async_copy));
    CAPTURE(copy_error);
    CHECK(contains(copy_error, "OpGroupAsyncCopy"));  // a sub-group copy
    CHECK(contains(copy_error, "kernel 'copy'"));
    CHECK(contains(copy_error, "only work-group copies are supported"));
}

TEST_CASE("ptx: a function variable stays in a register when a literal equals its id") {
    // %157 is both the variable and OpExtInst's instruction number (157: u_max); the variable
    // was once kept in memory for it, where its initializer was refused.
    const std::string text = R"(
               OpCapability Addresses
               OpCapability Kernel
               OpCapability Int64
          %1 = OpExtInstImport "OpenCL.std"
               OpMemoryModel Physical64 OpenCL
               OpEntryPoint Kernel %2 "k"
          %3 = OpTypeVoid
          %4 = OpTypeInt 32 0
          %5 = OpTypePointer CrossWorkgroup %4
          %6 = OpTypePointer Function %4
          %7 = OpTypeFunction %3 %5
          %8 = OpConstant %4 7
          %2 = OpFunction %3 None %7
          %9 = OpFunctionParameter %5
         %10 = OpLabel
        %157 = OpVariable %6 Function %8
         %11 = OpLoad %4 %157
         %12 = OpExtInst %4 %1 u_max %11 %11
               OpStore %9 %12 Aligned 4
               OpReturn
               OpFunctionEnd
)";
    const std::string ptx = translate_and_assemble(assemble(text, true), "literal_id").text;
    INFO(ptx);
    CHECK(!contains(ptx, ".local"));
    CHECK(contains(ptx, "max.u32"));
}

TEST_CASE("ptx: a variable in memory gets its initializer where it is declared") {
    // The access chain keeps %v in memory; its initial value 7 is stored at the declaration.
    const std::string text = R"(
               OpCapability Addresses
               OpCapability Kernel
               OpCapability Int64
               OpMemoryModel Physical64 OpenCL
               OpEntryPoint Kernel %k "k"
       %void = OpTypeVoid
       %uint = OpTypeInt 32 0
      %ulong = OpTypeInt 64 0
       %gptr = OpTypePointer CrossWorkgroup %uint
       %fptr = OpTypePointer Function %uint
         %fn = OpTypeFunction %void %gptr
     %uint_7 = OpConstant %uint 7
    %ulong_0 = OpConstant %ulong 0
          %k = OpFunction %void None %fn
        %out = OpFunctionParameter %gptr
      %entry = OpLabel
          %v = OpVariable %fptr Function %uint_7
          %p = OpInBoundsPtrAccessChain %fptr %v %ulong_0
          %x = OpLoad %uint %p
               OpStore %out %x
               OpReturn
               OpFunctionEnd
)";
    const std::string ptx = translate_and_assemble(assemble(text), "initialized_local").text;
    INFO(ptx);
    CHECK(contains(ptx, ".local .align 4 .b8"));
    CHECK(contains(ptx, "st.local.u32"));
    CHECK(contains(ptx, ", 7;"));
}

TEST_CASE("ptx: async_copy is a strided copy loop over the work-group, wait_copies a barrier") {
    // 8-byte elements: cp.async from global to shared memory (sm_80+), one commit after the
    // loop, a wait for the function's event (none left in flight) before the barrier.
    const std::string ptx = translate_to_ptx(spirv_of(R"(
kernel k(x: f64[:], out: f64[::1]) {
    let tile = local_array(f64, 32);
    async_copy(tile, 0, x, group_id(0) * 32, 32);
    wait_copies();
    out[global_id(0)] = tile[31 - local_id(0)];
}
)"))
                                .text;
    INFO(ptx);
    CHECK(contains(ptx, "$Lcopy1:"));
    CHECK(contains(ptx, "cp.async.ca.shared.global \t["));
    CHECK(contains(ptx, "], 8;"));
    CHECK(count_of(ptx, "cp.async.commit_group;") == 1);
    CHECK(contains(ptx, "cp.async.wait_group \t0;"));
    CHECK(count_of(ptx, "barrier.sync") == 1);  // wait_copies
    CHECK(!contains(ptx, "ld.global.f64"));
    // 2-byte elements go through a register.
    const std::string narrow = translate_to_ptx(spirv_of(R"(
kernel k(x: i16[::1], out: i16[::1]) {
    let tile = local_array(i16, 32);
    async_copy(tile, 0, x, 0, 32);
    wait_copies();
    out[global_id(0)] = tile[31 - local_id(0)];
}
)"))
                                   .text;
    CHECK(contains(narrow, "ld.global.u16"));
    CHECK(contains(narrow, "st.shared.u16"));
    CHECK(!contains(narrow, "cp.async.ca"));
    if (ptxas()) {
        for (const std::string* p : {&ptx, &narrow}) {
            auto errors = ptxas_errors(*p, "async_copy");
            INFO(errors.value_or(""));
            CHECK(!errors.has_value());
        }
    }
}

TEST_CASE("ptx: a tile copied whole is 16-byte cp.async pieces; its matrices come by ldmatrix") {
    // Rows of 16 halves (32 bytes): one OpGroupAsyncCopy of vectors of four 64-bit integers,
    // copied as 16-byte pieces, one cp.async.cg per piece with the two pieces of a row taken
    // by neighbouring work-items (piece j: row j / 2, at byte (j % 2) * 16 of it, and at byte
    // j * 16 of the destination); row by row where unaligned. The local arrays are aligned to
    // 32 bytes. A from a row-major local array is ldmatrix, B .trans.
    const std::string ptx = translate_and_assemble(spirv_of(R"(
kernel k(a: f16[:, ::1], b: f16[:, ::1], c: f32[:, ::1]) {
    let sa = local_array(f16, (16, 16));
    let sb = local_array(f16, (16, 16));
    async_copy(sa, (0, 0), a, (0, 0), (16, 16));
    async_copy(sb, (0, 0), b, (0, 0), (16, 16));
    wait_copies();
    let acc = matrix_mad(matrix_load(sa, (0, 0), (16, 16), "a"),
                         matrix_load(sb, (0, 0), (16, 16), "b"),
                         matrix_fill(0.0f32, (16, 16), "acc"));
    matrix_store(c, (0, 0), acc);
}
)",
                                                            "level-zero"),
                                                   "tile_copy")
                                .text;
    INFO(ptx);
    // Read by ldmatrix: swizzled (shared_swizzle.h), so aligned to 1024 bytes, and every
    // address into them mapped: o ^ ((o >> 3) & 112).
    CHECK(count_of(ptx, ".shared .align 1024 .b8") == 2);
    CHECK(count_of(ptx, ", 3;\n\tand.b64 \t%rd") >= 4);
    CHECK(count_of(ptx, ", 112;\n\txor.b64 \t%rd") >= 4);
    CHECK(count_of(ptx, "cp.async.cg.shared.global \t[") == 2);
    CHECK(count_of(ptx, ", 1;\n\tmul.wide.u32 \t") == 2);  // j % 2, times 16
    CHECK(count_of(ptx, ", 16, %rd") == 2);                // the destination: j * 16 + its start
    CHECK(contains(ptx, "ldmatrix.sync.aligned.m8n8.x4.shared.b16 \t{%r"));
    CHECK(contains(ptx, "ldmatrix.sync.aligned.m8n8.x4.trans.shared.b16 \t{%r"));
    CHECK(count_of(ptx, "mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32") == 2);
}

TEST_CASE("ptx: work-group arrays past 48 KiB are placed in dynamic shared memory") {
    // 40 KiB of t and 16 KiB of sa (swizzled: read by ldmatrix), past ptxas's 48 KiB of
    // .shared variables: both at fixed offsets in the dynamic shared memory, sa at the next
    // multiple of 1024 bytes; the local parameter's buffer follows them at launch.
    const std::string source = R"(
kernel big(a: f16[:, ::1], c: f32[:, ::1], s: local f32[:]) {
    let t = local_array(f32, 10240);
    let sa = local_array(f16, (256, 32));
    async_copy(sa, (0, 0), a, (0, 0), (256, 32));
    wait_copies();
    t[local_id(0)] = f32(local_id(0));
    s[0] = 1.0f32;
    barrier(local);
    let x = matrix_load(sa, (0, 0), (16, 16), "a");
    let y = matrix_load(sa, (16, 0), (16, 16), "b");
    matrix_store(c, (0, 0), matrix_mad(x, y, matrix_fill(0.0f32, (16, 16), "acc")));
    c[16, local_id(0)] = t[3] + s[0];
}
)";
    const PtxModule m = translate_and_assemble(spirv_of(source, "level-zero"), "dynamic_arrays");
    INFO(m.text);
    // The driver aligns dynamic shared memory to 16 bytes only: the first 1024-aligned byte is
    // found at run time (1008 bytes of slack), each array's address an offset from it.
    CHECK(count_of(m.text, ".extern .shared .align 16 .b8 __dpk_dynamic_shared[];") == 1);
    CHECK(count_of(m.text, ", __dpk_dynamic_shared;\n") == 3 * m.kernels.size());  // t, sa, s
    CHECK(count_of(m.text, ", 1023;\n\tand.b64 \t%rd") == 2 * m.kernels.size());
    CHECK(count_of(m.text, ", 0xFFFFFFFFFFFFFC00;\n") == 2 * m.kernels.size());
    CHECK(count_of(m.text, ", 40960;\n") == m.kernels.size());  // sa; t at the aligned byte
    CHECK(!contains(m.text, "\n.shared .align"));
    REQUIRE(!m.kernels.empty());
    for (const PtxKernel& k : m.kernels) {
        CHECK(k.static_shared_bytes == 0);
        CHECK(k.dynamic_array_bytes == 1008 + 40960 + 16384);
        CHECK(k.uses_dynamic_shared);
    }

    // A kernel at exactly 48 KiB keeps its .shared variables.
    const PtxModule limit = translate_and_assemble(
        spirv_of("kernel k(x: f32[::1]) { let u = local_array(f32, 12288); "
                 "u[local_id(0)] = x[0]; barrier(local); x[local_id(0)] = u[0]; }"),
        "static_limit");
    REQUIRE(limit.kernels.size() == 1);
    CHECK(limit.kernels[0].static_shared_bytes == kStaticSharedLimit);
    CHECK(limit.kernels[0].dynamic_array_bytes == 0);
    CHECK(!contains(limit.text, "__dpk_dynamic_shared"));
}

TEST_CASE("ptx: with @local_size a copy is written out, each work-item's pieces a step apart") {
    // 128 work-items (.reqntid), 64 rows of 32 bytes: 128 pieces, one each, unguarded; 24 rows:
    // 48 pieces, guarded; 256 rows: 512 pieces, four each, each the last one's addresses plus a
    // step. No copy loop. Without @local_size the same copies are loops.
    const char* const source = R"(
@local_size(128)
kernel k(a: f16[:, ::1], b: f16[:, ::1], c: f32[:, ::1]) {
    let sa = local_array(f16, (64, 16));
    let sb = local_array(f16, (24, 16));
    let sc = local_array(f16, (256, 16));
    async_copy(sa, (0, 0), a, (0, 0), (64, 16));
    async_copy(sb, (0, 0), b, (0, 0), (24, 16));
    async_copy(sc, (0, 0), a, (0, 0), (256, 16));
    wait_copies();
    let y = matrix_load(sb, (0, 0), (16, 16), "b");
    let acc = matrix_mad(matrix_load(sa, (0, 0), (16, 16), "a"), y,
                         matrix_fill(0.0f32, (16, 16), "acc"));
    matrix_store(c, (0, 0), matrix_mad(matrix_load(sc, (0, 0), (16, 16), "a"), y, acc));
}
)";
    const std::string ptx =
        translate_and_assemble(spirv_of(source, "level-zero"), "known_group_copy").text;
    INFO(ptx);
    CHECK(contains(ptx, ".reqntid 128, 1, 1"));
    CHECK(!contains(ptx, "$Lcopy"));
    CHECK(count_of(ptx, "cp.async.cg.shared.global 	[") == 1 + 1 + 4);
    CHECK(count_of(ptx, " cp.async.cg.shared.global 	[") == 1);  // only sb's is guarded
    CHECK(contains(ptx, ", 48;\n"));                                // j < 48
    CHECK(count_of(ptx, ", 2048;\n") == 3);                         // 128 pieces of 16 bytes on

    std::string loose = source;
    loose.erase(loose.find("@local_size(128)"), 16);
    const std::string loops =
        translate_and_assemble(spirv_of(loose, "level-zero"), "group_copy").text;
    CHECK(count_of(loops, "$Lcopy") >= 3);
    CHECK(!contains(loops, ".reqntid"));
}

TEST_CASE(
    "ptx: a written-out copy where each work-item copies as many pieces: no rotation, one "
    "swizzle") {
    // 128 work-items; ROWS rows of 32 bytes into an array ldmatrix reads (swizzled). 24 rows: 48
    // pieces, rotated (work-items copy 1 or 0); 64 and 256 rows: 128 and 512 pieces, one or four
    // each, not rotated, the destination mapped once and stepped by 2048 bytes (two swizzle
    // periods): as many swizzles and rotations for 512 pieces as for 128.
    const char* const source = R"(
@local_size(128)
kernel k(a: f16[:, ::1], c: f32[:, ::1]) {
    let sa = local_array(f16, (ROWS, 16));
    async_copy(sa, (0, 0), a, (0, 0), (ROWS, 16));
    wait_copies();
    let acc = matrix_mad(matrix_load(sa, (0, 0), (16, 16), "a"),
                         matrix_load(sa, (0, 0), (16, 16), "b"),
                         matrix_fill(0.0f32, (16, 16), "acc"));
    matrix_store(c, (0, 0), acc);
}
)";
    auto ptx_for = [&](const char* rows) {
        return translate_and_assemble(spirv_of(filled(source, {{"ROWS", rows}}), "level-zero"),
                                      "copy_rotation")
            .text;
    };
    const std::string few = ptx_for("24"), one = ptx_for("64"), four = ptx_for("256");
    INFO(four);
    CHECK(count_of(four, "cp.async.cg.shared.global") ==
          4 * count_of(one, "cp.async.cg.shared.global"));
    CHECK(count_of(four, ", 112;") == count_of(one, ", 112;"));    // the swizzles
    CHECK(count_of(four, "sub.u32") == count_of(one, "sub.u32"));  // the rotations
    CHECK(count_of(few, "sub.u32") > count_of(one, "sub.u32"));
    CHECK(count_of(four, ", 2048;\n") == 3);  // the destination's steps
}

TEST_CASE("ptx: only work-group arrays that ldmatrix reads and whose pointers stay known swizzle") {
    // sa: tile copies, ldmatrix and a scalar load: swizzled. sb: the same, but also passed to a
    // function (its pointer leaves the kernel's sight): as it is. sc: scalar accesses only: as
    // it is.
    const char* const source = R"(
func first(t) -> f16 {
    return t[0, 0];
}
kernel k(a: f16[:, ::1], b: f16[:, ::1], c: f32[:, ::1], o: f32[::1]) {
    let sa = local_array(f16, (16, 16));
    let sb = local_array(f16, (16, 16));
    let sc = local_array(f32, 64);
    async_copy(sa, (0, 0), a, (0, 0), (16, 16));
    async_copy(sb, (0, 0), b, (0, 0), (16, 16));
    sc[local_id(0)] = 1.0f32;
    wait_copies();
    let acc = matrix_mad(matrix_load(sa, (0, 0), (16, 16), "a"),
                         matrix_load(sb, (0, 0), (16, 16), "b"),
                         matrix_fill(0.0f32, (16, 16), "acc"));
    matrix_store(c, (0, 0), acc);
    o[local_id(0)] = sc[(local_id(0) + 1) % 64] + f32(USE) + f32(sa[1, 2]);
}
)";
    auto ptx_for = [&](const char* use) {
        return translate_and_assemble(spirv_of(filled(source, {{"USE", use}}), "level-zero"),
                                      "swizzle_plan")
            .text;
    };
    const std::string called = ptx_for("first(sb)");
    INFO(called);
    CHECK(contains(called, ".shared .align 1024 .b8 sa$"));
    CHECK(contains(called, ".shared .align 32 .b8 sb$"));
    CHECK(contains(called, ".shared .align 4 .b8 sc$"));
    const std::string indexed = ptx_for("sb[0, 0]");
    CHECK(contains(indexed, ".shared .align 1024 .b8 sb$"));
    CHECK(contains(indexed, ".shared .align 4 .b8 sc$"));
}

TEST_CASE("ptx: a tile at indices known to be multiples needs no alignment check for ldmatrix") {
    // Rows r * 16 + 16 * i and columns k (a loop counter from 0 by 16, its bound not known, so
    // that the loop is not written out) of a 32-column tile:
    // every row at a multiple of 32 bytes, known while translating (known_zeros.h), so
    // ldmatrix alone. One row further down (+ 1) the row is at an odd multiple of 64 bytes,
    // still aligned; one column further (+ 1) it is not known, and a run-time check chooses.
    const char* const source = R"(
kernel k(a: f16[:, ::1], c: f32[:, ::1], r: i64) {
    let sa = local_array(f16, (64, 32));
    async_copy(sa, (0, 0), a, (0, 0), (64, 32));
    wait_copies();
    var acc = matrix_fill(0.0f32, (16, 16), "acc");
    for k in range(0, min(a.shape[1], 32), 16) {
        let x = matrix_load(sa, (r * 16 + ROW, k + COLUMN), (16, 16), "a");
        acc = matrix_mad(x, matrix_load(sa, (r * 16, k), (16, 16), "b"), acc);
    }
    matrix_store(c, (0, 0), acc);
}
)";
    auto ptx_for = [&](const char* row, const char* column) {
        const std::string text = filled(source, {{"ROW", row}, {"COLUMN", column}});
        return translate_and_assemble(spirv_of(text, "level-zero"), "known_rows").text;
    };
    const std::string known = ptx_for("0", "0");
    INFO(known);
    CHECK(count_of(known, "ldmatrix.sync.aligned.m8n8.x4") == 2);
    CHECK(!contains(known, "$Lldmatrix"));
    CHECK(!contains(ptx_for("1", "0"), "$Lldmatrix"));
    // One load checked: its branch to ldmatrix, that label, the branch past it and its label.
    CHECK(count_of(ptx_for("0", "1"), "$Lldmatrix") == 4);
}

TEST_CASE("ptx: a short loop over constant bounds that multiplies matrices is written out") {
    // range(0, 32, 16): two bodies, each a multiply-add (two mma.sync) at a constant column, no
    // loop left. Three iterations, a bound not known, or a break keep the loop (one body).
    const char* const source = R"(
kernel k(a: f16[:, ::1], b: f16[:, ::1], c: f32[:, ::1]) {
    var acc = matrix_fill(0.0f32, (16, 16), "acc");
    for k in range(0, STOP, 16) {
        acc = matrix_mad(matrix_load(a, (0, k), (16, 16), "a"),
                         matrix_load(b, (k, 0), (16, 16), "b"), acc);BREAK
    }
    matrix_store(c, (0, 0), acc);
}
)";
    auto ptx_for = [&](const char* stop, const char* brk) {
        const std::string text = filled(source, {{"STOP", stop}, {"BREAK", brk}});
        return translate_and_assemble(spirv_of(text, "level-zero"), "written_out").text;
    };
    const std::string two = ptx_for("32", "");
    INFO(two);
    CHECK(count_of(two, "mma.sync.aligned.m16n8k16") == 4);
    CHECK(count_of(ptx_for("48", ""), "mma.sync.aligned.m16n8k16") == 2);
    CHECK(count_of(ptx_for("a.shape[1]", ""), "mma.sync.aligned.m16n8k16") == 2);
    CHECK(count_of(ptx_for("32", "\n        if k > 0 { break; }"), "mma.sync.aligned.m16n8k16") ==
          2);
    // The emulation (CPU targets) keeps the loop: as many loops with a constant bound as with
    // one not known.
    auto loops_for = [&](const char* stop) {
        const std::vector<std::uint32_t> words =
            spirv_of(filled(source, {{"STOP", stop}, {"BREAK", ""}}), "opencl+fp16");
        std::size_t loops = 0;
        for (std::size_t i = 5; i < words.size(); i += words[i] >> 16) {
            if ((words[i] & 0xFFFFu) == static_cast<std::uint32_t>(spv::Op::OpLoopMerge)) ++loops;
            if ((words[i] >> 16) == 0) break;
        }
        return loops;
    };
    CHECK(loops_for("32") == loops_for("a.shape[1]"));
    CHECK(loops_for("32") > 1);
}

TEST_CASE("ptx: bf16 is .b16, converted by cvt; bf16 matrices multiply by mma.sync .bf16") {
    // level-zero has the bf16 feature, as the CUDA target: SPV_KHR_bfloat16's float type.
    const std::vector<std::uint32_t> spirv = spirv_of(R"(
kernel k(a: bf16[:, ::1], b: bf16[:, ::1], c: f32[:, ::1], x: bf16[::1], s: bf16) {
    let sa = local_array(bf16, (16, 16));
    async_copy(sa, (0, 0), a, (0, 0), (16, 16));
    wait_copies();
    let acc = matrix_mad(matrix_load(sa, (0, 0), (16, 16), "a"),
                         matrix_load(b, (0, 0), (16, 16), "b"),
                         matrix_fill(0.0f32, (16, 16), "acc"));
    matrix_store(c, (0, 0), acc);
    let i = global_id(0);
    x[i] = x[i] * s + 1.0bf16;
}
)",
                                                      "level-zero");
    const std::string ptx = translate_and_assemble(spirv, "bf16").text;
    INFO(ptx);
    CHECK(count_of(ptx, "mma.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32") == 2);
    CHECK(!contains(ptx, ".f32.f16.f16.f32"));
    CHECK(contains(ptx, "ldmatrix.sync.aligned.m8n8.x4.shared.b16"));
    // x * s + 1: the operands widened (the constant folded), each result rounded back.
    CHECK(count_of(ptx, "cvt.f32.bf16") == 3);
    CHECK(count_of(ptx, "cvt.rn.bf16.f32") == 2);
    CHECK(contains(ptx, "mul.rn.f32"));
    CHECK(contains(ptx, "add.rn.f32"));
    CHECK(contains(ptx, "ld.param.b16"));
    CHECK(contains(ptx, "ld.global.b16"));
    CHECK(contains(ptx, "st.global.b16"));
    // Before sm_80 there is no cvt to or from bf16: refused up front, naming the type.
    const std::vector<std::uint32_t> scalar = spirv_of(R"(
kernel k(x: bf16[::1]) {
    x[0] = x[1];
}
)",
                                                       "level-zero");
    CHECK_THROWS_WITH_AS(translate_to_ptx(scalar, {.sm = 75, .ptx_major = 6, .ptx_minor = 3}),
                         doctest::Contains("cvt.rn.bf16.f32 needs sm_80 or newer, the target "
                                           "is sm_75"),
                         PtxTranslationError);
    // Without the feature bf16 is its bits: integer PTX, no bf16 instruction.
    const std::string bits = translate_and_assemble(spirv_of(R"(
kernel k(x: bf16[::1], s: bf16) {
    let i = global_id(0);
    x[i] = x[i] * s;
}
)"),
                                                    "bf16_bits")
                                 .text;
    CHECK(!contains(bits, "bf16"));
    CHECK(contains(bits, "mul.rn.f32"));
}

TEST_CASE("ptx: a copy's event counts the commit groups; waiting for it leaves later ones") {
    // Ordered copies (sm_80+): each copy commits a group and its event is the count so far;
    // wait_copies(e) waits until at most (count - e) groups are pending (an indirect branch to
    // one wait per count), wait_copies() for all.
    const std::string ptx = translate_and_assemble(spirv_of(R"(
kernel k(x: f32[::1], out: f32[::1]) {
    let a = local_array(f32, 64);
    let b = local_array(f32, 64);
    let ea = async_copy(a, 0, x, 0, 64);
    async_copy(b, 0, x, 64, 64);
    wait_copies(ea);
    let v = a[local_id(0)];
    wait_copies();
    out[global_id(0)] = v + b[local_id(0)];
}
)",
                                                            "level-zero"),
                                                   "copy_events")
                                .text;
    INFO(ptx);
    CHECK(count_of(ptx, "cp.async.commit_group;") == 2);
    CHECK(count_of(ptx, "brx.idx \t") == 2);  // to the wait for (count - e) groups
    CHECK(contains(ptx, "cp.async.wait_group \t1;"));
    CHECK(contains(ptx, "cp.async.wait_group \t31;"));
    CHECK(count_of(ptx, "barrier.sync") == 2);
}

TEST_CASE("ptx: work-group collectives and unknown math are rejected clearly") {
    const std::string module = R"(
               OpCapability Addresses
               OpCapability Kernel
               OpCapability Int64
               OpCapability Groups
               OpMemoryModel Physical64 OpenCL
               OpEntryPoint Kernel %k "wg_sum"
       %void = OpTypeVoid
       %uint = OpTypeInt 32 0
     %uint_2 = OpConstant %uint 2
        %ptr = OpTypePointer CrossWorkgroup %uint
         %fn = OpTypeFunction %void %ptr
          %k = OpFunction %void None %fn
          %p = OpFunctionParameter %ptr
      %entry = OpLabel
          %v = OpLoad %uint %p Aligned 4
          %s = OpGroupIAdd %uint %uint_2 Reduce %v
               OpStore %p %s Aligned 4
               OpReturn
               OpFunctionEnd
)";
    const std::string error = translation_error(assemble(module));
    CAPTURE(error);
    CHECK(contains(error, "OpGroupIAdd"));
    CHECK(contains(error, "Subgroup-scope"));
    CHECK(contains(error, "kernel 'wg_sum'"));
}

TEST_CASE("ptx: malformed SPIR-V throws PtxTranslationError") {
    const auto words = spirv_of("kernel k(x: f32[::1]) { x[global_id(0)] = 1.0; }\n");
    CHECK(translation_error(words).empty());
    // Truncated: the header, then half of the module.
    CHECK(contains(translation_error({words.begin(), words.begin() + 3}), "header"));
    CHECK(contains(translation_error({words.begin(), words.begin() + words.size() / 2}),
                   "malformed SPIR-V"));
    // Not SPIR-V.
    auto wrong_magic = words;
    wrong_magic[0] = 0x12345678;
    CHECK(contains(translation_error(wrong_magic), "magic"));
    // An id at or beyond the bound.
    auto small_bound = words;
    small_bound[3] = 2;
    CHECK(contains(translation_error(small_bound), "bound"));
    // A word count of zero.
    auto zero_count = words;
    zero_count[5] = 0;
    CHECK(contains(translation_error(zero_count), "word count of 0"));
}

TEST_CASE("ptx: output is deterministic") {
    const auto words = spirv_of("kernel k(x: f32[::1]) { x[global_id(0)] = exp(x[0]); }\n");
    CHECK(translate_to_ptx(words).text == translate_to_ptx(words).text);
}

TEST_CASE("ptx: a CUDA target's variants: 32-bit offsets, ld.global.nc for read-only arrays") {
    const std::string source = R"(
kernel k(a: f32[:, ::1], b: f32[:, ::1], s: f32) {
    let r = global_id(1); let c = global_id(0);
    b[r, c] = a[r, c] * s + a[r, c + 1];
})";
    const auto words = spirv_of(source, "opencl/variants=index32+noalias,index32");
    const std::string ptx = translate_to_ptx(words).text;
    INFO(ptx);
    CHECK(contains(ptx, ".visible .entry k("));
    CHECK(contains(ptx, ".visible .entry k__index32__noalias("));
    CHECK(contains(ptx, ".visible .entry k__index32("));
    // Only the no-alias variant reads `a` through the non-coherent cache, twice.
    CHECK(count_of(ptx, "ld.global.nc.f32") == 2);
    CHECK(count_of(ptx, "mad.wide.s32") >= 6);  // three accesses in each index32 variant
    if (ptxas()) {
        auto errors = ptxas_errors(ptx, "variants");
        INFO(errors.value_or(""));
        CHECK(!errors.has_value());
    }
}

TEST_CASE("ptx: division and remainder by a power of two are shifts") {
    const std::string source = R"(
kernel k(x: i64[::1], y: i32[::1], u: u32[::1]) {
    let i = global_id(0);
    x[i] = x[i] / 16 + x[i] % 8;
    y[i] = y[i] / 4 + y[i] % 2;
    u[i] = u[i] / u32(8) + u[i] % u32(4) + u[i] / u32(3);
})";
    const std::string ptx = translate_to_ptx(spirv_of(source)).text;
    INFO(ptx);
    CHECK(!contains(ptx, "div.s64"));
    CHECK(!contains(ptx, "rem.s64"));
    CHECK(!contains(ptx, "div.s32"));
    CHECK(!contains(ptx, "rem.s32"));
    CHECK(contains(ptx, "shr.s64"));
    CHECK(contains(ptx, "shr.u32"));
    CHECK(contains(ptx, "div.u32"));  // by 3: a division, its divisor an immediate
    CHECK(contains(ptx, ", 3;"));
    if (ptxas()) {
        auto errors = ptxas_errors(ptx, "divisions");
        INFO(errors.value_or(""));
        CHECK(!errors.has_value());
    }
}

TEST_CASE("ptx: a negation of 32 bits or fewer is ~x + 1; of 64 bits, neg") {
    // ptxas folds neg (0 - x, x * -1) into a three-operand min/max and drops it there.
    const std::string source = R"(
kernel k(a: i32[::1], h: i16[::1], e: i8[::1], l: i64[::1]) {
    let i = global_id(0);
    a[i] = max(a[i + 1], max(a[i + 2], -a[i])) + (0i32 - a[i + 3]) + (a[i + 4] * -1i32);
    h[i] = -h[i];
    e[i] = 0i8 - e[i];
    l[i] = -l[i] + (0i64 - l[i + 1]);
})";
    const std::string ptx = translate_to_ptx(spirv_of(source)).text;
    INFO(ptx);
    CHECK(!contains(ptx, "neg.s32"));
    CHECK(!contains(ptx, "neg.s16"));
    CHECK(!contains(ptx, "mul.lo.s32"));
    CHECK(count_of(ptx, "not.b32") == 5);
    CHECK(contains(ptx, "neg.s64"));
    if (ptxas()) {
        auto errors = ptxas_errors(ptx, "negations");
        INFO(errors.value_or(""));
        CHECK(!errors.has_value());
    }
}

TEST_CASE("ptx: the math library's leaf functions are inlined, sin/cos/tan stay calls") {
    auto m = translate_and_assemble(
        spirv_of("kernel k(x: f32[::1], y: f64[::1]) {\n"
                 "    let i = global_id(0);\n"
                 "    x[i] = exp(x[i]) + erf(x[i]) + erf(x[i] + 1.0) + log2(x[i]) + sin(x[i]);\n"
                 "    y[i] = log(y[i]) * erf(y[i]) + pow(y[i], 0.5);\n"
                 "}\n"),
        "math inlining");
    const std::string& t = m.text;
    for (const char* f : {"__dpk_exp_f32", "__dpk_erf_f32", "__dpk_log2_f32", "__dpk_log_f64",
                          "__dpk_erf_f64", "__dpk_pow_f64"}) {
        CAPTURE(f);
        CHECK(!contains(t, f));  // neither called nor defined
    }
    CHECK(contains(t, "call (retval0), __dpk_sin_f32,"));
    CHECK(contains(t, "__dpk_log2f_data"));  // what the inlined log2 reads stays in the module
    CHECK(contains(t, "__dpk_pow_log_data"));
    CHECK(contains(t, ".reg .f32 \t%m1_f<"));  // each call site's registers and labels its own
    CHECK(contains(t, "%m3_f"));               // erf twice: two copies
}

TEST_CASE("ptx: device functions are inlined into each kernel, every copy with its own labels") {
    // Two calls of one function with an early return, a loop and a private array, a bool
    // function in a condition, and a function calling another.
    auto m = translate_and_assemble(spirv_of("func f(a: i32, b: i32) -> i32 {\n"
                                             "    let p = private_array(i32, 4);\n"
                                             "    var s = 0;\n"
                                             "    for k in range(4) { p[k] = a * i32(k); }\n"
                                             "    if a < b { return p[3]; }\n"
                                             "    for k in range(b) { s += p[k & 3]; }\n"
                                             "    return s;\n"
                                             "}\n"
                                             "func odd(x: i32) -> bool { return (x & 1) == 1; }\n"
                                             "func g(x: i32) -> i32 { return f(x, 2) + 1; }\n"
                                             "kernel k(x: i32[::1]) {\n"
                                             "    let i = global_id(0);\n"
                                             "    x[i] = f(x[i], 3) + f(1, x[i]);\n"
                                             "    if odd(x[i]) { x[i] = g(x[i]); }\n"
                                             "}\n"),
                                    "inlined functions");
    const std::string& t = m.text;
    CHECK(!contains(t, ".func"));
    CHECK(!contains(t, "call"));
    CHECK(!contains(t, "st.param"));
    for (const char* done : {"$Lret_i1:", "$Lret_i2:", "$Lret_i3:", "$Lret_i4:", "$Lret_i5:"}) {
        CAPTURE(done);
        CHECK(contains(t, done));  // f, f, odd, g and the f in g: five copies, in order
    }
    CHECK(!contains(t, "$Lret_i6:"));
    // f's private array is declared once for its two copies (they never run at once).
    CHECK(count_of(t, ".local .align 4 .b8 ") == 1);
}

TEST_CASE("ptx: f64 constants that do not fit an instruction come from one .const table") {
    using dpk::backends::cuda::F64ConstantPool;
    using dpk::backends::cuda::parse_lines;
    using dpk::backends::cuda::PtxItems;
    // Exact rewriting: a long constant becomes a load of its slot; a repeat shares the slot;
    // one whose low word is zero, an f32, an integer, a guarded or commented move, a constant
    // operand of another instruction and text that is no instruction stay as they are.
    PtxItems items = parse_lines(
        "\tmov.f64 \t%fd1, 0d3FB999999999999A;\n"
        "\tmov.b64 \t%m1_fd2, 0d3FF0000000000000;\n"
        "\tmov.b64 \t%fd3, 0dBFB999999999999A;\n"
        "\tmov.f64 \t%fd4, 0d3FB999999999999A;\n"
        "\tmov.f32 \t%f1, 0f3DCCCCCD;\n"
        "\tmov.b64 \t%rd1, 0x3FB999999999999A;\n"
        "\tfma.rn.f64 \t%fd5, %fd1, %fd3, 0d3FB999999999999A;\n"
        "\t@%p1 mov.f64 \t%fd8, 0d3FB999999999999A;\n"
        "\tmov.f64 \t%fd6, 0d3FB999999999999A; // x\n"
        "  mov.f64 \t%fd9, 0d3FB999999999999A;\n"
        "\tmov.f64 \t%fd7, 0d3FB99999999999;");
    F64ConstantPool pool;
    pool.pool(items);
    const std::string declaration = pool.declaration();
    CHECK(dpk::backends::cuda::print(items) ==
          "\tld.const.f64 \t%fd1, [__dpk_f64_constants+0];\n"
          "\tmov.b64 \t%m1_fd2, 0d3FF0000000000000;\n"
          "\tld.const.f64 \t%fd3, [__dpk_f64_constants+8];\n"
          "\tld.const.f64 \t%fd4, [__dpk_f64_constants+0];\n"
          "\tmov.f32 \t%f1, 0f3DCCCCCD;\n"
          "\tmov.b64 \t%rd1, 0x3FB999999999999A;\n"
          "\tfma.rn.f64 \t%fd5, %fd1, %fd3, 0d3FB999999999999A;\n"
          "\t@%p1 mov.f64 \t%fd8, 0d3FB999999999999A;\n"
          "\tmov.f64 \t%fd6, 0d3FB999999999999A; // x\n"
          "  mov.f64 \t%fd9, 0d3FB999999999999A;\n"
          "\tmov.f64 \t%fd7, 0d3FB99999999999;\n");
    CHECK(declaration ==
          ".const .align 8 .b64 __dpk_f64_constants[2] = {\n"
          "\t0x3FB999999999999A, 0xBFB999999999999A\n};\n");
    PtxItems round = parse_lines("\tmov.f64 \t%fd1, 0d4000000000000000;\n");
    F64ConstantPool round_pool;
    round_pool.pool(round);
    CHECK(round_pool.declaration().empty());

    // Past the table's capacity the remaining constants stay immediates.
    std::string many;
    for (std::size_t i = 0; i <= dpk::backends::cuda::kMaxPooledF64Constants; ++i) {
        char line[64];
        std::snprintf(line, sizeof line, "\tmov.f64 \t%%fd1, 0d3FF00000%08zX;\n", i + 1);
        many += line;
    }
    PtxItems full = parse_lines(many);
    F64ConstantPool full_pool;
    full_pool.pool(full);
    const std::string full_text = dpk::backends::cuda::print(full);
    CHECK(count_of(full_text, "ld.const.f64") == dpk::backends::cuda::kMaxPooledF64Constants);
    CHECK(count_of(full_text, "mov.f64") == 1);

    // In a module: the f64 literals of a kernel and of the inlined exp are loads from the table,
    // declared once before the code, and ptxas accepts it.
    const auto words =
        spirv_of("kernel k(y: f64[::1]) { let i = global_id(0); y[i] = exp(y[i] * 0.1) + 0.3; }\n");
    const std::string ptx = translate_to_ptx(words).text;
    INFO(ptx);
    CHECK(count_of(ptx, ".const .align 8 .b64 __dpk_f64_constants[") == 1);
    CHECK(ptx.find("__dpk_f64_constants[") < ptx.find(".entry k("));
    CHECK(contains(ptx, "0x3FB999999999999A"));  // 0.1
    CHECK(contains(ptx, "0x3FD3333333333333"));  // 0.3
    CHECK(contains(ptx, "0x3FF71547652B82FE"));  // exp's log2(e)
    CHECK(!contains(ptx, "0d3FB999999999999A"));
    CHECK(contains(ptx, "ld.const.f64"));
    if (ptxas()) {
        auto errors = ptxas_errors(ptx, "f64_constants");
        INFO(errors.value_or(""));
        CHECK(!errors.has_value());
    }
}

TEST_CASE("ptx: integer edges: guarded divisors, wrapping abs, masked counts, saturated casts") {
    const std::string source = R"(
kernel k(a: i8[::1], b: i8[::1], x: i32[::1], y: i32[::1], u: u64[::1], f: f32[::1], o: u8[::1]) {
    let i = global_id(0);
    a[i] = a[i] / b[i] + a[i] % b[i] + abs(a[i]) + (a[i] << b[i]);
    x[i] = x[i] / y[i] + x[i] % -1 + abs(x[i]) + (x[i] >> y[i]) + x[i] / 7;
    u[i] = u[i] / u[i] + (u[i] << u[i]);
    o[i] = u8(f[i]) + u8(u32(f[i]));
})";
    const std::string ptx = translate_and_assemble(spirv_of(source), "edges").text;
    INFO(ptx);
    // Each runtime divisor is replaced by 1 where it is 0 (or MIN / -1): selp, then the division.
    CHECK(count_of(ptx, "selp.b32") >= 4);  // i8 / and %, i32 /, i32 % -1
    CHECK(contains(ptx, "selp.b64"));       // u64 /
    CHECK(contains(ptx, "div.s32"));
    CHECK(contains(ptx, "rem.s32"));
    CHECK(contains(ptx, "div.u64"));
    CHECK(contains(ptx, "0x80000000"));  // i32 MIN, compared with the dividend
    CHECK(!contains(ptx, "abs."));       // abs is a negation and a select
    CHECK(contains(ptx, "not.b32"));  // the negation, as ~x + 1
    CHECK(contains(ptx, "and.b32"));         // masked counts
    CHECK(contains(ptx, "cvt.rzi.u8.f32"));  // saturating to 0 .. 255, NaN -> 0
    CHECK(contains(ptx, "cvt.rzi.u32.f32"));
    CHECK(contains(ptx, "setp.eq.f32"));  // NaN -> 0 for f32 -> u32
}

TEST_CASE("ptx: print is the driver's vprintf, its values packed at their natural alignment") {
    auto m = translate_and_assemble(
        spirv_of("kernel k(x: f32[::1], n: i8[::1], flags: bool[::1]) {\n"
                 "    let i = global_id(0);\n"
                 "    print(\"{} {} {} {} {}\", x[i], i, n[i], flags[i], u32(7));\n"
                 "    print(\"no values\");\n"
                 "}\n"),
        "print");
    const std::string& t = m.text;
    CHECK(contains(t,
                   ".extern .func (.param .b32 func_retval0) vprintf\n(\n\t.param .b64 "
                   "vprintf_param_0,\n\t.param .b64 vprintf_param_1\n);\n"));
    // The format, as printf reads it (f32 promoted to f64: %g; the bool as a string: %s).
    CHECK(contains(t, ".global .align 1 .b8 __dpk_string$"));
    CHECK(contains(
        t, "] = {37, 103, 32, 37, 108, 100, 32, 37, 100, 32, 37, 115, 32, 37, 117, 10, 0};"));
    CHECK(contains(t, "] = {116, 114, 117, 101, 0};"));  // "true"
    CHECK(contains(t, "cvta.global.u64"));
    // f64 at 0, i64 at 8, the i8 widened to 32 bits at 16, the string's address at 24, u32 at 32.
    CHECK(contains(t, ".local .align 8 .b8 __dpk_printf$"));
    CHECK(contains(t, "[36];"));
    CHECK(contains(t, "+0], %fd"));
    CHECK(contains(t, "st.local.u64 \t[__dpk_printf$"));
    CHECK(contains(t, "+16], %r"));
    CHECK(contains(t, "+32], %r"));
    CHECK(contains(t, "cvta.local.u64"));
    CHECK(contains(t, "call (written), vprintf, (format, arguments);"));
    // Without values: no buffer, a null argument pointer.
    CHECK(contains(t, "st.param.b64 \t[arguments], 0;"));

    // A target without fp64: the SPIR-V passes the f32, the translator promotes it as C does.
    auto f32_only = translate_and_assemble(
        spirv_of("kernel k(x: f32[::1]) { print(\"{}\", x[global_id(0)]); }\n", "opencl-fp64"),
        "print f32");
    CHECK(contains(f32_only.text, "cvt.f64.f32"));
    CHECK(contains(f32_only.text, "st.local.f64"));

    // A kernel without print has none of it.
    auto plain = translate_and_assemble(
        spirv_of("kernel k(x: f32[::1]) { x[global_id(0)] = 1.0; }\n"), "no print");
    CHECK(!contains(plain.text, "vprintf"));
    CHECK(!contains(plain.text, "__dpk_string"));
}

TEST_CASE("ptx items: lines parse into instructions with typed immediates and print back") {
    using dpk::backends::cuda::parse_line;
    using dpk::backends::cuda::PtxItem;
    const auto add = parse_line("\t@!%p3 add.rn.f64 \t%fd2, %fd1, 0d3FB999999999999A;");
    REQUIRE(add.kind == PtxItem::Kind::Instruction);
    CHECK(add.inst.guard == "@!%p3");
    CHECK(add.inst.opcode == "add.rn.f64");
    REQUIRE(add.inst.operands.size() == 3);
    CHECK(add.inst.operands[0].text() == "%fd2");
    REQUIRE(add.inst.operands[2].immediate() != nullptr);
    CHECK(add.inst.operands[2].immediate()->type.bits == 64);
    CHECK(add.inst.operands[2].immediate()->bits == 0x3FB999999999999Aull);
    const auto f32 = parse_line("\tmov.f32 \t%f1, 0f3DCCCCCD;");
    REQUIRE(f32.kind == PtxItem::Kind::Instruction);
    REQUIRE(f32.inst.operands[1].immediate() != nullptr);
    CHECK(f32.inst.operands[1].immediate()->bits == 0x3DCCCCCDull);
    CHECK(parse_line("\tret;").kind == PtxItem::Kind::Instruction);
    CHECK(parse_line("$L__BB0_2:").kind == PtxItem::Kind::Label);
    CHECK(parse_line("$L__BB0_2:").text == "$L__BB0_2");
    // Anything else stays verbatim: declarations, braces, calls, comments, other spacing.
    for (const char* line : {"\t.reg .f32 \t%f<3>;", "{", "\tcall (retval0), f, (param0);",
                             "\tmov.f64 \t%fd6, 0d3FB999999999999A; // x", "  mov.b32 \t%r1, 0;",
                             "\tmov.f64 \t%fd1, 0d3fb999999999999a;", ""}) {
        const auto item = parse_line(line);
        INFO(line);
        CHECK(dpk::backends::cuda::print(item) == line);
        if (std::string(line).find("0d3fb") == std::string::npos)
            CHECK(item.kind == PtxItem::Kind::Verbatim);
    }
    // Lower-case hex is no PTX float immediate this parser types: the operand stays text.
    const auto lower = parse_line("\tmov.f64 \t%fd1, 0d3fb999999999999a;");
    REQUIRE(lower.kind == PtxItem::Kind::Instruction);
    CHECK(lower.inst.operands[1].immediate() == nullptr);
}

TEST_CASE("ptx: cooperative matrices are per-lane fragments, a multiply-add two mma.sync") {
    // D = scale * (C + sum over n iterations of A * B): A row-major with a run-time 64-bit
    // stride, B column-major with the constant stride 16, C and D row-major; the accumulator
    // is a Function variable. KHR4457 is OpCooperativeMatrixLoadKHR, KHR4458 ...StoreKHR,
    // KHR4459 ...MulAddKHR.
    //
    // Lane L (g = L >> 2, t = L & 3) holds, as element e (h = e >> 2, i = e & 3):
    //   A: row g + 8*((e>>1)&1), column 2t + (e&1) + 8h      (address a + (row*lda + col)*2)
    //   B: row 2t + (i&1) + 8*(i>>1), column g + 8h          (address b + (col*16 + row)*2)
    //   C: row g + 8*(i>>1), column 8h + 2t + (i&1)          (address c + (row*lda + col)*4)
    // so a numeric check on a device can fill A[r][k] = r + k/16, B = identity and expect
    // D[r][c] = scale * (C[r][c] + n * A[r][c]) in every element.
    const std::string text = kMatrixDeclarations + R"(
         %fn = OpTypeFunction %void %gph %gph %gpf %gpf %ulong %float %uint
          %k = OpFunction %void None %fn
          %a = OpFunctionParameter %gph
          %b = OpFunctionParameter %gph
          %c = OpFunctionParameter %gpf
          %d = OpFunctionParameter %gpf
        %lda = OpFunctionParameter %ulong
      %scale = OpFunctionParameter %float
          %n = OpFunctionParameter %uint
      %entry = OpLabel
        %acc = OpVariable %vMC Function
               KHR4457/5 %MC %ci %c %c0 %lda
               OpStore %acc %ci
               KHR4457/5 %MA %ma %a %c0 %lda
               KHR4457/5 %MB %mb %b %c1 %c16
               OpBranch %header
     %header = OpLabel
          %i = OpPhi %uint %c0 %entry %next %body
       %more = OpULessThan %bool %i %n
               OpLoopMerge %exit %body None
               OpBranchConditional %more %body %exit
       %body = OpLabel
        %cur = OpLoad %MC %acc
               KHR4459/5 %MC %prod %ma %mb %cur
               OpStore %acc %prod
       %next = OpIAdd %uint %i %c1
               OpBranch %header
       %exit = OpLabel
        %sum = OpLoad %MC %acc
     %scaled = OpMatrixTimesScalar %MC %sum %scale
               KHR4458/4 %d %scaled %c0 %lda
               OpReturn
               OpFunctionEnd
)";
    const std::string ptx = translate_and_assemble(assemble_khr(text), "matrix_mma").text;
    INFO(ptx);
    CHECK(count_of(ptx, "mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 \t{%f") == 2);
    CHECK(count_of(ptx, "ld.global.b16") == 16);  // A and B: 8 f16 elements each
    CHECK(count_of(ptx, "ld.global.f32") == 8);
    CHECK(count_of(ptx, "st.global.f32") == 8);
    CHECK(count_of(ptx, "mul.rn.f32") == 8);     // the scale
    CHECK(count_of(ptx, "mov.b32 \t%r") >= 12);  // f16 pairs packed: 4 of A, 2 + 2 of B
    // The lane's g and 2t from the sub-group's lane id.
    CHECK(contains(ptx, "shr.u32"));
    CHECK(contains(ptx, "and.b32"));
    // B, column-major with stride 16: element e at (column * 16 + row) * 2 bytes from the lane's
    // (2t, g) element: rows +0 +1 +8 +9, columns +0 +8.
    for (const char* offset : {"+2]", "+16]", "+18]", "+256]", "+258]", "+272]", "+274]"})
        CHECK(contains(ptx, offset));
    // A and C, row-major with the run-time stride: a row of 8 below is 8 strides on.
    CHECK(contains(ptx, "shl.b64"));
    CHECK(contains(ptx, ", 8, %rd"));
    CHECK(!contains(ptx, ".local"));  // the accumulator variable lives in registers
    // A, C and D row-major and B column-major hold elements 2j and 2j + 1 side by side: where
    // the base and the stride in bytes are multiples of the pair's size (checked at run time),
    // one access of both (A, B: .b32; C, D: .v2.f32), else one per element.
    CHECK(count_of(ptx, "setp.eq.b64") == 4);
    CHECK(count_of(ptx, "and.b64") == 4);
    CHECK(count_of(ptx, ", 7;") == 2);  // C and D: 8-byte pairs (A and B: 4-byte)
    CHECK(count_of(ptx, "ld.global.b32") == 8);
    CHECK(count_of(ptx, "ld.global.v2.f32") == 4);
    CHECK(count_of(ptx, "st.global.v2.f32") == 4);
    CHECK(count_of(ptx, "@!%p") == 32);  // one access per element where not aligned
}

/// A work-group (Workgroup-scope) GEMM step: A (64x16) and B (16x64) from work-group arrays,
/// C from global memory, then @BODY@ (the products). @LOCAL@ is the kernel's LocalSize line,
/// @BSTRIDE@ B's row stride in elements.
const std::string kWorkgroupMatrixModule = matrix_module_start("\"wgmma\"\n               @LOCAL@") + R"(
        %c32 = OpConstant %uint 32
        %c64 = OpConstant %uint 64
      %c1024 = OpConstant %uint 1024
      %c2048 = OpConstant %uint 2048
       %c264 = OpConstant %uint 264
        %l64 = OpConstant %ulong 64
        %arr = OpTypeArray %half %c2048
       %parr = OpTypePointer Workgroup %arr
        %lph = OpTypePointer Workgroup %half
        %gpf = OpTypePointer CrossWorkgroup %float
               KHR4456/6 %MA %half %c2 %c64 %c16 %c0
               KHR4456/6 %MB %half %c2 %c16 %c64 %c1
               KHR4456/6 %MC %float %c2 %c64 %c64 %c2
        %vMC = OpTypePointer Function %MC
        %vMB = OpTypePointer Function %MB
         %sa = OpVariable %parr Workgroup
         %sb = OpVariable %parr Workgroup
         %fn = OpTypeFunction %void %gpf
          %k = OpFunction %void None %fn
          %c = OpFunctionParameter %gpf
      %entry = OpLabel
        %acc = OpVariable %vMC Function
         %pa = OpAccessChain %lph %sa %c0
        %pb0 = OpAccessChain %lph %sb %c0
        %pb1 = OpAccessChain %lph %sb %c1024
               KHR4457/5 %MA %ma %pa %c0 %c16
               KHR4457/5 %MB %mb0 %pb0 %c0 @BSTRIDE@
               KHR4457/5 %MB %mb1 %pb1 %c0 @BSTRIDE@
               KHR4457/5 %MC %ci %c %c0 %l64
               @BODY@
               OpReturn
               OpFunctionEnd
)";

/// kWorkgroupMatrixModule's products: C's value twice multiplied into, then stored.
constexpr std::string_view kTwoProducts = R"(
               KHR4459/5 %MC %p1 %ma %mb0 %ci
               KHR4459/5 %MC %p2 %ma %mb1 %p1
               KHR4458/4 %c %p2 %c0 %l64)";

/// `module` (kWorkgroupMatrixModule or a variant) for a work-group of 128, B's rows 64 elements
/// apart and `body`, assembled.
std::vector<std::uint32_t> wgmma_module(std::string_view body,
                                        const std::string& module = kWorkgroupMatrixModule) {
    return assemble_khr(filled(module, {{"@LOCAL@", "OpExecutionMode %k LocalSize 128 1 1"},
                                        {"@BSTRIDE@", "%c64"},
                                        {"@BODY@", body}}));
}

TEST_CASE("ptx: work-group matrices are wgmma of the warpgroup, B read through a descriptor") {
    const std::string ptx = translate_and_assemble(wgmma_module(kTwoProducts), "matrix_wgmma").text;
    INFO(ptx);
    CHECK(contains(ptx, ".version 8.0\n.target sm_90a\n"));
    // Two products into one accumulator: both in flight together, one commit and one wait, the
    // second on the first's registers (C's only use: no copies of the accumulator).
    CHECK(count_of(ptx, "wgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16 \t{%f") == 2);
    CHECK(count_of(ptx, "wgmma.fence.sync.aligned") == 1);  // one A, packed once
    CHECK(count_of(ptx, "wgmma.commit_group.sync.aligned") == 1);
    CHECK(count_of(ptx, "wgmma.wait_group.sync.aligned \t0;") == 1);
    CHECK(ptx.find("wgmma.wait_group") < ptx.find("st.global"));
    CHECK(count_of(ptx, "mov.f32") == 0);
    const auto first = ptx.find("wgmma.mma_async"), second = ptx.find("wgmma.mma_async", first + 1);
    const auto accumulator = [&](std::size_t at) {
        const auto open = ptx.find('{', at);
        return ptx.substr(open, ptx.find('}', open) - open);
    };
    CHECK(accumulator(first) == accumulator(second));
    CHECK(count_of(accumulator(first), "%f") == 32);  // 64 x 64 f32 over 128 work items
    // A: this warp's 16 rows (16 * (linear id >> 5)) by ldmatrix, as a sub-group's A.
    CHECK(contains(ptx, "ldmatrix.sync.aligned.m8n8.x4.shared.b16"));
    CHECK(contains(ptx, ", 5;"));
    // B: descriptors, start address >> 4 in 14 bits, LBO 4096, SBO 1024, 128-byte swizzle.
    CHECK(count_of(ptx, ", 4611686293322072064;") == 2);
    CHECK(count_of(ptx, ", 16383;") == 2);
    CHECK(!contains(ptx, "ldmatrix.sync.aligned.m8n8.x4.trans"));
    // The accumulator: 32 elements a work item, pairs side by side when aligned.
    CHECK(count_of(ptx, "ld.global.v2.f32") == 16);
    CHECK(count_of(ptx, "st.global.v2.f32") == 16);
}

TEST_CASE("ptx: a work-group accumulator variable is multiplied into in place") {
    // `var acc`: each product loads the variable, multiplies into it and stores it back. The
    // wgmma work on the variable's own registers, both in flight; the last load (for the
    // store to memory) waits for them.
    const std::string body = R"(
               OpStore %acc %ci
      %cur1 = OpLoad %MC %acc
               KHR4459/5 %MC %p1 %ma %mb0 %cur1
               OpStore %acc %p1
      %cur2 = OpLoad %MC %acc
               KHR4459/5 %MC %p2 %ma %mb1 %cur2
               OpStore %acc %p2
       %fin = OpLoad %MC %acc
               KHR4458/4 %c %fin %c0 %l64)";
    const std::string ptx = translate_and_assemble(wgmma_module(body), "matrix_wgmma_variable").text;
    INFO(ptx);
    const auto first = ptx.find("wgmma.mma_async"), second = ptx.find("wgmma.mma_async", first + 1);
    REQUIRE(second != std::string::npos);
    const auto accumulator = [&](std::size_t at) {
        const auto open = ptx.find('{', at);
        return ptx.substr(open, ptx.find('}', open) - open);
    };
    CHECK(accumulator(first) == accumulator(second));
    const auto commit = ptx.find("wgmma.commit_group.sync.aligned");
    CHECK(count_of(ptx, "wgmma.commit_group.sync.aligned") == 1);
    CHECK(second < commit);
    // Nothing between the products: the loads and stores of the variable are its registers.
    CHECK(ptx.find("mov.", first) > commit);
}

TEST_CASE("ptx: a loop's work-group products stay in flight until its next barrier") {
    // for i in 0..2: barrier; acc = a * b + acc. The products of one iteration run while the
    // loop comes round; the barrier at the top of the next waits for them, as does the exit.
    const std::string body = R"(
               OpStore %acc %ci
               OpBranch %header
     %header = OpLabel
          %i = OpPhi %uint %c0 %entry %next %loop
       %more = OpULessThan %bool %i %c2
               OpLoopMerge %exit %loop None
               OpBranchConditional %more %loop %exit
       %loop = OpLabel
               OpControlBarrier %c2 %c2 %c264
        %cur = OpLoad %MC %acc
               KHR4459/5 %MC %p %ma %mb0 %cur
               OpStore %acc %p
       %next = OpIAdd %uint %i %c1
               OpBranch %header
       %exit = OpLabel
        %fin = OpLoad %MC %acc
               KHR4458/4 %c %fin %c0 %l64)";
    const std::string ptx = translate_and_assemble(wgmma_module(body), "matrix_wgmma_loop").text;
    INFO(ptx);
    const auto product = ptx.find("wgmma.mma_async");
    const auto barrier = ptx.find("barrier.sync");
    REQUIRE(product != std::string::npos);
    REQUIRE(barrier != std::string::npos);
    // Closed at the barrier (before the product in the text: the loop's top) and at the exit,
    // not where the product's block ends.
    CHECK(count_of(ptx, "wgmma.commit_group.sync.aligned") == 2);
    CHECK(ptx.find("wgmma.commit_group") < barrier);
    CHECK(ptx.find("fence.proxy.async.shared::cta") < barrier);
    const auto after = ptx.find("wgmma.commit_group", product);
    CHECK(ptx.find("$L", product) < after);  // the loop's next label comes first
    CHECK(ptx.find("st.global", after) != std::string::npos);  // the store waits for them
}

TEST_CASE("ptx: work-group products do not stay in flight into a loop they are not in") {
    // acc = a * b + acc, then a loop (it may run a different number of times in each work
    // item: its condition is not known to be uniform): the products are waited for before it.
    const std::string body = R"(
               OpStore %acc %ci
        %cur = OpLoad %MC %acc
               KHR4459/5 %MC %p %ma %mb0 %cur
               OpStore %acc %p
               OpBranch %header
     %header = OpLabel
          %i = OpPhi %ulong %l64 %entry %next %loop
       %more = OpULessThan %bool %i %l64
               OpLoopMerge %exit %loop None
               OpBranchConditional %more %loop %exit
       %loop = OpLabel
       %next = OpIAdd %ulong %i %l64
               OpBranch %header
       %exit = OpLabel
        %fin = OpLoad %MC %acc
               KHR4458/4 %c %fin %c0 %l64)";
    const std::string ptx =
        translate_and_assemble(wgmma_module(body), "matrix_wgmma_other_loop").text;
    INFO(ptx);
    // Closed in the products' own block, before its branch to the loop.
    const auto product = ptx.find("wgmma.mma_async");
    REQUIRE(product != std::string::npos);
    CHECK(ptx.find("wgmma.commit_group", product) < ptx.find("bra", product));
}

TEST_CASE("ptx: a bounds-checked work-group GEMM: B's tile read at (0, 0) when outside, wgmma") {
    // B's origin row varies (two halves of sb): bounds-checked, it is reported when outside and
    // clamped to row 0, so the descriptor still points into the array; unchecked, the same
    // products.
    const std::string gemm = R"(
@local_size(128)
kernel gemm(a: f16[:, ::1], b: f16[:, ::1], c: f32[:, ::1]) {
    let sa = local_array(f16, (64, 16));
    let sb = local_array(f16, (32, 64));
    var acc = matrix_fill(0.0f32, (64, 64), "acc", "group");
    for k in range(0, a.shape[1], 16) {
        let half = k / 16 % 2 * 16;
        async_copy(sa, (0, 0), a, (0, k), (64, 16));
        async_copy(sb, (half, 0), b, (k, 0), (16, 64));
        wait_copies();
        acc = matrix_mad(matrix_load(sa, (0, 0), (64, 16), "a", "group"),
                         matrix_load(sb, (half, 0), (16, 64), "b", "group"), acc);
        barrier(local);
    }
    matrix_store(c, (0, 0), acc);
}
)";
    const std::string plain =
        translate_and_assemble(spirv_of(gemm, "level-zero"), "matrix_wgmma_unchecked").text;
    const std::string checked =
        translate_and_assemble(spirv_of(gemm, "level-zero", "", true), "matrix_wgmma_checked").text;
    CHECK(count_of(plain, "wgmma.mma_async") == 1);
    CHECK(count_of(checked, "wgmma.mma_async") == 1);
    CHECK(contains(checked, "__dpk_bounds_claim"));
    // The descriptor's address: the clamped row (a select) times 128 bytes.
    const auto descriptor = checked.find(", 4611686293322072064;");
    REQUIRE(descriptor != std::string::npos);
    const auto row = checked.rfind("mad.lo.s64", descriptor);
    REQUIRE(row != std::string::npos);
    CHECK(checked.rfind("selp.b64", descriptor) < row);
    CHECK(contains(checked.substr(row, descriptor - row), ", 128, "));
}

TEST_CASE("ptx: work-group matrices are refused where wgmma cannot take them") {
    // Not a work-group of 128.
    const std::string no_size = translation_error(assemble_khr(filled(
        kWorkgroupMatrixModule, {{"@LOCAL@", ""}, {"@BSTRIDE@", "%c64"}, {"@BODY@", kTwoProducts}})));
    CAPTURE(no_size);
    CHECK(contains(no_size, "kernel 'wgmma'"));
    CHECK(contains(no_size, "@local_size(128)"));
    const std::string other_size = translation_error(assemble_khr(filled(
        kWorkgroupMatrixModule,
        {{"@LOCAL@", "OpExecutionMode %k LocalSize 256 1 1"},
         {"@BSTRIDE@", "%c64"},
         {"@BODY@", kTwoProducts}})));
    CHECK(contains(other_size, "@local_size(128)"));
    // B's rows must be the 128-byte swizzle's (64 elements).
    const std::string narrow = translation_error(assemble_khr(filled(
        kWorkgroupMatrixModule,
        {{"@LOCAL@", "OpExecutionMode %k LocalSize 128 1 1"},
         {"@BSTRIDE@", "%c32"},
         {"@BODY@", kTwoProducts}})));
    CAPTURE(narrow);
    CHECK(contains(narrow, "OpCooperativeMatrixLoadKHR"));
    CHECK(contains(narrow, "rows of 64 elements (128 bytes)"));
    // A work-group B is a place in work-group memory: no variable holds one.
    std::string with_b_variable = kWorkgroupMatrixModule;
    with_b_variable.replace(with_b_variable.find("%acc = OpVariable %vMC"), 22,
                            "%acc = OpVariable %vMB");
    const std::string held = translation_error(wgmma_module("OpStore %acc %mb0", with_b_variable));
    CAPTURE(held);
    CHECK(contains(held, "OpVariable"));
    CHECK(contains(held, "it is loaded from a local array and multiplied, nothing else"));
    // A zero tile (what a failed bounds check gives a sub-group's matrix) is a fill: refused.
    std::string zero_b = kWorkgroupMatrixModule;
    zero_b.replace(zero_b.find("%acc = OpVariable %vMC"), 22, "%acc = OpVariable %vMB");
    const std::string zeros =
        translation_error(wgmma_module("%zb = OpConstantNull %MB\nOpStore %acc %zb", zero_b));
    CAPTURE(zeros);
    CHECK(contains(zeros, "nor a zero tile where a bounds check fails"));
    // B loaded in a device function the kernel passes its array to: not followed, said so.
    const std::string in_function = translation_error(spirv_of(R"(
func step(sa, sb, c) {
    let acc = matrix_fill(0.0f32, (64, 64), "acc", "group");
    matrix_store(c, (0, 0), matrix_mad(matrix_load(sa, (0, 0), (64, 16), "a", "group"),
                                       matrix_load(sb, (0, 0), (16, 64), "b", "group"), acc));
}

@local_size(128)
kernel gemm(a: f16[:, ::1], b: f16[:, ::1], c: f32[:, ::1]) {
    let sa = local_array(f16, (64, 16));
    let sb = local_array(f16, (16, 64));
    async_copy(sa, (0, 0), a, (0, 0), (64, 16));
    async_copy(sb, (0, 0), b, (0, 0), (16, 64));
    wait_copies();
    step(sa, sb, c);
}
)",
                                                              "level-zero"));
    CAPTURE(in_function);
    CHECK(contains(in_function, "not through a call: load the tile in the kernel"));
    // Only sm_90 has wgmma.
    const auto spirv = wgmma_module(kTwoProducts);
    CHECK_THROWS_WITH_AS(translate_to_ptx(spirv, {.sm = 100, .ptx_major = 8, .ptx_minor = 6}),
                         doctest::Contains("wgmma needs an sm_90 device, the target is sm_100"),
                         PtxTranslationError);
}

TEST_CASE("ptx: cooperative matrix fills, element access, arithmetic, phis and selects") {
    // A fill of 1.0 and a loaded accumulator meet in a phi; element-wise arithmetic, a select,
    // element 3 read and element 5 replaced, OpCooperativeMatrixLengthKHR (KHR4460), an f16
    // matrix divided element-wise, and a store to shared memory column-major with a 32-bit
    // run-time stride.
    const std::string text = kMatrixDeclarations + R"(
     %shared = OpVariable %lpf Workgroup
         %fn = OpTypeFunction %void %gpf %gph %uint %bool
          %k = OpFunction %void None %fn
          %c = OpFunctionParameter %gpf
          %a = OpFunctionParameter %gph
         %ld = OpFunctionParameter %uint
       %pick = OpFunctionParameter %bool
      %entry = OpLabel
       %ones = OpCompositeConstruct %MC %float1
               KHR4457/5 %MC %mc %c %c0 %ld
               OpSelectionMerge %join None
               OpBranchConditional %pick %then %join
       %then = OpLabel
               OpBranch %join
       %join = OpLabel
         %ph = OpPhi %MC %ones %entry %mc %then
        %sum = OpFAdd %MC %ph %mc
       %diff = OpFSub %MC %sum %ones
        %neg = OpFNegate %MC %diff
        %sel = OpSelect %MC %pick %neg %sum
         %e3 = OpCompositeExtract %float %sel 3
        %ins = OpCompositeInsert %MC %e3 %sel 5
               KHR4460/3 %uint %len %MC
      %lenok = OpIEqual %bool %len %c16
       %last = OpSelect %MC %lenok %ins %sel
               KHR4458/4 %shared %last %c1 %ld
               KHR4457/5 %MA %ma %a %c0 %c16
      %ratio = OpFDiv %MA %ma %ma
               KHR4458/4 %a %ratio %c0 %c16
               OpReturn
               OpFunctionEnd
)";
    const std::string ptx = translate_and_assemble(assemble_khr(text), "matrix_elements").text;
    INFO(ptx);
    CHECK(count_of(ptx, "add.rn.f32") == 8);
    CHECK(count_of(ptx, "sub.rn.f32") == 8);
    CHECK(count_of(ptx, "neg.f32") == 8);
    CHECK(count_of(ptx, "selp.b32") == 16);
    CHECK(count_of(ptx, "st.shared.f32") == 8);
    CHECK(count_of(ptx, "div.rn.f32") == 8);  // f16 division through f32
    CHECK(count_of(ptx, "st.global.b16") == 8);
    CHECK(count_of(ptx, "st.global.b32") == 4);  // f16 pairs, when aligned
    CHECK(!contains(ptx, "st.shared.v2"));       // column-major accumulator: no pairs
    CHECK(contains(ptx, "0f3F800000"));          // the fill
    CHECK(contains(ptx, "cvt.s64.s32"));         // the 32-bit stride, widened
    CHECK(!contains(ptx, "mma.sync"));
}

TEST_CASE("ptx: unsupported cooperative matrices and matrix operations are refused by name") {
    // An 8x8 accumulator (not mma.sync's m16n8k16 fragments).
    const std::string small = R"(
               OpCapability Addresses
               OpCapability Kernel
               OpCapability Int64
               OpMemoryModel Physical64 OpenCL
               OpEntryPoint Kernel %k "small"
               OpName %M8 "acc8"
       %void = OpTypeVoid
       %uint = OpTypeInt 32 0
      %float = OpTypeFloat 32
         %c2 = OpConstant %uint 2
         %c3 = OpConstant %uint 3
         %c8 = OpConstant %uint 8
               KHR4456/6 %M8 %float %c3 %c8 %c8 %c2
         %fn = OpTypeFunction %void
          %k = OpFunction %void None %fn
      %entry = OpLabel
               OpReturn
               OpFunctionEnd
)";
    const std::string type_error = translation_error(assemble_khr(small));
    CAPTURE(type_error);
    CHECK(contains(type_error, "cooperative matrix type"));
    CHECK(contains(type_error, "'acc8'"));
    CHECK(contains(type_error, "coopmatrix<f32, 8x8, MatrixAccumulator, Subgroup>"));

    // Before sm_80, no mma.sync.
    const std::string declarations_only = kMatrixDeclarations + R"(
         %fn = OpTypeFunction %void
          %k = OpFunction %void None %fn
      %entry = OpLabel
               OpReturn
               OpFunctionEnd
)";
    std::string old_error;
    try {
        translate_to_ptx(assemble_khr(declarations_only), {75, 7, 8});
    } catch (const PtxTranslationError& e) {
        old_error = e.what();
    }
    CAPTURE(old_error);
    CHECK(contains(old_error, "sm_80"));

    // An operation the translator does not do on matrices: OpFRem.
    const std::string rem = kMatrixDeclarations + R"(
         %fn = OpTypeFunction %void %gpf
          %k = OpFunction %void None %fn
          %c = OpFunctionParameter %gpf
      %entry = OpLabel
               KHR4457/5 %MC %mc %c %c0 %c16
          %r = OpFRem %MC %mc %mc
               OpReturn
               OpFunctionEnd
)";
    const std::string rem_error = translation_error(assemble_khr(rem));
    CAPTURE(rem_error);
    CHECK(contains(rem_error, "OpFRem"));
    CHECK(contains(rem_error, "kernel 'mma'"));
    CHECK(contains(rem_error, "coopmatrix<f32, 16x16, MatrixAccumulator, Subgroup>"));

    // A matrix passed to a function.
    const std::string call = kMatrixDeclarations + R"(
       %take = OpTypeFunction %void %MC
         %fn = OpTypeFunction %void %gpf
          %f = OpFunction %void None %take
          %m = OpFunctionParameter %MC
         %fe = OpLabel
               OpReturn
               OpFunctionEnd
          %k = OpFunction %void None %fn
          %c = OpFunctionParameter %gpf
      %entry = OpLabel
               KHR4457/5 %MC %mc %c %c0 %c16
          %r = OpFunctionCall %void %f %mc
               OpReturn
               OpFunctionEnd
)";
    const std::string call_error = translation_error(assemble_khr(call));
    CAPTURE(call_error);
    CHECK(contains(call_error, "OpFunctionCall"));
    CHECK(contains(call_error, "cannot be passed to or returned from functions"));

    // A kernel parameter of matrix type.
    const std::string parameter = kMatrixDeclarations + R"(
         %fn = OpTypeFunction %void %MC
          %k = OpFunction %void None %fn
          %m = OpFunctionParameter %MC
      %entry = OpLabel
               OpReturn
               OpFunctionEnd
)";
    const std::string parameter_error = translation_error(assemble_khr(parameter));
    CAPTURE(parameter_error);
    CHECK(contains(parameter_error, "OpFunctionParameter"));
    CHECK(contains(parameter_error, "cooperative matrices cannot be kernel parameters"));
}

TEST_CASE("ptx: i8 and u8 matrices multiply by mma.sync m16n8k32 into s32, bytes packed by bfi") {
    // i8 A row-major and B row-major, u8 A row-major and B column-major (k contiguous); the
    // Cooperative Matrix Operands pick .s8 or .u8.
    const std::string ptx = translate_and_assemble(spirv_of(R"(
kernel k(a: i8[:, ::1], b: i8[:, ::1], ua: u8[:, ::1], ub: u8[::1, :], c: i32[:, ::1],
         d: i32[:, ::1]) {
    let s = matrix_mad(matrix_load(a, (0, 0), (16, 32), "a"), matrix_load(b, (0, 0), (32, 16), "b"),
                       matrix_load(c, (0, 0), (16, 16), "acc"));
    matrix_store(c, (0, 0), s);
    let u = matrix_mad(matrix_load(ua, (0, 0), (16, 32), "a"),
                       matrix_load(ub, (0, 0), (32, 16), "b"), matrix_fill(0i32, (16, 16), "acc"));
    matrix_store(d, (0, 0), u);
}
)",
                                                            "level-zero"),
                                                   "matrix_i8")
                                .text;
    INFO(ptx);
    CHECK(count_of(ptx, "mma.sync.aligned.m16n8k32.row.col.s32.s8.s8.s32 \t{%r") == 2);
    CHECK(count_of(ptx, "mma.sync.aligned.m16n8k32.row.col.s32.u8.u8.s32 \t{%r") == 2);
    CHECK(!contains(ptx, "satfinite"));
    // Four factor tiles of 16 bytes a lane, one ld.u8 each; the i32 accumulator 8 words a lane.
    CHECK(count_of(ptx, ".u8 \t%r") == 64);
    // The accumulator's pairs of adjacent words: .v2.u32 where aligned, .u32 each otherwise.
    CHECK(count_of(ptx, "ld.global.v2.u32") + count_of(ptx, "ld.global.nc.v2.u32") == 4);
    CHECK(count_of(ptx, "st.global.v2.u32") == 8);
    CHECK(count_of(ptx, "@!%p") > 0);
    CHECK(!contains(ptx, "v2.f32"));
    // Each mma's A is 4 registers and B 2, each 4 bytes put together by 3 bfi.
    CHECK(count_of(ptx, "bfi.b32") == 2 * (4 + 2 * 2) * 3);
    // The lane's 4t for the 8-bit factors, beside 2t for the accumulator.
    CHECK(contains(ptx, "shl.b32"));
}

TEST_CASE("ptx: an i8 multiply-add refuses mixed signedness and saturation") {
    const std::vector<std::uint32_t> spirv = spirv_of(R"(
kernel k(a: i8[:, ::1], c: i32[:, ::1]) {
    matrix_store(c, (0, 0), matrix_mad(matrix_load(a, (0, 0), (16, 32), "a"),
                                       matrix_load(a, (0, 0), (32, 16), "b"),
                                       matrix_fill(0i32, (16, 16), "acc")));
}
)",
                                                      "level-zero");
    // The multiply-add's Cooperative Matrix Operands word (its last), replaced.
    auto with_operands = [&](std::uint32_t operands) {
        std::vector<std::uint32_t> w = spirv;
        for (std::size_t i = 5; i < w.size();) {
            const std::uint32_t count = w[i] >> spv::WordCountShift;
            if ((w[i] & spv::OpCodeMask) == 4459u && count == 7) w[i + 6] = operands;
            i += count;
        }
        return w;
    };
    CHECK(translation_error(with_operands(0xF)).empty());
    CHECK(contains(translation_error(with_operands(0xD)), "both signed (s8) or both unsigned"));
    CHECK(contains(translation_error(with_operands(0x1F)), "SaturatingAccumulationKHR"));
    CHECK(contains(translation_error(with_operands(0x3)), "MatrixCSignedComponentsKHR"));
}

TEST_CASE("ptx: tf32 matrices round with cvt.rna.tf32.f32 and multiply by mma.sync m16n8k8") {
    const std::string ptx = translate_and_assemble(spirv_of(R"(
kernel k(a: f32[:, ::1], b: f32[::1, :], c: f32[:, ::1]) {
    let acc = matrix_mad(matrix_load(a, (0, 0), (16, 8), "a", "tf32"),
                         matrix_load(b, (0, 0), (8, 16), "b", "tf32"),
                         matrix_load(c, (0, 0), (16, 16), "acc"));
    let one = matrix_fill(1.5f32, (8, 16), "b", "tf32");
    matrix_store(c, (0, 0), matrix_mad(matrix_load(a, (0, 8), (16, 8), "a", "tf32"), one, acc));
}
)",
                                                            "level-zero"),
                                                   "matrix_tf32")
                                .text;
    INFO(ptx);
    CHECK(count_of(ptx, "mma.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32 \t{%f") == 4);
    // 4 elements a lane of each of three loaded factor tiles, and the fill's value once.
    CHECK(count_of(ptx, "cvt.rna.tf32.f32") == 3 * 4 + 1);
    CHECK(count_of(ptx, "ld.global.f32") == 3 * 4 + 8);
    CHECK(count_of(ptx, "st.global.f32") == 8);
    // The lane's t (and.b32 lane, 3) for the tf32 tiles.
    CHECK(contains(ptx, ", 3;"));
}
