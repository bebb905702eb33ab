// The compiler end to end: the input is a program, then optionally a line "//@ KERNEL SIGNATURE"
// and a line "//@target SPEC"; any input compiles to validated SPIR-V or ends in diagnostics.
#include "compiler/program.h"
#include "compiler/spirv/target_profile.h"
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
        (void)program->compile(*k, sig);  // validated inside; diagnostics otherwise
    }
    return 0;
}
