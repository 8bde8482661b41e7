#include "Analysis/TemplateInstances.h"

#include "Analysis/Naming.h"
#include "Analysis/Unsupported.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/RecursiveASTVisitor.h"

namespace unawait {

using namespace clang;

namespace {

/// The call \p E makes to an annotated function with a generated class, and
/// that function's model.
std::pair<const CallExpr *, const AsyncFunctionModel *>
annotatedCall(const Expr *E, const ModelRegistry &Models) {
  const auto *Call = dyn_cast<CallExpr>(E->IgnoreImplicit()->IgnoreParens());
  const FunctionDecl *Callee = Call ? Call->getDirectCallee() : nullptr;
  const AsyncFunctionModel *Model = Callee ? Models.find(Callee) : nullptr;
  if (!Model || Model->Function.HasSeparateDeclaration)
    return {nullptr, nullptr};
  return {Call, Model};
}

/// For each argument of \p Call whose parameter's type (references removed)
/// is a template type parameter of \p Template: the argument and the
/// parameter's index. Those arguments deduce the template's arguments.
std::vector<std::pair<const Expr *, unsigned>>
deducingArguments(const CallExpr &Call, const AsyncFunctionModel &Template) {
  std::vector<std::pair<const Expr *, unsigned>> Deducing;
  const FunctionDecl *Pattern = Template.Function.Definition;
  for (unsigned I = 0; I < Call.getNumArgs() && I < Pattern->getNumParams(); ++I) {
    QualType Type = Pattern->getParamDecl(I)->getType().getNonReferenceType();
    if (const auto *Param = Type->getAs<TemplateTypeParmType>();
        Param && Param->getDepth() == 0)
      Deducing.push_back({Call.getArg(I), Param->getIndex()});
  }
  return Deducing;
}

/// One template argument as the rewritten program sees it.
struct Argument {
  std::string Spelling;
  /// For a type: its size and alignment.
  uint64_t Size = 0, Align = 1;
  /// Set when the type is a generated class.
  const AsyncFunctionModel *Generated = nullptr;
  /// False for a type generated code cannot name.
  bool Nameable = true;
};

class Instantiation {
public:
  Instantiation(const AsyncFunctionModel &Template, ModelRegistry &Models,
                ASTContext &Context, DiagnosticReporter &Diags)
      : Template(Template), Models(Models), Ctx(Context), Diags(Diags) {}

  /// The instance \p Callee (an instantiation of the template) becomes in
  /// the rewritten program, where \p Call (if any) builds it; errors are
  /// reported at \p Where.
  std::optional<const AsyncFunctionModel *> run(const CallExpr *Call,
                                                const FunctionDecl &Callee,
                                                SourceLocation Where) {
    if (!deduce(Call, Callee))
      return std::nullopt;
    std::string Arguments = "<";
    for (const Argument &A : Args)
      Arguments += (Arguments.size() > 1 ? ", " : "") + A.Spelling;
    Arguments += ">";
    if (const AsyncFunctionModel *Known =
            Models.findInstance(Template, Template.ClassName + Arguments))
      return Known;
    AsyncFunctionModel Instance = Template;
    Instance.InstanceOf = &Template;
    Instance.Name += Arguments;
    Instance.ClassName += Arguments;
    Instance.NameableClass = llvm::all_of(Args, [](const Argument &A) { return A.Nameable; });
    if (!measure(Instance, Where))
      return std::nullopt;
    return Models.add(std::move(Instance));
  }

private:
  /// The arguments clang deduced, with each type parameter that a call to
  /// an annotated function initialises replaced by its generated class.
  bool deduce(const CallExpr *Call, const FunctionDecl &Callee) {
    for (const TemplateArgument &Source :
         Callee.getTemplateSpecializationArgs()->asArray())
      Args.push_back(sourceArgument(Source));
    if (!Call)
      return true;
    for (auto [Arg, Index] : deducingArguments(*Call, Template)) {
      std::optional<const AsyncFunctionModel *> Inner =
          generatedModelOf(Arg, Models, Ctx, Diags);
      if (!Inner)
        return false;
      if (const AsyncFunctionModel *Generated = *Inner; Generated && Index < Args.size())
        Args[Index] = {Generated->qualifiedClassName(), Generated->Layout.Size,
                       Generated->Layout.Align, Generated, Generated->NameableClass};
    }
    return true;
  }

  Argument sourceArgument(const TemplateArgument &Source) const {
    Argument A;
    if (Source.getKind() == TemplateArgument::Type) {
      A.Spelling = spellType(Source.getAsType(), Ctx);
      A.Nameable = unnameableReason(Source.getAsType()).empty();
      TypeInfoChars Info = Ctx.getTypeInfoInChars(Source.getAsType());
      A.Size = Info.Width.getQuantity();
      A.Align = Info.Align.getQuantity();
      return A;
    }
    llvm::raw_string_ostream OS(A.Spelling);
    Source.print(Ctx.getPrintingPolicy(), OS, /*IncludeType=*/true);
    return A;
  }

  /// Sizes the objects whose type is a template parameter, then lays the
  /// template's tree out again.
  bool measure(AsyncFunctionModel &Instance, SourceLocation Where) {
    for (size_t I = 0; I < Instance.LayoutObjects.size(); ++I) {
      FrameObject &Object = Instance.Objects[Instance.LayoutObjects[I]];
      if (hasKnownSize(Object.StoredType))
        continue;
      const auto *Param = Object.StoredType->getAs<TemplateTypeParmType>();
      if (!Param || Param->getDepth() != 0 || Param->getIndex() >= Args.size()) {
        reportUnsupported(Diags, Where, Unsupported::DependentKeptSize,
                          "'" + Instance.Name + "' keeps '" +
                              Object.StoredTypeSpelling + "'");
        Diags.note(Object.Loc, "'" + Object.SourceName + "' is declared here");
        return false;
      }
      const Argument &A = Args[Param->getIndex()];
      Object.Size = Instance.LayoutInput[I].Size = A.Size;
      Object.Align = Instance.LayoutInput[I].Align = A.Align;
      Object.StoredTypeSpelling = A.Spelling;
      Object.Generated = A.Generated;
    }
    remeasure(Instance.Layout, Instance.LayoutInput);
    placeObjects(Instance, Instance.Layout.Root);
    return true;
  }

  static void placeObjects(AsyncFunctionModel &Instance, const LayoutNode &Node) {
    if (Node.NodeKind == LayoutNode::Object)
      Instance.Objects[Instance.LayoutObjects[Node.ObjectIndex]].Offset = Node.Offset;
    for (const LayoutNode &Child : Node.Children)
      placeObjects(Instance, Child);
  }

  const AsyncFunctionModel &Template;
  ModelRegistry &Models;
  ASTContext &Ctx;
  DiagnosticReporter &Diags;
  std::vector<Argument> Args;
};

} // namespace

std::optional<const AsyncFunctionModel *>
generatedModelOf(const Expr *E, ModelRegistry &Models, ASTContext &Context,
                 DiagnosticReporter &Diags) {
  auto [Call, Model] = annotatedCall(E, Models);
  if (!Model || !Model->functionTemplate())
    return Model;
  const FunctionDecl &Callee = *Call->getDirectCallee();
  if (!Callee.getTemplateSpecializationArgs())
    return nullptr; // a dependent call inside a template
  return Instantiation(*Model, Models, Context, Diags)
      .run(Call, Callee, Call->getBeginLoc());
}

namespace {

/// The calls in the main file's own code (not in template instantiations).
class MainFileCalls : public RecursiveASTVisitor<MainFileCalls> {
public:
  explicit MainFileCalls(const SourceManager &SM) : SM(SM) {}
  bool TraverseDecl(Decl *D) {
    if (D && !isa<TranslationUnitDecl>(D) &&
        !SM.isInMainFile(SM.getExpansionLoc(D->getLocation())))
      return true; // the headers' code
    return RecursiveASTVisitor::TraverseDecl(D);
  }
  bool VisitCallExpr(CallExpr *Call) {
    Calls.push_back(Call);
    return true;
  }
  const SourceManager &SM;
  std::vector<const CallExpr *> Calls;
};

} // namespace

bool addUnrewrittenInstances(ModelRegistry &Models, ASTContext &Context,
                             DiagnosticReporter &Diags) {
  MainFileCalls Search(Context.getSourceManager());
  Search.TraverseDecl(Context.getTranslationUnitDecl());
  for (const CallExpr *Call : Search.Calls)
    if (!generatedModelOf(Call, Models, Context, Diags))
      return false;
  std::vector<const AsyncFunctionModel *> Templates;
  for (const AsyncFunctionModel &Model : Models.models())
    if (Model.functionTemplate())
      Templates.push_back(&Model);
  bool Measured = true;
  for (const AsyncFunctionModel *Template : Templates)
    for (const FunctionDecl *Spec : Template->functionTemplate()->specializations()) {
      const TemplateArgumentList *Args = Spec->getTemplateSpecializationArgs();
      bool SameInBothPrograms = llvm::none_of(
          Args->asArray(), [](const TemplateArgument &Arg) {
            return Arg.getKind() == TemplateArgument::Type &&
                   asyncOutputType(Arg.getAsType());
          });
      if (SameInBothPrograms &&
          !Instantiation(*Template, Models, Context, Diags)
               .run(nullptr, *Spec, Spec->getPointOfInstantiation()))
        Measured = false;
    }
  return Measured;
}

std::vector<const CallExpr *> generatingCalls(const Expr *E,
                                              const ModelRegistry &Models) {
  auto [Call, Model] = annotatedCall(E, Models);
  if (!Model)
    return {};
  std::vector<const CallExpr *> Calls{Call};
  if (Model->functionTemplate())
    for (auto [Arg, Index] : deducingArguments(*Call, *Model))
      for (const CallExpr *Inner : generatingCalls(Arg, Models))
        Calls.push_back(Inner);
  return Calls;
}

} // namespace unawait
