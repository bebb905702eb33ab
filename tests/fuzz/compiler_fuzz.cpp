// The compiler end to end: the input is a program, then optionally a line "//@ KERNEL SIGNATURE",
// a line "//@target SPEC" and a line "//@translate"; any input compiles to validated SPIR-V or
// ends in diagnostics, and with "//@translate" every kernel that compiled is also put through
// every registered translation (the CUDA backend's SPIR-V -> PTX translator): it translates or
// throws BuildError, nothing else.
#include "backends/translation.h"
#include "compiler/program.h"
#include "compiler/spirv/target_profile.h"
#include "dpk/core/error.h"
#include "tests/fuzz/fuzz_target.h"

DPK_FUZZ_TARGET(compiler) {
    std::string text(dpk::tests::as_text(data, size));
    dpk::compiler::CompileOptions options;
    std::string kernel, signature;
    std::size_t at = text.find("\n//@ ");
    if (at != std::string::npos) {
        std::string line = text.substr(at + 5, text.find('\n', at + 5) - at - 5);
        std::size_t space = line.find(' ');
        kernel = line.substr(0, space);
        if (space != std::string::npos) signature = line.substr(space + 1);
    }
    if (std::size_t t = text.find("\n//@target "); t != std::string::npos) {
        std::string spec = text.substr(t + 11, text.find('\n', t + 11) - t - 11);
        if (auto target = dpk::compiler::spirv::TargetProfile::parse(spec, nullptr))
            options.target = *target;
    }
    const bool translate = text.find("\n//@translate") != std::string::npos;
    dpk::compiler::source::Diagnostics diags;
    auto program = dpk::compiler::Program::from_string("fuzz.dpk", text, diags, options);
    if (!program) return 0;
    for (const auto* k : program->kernels()) {
        if (!kernel.empty() && k->name != kernel) continue;
        std::optional<dpk::Signature> sig;
        if (!signature.empty()) {
            sig = program->parse_signature(signature);
            if (!sig) return 0;
        }
        auto image = program->compile(*k, sig);  // validated inside; diagnostics otherwise
        if (!image || !translate) continue;
        for (const dpk::backends::Translation* t : dpk::backends::registered_translations()) {
            try {
                (void)t->translate(image->spirv, t->default_target);
            } catch (const dpk::BuildError&) {
                // a construct the translator does not take: a clear error is the contract
            }
        }
    }
    return 0;
}
