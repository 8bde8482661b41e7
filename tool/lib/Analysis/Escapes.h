//===- Escapes.h - does a local's address escape? ------------------------===//
//
// A conservative escape analysis. An object is kept in the frame across a
// suspension point while anything may still refer to it, so a pointer or
// reference to it (taking its address, binding a reference, calling a member
// function, passing it by reference) keeps it until its scope ends. Reading
// and writing it, subscripting it, and naming its fields are not escapes.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"

namespace unawait {

/// The first place under \p Body where the address of \p Var escapes, or an
/// invalid location if it never does.
clang::SourceLocation firstEscape(const clang::VarDecl *Var,
                                  const clang::Stmt *Body,
                                  clang::ASTContext &Context);

} // namespace unawait
