// Programs generated from the compiler's own builtin table that give every builtin's name to a
// user's function, const, parameter and variables. A program may use any of these names, and
// adding a builtin must not change that; generated from the table, these programs grow with it.
#pragma once

#include <string>
#include <vector>

#include "compiler/sema/builtins.h"

namespace dpk::tests {

/// A program importing std.reduce that defines its own local_id, local_size, min and barrier:
/// std.reduce's calls must stay builtin calls, the program's reach its functions (kernel `k`).
inline constexpr const char* kStdReduceWithShadowingFunctions = R"(import std.reduce;
func local_id(d: i64) -> i64 { return 7; }
func local_size(d: i64) -> i64 { return 1000; }
func min(a, b) { return a + b; }
func barrier(flags: i64) { }
kernel k(x: i64[::1], out: i64[::1], scratch: local i64[:]) {
    let i = global_id(0);
    let s = group_sum(scratch, x[i]);
    let m = group_min(scratch, x[i]);
    if i == 0 { out[0] = s; out[1] = m; out[2] = min(s, m); out[3] = local_id(0); barrier(1); }
}
)";

/// Every name the language gives a meaning that a program may still define: each builtin's (from
/// compiler/sema/builtins.h) and `range` (a word of the `for` statement).
inline std::vector<std::string> builtin_names() {
    std::vector<std::string> out;
    for (std::string_view n : compiler::sema::all_builtin_names()) out.emplace_back(n);
    out.emplace_back("range");
    return out;
}

/// The value the generated function named builtin_names()[k] returns for argument x.
inline std::int64_t user_function_result(std::size_t k, std::int64_t x) {
    return x * 2 + static_cast<std::int64_t>(k);
}

/// `func NAME(x: i64) -> i64 { return x * 2 + K; }` for the K-th name, and
/// `kernel calls(out: i64[::1])` storing NAME(100) into out[K] for every name, then into
/// out[names] the sum of a `for j in range(3)` loop (3: the loop is unaffected by `func range`).
/// Each function takes one argument whatever its builtin's arity.
inline std::string program_defining_functions() {
    const auto names = builtin_names();
    std::string src;
    for (std::size_t k = 0; k < names.size(); ++k)
        src +=
            "func " + names[k] + "(x: i64) -> i64 { return x * 2 + " + std::to_string(k) + "; }\n";
    src += "kernel calls(out: i64[::1]) {\n";
    for (std::size_t k = 0; k < names.size(); ++k)
        src += "    out[" + std::to_string(k) + "] = " + names[k] + "(100);\n";
    src += "    var acc: i64 = 0;\n    for j in range(3) { acc += j; }\n";
    src += "    out[" + std::to_string(names.size()) + "] = acc;\n}\n";
    return src;
}

/// The value of the const named builtin_names()[k] in program_defining_consts().
inline std::int64_t user_const_value(std::size_t k) {
    return 1000 + static_cast<std::int64_t>(k);
}

/// `const NAME: i64 = 1000 + K;` for the K-th name, and `kernel consts(out: i64[::1])` storing
/// NAME into out[K].
inline std::string program_defining_consts() {
    const auto names = builtin_names();
    std::string src;
    for (std::size_t k = 0; k < names.size(); ++k)
        src += "const " + names[k] + ": i64 = " + std::to_string(user_const_value(k)) + ";\n";
    src += "kernel consts(out: i64[::1]) {\n";
    for (std::size_t k = 0; k < names.size(); ++k)
        src += "    out[" + std::to_string(k) + "] = " + names[k] + ";\n";
    src += "}\n";
    return src;
}

/// What use_NAME(p) returns in program_with_variables().
inline std::int64_t variables_result(std::int64_t p) {
    return 2 * p + (2 * p + 1) + 11 + 3;
}

/// For the K-th name NAME: `func use_NAME(NAME: i64) -> i64` whose parameter, a `let` and a `var`
/// of inner blocks and a loop variable are all named NAME (it returns variables_result(NAME));
/// `kernel param_NAME(NAME: i64, out: i64[::1])` storing use_NAME(NAME) into out[0]; and
/// `kernel variables(out: i64[::1])` storing use_NAME(5) into out[K] for every name.
inline std::string program_with_variables() {
    const auto names = builtin_names();
    std::string src;
    for (const std::string& n : names) {
        src += "func use_" + n + "(" + n + ": i64) -> i64 {\n";
        src += "    let twice = " + n + " * 2;\n";
        src += "    var total = twice;\n";
        src += "    { let " + n + " = twice + 1; total += " + n + "; }\n";
        src += "    { var " + n + " = 10; " + n + " += 1; total += " + n + "; }\n";
        src += "    for " + n + " in range(3) { total += " + n + "; }\n";
        src += "    return total;\n}\n";
        src += "kernel param_" + n + "(" + n + ": i64, out: i64[::1]) { out[0] = use_" + n + "(" +
               n + "); }\n";
    }
    src += "kernel variables(out: i64[::1]) {\n";
    for (std::size_t k = 0; k < names.size(); ++k)
        src += "    out[" + std::to_string(k) + "] = use_" + names[k] + "(5);\n";
    src += "}\n";
    return src;
}

}  // namespace dpk::tests
