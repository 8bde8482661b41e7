#include "Analysis/AnnotatedLambdas.h"

#include "clang/AST/DeclTemplate.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/SmallPtrSet.h"

namespace unawait {

using namespace clang;

namespace {

/// The lambda's call operator.
const CXXMethodDecl *callOf(const AsyncFunction &Lambda) {
  return cast<CXXMethodDecl>(Lambda.Definition);
}

/// Why the generated class cannot go where the enclosing function's would,
/// if it cannot: there is no such function, or it is a template (or the
/// lambda is inside a generic lambda), annotated itself (its body is moved
/// into its own class, lambda and all), or a member function not defined
/// in a named class at namespace scope.
std::optional<Unsupported> unplaceable(const AsyncFunction &Lambda) {
  const FunctionDecl *Around = Lambda.EnclosingFunction;
  if (!Around)
    return Unsupported::LambdaOutsideFunction;
  if (Around->isTemplated() || callOf(Lambda)->getParent()->isDependentContext())
    return Unsupported::LambdaInTemplate;
  if (isAnnotatedAsync(Around))
    return Unsupported::LambdaInAsyncFunction;
  for (const DeclContext *Context = callOf(Lambda)->getParent()->getDeclContext();
       Context != Around; Context = cast<CXXMethodDecl>(Context)->getParent()->getDeclContext())
    if (isAnnotatedAsync(cast<CXXMethodDecl>(Context)))
      return Unsupported::LambdaInAsyncFunction;
  const auto *Method = dyn_cast<CXXMethodDecl>(Around);
  if (!Method)
    return std::nullopt;
  if (Method->isOutOfLine())
    return Unsupported::LambdaInOutOfClassMember;
  if (Method->getParent()->isLocalClass() || !Method->getParent()->getIdentifier())
    return Unsupported::LambdaInLocalClass;
  return std::nullopt;
}

/// The lambda's template parameter list, if it writes one (`[]<class T>`):
/// parameters of a generic lambda's `auto` are invented, and the generated
/// class template names them itself.
const TemplateParameterList *writtenTemplateParameters(const CXXMethodDecl *Call) {
  const FunctionTemplateDecl *Template = Call->getDescribedFunctionTemplate();
  if (!Template || llvm::all_of(*Template->getTemplateParameters(),
                                [](const NamedDecl *Param) { return Param->isImplicit(); }))
    return nullptr;
  return Template->getTemplateParameters();
}

/// The type a parameter's declared type \p Written is built around once
/// cv-qualifiers, references and a pack expansion are taken off: `T` of
/// `const T &`, `Ts &&...`.
TypeLoc coreType(TypeLoc Written) {
  for (;;) {
    if (auto Qualified = Written.getAs<QualifiedTypeLoc>())
      Written = Qualified.getUnqualifiedLoc();
    else if (auto Reference = Written.getAs<ReferenceTypeLoc>())
      Written = Reference.getPointeeLoc();
    else if (auto Expansion = Written.getAs<PackExpansionTypeLoc>())
      Written = Expansion.getPatternLoc();
    else if (auto Parens = Written.getAs<ParenTypeLoc>())
      Written = Parens.getInnerLoc();
    else
      return Written;
  }
}

/// Counts the uses of \p Params' parameters in a type.
class TemplateParameterUses : public RecursiveASTVisitor<TemplateParameterUses> {
public:
  explicit TemplateParameterUses(const TemplateParameterList *Params) : Params(Params) {}
  bool VisitTemplateTypeParmTypeLoc(TemplateTypeParmTypeLoc TL) {
    if (llvm::is_contained(Params->asArray(), TL.getDecl()))
      ++Count;
    return true;
  }
  unsigned Count = 0;

private:
  const TemplateParameterList *Params;
};

/// True if C++17 can spell \p Call's template parameter list with `auto`
/// parameters: every parameter is a type, named by a parameter's type only
/// as its whole type (`T`, `const T &`, `Ts &&...`), at least once, and
/// no requires-clause constrains them.
bool writableWithAuto(const CXXMethodDecl *Call, const TemplateParameterList *Params) {
  if (Params->getRequiresClause() || Call->getTrailingRequiresClause())
    return false;
  TemplateParameterUses Uses(Params);
  llvm::SmallPtrSet<const NamedDecl *, 4> Deduced;
  for (const ParmVarDecl *Param : Call->parameters()) {
    TypeLoc Written = Param->getTypeSourceInfo()->getTypeLoc();
    Uses.TraverseTypeLoc(Written);
    if (auto Core = coreType(Written).getAs<TemplateTypeParmTypeLoc>())
      Deduced.insert(Core.getDecl());
  }
  for (const NamedDecl *Param : *Params)
    if (!Param->isImplicit() && (!isa<TemplateTypeParmDecl>(Param) || !Deduced.count(Param)))
      return false;
  unsigned Wholes = 0;
  for (const ParmVarDecl *Param : Call->parameters())
    if (auto Core = coreType(Param->getTypeSourceInfo()->getTypeLoc())
                        .getAs<TemplateTypeParmTypeLoc>();
        Core && llvm::is_contained(Params->asArray(), Core.getDecl()))
      ++Wholes;
  return Wholes == Uses.Count;
}

/// The first capture the frame cannot hold: a structured binding's. (A
/// pack is captured only inside a template, which unplaceable rejects.)
const LambdaCapture *unsupportedCapture(const CXXMethodDecl *Call) {
  for (const LambdaCapture &Capture : Call->getParent()->captures())
    if (Capture.capturesVariable() && isa<BindingDecl>(Capture.getCapturedVar()))
      return &Capture;
  return nullptr;
}

/// Finds a declaration of the enclosing function that the lambda's body
/// names without capturing it: a static or constant local, a local type, a
/// local using-declaration. The generated class, outside that function,
/// could not name it.
class EnclosingNameSearch : public RecursiveASTVisitor<EnclosingNameSearch> {
public:
  explicit EnclosingNameSearch(const CXXMethodDecl *Call) : Call(Call) {
    for (const LambdaCapture &Capture : Call->getParent()->captures())
      if (Capture.capturesVariable())
        Captured.insert(Capture.getCapturedVar());
  }

  bool VisitDeclRefExpr(DeclRefExpr *Ref) {
    if (Captured.count(Ref->getDecl()))
      return true;
    return note(Ref->getDecl(), Ref->getLocation()) &&
           note(Ref->getFoundDecl(), Ref->getLocation());
  }
  bool VisitTagTypeLoc(TagTypeLoc Type) {
    return note(Type.getDecl(), Type.getNameLoc());
  }
  bool VisitTypedefTypeLoc(TypedefTypeLoc Type) {
    return note(Type.getTypedefNameDecl(), Type.getNameLoc());
  }

  const NamedDecl *Found = nullptr;
  SourceLocation Where;

private:
  /// False (stops the search) at the first local of the enclosing function.
  /// A member function (a local closure's call operator, named by a call
  /// of the closure) is reached through its object, which is checked.
  bool note(const NamedDecl *D, SourceLocation Loc) {
    if (!D || !D->getParentFunctionOrMethod() || Call->Encloses(D->getDeclContext()) ||
        isa<CXXMethodDecl>(D))
      return true;
    Found = D;
    Where = Loc;
    return false;
  }

  const CXXMethodDecl *Call;
  llvm::DenseSet<const ValueDecl *> Captured;
};

/// Finds a using-directive or namespace alias in the enclosing function:
/// lookups in the lambda's body may depend on it.
class UsingDirectiveSearch : public RecursiveASTVisitor<UsingDirectiveSearch> {
public:
  bool VisitUsingDirectiveDecl(UsingDirectiveDecl *D) { return found(D); }
  bool VisitNamespaceAliasDecl(NamespaceAliasDecl *D) { return found(D); }
  const Decl *Found = nullptr;

private:
  bool found(const Decl *D) {
    Found = D;
    return false;
  }
};

const Decl *enclosingUsingDirective(const AsyncFunction &Lambda) {
  UsingDirectiveSearch Search;
  Search.TraverseStmt(Lambda.EnclosingFunction->getBody());
  return Search.Found;
}

} // namespace

bool supportedLambda(const AsyncFunction &Lambda, DiagnosticReporter &Diags) {
  const CXXMethodDecl *Call = callOf(Lambda);
  SourceLocation At = Call->getParent()->getLocation();
  if (std::optional<Unsupported> Why = unplaceable(Lambda)) {
    reportUnsupported(Diags, At, *Why);
    return false;
  }
  if (const TemplateParameterList *Params = writtenTemplateParameters(Call);
      Params && !writableWithAuto(Call, Params)) {
    reportUnsupported(Diags, Params->getLAngleLoc(), Unsupported::LambdaTemplateParameters);
    return false;
  }
  if (const LambdaCapture *Capture = unsupportedCapture(Call)) {
    reportUnsupported(Diags, Capture->getLocation(), Unsupported::LambdaCapturesBinding);
    return false;
  }
  if (const Decl *Using = enclosingUsingDirective(Lambda)) {
    reportUnsupported(Diags, Using->getBeginLoc(), Unsupported::LambdaNamesLocal,
                      "a using-directive or namespace alias");
    return false;
  }
  EnclosingNameSearch Search(Call);
  Search.TraverseStmt(Call->getBody());
  if (Search.Found) {
    reportUnsupported(Diags, Search.Where, Unsupported::LambdaNamesLocal,
                      "'" + Search.Found->getNameAsString() + "'");
    return false;
  }
  return true;
}

std::vector<std::pair<SourceRange, std::string>>
cxx17TemplateParameters(const AsyncFunction &Lambda) {
  const CXXMethodDecl *Call = callOf(Lambda);
  const TemplateParameterList *Params = writtenTemplateParameters(Call);
  if (!Params)
    return {};
  std::vector<std::pair<SourceRange, std::string>> Edits = {
      {{Params->getLAngleLoc(), Params->getRAngleLoc()}, ""}};
  for (const ParmVarDecl *Param : Call->parameters())
    if (auto Core = coreType(Param->getTypeSourceInfo()->getTypeLoc())
                        .getAs<TemplateTypeParmTypeLoc>();
        Core && !Core.getDecl()->isImplicit())
      Edits.push_back({Core.getSourceRange(), "auto"});
  return Edits;
}

QualType captureReferenceType(const LambdaCapture &Capture, const CXXMethodDecl *Call,
                              ASTContext &Context) {
  QualType Named = Capture.getCapturedVar()->getType().getNonReferenceType();
  // The closure's copy is const in the body of a lambda that is not mutable.
  if (Capture.getCaptureKind() == LCK_ByCopy && Call->isConst())
    Named.addConst();
  return Context.getLValueReferenceType(Named);
}

QualType capturedThisType(const LambdaCapture &Capture, const CXXMethodDecl *Call,
                          const CXXMethodDecl *Enclosing, ASTContext &Context) {
  if (Capture.getCaptureKind() != LCK_StarThis)
    return Enclosing->getThisType();
  // `*this` is the closure's copy, of the type `*this` has where the lambda
  // is (const in a const member function), and const in a lambda that is
  // not mutable.
  QualType Copy = Enclosing->getFunctionObjectParameterType();
  if (Call->isConst())
    Copy.addConst();
  return Context.getPointerType(Copy);
}

std::string lambdaName(const AsyncFunction &Lambda, const SourceManager &SM) {
  PresumedLoc Where =
      SM.getPresumedLoc(SM.getExpansionLoc(callOf(Lambda)->getParent()->getLocation()));
  std::string Around = Lambda.EnclosingFunction
                           ? Lambda.EnclosingFunction->getQualifiedNameAsString() + "::"
                           : "";
  return Around + "(lambda at " + std::to_string(Where.getLine()) + ":" +
         std::to_string(Where.getColumn()) + ")";
}

} // namespace unawait
