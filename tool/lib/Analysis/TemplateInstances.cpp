#include "Analysis/TemplateInstances.h"

#include "Analysis/Naming.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclTemplate.h"

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
};

class Instantiation {
public:
  Instantiation(const AsyncFunctionModel &Template, ModelRegistry &Models,
                ASTContext &Context, DiagnosticReporter &Diags)
      : Template(Template), Models(Models), Ctx(Context), Diags(Diags) {}

  std::optional<const AsyncFunctionModel *> run(const CallExpr &Call,
                                                const FunctionDecl &Callee) {
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
    if (!measure(Instance, Call))
      return std::nullopt;
    return Models.add(std::move(Instance));
  }

private:
  /// The arguments clang deduced, with each type parameter that a call to
  /// an annotated function initialises replaced by its generated class.
  bool deduce(const CallExpr &Call, const FunctionDecl &Callee) {
    for (const TemplateArgument &Source :
         Callee.getTemplateSpecializationArgs()->asArray())
      Args.push_back(sourceArgument(Source));
    for (auto [Arg, Index] : deducingArguments(Call, Template)) {
      std::optional<const AsyncFunctionModel *> Inner =
          generatedModelOf(Arg, Models, Ctx, Diags);
      if (!Inner)
        return false;
      if (const AsyncFunctionModel *Generated = *Inner; Generated && Index < Args.size())
        Args[Index] = {Generated->qualifiedClassName(), Generated->Layout.Size,
                       Generated->Layout.Align, Generated};
    }
    return true;
  }

  Argument sourceArgument(const TemplateArgument &Source) const {
    Argument A;
    if (Source.getKind() == TemplateArgument::Type) {
      A.Spelling = spellType(Source.getAsType(), Ctx);
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
  bool measure(AsyncFunctionModel &Instance, const CallExpr &Call) {
    for (size_t I = 0; I < Instance.LayoutObjects.size(); ++I) {
      FrameObject &Object = Instance.Objects[Instance.LayoutObjects[I]];
      if (hasKnownSize(Object.StoredType))
        continue;
      const auto *Param = Object.StoredType->getAs<TemplateTypeParmType>();
      if (!Param || Param->getDepth() != 0 || Param->getIndex() >= Args.size()) {
        Diags.error(Call.getBeginLoc(),
                    "unawait cannot measure the frame of '" + Instance.Name +
                        "': the size of '" + Object.StoredTypeSpelling +
                        "' depends on template arguments (only a template "
                        "parameter itself is measured yet)");
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
  return Instantiation(*Model, Models, Context, Diags).run(*Call, Callee);
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
