// translate_to_ptx(): the module level — checks the module's models and execution modes, names
// the PTX symbols, translates every kernel and the functions they reach, and lays out the PTX
// text: header, the f64 constant table, math library definitions, shared memory, .func
// prototypes and definitions, kernels.
#include "backends/cuda/ptx/ptx_translator.h"

#include <algorithm>
#include <cctype>
#include <map>
#include <set>

#include "backends/cuda/math/ptx_math_library.h"
#include "backends/cuda/ptx/constant_pool.h"
#include "backends/cuda/ptx/function_translator.h"
#include "backends/cuda/ptx/translation_error.h"

namespace dpk::backends::cuda {

namespace {

/// The first compute capability with mma.sync's m16n8k16 f16 shape (cooperative matrices).
constexpr std::uint32_t kMmaSm = 80;
constexpr std::string_view kReservedPrefix = "__dpk_";

/// `name` made a PTX identifier: [A-Za-z0-9_] kept, others '_', never starting with a digit.
std::string sanitize(const std::string& name, const char* fallback) {
    std::string s = name.empty() ? fallback : name;
    for (char& c : s)
        if (!is_identifier_char(c)) c = '_';
    if (std::isdigit(static_cast<unsigned char>(s.front()))) s.insert(s.begin(), '_');
    return s;
}

bool is_identifier(const std::string& name) {
    return !name.empty() && sanitize(name, "") == name;
}

void check_execution_modes(const SpirvModule& m) {
    for (const auto& e : m.execution_modes) {
        switch (e.mode) {
            case spv::ExecutionMode::ContractionOff:  // nothing is ever contracted
            case spv::ExecutionMode::LocalSize:       // .reqntid
            case spv::ExecutionMode::LocalSizeHint:
            case spv::ExecutionMode::VecTypeHint: continue;
            case spv::ExecutionMode::SubgroupSize:
                if (e.literals.size() == 1 && e.literals[0] == kWarpSize) continue;
                fail("cannot translate the SubgroupSize execution mode of " +
                     id_text(m, e.function) + " to PTX: CUDA sub-groups have 32 work-items");
            default:
                fail("cannot translate execution mode " +
                     std::to_string(static_cast<std::uint32_t>(e.mode)) + " of " +
                     id_text(m, e.function) + " to PTX");
        }
    }
}

/// `bytes` of .shared variables and then one of `size` bytes aligned to `align`: the layout ptxas
/// gives a kernel's variables (in order, each aligned).
std::uint64_t laid_out(std::uint64_t bytes, std::uint64_t size, std::uint64_t align) {
    return (bytes + align - 1) / align * align + size;
}

/// Where the work-group arrays of kernels past kStaticSharedLimit go: fixed byte offsets from
/// the first `alignment`-aligned byte of the dynamic shared memory (ptxas refuses more than 48
/// KiB of .shared variables; the device allows more to a kernel that opts in, which the runtime
/// does at launch). The driver aligns dynamic shared memory to 16 bytes only (a larger .align on
/// its declaration is not always kept), so an alignment past 16 is made at run time and its
/// slack counted in each kernel's bytes.
struct DynamicArrays {
    std::map<Id, std::uint64_t> offsets;
    std::uint64_t alignment = kDynamicSharedAlignment;

    /// Bytes before the first aligned byte, at most.
    std::uint64_t slack() const { return alignment - kDynamicSharedAlignment; }

    /// `mov.u64 r, array` becomes `mov.u64 r, __dpk_dynamic_shared` (then, past 16-byte
    /// alignment, `add.u64 r, r, alignment - 1` and `and.b64 r, r, -alignment`) and `add.u64 r,
    /// r, offset` for each placed array.
    void rewrite(const ModuleState& state, PtxItems& body) const {
        if (offsets.empty()) return;
        std::map<std::string, std::uint64_t, std::less<>> by_symbol;
        for (const auto& [id, offset] : offsets) by_symbol[state.shared_symbols.at(id)] = offset;
        const Scalar u64{Scalar::Kind::Int, 64};
        PtxItems out;
        out.reserve(body.size());
        for (PtxItem& item : body) {
            const PtxOperand* operand = item.kind == PtxItem::Kind::Instruction &&
                                                item.inst.opcode == "mov.u64" &&
                                                !item.inst.operands.back().immediate()
                                            ? &item.inst.operands.back()
                                            : nullptr;
            auto it =
                operand ? by_symbol.find(std::get<std::string>(operand->value)) : by_symbol.end();
            if (it == by_symbol.end()) {
                out.push_back(std::move(item));
                continue;
            }
            const PtxOperand r = item.inst.operands.front();
            item.inst.operands.back() = PtxOperand(std::string(kDynamicSharedSymbol));
            out.push_back(std::move(item));
            auto emit = [&](const char* opcode, std::uint64_t bits) {
                PtxItem i;
                i.kind = PtxItem::Kind::Instruction;
                i.inst = {"", opcode, {r, r, PtxImmediate{u64, bits}}};
                out.push_back(std::move(i));
            };
            if (slack() != 0) {
                emit("add.u64", alignment - 1);
                emit("and.b64", ~(alignment - 1));
            }
            if (it->second != 0) emit("add.u64", it->second);
        }
        body = std::move(out);
    }
};

/// Every array of a kernel whose arrays together (laid out as ptxas lays out .shared variables)
/// pass kStaticSharedLimit is placed, first fit: at the lowest offset, aligned as the array must
/// be, that overlaps no placed array a kernel uses beside it. Arrays of different kernels may
/// share bytes; an array used by several kernels has one offset in all of them.
DynamicArrays place_dynamic_arrays(
    const SpirvModule& m, const std::map<Id, std::set<Id>>& used_by_kernel,
    const std::map<Id, std::pair<std::uint64_t, std::uint64_t>>& layout) {
    DynamicArrays out;
    std::set<Id> placed_set;
    for (const auto& e : m.entry_points) {
        auto used = used_by_kernel.find(e.function);
        if (used == used_by_kernel.end()) continue;
        std::uint64_t bytes = 0;
        for (Id v : used->second) bytes = laid_out(bytes, layout.at(v).first, layout.at(v).second);
        if (bytes > kStaticSharedLimit) placed_set.insert(used->second.begin(), used->second.end());
    }
    auto share_a_kernel = [&](Id a, Id b) {
        return std::any_of(used_by_kernel.begin(), used_by_kernel.end(),
                           [&](const auto& k) { return k.second.count(a) && k.second.count(b); });
    };
    for (Id v : placed_set) {
        const auto [size, align] = layout.at(v);
        std::uint64_t offset = 0;
        for (bool moved = true; moved;) {
            moved = false;
            for (const auto& [u, at] : out.offsets) {
                const std::uint64_t end = at + layout.at(u).first;
                if (at < offset + size && offset < end && share_a_kernel(u, v)) {
                    offset = (end + align - 1) / align * align;
                    moved = true;
                }
            }
        }
        out.offsets[v] = offset;
        out.alignment = std::max(out.alignment, align);
    }
    return out;
}

}  // namespace

PtxModule translate_to_ptx(std::span<const std::uint32_t> spirv, const PtxTarget& target) {
    const SpirvModule m = read_spirv_module(spirv);
    if (m.addressing != spv::AddressingModel::Physical64 ||
        m.memory_model != spv::MemoryModel::OpenCL)
        fail(
            "cannot translate the module to PTX: it must use the Physical64 addressing model and "
            "the OpenCL memory model");
    check_execution_modes(m);
    // Cooperative matrices: only the kinds mma.sync's m16n8k16 shape holds, refused up front.
    for (const auto& [id, t] : m.types) {
        if (t.opcode != kOpTypeCooperativeMatrixKHR) continue;
        const std::string what =
            "cooperative matrix type " + id_text(m, id) + " (" + type_text(m, id) + ") to PTX: ";
        if (!matrix_use(m, id))
            fail("cannot translate " + what +
                 "only 16x16 Subgroup matrices of f16 or bf16 (MatrixA, MatrixB) and of f32 "
                 "(MatrixAccumulator) are supported");
        if (target.sm < kMmaSm)
            fail("cannot translate " + what + "mma.sync needs sm_80 or newer, the target is sm_" +
                 std::to_string(target.sm));
    }
    // Workgroup-scope matrices: wgmma, sm_90a (PTX ISA 8.0), a work-group of one warpgroup.
    const bool wgmma = has_workgroup_matrices(m);
    PtxTarget module_target = target;
    if (wgmma) {
        if (target.sm != 90)
            fail("cannot translate the module's work-group matrices to PTX: wgmma needs an sm_90 "
                 "device, the target is sm_" + std::to_string(target.sm));
        if (module_target.ptx_major * 10 + module_target.ptx_minor < 80) {
            module_target.ptx_major = 8;
            module_target.ptx_minor = 0;
        }
        constexpr std::array<std::uint32_t, 3> kWarpgroup = {spirv_khr::kWorkgroupMatrixItems, 1,
                                                             1};
        for (const auto& e : m.entry_points) {
            if (m.local_size(e.function) != kWarpgroup)
                fail("cannot translate kernel '" + e.name +
                     "' to PTX: its module has work-group matrices, which a work-group of " +
                     std::to_string(spirv_khr::kWorkgroupMatrixItems) +
                     " work items holds (LocalSize 128 1 1: @local_size(128))");
        }
    }

    // bf16 (SPV_KHR_bfloat16): cvt.rn.bf16.f32 and cvt.f32.bf16 need sm_80.
    for (const auto& [id, t] : m.types)
        if (t.bfloat16 && target.sm < kMmaSm)
            fail("cannot translate bf16 type " + id_text(m, id) +
                 " to PTX: cvt.rn.bf16.f32 needs sm_80 or newer, the target is sm_" +
                 std::to_string(target.sm));

    ModuleState state{m,
                      target,
                      {},
                      {},
                      {},
                      {},
                      false,
                      false,
                      false,
                      plan_shared_swizzle(m, target.sm),
                      known_low_zeros(m)};
    std::map<Id, const SpirvEntryPoint*> entries;
    for (const auto& e : m.entry_points) {
        if (!m.function(e.function))
            fail("malformed SPIR-V: entry point '" + e.name + "' names no function");
        if (!is_identifier(e.name) || e.name.rfind(kReservedPrefix, 0) == 0)
            fail("cannot translate kernel '" + e.name +
                 "' to PTX: its name is not a PTX "
                 "identifier, or uses the reserved prefix __dpk_");
        state.kernel_functions.insert(e.function);
        if (!entries.emplace(e.function, &e).second)
            fail("cannot translate kernel '" + e.name +
                 "' to PTX: its function is the entry "
                 "point of another kernel too");
    }
    // Static local arrays: module-scope Workgroup variables.
    std::map<Id, std::pair<std::uint64_t, std::uint64_t>> shared_layout;  // size, alignment
    for (const auto& [id, v] : m.variables) {
        if (v.storage != spv::StorageClass::Workgroup) continue;
        if (v.initializer)
            fail("cannot translate Workgroup variable " + id_text(m, id) +
                 " to PTX: shared memory cannot be initialized");
        const Id pointee = m.type(v.pointer_type).pointee;
        const std::string what = "Workgroup variable " + id_text(m, id);
        std::uint64_t align = shared_alignment(m, id, what);
        if (state.swizzle.swizzled.count(id)) align = std::max(align, kSwizzlePeriod);
        shared_layout[id] = {size_of(m, pointee, what), align};
        state.shared_symbols[id] = sanitize(m.name_of(id), "shared") + "$" + std::to_string(id);
    }

    // Strings (print's formats): UniformConstant arrays of bytes, .global as nvcc puts them.
    std::map<Id, std::string> string_definitions;
    for (const auto& [id, v] : m.variables) {
        if (v.storage != spv::StorageClass::UniformConstant) continue;
        const std::string what = "UniformConstant variable " + id_text(m, id);
        const SpirvType& array = m.type(m.type(v.pointer_type).pointee);
        auto init = m.constants.find(v.initializer);
        if (array.opcode != spv::Op::OpTypeArray ||
            m.type(array.element).opcode != spv::Op::OpTypeInt ||
            m.type(array.element).width != 8 || init == m.constants.end() ||
            init->second.opcode != spv::Op::OpConstantComposite)
            fail("cannot translate " + what +
                 " to PTX: only byte arrays with a constant initializer (strings) are supported");
        const std::string symbol = "__dpk_string$" + std::to_string(id);
        std::string bytes;
        for (Id part : init->second.constituents) {
            auto c = m.constants.find(part);
            if (c == m.constants.end() || c->second.opcode != spv::Op::OpConstant)
                fail("cannot translate " + what +
                     " to PTX: its initializer is not made of constants");
            bytes += (bytes.empty() ? "" : ", ") + std::to_string(c->second.bits & 0xff);
        }
        string_definitions[id] = ".global .align 1 .b8 " + symbol + "[" +
                                 std::to_string(init->second.constituents.size()) + "] = {" +
                                 bytes + "};\n";
        state.string_symbols[id] = symbol;
    }

    // Translate each kernel, the functions it calls inlined.
    std::map<Id, PtxItems> bodies;
    std::map<Id, std::set<Id>> shared_used;
    std::map<Id, std::vector<PtxParam>> params;
    for (const auto& [function, entry] : entries) {
        FunctionTranslator t(state, *m.function(function), *entry);
        bodies[function] = t.translate();
        shared_used[function] = t.shared_variables();
        params[function] = t.kernel_params();
    }
    // Kernels whose work-group arrays pass the static limit have them in dynamic shared memory.
    const DynamicArrays dynamic = place_dynamic_arrays(m, shared_used, shared_layout);
    for (auto& [function, body] : bodies) dynamic.rewrite(state, body);
    PtxModule out;
    std::set<Id> shared_any;  // the .shared variables
    for (const auto& e : m.entry_points) {
        PtxKernel k;
        k.name = e.name;
        k.params = params[e.function];
        k.uses_dynamic_shared = std::any_of(k.params.begin(), k.params.end(), [](const auto& p) {
            return p.kind == PtxParamKind::LocalBuffer;
        });
        for (Id v : shared_used[e.function]) {
            const auto [size, align] = shared_layout.at(v);
            if (auto d = dynamic.offsets.find(v); d != dynamic.offsets.end()) {
                k.dynamic_array_bytes =
                    std::max(k.dynamic_array_bytes, dynamic.slack() + d->second + size);
                k.uses_dynamic_shared = true;
                continue;
            }
            k.static_shared_bytes = laid_out(k.static_shared_bytes, size, align);
            shared_any.insert(v);
        }
        out.kernels.push_back(std::move(k));
    }

    std::string& text = out.text;
    text += "//\n// Generated by dpk's SPIR-V to PTX translator\n//\n\n";
    text += ".version " + std::to_string(module_target.ptx_major) + "." +
            std::to_string(module_target.ptx_minor) + "\n";
    text += ".target sm_" + std::to_string(target.sm) + (wgmma ? "a" : "") +
            "\n.address_size 64\n";

    PtxItems code;  // everything after the header
    auto lines = [&](std::string_view text) {
        PtxItems items = parse_lines(text);
        code.insert(code.end(), std::make_move_iterator(items.begin()),
                    std::make_move_iterator(items.end()));
    };
    auto blank = [&] { code.push_back(PtxItem::verbatim("")); };
    std::vector<std::string_view> math;
    for (const auto& sym : state.math_symbols)  // an inlined function: only what it reads
        for (auto dep : ptx_math_closure(sym))
            if ((dep != sym || !math_inlined(sym)) &&
                std::find(math.begin(), math.end(), dep) == math.end())
                math.push_back(dep);
    if (!math.empty()) lines("\n// dpk PTX math library\n");
    for (auto sym : math) {
        const PtxItems* def = ptx_math_items(sym);
        if (!def)
            fail("cannot translate to PTX: the math library has no definition for " +
                 std::string(sym));
        blank();
        code.insert(code.end(), def->begin(), def->end());
    }

    if (state.uses_bounds_claim) lines("\n" + std::string(kBoundsClaimDefinition));
    if (state.uses_vprintf)
        lines(
            "\n.extern .func (.param .b32 func_retval0) vprintf\n(\n\t.param .b64 vprintf_param_0,"
            "\n\t.param .b64 vprintf_param_1\n);\n");
    if (!string_definitions.empty()) blank();
    for (const auto& [id, definition] : string_definitions) lines(definition);
    if (state.uses_dynamic_shared || !dynamic.offsets.empty())
        lines("\n.extern .shared .align " + std::to_string(kDynamicSharedAlignment) + " .b8 " +
              std::string(kDynamicSharedSymbol) + "[];\n");
    bool first_shared = true;
    for (Id v : shared_any) {
        const auto [size, align] = shared_layout.at(v);
        if (first_shared) blank();
        lines(".shared .align " + std::to_string(align) + " .b8 " + state.shared_symbols.at(v) +
              "[" + std::to_string(size) + "];\n");
        first_shared = false;
    }
    F64ConstantPool pool;
    pool.pool(code);
    std::vector<PtxItems*> kernels;  // in module order
    for (const auto& f : m.functions)
        if (entries.count(f.id)) kernels.push_back(&bodies.at(f.id));
    for (PtxItems* body : kernels) pool.pool(*body);
    if (const std::string table = pool.declaration(); !table.empty()) text += "\n" + table;
    text += print(code);
    for (PtxItems* body : kernels) text += "\n" + print(*body);
    return out;
}

}  // namespace dpk::backends::cuda
