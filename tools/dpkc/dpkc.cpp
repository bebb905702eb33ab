// dpkc: compiles one kernel of a .dpk file to validated SPIR-V, or to what a backend hands its
// driver (PTX for cuda).
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <exception>
#include <iostream>
#include <new>
#include <optional>
#include <string>

#include "backends/translation.h"
#include "compiler/program.h"
#include "compiler/spirv/validator.h"
#include "dpk/core/driver_defects.h"
#include "dpk/core/error.h"
#include "dpk/core/file_io.h"
#include "dpk/core/version.h"

namespace {

/// What kernels for a backend's translation are compiled for: its devices' features.
dpk::compiler::spirv::TargetProfile translation_target(const dpk::backends::Translation& t) {
    return dpk::compiler::spirv::TargetProfile::opencl(t.features)
        .with_workarounds(t.driver_defects)
        .with_variants({t.kernel_variants.begin(), t.kernel_variants.end()});
}

constexpr int kExitOk = 0;
constexpr int kExitCompileError = 1;
constexpr int kExitUsage = 2;
constexpr int kExitInternal = 3;

constexpr const char* kUsage =
    R"usage(usage: dpkc FILE.dpk [-k KERNEL] [-s SIGNATURE] [-o OUT]
            [--emit spirv|spvasm|abi|ptx] [--no-fp-contract] [--check-bounds] [--no-asserts]
            [--target TARGET] [-Werror]

Compiles one kernel of a dpk program to validated SPIR-V, or to the text a backend hands its
driver (ptx: what the cuda backend loads, as nvcc -ptx prints it).

  -k, --kernel KERNEL     the kernel to compile (optional when the file has one kernel)
  -s, --signature SIG     specialize for SIG, e.g. "void(f32, f32[::1], f32[::1])" or
                          "void(usm_ndarray(f32, ndim=2, layout="C", usm_type="shared"))";
                          without it a fully annotated kernel compiles as declared
  -o, --output OUT        output file ("-" for stdout); default: KERNEL.spv for spirv,
                          stdout for spvasm and abi
      --emit KIND         spirv (binary, default), spvasm (disassembly), abi (argument layout)
                          or ptx (needs --target cuda:sm_XY, default sm_90)
      --no-fp-contract    round every operation on its own; by default `a * b + c` (and
                          `a * b - c`, `c - a * b`, `+=`, `-=`) may be fused, as in OpenCL C
      --check-bounds      check every array index against the array's shape: the kernel takes
                          a bounds record as its last argument (see --emit abi)
      --no-asserts        compile assert(cond, message) to nothing (the condition is not
                          evaluated); by default a kernel with an assert takes the bounds record
      --target TARGET     what the kernel may use: opencl (default: fp64 and 64-bit atomics, no
                          fp16, no sub-groups) or level-zero (everything), then +FEATURE or
                          -FEATURE for fp64 fp16 int64_atomics sub_groups sub_group_shuffle
                          float_atomic_add bf16 (bf16 as SPV_KHR_bfloat16's float type),
                          e.g. opencl+sub_groups+sub_group_shuffle, then optionally
                          /avoids=DEFECT+... or /avoids=none (the driver defects avoided:
@DEFECTS@; opencl
                          avoids all); or
                          BACKEND:ARCH for a backend that translates SPIR-V (cuda:sm_90):
                          its devices' features
      -Werror             make warnings errors (they are printed on stderr and do not stop
                          the compilation otherwise)
      --version           print dpk's version
  -h, --help              this text

Exit status: 0 success, 1 compile or output error (diagnostics on stderr; a failed output
leaves no partial file), 2 usage error (also an input that cannot be read), 3 internal error.
)usage";

struct Options {
    std::string input;
    std::optional<std::string> kernel;
    std::optional<std::string> signature;
    std::optional<std::string> output;
    std::string emit = "spirv";
    dpk::compiler::CompileOptions compile;
    /// --target BACKEND:ARCH: the backend's translation and the architecture.
    const dpk::backends::Translation* translation = nullptr;
    std::string architecture;
    bool target_given = false;
};

/// kUsage with the driver defects' names (dpk/core/driver_defects.h) in its place, wrapped
/// under the option's text.
std::string usage_text() {
    constexpr std::size_t kIndent = 26, kWidth = 96;
    std::string names, line(kIndent, ' ');
    for (dpk::DriverDefect d : dpk::kDriverDefects) {
        const std::string_view name = dpk::defect_name(d);
        if (line.size() > kIndent && line.size() + 1 + name.size() > kWidth) {
            names += line + "\n";
            line.assign(kIndent, ' ');
        }
        if (line.size() > kIndent) line += ' ';
        line += name;
    }
    names += line;
    std::string text = kUsage;
    text.replace(text.find("@DEFECTS@"), 9, names);
    return text;
}

int usage_error(const std::string& message) {
    std::cerr << "dpkc: error: " << message << "\n"
              << "try 'dpkc --help'\n";
    return kExitUsage;
}

/// Parses argv; returns an exit code when the run should stop here.
std::optional<int> parse_args(int argc, char** argv, Options& opt) {
    for (int i = 1; i < argc; ++i) {
        std::string arg = argv[i];
        auto value = [&]() -> std::optional<std::string> {
            if (i + 1 >= argc) return std::nullopt;
            return std::string(argv[++i]);
        };
        if (arg == "-h" || arg == "--help") {
            std::cout << usage_text();
            return kExitOk;
        }
        if (arg == "--version") {
            std::cout << "dpkc " << dpk::version() << "\n";
            return kExitOk;
        }
        std::optional<std::string>* slot = nullptr;
        if (arg == "-k" || arg == "--kernel") slot = &opt.kernel;
        if (arg == "-s" || arg == "--signature") slot = &opt.signature;
        if (arg == "-o" || arg == "--output") slot = &opt.output;
        if (slot) {
            auto v = value();
            if (!v) return usage_error("option " + arg + " needs a value");
            *slot = *v;
            continue;
        }
        if (arg == "-Werror") {
            opt.compile.warnings_as_errors = true;
            continue;
        }
        if (arg == "--no-fp-contract") {
            opt.compile.fp_contract = false;
            continue;
        }
        if (arg == "--check-bounds") {
            opt.compile.check_bounds = true;
            continue;
        }
        if (arg == "--no-asserts") {
            opt.compile.asserts = false;
            continue;
        }
        if (arg == "--emit") {
            auto v = value();
            if (!v) return usage_error("option --emit needs a value");
            bool translated = false;
            for (const dpk::backends::Translation* t : dpk::backends::registered_translations())
                translated |= t->format == *v;
            if (*v != "spirv" && *v != "spvasm" && *v != "abi" && !translated)
                return usage_error("--emit takes spirv, spvasm, abi or ptx, not '" + *v + "'");
            opt.emit = *v;
            continue;
        }
        if (arg == "--target") {
            auto v = value();
            if (!v) return usage_error("option --target needs a value");
            opt.target_given = true;
            if (std::size_t colon = v->find(':'); colon != std::string::npos) {
                const std::string backend = v->substr(0, colon);
                opt.translation = dpk::backends::find_translation(backend);
                if (!opt.translation)
                    return usage_error("--target " + *v + ": no backend '" + backend +
                                       "' translates SPIR-V (BACKEND:ARCH targets: cuda:sm_XY)");
                opt.architecture = v->substr(colon + 1);
                opt.compile.target = translation_target(*opt.translation);
                continue;
            }
            std::string error;
            auto target = dpk::compiler::spirv::TargetProfile::parse(*v, &error);
            if (!target) return usage_error(error);
            opt.compile.target = *target;
            continue;
        }
        if (arg.size() > 1 && arg[0] == '-') return usage_error("unknown option '" + arg + "'");
        if (!opt.input.empty()) return usage_error("more than one input file given");
        opt.input = arg;
    }
    if (opt.input.empty()) return usage_error("no input file");
    const bool known = opt.emit == "spirv" || opt.emit == "spvasm" || opt.emit == "abi";
    if (!known && (!opt.translation || opt.translation->format != opt.emit)) {
        // --emit ptx alone means the backend that emits it, at its default architecture.
        for (const dpk::backends::Translation* t : dpk::backends::registered_translations())
            if (t->format == opt.emit && !opt.translation && !opt.target_given) {
                opt.translation = t;
                opt.architecture = std::string(t->default_target);
                opt.compile.target = translation_target(*t);
            }
        if (!opt.translation || opt.translation->format != opt.emit)
            return usage_error("--emit " + opt.emit +
                               " needs a --target of the backend that "
                               "emits it (cuda:sm_XY)");
    }
    return std::nullopt;
}

bool write_output(const Options& opt, const std::string& default_name, const std::string& bytes) {
    std::string path = opt.output.value_or(default_name);
    if (path == "-") {
        std::cout.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
        std::cout.flush();
        if (!std::cout) std::cerr << "dpkc: error: cannot write to standard output\n";
        return static_cast<bool>(std::cout);
    }
    try {
        dpk::write_output_file(path, bytes);  // checked to the close; nothing partial left
        return true;
    } catch (const dpk::error& e) {
        std::cerr << "dpkc: error: " << e.what() << "\n";
        return false;
    }
}

int run(const Options& opt) {
    using namespace dpk::compiler;
    try {
        dpk::InputFile probe(opt.input);  // missing, unreadable or a directory: a usage error
    } catch (const dpk::FileError& e) {
        return usage_error(e.what());
    }

    source::Diagnostics diags;
    auto fail = [&] {
        std::cerr << diags.render();
        return kExitCompileError;
    };
    auto program = Program::from_file(opt.input, diags, opt.compile);
    if (!program) return fail();

    const ast::Function* kernel = nullptr;
    if (opt.kernel) {
        kernel = program->find_kernel(*opt.kernel);
        if (!kernel) {
            std::string names;
            for (const auto* k : program->kernels()) names += (names.empty() ? "" : ", ") + k->name;
            return usage_error(
                "no kernel '" + *opt.kernel + "' in " + opt.input +
                (names.empty() ? " (it has no kernels)" : " (kernels: " + names + ")"));
        }
    } else {
        auto kernels = program->kernels();
        if (kernels.empty()) return usage_error(opt.input + " has no kernels");
        if (kernels.size() > 1) {
            std::string names;
            for (const auto* k : kernels) names += (names.empty() ? "" : ", ") + k->name;
            return usage_error(opt.input + " has several kernels (" + names +
                               "); choose one with -k");
        }
        kernel = kernels.front();
    }

    std::optional<dpk::Signature> signature;
    if (opt.signature) {
        signature = program->parse_signature(*opt.signature);
        if (!signature) return fail();
    }
    auto compiled = program->compile(*kernel, signature);
    if (!compiled) return fail();
    if (diags.warning_count() > 0) std::cerr << diags.render();

    const auto& words = compiled->spirv;
    if (opt.emit == "spirv") {
        std::string bytes(reinterpret_cast<const char*>(words.data()), words.size() * 4);
        return write_output(opt, kernel->name + ".spv", bytes) ? kExitOk : kExitCompileError;
    }
    if (opt.emit == "spvasm" || opt.emit == "abi") {
        std::string text =
            opt.emit == "spvasm" ? spirv::disassemble(words) : dpk::describe(compiled->abi);
        return write_output(opt, "-", text) ? kExitOk : kExitCompileError;
    }
    try {
        std::string text = opt.translation->translate(words, opt.architecture);
        return write_output(opt, "-", text) ? kExitOk : kExitCompileError;
    } catch (const dpk::BuildError& e) {
        std::cerr << opt.input << ": error: kernel '" << kernel->name << "': " << e.what() << "\n";
        return kExitCompileError;
    }
}

int run_guarded(int argc, char** argv) {
    try {
        Options opt;
        if (auto code = parse_args(argc, argv, opt)) return *code;
        return run(opt);
    } catch (const std::bad_alloc&) {
        std::cerr << "dpkc: error: out of memory\n";
        return kExitCompileError;
    } catch (const dpk::error& e) {
        std::cerr << "dpkc: error: " << e.what() << "\n";
        return kExitCompileError;
    } catch (const std::exception& e) {
        std::cerr << "dpkc: internal error: " << e.what() << "\n";
    } catch (...) {
        std::cerr << "dpkc: internal error\n";
    }
    return kExitInternal;
}

}  // namespace

int main(int argc, char** argv) {
    int code = run_guarded(argc, argv);
    // Everything is written and closed; skip the static destructors (the parser's ATN among
    // them), which only cost start-to-exit time.
    std::cout.flush();
    std::cerr.flush();
    std::fflush(nullptr);
    std::_Exit(code);
}
