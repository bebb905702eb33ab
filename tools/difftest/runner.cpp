// dpk-difftest-runner: runs the kernels of one generated module on one device, as the
// differential tester (tools/difftest/difftest.py) asks, in one process.
//
//   dpk-difftest-runner --device FILTER [--check-bounds] [--fp-contract] [--from N] MANIFEST
//
// MANIFEST has one kernel per line, fields separated by tabs:
//   MODULE.dpk  KERNEL  SIGNATURE  GLOBAL  LOCAL  ARG...
// where ARG is `@PATH.npy` (an array: read from PATH.npy, written back to PATH.out.npy after
// the launch) or `NUMBER:DTYPE` (a scalar). Lines before the N-th (0-based, --from) are skipped,
// so a caller can resume after a crash. For each kernel the runner prints, and flushes:
//   START INDEX KERNEL
//   OK INDEX KERNEL COMPILE_MS RUN_MS        or
//   FAIL INDEX KERNEL STAGE MESSAGE          (STAGE: compile, launch, bounds; newlines -> \n)
// Programs are compiled once per module; every kernel is specialized on the device and launched
// once, and the process then waits for it before the next.
#include <chrono>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "dpk/core/error.h"
#include "dpk/dpk.h"
#include "tools/dpk/npy.h"

namespace {

using Clock = std::chrono::steady_clock;

std::vector<std::string> split(const std::string& s, char sep) {
    std::vector<std::string> parts;
    std::size_t pos = 0;
    while (true) {
        std::size_t end = s.find(sep, pos);
        parts.push_back(s.substr(pos, end == std::string::npos ? std::string::npos : end - pos));
        if (end == std::string::npos) return parts;
        pos = end + 1;
    }
}

dpk::Range to_range(const std::string& text) {
    std::vector<std::size_t> v;
    for (const std::string& part : split(text, ',')) v.push_back(std::stoull(part));
    if (v.size() == 1) return dpk::Range(v[0]);
    if (v.size() == 2) return dpk::Range(v[0], v[1]);
    return dpk::Range(v.at(0), v.at(1), v.at(2));
}

/// `NUMBER:DTYPE`; integers keep every bit (a u64 above INT64_MAX, an i64 below 0).
dpk::runtime::Scalar to_scalar(const std::string& text) {
    std::size_t colon = text.rfind(':');
    if (colon == std::string::npos)
        throw dpk::InvalidArgumentError("scalar without dtype: " + text);
    std::optional<dpk::DType> t = dpk::parse_dtype(text.substr(colon + 1));
    if (!t) throw dpk::InvalidArgumentError("unknown dtype in " + text);
    std::string number = text.substr(0, colon);
    if (dpk::is_float(*t)) return dpk::runtime::Scalar::from_double(*t, std::stod(number));
    if (!number.empty() && number[0] == '-')
        return dpk::runtime::Scalar::from_int(*t, std::stoll(number));
    return dpk::runtime::Scalar::from_uint(*t, std::stoull(number));
}

std::string one_line(std::string s) {
    std::string out;
    for (char c : s) {
        if (c == '\n')
            out += "\\n";
        else if (c != '\r')
            out += c;
    }
    return out;
}

double ms_since(Clock::time_point t0) {
    return std::chrono::duration<double, std::milli>(Clock::now() - t0).count();
}

}  // namespace

int main(int argc, char** argv) {
    std::string device_filter;
    std::string manifest;
    dpk::ProgramOptions options;
    options.fp_contract = false;
    long from = 0;
    for (int i = 1; i < argc; ++i) {
        std::string a = argv[i];
        if (a == "--device" && i + 1 < argc)
            device_filter = argv[++i];
        else if (a == "--check-bounds")
            options.check_bounds = true;
        else if (a == "--fp-contract")
            options.fp_contract = true;
        else if (a == "--from" && i + 1 < argc)
            from = std::stol(argv[++i]);
        else if (a == "-h" || a == "--help") {
            std::cout << "usage: dpk-difftest-runner --device FILTER [--check-bounds] "
                         "[--fp-contract] [--from N] MANIFEST\n";
            return 0;
        } else
            manifest = a;
    }
    if (device_filter.empty() || manifest.empty()) {
        std::cerr << "usage: dpk-difftest-runner --device FILTER [--check-bounds] "
                     "[--fp-contract] [--from N] MANIFEST\n";
        return 2;
    }
    try {
        dpk::Device device = dpk::select_device(device_filter);
        dpk::Queue queue(device);
        std::map<std::string, dpk::Program> programs;
        std::ifstream in(manifest);
        if (!in) throw dpk::InvalidArgumentError("cannot read " + manifest);
        std::string line;
        long index = -1;
        while (std::getline(in, line)) {
            if (line.empty()) continue;
            ++index;
            if (index < from) continue;
            std::vector<std::string> f = split(line, '\t');
            if (f.size() < 5) throw dpk::InvalidArgumentError("bad manifest line: " + line);
            const std::string& kernel_name = f[1];
            std::cout << "START " << index << " " << kernel_name << std::endl;
            auto found = programs.find(f[0]);
            if (found == programs.end())
                found = programs.emplace(f[0], dpk::Program::from_file(f[0], options)).first;
            dpk::Kernel kernel = found->second.kernel(kernel_name);
            auto t0 = Clock::now();
            try {
                kernel.specialize(f[2], device);
            } catch (const dpk::error& e) {
                std::cout << "FAIL " << index << " " << kernel_name << " compile "
                          << one_line(e.what()) << std::endl;
                continue;
            }
            double compile_ms = ms_since(t0);
            std::vector<dpk::UsmArray> arrays;
            std::vector<std::string> paths;
            // Arrays first: a KernelArg refers to its UsmArray, which must not move afterwards.
            for (std::size_t i = 5; i < f.size(); ++i) {
                if (!f[i].empty() && f[i][0] == '@') {
                    paths.push_back(f[i].substr(1));
                    arrays.push_back(
                        dpk::tools::to_usm_array(queue, dpk::tools::read_npy(paths.back())));
                }
            }
            std::vector<dpk::KernelArg> args;
            std::size_t next_array = 0;
            for (std::size_t i = 5; i < f.size(); ++i) {
                if (!f[i].empty() && f[i][0] == '@')
                    args.emplace_back(arrays[next_array++]);
                else
                    args.emplace_back(to_scalar(f[i]));
            }
            auto t1 = Clock::now();
            try {
                kernel.launch(queue, to_range(f[3]), to_range(f[4]), args).wait();
            } catch (const dpk::BoundsError& e) {
                std::cout << "FAIL " << index << " " << kernel_name << " bounds "
                          << one_line(e.what()) << std::endl;
                continue;
            } catch (const dpk::error& e) {
                std::cout << "FAIL " << index << " " << kernel_name << " launch "
                          << one_line(e.what()) << std::endl;
                continue;
            }
            double run_ms = ms_since(t1);
            for (std::size_t i = 0; i < arrays.size(); ++i) {
                std::string out = paths[i];
                out.replace(out.size() - 4, 4, ".out.npy");
                dpk::tools::write_npy(out, dpk::tools::to_npy(arrays[i]));
            }
            std::cout << "OK " << index << " " << kernel_name << " " << compile_ms << " " << run_ms
                      << std::endl;
        }
    } catch (const dpk::error& e) {
        std::cout << "ERROR " << one_line(e.what()) << std::endl;
        return 1;
    }
    return 0;
}
