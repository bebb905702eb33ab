// `dpk run` end to end with .npy files: a program written to a temporary .dpk file, compiled and
// launched through the jit as the `dpk` binary does, with a private kernel cache.
#include <doctest/doctest.h>

#include <algorithm>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <memory>
#include <sstream>
#include <tuple>
#include <utility>

#include "dpk/core/error.h"
#include "tests/runtime/support/device_loop.h"
#include "tools/dpk/npy.h"
#include "tools/dpk/run_command.h"

using namespace dpk;
using namespace dpk::runtime;
using namespace dpk::tools;

namespace {
std::string tmp(const std::string& name) {
    return std::string(DPK_TEST_TMP_DIR) + "/" + name;
}

/// vecadd (generic), saxpy (annotated), gsaxpy and mixed (generic) and block_sum (per-group sums
/// in local memory).
constexpr const char* kKernels = R"(
kernel vecadd(a, b, c) {
    let i = global_id(0);
    c[i] = a[i] + b[i];
}

kernel saxpy(alpha: f32, x: f32[::1], y: f32[::1]) {
    let i = global_id(0);
    if i < x.shape[0] {
        y[i] = alpha * x[i] + y[i];
    }
}

kernel gsaxpy(alpha, x, y) {
    let i = global_id(0);
    if i < x.shape[0] {
        y[i] = alpha * x[i] + y[i];
    }
}

kernel mixed(alpha, x, z) {
    let i = global_id(0);
    x[i] = alpha * x[i];
    z[i] = alpha * z[i];
}

kernel block_sum(x: f32[::1], out: f32[::1], scratch: local f32[:]) {
    let l = local_id(0);
    scratch[l] = x[global_id(0)];
    barrier(local);
    var s = local_size(0) / 2;
    while s > 0 {
        if l < s { scratch[l] += scratch[l + s]; }
        barrier(local);
        s = s / 2;
    }
    if l == 0 { out[group_id(0)] = scratch[0]; }
}

kernel set_i32(s: i32, x: i32[::1]) {
    x[global_id(0)] = s;
}

kernel set_u8(s: u8, x: u8[::1]) {
    x[global_id(0)] = s;
}
)";

/// The kernels' file (written once per process).
const std::string& kernels_file() {
    static const std::string path = [] {
        std::string p = tmp("dpk_run_kernels.dpk");
        std::ofstream(p) << kKernels;
        return p;
    }();
    return path;
}

/// A kernel cache of its own in an emptied folder.
std::shared_ptr<KernelCache> fresh_cache(const std::string& name) {
    std::filesystem::remove_all(tmp(name));
    return std::make_shared<KernelCache>(CacheConfig::at(tmp(name)));
}

void write_f32(const std::string& path, std::vector<float> v) {
    NpyArray a;
    a.dtype = DType::F32;
    a.shape = {static_cast<std::int64_t>(v.size())};
    a.data.resize(v.size() * sizeof(float));
    std::memcpy(a.data.data(), v.data(), a.data.size());
    write_npy(path, a);
}

void write_f64(const std::string& path, std::vector<double> v) {
    NpyArray a;
    a.dtype = DType::F64;
    a.shape = {static_cast<std::int64_t>(v.size())};
    a.data.resize(v.size() * sizeof(double));
    std::memcpy(a.data.data(), v.data(), a.data.size());
    write_npy(path, a);
}

std::vector<double> read_f64(const std::string& path) {
    NpyArray a = read_npy(path);
    std::vector<double> v(a.data.size() / sizeof(double));
    std::memcpy(v.data(), a.data.data(), a.data.size());
    return v;
}

std::vector<float> read_f32(const std::string& path) {
    NpyArray a = read_npy(path);
    std::vector<float> v(a.data.size() / sizeof(float));
    std::memcpy(v.data(), a.data.data(), a.data.size());
    return v;
}

/// `dpk run FILE WORDS...` on the kernels' file.
int run(const std::vector<std::string>& words, std::string* out_text = nullptr,
        std::string* err_text = nullptr, std::shared_ptr<KernelCache> cache = nullptr) {
    static const std::shared_ptr<KernelCache> shared = fresh_cache("dpk_run_cache");
    std::vector<std::string> all{kernels_file()};
    all.insert(all.end(), words.begin(), words.end());
    std::ostringstream out, err;
    int code = run_command(parse_run_arguments(all), out, err, cache ? cache : shared);
    if (out_text) *out_text = out.str();
    if (err_text) *err_text = err.str();
    return code;
}
}  // namespace

TEST_CASE("parse: values and options") {
    ArgValue z = parse_arg_value("c", "zeros:f32[4,5]");
    CHECK(z.kind == ArgValue::Kind::Zeros);
    CHECK(z.dtype == DType::F32);
    CHECK(z.shape == std::vector<std::int64_t>{4, 5});
    ArgValue l = parse_arg_value("s", "local:f32[64]");
    CHECK(l.kind == ArgValue::Kind::Local);
    ArgValue n = parse_arg_value("alpha", "2.5:f32");
    CHECK(n.kind == ArgValue::Kind::Number);
    CHECK(n.number == "2.5");
    ArgValue p = parse_arg_value("a", "@x.npy");
    CHECK(p.path == "x.npy");
    CHECK_THROWS_WITH_AS(parse_arg_value("a", "zeros:f33[4]"),
                         doctest::Contains("unknown dtype 'f33'"), InvalidArgumentError);
    CHECK_THROWS_AS(parse_arg_value("a", "local:f32[0]"), InvalidArgumentError);
    CHECK_THROWS_AS(parse_arg_value("a", "twelve"), InvalidArgumentError);
    RunRequest r = parse_run_arguments({"k.dpk", "-k", "vecadd", "--global", "64,2", "--local",
                                        "8,2", "--repeat", "3", "--out", "c=o.npy", "a=@a.npy"});
    CHECK(r.global == std::vector<std::size_t>{64, 2});
    CHECK(r.repeat == 3);
    CHECK(r.outputs.size() == 1);
    CHECK(r.compile.fp_contract);
    CHECK_FALSE(parse_run_arguments({"k.dpk", "-k", "v", "--global", "4", "--no-fp-contract"})
                    .compile.fp_contract);
    CHECK(parse_run_arguments({"k.dpk", "--global", "4"}).kernel.empty());  // -k is optional
    CHECK_THROWS_AS(parse_run_arguments({"k.dpk", "-k", "v", "--global", "4,4,4,4"}),
                    InvalidArgumentError);
    CHECK_THROWS_AS(parse_run_arguments({"k.dpk", "-k", "v", "--global", "4", "--local", "2,2"}),
                    InvalidArgumentError);
}

TEST_CASE("dpk run compiles with its flags, in the cache it is given") {
    for (bool contract : {true, false}) {
        std::vector<std::string> words{"k.dpk", "-k", "vecadd", "--global", "4"};
        if (!contract) words.push_back("--no-fp-contract");
        ProgramOptions options = program_options(parse_run_arguments(words));
        CHECK(options.fp_contract == contract);
        CHECK(options.cache == nullptr);  // the process default
    }
    auto cache = std::make_shared<KernelCache>(CacheConfig::disabled());
    CHECK(
        program_options(parse_run_arguments({"k.dpk", "-k", "v", "--global", "4"}), cache).cache ==
        cache);
}

TEST_CASE("dpk run uses the jit's caches: a second run compiles nothing") {
    for (const Device& dev : tests::devices_under_test()) {
        INFO(tests::device_label(dev));
        std::shared_ptr<KernelCache> cache = fresh_cache("dpk_run_cache_reuse");
        const std::vector<std::string> words{"-k",
                                             "vecadd",
                                             "--global",
                                             "4",
                                             "--local",
                                             "4",
                                             "--device",
                                             dev.filter_string(),
                                             "a=zeros:f32[4]",
                                             "b=zeros:f32[4]",
                                             "c=zeros:f32[4]"};
        std::string err;
        REQUIRE(run(words, nullptr, &err, cache) == 0);
        const KernelCache::Stats first = cache->stats();
        CHECK(first.front_end_compiles == 1);
        CHECK(first.programs.builds == 1);
        REQUIRE(run(words, nullptr, &err, cache) == 0);
        CHECK(err == "");
        const KernelCache::Stats second = cache->stats();
        CHECK(second.front_end_compiles == 1);  // the image came from the disk cache
        CHECK(second.image_hits == first.image_hits + 1);
        CHECK(second.programs.builds == 1);  // the driver program from the cache
    }
}

TEST_CASE("dpk run: vecadd from .npy files on every device, output written back") {
    for (const Device& dev : tests::devices_under_test()) {
        INFO(tests::device_label(dev));
        write_f32(tmp("a.npy"), {1, 2, 3, 4});
        write_f32(tmp("b.npy"), {10, 20, 30, 40});
        std::string err;
        int code = run(
            {"-k", "vecadd", "--global", "4", "--device", dev.filter_string(), "a=@" + tmp("a.npy"),
             "b=@" + tmp("b.npy"), "c=zeros:f32[4]", "--out", "c=" + tmp("c.npy")},
            nullptr, &err);
        // Without --local: the one line that says which local size dpk run chose.
        CHECK(err.rfind("dpk run: note: local size (4) for global size (4) (chosen: ", 0) == 0);
        CHECK(std::count(err.begin(), err.end(), '\n') == 1);
        REQUIRE(code == 0);
        CHECK(read_f32(tmp("c.npy")) == std::vector<float>{11, 22, 33, 44});
    }
}

TEST_CASE("dpk run: scalars, local memory and --repeat timing") {
    for (const Device& dev : tests::devices_under_test()) {
        INFO(tests::device_label(dev));
        write_f32(tmp("x.npy"), std::vector<float>(64, 1.0f));
        std::string out;
        int code = run({"-k", "saxpy", "--global", "64", "--device", dev.filter_string(), "alpha=3",
                        "x=@" + tmp("x.npy"), "y=@" + tmp("x.npy"), "--out", "y=" + tmp("y.npy")});
        REQUIRE(code == 0);
        CHECK(read_f32(tmp("y.npy")) == std::vector<float>(64, 4.0f));

        code = run({"-k", "block_sum", "--global", "64", "--local", "16", "--repeat", "5",
                    "--device", dev.filter_string(), "x=@" + tmp("x.npy"), "out=zeros:f32[4]",
                    "scratch=local:f32[16]", "--out", "out=" + tmp("sums.npy")},
                   &out);
        REQUIRE(code == 0);
        CHECK(out.rfind("kernel_time_us median=", 0) == 0);
        CHECK(out.find(" runs=5") != std::string::npos);
        CHECK(read_f32(tmp("sums.npy")) == std::vector<float>(4, 16.0f));
    }
}

TEST_CASE("dpk run: an untyped number for a generic parameter is typed by the kernel's uses") {
    for (const Device& dev : tests::devices_under_test()) {
        INFO(tests::device_label(dev));
        // Over f32 arrays alpha=2.5 is f32 (it meets x[i]); 2.5 * 1.5 + 0.25 is exact.
        write_f32(tmp("gx.npy"), std::vector<float>(64, 1.5f));
        write_f32(tmp("gy.npy"), std::vector<float>(64, 0.25f));
        std::string err;
        int code =
            run({"-k", "gsaxpy", "--global", "64", "--device", dev.filter_string(), "alpha=2.5",
                 "x=@" + tmp("gx.npy"), "y=@" + tmp("gy.npy"), "--out", "y=" + tmp("gy_out.npy")},
                nullptr, &err);
        INFO(err);
        REQUIRE(code == 0);
        CHECK(err.find("kernel 'gsaxpy' runs as void(f32, f32[::1], f32[::1]) (alpha=2.5 as f32") !=
              std::string::npos);
        CHECK(read_f32(tmp("gy_out.npy")) == std::vector<float>(64, 4.0f));

        // Over f64 arrays the same number is f64.
        if (!dev.info().has(DeviceFeature::Fp64)) {
            MESSAGE("SKIPPED: f64 part, ", tests::device_label(dev), " has no fp64");
            continue;
        }
        write_f64(tmp("gx64.npy"), std::vector<double>(64, 1.5));
        write_f64(tmp("gy64.npy"), std::vector<double>(64, 0.25));
        code = run(
            {"-k", "gsaxpy", "--global", "64", "--device", dev.filter_string(), "alpha=2.5",
             "x=@" + tmp("gx64.npy"), "y=@" + tmp("gy64.npy"), "--out", "y=" + tmp("gy64_out.npy")},
            nullptr, &err);
        INFO(err);
        REQUIRE(code == 0);
        CHECK(err.find("runs as void(f64, f64[::1], f64[::1]) (alpha=2.5 as f64") !=
              std::string::npos);
        CHECK(read_f64(tmp("gy64_out.npy")) == std::vector<double>(64, 4.0));

        // Uses that disagree (f32 and f64) are an error naming both.
        code = run({"-k", "mixed", "--global", "4", "--device", dev.filter_string(), "alpha=2.5",
                    "x=zeros:f32[4]", "z=zeros:f64[4]"},
                   nullptr, &err);
        CHECK(code == 1);
        CHECK(err.find("'alpha' is used here as f64 but as f32 on line") != std::string::npos);
        CHECK(err.find("NAME=VALUE:DTYPE") != std::string::npos);

        // A dtype given with the number is kept: no inference, no note.
        code = run({"-k", "gsaxpy", "--global", "64", "--device", dev.filter_string(),
                    "alpha=2.5:f32", "x=@" + tmp("gx.npy"), "y=@" + tmp("gy.npy")},
                   nullptr, &err);
        CHECK(code == 0);
        CHECK(err.find("runs as") == std::string::npos);
    }
}

TEST_CASE("dpk run: errors exit 1 with a message naming the parameter") {
    for (const Device& dev : tests::devices_under_test()) {
        INFO(tests::device_label(dev));
        write_f32(tmp("a.npy"), {1, 2, 3, 4});
        std::string err;
        // -s given: the arrays must match it (c is f64 here).
        int code = run({"-k", "vecadd", "-s", "void(f32[::1], f32[::1], f32[::1])", "--global", "4",
                        "--device", dev.filter_string(), "a=@" + tmp("a.npy"), "b=@" + tmp("a.npy"),
                        "c=zeros:f64[4]"},
                       nullptr, &err);
        CHECK(code == 1);
        CHECK(err.find("parameter 2 'c'") != std::string::npos);
        CHECK(err.find("expected f32[::1]") != std::string::npos);

        code = run({"-k", "vecadd", "--global", "4", "--device", dev.filter_string(),
                    "a=@" + tmp("a.npy"), "b=@" + tmp("a.npy")},
                   nullptr, &err);
        CHECK(code == 1);
        CHECK(err.find("parameter 2 'c' has no value") != std::string::npos);

        code = run({"-k", "vecadd", "--global", "4", "--device", dev.filter_string(),
                    "a=@" + tmp("a.npy"), "b=@" + tmp("a.npy"), "c=zeros:f32[4]", "d=1"},
                   nullptr, &err);
        CHECK(code == 1);
        CHECK(err.find("no parameter 'd'") != std::string::npos);

        code = run({"-k", "vecadd", "--global", "4", "--device", dev.filter_string(),
                    "a=@/nonexistent.npy", "b=@" + tmp("a.npy"), "c=zeros:f32[4]"},
                   nullptr, &err);
        CHECK(code == 1);
        CHECK(err.find("cannot read '/nonexistent.npy': No such file or directory") !=
              std::string::npos);

        code =
            run({"-k", "vecadd", "--global", "3", "--local", "2", "--device", dev.filter_string(),
                 "a=@" + tmp("a.npy"), "b=@" + tmp("a.npy"), "c=zeros:f32[4]"},
                nullptr, &err);
        CHECK(code == 1);
        CHECK(err.find("not a multiple of local range") != std::string::npos);
    }
}

TEST_CASE("dpk run: -k may be left out when the file has one kernel") {
    const Device dev = tests::devices_under_test().front();
    const std::string one = tmp("dpk_run_one_kernel.dpk");
    std::ofstream(one) << "kernel twice(x: f32[::1]) { x[global_id(0)] *= 2.0; }\n";
    write_f32(tmp("x.npy"), {1, 2, 3});
    std::ostringstream out, err;
    int code = run_command(
        parse_run_arguments({one, "--global", "3", "--local", "3", "--device", dev.filter_string(),
                             "x=@" + tmp("x.npy"), "--out", "x=" + tmp("x2.npy")}),
        out, err, fresh_cache("dpk_run_one_kernel_cache"));
    CHECK(err.str() == "");
    REQUIRE(code == 0);
    CHECK(read_f32(tmp("x2.npy")) == std::vector<float>{2, 4, 6});

    std::string several;
    code = run({"--global", "4", "--device", dev.filter_string()}, nullptr, &several);
    CHECK(code == 1);
    CHECK(several.find("has several kernels (") != std::string::npos);
    CHECK(several.find("block_sum") != std::string::npos);
    CHECK(several.find("choose one with -k") != std::string::npos);
}

TEST_CASE("dpk run: a kernel's @local_size is its local range without --local; another fails") {
    const Device dev = tests::devices_under_test().front();
    const std::string file = tmp("dpk_run_local_size.dpk");
    std::ofstream(file) << "@local_size(4)\nkernel ids(x: f32[::1]) { x[global_id(0)] = "
                           "f32(local_id(0)); }\n";
    write_f32(tmp("ids.npy"), {9, 9, 9, 9, 9, 9, 9, 9});
    std::ostringstream out, err;
    int code = run_command(
        parse_run_arguments({file, "--global", "8", "--device", dev.filter_string(),
                             "x=@" + tmp("ids.npy"), "--out", "x=" + tmp("ids2.npy")}),
        out, err, fresh_cache("dpk_run_local_size_cache"));
    CHECK(err.str() == "");  // no note: nothing was chosen
    REQUIRE(code == 0);
    CHECK(read_f32(tmp("ids2.npy")) == std::vector<float>{0, 1, 2, 3, 0, 1, 2, 3});
    std::ostringstream out2, err2;
    code = run_command(parse_run_arguments({file, "--global", "8", "--local", "8", "--device",
                                            dev.filter_string(), "x=@" + tmp("ids.npy")}),
                       out2, err2, fresh_cache("dpk_run_local_size_cache"));
    CHECK(code == 1);
    CHECK(err2.str().find("local range (8) is not the kernel's @local_size (4, 1, 1)") !=
          std::string::npos);
}

TEST_CASE("parse: --repeat and --device are range-checked") {
    auto words = [](std::vector<std::string> extra) {
        std::vector<std::string> w{"k.dpk", "-k", "v", "--global", "4"};
        w.insert(w.end(), extra.begin(), extra.end());
        return w;
    };
    // 2^32 + 1 ran once before (wrapped to int 1).
    CHECK_THROWS_WITH_AS(parse_run_arguments(words({"--repeat", "4294967297"})),
                         "--repeat: 4294967297 is out of range (0 to 100000000)",
                         InvalidArgumentError);
    CHECK(parse_run_arguments(words({"--repeat", "100000000"})).repeat == 100000000);
    CHECK_THROWS_WITH_AS(parse_run_arguments(words({"--device", ""})),
                         doctest::Contains("--device needs a filter"), InvalidArgumentError);
}

TEST_CASE(
    "dpk run: scalars are range-checked as fill() is; hostile inputs and outputs fail cleanly") {
    for (const Device& dev : tests::devices_under_test()) {
        INFO(tests::device_label(dev));
        const std::string on = dev.filter_string();
        std::string err;
        // Values that wrapped silently before (99999999999 -> 1215752191, -1 -> 255).
        for (const auto& entry : std::vector<std::tuple<std::string, std::string, std::string>>{
                 {"set_i32", "s=99999999999:i32", "99999999999 is out of the range of i32"},
                 {"set_i32", "s=99999999999", "99999999999 is out of the range of i32"},
                 {"set_i32", "s=-2147483649", "-2147483649 is out of the range of i32"},
                 {"set_u8", "s=-1:u8", "-1 is out of the range of u8"},
                 {"set_u8", "s=256", "256 is out of the range of u8"},
                 {"set_i32", "s=99999999999999999999999", "out of the range of i32"},
                 {"saxpy", "alpha=1e39", "1e39 is out of the range of f32"},
             }) {
            const auto& [kernel, value, message] = entry;
            const std::string shown = value;
            INFO(shown);
            std::vector<std::string> words{"-k", kernel, "--global", "4", "--device", on, value};
            if (kernel == "saxpy")
                words.insert(words.end(), {"x=zeros:f32[4]", "y=zeros:f32[4]"});
            else
                words.push_back(kernel == "set_u8" ? "x=zeros:u8[4]" : "x=zeros:i32[4]");
            CHECK(run(words, nullptr, &err) == 1);
            CHECK(err.find("parameter 0 '") != std::string::npos);
            CHECK(err.find(message) != std::string::npos);
        }
        // The extremes that fit are taken exactly.
        REQUIRE(run({"-k", "set_i32", "--global", "4", "--device", on, "s=-2147483648",
                     "x=zeros:i32[4]", "--out", "x=" + tmp("i32.npy")}) == 0);
        NpyArray i32 = read_npy(tmp("i32.npy"));
        std::int32_t first = 0;
        std::memcpy(&first, i32.data.data(), 4);
        CHECK(first == -2147483648);

        // A malformed .npy shape aborted the process before (std::stoll threw).
        {
            std::ofstream bad(tmp("bad_shape.npy"), std::ios::binary);
            std::string header = "{'descr': '<f4', 'fortran_order': False, 'shape': (abc,), }\n";
            bad << std::string("\x93NUMPY\x01\x00", 8) << static_cast<char>(header.size()) << '\0'
                << header;
        }
        CHECK(run({"-k", "vecadd", "--global", "4", "--device", on, "a=@" + tmp("bad_shape.npy"),
                   "b=zeros:f32[4]", "c=zeros:f32[4]"},
                  nullptr, &err) == 1);
        CHECK(err.find("bad_shape.npy: malformed .npy header: the shape's extent 'abc' is not a "
                       "non-negative integer") != std::string::npos);

        // An output on a full device: an error, not exit 0 and an empty file.
        CHECK(run({"-k", "vecadd", "--global", "4", "--device", on, "a=zeros:f32[4]",
                   "b=zeros:f32[4]", "c=zeros:f32[4]", "--out", "c=/dev/full"},
                  nullptr, &err) == 1);
        CHECK(err.find("cannot write '/dev/full': No space left on device") != std::string::npos);
    }
}

TEST_CASE("dpk run: an f16 scalar parameter takes NUMBER and NUMBER:f16, rounded to nearest") {
    // A file of its own: its kernel compiles only where the device has fp16.
    const std::string file = tmp("dpk_run_f16.dpk");
    std::ofstream(file) << "kernel set_f16(s: f16, x: f32[::1]) {\n"
                           "    x[global_id(0)] = f32(s);\n"
                           "}\n";
    auto run_f16 = [&](const Device& dev, const std::string& value, std::string& err) {
        std::vector<std::string> words{file,
                                       "--global",
                                       "4",
                                       "--device",
                                       dev.filter_string(),
                                       value,
                                       "x=zeros:f32[4]",
                                       "--out",
                                       "x=" + tmp("f16_out.npy")};
        std::ostringstream out, e;
        int code = run_command(parse_run_arguments(words), out, e,
                               std::make_shared<KernelCache>(CacheConfig::disabled()));
        err = e.str();
        return code;
    };
    int ran = 0;
    for (const Device& dev : tests::devices_under_test()) {
        INFO(tests::device_label(dev));
        std::string err;
        // Range-checked before anything is compiled, on every device: f16's largest is 65504.
        CHECK(run_f16(dev, "s=70000", err) == 1);
        CHECK(err.find("parameter 0 's': 70000 is out of the range of f16") != std::string::npos);
        CHECK(run_f16(dev, "s=-65520:f16", err) == 1);
        CHECK(err.find("parameter 0 's': -65520 is out of the range of f16") != std::string::npos);
        CHECK(run_f16(dev, "s=1.5:f32", err) == 1);
        CHECK(err.find("parameter 0 's': expected f16, got a scalar 1.5:f32") != std::string::npos);
        if (!dev.info().has(DeviceFeature::Fp16)) {
            CHECK(run_f16(dev, "s=1.5", err) == 1);
            CHECK(err.find("lacks SPIR-V capability Float16 (cl_khr_fp16)") != std::string::npos);
            continue;
        }
        // 0.1 is not an f16 value: the nearest, 0x2e66, is 0.0999755859375.
        for (const auto& [value, expected] :
             std::vector<std::pair<std::string, float>>{{"s=1.5:f16", 1.5f},
                                                        {"s=1.5", 1.5f},
                                                        {"s=0.1", 0.0999755859375f},
                                                        {"s=-65504:f16", -65504.0f},
                                                        {"s=65504", 65504.0f}}) {
            const std::string shown = value;
            INFO(shown);
            REQUIRE(run_f16(dev, shown, err) == 0);
            CHECK(read_f32(tmp("f16_out.npy")) == std::vector<float>(4, expected));
        }
        ++ran;
    }
    if (ran == 0) MESSAGE("SKIPPED the f16 launches: no device with fp16");
}

TEST_CASE("dpk run: the compiler's warnings are printed on its stderr, and it still runs") {
    const std::string file = tmp("dpk_run_warning.dpk");
    std::ofstream(file) << "kernel ratio(x: f32[::1], n: i64) {\n"
                           "    let i = global_id(0);\n"
                           "    x[i] = i / n;\n"
                           "}\n";
    for (const Device& dev : tests::devices_under_test()) {
        INFO(tests::device_label(dev));
        std::ostringstream out, err;
        int code = run_command(
            parse_run_arguments({file, "--global", "4", "--device", dev.filter_string(), "n=2",
                                 "x=zeros:f32[4]", "--out", "x=" + tmp("ratio.npy")}),
            out, err, std::make_shared<KernelCache>(CacheConfig::disabled()));
        INFO(err.str());
        REQUIRE(code == 0);
        CHECK(err.str().find("dpk_run_warning.dpk:3:14: warning: integer division 'i / n' is "
                             "computed in i64") != std::string::npos);
        CHECK(err.str().find("      x[i] = i / n;\n               ^") != std::string::npos);
        CHECK(read_f32(tmp("ratio.npy")) == std::vector<float>{0.0f, 0.0f, 1.0f, 1.0f});
    }
}

TEST_CASE("dpk run: a directory as the program is an error, not an empty program") {
    std::filesystem::create_directories(tmp("a_folder.dpk"));
    RunRequest r = parse_run_arguments({tmp("a_folder.dpk"), "-k", "k", "--global", "4"});
    std::ostringstream out, err;
    CHECK(run_command(r, out, err) == 1);
    CHECK(err.str().find("a_folder.dpk': is a directory, not a file") != std::string::npos);
}
