// Signature strings (-s, Kernel::specialize): any text is a signature or diagnostics.
#include "compiler/parse/signature_parser.h"
#include "compiler/source/diagnostics.h"
#include "tests/fuzz/fuzz_target.h"

DPK_FUZZ_TARGET(signature) {
    dpk::compiler::source::Diagnostics diags;
    std::optional<dpk::Signature> sig =
        dpk::compiler::parse::parse_signature(dpk::tests::as_text(data, size), diags);
    if (!sig && !diags.has_errors()) __builtin_trap();  // a refusal always says why
    return 0;
}
