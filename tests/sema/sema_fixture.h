// Test helpers: parse a program from text, check it, specialize kernels, find expressions by
// their source text and read what sema recorded about them.
#pragma once

#include <doctest/doctest.h>

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "compiler/parse/parser.h"
#include "compiler/parse/signature_parser.h"
#include "compiler/sema/sema.h"

namespace dpk::tests {

using namespace dpk::compiler;

/// One program (a main module and optional extra modules) with its checker.
class SemaFixture {
public:
    explicit SemaFixture(std::string text, std::vector<std::string> imports = {}) {
        files_.push_back(std::make_unique<source::SourceFile>("test.dpk", std::move(text)));
        for (std::size_t i = 0; i < imports.size(); ++i)
            files_.push_back(std::make_unique<source::SourceFile>(
                "module" + std::to_string(i) + ".dpk", std::move(imports[i])));
        std::vector<const ast::Module*> modules;
        for (const auto& f : files_) {
            auto m = parse::parse_module(*f, diags);
            REQUIRE_MESSAGE(m, diags.render());
            modules.push_back(m.get());
            modules_.push_back(std::move(m));
        }
        checker = std::make_unique<sema::ProgramChecker>(modules, diags);
    }

    bool check() { return checker->check(); }

    /// Specializes `kernel` for `signature` (a signature string; empty: as annotated).
    const sema::TypedKernel* specialize(const std::string& kernel,
                                        const std::string& signature = {}) {
        std::optional<Signature> sig;
        if (!signature.empty()) {
            sig = parse::parse_signature(signature, diags);
            REQUIRE_MESSAGE(sig, diags.render());
        }
        typed_.push_back(checker->specialize(kernel, sig));
        return typed_.back().get();
    }

    std::string errors() const { return diags.render(); }

    /// The first error's message (no location).
    std::string first_error() const {
        for (const auto& d : diags.all())
            if (d.severity == source::Severity::Error) return d.message;
        return {};
    }

    /// Every expression of a function, pre-order.
    static std::vector<const ast::Expr*> exprs_of(const ast::Function& f);

    /// The first expression of `inst`'s function whose source text is `text`.
    const ast::Expr* find(const sema::FunctionInstance& inst, const std::string& text) const;
    const sema::ExprInfo& info(const sema::FunctionInstance& inst, const std::string& text) const {
        const ast::Expr* e = find(inst, text);
        REQUIRE_MESSAGE(e, "no expression '" << text << "'");
        return inst.info(*e);
    }
    /// The type of an expression at its use ("f32"), or "<null>".
    std::string type(const sema::FunctionInstance& inst, const std::string& text) const {
        const auto& i = info(inst, text);
        return i.type ? i.type->str() : "<null>";
    }
    std::string result(const sema::FunctionInstance& inst, const std::string& text) const {
        const auto& i = info(inst, text);
        return i.result() ? i.result()->str() : "<null>";
    }
    /// The type of the variable named `name` (first declaration).
    std::string var_type(const sema::FunctionInstance& inst, const std::string& name) const;
    /// The instance with the given symbol in `k`.
    static const sema::FunctionInstance* instance(const sema::TypedKernel& k,
                                                  const std::string& symbol) {
        for (const auto& i : k.instances)
            if (i->symbol == symbol) return i.get();
        return nullptr;
    }

    source::Diagnostics diags;
    std::unique_ptr<sema::ProgramChecker> checker;

private:
    std::vector<std::unique_ptr<source::SourceFile>> files_;
    std::vector<std::unique_ptr<ast::Module>> modules_;
    std::vector<std::unique_ptr<sema::TypedKernel>> typed_;
};

/// The type of `expr` in `kernel k(params) { let r = expr; }`, or "error: " and the first error.
std::string type_of(const std::string& params, const std::string& expr);

/// Rendered diagnostics of a program that must fail the program check or a specialization.
std::string errors_of(const std::string& text, const std::string& kernel = {},
                      const std::string& signature = {});

}  // namespace dpk::tests
