// FunctionTranslator: registers, values, parameters, the function's frame and the dispatch of
// each instruction to its family (select_*.cpp).
#include "backends/cuda/ptx/function_translator.h"

#include <algorithm>
#include <iterator>

#include "backends/cuda/ptx/translation_error.h"
#include "dpk/core/kernel_abi.h"

namespace dpk::backends::cuda {

namespace {

constexpr std::uint32_t kHalfBits = 16;
constexpr std::uint32_t kWordBits = 32;
constexpr std::uint32_t kBitsPerByte = 8;

}  // namespace

FunctionTranslator::FunctionTranslator(ModuleState& state, const SpirvFunction& function,
                                       const SpirvEntryPoint& entry)
    : state_(state), module_(state.module), function_(function), entry_(entry) {
    for (const auto& b : function_.blocks) blocks_[b.label] = &b;
    has_matrices_ = std::any_of(module_.types.begin(), module_.types.end(), [](const auto& t) {
        return t.second.opcode == kOpTypeCooperativeMatrixKHR;
    });
    has_group_matrices_ = has_workgroup_matrices(module_);
}

std::string FunctionTranslator::where() const {
    if (inline_frames_.empty()) return "kernel '" + entry_.name + "'";
    return "function " + id_text(module_, inline_frames_.back().function) +
           " (inlined into kernel '" + entry_.name + "')";
}

void FunctionTranslator::unsupported(const SpirvInstruction& inst, const std::string& why) const {
    fail("cannot translate " + instruction_text(module_, inst) + " in " + where() +
         " to PTX: " + why);
}

std::string FunctionTranslator::new_reg(RegClass c) {
    auto& n = reg_counts_[static_cast<std::size_t>(c)];
    return std::string(reg_prefix(c)) + std::to_string(++n);
}

Scalar FunctionTranslator::scalar(Id type, const SpirvInstruction& inst) {
    auto s = scalar_of(module_, type);
    if (!s) unsupported(inst, "values of type " + type_text(module_, type) + " are not supported");
    return *s;
}

Id FunctionTranslator::type_of(Id id) const {
    if (auto it = types_.find(id); it != types_.end()) return it->second;
    if (auto it = module_.constants.find(id); it != module_.constants.end()) return it->second.type;
    if (auto it = module_.variables.find(id); it != module_.variables.end())
        return it->second.pointer_type;
    fail("malformed SPIR-V: %" + std::to_string(id) + " is used in " + where() +
         " but is not a value defined before the use");
}

std::string FunctionTranslator::def(const SpirvInstruction& inst) {
    if (auto it = regs_.find(inst.result); it != regs_.end()) return it->second;
    const Scalar s = scalar(inst.result_type, inst);
    types_[inst.result] = inst.result_type;
    return regs_[inst.result] = new_reg(reg_class(s));
}

std::optional<std::uint64_t> FunctionTranslator::constant_value(Id id) const {
    auto it = module_.constants.find(id);
    if (it == module_.constants.end() || it->second.opcode != spv::Op::OpConstant) return {};
    return it->second.bits;
}

std::string FunctionTranslator::use(Id id) {
    if (auto it = regs_.find(id); it != regs_.end()) return it->second;
    if (auto c = module_.constants.find(id); c != module_.constants.end()) {
        const SpirvConstant& k = c->second;
        switch (k.opcode) {
            case spv::Op::OpConstant:
            case spv::Op::OpConstantTrue:
            case spv::Op::OpConstantFalse:
            case spv::Op::OpConstantNull:
            case spv::Op::OpUndef: break;  // undefined values read as zero
            default:
                fail("cannot translate " + opcode_text(k.opcode) + " " + id_text(module_, id) +
                     " used in " + where() + " to PTX: only scalar constants are supported");
        }
        auto s = scalar_of(module_, k.type);
        if (!s)
            fail("cannot translate constant " + id_text(module_, id) + " of type " +
                 type_text(module_, k.type) + " used in " + where() + " to PTX");
        const std::string r = new_reg(reg_class(*s));
        if (s->is_bool())
            emit_prologue("mov.pred", {r, k.bits ? "1" : "0"});
        else
            emit_prologue("mov" + bit_type(*s), {r, PtxImmediate{*s, k.bits}});
        return regs_[id] = r;
    }
    if (auto v = module_.variables.find(id); v != module_.variables.end()) {
        if (auto str = state_.string_symbols.find(id); str != state_.string_symbols.end()) {
            const std::string address = new_reg(RegClass::B64);
            const std::string generic = new_reg(RegClass::B64);
            emit_prologue("mov.u64", {address, str->second});
            emit_prologue("cvta.global.u64", {generic, address});
            return regs_[id] = generic;
        }
        auto sym = state_.shared_symbols.find(id);
        if (v->second.storage != spv::StorageClass::Workgroup || sym == state_.shared_symbols.end())
            fail("cannot translate the use of module-scope variable " + id_text(module_, id) +
                 " (storage class " + storage_class_text(v->second.storage) + ") in " + where() +
                 " to PTX");
        shared_used_.insert(id);
        const std::string r = new_reg(RegClass::B64);
        emit_prologue("mov.u64", {r, sym->second});
        return regs_[id] = r;
    }
    fail("malformed SPIR-V: %" + std::to_string(id) + " is used in " + where() +
         " before it is defined (or is not a value)");
}

std::string FunctionTranslator::extend_reg(const std::string& value, const Scalar& s,
                                           bool is_signed) {
    if (!s.is_narrow_int()) return value;
    const std::string r = new_reg(RegClass::B32);
    const std::string narrow = std::to_string(s.bits);
    emit(std::string("cvt") + (is_signed ? ".s32.s" : ".u32.u") + narrow, {r, value});
    return r;
}

std::string FunctionTranslator::extended(Id id, bool is_signed, const SpirvInstruction& inst) {
    return extend_reg(use(id), value_scalar(id, inst), is_signed);
}

std::string FunctionTranslator::extended_or_immediate(Id id, bool is_signed,
                                                      const SpirvInstruction& inst) {
    const Scalar s = value_scalar(id, inst);
    if (auto c = constant_value(id); c && s.is_int() && s.bits >= kWordBits)
        return immediate_text({s, *c});
    return extended(id, is_signed, inst);
}

namespace {

/// Whether kernel parameter `id` carries FuncParamAttr NoAlias and NoWrite.
bool is_read_only_parameter(const SpirvModule& m, Id id) {
    auto it = m.decorations.find(id);
    if (it == m.decorations.end()) return false;
    bool no_alias = false, no_write = false;
    for (const SpirvDecoration& d : it->second) {
        if (d.decoration != spv::Decoration::FuncParamAttr || d.literals.empty()) continue;
        const auto attr = static_cast<spv::FunctionParameterAttribute>(d.literals[0]);
        no_alias |= attr == spv::FunctionParameterAttribute::NoAlias;
        no_write |= attr == spv::FunctionParameterAttribute::NoWrite;
    }
    return no_alias && no_write;
}

/// Appends `guard opcode args` to `items`, built in place.
void append_instruction(PtxItems& items, std::string_view guard, const std::string& opcode,
                        std::initializer_list<PtxOperand> args) {
    PtxItem& item = items.emplace_back();
    item.kind = PtxItem::Kind::Instruction;
    item.inst.guard = guard;
    item.inst.opcode = opcode;
    item.inst.operands.assign(args);
}

}  // namespace

void FunctionTranslator::emit(const std::string& opcode, std::initializer_list<PtxOperand> args) {
    append_instruction(body_, {}, opcode, args);
}

void FunctionTranslator::emit_if(const std::string& guard, const std::string& opcode,
                                 std::initializer_list<PtxOperand> args) {
    append_instruction(body_, guard, opcode, args);
}

void FunctionTranslator::emit_prologue(const std::string& opcode,
                                       std::initializer_list<PtxOperand> args) {
    append_instruction(prologue_, {}, opcode, args);
}

std::string FunctionTranslator::label(Id block) const {
    // Blocks of an inlined copy: the copy's suffix; the kernel's in the whole-warp copy: _w.
    return "$L" + std::to_string(block) +
           (inline_frames_.empty() ? std::string(whole_warps_ ? "_w" : "")
                                   : inline_frames_.back().label_suffix);
}

void FunctionTranslator::translate_parameters() {
    for (std::size_t i = 0; i < function_.params.size(); ++i) {
        const Id id = function_.params[i];
        const Id type = function_.param_types[i];
        types_[id] = type;
        SpirvInstruction at;  // for messages: the parameter itself
        at.opcode = spv::Op::OpFunctionParameter;
        at.result = id;
        at.result_type = type;
        if (has_matrices_ && is_matrix_type(module_, type))
            unsupported(at, "cooperative matrices cannot be kernel parameters");
        const Scalar s = scalar(type, at);
        const std::string value = new_reg(reg_class(s));
        regs_[id] = value;
        const std::string param = entry_.name + "_param_" + std::to_string(i);
        if (s.is_pointer()) {
            const std::string raw = new_reg(RegClass::B64);
            params_.push_back(".param .u64 " + param);
            emit_prologue("ld.param.u64", {raw, "[" + param + "]"});
            if (s.storage == spv::StorageClass::CrossWorkgroup) {
                kernel_params_.push_back({PtxParamKind::GlobalPointer, 8});
                emit_prologue("cvta.to.global.u64", {value, raw});
                if (is_read_only_parameter(module_, id)) read_only_pointers_.insert(id);
                if (module_.name_of(id) == BoundsRecordLayout::kParameterName)
                    bounds_record_pointers_.insert(id);
            } else if (s.storage == spv::StorageClass::Workgroup) {
                // A byte offset into the kernel's dynamic shared memory.
                kernel_params_.push_back({PtxParamKind::LocalBuffer, 8});
                state_.uses_dynamic_shared = true;
                const std::string base = new_reg(RegClass::B64);
                emit_prologue("mov.u64", {base, std::string(kDynamicSharedSymbol)});
                emit_prologue("add.u64", {value, base, raw});
            } else {
                unsupported(at, "kernel parameters pointing to " + storage_class_text(s.storage) +
                                    " memory are not supported");
            }
            continue;
        }
        const std::uint32_t bytes = s.is_bool() ? 1 : s.bits / kBitsPerByte;
        kernel_params_.push_back({PtxParamKind::Value, bytes});
        const std::string ptype = memory_type(s);  // .u8 ... .u64, .f32, .f64, .b16
        params_.push_back(".param " + ptype + " " + param);
        if (s.is_bool()) {
            const std::string byte = new_reg(RegClass::B32);
            emit_prologue("ld.param.u8", {byte, "[" + param + "]"});
            emit_prologue("setp.ne.u32", {value, byte, "0"});
        } else {
            emit_prologue("ld.param" + ptype, {value, "[" + param + "]"});
        }
    }
}

void FunctionTranslator::translate_instruction(const SpirvInstruction& inst) {
    const std::size_t before = body_.size();
    if (computes_on_bf16(inst))
        unsupported(inst,
                    "SPV_KHR_bfloat16 has no arithmetic on bf16 values: they are moved, "
                    "converted to and from f32 and multiplied as cooperative matrices");
    // Sub-groups before memory: they take the components of a ballot (OpCompositeExtract).
    // Cooperative matrices first: their element-wise arithmetic, composites, phis, selects and
    // variables share opcodes with scalars'.
    if (wgmma_open_ && !keeps_wgmma_open(inst)) close_wgmma();
    const bool handled = (has_matrices_ && select_matrix(inst)) || select_integer(inst) ||
                         select_float(inst) || select_logic(inst) || select_conversion(inst) ||
                         select_sub_group(inst) || select_memory(inst) ||
                         select_control_flow(inst) || select_atomic(inst) || select_barrier(inst) ||
                         select_group_copy(inst) || select_ext_inst(inst);
    if (!handled) unsupported(inst, "the CUDA backend does not handle this instruction");
    const std::string name = inst.result ? module_.name_of(inst.result) : std::string();
    // The value's name on the line that makes it (for a call: its body's last line is a label).
    if (!name.empty() && body_.size() > before && inst.opcode != spv::Op::OpFunctionCall)
        body_.back().comment = name;
}

bool FunctionTranslator::computes_on_bf16(const SpirvInstruction& inst) const {
    auto bf16 = [&](Id type) {
        const auto s = scalar_of(module_, type);
        return s && s->bfloat16;
    };
    switch (inst.opcode) {
        // What SPV_KHR_bfloat16 allows on bf16 values (and what dpk's modules do with them).
        case spv::Op::OpFConvert:
        case spv::Op::OpLoad:
        case spv::Op::OpStore:
        case spv::Op::OpSelect:
        case spv::Op::OpPhi:
        case spv::Op::OpCopyObject:
        case spv::Op::OpBitcast:
        case spv::Op::OpUndef:
        case spv::Op::OpFunctionCall:
        case spv::Op::OpFunctionParameter:
        case spv::Op::OpReturnValue:
        case spv::Op::OpCompositeConstruct:
        case spv::Op::OpCompositeExtract:
        case spv::Op::OpCompositeInsert: return false;
        // Operations whose operands, not their result, would be bf16.
        case spv::Op::OpFOrdEqual:
        case spv::Op::OpFUnordEqual:
        case spv::Op::OpFOrdNotEqual:
        case spv::Op::OpFUnordNotEqual:
        case spv::Op::OpFOrdLessThan:
        case spv::Op::OpFUnordLessThan:
        case spv::Op::OpFOrdGreaterThan:
        case spv::Op::OpFUnordGreaterThan:
        case spv::Op::OpFOrdLessThanEqual:
        case spv::Op::OpFUnordLessThanEqual:
        case spv::Op::OpFOrdGreaterThanEqual:
        case spv::Op::OpFUnordGreaterThanEqual:
        case spv::Op::OpIsNan:
        case spv::Op::OpIsInf:
        case spv::Op::OpIsFinite:
        case spv::Op::OpConvertFToS:
        case spv::Op::OpConvertFToU: return bf16(type_of(inst.operand(0)));
        default: return inst.result_type != 0 && bf16(inst.result_type);
    }
}

PtxItems FunctionTranslator::translate() {
    if (entry_.model != spv::ExecutionModel::Kernel)
        fail("cannot translate entry point '" + entry_.name +
             "' to PTX: only Kernel entry points are supported");
    translate_parameters();
    scan_function_variables(function_);
    std::size_t instructions = 0;
    for (const auto& block : function_.blocks) instructions += block.instructions.size() + 1;
    body_.reserve(2 * instructions);  // most instructions make one or two
    if (has_group_matrices_) plan_wgmma_carry();
    auto translate_body = [&] {
        for (const auto& block : function_.blocks) {
            begin_block(block.label);
            for (const auto& inst : block.instructions) translate_instruction(inst);
        }
    };
    translate_body();
    // A kernel with sub-group collectives (or that reads the sub-group size) has a second copy
    // of its body for launches whose work-groups are whole warps (nearly all): there every
    // collective takes the member mask -1, which ptxas compiles to the bare instruction (VOTE,
    // SHFL, WARPSYNC), where a mask in a register (right for a partial last warp) costs a
    // convergence check around each one. Both copies branch to their own labels and end in
    // their own returns.
    if (prologue_cache_.count("sub_group_mask") || prologue_cache_.count("sub_group_size")) {
        PtxItems general = std::move(body_);
        body_.clear();
        body_.reserve(general.size() + 2);
        const std::string whole_body = "$Lwhole_warps";
        emit_if("@" + whole_warps(), "bra", {whole_body});
        body_.insert(body_.end(), std::make_move_iterator(general.begin()),
                     std::make_move_iterator(general.end()));
        emit_label(whole_body);
        whole_warps_ = true;
        translate_body();
        whole_warps_ = false;
    }

    PtxItems out;
    auto line = [&](std::string text) { out.push_back(PtxItem::verbatim(std::move(text))); };
    line(".visible .entry " + entry_.name + "(");
    for (std::size_t i = 0; i < params_.size(); ++i)
        line("\t" + params_[i] + (i + 1 < params_.size() ? "," : ""));
    if (params_.empty())
        out.back().text += ")";
    else
        line(")");
    if (auto l = module_.local_size(function_.id))
        line(".reqntid " + std::to_string((*l)[0]) + ", " + std::to_string((*l)[1]) + ", " +
             std::to_string((*l)[2]));
    line("{");
    for (std::size_t c = 0; c < kRegClassCount; ++c) {
        if (reg_counts_[c] == 0) continue;
        const auto rc = static_cast<RegClass>(c);
        line("\t.reg " + std::string(reg_decl_type(rc)) + " " + std::string(reg_prefix(rc)) + "<" +
             std::to_string(reg_counts_[c] + 1) + ">;");
    }
    for (const auto& l : locals_) line("\t" + l + ";");
    line("");
    out.reserve(out.size() + prologue_.size() + body_.size() + 1);
    out.insert(out.end(), std::make_move_iterator(prologue_.begin()),
               std::make_move_iterator(prologue_.end()));
    out.insert(out.end(), std::make_move_iterator(body_.begin()),
               std::make_move_iterator(body_.end()));
    line("}");
    return out;
}

}  // namespace dpk::backends::cuda
