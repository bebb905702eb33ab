// emit_kernel: module setup, function instances, the entry point and the kernel ABI.
#include "compiler/spirv/emitter.h"

#include <algorithm>

#include "compiler/spirv/function_emitter.h"
#include "compiler/spirv/module_builder.h"

namespace dpk::compiler::spirv {

namespace {

/// First SPIR-V version whose entry-point interface lists every global variable.
constexpr std::uint32_t kSpirvVersion14 = 0x00010400;

void declare_function(ModuleContext& m, const sema::FunctionInstance& fn, bool is_kernel) {
    FunctionInfo info;
    info.id = m.b.next_id();
    info.return_type = is_kernel ? m.void_type() : m.type_of(fn.return_type);
    for (const types::Type* t : fn.param_types)
        for (const auto& part : expand_parameter(m, t, is_kernel))
            info.param_types.push_back(part.type);
    if (m.matrix_share_words && !is_kernel) info.param_types.push_back(m.matrix_share_type());
    if (m.takes_record) info.param_types.push_back(m.bounds_record_type());
    info.type = m.b.type_function(info.return_type, info.param_types);
    if (m.options.debug_names) m.b.name(info.id, is_kernel ? fn.decl->name : fn.symbol);
    m.functions.emplace(&fn, std::move(info));
}

/// Whether the kernel's functions take a bounds record: bounds checks, or an assert compiled in.
bool takes_record(const sema::TypedKernel& kernel, const EmitOptions& options) {
    if (options.check_bounds) return true;
    if (!options.asserts) return false;
    for (const auto& inst : kernel.instances)
        for (const sema::ExprInfo& e : inst->exprs)
            if (e.call_kind == sema::ExprInfo::CallKind::Builtin &&
                e.builtin == sema::Builtin::Assert)
                return true;
    return false;
}

/// The words of local memory emulated work-group products share their factors through (none on
/// targets with matrix units, or without such products): room for the largest A and the
/// largest B tile of the kernel's functions, in the widest accumulation type.
std::uint64_t matrix_share_words(const sema::TypedKernel& kernel, const ModuleContext& m) {
    if (m.b.target().has(DeviceFeature::CooperativeMatrix)) return 0;
    std::uint64_t a = 0, b = 0, size = 0;
    for (const auto& inst : kernel.instances)
        for (const sema::ExprInfo& e : inst->exprs) {
            const types::Type* t = e.type;
            if (!t || !t->is_matrix() || t->scope != types::MatrixScope::WorkGroup) continue;
            const auto elements = static_cast<std::uint64_t>(t->rows) * t->cols;
            if (t->use == types::MatrixUse::A) a = std::max(a, elements);
            if (t->use == types::MatrixUse::B) b = std::max(b, elements);
            if (e.call_kind == sema::ExprInfo::CallKind::Builtin &&
                e.builtin == sema::Builtin::MatrixMad)
                size = std::max<std::uint64_t>(size, dtype_size(accumulation_type(t->dtype)));
        }
    return ((a + b) * size + 7) / 8;
}

/// The module, with `record_dims` global-id components in bounds records (check_bounds only).
EmitResult emit_module(const sema::TypedKernel& kernel, const EmitOptions& options,
                       std::uint32_t record_dims) {
    EmitResult result;
    ModuleBuilder builder(options.target);
    ModuleContext m(builder, options);
    m.required_local_size = kernel.kernel->required_local_size;
    m.uniformity = &kernel.uniformity;
    m.bounds_record_dims = record_dims;
    m.takes_record = takes_record(kernel, options);
    m.matrix_share_words = matrix_share_words(kernel, m);

    builder.require(spv::Capability::Addresses, "Physical64 addressing (pointer arguments)");
    builder.require(spv::Capability::Kernel, "OpenCL kernels");
    builder.require(spv::Capability::Int64, "64-bit work-item ids, sizes and indices");
    builder.memory_model(spv::AddressingModel::Physical64, spv::MemoryModel::OpenCL);

    if (!kernel.kernel) {
        result.errors.push_back({"internal: typed kernel without a kernel instance", nullptr, {}});
        return result;
    }
    // Ids and types of every function first: callers need their callees' ids.
    for (const auto& inst : kernel.instances)
        declare_function(m, *inst, inst.get() == kernel.kernel);

    for (const auto& inst : kernel.instances) {
        const bool is_kernel = inst.get() == kernel.kernel;
        FunctionEmitter emitter(m, *inst, is_kernel, is_kernel ? &result.abi : nullptr);
        emitter.emit();
    }

    const Id general = m.functions.at(kernel.kernel).id;
    const std::uint64_t static_local_bytes = m.static_local_bytes;
    // Each variant: the kernel again, assuming its facts, as another function and entry point.
    // Device functions are shared; work-group arrays are the variant's own (one kernel runs).
    // A bounds-checked kernel has none: its checks are the point, not its speed.
    std::vector<std::pair<Id, std::string>> entries{{general, kernel.kernel->decl->name}};
    if (m.errors.empty() && !options.check_bounds) {
        m.written_arrays = result.abi.written_arrays;
        for (LaunchFacts facts : options.target.variants()) {
            // Without range guards an InRange variant would be the same code again.
            if (facts.has(LaunchFact::InRange) && result.abi.range_guards.empty()) continue;
            FunctionInfo& info = m.functions.at(kernel.kernel);
            info.id = builder.next_id();
            const std::string name = variant_entry_point(kernel.kernel->decl->name, facts);
            if (options.debug_names) builder.name(info.id, name);
            m.assumed = facts;
            m.static_local_bytes = 0;
            KernelAbi same_abi;
            FunctionEmitter emitter(m, *kernel.kernel, true, &same_abi);
            emitter.emit();
            m.assumed = {};
            result.variants.push_back({name, facts});
            entries.emplace_back(info.id, name);
        }
        m.functions.at(kernel.kernel).id = general;
    }

    std::vector<Id> interface = builder.builtin_variables();
    if (options.spirv_version >= kSpirvVersion14)
        interface.insert(interface.end(), m.globals_used().begin(), m.globals_used().end());
    for (const auto& [id, name] : entries) {
        builder.entry_point(spv::ExecutionModel::Kernel, id, name, interface);
        // Without contraction the driver is told so too: no fusing of the separate multiply and
        // add.
        if (!options.fp_contract)
            builder.execution_mode(id, spv::ExecutionMode::ContractionOff, {});
        // `@local_size`: the driver may compile for that size alone (reqd_work_group_size).
        const auto& local = kernel.kernel->required_local_size;
        if (local[0] != 0)
            builder.execution_mode(id, spv::ExecutionMode::LocalSize,
                                   {local[0], local[1], local[2]});
    }

    result.abi.static_local_bytes = static_local_bytes;
    result.abi.work_dims_used = m.work_dims_used;
    result.abi.bounds_sites = std::move(m.bounds_sites);
    result.abi.prints = m.prints;
    result.abi.required_local_size = kernel.kernel->required_local_size;
    result.capabilities = builder.capabilities();
    result.requirements = builder.feature_requirements();
    result.errors = std::move(m.errors);
    for (std::size_t i = m.builder_errors_reported; i < builder.errors().size(); ++i) {
        EmitError e;
        e.message = builder.errors()[i];
        e.file = kernel.kernel->decl->file;
        e.range = kernel.kernel->decl->name_range;
        result.errors.push_back(std::move(e));
    }
    if (result.errors.empty())
        result.words = builder.finish(std::max(options.spirv_version, builder.min_version()));
    return result;
}

}  // namespace

EmitResult emit_kernel(const sema::TypedKernel& kernel, const EmitOptions& options) {
    EmitResult result = emit_module(kernel, options, kWorkItemDims);
    // A bounds-checked kernel records the work-item ids it reads, known once it is emitted:
    // emitted again when those are fewer than three.
    const std::uint32_t used = result.abi.work_dims_used;
    if (!takes_record(kernel, options) || !result.ok() || used == 0 || used == kWorkItemDims)
        return result;
    return emit_module(kernel, options, used);
}

}  // namespace dpk::compiler::spirv
