// FunctionEmitter: parameters, blocks and instruction plumbing.
#include "compiler/spirv/function_emitter.h"

#include <cassert>

namespace dpk::compiler::spirv {

FunctionEmitter::FunctionEmitter(ModuleContext& m, const sema::FunctionInstance& fn, bool is_kernel,
                                 KernelAbi* abi)
    : m_(m), fn_(fn), is_kernel_(is_kernel), abi_(abi), info_(m.functions.at(&fn)) {
    bindings_.resize(fn.vars.size());
}

void FunctionEmitter::emit() {
    declare_parameters();
    // Capabilities the parameters' types need (f16, f64) and the target lacks: at the function.
    while (m_.builder_errors_reported < m_.b.errors().size())
        error(m_.b.errors()[m_.builder_errors_reported++]);
    entry_label_ = m_.b.next_id();
    current_label_ = entry_label_;
    emit_block(*fn_.decl->body);
    if (!terminated_) {
        current_stmt_ = nullptr;
        if (fn_.return_type && !fn_.return_type->is_void() && !is_kernel_)
            return_value(m_.b.constant_null(info_.return_type));  // falls off the end
        else
            terminate(spv::Op::OpReturn);
    }
    finish();
}

void FunctionEmitter::declare_parameters() {
    encode(params_, spv::Op::OpFunction,
           {info_.return_type, info_.id, operand(spv::FunctionControlMask::MaskNone), info_.type});
    const auto& params = fn_.decl->params;
    for (std::size_t i = 0; i < params.size(); ++i) {
        const ast::VarSymbol& var = params[i].var;
        const types::Type* t = fn_.param_types.at(i);
        const auto parts = expand_parameter(m_, t, is_kernel_);
        std::vector<Id> ids;
        for (const auto& part : parts) {
            Id id = add_parameter(part.type, var.name + part.suffix);
            ids.push_back(id);
            if (!abi_) continue;
            AbiArg arg;
            arg.kind = part.kind;
            arg.param = static_cast<std::uint32_t>(i);
            arg.dim = part.dim;
            arg.dtype =
                (part.kind == AbiArg::Kind::Scalar || part.kind == AbiArg::Kind::GlobalPointer ||
                 part.kind == AbiArg::Kind::LocalPointer)
                    ? t->dtype
                    : DType::I64;
            abi_->args.push_back(arg);
            if (part.kind == AbiArg::Kind::GlobalPointer ||
                part.kind == AbiArg::Kind::LocalPointer) {
                m_.b.decorate(id, spv::Decoration::Alignment,
                              {static_cast<std::uint32_t>(dtype_size(t->dtype))});
                if (part.kind == AbiArg::Kind::GlobalPointer) decorate_no_alias(id, i);
            }
        }
        if (!t->is_array()) {
            Id value = ids.front();
            if (is_kernel_ && t->is_bool())  // bool arguments arrive as one byte
                value = prologue_inst(spv::Op::OpINotEqual, m_.bool_type(),
                                      {value, m_.b.constant(m_.storage_type(DType::Bool), 0)});
            bind_scalar(var, value);
            continue;
        }
        Binding& b = bindings_.at(var.id);
        b.kind = Binding::Kind::Array;
        b.array.type = t;
        b.array.base = ids.front();
        b.array.name = var.name;
        if (is_kernel_) {
            b.array.kernel_param = static_cast<std::uint32_t>(i);
            if (t->space == types::AddressSpace::Global)
                param_of_var_.emplace_back(var.id, static_cast<std::uint32_t>(i));
        }
        std::size_t next = 1;
        for (int d = 0; d < t->ndim; ++d)
            b.array.shape.push_back(t->static_shape.empty() ? ids.at(next++)
                                                            : m_.const_i64(t->static_shape[d]));
        if (t->needs_strides())
            for (int d = 0; d < t->ndim; ++d) b.array.strides.push_back(ids.at(next++));
    }
    if (m_.matrix_share_words) {  // the kernel's work-group array, or the function's pointer to it
        if (is_kernel_) {
            const auto storage = spv::StorageClass::Workgroup;
            const Id words = m_.b.type_array(m_.i64(), m_.matrix_share_words);
            const Id array = m_.b.global_variable(m_.pointer(storage, words), storage);
            m_.use_global(array);
            m_.static_local_bytes += m_.matrix_share_words * 8;
            matrix_share_ = prologue_inst(spv::Op::OpInBoundsAccessChain, m_.matrix_share_type(),
                                          {array, m_.const_i64(0)});
        } else {
            matrix_share_ = add_parameter(m_.matrix_share_type(), "matrix_share");
        }
    }
    if (m_.takes_record) {  // last, after every source parameter's parts
        bounds_record_ =
            add_parameter(m_.bounds_record_type(), std::string(BoundsRecordLayout::kParameterName));
        if (abi_) abi_->args.push_back({AbiArg::Kind::BoundsRecord, 0, 0, DType::U64});
    }
}

Id FunctionEmitter::add_parameter(Id type, std::string_view name) {
    Id id = m_.b.next_id();
    encode(params_, spv::Op::OpFunctionParameter, {type, id});
    if (m_.options.debug_names) m_.b.name(id, name);
    return id;
}

void FunctionEmitter::finish() {
    std::vector<std::uint32_t> words;
    words.reserve(params_.size() + variables_.size() + prologue_.size() + body_.size() + 3);
    words.insert(words.end(), params_.begin(), params_.end());
    encode(words, spv::Op::OpLabel, {entry_label_});
    words.insert(words.end(), variables_.begin(), variables_.end());
    words.insert(words.end(), prologue_.begin(), prologue_.end());
    words.insert(words.end(), body_.begin(), body_.end());
    encode(words, spv::Op::OpFunctionEnd, {});
    m_.b.add_function(words);
}

Id FunctionEmitter::prologue_inst(spv::Op op, Id type, std::initializer_list<Id> operands) {
    Id id = m_.b.next_id();
    prologue_.push_back(instruction_head(op, operands.size() + 3));
    prologue_.push_back(type);
    prologue_.push_back(id);
    prologue_.insert(prologue_.end(), operands.begin(), operands.end());
    return id;
}

Id FunctionEmitter::builtin_vector(spv::BuiltIn builtin) {
    for (const auto& [b, id] : builtin_loads_)
        if (b == builtin) return id;
    Id var = m_.builtin(builtin);
    Id vec = m_.b.type_vector(m_.i64(), kWorkItemDims);
    Id id = prologue_inst(spv::Op::OpLoad, vec, {var});
    builtin_loads_.emplace_back(builtin, id);
    return id;
}

Id FunctionEmitter::builtin_scalar(spv::BuiltIn builtin) {
    for (const auto& [b, id] : builtin_loads_)
        if (b == builtin) return id;
    Id id = prologue_inst(spv::Op::OpLoad, m_.i32(), {m_.scalar_builtin(builtin)});
    builtin_loads_.emplace_back(builtin, id);
    return id;
}

Id FunctionEmitter::inst(spv::Op op, Id type, std::initializer_list<Id> operands) {
    return inst(op, type, std::span<const Id>(operands.begin(), operands.size()));
}

Id FunctionEmitter::inst(spv::Op op, Id type, std::span<const Id> operands) {
    assert(!terminated_ && "instruction after a block terminator");
    Id id = m_.b.next_id();
    body_.push_back(instruction_head(op, operands.size() + 3));
    body_.push_back(type);
    body_.push_back(id);
    body_.insert(body_.end(), operands.begin(), operands.end());
    last_result_ = id;
    return id;
}

void FunctionEmitter::inst_as(Id result, spv::Op op, Id type, std::initializer_list<Id> operands) {
    assert(!terminated_ && "instruction after a block terminator");
    body_.push_back(instruction_head(op, operands.size() + 3));
    body_.push_back(type);
    body_.push_back(result);
    body_.insert(body_.end(), operands.begin(), operands.end());
    last_result_ = result;
}

void FunctionEmitter::inst_void(spv::Op op, std::initializer_list<Id> operands) {
    assert(!terminated_ && "instruction after a block terminator");
    encode(body_, op, operands);
}

Id FunctionEmitter::ext(OpenCLLIB::Entrypoints entry, Id type, std::initializer_list<Id> operands) {
    return ext(entry, type, std::span<const Id>(operands.begin(), operands.size()));
}

Id FunctionEmitter::ext(OpenCLLIB::Entrypoints entry, Id type, std::span<const Id> operands) {
    std::vector<Id> ops{m_.opencl_std(), static_cast<Id>(entry)};
    ops.insert(ops.end(), operands.begin(), operands.end());
    return inst(spv::Op::OpExtInst, type, ops);
}

void FunctionEmitter::begin_block(Id label) {
    assert(terminated_ && "the previous block has no terminator");
    encode(body_, spv::Op::OpLabel, {label});
    current_label_ = label;
    terminated_ = false;
}

void FunctionEmitter::branch(Id target) {
    if (terminated_) return;
    encode(body_, spv::Op::OpBranch, {target});
    terminated_ = true;
}

void FunctionEmitter::branch_conditional(Id cond, Id if_true, Id if_false) {
    assert(!terminated_);
    encode(body_, spv::Op::OpBranchConditional, {cond, if_true, if_false});
    terminated_ = true;
}

void FunctionEmitter::terminate(spv::Op op) {
    if (terminated_) return;
    encode(body_, op, {});
    terminated_ = true;
}

void FunctionEmitter::return_value(Id value) {
    if (terminated_) return;
    encode(body_, spv::Op::OpReturnValue, {value});
    terminated_ = true;
}

Id FunctionEmitter::local_variable(Id pointee, std::string_view name) {
    Id id = m_.b.next_id();
    Id type = m_.pointer(spv::StorageClass::Function, pointee);
    encode(variables_, spv::Op::OpVariable, {type, id, operand(spv::StorageClass::Function)});
    this->name(id, name);
    return id;
}

Id FunctionEmitter::load(Id type, Id pointer, std::uint32_t alignment) {
    if (alignment == 0) return inst(spv::Op::OpLoad, type, {pointer});
    return inst(spv::Op::OpLoad, type,
                {pointer, operand(spv::MemoryAccessMask::Aligned), alignment});
}

void FunctionEmitter::store(Id pointer, Id value, std::uint32_t alignment) {
    if (alignment == 0) {
        inst_void(spv::Op::OpStore, {pointer, value});
        return;
    }
    inst_void(spv::Op::OpStore,
              {pointer, value, operand(spv::MemoryAccessMask::Aligned), alignment});
}

void FunctionEmitter::name(Id id, std::string_view name) {
    if (m_.options.debug_names && !name.empty()) m_.b.name(id, name);
}

void FunctionEmitter::error(std::string message) {
    error_at(current_stmt_ ? current_stmt_->range : fn_.decl->name_range, std::move(message));
}

void FunctionEmitter::error_at(source::SourceRange range, std::string message) {
    EmitError e;
    e.message = std::move(message);
    e.file = fn_.decl->file;
    e.range = range;
    m_.errors.push_back(std::move(e));
}

}  // namespace dpk::compiler::spirv
