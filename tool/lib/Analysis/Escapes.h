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

#include "Analysis/NodeParents.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallVector.h"

namespace unawait {

/// The escape analysis of one body: one walk collects the uses of every
/// variable (a walk per variable made a function's analysis its variables
/// times its size), and each variable's are examined when first asked for.
class Escapes {
public:
  Escapes(const clang::Stmt *Body, const NodeParents &Parents);

  /// The first place under the body where the address of \p Var escapes,
  /// or an invalid location if it never does.
  clang::SourceLocation firstEscape(const clang::VarDecl *Var);

private:
  const NodeParents &Parents;
  /// Each variable's uses, in the order of the walk.
  llvm::DenseMap<const clang::VarDecl *, llvm::SmallVector<const clang::DeclRefExpr *, 4>>
      Uses;
  llvm::DenseMap<const clang::VarDecl *, clang::SourceLocation> First;
};

} // namespace unawait
