// HasResultAndType (instruction shapes) for the stand-in of cooperative-matrix modules.
#define SPV_ENABLE_UTILITY_CODE
#include "core/spirv_validator.h"

#include <map>
#include <memory>
#include <mutex>
#include <spirv-tools/libspirv.hpp>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "core/spirv_bfloat16.h"
#include "core/spirv_cooperative_matrix.h"
#include "core/spirv_environment.h"

namespace dpk {

namespace {

constexpr std::size_t kHeaderWords = 5;

/// What the running thread's last call into SPIRV-Tools reported (its message consumer is set
/// once per instance and shared between threads, so it writes here).
thread_local std::string t_message;

/// One SpirvTools per environment, created on first use and kept: an instance is immutable once
/// its consumer is set, so threads share it.
const spvtools::SpirvTools& tools_for(spv_target_env env) {
    static std::mutex mutex;
    static std::map<int, std::unique_ptr<spvtools::SpirvTools>> tools;
    std::lock_guard lock(mutex);
    auto& slot = tools[static_cast<int>(env)];
    if (!slot) {
        slot = std::make_unique<spvtools::SpirvTools>(env);
        slot->SetMessageConsumer(
            [](spv_message_level_t level, const char*, const spv_position_t&, const char* message) {
                if (level <= SPV_MSG_ERROR) t_message = message ? message : "";
            });
    }
    return *slot;
}

/// Validation without friendly names: building SPIRV-Tools' name mapper for messages was a
/// third of a valid module's validation (a sixth of a tiled matmul's source -> PTX). A module
/// that fails is validated again with them, so the message names what the user can find.
spv_validator_options quiet_options() {
    static spvtools::ValidatorOptions options;  // owns a handle: never copied
    static const bool set = (options.SetFriendlyNames(false), true);
    (void)set;
    return options;
}

/// SPV_KHR_cooperative_matrix postdates the SPIRV-Tools this project builds with. A module that
/// uses it is validated in two parts: its matrix instructions here (operands of the right kind and
/// shape), and everything else by SPIRV-Tools on a stand-in module where each matrix type is an
/// array of its element type (an aggregate, so equal stand-ins may repeat) and each matrix
/// instruction that makes a value is an OpUndef of its type (stores are left out).
/// SPV_KHR_bfloat16 postdates it too: in the stand-in its float type is an f16 (OpTypeFloat 16
/// without the encoding, capability Float16), which takes what dpk does with bf16 values (loads,
/// stores, OpFConvert, constants, OpSelect, bitcasts to i16); SPV_VALIDATOR_ignore_type_decl_unique
/// lets it stand beside a module's own f16.
class MatrixStandIn {
public:
    /// Empty when the module declares neither CooperativeMatrixKHR nor BFloat16TypeKHR; else the
    /// stand-in, or `error`.
    std::vector<std::uint32_t> build(std::span<const std::uint32_t> words, std::string& error) {
        if (!declares_matrices(words)) return {};
        std::vector<std::uint32_t> out(words.begin(), words.begin() + kHeaderWords);
        for (std::size_t i = kHeaderWords; i < words.size();) {
            const std::uint32_t count = words[i] >> spv::WordCountShift;
            if (count == 0 || i + count > words.size()) return {};  // SPIRV-Tools says why
            const auto op = static_cast<spv::Op>(words[i] & spv::OpCodeMask);
            const std::span<const std::uint32_t> in = words.subspan(i + 1, count - 1);
            i += count;
            if (!error.empty()) continue;
            note(op, in);
            switch (op) {
                case spv::Op::OpCapability:
                    if (in[0] ==
                            static_cast<std::uint32_t>(spirv_khr::kCapabilityCooperativeMatrix) ||
                        in[0] == static_cast<std::uint32_t>(
                                     spirv_khr::kCapabilityBFloat16CooperativeMatrix))
                        continue;
                    if (in[0] == static_cast<std::uint32_t>(spirv_khr::kCapabilityBFloat16Type)) {
                        emit(out, spv::Op::OpCapability,
                             {static_cast<std::uint32_t>(spv::Capability::Float16)});
                        continue;
                    }
                    break;
                case spv::Op::OpExtension:
                    if (literal(in) == spirv_khr::kExtensionCooperativeMatrix) continue;
                    if (literal(in) == spirv_khr::kExtensionBFloat16) {
                        emit_extension(out, "SPV_VALIDATOR_ignore_type_decl_unique");
                        continue;
                    }
                    break;
                case spv::Op::OpTypeFloat:  // bf16: result, width, encoding
                    if (in.size() == 3 && in[2] == spirv_khr::kFPEncodingBFloat16) {
                        emit(out, spv::Op::OpTypeFloat, {in[0], in[1]});
                        continue;
                    }
                    break;
                default: break;
            }
            if (op == spirv_khr::kOpTypeCooperativeMatrix) {
                error = check_type(in);
                emit(out, spv::Op::OpTypeArray, {in[0], in[1], in[3]});  // rows elements
                continue;
            }
            if (op == spirv_khr::kOpCooperativeMatrixLoad ||
                op == spirv_khr::kOpCooperativeMatrixMulAdd ||
                op == spirv_khr::kOpCooperativeMatrixLength) {
                error = check_value(op, in);
                emit(out, spv::Op::OpUndef, {in[0], in[1]});
                continue;
            }
            if (op == spirv_khr::kOpCooperativeMatrixStore) {
                error = check_store(in);
                continue;
            }
            if (spirv_khr::is_matrix_elementwise(op) && in.size() >= 3 &&
                matrices_.contains(in[0])) {
                error = check_elementwise(op, in);
                emit(out, spv::Op::OpUndef, {in[0], in[1]});
                continue;
            }
            if (op == spv::Op::OpCompositeConstruct && in.size() == 3 &&
                matrices_.contains(in[0])) {
                emit(out, spv::Op::OpUndef, {in[0], in[1]});
                continue;
            }
            out.insert(out.end(), words.begin() + static_cast<std::ptrdiff_t>(i - count),
                       words.begin() + static_cast<std::ptrdiff_t>(i));
        }
        return out;
    }

private:
    struct Matrix {
        std::uint32_t component, scope, rows, cols, use;
    };

    static bool declares_matrices(std::span<const std::uint32_t> words) {
        for (std::size_t i = kHeaderWords; i < words.size();) {
            const std::uint32_t count = words[i] >> spv::WordCountShift;
            if (count == 0) return false;
            const auto op = static_cast<spv::Op>(words[i] & spv::OpCodeMask);
            if (op == spv::Op::OpCapability && count >= 2 &&
                (words[i + 1] ==
                     static_cast<std::uint32_t>(spirv_khr::kCapabilityCooperativeMatrix) ||
                 words[i + 1] == static_cast<std::uint32_t>(spirv_khr::kCapabilityBFloat16Type)))
                return true;
            if (op != spv::Op::OpCapability && op != spv::Op::OpExtension) return false;
            i += count;
        }
        return false;
    }
    static std::string literal(std::span<const std::uint32_t> in) {
        std::string s;
        for (std::uint32_t w : in)
            for (int b = 0; b < 4; ++b) {
                const char c = static_cast<char>((w >> (8 * b)) & 0xff);
                if (c == 0) return s;
                s += c;
            }
        return s;
    }
    static void emit(std::vector<std::uint32_t>& out, spv::Op op,
                     std::initializer_list<std::uint32_t> operands) {
        out.push_back(static_cast<std::uint32_t>(operands.size() + 1) << spv::WordCountShift |
                      static_cast<std::uint32_t>(op));
        out.insert(out.end(), operands);
    }
    static void emit_extension(std::vector<std::uint32_t>& out, std::string_view name) {
        std::vector<std::uint32_t> words((name.size() + 4) / 4, 0);  // NUL-terminated, padded
        for (std::size_t k = 0; k < name.size(); ++k)
            words[k / 4] |= static_cast<std::uint32_t>(static_cast<unsigned char>(name[k]))
                            << (8 * (k % 4));
        out.push_back(static_cast<std::uint32_t>(words.size() + 1) << spv::WordCountShift |
                      static_cast<std::uint32_t>(spv::Op::OpExtension));
        out.insert(out.end(), words.begin(), words.end());
    }
    /// Records what the matrix checks read: constants, pointer types, value types.
    void note(spv::Op op, std::span<const std::uint32_t> in) {
        switch (op) {
            case spv::Op::OpConstant:
                if (in.size() >= 3) constants_[in[1]] = in[2];
                if (in.size() >= 2) value_types_[in[1]] = in[0];
                break;
            case spv::Op::OpTypeInt: ints_.insert(in[0]); break;
            case spv::Op::OpTypePointer:
                if (in.size() >= 3) pointees_[in[0]] = in[2];
                break;
            default:
                // Result type then result id: every value instruction the checks may meet.
                if (has_result_type(op) && in.size() >= 2) value_types_[in[1]] = in[0];
                break;
        }
    }
    static bool has_result_type(spv::Op op) {
        bool result = false, type = false;
        spv::HasResultAndType(op, &result, &type);
        if (op == spirv_khr::kOpCooperativeMatrixLoad ||
            op == spirv_khr::kOpCooperativeMatrixMulAdd ||
            op == spirv_khr::kOpCooperativeMatrixLength)
            return true;
        return result && type;
    }
    std::optional<std::uint32_t> constant(std::uint32_t id) const {
        auto it = constants_.find(id);
        return it == constants_.end() ? std::nullopt : std::optional(it->second);
    }
    std::string check_type(std::span<const std::uint32_t> in) {
        // result, component type, scope, rows, columns, use
        if (in.size() != 6) return "OpTypeCooperativeMatrixKHR: expected 6 operands";
        auto scope = constant(in[2]), rows = constant(in[3]), cols = constant(in[4]),
             use = constant(in[5]);
        if (!scope || !rows || !cols || !use)
            return "OpTypeCooperativeMatrixKHR %" + std::to_string(in[0]) +
                   ": scope, rows, columns and use must be constants";
        if (*scope != static_cast<std::uint32_t>(spv::Scope::Subgroup) &&
            *scope != static_cast<std::uint32_t>(spv::Scope::Workgroup))
            return "OpTypeCooperativeMatrixKHR %" + std::to_string(in[0]) +
                   ": only sub-group and work-group scopes are supported";
        if (*use > static_cast<std::uint32_t>(spirv_khr::MatrixUse::Accumulator) || *rows == 0 ||
            *cols == 0)
            return "OpTypeCooperativeMatrixKHR %" + std::to_string(in[0]) +
                   ": bad rows, columns or use";
        matrices_[in[0]] = {in[1], *scope, *rows, *cols, *use};
        return {};
    }
    const Matrix* matrix_of(std::uint32_t value) const {
        auto t = value_types_.find(value);
        if (t == value_types_.end()) return nullptr;
        auto m = matrices_.find(t->second);
        return m == matrices_.end() ? nullptr : &m->second;
    }
    /// The pointer, layout and stride of a load or store.
    std::string check_access(const char* name, std::uint32_t pointer, std::uint32_t layout,
                             std::span<const std::uint32_t> rest, const Matrix& m) const {
        auto pt = value_types_.find(pointer);
        auto pointee = pt == value_types_.end() ? pointees_.end() : pointees_.find(pt->second);
        if (pointee == pointees_.end() || pointee->second != m.component)
            return std::string(name) + ": the pointer must point to the matrix's element type";
        auto l = constant(layout);
        if (!l || *l > static_cast<std::uint32_t>(spirv_khr::MatrixLayout::ColumnMajor))
            return std::string(name) +
                   ": the layout must be a constant RowMajorKHR or ColumnMajorKHR";
        if (rest.empty()) return std::string(name) + ": dpk's modules give a stride";
        auto st = value_types_.find(rest[0]);
        if (st == value_types_.end() || !ints_.contains(st->second))
            return std::string(name) + ": the stride must be an integer";
        return {};
    }
    std::string check_value(spv::Op op, std::span<const std::uint32_t> in) const {
        auto m = matrices_.find(in[0]);
        if (op == spirv_khr::kOpCooperativeMatrixLength)
            return in.size() == 3 && matrices_.contains(in[2]) && ints_.contains(in[0])
                       ? std::string{}
                       : "OpCooperativeMatrixLengthKHR: expected an integer result and a matrix "
                         "type";
        if (m == matrices_.end())
            return "a cooperative matrix instruction's result type must be a matrix";
        if (op == spirv_khr::kOpCooperativeMatrixLoad)
            return in.size() < 4 ? "OpCooperativeMatrixLoadKHR: too few operands"
                                 : check_access("OpCooperativeMatrixLoadKHR", in[2], in[3],
                                                in.subspan(4), m->second);
        // MulAdd: result type, result, A, B, C
        if (in.size() < 5) return "OpCooperativeMatrixMulAddKHR: too few operands";
        const Matrix *a = matrix_of(in[2]), *b = matrix_of(in[3]), *c = matrix_of(in[4]);
        const Matrix& d = m->second;
        using U = spirv_khr::MatrixUse;
        auto is = [](const Matrix* x, U u) { return x && x->use == static_cast<std::uint32_t>(u); };
        if (!is(a, U::A) || !is(b, U::B) || !is(c, U::Accumulator) ||
            d.use != static_cast<std::uint32_t>(U::Accumulator))
            return "OpCooperativeMatrixMulAddKHR: operands must be matrices of uses A, B and "
                   "Accumulator, and so must the result type be an Accumulator";
        if (a->cols != b->rows || a->rows != c->rows || b->cols != c->cols || c->rows != d.rows ||
            c->cols != d.cols || c->component != d.component)
            return "OpCooperativeMatrixMulAddKHR: the shapes do not agree (M x K, K x N, M x N)";
        if (a->scope != d.scope || b->scope != d.scope || c->scope != d.scope)
            return "OpCooperativeMatrixMulAddKHR: the operands and the result type must be of one "
                   "scope";
        // Integer factors with an integer accumulator, float with float; the Cooperative Matrix
        // Operands mark signed integer matrices (only integer ones).
        const bool int_a = ints_.contains(a->component), int_b = ints_.contains(b->component);
        const bool int_c = ints_.contains(c->component);
        if (int_a != int_b || int_a != int_c)
            return "OpCooperativeMatrixMulAddKHR: the factors and the accumulator must be all "
                   "integer or all float matrices";
        const std::uint32_t operands = in.size() > 5 ? in[5] : 0;
        if (in.size() > 6) return "OpCooperativeMatrixMulAddKHR: too many operands";
        constexpr std::uint32_t kKnown =
            spirv_khr::kMatrixASigned | spirv_khr::kMatrixBSigned | spirv_khr::kMatrixCSigned |
            spirv_khr::kMatrixResultSigned | spirv_khr::kSaturatingAccumulation;
        if ((operands & ~kKnown) != 0)
            return "OpCooperativeMatrixMulAddKHR: unknown Cooperative Matrix Operands";
        if (!int_a && operands != 0)
            return "OpCooperativeMatrixMulAddKHR: signed-component and saturation operands are "
                   "for integer matrices only";
        return {};
    }
    /// Element-wise arithmetic on matrices: operands of the result's matrix type, so of its scope
    /// too (the factor of OpMatrixTimesScalar: a scalar of its element type).
    std::string check_elementwise(spv::Op op, std::span<const std::uint32_t> in) const {
        const Matrix& m = matrices_.at(in[0]);
        auto type_of = [&](std::uint32_t id) {
            auto t = value_types_.find(id);
            return t == value_types_.end() ? 0u : t->second;
        };
        const std::size_t operands = in.size() - 2;
        const bool unary = op == spv::Op::OpFNegate;
        if (operands != (unary ? 1u : 2u))
            return "element-wise matrix arithmetic: bad operand count";
        for (std::size_t k = 0; k < operands; ++k) {
            const bool scalar = op == spv::Op::OpMatrixTimesScalar && k == 1;
            if (type_of(in[2 + k]) != (scalar ? m.component : in[0]))
                return "element-wise matrix arithmetic: operand " + std::to_string(k + 1) +
                       " must be " +
                       (scalar ? "the matrix's element type" : "the result's matrix type");
        }
        return {};
    }
    std::string check_store(std::span<const std::uint32_t> in) const {
        // pointer, object, layout, [stride]
        if (in.size() < 3) return "OpCooperativeMatrixStoreKHR: too few operands";
        const Matrix* m = matrix_of(in[1]);
        if (!m) return "OpCooperativeMatrixStoreKHR: the object must be a matrix";
        return check_access("OpCooperativeMatrixStoreKHR", in[0], in[2], in.subspan(3), *m);
    }

    std::unordered_map<std::uint32_t, std::uint32_t> constants_, pointees_, value_types_;
    std::unordered_set<std::uint32_t> ints_;
    std::unordered_map<std::uint32_t, Matrix> matrices_;
};

}  // namespace

std::optional<SpirvValidationError> validate_spirv_module(std::span<const std::uint32_t> words,
                                                          std::optional<spv_target_env> env) {
    if (words.size() < kHeaderWords)
        return SpirvValidationError{"not a SPIR-V module (too short)",
                                    env.value_or(spirv_validation_env(words))};
    std::string matrix_error;
    const std::vector<std::uint32_t> stand_in = MatrixStandIn().build(words, matrix_error);
    if (!stand_in.empty()) words = stand_in;
    // The stand-in's capabilities choose the environment (a bf16 stand-in declares Float16).
    const spv_target_env e = env.value_or(spirv_validation_env(words));
    if (!matrix_error.empty()) return SpirvValidationError{matrix_error, e};
    t_message.clear();
    const spvtools::SpirvTools& tools = tools_for(e);
    if (tools.Validate(words.data(), words.size(), quiet_options())) return std::nullopt;
    t_message.clear();
    if (tools.Validate(words.data(), words.size())) return std::nullopt;  // not expected
    return SpirvValidationError{t_message.empty() ? "invalid SPIR-V" : t_message, e};
}

std::optional<std::string> disassemble_spirv_module(std::span<const std::uint32_t> words,
                                                    std::uint32_t options, std::string& error) {
    t_message.clear();
    std::string text;
    if (tools_for(SPV_ENV_UNIVERSAL_1_6).Disassemble(words.data(), words.size(), &text, options))
        return text;
    error = t_message.empty() ? "cannot disassemble" : t_message;
    return std::nullopt;
}

}  // namespace dpk
