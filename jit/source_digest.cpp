#include "jit/source_digest.h"

#include "jit/compiler_fingerprint.h"

namespace dpk::jit {

std::string_view compiler_fingerprint() {
    return DPK_COMPILER_FINGERPRINT;
}

runtime::ContentKey source_digest(const compiler::ProgramSources& sources) {
    runtime::ContentKeyBuilder kb;
    kb.add(sources.text());
    for (const compiler::SourceText& file : sources.files()) {
        kb.add("import").add(file.canonical.string());
        if (file.text)
            kb.add("text").add(*file.text);
        else
            kb.add("missing");
    }
    return kb.key();
}

}  // namespace dpk::jit
