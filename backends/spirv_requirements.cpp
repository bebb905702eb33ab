#include "backends/spirv_requirements.h"

#include <spirv/unified1/spirv.hpp11>

#include <array>
#include <optional>
#include <unordered_map>

#include "runtime/error.h"

namespace dpk::backends {

namespace {

constexpr std::size_t kHeaderWords = 5;
constexpr std::size_t kFeatureCount = 5;

/// A capability that needs an optional feature, with its spelling for messages.
struct FeatureCapability {
    spv::Capability capability;
    SpirvFeature feature;
    std::string_view name;
};

constexpr FeatureCapability kFeatureCapabilities[] = {
    {spv::Capability::Float64, SpirvFeature::Fp64, "Float64"},
    {spv::Capability::Float16, SpirvFeature::Fp16, "Float16"},
    {spv::Capability::Int64Atomics, SpirvFeature::Int64Atomics, "Int64Atomics"},
    {spv::Capability::Groups, SpirvFeature::SubGroups, "Groups"},
    {spv::Capability::GroupNonUniform, SpirvFeature::SubGroups, "GroupNonUniform"},
    {spv::Capability::GroupNonUniformVote, SpirvFeature::SubGroups, "GroupNonUniformVote"},
    {spv::Capability::GroupNonUniformArithmetic, SpirvFeature::SubGroups,
     "GroupNonUniformArithmetic"},
    {spv::Capability::GroupNonUniformBallot, SpirvFeature::SubGroups, "GroupNonUniformBallot"},
    {spv::Capability::GroupNonUniformShuffle, SpirvFeature::SubGroups, "GroupNonUniformShuffle"},
    {spv::Capability::GroupNonUniformShuffleRelative, SpirvFeature::SubGroups,
     "GroupNonUniformShuffleRelative"},
    {spv::Capability::GroupNonUniformClustered, SpirvFeature::SubGroups,
     "GroupNonUniformClustered"},
    {spv::Capability::SubgroupDispatch, SpirvFeature::SubGroups, "SubgroupDispatch"},
    {spv::Capability::SubgroupShuffleINTEL, SpirvFeature::SubGroupShuffle,
     "SubgroupShuffleINTEL"},
    {spv::Capability::SubgroupBufferBlockIOINTEL, SpirvFeature::SubGroupShuffle,
     "SubgroupBufferBlockIOINTEL"},
};

const FeatureCapability* feature_capability(spv::Capability c) {
    for (const FeatureCapability& f : kFeatureCapabilities)
        if (f.capability == c) return &f;
    return nullptr;
}

/// Sub-group builtins: usable under the Kernel capability alone, so no capability shows them.
std::optional<std::string_view> sub_group_builtin_name(spv::BuiltIn b) {
    switch (b) {
        case spv::BuiltIn::SubgroupSize: return "SubgroupSize";
        case spv::BuiltIn::SubgroupMaxSize: return "SubgroupMaxSize";
        case spv::BuiltIn::NumSubgroups: return "NumSubgroups";
        case spv::BuiltIn::NumEnqueuedSubgroups: return "NumEnqueuedSubgroups";
        case spv::BuiltIn::SubgroupId: return "SubgroupId";
        case spv::BuiltIn::SubgroupLocalInvocationId: return "SubgroupLocalInvocationId";
        default: return std::nullopt;
    }
}

/// Collects the first reason for each feature.
class Requirements {
public:
    void add(SpirvFeature f, std::string why) {
        auto& slot = why_[static_cast<std::size_t>(f)];
        if (!slot) slot = std::move(why);
    }
    std::vector<SpirvRequirement> list() const {
        std::vector<SpirvRequirement> out;
        for (std::size_t i = 0; i < kFeatureCount; ++i)
            if (why_[i]) out.push_back({static_cast<SpirvFeature>(i), *why_[i]});
        return out;
    }

private:
    std::array<std::optional<std::string>, kFeatureCount> why_;
};

}  // namespace

std::string_view spirv_feature_name(SpirvFeature f) {
    switch (f) {
        case SpirvFeature::Fp64: return "fp64";
        case SpirvFeature::Fp16: return "fp16";
        case SpirvFeature::Int64Atomics: return "int64_atomics";
        case SpirvFeature::SubGroups: return "sub_groups";
        case SpirvFeature::SubGroupShuffle: return "sub_group_shuffle";
    }
    return "?";
}

std::string_view spirv_feature_extension(SpirvFeature f) {
    switch (f) {
        case SpirvFeature::Fp64: return "cl_khr_fp64";
        case SpirvFeature::Fp16: return "cl_khr_fp16";
        case SpirvFeature::Int64Atomics: return "cl_khr_int64_base_atomics";
        case SpirvFeature::SubGroups: return "cl_khr_subgroups";
        case SpirvFeature::SubGroupShuffle: return "cl_intel_subgroups";
    }
    return "?";
}

bool device_has(const DeviceInfo& info, SpirvFeature f) {
    switch (f) {
        case SpirvFeature::Fp64: return info.has_fp64;
        case SpirvFeature::Fp16: return info.has_fp16;
        case SpirvFeature::Int64Atomics: return info.has_int64_atomics;
        case SpirvFeature::SubGroups: return info.has_sub_groups;
        case SpirvFeature::SubGroupShuffle: return info.has_sub_group_shuffle;
    }
    return false;
}

std::vector<SpirvRequirement> spirv_requirements(std::span<const std::uint32_t> words) {
    Requirements req;
    std::unordered_map<std::uint32_t, std::uint32_t> int_constants;  // id -> low word
    for (std::size_t i = kHeaderWords; i < words.size();) {
        const std::uint32_t count = words[i] >> spv::WordCountShift;
        if (count == 0 || i + count > words.size()) break;  // malformed: the validator reports it
        const auto op = static_cast<spv::Op>(words[i] & spv::OpCodeMask);
        const std::uint32_t* operands = words.data() + i + 1;
        switch (op) {
            case spv::Op::OpCapability:
                if (count >= 2) {
                    if (auto* f = feature_capability(static_cast<spv::Capability>(operands[0])))
                        req.add(f->feature, "capability " + std::string(f->name));
                }
                break;
            case spv::Op::OpDecorate:  // target, decoration, builtin
                if (count >= 4 && static_cast<spv::Decoration>(operands[1]) ==
                                      spv::Decoration::BuiltIn) {
                    if (auto name = sub_group_builtin_name(static_cast<spv::BuiltIn>(operands[2])))
                        req.add(SpirvFeature::SubGroups, "builtin " + std::string(*name));
                }
                break;
            case spv::Op::OpConstant:  // result type, result id, value
                if (count >= 4) int_constants[operands[1]] = operands[2];
                break;
            case spv::Op::OpControlBarrier: {  // execution scope, memory scope, semantics
                if (count < 2) break;
                auto scope = int_constants.find(operands[0]);
                if (scope != int_constants.end() &&
                    scope->second == static_cast<std::uint32_t>(spv::Scope::Subgroup))
                    req.add(SpirvFeature::SubGroups, "a sub-group barrier");
                break;
            }
            default: break;
        }
        i += count;
    }
    return req.list();
}

void check_spirv_requirements(std::span<const std::uint32_t> words, const DeviceInfo& info,
                              const std::string& what) {
    for (const SpirvRequirement& r : spirv_requirements(words)) {
        if (device_has(info, r.feature)) continue;
        std::string offer = info.api == Api::OpenCL
                                ? " (it does not report " +
                                      std::string(spirv_feature_extension(r.feature)) + ")"
                                : "";
        throw UnsupportedDeviceFeatureError(
            what + " needs " + std::string(spirv_feature_name(r.feature)) + " (" + r.why +
            " in its SPIR-V), which device '" + info.name + "' (" + info.platform_name +
            ") does not have" + offer +
            "; compile it for a target without that feature, or run it on a device that has it");
    }
}

}  // namespace dpk::backends
