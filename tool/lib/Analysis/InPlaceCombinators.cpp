#include "Analysis/InPlaceCombinators.h"

#include "Analysis/BodyLowering.h"
#include "Analysis/Naming.h"
#include "Analysis/NodeSearch.h"
#include "Analysis/TemplateInstances.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/ExprCXX.h"

namespace unawait {

using namespace clang;

namespace {

enum class Combinator { Join, Select };

/// unawait::join or unawait::select, as the runtime declares them.
std::optional<Combinator> runtimeCombinator(const FunctionDecl &Callee) {
  if (!Callee.getPrimaryTemplate())
    return std::nullopt;
  std::string Name = Callee.getQualifiedNameAsString();
  if (Name == "unawait::join")
    return Combinator::Join;
  if (Name == "unawait::select")
    return Combinator::Select;
  return std::nullopt;
}

/// Building \p Call inside the combinator evaluates it as written, only
/// later in its full-expression: nothing in it may be destroyed at the end
/// of that full-expression (a by-value parameter with a destructor), be a
/// temporary, or suspend.
bool buildableInPlace(const CallExpr &Call) {
  // (A temporary of any kind would be spilled before the await, and the
  // spill would take the call with it.)
  for (const Expr *Arg : Call.arguments())
    if (containsAwait(Arg) || !nodesUnder<MaterializeTemporaryExpr>(Arg).empty() ||
        !nodesUnder<CXXBindTemporaryExpr>(Arg).empty())
      return false;
  const FunctionDecl *Callee = Call.getDirectCallee();
  for (const ParmVarDecl *Param : Callee->parameters())
    if (!Param->getType()->isReferenceType() && hasDestructor(Param->getType()))
      return false;
  return true;
}

/// The calls built in place run inside the combinator's constructor, after
/// the arguments written after them: unobservable only when each of those
/// is another call built in place or does nothing (no side effect, no
/// temporary, which the full-expression would spill before the await and
/// the calls before it with it, no await).
bool laterArgumentsDoNothing(const CallExpr &Combinator,
                             llvm::ArrayRef<const CallExpr *> InPlace, ASTContext &Ctx) {
  bool AfterInPlace = false;
  for (const Expr *Arg : Combinator.arguments()) {
    const auto *Call = dyn_cast<CallExpr>(Arg->IgnoreImplicit()->IgnoreParens());
    if (Call && llvm::is_contained(InPlace, Call)) {
      AfterInPlace = true;
      continue;
    }
    if (AfterInPlace && (containsAwait(Arg) || Arg->HasSideEffects(Ctx) ||
                         !nodesUnder<MaterializeTemporaryExpr>(Arg).empty()))
      return false;
  }
  return true;
}

/// One child of the combinator as the rewritten program builds it.
struct Child {
  std::string Spelling;
  uint64_t Size = 0, Align = 1;
};

/// The layout children.hpp fixes for one child with future \p F and
/// stored output \p Output (join) or none (select).
std::pair<uint64_t, uint64_t> childLayout(Combinator Kind, const Child &F,
                                          std::pair<uint64_t, uint64_t> Output) {
  uint64_t Union = F.Size, Align = F.Align;
  if (Kind == Combinator::Join) {
    Union = std::max(Union, Output.first);
    Align = std::max(Align, Output.second);
  }
  // The union, then a one-byte state (join) or engaged flag (select).
  return {llvm::alignTo(llvm::alignTo(Union, Align) + 1, Align), Align};
}

/// The stored output types (std::monostate for void) of a Join's
/// children: the elements of its output_type, a std::tuple.
std::optional<std::vector<QualType>> joinOutputs(const ClassTemplateSpecializationDecl &Join,
                                                 ASTContext &Ctx) {
  auto Found = Join.lookup(&Ctx.Idents.get("output_type"));
  const auto *Alias = Found.empty() ? nullptr : dyn_cast<TypedefNameDecl>(Found.front());
  if (!Alias)
    return std::nullopt;
  const auto *Tuple = dyn_cast_or_null<ClassTemplateSpecializationDecl>(
      Alias->getUnderlyingType()->getAsCXXRecordDecl());
  if (!Tuple || Tuple->getTemplateArgs().size() != 1 ||
      Tuple->getTemplateArgs()[0].getKind() != TemplateArgument::Pack)
    return std::nullopt;
  std::vector<QualType> Outputs;
  for (const TemplateArgument &Element : Tuple->getTemplateArgs()[0].pack_elements())
    Outputs.push_back(Element.getAsType());
  return Outputs;
}

} // namespace

bool findInPlaceCombinator(const Expr *Operand, ModelRegistry &Models, ASTContext &Ctx,
                           DiagnosticReporter &Diags, const DeclContext *LocalScope,
                           std::optional<InPlaceCombinator> &Result) {
  const auto *Call = dyn_cast<CallExpr>(Operand->IgnoreImplicit()->IgnoreParens());
  const FunctionDecl *Callee = Call ? Call->getDirectCallee() : nullptr;
  std::optional<Combinator> Kind = Callee ? runtimeCombinator(*Callee) : std::nullopt;
  if (!Kind || Call->getType()->isDependentType())
    return true;
  const auto *Class = dyn_cast_or_null<ClassTemplateSpecializationDecl>(
      Call->getType()->getAsCXXRecordDecl());
  if (!Class || Class->getTemplateArgs().size() != 1 ||
      Class->getTemplateArgs()[0].getKind() != TemplateArgument::Pack ||
      Class->getTemplateArgs()[0].pack_size() != Call->getNumArgs())
    return true;
  llvm::ArrayRef<TemplateArgument> Futures = Class->getTemplateArgs()[0].pack_elements();
  std::optional<std::vector<QualType>> Outputs;
  if (*Kind == Combinator::Join && !(Outputs = joinOutputs(*Class, Ctx)))
    return true;
  InPlaceCombinator Found;
  std::vector<std::pair<uint64_t, uint64_t>> Layouts;
  bool Nameable = true;
  for (unsigned I = 0; I < Call->getNumArgs(); ++I) {
    std::optional<const AsyncFunctionModel *> Generated =
        generatedModelOf(Call->getArg(I), Models, Ctx, Diags);
    if (!Generated)
      return false;
    const auto *Inner = dyn_cast<CallExpr>(Call->getArg(I)->IgnoreImplicit()->IgnoreParens());
    Child C;
    if (*Generated && buildableInPlace(*Inner)) {
      C = {(*Generated)->qualifiedClassName(), (*Generated)->Layout.Size,
           (*Generated)->Layout.Align};
      Nameable = Nameable && (*Generated)->NameableClass;
      Found.InPlaceCalls.push_back(Inner);
    } else {
      QualType Type = Futures[I].getAsType();
      if (Type->isDependentType() || Type->isIncompleteType())
        return true;
      TypeInfoChars Info = Ctx.getTypeInfoInChars(Type);
      C = {spellType(Type, Ctx), static_cast<uint64_t>(Info.Width.getQuantity()),
           static_cast<uint64_t>(Info.Align.getQuantity())};
      Nameable = Nameable && unnameableReason(Type, LocalScope).empty();
    }
    std::pair<uint64_t, uint64_t> Output{0, 1};
    if (Outputs) {
      TypeInfoChars Info = Ctx.getTypeInfoInChars((*Outputs)[I]);
      Output = {Info.Width.getQuantity(), Info.Align.getQuantity()};
    }
    Layouts.push_back(childLayout(*Kind, C, Output));
    Found.Spelling += (I ? ", " : "") + C.Spelling;
  }
  if (Found.InPlaceCalls.empty() || !Nameable ||
      !laterArgumentsDoNothing(*Call, Found.InPlaceCalls, Ctx))
    return true;
  Found.Spelling = std::string(*Kind == Combinator::Join ? "unawait::Join<" : "unawait::Select<") +
                   Found.Spelling + ">";
  // The children's pack, then the `finished_` flag.
  auto [Size, Align] = packLayout(Layouts);
  Found.Size = llvm::alignTo(Size + 1, Align);
  Found.Align = Align;
  Result = std::move(Found);
  return true;
}

} // namespace unawait
