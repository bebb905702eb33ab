// The JIT API around the seed scenarios: errors users see, compile-on-launch policies, files.
#include <iostream>
#include <sstream>

#include "compiler/program.h"
#include "compiler/program_sources.h"
#include "jit/source_digest.h"
#include "runtime/content_hash.h"
#include "runtime/sealed_file.h"
#include "tests/seed/seed_support.h"

using namespace dpk;
using dpk::tests::device_label;
using dpk::tests::devices_under_test;

TEST_CASE("unknown kernels, bad signatures and compile errors are clear") {
    Program p = tests::seed_program();
    CHECK(p.kernel_names() == std::vector<std::string>{"vecadd", "saxpy", "squares", "clamp_sq",
                                                       "matmul", "block_sum", "index3d",
                                                       "slow_fill", "twice"});
    try {
        p.kernel("vec_add");
        FAIL("no error");
    } catch (const InvalidArgumentError& e) {
        CHECK(std::string(e.what()).find("has no kernel 'vec_add' (kernels: vecadd, saxpy") !=
              std::string::npos);
    }
    for (const Device& dev : devices_under_test()) {
        INFO("device " << device_label(dev));
        Kernel vecadd = p.kernel("vecadd");
        CHECK_THROWS_AS(vecadd.specialize("void(f33[::1])", dev), InvalidArgumentError);
        try {
            vecadd.specialize("void(f32[::1], i32[::1], f32[::1])", dev);  // mixed add: i32 + f32
            MESSAGE("mixed f32 + i32 compiled (promotes)");
        } catch (const CompileError& e) {
            CHECK(!e.diagnostics().empty());
        }
        CHECK_THROWS_AS(vecadd.specialize("void(f32[::1], f32[::1])", dev), CompileError);
        // A failed specialization leaves the program usable.
        CHECK(vecadd.specialize("void(f64[::1], f64[::1], f64[::1])", dev).signature().pretty() ==
              "void(f64[::1], f64[::1], f64[::1])");
        // A syntax error is reported when the program is first needed, with diagnostics.
        Program broken = Program::from_string("broken.dpk", "kernel k(x) { let i = ; }");
        try {
            broken.kernel("k").specialize("void(f32[::1])", dev);
            FAIL("no error");
        } catch (const CompileError& e) {
            CHECK(std::string(e.what()).find("broken.dpk:1:") != std::string::npos);
        }
        CHECK_THROWS_AS(broken.check(), CompileError);
    }
}

TEST_CASE("warnings come back with the compiled kernel; warnings_as_errors makes them errors") {
    const std::string text =
        "kernel ratio(x: f32[::1], n: i64) { let i = global_id(0); x[i] = i / n; }";
    for (const Device& dev : devices_under_test()) {
        INFO("device " << device_label(dev));
        for (int process_state = 0; process_state < 2; ++process_state) {
            // A second Program of the same text compiles again (an image that warned is kept out
            // of the disk cache), so it has the warnings too.
            Program p = Program::from_string("ratio.dpk", text);
            CompiledKernel k = p.kernel("ratio").specialize("void(f32[::1], i64)", dev);
            REQUIRE(k.warnings().size() == 1);
            CHECK(k.warnings()[0].find("ratio.dpk:1:68: warning: integer division 'i / n'") !=
                  std::string::npos);
            REQUIRE(p.kernel("ratio").definitions().size() == 1);
            CHECK(p.kernel("ratio").definitions().front().warnings() == k.warnings());
        }
        ProgramOptions strict;
        strict.warnings_as_errors = true;
        Program p = Program::from_string("ratio.dpk", text, strict);
        try {
            p.kernel("ratio").specialize("void(f32[::1], i64)", dev);
            FAIL("no error");
        } catch (const CompileError& e) {
            CHECK(e.diagnostics().find("error: integer division 'i / n'") != std::string::npos);
        }
        Program clean = tests::seed_program();
        CHECK(clean.kernel("saxpy")
                  .specialize("void(f32, f32[::1], f32[::1])", dev)
                  .warnings()
                  .empty());
    }
}

TEST_CASE("warnings reach a warning handler once per specialization; stderr by default") {
    const std::string text =
        "kernel ratio(x: f32[::1], n: i64) { let i = global_id(0); x[i] = i / n; }";
    struct Call {
        std::string kernel, signature;
        std::vector<std::string> warnings;
    };
    std::vector<Call> calls;
    ProgramOptions options;
    options.warning_handler = [&](std::string_view kernel, const Signature& sig,
                                  const std::vector<std::string>& warnings) {
        calls.push_back({std::string(kernel), sig.pretty(), warnings});
    };
    Program p = Program::from_string("ratio.dpk", text, options);
    std::size_t specializations = 0;
    for (const Device& dev : devices_under_test()) {
        INFO("device " << device_label(dev));
        Kernel k = p.kernel("ratio");
        k.specialize("void(f32[::1], i64)", dev);
        k.specialize("void(f32[::1], i64)", dev);  // the same specialization: not again
        Queue q(dev);
        auto x = UsmArray::zeros(q, DType::F32, {4});
        k.launch(q, Range(4), {x, std::int64_t{2}}).wait();  // uses it: not again
        ++specializations;
        REQUIRE(calls.size() == specializations);
        CHECK(calls.back().kernel == "ratio");
        CHECK(calls.back().signature == "void(f32[::1], i64)");
        REQUIRE(calls.back().warnings.size() == 1);
        CHECK(calls.back().warnings[0].find("ratio.dpk:1:68: warning: integer division") !=
              std::string::npos);
        // A launch that makes a specialization (compile on launch) reports it too.
        Program lazy = Program::from_string("ratio.dpk", text, options);
        lazy.kernel("ratio").launch(q, Range(4), {x, std::int64_t{2}}).wait();
        CHECK(calls.size() == specializations + 1);
        calls.pop_back();
    }
    // A kernel without warnings never calls it.
    ProgramOptions quiet;
    bool called = false;
    quiet.warning_handler = [&](std::string_view, const Signature&,
                                const std::vector<std::string>&) { called = true; };
    Program clean = Program::from_string("clean.dpk",
                                         "kernel k(x: f32[::1]) { x[global_id(0)] = 1.0; }", quiet);
    for (const Device& dev : devices_under_test())
        clean.kernel("k").specialize("void(f32[::1])", dev);
    CHECK(!called);

    // Without a handler each specialization's warnings go to stderr, once: the rendered
    // diagnostic with its source line and caret.
    std::ostringstream captured;
    std::streambuf* const saved = std::cerr.rdbuf(captured.rdbuf());
    std::size_t devices = 0;
    try {
        Program loud = Program::from_string("ratio.dpk", text);
        for (const Device& dev : devices_under_test()) {
            loud.kernel("ratio").specialize("void(f32[::1], i64)", dev);
            loud.kernel("ratio").specialize("void(f32[::1], i64)", dev);  // not again
            ++devices;
        }
    } catch (...) {
        std::cerr.rdbuf(saved);
        throw;
    }
    std::cerr.rdbuf(saved);
    const std::string warning =
        "ratio.dpk:1:68: warning: integer division 'i / n' is computed in i64 (the quotient is "
        "truncated) and then converted to f32;";
    const std::string printed = captured.str();
    INFO(printed);
    std::size_t count = 0;
    for (std::size_t at = printed.find(warning); at != std::string::npos;
         at = printed.find(warning, at + 1))
        ++count;
    CHECK(count == devices);
    CHECK(printed.find("  " + text + "\n") != std::string::npos);  // the source line
}

TEST_CASE("compile-on-launch policies") {
    for (const Device& dev : devices_under_test()) {
        INFO("device " << device_label(dev));
        Program p = tests::seed_program();
        Queue q(dev);
        auto f = UsmArray::zeros(q, DType::F32, {16});
        auto d = UsmArray::zeros(q, DType::F64, {16});

        Kernel never = p.kernel("vecadd");
        never.set_compile_on_launch(CompileOnLaunch::Never);
        try {
            never.launch(q, Range(16), {f, f, f});
            FAIL("no error");
        } catch (const SignatureMismatchError& e) {
            CHECK(std::string(e.what()).find("no specialization yet") != std::string::npos);
        }
        CHECK(never.compile_count() == 0);

        // Specialized: the default policy stops compiling on launch.
        Kernel twice = p.kernel("squares");
        twice.specialize("void(f32[::1], f32[::1])", dev);
        CHECK_THROWS_AS(twice.launch(q, Range(16), {d, d}), SignatureMismatchError);
        CHECK(twice.compile_count() == 1);
        // Always: lazy entries beside the eager one.
        twice.set_compile_on_launch(CompileOnLaunch::Always);
        twice.launch(q, Range(16), {d, d}).wait();
        CHECK(twice.compile_count() == 2);
        CHECK(twice.definitions().size() == 2);
    }
}

TEST_CASE("programs from files resolve imports beside them and hash them") {
    tests::TempDir dir("files");
    auto main_path = dir.path() / "main.dpk";
    auto helper_path = dir.path() / "helpers.dpk";
    REQUIRE(runtime::write_file_atomically(helper_path, "func twice(x) { return x + x; }\n"));
    REQUIRE(runtime::write_file_atomically(
        main_path,
        "import helpers;\nkernel k(x: f32[::1]) { let i = global_id(0); x[i] = twice(x[i]); }\n"));
    auto sources_of = [&] {
        auto sources = std::make_shared<compiler::ProgramSources>(
            main_path.string(), *runtime::read_file_bytes(main_path), compiler::stdlib_dir());
        sources->read_imports();
        return sources;
    };
    auto sources1 = sources_of();
    REQUIRE(sources1->files().size() == 1);  // the compiler's resolution: helpers.dpk beside it
    CHECK(sources1->files()[0].canonical == compiler::canonical_path(helper_path));
    auto digest1 = jit::source_digest(*sources1);
    REQUIRE(runtime::write_file_atomically(helper_path, "func twice(x) { return x * 2.0; }\n"));
    auto digest2 = jit::source_digest(*sources_of());
    CHECK_FALSE(digest1 == digest2);  // an imported file changed: another key
    // The front end compiles the hashed texts, never reading the files again.
    REQUIRE(runtime::write_file_atomically(helper_path, "this is not dpk"));
    compiler::source::Diagnostics diags;
    CHECK_MESSAGE(compiler::Program::from_sources(sources1, diags) != nullptr, diags.render());
    CHECK(sources1->files().size() == 1);
    REQUIRE(runtime::write_file_atomically(helper_path, "func twice(x) { return x * 2.0; }\n"));

    for (const Device& dev : devices_under_test()) {
        INFO("device " << device_label(dev));
        ProgramOptions o;
        o.cache = tests::private_cache(dir.path() / "cache");
        Program p = Program::from_file(main_path, o);
        Queue q(dev);
        auto x = UsmArray::from_host<float>(q, tests::iota(8));
        p.kernel("k").launch(q, Range(8), {x}).wait();
        CHECK(x.to_vector<float>()[3] == 6.0f);
    }
    CHECK_THROWS_WITH_AS(Program::from_file(dir.path() / "missing.dpk"),
                         doctest::Contains("missing.dpk': No such file or directory"), FileError);
    CHECK_THROWS_WITH_AS(Program::from_file(dir.path()), doctest::Contains("is a directory"),
                         FileError);
}

TEST_CASE("kernel names and imports are found without parsing; comments and strings skipped") {
    compiler::ProgramSources s("names.dpk",
                               "// kernel fake(x)\n// import gone;\nkernel a(x) { }\n"
                               "/* kernel b() import gone; */ func f() {}\nkernel  c (y) {}",
                               compiler::stdlib_dir());
    s.read_imports();
    CHECK(s.scanned_kernel_names() == std::vector<std::string>{"a", "c"});
    CHECK(s.files().empty());
    CHECK(s.sealed());
}

TEST_CASE("sealed files and content keys") {
    std::string sealed = runtime::seal("dpktest1", 3, "payload");
    CHECK(runtime::unseal(sealed, "dpktest1", 3, "t") == "payload");
    CHECK_THROWS_AS(runtime::unseal(sealed, "dpktest1", 4, "t"), FormatError);
    CHECK_THROWS_AS(runtime::unseal(sealed, "dpkother", 3, "t"), FormatError);
    std::string bad = sealed;
    bad.back() ^= 1;
    CHECK_THROWS_AS(runtime::unseal(bad, "dpktest1", 3, "t"), FormatError);
    CHECK_THROWS_AS(runtime::unseal(sealed.substr(0, sealed.size() - 1), "dpktest1", 3, "t"),
                    FormatError);
    // XXH64 reference values.
    CHECK(runtime::hash64("", 0) == 0xEF46DB3751D8E999ULL);
    CHECK(runtime::hash64("a", 0) == 0xD24EC4F1A98C6E5BULL);
    CHECK(runtime::hash64("abc", 0) == 0x44BC2CF5AD770999ULL);
    CHECK(runtime::hash64("Nobody inspects the spammish repetition", 0) == 0xFBCEA83C8A378BF1ULL);
    runtime::ContentKey k1 = runtime::ContentKeyBuilder().add("ab").add("c").key();
    runtime::ContentKey k2 = runtime::ContentKeyBuilder().add("a").add("bc").key();
    CHECK_FALSE(k1 == k2);
    CHECK(k1.hex().size() == 32);
}

TEST_CASE("Program::check types annotated kernels without a device; generic ones wait") {
    // A type error in a fully annotated kernel: found by check(), with its position.
    Program annotated = Program::from_string(
        "annotated.dpk", "kernel k(x: f32[::1], n: i64) {\n    x[0] = n + 1.5f32 + true;\n}\n");
    try {
        annotated.check();
        FAIL("no error");
    } catch (const CompileError& e) {
        CHECK(std::string(e.what()).find("annotated.dpk:2:") != std::string::npos);
    }
    // So is a uniformity error (a barrier under a varying condition).
    Program uniformity = Program::from_string(
        "uniformity.dpk",
        "kernel k(x: f32[::1]) {\n    if global_id(0) < 4 { barrier(local); }\n}\n");
    CHECK_THROWS_AS(uniformity.check(), CompileError);
    // A generic kernel is typed at its first specialization: check() passes, specialize fails.
    Program generic = Program::from_string("generic.dpk",
                                           "kernel k(x) {\n    x[0] = x[1] + true;\n}\n"
                                           "kernel fine(y: f32[::1]) { y[0] = 1.0; }\n");
    CHECK_NOTHROW(generic.check());
    // A name error is found everywhere, generic kernels included.
    Program names = Program::from_string("names.dpk", "kernel k(x) { x[0] = undefined; }");
    CHECK_THROWS_AS(names.check(), CompileError);
}

TEST_CASE("Program::integer_constant reads the program's integer consts as folded") {
    Program p = Program::from_string("consts.dpk",
                                     "const TILE = 16;\n"
                                     "const WIDE: u32 = TILE * 4 + 1;\n"
                                     "const NEG: i64 = -(1 << 40);\n"
                                     "const BIG = 18446744073709551615;\n"
                                     "const HALF = 0.5;\n"
                                     "const FLAG = true;\n"
                                     "kernel k(x: f32[::1]) { x[0] = f32(TILE); }\n");
    CHECK(p.integer_constant("TILE") == std::optional<std::int64_t>(16));
    CHECK(p.integer_constant("WIDE") == std::optional<std::int64_t>(65));
    CHECK(p.integer_constant("NEG") == std::optional<std::int64_t>(-(std::int64_t{1} << 40)));
    CHECK_FALSE(p.integer_constant("BIG").has_value());   // does not fit in an i64
    CHECK_FALSE(p.integer_constant("HALF").has_value());  // not an integer
    CHECK_FALSE(p.integer_constant("FLAG").has_value());
    CHECK_FALSE(p.integer_constant("MISSING").has_value());
    CHECK_FALSE(p.integer_constant("k").has_value());  // a kernel, not a const
    // A const that does not fold is the program's error, with its position.
    Program broken = Program::from_string("broken.dpk", "const A = 1 / 0;\nkernel k() {}\n");
    try {
        (void)broken.integer_constant("A");
        FAIL("no error");
    } catch (const CompileError& e) {
        CHECK(std::string(e.what()).find("broken.dpk:1:") != std::string::npos);
    }
}

TEST_CASE("one kernel of a two-kernel program specializes; dependent launches on two queues") {
    // What the Python tests do first on a device; on the H100 the Python module crashed in the
    // first specialize of this program.
    const std::string text =
        "kernel add1(x) { let i = global_id(0); x[i] = x[i] + 1.0; }\n"
        "kernel dbl(x) { let i = global_id(0); x[i] = x[i] * 2.0; }\n";
    for (const Device& dev : devices_under_test()) {
        INFO("device " << device_label(dev));
        Program p = Program::from_string("chain.dpk", text);
        CompiledKernel add1 = p.kernel("add1").specialize("void(f32[::1])", dev);
        CompiledKernel dbl = p.kernel("dbl").specialize("void(f32[::1])", dev);
        Queue q(dev);
        Queue other(dev);
        UsmArray x = UsmArray::zeros(q, DType::F32, {256});
        Event e1 = add1.launch(q, Range(256), Range(64), {x});
        Event e2 = dbl.launch(other, Range(256), {x}, {e1});
        Event e3 = add1.launch(q, Range(256), {x}, {e2});
        Event::wait_all(std::vector<Event>{e3});
        CHECK(x.to_vector<float>() == std::vector<float>(256, 3.0f));
        CHECK(e3.is_complete());
        const auto t = e1.profiling();
        CHECK(t.queued <= t.submit);
        CHECK(t.submit <= t.start);
        CHECK(t.start <= t.end);
    }
}
