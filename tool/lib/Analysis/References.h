//===- References.h - where variables are named under a statement --------===//
//
// The structure walk (chunks), the liveness pass (uses after an await, what
// an operand reads) and the relocation choice all ask which variables a
// statement names, and where. Implicit code is included: range-for's hidden
// variables are only referenced there.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "clang/AST/RecursiveASTVisitor.h"
#include "llvm/ADT/DenseMap.h"
#include <vector>

namespace unawait {

class VariableReferences
    : public clang::RecursiveASTVisitor<VariableReferences> {
public:
  bool shouldVisitImplicitCode() const { return true; }
  bool VisitDeclRefExpr(clang::DeclRefExpr *Ref) {
    if (const auto *Var = llvm::dyn_cast<clang::VarDecl>(Ref->getDecl()))
      Of[Var].push_back(Ref->getLocation());
    // A structured binding is a name for part of its decomposition.
    if (const auto *Binding = llvm::dyn_cast<clang::BindingDecl>(Ref->getDecl()))
      if (const auto *Whole = llvm::dyn_cast_or_null<clang::VarDecl>(
              Binding->getDecomposedDecl()))
        Of[Whole].push_back(Ref->getLocation());
    return true;
  }
  /// Adds the references under \p S (nothing for null).
  VariableReferences &add(const clang::Stmt *S) {
    if (S)
      TraverseStmt(const_cast<clang::Stmt *>(S));
    return *this;
  }
  /// Each variable's references, in traversal (source) order.
  llvm::DenseMap<const clang::VarDecl *, std::vector<clang::SourceLocation>> Of;
};

/// The variables named under \p S.
inline VariableReferences referencesUnder(const clang::Stmt *S) {
  VariableReferences References;
  References.add(S);
  return References;
}

} // namespace unawait
