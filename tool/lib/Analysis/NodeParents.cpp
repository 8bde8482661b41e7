#include "Analysis/NodeParents.h"

#include "clang/AST/RecursiveASTVisitor.h"

namespace unawait {

using namespace clang;

namespace {

/// ParentMapContext's visitor, restricted to one function: a stack of the
/// nodes being traversed, the top of which is the parent of the next node.
class ParentRecorder : public RecursiveASTVisitor<ParentRecorder> {
  using Base = RecursiveASTVisitor<ParentRecorder>;

public:
  explicit ParentRecorder(llvm::DenseMap<const void *, DynTypedNode> &Parents)
      : Parents(Parents) {}

  bool shouldVisitTemplateInstantiations() const { return true; }
  bool shouldVisitImplicitCode() const { return true; }

  bool TraverseDecl(Decl *D) {
    return D ? inside(DynTypedNode::create(*D), [&] { return Base::TraverseDecl(D); }) : true;
  }
  bool TraverseTypeLoc(TypeLoc Loc) {
    return Loc ? inside(DynTypedNode::create(Loc), [&] { return Base::TraverseTypeLoc(Loc); })
               : true;
  }
  bool TraverseNestedNameSpecifierLoc(NestedNameSpecifierLoc Loc) {
    return Loc ? inside(DynTypedNode::create(Loc),
                        [&] { return Base::TraverseNestedNameSpecifierLoc(Loc); })
               : true;
  }
  bool TraverseAttr(Attr *A) {
    return A ? inside(DynTypedNode::create(*A), [&] { return Base::TraverseAttr(A); }) : true;
  }
  // Statements keep the data recursion of the visitor (a generic
  // TraverseStmt would give it up).
  bool dataTraverseStmtPre(Stmt *S) {
    enter(DynTypedNode::create(*S));
    return true;
  }
  bool dataTraverseStmtPost(Stmt *) {
    Stack.pop_back();
    return true;
  }

private:
  template <class Traverse> bool inside(const DynTypedNode &Node, Traverse &&Traversal) {
    enter(Node);
    bool Result = Traversal();
    Stack.pop_back();
    return Result;
  }

  /// Records the first parent of a statement or declaration (the others
  /// have no identity to look them up by, and the analysis never asks).
  void enter(const DynTypedNode &Node) {
    if (!Stack.empty())
      if (const void *Key = Node.getMemoizationData())
        Parents.try_emplace(Key, Stack.back());
    Stack.push_back(Node);
  }

  llvm::DenseMap<const void *, DynTypedNode> &Parents;
  llvm::SmallVector<DynTypedNode, 32> Stack;
};

} // namespace

NodeParents::NodeParents(const FunctionDecl &Function) {
  ParentRecorder(Parents).TraverseDecl(const_cast<FunctionDecl *>(&Function));
}

DynTypedNode NodeParents::parentOf(const DynTypedNode &Node) const {
  const void *Key = Node.getMemoizationData();
  return Key ? Parents.lookup(Key) : DynTypedNode();
}

} // namespace unawait
