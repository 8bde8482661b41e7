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

/// An element binding a reference member to a temporary, or to part of
/// one (a glvalue element is a reference's binding).
bool bindsTemporary(const Expr *Init) {
  return Init->isGLValue() && !nodesUnder<MaterializeTemporaryExpr>(Init).empty();
}

/// The pattern's spelling for each of \p Own's types, \p Spell(Index) for
/// a dependent aggregate; false if one has none.
template <class SpellDependent>
bool respell(std::vector<std::pair<unsigned, std::string>> &Own, bool Dependent,
             SpellDependent Spell, std::map<unsigned, std::string> &Into) {
  for (auto &[Index, Type] : Own) {
    if (!Dependent) {
      Into[Index] = Type;
    } else if (std::optional<std::string> Spelled = Spell(Index)) {
      Into[Index] = *Spelled;
    } else {
      return false;
    }
  }
  return true;
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

BracedSpelling bracedSpelling(const CXXParenListInitExpr *List, const ASTContext &Context) {
  BracedSpelling Spelling;
  unsigned Index = 0;
  for (const Expr *Init : List->getUserSpecifiedInitExprs()) {
    if (convertsScalar(Init, Context))
      Spelling.Casts.push_back({Index, spellType(Init->getType(), Context)});
    else if (const FieldDecl *Field = fieldOf(List, Index); Field && bindsTemporary(Init))
      Spelling.Unextended.push_back({Index, spellType(Field->getType(), Context)});
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
  std::map<unsigned, std::string> Casts, Unextended;
  bool Dependent = Aggregate->isDependentType();
  for (const CXXParenListInitExpr *List : Lists) {
    BracedSpelling Own = bracedSpelling(List, Context);
    bool Shifted = List->getUserSpecifiedInitExprs().size() != Elements; // a pack expanded
    if (Shifted && !Own.Unextended.empty())
      return Reject(Unsupported::ParenInitBindsTemporary, RParen);
    if (Shifted && !Own.Casts.empty())
      return Reject(Unsupported::ParenInitUncastable, RParen);
    auto Spell = [&](unsigned Index) {
      return dependentElementType(List, Index, AggregateSpelling);
    };
    if (!respell(Own.Casts, Dependent, Spell, Casts) ||
        !respell(Own.Unextended, Dependent, Spell, Unextended))
      return Reject(Unsupported::ParenInitUncastable, RParen);
  }
  D.Spelling.Unextended.assign(Unextended.begin(), Unextended.end());
  D.Spelling.Casts.assign(Casts.begin(), Casts.end());
  return D;
}

} // namespace unawait
