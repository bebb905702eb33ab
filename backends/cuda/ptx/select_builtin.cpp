// Work-item builtins (OpLoad of a BuiltIn Input variable), computed from PTX special registers:
//   GlobalInvocationId   = %ctaid * %ntid + %tid (64-bit; no global offset: GlobalOffset is 0)
//   LocalInvocationId    = %tid        WorkgroupId   = %ctaid      NumWorkgroups = %nctaid
//   WorkgroupSize        = %ntid       GlobalSize    = %nctaid * %ntid
// Sub-groups are warps of 32 over the linearized local id L = x + y*ntid.x + z*ntid.x*ntid.y
// (how CUDA forms warps): SubgroupId = L / 32, SubgroupLocalInvocationId = L % 32,
// NumSubgroups = ceil(local size / 32), SubgroupSize = min(32, local size - 32*SubgroupId) (the
// last sub-group of a work-group may be partial), SubgroupMaxSize = 32.
#include "backends/cuda/ptx/function_translator.h"

namespace dpk::backends::cuda {

namespace {

constexpr std::uint32_t kWarpShift = 5;
constexpr std::uint32_t kWordBits = 32;
constexpr std::size_t kVectorComponents = 3;
constexpr std::array<const char*, kVectorComponents> kAxes = {"x", "y", "z"};

}  // namespace

std::string builtin_text(spv::BuiltIn b) {
    switch (b) {
        case spv::BuiltIn::WorkDim: return "WorkDim";
        case spv::BuiltIn::GlobalLinearId: return "GlobalLinearId";
        case spv::BuiltIn::LocalInvocationIndex: return "LocalInvocationIndex";
        case spv::BuiltIn::EnqueuedWorkgroupSize: return "EnqueuedWorkgroupSize";
        case spv::BuiltIn::SubgroupEqMask: return "SubgroupEqMask";
        default: return std::to_string(static_cast<std::uint32_t>(b));
    }
}

std::string FunctionTranslator::special_u32(const std::string& sreg) {
    auto& r = prologue_cache_[sreg];
    if (r.empty()) {
        r = new_reg(RegClass::B32);
        emit_prologue("mov.u32", {r, sreg});
    }
    return r;
}

std::string FunctionTranslator::local_linear_id() {
    auto& r = prologue_cache_["local_linear_id"];
    if (!r.empty()) return r;
    const std::string yz = new_reg(RegClass::B32);
    const std::string l = new_reg(RegClass::B32);
    emit_prologue("mad.lo.u32",
                  {yz, special_u32("%ntid.y"), special_u32("%tid.z"), special_u32("%tid.y")});
    emit_prologue("mad.lo.u32", {l, special_u32("%ntid.x"), yz, special_u32("%tid.x")});
    return r = l;
}

std::string FunctionTranslator::local_size_total() {
    auto& r = prologue_cache_["local_size"];
    if (!r.empty()) return r;
    if (auto known = module_.work_group_size()) {  // `@local_size`
        const std::string total = new_reg(RegClass::B32);
        emit_prologue("mov.u32", {total, std::to_string(*known)});
        return r = total;
    }
    const std::string xy = new_reg(RegClass::B32);
    const std::string total = new_reg(RegClass::B32);
    emit_prologue("mul.lo.u32", {xy, special_u32("%ntid.x"), special_u32("%ntid.y")});
    emit_prologue("mul.lo.u32", {total, xy, special_u32("%ntid.z")});
    return r = total;
}

std::string FunctionTranslator::sub_group_size() {
    if (whole_warps_) {
        auto& whole = prologue_cache_["sub_group_size_whole"];
        if (whole.empty()) {
            whole = new_reg(RegClass::B32);
            emit_prologue("mov.u32", {whole, std::to_string(kWarpSize)});
        }
        return whole;
    }
    auto& r = prologue_cache_["sub_group_size"];
    if (!r.empty()) return r;
    const std::string total = local_size_total();
    const std::string first = new_reg(RegClass::B32);
    const std::string left = new_reg(RegClass::B32);
    const std::string size = new_reg(RegClass::B32);
    emit_prologue("and.b32", {first, local_linear_id(), "0xFFFFFFE0"});  // ~(kWarpSize - 1)
    emit_prologue("sub.u32", {left, total, first});
    emit_prologue("min.u32", {size, left, std::to_string(kWarpSize)});
    return r = size;
}

std::string FunctionTranslator::sub_group_mask() {
    if (whole_warps_) return "-1";  // an immediate: ptxas then knows the whole warp takes part
    auto& r = prologue_cache_["sub_group_mask"];
    if (!r.empty()) return r;
    const std::string all = new_reg(RegClass::B32);
    const std::string unused = new_reg(RegClass::B32);
    const std::string mask = new_reg(RegClass::B32);
    emit_prologue("mov.b32", {all, "-1"});
    emit_prologue("sub.u32", {unused, std::to_string(kWarpSize), sub_group_size()});
    emit_prologue("shr.b32", {mask, all, unused});
    return r = mask;
}

std::string FunctionTranslator::whole_warps() {
    auto& r = prologue_cache_["whole_warps"];
    if (!r.empty()) return r;
    const std::string rest = new_reg(RegClass::B32);
    r = new_reg(RegClass::Pred);
    emit_prologue("and.b32", {rest, local_size_total(), std::to_string(kWarpSize - 1)});
    emit_prologue("setp.eq.u32", {r, rest, "0"});
    return r;
}

std::string FunctionTranslator::lane_id() {
    auto& r = prologue_cache_["lane_id"];
    if (!r.empty()) return r;
    const std::string lane = new_reg(RegClass::B32);
    emit_prologue("and.b32", {lane, local_linear_id(), std::to_string(kWarpSize - 1)});
    return r = lane;
}

std::string FunctionTranslator::builtin_component(spv::BuiltIn builtin, std::size_t i) {
    auto& r = prologue_cache_["builtin" + std::to_string(static_cast<std::uint32_t>(builtin)) +
                              "." + kAxes.at(i)];
    if (!r.empty()) return r;
    const std::string axis = kAxes.at(i);
    r = new_reg(RegClass::B64);
    switch (builtin) {
        case spv::BuiltIn::GlobalInvocationId: {
            const std::string tid = new_reg(RegClass::B64);
            emit_prologue("cvt.u64.u32", {tid, special_u32("%tid." + axis)});
            emit_prologue("mad.wide.u32",
                          {r, special_u32("%ctaid." + axis), special_u32("%ntid." + axis), tid});
            break;
        }
        case spv::BuiltIn::GlobalSize:
            emit_prologue("mul.wide.u32",
                          {r, special_u32("%nctaid." + axis), special_u32("%ntid." + axis)});
            break;
        case spv::BuiltIn::LocalInvocationId:
            emit_prologue("cvt.u64.u32", {r, special_u32("%tid." + axis)});
            break;
        case spv::BuiltIn::WorkgroupId:
            emit_prologue("cvt.u64.u32", {r, special_u32("%ctaid." + axis)});
            break;
        case spv::BuiltIn::NumWorkgroups:
            emit_prologue("cvt.u64.u32", {r, special_u32("%nctaid." + axis)});
            break;
        case spv::BuiltIn::WorkgroupSize:
        case spv::BuiltIn::EnqueuedWorkgroupSize:
            emit_prologue("cvt.u64.u32", {r, special_u32("%ntid." + axis)});
            break;
        default: emit_prologue("mov.b64", {r, "0"}); break;  // GlobalOffset
    }
    return r;
}

void FunctionTranslator::load_builtin(const SpirvInstruction& inst, Id variable) {
    const auto builtin =
        static_cast<spv::BuiltIn>(module_.decoration(variable, spv::Decoration::BuiltIn)->at(0));
    const SpirvType& t = module_.type(inst.result_type);
    if (t.opcode == spv::Op::OpTypeVector) {  // components computed where extracted
        auto e = scalar_of(module_, t.element);
        if (t.count != kVectorComponents || !e || !e->is_int() || e->bits != 2 * kWordBits)
            unsupported(inst, "vector builtins must be 3 x 64-bit integers (Physical64)");
        switch (builtin) {
            case spv::BuiltIn::GlobalInvocationId:
            case spv::BuiltIn::GlobalSize:
            case spv::BuiltIn::LocalInvocationId:
            case spv::BuiltIn::WorkgroupId:
            case spv::BuiltIn::NumWorkgroups:
            case spv::BuiltIn::WorkgroupSize:
            case spv::BuiltIn::EnqueuedWorkgroupSize:
            case spv::BuiltIn::GlobalOffset: break;
            default: unsupported(inst, "builtin " + builtin_text(builtin) + " is not supported");
        }
        types_[inst.result] = inst.result_type;
        builtin_vectors_[inst.result] = builtin;
        return;
    }
    const Scalar s = scalar(inst.result_type, inst);
    if (!s.is_int() || s.bits < kWordBits)
        unsupported(inst, "scalar builtins must be 32- or 64-bit integers");
    std::string value;
    switch (builtin) {
        case spv::BuiltIn::SubgroupSize: value = sub_group_size(); break;
        case spv::BuiltIn::SubgroupMaxSize:
            value = new_reg(RegClass::B32);
            emit("mov.u32", {value, std::to_string(kWarpSize)});
            break;
        case spv::BuiltIn::SubgroupLocalInvocationId: value = lane_id(); break;
        case spv::BuiltIn::LocalInvocationIndex: value = local_linear_id(); break;
        case spv::BuiltIn::SubgroupId:
            value = new_reg(RegClass::B32);
            emit("shr.u32", {value, local_linear_id(), std::to_string(kWarpShift)});
            break;
        case spv::BuiltIn::NumSubgroups: {
            sub_group_size();
            const std::string rounded = new_reg(RegClass::B32);
            value = new_reg(RegClass::B32);
            emit("add.u32", {rounded, local_size_total(), std::to_string(kWarpSize - 1)});
            emit("shr.u32", {value, rounded, std::to_string(kWarpShift)});
            break;
        }
        default: unsupported(inst, "builtin " + builtin_text(builtin) + " is not supported");
    }
    const std::string d = def(inst);
    if (s.bits == kWordBits)
        emit("mov.u32", {d, value});
    else
        emit("cvt.u64.u32", {d, value});
}

}  // namespace dpk::backends::cuda
