#include "runtime/spirv_requirements.h"

#include <algorithm>
#include <array>
#include <optional>
#include <spirv/unified1/spirv.hpp11>
#include <unordered_map>

#include "core/spirv_features.h"
#include "dpk/core/error.h"

namespace dpk::runtime {

namespace {

constexpr std::size_t kHeaderWords = 5;
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

/// Sub-group instructions whose value may be 8/16-bit (cl_khr_subgroup_extended_types).
bool is_sub_group_value_op(spv::Op op) {
    switch (op) {
        case spv::Op::OpGroupBroadcast:
        case spv::Op::OpGroupIAdd:
        case spv::Op::OpGroupFAdd:
        case spv::Op::OpGroupFMin:
        case spv::Op::OpGroupUMin:
        case spv::Op::OpGroupSMin:
        case spv::Op::OpGroupFMax:
        case spv::Op::OpGroupUMax:
        case spv::Op::OpGroupSMax:
        case spv::Op::OpSubgroupShuffleINTEL:
        case spv::Op::OpSubgroupShuffleXorINTEL:
        case spv::Op::OpGroupNonUniformShuffleDown:
        case spv::Op::OpGroupNonUniformShuffleUp:
        case spv::Op::OpGroupNonUniformShuffleXor:
        case spv::Op::OpGroupNonUniformBitwiseAnd:
        case spv::Op::OpGroupNonUniformBitwiseOr:
        case spv::Op::OpGroupNonUniformBitwiseXor: return true;
        default: return false;
    }
}

/// Collects the first reason for each feature.
class Requirements {
public:
    void add(DeviceFeature f, std::string why) {
        // Every other sub-group feature comes with sub-groups themselves.
        if (std::find(kSubGroupExtensions.begin(), kSubGroupExtensions.end(), f) !=
            kSubGroupExtensions.end())
            add(DeviceFeature::SubGroups, why);
        auto& slot = why_[static_cast<std::size_t>(f)];
        if (!slot) slot = std::move(why);
    }
    std::vector<FeatureRequirement> list() const {
        std::vector<FeatureRequirement> out;
        for (std::size_t i = 0; i < why_.size(); ++i)
            if (why_[i]) out.push_back({static_cast<DeviceFeature>(i), *why_[i]});
        return out;
    }

private:
    std::array<std::optional<std::string>, kDeviceFeatures.size()> why_;
};

}  // namespace

std::vector<FeatureRequirement> spirv_requirements(std::span<const std::uint32_t> words) {
    Requirements req;
    std::unordered_map<std::uint32_t, std::uint32_t> int_constants;  // id -> low word
    std::unordered_map<std::uint32_t, std::uint32_t> scalar_widths;  // int/float type -> bits
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
                if (count >= 4 &&
                    static_cast<spv::Decoration>(operands[1]) == spv::Decoration::BuiltIn) {
                    if (auto name = sub_group_builtin_name(static_cast<spv::BuiltIn>(operands[2])))
                        req.add(DeviceFeature::SubGroups, "builtin " + std::string(*name));
                }
                break;
            case spv::Op::OpTypeInt:    // result id, width, signedness
            case spv::Op::OpTypeFloat:  // result id, width
                if (count >= 3) scalar_widths[operands[0]] = operands[1];
                break;
            case spv::Op::OpConstant:  // result type, result id, value
                if (count >= 4) int_constants[operands[1]] = operands[2];
                break;
            case spv::Op::OpControlBarrier: {  // execution scope, memory scope, semantics
                if (count < 2) break;
                auto scope = int_constants.find(operands[0]);
                if (scope != int_constants.end() &&
                    scope->second == static_cast<std::uint32_t>(spv::Scope::Subgroup))
                    req.add(DeviceFeature::SubGroups, "a sub-group barrier");
                break;
            }
            default:
                if (is_sub_group_value_op(op) && count >= 2) {
                    auto width = scalar_widths.find(operands[0]);
                    if (width != scalar_widths.end() && width->second < 32)
                        req.add(DeviceFeature::SubGroupExtendedTypes,
                                "a " + std::to_string(width->second) + "-bit sub-group value");
                }
                break;
        }
        i += count;
    }
    return req.list();
}

void check_requirements(std::span<const FeatureRequirement> needs, const DeviceInfo& info,
                        const std::string& what) {
    for (const FeatureRequirement& r : needs) {
        if (info.has(r.feature)) continue;
        std::string offer =
            info.names_opencl_extensions
                ? " (it does not report " + std::string(feature_opencl_extension(r.feature)) + ")"
                : "";
        throw UnsupportedDeviceFeatureError(
            what + " needs " + std::string(feature_name(r.feature)) + " (" + r.why +
            " in its SPIR-V), which device '" + info.name + "' (" + info.platform_name +
            ") does not have" + offer +
            "; compile it for a target without that feature, or run it on a device that has it");
    }
}

}  // namespace dpk::runtime
