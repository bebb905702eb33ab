#include "dpk/core/launch_facts.h"

#include <algorithm>
#include <array>

namespace dpk {

namespace {

struct FactName {
    LaunchFact fact;
    std::string_view name;
};
constexpr std::array<FactName, 3> kFactNames = {{{LaunchFact::Index32, "index32"},
                                                 {LaunchFact::NoAlias, "noalias"},
                                                 {LaunchFact::InRange, "inrange"}}};
constexpr std::string_view kGeneral = "general";

}  // namespace

std::string LaunchFacts::name() const {
    std::string s;
    for (const FactName& f : kFactNames)
        if (has(f.fact)) s.append(s.empty() ? "" : "+").append(f.name);
    return s.empty() ? std::string(kGeneral) : s;
}

std::optional<LaunchFacts> LaunchFacts::parse(std::string_view name) {
    LaunchFacts facts;
    if (name == kGeneral) return facts;
    while (!name.empty()) {
        const std::size_t end = std::min(name.find('+'), name.size());
        const std::string_view word = name.substr(0, end);
        bool known = false;
        for (const FactName& f : kFactNames)
            if (f.name == word) facts.set(f.fact), known = true;
        if (!known) return std::nullopt;
        name.remove_prefix(end == name.size() ? end : end + 1);
    }
    return facts.empty() ? std::nullopt : std::optional<LaunchFacts>(facts);
}

std::string variant_entry_point(std::string_view kernel, LaunchFacts facts) {
    std::string s(kernel);
    for (const FactName& f : kFactNames)
        if (facts.has(f.fact)) s += "__" + std::string(f.name);
    return s;
}

}  // namespace dpk
