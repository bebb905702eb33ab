#include "compiler/sema/sema_context.h"

#include "compiler/sema/const_evaluator.h"

namespace dpk::compiler::sema {

SemaContext::SemaContext(std::vector<const ast::Module*> modules, source::Diagnostics& diags)
    : modules_(std::move(modules)), diags_(diags), types_(std::make_shared<types::TypeContext>()) {
    for (const ast::Module* m : modules_) {
        for (const auto& c : m->consts) item_files_[c.get()] = c->file ? c->file : m->file;
        for (const auto& f : m->functions) item_files_[f.get()] = f->file ? f->file : m->file;
    }
}

void SemaContext::error(const source::SourceFile* file, source::SourceRange range,
                        std::string message) {
    auto key = std::make_tuple(file, range.begin.line, range.begin.column, message);
    if (!reported_.insert(std::move(key)).second) return;
    diags_.error(file, range, std::move(message));
}

void SemaContext::note(const source::SourceFile* file, source::SourceRange range,
                       std::string message) {
    diags_.note(file, range, std::move(message));
}

void SemaContext::warning(const source::SourceFile* file, source::SourceRange range,
                          std::string message) {
    auto key = std::make_tuple(file, range.begin.line, range.begin.column, message);
    if (!warned_.insert(std::move(key)).second) return;
    diags_.warning(file, range, std::move(message));
}

const ConstInfo& SemaContext::const_info(const ast::Const& c) {
    ConstInfo& info = consts_[&c];
    if (info.state == ConstInfo::State::Pending || info.state == ConstInfo::State::Folding)
        fold_const(*this, c, info);
    return info;
}

const source::SourceFile* SemaContext::file_of(const ast::Function& f) const {
    if (f.file) return f.file;
    auto it = item_files_.find(&f);
    return it == item_files_.end() ? nullptr : it->second;
}

const source::SourceFile* SemaContext::file_of(const ast::Const& c) const {
    if (c.file) return c.file;
    auto it = item_files_.find(&c);
    return it == item_files_.end() ? nullptr : it->second;
}

}  // namespace dpk::compiler::sema
