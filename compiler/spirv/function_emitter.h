// FunctionEmitter: emits one function instance (a device function or the kernel) as an
// OpFunction. Split by concern over function_emitter.cpp (blocks, parameters), emit_statement.cpp,
// emit_expression.cpp, emit_builtin.cpp and emit_memory.cpp. Internal to spirv/.
#pragma once

#include <spirv/unified1/OpenCL.std.h>

#include <cstdint>
#include <functional>
#include <initializer_list>
#include <map>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "compiler/spirv/module_context.h"

namespace dpk::compiler::spirv {

/// An array as the emitter sees it: where its elements are, and its extents.
struct ArrayValue {
    const types::Type* type = nullptr;
    /// Pointer to element 0 (storage class from the type's address space); 0 while only
    /// `array_var` is known.
    Id base = 0;
    /// For local_array / private_array: the variable of OpTypeArray type (elements are reached
    /// with OpInBoundsAccessChain on it).
    Id array_var = 0;
    std::vector<Id> shape;    // i64 per dimension
    std::vector<Id> strides;  // i64 per dimension, in elements (layout Any only)
    /// The array's name in the source (empty for a local_array / private_array not yet bound);
    /// for bounds-check messages.
    std::string name;
    /// The kernel parameter the array is, or BoundsSite::kNoParam.
    std::uint32_t kernel_param = BoundsSite::kNoParam;
};

class FunctionEmitter {
public:
    /// `abi` (kernels only) receives one AbiArg per SPIR-V parameter.
    FunctionEmitter(ModuleContext& m, const sema::FunctionInstance& fn, bool is_kernel,
                    KernelAbi* abi);

    /// Emits the whole function into the module.
    void emit();

private:
    // -- function_emitter.cpp: parameters, blocks, instructions ---------------------------------
    void declare_parameters();
    Id add_parameter(Id type, std::string_view name);
    /// FuncParamAttr NoAlias on the data pointer of kernel array parameter `param` where the
    /// options or the variant say arrays do not overlap, and NoWrite too where the kernel only
    /// reads it (emit_variant.cpp).
    void decorate_no_alias(Id pointer, std::size_t param);
    void finish();
    /// An instruction in the entry block after the variables (hoisted, dominates everything).
    Id prologue_inst(spv::Op op, Id type, std::initializer_list<Id> operands);
    /// The vector of a work-item builtin, loaded once per function in the prologue.
    Id builtin_vector(spv::BuiltIn builtin);
    /// The u32 value of a sub-group builtin, loaded once per function in the prologue.
    Id builtin_scalar(spv::BuiltIn builtin);

    /// Appends an instruction with a result to the current block; returns the result id.
    Id inst(spv::Op op, Id type, std::initializer_list<Id> operands);
    Id inst(spv::Op op, Id type, std::span<const Id> operands);
    /// Same, with a result id reserved earlier (targets of forward references in OpPhi).
    void inst_as(Id result, spv::Op op, Id type, std::initializer_list<Id> operands);
    /// Appends an instruction without a result.
    void inst_void(spv::Op op, std::initializer_list<Id> operands);
    /// OpExtInst of OpenCL.std.
    Id ext(OpenCLLIB::Entrypoints entry, Id type, std::initializer_list<Id> operands);
    Id ext(OpenCLLIB::Entrypoints entry, Id type, std::span<const Id> operands);
    /// Starts a block; the previous one must be terminated.
    void begin_block(Id label);
    void branch(Id target);
    void branch_conditional(Id cond, Id if_true, Id if_false);
    /// Ends the current block with `op` (OpReturn, OpUnreachable) or OpReturnValue.
    void terminate(spv::Op op);
    void return_value(Id value);
    /// A Function-storage variable in the entry block.
    Id local_variable(Id pointee, std::string_view name);
    Id load(Id type, Id pointer, std::uint32_t alignment = 0);
    void store(Id pointer, Id value, std::uint32_t alignment = 0);
    void name(Id id, std::string_view name);
    /// An emit error at the current statement.
    void error(std::string message);
    /// An emit error at `range` (a call that needs a feature the target lacks).
    void error_at(source::SourceRange range, std::string message);

    // -- emit_statement.cpp ---------------------------------------------------------------------
    void emit_block(const ast::Block& block);
    void emit_stmt(const ast::Stmt& s);
    void emit_var_decl(const ast::VarDecl& s);
    void emit_assign(const ast::Assign& s);
    void emit_if(const ast::If& s);
    void emit_while(const ast::While& s);
    void emit_for(const ast::For& s);
    /// The loop variable's values, where `s` is written out instead of emitted as a loop: on a
    /// target with matrices, at most two iterations over constant bounds, a body that declares
    /// or assigns a matrix and has no break, continue or return.
    std::optional<std::vector<std::int64_t>> written_out_values(const ast::For& s);
    void emit_return(const ast::Return& s);
    /// Binds a scalar value to a variable symbol (a Function variable when it is mutable).
    void bind_scalar(const ast::VarSymbol& var, Id value);

    // -- emit_expression.cpp --------------------------------------------------------------------
    /// The value of `e` converted to its use-site type (ExprInfo::result()).
    Id emit_value(const ast::Expr& e);
    /// The value of `e` converted to `to`.
    Id emit_value_as(const ast::Expr& e, const types::Type* to);
    Id emit_raw(const ast::Expr& e);
    Id emit_name(const ast::Name& e);
    Id emit_unary(const ast::Unary& e);
    /// -x for a float x of type `t`: OpFNegate, or the sign bit flipped as an integer where the
    /// target avoids DriverDefect::NegationAcrossBarrier.
    Id negate_float(Id x, DType t);
    /// Whether `clamp(x, lo, hi)` call `e` at type `t` has constant bounds with lo <= hi.
    bool constant_bounds_ordered(const ast::Call& e, DType t) const;
    /// `f(pointer, value type, type)` for each variable `loops` lists for `loop` (VarSymbol ids)
    /// that is bound to a Function variable.
    void for_each_loop_variable(
        const std::unordered_map<const ast::Stmt*, std::vector<std::uint32_t>>& loops,
        const ast::Stmt& loop, const std::function<void(Id, Id, const types::Type*)>& f);
    /// The end of an iteration of `loop` in a kernel with a barrier, where the target avoids
    /// DriverDefect::ReassociatedLoops: each float variable the loop assigns, anchored.
    void anchor_iteration(const ast::Stmt& loop);
    /// After a loop whose body ran in varying control: each variable from before the loop that
    /// it assigned is stored again, anchored (DriverDefect::VaryingLoopExit).
    void anchor_after_loop(const ast::Stmt& loop);
    /// `value`, about to be stored in a variable of type `t`, tied visibly to the work-item where
    /// the target avoids DriverDefect::VaryingLoopExit (the value is unchanged).
    Id anchored(Id value, const types::Type* t);
    /// `value` (of scalar type `t`; others as they are) xor'ed with a zero of the work-item the
    /// driver cannot fold (local_id(0) >> 63): the same value, which the driver takes to differ
    /// between work-items.
    Id tied_to_work_item(Id value, const types::Type* t);
    /// An integer of `bits` bits that is 0 in every launch without the driver's compiler
    /// knowing it before it lays out the work-items (local_id(0) >> 63).
    Id work_item_zero(std::uint32_t bits);
    /// An integer of `bits` bits that is 0 in every launch without the driver's compiler ever
    /// knowing it (global_size(0) >> 63: unlike a local id, no bound of it is known even after
    /// the work-items are laid out).
    Id launch_zero(std::uint32_t bits);
    /// The float x of type `t` with its bits xor'ed with `mask` (an integer of its width).
    Id xor_float_bits(Id x, DType t, Id mask);
    Id emit_binary(const ast::Binary& e);
    Id emit_short_circuit(const ast::Binary& e);
    /// `e` when it is a float product whose value has type `t` (computed in `t`, no conversion)
    /// and fp_contract is on: the product of a multiply-add of type `t`.
    const ast::Binary* contractible_product(const ast::Expr& e, const types::Type* t) const;
    /// `a * b op c` (`product_first`) or `c op a * b`, op + or -, as one OpenCL.std mad.
    Id multiply_add(ast::BinaryOp op, Id a, Id b, Id c, bool product_first, const types::Type* t);
    Id emit_call(const ast::Call& e);
    Id emit_user_call(const ast::Call& e);
    /// `op` on two values already of type `t`, with the language's integer edge rules: a
    /// divisor that would trap or is undefined in SPIR-V is replaced (divisor()), shift counts
    /// are taken modulo the width (shift_count()).
    Id arithmetic(ast::BinaryOp op, Id lhs, Id rhs, DType t);
    /// `l / r` of float type `t`; where the target avoids DriverDefect::ZeroQuotient and 0 / 0
    /// is possible, with the divisor anchored (xor'ed as an integer with a zero of the
    /// work-item).
    Id float_quotient(Id l, Id r, DType t);
    /// The divisor for `dividend / divisor` of integer type `t`: 1 where the divisor is 0, or
    /// (signed) where the dividend is the minimum and the divisor -1, so that x / 0 == x,
    /// x % 0 == 0, MIN / -1 == MIN and MIN % -1 == 0. A constant divisor other than 0 and -1
    /// is returned as it is.
    Id divisor(Id dividend, Id divisor, DType t);
    /// `count` (of type `t`) modulo the bit width of `t`; a constant in range is returned as is.
    Id shift_count(Id count, DType t);
    /// The count (already in range, shift_count()) of a signed `>>` of type `t`, xor'ed with a
    /// zero the driver cannot see where the target avoids DriverDefect::SignOfNegation and the
    /// count is not a constant other than the width less one.
    Id sign_shift_count(Id count, DType t);
    Id compare(ast::BinaryOp op, Id lhs, Id rhs, DType t);
    /// Numeric conversion between scalar types (casts and implicit conversions).
    Id convert(Id value, const types::Type* from, const types::Type* to);
    Id convert(Id value, DType from, DType to);
    /// A bf16 value as f32 (exact) and an f32 rounded to bf16 (nearest even, NaN stays NaN):
    /// the one place that knows how bf16 is encoded. Where the target has the bf16 feature it is
    /// a float type (OpFConvert); elsewhere its 16 bits, an integer, converted with integer
    /// operations. bf16 arithmetic, comparisons and math run in f32 through these.
    Id bf16_to_f32(Id x);
    Id f32_to_bf16(Id x);
    bool bf16_is_float() const;
    /// Whether the functions of `t` values (OpenCL.std's, isnan and the like, conversions to
    /// integers) are computed in f32: bf16's always (no device has them), f16's where the target
    /// avoids DriverDefect::HalfLibrary.
    bool computes_in_f32(DType t) const;
    /// A value of such a `t` as f32 (exact), and an f32 rounded to `t` (once, to nearest even).
    Id widened(Id x, DType t);
    Id narrowed(Id x, DType t);
    /// OpenCL.std function `entry` of `args` (values of float type `t`, as is the result): in f32
    /// and rounded back where computes_in_f32(t), an f16 fma or mad exactly (fma_f16_in_f32).
    Id float_function(OpenCLLIB::Entrypoints entry, DType t, std::span<const Id> args);
    /// fma of three f16 values given as f32, rounded to f16 once: a * b is exact in f32, the
    /// sum's rounding error is exact too (TwoSum), and the sum rounded to odd with it (its last
    /// bit set where it is inexact) rounds to the f16 nearest the exact result.
    Id fma_f16_in_f32(Id a, Id b, Id c);
    /// True when evaluating `e` has no side effects and cannot fault (no calls, loads, division).
    bool is_cheap_and_pure(const ast::Expr& e) const;

    // -- emit_builtin.cpp -----------------------------------------------------------------------
    Id emit_builtin(const ast::Call& e);

    // -- emit_debug.cpp: print and assert --------------------------------------------------------
    void emit_print(const ast::Call& e);
    /// A UniformConstant i8* to `text` (with its terminating 0).
    Id string_pointer(std::string_view text);
    void emit_assert(const ast::Call& e);
    Id emit_work_item(const ast::Call& e, spv::BuiltIn builtin);
    /// barrier / fence (work-group scope), sub_group_barrier (`execution` Subgroup) and
    /// device_fence (`memory` Device).
    void emit_barrier(const ast::Call& e, bool control,
                      spv::Scope execution = spv::Scope::Workgroup,
                      spv::Scope memory = spv::Scope::Workgroup);
    /// OpControlBarrier with sequentially consistent semantics over `memories` (a
    /// MemorySemanticsMask of storage classes).
    void control_barrier(spv::Scope execution, spv::Scope memory, std::uint32_t memories);
    Id emit_math(const ast::Call& e);
    Id emit_min_max_clamp_abs(const ast::Call& e);
    /// min / max / clamp / abs of call `e` on its arguments `args`, of scalar type `dt`.
    Id min_max_clamp_abs(const ast::Call& e, const std::vector<Id>& args, DType dt);

    // -- emit_sub_group.cpp ---------------------------------------------------------------------
    /// Checks that the target has feature `f` for call `e`; reports it at the call if not.
    bool require_feature(const ast::Call& e, DeviceFeature f);
    /// sub_group_size(), sub_group_local_id(), sub_group_id(), num_sub_groups(): i64.
    Id emit_sub_group_item(const ast::Call& e, spv::BuiltIn builtin);
    /// Broadcast, shuffles, reductions and scans over the sub-group.
    Id emit_sub_group_value(const ast::Call& e);
    /// sub_group_ballot (u64), sub_group_any / sub_group_all (bool).
    Id emit_sub_group_vote(const ast::Call& e);
    void emit_sub_group_barrier(const ast::Call& e);

    // -- emit_copy.cpp: async_copy and wait_copies -------------------------------------------
    /// Returns the copy's event: the function's event once the copy joined it.
    Id emit_async_copy(const ast::Call& e);
    /// async_copy of a rows x cols tile between 2-d arrays (shape: constants, sema).
    void emit_async_copy_tile(const ast::Call& e);
    /// Starts OpGroupAsyncCopy of `count` elements (of type `element`) from `from` (every
    /// `stride`-th) to `to` and joins its event to the function's.
    void start_group_copy(Id to, Id from, Id count, Id stride, Id element);
    /// start_group_copy's copy as plain loads and stores spread over the work-group
    /// (DriverDefect::CopyUnderBranch): element e by the work-item whose linear local id is e
    /// modulo the local size. `element` is the type `to` and `from` point to.
    void copy_by_work_items(Id to, Id from, Id count, Id stride, Id element);
    /// The work-item's linear local id and the work-group's size, as i64 values (from every
    /// dimension: one the launch leaves out has id 0 and size 1).
    std::pair<Id, Id> local_linear_id();
    /// `then()` where `condition` holds, else `otherwise()`: a structured selection.
    void either(Id condition, const std::function<void()>& then,
                const std::function<void()>& otherwise);
    /// wait_copies(): every copy the function started; wait_copies(e): the event `e`.
    void emit_wait_copies(const ast::Call& e);
    /// The function's event variable (OpTypeEvent, null until a copy starts): every
    /// async_copy of the function joins its event; wait_copies waits for it and resets it.
    Id copies_event();
    /// Function variable `variable` of event type (null at first), made on first use.
    Id event_variable(Id& variable, std::string_view what);

    // -- emit_memory.cpp ------------------------------------------------------------------------
    /// The array an array-typed expression denotes.
    ArrayValue emit_array(const ast::Expr& e);
    ArrayValue make_static_array(const ast::Call& e);
    /// Pointer to element 0 of an array (materialized for local/private arrays).
    Id array_base(ArrayValue& a);
    /// Parameters that carry `a` to a device function (pointer, shapes, strides).
    void append_array_arguments(ArrayValue& a, const types::Type* param, std::vector<Id>& args);
    Id element_pointer(ArrayValue& a, std::span<const ast::ExprPtr> indices);
    Id element_pointer(ArrayValue& a, std::span<const Id> indices_i64);
    Id linear_offset(const ArrayValue& a, std::span<const Id> indices_i64);
    Id load_element(const ArrayValue& a, Id pointer);
    void store_element(const ArrayValue& a, Id pointer, Id value);
    Id to_i64(Id value, const types::Type* t);
    /// The value of index expression `e` as an i64; where the target avoids
    /// DriverDefect::PairedGatherIndex and `e` is an integer narrower than 64 bits that is not a
    /// constant, xor'ed with a zero the driver cannot see before it is widened.
    Id index_i64(const ast::Expr& e);
    Id emit_index(const ast::Index& e);
    Id emit_member(const ast::Member& e);
    /// `.shape[d]` / `.strides[d]` for a dimension known at compile time.
    Id shape_of(const ArrayValue& a, int d);
    Id stride_of(const ArrayValue& a, int d);
    Id emit_atomic(const ast::Call& e);
    /// The atomic `e` on the element at `pointer`, with its value operands evaluated.
    Id emit_atomic_op(const ast::Call& e, const ArrayValue& a, Id pointer, Id value, Id desired);

    /// Notes that the kernel may write `a` (a store, an atomic, a call that receives it).
    void note_written(const ArrayValue& a);

    // -- emit_variant.cpp: what kernel variants assume (32-bit indices, no aliasing, range) ----
    /// Notes what range guards need of a `let` in the kernel: the work-item dimension it holds
    /// when its value is global_id(d) in full (64-bit).
    void note_global_id_var(const ast::VarDecl& s);
    /// For a comparison that is a range guard (KernelAbi::range_guards): notes it in the ABI, and
    /// in an InRange variant returns its value there (true for `<`, false for `>=`); nullopt
    /// otherwise (emit the comparison).
    std::optional<bool> range_guard(const ast::Binary& e);
    /// Whether accesses to `a` compute their offsets in 32 bits here.
    bool uses_index32(const ArrayValue& a) const;
    /// The element pointer of `a[indices]` with the offset computed in i32 (Index32 variants).
    Id element_pointer_32(ArrayValue& a, std::span<const ast::ExprPtr> indices);
    /// The low 32 bits of integer expression `e` (used as an index), computed in i32 where the
    /// arithmetic allows (+, -, * and negation wrap alike in every width of 32 bits or more).
    Id index_32(const ast::Expr& e);
    Id emit_float_atomic_loop(ast::BinaryOp op, Id int_pointer, Id value, DType t, Id scope,
                              Id semantics);

    // -- emit_bounds_check.cpp (EmitOptions::check_bounds) -------------------------------------
    bool checks_bounds() const { return m_.options.check_bounds; }
    /// The i64 values of an access's indices (a tuple of atomic indices gives one per element).
    std::vector<Id> index_values(std::span<const ast::ExprPtr> indices);
    /// Whether each index is inside its dimension (unsigned compare: negatives are outside),
    /// and whether all are.
    struct IndexCheck {
        std::vector<Id> dim_ok;
        Id all_ok = 0;
    };
    IndexCheck check_indices(const ArrayValue& a, std::span<const Id> indices);
    /// Numbers an access for the bounds record (ModuleContext::bounds_sites).
    std::uint32_t add_bounds_site(const ArrayValue& a, BoundsSite::Access access,
                                  source::SourceRange range);
    /// Branches on `check`: `access(pointer to the element)` inside the shape; outside, the
    /// report of site `site` (none when `site` is unset: reported already).
    /// Returns the access's value, or `skipped` outside the shape, as a value of `type` (no value
    /// when `type` is 0).
    /// `reported`: the indices a report names, when not `indices` (a tile's far corner).
    Id guarded_access(ArrayValue& a, std::span<const Id> indices, const IndexCheck& check,
                      std::optional<std::uint32_t> site, Id type, Id skipped,
                      const std::function<Id(Id)>& access, std::span<const Id> reported = {});
    /// Whether the rows x cols tile of 2-d `a` at `origin` is inside, per dimension and in all;
    /// `reported`: the indices a report names (the far corner where the origin is inside).
    IndexCheck check_tile(const ArrayValue& a, std::span<const Id> origin, int rows, int cols,
                          std::vector<Id>* reported);
    /// Records the first dimension `check` found outside (record_out_of_bounds).
    void report_out_of_bounds(const ArrayValue& a, std::span<const Id> indices,
                              const IndexCheck& check, std::uint32_t site);
    /// The first caller of a launch claims the bounds record (compare-exchange of its first
    /// 32-bit word from 0 to 1) and writes site, dimension, index, extent and its global id
    /// (BoundsRecordLayout); later callers change nothing.
    void record_out_of_bounds(Id site, Id dim, Id index, Id extent);
    /// `a[indices]` read with a check (a read outside yields 0).
    Id checked_load(ArrayValue& a, std::span<const ast::ExprPtr> indices,
                    source::SourceRange range);
    /// `a[indices] = value` or `a[indices] op= value` with checks (outside: the read yields 0,
    /// the write is dropped; `new_value` is evaluated either way).
    void checked_assign(ArrayValue& a, std::span<const ast::ExprPtr> indices, bool compound,
                        const std::function<Id(Id)>& new_value, source::SourceRange range);
    /// The atomic `e` with a check (outside: nothing is changed and the old value is 0).
    Id checked_atomic(const ast::Call& e, ArrayValue& a);

    // -- emit_matrix.cpp: cooperative matrices (SPV_KHR_cooperative_matrix) --------------------
    Id emit_matrix(const ast::Call& e);
    /// matrix_load / matrix_store at `origin` of `a`: the tile's pointer, layout and stride go to
    /// `access`; in bounds-checked mode the whole tile must be inside (else the access is
    /// skipped, a load gives zeros, and the far corner is reported).
    /// `access` gets the pointer to the tile's first element, the layout, the stride and the
    /// tile's origin (i64 row and column).
    using MatrixAccess = std::function<Id(Id pointer, Id layout, Id stride, std::span<const Id>)>;
    Id matrix_access(const ast::Call& e, ArrayValue& a, const types::Type* matrix, Id type,
                     const MatrixAccess& access);
    /// `scalar` applied element by element to `args` (matrices of type `t`, where `is_matrix`,
    /// else scalars of its element type): a matrix of type `t`.
    Id matrix_map(const types::Type* t, std::span<const Id> args, std::span<const bool> is_matrix,
                  const std::function<Id(std::span<const Id>)>& scalar);
    /// A math builtin call whose result is a matrix: `scalar` on each element's arguments.
    Id emit_matrix_math(const ast::Call& e, const std::function<Id(std::span<const Id>)>& scalar);
    /// `+`, `-`, `*`, `/` and negation with matrix operands, element by element.
    Id emit_matrix_arithmetic(const ast::Binary& e);
    /// `l op r` for a result of matrix type `t`; `lm` / `rm`: which operands are matrices (the
    /// other is a scalar of the element type).
    Id matrix_binary(ast::BinaryOp op, const types::Type* t, Id l, Id r, bool lm, bool rm);
    Id emit_matrix_negation(const ast::Unary& e);
    /// Whether the target multiplies matrices of type `t` (an error names the device's types).
    bool check_matrix_type(const types::Type* t, const ast::Call& e);
    /// Whether matrix units accumulate `factor`'s elements in `acc`'s (i32 for 8-bit integers,
    /// f32 for floats; any pairing where matrices are emulated); false with an error at the
    /// accumulator argument otherwise.
    bool accumulator_fits(const types::Type* factor, const types::Type* acc, const ast::Call& e);
    /// Whether matrices are the target's (SPV_KHR_cooperative_matrix) or emulated: on a target
    /// without them a matrix is an array of rows * cols elements that every work item of the
    /// sub-group (or work-group) holds whole, and the builtins are loops (matrix_emulation.cpp).
    bool native_matrices() const;
    /// The pointer to element `e` (row-major number) of the tile of `a` at `origin` of type `m`.
    Id tile_element(ArrayValue& a, const types::Type* m, std::span<const Id> origin, Id e);
    /// f32 `x` rounded to tf32 (to nearest, ties away from zero; NaN and infinity kept), as
    /// integer operations on its bits: what a tf32 matrix's loads and fills do.
    Id round_to_tf32(Id x);
    /// body(e, slot) for each element of an emulated `m` this work item holds: e its row-major
    /// number in the tile, slot its index in the work item's array (ModuleContext::
    /// emulated_length): every element of a sub-group's matrix, a work item's share of a
    /// work-group's.
    void for_each_held(const types::Type* m, const std::function<void(Id e, Id slot)>& body);
    /// Loads this work item's elements of the tile into the type's first scratch array; returns
    /// that variable.
    Id emulated_load_into(ArrayValue& a, const types::Type* m, std::span<const Id> origin);
    /// Writes each element once per sub-group (per work-group for a work-group's matrix), spread
    /// over its work items.
    void emulated_store(ArrayValue& a, const types::Type* m, Id value, std::span<const Id> origin);
    Id emulated_mad(const types::Type* a, const types::Type* b, const types::Type* c, Id x, Id y,
                    Id z);
    /// Function variable `slot` of array type `type`, one per function: an emulated operation's
    /// scratch, dead once it returns its value, so operations share them (private memory limits
    /// a kernel's work-group size on CPU drivers).
    Id matrix_scratch(Id type, int slot);
    /// for (i = begin; i < end; i += step) body(i), over i64 values, as a structured loop.
    void counted_loop(Id begin, Id end, Id step, const std::function<void(Id)>& body);

    struct Binding {
        enum class Kind : std::uint8_t { None, Value, Variable, Array } kind = Kind::None;
        Id id = 0;  // Value: the value; Variable: the pointer
        Id type = 0;
        ArrayValue array;
    };
    struct LoopTargets {
        Id merge = 0;
        Id cont = 0;
    };

    ModuleContext& m_;
    const sema::FunctionInstance& fn_;
    const bool is_kernel_;
    KernelAbi* abi_;
    FunctionInfo& info_;

    std::vector<std::uint32_t> params_;     // OpFunction + OpFunctionParameter
    std::vector<std::uint32_t> variables_;  // OpVariable at the top of the entry block
    std::vector<std::uint32_t> prologue_;   // entry-block loads of builtins, param conversions
    std::vector<std::uint32_t> body_;       // the rest of the entry block and all other blocks
    Id entry_label_ = 0;
    Id current_label_ = 0;
    bool terminated_ = false;
    Id last_result_ = 0;
    const ast::Stmt* current_stmt_ = nullptr;

    std::vector<Binding> bindings_;  // by VarSymbol id
    /// Kernels: the global array parameter each parameter VarSymbol id is (range guards).
    std::vector<std::pair<std::uint32_t, std::uint32_t>> param_of_var_;
    /// Kernels: the dimension of each `let` VarSymbol id that holds global_id(d) (range guards).
    std::vector<std::pair<std::uint32_t, std::uint32_t>> global_id_dim_of_var_;
    std::vector<LoopTargets> loops_;
    std::map<std::pair<Id, int>, Id> matrix_scratch_;
    /// A pointer to the words of ModuleContext::matrix_share_words (0 without them).
    Id matrix_share_ = 0;
    /// The bounds record parameter (check_bounds only).
    Id bounds_record_ = 0;
    Id copies_event_ = 0;
    /// The Function variable wait_copies(e) hands OpGroupWaitEvents (0 until one is made).
    Id waited_event_ = 0;
    /// Builtin vectors loaded once in the entry block, by builtin.
    std::vector<std::pair<spv::BuiltIn, Id>> builtin_loads_;
};

}  // namespace dpk::compiler::spirv
