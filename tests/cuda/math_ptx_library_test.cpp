// The interface of dpk's PTX math library (backends/cuda/math/ptx_math_library.h) as the CUDA
// translator uses it: names, nvcc's calling convention, closures in definition order. Needs no
// CUDA toolkit (tools/cuda_math/generate.sh runs ptxas on the same modules).
#define DOCTEST_CONFIG_IMPLEMENT_WITH_MAIN
#include <doctest/doctest.h>

#include <set>
#include <string>

#include "backends/cuda/math/ptx_math_library.h"
#include "tests/cuda/math_ulp_support.h"

using namespace dpk::backends::cuda;

TEST_CASE("every function has an f32 and an f64 symbol with nvcc's calling convention") {
    for (const auto& f : dpk::cuda_math_test::math_functions()) {
        for (unsigned bits : {32u, 64u}) {
            const auto sym = ptx_math_symbol(f.name, bits);
            REQUIRE(sym.has_value());
            const std::string s(*sym);
            CHECK(s == "__dpk_" + std::string(f.name) + (bits == 32 ? "_f32" : "_f64"));
            const std::string b = bits == 32 ? ".b32" : ".b64";
            std::string head = ".func (.param " + b + " func_retval0) " + s + "(\n\t.param " + b +
                               " " + s + "_param_0";
            if (f.arity == 2) head += ",\n\t.param " + b + " " + s + "_param_1";
            const std::string def(ptx_math_definition(s));
            CHECK_MESSAGE(def.rfind(head, 0) == 0, def.substr(0, 160));
        }
    }
}

TEST_CASE("unknown names and widths have no symbol") {
    CHECK_FALSE(ptx_math_symbol("sqrt", 32).has_value());  // a PTX instruction
    CHECK_FALSE(ptx_math_symbol("fma", 64).has_value());
    CHECK_FALSE(ptx_math_symbol("exp", 16).has_value());
    CHECK_FALSE(ptx_math_symbol("lgamma", 32).has_value());
    CHECK(ptx_math_closure("__dpk_nope_f32").empty());
    CHECK(ptx_math_definition("__dpk_nope_f32").empty());
}

TEST_CASE("closures: the symbol last, every reference defined before its use") {
    for (const auto& f : dpk::cuda_math_test::math_functions())
        for (unsigned bits : {32u, 64u}) {
            const std::string s(*ptx_math_symbol(f.name, bits));
            const auto closure = ptx_math_closure(s);
            REQUIRE_FALSE(closure.empty());
            CHECK(closure.back() == s);
            std::set<std::string> defined;
            for (auto sym : closure) {
                const std::string def(ptx_math_definition(sym));
                REQUIRE_FALSE(def.empty());
                CHECK(def.find(".version") == std::string::npos);
                CHECK(def.find(".target") == std::string::npos);
                CHECK(def.find(".visible") == std::string::npos);
                CHECK((def.rfind(".func", 0) == 0 || def.rfind(".global", 0) == 0 ||
                       def.rfind(".const", 0) == 0));
                // every other closure symbol it names is already defined
                for (auto other : closure)
                    if (other != sym && def.find(std::string(other)) != std::string::npos) {
                        INFO(sym << " uses " << other);
                        CHECK(defined.count(std::string(other)) == 1);
                    }
                defined.insert(std::string(sym));
            }
        }
    // trig functions share the Payne-Hanek reduction and its tables
    const auto sin_closure = ptx_math_closure("__dpk_sin_f64");
    CHECK(sin_closure.size() > 1);
}
