// `dpk run` end to end with .npy files, driven by a resolver that serves the test kernels.
#include <doctest/doctest.h>

#include <cstring>
#include <optional>
#include <sstream>

#include "runtime/error.h"
#include "runtime/npy.h"
#include "tests/runtime/support/device_loop.h"
#include "tools/dpk/run_command.h"

using namespace dpk;
using namespace dpk::runtime;
using namespace dpk::tools;

namespace {
std::string tmp(const std::string& name) {
    return std::string(DPK_TEST_TMP_DIR) + "/" + name;
}

/// Serves vecadd, saxpy and block_sum as if the compiler had compiled them for any signature
/// that matches the test image's (the check the real compiler does by specializing).
KernelResolver test_resolver(int* compiles) {
    return [compiles](const std::string&, const std::string& kernel, const CompileFlags&) {
        KernelImage image = kernel == "vecadd"  ? tests::vecadd_image()
                            : kernel == "saxpy" ? tests::saxpy_image()
                                                : tests::block_sum_image();
        KernelSource s;
        s.param_names = image.param_names;
        s.declared.assign(image.param_names.size(), std::nullopt);
        if (kernel == "saxpy") s.declared[0] = ParamType::scalar(DType::F32);
        s.parse_signature = [image](const std::string& text) {
            if (text == image.signature.pretty()) return image.signature;
            return Signature({ParamType::array(DType::F64, 1), ParamType::array(DType::F64, 1),
                              ParamType::array(DType::F64, 1)});
        };
        s.specialize = [image, compiles](const Signature& sig, const Device&) {
            ++*compiles;
            if (!(sig == image.signature))
                throw SignatureMismatchError("test resolver: no image for " + sig.pretty());
            return image;
        };
        return s;
    };
}

void write_f32(const std::string& path, std::vector<float> v) {
    NpyArray a;
    a.dtype = DType::F32;
    a.shape = {static_cast<std::int64_t>(v.size())};
    a.data.resize(v.size() * sizeof(float));
    std::memcpy(a.data.data(), v.data(), a.data.size());
    write_npy(path, a);
}

std::vector<float> read_f32(const std::string& path) {
    NpyArray a = read_npy(path);
    std::vector<float> v(a.data.size() / sizeof(float));
    std::memcpy(v.data(), a.data.data(), a.data.size());
    return v;
}

int run(const std::vector<std::string>& words, std::string* out_text = nullptr,
        std::string* err_text = nullptr) {
    int compiles = 0;
    std::ostringstream out, err;
    int code = run_command(parse_run_arguments(words), test_resolver(&compiles), out, err);
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
    CHECK_THROWS_AS(parse_run_arguments({"k.dpk", "--global", "4"}), InvalidArgumentError);
    CHECK_THROWS_AS(parse_run_arguments({"k.dpk", "-k", "v", "--global", "4,4,4,4"}),
                    InvalidArgumentError);
    CHECK_THROWS_AS(parse_run_arguments({"k.dpk", "-k", "v", "--global", "4", "--local", "2,2"}),
                    InvalidArgumentError);
}

TEST_CASE("dpk run hands its compile flags to the resolver") {
    for (bool contract : {true, false}) {
        std::vector<std::string> words{"k.dpk", "-k", "vecadd", "--global", "4"};
        if (!contract) words.push_back("--no-fp-contract");
        std::optional<CompileFlags> seen;
        KernelResolver recorder = [&](const std::string&, const std::string&,
                                      const CompileFlags& flags) -> KernelSource {
            seen = flags;
            throw InvalidArgumentError("stop here");
        };
        std::ostringstream out, err;
        CHECK(run_command(parse_run_arguments(words), recorder, out, err) == 1);
        CHECK(err.str() == "dpk run: error: stop here\n");
        REQUIRE(seen);
        CHECK(seen->fp_contract == contract);
    }
}

TEST_CASE("dpk run: vecadd from .npy files on every device, output written back") {
    for (const Device& dev : tests::devices_under_test()) {
        INFO(tests::device_label(dev));
        write_f32(tmp("a.npy"), {1, 2, 3, 4});
        write_f32(tmp("b.npy"), {10, 20, 30, 40});
        std::string err;
        int code = run({"k.dpk", "-k", "vecadd", "--global", "4", "--device", dev.filter_string(),
                        "a=@" + tmp("a.npy"), "b=@" + tmp("b.npy"), "c=zeros:f32[4]", "--out",
                        "c=" + tmp("c.npy")},
                       nullptr, &err);
        CHECK(err == "");
        REQUIRE(code == 0);
        CHECK(read_f32(tmp("c.npy")) == std::vector<float>{11, 22, 33, 44});
    }
}

TEST_CASE("dpk run: scalars, local memory and --repeat timing") {
    for (const Device& dev : tests::devices_under_test()) {
        INFO(tests::device_label(dev));
        write_f32(tmp("x.npy"), std::vector<float>(64, 1.0f));
        std::string out;
        int code = run({"k.dpk", "-k", "saxpy", "--global", "64", "--device", dev.filter_string(),
                        "alpha=3", "x=@" + tmp("x.npy"), "y=@" + tmp("x.npy"), "--out",
                        "y=" + tmp("y.npy")});
        REQUIRE(code == 0);
        CHECK(read_f32(tmp("y.npy")) == std::vector<float>(64, 4.0f));

        code = run({"k.dpk", "-k", "block_sum", "--global", "64", "--local", "16", "--repeat", "5",
                    "--device", dev.filter_string(), "x=@" + tmp("x.npy"), "out=zeros:f32[4]",
                    "scratch=local:f32[16]", "--out", "out=" + tmp("sums.npy")},
                   &out);
        REQUIRE(code == 0);
        CHECK(out.rfind("kernel_time_us median=", 0) == 0);
        CHECK(out.find(" runs=5") != std::string::npos);
        CHECK(read_f32(tmp("sums.npy")) == std::vector<float>(4, 16.0f));
    }
}

TEST_CASE("dpk run: errors exit 1 with a message naming the parameter") {
    for (const Device& dev : tests::devices_under_test()) {
        INFO(tests::device_label(dev));
        write_f32(tmp("a.npy"), {1, 2, 3, 4});
        std::string err;
        // -s given: the arrays must match it (c is f64 here).
        int code = run({"k.dpk", "-k", "vecadd", "-s", "void(f32[::1], f32[::1], f32[::1])",
                        "--global", "4", "--device", dev.filter_string(), "a=@" + tmp("a.npy"),
                        "b=@" + tmp("a.npy"), "c=zeros:f64[4]"},
                       nullptr, &err);
        CHECK(code == 1);
        CHECK(err.find("parameter 2 'c'") != std::string::npos);
        CHECK(err.find("expected f32[::1]") != std::string::npos);

        code = run({"k.dpk", "-k", "vecadd", "--global", "4", "--device", dev.filter_string(),
                    "a=@" + tmp("a.npy"), "b=@" + tmp("a.npy")},
                   nullptr, &err);
        CHECK(code == 1);
        CHECK(err.find("parameter 2 'c' has no value") != std::string::npos);

        code = run({"k.dpk", "-k", "vecadd", "--global", "4", "--device", dev.filter_string(),
                    "a=@" + tmp("a.npy"), "b=@" + tmp("a.npy"), "c=zeros:f32[4]", "d=1"},
                   nullptr, &err);
        CHECK(code == 1);
        CHECK(err.find("no parameter 'd'") != std::string::npos);

        code = run({"k.dpk", "-k", "vecadd", "--global", "4", "--device", dev.filter_string(),
                    "a=@/nonexistent.npy", "b=@" + tmp("a.npy"), "c=zeros:f32[4]"},
                   nullptr, &err);
        CHECK(code == 1);
        CHECK(err.find("/nonexistent.npy: cannot open") != std::string::npos);

        code =
            run({"k.dpk", "-k", "vecadd", "--global", "3", "--local", "2", "--device",
                 dev.filter_string(), "a=@" + tmp("a.npy"), "b=@" + tmp("a.npy"), "c=zeros:f32[4]"},
                nullptr, &err);
        CHECK(code == 1);
        CHECK(err.find("not a multiple of local range") != std::string::npos);
    }
}
