// read_spirv_module(): SPIR-V words -> SpirvModule, with the structural checks its contract
// promises (see spirv_module.h).
#define SPV_ENABLE_UTILITY_CODE
#include <limits>
#include <set>

#include "backends/cuda/ptx/spirv_module.h"
#include "backends/cuda/ptx/translation_error.h"
#include "core/spirv_bfloat16.h"

namespace dpk::backends::cuda {

namespace {

constexpr std::size_t kHeaderWords = 5;
constexpr std::size_t kBoundWord = 3;
constexpr unsigned kBitsPerByte = 8;
constexpr unsigned kBytesPerWord = 4;
constexpr unsigned kWordBits = 32;

bool is_terminator(spv::Op op) {
    switch (op) {
        case spv::Op::OpBranch:
        case spv::Op::OpBranchConditional:
        case spv::Op::OpSwitch:
        case spv::Op::OpReturn:
        case spv::Op::OpReturnValue:
        case spv::Op::OpUnreachable:
        case spv::Op::OpKill: return true;
        default: return false;
    }
}

/// Reads the words of one module, instruction by instruction.
class Reader {
public:
    explicit Reader(std::span<const std::uint32_t> words) : words_(words) {}

    SpirvModule read() {
        if (words_.size() < kHeaderWords)
            fail("malformed SPIR-V: " + std::to_string(words_.size()) +
                 " words, fewer than the 5-word header");
        if (words_[0] != spv::MagicNumber)
            fail(
                "malformed SPIR-V: the first word is not the SPIR-V magic number (wrong "
                "endianness or not SPIR-V)");
        module_.bound = words_[kBoundWord];
        std::size_t pos = kHeaderWords;
        while (pos < words_.size()) {
            const std::uint32_t first = words_[pos];
            const std::size_t count = first >> spv::WordCountShift;
            const auto op = static_cast<spv::Op>(first & spv::OpCodeMask);
            if (count == 0 || pos + count > words_.size())
                fail("malformed SPIR-V: " + opcode_text(op) + " at word " + std::to_string(pos) +
                     (count == 0 ? " has a word count of 0" : " runs past the end of the module"));
            handle(decode(op, words_.subspan(pos + 1, count - 1)));
            pos += count;
        }
        if (function_) fail("malformed SPIR-V: the last function has no OpFunctionEnd");
        return std::move(module_);
    }

private:
    SpirvInstruction decode(spv::Op op, std::span<const std::uint32_t> rest) {
        bool has_result = false;
        bool has_type = false;
        if (op == kOpTypeCooperativeMatrixKHR) {
            has_result = true;
        } else if (op == kOpCooperativeMatrixLoadKHR || op == kOpCooperativeMatrixMulAddKHR ||
                   op == kOpCooperativeMatrixLengthKHR) {
            has_result = has_type = true;
        } else {
            spv::HasResultAndType(op, &has_result, &has_type);
        }
        SpirvInstruction inst;
        inst.opcode = op;
        std::size_t i = 0;
        const std::size_t needed = (has_type ? 1 : 0) + (has_result ? 1 : 0);
        if (rest.size() < needed)
            fail("malformed SPIR-V: " + opcode_text(op) + " lacks its result id");
        if (has_type) inst.result_type = check_id(rest[i++], op);
        if (has_result) {
            inst.result = check_id(rest[i++], op);
            if (!defined_.insert(inst.result).second)
                fail("malformed SPIR-V: id %" + std::to_string(inst.result) +
                     " is defined twice (second time by " + opcode_text(op) + ")");
        }
        inst.operands.assign(rest.begin() + static_cast<std::ptrdiff_t>(i), rest.end());
        return inst;
    }

    Id check_id(std::uint32_t id, spv::Op op) const {
        if (id == 0 || id >= module_.bound)
            fail("malformed SPIR-V: " + opcode_text(op) + " uses id %" + std::to_string(id) +
                 ", outside the module's bound " + std::to_string(module_.bound));
        return id;
    }

    /// A literal string starting at operand `first`; `next` gets the operand after it.
    static std::string string_at(const SpirvInstruction& inst, std::size_t first,
                                 std::size_t* next = nullptr) {
        std::string s;
        for (std::size_t w = first; w < inst.operands.size(); ++w) {
            for (unsigned b = 0; b < kBytesPerWord; ++b) {
                const char c = static_cast<char>((inst.operands[w] >> (b * kBitsPerByte)) & 0xFFu);
                if (c == '\0') {
                    if (next) *next = w + 1;
                    return s;
                }
                s.push_back(c);
            }
        }
        fail("malformed SPIR-V: unterminated string in " + opcode_text(inst.opcode));
    }

    void handle(SpirvInstruction inst) {
        const spv::Op op = inst.opcode;
        if (op == spv::Op::OpLine || op == spv::Op::OpNoLine || op == spv::Op::OpNop) return;
        if (function_) return handle_in_function(std::move(inst));
        switch (op) {
            case spv::Op::OpCapability:
            case spv::Op::OpExtension:
            case spv::Op::OpSource:
            case spv::Op::OpSourceContinued:
            case spv::Op::OpSourceExtension:
            case spv::Op::OpString:
            case spv::Op::OpMemberName:
            case spv::Op::OpModuleProcessed: return;
            case spv::Op::OpExtInstImport:
                module_.ext_inst_imports[inst.result] = string_at(inst, 0);
                return;
            case spv::Op::OpMemoryModel:
                module_.addressing = static_cast<spv::AddressingModel>(inst.operand(0));
                module_.memory_model = static_cast<spv::MemoryModel>(inst.operand(1));
                return;
            case spv::Op::OpEntryPoint: {
                SpirvEntryPoint e;
                e.model = static_cast<spv::ExecutionModel>(inst.operand(0));
                e.function = check_id(inst.operand(1), op);
                e.name = string_at(inst, 2);
                module_.entry_points.push_back(std::move(e));
                return;
            }
            case spv::Op::OpExecutionMode: {
                SpirvExecutionMode m;
                m.function = check_id(inst.operand(0), op);
                m.mode = static_cast<spv::ExecutionMode>(inst.operand(1));
                m.literals.assign(inst.operands.begin() + 2, inst.operands.end());
                module_.execution_modes.push_back(std::move(m));
                return;
            }
            case spv::Op::OpName:
                module_.names[check_id(inst.operand(0), op)] = string_at(inst, 1);
                return;
            case spv::Op::OpDecorate: {
                SpirvDecoration d;
                d.decoration = static_cast<spv::Decoration>(inst.operand(1));
                d.literals.assign(inst.operands.begin() + 2, inst.operands.end());
                module_.decorations[check_id(inst.operand(0), op)].push_back(std::move(d));
                return;
            }
            case spv::Op::OpMemberDecorate: return;  // structs are rejected where used
            case spv::Op::OpDecorationGroup:
            case spv::Op::OpGroupDecorate:
            case spv::Op::OpGroupMemberDecorate:
                fail("unsupported SPIR-V: " + opcode_text(op) + " (decoration groups)");
            case spv::Op::OpVariable: {
                SpirvVariable v;
                v.id = inst.result;
                v.pointer_type = inst.result_type;
                v.storage = static_cast<spv::StorageClass>(inst.operand(0));
                if (inst.operands.size() > 1) v.initializer = check_id(inst.operand(1), op);
                module_.variables[v.id] = v;
                return;
            }
            case spv::Op::OpFunction: return begin_function(inst);
            default: break;
        }
        if (inst.result != 0 && inst.result_type == 0) return read_type(inst);
        if (inst.result != 0) return read_constant(inst);
        fail("unsupported SPIR-V: " + opcode_text(op) + " at module scope");
    }

    void read_type(const SpirvInstruction& inst) {
        SpirvType t;
        t.opcode = inst.opcode;
        if (inst.opcode == kOpTypeCooperativeMatrixKHR) {  // component, Scope, Rows, Columns, Use
            t.element = check_id(inst.operand(0), inst.opcode);
            for (std::size_t i = 1; i <= 4; ++i)
                t.matrix_operands.push_back(check_id(inst.operand(i), inst.opcode));
        }
        switch (inst.opcode) {
            case spv::Op::OpTypeInt:
            case spv::Op::OpTypeFloat:
                t.width = inst.operand(0);
                // OpTypeFloat's FPEncoding, if any: bf16 is the one translated.
                if (inst.opcode == spv::Op::OpTypeFloat && inst.operands.size() > 1) {
                    if (inst.operand(1) != spirv_khr::kFPEncodingBFloat16 || t.width != 16)
                        fail("cannot translate OpTypeFloat %" + std::to_string(inst.result) +
                             " to PTX: only the BFloat16KHR encoding of 16-bit floats is "
                             "supported");
                    t.bfloat16 = true;
                }
                break;
            case spv::Op::OpTypeVector:
                t.element = check_id(inst.operand(0), inst.opcode);
                t.count = inst.operand(1);
                break;
            case spv::Op::OpTypeArray: {
                t.element = check_id(inst.operand(0), inst.opcode);
                auto c = module_.constants.find(inst.operand(1));
                if (c == module_.constants.end() || c->second.opcode != spv::Op::OpConstant)
                    fail("unsupported SPIR-V: OpTypeArray " + id_text(module_, inst.result) +
                         " has a length that is not an OpConstant");
                t.count = c->second.bits;
                break;
            }
            case spv::Op::OpTypePointer:
                t.storage = static_cast<spv::StorageClass>(inst.operand(0));
                t.pointee = check_id(inst.operand(1), inst.opcode);
                break;
            case spv::Op::OpTypeFunction:
                t.return_type = check_id(inst.operand(0), inst.opcode);
                for (std::size_t i = 1; i < inst.operands.size(); ++i)
                    t.params.push_back(check_id(inst.operands[i], inst.opcode));
                break;
            default: break;  // kept by opcode only: rejected where a value has this type
        }
        module_.types[inst.result] = std::move(t);
    }

    void read_constant(const SpirvInstruction& inst) {
        SpirvConstant c;
        c.opcode = inst.opcode;
        c.type = inst.result_type;
        if (inst.opcode == spv::Op::OpConstant) {
            const SpirvType& t = module_.type(c.type);
            if (t.opcode != spv::Op::OpTypeInt && t.opcode != spv::Op::OpTypeFloat)
                fail("malformed SPIR-V: OpConstant " + id_text(module_, inst.result) +
                     " is not of an integer or float type");
            c.bits = inst.operand(0);
            if (t.width > kWordBits) c.bits |= std::uint64_t{inst.operand(1)} << kWordBits;
        } else if (inst.opcode == spv::Op::OpConstantTrue) {
            c.bits = 1;
        } else if (inst.opcode == spv::Op::OpConstantComposite) {
            for (std::uint32_t part : inst.operands)
                c.constituents.push_back(check_id(part, inst.opcode));
        }
        module_.constants[inst.result] = c;  // other kinds are rejected where used
    }

    void begin_function(const SpirvInstruction& inst) {
        function_ = SpirvFunction{};
        function_->id = inst.result;
        function_->result_type = inst.result_type;
        function_->function_type = check_id(inst.operand(1), inst.opcode);
    }

    void handle_in_function(SpirvInstruction inst) {
        SpirvFunction& f = *function_;
        switch (inst.opcode) {
            case spv::Op::OpFunctionParameter:
                if (!f.blocks.empty() || in_block_)
                    fail("malformed SPIR-V: OpFunctionParameter after the first block");
                f.params.push_back(inst.result);
                f.param_types.push_back(inst.result_type);
                return;
            case spv::Op::OpFunctionEnd:
                if (in_block_)
                    fail("malformed SPIR-V: a block of function " + id_text(module_, f.id) +
                         " has no terminator");
                if (f.blocks.empty())
                    fail("function " + id_text(module_, f.id) +
                         " is declared without a body (an import): the CUDA backend links "
                         "nothing beyond the module, so every function called needs its body");
                module_.functions.push_back(std::move(f));
                function_.reset();
                return;
            case spv::Op::OpLabel:
                if (in_block_)
                    fail("malformed SPIR-V: block " + id_text(module_, f.blocks.back().label) +
                         " has no terminator");
                f.blocks.push_back(SpirvBlock{inst.result, {}});
                in_block_ = true;
                return;
            default: break;
        }
        if (!in_block_)
            fail("malformed SPIR-V: " + opcode_text(inst.opcode) + " outside a block of " +
                 id_text(module_, f.id));
        if (is_terminator(inst.opcode)) in_block_ = false;
        f.blocks.back().instructions.push_back(std::move(inst));
    }

    std::span<const std::uint32_t> words_;
    SpirvModule module_;
    std::set<Id> defined_;
    std::optional<SpirvFunction> function_;
    bool in_block_ = false;
};

}  // namespace

std::uint32_t SpirvInstruction::operand(std::size_t i) const {
    if (i >= operands.size())
        fail("malformed SPIR-V: " + opcode_text(opcode) + " has " +
             std::to_string(operands.size()) + " operands, operand " + std::to_string(i) +
             " is missing");
    return operands[i];
}

const SpirvType& SpirvModule::type(Id id) const {
    auto it = types.find(id);
    if (it == types.end()) fail("malformed SPIR-V: %" + std::to_string(id) + " is not a type");
    return it->second;
}

const SpirvFunction* SpirvModule::function(Id id) const {
    for (const auto& f : functions)
        if (f.id == id) return &f;
    return nullptr;
}

std::string SpirvModule::name_of(Id id) const {
    auto it = names.find(id);
    return it == names.end() ? std::string() : it->second;
}

std::optional<std::vector<std::uint32_t>> SpirvModule::decoration(Id id, spv::Decoration d) const {
    auto it = decorations.find(id);
    if (it == decorations.end()) return std::nullopt;
    for (const auto& dec : it->second)
        if (dec.decoration == d) return dec.literals;
    return std::nullopt;
}

std::optional<std::array<std::uint32_t, 3>> SpirvModule::local_size(Id function) const {
    std::optional<std::array<std::uint32_t, 3>> size;
    for (const SpirvExecutionMode& m : execution_modes)
        if (m.function == function && m.mode == spv::ExecutionMode::LocalSize &&
            m.literals.size() == 3)
            size = std::array<std::uint32_t, 3>{m.literals[0], m.literals[1], m.literals[2]};
    return size;
}

std::optional<std::uint32_t> SpirvModule::work_group_size() const {
    std::optional<std::uint64_t> size;
    for (const SpirvEntryPoint& e : entry_points) {
        std::optional<std::uint64_t> own;
        if (auto l = local_size(e.function))
            own = std::uint64_t{(*l)[0]} * (*l)[1] * (*l)[2];
        if (!own || (size && *size != *own)) return std::nullopt;
        size = own;
    }
    if (!size || *size == 0 || *size > std::numeric_limits<std::uint32_t>::max())
        return std::nullopt;
    return static_cast<std::uint32_t>(*size);
}

SpirvModule read_spirv_module(std::span<const std::uint32_t> words) {
    return Reader(words).read();
}

}  // namespace dpk::backends::cuda
