
// Generated from Dpk.g4 by ANTLR 4.7.2


#include "DpkVisitor.h"


using namespace dpk::grammar;

