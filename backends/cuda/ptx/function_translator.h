// FunctionTranslator: one SPIR-V kernel -> one PTX .entry, the functions it calls inlined. The
// instruction selection is split by family over the select_*.cpp files; this header is the one
// class they share.
#pragma once

#include <array>
#include <optional>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "backends/cuda/ptx/known_zeros.h"
#include "backends/cuda/ptx/ptx_ir.h"
#include "backends/cuda/ptx/ptx_translator.h"
#include "backends/cuda/ptx/ptx_types.h"
#include "backends/cuda/ptx/shared_swizzle.h"
#include "backends/cuda/ptx/spirv_module.h"

namespace dpk::backends::cuda {

/// What the module's translation shares with each function's.
struct ModuleState {
    const SpirvModule& module;
    PtxTarget target;
    std::set<Id> kernel_functions;             // the entry points' functions
    std::map<Id, std::string> shared_symbols;  // Workgroup OpVariables: their .shared name
    std::vector<std::string> math_symbols;     // math library functions called, first use first
    /// UniformConstant OpVariables (printf formats and the strings they print): their .global
    /// name.
    std::map<Id, std::string> string_symbols;
    bool uses_dynamic_shared = false;
    bool uses_vprintf = false;
    bool uses_bounds_claim = false;  // kBoundsClaimFunction is called
    /// The work-group arrays laid out swizzled (shared_swizzle.h) and the pointers into them.
    SharedSwizzle swizzle;
    /// Each integer value's low bits known to be zero (known_zeros.h).
    std::map<Id, std::uint32_t> low_zeros;
};

/// The function that claims a bounds-checked kernel's record (a compare-and-swap on its first
/// word), called rather than inlined: ptxas at -O1 and above (and the driver's JIT) miscompiled
/// a kernel whose out-of-bounds branches held the claim inline (tests/difftest/cases/cuda/k02;
/// right with the claim in a function of its own, measured on an H100).
inline constexpr std::string_view kBoundsClaimFunction = "__dpk_bounds_claim";
/// Its definition (PTX).
inline constexpr std::string_view kBoundsClaimDefinition =
    ".func (.reg .b32 old) __dpk_bounds_claim(.reg .b64 record, .reg .b32 expected, "
    ".reg .b32 desired)\n{\n\tatom.relaxed.gpu.global.cas.b32 \told, [record], expected, "
    "desired;\n\tret;\n}\n";

/// A BuiltIn for messages ("WorkDim", or its number).
std::string builtin_text(spv::BuiltIn b);

/// The name of the extern .shared array that LocalBuffer kernel parameters point into.
inline constexpr std::string_view kDynamicSharedSymbol = "__dpk_dynamic_shared";

class FunctionTranslator {
public:
    /// `function` is the entry point `entry`'s.
    FunctionTranslator(ModuleState& state, const SpirvFunction& function,
                       const SpirvEntryPoint& entry);

    /// The function's PTX: its .entry header, declarations and instructions. Throws
    /// PtxTranslationError.
    PtxItems translate();

    /// The kernel's parameters, valid after translate() of a kernel.
    const std::vector<PtxParam>& kernel_params() const { return kernel_params_; }
    /// Workgroup variables the kernel uses, in the functions it calls included.
    const std::set<Id>& shared_variables() const { return shared_used_; }

private:
    // ---- values, registers, emission (function_translator.cpp)
    std::string new_reg(RegClass c);
    /// The register of `inst`'s result, allocated on first request.
    std::string def(const SpirvInstruction& inst);
    /// The register holding value `id`: constants and variable addresses are materialized in
    /// the prologue on first use.
    std::string use(Id id);
    /// The type of value `id`.
    /// Whether `inst` computes on bf16 values (which SPV_KHR_bfloat16 does not allow).
    bool computes_on_bf16(const SpirvInstruction& inst) const;
    Id type_of(Id id) const;
    /// The scalar type `type`; unsupported(inst) when it is not one.
    Scalar scalar(Id type, const SpirvInstruction& inst);
    Scalar value_scalar(Id id, const SpirvInstruction& inst) { return scalar(type_of(id), inst); }
    /// Value `id` (an integer) in a full register: 8/16-bit values sign- or zero-extended to 32
    /// bits; 32/64-bit values as they are.
    std::string extended(Id id, bool is_signed, const SpirvInstruction& inst);
    /// Same, but a 32- or 64-bit integer constant as an immediate: for an instruction's last
    /// source operand, where ptxas folds it (a division by a constant becomes a multiply or a
    /// shift; in a register it is a 64-bit division routine).
    std::string extended_or_immediate(Id id, bool is_signed, const SpirvInstruction& inst);
    /// -x, 0 - x or x * -1 of 32 bits or fewer as ~x + 1 (select_integer.cpp says why); false
    /// for any other instruction.
    bool negate_as_complement(const SpirvInstruction& inst, const Scalar& s);
    /// Division or remainder of `a` (the dividend, extended) by a constant power of two as
    /// shifts and masks (select_integer.cpp); false when the divisor is not one.
    bool divide_by_power_of_two(const SpirvInstruction& inst, const Scalar& s, const std::string& a,
                                bool is_signed, bool is_div);
    /// `value` (8/16-bit in a 32-bit register) extended in place into a new register.
    std::string extend_reg(const std::string& value, const Scalar& s, bool is_signed);
    /// The literal value of constant `id`, or nullopt when `id` is not an OpConstant.
    std::optional<std::uint64_t> constant_value(Id id) const;
    void emit(const std::string& opcode, std::initializer_list<PtxOperand> args);
    /// `opcode` under a predicate: guard "@%p1" or "@!%p1".
    void emit_if(const std::string& guard, const std::string& opcode,
                 std::initializer_list<PtxOperand> args);
    void emit_label(std::string name) {
        body_.push_back(PtxItem::label(std::move(name)));
        wgmma_words_.clear();  // packed in a block that may not lead here
    }
    /// The label of block `block`, where a batch of wgmma carried here may still be in flight.
    void begin_block(Id block);
    /// A line printed as it is: the braces, .param declarations and call of a call block.
    void emit_verbatim(std::string text) { body_.push_back(PtxItem::verbatim(std::move(text))); }
    void emit_prologue(const std::string& opcode, std::initializer_list<PtxOperand> args);
    std::string where() const;
    [[noreturn]] void unsupported(const SpirvInstruction& inst, const std::string& why) const;
    void translate_instruction(const SpirvInstruction& inst);
    void translate_parameters();
    /// Marks `function`'s scalar Function variables that only loads and stores use: they live
    /// in registers.
    /// Stores `object` through `pointer` (a promoted variable's register or memory); `inst`
    /// names the instruction in errors.
    void store(const SpirvInstruction& inst, Id pointer, Id object, std::uint32_t alignment,
               bool is_volatile);
    void scan_function_variables(const SpirvFunction& function);
    /// OpFunctionCall: the callee's body in place (select_control_flow.cpp), with labels of its
    /// own, its parameters bound to the arguments and its returns branching past it. Device
    /// functions are always inlined, as nvcc does: ptxas miscompiled generated kernels with
    /// calls, barriers and atomics (docs/cuda.md, "Barriers"), and a call costs CALL/RET and the
    /// registers kept across it.
    void inline_call(const SpirvInstruction& inst);

    // ---- families (select_*.cpp); each returns false for an opcode it does not handle
    bool select_integer(const SpirvInstruction& inst);       // select_integer.cpp
    bool select_float(const SpirvInstruction& inst);         // select_float.cpp
    bool select_logic(const SpirvInstruction& inst);         // select_logic.cpp
    bool select_conversion(const SpirvInstruction& inst);    // select_conversion.cpp
    bool select_memory(const SpirvInstruction& inst);        // select_memory.cpp
    bool select_group_copy(const SpirvInstruction& inst);    // select_memory.cpp
    bool select_control_flow(const SpirvInstruction& inst);  // select_control_flow.cpp
    bool select_atomic(const SpirvInstruction& inst);        // select_atomic.cpp
    bool select_barrier(const SpirvInstruction& inst);       // select_atomic.cpp
    bool select_sub_group(const SpirvInstruction& inst);     // select_sub_group.cpp
    bool select_vote(const SpirvInstruction& inst);          // select_sub_group.cpp
    bool select_ext_inst(const SpirvInstruction& inst);      // select_ext_inst.cpp
    void select_printf(const SpirvInstruction& inst);        // select_printf.cpp
    /// Cooperative matrices: the instructions that make, take or hold one.
    bool select_matrix(const SpirvInstruction& inst);  // select_matrix.cpp

    // ---- helpers shared between families
    /// `d = a OP b` for OpFAdd, OpFSub, OpFMul or OpFDiv on registers of float `s`
    /// (select_float.cpp).
    void float_binary(spv::Op op, const Scalar& s, const std::string& d, const std::string& a,
                      const std::string& b);
    /// A cooperative matrix value's registers (select_matrix.cpp): its work-item's elements.
    /// (as many as the type's per_item: 8, or 16 of an 8-bit integer factor).
    using Fragment = std::vector<std::string>;
    /// The registers of `inst`'s matrix result, allocated on first request.
    const Fragment& def_fragment(const SpirvInstruction& inst);
    /// The registers of matrix value `id` (a constant's made in the prologue on first use).
    const Fragment& use_fragment(Id id, const SpirvInstruction& inst);
    /// The use of matrix type `type`; unsupported(inst) when it is not a supported matrix.
    MatrixUse matrix_of(Id type, const SpirvInstruction& inst);
    /// OpCooperativeMatrixMulAddKHR of 8-bit integer factors (s8 x s8 or u8 x u8, by the
    /// Cooperative Matrix Operands `operands`) and an i32 accumulator: two mma.sync.m16n8k32.
    void select_integer_mad(const SpirvInstruction& inst, std::uint32_t operands);
    /// How a factor's elements fill the .b32 operand words of an mma.sync: one tf32 value (in
    /// an f32 register), two 16-bit or four 8-bit elements a word.
    enum class FactorWords : std::uint8_t { OneF32, TwoHalves, FourBytes };
    /// OpCooperativeMatrixMulAddKHR `inst` (operands A, B, C) as two `mma`, one per 8-column
    /// half of B, C and D: A's fragment as four words and each half of B's as two.
    void emit_mma_pair(const SpirvInstruction& inst, const std::string& mma,
                       FactorWords packing);
    /// f32 register `f` rounded to tf32 in place (cvt.rna.tf32.f32: to nearest, ties away).
    void round_to_tf32(const std::string& f);
    /// OpCooperativeMatrixMulAddKHR of Workgroup-scope matrices: one wgmma.mma_async of the
    /// warpgroup (A from this warp's registers, B through its descriptor), left in flight until
    /// close_wgmma().
    void select_wgmma(const SpirvInstruction& inst);
    /// The descriptor (a .b64 register) of the Workgroup-scope MatrixB that OpCooperativeMatrix-
    /// LoadKHR `inst` reads from work-group memory: wgmma reads the tile where it lies.
    std::string group_b_descriptor(const SpirvInstruction& inst, const spirv_khr::MatrixType& kind);
    /// 16 * this warp's place in its warpgroup (a .b64 register computed in the prologue): the
    /// first row of a Workgroup-scope A or accumulator that the warp holds.
    std::string warpgroup_rows();
    /// Whether `inst` may sit between two wgmma of one group: it writes no register a wgmma in
    /// flight reads and no memory (integer arithmetic, addresses, Workgroup-scope loads).
    bool keeps_wgmma_open(const SpirvInstruction& inst);
    /// Commits the wgmma in flight and waits for them (before anything reads their
    /// accumulators or work-group memory changes).
    void close_wgmma();
    /// barrier.sync 0, after fence.proxy.async where wgmma may read what this thread wrote to
    /// work-group memory (its stores and copies go through the generic proxy).
    void work_group_barrier();
    /// The kMatrixTypes entry of matrix type `type`; unsupported(inst) when it is none.
    const spirv_khr::MatrixType& matrix_kind(Id type, const SpirvInstruction& inst);
    /// Whether `inst` makes, reads or holds a matrix (only asked when the module has matrix
    /// types).
    bool involves_matrix(const SpirvInstruction& inst) const;
    /// Per-lane address arithmetic of OpCooperativeMatrixLoadKHR/StoreKHR: each element's
    /// address, as "[reg]" or "[reg+offset]"; `space` gets the state space, `paired` a predicate
    /// that holds when elements 2j and 2j + 1 are adjacent and aligned for one access of both
    /// ("" when the layout never makes them so).
    /// ldmatrix's operands for a load of f16 MatrixA or MatrixB from shared memory: the lane's
    /// row address ("[reg]"), whether the rows are transposed, and a predicate that holds when
    /// every row is 16-byte aligned (empty: known to be); `address` is empty where ldmatrix
    /// cannot apply.
    struct MatrixRows {
        std::string address;
        bool transposed = false;
        std::string aligned;
    };
    /// `rows` (optional, loads only) gets the ldmatrix operands where they apply.
    Fragment matrix_addresses(const SpirvInstruction& inst, Id pointer, Id layout, Id stride,
                              const spirv_khr::MatrixType& kind, const Scalar& element,
                              std::string* space, std::string* paired, MatrixRows* rows = nullptr);
    /// `d = a OP b` for an integer/float min/max/add or an integer and/or/xor, as sub-group
    /// combines and clamps use it.
    enum class Combine : std::uint8_t {
        IAdd,
        FAdd,
        SMin,
        UMin,
        FMin,
        SMax,
        UMax,
        FMax,
        And,
        Or,
        Xor
    };
    void combine(Combine c, const Scalar& s, const std::string& d, const std::string& a,
                 const std::string& b);
    /// Calls math library function `name` (an OpenCL.std name) on registers of scalar `s`.
    void call_math(const SpirvInstruction& inst, std::string_view name, const Scalar& s,
                   const std::string& result, const std::vector<std::string>& args);
    /// OpenCL round(): half-way cases away from zero, for a 32/64-bit float.
    void round_half_away(const Scalar& s, const std::string& d, const std::string& x);
    /// OpenCL's sign of a 32/64-bit float `x` into `d`.
    void sign(const Scalar& s, const std::string& d, const std::string& x);
    /// Phi copies for the edge from the current block to `target`, through temporaries.
    void emit_phi_copies(Id target, const SpirvInstruction& inst);
    std::string label(Id block) const;
    /// Work-item builtins (select_builtin.cpp): OpLoad of a BuiltIn Input variable.
    void load_builtin(const SpirvInstruction& inst, Id variable);
    /// Component `i` of a vector builtin, computed once in the prologue.
    std::string builtin_component(spv::BuiltIn builtin, std::size_t i);
    std::string special_u32(const std::string& sreg);
    std::string local_linear_id();
    /// The work-group's size in work-items (x * y * z), computed once in the prologue.
    std::string local_size_total();
    std::string sub_group_size();
    std::string sub_group_mask();
    /// A predicate, computed once in the prologue: the work-group's size is a multiple of the
    /// warp's, so every warp is whole (the launch's choice, the same in every work-item).
    std::string whole_warps();
    std::string lane_id();
    /// The address register of a pointer value and its state space ("global", ...).
    std::string address_of(Id pointer, const SpirvInstruction& inst, std::string* space);
    /// `address` (a register) of an access through `pointer`: where that points into a swizzled
    /// work-group array (shared_swizzle.h), the address its chunk has moved to; else itself.
    std::string mapped_address(Id pointer, const std::string& address);
    /// shared_swizzle.h's mapping of an address into a swizzled array (a new register).
    std::string swizzle_address(const std::string& address);

    ModuleState& state_;
    const SpirvModule& module_;
    const SpirvFunction& function_;
    const SpirvEntryPoint& entry_;
    Id current_block_ = 0;
    /// A call being inlined: the callee, the register of its result (none for void), the suffix
    /// of its copy's labels and the label its returns branch to.
    struct InlineFrame {
        Id function = 0;
        std::string result;
        std::string label_suffix;
        std::string done;
    };
    std::vector<InlineFrame> inline_frames_;  // innermost last
    std::uint32_t inlined_calls_ = 0;
    std::map<Id, const SpirvBlock*> blocks_;
    std::array<std::uint32_t, kRegClassCount> reg_counts_{};
    std::map<Id, std::string> regs_;                     // SSA value -> register
    std::map<Id, Id> types_;                             // SSA value -> type
    std::map<Id, spv::BuiltIn> builtin_vectors_;         // OpLoad of a vector builtin
    std::map<Id, std::string> ballots_;                  // a ballot -> its word 0 (a warp)
    std::map<Id, std::string> promoted_;                 // scalar Function variable -> register
    std::map<std::string, std::string> prologue_cache_;  // key -> register computed once
    std::vector<std::string> params_;                    // .param declarations
    std::vector<std::string> locals_;                    // .local declarations
    PtxItems prologue_;
    PtxItems body_;
    std::vector<PtxParam> kernel_params_;
    std::set<Id> shared_used_;
    /// Pointers into arrays that nothing writes while the kernel runs: a kernel parameter
    /// decorated NoAlias and NoWrite (a variant for launches whose arrays do not overlap) and
    /// the pointers derived from it. Loaded through the non-coherent cache (ld.global.nc).
    std::set<Id> read_only_pointers_;
    /// Pointers into shared memory whose address is known to be a multiple of a power of two
    /// (from the variable's alignment and the access chain's strides and constant offsets).
    std::map<Id, std::uint64_t> known_alignment_;
    /// The register counting the cp.async groups committed so far (a copy's event is the count
    /// after its own), 0 at the start.
    std::string copy_commits();
    /// The mask that takes a work-group copy's rotation modulo the local size: the local size
    /// less one where that is a power of two, else 0 (no rotation).
    std::string copy_rotation_mask();
    /// That multiple for `pointer` (1 when nothing is known).
    std::uint64_t alignment_known(Id pointer) const;
    /// The bounds record (the kernel parameter named BoundsRecordLayout::kParameterName) and the
    /// pointers derived from it: a compare-and-swap on it calls kBoundsClaimFunction.
    std::set<Id> bounds_record_pointers_;
    /// Cooperative matrix values and Function variables of matrix type -> their registers.
    std::map<Id, Fragment> fragments_;
    bool wgmma_open_ = false;  // wgmma issued and not yet committed and waited for
    std::set<std::string> wgmma_in_flight_;   // the accumulator registers of those wgmma
    /// A Workgroup-scope accumulator variable V updated in place by wgmma: `c = OpLoad V`,
    /// `d = mad(a, b, c)`, `OpStore V d` in one block, c and d used once, nothing else touching
    /// V between: the load and the store are V's registers themselves (they emit nothing).
    struct WgmmaChains {
        std::map<Id, Id> loads;                      // c -> V
        std::set<const SpirvInstruction*> stores;    // the OpStore V d
        std::map<Id, std::size_t> uses;              // how often each id is an operand
    };
    std::optional<WgmmaChains> wgmma_chains_;
    const WgmmaChains& wgmma_chains();
    /// Blocks that a batch of wgmma may enter still in flight, and blocks whose branch carries
    /// it there (plan_wgmma_carry).
    std::set<Id> wgmma_carried_, wgmma_carry_from_;
    bool wgmma_in_flight_unknown_ = false;  // entered a carried block: which registers is unknown
    std::map<Id, Id> function_variables_;   // the kernel's Function variables: their pointee
    /// Where a step's wgmma may stay in flight past the end of its block: from a block whose
    /// last products are followed by nothing that closes them, along unconditional branches and
    /// a loop header's branch (uniform: its loop holds work-group products), into blocks whose
    /// own instructions before their first closing one (a barrier, say) all keep it open, with
    /// no matrix phis on the way. Then the products of one step run while the next waits for
    /// its copies; the barrier closes them.
    void plan_wgmma_carry();
    /// keeps_wgmma_open without what only translation knows.
    bool keeps_wgmma_open_statically(const SpirvInstruction& inst);
    /// The .b32 words of each f16 / bf16 A fragment that wgmma has taken (packed once).
    std::map<Id, std::array<std::string, 4>> wgmma_words_;
    bool has_group_matrices_ = false;  // the module has Workgroup-scope matrix types
    std::set<Id> matrix_variables_;  // Function variables of matrix type (in fragments_)
    bool has_matrices_ = false;      // the module declares a cooperative matrix type
    /// The body being translated is the copy for whole warps (translate()): sub-group
    /// collectives take the constant member mask -1 and the sub-group size is 32.
    bool whole_warps_ = false;
    std::uint32_t labels_made_ = 0;
    std::uint32_t math_inlined_ = 0;  // math library bodies pasted so far (their tags)
};

/// Whether calls to math library function `symbol` are inlined (select_ext_inst.cpp): a leaf
/// (no call, no local depot); the module then needs its definition only if another library
/// function calls it.
bool math_inlined(std::string_view symbol);

/// Math library symbol `symbol`'s definition (a function or a data declaration) as PTX items,
/// parsed once per process; null when the library has no such symbol (select_ext_inst.cpp).
const PtxItems* ptx_math_items(std::string_view symbol);

}  // namespace dpk::backends::cuda
