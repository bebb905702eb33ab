#include "compiler/spirv/module_builder.h"

#include <algorithm>
#include <cassert>
#include <limits>

#include "core/spirv_bfloat16.h"
#include "core/spirv_cooperative_matrix.h"
#include "core/spirv_features.h"

namespace dpk::compiler::spirv {

namespace {

constexpr std::uint32_t kSchema = 0;
constexpr std::uint32_t kBitsPerWord = 32;
/// Vectors longer than this need the Vector16 capability.
constexpr std::uint32_t kMaxPlainVector = 4;

std::uint64_t mask_to_width(std::uint64_t bits, std::uint32_t width) {
    if (width >= 64) return bits;
    return bits & ((std::uint64_t{1} << width) - 1);
}

}  // namespace

ModuleBuilder::ModuleBuilder(TargetProfile target) : target_(std::move(target)) {}

std::size_t ModuleBuilder::KeyHash::operator()(const Key& k) const noexcept {
    std::size_t h = k.size();
    for (std::uint32_t w : k) h = h * 1000003u ^ w;  // FNV-like mix; only used for lookup
    return h;
}

bool ModuleBuilder::require(spv::Capability c, std::string_view why) {
    if (has_capability(c)) return true;
    if (!target_.supports(c)) {
        add_error(target_.missing_capability(c, why));
        return false;
    }
    capabilities_.push_back({c, std::string(why)});
    encode(section(Section::Capabilities), spv::Op::OpCapability, {operand(c)});
    if (const FeatureCapability* fc = feature_capability(c))
        note_feature(fc->feature,
                     "capability " + std::string(fc->name) + " for " + std::string(why));
    return true;
}

bool ModuleBuilder::require_feature(DeviceFeature f, std::string_view why) {
    if (target_.has(f)) {
        note_feature(f, std::string(why));
        return true;
    }
    // One error per missing feature, at its first use: the cause is the device, not each call.
    if (std::find(missing_features_.begin(), missing_features_.end(), f) ==
        missing_features_.end()) {
        missing_features_.push_back(f);
        add_error(target_.missing_feature(f, why));
    }
    return false;
}

void ModuleBuilder::note_feature(DeviceFeature f, std::string why) {
    auto& slot = feature_why_[static_cast<std::size_t>(f)];
    if (!slot) slot = std::move(why);
}

std::vector<FeatureRequirement> ModuleBuilder::feature_requirements() const {
    std::vector<FeatureRequirement> out;
    for (DeviceFeature f : kDeviceFeatures)
        if (const auto& why = feature_why_[static_cast<std::size_t>(f)]) out.push_back({f, *why});
    return out;
}

void ModuleBuilder::add_error(std::string message) {
    if (std::find(errors_.begin(), errors_.end(), message) == errors_.end())
        errors_.push_back(std::move(message));
}

bool ModuleBuilder::has_capability(spv::Capability c) const {
    return std::any_of(capabilities_.begin(), capabilities_.end(),
                       [c](const CapabilityUse& u) { return u.capability == c; });
}

void ModuleBuilder::require_extension(std::string_view name) {
    if (std::find(extensions_.begin(), extensions_.end(), name) != extensions_.end()) return;
    extensions_.emplace_back(name);
    Instruction(spv::Op::OpExtension).string(name).encode_to(section(Section::Extensions));
}

Id ModuleBuilder::ext_inst_import(std::string_view set) {
    if (auto it = ext_imports_.find(set); it != ext_imports_.end()) return it->second;
    Id id = next_id();
    ext_imports_.emplace(std::string(set), id);
    Instruction(spv::Op::OpExtInstImport)
        .word(id)
        .string(set)
        .encode_to(section(Section::ExtInstImports));
    return id;
}

void ModuleBuilder::memory_model(spv::AddressingModel addressing, spv::MemoryModel memory) {
    auto& s = section(Section::MemoryModel);
    s.clear();  // exactly one OpMemoryModel
    encode(s, spv::Op::OpMemoryModel, {operand(addressing), operand(memory)});
}

void ModuleBuilder::entry_point(spv::ExecutionModel model, Id function, std::string_view name,
                                std::span<const Id> interface) {
    Instruction(spv::Op::OpEntryPoint)
        .word(model)
        .word(function)
        .string(name)
        .words(interface)
        .encode_to(section(Section::EntryPoints));
}

void ModuleBuilder::execution_mode(Id function, spv::ExecutionMode mode,
                                   std::initializer_list<std::uint32_t> literals) {
    Instruction inst(spv::Op::OpExecutionMode);
    inst.word(function).word(mode).words({literals.begin(), literals.size()});
    inst.encode_to(section(Section::ExecutionModes));
}

void ModuleBuilder::name(Id target, std::string_view name) {
    Instruction(spv::Op::OpName).word(target).string(name).encode_to(section(Section::DebugNames));
}

void ModuleBuilder::decorate(Id target, spv::Decoration decoration,
                             std::initializer_list<std::uint32_t> literals) {
    Instruction inst(spv::Op::OpDecorate);
    inst.word(target).word(decoration).words({literals.begin(), literals.size()});
    inst.encode_to(section(Section::Annotations));
}

Id ModuleBuilder::intern(std::unordered_map<Key, Id, KeyHash>& map, Key key, bool typed) {
    if (auto it = map.find(key); it != map.end()) return it->second;
    Id id = next_id();
    auto& s = section(Section::Globals);
    s.push_back(instruction_head(static_cast<spv::Op>(key[0]), key.size() + 1));
    const std::size_t first_operand = typed ? 2 : 1;
    if (typed) s.push_back(key[1]);
    s.push_back(id);
    s.insert(s.end(), key.begin() + static_cast<std::ptrdiff_t>(first_operand), key.end());
    map.emplace(std::move(key), id);
    return id;
}

Id ModuleBuilder::type_void() {
    return intern(types_, {operand(spv::Op::OpTypeVoid)});
}

Id ModuleBuilder::type_bool() {
    return intern(types_, {operand(spv::Op::OpTypeBool)});
}

Id ModuleBuilder::type_event() {
    return intern(types_, {operand(spv::Op::OpTypeEvent)});
}

Id ModuleBuilder::type_int(std::uint32_t width) {
    if (width == 8) require(spv::Capability::Int8, "8-bit integers (i8, u8, bool storage)");
    if (width == 16) require(spv::Capability::Int16, "16-bit integers (i16, u16)");
    if (width == 64) require(spv::Capability::Int64, "64-bit integers (i64, u64, indices)");
    constexpr std::uint32_t kSignless = 0;
    Id id = intern(types_, {operand(spv::Op::OpTypeInt), width, kSignless});
    scalar_widths_[id] = width;
    return id;
}

Id ModuleBuilder::type_float(std::uint32_t width) {
    if (width == 16) require(spv::Capability::Float16, "16-bit floats (f16)");
    if (width == 64) require(spv::Capability::Float64, "64-bit floats (f64)");
    Id id = intern(types_, {operand(spv::Op::OpTypeFloat), width});
    scalar_widths_[id] = width;
    float_types_.insert(id);
    return id;
}

Id ModuleBuilder::type_bfloat16() {
    require(spirv_khr::kCapabilityBFloat16Type, "bfloat16 floats (bf16)");
    require_extension(spirv_khr::kExtensionBFloat16);
    constexpr std::uint32_t kWidth = 16;
    Id id = intern(types_, {operand(spv::Op::OpTypeFloat), kWidth, spirv_khr::kFPEncodingBFloat16});
    scalar_widths_[id] = kWidth;
    float_types_.insert(id);
    bfloat16_type_ = id;
    return id;
}

Id ModuleBuilder::type_vector(Id component, std::uint32_t count) {
    if (count > kMaxPlainVector)
        require(spv::Capability::Vector16, "vectors of more than 4 components");
    return intern(types_, {operand(spv::Op::OpTypeVector), component, count});
}

Id ModuleBuilder::type_array(Id element, std::uint64_t length) {
    const bool fits32 = length <= std::numeric_limits<std::uint32_t>::max();
    Id length_type = type_int(fits32 ? kBitsPerWord : 2 * kBitsPerWord);
    Id length_id = constant(length_type, length);
    return intern(types_, {operand(spv::Op::OpTypeArray), element, length_id});
}

Id ModuleBuilder::type_cooperative_matrix(Id component, spv::Scope scope, std::uint32_t rows,
                                          std::uint32_t cols, std::uint32_t use,
                                          std::string_view why) {
    // A target without the feature has refused the builtin that made the matrix already.
    if (target_.has(DeviceFeature::CooperativeMatrix))
        require(spirv_khr::kCapabilityCooperativeMatrix, why);
    if (is_bfloat16_type(component))
        require(spirv_khr::kCapabilityBFloat16CooperativeMatrix, "cooperative matrices of bf16");
    require_extension(spirv_khr::kExtensionCooperativeMatrix);
    const Id u32 = type_int(kBitsPerWord);
    const Id held_by = constant(u32, operand(scope));
    const Id r = constant(u32, rows), c = constant(u32, cols), u = constant(u32, use);
    return intern(types_,
                  {operand(spirv_khr::kOpTypeCooperativeMatrix), component, held_by, r, c, u});
}

Id ModuleBuilder::type_pointer(spv::StorageClass storage, Id pointee) {
    return intern(pointer_types_, {operand(spv::Op::OpTypePointer), operand(storage), pointee});
}

Id ModuleBuilder::type_function(Id result, std::span<const Id> params) {
    Key key{operand(spv::Op::OpTypeFunction), result};
    key.insert(key.end(), params.begin(), params.end());
    return intern(function_types_, std::move(key));
}

std::uint32_t ModuleBuilder::scalar_width(Id type) const {
    auto it = scalar_widths_.find(type);
    return it == scalar_widths_.end() ? 0 : it->second;
}

Id ModuleBuilder::constant(Id type, std::uint64_t bits) {
    const std::uint32_t width = scalar_width(type);
    assert(width != 0 && "constant() needs a scalar int or float type made by this builder");
    bits = mask_to_width(bits, width);
    Key key{operand(spv::Op::OpConstant), type, static_cast<std::uint32_t>(bits)};
    if (width > kBitsPerWord) key.push_back(static_cast<std::uint32_t>(bits >> kBitsPerWord));
    const Id id = intern(constants_, std::move(key), true);
    constant_bits_.emplace(id, bits);
    return id;
}

std::optional<std::uint64_t> ModuleBuilder::constant_bits(Id id) const {
    auto it = constant_bits_.find(id);
    if (it == constant_bits_.end()) return std::nullopt;
    return it->second;
}

Id ModuleBuilder::constant_bool(bool value) {
    Id type = type_bool();
    return intern(constants_,
                  {operand(value ? spv::Op::OpConstantTrue : spv::Op::OpConstantFalse), type},
                  true);
}

Id ModuleBuilder::constant_null(Id type) {
    return intern(constants_, {operand(spv::Op::OpConstantNull), type}, true);
}

Id ModuleBuilder::global_variable(Id pointer_type, spv::StorageClass storage) {
    Id id = next_id();
    encode(section(Section::Globals), spv::Op::OpVariable, {pointer_type, id, operand(storage)});
    return id;
}

Id ModuleBuilder::string_constant(std::string_view bytes) {
    if (auto it = strings_.find(bytes); it != strings_.end()) return it->second;
    const Id i8 = type_int(8);
    const Id array = type_array(i8, bytes.size() + 1);
    Key elements{operand(spv::Op::OpConstantComposite), array};
    for (char c : bytes) elements.push_back(constant(i8, static_cast<unsigned char>(c)));
    elements.push_back(constant(i8, 0));
    const Id value = intern(constants_, std::move(elements), true);
    const Id id = next_id();
    encode(section(Section::Globals), spv::Op::OpVariable,
           {type_pointer(spv::StorageClass::UniformConstant, array), id,
            operand(spv::StorageClass::UniformConstant), value});
    decorate(id, spv::Decoration::Constant);
    strings_.emplace(std::string(bytes), id);
    return id;
}

Id ModuleBuilder::builtin_variable(spv::BuiltIn builtin, Id pointer_type) {
    if (auto it = builtins_.find(builtin); it != builtins_.end()) return it->second;
    Id id = global_variable(pointer_type, spv::StorageClass::Input);
    decorate(id, spv::Decoration::BuiltIn, {operand(builtin)});
    decorate(id, spv::Decoration::Constant);
    builtins_.emplace(builtin, id);
    builtin_order_.push_back(id);
    return id;
}

void ModuleBuilder::add_function(std::span<const std::uint32_t> words) {
    auto& s = section(Section::Functions);
    s.insert(s.end(), words.begin(), words.end());
}

std::vector<std::uint32_t> ModuleBuilder::finish(std::uint32_t version,
                                                 std::uint32_t generator) const {
    std::size_t total = 5;
    for (const auto& s : sections_) total += s.size();
    std::vector<std::uint32_t> out;
    out.reserve(total);
    out.push_back(spv::MagicNumber);
    out.push_back(version);
    out.push_back(generator);
    out.push_back(bound());  // written last: every id is allocated by now
    out.push_back(kSchema);
    for (const auto& s : sections_) out.insert(out.end(), s.begin(), s.end());
    return out;
}

}  // namespace dpk::compiler::spirv
