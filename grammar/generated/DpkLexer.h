
// Generated from Dpk.g4 by ANTLR 4.7.2

#pragma once


#include "antlr4-runtime.h"


namespace dpk::grammar {


class  DpkLexer : public antlr4::Lexer {
public:
  enum {
    IMPORT = 1, CONST = 2, FUNC = 3, KERNEL = 4, LET = 5, VAR = 6, IF = 7, 
    ELSE = 8, WHILE = 9, FOR = 10, IN = 11, BREAK = 12, CONTINUE = 13, RETURN = 14, 
    TRUE = 15, FALSE = 16, LOCAL = 17, GLOBAL = 18, LPAREN = 19, RPAREN = 20, 
    LBRACK = 21, RBRACK = 22, LBRACE = 23, RBRACE = 24, COMMA = 25, SEMI = 26, 
    COLONCOLON = 27, COLON = 28, DOT = 29, ARROW = 30, ADD_ASSIGN = 31, 
    SUB_ASSIGN = 32, MUL_ASSIGN = 33, DIV_ASSIGN = 34, REM_ASSIGN = 35, 
    AND_ASSIGN = 36, OR_ASSIGN = 37, XOR_ASSIGN = 38, SHL_ASSIGN = 39, SHR_ASSIGN = 40, 
    AND_AND = 41, OR_OR = 42, EQ = 43, NE = 44, LE = 45, GE = 46, SHL = 47, 
    SHR = 48, LT = 49, GT = 50, ASSIGN = 51, PLUS = 52, MINUS = 53, STAR = 54, 
    SLASH = 55, PERCENT = 56, AMP = 57, PIPE = 58, CARET = 59, BANG = 60, 
    TILDE = 61, AT = 62, FLOAT = 63, INT = 64, ID = 65, STRING = 66, UNTERMINATED_STRING = 67, 
    WS = 68, LINE_COMMENT = 69, BLOCK_COMMENT = 70, UNTERMINATED_COMMENT = 71, 
    ERROR_CHAR = 72
  };

  DpkLexer(antlr4::CharStream *input);
  ~DpkLexer();

  virtual std::string getGrammarFileName() const override;
  virtual const std::vector<std::string>& getRuleNames() const override;

  virtual const std::vector<std::string>& getChannelNames() const override;
  virtual const std::vector<std::string>& getModeNames() const override;
  virtual const std::vector<std::string>& getTokenNames() const override; // deprecated, use vocabulary instead
  virtual antlr4::dfa::Vocabulary& getVocabulary() const override;

  virtual const std::vector<uint16_t> getSerializedATN() const override;
  virtual const antlr4::atn::ATN& getATN() const override;

private:
  static std::vector<antlr4::dfa::DFA> _decisionToDFA;
  static antlr4::atn::PredictionContextCache _sharedContextCache;
  static std::vector<std::string> _ruleNames;
  static std::vector<std::string> _tokenNames;
  static std::vector<std::string> _channelNames;
  static std::vector<std::string> _modeNames;

  static std::vector<std::string> _literalNames;
  static std::vector<std::string> _symbolicNames;
  static antlr4::dfa::Vocabulary _vocabulary;
  static antlr4::atn::ATN _atn;
  static std::vector<uint16_t> _serializedATN;


  // Individual action functions triggered by action() above.

  // Individual semantic predicate functions triggered by sempred() above.

  struct Initializer {
    Initializer();
  };
  static Initializer _init;
};

}  // namespace dpk::grammar
