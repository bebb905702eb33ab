#include "compiler/spirv/module_context.h"

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstring>

#include "core/bfloat16.h"

namespace dpk::compiler::spirv {

bool ModuleContext::avoids(DriverDefect d) const {
    if (!b.target().avoids(d)) return false;
    switch (d) {
        case DriverDefect::VaryingLoopExit:
        case DriverDefect::NegationAcrossBarrier:
        case DriverDefect::ReassociatedLoops:
        case DriverDefect::LostStridedStores: return uniformity && uniformity->reaches_barrier;
        case DriverDefect::NotOfGlobalId: return uniformity && uniformity->negates_integer;
        case DriverDefect::UniformPrivateFill:
            return uniformity && !uniformity->lone_private_stores.empty();
        case DriverDefect::NotOfMinMax:
        case DriverDefect::ZeroQuotient:
        case DriverDefect::SignOfNegation:
        case DriverDefect::PairedGatherIndex:
        case DriverDefect::RemainderOfNan:
        case DriverDefect::CopyUnderBranch:
        case DriverDefect::HalfLibrary: return true;
    }
    return true;
}

namespace {

std::string_view builtin_variable_name(spv::BuiltIn b) {
    switch (b) {
        case spv::BuiltIn::GlobalInvocationId: return "__spirv_BuiltInGlobalInvocationId";
        case spv::BuiltIn::LocalInvocationId: return "__spirv_BuiltInLocalInvocationId";
        case spv::BuiltIn::WorkgroupId: return "__spirv_BuiltInWorkgroupId";
        case spv::BuiltIn::GlobalSize: return "__spirv_BuiltInGlobalSize";
        case spv::BuiltIn::WorkgroupSize: return "__spirv_BuiltInWorkgroupSize";
        case spv::BuiltIn::NumWorkgroups: return "__spirv_BuiltInNumWorkgroups";
        case spv::BuiltIn::SubgroupSize: return "__spirv_BuiltInSubgroupSize";
        case spv::BuiltIn::SubgroupLocalInvocationId:
            return "__spirv_BuiltInSubgroupLocalInvocationId";
        case spv::BuiltIn::SubgroupId: return "__spirv_BuiltInSubgroupId";
        case spv::BuiltIn::NumSubgroups: return "__spirv_BuiltInNumSubgroups";
        default: return "__spirv_BuiltIn";
    }
}

}  // namespace

ModuleContext::ModuleContext(ModuleBuilder& builder, const EmitOptions& opts)
    : b(builder), options(opts) {}

Id ModuleContext::value_type(DType t) {
    switch (t) {
        case DType::Bool: return bool_type();
        case DType::I8:
        case DType::U8: return b.type_int(8);
        case DType::I16:
        case DType::U16: return b.type_int(16);
        case DType::I32:
        case DType::U32: return b.type_int(32);
        case DType::I64:
        case DType::U64: return b.type_int(64);
        case DType::F16: return b.type_float(16);
        case DType::F32: return b.type_float(32);
        case DType::F64: return b.type_float(64);
        // Where the target has bf16 a float type of its own (SPV_KHR_bfloat16); elsewhere its
        // bits, an integer (FunctionEmitter::bf16_to_f32 / f32_to_bf16 convert either way).
        case DType::BF16:
            return b.target().has(DeviceFeature::Bf16) ? b.type_bfloat16() : b.type_int(16);
    }
    return void_type();
}

Id ModuleContext::storage_type(DType t) {
    if (t == DType::Bool) {
        b.require(spv::Capability::Int8, "bool values in memory and kernel arguments (one byte)");
        return b.type_int(8);
    }
    return value_type(t);
}

std::uint64_t ModuleContext::declared_group_items() const {
    return std::uint64_t{required_local_size[0]} * required_local_size[1] * required_local_size[2];
}

std::uint64_t ModuleContext::emulated_length(const types::Type* t) const {
    const std::uint64_t elements =
        static_cast<std::uint64_t>(t->rows) * static_cast<std::uint64_t>(t->cols);
    const std::uint64_t items = declared_group_items();
    // Without a declared size (an error the matrix builtins report) the whole tile.
    if (t->scope != types::MatrixScope::WorkGroup || items == 0) return elements;
    return (elements + items - 1) / items;
}

Id ModuleContext::type_of(const types::Type* t) {
    if (!t || t->is_void()) return void_type();
    if (t->is_copy_event()) return b.type_event();
    if (t->is_matrix() && !b.target().has(DeviceFeature::CooperativeMatrix))  // emulated
        return b.type_array(value_type(t->dtype), emulated_length(t));
    if (t->is_matrix())
        return b.type_cooperative_matrix(
            value_type(t->dtype),
            t->scope == types::MatrixScope::WorkGroup ? spv::Scope::Workgroup
                                                      : spv::Scope::Subgroup,
            static_cast<std::uint32_t>(t->rows), static_cast<std::uint32_t>(t->cols),
            static_cast<std::uint32_t>(t->use), "cooperative matrices");
    return value_type(t->dtype);
}

spv::StorageClass ModuleContext::storage_class(types::AddressSpace space) {
    switch (space) {
        case types::AddressSpace::Global: return spv::StorageClass::CrossWorkgroup;
        case types::AddressSpace::Local: return spv::StorageClass::Workgroup;
        case types::AddressSpace::Private: return spv::StorageClass::Function;
    }
    return spv::StorageClass::Function;
}

Id ModuleContext::int_of_width(DType t) {
    return b.type_int(static_cast<std::uint32_t>(dtype_bits(t)));
}

Id ModuleContext::const_int(DType t, std::int64_t v) {
    if (t == DType::Bool) return b.constant_bool(v != 0);
    if (is_float(t)) return const_float(t, static_cast<double>(v));
    return b.constant(value_type(t), static_cast<std::uint64_t>(v));
}

std::uint64_t ModuleContext::float_bits(DType t, double v) {
    switch (t) {
        case DType::F16: return to_half_bits(v);
        case DType::BF16: return bf16_bits(static_cast<float>(v));  // through f32, as kernels
        case DType::F32: return std::bit_cast<std::uint32_t>(static_cast<float>(v));
        default: return std::bit_cast<std::uint64_t>(v);
    }
}

Id ModuleContext::const_float(DType t, double v) {
    if (!is_float(t)) return const_int(t, static_cast<std::int64_t>(v));
    return b.constant(value_type(t), float_bits(t, v));
}

Id ModuleContext::zero(DType t) {
    return t == DType::Bool ? b.constant_bool(false) : const_int(t, 0);
}

Id ModuleContext::one(DType t) {
    return t == DType::Bool ? b.constant_bool(true) : const_int(t, 1);
}

Id ModuleContext::constant(const sema::ConstValue& c, DType t) {
    return std::visit(
        [&](auto v) -> Id {
            using V = decltype(v);
            if (t == DType::Bool) return b.constant_bool(v != V{});
            if (is_float(t)) return const_float(t, static_cast<double>(v));
            if constexpr (std::is_same_v<V, double>) {
                // float -> int folds truncate toward zero, like the conversion instruction
                if (is_signed(t)) return const_int(t, static_cast<std::int64_t>(v));
                return b.constant(value_type(t), static_cast<std::uint64_t>(v));
            } else {
                return b.constant(value_type(t), static_cast<std::uint64_t>(v));
            }
        },
        c.value);
}

Id ModuleContext::builtin(spv::BuiltIn builtin) {
    return input_builtin(builtin, b.type_vector(i64(), kWorkItemDims));
}

Id ModuleContext::scalar_builtin(spv::BuiltIn builtin) {
    return input_builtin(builtin, i32());
}

Id ModuleContext::input_builtin(spv::BuiltIn builtin, Id type) {
    const std::size_t before = b.builtin_variables().size();
    Id var = b.builtin_variable(builtin, pointer(spv::StorageClass::Input, type));
    if (b.builtin_variables().size() != before && options.debug_names)
        b.name(var, builtin_variable_name(builtin));
    return var;
}

void ModuleContext::use_global(Id variable) {
    if (std::find(globals_used_.begin(), globals_used_.end(), variable) == globals_used_.end())
        globals_used_.push_back(variable);
}

std::uint16_t to_half_bits(double v) {
    // IEEE 754 binary32 and binary16 field layouts.
    constexpr std::uint32_t kF32MantBits = 23, kF32ExpMask = 0xff, kF32Bias = 127;
    constexpr std::uint32_t kF32MantMask = (1u << kF32MantBits) - 1;
    constexpr std::uint32_t kF16MantBits = 10, kF16Bias = 15, kF16ExpMax = 0x1f;
    constexpr std::uint32_t kF16SignShift = 16, kF16SignBit = 0x8000, kF16QuietNan = 0x200;
    constexpr std::uint32_t kF16Inf = kF16ExpMax << kF16MantBits;
    constexpr std::uint32_t kDropped = kF32MantBits - kF16MantBits;  // mantissa bits cut off
    constexpr std::int32_t kLowestSubnormalExp = -static_cast<std::int32_t>(kF16MantBits);

    auto round_shift = [](std::uint32_t m, std::uint32_t shift) {  // round to nearest even
        std::uint32_t kept = m >> shift;
        const std::uint32_t rest = m & ((1u << shift) - 1);
        const std::uint32_t half = 1u << (shift - 1);
        if (rest > half || (rest == half && (kept & 1u))) ++kept;  // may carry into the exponent
        return kept;
    };
    // Through float, which holds every half exactly (a double within 2^-24 of a half-way point
    // may round twice; literals written in source are far from that).
    const auto f = std::bit_cast<std::uint32_t>(static_cast<float>(v));
    const std::uint32_t sign = (f >> kF16SignShift) & kF16SignBit;
    const std::uint32_t biased = (f >> kF32MantBits) & kF32ExpMask;
    const std::uint32_t mant = f & kF32MantMask;
    if (biased == kF32ExpMask)  // inf, nan
        return static_cast<std::uint16_t>(sign | kF16Inf | (mant ? kF16QuietNan : 0u));
    const std::int32_t exp = static_cast<std::int32_t>(biased) -
                             static_cast<std::int32_t>(kF32Bias) +
                             static_cast<std::int32_t>(kF16Bias);
    if (exp >= static_cast<std::int32_t>(kF16ExpMax))
        return static_cast<std::uint16_t>(sign | kF16Inf);
    if (exp <= 0) {  // subnormal half (or zero)
        if (exp < kLowestSubnormalExp) return static_cast<std::uint16_t>(sign);
        const std::uint32_t full = mant | (1u << kF32MantBits);
        return static_cast<std::uint16_t>(
            sign | round_shift(full, kDropped + 1 + static_cast<std::uint32_t>(-exp)));
    }
    const std::uint32_t bits =
        (static_cast<std::uint32_t>(exp) << kF16MantBits) | (mant >> kDropped);
    const std::uint32_t rounded =
        round_shift((bits << kDropped) | (mant & ((1u << kDropped) - 1)), kDropped);
    return static_cast<std::uint16_t>(sign | rounded);
}

}  // namespace dpk::compiler::spirv

namespace dpk::compiler::spirv {

std::vector<ParamPart> expand_parameter(ModuleContext& m, const types::Type* t, bool kernel) {
    std::vector<ParamPart> parts;
    if (!t->is_array()) {
        parts.push_back({kernel ? m.storage_type(t->dtype) : m.value_type(t->dtype),
                         AbiArg::Kind::Scalar, 0, ""});
        return parts;
    }
    const spv::StorageClass storage = ModuleContext::storage_class(t->space);
    const Id pointer = m.pointer(storage, m.storage_type(t->dtype));
    if (!t->static_shape.empty()) {
        parts.push_back({pointer, AbiArg::Kind::GlobalPointer, 0, ""});
        return parts;
    }
    if (t->space == types::AddressSpace::Local) {
        parts.push_back({pointer, AbiArg::Kind::LocalPointer, 0, ""});
        parts.push_back({m.i64(), AbiArg::Kind::LocalLength, 0, "_length"});
        return parts;
    }
    parts.push_back({pointer, AbiArg::Kind::GlobalPointer, 0, ""});
    for (int d = 0; d < t->ndim; ++d)
        parts.push_back({m.i64(), AbiArg::Kind::Shape, static_cast<std::uint32_t>(d),
                         "_shape" + std::to_string(d)});
    if (t->needs_strides())
        for (int d = 0; d < t->ndim; ++d)
            parts.push_back({m.i64(), AbiArg::Kind::Stride, static_cast<std::uint32_t>(d),
                             "_stride" + std::to_string(d)});
    return parts;
}

}  // namespace dpk::compiler::spirv
