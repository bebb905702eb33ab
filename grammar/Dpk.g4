// The dpk kernel language. docs/language.md is its normative reference.
//
// Two start rules: `program` for .dpk text, `signatureEntry` for signature strings such as
// `void(f32, f32[::1], usm_ndarray(f32, ndim=2, layout="C"))`, plus `paramTypeEntry` for one
// parameter type. Type names, `range`, `void` and `usm_ndarray` are plain identifiers; the AST
// builder checks them. Error tokens (stray characters, unterminated strings and comments) are
// produced by the lexer instead of lexer errors so the parser driver can word the diagnostics.
grammar Dpk;

// ---------------------------------------------------------------------------------------------
// Items

program
    : item* EOF
    ;

item
    : importDecl
    | constDecl
    | functionDecl
    ;

importDecl
    : IMPORT ID (DOT ID)* SEMI
    ;

constDecl
    : CONST ID (COLON typeExpr)? ASSIGN expr SEMI
    ;

functionDecl
    : attribute* kind=(FUNC | KERNEL) ID LPAREN paramList? RPAREN (ARROW typeExpr)? block
    ;

// `@local_size(128)`, `@local_size(16, 16)`: what the kernel requires of its launches.
attribute
    : AT ID LPAREN (expr (COMMA expr)*)? RPAREN
    ;

paramList
    : param (COMMA param)* COMMA?
    ;

param
    : ID (COLON typeExpr)?
    ;

// ---------------------------------------------------------------------------------------------
// Types: `f32`, `f32[:, ::1]`, `local f32[:]`, `usm_ndarray(f32, ndim=2, layout="C")`, `x.dtype`.

typeExpr
    : LOCAL? ID (DOT ID)? (LBRACK dim (COMMA dim)* RBRACK)?    # namedType
    | ID LPAREN ID (COMMA typeArg)* RPAREN                     # explicitType
    ;

dim
    : COLON                                                    # anyDim
    | COLONCOLON INT                                           # unitDim
    ;

typeArg
    : ID ASSIGN value=(INT | STRING)
    ;

signatureEntry
    : ID LPAREN (typeExpr (COMMA typeExpr)*)? RPAREN EOF
    ;

paramTypeEntry
    : typeExpr EOF
    ;

// ---------------------------------------------------------------------------------------------
// Statements

block
    : LBRACE statement* RBRACE
    ;

statement
    : kind=(LET | VAR) (ID | LPAREN ID (COMMA ID)+ RPAREN) (COLON typeExpr)? (ASSIGN expr)? SEMI   # varDeclStmt
    | ifStatement                                              # ifStmt
    | WHILE expr block                                         # whileStmt
    | FOR ID IN ID LPAREN expr (COMMA expr)* RPAREN block      # forStmt
    | BREAK SEMI                                               # breakStmt
    | CONTINUE SEMI                                            # continueStmt
    | RETURN expr? SEMI                                        # returnStmt
    | block                                                    # blockStmt
    | target=expr (assignOp value=expr)? SEMI                  # simpleStmt
    ;

ifStatement
    : IF expr block (ELSE (ifStatement | block))?
    ;

assignOp
    : ASSIGN | ADD_ASSIGN | SUB_ASSIGN | MUL_ASSIGN | DIV_ASSIGN | REM_ASSIGN
    | AND_ASSIGN | OR_ASSIGN | XOR_ASSIGN | SHL_ASSIGN | SHR_ASSIGN
    ;

// ---------------------------------------------------------------------------------------------
// Expressions. Binary operators are parsed as a flat sequence of operands and operators, which
// keeps every decision LL(1) (a cold parse stays fast); the AST builder applies C precedence and
// left associativity (compiler/parse/ast_builder.cpp). Unary operators bind tighter than any
// binary operator, as in C.

expr
    : unaryExpr (binaryOp unaryExpr)*
    ;

binaryOp
    : STAR | SLASH | PERCENT | PLUS | MINUS | SHL | SHR | LT | LE | GT | GE | EQ | NE
    | AMP | CARET | PIPE | AND_AND | OR_OR
    ;

unaryExpr
    : op=(MINUS | PLUS | BANG | TILDE) unaryExpr               # unaryOp
    | postfixExpr                                              # postfix
    ;

postfixExpr
    : primary postfixOp*
    ;

postfixOp
    : LBRACK expr (COMMA expr)* RBRACK                         # indexOp
    | DOT ID (LPAREN (expr (COMMA expr)*)? RPAREN)?            # memberOp
    ;

primary
    : INT                                                      # intLit
    | FLOAT                                                    # floatLit
    | (TRUE | FALSE)                                           # boolLit
    | STRING                                                   # stringLit
    | ID LPAREN (expr (COMMA expr)*)? RPAREN                   # call
    | (ID | LOCAL | GLOBAL)                                    # name
    | LPAREN expr (COMMA expr)* RPAREN                         # parenOrTuple
    ;

// ---------------------------------------------------------------------------------------------
// Tokens
//
// These lexer rules specify the tokens, but dpkc does not run the lexer ANTLR generates from
// them: compiler/parse/lexer.cpp implements them by hand (start-up speed: no ATN
// deserialization, no DFA built on every cold start). tests/parse/lexer_test.cpp runs both
// lexers and checks they produce identical token streams; change both together.

IMPORT   : 'import';
CONST    : 'const';
FUNC     : 'func';
KERNEL   : 'kernel';
LET      : 'let';
VAR      : 'var';
IF       : 'if';
ELSE     : 'else';
WHILE    : 'while';
FOR      : 'for';
IN       : 'in';
BREAK    : 'break';
CONTINUE : 'continue';
RETURN   : 'return';
TRUE     : 'true';
FALSE    : 'false';
LOCAL    : 'local';
GLOBAL   : 'global';

LPAREN     : '(';
RPAREN     : ')';
LBRACK     : '[';
RBRACK     : ']';
LBRACE     : '{';
RBRACE     : '}';
COMMA      : ',';
SEMI       : ';';
COLONCOLON : '::';
COLON      : ':';
DOT        : '.';
ARROW      : '->';

ADD_ASSIGN : '+=';
SUB_ASSIGN : '-=';
MUL_ASSIGN : '*=';
DIV_ASSIGN : '/=';
REM_ASSIGN : '%=';
AND_ASSIGN : '&=';
OR_ASSIGN  : '|=';
XOR_ASSIGN : '^=';
SHL_ASSIGN : '<<=';
SHR_ASSIGN : '>>=';

AND_AND : '&&';
OR_OR   : '||';
EQ      : '==';
NE      : '!=';
LE      : '<=';
GE      : '>=';
SHL     : '<<';
SHR     : '>>';
LT      : '<';
GT      : '>';
ASSIGN  : '=';
PLUS    : '+';
MINUS   : '-';
STAR    : '*';
SLASH   : '/';
PERCENT : '%';
AMP     : '&';
PIPE    : '|';
CARET   : '^';
BANG    : '!';
TILDE   : '~';
AT      : '@';

// `1.0`, `2.`, `.5`, `1e-3`, `2.5e+10`, optionally suffixed `f32` / `f64` / `f16` / `bf16`
// (also `1f32`).
FLOAT
    : DIGITS '.' DIGITS? EXPONENT? FLOAT_SUFFIX?
    | '.' DIGITS EXPONENT? FLOAT_SUFFIX?
    | DIGITS EXPONENT FLOAT_SUFFIX?
    | DIGITS FLOAT_SUFFIX
    ;

// Decimal or hexadecimal, optionally suffixed `i32`, `u64`, ...
INT
    : DIGITS INT_SUFFIX?
    | '0' [xX] [0-9a-fA-F]+ INT_SUFFIX?
    ;

ID : [a-zA-Z_] [a-zA-Z_0-9]*;

STRING : '"' (~["\\\r\n] | '\\' ~[\r\n])* '"';

// A string that reaches the end of its line: diagnosed by the parser driver.
UNTERMINATED_STRING : '"' (~["\\\r\n] | '\\' ~[\r\n])*;

WS            : [ \t\r\n\f]+ -> skip;
LINE_COMMENT  : '//' ~[\r\n]* -> skip;
BLOCK_COMMENT : '/*' .*? '*/' -> skip;

// A block comment that reaches the end of the file (shorter than BLOCK_COMMENT when terminated).
UNTERMINATED_COMMENT : '/*' (~'*' | '*'+ ~[*/])* '*'* -> channel(HIDDEN);

// Anything else is one bad character; the parser driver reports it.
ERROR_CHAR : .;

fragment DIGITS       : [0-9]+;
fragment EXPONENT     : [eE] [+-]? DIGITS;
fragment FLOAT_SUFFIX : 'f16' | 'f32' | 'f64' | 'bf16';
fragment INT_SUFFIX   : [iu] ('8' | '16' | '32' | '64');
