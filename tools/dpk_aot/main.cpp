// dpk-aot: compiles kernels ahead of time into a bundle that programs linked against the runtime
// alone load (runtime::KernelBundle), and lists bundles.
#include <algorithm>
#include <cstdio>
#include <exception>
#include <filesystem>
#include <iostream>
#include <new>
#include <string>
#include <vector>

#include "compiler/program_sources.h"
#include "dpk/core/error.h"
#include "dpk/core/file_io.h"
#include "dpk/core/version.h"
#include "dpk/jit/bundle_writer.h"
#include "dpk/jit/compile_error.h"
#include "dpk/runtime/kernel_bundle.h"

namespace {

constexpr const char* kUsage =
    R"USAGE(usage: dpk-aot -o OUT.dpkb FILE.dpk... -k KERNEL -s SIGNATURE [-s SIGNATURE]... [-k KERNEL -s ...]...
               [--target SPEC] [--stdlib DIR] [--no-fp-contract] [--check-bounds] [--no-asserts]
               [--depfile DEP]
       dpk-aot --list BUNDLE.dpkb
       dpk-aot --version

Compiles each KERNEL for each SIGNATURE that follows it (parse, types, validated SPIR-V) and
writes them as one AOT bundle: a versioned, checksummed file of kernel images that a program
linked against the dpk runtime alone loads (runtime::KernelBundle) and launches with the same
signature checks as the JIT. The device is chosen when the bundle is loaded.

  -o, --output OUT        the bundle to write
  -k, --kernel KERNEL     a kernel of one FILE (the one that declares it); the -s options after
                          it apply to it
  -s, --signature SIG     e.g. "void(f32, f32[::1], f32[::1])"
      --target SPEC       the features kernels may use, as dpkc's --target: "opencl" (the
                          default: fp64 and 64-bit atomics), "opencl+sub_groups+fp16", ...;
                          a device without a feature an image uses refuses it at load
      --stdlib DIR        folder of `import std.*` modules
      --no-fp-contract    round every operation on its own; by default `a * b + c` (and
                          `a * b - c`, `c - a * b`, `+=`, `-=`) may be fused, as in OpenCL C
      --check-bounds      bounds-checked kernels (every array index checked against the shape;
                          the launch's wait raises the first one outside)
      --no-asserts        compile assert(cond, message) to nothing
      --depfile DEP       also write DEP: a Makefile rule naming every file the bundle was
                          compiled from (the FILEs and what they import, std.* included), for
                          build systems (dpk_add_kernels in CMake)
      --list BUNDLE       print a bundle's producer and kernel images, with the optional
                          device features each needs
      --version           print dpk's version
  -h, --help              this text

Exit status: 0 success, 1 compile or I/O error (a failed output leaves no partial file), 2 usage
error, 3 internal error.
)USAGE";

int usage_error(const std::string& message) {
    std::cerr << "dpk-aot: error: " << message << "\n\n" << kUsage;
    return 2;
}

int list(const std::string& path) {
    dpk::runtime::KernelBundle bundle = dpk::runtime::KernelBundle::read(path);
    std::cout << path << ": " << bundle.images().size() << " kernel images, made by "
              << bundle.producer() << "\n";
    for (const dpk::KernelImage& image : bundle.images()) {
        std::cout << "  " << image.kernel_name << " " << image.signature.pretty() << "  ("
                  << image.spirv.size() * 4 << " bytes of "
                  << dpk::payload_format_name(image.format);
        std::string needs;
        // Images read from a bundle are checked on the way in: their requirements are known.
        for (const auto& r : image.requirements.value_or(std::vector<dpk::FeatureRequirement>{}))
            needs += (needs.empty() ? "" : ", ") + std::string(dpk::feature_name(r.feature));
        if (!needs.empty()) std::cout << "; needs " << needs;
        std::cout << ")\n";
    }
    return 0;
}

/// A Makefile rule: `output` depends on every file `programs` read (sources and imports).
std::string depfile_rule(const std::string& output, const std::vector<std::string>& files,
                         const dpk::ProgramOptions& options) {
    auto escaped = [](const std::string& path) {
        std::string out;
        for (char c : path) {
            if (c == ' ' || c == '#' || c == '\\') out += '\\';
            if (c == '$') out += '$';
            out += c;
        }
        return out;
    };
    std::string rule = escaped(output) + ":";
    for (const std::string& file : files) {
        dpk::compiler::ProgramSources sources(file, dpk::read_file(file),
                                              dpk::compiler::stdlib_dir(options.stdlib_dir), true);
        sources.read_imports();
        rule += " \\\n  " + escaped(std::filesystem::absolute(file).lexically_normal().string());
        for (const dpk::compiler::SourceText& imported : sources.files())
            if (imported.text) rule += " \\\n  " + escaped(imported.canonical.string());
    }
    return rule + "\n";
}

}  // namespace

int main(int argc, char** argv) {
    std::vector<std::string> args(argv + 1, argv + argc);
    std::string output, list_path, depfile;
    std::vector<std::string> files;
    dpk::ProgramOptions options;
    options.cache = std::make_shared<dpk::KernelCache>(dpk::runtime::CacheConfig::disabled());
    std::vector<dpk::BundleRequest> requests;
    dpk::Target target = dpk::Target::opencl();
    for (std::size_t i = 0; i < args.size(); ++i) {
        const std::string& a = args[i];
        auto value = [&]() -> const std::string* {
            return i + 1 < args.size() ? &args[++i] : nullptr;
        };
        if (a == "-h" || a == "--help") {
            std::cout << kUsage;
            return 0;
        }
        if (a == "--version") {
            std::cout << "dpk-aot " << dpk::version() << "\n";
            return 0;
        }
        const std::string* v = nullptr;
        if (a == "-o" || a == "--output" || a == "-k" || a == "--kernel" || a == "-s" ||
            a == "--signature" || a == "--stdlib" || a == "--list" || a == "--target" ||
            a == "--depfile") {
            v = value();
            if (!v) return usage_error(a + " needs a value");
        }
        if (a == "-o" || a == "--output") {
            output = *v;
        } else if (a == "-k" || a == "--kernel") {
            requests.push_back({*v, {}});
        } else if (a == "-s" || a == "--signature") {
            if (requests.empty()) return usage_error("-s " + *v + " comes before any -k KERNEL");
            requests.back().signatures.push_back(*v);
        } else if (a == "--target") {
            std::string why;
            auto parsed = dpk::Target::parse(*v, &why);
            if (!parsed) return usage_error("--target " + *v + ": " + why);
            target = *parsed;
        } else if (a == "--stdlib") {
            options.stdlib_dir = *v;
        } else if (a == "--no-fp-contract") {
            options.fp_contract = false;
        } else if (a == "--check-bounds") {
            options.check_bounds = true;
        } else if (a == "--no-asserts") {
            options.asserts = false;
        } else if (a == "--list") {
            list_path = *v;
        } else if (a == "--depfile") {
            depfile = *v;
        } else if (!a.empty() && a[0] == '-') {
            return usage_error("unknown option " + a);
        } else {
            files.push_back(a);
        }
    }
    try {
        if (!list_path.empty()) return list(list_path);
        if (files.empty()) return usage_error("no input FILE.dpk");
        if (output.empty()) return usage_error("no -o OUT.dpkb");
        if (requests.empty()) return usage_error("no -k KERNEL");
        for (const dpk::BundleRequest& r : requests)
            if (r.signatures.empty())
                return usage_error("kernel " + r.kernel + " has no -s SIGNATURE");
        // Each kernel is compiled from the one file that declares it.
        std::vector<dpk::BundleSource> sources;
        for (const std::string& file : files)
            sources.push_back({dpk::Program::from_file(file, options), {}});
        for (const dpk::BundleRequest& r : requests) {
            dpk::BundleSource* home = nullptr;
            for (dpk::BundleSource& source : sources) {
                const std::vector<std::string> names = source.program.kernel_names();
                if (std::find(names.begin(), names.end(), r.kernel) == names.end()) continue;
                if (home)
                    throw dpk::InvalidArgumentError("kernel '" + r.kernel + "' is declared in " +
                                                    home->program.name() + " and in " +
                                                    source.program.name());
                home = &source;
            }
            if (!home) {
                std::string names;
                for (const std::string& file : files) names += (names.empty() ? "" : ", ") + file;
                throw dpk::InvalidArgumentError("no kernel '" + r.kernel + "' in " + names);
            }
            home->requests.push_back(r);
        }
        std::erase_if(sources, [](const dpk::BundleSource& s) { return s.requests.empty(); });
        std::vector<dpk::KernelImage> images = dpk::write_bundle(output, sources, target);
        if (!depfile.empty()) dpk::write_output_file(depfile, depfile_rule(output, files, options));
        std::cout << "wrote " << output << ": " << images.size() << " kernel images\n";
        for (const dpk::KernelImage& image : images)
            std::cout << "  " << image.kernel_name << " " << image.signature.pretty() << "\n";
        return 0;
    } catch (const dpk::error& e) {
        std::cerr << "dpk-aot: error: " << e.what() << "\n";
        return 1;
    } catch (const std::bad_alloc&) {
        std::cerr << "dpk-aot: error: out of memory\n";
        return 1;
    } catch (const std::exception& e) {
        std::cerr << "dpk-aot: internal error: " << e.what() << "\n";
        return 3;
    } catch (...) {
        std::cerr << "dpk-aot: internal error\n";
        return 3;
    }
}
