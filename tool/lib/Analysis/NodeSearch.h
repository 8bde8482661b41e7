//===- NodeSearch.h - find the nodes of one kind under a statement -------===//
//
// The passes often need "every co_await / co_return / call under this
// statement". Lambdas are not entered, but for the initialisers of their
// init-captures: their bodies are other functions.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "clang/AST/RecursiveASTVisitor.h"
#include <vector>

namespace unawait {

namespace detail {
template <class Predicate>
class NodeSearch : public clang::RecursiveASTVisitor<NodeSearch<Predicate>> {
public:
  explicit NodeSearch(Predicate Matches) : Matches(Matches) {}
  /// Only the initialisers of init-captures: the enclosing function
  /// evaluates them.
  bool TraverseLambdaExpr(clang::LambdaExpr *Lambda) {
    auto Init = Lambda->capture_init_begin();
    for (const clang::LambdaCapture &Capture : Lambda->captures()) {
      if (Lambda->isInitCapture(&Capture) && *Init && !this->TraverseStmt(*Init))
        return false;
      ++Init;
    }
    return true;
  }
  bool VisitStmt(clang::Stmt *S) {
    if (Matches(S))
      Nodes.push_back(S);
    return true;
  }
  Predicate Matches;
  std::vector<const clang::Stmt *> Nodes;
};
} // namespace detail

/// Every node under \p S (itself included) for which \p Matches is true, in
/// source order.
template <class Predicate>
std::vector<const clang::Stmt *> nodesWhere(const clang::Stmt *S,
                                            Predicate Matches) {
  detail::NodeSearch<Predicate> Search(Matches);
  if (S)
    Search.TraverseStmt(const_cast<clang::Stmt *>(S));
  return std::move(Search.Nodes);
}

/// Every node of type \p Node under \p S (itself included), in source order.
template <class Node> std::vector<const Node *> nodesUnder(const clang::Stmt *S) {
  std::vector<const Node *> Nodes;
  for (const clang::Stmt *Found :
       nodesWhere(S, [](const clang::Stmt *S) { return llvm::isa<Node>(S); }))
    Nodes.push_back(llvm::cast<Node>(Found));
  return Nodes;
}

} // namespace unawait
