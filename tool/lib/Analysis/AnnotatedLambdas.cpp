#include "Analysis/AnnotatedLambdas.h"

#include "Analysis/LambdaCaptures.h"
#include "Analysis/Naming.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/SmallPtrSet.h"

namespace unawait {

using namespace clang;

namespace {

/// The lambda's call operator.
const CXXMethodDecl *callOf(const AsyncFunction &Lambda) {
  return cast<CXXMethodDecl>(Lambda.Definition);
}

/// The lambdas around \p Call's lambda, innermost first, by their call
/// operators.
std::vector<const CXXMethodDecl *> lambdasAround(const CXXMethodDecl *Call) {
  std::vector<const CXXMethodDecl *> Around;
  for (const auto *Outer = dyn_cast<CXXMethodDecl>(Call->getParent()->getDeclContext());
       Outer && Outer->getParent()->isLambda();
       Outer = dyn_cast<CXXMethodDecl>(Outer->getParent()->getDeclContext()))
    Around.push_back(Outer);
  return Around;
}

/// True if \p Function is a template with an unnamed parameter, which the
/// generated class template's arguments could not name. (A class
/// template's need no name: the class nested in it names none.)
bool unnamedTemplateParameterAround(const FunctionDecl *Function) {
  const FunctionTemplateDecl *Template = Function->getDescribedFunctionTemplate();
  return Template && llvm::any_of(*Template->getTemplateParameters(), [](const NamedDecl *Param) {
           return Param->getName().empty();
         });
}

/// True for a capture of a pack (`[ts...]`, `[&ts...]`), which the frame
/// would keep as one object per element.
bool capturesPack(const CXXMethodDecl *Call) {
  return llvm::any_of(lambdaCaptures(Call->getParent()), [](const LambdaCapture &Capture) {
    return Capture.isPackExpansion() ||
           (Capture.capturesVariable() && Capture.getCapturedVar()->isParameterPack());
  });
}

/// Why the templates around the lambda cannot be its generated class's, if
/// they cannot. Its class is a class template over the parameters of a
/// function template around it, and, in a member of a class template,
/// nested in that class (a template already); anything else templated
/// around it (a generic lambda, a variable template, a friend, an
/// unnamed template parameter, which the class's arguments could not
/// name), or the lambda's own `auto` parameters, or a captured pack, is not
/// yet.
std::optional<Unsupported> unsupportedTemplateAround(const AsyncFunction &Lambda) {
  const CXXMethodDecl *Call = callOf(Lambda);
  if (!Lambda.Enclosing->isTemplated() && !Call->getParent()->isDependentContext())
    return std::nullopt;
  if (Call->getDescribedFunctionTemplate() ||
      llvm::any_of(lambdasAround(Call), [](const CXXMethodDecl *Outer) {
        return Outer->getDescribedFunctionTemplate() != nullptr;
      }))
    return Unsupported::LambdaInTemplate;
  // A function template, or a member of a class template (defined in it).
  const FunctionDecl *Function = Lambda.enclosingFunction();
  const auto *Method = dyn_cast_or_null<CXXMethodDecl>(Function);
  bool InClassTemplate = Method && Method->getParent()->isDependentContext();
  if (!Function || (!Function->getDescribedFunctionTemplate() && !InClassTemplate) ||
      (InClassTemplate && Function->isOutOfLine()) || unnamedTemplateParameterAround(Function))
    return Unsupported::LambdaInOtherTemplate;
  if (capturesPack(Call))
    return Unsupported::LambdaCapturesPack;
  return std::nullopt;
}

/// Why the generated class cannot go where the enclosing declaration's
/// would, if it cannot: there is no such declaration, or a template around
/// it that the class cannot be a template over, a member not declared in a
/// named class at namespace scope, a member function defined outside a
/// class of another file, or a variable defined outside its namespace.
/// (Inside an annotated function, or annotated lambda, it goes before that
/// function's class: the lambda is analysed, and emitted, first.)
std::optional<Unsupported> unplaceable(const AsyncFunction &Lambda) {
  const DeclaratorDecl *Around = Lambda.Enclosing;
  if (!Around)
    return Unsupported::LambdaOutsideFunction;
  if (std::optional<Unsupported> Why = unsupportedTemplateAround(Lambda))
    return Why;
  // (The class is declared in the class, which another file defines.)
  const SourceManager &SM = Around->getASTContext().getSourceManager();
  if (Around->isOutOfLine() &&
      (!isa<CXXMethodDecl>(Around) ||
       !SM.isInMainFile(SM.getExpansionLoc(Around->getCanonicalDecl()->getLocation()))))
    return Unsupported::LambdaInOutOfClassMember;
  const auto *Class = dyn_cast<CXXRecordDecl>(Around->getDeclContext());
  if (Class && (Class->isLocalClass() || !Class->getIdentifier()))
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

/// True for a capture of a structured binding, which C++17 does not have.
bool capturesBinding(const LambdaCapture &Capture) {
  return Capture.capturesVariable() && isa<BindingDecl>(Capture.getCapturedVar());
}

/// The first capture of a structured binding.
const LambdaCapture *bindingCapture(const CXXMethodDecl *Call) {
  for (const LambdaCapture &Capture : lambdaCaptures(Call->getParent()))
    if (capturesBinding(Capture))
      return &Capture;
  return nullptr;
}

/// The first capture of a variable whose type only the template's instances
/// deduce (`auto d = make(t)`, `[d = make(t)]`): the generated class
/// template would take it by a type spelled from the variable's
/// initializer, whose names are the function's.
const LambdaCapture *undeducedCapture(const CXXMethodDecl *Call) {
  for (const LambdaCapture &Capture : lambdaCaptures(Call->getParent()))
    if (Capture.capturesVariable() && undeducedPlaceholder(Capture.getCapturedVar()->getType()))
      return &Capture;
  return nullptr;
}

/// Where a capture is written: its name, or for an implicit one its first
/// use in the body.
SourceLocation capturedAt(const LambdaCapture &Capture, const CXXMethodDecl *Call) {
  if (Capture.isExplicit())
    return Capture.getLocation();
  struct FirstUse : RecursiveASTVisitor<FirstUse> {
    const ValueDecl *Captured;
    SourceLocation Found;
    bool VisitDeclRefExpr(DeclRefExpr *Ref) {
      if (Ref->getDecl() != Captured)
        return true;
      Found = Ref->getLocation();
      return false;
    }
  } Search;
  Search.Captured = Capture.getCapturedVar();
  Search.TraverseStmt(Call->getBody());
  return Search.Found.isValid() ? Search.Found : Capture.getLocation();
}

/// The first capture the rewrite cannot spell in C++17: a copy of a
/// structured binding of array type, which the init-capture replacing it
/// would decay. (A pack is captured only inside a template, where
/// unplaceable rejects it.)
const LambdaCapture *unsupportedCapture(const CXXMethodDecl *Call) {
  for (const LambdaCapture &Capture : lambdaCaptures(Call->getParent()))
    if (capturesBinding(Capture) && Capture.getCaptureKind() == LCK_ByCopy &&
        Capture.getCapturedVar()->getType()->isArrayType())
      return &Capture;
  return nullptr;
}

using Edits = std::vector<std::pair<SourceRange, std::string>>;

/// The captures of structured bindings as init-captures (see
/// bindingCaptureName): `[b]` -> `[b_capture = b]`, `[&b]` -> `[&b_capture
/// = b]`, and `[=]` (`[&]`) using b -> `[=, b_capture = b]` (`[&, &b_capture
/// = b]`). Each declares a closure member of the type the capture's would
/// have (a copy of the binding's referent, or a reference to it),
/// initialised from the same lvalue; the lambda's body, which names the
/// member, moves into the generated class, and the new body passes it on.
void spellBindingCaptures(const AsyncFunction &Lambda, const ASTContext &Context, Edits &Out) {
  const CXXRecordDecl *Closure = callOf(Lambda)->getParent();
  std::string Implicit;
  for (const LambdaCapture &Capture : lambdaCaptures(Closure)) {
    if (!capturesBinding(Capture))
      continue;
    const auto *Binding = cast<BindingDecl>(Capture.getCapturedVar());
    std::string Init =
        bindingCaptureName(Lambda, Binding, Context) + " = " + Binding->getName().str();
    if (Capture.isExplicit())
      Out.push_back({{Capture.getLocation(), Capture.getLocation()}, Init});
    else
      Implicit += (Capture.getCaptureKind() == LCK_ByRef ? ", &" : ", ") + Init;
  }
  if (Implicit.empty())
    return;
  // The capture-default is the token after the lambda's `[`.
  std::optional<Token> Default = Lexer::findNextToken(
      Closure->getLocation(), Context.getSourceManager(), Context.getLangOpts());
  Out.push_back({{Default->getLocation(), Default->getLocation()},
                 (Closure->getLambdaCaptureDefault() == LCD_ByRef ? "&" : "=") + Implicit});
}

/// Finds a declaration of the enclosing function that the lambda's body
/// names without capturing it: a static or constant local, a local type, a
/// local using-declaration. The generated class, outside that function,
/// could not name it.
class EnclosingNameSearch : public RecursiveASTVisitor<EnclosingNameSearch> {
public:
  explicit EnclosingNameSearch(const CXXMethodDecl *Call) : Call(Call) {
    for (const LambdaCapture &Capture : lambdaCaptures(Call->getParent()))
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
  /// of the closure) is reached through its object, which is checked; a
  /// template parameter of the function is the generated class
  /// template's too.
  bool note(const NamedDecl *D, SourceLocation Loc) {
    if (!D || !D->getParentFunctionOrMethod() || Call->Encloses(D->getDeclContext()) ||
        isa<CXXMethodDecl, NonTypeTemplateParmDecl>(D))
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
  const FunctionDecl *Around = Lambda.enclosingFunction();
  if (!Around)
    return nullptr;
  UsingDirectiveSearch Search;
  Search.TraverseStmt(Around->getBody());
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
  if (const LambdaCapture *Capture = bindingCapture(Call); Capture && Lambda.AsyncAround) {
    reportUnsupported(Diags, capturedAt(*Capture, Call), Unsupported::LambdaInAsyncCapturesBinding,
                      "'" + Capture->getCapturedVar()->getNameAsString() + "'");
    return false;
  }
  if (const LambdaCapture *Capture = undeducedCapture(Call)) {
    reportUnsupported(Diags, capturedAt(*Capture, Call), Unsupported::LambdaCapturesUndeduced,
                      "'" + Capture->getCapturedVar()->getNameAsString() + "' is declared '" +
                          Capture->getCapturedVar()->getType().getAsString() + "'");
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

Edits cxx17Spelling(const AsyncFunction &Lambda, const ASTContext &Context) {
  const CXXMethodDecl *Call = callOf(Lambda);
  Edits Out;
  spellBindingCaptures(Lambda, Context, Out);
  const TemplateParameterList *Params = writtenTemplateParameters(Call);
  if (!Params)
    return Out;
  Out.push_back({{Params->getLAngleLoc(), Params->getRAngleLoc()}, ""});
  for (const ParmVarDecl *Param : Call->parameters())
    if (auto Core = coreType(Param->getTypeSourceInfo()->getTypeLoc())
                        .getAs<TemplateTypeParmTypeLoc>();
        Core && !Core.getDecl()->isImplicit())
      Out.push_back({Core.getSourceRange(), "auto"});
  return Out;
}

std::string bindingCaptureName(const AsyncFunction &Lambda, const BindingDecl *Binding,
                               const ASTContext &Context) {
  std::map<std::string, unsigned> Spelled = functionIdentifiers(Lambda.placedBefore(), Context);
  std::string Base = Binding->getName().str() + "_capture";
  std::string Name = Base;
  for (unsigned N = 2; Spelled.count(Name); ++N)
    Name = Base + std::to_string(N);
  return Name;
}

std::string lambdaReturnType(const AsyncFunctionModel &Lambda) {
  return Lambda.functionTemplate() ? "auto" : lambdaClassType(Lambda);
}

const TemplateParameterList *templateParametersAround(const AsyncFunction &Lambda) {
  const FunctionDecl *Function = Lambda.enclosingFunction();
  if (!Lambda.isLambda() || !Function || callOf(Lambda)->getDescribedFunctionTemplate())
    return nullptr;
  const FunctionTemplateDecl *Template = Function->getDescribedFunctionTemplate();
  return Template ? Template->getTemplateParameters() : nullptr;
}

const FunctionDecl *functionAround(const CXXMethodDecl *Call) {
  std::vector<const CXXMethodDecl *> Around = lambdasAround(Call);
  const CXXMethodDecl *Outermost = Around.empty() ? Call : Around.back();
  return dyn_cast<FunctionDecl>(Outermost->getParent()->getDeclContext());
}

std::string lambdaClassType(const AsyncFunctionModel &Lambda) {
  const TemplateParameterList *Params = templateParametersAround(Lambda.Function);
  if (!Params || Lambda.InstanceOf)
    return Lambda.ClassName;
  std::string Arguments;
  for (const NamedDecl *Param : *Params)
    Arguments += (Arguments.empty() ? "" : ", ") + templateParameterName(Param) +
                 (Param->isParameterPack() ? "..." : "");
  return Lambda.ClassName + "<" + Arguments + ">";
}

bool futureReadsClosure(const CXXMethodDecl *Call) {
  return isAnnotatedAsync(Call) &&
         llvm::any_of(lambdaCaptures(Call->getParent()), [](const LambdaCapture &Capture) {
           return Capture.getCaptureKind() == LCK_ByCopy ||
                  Capture.getCaptureKind() == LCK_StarThis;
         });
}

/// The innermost capture by copy of \p Captured (`this` when null: of
/// `*this`) by a lambda around \p Call's lambda, through captures by
/// reference, and that lambda's call operator; nothing if the variable
/// itself (the object) is what \p Call's lambda reaches.
std::pair<const LambdaCapture *, const CXXMethodDecl *>
capturedAround(const ValueDecl *Captured, const CXXMethodDecl *Call) {
  for (const auto *Around = dyn_cast<CXXMethodDecl>(Call->getParent()->getDeclContext());
       Around && Around->getParent()->isLambda();
       Around = dyn_cast<CXXMethodDecl>(Around->getParent()->getDeclContext()))
    for (const LambdaCapture &Capture : lambdaCaptures(Around->getParent()))
      if (Captured ? Capture.capturesVariable() && Capture.getCapturedVar() == Captured
                   : Capture.capturesThis()) {
        if (Capture.getCaptureKind() != LCK_ByRef && Capture.getCaptureKind() != LCK_This)
          return {&Capture, Around};
        break; // by reference: what the lambda around that one names
      }
  return {nullptr, nullptr};
}

QualType captureReferenceType(const LambdaCapture &Capture, const CXXMethodDecl *Call,
                              ASTContext &Context) {
  QualType Named = Capture.getCapturedVar()->getType().getNonReferenceType();
  // The closure's copy is const in the body of a lambda that is not
  // mutable; so is the copy a lambda around it made, which a capture by
  // reference names.
  const CXXMethodDecl *Copier = Call;
  if (Capture.getCaptureKind() == LCK_ByRef)
    Copier = capturedAround(Capture.getCapturedVar(), Call).second;
  if (Copier && Copier->isConst())
    Named.addConst();
  return Context.getLValueReferenceType(Named);
}

QualType capturedThisType(const LambdaCapture &Capture, const CXXMethodDecl *Call,
                          const DeclaratorDecl *Enclosing, ASTContext &Context) {
  const auto *Method = dyn_cast<CXXMethodDecl>(Enclosing);
  QualType Class = Context.getRecordType(cast<CXXRecordDecl>(Enclosing->getDeclContext()));
  // `this` of a lambda around that copied `*this` points at that copy.
  if (Capture.getCaptureKind() != LCK_StarThis) {
    const CXXMethodDecl *Copier = capturedAround(nullptr, Call).second;
    if (!Copier)
      return Method ? Method->getThisType() : Context.getPointerType(Class);
    Call = Copier;
  }
  // `*this` is the closure's copy, of the type `*this` has where the lambda
  // is (const in a const member function), and const in a lambda that is
  // not mutable.
  QualType Copy = Method ? Method->getFunctionObjectParameterType() : Class;
  if (Call->isConst())
    Copy.addConst();
  return Context.getPointerType(Copy);
}

const LambdaExpr *closureInitializer(const VarDecl *Var) {
  const Expr *Init = Var->getInit();
  return Init ? dyn_cast<LambdaExpr>(Init->IgnoreImplicit()->IgnoreParens()) : nullptr;
}

bool closureHasDestructor(const LambdaExpr &Lambda) {
  for (const LambdaCapture &Capture : lambdaCaptures(Lambda)) {
    QualType Copied;
    if (Capture.getCaptureKind() == LCK_StarThis)
      Copied = Lambda.getCallOperator()->getFunctionObjectParameterType();
    else if (Capture.getCaptureKind() == LCK_ByCopy) // of a reference: its referent
      Copied = Capture.getCapturedVar()->getType().getNonReferenceType();
    else if (Capture.capturesVariable() && cast<VarDecl>(Capture.getCapturedVar())->isInitCapture())
      Copied = Capture.getCapturedVar()->getType();
    if (!Copied.isNull() && !Copied->isReferenceType() && hasDestructor(Copied))
      return true;
  }
  return false;
}

std::optional<std::vector<QualType>> closureMemberTypes(const LambdaExpr &Lambda) {
  const ASTContext &Context = Lambda.getLambdaClass()->getASTContext();
  std::vector<QualType> Types;
  for (const LambdaCapture &Capture : lambdaCaptures(Lambda)) {
    if (Capture.isPackExpansion() || Capture.capturesVLAType() ||
        Capture.getCaptureKind() == LCK_StarThis)
      return std::nullopt;
    if (Capture.capturesThis() || Capture.getCaptureKind() == LCK_ByRef) {
      Types.push_back(Context.VoidPtrTy);
      continue;
    }
    const auto *Var = dyn_cast<VarDecl>(Capture.getCapturedVar());
    if (!Var)
      return std::nullopt; // a structured binding
    Types.push_back(Var->getType().getNonReferenceType());
  }
  return Types;
}

const CXXMethodDecl *annotatedLambdaCalled(const CallExpr &Call) {
  const auto *Callee = dyn_cast<DeclRefExpr>(Call.getCallee()->IgnoreImplicit()->IgnoreParens());
  const auto *Var = Callee ? dyn_cast<VarDecl>(Callee->getDecl()) : nullptr;
  const LambdaExpr *Lambda = Var ? closureInitializer(Var) : nullptr;
  if (!Lambda || !isAnnotatedAsync(Lambda->getCallOperator()) ||
      Lambda->getCallOperator()->getDescribedFunctionTemplate())
    return nullptr;
  return Lambda->getCallOperator();
}

std::string lambdaLocation(const AsyncFunction &Lambda, const SourceManager &SM) {
  PresumedLoc Where =
      SM.getPresumedLoc(SM.getExpansionLoc(callOf(Lambda)->getParent()->getLocation()));
  return "(lambda at " + std::to_string(Where.getLine()) + ":" +
         std::to_string(Where.getColumn()) + ")";
}

std::string lambdaName(const AsyncFunction &Lambda, const SourceManager &SM) {
  std::string Around =
      Lambda.Enclosing ? Lambda.Enclosing->getQualifiedNameAsString() + "::" : "";
  return Around + lambdaLocation(Lambda, SM);
}

} // namespace unawait
