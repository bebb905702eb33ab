
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
    setState(47);
    _errHandler->sync(this);
    _la = _input->LA(1);
    while ((((_la & ~ 0x3fULL) == 0) &&
      ((1ULL << _la) & ((1ULL << DpkParser::IMPORT)
      | (1ULL << DpkParser::CONST)
      | (1ULL << DpkParser::FUNC)
      | (1ULL << DpkParser::KERNEL))) != 0)) {
      setState(44);
      item();
      setState(49);
      _errHandler->sync(this);
      _la = _input->LA(1);
    }
    setState(50);
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
    setState(55);
    _errHandler->sync(this);
    switch (_input->LA(1)) {
      case DpkParser::IMPORT: {
        enterOuterAlt(_localctx, 1);
        setState(52);
        importDecl();
        break;
      }

      case DpkParser::CONST: {
        enterOuterAlt(_localctx, 2);
        setState(53);
        constDecl();
        break;
      }

      case DpkParser::FUNC:
      case DpkParser::KERNEL: {
        enterOuterAlt(_localctx, 3);
        setState(54);
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
    setState(57);
    match(DpkParser::IMPORT);
    setState(58);
    match(DpkParser::ID);
    setState(63);
    _errHandler->sync(this);
    _la = _input->LA(1);
    while (_la == DpkParser::DOT) {
      setState(59);
      match(DpkParser::DOT);
      setState(60);
      match(DpkParser::ID);
      setState(65);
      _errHandler->sync(this);
      _la = _input->LA(1);
    }
    setState(66);
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
    setState(68);
    match(DpkParser::CONST);
    setState(69);
    match(DpkParser::ID);
    setState(72);
    _errHandler->sync(this);

    _la = _input->LA(1);
    if (_la == DpkParser::COLON) {
      setState(70);
      match(DpkParser::COLON);
      setState(71);
      typeExpr();
    }
    setState(74);
    match(DpkParser::ASSIGN);
    setState(75);
    expr();
    setState(76);
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
    setState(78);
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
    setState(79);
    match(DpkParser::ID);
    setState(80);
    match(DpkParser::LPAREN);
    setState(82);
    _errHandler->sync(this);

    _la = _input->LA(1);
    if (_la == DpkParser::ID) {
      setState(81);
      paramList();
    }
    setState(84);
    match(DpkParser::RPAREN);
    setState(87);
    _errHandler->sync(this);

    _la = _input->LA(1);
    if (_la == DpkParser::ARROW) {
      setState(85);
      match(DpkParser::ARROW);
      setState(86);
      typeExpr();
    }
    setState(89);
    block();
   
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
  enterRule(_localctx, 10, DpkParser::RuleParamList);
  size_t _la = 0;

  auto onExit = finally([=] {
    exitRule();
  });
  try {
    size_t alt;
    enterOuterAlt(_localctx, 1);
    setState(91);
    param();
    setState(96);
    _errHandler->sync(this);
    alt = getInterpreter<atn::ParserATNSimulator>()->adaptivePredict(_input, 6, _ctx);
    while (alt != 2 && alt != atn::ATN::INVALID_ALT_NUMBER) {
      if (alt == 1) {
        setState(92);
        match(DpkParser::COMMA);
        setState(93);
        param(); 
      }
      setState(98);
      _errHandler->sync(this);
      alt = getInterpreter<atn::ParserATNSimulator>()->adaptivePredict(_input, 6, _ctx);
    }
    setState(100);
    _errHandler->sync(this);

    _la = _input->LA(1);
    if (_la == DpkParser::COMMA) {
      setState(99);
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
  enterRule(_localctx, 12, DpkParser::RuleParam);
  size_t _la = 0;

  auto onExit = finally([=] {
    exitRule();
  });
  try {
    enterOuterAlt(_localctx, 1);
    setState(102);
    match(DpkParser::ID);
    setState(105);
    _errHandler->sync(this);

    _la = _input->LA(1);
    if (_la == DpkParser::COLON) {
      setState(103);
      match(DpkParser::COLON);
      setState(104);
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
  enterRule(_localctx, 14, DpkParser::RuleTypeExpr);
  size_t _la = 0;

  auto onExit = finally([=] {
    exitRule();
  });
  try {
    setState(139);
    _errHandler->sync(this);
    switch (getInterpreter<atn::ParserATNSimulator>()->adaptivePredict(_input, 14, _ctx)) {
    case 1: {
      _localctx = dynamic_cast<TypeExprContext *>(_tracker.createInstance<DpkParser::NamedTypeContext>(_localctx));
      enterOuterAlt(_localctx, 1);
      setState(108);
      _errHandler->sync(this);

      _la = _input->LA(1);
      if (_la == DpkParser::LOCAL) {
        setState(107);
        match(DpkParser::LOCAL);
      }
      setState(110);
      match(DpkParser::ID);
      setState(113);
      _errHandler->sync(this);

      _la = _input->LA(1);
      if (_la == DpkParser::DOT) {
        setState(111);
        match(DpkParser::DOT);
        setState(112);
        match(DpkParser::ID);
      }
      setState(126);
      _errHandler->sync(this);

      _la = _input->LA(1);
      if (_la == DpkParser::LBRACK) {
        setState(115);
        match(DpkParser::LBRACK);
        setState(116);
        dim();
        setState(121);
        _errHandler->sync(this);
        _la = _input->LA(1);
        while (_la == DpkParser::COMMA) {
          setState(117);
          match(DpkParser::COMMA);
          setState(118);
          dim();
          setState(123);
          _errHandler->sync(this);
          _la = _input->LA(1);
        }
        setState(124);
        match(DpkParser::RBRACK);
      }
      break;
    }

    case 2: {
      _localctx = dynamic_cast<TypeExprContext *>(_tracker.createInstance<DpkParser::ExplicitTypeContext>(_localctx));
      enterOuterAlt(_localctx, 2);
      setState(128);
      match(DpkParser::ID);
      setState(129);
      match(DpkParser::LPAREN);
      setState(130);
      match(DpkParser::ID);
      setState(135);
      _errHandler->sync(this);
      _la = _input->LA(1);
      while (_la == DpkParser::COMMA) {
        setState(131);
        match(DpkParser::COMMA);
        setState(132);
        typeArg();
        setState(137);
        _errHandler->sync(this);
        _la = _input->LA(1);
      }
      setState(138);
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
  enterRule(_localctx, 16, DpkParser::RuleDim);

  auto onExit = finally([=] {
    exitRule();
  });
  try {
    setState(144);
    _errHandler->sync(this);
    switch (_input->LA(1)) {
      case DpkParser::COLON: {
        _localctx = dynamic_cast<DimContext *>(_tracker.createInstance<DpkParser::AnyDimContext>(_localctx));
        enterOuterAlt(_localctx, 1);
        setState(141);
        match(DpkParser::COLON);
        break;
      }

      case DpkParser::COLONCOLON: {
        _localctx = dynamic_cast<DimContext *>(_tracker.createInstance<DpkParser::UnitDimContext>(_localctx));
        enterOuterAlt(_localctx, 2);
        setState(142);
        match(DpkParser::COLONCOLON);
        setState(143);
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
  enterRule(_localctx, 18, DpkParser::RuleTypeArg);
  size_t _la = 0;

  auto onExit = finally([=] {
    exitRule();
  });
  try {
    enterOuterAlt(_localctx, 1);
    setState(146);
    match(DpkParser::ID);
    setState(147);
    match(DpkParser::ASSIGN);
    setState(148);
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
  enterRule(_localctx, 20, DpkParser::RuleSignatureEntry);
  size_t _la = 0;

  auto onExit = finally([=] {
    exitRule();
  });
  try {
    enterOuterAlt(_localctx, 1);
    setState(150);
    match(DpkParser::ID);
    setState(151);
    match(DpkParser::LPAREN);
    setState(160);
    _errHandler->sync(this);

    _la = _input->LA(1);
    if (_la == DpkParser::LOCAL

    || _la == DpkParser::ID) {
      setState(152);
      typeExpr();
      setState(157);
      _errHandler->sync(this);
      _la = _input->LA(1);
      while (_la == DpkParser::COMMA) {
        setState(153);
        match(DpkParser::COMMA);
        setState(154);
        typeExpr();
        setState(159);
        _errHandler->sync(this);
        _la = _input->LA(1);
      }
    }
    setState(162);
    match(DpkParser::RPAREN);
    setState(163);
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
  enterRule(_localctx, 22, DpkParser::RuleParamTypeEntry);

  auto onExit = finally([=] {
    exitRule();
  });
  try {
    enterOuterAlt(_localctx, 1);
    setState(165);
    typeExpr();
    setState(166);
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
  enterRule(_localctx, 24, DpkParser::RuleBlock);
  size_t _la = 0;

  auto onExit = finally([=] {
    exitRule();
  });
  try {
    enterOuterAlt(_localctx, 1);
    setState(168);
    match(DpkParser::LBRACE);
    setState(172);
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
      setState(169);
      statement();
      setState(174);
      _errHandler->sync(this);
      _la = _input->LA(1);
    }
    setState(175);
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
  enterRule(_localctx, 26, DpkParser::RuleStatement);
  size_t _la = 0;

  auto onExit = finally([=] {
    exitRule();
  });
  try {
    setState(238);
    _errHandler->sync(this);
    switch (_input->LA(1)) {
      case DpkParser::LET:
      case DpkParser::VAR: {
        _localctx = dynamic_cast<StatementContext *>(_tracker.createInstance<DpkParser::VarDeclStmtContext>(_localctx));
        enterOuterAlt(_localctx, 1);
        setState(177);
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
        setState(188);
        _errHandler->sync(this);
        switch (_input->LA(1)) {
          case DpkParser::ID: {
            setState(178);
            match(DpkParser::ID);
            break;
          }

          case DpkParser::LPAREN: {
            setState(179);
            match(DpkParser::LPAREN);
            setState(180);
            match(DpkParser::ID);
            setState(183); 
            _errHandler->sync(this);
            _la = _input->LA(1);
            do {
              setState(181);
              match(DpkParser::COMMA);
              setState(182);
              match(DpkParser::ID);
              setState(185); 
              _errHandler->sync(this);
              _la = _input->LA(1);
            } while (_la == DpkParser::COMMA);
            setState(187);
            match(DpkParser::RPAREN);
            break;
          }

        default:
          throw NoViableAltException(this);
        }
        setState(192);
        _errHandler->sync(this);

        _la = _input->LA(1);
        if (_la == DpkParser::COLON) {
          setState(190);
          match(DpkParser::COLON);
          setState(191);
          typeExpr();
        }
        setState(196);
        _errHandler->sync(this);

        _la = _input->LA(1);
        if (_la == DpkParser::ASSIGN) {
          setState(194);
          match(DpkParser::ASSIGN);
          setState(195);
          expr();
        }
        setState(198);
        match(DpkParser::SEMI);
        break;
      }

      case DpkParser::IF: {
        _localctx = dynamic_cast<StatementContext *>(_tracker.createInstance<DpkParser::IfStmtContext>(_localctx));
        enterOuterAlt(_localctx, 2);
        setState(199);
        ifStatement();
        break;
      }

      case DpkParser::WHILE: {
        _localctx = dynamic_cast<StatementContext *>(_tracker.createInstance<DpkParser::WhileStmtContext>(_localctx));
        enterOuterAlt(_localctx, 3);
        setState(200);
        match(DpkParser::WHILE);
        setState(201);
        expr();
        setState(202);
        block();
        break;
      }

      case DpkParser::FOR: {
        _localctx = dynamic_cast<StatementContext *>(_tracker.createInstance<DpkParser::ForStmtContext>(_localctx));
        enterOuterAlt(_localctx, 4);
        setState(204);
        match(DpkParser::FOR);
        setState(205);
        match(DpkParser::ID);
        setState(206);
        match(DpkParser::IN);
        setState(207);
        match(DpkParser::ID);
        setState(208);
        match(DpkParser::LPAREN);
        setState(209);
        expr();
        setState(214);
        _errHandler->sync(this);
        _la = _input->LA(1);
        while (_la == DpkParser::COMMA) {
          setState(210);
          match(DpkParser::COMMA);
          setState(211);
          expr();
          setState(216);
          _errHandler->sync(this);
          _la = _input->LA(1);
        }
        setState(217);
        match(DpkParser::RPAREN);
        setState(218);
        block();
        break;
      }

      case DpkParser::BREAK: {
        _localctx = dynamic_cast<StatementContext *>(_tracker.createInstance<DpkParser::BreakStmtContext>(_localctx));
        enterOuterAlt(_localctx, 5);
        setState(220);
        match(DpkParser::BREAK);
        setState(221);
        match(DpkParser::SEMI);
        break;
      }

      case DpkParser::CONTINUE: {
        _localctx = dynamic_cast<StatementContext *>(_tracker.createInstance<DpkParser::ContinueStmtContext>(_localctx));
        enterOuterAlt(_localctx, 6);
        setState(222);
        match(DpkParser::CONTINUE);
        setState(223);
        match(DpkParser::SEMI);
        break;
      }

      case DpkParser::RETURN: {
        _localctx = dynamic_cast<StatementContext *>(_tracker.createInstance<DpkParser::ReturnStmtContext>(_localctx));
        enterOuterAlt(_localctx, 7);
        setState(224);
        match(DpkParser::RETURN);
        setState(226);
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
          setState(225);
          expr();
        }
        setState(228);
        match(DpkParser::SEMI);
        break;
      }

      case DpkParser::LBRACE: {
        _localctx = dynamic_cast<StatementContext *>(_tracker.createInstance<DpkParser::BlockStmtContext>(_localctx));
        enterOuterAlt(_localctx, 8);
        setState(229);
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
        setState(230);
        dynamic_cast<SimpleStmtContext *>(_localctx)->target = expr();
        setState(234);
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
          setState(231);
          assignOp();
          setState(232);
          dynamic_cast<SimpleStmtContext *>(_localctx)->value = expr();
        }
        setState(236);
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
  enterRule(_localctx, 28, DpkParser::RuleIfStatement);
  size_t _la = 0;

  auto onExit = finally([=] {
    exitRule();
  });
  try {
    enterOuterAlt(_localctx, 1);
    setState(240);
    match(DpkParser::IF);
    setState(241);
    expr();
    setState(242);
    block();
    setState(248);
    _errHandler->sync(this);

    _la = _input->LA(1);
    if (_la == DpkParser::ELSE) {
      setState(243);
      match(DpkParser::ELSE);
      setState(246);
      _errHandler->sync(this);
      switch (_input->LA(1)) {
        case DpkParser::IF: {
          setState(244);
          ifStatement();
          break;
        }

        case DpkParser::LBRACE: {
          setState(245);
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
  enterRule(_localctx, 30, DpkParser::RuleAssignOp);
  size_t _la = 0;

  auto onExit = finally([=] {
    exitRule();
  });
  try {
    enterOuterAlt(_localctx, 1);
    setState(250);
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
  enterRule(_localctx, 32, DpkParser::RuleExpr);
  size_t _la = 0;

  auto onExit = finally([=] {
    exitRule();
  });
  try {
    enterOuterAlt(_localctx, 1);
    setState(252);
    unaryExpr();
    setState(258);
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
      setState(253);
      binaryOp();
      setState(254);
      unaryExpr();
      setState(260);
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
  enterRule(_localctx, 34, DpkParser::RuleBinaryOp);
  size_t _la = 0;

  auto onExit = finally([=] {
    exitRule();
  });
  try {
    enterOuterAlt(_localctx, 1);
    setState(261);
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
  enterRule(_localctx, 36, DpkParser::RuleUnaryExpr);
  size_t _la = 0;

  auto onExit = finally([=] {
    exitRule();
  });
  try {
    setState(266);
    _errHandler->sync(this);
    switch (_input->LA(1)) {
      case DpkParser::PLUS:
      case DpkParser::MINUS:
      case DpkParser::BANG:
      case DpkParser::TILDE: {
        _localctx = dynamic_cast<UnaryExprContext *>(_tracker.createInstance<DpkParser::UnaryOpContext>(_localctx));
        enterOuterAlt(_localctx, 1);
        setState(263);
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
        setState(264);
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
        setState(265);
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
  enterRule(_localctx, 38, DpkParser::RulePostfixExpr);
  size_t _la = 0;

  auto onExit = finally([=] {
    exitRule();
  });
  try {
    enterOuterAlt(_localctx, 1);
    setState(268);
    primary();
    setState(272);
    _errHandler->sync(this);
    _la = _input->LA(1);
    while (_la == DpkParser::LBRACK

    || _la == DpkParser::DOT) {
      setState(269);
      postfixOp();
      setState(274);
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
  enterRule(_localctx, 40, DpkParser::RulePostfixOp);
  size_t _la = 0;

  auto onExit = finally([=] {
    exitRule();
  });
  try {
    setState(302);
    _errHandler->sync(this);
    switch (_input->LA(1)) {
      case DpkParser::LBRACK: {
        _localctx = dynamic_cast<PostfixOpContext *>(_tracker.createInstance<DpkParser::IndexOpContext>(_localctx));
        enterOuterAlt(_localctx, 1);
        setState(275);
        match(DpkParser::LBRACK);
        setState(276);
        expr();
        setState(281);
        _errHandler->sync(this);
        _la = _input->LA(1);
        while (_la == DpkParser::COMMA) {
          setState(277);
          match(DpkParser::COMMA);
          setState(278);
          expr();
          setState(283);
          _errHandler->sync(this);
          _la = _input->LA(1);
        }
        setState(284);
        match(DpkParser::RBRACK);
        break;
      }

      case DpkParser::DOT: {
        _localctx = dynamic_cast<PostfixOpContext *>(_tracker.createInstance<DpkParser::MemberOpContext>(_localctx));
        enterOuterAlt(_localctx, 2);
        setState(286);
        match(DpkParser::DOT);
        setState(287);
        match(DpkParser::ID);
        setState(300);
        _errHandler->sync(this);

        _la = _input->LA(1);
        if (_la == DpkParser::LPAREN) {
          setState(288);
          match(DpkParser::LPAREN);
          setState(297);
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
            setState(289);
            expr();
            setState(294);
            _errHandler->sync(this);
            _la = _input->LA(1);
            while (_la == DpkParser::COMMA) {
              setState(290);
              match(DpkParser::COMMA);
              setState(291);
              expr();
              setState(296);
              _errHandler->sync(this);
              _la = _input->LA(1);
            }
          }
          setState(299);
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
  enterRule(_localctx, 42, DpkParser::RulePrimary);
  size_t _la = 0;

  auto onExit = finally([=] {
    exitRule();
  });
  try {
    setState(333);
    _errHandler->sync(this);
    switch (getInterpreter<atn::ParserATNSimulator>()->adaptivePredict(_input, 40, _ctx)) {
    case 1: {
      _localctx = dynamic_cast<PrimaryContext *>(_tracker.createInstance<DpkParser::IntLitContext>(_localctx));
      enterOuterAlt(_localctx, 1);
      setState(304);
      match(DpkParser::INT);
      break;
    }

    case 2: {
      _localctx = dynamic_cast<PrimaryContext *>(_tracker.createInstance<DpkParser::FloatLitContext>(_localctx));
      enterOuterAlt(_localctx, 2);
      setState(305);
      match(DpkParser::FLOAT);
      break;
    }

    case 3: {
      _localctx = dynamic_cast<PrimaryContext *>(_tracker.createInstance<DpkParser::BoolLitContext>(_localctx));
      enterOuterAlt(_localctx, 3);
      setState(306);
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
      setState(307);
      match(DpkParser::STRING);
      break;
    }

    case 5: {
      _localctx = dynamic_cast<PrimaryContext *>(_tracker.createInstance<DpkParser::CallContext>(_localctx));
      enterOuterAlt(_localctx, 5);
      setState(308);
      match(DpkParser::ID);
      setState(309);
      match(DpkParser::LPAREN);
      setState(318);
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
        setState(310);
        expr();
        setState(315);
        _errHandler->sync(this);
        _la = _input->LA(1);
        while (_la == DpkParser::COMMA) {
          setState(311);
          match(DpkParser::COMMA);
          setState(312);
          expr();
          setState(317);
          _errHandler->sync(this);
          _la = _input->LA(1);
        }
      }
      setState(320);
      match(DpkParser::RPAREN);
      break;
    }

    case 6: {
      _localctx = dynamic_cast<PrimaryContext *>(_tracker.createInstance<DpkParser::NameContext>(_localctx));
      enterOuterAlt(_localctx, 6);
      setState(321);
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
      setState(322);
      match(DpkParser::LPAREN);
      setState(323);
      expr();
      setState(328);
      _errHandler->sync(this);
      _la = _input->LA(1);
      while (_la == DpkParser::COMMA) {
        setState(324);
        match(DpkParser::COMMA);
        setState(325);
        expr();
        setState(330);
        _errHandler->sync(this);
        _la = _input->LA(1);
      }
      setState(331);
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
  "program", "item", "importDecl", "constDecl", "functionDecl", "paramList", 
  "param", "typeExpr", "dim", "typeArg", "signatureEntry", "paramTypeEntry", 
  "block", "statement", "ifStatement", "assignOp", "expr", "binaryOp", "unaryExpr", 
  "postfixExpr", "postfixOp", "primary"
};

std::vector<std::string> DpkParser::_literalNames = {
  "", "'import'", "'const'", "'func'", "'kernel'", "'let'", "'var'", "'if'", 
  "'else'", "'while'", "'for'", "'in'", "'break'", "'continue'", "'return'", 
  "'true'", "'false'", "'local'", "'global'", "'('", "')'", "'['", "']'", 
  "'{'", "'}'", "','", "';'", "'::'", "':'", "'.'", "'->'", "'+='", "'-='", 
  "'*='", "'/='", "'%='", "'&='", "'|='", "'^='", "'<<='", "'>>='", "'&&'", 
  "'||'", "'=='", "'!='", "'<='", "'>='", "'<<'", "'>>'", "'<'", "'>'", 
  "'='", "'+'", "'-'", "'*'", "'/'", "'%'", "'&'", "'|'", "'^'", "'!'", 
  "'~'"
};

std::vector<std::string> DpkParser::_symbolicNames = {
  "", "IMPORT", "CONST", "FUNC", "KERNEL", "LET", "VAR", "IF", "ELSE", "WHILE", 
  "FOR", "IN", "BREAK", "CONTINUE", "RETURN", "TRUE", "FALSE", "LOCAL", 
  "GLOBAL", "LPAREN", "RPAREN", "LBRACK", "RBRACK", "LBRACE", "RBRACE", 
  "COMMA", "SEMI", "COLONCOLON", "COLON", "DOT", "ARROW", "ADD_ASSIGN", 
  "SUB_ASSIGN", "MUL_ASSIGN", "DIV_ASSIGN", "REM_ASSIGN", "AND_ASSIGN", 
  "OR_ASSIGN", "XOR_ASSIGN", "SHL_ASSIGN", "SHR_ASSIGN", "AND_AND", "OR_OR", 
  "EQ", "NE", "LE", "GE", "SHL", "SHR", "LT", "GT", "ASSIGN", "PLUS", "MINUS", 
  "STAR", "SLASH", "PERCENT", "AMP", "PIPE", "CARET", "BANG", "TILDE", "FLOAT", 
  "INT", "ID", "STRING", "UNTERMINATED_STRING", "WS", "LINE_COMMENT", "BLOCK_COMMENT", 
  "UNTERMINATED_COMMENT", "ERROR_CHAR"
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
    0x3, 0x49, 0x152, 0x4, 0x2, 0x9, 0x2, 0x4, 0x3, 0x9, 0x3, 0x4, 0x4, 
    0x9, 0x4, 0x4, 0x5, 0x9, 0x5, 0x4, 0x6, 0x9, 0x6, 0x4, 0x7, 0x9, 0x7, 
    0x4, 0x8, 0x9, 0x8, 0x4, 0x9, 0x9, 0x9, 0x4, 0xa, 0x9, 0xa, 0x4, 0xb, 
    0x9, 0xb, 0x4, 0xc, 0x9, 0xc, 0x4, 0xd, 0x9, 0xd, 0x4, 0xe, 0x9, 0xe, 
    0x4, 0xf, 0x9, 0xf, 0x4, 0x10, 0x9, 0x10, 0x4, 0x11, 0x9, 0x11, 0x4, 
    0x12, 0x9, 0x12, 0x4, 0x13, 0x9, 0x13, 0x4, 0x14, 0x9, 0x14, 0x4, 0x15, 
    0x9, 0x15, 0x4, 0x16, 0x9, 0x16, 0x4, 0x17, 0x9, 0x17, 0x3, 0x2, 0x7, 
    0x2, 0x30, 0xa, 0x2, 0xc, 0x2, 0xe, 0x2, 0x33, 0xb, 0x2, 0x3, 0x2, 0x3, 
    0x2, 0x3, 0x3, 0x3, 0x3, 0x3, 0x3, 0x5, 0x3, 0x3a, 0xa, 0x3, 0x3, 0x4, 
    0x3, 0x4, 0x3, 0x4, 0x3, 0x4, 0x7, 0x4, 0x40, 0xa, 0x4, 0xc, 0x4, 0xe, 
    0x4, 0x43, 0xb, 0x4, 0x3, 0x4, 0x3, 0x4, 0x3, 0x5, 0x3, 0x5, 0x3, 0x5, 
    0x3, 0x5, 0x5, 0x5, 0x4b, 0xa, 0x5, 0x3, 0x5, 0x3, 0x5, 0x3, 0x5, 0x3, 
    0x5, 0x3, 0x6, 0x3, 0x6, 0x3, 0x6, 0x3, 0x6, 0x5, 0x6, 0x55, 0xa, 0x6, 
    0x3, 0x6, 0x3, 0x6, 0x3, 0x6, 0x5, 0x6, 0x5a, 0xa, 0x6, 0x3, 0x6, 0x3, 
    0x6, 0x3, 0x7, 0x3, 0x7, 0x3, 0x7, 0x7, 0x7, 0x61, 0xa, 0x7, 0xc, 0x7, 
    0xe, 0x7, 0x64, 0xb, 0x7, 0x3, 0x7, 0x5, 0x7, 0x67, 0xa, 0x7, 0x3, 0x8, 
    0x3, 0x8, 0x3, 0x8, 0x5, 0x8, 0x6c, 0xa, 0x8, 0x3, 0x9, 0x5, 0x9, 0x6f, 
    0xa, 0x9, 0x3, 0x9, 0x3, 0x9, 0x3, 0x9, 0x5, 0x9, 0x74, 0xa, 0x9, 0x3, 
    0x9, 0x3, 0x9, 0x3, 0x9, 0x3, 0x9, 0x7, 0x9, 0x7a, 0xa, 0x9, 0xc, 0x9, 
    0xe, 0x9, 0x7d, 0xb, 0x9, 0x3, 0x9, 0x3, 0x9, 0x5, 0x9, 0x81, 0xa, 0x9, 
    0x3, 0x9, 0x3, 0x9, 0x3, 0x9, 0x3, 0x9, 0x3, 0x9, 0x7, 0x9, 0x88, 0xa, 
    0x9, 0xc, 0x9, 0xe, 0x9, 0x8b, 0xb, 0x9, 0x3, 0x9, 0x5, 0x9, 0x8e, 0xa, 
    0x9, 0x3, 0xa, 0x3, 0xa, 0x3, 0xa, 0x5, 0xa, 0x93, 0xa, 0xa, 0x3, 0xb, 
    0x3, 0xb, 0x3, 0xb, 0x3, 0xb, 0x3, 0xc, 0x3, 0xc, 0x3, 0xc, 0x3, 0xc, 
    0x3, 0xc, 0x7, 0xc, 0x9e, 0xa, 0xc, 0xc, 0xc, 0xe, 0xc, 0xa1, 0xb, 0xc, 
    0x5, 0xc, 0xa3, 0xa, 0xc, 0x3, 0xc, 0x3, 0xc, 0x3, 0xc, 0x3, 0xd, 0x3, 
    0xd, 0x3, 0xd, 0x3, 0xe, 0x3, 0xe, 0x7, 0xe, 0xad, 0xa, 0xe, 0xc, 0xe, 
    0xe, 0xe, 0xb0, 0xb, 0xe, 0x3, 0xe, 0x3, 0xe, 0x3, 0xf, 0x3, 0xf, 0x3, 
    0xf, 0x3, 0xf, 0x3, 0xf, 0x3, 0xf, 0x6, 0xf, 0xba, 0xa, 0xf, 0xd, 0xf, 
    0xe, 0xf, 0xbb, 0x3, 0xf, 0x5, 0xf, 0xbf, 0xa, 0xf, 0x3, 0xf, 0x3, 0xf, 
    0x5, 0xf, 0xc3, 0xa, 0xf, 0x3, 0xf, 0x3, 0xf, 0x5, 0xf, 0xc7, 0xa, 0xf, 
    0x3, 0xf, 0x3, 0xf, 0x3, 0xf, 0x3, 0xf, 0x3, 0xf, 0x3, 0xf, 0x3, 0xf, 
    0x3, 0xf, 0x3, 0xf, 0x3, 0xf, 0x3, 0xf, 0x3, 0xf, 0x3, 0xf, 0x3, 0xf, 
    0x7, 0xf, 0xd7, 0xa, 0xf, 0xc, 0xf, 0xe, 0xf, 0xda, 0xb, 0xf, 0x3, 0xf, 
    0x3, 0xf, 0x3, 0xf, 0x3, 0xf, 0x3, 0xf, 0x3, 0xf, 0x3, 0xf, 0x3, 0xf, 
    0x3, 0xf, 0x5, 0xf, 0xe5, 0xa, 0xf, 0x3, 0xf, 0x3, 0xf, 0x3, 0xf, 0x3, 
    0xf, 0x3, 0xf, 0x3, 0xf, 0x5, 0xf, 0xed, 0xa, 0xf, 0x3, 0xf, 0x3, 0xf, 
    0x5, 0xf, 0xf1, 0xa, 0xf, 0x3, 0x10, 0x3, 0x10, 0x3, 0x10, 0x3, 0x10, 
    0x3, 0x10, 0x3, 0x10, 0x5, 0x10, 0xf9, 0xa, 0x10, 0x5, 0x10, 0xfb, 0xa, 
    0x10, 0x3, 0x11, 0x3, 0x11, 0x3, 0x12, 0x3, 0x12, 0x3, 0x12, 0x3, 0x12, 
    0x7, 0x12, 0x103, 0xa, 0x12, 0xc, 0x12, 0xe, 0x12, 0x106, 0xb, 0x12, 
    0x3, 0x13, 0x3, 0x13, 0x3, 0x14, 0x3, 0x14, 0x3, 0x14, 0x5, 0x14, 0x10d, 
    0xa, 0x14, 0x3, 0x15, 0x3, 0x15, 0x7, 0x15, 0x111, 0xa, 0x15, 0xc, 0x15, 
    0xe, 0x15, 0x114, 0xb, 0x15, 0x3, 0x16, 0x3, 0x16, 0x3, 0x16, 0x3, 0x16, 
    0x7, 0x16, 0x11a, 0xa, 0x16, 0xc, 0x16, 0xe, 0x16, 0x11d, 0xb, 0x16, 
    0x3, 0x16, 0x3, 0x16, 0x3, 0x16, 0x3, 0x16, 0x3, 0x16, 0x3, 0x16, 0x3, 
    0x16, 0x3, 0x16, 0x7, 0x16, 0x127, 0xa, 0x16, 0xc, 0x16, 0xe, 0x16, 
    0x12a, 0xb, 0x16, 0x5, 0x16, 0x12c, 0xa, 0x16, 0x3, 0x16, 0x5, 0x16, 
    0x12f, 0xa, 0x16, 0x5, 0x16, 0x131, 0xa, 0x16, 0x3, 0x17, 0x3, 0x17, 
    0x3, 0x17, 0x3, 0x17, 0x3, 0x17, 0x3, 0x17, 0x3, 0x17, 0x3, 0x17, 0x3, 
    0x17, 0x7, 0x17, 0x13c, 0xa, 0x17, 0xc, 0x17, 0xe, 0x17, 0x13f, 0xb, 
    0x17, 0x5, 0x17, 0x141, 0xa, 0x17, 0x3, 0x17, 0x3, 0x17, 0x3, 0x17, 
    0x3, 0x17, 0x3, 0x17, 0x3, 0x17, 0x7, 0x17, 0x149, 0xa, 0x17, 0xc, 0x17, 
    0xe, 0x17, 0x14c, 0xb, 0x17, 0x3, 0x17, 0x3, 0x17, 0x5, 0x17, 0x150, 
    0xa, 0x17, 0x3, 0x17, 0x2, 0x2, 0x18, 0x2, 0x4, 0x6, 0x8, 0xa, 0xc, 
    0xe, 0x10, 0x12, 0x14, 0x16, 0x18, 0x1a, 0x1c, 0x1e, 0x20, 0x22, 0x24, 
    0x26, 0x28, 0x2a, 0x2c, 0x2, 0xa, 0x3, 0x2, 0x5, 0x6, 0x4, 0x2, 0x41, 
    0x41, 0x43, 0x43, 0x3, 0x2, 0x7, 0x8, 0x4, 0x2, 0x21, 0x2a, 0x35, 0x35, 
    0x4, 0x2, 0x2b, 0x34, 0x36, 0x3d, 0x4, 0x2, 0x36, 0x37, 0x3e, 0x3f, 
    0x3, 0x2, 0x11, 0x12, 0x4, 0x2, 0x13, 0x14, 0x42, 0x42, 0x2, 0x171, 
    0x2, 0x31, 0x3, 0x2, 0x2, 0x2, 0x4, 0x39, 0x3, 0x2, 0x2, 0x2, 0x6, 0x3b, 
    0x3, 0x2, 0x2, 0x2, 0x8, 0x46, 0x3, 0x2, 0x2, 0x2, 0xa, 0x50, 0x3, 0x2, 
    0x2, 0x2, 0xc, 0x5d, 0x3, 0x2, 0x2, 0x2, 0xe, 0x68, 0x3, 0x2, 0x2, 0x2, 
    0x10, 0x8d, 0x3, 0x2, 0x2, 0x2, 0x12, 0x92, 0x3, 0x2, 0x2, 0x2, 0x14, 
    0x94, 0x3, 0x2, 0x2, 0x2, 0x16, 0x98, 0x3, 0x2, 0x2, 0x2, 0x18, 0xa7, 
    0x3, 0x2, 0x2, 0x2, 0x1a, 0xaa, 0x3, 0x2, 0x2, 0x2, 0x1c, 0xf0, 0x3, 
    0x2, 0x2, 0x2, 0x1e, 0xf2, 0x3, 0x2, 0x2, 0x2, 0x20, 0xfc, 0x3, 0x2, 
    0x2, 0x2, 0x22, 0xfe, 0x3, 0x2, 0x2, 0x2, 0x24, 0x107, 0x3, 0x2, 0x2, 
    0x2, 0x26, 0x10c, 0x3, 0x2, 0x2, 0x2, 0x28, 0x10e, 0x3, 0x2, 0x2, 0x2, 
    0x2a, 0x130, 0x3, 0x2, 0x2, 0x2, 0x2c, 0x14f, 0x3, 0x2, 0x2, 0x2, 0x2e, 
    0x30, 0x5, 0x4, 0x3, 0x2, 0x2f, 0x2e, 0x3, 0x2, 0x2, 0x2, 0x30, 0x33, 
    0x3, 0x2, 0x2, 0x2, 0x31, 0x2f, 0x3, 0x2, 0x2, 0x2, 0x31, 0x32, 0x3, 
    0x2, 0x2, 0x2, 0x32, 0x34, 0x3, 0x2, 0x2, 0x2, 0x33, 0x31, 0x3, 0x2, 
    0x2, 0x2, 0x34, 0x35, 0x7, 0x2, 0x2, 0x3, 0x35, 0x3, 0x3, 0x2, 0x2, 
    0x2, 0x36, 0x3a, 0x5, 0x6, 0x4, 0x2, 0x37, 0x3a, 0x5, 0x8, 0x5, 0x2, 
    0x38, 0x3a, 0x5, 0xa, 0x6, 0x2, 0x39, 0x36, 0x3, 0x2, 0x2, 0x2, 0x39, 
    0x37, 0x3, 0x2, 0x2, 0x2, 0x39, 0x38, 0x3, 0x2, 0x2, 0x2, 0x3a, 0x5, 
    0x3, 0x2, 0x2, 0x2, 0x3b, 0x3c, 0x7, 0x3, 0x2, 0x2, 0x3c, 0x41, 0x7, 
    0x42, 0x2, 0x2, 0x3d, 0x3e, 0x7, 0x1f, 0x2, 0x2, 0x3e, 0x40, 0x7, 0x42, 
    0x2, 0x2, 0x3f, 0x3d, 0x3, 0x2, 0x2, 0x2, 0x40, 0x43, 0x3, 0x2, 0x2, 
    0x2, 0x41, 0x3f, 0x3, 0x2, 0x2, 0x2, 0x41, 0x42, 0x3, 0x2, 0x2, 0x2, 
    0x42, 0x44, 0x3, 0x2, 0x2, 0x2, 0x43, 0x41, 0x3, 0x2, 0x2, 0x2, 0x44, 
    0x45, 0x7, 0x1c, 0x2, 0x2, 0x45, 0x7, 0x3, 0x2, 0x2, 0x2, 0x46, 0x47, 
    0x7, 0x4, 0x2, 0x2, 0x47, 0x4a, 0x7, 0x42, 0x2, 0x2, 0x48, 0x49, 0x7, 
    0x1e, 0x2, 0x2, 0x49, 0x4b, 0x5, 0x10, 0x9, 0x2, 0x4a, 0x48, 0x3, 0x2, 
    0x2, 0x2, 0x4a, 0x4b, 0x3, 0x2, 0x2, 0x2, 0x4b, 0x4c, 0x3, 0x2, 0x2, 
    0x2, 0x4c, 0x4d, 0x7, 0x35, 0x2, 0x2, 0x4d, 0x4e, 0x5, 0x22, 0x12, 0x2, 
    0x4e, 0x4f, 0x7, 0x1c, 0x2, 0x2, 0x4f, 0x9, 0x3, 0x2, 0x2, 0x2, 0x50, 
    0x51, 0x9, 0x2, 0x2, 0x2, 0x51, 0x52, 0x7, 0x42, 0x2, 0x2, 0x52, 0x54, 
    0x7, 0x15, 0x2, 0x2, 0x53, 0x55, 0x5, 0xc, 0x7, 0x2, 0x54, 0x53, 0x3, 
    0x2, 0x2, 0x2, 0x54, 0x55, 0x3, 0x2, 0x2, 0x2, 0x55, 0x56, 0x3, 0x2, 
    0x2, 0x2, 0x56, 0x59, 0x7, 0x16, 0x2, 0x2, 0x57, 0x58, 0x7, 0x20, 0x2, 
    0x2, 0x58, 0x5a, 0x5, 0x10, 0x9, 0x2, 0x59, 0x57, 0x3, 0x2, 0x2, 0x2, 
    0x59, 0x5a, 0x3, 0x2, 0x2, 0x2, 0x5a, 0x5b, 0x3, 0x2, 0x2, 0x2, 0x5b, 
    0x5c, 0x5, 0x1a, 0xe, 0x2, 0x5c, 0xb, 0x3, 0x2, 0x2, 0x2, 0x5d, 0x62, 
    0x5, 0xe, 0x8, 0x2, 0x5e, 0x5f, 0x7, 0x1b, 0x2, 0x2, 0x5f, 0x61, 0x5, 
    0xe, 0x8, 0x2, 0x60, 0x5e, 0x3, 0x2, 0x2, 0x2, 0x61, 0x64, 0x3, 0x2, 
    0x2, 0x2, 0x62, 0x60, 0x3, 0x2, 0x2, 0x2, 0x62, 0x63, 0x3, 0x2, 0x2, 
    0x2, 0x63, 0x66, 0x3, 0x2, 0x2, 0x2, 0x64, 0x62, 0x3, 0x2, 0x2, 0x2, 
    0x65, 0x67, 0x7, 0x1b, 0x2, 0x2, 0x66, 0x65, 0x3, 0x2, 0x2, 0x2, 0x66, 
    0x67, 0x3, 0x2, 0x2, 0x2, 0x67, 0xd, 0x3, 0x2, 0x2, 0x2, 0x68, 0x6b, 
    0x7, 0x42, 0x2, 0x2, 0x69, 0x6a, 0x7, 0x1e, 0x2, 0x2, 0x6a, 0x6c, 0x5, 
    0x10, 0x9, 0x2, 0x6b, 0x69, 0x3, 0x2, 0x2, 0x2, 0x6b, 0x6c, 0x3, 0x2, 
    0x2, 0x2, 0x6c, 0xf, 0x3, 0x2, 0x2, 0x2, 0x6d, 0x6f, 0x7, 0x13, 0x2, 
    0x2, 0x6e, 0x6d, 0x3, 0x2, 0x2, 0x2, 0x6e, 0x6f, 0x3, 0x2, 0x2, 0x2, 
    0x6f, 0x70, 0x3, 0x2, 0x2, 0x2, 0x70, 0x73, 0x7, 0x42, 0x2, 0x2, 0x71, 
    0x72, 0x7, 0x1f, 0x2, 0x2, 0x72, 0x74, 0x7, 0x42, 0x2, 0x2, 0x73, 0x71, 
    0x3, 0x2, 0x2, 0x2, 0x73, 0x74, 0x3, 0x2, 0x2, 0x2, 0x74, 0x80, 0x3, 
    0x2, 0x2, 0x2, 0x75, 0x76, 0x7, 0x17, 0x2, 0x2, 0x76, 0x7b, 0x5, 0x12, 
    0xa, 0x2, 0x77, 0x78, 0x7, 0x1b, 0x2, 0x2, 0x78, 0x7a, 0x5, 0x12, 0xa, 
    0x2, 0x79, 0x77, 0x3, 0x2, 0x2, 0x2, 0x7a, 0x7d, 0x3, 0x2, 0x2, 0x2, 
    0x7b, 0x79, 0x3, 0x2, 0x2, 0x2, 0x7b, 0x7c, 0x3, 0x2, 0x2, 0x2, 0x7c, 
    0x7e, 0x3, 0x2, 0x2, 0x2, 0x7d, 0x7b, 0x3, 0x2, 0x2, 0x2, 0x7e, 0x7f, 
    0x7, 0x18, 0x2, 0x2, 0x7f, 0x81, 0x3, 0x2, 0x2, 0x2, 0x80, 0x75, 0x3, 
    0x2, 0x2, 0x2, 0x80, 0x81, 0x3, 0x2, 0x2, 0x2, 0x81, 0x8e, 0x3, 0x2, 
    0x2, 0x2, 0x82, 0x83, 0x7, 0x42, 0x2, 0x2, 0x83, 0x84, 0x7, 0x15, 0x2, 
    0x2, 0x84, 0x89, 0x7, 0x42, 0x2, 0x2, 0x85, 0x86, 0x7, 0x1b, 0x2, 0x2, 
    0x86, 0x88, 0x5, 0x14, 0xb, 0x2, 0x87, 0x85, 0x3, 0x2, 0x2, 0x2, 0x88, 
    0x8b, 0x3, 0x2, 0x2, 0x2, 0x89, 0x87, 0x3, 0x2, 0x2, 0x2, 0x89, 0x8a, 
    0x3, 0x2, 0x2, 0x2, 0x8a, 0x8c, 0x3, 0x2, 0x2, 0x2, 0x8b, 0x89, 0x3, 
    0x2, 0x2, 0x2, 0x8c, 0x8e, 0x7, 0x16, 0x2, 0x2, 0x8d, 0x6e, 0x3, 0x2, 
    0x2, 0x2, 0x8d, 0x82, 0x3, 0x2, 0x2, 0x2, 0x8e, 0x11, 0x3, 0x2, 0x2, 
    0x2, 0x8f, 0x93, 0x7, 0x1e, 0x2, 0x2, 0x90, 0x91, 0x7, 0x1d, 0x2, 0x2, 
    0x91, 0x93, 0x7, 0x41, 0x2, 0x2, 0x92, 0x8f, 0x3, 0x2, 0x2, 0x2, 0x92, 
    0x90, 0x3, 0x2, 0x2, 0x2, 0x93, 0x13, 0x3, 0x2, 0x2, 0x2, 0x94, 0x95, 
    0x7, 0x42, 0x2, 0x2, 0x95, 0x96, 0x7, 0x35, 0x2, 0x2, 0x96, 0x97, 0x9, 
    0x3, 0x2, 0x2, 0x97, 0x15, 0x3, 0x2, 0x2, 0x2, 0x98, 0x99, 0x7, 0x42, 
    0x2, 0x2, 0x99, 0xa2, 0x7, 0x15, 0x2, 0x2, 0x9a, 0x9f, 0x5, 0x10, 0x9, 
    0x2, 0x9b, 0x9c, 0x7, 0x1b, 0x2, 0x2, 0x9c, 0x9e, 0x5, 0x10, 0x9, 0x2, 
    0x9d, 0x9b, 0x3, 0x2, 0x2, 0x2, 0x9e, 0xa1, 0x3, 0x2, 0x2, 0x2, 0x9f, 
    0x9d, 0x3, 0x2, 0x2, 0x2, 0x9f, 0xa0, 0x3, 0x2, 0x2, 0x2, 0xa0, 0xa3, 
    0x3, 0x2, 0x2, 0x2, 0xa1, 0x9f, 0x3, 0x2, 0x2, 0x2, 0xa2, 0x9a, 0x3, 
    0x2, 0x2, 0x2, 0xa2, 0xa3, 0x3, 0x2, 0x2, 0x2, 0xa3, 0xa4, 0x3, 0x2, 
    0x2, 0x2, 0xa4, 0xa5, 0x7, 0x16, 0x2, 0x2, 0xa5, 0xa6, 0x7, 0x2, 0x2, 
    0x3, 0xa6, 0x17, 0x3, 0x2, 0x2, 0x2, 0xa7, 0xa8, 0x5, 0x10, 0x9, 0x2, 
    0xa8, 0xa9, 0x7, 0x2, 0x2, 0x3, 0xa9, 0x19, 0x3, 0x2, 0x2, 0x2, 0xaa, 
    0xae, 0x7, 0x19, 0x2, 0x2, 0xab, 0xad, 0x5, 0x1c, 0xf, 0x2, 0xac, 0xab, 
    0x3, 0x2, 0x2, 0x2, 0xad, 0xb0, 0x3, 0x2, 0x2, 0x2, 0xae, 0xac, 0x3, 
    0x2, 0x2, 0x2, 0xae, 0xaf, 0x3, 0x2, 0x2, 0x2, 0xaf, 0xb1, 0x3, 0x2, 
    0x2, 0x2, 0xb0, 0xae, 0x3, 0x2, 0x2, 0x2, 0xb1, 0xb2, 0x7, 0x1a, 0x2, 
    0x2, 0xb2, 0x1b, 0x3, 0x2, 0x2, 0x2, 0xb3, 0xbe, 0x9, 0x4, 0x2, 0x2, 
    0xb4, 0xbf, 0x7, 0x42, 0x2, 0x2, 0xb5, 0xb6, 0x7, 0x15, 0x2, 0x2, 0xb6, 
    0xb9, 0x7, 0x42, 0x2, 0x2, 0xb7, 0xb8, 0x7, 0x1b, 0x2, 0x2, 0xb8, 0xba, 
    0x7, 0x42, 0x2, 0x2, 0xb9, 0xb7, 0x3, 0x2, 0x2, 0x2, 0xba, 0xbb, 0x3, 
    0x2, 0x2, 0x2, 0xbb, 0xb9, 0x3, 0x2, 0x2, 0x2, 0xbb, 0xbc, 0x3, 0x2, 
    0x2, 0x2, 0xbc, 0xbd, 0x3, 0x2, 0x2, 0x2, 0xbd, 0xbf, 0x7, 0x16, 0x2, 
    0x2, 0xbe, 0xb4, 0x3, 0x2, 0x2, 0x2, 0xbe, 0xb5, 0x3, 0x2, 0x2, 0x2, 
    0xbf, 0xc2, 0x3, 0x2, 0x2, 0x2, 0xc0, 0xc1, 0x7, 0x1e, 0x2, 0x2, 0xc1, 
    0xc3, 0x5, 0x10, 0x9, 0x2, 0xc2, 0xc0, 0x3, 0x2, 0x2, 0x2, 0xc2, 0xc3, 
    0x3, 0x2, 0x2, 0x2, 0xc3, 0xc6, 0x3, 0x2, 0x2, 0x2, 0xc4, 0xc5, 0x7, 
    0x35, 0x2, 0x2, 0xc5, 0xc7, 0x5, 0x22, 0x12, 0x2, 0xc6, 0xc4, 0x3, 0x2, 
    0x2, 0x2, 0xc6, 0xc7, 0x3, 0x2, 0x2, 0x2, 0xc7, 0xc8, 0x3, 0x2, 0x2, 
    0x2, 0xc8, 0xf1, 0x7, 0x1c, 0x2, 0x2, 0xc9, 0xf1, 0x5, 0x1e, 0x10, 0x2, 
    0xca, 0xcb, 0x7, 0xb, 0x2, 0x2, 0xcb, 0xcc, 0x5, 0x22, 0x12, 0x2, 0xcc, 
    0xcd, 0x5, 0x1a, 0xe, 0x2, 0xcd, 0xf1, 0x3, 0x2, 0x2, 0x2, 0xce, 0xcf, 
    0x7, 0xc, 0x2, 0x2, 0xcf, 0xd0, 0x7, 0x42, 0x2, 0x2, 0xd0, 0xd1, 0x7, 
    0xd, 0x2, 0x2, 0xd1, 0xd2, 0x7, 0x42, 0x2, 0x2, 0xd2, 0xd3, 0x7, 0x15, 
    0x2, 0x2, 0xd3, 0xd8, 0x5, 0x22, 0x12, 0x2, 0xd4, 0xd5, 0x7, 0x1b, 0x2, 
    0x2, 0xd5, 0xd7, 0x5, 0x22, 0x12, 0x2, 0xd6, 0xd4, 0x3, 0x2, 0x2, 0x2, 
    0xd7, 0xda, 0x3, 0x2, 0x2, 0x2, 0xd8, 0xd6, 0x3, 0x2, 0x2, 0x2, 0xd8, 
    0xd9, 0x3, 0x2, 0x2, 0x2, 0xd9, 0xdb, 0x3, 0x2, 0x2, 0x2, 0xda, 0xd8, 
    0x3, 0x2, 0x2, 0x2, 0xdb, 0xdc, 0x7, 0x16, 0x2, 0x2, 0xdc, 0xdd, 0x5, 
    0x1a, 0xe, 0x2, 0xdd, 0xf1, 0x3, 0x2, 0x2, 0x2, 0xde, 0xdf, 0x7, 0xe, 
    0x2, 0x2, 0xdf, 0xf1, 0x7, 0x1c, 0x2, 0x2, 0xe0, 0xe1, 0x7, 0xf, 0x2, 
    0x2, 0xe1, 0xf1, 0x7, 0x1c, 0x2, 0x2, 0xe2, 0xe4, 0x7, 0x10, 0x2, 0x2, 
    0xe3, 0xe5, 0x5, 0x22, 0x12, 0x2, 0xe4, 0xe3, 0x3, 0x2, 0x2, 0x2, 0xe4, 
    0xe5, 0x3, 0x2, 0x2, 0x2, 0xe5, 0xe6, 0x3, 0x2, 0x2, 0x2, 0xe6, 0xf1, 
    0x7, 0x1c, 0x2, 0x2, 0xe7, 0xf1, 0x5, 0x1a, 0xe, 0x2, 0xe8, 0xec, 0x5, 
    0x22, 0x12, 0x2, 0xe9, 0xea, 0x5, 0x20, 0x11, 0x2, 0xea, 0xeb, 0x5, 
    0x22, 0x12, 0x2, 0xeb, 0xed, 0x3, 0x2, 0x2, 0x2, 0xec, 0xe9, 0x3, 0x2, 
    0x2, 0x2, 0xec, 0xed, 0x3, 0x2, 0x2, 0x2, 0xed, 0xee, 0x3, 0x2, 0x2, 
    0x2, 0xee, 0xef, 0x7, 0x1c, 0x2, 0x2, 0xef, 0xf1, 0x3, 0x2, 0x2, 0x2, 
    0xf0, 0xb3, 0x3, 0x2, 0x2, 0x2, 0xf0, 0xc9, 0x3, 0x2, 0x2, 0x2, 0xf0, 
    0xca, 0x3, 0x2, 0x2, 0x2, 0xf0, 0xce, 0x3, 0x2, 0x2, 0x2, 0xf0, 0xde, 
    0x3, 0x2, 0x2, 0x2, 0xf0, 0xe0, 0x3, 0x2, 0x2, 0x2, 0xf0, 0xe2, 0x3, 
    0x2, 0x2, 0x2, 0xf0, 0xe7, 0x3, 0x2, 0x2, 0x2, 0xf0, 0xe8, 0x3, 0x2, 
    0x2, 0x2, 0xf1, 0x1d, 0x3, 0x2, 0x2, 0x2, 0xf2, 0xf3, 0x7, 0x9, 0x2, 
    0x2, 0xf3, 0xf4, 0x5, 0x22, 0x12, 0x2, 0xf4, 0xfa, 0x5, 0x1a, 0xe, 0x2, 
    0xf5, 0xf8, 0x7, 0xa, 0x2, 0x2, 0xf6, 0xf9, 0x5, 0x1e, 0x10, 0x2, 0xf7, 
    0xf9, 0x5, 0x1a, 0xe, 0x2, 0xf8, 0xf6, 0x3, 0x2, 0x2, 0x2, 0xf8, 0xf7, 
    0x3, 0x2, 0x2, 0x2, 0xf9, 0xfb, 0x3, 0x2, 0x2, 0x2, 0xfa, 0xf5, 0x3, 
    0x2, 0x2, 0x2, 0xfa, 0xfb, 0x3, 0x2, 0x2, 0x2, 0xfb, 0x1f, 0x3, 0x2, 
    0x2, 0x2, 0xfc, 0xfd, 0x9, 0x5, 0x2, 0x2, 0xfd, 0x21, 0x3, 0x2, 0x2, 
    0x2, 0xfe, 0x104, 0x5, 0x26, 0x14, 0x2, 0xff, 0x100, 0x5, 0x24, 0x13, 
    0x2, 0x100, 0x101, 0x5, 0x26, 0x14, 0x2, 0x101, 0x103, 0x3, 0x2, 0x2, 
    0x2, 0x102, 0xff, 0x3, 0x2, 0x2, 0x2, 0x103, 0x106, 0x3, 0x2, 0x2, 0x2, 
    0x104, 0x102, 0x3, 0x2, 0x2, 0x2, 0x104, 0x105, 0x3, 0x2, 0x2, 0x2, 
    0x105, 0x23, 0x3, 0x2, 0x2, 0x2, 0x106, 0x104, 0x3, 0x2, 0x2, 0x2, 0x107, 
    0x108, 0x9, 0x6, 0x2, 0x2, 0x108, 0x25, 0x3, 0x2, 0x2, 0x2, 0x109, 0x10a, 
    0x9, 0x7, 0x2, 0x2, 0x10a, 0x10d, 0x5, 0x26, 0x14, 0x2, 0x10b, 0x10d, 
    0x5, 0x28, 0x15, 0x2, 0x10c, 0x109, 0x3, 0x2, 0x2, 0x2, 0x10c, 0x10b, 
    0x3, 0x2, 0x2, 0x2, 0x10d, 0x27, 0x3, 0x2, 0x2, 0x2, 0x10e, 0x112, 0x5, 
    0x2c, 0x17, 0x2, 0x10f, 0x111, 0x5, 0x2a, 0x16, 0x2, 0x110, 0x10f, 0x3, 
    0x2, 0x2, 0x2, 0x111, 0x114, 0x3, 0x2, 0x2, 0x2, 0x112, 0x110, 0x3, 
    0x2, 0x2, 0x2, 0x112, 0x113, 0x3, 0x2, 0x2, 0x2, 0x113, 0x29, 0x3, 0x2, 
    0x2, 0x2, 0x114, 0x112, 0x3, 0x2, 0x2, 0x2, 0x115, 0x116, 0x7, 0x17, 
    0x2, 0x2, 0x116, 0x11b, 0x5, 0x22, 0x12, 0x2, 0x117, 0x118, 0x7, 0x1b, 
    0x2, 0x2, 0x118, 0x11a, 0x5, 0x22, 0x12, 0x2, 0x119, 0x117, 0x3, 0x2, 
    0x2, 0x2, 0x11a, 0x11d, 0x3, 0x2, 0x2, 0x2, 0x11b, 0x119, 0x3, 0x2, 
    0x2, 0x2, 0x11b, 0x11c, 0x3, 0x2, 0x2, 0x2, 0x11c, 0x11e, 0x3, 0x2, 
    0x2, 0x2, 0x11d, 0x11b, 0x3, 0x2, 0x2, 0x2, 0x11e, 0x11f, 0x7, 0x18, 
    0x2, 0x2, 0x11f, 0x131, 0x3, 0x2, 0x2, 0x2, 0x120, 0x121, 0x7, 0x1f, 
    0x2, 0x2, 0x121, 0x12e, 0x7, 0x42, 0x2, 0x2, 0x122, 0x12b, 0x7, 0x15, 
    0x2, 0x2, 0x123, 0x128, 0x5, 0x22, 0x12, 0x2, 0x124, 0x125, 0x7, 0x1b, 
    0x2, 0x2, 0x125, 0x127, 0x5, 0x22, 0x12, 0x2, 0x126, 0x124, 0x3, 0x2, 
    0x2, 0x2, 0x127, 0x12a, 0x3, 0x2, 0x2, 0x2, 0x128, 0x126, 0x3, 0x2, 
    0x2, 0x2, 0x128, 0x129, 0x3, 0x2, 0x2, 0x2, 0x129, 0x12c, 0x3, 0x2, 
    0x2, 0x2, 0x12a, 0x128, 0x3, 0x2, 0x2, 0x2, 0x12b, 0x123, 0x3, 0x2, 
    0x2, 0x2, 0x12b, 0x12c, 0x3, 0x2, 0x2, 0x2, 0x12c, 0x12d, 0x3, 0x2, 
    0x2, 0x2, 0x12d, 0x12f, 0x7, 0x16, 0x2, 0x2, 0x12e, 0x122, 0x3, 0x2, 
    0x2, 0x2, 0x12e, 0x12f, 0x3, 0x2, 0x2, 0x2, 0x12f, 0x131, 0x3, 0x2, 
    0x2, 0x2, 0x130, 0x115, 0x3, 0x2, 0x2, 0x2, 0x130, 0x120, 0x3, 0x2, 
    0x2, 0x2, 0x131, 0x2b, 0x3, 0x2, 0x2, 0x2, 0x132, 0x150, 0x7, 0x41, 
    0x2, 0x2, 0x133, 0x150, 0x7, 0x40, 0x2, 0x2, 0x134, 0x150, 0x9, 0x8, 
    0x2, 0x2, 0x135, 0x150, 0x7, 0x43, 0x2, 0x2, 0x136, 0x137, 0x7, 0x42, 
    0x2, 0x2, 0x137, 0x140, 0x7, 0x15, 0x2, 0x2, 0x138, 0x13d, 0x5, 0x22, 
    0x12, 0x2, 0x139, 0x13a, 0x7, 0x1b, 0x2, 0x2, 0x13a, 0x13c, 0x5, 0x22, 
    0x12, 0x2, 0x13b, 0x139, 0x3, 0x2, 0x2, 0x2, 0x13c, 0x13f, 0x3, 0x2, 
    0x2, 0x2, 0x13d, 0x13b, 0x3, 0x2, 0x2, 0x2, 0x13d, 0x13e, 0x3, 0x2, 
    0x2, 0x2, 0x13e, 0x141, 0x3, 0x2, 0x2, 0x2, 0x13f, 0x13d, 0x3, 0x2, 
    0x2, 0x2, 0x140, 0x138, 0x3, 0x2, 0x2, 0x2, 0x140, 0x141, 0x3, 0x2, 
    0x2, 0x2, 0x141, 0x142, 0x3, 0x2, 0x2, 0x2, 0x142, 0x150, 0x7, 0x16, 
    0x2, 0x2, 0x143, 0x150, 0x9, 0x9, 0x2, 0x2, 0x144, 0x145, 0x7, 0x15, 
    0x2, 0x2, 0x145, 0x14a, 0x5, 0x22, 0x12, 0x2, 0x146, 0x147, 0x7, 0x1b, 
    0x2, 0x2, 0x147, 0x149, 0x5, 0x22, 0x12, 0x2, 0x148, 0x146, 0x3, 0x2, 
    0x2, 0x2, 0x149, 0x14c, 0x3, 0x2, 0x2, 0x2, 0x14a, 0x148, 0x3, 0x2, 
    0x2, 0x2, 0x14a, 0x14b, 0x3, 0x2, 0x2, 0x2, 0x14b, 0x14d, 0x3, 0x2, 
    0x2, 0x2, 0x14c, 0x14a, 0x3, 0x2, 0x2, 0x2, 0x14d, 0x14e, 0x7, 0x16, 
    0x2, 0x2, 0x14e, 0x150, 0x3, 0x2, 0x2, 0x2, 0x14f, 0x132, 0x3, 0x2, 
    0x2, 0x2, 0x14f, 0x133, 0x3, 0x2, 0x2, 0x2, 0x14f, 0x134, 0x3, 0x2, 
    0x2, 0x2, 0x14f, 0x135, 0x3, 0x2, 0x2, 0x2, 0x14f, 0x136, 0x3, 0x2, 
    0x2, 0x2, 0x14f, 0x143, 0x3, 0x2, 0x2, 0x2, 0x14f, 0x144, 0x3, 0x2, 
    0x2, 0x2, 0x150, 0x2d, 0x3, 0x2, 0x2, 0x2, 0x2b, 0x31, 0x39, 0x41, 0x4a, 
    0x54, 0x59, 0x62, 0x66, 0x6b, 0x6e, 0x73, 0x7b, 0x80, 0x89, 0x8d, 0x92, 
    0x9f, 0xa2, 0xae, 0xbb, 0xbe, 0xc2, 0xc6, 0xd8, 0xe4, 0xec, 0xf0, 0xf8, 
    0xfa, 0x104, 0x10c, 0x112, 0x11b, 0x128, 0x12b, 0x12e, 0x130, 0x13d, 
    0x140, 0x14a, 0x14f, 
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
