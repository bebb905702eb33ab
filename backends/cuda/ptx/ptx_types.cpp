#include "backends/cuda/ptx/ptx_types.h"

#include "backends/cuda/ptx/translation_error.h"

namespace dpk::backends::cuda {

namespace {

constexpr std::uint32_t kPointerBits = 64;
constexpr std::uint32_t kRegisterBits = 32;
constexpr std::uint32_t kBitsPerByte = 8;

bool valid_int_width(std::uint32_t w) {
    return w == 8 || w == 16 || w == 32 || w == 64;
}

bool valid_float_width(std::uint32_t w) {
    return w == 16 || w == 32 || w == 64;
}

/// The value of OpConstant `id`, or nullopt.
std::optional<std::uint64_t> constant_bits(const SpirvModule& module, Id id) {
    auto it = module.constants.find(id);
    if (it == module.constants.end() || it->second.opcode != spv::Op::OpConstant)
        return std::nullopt;
    return it->second.bits;
}

/// A cooperative matrix operand (Scope, Rows, ...) for messages: its value, or "%id".
std::string matrix_operand_text(const SpirvModule& module, Id id) {
    if (auto v = constant_bits(module, id)) return std::to_string(*v);
    return std::string("%").append(std::to_string(id));
}

constexpr std::uint64_t kSubgroupScope = 3;
constexpr std::uint64_t kWorkgroupScope = 2;

}  // namespace

bool is_matrix_type(const SpirvModule& module, Id type) {
    auto it = module.types.find(type);
    return it != module.types.end() && it->second.opcode == kOpTypeCooperativeMatrixKHR;
}

const spirv_khr::MatrixType* matrix_type(const SpirvModule& module, Id type) {
    if (!is_matrix_type(module, type)) return nullptr;
    const SpirvType& t = module.type(type);
    const auto scope = constant_bits(module, t.matrix_operands.at(0));
    const auto rows = constant_bits(module, t.matrix_operands.at(1));
    const auto columns = constant_bits(module, t.matrix_operands.at(2));
    const auto use = constant_bits(module, t.matrix_operands.at(3));
    if ((scope != kSubgroupScope && scope != kWorkgroupScope) || !rows || !columns || !use)
        return nullptr;
    auto component = scalar_of(module, t.element);
    if (!component || (!component->is_float() && !component->is_int())) return nullptr;
    // OpTypeInt 8 is i8 or u8 (the multiply-add's operands say which): the same fragments.
    const DType element = component->is_int()     ? (component->bits == 8    ? DType::I8
                                                     : component->bits == 32 ? DType::I32
                                                                             : DType::I64)
                          : component->bfloat16   ? DType::BF16
                          : component->bits == 16 ? DType::F16
                          : component->bits == 32 ? DType::F32
                                                  : DType::F64;
    for (const spirv_khr::MatrixType& m : spirv_khr::kMatrixTypes)
        if (m.rows == *rows && m.cols == *columns && static_cast<std::uint64_t>(m.use) == *use &&
            m.component == element && static_cast<std::uint64_t>(m.scope) == *scope)
            return &m;
    return nullptr;
}

bool has_workgroup_matrices(const SpirvModule& module) {
    for (const auto& [id, t] : module.types)
        if (t.opcode == kOpTypeCooperativeMatrixKHR &&
            constant_bits(module, t.matrix_operands.at(0)) == kWorkgroupScope)
            return true;
    return false;
}

std::optional<MatrixUse> matrix_use(const SpirvModule& module, Id type) {
    const spirv_khr::MatrixType* m = matrix_type(module, type);
    if (!m) return std::nullopt;
    return m->use;
}

bool Scalar::is_narrow_int() const {
    return kind == Kind::Int && bits < kRegisterBits;
}

std::optional<Scalar> scalar_of(const SpirvModule& module, Id type) {
    auto it = module.types.find(type);
    if (it == module.types.end()) return std::nullopt;
    const SpirvType& t = it->second;
    Scalar s;
    switch (t.opcode) {
        case spv::Op::OpTypeBool:
            s.kind = Scalar::Kind::Bool;
            s.bits = 1;
            return s;
        case spv::Op::OpTypeInt:
            if (!valid_int_width(t.width)) return std::nullopt;
            s.kind = Scalar::Kind::Int;
            s.bits = t.width;
            return s;
        case spv::Op::OpTypeFloat:
            if (!valid_float_width(t.width)) return std::nullopt;
            s.kind = Scalar::Kind::Float;
            s.bits = t.width;
            s.bfloat16 = t.bfloat16;
            return s;
        case spv::Op::OpTypeEvent:  // a work-group copy's event: a placeholder register
            s.kind = Scalar::Kind::Int;
            s.bits = 32;
            return s;
        case spv::Op::OpTypePointer:
            s.kind = Scalar::Kind::Pointer;
            s.bits = kPointerBits;
            s.storage = t.storage;
            s.pointee = t.pointee;
            return s;
        default: return std::nullopt;
    }
}

RegClass reg_class(const Scalar& s) {
    switch (s.kind) {
        case Scalar::Kind::Bool: return RegClass::Pred;
        case Scalar::Kind::Pointer: return RegClass::B64;
        case Scalar::Kind::Int: return s.bits == kPointerBits ? RegClass::B64 : RegClass::B32;
        case Scalar::Kind::Float:
            if (s.bits == 16) return RegClass::B16;
            return s.bits == 32 ? RegClass::F32 : RegClass::F64;
    }
    return RegClass::B32;
}

std::string_view reg_decl_type(RegClass c) {
    switch (c) {
        case RegClass::Pred: return ".pred";
        case RegClass::B16: return ".b16";
        case RegClass::B32: return ".b32";
        case RegClass::B64: return ".b64";
        case RegClass::F32: return ".f32";
        case RegClass::F64: return ".f64";
    }
    return ".b32";
}

std::string_view reg_prefix(RegClass c) {
    switch (c) {
        case RegClass::Pred: return "%p";
        case RegClass::B16: return "%h";
        case RegClass::B32: return "%r";
        case RegClass::B64: return "%rd";
        case RegClass::F32: return "%f";
        case RegClass::F64: return "%fd";
    }
    return "%r";
}

std::string int_type(const Scalar& s, bool is_signed) {
    const std::uint32_t bits = s.bits == kPointerBits ? kPointerBits : kRegisterBits;
    return (is_signed ? ".s" : ".u") + std::to_string(bits);
}

std::string bit_type(const Scalar& s) {
    if (s.is_bool()) return ".pred";
    if (s.is_float()) return ".b" + std::to_string(s.bits);
    return s.bits == kPointerBits ? ".b64" : ".b32";
}

std::string float_type(const Scalar& s) {
    if (s.bfloat16) return ".bf16";
    return ".f" + std::to_string(s.bits);
}

std::string memory_type(const Scalar& s) {
    if (s.is_bool()) return ".u8";
    if (s.is_float()) return s.bits == 16 ? ".b16" : ".f" + std::to_string(s.bits);
    return ".u" + std::to_string(s.bits);
}

std::uint64_t size_of(const SpirvModule& module, Id type, std::string_view what) {
    const SpirvType& t = module.type(type);
    if (t.opcode == spv::Op::OpTypeArray) return t.count * size_of(module, t.element, what);
    auto s = scalar_of(module, type);
    if (!s)
        fail("unsupported SPIR-V: " + std::string(what) + " has type " + type_text(module, type) +
             ", which has no memory layout on CUDA");
    return s->is_bool() ? 1 : s->bits / kBitsPerByte;
}

std::uint64_t alignment_of(const SpirvModule& module, Id type, std::string_view what) {
    const SpirvType& t = module.type(type);
    if (t.opcode == spv::Op::OpTypeArray) return alignment_of(module, t.element, what);
    return size_of(module, type, what);
}

std::uint64_t shared_alignment(const SpirvModule& module, Id variable, std::string_view what) {
    const SpirvVariable& v = module.variables.at(variable);
    std::uint64_t align = alignment_of(module, module.type(v.pointer_type).pointee, what);
    if (auto d = module.decoration(variable, spv::Decoration::Alignment); d && !d->empty())
        align = std::max<std::uint64_t>(align, d->front());
    return align;
}

std::string memory_operand(const std::string& reg, std::int64_t offset) {
    std::string a = "[";
    a.append(reg);
    if (offset) a.append("+").append(std::to_string(offset));
    a.append("]");
    return a;
}

std::optional<std::string_view> state_space(spv::StorageClass storage) {
    switch (storage) {
        case spv::StorageClass::CrossWorkgroup: return "global";
        case spv::StorageClass::Workgroup: return "shared";
        case spv::StorageClass::Function: return "local";
        case spv::StorageClass::Generic: return "";
        default: return std::nullopt;
    }
}

std::string storage_class_text(spv::StorageClass storage) {
    switch (storage) {
        case spv::StorageClass::UniformConstant: return "UniformConstant";
        case spv::StorageClass::Input: return "Input";
        case spv::StorageClass::Workgroup: return "Workgroup";
        case spv::StorageClass::CrossWorkgroup: return "CrossWorkgroup";
        case spv::StorageClass::Private: return "Private";
        case spv::StorageClass::Function: return "Function";
        case spv::StorageClass::Generic: return "Generic";
        default: return "storage class " + std::to_string(static_cast<std::uint32_t>(storage));
    }
}

std::string type_text(const SpirvModule& module, Id type) {
    auto it = module.types.find(type);
    if (it == module.types.end()) return std::string("%").append(std::to_string(type));
    const SpirvType& t = it->second;
    switch (t.opcode) {
        case spv::Op::OpTypeVoid: return "void";
        case spv::Op::OpTypeBool: return "bool";
        case spv::Op::OpTypeInt: return std::string("i").append(std::to_string(t.width));
        case spv::Op::OpTypeFloat:
            return t.bfloat16 ? "bf16" : std::string("f").append(std::to_string(t.width));
        case spv::Op::OpTypeVector:
            return "vec" + std::to_string(t.count) + "<" + type_text(module, t.element) + ">";
        case spv::Op::OpTypeArray:
            return type_text(module, t.element) + "[" + std::to_string(t.count) + "]";
        case spv::Op::OpTypePointer:
            return "ptr(" + storage_class_text(t.storage) + ") to " + type_text(module, t.pointee);
        default: break;
    }
    if (t.opcode == kOpTypeCooperativeMatrixKHR) {
        const auto& o = t.matrix_operands;
        const auto use = constant_bits(module, o.at(3));
        const char* kUses[] = {"MatrixA", "MatrixB", "MatrixAccumulator"};
        const std::string use_text = use && *use < 3
                                         ? std::string(kUses[*use])
                                         : "use " + matrix_operand_text(module, o.at(3));
        const auto scope = constant_bits(module, o.at(0));
        const std::string scope_text = scope == kSubgroupScope    ? std::string("Subgroup")
                                       : scope == kWorkgroupScope ? std::string("Workgroup")
                                       : "scope " + matrix_operand_text(module, o.at(0));
        return "coopmatrix<" + type_text(module, t.element) + ", " +
               matrix_operand_text(module, o.at(1)) + "x" + matrix_operand_text(module, o.at(2)) +
               ", " + use_text + ", " + scope_text + ">";
    }
    return opcode_text(t.opcode);
}

}  // namespace dpk::backends::cuda
