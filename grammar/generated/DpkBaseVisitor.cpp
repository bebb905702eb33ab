
// Generated from Dpk.g4 by ANTLR 4.7.2


#include "DpkBaseVisitor.h"


using namespace dpk::grammar;

