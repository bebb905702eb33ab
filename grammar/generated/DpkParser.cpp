
// Generated from Dpk.g4 by ANTLR 4.7.2


#include "DpkVisitor.h"

#include "DpkParser.h"


using namespace antlrcpp;
using namespace dpk::grammar;
using namespace antlr4;

DpkParser::DpkParser(TokenStream *input) : Parser(input) {
  _interpreter = new atn::ParserATNSimulator(this, _atn, _decisionToDFA, _sharedContextCache);
}

DpkParser::~DpkParser() {
  delete _interpreter;
}

std::string DpkParser::getGrammarFileName() const {
  return "Dpk.g4";
}

const std::vector<std::string>& DpkParser::getRuleNames() const {
  return _ruleNames;
}

dfa::Vocabulary& DpkParser::getVocabulary() const {
  return _vocabulary;
}


//----------------- ProgramContext ------------------------------------------------------------------

DpkParser::ProgramContext::ProgramContext(ParserRuleContext *parent, size_t invokingState)
  : ParserRuleContext(parent, invokingState) {
}

tree::TerminalNode* DpkParser::ProgramContext::EOF() {
  return getToken(DpkParser::EOF, 0);
}

std::vector<DpkParser::ItemContext *> DpkParser::ProgramContext::item() {
  return getRuleContexts<DpkParser::ItemContext>();
}

DpkParser::ItemContext* DpkParser::ProgramContext::item(size_t i) {
  return getRuleContext<DpkParser::ItemContext>(i);
}


size_t DpkParser::ProgramContext::getRuleIndex() const {
  return DpkParser::RuleProgram;
}

antlrcpp::Any DpkParser::ProgramContext::accept(tree::ParseTreeVisitor *visitor) {
  if (auto parserVisitor = dynamic_cast<DpkVisitor*>(visitor))
    return parserVisitor->visitProgram(this);
  else
    return visitor->visitChildren(this);
}

DpkParser::ProgramContext* DpkParser::program() {
  ProgramContext *_localctx = _tracker.createInstance<ProgramContext>(_ctx, getState());
  enterRule(_localctx, 0, DpkParser::RuleProgram);
  size_t _la = 0;

  auto onExit = finally([=] {
    exitRule();
  });
  try {
    enterOuterAlt(_localctx, 1);
    setState(49);
    _errHandler->sync(this);
    _la = _input->LA(1);
    while ((((_la & ~ 0x3fULL) == 0) &&
      ((1ULL << _la) & ((1ULL << DpkParser::IMPORT)
      | (1ULL << DpkParser::CONST)
      | (1ULL << DpkParser::FUNC)
      | (1ULL << DpkParser::KERNEL)
      | (1ULL << DpkParser::AT))) != 0)) {
      setState(46);
      item();
      setState(51);
      _errHandler->sync(this);
      _la = _input->LA(1);
    }
    setState(52);
    match(DpkParser::EOF);
   
  }
  catch (RecognitionException &e) {
    _errHandler->reportError(this, e);
    _localctx->exception = std::current_exception();
    _errHandler->recover(this, _localctx->exception);
  }

  return _localctx;
}

//----------------- ItemContext ------------------------------------------------------------------

DpkParser::ItemContext::ItemContext(ParserRuleContext *parent, size_t invokingState)
  : ParserRuleContext(parent, invokingState) {
}

DpkParser::ImportDeclContext* DpkParser::ItemContext::importDecl() {
  return getRuleContext<DpkParser::ImportDeclContext>(0);
}

DpkParser::ConstDeclContext* DpkParser::ItemContext::constDecl() {
  return getRuleContext<DpkParser::ConstDeclContext>(0);
}

DpkParser::FunctionDeclContext* DpkParser::ItemContext::functionDecl() {
  return getRuleContext<DpkParser::FunctionDeclContext>(0);
}


size_t DpkParser::ItemContext::getRuleIndex() const {
  return DpkParser::RuleItem;
}

antlrcpp::Any DpkParser::ItemContext::accept(tree::ParseTreeVisitor *visitor) {
  if (auto parserVisitor = dynamic_cast<DpkVisitor*>(visitor))
    return parserVisitor->visitItem(this);
  else
    return visitor->visitChildren(this);
}

DpkParser::ItemContext* DpkParser::item() {
  ItemContext *_localctx = _tracker.createInstance<ItemContext>(_ctx, getState());
  enterRule(_localctx, 2, DpkParser::RuleItem);

  auto onExit = finally([=] {
    exitRule();
  });
  try {
    setState(57);
    _errHandler->sync(this);
    switch (_input->LA(1)) {
      case DpkParser::IMPORT: {
        enterOuterAlt(_localctx, 1);
        setState(54);
        importDecl();
        break;
      }

      case DpkParser::CONST: {
        enterOuterAlt(_localctx, 2);
        setState(55);
        constDecl();
        break;
      }

      case DpkParser::FUNC:
      case DpkParser::KERNEL:
      case DpkParser::AT: {
        enterOuterAlt(_localctx, 3);
        setState(56);
        functionDecl();
        break;
      }

    default:
      throw NoViableAltException(this);
    }
   
  }
  catch (RecognitionException &e) {
    _errHandler->reportError(this, e);
    _localctx->exception = std::current_exception();
    _errHandler->recover(this, _localctx->exception);
  }

  return _localctx;
}

//----------------- ImportDeclContext ------------------------------------------------------------------

DpkParser::ImportDeclContext::ImportDeclContext(ParserRuleContext *parent, size_t invokingState)
  : ParserRuleContext(parent, invokingState) {
}

tree::TerminalNode* DpkParser::ImportDeclContext::IMPORT() {
  return getToken(DpkParser::IMPORT, 0);
}

std::vector<tree::TerminalNode *> DpkParser::ImportDeclContext::ID() {
  return getTokens(DpkParser::ID);
}

tree::TerminalNode* DpkParser::ImportDeclContext::ID(size_t i) {
  return getToken(DpkParser::ID, i);
}

tree::TerminalNode* DpkParser::ImportDeclContext::SEMI() {
  return getToken(DpkParser::SEMI, 0);
}

std::vector<tree::TerminalNode *> DpkParser::ImportDeclContext::DOT() {
  return getTokens(DpkParser::DOT);
}

tree::TerminalNode* DpkParser::ImportDeclContext::DOT(size_t i) {
  return getToken(DpkParser::DOT, i);
}


size_t DpkParser::ImportDeclContext::getRuleIndex() const {
  return DpkParser::RuleImportDecl;
}

antlrcpp::Any DpkParser::ImportDeclContext::accept(tree::ParseTreeVisitor *visitor) {
  if (auto parserVisitor = dynamic_cast<DpkVisitor*>(visitor))
    return parserVisitor->visitImportDecl(this);
  else
    return visitor->visitChildren(this);
}

DpkParser::ImportDeclContext* DpkParser::importDecl() {
  ImportDeclContext *_localctx = _tracker.createInstance<ImportDeclContext>(_ctx, getState());
  enterRule(_localctx, 4, DpkParser::RuleImportDecl);
  size_t _la = 0;

  auto onExit = finally([=] {
    exitRule();
  });
  try {
    enterOuterAlt(_localctx, 1);
    setState(59);
    match(DpkParser::IMPORT);
    setState(60);
    match(DpkParser::ID);
    setState(65);
    _errHandler->sync(this);
    _la = _input->LA(1);
    while (_la == DpkParser::DOT) {
      setState(61);
      match(DpkParser::DOT);
      setState(62);
      match(DpkParser::ID);
      setState(67);
      _errHandler->sync(this);
      _la = _input->LA(1);
    }
    setState(68);
    match(DpkParser::SEMI);
   
  }
  catch (RecognitionException &e) {
    _errHandler->reportError(this, e);
    _localctx->exception = std::current_exception();
    _errHandler->recover(this, _localctx->exception);
  }

  return _localctx;
}

//----------------- ConstDeclContext ------------------------------------------------------------------

DpkParser::ConstDeclContext::ConstDeclContext(ParserRuleContext *parent, size_t invokingState)
  : ParserRuleContext(parent, invokingState) {
}

tree::TerminalNode* DpkParser::ConstDeclContext::CONST() {
  return getToken(DpkParser::CONST, 0);
}

tree::TerminalNode* DpkParser::ConstDeclContext::ID() {
  return getToken(DpkParser::ID, 0);
}

tree::TerminalNode* DpkParser::ConstDeclContext::ASSIGN() {
  return getToken(DpkParser::ASSIGN, 0);
}

DpkParser::ExprContext* DpkParser::ConstDeclContext::expr() {
  return getRuleContext<DpkParser::ExprContext>(0);
}

tree::TerminalNode* DpkParser::ConstDeclContext::SEMI() {
  return getToken(DpkParser::SEMI, 0);
}

tree::TerminalNode* DpkParser::ConstDeclContext::COLON() {
  return getToken(DpkParser::COLON, 0);
}

DpkParser::TypeExprContext* DpkParser::ConstDeclContext::typeExpr() {
  return getRuleContext<DpkParser::TypeExprContext>(0);
}


size_t DpkParser::ConstDeclContext::getRuleIndex() const {
  return DpkParser::RuleConstDecl;
}

antlrcpp::Any DpkParser::ConstDeclContext::accept(tree::ParseTreeVisitor *visitor) {
  if (auto parserVisitor = dynamic_cast<DpkVisitor*>(visitor))
    return parserVisitor->visitConstDecl(this);
  else
    return visitor->visitChildren(this);
}

DpkParser::ConstDeclContext* DpkParser::constDecl() {
  ConstDeclContext *_localctx = _tracker.createInstance<ConstDeclContext>(_ctx, getState());
  enterRule(_localctx, 6, DpkParser::RuleConstDecl);
  size_t _la = 0;

  auto onExit = finally([=] {
    exitRule();
  });
  try {
    enterOuterAlt(_localctx, 1);
    setState(70);
    match(DpkParser::CONST);
    setState(71);
    match(DpkParser::ID);
    setState(74);
    _errHandler->sync(this);

    _la = _input->LA(1);
    if (_la == DpkParser::COLON) {
      setState(72);
      match(DpkParser::COLON);
      setState(73);
      typeExpr();
    }
    setState(76);
    match(DpkParser::ASSIGN);
    setState(77);
    expr();
    setState(78);
    match(DpkParser::SEMI);
   
  }
  catch (RecognitionException &e) {
    _errHandler->reportError(this, e);
    _localctx->exception = std::current_exception();
    _errHandler->recover(this, _localctx->exception);
  }

  return _localctx;
}

//----------------- FunctionDeclContext ------------------------------------------------------------------

DpkParser::FunctionDeclContext::FunctionDeclContext(ParserRuleContext *parent, size_t invokingState)
  : ParserRuleContext(parent, invokingState) {
}

tree::TerminalNode* DpkParser::FunctionDeclContext::ID() {
  return getToken(DpkParser::ID, 0);
}

tree::TerminalNode* DpkParser::FunctionDeclContext::LPAREN() {
  return getToken(DpkParser::LPAREN, 0);
}

tree::TerminalNode* DpkParser::FunctionDeclContext::RPAREN() {
  return getToken(DpkParser::RPAREN, 0);
}

DpkParser::BlockContext* DpkParser::FunctionDeclContext::block() {
  return getRuleContext<DpkParser::BlockContext>(0);
}

tree::TerminalNode* DpkParser::FunctionDeclContext::FUNC() {
  return getToken(DpkParser::FUNC, 0);
}

tree::TerminalNode* DpkParser::FunctionDeclContext::KERNEL() {
  return getToken(DpkParser::KERNEL, 0);
}

std::vector<DpkParser::AttributeContext *> DpkParser::FunctionDeclContext::attribute() {
  return getRuleContexts<DpkParser::AttributeContext>();
}

DpkParser::AttributeContext* DpkParser::FunctionDeclContext::attribute(size_t i) {
  return getRuleContext<DpkParser::AttributeContext>(i);
}

DpkParser::ParamListContext* DpkParser::FunctionDeclContext::paramList() {
  return getRuleContext<DpkParser::ParamListContext>(0);
}

tree::TerminalNode* DpkParser::FunctionDeclContext::ARROW() {
  return getToken(DpkParser::ARROW, 0);
}

DpkParser::TypeExprContext* DpkParser::FunctionDeclContext::typeExpr() {
  return getRuleContext<DpkParser::TypeExprContext>(0);
}


size_t DpkParser::FunctionDeclContext::getRuleIndex() const {
  return DpkParser::RuleFunctionDecl;
}

antlrcpp::Any DpkParser::FunctionDeclContext::accept(tree::ParseTreeVisitor *visitor) {
  if (auto parserVisitor = dynamic_cast<DpkVisitor*>(visitor))
    return parserVisitor->visitFunctionDecl(this);
  else
    return visitor->visitChildren(this);
}

DpkParser::FunctionDeclContext* DpkParser::functionDecl() {
  FunctionDeclContext *_localctx = _tracker.createInstance<FunctionDeclContext>(_ctx, getState());
  enterRule(_localctx, 8, DpkParser::RuleFunctionDecl);
  size_t _la = 0;

  auto onExit = finally([=] {
    exitRule();
  });
  try {
    enterOuterAlt(_localctx, 1);
    setState(83);
    _errHandler->sync(this);
    _la = _input->LA(1);
    while (_la == DpkParser::AT) {
      setState(80);
      attribute();
      setState(85);
      _errHandler->sync(this);
      _la = _input->LA(1);
    }
    setState(86);
    dynamic_cast<FunctionDeclContext *>(_localctx)->kind = _input->LT(1);
    _la = _input->LA(1);
    if (!(_la == DpkParser::FUNC

    || _la == DpkParser::KERNEL)) {
      dynamic_cast<FunctionDeclContext *>(_localctx)->kind = _errHandler->recoverInline(this);
    }
    else {
      _errHandler->reportMatch(this);
      consume();
    }
    setState(87);
    match(DpkParser::ID);
    setState(88);
    match(DpkParser::LPAREN);
    setState(90);
    _errHandler->sync(this);

    _la = _input->LA(1);
    if (_la == DpkParser::ID) {
      setState(89);
      paramList();
    }
    setState(92);
    match(DpkParser::RPAREN);
    setState(95);
    _errHandler->sync(this);

    _la = _input->LA(1);
    if (_la == DpkParser::ARROW) {
      setState(93);
      match(DpkParser::ARROW);
      setState(94);
      typeExpr();
    }
    setState(97);
    block();
   
  }
  catch (RecognitionException &e) {
    _errHandler->reportError(this, e);
    _localctx->exception = std::current_exception();
    _errHandler->recover(this, _localctx->exception);
  }

  return _localctx;
}

//----------------- AttributeContext ------------------------------------------------------------------

DpkParser::AttributeContext::AttributeContext(ParserRuleContext *parent, size_t invokingState)
  : ParserRuleContext(parent, invokingState) {
}

tree::TerminalNode* DpkParser::AttributeContext::AT() {
  return getToken(DpkParser::AT, 0);
}

tree::TerminalNode* DpkParser::AttributeContext::ID() {
  return getToken(DpkParser::ID, 0);
}

tree::TerminalNode* DpkParser::AttributeContext::LPAREN() {
  return getToken(DpkParser::LPAREN, 0);
}

tree::TerminalNode* DpkParser::AttributeContext::RPAREN() {
  return getToken(DpkParser::RPAREN, 0);
}

std::vector<DpkParser::ExprContext *> DpkParser::AttributeContext::expr() {
  return getRuleContexts<DpkParser::ExprContext>();
}

DpkParser::ExprContext* DpkParser::AttributeContext::expr(size_t i) {
  return getRuleContext<DpkParser::ExprContext>(i);
}

std::vector<tree::TerminalNode *> DpkParser::AttributeContext::COMMA() {
  return getTokens(DpkParser::COMMA);
}

tree::TerminalNode* DpkParser::AttributeContext::COMMA(size_t i) {
  return getToken(DpkParser::COMMA, i);
}


size_t DpkParser::AttributeContext::getRuleIndex() const {
  return DpkParser::RuleAttribute;
}

antlrcpp::Any DpkParser::AttributeContext::accept(tree::ParseTreeVisitor *visitor) {
  if (auto parserVisitor = dynamic_cast<DpkVisitor*>(visitor))
    return parserVisitor->visitAttribute(this);
  else
    return visitor->visitChildren(this);
}

DpkParser::AttributeContext* DpkParser::attribute() {
  AttributeContext *_localctx = _tracker.createInstance<AttributeContext>(_ctx, getState());
  enterRule(_localctx, 10, DpkParser::RuleAttribute);
  size_t _la = 0;

  auto onExit = finally([=] {
    exitRule();
  });
  try {
    enterOuterAlt(_localctx, 1);
    setState(99);
    match(DpkParser::AT);
    setState(100);
    match(DpkParser::ID);
    setState(101);
    match(DpkParser::LPAREN);
    setState(110);
    _errHandler->sync(this);

    _la = _input->LA(1);
    if (((((_la - 15) & ~ 0x3fULL) == 0) &&
      ((1ULL << (_la - 15)) & ((1ULL << (DpkParser::TRUE - 15))
      | (1ULL << (DpkParser::FALSE - 15))
      | (1ULL << (DpkParser::LOCAL - 15))
      | (1ULL << (DpkParser::GLOBAL - 15))
      | (1ULL << (DpkParser::LPAREN - 15))
      | (1ULL << (DpkParser::PLUS - 15))
      | (1ULL << (DpkParser::MINUS - 15))
      | (1ULL << (DpkParser::BANG - 15))
      | (1ULL << (DpkParser::TILDE - 15))
      | (1ULL << (DpkParser::FLOAT - 15))
      | (1ULL << (DpkParser::INT - 15))
      | (1ULL << (DpkParser::ID - 15))
      | (1ULL << (DpkParser::STRING - 15)))) != 0)) {
      setState(102);
      expr();
      setState(107);
      _errHandler->sync(this);
      _la = _input->LA(1);
      while (_la == DpkParser::COMMA) {
        setState(103);
        match(DpkParser::COMMA);
        setState(104);
        expr();
        setState(109);
        _errHandler->sync(this);
        _la = _input->LA(1);
      }
    }
    setState(112);
    match(DpkParser::RPAREN);
   
  }
  catch (RecognitionException &e) {
    _errHandler->reportError(this, e);
    _localctx->exception = std::current_exception();
    _errHandler->recover(this, _localctx->exception);
  }

  return _localctx;
}

//----------------- ParamListContext ------------------------------------------------------------------

DpkParser::ParamListContext::ParamListContext(ParserRuleContext *parent, size_t invokingState)
  : ParserRuleContext(parent, invokingState) {
}

std::vector<DpkParser::ParamContext *> DpkParser::ParamListContext::param() {
  return getRuleContexts<DpkParser::ParamContext>();
}

DpkParser::ParamContext* DpkParser::ParamListContext::param(size_t i) {
  return getRuleContext<DpkParser::ParamContext>(i);
}

std::vector<tree::TerminalNode *> DpkParser::ParamListContext::COMMA() {
  return getTokens(DpkParser::COMMA);
}

tree::TerminalNode* DpkParser::ParamListContext::COMMA(size_t i) {
  return getToken(DpkParser::COMMA, i);
}


size_t DpkParser::ParamListContext::getRuleIndex() const {
  return DpkParser::RuleParamList;
}

antlrcpp::Any DpkParser::ParamListContext::accept(tree::ParseTreeVisitor *visitor) {
  if (auto parserVisitor = dynamic_cast<DpkVisitor*>(visitor))
    return parserVisitor->visitParamList(this);
  else
    return visitor->visitChildren(this);
}

DpkParser::ParamListContext* DpkParser::paramList() {
  ParamListContext *_localctx = _tracker.createInstance<ParamListContext>(_ctx, getState());
  enterRule(_localctx, 12, DpkParser::RuleParamList);
  size_t _la = 0;

  auto onExit = finally([=] {
    exitRule();
  });
  try {
    size_t alt;
    enterOuterAlt(_localctx, 1);
    setState(114);
    param();
    setState(119);
    _errHandler->sync(this);
    alt = getInterpreter<atn::ParserATNSimulator>()->adaptivePredict(_input, 9, _ctx);
    while (alt != 2 && alt != atn::ATN::INVALID_ALT_NUMBER) {
      if (alt == 1) {
        setState(115);
        match(DpkParser::COMMA);
        setState(116);
        param(); 
      }
      setState(121);
      _errHandler->sync(this);
      alt = getInterpreter<atn::ParserATNSimulator>()->adaptivePredict(_input, 9, _ctx);
    }
    setState(123);
    _errHandler->sync(this);

    _la = _input->LA(1);
    if (_la == DpkParser::COMMA) {
      setState(122);
      match(DpkParser::COMMA);
    }
   
  }
  catch (RecognitionException &e) {
    _errHandler->reportError(this, e);
    _localctx->exception = std::current_exception();
    _errHandler->recover(this, _localctx->exception);
  }

  return _localctx;
}

//----------------- ParamContext ------------------------------------------------------------------

DpkParser::ParamContext::ParamContext(ParserRuleContext *parent, size_t invokingState)
  : ParserRuleContext(parent, invokingState) {
}

tree::TerminalNode* DpkParser::ParamContext::ID() {
  return getToken(DpkParser::ID, 0);
}

tree::TerminalNode* DpkParser::ParamContext::COLON() {
  return getToken(DpkParser::COLON, 0);
}

DpkParser::TypeExprContext* DpkParser::ParamContext::typeExpr() {
  return getRuleContext<DpkParser::TypeExprContext>(0);
}


size_t DpkParser::ParamContext::getRuleIndex() const {
  return DpkParser::RuleParam;
}

antlrcpp::Any DpkParser::ParamContext::accept(tree::ParseTreeVisitor *visitor) {
  if (auto parserVisitor = dynamic_cast<DpkVisitor*>(visitor))
    return parserVisitor->visitParam(this);
  else
    return visitor->visitChildren(this);
}

DpkParser::ParamContext* DpkParser::param() {
  ParamContext *_localctx = _tracker.createInstance<ParamContext>(_ctx, getState());
  enterRule(_localctx, 14, DpkParser::RuleParam);
  size_t _la = 0;

  auto onExit = finally([=] {
    exitRule();
  });
  try {
    enterOuterAlt(_localctx, 1);
    setState(125);
    match(DpkParser::ID);
    setState(128);
    _errHandler->sync(this);

    _la = _input->LA(1);
    if (_la == DpkParser::COLON) {
      setState(126);
      match(DpkParser::COLON);
      setState(127);
      typeExpr();
    }
   
  }
  catch (RecognitionException &e) {
    _errHandler->reportError(this, e);
    _localctx->exception = std::current_exception();
    _errHandler->recover(this, _localctx->exception);
  }

  return _localctx;
}

//----------------- TypeExprContext ------------------------------------------------------------------

DpkParser::TypeExprContext::TypeExprContext(ParserRuleContext *parent, size_t invokingState)
  : ParserRuleContext(parent, invokingState) {
}


size_t DpkParser::TypeExprContext::getRuleIndex() const {
  return DpkParser::RuleTypeExpr;
}

void DpkParser::TypeExprContext::copyFrom(TypeExprContext *ctx) {
  ParserRuleContext::copyFrom(ctx);
}

//----------------- NamedTypeContext ------------------------------------------------------------------

std::vector<tree::TerminalNode *> DpkParser::NamedTypeContext::ID() {
  return getTokens(DpkParser::ID);
}

tree::TerminalNode* DpkParser::NamedTypeContext::ID(size_t i) {
  return getToken(DpkParser::ID, i);
}

tree::TerminalNode* DpkParser::NamedTypeContext::LOCAL() {
  return getToken(DpkParser::LOCAL, 0);
}

tree::TerminalNode* DpkParser::NamedTypeContext::DOT() {
  return getToken(DpkParser::DOT, 0);
}

tree::TerminalNode* DpkParser::NamedTypeContext::LBRACK() {
  return getToken(DpkParser::LBRACK, 0);
}

std::vector<DpkParser::DimContext *> DpkParser::NamedTypeContext::dim() {
  return getRuleContexts<DpkParser::DimContext>();
}

DpkParser::DimContext* DpkParser::NamedTypeContext::dim(size_t i) {
  return getRuleContext<DpkParser::DimContext>(i);
}

tree::TerminalNode* DpkParser::NamedTypeContext::RBRACK() {
  return getToken(DpkParser::RBRACK, 0);
}

std::vector<tree::TerminalNode *> DpkParser::NamedTypeContext::COMMA() {
  return getTokens(DpkParser::COMMA);
}

tree::TerminalNode* DpkParser::NamedTypeContext::COMMA(size_t i) {
  return getToken(DpkParser::COMMA, i);
}

DpkParser::NamedTypeContext::NamedTypeContext(TypeExprContext *ctx) { copyFrom(ctx); }

antlrcpp::Any DpkParser::NamedTypeContext::accept(tree::ParseTreeVisitor *visitor) {
  if (auto parserVisitor = dynamic_cast<DpkVisitor*>(visitor))
    return parserVisitor->visitNamedType(this);
  else
    return visitor->visitChildren(this);
}
//----------------- ExplicitTypeContext ------------------------------------------------------------------

std::vector<tree::TerminalNode *> DpkParser::ExplicitTypeContext::ID() {
  return getTokens(DpkParser::ID);
}

tree::TerminalNode* DpkParser::ExplicitTypeContext::ID(size_t i) {
  return getToken(DpkParser::ID, i);
}

tree::TerminalNode* DpkParser::ExplicitTypeContext::LPAREN() {
  return getToken(DpkParser::LPAREN, 0);
}

tree::TerminalNode* DpkParser::ExplicitTypeContext::RPAREN() {
  return getToken(DpkParser::RPAREN, 0);
}

std::vector<tree::TerminalNode *> DpkParser::ExplicitTypeContext::COMMA() {
  return getTokens(DpkParser::COMMA);
}

tree::TerminalNode* DpkParser::ExplicitTypeContext::COMMA(size_t i) {
  return getToken(DpkParser::COMMA, i);
}

std::vector<DpkParser::TypeArgContext *> DpkParser::ExplicitTypeContext::typeArg() {
  return getRuleContexts<DpkParser::TypeArgContext>();
}

DpkParser::TypeArgContext* DpkParser::ExplicitTypeContext::typeArg(size_t i) {
  return getRuleContext<DpkParser::TypeArgContext>(i);
}

DpkParser::ExplicitTypeContext::ExplicitTypeContext(TypeExprContext *ctx) { copyFrom(ctx); }

antlrcpp::Any DpkParser::ExplicitTypeContext::accept(tree::ParseTreeVisitor *visitor) {
  if (auto parserVisitor = dynamic_cast<DpkVisitor*>(visitor))
    return parserVisitor->visitExplicitType(this);
  else
    return visitor->visitChildren(this);
}
DpkParser::TypeExprContext* DpkParser::typeExpr() {
  TypeExprContext *_localctx = _tracker.createInstance<TypeExprContext>(_ctx, getState());
  enterRule(_localctx, 16, DpkParser::RuleTypeExpr);
  size_t _la = 0;

  auto onExit = finally([=] {
    exitRule();
  });
  try {
    setState(162);
    _errHandler->sync(this);
    switch (getInterpreter<atn::ParserATNSimulator>()->adaptivePredict(_input, 17, _ctx)) {
    case 1: {
      _localctx = dynamic_cast<TypeExprContext *>(_tracker.createInstance<DpkParser::NamedTypeContext>(_localctx));
      enterOuterAlt(_localctx, 1);
      setState(131);
      _errHandler->sync(this);

      _la = _input->LA(1);
      if (_la == DpkParser::LOCAL) {
        setState(130);
        match(DpkParser::LOCAL);
      }
      setState(133);
      match(DpkParser::ID);
      setState(136);
      _errHandler->sync(this);

      _la = _input->LA(1);
      if (_la == DpkParser::DOT) {
        setState(134);
        match(DpkParser::DOT);
        setState(135);
        match(DpkParser::ID);
      }
      setState(149);
      _errHandler->sync(this);

      _la = _input->LA(1);
      if (_la == DpkParser::LBRACK) {
        setState(138);
        match(DpkParser::LBRACK);
        setState(139);
        dim();
        setState(144);
        _errHandler->sync(this);
        _la = _input->LA(1);
        while (_la == DpkParser::COMMA) {
          setState(140);
          match(DpkParser::COMMA);
          setState(141);
          dim();
          setState(146);
          _errHandler->sync(this);
          _la = _input->LA(1);
        }
        setState(147);
        match(DpkParser::RBRACK);
      }
      break;
    }

    case 2: {
      _localctx = dynamic_cast<TypeExprContext *>(_tracker.createInstance<DpkParser::ExplicitTypeContext>(_localctx));
      enterOuterAlt(_localctx, 2);
      setState(151);
      match(DpkParser::ID);
      setState(152);
      match(DpkParser::LPAREN);
      setState(153);
      match(DpkParser::ID);
      setState(158);
      _errHandler->sync(this);
      _la = _input->LA(1);
      while (_la == DpkParser::COMMA) {
        setState(154);
        match(DpkParser::COMMA);
        setState(155);
        typeArg();
        setState(160);
        _errHandler->sync(this);
        _la = _input->LA(1);
      }
      setState(161);
      match(DpkParser::RPAREN);
      break;
    }

    }
   
  }
  catch (RecognitionException &e) {
    _errHandler->reportError(this, e);
    _localctx->exception = std::current_exception();
    _errHandler->recover(this, _localctx->exception);
  }

  return _localctx;
}

//----------------- DimContext ------------------------------------------------------------------

DpkParser::DimContext::DimContext(ParserRuleContext *parent, size_t invokingState)
  : ParserRuleContext(parent, invokingState) {
}


size_t DpkParser::DimContext::getRuleIndex() const {
  return DpkParser::RuleDim;
}

void DpkParser::DimContext::copyFrom(DimContext *ctx) {
  ParserRuleContext::copyFrom(ctx);
}

//----------------- AnyDimContext ------------------------------------------------------------------

tree::TerminalNode* DpkParser::AnyDimContext::COLON() {
  return getToken(DpkParser::COLON, 0);
}

DpkParser::AnyDimContext::AnyDimContext(DimContext *ctx) { copyFrom(ctx); }

antlrcpp::Any DpkParser::AnyDimContext::accept(tree::ParseTreeVisitor *visitor) {
  if (auto parserVisitor = dynamic_cast<DpkVisitor*>(visitor))
    return parserVisitor->visitAnyDim(this);
  else
    return visitor->visitChildren(this);
}
//----------------- UnitDimContext ------------------------------------------------------------------

tree::TerminalNode* DpkParser::UnitDimContext::COLONCOLON() {
  return getToken(DpkParser::COLONCOLON, 0);
}

tree::TerminalNode* DpkParser::UnitDimContext::INT() {
  return getToken(DpkParser::INT, 0);
}

DpkParser::UnitDimContext::UnitDimContext(DimContext *ctx) { copyFrom(ctx); }

antlrcpp::Any DpkParser::UnitDimContext::accept(tree::ParseTreeVisitor *visitor) {
  if (auto parserVisitor = dynamic_cast<DpkVisitor*>(visitor))
    return parserVisitor->visitUnitDim(this);
  else
    return visitor->visitChildren(this);
}
DpkParser::DimContext* DpkParser::dim() {
  DimContext *_localctx = _tracker.createInstance<DimContext>(_ctx, getState());
  enterRule(_localctx, 18, DpkParser::RuleDim);

  auto onExit = finally([=] {
    exitRule();
  });
  try {
    setState(167);
    _errHandler->sync(this);
    switch (_input->LA(1)) {
      case DpkParser::COLON: {
        _localctx = dynamic_cast<DimContext *>(_tracker.createInstance<DpkParser::AnyDimContext>(_localctx));
        enterOuterAlt(_localctx, 1);
        setState(164);
        match(DpkParser::COLON);
        break;
      }

      case DpkParser::COLONCOLON: {
        _localctx = dynamic_cast<DimContext *>(_tracker.createInstance<DpkParser::UnitDimContext>(_localctx));
        enterOuterAlt(_localctx, 2);
        setState(165);
        match(DpkParser::COLONCOLON);
        setState(166);
        match(DpkParser::INT);
        break;
      }

    default:
      throw NoViableAltException(this);
    }
   
  }
  catch (RecognitionException &e) {
    _errHandler->reportError(this, e);
    _localctx->exception = std::current_exception();
    _errHandler->recover(this, _localctx->exception);
  }

  return _localctx;
}

//----------------- TypeArgContext ------------------------------------------------------------------

DpkParser::TypeArgContext::TypeArgContext(ParserRuleContext *parent, size_t invokingState)
  : ParserRuleContext(parent, invokingState) {
}

tree::TerminalNode* DpkParser::TypeArgContext::ID() {
  return getToken(DpkParser::ID, 0);
}

tree::TerminalNode* DpkParser::TypeArgContext::ASSIGN() {
  return getToken(DpkParser::ASSIGN, 0);
}

tree::TerminalNode* DpkParser::TypeArgContext::INT() {
  return getToken(DpkParser::INT, 0);
}

tree::TerminalNode* DpkParser::TypeArgContext::STRING() {
  return getToken(DpkParser::STRING, 0);
}


size_t DpkParser::TypeArgContext::getRuleIndex() const {
  return DpkParser::RuleTypeArg;
}

antlrcpp::Any DpkParser::TypeArgContext::accept(tree::ParseTreeVisitor *visitor) {
  if (auto parserVisitor = dynamic_cast<DpkVisitor*>(visitor))
    return parserVisitor->visitTypeArg(this);
  else
    return visitor->visitChildren(this);
}

DpkParser::TypeArgContext* DpkParser::typeArg() {
  TypeArgContext *_localctx = _tracker.createInstance<TypeArgContext>(_ctx, getState());
  enterRule(_localctx, 20, DpkParser::RuleTypeArg);
  size_t _la = 0;

  auto onExit = finally([=] {
    exitRule();
  });
  try {
    enterOuterAlt(_localctx, 1);
    setState(169);
    match(DpkParser::ID);
    setState(170);
    match(DpkParser::ASSIGN);
    setState(171);
    dynamic_cast<TypeArgContext *>(_localctx)->value = _input->LT(1);
    _la = _input->LA(1);
    if (!(_la == DpkParser::INT

    || _la == DpkParser::STRING)) {
      dynamic_cast<TypeArgContext *>(_localctx)->value = _errHandler->recoverInline(this);
    }
    else {
      _errHandler->reportMatch(this);
      consume();
    }
   
  }
  catch (RecognitionException &e) {
    _errHandler->reportError(this, e);
    _localctx->exception = std::current_exception();
    _errHandler->recover(this, _localctx->exception);
  }

  return _localctx;
}

//----------------- SignatureEntryContext ------------------------------------------------------------------

DpkParser::SignatureEntryContext::SignatureEntryContext(ParserRuleContext *parent, size_t invokingState)
  : ParserRuleContext(parent, invokingState) {
}

tree::TerminalNode* DpkParser::SignatureEntryContext::ID() {
  return getToken(DpkParser::ID, 0);
}

tree::TerminalNode* DpkParser::SignatureEntryContext::LPAREN() {
  return getToken(DpkParser::LPAREN, 0);
}

tree::TerminalNode* DpkParser::SignatureEntryContext::RPAREN() {
  return getToken(DpkParser::RPAREN, 0);
}

tree::TerminalNode* DpkParser::SignatureEntryContext::EOF() {
  return getToken(DpkParser::EOF, 0);
}

std::vector<DpkParser::TypeExprContext *> DpkParser::SignatureEntryContext::typeExpr() {
  return getRuleContexts<DpkParser::TypeExprContext>();
}

DpkParser::TypeExprContext* DpkParser::SignatureEntryContext::typeExpr(size_t i) {
  return getRuleContext<DpkParser::TypeExprContext>(i);
}

std::vector<tree::TerminalNode *> DpkParser::SignatureEntryContext::COMMA() {
  return getTokens(DpkParser::COMMA);
}

tree::TerminalNode* DpkParser::SignatureEntryContext::COMMA(size_t i) {
  return getToken(DpkParser::COMMA, i);
}


size_t DpkParser::SignatureEntryContext::getRuleIndex() const {
  return DpkParser::RuleSignatureEntry;
}

antlrcpp::Any DpkParser::SignatureEntryContext::accept(tree::ParseTreeVisitor *visitor) {
  if (auto parserVisitor = dynamic_cast<DpkVisitor*>(visitor))
    return parserVisitor->visitSignatureEntry(this);
  else
    return visitor->visitChildren(this);
}

DpkParser::SignatureEntryContext* DpkParser::signatureEntry() {
  SignatureEntryContext *_localctx = _tracker.createInstance<SignatureEntryContext>(_ctx, getState());
  enterRule(_localctx, 22, DpkParser::RuleSignatureEntry);
  size_t _la = 0;

  auto onExit = finally([=] {
    exitRule();
  });
  try {
    enterOuterAlt(_localctx, 1);
    setState(173);
    match(DpkParser::ID);
    setState(174);
    match(DpkParser::LPAREN);
    setState(183);
    _errHandler->sync(this);

    _la = _input->LA(1);
    if (_la == DpkParser::LOCAL

    || _la == DpkParser::ID) {
      setState(175);
      typeExpr();
      setState(180);
      _errHandler->sync(this);
      _la = _input->LA(1);
      while (_la == DpkParser::COMMA) {
        setState(176);
        match(DpkParser::COMMA);
        setState(177);
        typeExpr();
        setState(182);
        _errHandler->sync(this);
        _la = _input->LA(1);
      }
    }
    setState(185);
    match(DpkParser::RPAREN);
    setState(186);
    match(DpkParser::EOF);
   
  }
  catch (RecognitionException &e) {
    _errHandler->reportError(this, e);
    _localctx->exception = std::current_exception();
    _errHandler->recover(this, _localctx->exception);
  }

  return _localctx;
}

//----------------- ParamTypeEntryContext ------------------------------------------------------------------

DpkParser::ParamTypeEntryContext::ParamTypeEntryContext(ParserRuleContext *parent, size_t invokingState)
  : ParserRuleContext(parent, invokingState) {
}

DpkParser::TypeExprContext* DpkParser::ParamTypeEntryContext::typeExpr() {
  return getRuleContext<DpkParser::TypeExprContext>(0);
}

tree::TerminalNode* DpkParser::ParamTypeEntryContext::EOF() {
  return getToken(DpkParser::EOF, 0);
}


size_t DpkParser::ParamTypeEntryContext::getRuleIndex() const {
  return DpkParser::RuleParamTypeEntry;
}

antlrcpp::Any DpkParser::ParamTypeEntryContext::accept(tree::ParseTreeVisitor *visitor) {
  if (auto parserVisitor = dynamic_cast<DpkVisitor*>(visitor))
    return parserVisitor->visitParamTypeEntry(this);
  else
    return visitor->visitChildren(this);
}

DpkParser::ParamTypeEntryContext* DpkParser::paramTypeEntry() {
  ParamTypeEntryContext *_localctx = _tracker.createInstance<ParamTypeEntryContext>(_ctx, getState());
  enterRule(_localctx, 24, DpkParser::RuleParamTypeEntry);

  auto onExit = finally([=] {
    exitRule();
  });
  try {
    enterOuterAlt(_localctx, 1);
    setState(188);
    typeExpr();
    setState(189);
    match(DpkParser::EOF);
   
  }
  catch (RecognitionException &e) {
    _errHandler->reportError(this, e);
    _localctx->exception = std::current_exception();
    _errHandler->recover(this, _localctx->exception);
  }

  return _localctx;
}

//----------------- BlockContext ------------------------------------------------------------------

DpkParser::BlockContext::BlockContext(ParserRuleContext *parent, size_t invokingState)
  : ParserRuleContext(parent, invokingState) {
}

tree::TerminalNode* DpkParser::BlockContext::LBRACE() {
  return getToken(DpkParser::LBRACE, 0);
}

tree::TerminalNode* DpkParser::BlockContext::RBRACE() {
  return getToken(DpkParser::RBRACE, 0);
}

std::vector<DpkParser::StatementContext *> DpkParser::BlockContext::statement() {
  return getRuleContexts<DpkParser::StatementContext>();
}

DpkParser::StatementContext* DpkParser::BlockContext::statement(size_t i) {
  return getRuleContext<DpkParser::StatementContext>(i);
}


size_t DpkParser::BlockContext::getRuleIndex() const {
  return DpkParser::RuleBlock;
}

antlrcpp::Any DpkParser::BlockContext::accept(tree::ParseTreeVisitor *visitor) {
  if (auto parserVisitor = dynamic_cast<DpkVisitor*>(visitor))
    return parserVisitor->visitBlock(this);
  else
    return visitor->visitChildren(this);
}

DpkParser::BlockContext* DpkParser::block() {
  BlockContext *_localctx = _tracker.createInstance<BlockContext>(_ctx, getState());
  enterRule(_localctx, 26, DpkParser::RuleBlock);
  size_t _la = 0;

  auto onExit = finally([=] {
    exitRule();
  });
  try {
    enterOuterAlt(_localctx, 1);
    setState(191);
    match(DpkParser::LBRACE);
    setState(195);
    _errHandler->sync(this);
    _la = _input->LA(1);
    while (((((_la - 5) & ~ 0x3fULL) == 0) &&
      ((1ULL << (_la - 5)) & ((1ULL << (DpkParser::LET - 5))
      | (1ULL << (DpkParser::VAR - 5))
      | (1ULL << (DpkParser::IF - 5))
      | (1ULL << (DpkParser::WHILE - 5))
      | (1ULL << (DpkParser::FOR - 5))
      | (1ULL << (DpkParser::BREAK - 5))
      | (1ULL << (DpkParser::CONTINUE - 5))
      | (1ULL << (DpkParser::RETURN - 5))
      | (1ULL << (DpkParser::TRUE - 5))
      | (1ULL << (DpkParser::FALSE - 5))
      | (1ULL << (DpkParser::LOCAL - 5))
      | (1ULL << (DpkParser::GLOBAL - 5))
      | (1ULL << (DpkParser::LPAREN - 5))
      | (1ULL << (DpkParser::LBRACE - 5))
      | (1ULL << (DpkParser::PLUS - 5))
      | (1ULL << (DpkParser::MINUS - 5))
      | (1ULL << (DpkParser::BANG - 5))
      | (1ULL << (DpkParser::TILDE - 5))
      | (1ULL << (DpkParser::FLOAT - 5))
      | (1ULL << (DpkParser::INT - 5))
      | (1ULL << (DpkParser::ID - 5))
      | (1ULL << (DpkParser::STRING - 5)))) != 0)) {
      setState(192);
      statement();
      setState(197);
      _errHandler->sync(this);
      _la = _input->LA(1);
    }
    setState(198);
    match(DpkParser::RBRACE);
   
  }
  catch (RecognitionException &e) {
    _errHandler->reportError(this, e);
    _localctx->exception = std::current_exception();
    _errHandler->recover(this, _localctx->exception);
  }

  return _localctx;
}

//----------------- StatementContext ------------------------------------------------------------------

DpkParser::StatementContext::StatementContext(ParserRuleContext *parent, size_t invokingState)
  : ParserRuleContext(parent, invokingState) {
}


size_t DpkParser::StatementContext::getRuleIndex() const {
  return DpkParser::RuleStatement;
}

void DpkParser::StatementContext::copyFrom(StatementContext *ctx) {
  ParserRuleContext::copyFrom(ctx);
}

//----------------- SimpleStmtContext ------------------------------------------------------------------

tree::TerminalNode* DpkParser::SimpleStmtContext::SEMI() {
  return getToken(DpkParser::SEMI, 0);
}

std::vector<DpkParser::ExprContext *> DpkParser::SimpleStmtContext::expr() {
  return getRuleContexts<DpkParser::ExprContext>();
}

DpkParser::ExprContext* DpkParser::SimpleStmtContext::expr(size_t i) {
  return getRuleContext<DpkParser::ExprContext>(i);
}

DpkParser::AssignOpContext* DpkParser::SimpleStmtContext::assignOp() {
  return getRuleContext<DpkParser::AssignOpContext>(0);
}

DpkParser::SimpleStmtContext::SimpleStmtContext(StatementContext *ctx) { copyFrom(ctx); }

antlrcpp::Any DpkParser::SimpleStmtContext::accept(tree::ParseTreeVisitor *visitor) {
  if (auto parserVisitor = dynamic_cast<DpkVisitor*>(visitor))
    return parserVisitor->visitSimpleStmt(this);
  else
    return visitor->visitChildren(this);
}
//----------------- ForStmtContext ------------------------------------------------------------------

tree::TerminalNode* DpkParser::ForStmtContext::FOR() {
  return getToken(DpkParser::FOR, 0);
}

std::vector<tree::TerminalNode *> DpkParser::ForStmtContext::ID() {
  return getTokens(DpkParser::ID);
}

tree::TerminalNode* DpkParser::ForStmtContext::ID(size_t i) {
  return getToken(DpkParser::ID, i);
}

tree::TerminalNode* DpkParser::ForStmtContext::IN() {
  return getToken(DpkParser::IN, 0);
}

tree::TerminalNode* DpkParser::ForStmtContext::LPAREN() {
  return getToken(DpkParser::LPAREN, 0);
}

std::vector<DpkParser::ExprContext *> DpkParser::ForStmtContext::expr() {
  return getRuleContexts<DpkParser::ExprContext>();
}

DpkParser::ExprContext* DpkParser::ForStmtContext::expr(size_t i) {
  return getRuleContext<DpkParser::ExprContext>(i);
}

tree::TerminalNode* DpkParser::ForStmtContext::RPAREN() {
  return getToken(DpkParser::RPAREN, 0);
}

DpkParser::BlockContext* DpkParser::ForStmtContext::block() {
  return getRuleContext<DpkParser::BlockContext>(0);
}

std::vector<tree::TerminalNode *> DpkParser::ForStmtContext::COMMA() {
  return getTokens(DpkParser::COMMA);
}

tree::TerminalNode* DpkParser::ForStmtContext::COMMA(size_t i) {
  return getToken(DpkParser::COMMA, i);
}

DpkParser::ForStmtContext::ForStmtContext(StatementContext *ctx) { copyFrom(ctx); }

antlrcpp::Any DpkParser::ForStmtContext::accept(tree::ParseTreeVisitor *visitor) {
  if (auto parserVisitor = dynamic_cast<DpkVisitor*>(visitor))
    return parserVisitor->visitForStmt(this);
  else
    return visitor->visitChildren(this);
}
//----------------- WhileStmtContext ------------------------------------------------------------------

tree::TerminalNode* DpkParser::WhileStmtContext::WHILE() {
  return getToken(DpkParser::WHILE, 0);
}

DpkParser::ExprContext* DpkParser::WhileStmtContext::expr() {
  return getRuleContext<DpkParser::ExprContext>(0);
}

DpkParser::BlockContext* DpkParser::WhileStmtContext::block() {
  return getRuleContext<DpkParser::BlockContext>(0);
}

DpkParser::WhileStmtContext::WhileStmtContext(StatementContext *ctx) { copyFrom(ctx); }

antlrcpp::Any DpkParser::WhileStmtContext::accept(tree::ParseTreeVisitor *visitor) {
  if (auto parserVisitor = dynamic_cast<DpkVisitor*>(visitor))
    return parserVisitor->visitWhileStmt(this);
  else
    return visitor->visitChildren(this);
}
//----------------- IfStmtContext ------------------------------------------------------------------

DpkParser::IfStatementContext* DpkParser::IfStmtContext::ifStatement() {
  return getRuleContext<DpkParser::IfStatementContext>(0);
}

DpkParser::IfStmtContext::IfStmtContext(StatementContext *ctx) { copyFrom(ctx); }

antlrcpp::Any DpkParser::IfStmtContext::accept(tree::ParseTreeVisitor *visitor) {
  if (auto parserVisitor = dynamic_cast<DpkVisitor*>(visitor))
    return parserVisitor->visitIfStmt(this);
  else
    return visitor->visitChildren(this);
}
//----------------- BlockStmtContext ------------------------------------------------------------------

DpkParser::BlockContext* DpkParser::BlockStmtContext::block() {
  return getRuleContext<DpkParser::BlockContext>(0);
}

DpkParser::BlockStmtContext::BlockStmtContext(StatementContext *ctx) { copyFrom(ctx); }

antlrcpp::Any DpkParser::BlockStmtContext::accept(tree::ParseTreeVisitor *visitor) {
  if (auto parserVisitor = dynamic_cast<DpkVisitor*>(visitor))
    return parserVisitor->visitBlockStmt(this);
  else
    return visitor->visitChildren(this);
}
//----------------- BreakStmtContext ------------------------------------------------------------------

tree::TerminalNode* DpkParser::BreakStmtContext::BREAK() {
  return getToken(DpkParser::BREAK, 0);
}

tree::TerminalNode* DpkParser::BreakStmtContext::SEMI() {
  return getToken(DpkParser::SEMI, 0);
}

DpkParser::BreakStmtContext::BreakStmtContext(StatementContext *ctx) { copyFrom(ctx); }

antlrcpp::Any DpkParser::BreakStmtContext::accept(tree::ParseTreeVisitor *visitor) {
  if (auto parserVisitor = dynamic_cast<DpkVisitor*>(visitor))
    return parserVisitor->visitBreakStmt(this);
  else
    return visitor->visitChildren(this);
}
//----------------- ReturnStmtContext ------------------------------------------------------------------

tree::TerminalNode* DpkParser::ReturnStmtContext::RETURN() {
  return getToken(DpkParser::RETURN, 0);
}

tree::TerminalNode* DpkParser::ReturnStmtContext::SEMI() {
  return getToken(DpkParser::SEMI, 0);
}

DpkParser::ExprContext* DpkParser::ReturnStmtContext::expr() {
  return getRuleContext<DpkParser::ExprContext>(0);
}

DpkParser::ReturnStmtContext::ReturnStmtContext(StatementContext *ctx) { copyFrom(ctx); }

antlrcpp::Any DpkParser::ReturnStmtContext::accept(tree::ParseTreeVisitor *visitor) {
  if (auto parserVisitor = dynamic_cast<DpkVisitor*>(visitor))
    return parserVisitor->visitReturnStmt(this);
  else
    return visitor->visitChildren(this);
}
//----------------- ContinueStmtContext ------------------------------------------------------------------

tree::TerminalNode* DpkParser::ContinueStmtContext::CONTINUE() {
  return getToken(DpkParser::CONTINUE, 0);
}

tree::TerminalNode* DpkParser::ContinueStmtContext::SEMI() {
  return getToken(DpkParser::SEMI, 0);
}

DpkParser::ContinueStmtContext::ContinueStmtContext(StatementContext *ctx) { copyFrom(ctx); }

antlrcpp::Any DpkParser::ContinueStmtContext::accept(tree::ParseTreeVisitor *visitor) {
  if (auto parserVisitor = dynamic_cast<DpkVisitor*>(visitor))
    return parserVisitor->visitContinueStmt(this);
  else
    return visitor->visitChildren(this);
}
//----------------- VarDeclStmtContext ------------------------------------------------------------------

tree::TerminalNode* DpkParser::VarDeclStmtContext::SEMI() {
  return getToken(DpkParser::SEMI, 0);
}

tree::TerminalNode* DpkParser::VarDeclStmtContext::LET() {
  return getToken(DpkParser::LET, 0);
}

tree::TerminalNode* DpkParser::VarDeclStmtContext::VAR() {
  return getToken(DpkParser::VAR, 0);
}

std::vector<tree::TerminalNode *> DpkParser::VarDeclStmtContext::ID() {
  return getTokens(DpkParser::ID);
}

tree::TerminalNode* DpkParser::VarDeclStmtContext::ID(size_t i) {
  return getToken(DpkParser::ID, i);
}

tree::TerminalNode* DpkParser::VarDeclStmtContext::LPAREN() {
  return getToken(DpkParser::LPAREN, 0);
}

tree::TerminalNode* DpkParser::VarDeclStmtContext::RPAREN() {
  return getToken(DpkParser::RPAREN, 0);
}

tree::TerminalNode* DpkParser::VarDeclStmtContext::COLON() {
  return getToken(DpkParser::COLON, 0);
}

DpkParser::TypeExprContext* DpkParser::VarDeclStmtContext::typeExpr() {
  return getRuleContext<DpkParser::TypeExprContext>(0);
}

tree::TerminalNode* DpkParser::VarDeclStmtContext::ASSIGN() {
  return getToken(DpkParser::ASSIGN, 0);
}

DpkParser::ExprContext* DpkParser::VarDeclStmtContext::expr() {
  return getRuleContext<DpkParser::ExprContext>(0);
}

std::vector<tree::TerminalNode *> DpkParser::VarDeclStmtContext::COMMA() {
  return getTokens(DpkParser::COMMA);
}

tree::TerminalNode* DpkParser::VarDeclStmtContext::COMMA(size_t i) {
  return getToken(DpkParser::COMMA, i);
}

DpkParser::VarDeclStmtContext::VarDeclStmtContext(StatementContext *ctx) { copyFrom(ctx); }

antlrcpp::Any DpkParser::VarDeclStmtContext::accept(tree::ParseTreeVisitor *visitor) {
  if (auto parserVisitor = dynamic_cast<DpkVisitor*>(visitor))
    return parserVisitor->visitVarDeclStmt(this);
  else
    return visitor->visitChildren(this);
}
DpkParser::StatementContext* DpkParser::statement() {
  StatementContext *_localctx = _tracker.createInstance<StatementContext>(_ctx, getState());
  enterRule(_localctx, 28, DpkParser::RuleStatement);
  size_t _la = 0;

  auto onExit = finally([=] {
    exitRule();
  });
  try {
    setState(261);
    _errHandler->sync(this);
    switch (_input->LA(1)) {
      case DpkParser::LET:
      case DpkParser::VAR: {
        _localctx = dynamic_cast<StatementContext *>(_tracker.createInstance<DpkParser::VarDeclStmtContext>(_localctx));
        enterOuterAlt(_localctx, 1);
        setState(200);
        dynamic_cast<VarDeclStmtContext *>(_localctx)->kind = _input->LT(1);
        _la = _input->LA(1);
        if (!(_la == DpkParser::LET

        || _la == DpkParser::VAR)) {
          dynamic_cast<VarDeclStmtContext *>(_localctx)->kind = _errHandler->recoverInline(this);
        }
        else {
          _errHandler->reportMatch(this);
          consume();
        }
        setState(211);
        _errHandler->sync(this);
        switch (_input->LA(1)) {
          case DpkParser::ID: {
            setState(201);
            match(DpkParser::ID);
            break;
          }

          case DpkParser::LPAREN: {
            setState(202);
            match(DpkParser::LPAREN);
            setState(203);
            match(DpkParser::ID);
            setState(206); 
            _errHandler->sync(this);
            _la = _input->LA(1);
            do {
              setState(204);
              match(DpkParser::COMMA);
              setState(205);
              match(DpkParser::ID);
              setState(208); 
              _errHandler->sync(this);
              _la = _input->LA(1);
            } while (_la == DpkParser::COMMA);
            setState(210);
            match(DpkParser::RPAREN);
            break;
          }

        default:
          throw NoViableAltException(this);
        }
        setState(215);
        _errHandler->sync(this);

        _la = _input->LA(1);
        if (_la == DpkParser::COLON) {
          setState(213);
          match(DpkParser::COLON);
          setState(214);
          typeExpr();
        }
        setState(219);
        _errHandler->sync(this);

        _la = _input->LA(1);
        if (_la == DpkParser::ASSIGN) {
          setState(217);
          match(DpkParser::ASSIGN);
          setState(218);
          expr();
        }
        setState(221);
        match(DpkParser::SEMI);
        break;
      }

      case DpkParser::IF: {
        _localctx = dynamic_cast<StatementContext *>(_tracker.createInstance<DpkParser::IfStmtContext>(_localctx));
        enterOuterAlt(_localctx, 2);
        setState(222);
        ifStatement();
        break;
      }

      case DpkParser::WHILE: {
        _localctx = dynamic_cast<StatementContext *>(_tracker.createInstance<DpkParser::WhileStmtContext>(_localctx));
        enterOuterAlt(_localctx, 3);
        setState(223);
        match(DpkParser::WHILE);
        setState(224);
        expr();
        setState(225);
        block();
        break;
      }

      case DpkParser::FOR: {
        _localctx = dynamic_cast<StatementContext *>(_tracker.createInstance<DpkParser::ForStmtContext>(_localctx));
        enterOuterAlt(_localctx, 4);
        setState(227);
        match(DpkParser::FOR);
        setState(228);
        match(DpkParser::ID);
        setState(229);
        match(DpkParser::IN);
        setState(230);
        match(DpkParser::ID);
        setState(231);
        match(DpkParser::LPAREN);
        setState(232);
        expr();
        setState(237);
        _errHandler->sync(this);
        _la = _input->LA(1);
        while (_la == DpkParser::COMMA) {
          setState(233);
          match(DpkParser::COMMA);
          setState(234);
          expr();
          setState(239);
          _errHandler->sync(this);
          _la = _input->LA(1);
        }
        setState(240);
        match(DpkParser::RPAREN);
        setState(241);
        block();
        break;
      }

      case DpkParser::BREAK: {
        _localctx = dynamic_cast<StatementContext *>(_tracker.createInstance<DpkParser::BreakStmtContext>(_localctx));
        enterOuterAlt(_localctx, 5);
        setState(243);
        match(DpkParser::BREAK);
        setState(244);
        match(DpkParser::SEMI);
        break;
      }

      case DpkParser::CONTINUE: {
        _localctx = dynamic_cast<StatementContext *>(_tracker.createInstance<DpkParser::ContinueStmtContext>(_localctx));
        enterOuterAlt(_localctx, 6);
        setState(245);
        match(DpkParser::CONTINUE);
        setState(246);
        match(DpkParser::SEMI);
        break;
      }

      case DpkParser::RETURN: {
        _localctx = dynamic_cast<StatementContext *>(_tracker.createInstance<DpkParser::ReturnStmtContext>(_localctx));
        enterOuterAlt(_localctx, 7);
        setState(247);
        match(DpkParser::RETURN);
        setState(249);
        _errHandler->sync(this);

        _la = _input->LA(1);
        if (((((_la - 15) & ~ 0x3fULL) == 0) &&
          ((1ULL << (_la - 15)) & ((1ULL << (DpkParser::TRUE - 15))
          | (1ULL << (DpkParser::FALSE - 15))
          | (1ULL << (DpkParser::LOCAL - 15))
          | (1ULL << (DpkParser::GLOBAL - 15))
          | (1ULL << (DpkParser::LPAREN - 15))
          | (1ULL << (DpkParser::PLUS - 15))
          | (1ULL << (DpkParser::MINUS - 15))
          | (1ULL << (DpkParser::BANG - 15))
          | (1ULL << (DpkParser::TILDE - 15))
          | (1ULL << (DpkParser::FLOAT - 15))
          | (1ULL << (DpkParser::INT - 15))
          | (1ULL << (DpkParser::ID - 15))
          | (1ULL << (DpkParser::STRING - 15)))) != 0)) {
          setState(248);
          expr();
        }
        setState(251);
        match(DpkParser::SEMI);
        break;
      }

      case DpkParser::LBRACE: {
        _localctx = dynamic_cast<StatementContext *>(_tracker.createInstance<DpkParser::BlockStmtContext>(_localctx));
        enterOuterAlt(_localctx, 8);
        setState(252);
        block();
        break;
      }

      case DpkParser::TRUE:
      case DpkParser::FALSE:
      case DpkParser::LOCAL:
      case DpkParser::GLOBAL:
      case DpkParser::LPAREN:
      case DpkParser::PLUS:
      case DpkParser::MINUS:
      case DpkParser::BANG:
      case DpkParser::TILDE:
      case DpkParser::FLOAT:
      case DpkParser::INT:
      case DpkParser::ID:
      case DpkParser::STRING: {
        _localctx = dynamic_cast<StatementContext *>(_tracker.createInstance<DpkParser::SimpleStmtContext>(_localctx));
        enterOuterAlt(_localctx, 9);
        setState(253);
        dynamic_cast<SimpleStmtContext *>(_localctx)->target = expr();
        setState(257);
        _errHandler->sync(this);

        _la = _input->LA(1);
        if ((((_la & ~ 0x3fULL) == 0) &&
          ((1ULL << _la) & ((1ULL << DpkParser::ADD_ASSIGN)
          | (1ULL << DpkParser::SUB_ASSIGN)
          | (1ULL << DpkParser::MUL_ASSIGN)
          | (1ULL << DpkParser::DIV_ASSIGN)
          | (1ULL << DpkParser::REM_ASSIGN)
          | (1ULL << DpkParser::AND_ASSIGN)
          | (1ULL << DpkParser::OR_ASSIGN)
          | (1ULL << DpkParser::XOR_ASSIGN)
          | (1ULL << DpkParser::SHL_ASSIGN)
          | (1ULL << DpkParser::SHR_ASSIGN)
          | (1ULL << DpkParser::ASSIGN))) != 0)) {
          setState(254);
          assignOp();
          setState(255);
          dynamic_cast<SimpleStmtContext *>(_localctx)->value = expr();
        }
        setState(259);
        match(DpkParser::SEMI);
        break;
      }

    default:
      throw NoViableAltException(this);
    }
   
  }
  catch (RecognitionException &e) {
    _errHandler->reportError(this, e);
    _localctx->exception = std::current_exception();
    _errHandler->recover(this, _localctx->exception);
  }

  return _localctx;
}

//----------------- IfStatementContext ------------------------------------------------------------------

DpkParser::IfStatementContext::IfStatementContext(ParserRuleContext *parent, size_t invokingState)
  : ParserRuleContext(parent, invokingState) {
}

tree::TerminalNode* DpkParser::IfStatementContext::IF() {
  return getToken(DpkParser::IF, 0);
}

DpkParser::ExprContext* DpkParser::IfStatementContext::expr() {
  return getRuleContext<DpkParser::ExprContext>(0);
}

std::vector<DpkParser::BlockContext *> DpkParser::IfStatementContext::block() {
  return getRuleContexts<DpkParser::BlockContext>();
}

DpkParser::BlockContext* DpkParser::IfStatementContext::block(size_t i) {
  return getRuleContext<DpkParser::BlockContext>(i);
}

tree::TerminalNode* DpkParser::IfStatementContext::ELSE() {
  return getToken(DpkParser::ELSE, 0);
}

DpkParser::IfStatementContext* DpkParser::IfStatementContext::ifStatement() {
  return getRuleContext<DpkParser::IfStatementContext>(0);
}


size_t DpkParser::IfStatementContext::getRuleIndex() const {
  return DpkParser::RuleIfStatement;
}

antlrcpp::Any DpkParser::IfStatementContext::accept(tree::ParseTreeVisitor *visitor) {
  if (auto parserVisitor = dynamic_cast<DpkVisitor*>(visitor))
    return parserVisitor->visitIfStatement(this);
  else
    return visitor->visitChildren(this);
}

DpkParser::IfStatementContext* DpkParser::ifStatement() {
  IfStatementContext *_localctx = _tracker.createInstance<IfStatementContext>(_ctx, getState());
  enterRule(_localctx, 30, DpkParser::RuleIfStatement);
  size_t _la = 0;

  auto onExit = finally([=] {
    exitRule();
  });
  try {
    enterOuterAlt(_localctx, 1);
    setState(263);
    match(DpkParser::IF);
    setState(264);
    expr();
    setState(265);
    block();
    setState(271);
    _errHandler->sync(this);

    _la = _input->LA(1);
    if (_la == DpkParser::ELSE) {
      setState(266);
      match(DpkParser::ELSE);
      setState(269);
      _errHandler->sync(this);
      switch (_input->LA(1)) {
        case DpkParser::IF: {
          setState(267);
          ifStatement();
          break;
        }

        case DpkParser::LBRACE: {
          setState(268);
          block();
          break;
        }

      default:
        throw NoViableAltException(this);
      }
    }
   
  }
  catch (RecognitionException &e) {
    _errHandler->reportError(this, e);
    _localctx->exception = std::current_exception();
    _errHandler->recover(this, _localctx->exception);
  }

  return _localctx;
}

//----------------- AssignOpContext ------------------------------------------------------------------

DpkParser::AssignOpContext::AssignOpContext(ParserRuleContext *parent, size_t invokingState)
  : ParserRuleContext(parent, invokingState) {
}

tree::TerminalNode* DpkParser::AssignOpContext::ASSIGN() {
  return getToken(DpkParser::ASSIGN, 0);
}

tree::TerminalNode* DpkParser::AssignOpContext::ADD_ASSIGN() {
  return getToken(DpkParser::ADD_ASSIGN, 0);
}

tree::TerminalNode* DpkParser::AssignOpContext::SUB_ASSIGN() {
  return getToken(DpkParser::SUB_ASSIGN, 0);
}

tree::TerminalNode* DpkParser::AssignOpContext::MUL_ASSIGN() {
  return getToken(DpkParser::MUL_ASSIGN, 0);
}

tree::TerminalNode* DpkParser::AssignOpContext::DIV_ASSIGN() {
  return getToken(DpkParser::DIV_ASSIGN, 0);
}

tree::TerminalNode* DpkParser::AssignOpContext::REM_ASSIGN() {
  return getToken(DpkParser::REM_ASSIGN, 0);
}

tree::TerminalNode* DpkParser::AssignOpContext::AND_ASSIGN() {
  return getToken(DpkParser::AND_ASSIGN, 0);
}

tree::TerminalNode* DpkParser::AssignOpContext::OR_ASSIGN() {
  return getToken(DpkParser::OR_ASSIGN, 0);
}

tree::TerminalNode* DpkParser::AssignOpContext::XOR_ASSIGN() {
  return getToken(DpkParser::XOR_ASSIGN, 0);
}

tree::TerminalNode* DpkParser::AssignOpContext::SHL_ASSIGN() {
  return getToken(DpkParser::SHL_ASSIGN, 0);
}

tree::TerminalNode* DpkParser::AssignOpContext::SHR_ASSIGN() {
  return getToken(DpkParser::SHR_ASSIGN, 0);
}


size_t DpkParser::AssignOpContext::getRuleIndex() const {
  return DpkParser::RuleAssignOp;
}

antlrcpp::Any DpkParser::AssignOpContext::accept(tree::ParseTreeVisitor *visitor) {
  if (auto parserVisitor = dynamic_cast<DpkVisitor*>(visitor))
    return parserVisitor->visitAssignOp(this);
  else
    return visitor->visitChildren(this);
}

DpkParser::AssignOpContext* DpkParser::assignOp() {
  AssignOpContext *_localctx = _tracker.createInstance<AssignOpContext>(_ctx, getState());
  enterRule(_localctx, 32, DpkParser::RuleAssignOp);
  size_t _la = 0;

  auto onExit = finally([=] {
    exitRule();
  });
  try {
    enterOuterAlt(_localctx, 1);
    setState(273);
    _la = _input->LA(1);
    if (!((((_la & ~ 0x3fULL) == 0) &&
      ((1ULL << _la) & ((1ULL << DpkParser::ADD_ASSIGN)
      | (1ULL << DpkParser::SUB_ASSIGN)
      | (1ULL << DpkParser::MUL_ASSIGN)
      | (1ULL << DpkParser::DIV_ASSIGN)
      | (1ULL << DpkParser::REM_ASSIGN)
      | (1ULL << DpkParser::AND_ASSIGN)
      | (1ULL << DpkParser::OR_ASSIGN)
      | (1ULL << DpkParser::XOR_ASSIGN)
      | (1ULL << DpkParser::SHL_ASSIGN)
      | (1ULL << DpkParser::SHR_ASSIGN)
      | (1ULL << DpkParser::ASSIGN))) != 0))) {
    _errHandler->recoverInline(this);
    }
    else {
      _errHandler->reportMatch(this);
      consume();
    }
   
  }
  catch (RecognitionException &e) {
    _errHandler->reportError(this, e);
    _localctx->exception = std::current_exception();
    _errHandler->recover(this, _localctx->exception);
  }

  return _localctx;
}

//----------------- ExprContext ------------------------------------------------------------------

DpkParser::ExprContext::ExprContext(ParserRuleContext *parent, size_t invokingState)
  : ParserRuleContext(parent, invokingState) {
}

std::vector<DpkParser::UnaryExprContext *> DpkParser::ExprContext::unaryExpr() {
  return getRuleContexts<DpkParser::UnaryExprContext>();
}

DpkParser::UnaryExprContext* DpkParser::ExprContext::unaryExpr(size_t i) {
  return getRuleContext<DpkParser::UnaryExprContext>(i);
}

std::vector<DpkParser::BinaryOpContext *> DpkParser::ExprContext::binaryOp() {
  return getRuleContexts<DpkParser::BinaryOpContext>();
}

DpkParser::BinaryOpContext* DpkParser::ExprContext::binaryOp(size_t i) {
  return getRuleContext<DpkParser::BinaryOpContext>(i);
}


size_t DpkParser::ExprContext::getRuleIndex() const {
  return DpkParser::RuleExpr;
}

antlrcpp::Any DpkParser::ExprContext::accept(tree::ParseTreeVisitor *visitor) {
  if (auto parserVisitor = dynamic_cast<DpkVisitor*>(visitor))
    return parserVisitor->visitExpr(this);
  else
    return visitor->visitChildren(this);
}

DpkParser::ExprContext* DpkParser::expr() {
  ExprContext *_localctx = _tracker.createInstance<ExprContext>(_ctx, getState());
  enterRule(_localctx, 34, DpkParser::RuleExpr);
  size_t _la = 0;

  auto onExit = finally([=] {
    exitRule();
  });
  try {
    enterOuterAlt(_localctx, 1);
    setState(275);
    unaryExpr();
    setState(281);
    _errHandler->sync(this);
    _la = _input->LA(1);
    while ((((_la & ~ 0x3fULL) == 0) &&
      ((1ULL << _la) & ((1ULL << DpkParser::AND_AND)
      | (1ULL << DpkParser::OR_OR)
      | (1ULL << DpkParser::EQ)
      | (1ULL << DpkParser::NE)
      | (1ULL << DpkParser::LE)
      | (1ULL << DpkParser::GE)
      | (1ULL << DpkParser::SHL)
      | (1ULL << DpkParser::SHR)
      | (1ULL << DpkParser::LT)
      | (1ULL << DpkParser::GT)
      | (1ULL << DpkParser::PLUS)
      | (1ULL << DpkParser::MINUS)
      | (1ULL << DpkParser::STAR)
      | (1ULL << DpkParser::SLASH)
      | (1ULL << DpkParser::PERCENT)
      | (1ULL << DpkParser::AMP)
      | (1ULL << DpkParser::PIPE)
      | (1ULL << DpkParser::CARET))) != 0)) {
      setState(276);
      binaryOp();
      setState(277);
      unaryExpr();
      setState(283);
      _errHandler->sync(this);
      _la = _input->LA(1);
    }
   
  }
  catch (RecognitionException &e) {
    _errHandler->reportError(this, e);
    _localctx->exception = std::current_exception();
    _errHandler->recover(this, _localctx->exception);
  }

  return _localctx;
}

//----------------- BinaryOpContext ------------------------------------------------------------------

DpkParser::BinaryOpContext::BinaryOpContext(ParserRuleContext *parent, size_t invokingState)
  : ParserRuleContext(parent, invokingState) {
}

tree::TerminalNode* DpkParser::BinaryOpContext::STAR() {
  return getToken(DpkParser::STAR, 0);
}

tree::TerminalNode* DpkParser::BinaryOpContext::SLASH() {
  return getToken(DpkParser::SLASH, 0);
}

tree::TerminalNode* DpkParser::BinaryOpContext::PERCENT() {
  return getToken(DpkParser::PERCENT, 0);
}

tree::TerminalNode* DpkParser::BinaryOpContext::PLUS() {
  return getToken(DpkParser::PLUS, 0);
}

tree::TerminalNode* DpkParser::BinaryOpContext::MINUS() {
  return getToken(DpkParser::MINUS, 0);
}

tree::TerminalNode* DpkParser::BinaryOpContext::SHL() {
  return getToken(DpkParser::SHL, 0);
}

tree::TerminalNode* DpkParser::BinaryOpContext::SHR() {
  return getToken(DpkParser::SHR, 0);
}

tree::TerminalNode* DpkParser::BinaryOpContext::LT() {
  return getToken(DpkParser::LT, 0);
}

tree::TerminalNode* DpkParser::BinaryOpContext::LE() {
  return getToken(DpkParser::LE, 0);
}

tree::TerminalNode* DpkParser::BinaryOpContext::GT() {
  return getToken(DpkParser::GT, 0);
}

tree::TerminalNode* DpkParser::BinaryOpContext::GE() {
  return getToken(DpkParser::GE, 0);
}

tree::TerminalNode* DpkParser::BinaryOpContext::EQ() {
  return getToken(DpkParser::EQ, 0);
}

tree::TerminalNode* DpkParser::BinaryOpContext::NE() {
  return getToken(DpkParser::NE, 0);
}

tree::TerminalNode* DpkParser::BinaryOpContext::AMP() {
  return getToken(DpkParser::AMP, 0);
}

tree::TerminalNode* DpkParser::BinaryOpContext::CARET() {
  return getToken(DpkParser::CARET, 0);
}

tree::TerminalNode* DpkParser::BinaryOpContext::PIPE() {
  return getToken(DpkParser::PIPE, 0);
}

tree::TerminalNode* DpkParser::BinaryOpContext::AND_AND() {
  return getToken(DpkParser::AND_AND, 0);
}

tree::TerminalNode* DpkParser::BinaryOpContext::OR_OR() {
  return getToken(DpkParser::OR_OR, 0);
}


size_t DpkParser::BinaryOpContext::getRuleIndex() const {
  return DpkParser::RuleBinaryOp;
}

antlrcpp::Any DpkParser::BinaryOpContext::accept(tree::ParseTreeVisitor *visitor) {
  if (auto parserVisitor = dynamic_cast<DpkVisitor*>(visitor))
    return parserVisitor->visitBinaryOp(this);
  else
    return visitor->visitChildren(this);
}

DpkParser::BinaryOpContext* DpkParser::binaryOp() {
  BinaryOpContext *_localctx = _tracker.createInstance<BinaryOpContext>(_ctx, getState());
  enterRule(_localctx, 36, DpkParser::RuleBinaryOp);
  size_t _la = 0;

  auto onExit = finally([=] {
    exitRule();
  });
  try {
    enterOuterAlt(_localctx, 1);
    setState(284);
    _la = _input->LA(1);
    if (!((((_la & ~ 0x3fULL) == 0) &&
      ((1ULL << _la) & ((1ULL << DpkParser::AND_AND)
      | (1ULL << DpkParser::OR_OR)
      | (1ULL << DpkParser::EQ)
      | (1ULL << DpkParser::NE)
      | (1ULL << DpkParser::LE)
      | (1ULL << DpkParser::GE)
      | (1ULL << DpkParser::SHL)
      | (1ULL << DpkParser::SHR)
      | (1ULL << DpkParser::LT)
      | (1ULL << DpkParser::GT)
      | (1ULL << DpkParser::PLUS)
      | (1ULL << DpkParser::MINUS)
      | (1ULL << DpkParser::STAR)
      | (1ULL << DpkParser::SLASH)
      | (1ULL << DpkParser::PERCENT)
      | (1ULL << DpkParser::AMP)
      | (1ULL << DpkParser::PIPE)
      | (1ULL << DpkParser::CARET))) != 0))) {
    _errHandler->recoverInline(this);
    }
    else {
      _errHandler->reportMatch(this);
      consume();
    }
   
  }
  catch (RecognitionException &e) {
    _errHandler->reportError(this, e);
    _localctx->exception = std::current_exception();
    _errHandler->recover(this, _localctx->exception);
  }

  return _localctx;
}

//----------------- UnaryExprContext ------------------------------------------------------------------

DpkParser::UnaryExprContext::UnaryExprContext(ParserRuleContext *parent, size_t invokingState)
  : ParserRuleContext(parent, invokingState) {
}


size_t DpkParser::UnaryExprContext::getRuleIndex() const {
  return DpkParser::RuleUnaryExpr;
}

void DpkParser::UnaryExprContext::copyFrom(UnaryExprContext *ctx) {
  ParserRuleContext::copyFrom(ctx);
}

//----------------- UnaryOpContext ------------------------------------------------------------------

DpkParser::UnaryExprContext* DpkParser::UnaryOpContext::unaryExpr() {
  return getRuleContext<DpkParser::UnaryExprContext>(0);
}

tree::TerminalNode* DpkParser::UnaryOpContext::MINUS() {
  return getToken(DpkParser::MINUS, 0);
}

tree::TerminalNode* DpkParser::UnaryOpContext::PLUS() {
  return getToken(DpkParser::PLUS, 0);
}

tree::TerminalNode* DpkParser::UnaryOpContext::BANG() {
  return getToken(DpkParser::BANG, 0);
}

tree::TerminalNode* DpkParser::UnaryOpContext::TILDE() {
  return getToken(DpkParser::TILDE, 0);
}

DpkParser::UnaryOpContext::UnaryOpContext(UnaryExprContext *ctx) { copyFrom(ctx); }

antlrcpp::Any DpkParser::UnaryOpContext::accept(tree::ParseTreeVisitor *visitor) {
  if (auto parserVisitor = dynamic_cast<DpkVisitor*>(visitor))
    return parserVisitor->visitUnaryOp(this);
  else
    return visitor->visitChildren(this);
}
//----------------- PostfixContext ------------------------------------------------------------------

DpkParser::PostfixExprContext* DpkParser::PostfixContext::postfixExpr() {
  return getRuleContext<DpkParser::PostfixExprContext>(0);
}

DpkParser::PostfixContext::PostfixContext(UnaryExprContext *ctx) { copyFrom(ctx); }

antlrcpp::Any DpkParser::PostfixContext::accept(tree::ParseTreeVisitor *visitor) {
  if (auto parserVisitor = dynamic_cast<DpkVisitor*>(visitor))
    return parserVisitor->visitPostfix(this);
  else
    return visitor->visitChildren(this);
}
DpkParser::UnaryExprContext* DpkParser::unaryExpr() {
  UnaryExprContext *_localctx = _tracker.createInstance<UnaryExprContext>(_ctx, getState());
  enterRule(_localctx, 38, DpkParser::RuleUnaryExpr);
  size_t _la = 0;

  auto onExit = finally([=] {
    exitRule();
  });
  try {
    setState(289);
    _errHandler->sync(this);
    switch (_input->LA(1)) {
      case DpkParser::PLUS:
      case DpkParser::MINUS:
      case DpkParser::BANG:
      case DpkParser::TILDE: {
        _localctx = dynamic_cast<UnaryExprContext *>(_tracker.createInstance<DpkParser::UnaryOpContext>(_localctx));
        enterOuterAlt(_localctx, 1);
        setState(286);
        dynamic_cast<UnaryOpContext *>(_localctx)->op = _input->LT(1);
        _la = _input->LA(1);
        if (!((((_la & ~ 0x3fULL) == 0) &&
          ((1ULL << _la) & ((1ULL << DpkParser::PLUS)
          | (1ULL << DpkParser::MINUS)
          | (1ULL << DpkParser::BANG)
          | (1ULL << DpkParser::TILDE))) != 0))) {
          dynamic_cast<UnaryOpContext *>(_localctx)->op = _errHandler->recoverInline(this);
        }
        else {
          _errHandler->reportMatch(this);
          consume();
        }
        setState(287);
        unaryExpr();
        break;
      }

      case DpkParser::TRUE:
      case DpkParser::FALSE:
      case DpkParser::LOCAL:
      case DpkParser::GLOBAL:
      case DpkParser::LPAREN:
      case DpkParser::FLOAT:
      case DpkParser::INT:
      case DpkParser::ID:
      case DpkParser::STRING: {
        _localctx = dynamic_cast<UnaryExprContext *>(_tracker.createInstance<DpkParser::PostfixContext>(_localctx));
        enterOuterAlt(_localctx, 2);
        setState(288);
        postfixExpr();
        break;
      }

    default:
      throw NoViableAltException(this);
    }
   
  }
  catch (RecognitionException &e) {
    _errHandler->reportError(this, e);
    _localctx->exception = std::current_exception();
    _errHandler->recover(this, _localctx->exception);
  }

  return _localctx;
}

//----------------- PostfixExprContext ------------------------------------------------------------------

DpkParser::PostfixExprContext::PostfixExprContext(ParserRuleContext *parent, size_t invokingState)
  : ParserRuleContext(parent, invokingState) {
}

DpkParser::PrimaryContext* DpkParser::PostfixExprContext::primary() {
  return getRuleContext<DpkParser::PrimaryContext>(0);
}

std::vector<DpkParser::PostfixOpContext *> DpkParser::PostfixExprContext::postfixOp() {
  return getRuleContexts<DpkParser::PostfixOpContext>();
}

DpkParser::PostfixOpContext* DpkParser::PostfixExprContext::postfixOp(size_t i) {
  return getRuleContext<DpkParser::PostfixOpContext>(i);
}


size_t DpkParser::PostfixExprContext::getRuleIndex() const {
  return DpkParser::RulePostfixExpr;
}

antlrcpp::Any DpkParser::PostfixExprContext::accept(tree::ParseTreeVisitor *visitor) {
  if (auto parserVisitor = dynamic_cast<DpkVisitor*>(visitor))
    return parserVisitor->visitPostfixExpr(this);
  else
    return visitor->visitChildren(this);
}

DpkParser::PostfixExprContext* DpkParser::postfixExpr() {
  PostfixExprContext *_localctx = _tracker.createInstance<PostfixExprContext>(_ctx, getState());
  enterRule(_localctx, 40, DpkParser::RulePostfixExpr);
  size_t _la = 0;

  auto onExit = finally([=] {
    exitRule();
  });
  try {
    enterOuterAlt(_localctx, 1);
    setState(291);
    primary();
    setState(295);
    _errHandler->sync(this);
    _la = _input->LA(1);
    while (_la == DpkParser::LBRACK

    || _la == DpkParser::DOT) {
      setState(292);
      postfixOp();
      setState(297);
      _errHandler->sync(this);
      _la = _input->LA(1);
    }
   
  }
  catch (RecognitionException &e) {
    _errHandler->reportError(this, e);
    _localctx->exception = std::current_exception();
    _errHandler->recover(this, _localctx->exception);
  }

  return _localctx;
}

//----------------- PostfixOpContext ------------------------------------------------------------------

DpkParser::PostfixOpContext::PostfixOpContext(ParserRuleContext *parent, size_t invokingState)
  : ParserRuleContext(parent, invokingState) {
}


size_t DpkParser::PostfixOpContext::getRuleIndex() const {
  return DpkParser::RulePostfixOp;
}

void DpkParser::PostfixOpContext::copyFrom(PostfixOpContext *ctx) {
  ParserRuleContext::copyFrom(ctx);
}

//----------------- MemberOpContext ------------------------------------------------------------------

tree::TerminalNode* DpkParser::MemberOpContext::DOT() {
  return getToken(DpkParser::DOT, 0);
}

tree::TerminalNode* DpkParser::MemberOpContext::ID() {
  return getToken(DpkParser::ID, 0);
}

tree::TerminalNode* DpkParser::MemberOpContext::LPAREN() {
  return getToken(DpkParser::LPAREN, 0);
}

tree::TerminalNode* DpkParser::MemberOpContext::RPAREN() {
  return getToken(DpkParser::RPAREN, 0);
}

std::vector<DpkParser::ExprContext *> DpkParser::MemberOpContext::expr() {
  return getRuleContexts<DpkParser::ExprContext>();
}

DpkParser::ExprContext* DpkParser::MemberOpContext::expr(size_t i) {
  return getRuleContext<DpkParser::ExprContext>(i);
}

std::vector<tree::TerminalNode *> DpkParser::MemberOpContext::COMMA() {
  return getTokens(DpkParser::COMMA);
}

tree::TerminalNode* DpkParser::MemberOpContext::COMMA(size_t i) {
  return getToken(DpkParser::COMMA, i);
}

DpkParser::MemberOpContext::MemberOpContext(PostfixOpContext *ctx) { copyFrom(ctx); }

antlrcpp::Any DpkParser::MemberOpContext::accept(tree::ParseTreeVisitor *visitor) {
  if (auto parserVisitor = dynamic_cast<DpkVisitor*>(visitor))
    return parserVisitor->visitMemberOp(this);
  else
    return visitor->visitChildren(this);
}
//----------------- IndexOpContext ------------------------------------------------------------------

tree::TerminalNode* DpkParser::IndexOpContext::LBRACK() {
  return getToken(DpkParser::LBRACK, 0);
}

std::vector<DpkParser::ExprContext *> DpkParser::IndexOpContext::expr() {
  return getRuleContexts<DpkParser::ExprContext>();
}

DpkParser::ExprContext* DpkParser::IndexOpContext::expr(size_t i) {
  return getRuleContext<DpkParser::ExprContext>(i);
}

tree::TerminalNode* DpkParser::IndexOpContext::RBRACK() {
  return getToken(DpkParser::RBRACK, 0);
}

std::vector<tree::TerminalNode *> DpkParser::IndexOpContext::COMMA() {
  return getTokens(DpkParser::COMMA);
}

tree::TerminalNode* DpkParser::IndexOpContext::COMMA(size_t i) {
  return getToken(DpkParser::COMMA, i);
}

DpkParser::IndexOpContext::IndexOpContext(PostfixOpContext *ctx) { copyFrom(ctx); }

antlrcpp::Any DpkParser::IndexOpContext::accept(tree::ParseTreeVisitor *visitor) {
  if (auto parserVisitor = dynamic_cast<DpkVisitor*>(visitor))
    return parserVisitor->visitIndexOp(this);
  else
    return visitor->visitChildren(this);
}
DpkParser::PostfixOpContext* DpkParser::postfixOp() {
  PostfixOpContext *_localctx = _tracker.createInstance<PostfixOpContext>(_ctx, getState());
  enterRule(_localctx, 42, DpkParser::RulePostfixOp);
  size_t _la = 0;

  auto onExit = finally([=] {
    exitRule();
  });
  try {
    setState(325);
    _errHandler->sync(this);
    switch (_input->LA(1)) {
      case DpkParser::LBRACK: {
        _localctx = dynamic_cast<PostfixOpContext *>(_tracker.createInstance<DpkParser::IndexOpContext>(_localctx));
        enterOuterAlt(_localctx, 1);
        setState(298);
        match(DpkParser::LBRACK);
        setState(299);
        expr();
        setState(304);
        _errHandler->sync(this);
        _la = _input->LA(1);
        while (_la == DpkParser::COMMA) {
          setState(300);
          match(DpkParser::COMMA);
          setState(301);
          expr();
          setState(306);
          _errHandler->sync(this);
          _la = _input->LA(1);
        }
        setState(307);
        match(DpkParser::RBRACK);
        break;
      }

      case DpkParser::DOT: {
        _localctx = dynamic_cast<PostfixOpContext *>(_tracker.createInstance<DpkParser::MemberOpContext>(_localctx));
        enterOuterAlt(_localctx, 2);
        setState(309);
        match(DpkParser::DOT);
        setState(310);
        match(DpkParser::ID);
        setState(323);
        _errHandler->sync(this);

        _la = _input->LA(1);
        if (_la == DpkParser::LPAREN) {
          setState(311);
          match(DpkParser::LPAREN);
          setState(320);
          _errHandler->sync(this);

          _la = _input->LA(1);
          if (((((_la - 15) & ~ 0x3fULL) == 0) &&
            ((1ULL << (_la - 15)) & ((1ULL << (DpkParser::TRUE - 15))
            | (1ULL << (DpkParser::FALSE - 15))
            | (1ULL << (DpkParser::LOCAL - 15))
            | (1ULL << (DpkParser::GLOBAL - 15))
            | (1ULL << (DpkParser::LPAREN - 15))
            | (1ULL << (DpkParser::PLUS - 15))
            | (1ULL << (DpkParser::MINUS - 15))
            | (1ULL << (DpkParser::BANG - 15))
            | (1ULL << (DpkParser::TILDE - 15))
            | (1ULL << (DpkParser::FLOAT - 15))
            | (1ULL << (DpkParser::INT - 15))
            | (1ULL << (DpkParser::ID - 15))
            | (1ULL << (DpkParser::STRING - 15)))) != 0)) {
            setState(312);
            expr();
            setState(317);
            _errHandler->sync(this);
            _la = _input->LA(1);
            while (_la == DpkParser::COMMA) {
              setState(313);
              match(DpkParser::COMMA);
              setState(314);
              expr();
              setState(319);
              _errHandler->sync(this);
              _la = _input->LA(1);
            }
          }
          setState(322);
          match(DpkParser::RPAREN);
        }
        break;
      }

    default:
      throw NoViableAltException(this);
    }
   
  }
  catch (RecognitionException &e) {
    _errHandler->reportError(this, e);
    _localctx->exception = std::current_exception();
    _errHandler->recover(this, _localctx->exception);
  }

  return _localctx;
}

//----------------- PrimaryContext ------------------------------------------------------------------

DpkParser::PrimaryContext::PrimaryContext(ParserRuleContext *parent, size_t invokingState)
  : ParserRuleContext(parent, invokingState) {
}


size_t DpkParser::PrimaryContext::getRuleIndex() const {
  return DpkParser::RulePrimary;
}

void DpkParser::PrimaryContext::copyFrom(PrimaryContext *ctx) {
  ParserRuleContext::copyFrom(ctx);
}

//----------------- CallContext ------------------------------------------------------------------

tree::TerminalNode* DpkParser::CallContext::ID() {
  return getToken(DpkParser::ID, 0);
}

tree::TerminalNode* DpkParser::CallContext::LPAREN() {
  return getToken(DpkParser::LPAREN, 0);
}

tree::TerminalNode* DpkParser::CallContext::RPAREN() {
  return getToken(DpkParser::RPAREN, 0);
}

std::vector<DpkParser::ExprContext *> DpkParser::CallContext::expr() {
  return getRuleContexts<DpkParser::ExprContext>();
}

DpkParser::ExprContext* DpkParser::CallContext::expr(size_t i) {
  return getRuleContext<DpkParser::ExprContext>(i);
}

std::vector<tree::TerminalNode *> DpkParser::CallContext::COMMA() {
  return getTokens(DpkParser::COMMA);
}

tree::TerminalNode* DpkParser::CallContext::COMMA(size_t i) {
  return getToken(DpkParser::COMMA, i);
}

DpkParser::CallContext::CallContext(PrimaryContext *ctx) { copyFrom(ctx); }

antlrcpp::Any DpkParser::CallContext::accept(tree::ParseTreeVisitor *visitor) {
  if (auto parserVisitor = dynamic_cast<DpkVisitor*>(visitor))
    return parserVisitor->visitCall(this);
  else
    return visitor->visitChildren(this);
}
//----------------- StringLitContext ------------------------------------------------------------------

tree::TerminalNode* DpkParser::StringLitContext::STRING() {
  return getToken(DpkParser::STRING, 0);
}

DpkParser::StringLitContext::StringLitContext(PrimaryContext *ctx) { copyFrom(ctx); }

antlrcpp::Any DpkParser::StringLitContext::accept(tree::ParseTreeVisitor *visitor) {
  if (auto parserVisitor = dynamic_cast<DpkVisitor*>(visitor))
    return parserVisitor->visitStringLit(this);
  else
    return visitor->visitChildren(this);
}
//----------------- FloatLitContext ------------------------------------------------------------------

tree::TerminalNode* DpkParser::FloatLitContext::FLOAT() {
  return getToken(DpkParser::FLOAT, 0);
}

DpkParser::FloatLitContext::FloatLitContext(PrimaryContext *ctx) { copyFrom(ctx); }

antlrcpp::Any DpkParser::FloatLitContext::accept(tree::ParseTreeVisitor *visitor) {
  if (auto parserVisitor = dynamic_cast<DpkVisitor*>(visitor))
    return parserVisitor->visitFloatLit(this);
  else
    return visitor->visitChildren(this);
}
//----------------- BoolLitContext ------------------------------------------------------------------

tree::TerminalNode* DpkParser::BoolLitContext::TRUE() {
  return getToken(DpkParser::TRUE, 0);
}

tree::TerminalNode* DpkParser::BoolLitContext::FALSE() {
  return getToken(DpkParser::FALSE, 0);
}

DpkParser::BoolLitContext::BoolLitContext(PrimaryContext *ctx) { copyFrom(ctx); }

antlrcpp::Any DpkParser::BoolLitContext::accept(tree::ParseTreeVisitor *visitor) {
  if (auto parserVisitor = dynamic_cast<DpkVisitor*>(visitor))
    return parserVisitor->visitBoolLit(this);
  else
    return visitor->visitChildren(this);
}
//----------------- IntLitContext ------------------------------------------------------------------

tree::TerminalNode* DpkParser::IntLitContext::INT() {
  return getToken(DpkParser::INT, 0);
}

DpkParser::IntLitContext::IntLitContext(PrimaryContext *ctx) { copyFrom(ctx); }

antlrcpp::Any DpkParser::IntLitContext::accept(tree::ParseTreeVisitor *visitor) {
  if (auto parserVisitor = dynamic_cast<DpkVisitor*>(visitor))
    return parserVisitor->visitIntLit(this);
  else
    return visitor->visitChildren(this);
}
//----------------- NameContext ------------------------------------------------------------------

tree::TerminalNode* DpkParser::NameContext::ID() {
  return getToken(DpkParser::ID, 0);
}

tree::TerminalNode* DpkParser::NameContext::LOCAL() {
  return getToken(DpkParser::LOCAL, 0);
}

tree::TerminalNode* DpkParser::NameContext::GLOBAL() {
  return getToken(DpkParser::GLOBAL, 0);
}

DpkParser::NameContext::NameContext(PrimaryContext *ctx) { copyFrom(ctx); }

antlrcpp::Any DpkParser::NameContext::accept(tree::ParseTreeVisitor *visitor) {
  if (auto parserVisitor = dynamic_cast<DpkVisitor*>(visitor))
    return parserVisitor->visitName(this);
  else
    return visitor->visitChildren(this);
}
//----------------- ParenOrTupleContext ------------------------------------------------------------------

tree::TerminalNode* DpkParser::ParenOrTupleContext::LPAREN() {
  return getToken(DpkParser::LPAREN, 0);
}

std::vector<DpkParser::ExprContext *> DpkParser::ParenOrTupleContext::expr() {
  return getRuleContexts<DpkParser::ExprContext>();
}

DpkParser::ExprContext* DpkParser::ParenOrTupleContext::expr(size_t i) {
  return getRuleContext<DpkParser::ExprContext>(i);
}

tree::TerminalNode* DpkParser::ParenOrTupleContext::RPAREN() {
  return getToken(DpkParser::RPAREN, 0);
}

std::vector<tree::TerminalNode *> DpkParser::ParenOrTupleContext::COMMA() {
  return getTokens(DpkParser::COMMA);
}

tree::TerminalNode* DpkParser::ParenOrTupleContext::COMMA(size_t i) {
  return getToken(DpkParser::COMMA, i);
}

DpkParser::ParenOrTupleContext::ParenOrTupleContext(PrimaryContext *ctx) { copyFrom(ctx); }

antlrcpp::Any DpkParser::ParenOrTupleContext::accept(tree::ParseTreeVisitor *visitor) {
  if (auto parserVisitor = dynamic_cast<DpkVisitor*>(visitor))
    return parserVisitor->visitParenOrTuple(this);
  else
    return visitor->visitChildren(this);
}
DpkParser::PrimaryContext* DpkParser::primary() {
  PrimaryContext *_localctx = _tracker.createInstance<PrimaryContext>(_ctx, getState());
  enterRule(_localctx, 44, DpkParser::RulePrimary);
  size_t _la = 0;

  auto onExit = finally([=] {
    exitRule();
  });
  try {
    setState(356);
    _errHandler->sync(this);
    switch (getInterpreter<atn::ParserATNSimulator>()->adaptivePredict(_input, 43, _ctx)) {
    case 1: {
      _localctx = dynamic_cast<PrimaryContext *>(_tracker.createInstance<DpkParser::IntLitContext>(_localctx));
      enterOuterAlt(_localctx, 1);
      setState(327);
      match(DpkParser::INT);
      break;
    }

    case 2: {
      _localctx = dynamic_cast<PrimaryContext *>(_tracker.createInstance<DpkParser::FloatLitContext>(_localctx));
      enterOuterAlt(_localctx, 2);
      setState(328);
      match(DpkParser::FLOAT);
      break;
    }

    case 3: {
      _localctx = dynamic_cast<PrimaryContext *>(_tracker.createInstance<DpkParser::BoolLitContext>(_localctx));
      enterOuterAlt(_localctx, 3);
      setState(329);
      _la = _input->LA(1);
      if (!(_la == DpkParser::TRUE

      || _la == DpkParser::FALSE)) {
      _errHandler->recoverInline(this);
      }
      else {
        _errHandler->reportMatch(this);
        consume();
      }
      break;
    }

    case 4: {
      _localctx = dynamic_cast<PrimaryContext *>(_tracker.createInstance<DpkParser::StringLitContext>(_localctx));
      enterOuterAlt(_localctx, 4);
      setState(330);
      match(DpkParser::STRING);
      break;
    }

    case 5: {
      _localctx = dynamic_cast<PrimaryContext *>(_tracker.createInstance<DpkParser::CallContext>(_localctx));
      enterOuterAlt(_localctx, 5);
      setState(331);
      match(DpkParser::ID);
      setState(332);
      match(DpkParser::LPAREN);
      setState(341);
      _errHandler->sync(this);

      _la = _input->LA(1);
      if (((((_la - 15) & ~ 0x3fULL) == 0) &&
        ((1ULL << (_la - 15)) & ((1ULL << (DpkParser::TRUE - 15))
        | (1ULL << (DpkParser::FALSE - 15))
        | (1ULL << (DpkParser::LOCAL - 15))
        | (1ULL << (DpkParser::GLOBAL - 15))
        | (1ULL << (DpkParser::LPAREN - 15))
        | (1ULL << (DpkParser::PLUS - 15))
        | (1ULL << (DpkParser::MINUS - 15))
        | (1ULL << (DpkParser::BANG - 15))
        | (1ULL << (DpkParser::TILDE - 15))
        | (1ULL << (DpkParser::FLOAT - 15))
        | (1ULL << (DpkParser::INT - 15))
        | (1ULL << (DpkParser::ID - 15))
        | (1ULL << (DpkParser::STRING - 15)))) != 0)) {
        setState(333);
        expr();
        setState(338);
        _errHandler->sync(this);
        _la = _input->LA(1);
        while (_la == DpkParser::COMMA) {
          setState(334);
          match(DpkParser::COMMA);
          setState(335);
          expr();
          setState(340);
          _errHandler->sync(this);
          _la = _input->LA(1);
        }
      }
      setState(343);
      match(DpkParser::RPAREN);
      break;
    }

    case 6: {
      _localctx = dynamic_cast<PrimaryContext *>(_tracker.createInstance<DpkParser::NameContext>(_localctx));
      enterOuterAlt(_localctx, 6);
      setState(344);
      _la = _input->LA(1);
      if (!(((((_la - 17) & ~ 0x3fULL) == 0) &&
        ((1ULL << (_la - 17)) & ((1ULL << (DpkParser::LOCAL - 17))
        | (1ULL << (DpkParser::GLOBAL - 17))
        | (1ULL << (DpkParser::ID - 17)))) != 0))) {
      _errHandler->recoverInline(this);
      }
      else {
        _errHandler->reportMatch(this);
        consume();
      }
      break;
    }

    case 7: {
      _localctx = dynamic_cast<PrimaryContext *>(_tracker.createInstance<DpkParser::ParenOrTupleContext>(_localctx));
      enterOuterAlt(_localctx, 7);
      setState(345);
      match(DpkParser::LPAREN);
      setState(346);
      expr();
      setState(351);
      _errHandler->sync(this);
      _la = _input->LA(1);
      while (_la == DpkParser::COMMA) {
        setState(347);
        match(DpkParser::COMMA);
        setState(348);
        expr();
        setState(353);
        _errHandler->sync(this);
        _la = _input->LA(1);
      }
      setState(354);
      match(DpkParser::RPAREN);
      break;
    }

    }
   
  }
  catch (RecognitionException &e) {
    _errHandler->reportError(this, e);
    _localctx->exception = std::current_exception();
    _errHandler->recover(this, _localctx->exception);
  }

  return _localctx;
}

// Static vars and initialization.
std::vector<dfa::DFA> DpkParser::_decisionToDFA;
atn::PredictionContextCache DpkParser::_sharedContextCache;

// We own the ATN which in turn owns the ATN states.
atn::ATN DpkParser::_atn;
std::vector<uint16_t> DpkParser::_serializedATN;

std::vector<std::string> DpkParser::_ruleNames = {
  "program", "item", "importDecl", "constDecl", "functionDecl", "attribute", 
  "paramList", "param", "typeExpr", "dim", "typeArg", "signatureEntry", 
  "paramTypeEntry", "block", "statement", "ifStatement", "assignOp", "expr", 
  "binaryOp", "unaryExpr", "postfixExpr", "postfixOp", "primary"
};

std::vector<std::string> DpkParser::_literalNames = {
  "", "'import'", "'const'", "'func'", "'kernel'", "'let'", "'var'", "'if'", 
  "'else'", "'while'", "'for'", "'in'", "'break'", "'continue'", "'return'", 
  "'true'", "'false'", "'local'", "'global'", "'('", "')'", "'['", "']'", 
  "'{'", "'}'", "','", "';'", "'::'", "':'", "'.'", "'->'", "'+='", "'-='", 
  "'*='", "'/='", "'%='", "'&='", "'|='", "'^='", "'<<='", "'>>='", "'&&'", 
  "'||'", "'=='", "'!='", "'<='", "'>='", "'<<'", "'>>'", "'<'", "'>'", 
  "'='", "'+'", "'-'", "'*'", "'/'", "'%'", "'&'", "'|'", "'^'", "'!'", 
  "'~'", "'@'"
};

std::vector<std::string> DpkParser::_symbolicNames = {
  "", "IMPORT", "CONST", "FUNC", "KERNEL", "LET", "VAR", "IF", "ELSE", "WHILE", 
  "FOR", "IN", "BREAK", "CONTINUE", "RETURN", "TRUE", "FALSE", "LOCAL", 
  "GLOBAL", "LPAREN", "RPAREN", "LBRACK", "RBRACK", "LBRACE", "RBRACE", 
  "COMMA", "SEMI", "COLONCOLON", "COLON", "DOT", "ARROW", "ADD_ASSIGN", 
  "SUB_ASSIGN", "MUL_ASSIGN", "DIV_ASSIGN", "REM_ASSIGN", "AND_ASSIGN", 
  "OR_ASSIGN", "XOR_ASSIGN", "SHL_ASSIGN", "SHR_ASSIGN", "AND_AND", "OR_OR", 
  "EQ", "NE", "LE", "GE", "SHL", "SHR", "LT", "GT", "ASSIGN", "PLUS", "MINUS", 
  "STAR", "SLASH", "PERCENT", "AMP", "PIPE", "CARET", "BANG", "TILDE", "AT", 
  "FLOAT", "INT", "ID", "STRING", "UNTERMINATED_STRING", "WS", "LINE_COMMENT", 
  "BLOCK_COMMENT", "UNTERMINATED_COMMENT", "ERROR_CHAR"
};

dfa::Vocabulary DpkParser::_vocabulary(_literalNames, _symbolicNames);

std::vector<std::string> DpkParser::_tokenNames;

DpkParser::Initializer::Initializer() {
	for (size_t i = 0; i < _symbolicNames.size(); ++i) {
		std::string name = _vocabulary.getLiteralName(i);
		if (name.empty()) {
			name = _vocabulary.getSymbolicName(i);
		}

		if (name.empty()) {
			_tokenNames.push_back("<INVALID>");
		} else {
      _tokenNames.push_back(name);
    }
	}

  _serializedATN = {
    0x3, 0x608b, 0xa72a, 0x8133, 0xb9ed, 0x417c, 0x3be7, 0x7786, 0x5964, 
    0x3, 0x4a, 0x169, 0x4, 0x2, 0x9, 0x2, 0x4, 0x3, 0x9, 0x3, 0x4, 0x4, 
    0x9, 0x4, 0x4, 0x5, 0x9, 0x5, 0x4, 0x6, 0x9, 0x6, 0x4, 0x7, 0x9, 0x7, 
    0x4, 0x8, 0x9, 0x8, 0x4, 0x9, 0x9, 0x9, 0x4, 0xa, 0x9, 0xa, 0x4, 0xb, 
    0x9, 0xb, 0x4, 0xc, 0x9, 0xc, 0x4, 0xd, 0x9, 0xd, 0x4, 0xe, 0x9, 0xe, 
    0x4, 0xf, 0x9, 0xf, 0x4, 0x10, 0x9, 0x10, 0x4, 0x11, 0x9, 0x11, 0x4, 
    0x12, 0x9, 0x12, 0x4, 0x13, 0x9, 0x13, 0x4, 0x14, 0x9, 0x14, 0x4, 0x15, 
    0x9, 0x15, 0x4, 0x16, 0x9, 0x16, 0x4, 0x17, 0x9, 0x17, 0x4, 0x18, 0x9, 
    0x18, 0x3, 0x2, 0x7, 0x2, 0x32, 0xa, 0x2, 0xc, 0x2, 0xe, 0x2, 0x35, 
    0xb, 0x2, 0x3, 0x2, 0x3, 0x2, 0x3, 0x3, 0x3, 0x3, 0x3, 0x3, 0x5, 0x3, 
    0x3c, 0xa, 0x3, 0x3, 0x4, 0x3, 0x4, 0x3, 0x4, 0x3, 0x4, 0x7, 0x4, 0x42, 
    0xa, 0x4, 0xc, 0x4, 0xe, 0x4, 0x45, 0xb, 0x4, 0x3, 0x4, 0x3, 0x4, 0x3, 
    0x5, 0x3, 0x5, 0x3, 0x5, 0x3, 0x5, 0x5, 0x5, 0x4d, 0xa, 0x5, 0x3, 0x5, 
    0x3, 0x5, 0x3, 0x5, 0x3, 0x5, 0x3, 0x6, 0x7, 0x6, 0x54, 0xa, 0x6, 0xc, 
    0x6, 0xe, 0x6, 0x57, 0xb, 0x6, 0x3, 0x6, 0x3, 0x6, 0x3, 0x6, 0x3, 0x6, 
    0x5, 0x6, 0x5d, 0xa, 0x6, 0x3, 0x6, 0x3, 0x6, 0x3, 0x6, 0x5, 0x6, 0x62, 
    0xa, 0x6, 0x3, 0x6, 0x3, 0x6, 0x3, 0x7, 0x3, 0x7, 0x3, 0x7, 0x3, 0x7, 
    0x3, 0x7, 0x3, 0x7, 0x7, 0x7, 0x6c, 0xa, 0x7, 0xc, 0x7, 0xe, 0x7, 0x6f, 
    0xb, 0x7, 0x5, 0x7, 0x71, 0xa, 0x7, 0x3, 0x7, 0x3, 0x7, 0x3, 0x8, 0x3, 
    0x8, 0x3, 0x8, 0x7, 0x8, 0x78, 0xa, 0x8, 0xc, 0x8, 0xe, 0x8, 0x7b, 0xb, 
    0x8, 0x3, 0x8, 0x5, 0x8, 0x7e, 0xa, 0x8, 0x3, 0x9, 0x3, 0x9, 0x3, 0x9, 
    0x5, 0x9, 0x83, 0xa, 0x9, 0x3, 0xa, 0x5, 0xa, 0x86, 0xa, 0xa, 0x3, 0xa, 
    0x3, 0xa, 0x3, 0xa, 0x5, 0xa, 0x8b, 0xa, 0xa, 0x3, 0xa, 0x3, 0xa, 0x3, 
    0xa, 0x3, 0xa, 0x7, 0xa, 0x91, 0xa, 0xa, 0xc, 0xa, 0xe, 0xa, 0x94, 0xb, 
    0xa, 0x3, 0xa, 0x3, 0xa, 0x5, 0xa, 0x98, 0xa, 0xa, 0x3, 0xa, 0x3, 0xa, 
    0x3, 0xa, 0x3, 0xa, 0x3, 0xa, 0x7, 0xa, 0x9f, 0xa, 0xa, 0xc, 0xa, 0xe, 
    0xa, 0xa2, 0xb, 0xa, 0x3, 0xa, 0x5, 0xa, 0xa5, 0xa, 0xa, 0x3, 0xb, 0x3, 
    0xb, 0x3, 0xb, 0x5, 0xb, 0xaa, 0xa, 0xb, 0x3, 0xc, 0x3, 0xc, 0x3, 0xc, 
    0x3, 0xc, 0x3, 0xd, 0x3, 0xd, 0x3, 0xd, 0x3, 0xd, 0x3, 0xd, 0x7, 0xd, 
    0xb5, 0xa, 0xd, 0xc, 0xd, 0xe, 0xd, 0xb8, 0xb, 0xd, 0x5, 0xd, 0xba, 
    0xa, 0xd, 0x3, 0xd, 0x3, 0xd, 0x3, 0xd, 0x3, 0xe, 0x3, 0xe, 0x3, 0xe, 
    0x3, 0xf, 0x3, 0xf, 0x7, 0xf, 0xc4, 0xa, 0xf, 0xc, 0xf, 0xe, 0xf, 0xc7, 
    0xb, 0xf, 0x3, 0xf, 0x3, 0xf, 0x3, 0x10, 0x3, 0x10, 0x3, 0x10, 0x3, 
    0x10, 0x3, 0x10, 0x3, 0x10, 0x6, 0x10, 0xd1, 0xa, 0x10, 0xd, 0x10, 0xe, 
    0x10, 0xd2, 0x3, 0x10, 0x5, 0x10, 0xd6, 0xa, 0x10, 0x3, 0x10, 0x3, 0x10, 
    0x5, 0x10, 0xda, 0xa, 0x10, 0x3, 0x10, 0x3, 0x10, 0x5, 0x10, 0xde, 0xa, 
    0x10, 0x3, 0x10, 0x3, 0x10, 0x3, 0x10, 0x3, 0x10, 0x3, 0x10, 0x3, 0x10, 
    0x3, 0x10, 0x3, 0x10, 0x3, 0x10, 0x3, 0x10, 0x3, 0x10, 0x3, 0x10, 0x3, 
    0x10, 0x3, 0x10, 0x7, 0x10, 0xee, 0xa, 0x10, 0xc, 0x10, 0xe, 0x10, 0xf1, 
    0xb, 0x10, 0x3, 0x10, 0x3, 0x10, 0x3, 0x10, 0x3, 0x10, 0x3, 0x10, 0x3, 
    0x10, 0x3, 0x10, 0x3, 0x10, 0x3, 0x10, 0x5, 0x10, 0xfc, 0xa, 0x10, 0x3, 
    0x10, 0x3, 0x10, 0x3, 0x10, 0x3, 0x10, 0x3, 0x10, 0x3, 0x10, 0x5, 0x10, 
    0x104, 0xa, 0x10, 0x3, 0x10, 0x3, 0x10, 0x5, 0x10, 0x108, 0xa, 0x10, 
    0x3, 0x11, 0x3, 0x11, 0x3, 0x11, 0x3, 0x11, 0x3, 0x11, 0x3, 0x11, 0x5, 
    0x11, 0x110, 0xa, 0x11, 0x5, 0x11, 0x112, 0xa, 0x11, 0x3, 0x12, 0x3, 
    0x12, 0x3, 0x13, 0x3, 0x13, 0x3, 0x13, 0x3, 0x13, 0x7, 0x13, 0x11a, 
    0xa, 0x13, 0xc, 0x13, 0xe, 0x13, 0x11d, 0xb, 0x13, 0x3, 0x14, 0x3, 0x14, 
    0x3, 0x15, 0x3, 0x15, 0x3, 0x15, 0x5, 0x15, 0x124, 0xa, 0x15, 0x3, 0x16, 
    0x3, 0x16, 0x7, 0x16, 0x128, 0xa, 0x16, 0xc, 0x16, 0xe, 0x16, 0x12b, 
    0xb, 0x16, 0x3, 0x17, 0x3, 0x17, 0x3, 0x17, 0x3, 0x17, 0x7, 0x17, 0x131, 
    0xa, 0x17, 0xc, 0x17, 0xe, 0x17, 0x134, 0xb, 0x17, 0x3, 0x17, 0x3, 0x17, 
    0x3, 0x17, 0x3, 0x17, 0x3, 0x17, 0x3, 0x17, 0x3, 0x17, 0x3, 0x17, 0x7, 
    0x17, 0x13e, 0xa, 0x17, 0xc, 0x17, 0xe, 0x17, 0x141, 0xb, 0x17, 0x5, 
    0x17, 0x143, 0xa, 0x17, 0x3, 0x17, 0x5, 0x17, 0x146, 0xa, 0x17, 0x5, 
    0x17, 0x148, 0xa, 0x17, 0x3, 0x18, 0x3, 0x18, 0x3, 0x18, 0x3, 0x18, 
    0x3, 0x18, 0x3, 0x18, 0x3, 0x18, 0x3, 0x18, 0x3, 0x18, 0x7, 0x18, 0x153, 
    0xa, 0x18, 0xc, 0x18, 0xe, 0x18, 0x156, 0xb, 0x18, 0x5, 0x18, 0x158, 
    0xa, 0x18, 0x3, 0x18, 0x3, 0x18, 0x3, 0x18, 0x3, 0x18, 0x3, 0x18, 0x3, 
    0x18, 0x7, 0x18, 0x160, 0xa, 0x18, 0xc, 0x18, 0xe, 0x18, 0x163, 0xb, 
    0x18, 0x3, 0x18, 0x3, 0x18, 0x5, 0x18, 0x167, 0xa, 0x18, 0x3, 0x18, 
    0x2, 0x2, 0x19, 0x2, 0x4, 0x6, 0x8, 0xa, 0xc, 0xe, 0x10, 0x12, 0x14, 
    0x16, 0x18, 0x1a, 0x1c, 0x1e, 0x20, 0x22, 0x24, 0x26, 0x28, 0x2a, 0x2c, 
    0x2e, 0x2, 0xa, 0x3, 0x2, 0x5, 0x6, 0x4, 0x2, 0x42, 0x42, 0x44, 0x44, 
    0x3, 0x2, 0x7, 0x8, 0x4, 0x2, 0x21, 0x2a, 0x35, 0x35, 0x4, 0x2, 0x2b, 
    0x34, 0x36, 0x3d, 0x4, 0x2, 0x36, 0x37, 0x3e, 0x3f, 0x3, 0x2, 0x11, 
    0x12, 0x4, 0x2, 0x13, 0x14, 0x43, 0x43, 0x2, 0x18a, 0x2, 0x33, 0x3, 
    0x2, 0x2, 0x2, 0x4, 0x3b, 0x3, 0x2, 0x2, 0x2, 0x6, 0x3d, 0x3, 0x2, 0x2, 
    0x2, 0x8, 0x48, 0x3, 0x2, 0x2, 0x2, 0xa, 0x55, 0x3, 0x2, 0x2, 0x2, 0xc, 
    0x65, 0x3, 0x2, 0x2, 0x2, 0xe, 0x74, 0x3, 0x2, 0x2, 0x2, 0x10, 0x7f, 
    0x3, 0x2, 0x2, 0x2, 0x12, 0xa4, 0x3, 0x2, 0x2, 0x2, 0x14, 0xa9, 0x3, 
    0x2, 0x2, 0x2, 0x16, 0xab, 0x3, 0x2, 0x2, 0x2, 0x18, 0xaf, 0x3, 0x2, 
    0x2, 0x2, 0x1a, 0xbe, 0x3, 0x2, 0x2, 0x2, 0x1c, 0xc1, 0x3, 0x2, 0x2, 
    0x2, 0x1e, 0x107, 0x3, 0x2, 0x2, 0x2, 0x20, 0x109, 0x3, 0x2, 0x2, 0x2, 
    0x22, 0x113, 0x3, 0x2, 0x2, 0x2, 0x24, 0x115, 0x3, 0x2, 0x2, 0x2, 0x26, 
    0x11e, 0x3, 0x2, 0x2, 0x2, 0x28, 0x123, 0x3, 0x2, 0x2, 0x2, 0x2a, 0x125, 
    0x3, 0x2, 0x2, 0x2, 0x2c, 0x147, 0x3, 0x2, 0x2, 0x2, 0x2e, 0x166, 0x3, 
    0x2, 0x2, 0x2, 0x30, 0x32, 0x5, 0x4, 0x3, 0x2, 0x31, 0x30, 0x3, 0x2, 
    0x2, 0x2, 0x32, 0x35, 0x3, 0x2, 0x2, 0x2, 0x33, 0x31, 0x3, 0x2, 0x2, 
    0x2, 0x33, 0x34, 0x3, 0x2, 0x2, 0x2, 0x34, 0x36, 0x3, 0x2, 0x2, 0x2, 
    0x35, 0x33, 0x3, 0x2, 0x2, 0x2, 0x36, 0x37, 0x7, 0x2, 0x2, 0x3, 0x37, 
    0x3, 0x3, 0x2, 0x2, 0x2, 0x38, 0x3c, 0x5, 0x6, 0x4, 0x2, 0x39, 0x3c, 
    0x5, 0x8, 0x5, 0x2, 0x3a, 0x3c, 0x5, 0xa, 0x6, 0x2, 0x3b, 0x38, 0x3, 
    0x2, 0x2, 0x2, 0x3b, 0x39, 0x3, 0x2, 0x2, 0x2, 0x3b, 0x3a, 0x3, 0x2, 
    0x2, 0x2, 0x3c, 0x5, 0x3, 0x2, 0x2, 0x2, 0x3d, 0x3e, 0x7, 0x3, 0x2, 
    0x2, 0x3e, 0x43, 0x7, 0x43, 0x2, 0x2, 0x3f, 0x40, 0x7, 0x1f, 0x2, 0x2, 
    0x40, 0x42, 0x7, 0x43, 0x2, 0x2, 0x41, 0x3f, 0x3, 0x2, 0x2, 0x2, 0x42, 
    0x45, 0x3, 0x2, 0x2, 0x2, 0x43, 0x41, 0x3, 0x2, 0x2, 0x2, 0x43, 0x44, 
    0x3, 0x2, 0x2, 0x2, 0x44, 0x46, 0x3, 0x2, 0x2, 0x2, 0x45, 0x43, 0x3, 
    0x2, 0x2, 0x2, 0x46, 0x47, 0x7, 0x1c, 0x2, 0x2, 0x47, 0x7, 0x3, 0x2, 
    0x2, 0x2, 0x48, 0x49, 0x7, 0x4, 0x2, 0x2, 0x49, 0x4c, 0x7, 0x43, 0x2, 
    0x2, 0x4a, 0x4b, 0x7, 0x1e, 0x2, 0x2, 0x4b, 0x4d, 0x5, 0x12, 0xa, 0x2, 
    0x4c, 0x4a, 0x3, 0x2, 0x2, 0x2, 0x4c, 0x4d, 0x3, 0x2, 0x2, 0x2, 0x4d, 
    0x4e, 0x3, 0x2, 0x2, 0x2, 0x4e, 0x4f, 0x7, 0x35, 0x2, 0x2, 0x4f, 0x50, 
    0x5, 0x24, 0x13, 0x2, 0x50, 0x51, 0x7, 0x1c, 0x2, 0x2, 0x51, 0x9, 0x3, 
    0x2, 0x2, 0x2, 0x52, 0x54, 0x5, 0xc, 0x7, 0x2, 0x53, 0x52, 0x3, 0x2, 
    0x2, 0x2, 0x54, 0x57, 0x3, 0x2, 0x2, 0x2, 0x55, 0x53, 0x3, 0x2, 0x2, 
    0x2, 0x55, 0x56, 0x3, 0x2, 0x2, 0x2, 0x56, 0x58, 0x3, 0x2, 0x2, 0x2, 
    0x57, 0x55, 0x3, 0x2, 0x2, 0x2, 0x58, 0x59, 0x9, 0x2, 0x2, 0x2, 0x59, 
    0x5a, 0x7, 0x43, 0x2, 0x2, 0x5a, 0x5c, 0x7, 0x15, 0x2, 0x2, 0x5b, 0x5d, 
    0x5, 0xe, 0x8, 0x2, 0x5c, 0x5b, 0x3, 0x2, 0x2, 0x2, 0x5c, 0x5d, 0x3, 
    0x2, 0x2, 0x2, 0x5d, 0x5e, 0x3, 0x2, 0x2, 0x2, 0x5e, 0x61, 0x7, 0x16, 
    0x2, 0x2, 0x5f, 0x60, 0x7, 0x20, 0x2, 0x2, 0x60, 0x62, 0x5, 0x12, 0xa, 
    0x2, 0x61, 0x5f, 0x3, 0x2, 0x2, 0x2, 0x61, 0x62, 0x3, 0x2, 0x2, 0x2, 
    0x62, 0x63, 0x3, 0x2, 0x2, 0x2, 0x63, 0x64, 0x5, 0x1c, 0xf, 0x2, 0x64, 
    0xb, 0x3, 0x2, 0x2, 0x2, 0x65, 0x66, 0x7, 0x40, 0x2, 0x2, 0x66, 0x67, 
    0x7, 0x43, 0x2, 0x2, 0x67, 0x70, 0x7, 0x15, 0x2, 0x2, 0x68, 0x6d, 0x5, 
    0x24, 0x13, 0x2, 0x69, 0x6a, 0x7, 0x1b, 0x2, 0x2, 0x6a, 0x6c, 0x5, 0x24, 
    0x13, 0x2, 0x6b, 0x69, 0x3, 0x2, 0x2, 0x2, 0x6c, 0x6f, 0x3, 0x2, 0x2, 
    0x2, 0x6d, 0x6b, 0x3, 0x2, 0x2, 0x2, 0x6d, 0x6e, 0x3, 0x2, 0x2, 0x2, 
    0x6e, 0x71, 0x3, 0x2, 0x2, 0x2, 0x6f, 0x6d, 0x3, 0x2, 0x2, 0x2, 0x70, 
    0x68, 0x3, 0x2, 0x2, 0x2, 0x70, 0x71, 0x3, 0x2, 0x2, 0x2, 0x71, 0x72, 
    0x3, 0x2, 0x2, 0x2, 0x72, 0x73, 0x7, 0x16, 0x2, 0x2, 0x73, 0xd, 0x3, 
    0x2, 0x2, 0x2, 0x74, 0x79, 0x5, 0x10, 0x9, 0x2, 0x75, 0x76, 0x7, 0x1b, 
    0x2, 0x2, 0x76, 0x78, 0x5, 0x10, 0x9, 0x2, 0x77, 0x75, 0x3, 0x2, 0x2, 
    0x2, 0x78, 0x7b, 0x3, 0x2, 0x2, 0x2, 0x79, 0x77, 0x3, 0x2, 0x2, 0x2, 
    0x79, 0x7a, 0x3, 0x2, 0x2, 0x2, 0x7a, 0x7d, 0x3, 0x2, 0x2, 0x2, 0x7b, 
    0x79, 0x3, 0x2, 0x2, 0x2, 0x7c, 0x7e, 0x7, 0x1b, 0x2, 0x2, 0x7d, 0x7c, 
    0x3, 0x2, 0x2, 0x2, 0x7d, 0x7e, 0x3, 0x2, 0x2, 0x2, 0x7e, 0xf, 0x3, 
    0x2, 0x2, 0x2, 0x7f, 0x82, 0x7, 0x43, 0x2, 0x2, 0x80, 0x81, 0x7, 0x1e, 
    0x2, 0x2, 0x81, 0x83, 0x5, 0x12, 0xa, 0x2, 0x82, 0x80, 0x3, 0x2, 0x2, 
    0x2, 0x82, 0x83, 0x3, 0x2, 0x2, 0x2, 0x83, 0x11, 0x3, 0x2, 0x2, 0x2, 
    0x84, 0x86, 0x7, 0x13, 0x2, 0x2, 0x85, 0x84, 0x3, 0x2, 0x2, 0x2, 0x85, 
    0x86, 0x3, 0x2, 0x2, 0x2, 0x86, 0x87, 0x3, 0x2, 0x2, 0x2, 0x87, 0x8a, 
    0x7, 0x43, 0x2, 0x2, 0x88, 0x89, 0x7, 0x1f, 0x2, 0x2, 0x89, 0x8b, 0x7, 
    0x43, 0x2, 0x2, 0x8a, 0x88, 0x3, 0x2, 0x2, 0x2, 0x8a, 0x8b, 0x3, 0x2, 
    0x2, 0x2, 0x8b, 0x97, 0x3, 0x2, 0x2, 0x2, 0x8c, 0x8d, 0x7, 0x17, 0x2, 
    0x2, 0x8d, 0x92, 0x5, 0x14, 0xb, 0x2, 0x8e, 0x8f, 0x7, 0x1b, 0x2, 0x2, 
    0x8f, 0x91, 0x5, 0x14, 0xb, 0x2, 0x90, 0x8e, 0x3, 0x2, 0x2, 0x2, 0x91, 
    0x94, 0x3, 0x2, 0x2, 0x2, 0x92, 0x90, 0x3, 0x2, 0x2, 0x2, 0x92, 0x93, 
    0x3, 0x2, 0x2, 0x2, 0x93, 0x95, 0x3, 0x2, 0x2, 0x2, 0x94, 0x92, 0x3, 
    0x2, 0x2, 0x2, 0x95, 0x96, 0x7, 0x18, 0x2, 0x2, 0x96, 0x98, 0x3, 0x2, 
    0x2, 0x2, 0x97, 0x8c, 0x3, 0x2, 0x2, 0x2, 0x97, 0x98, 0x3, 0x2, 0x2, 
    0x2, 0x98, 0xa5, 0x3, 0x2, 0x2, 0x2, 0x99, 0x9a, 0x7, 0x43, 0x2, 0x2, 
    0x9a, 0x9b, 0x7, 0x15, 0x2, 0x2, 0x9b, 0xa0, 0x7, 0x43, 0x2, 0x2, 0x9c, 
    0x9d, 0x7, 0x1b, 0x2, 0x2, 0x9d, 0x9f, 0x5, 0x16, 0xc, 0x2, 0x9e, 0x9c, 
    0x3, 0x2, 0x2, 0x2, 0x9f, 0xa2, 0x3, 0x2, 0x2, 0x2, 0xa0, 0x9e, 0x3, 
    0x2, 0x2, 0x2, 0xa0, 0xa1, 0x3, 0x2, 0x2, 0x2, 0xa1, 0xa3, 0x3, 0x2, 
    0x2, 0x2, 0xa2, 0xa0, 0x3, 0x2, 0x2, 0x2, 0xa3, 0xa5, 0x7, 0x16, 0x2, 
    0x2, 0xa4, 0x85, 0x3, 0x2, 0x2, 0x2, 0xa4, 0x99, 0x3, 0x2, 0x2, 0x2, 
    0xa5, 0x13, 0x3, 0x2, 0x2, 0x2, 0xa6, 0xaa, 0x7, 0x1e, 0x2, 0x2, 0xa7, 
    0xa8, 0x7, 0x1d, 0x2, 0x2, 0xa8, 0xaa, 0x7, 0x42, 0x2, 0x2, 0xa9, 0xa6, 
    0x3, 0x2, 0x2, 0x2, 0xa9, 0xa7, 0x3, 0x2, 0x2, 0x2, 0xaa, 0x15, 0x3, 
    0x2, 0x2, 0x2, 0xab, 0xac, 0x7, 0x43, 0x2, 0x2, 0xac, 0xad, 0x7, 0x35, 
    0x2, 0x2, 0xad, 0xae, 0x9, 0x3, 0x2, 0x2, 0xae, 0x17, 0x3, 0x2, 0x2, 
    0x2, 0xaf, 0xb0, 0x7, 0x43, 0x2, 0x2, 0xb0, 0xb9, 0x7, 0x15, 0x2, 0x2, 
    0xb1, 0xb6, 0x5, 0x12, 0xa, 0x2, 0xb2, 0xb3, 0x7, 0x1b, 0x2, 0x2, 0xb3, 
    0xb5, 0x5, 0x12, 0xa, 0x2, 0xb4, 0xb2, 0x3, 0x2, 0x2, 0x2, 0xb5, 0xb8, 
    0x3, 0x2, 0x2, 0x2, 0xb6, 0xb4, 0x3, 0x2, 0x2, 0x2, 0xb6, 0xb7, 0x3, 
    0x2, 0x2, 0x2, 0xb7, 0xba, 0x3, 0x2, 0x2, 0x2, 0xb8, 0xb6, 0x3, 0x2, 
    0x2, 0x2, 0xb9, 0xb1, 0x3, 0x2, 0x2, 0x2, 0xb9, 0xba, 0x3, 0x2, 0x2, 
    0x2, 0xba, 0xbb, 0x3, 0x2, 0x2, 0x2, 0xbb, 0xbc, 0x7, 0x16, 0x2, 0x2, 
    0xbc, 0xbd, 0x7, 0x2, 0x2, 0x3, 0xbd, 0x19, 0x3, 0x2, 0x2, 0x2, 0xbe, 
    0xbf, 0x5, 0x12, 0xa, 0x2, 0xbf, 0xc0, 0x7, 0x2, 0x2, 0x3, 0xc0, 0x1b, 
    0x3, 0x2, 0x2, 0x2, 0xc1, 0xc5, 0x7, 0x19, 0x2, 0x2, 0xc2, 0xc4, 0x5, 
    0x1e, 0x10, 0x2, 0xc3, 0xc2, 0x3, 0x2, 0x2, 0x2, 0xc4, 0xc7, 0x3, 0x2, 
    0x2, 0x2, 0xc5, 0xc3, 0x3, 0x2, 0x2, 0x2, 0xc5, 0xc6, 0x3, 0x2, 0x2, 
    0x2, 0xc6, 0xc8, 0x3, 0x2, 0x2, 0x2, 0xc7, 0xc5, 0x3, 0x2, 0x2, 0x2, 
    0xc8, 0xc9, 0x7, 0x1a, 0x2, 0x2, 0xc9, 0x1d, 0x3, 0x2, 0x2, 0x2, 0xca, 
    0xd5, 0x9, 0x4, 0x2, 0x2, 0xcb, 0xd6, 0x7, 0x43, 0x2, 0x2, 0xcc, 0xcd, 
    0x7, 0x15, 0x2, 0x2, 0xcd, 0xd0, 0x7, 0x43, 0x2, 0x2, 0xce, 0xcf, 0x7, 
    0x1b, 0x2, 0x2, 0xcf, 0xd1, 0x7, 0x43, 0x2, 0x2, 0xd0, 0xce, 0x3, 0x2, 
    0x2, 0x2, 0xd1, 0xd2, 0x3, 0x2, 0x2, 0x2, 0xd2, 0xd0, 0x3, 0x2, 0x2, 
    0x2, 0xd2, 0xd3, 0x3, 0x2, 0x2, 0x2, 0xd3, 0xd4, 0x3, 0x2, 0x2, 0x2, 
    0xd4, 0xd6, 0x7, 0x16, 0x2, 0x2, 0xd5, 0xcb, 0x3, 0x2, 0x2, 0x2, 0xd5, 
    0xcc, 0x3, 0x2, 0x2, 0x2, 0xd6, 0xd9, 0x3, 0x2, 0x2, 0x2, 0xd7, 0xd8, 
    0x7, 0x1e, 0x2, 0x2, 0xd8, 0xda, 0x5, 0x12, 0xa, 0x2, 0xd9, 0xd7, 0x3, 
    0x2, 0x2, 0x2, 0xd9, 0xda, 0x3, 0x2, 0x2, 0x2, 0xda, 0xdd, 0x3, 0x2, 
    0x2, 0x2, 0xdb, 0xdc, 0x7, 0x35, 0x2, 0x2, 0xdc, 0xde, 0x5, 0x24, 0x13, 
    0x2, 0xdd, 0xdb, 0x3, 0x2, 0x2, 0x2, 0xdd, 0xde, 0x3, 0x2, 0x2, 0x2, 
    0xde, 0xdf, 0x3, 0x2, 0x2, 0x2, 0xdf, 0x108, 0x7, 0x1c, 0x2, 0x2, 0xe0, 
    0x108, 0x5, 0x20, 0x11, 0x2, 0xe1, 0xe2, 0x7, 0xb, 0x2, 0x2, 0xe2, 0xe3, 
    0x5, 0x24, 0x13, 0x2, 0xe3, 0xe4, 0x5, 0x1c, 0xf, 0x2, 0xe4, 0x108, 
    0x3, 0x2, 0x2, 0x2, 0xe5, 0xe6, 0x7, 0xc, 0x2, 0x2, 0xe6, 0xe7, 0x7, 
    0x43, 0x2, 0x2, 0xe7, 0xe8, 0x7, 0xd, 0x2, 0x2, 0xe8, 0xe9, 0x7, 0x43, 
    0x2, 0x2, 0xe9, 0xea, 0x7, 0x15, 0x2, 0x2, 0xea, 0xef, 0x5, 0x24, 0x13, 
    0x2, 0xeb, 0xec, 0x7, 0x1b, 0x2, 0x2, 0xec, 0xee, 0x5, 0x24, 0x13, 0x2, 
    0xed, 0xeb, 0x3, 0x2, 0x2, 0x2, 0xee, 0xf1, 0x3, 0x2, 0x2, 0x2, 0xef, 
    0xed, 0x3, 0x2, 0x2, 0x2, 0xef, 0xf0, 0x3, 0x2, 0x2, 0x2, 0xf0, 0xf2, 
    0x3, 0x2, 0x2, 0x2, 0xf1, 0xef, 0x3, 0x2, 0x2, 0x2, 0xf2, 0xf3, 0x7, 
    0x16, 0x2, 0x2, 0xf3, 0xf4, 0x5, 0x1c, 0xf, 0x2, 0xf4, 0x108, 0x3, 0x2, 
    0x2, 0x2, 0xf5, 0xf6, 0x7, 0xe, 0x2, 0x2, 0xf6, 0x108, 0x7, 0x1c, 0x2, 
    0x2, 0xf7, 0xf8, 0x7, 0xf, 0x2, 0x2, 0xf8, 0x108, 0x7, 0x1c, 0x2, 0x2, 
    0xf9, 0xfb, 0x7, 0x10, 0x2, 0x2, 0xfa, 0xfc, 0x5, 0x24, 0x13, 0x2, 0xfb, 
    0xfa, 0x3, 0x2, 0x2, 0x2, 0xfb, 0xfc, 0x3, 0x2, 0x2, 0x2, 0xfc, 0xfd, 
    0x3, 0x2, 0x2, 0x2, 0xfd, 0x108, 0x7, 0x1c, 0x2, 0x2, 0xfe, 0x108, 0x5, 
    0x1c, 0xf, 0x2, 0xff, 0x103, 0x5, 0x24, 0x13, 0x2, 0x100, 0x101, 0x5, 
    0x22, 0x12, 0x2, 0x101, 0x102, 0x5, 0x24, 0x13, 0x2, 0x102, 0x104, 0x3, 
    0x2, 0x2, 0x2, 0x103, 0x100, 0x3, 0x2, 0x2, 0x2, 0x103, 0x104, 0x3, 
    0x2, 0x2, 0x2, 0x104, 0x105, 0x3, 0x2, 0x2, 0x2, 0x105, 0x106, 0x7, 
    0x1c, 0x2, 0x2, 0x106, 0x108, 0x3, 0x2, 0x2, 0x2, 0x107, 0xca, 0x3, 
    0x2, 0x2, 0x2, 0x107, 0xe0, 0x3, 0x2, 0x2, 0x2, 0x107, 0xe1, 0x3, 0x2, 
    0x2, 0x2, 0x107, 0xe5, 0x3, 0x2, 0x2, 0x2, 0x107, 0xf5, 0x3, 0x2, 0x2, 
    0x2, 0x107, 0xf7, 0x3, 0x2, 0x2, 0x2, 0x107, 0xf9, 0x3, 0x2, 0x2, 0x2, 
    0x107, 0xfe, 0x3, 0x2, 0x2, 0x2, 0x107, 0xff, 0x3, 0x2, 0x2, 0x2, 0x108, 
    0x1f, 0x3, 0x2, 0x2, 0x2, 0x109, 0x10a, 0x7, 0x9, 0x2, 0x2, 0x10a, 0x10b, 
    0x5, 0x24, 0x13, 0x2, 0x10b, 0x111, 0x5, 0x1c, 0xf, 0x2, 0x10c, 0x10f, 
    0x7, 0xa, 0x2, 0x2, 0x10d, 0x110, 0x5, 0x20, 0x11, 0x2, 0x10e, 0x110, 
    0x5, 0x1c, 0xf, 0x2, 0x10f, 0x10d, 0x3, 0x2, 0x2, 0x2, 0x10f, 0x10e, 
    0x3, 0x2, 0x2, 0x2, 0x110, 0x112, 0x3, 0x2, 0x2, 0x2, 0x111, 0x10c, 
    0x3, 0x2, 0x2, 0x2, 0x111, 0x112, 0x3, 0x2, 0x2, 0x2, 0x112, 0x21, 0x3, 
    0x2, 0x2, 0x2, 0x113, 0x114, 0x9, 0x5, 0x2, 0x2, 0x114, 0x23, 0x3, 0x2, 
    0x2, 0x2, 0x115, 0x11b, 0x5, 0x28, 0x15, 0x2, 0x116, 0x117, 0x5, 0x26, 
    0x14, 0x2, 0x117, 0x118, 0x5, 0x28, 0x15, 0x2, 0x118, 0x11a, 0x3, 0x2, 
    0x2, 0x2, 0x119, 0x116, 0x3, 0x2, 0x2, 0x2, 0x11a, 0x11d, 0x3, 0x2, 
    0x2, 0x2, 0x11b, 0x119, 0x3, 0x2, 0x2, 0x2, 0x11b, 0x11c, 0x3, 0x2, 
    0x2, 0x2, 0x11c, 0x25, 0x3, 0x2, 0x2, 0x2, 0x11d, 0x11b, 0x3, 0x2, 0x2, 
    0x2, 0x11e, 0x11f, 0x9, 0x6, 0x2, 0x2, 0x11f, 0x27, 0x3, 0x2, 0x2, 0x2, 
    0x120, 0x121, 0x9, 0x7, 0x2, 0x2, 0x121, 0x124, 0x5, 0x28, 0x15, 0x2, 
    0x122, 0x124, 0x5, 0x2a, 0x16, 0x2, 0x123, 0x120, 0x3, 0x2, 0x2, 0x2, 
    0x123, 0x122, 0x3, 0x2, 0x2, 0x2, 0x124, 0x29, 0x3, 0x2, 0x2, 0x2, 0x125, 
    0x129, 0x5, 0x2e, 0x18, 0x2, 0x126, 0x128, 0x5, 0x2c, 0x17, 0x2, 0x127, 
    0x126, 0x3, 0x2, 0x2, 0x2, 0x128, 0x12b, 0x3, 0x2, 0x2, 0x2, 0x129, 
    0x127, 0x3, 0x2, 0x2, 0x2, 0x129, 0x12a, 0x3, 0x2, 0x2, 0x2, 0x12a, 
    0x2b, 0x3, 0x2, 0x2, 0x2, 0x12b, 0x129, 0x3, 0x2, 0x2, 0x2, 0x12c, 0x12d, 
    0x7, 0x17, 0x2, 0x2, 0x12d, 0x132, 0x5, 0x24, 0x13, 0x2, 0x12e, 0x12f, 
    0x7, 0x1b, 0x2, 0x2, 0x12f, 0x131, 0x5, 0x24, 0x13, 0x2, 0x130, 0x12e, 
    0x3, 0x2, 0x2, 0x2, 0x131, 0x134, 0x3, 0x2, 0x2, 0x2, 0x132, 0x130, 
    0x3, 0x2, 0x2, 0x2, 0x132, 0x133, 0x3, 0x2, 0x2, 0x2, 0x133, 0x135, 
    0x3, 0x2, 0x2, 0x2, 0x134, 0x132, 0x3, 0x2, 0x2, 0x2, 0x135, 0x136, 
    0x7, 0x18, 0x2, 0x2, 0x136, 0x148, 0x3, 0x2, 0x2, 0x2, 0x137, 0x138, 
    0x7, 0x1f, 0x2, 0x2, 0x138, 0x145, 0x7, 0x43, 0x2, 0x2, 0x139, 0x142, 
    0x7, 0x15, 0x2, 0x2, 0x13a, 0x13f, 0x5, 0x24, 0x13, 0x2, 0x13b, 0x13c, 
    0x7, 0x1b, 0x2, 0x2, 0x13c, 0x13e, 0x5, 0x24, 0x13, 0x2, 0x13d, 0x13b, 
    0x3, 0x2, 0x2, 0x2, 0x13e, 0x141, 0x3, 0x2, 0x2, 0x2, 0x13f, 0x13d, 
    0x3, 0x2, 0x2, 0x2, 0x13f, 0x140, 0x3, 0x2, 0x2, 0x2, 0x140, 0x143, 
    0x3, 0x2, 0x2, 0x2, 0x141, 0x13f, 0x3, 0x2, 0x2, 0x2, 0x142, 0x13a, 
    0x3, 0x2, 0x2, 0x2, 0x142, 0x143, 0x3, 0x2, 0x2, 0x2, 0x143, 0x144, 
    0x3, 0x2, 0x2, 0x2, 0x144, 0x146, 0x7, 0x16, 0x2, 0x2, 0x145, 0x139, 
    0x3, 0x2, 0x2, 0x2, 0x145, 0x146, 0x3, 0x2, 0x2, 0x2, 0x146, 0x148, 
    0x3, 0x2, 0x2, 0x2, 0x147, 0x12c, 0x3, 0x2, 0x2, 0x2, 0x147, 0x137, 
    0x3, 0x2, 0x2, 0x2, 0x148, 0x2d, 0x3, 0x2, 0x2, 0x2, 0x149, 0x167, 0x7, 
    0x42, 0x2, 0x2, 0x14a, 0x167, 0x7, 0x41, 0x2, 0x2, 0x14b, 0x167, 0x9, 
    0x8, 0x2, 0x2, 0x14c, 0x167, 0x7, 0x44, 0x2, 0x2, 0x14d, 0x14e, 0x7, 
    0x43, 0x2, 0x2, 0x14e, 0x157, 0x7, 0x15, 0x2, 0x2, 0x14f, 0x154, 0x5, 
    0x24, 0x13, 0x2, 0x150, 0x151, 0x7, 0x1b, 0x2, 0x2, 0x151, 0x153, 0x5, 
    0x24, 0x13, 0x2, 0x152, 0x150, 0x3, 0x2, 0x2, 0x2, 0x153, 0x156, 0x3, 
    0x2, 0x2, 0x2, 0x154, 0x152, 0x3, 0x2, 0x2, 0x2, 0x154, 0x155, 0x3, 
    0x2, 0x2, 0x2, 0x155, 0x158, 0x3, 0x2, 0x2, 0x2, 0x156, 0x154, 0x3, 
    0x2, 0x2, 0x2, 0x157, 0x14f, 0x3, 0x2, 0x2, 0x2, 0x157, 0x158, 0x3, 
    0x2, 0x2, 0x2, 0x158, 0x159, 0x3, 0x2, 0x2, 0x2, 0x159, 0x167, 0x7, 
    0x16, 0x2, 0x2, 0x15a, 0x167, 0x9, 0x9, 0x2, 0x2, 0x15b, 0x15c, 0x7, 
    0x15, 0x2, 0x2, 0x15c, 0x161, 0x5, 0x24, 0x13, 0x2, 0x15d, 0x15e, 0x7, 
    0x1b, 0x2, 0x2, 0x15e, 0x160, 0x5, 0x24, 0x13, 0x2, 0x15f, 0x15d, 0x3, 
    0x2, 0x2, 0x2, 0x160, 0x163, 0x3, 0x2, 0x2, 0x2, 0x161, 0x15f, 0x3, 
    0x2, 0x2, 0x2, 0x161, 0x162, 0x3, 0x2, 0x2, 0x2, 0x162, 0x164, 0x3, 
    0x2, 0x2, 0x2, 0x163, 0x161, 0x3, 0x2, 0x2, 0x2, 0x164, 0x165, 0x7, 
    0x16, 0x2, 0x2, 0x165, 0x167, 0x3, 0x2, 0x2, 0x2, 0x166, 0x149, 0x3, 
    0x2, 0x2, 0x2, 0x166, 0x14a, 0x3, 0x2, 0x2, 0x2, 0x166, 0x14b, 0x3, 
    0x2, 0x2, 0x2, 0x166, 0x14c, 0x3, 0x2, 0x2, 0x2, 0x166, 0x14d, 0x3, 
    0x2, 0x2, 0x2, 0x166, 0x15a, 0x3, 0x2, 0x2, 0x2, 0x166, 0x15b, 0x3, 
    0x2, 0x2, 0x2, 0x167, 0x2f, 0x3, 0x2, 0x2, 0x2, 0x2e, 0x33, 0x3b, 0x43, 
    0x4c, 0x55, 0x5c, 0x61, 0x6d, 0x70, 0x79, 0x7d, 0x82, 0x85, 0x8a, 0x92, 
    0x97, 0xa0, 0xa4, 0xa9, 0xb6, 0xb9, 0xc5, 0xd2, 0xd5, 0xd9, 0xdd, 0xef, 
    0xfb, 0x103, 0x107, 0x10f, 0x111, 0x11b, 0x123, 0x129, 0x132, 0x13f, 
    0x142, 0x145, 0x147, 0x154, 0x157, 0x161, 0x166, 
  };

  atn::ATNDeserializer deserializer;
  _atn = deserializer.deserialize(_serializedATN);

  size_t count = _atn.getNumberOfDecisions();
  _decisionToDFA.reserve(count);
  for (size_t i = 0; i < count; i++) { 
    _decisionToDFA.emplace_back(_atn.getDecisionState(i), i);
  }
}

DpkParser::Initializer DpkParser::_init;
