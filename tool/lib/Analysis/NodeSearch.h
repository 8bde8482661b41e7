//===- NodeSearch.h - find the nodes of one kind under a statement -------===//
//
// The passes often need "every co_await / co_return / call under this
// statement". Lambdas are not entered: their bodies are other functions.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "clang/AST/RecursiveASTVisitor.h"
#include <vector>

namespace unawait {

namespace detail {
template <class Node>
class NodeSearch : public clang::RecursiveASTVisitor<NodeSearch<Node>> {
public:
  bool TraverseLambdaExpr(clang::LambdaExpr *) { return true; }
  bool VisitStmt(clang::Stmt *S) {
    if (const auto *Found = llvm::dyn_cast<Node>(S))
      Nodes.push_back(Found);
    return true;
  }
  std::vector<const Node *> Nodes;
};
} // namespace detail

/// Every node of type \p Node under \p S (itself included), in source order.
template <class Node> std::vector<const Node *> nodesUnder(const clang::Stmt *S) {
  detail::NodeSearch<Node> Search;
  if (S)
    Search.TraverseStmt(const_cast<clang::Stmt *>(S));
  return std::move(Search.Nodes);
}

} // namespace unawait
