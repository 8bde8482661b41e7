#include "Analysis/ParenListInit.h"

#include "Analysis/Naming.h"
#include "Analysis/NodeSearch.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"

namespace unawait {

using namespace clang;

namespace {

/// A scalar element converted from another type: a braced list would
/// reject the conversion if it narrows.
bool convertsScalar(const Expr *Init, const ASTContext &Context) {
  return Init->getType()->isScalarType() &&
         !Context.hasSameUnqualifiedType(Init->getType(), Init->IgnoreImpCasts()->getType());
}

/// The member (or base) the element \p Index of \p List initialises.
const FieldDecl *fieldOf(const CXXParenListInitExpr *List, unsigned Index) {
  const auto *Record = List->getType()->getAsCXXRecordDecl();
  if (!Record)
    return nullptr;
  if (Record->isUnion())
    return List->getInitializedFieldInUnion();
  if (Index < Record->getNumBases())
    return nullptr;
  unsigned Field = Record->getNumBases();
  for (const FieldDecl *F : Record->fields()) {
    if (F->isUnnamedBitField())
      continue;
    if (Field++ == Index)
      return F;
  }
  return nullptr;
}

/// The type element \p Index of an aggregate whose type depends on template
/// arguments has, spelled in the pattern: the member's declared type, or
/// the array's element type.
std::optional<std::string> dependentElementType(const CXXParenListInitExpr *List,
                                                unsigned Index,
                                                const std::string &Aggregate) {
  if (List->getType()->isArrayType())
    return "std::remove_extent_t<" + Aggregate + ">";
  const FieldDecl *Field = fieldOf(List, Index);
  if (!Field || Field->getName().empty())
    return std::nullopt;
  return "decltype(" + Aggregate + "::" + Field->getName().str() + ")";
}

class ParenLists : public RecursiveASTVisitor<ParenLists> {
public:
  explicit ParenLists(
      llvm::DenseMap<SourceLocation, std::vector<const CXXParenListInitExpr *>> &Found)
      : Found(Found) {}
  bool VisitCXXParenListInitExpr(CXXParenListInitExpr *List) {
    Found[List->getEndLoc()].push_back(List);
    return true;
  }

private:
  llvm::DenseMap<SourceLocation, std::vector<const CXXParenListInitExpr *>> &Found;
};

} // namespace

const Expr *temporaryBoundToReference(const CXXParenListInitExpr *List) {
  for (const Expr *Init : List->getUserSpecifiedInitExprs())
    if (Init->isGLValue() && !nodesUnder<MaterializeTemporaryExpr>(Init).empty())
      return Init;
  return nullptr;
}

BracedSpelling castsOf(const CXXParenListInitExpr *List, const ASTContext &Context) {
  BracedSpelling Spelling;
  unsigned Index = 0;
  for (const Expr *Init : List->getUserSpecifiedInitExprs()) {
    if (convertsScalar(Init, Context))
      Spelling.Casts.push_back({Index, spellType(Init->getType(), Context)});
    ++Index;
  }
  return Spelling;
}

InstanceParenLists::InstanceParenLists(llvm::ArrayRef<const FunctionDecl *> Instances) {
  ParenLists Visitor(ByRParen);
  for (const FunctionDecl *Instance : Instances)
    if (Instance->getBody()) {
      ++Count;
      Visitor.TraverseStmt(const_cast<Stmt *>(Instance->getBody()));
    }
}

InstanceParenLists::Decision
InstanceParenLists::decide(SourceLocation RParen, QualType Aggregate,
                           const std::string &AggregateSpelling, unsigned Elements,
                           const ASTContext &Context) const {
  Decision D;
  if (Count == 0) { // a template never instantiated: its pattern's type decides
    D.Braced = !Aggregate->isDependentType() && Aggregate->isAggregateType();
    return D;
  }
  auto Found = ByRParen.find(RParen);
  if (Found == ByRParen.end())
    return D; // a constructor call (or a conversion) in every instance
  auto Reject = [&](Unsupported Why, SourceLocation At) {
    D.Rejected = Why;
    D.RejectedAt = At;
    return D;
  };
  const std::vector<const CXXParenListInitExpr *> &Lists = Found->second;
  if (Lists.size() != Count)
    return Reject(Unsupported::ParenInitInSomeInstances, RParen);
  D.Braced = true;
  std::map<unsigned, std::string> Casts;
  for (const CXXParenListInitExpr *List : Lists) {
    if (const Expr *Bound = temporaryBoundToReference(List))
      return Reject(Unsupported::ParenInitBindsTemporary, Bound->getBeginLoc());
    BracedSpelling Own = castsOf(List, Context);
    if (!Own.Casts.empty() && List->getUserSpecifiedInitExprs().size() != Elements)
      return Reject(Unsupported::ParenInitUncastable, RParen);
    for (auto &[Index, Type] : Own.Casts) {
      if (!Aggregate->isDependentType()) {
        Casts[Index] = Type;
      } else if (std::optional<std::string> Spelled =
                     dependentElementType(List, Index, AggregateSpelling)) {
        Casts[Index] = *Spelled;
      } else {
        return Reject(Unsupported::ParenInitUncastable, RParen);
      }
    }
  }
  D.Spelling.Casts.assign(Casts.begin(), Casts.end());
  return D;
}

} // namespace unawait
