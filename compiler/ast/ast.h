// The untyped AST: what the parser builds from the ANTLR parse tree. Every node has a source range.
// Types live beside it, per specialization, in sema::FunctionInstance (a generic function has one
// AST and many typed instances).
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "compiler/source/source_file.h"
#include "dpk/core/signature.h"

namespace dpk::compiler::ast {

using source::SourceRange;

// ---------------------------------------------------------------------------------------------
// Type annotations as written: `f32`, `f32[:, ::1]`, `local f32[:]`.

struct TypeExpr {
    SourceRange range;
    std::string scalar;  // element or scalar type name as written ("f32", "float32", ...)
    /// `x.dtype`: the element type of the array `x` (scalar is then "x.dtype").
    std::string dtype_of;
    SourceRange dtype_of_range;
    bool is_array = false;
    bool is_local = false;  // `local T[:]`: work-group memory sized at launch (parameters only)
    /// One entry per dimension: true where the dimension is written `::1` (unit stride).
    std::vector<bool> unit_stride;
    /// An explicit `usm_ndarray(T, ndim=.., layout=.., usm_type=.., device=..)` form.
    bool explicit_usm = false;
    int ndim = 0;
    std::string layout;    // "C", "F", "A" (explicit form)
    std::string usm_type;  // explicit form
    std::string device;    // explicit form
};

// ---------------------------------------------------------------------------------------------
// Expressions

enum class ExprKind {
    IntLit,
    FloatLit,
    BoolLit,
    StringLit,
    Name,
    Unary,
    Binary,
    Call,
    Index,
    Member,
    Tuple
};

enum class UnaryOp { Neg, Not, BitNot, Plus };
enum class BinaryOp {
    Mul,
    Div,
    Rem,
    Add,
    Sub,
    Shl,
    Shr,
    Lt,
    Le,
    Gt,
    Ge,
    Eq,
    Ne,
    BitAnd,
    BitXor,
    BitOr,
    LogAnd,
    LogOr
};
const char* op_spelling(UnaryOp op);
const char* op_spelling(BinaryOp op);

struct Expr {
    ExprKind kind;
    SourceRange range;
    /// Dense index within the enclosing function or const initializer; keys sema's side tables.
    std::uint32_t id = 0;
    explicit Expr(ExprKind k) : kind(k) {}
    virtual ~Expr() = default;
};
using ExprPtr = std::unique_ptr<Expr>;

struct IntLit : Expr {
    IntLit() : Expr(ExprKind::IntLit) {}
    std::uint64_t value = 0;  // magnitude as written (a leading '-' is a unary operator)
    std::string suffix;       // optional type suffix, e.g. "u32" in `3u32` (may be empty)
};
struct FloatLit : Expr {
    FloatLit() : Expr(ExprKind::FloatLit) {}
    double value = 0;
    std::string text;    // as written, for messages
    std::string suffix;  // optional "f32" / "f64"
};
struct BoolLit : Expr {
    BoolLit() : Expr(ExprKind::BoolLit) {}
    bool value = false;
};
/// `"text"`: only print's format and assert's message take one.
struct StringLit : Expr {
    StringLit() : Expr(ExprKind::StringLit) {}
    std::string value;  // escapes decoded: `\n` is one newline character
};
/// A bare identifier: a variable, parameter, const, or (as a call argument) a type or the
/// barrier flags `local` / `global`.
struct Name : Expr {
    Name() : Expr(ExprKind::Name) {}
    std::string name;
};
struct Unary : Expr {
    Unary() : Expr(ExprKind::Unary) {}
    UnaryOp op{};
    ExprPtr operand;
};
struct Binary : Expr {
    Binary() : Expr(ExprKind::Binary) {}
    BinaryOp op{};
    ExprPtr lhs, rhs;
    SourceRange op_range;
};
/// `callee(args)`: a builtin, a cast (`f32(x)`), or a user function.
struct Call : Expr {
    Call() : Expr(ExprKind::Call) {}
    std::string callee;
    SourceRange callee_range;
    std::vector<ExprPtr> args;
    /// `x.dtype(v)`: callee "dtype", the receiver `x` (null for plain calls).
    ExprPtr receiver;
};
/// `base[i]`, `base[i, j]`.
struct Index : Expr {
    Index() : Expr(ExprKind::Index) {}
    ExprPtr base;
    std::vector<ExprPtr> indices;
};
/// `base.shape`, `base.strides`, `base.size`.
struct Member : Expr {
    Member() : Expr(ExprKind::Member) {}
    ExprPtr base;
    std::string member;
    SourceRange member_range;
};
/// `(a, b)` with two or more elements: shapes of local/private arrays and multi-dim atomic indices.
struct Tuple : Expr {
    Tuple() : Expr(ExprKind::Tuple) {}
    std::vector<ExprPtr> elements;
};

// ---------------------------------------------------------------------------------------------
// Statements

enum class StmtKind { VarDecl, Assign, If, While, For, Break, Continue, Return, ExprStmt, Block };

struct Stmt {
    StmtKind kind;
    SourceRange range;
    explicit Stmt(StmtKind k) : kind(k) {}
    virtual ~Stmt() = default;
};
using StmtPtr = std::unique_ptr<Stmt>;

struct Block : Stmt {
    Block() : Stmt(StmtKind::Block) {}
    std::vector<StmtPtr> stmts;
};

/// A named value in a function: a parameter, a `let`/`var`, or a `for` variable.
struct VarSymbol {
    std::string name;
    SourceRange range;             // of the name
    bool is_mutable = false;       // `var`
    std::optional<TypeExpr> type;  // annotation if written
    /// Dense index within the enclosing function; keys sema's side tables.
    std::uint32_t id = 0;
};

/// `let x = e;` / `var x: T = e;`
struct VarDecl : Stmt {
    VarDecl() : Stmt(StmtKind::VarDecl) {}
    VarSymbol var;
    ExprPtr init;  // always present (`var x: T;` gets a zero of T from the parser)
};

enum class AssignOp { Set, Add, Sub, Mul, Div, Rem, BitAnd, BitOr, BitXor, Shl, Shr };
const char* op_spelling(AssignOp op);
/// The binary operator of a compound assignment (`+=` -> `+`); nullopt for plain `=`.
std::optional<BinaryOp> compound_binary_op(AssignOp op);

/// `target op= value;` where target is a Name or an Index.
struct Assign : Stmt {
    Assign() : Stmt(StmtKind::Assign) {}
    AssignOp op = AssignOp::Set;
    ExprPtr target;
    ExprPtr value;
    SourceRange op_range;
};
struct If : Stmt {
    If() : Stmt(StmtKind::If) {}
    ExprPtr cond;
    std::unique_ptr<Block> then_block;
    StmtPtr else_stmt;  // null, a Block, or another If (`else if`)
};
struct While : Stmt {
    While() : Stmt(StmtKind::While) {}
    ExprPtr cond;
    std::unique_ptr<Block> body;
};
/// `for v in range(stop)`, `range(start, stop)`, `range(start, stop, step)`.
struct For : Stmt {
    For() : Stmt(StmtKind::For) {}
    VarSymbol var;
    ExprPtr start;  // null means 0
    ExprPtr stop;
    ExprPtr step;            // null means 1
    SourceRange range_call;  // of `range(...)`
    std::unique_ptr<Block> body;
};
struct Break : Stmt {
    Break() : Stmt(StmtKind::Break) {}
};
struct Continue : Stmt {
    Continue() : Stmt(StmtKind::Continue) {}
};
struct Return : Stmt {
    Return() : Stmt(StmtKind::Return) {}
    ExprPtr value;  // may be null
};
struct ExprStmt : Stmt {
    ExprStmt() : Stmt(StmtKind::ExprStmt) {}
    ExprPtr expr;
};

// ---------------------------------------------------------------------------------------------
// Items

struct Param {
    VarSymbol var;  // var.type is the annotation; absent for a generic parameter
};

/// `@name(args)` before a function: `@local_size(128, 2)`.
struct Attribute {
    std::string name;
    SourceRange range;  // from `@` to `)`
    SourceRange name_range;
    std::vector<ExprPtr> args;
};

/// A `func` (device function) or a `kernel`.
struct Function {
    bool is_kernel = false;
    std::vector<Attribute> attributes;  // in source order
    std::string name;
    SourceRange range;  // whole item
    SourceRange name_range;
    std::vector<Param> params;
    std::optional<TypeExpr> return_type;  // `-> T` (funcs only)
    std::unique_ptr<Block> body;
    std::uint32_t expr_count = 0;  // ids in [0, expr_count) are used by this function's Exprs
    std::uint32_t var_count = 0;  // ids in [0, var_count) are used by its VarSymbols (params first)
    const source::SourceFile* file = nullptr;

    /// True when every parameter is annotated, so the kernel compiles without a signature.
    bool fully_annotated() const;
};

/// `const N = e;` / `const N: T = e;` — e is a constant expression.
struct Const {
    std::string name;
    SourceRange range;
    SourceRange name_range;
    std::optional<TypeExpr> type;
    ExprPtr value;
    std::uint32_t expr_count = 0;
    const source::SourceFile* file = nullptr;
};

struct Module;

/// `import std.reduce;`
struct Import {
    std::vector<std::string> path;  // {"std", "reduce"}
    SourceRange range;
    const source::SourceFile* file = nullptr;
    /// The module the import loads, once the front end has loaded it (null before, and in
    /// programs assembled without resolving imports).
    const Module* module = nullptr;
};

/// One parsed source file (a program or an imported module).
struct Module {
    const source::SourceFile* file = nullptr;
    std::vector<Import> imports;
    std::vector<std::unique_ptr<Const>> consts;
    std::vector<std::unique_ptr<Function>> functions;  // funcs and kernels in source order
};

}  // namespace dpk::compiler::ast
