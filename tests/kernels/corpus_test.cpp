// Every program of the golden corpus (tests/golden/in, one language feature per file), compiled by
// our compiler for each signature it lists, must be accepted by every driver: validated, built
// (PoCL through SPIR 1.2, Intel through IL) and turned into a kernel. This catches what the
// SPIR-V validator cannot: builtins a driver's library lacks, translator gaps, ABI mismatches.
#include "tests/golden/corpus.h"

#include <doctest/doctest.h>

#include <algorithm>
#include <optional>

#include "compiler/program.h"
#include "dpk/core/error.h"
#include "dpk/runtime/loaded_kernel.h"
#include "tests/kernels/support/dpk_kernels.h"
#include "tests/runtime/support/device_loop.h"

using namespace dpk;

TEST_SUITE("corpus") {
    TEST_CASE("every golden corpus program builds on every SPIR-V device") {
        std::vector<runtime::Device> devices = tests::devices_under_test();
        if (devices.empty()) return;
        std::size_t built = 0;
        for (const auto& path : tests::corpus(tests::source_path("tests/golden/in"))) {
            tests::CorpusFile file = tests::read_corpus_file(path);
            std::vector<std::optional<std::string>> signatures;
            for (const auto& s : file.signatures) signatures.emplace_back(s);
            if (signatures.empty()) signatures.emplace_back(std::nullopt);
            for (const auto& signature : signatures) {
                compiler::source::Diagnostics diags;
                auto program = compiler::Program::from_file(path, diags);
                const compiler::ast::Function* kernel = nullptr;
                if (program)
                    kernel = file.kernel.empty() ? program->kernels().front()
                                                 : program->find_kernel(file.kernel);
                std::optional<Signature> sig;
                if (kernel && signature) sig = program->parse_signature(*signature);
                std::optional<KernelImage> compiled;
                if (kernel && (sig || !signature)) compiled = program->compile(*kernel, sig);
                if (!compiled) {
                    // Compile errors are the golden test's to report; say what was left out.
                    MESSAGE("not compiled (see ctest -R golden): "
                            << path.filename().string() << " " << signature.value_or(""));
                    continue;
                }
                for (const runtime::Device& dev : devices) {
                    INFO(path.filename().string() << " " << signature.value_or("(as declared)")
                                                  << " on " << tests::device_label(dev));
                    const bool elsewhere = std::any_of(
                        compiled->signature.params.begin(), compiled->signature.params.end(),
                        [&](const ParamType& p) {
                            return !p.device.empty() && runtime::select_device(p.device) != dev;
                        });
                    if (elsewhere) {  // declared for another device: loads there only
                        CHECK_THROWS_AS(runtime::LoadedKernel(dev, *compiled),
                                        InvalidArgumentError);
                        continue;
                    }
                    try {
                        runtime::LoadedKernel k(dev, *compiled);
                        CHECK(k.attributes().max_work_group_size > 0);
                        ++built;
                    } catch (const dpk::error& e) {
                        FAIL_CHECK(e.what());
                    }
                }
            }
        }
        MESSAGE(built << " corpus kernels built across " << devices.size() << " device(s)");
        CHECK(built > 0);
    }
}
