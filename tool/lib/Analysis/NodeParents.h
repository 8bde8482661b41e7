//===- NodeParents.h - the parents of the nodes of one function ----------===//
//
// ASTContext::getParents answers from a map of the whole main file, built
// on the first question: for one function's analysis that is work in the
// size of the file, and memory that stays until the end (issue 10). The
// analysis only walks up from a node of the function it analyses, and stops
// at the function at the latest, so the same answers come from a walk of
// that function alone: the same traversal ParentMapContext makes (implicit
// code and template instantiations included), recording each node's first
// parent as it does.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "clang/AST/ASTTypeTraits.h"
#include "clang/AST/Decl.h"
#include "llvm/ADT/DenseMap.h"

namespace unawait {

class NodeParents {
public:
  explicit NodeParents(const clang::FunctionDecl &Function);

  /// What ASTContext::getParents(Node)[0] is, for a statement or
  /// declaration of the function; a null node for the function itself
  /// (and anything outside it).
  clang::DynTypedNode parentOf(const clang::DynTypedNode &Node) const;
  clang::DynTypedNode parentOf(const clang::Stmt &S) const {
    return parentOf(clang::DynTypedNode::create(S));
  }

private:
  llvm::DenseMap<const void *, clang::DynTypedNode> Parents;
};

} // namespace unawait
