// ModuleBuilder: a SPIR-V module under construction, one instruction list per section of the
// logical layout, with interned types, constants, builtins and ext-inst imports.
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>
#include <initializer_list>
#include <map>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "compiler/spirv/instruction.h"
#include "compiler/spirv/target_profile.h"
#include "dpk/core/kernel_abi.h"

namespace dpk::compiler::spirv {

/// Sections of the SPIR-V logical module layout (spec 2.4), in the order they are written.
enum class Section : std::uint8_t {
    Capabilities,
    Extensions,
    ExtInstImports,
    MemoryModel,
    EntryPoints,
    ExecutionModes,
    DebugNames,   // OpName, OpMemberName
    Annotations,  // OpDecorate, OpMemberDecorate
    Globals,      // types, constants, module-scope variables
    Functions,
    Count,
};

/// Builds one SPIR-V module. Everything that can be shared is interned, and the interning maps
/// only index instructions already written in insertion order, so equal inputs give equal bytes.
class ModuleBuilder {
public:
    explicit ModuleBuilder(TargetProfile target = TargetProfile::opencl());

    /// A fresh result id.
    Id next_id() { return next_id_++; }
    /// One more than the largest id handed out (the header's bound).
    std::uint32_t bound() const { return next_id_; }

    // -- capabilities, extensions, errors ------------------------------------------------------

    /// Declares `c` once (the first `why` is kept). Returns false, and records an error, when the
    /// target does not support it.
    bool require(spv::Capability c, std::string_view why);
    /// Checks that the target's device has feature `f` (sub-groups, ...). Returns false when it
    /// has not, and records an error naming the device and `why` the first time. Declares
    /// nothing: callers require the feature's capabilities where the instructions need them.
    bool require_feature(DeviceFeature f, std::string_view why);
    /// Capabilities in declaration order with why they are needed.
    const std::vector<CapabilityUse>& capabilities() const { return capabilities_; }
    /// The optional device features the module needs (through a capability or a require_feature
    /// that the target granted), once each in feature order, with the first reason: what the
    /// runtime checks a device against without scanning the SPIR-V.
    std::vector<FeatureRequirement> feature_requirements() const;
    bool has_capability(spv::Capability c) const;
    /// Declares an OpExtension once.
    void require_extension(std::string_view name);
    /// Problems found while building (capabilities and features the target lacks).
    const std::vector<std::string>& errors() const { return errors_; }
    const TargetProfile& target() const { return target_; }

    // -- module-level instructions -------------------------------------------------------------

    /// The id of an OpExtInstImport for `set` ("OpenCL.std"), imported once.
    Id ext_inst_import(std::string_view set);
    void memory_model(spv::AddressingModel addressing, spv::MemoryModel memory);
    void entry_point(spv::ExecutionModel model, Id function, std::string_view name,
                     std::span<const Id> interface);
    void execution_mode(Id function, spv::ExecutionMode mode,
                        std::initializer_list<std::uint32_t> literals = {});
    /// OpName (debug name) of an id.
    void name(Id target, std::string_view name);
    void decorate(Id target, spv::Decoration decoration,
                  std::initializer_list<std::uint32_t> literals = {});

    // -- types (interned) ----------------------------------------------------------------------

    Id type_void();
    Id type_bool();
    Id type_event();
    /// An integer type of `width` bits, signedness 0 (the Kernel convention: opcodes carry sign).
    /// Widths 8, 16 and 64 require Int8, Int16 and Int64.
    Id type_int(std::uint32_t width);
    /// A float type; widths 16 and 64 require Float16 and Float64.
    Id type_float(std::uint32_t width);
    /// OpTypeFloat 16 BFloat16KHR (SPV_KHR_bfloat16; declares its capability and extension).
    Id type_bfloat16();
    Id type_vector(Id component, std::uint32_t count);
    /// OpTypeArray of `length` elements (the length constant is interned as a 32-bit int when it
    /// fits, else 64-bit).
    Id type_array(Id element, std::uint64_t length);
    Id type_pointer(spv::StorageClass storage, Id pointee);
    Id type_function(Id result, std::span<const Id> params);
    /// OpTypeCooperativeMatrixKHR of `component` held by `scope`, Subgroup or Workgroup
    /// (SPV_KHR_cooperative_matrix; declares its capability and extension).
    Id type_cooperative_matrix(Id component, spv::Scope scope, std::uint32_t rows,
                               std::uint32_t cols, std::uint32_t use, std::string_view why);
    /// Bit width of a scalar int/float type made here (0 for other types).
    std::uint32_t scalar_width(Id type) const;
    bool is_float_type(Id type) const { return float_types_.contains(type); }
    bool is_bfloat16_type(Id type) const { return bfloat16_type_ && type == bfloat16_type_; }

    // -- constants (interned) ------------------------------------------------------------------

    /// A scalar int or float constant from its bit pattern (masked to the type's width).
    Id constant(Id type, std::uint64_t bits);
    Id constant_bool(bool value);
    Id constant_null(Id type);
    /// The bit pattern of `id` when it is a scalar int or float constant made by constant().
    std::optional<std::uint64_t> constant_bits(Id id) const;

    // -- module-scope variables ----------------------------------------------------------------

    /// A module-scope OpVariable (not interned: each call is a new variable).
    Id global_variable(Id pointer_type, spv::StorageClass storage);
    /// The Input variable of builtin `builtin` with type `pointer_type`, created once and
    /// decorated BuiltIn + Constant (the OpenCL SPIR-V convention).
    Id builtin_variable(spv::BuiltIn builtin, Id pointer_type);
    /// A UniformConstant array of i8 holding `bytes` and a terminating 0 (a printf format), made
    /// once per text and decorated Constant; the result is the variable.
    Id string_constant(std::string_view bytes);
    /// Builtin variables in creation order (they belong in each entry point's interface).
    const std::vector<Id>& builtin_variables() const { return builtin_order_; }

    // -- functions -----------------------------------------------------------------------------

    /// Appends a finished function (OpFunction ... OpFunctionEnd).
    void add_function(std::span<const std::uint32_t> words);

    /// Raw access to a section, for instructions without a helper.
    std::vector<std::uint32_t>& section(Section s) { return sections_[static_cast<int>(s)]; }
    const std::vector<std::uint32_t>& section(Section s) const {
        return sections_[static_cast<int>(s)];
    }

    /// The module: header (magic, version, generator, bound, schema) then every section in
    /// layout order. `version` is the header's version word (0x00010000 for SPIR-V 1.0).
    std::vector<std::uint32_t> finish(std::uint32_t version, std::uint32_t generator = 0) const;
    /// The module needs at least SPIR-V `version` (GroupNonUniform* instructions: 1.3).
    void require_version(std::uint32_t version) { min_version_ = std::max(min_version_, version); }
    /// The lowest version the module's instructions allow (0: any).
    std::uint32_t min_version() const { return min_version_; }

private:
    /// Structural key of a type or constant instruction: opcode and operands without result id.
    using Key = std::vector<std::uint32_t>;
    struct KeyHash {
        std::size_t operator()(const Key& k) const noexcept;
    };
    /// Looks `key` up in `map`; on a miss writes the instruction to the globals section: opcode
    /// key[0], then a new result id and key[1..] — for constants (`typed`) key[1] is the result
    /// type, which comes before the result id.
    Id intern(std::unordered_map<Key, Id, KeyHash>& map, Key key, bool typed = false);
    /// Records an error once (the same message from several uses is reported once).
    void add_error(std::string message);
    /// Keeps the first reason a feature is needed.
    void note_feature(DeviceFeature f, std::string why);

    TargetProfile target_;
    Id next_id_ = 1;
    std::uint32_t min_version_ = 0;
    std::vector<std::uint32_t> sections_[static_cast<int>(Section::Count)];
    std::vector<CapabilityUse> capabilities_;
    std::vector<std::string> extensions_;
    std::vector<std::string> errors_;
    std::vector<DeviceFeature> missing_features_;  // reported once each
    std::array<std::optional<std::string>, kDeviceFeatures.size()> feature_why_;
    std::map<std::string, Id, std::less<>> ext_imports_;
    std::unordered_map<Key, Id, KeyHash> types_;
    std::unordered_map<Key, Id, KeyHash> pointer_types_;
    std::unordered_map<Key, Id, KeyHash> function_types_;
    std::unordered_map<Key, Id, KeyHash> constants_;
    std::map<std::string, Id, std::less<>> strings_;
    std::unordered_map<Id, std::uint64_t> constant_bits_;
    std::unordered_map<Id, std::uint32_t> scalar_widths_;
    std::unordered_set<Id> float_types_;
    Id bfloat16_type_ = 0;  // type_bfloat16's, once made
    std::map<spv::BuiltIn, Id> builtins_;
    std::vector<Id> builtin_order_;
};

}  // namespace dpk::compiler::spirv
