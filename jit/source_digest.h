// What a program's compiled kernels depend on, hashed: its text, the files it imports, and the
// compiler itself. The files are the compiler's own (compiler::ProgramSources: one resolution of
// imports, found by the compiler's scanner without parsing), so a warm start skips the front end
// and the key describes exactly the texts the front end compiles on a miss.
#pragma once

#include <string_view>

#include "compiler/program_sources.h"
#include "runtime/content_hash.h"

namespace dpk::jit {

/// Identifies the compiler that produced an image (version + hash of its sources).
std::string_view compiler_fingerprint();

/// Hash of the main text and of every file `sources` read (canonical path and text, or "missing"
/// for one that could not be read), in the order read. Call it once the imports are read
/// (ProgramSources::read_imports): the front end then compiles from these same sources.
runtime::ContentKey source_digest(const compiler::ProgramSources& sources);

}  // namespace dpk::jit
