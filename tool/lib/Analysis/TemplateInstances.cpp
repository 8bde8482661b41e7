#include "Analysis/TemplateInstances.h"

#include "Analysis/AnnotatedLambdas.h"
#include "Analysis/InPlaceCombinators.h"
#include "Analysis/LambdaCaptures.h"
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
  if (!Model || Model->Function.BoxedSignature)
    return {nullptr, nullptr};
  return {Call, Model};
}

/// An argument of a call that deduces a template argument: the parameter's
/// type (references removed) is a template type parameter of the template,
/// or, for an element of the parameter pack, its pattern is.
struct DeducingArgument {
  const Expr *Arg;
  /// The template parameter's index.
  unsigned Index;
  /// For a pack: which element of the template parameter pack.
  std::optional<unsigned> Element;
};

std::vector<DeducingArgument> deducingArguments(const CallExpr &Call,
                                                const AsyncFunctionModel &Template) {
  std::vector<DeducingArgument> Deducing;
  const FunctionDecl *Pattern = Template.Function.Definition;
  for (unsigned I = 0; I < Call.getNumArgs() && I < Pattern->getNumParams(); ++I) {
    const ParmVarDecl *Param = Pattern->getParamDecl(I);
    QualType Type = Param->getType();
    if (Param->isParameterPack() && Param != Pattern->parameters().back())
      break; // a pack before the last parameter is not deduced
    if (Param->isParameterPack())
      Type = Type->castAs<PackExpansionType>()->getPattern();
    const auto *TypeParam = Type.getNonReferenceType()->getAs<TemplateTypeParmType>();
    if (!TypeParam || TypeParam->getDepth() != 0)
      continue;
    if (!Param->isParameterPack()) {
      Deducing.push_back({Call.getArg(I), TypeParam->getIndex(), std::nullopt});
      continue;
    }
    for (unsigned J = I; J < Call.getNumArgs(); ++J)
      Deducing.push_back({Call.getArg(J), TypeParam->getIndex(), J - I});
  }
  return Deducing;
}

/// Where \p Instance, an instance of a function template, has the
/// template's parameter \p Param: the parameters after a pack follow the
/// pack's elements.
unsigned instanceIndex(const FunctionDecl &Instance, const ParmVarDecl &Param) {
  const auto *Pattern = cast<FunctionDecl>(Param.getDeclContext());
  unsigned Index = Param.getFunctionScopeIndex();
  for (unsigned I = 0; I < Index; ++I)
    if (Pattern->getParamDecl(I)->isParameterPack())
      return Index + Instance.getNumParams() - Pattern->getNumParams();
  return Index;
}

/// The number of elements \p Instance has of the template's parameter pack
/// \p Pack.
unsigned packLength(const FunctionDecl &Instance, const ParmVarDecl &Pack) {
  return Instance.getNumParams() + 1 -
         cast<FunctionDecl>(Pack.getDeclContext())->getNumParams();
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
  /// For a template parameter pack: one argument per element.
  std::vector<Argument> Elements;
};

/// The types of a template's frame objects in one of clang's
/// instantiations of it. Clang's instantiated declarations and expressions
/// keep their pattern's source locations, which identify them.
class InstantiatedTypes {
public:
  explicit InstantiatedTypes(const FunctionDecl &Instance)
      : Instance(Instance) {
    Collector C{*this};
    C.TraverseStmt(const_cast<Stmt *>(Instance.getBody()));
  }

  /// The instance's expression written where \p Pattern is.
  const Expr *expressionAt(const Expr *Pattern) const {
    auto Found = Exprs.find({Pattern->getBeginLoc().getRawEncoding(),
                             Pattern->getEndLoc().getRawEncoding()});
    return Found == Exprs.end() ? nullptr : Found->second;
  }

  /// The instantiated operand of awaitee \p Object, as the await holds it
  /// (a prvalue materialised).
  const Expr *awaitedOperandOf(const FrameObject &Object) const {
    auto Found = Awaits.find(Object.Loc.getRawEncoding());
    return Found == Awaits.end() ? nullptr : Found->second->getOperand();
  }

  /// The instantiated initializer of variable \p Object.
  const Expr *initializerOf(const FrameObject &Object) const {
    const VarDecl *Var = variableOf(Object);
    return Var ? Var->getInit() : nullptr;
  }

  /// The instance's variable of \p Object (a range-for's hidden ones
  /// share their locations, so are found through their loop).
  const VarDecl *variableOf(const FrameObject &Object) const {
    if (Object.HiddenOf) {
      auto Loop = Loops.find(Object.HiddenOf->getBeginLoc().getRawEncoding());
      if (Loop == Loops.end())
        return nullptr;
      const Stmt *Declared = Object.Hidden == FrameObject::RangeForPart::Range
                                 ? Loop->second->getRangeStmt()
                             : Object.Hidden == FrameObject::RangeForPart::Begin
                                 ? Loop->second->getBeginStmt()
                                 : Loop->second->getEndStmt();
      return Declared ? cast<VarDecl>(cast<DeclStmt>(Declared)->getSingleDecl()) : nullptr;
    }
    auto Found = Object.Var ? Vars.find(Object.Var->getLocation().getRawEncoding()) : Vars.end();
    return Found == Vars.end() ? nullptr : Found->second;
  }

  /// The instantiated type of \p Object; for an awaitee, \p Operand is
  /// set to the instantiated operand.
  std::optional<QualType> typeOf(const FrameObject &Object, const Expr *&Operand) const {
    if (Object.HiddenOf) {
      const VarDecl *Var = variableOf(Object);
      if (!Var)
        return std::nullopt;
      if (std::optional<QualType> Array = listArray(*Var))
        return Array;
      return Var->getType();
    }
    if (Object.Var) {
      if (const auto *Param = dyn_cast<ParmVarDecl>(Object.Var)) {
        unsigned Index = instanceIndex(Instance, *Param);
        if (Index < Instance.getNumParams())
          return Instance.getParamDecl(Index)->getType();
        return std::nullopt;
      }
      auto Found = Vars.find(Object.Var->getLocation().getRawEncoding());
      if (Found == Vars.end())
        return std::nullopt;
      return Found->second->getType();
    }
    if (Object.Kind == ObjectKind::Awaitee) {
      auto Found = Awaits.find(Object.Loc.getRawEncoding());
      if (Found == Awaits.end())
        return std::nullopt;
      Operand = Found->second->getOperand();
      if (const auto *Temp = dyn_cast<MaterializeTemporaryExpr>(Operand))
        Operand = Temp->getSubExpr();
      Operand = Operand->IgnoreImplicit();
      return Object.StoredAsPointer ? QualType(Operand->getType())
                                    : Operand->getType();
    }
    if (Object.TemporaryOf) {
      auto Found = Exprs.find({Object.TemporaryOf->getBeginLoc().getRawEncoding(),
                               Object.TemporaryOf->getEndLoc().getRawEncoding()});
      if (Found == Exprs.end())
        return std::nullopt;
      return Found->second->getType();
    }
    return std::nullopt;
  }

private:
  /// For a range-for's hidden `auto &&range = {a, b};`: the type of the
  /// array the frame keeps for the list, without the elements' const.
  static std::optional<QualType> listArray(const VarDecl &Range) {
    const auto *List = dyn_cast_or_null<CXXStdInitializerListExpr>(
        Range.getInit() ? Range.getInit()->IgnoreImplicit() : nullptr);
    if (!List)
      return std::nullopt;
    const ASTContext &Ctx = Range.getASTContext();
    const auto *Array = Ctx.getAsConstantArrayType(List->getSubExpr()->IgnoreImplicit()->getType());
    if (!Array)
      return std::nullopt;
    return listElementStorage(*Array, Ctx);
  }

  struct Collector : RecursiveASTVisitor<Collector> {
    InstantiatedTypes &Types;
    explicit Collector(InstantiatedTypes &Types) : Types(Types) {}
    bool shouldVisitImplicitCode() const { return true; }
    bool VisitVarDecl(VarDecl *Var) {
      Types.Vars.try_emplace(Var->getLocation().getRawEncoding(), Var);
      return true;
    }
    bool VisitCXXForRangeStmt(CXXForRangeStmt *Loop) {
      Types.Loops.try_emplace(Loop->getBeginLoc().getRawEncoding(), Loop);
      return true;
    }
    bool VisitCoawaitExpr(CoawaitExpr *Await) {
      if (!Await->isImplicit())
        Types.Awaits.try_emplace(Await->getBeginLoc().getRawEncoding(), Await);
      return true;
    }
    bool VisitExpr(Expr *E) {
      // The outermost expression of a range (visited first) is the one
      // written there.
      Types.Exprs.try_emplace({E->getBeginLoc().getRawEncoding(),
                               E->getEndLoc().getRawEncoding()},
                              E);
      return true;
    }
  };

  const FunctionDecl &Instance;
  std::map<unsigned, const VarDecl *> Vars;
  std::map<unsigned, const CoawaitExpr *> Awaits;
  std::map<unsigned, const CXXForRangeStmt *> Loops;
  std::map<std::pair<unsigned, unsigned>, const Expr *> Exprs;
};

/// No template argument is an unawait::Async<T>, which may stand for a
/// generated class in the rewritten program.
bool sameInBothPrograms(llvm::ArrayRef<TemplateArgument> Args) {
  return llvm::none_of(Args, [](const TemplateArgument &Arg) {
    if (Arg.getKind() == TemplateArgument::Pack)
      return !sameInBothPrograms(Arg.pack_elements());
    return Arg.getKind() == TemplateArgument::Type && asyncOutputType(Arg.getAsType());
  });
}

bool sameInBothPrograms(const FunctionDecl &Spec) {
  if (const TemplateArgumentList *Own = Spec.getTemplateSpecializationArgs();
      Own && !sameInBothPrograms(Own->asArray()))
    return false;
  for (const DeclContext *C = Spec.getDeclContext(); C; C = C->getParent())
    if (const auto *Class = dyn_cast<ClassTemplateSpecializationDecl>(C);
        Class && !sameInBothPrograms(Class->getTemplateArgs().asArray()))
      return false;
  return true;
}

class Instantiation {
  /// A class template's instance, its arguments spelled one by one (fully
  /// qualified: the record type prints them as the source wrote them).
  std::string classSpelling(const CXXRecordDecl &Class) const {
    std::string Spelled = spellType(Ctx.getRecordType(&Class), Ctx);
    const auto *Spec = dyn_cast<ClassTemplateSpecializationDecl>(&Class);
    // (Nested in another class's instance: as the record type spells it.)
    if (!Spec || !Spec->getDeclContext()->isFileContext())
      return Spelled;
    std::string Arguments;
    for (const TemplateArgument &Arg : Spec->getTemplateArgs().asArray()) {
      std::string One = sourceArgument(Arg).Spelling;
      if (!One.empty())
        Arguments += (Arguments.empty() ? "" : ", ") + One;
    }
    return Spelled.substr(0, Spelled.find('<')) + "<" + Arguments + ">";
  }

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
    const FunctionDecl &Around = placedWith(Callee);
    // (A lambda's call operator is instantiated with the function around it.)
    if (Where.isInvalid())
      Where = Around.getPointOfInstantiation();
    if (lambdaInTemplate() && !sameInBothPrograms(Around)) {
      reportUnsupported(Diags, Where, Unsupported::LambdaInTemplateOfFuture,
                        "'" + Around.getQualifiedNameAsString() + "'");
      Diags.note(Template.Function.Definition->getLocation(), "the lambda is here");
      return std::nullopt;
    }
    if (!deduce(Call, Around))
      return std::nullopt;
    std::string Arguments;
    if (Template.functionTemplate() || templateParametersAround(Template.Function)) {
      Arguments = "<";
      for (const Argument &A : Args)
        if (!A.Spelling.empty())
          Arguments += (Arguments.size() > 1 ? ", " : "") + A.Spelling;
      Arguments += ">";
    }
    // A member of a class template: the generated class is nested in the
    // instance of the class.
    std::string Class;
    if (const auto *Method = dyn_cast<CXXMethodDecl>(&Around);
        Method && Template.Function.placedBefore()->getDeclContext()->isDependentContext())
      Class = classSpelling(*Method->getParent());
    Class = llvm::StringRef(Class).ltrim(':').str();
    std::string ClassName = Template.ClassName + Arguments;
    std::string Enclosing = Class.empty() ? "" : "::" + Class;
    if (const AsyncFunctionModel *Known = Models.findInstance(Template, ClassName, Enclosing)) {
      Models.noteSpecialization(Callee, *Known);
      return Known;
    }
    AsyncFunctionModel Instance = Template;
    Instance.InstanceOf = &Template;
    Instance.Name = instanceName(Around, Class, Arguments);
    Instance.ClassName = ClassName;
    Instance.EnclosingClass = Enclosing;
    for (FrameObject &Object : Instance.Objects)
      if (Object.Kind == ObjectKind::This)
        Object.StoredTypeSpelling = spellType(thisType(Callee, Around), Ctx);
    Instance.NameableClass = llvm::all_of(Args, [](const Argument &A) { return A.Nameable; });
    if (!measure(Instance, Callee, Where))
      return std::nullopt;
    // (A boxed external template's instances are for the size report only:
    // callers name no class of theirs, and this file emits none.)
    bool ExternalOnly = Template.Function.External && Template.Function.BoxedSignature;
    const AsyncFunctionModel *Added = ExternalOnly ? Models.addExternal(std::move(Instance))
                                                   : Models.add(std::move(Instance));
    Models.noteSpecialization(Callee, *Added);
    return Added;
  }

private:
  /// The function whose place the generated class takes: \p Callee, or,
  /// for an annotated lambda's call operator, the instance of the function
  /// around it.
  const FunctionDecl &placedWith(const FunctionDecl &Callee) const {
    if (!lambdaInTemplate())
      return Callee;
    return *functionAround(cast<CXXMethodDecl>(&Callee));
  }

  /// True for an annotated lambda (not generic: that is a template of its
  /// own) inside a template.
  bool lambdaInTemplate() const {
    return Template.Function.isLambda() && !Template.functionTemplate();
  }

  /// "use_future<test_future>", "Box<int>::get", and for a lambda
  /// "run<int>::(lambda at 6:12)".
  std::string instanceName(const FunctionDecl &Around, const std::string &Class,
                           const std::string &Arguments) const {
    bool Lambda = lambdaInTemplate();
    std::string Function = !Class.empty() ? Class + "::" + Around.getNameAsString()
                           : Lambda       ? Around.getQualifiedNameAsString()
                                          : Template.Name;
    if (!Lambda)
      return Function + Arguments;
    return Function + Arguments + "::" +
           lambdaLocation(Template.Function, Ctx.getSourceManager());
  }

  /// The type of `this` in the instance \p Callee (of a member function, or
  /// of a lambda capturing `this` or `*this` inside \p Around).
  QualType thisType(const FunctionDecl &Callee, const FunctionDecl &Around) const {
    const auto *Method = cast<CXXMethodDecl>(&Callee);
    if (!lambdaInTemplate())
      return Method->getThisType();
    for (const LambdaCapture &Capture : Method->getParent()->captures())
      if (Capture.capturesThis())
        return capturedThisType(Capture, Method, &Around, Ctx);
    return Method->getThisType();
  }

  /// The arguments clang deduced, with each type parameter that a call to
  /// an annotated function initialises replaced by its generated class.
  bool deduce(const CallExpr *Call, const FunctionDecl &Callee) {
    if (const TemplateArgumentList *Own = Callee.getTemplateSpecializationArgs())
      for (const TemplateArgument &Source : Own->asArray())
        Args.push_back(sourceArgument(Source));
    if (!Call || !Template.functionTemplate())
      return true;
    for (const DeducingArgument &D : deducingArguments(*Call, Template)) {
      std::optional<const AsyncFunctionModel *> Inner =
          generatedModelOf(D.Arg, Models, Ctx, Diags);
      if (!Inner)
        return false;
      const AsyncFunctionModel *Generated = *Inner;
      if (!Generated || D.Index >= Args.size())
        continue;
      Argument &A = Args[D.Index];
      if (D.Element && *D.Element >= A.Elements.size())
        continue;
      Argument &Deduced = D.Element ? A.Elements[*D.Element] : A;
      Deduced = {Generated->qualifiedClassName(), Generated->Layout.Size,
                 Generated->Layout.Align, Generated, Generated->NameableClass, {}};
      if (D.Element)
        A = packArgument(std::move(A.Elements));
      Substituted = true;
    }
    return true;
  }

  static Argument packArgument(std::vector<Argument> Elements) {
    Argument A;
    for (const Argument &Element : Elements) {
      A.Spelling += (A.Spelling.empty() ? "" : ", ") + Element.Spelling;
      A.Nameable = A.Nameable && Element.Nameable;
    }
    A.Elements = std::move(Elements);
    return A;
  }

  Argument sourceArgument(const TemplateArgument &Source) const {
    if (Source.getKind() == TemplateArgument::Pack) {
      std::vector<Argument> Elements;
      for (const TemplateArgument &Element : Source.pack_elements())
        Elements.push_back(sourceArgument(Element));
      return packArgument(std::move(Elements));
    }
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

  /// Sizes the objects whose type depends on template arguments, then lays
  /// the template's tree out again. Where the rewritten program instantiates
  /// the template with the arguments clang did, clang's instantiation of the
  /// function has each object's type; otherwise (an argument is a generated
  /// class) an object typed by a template parameter takes its argument's
  /// size.
  /// A box of a call that depends on template arguments was recorded with
  /// the function one instance calls (BodyLowering's
  /// calleeOfEveryInstance): where that is a function template's
  /// specialization, this instance's box holds the frame of its own.
  static void followBoxedSpecializations(AsyncFunctionModel &Instance,
                                         const InstantiatedTypes &Instantiated) {
    for (BoxedFrame &Box : Instance.Boxes) {
      if (!Box.Callee || !Box.Callee->getPrimaryTemplate())
        continue;
      const Expr *Written = Instantiated.expressionAt(Box.Call);
      const auto *Call =
          Written ? dyn_cast<CallExpr>(Written->IgnoreImplicit()->IgnoreParens()) : nullptr;
      if (const FunctionDecl *Own = Call ? Call->getDirectCallee() : nullptr)
        Box.Callee = Own;
    }
  }

  bool measure(AsyncFunctionModel &Instance, const FunctionDecl &Callee,
               SourceLocation Where) {
    std::optional<InstantiatedTypes> Instantiated;
    if (!Substituted && Callee.getBody())
      Instantiated.emplace(Callee);
    if (Instantiated)
      followBoxedSpecializations(Instance, *Instantiated);
    for (size_t I = 0; I < Instance.LayoutObjects.size(); ++I) {
      FrameObject &Object = Instance.Objects[Instance.LayoutObjects[I]];
      // (An annotated lambda's future in the template around it: its
      // class template's instance.)
      bool GeneratedTemplate = Object.Generated && !Object.Generated->hasRealSizes();
      if (hasKnownSize(Object.StoredType) && !Object.SpelledAs && !Object.DeducedFrom &&
          !GeneratedTemplate)
        continue;
      // A variable keeping a generated class (`auto f = g();` only awaited)
      // whose call does not depend on template arguments: the same class in
      // every instance, measured with the template (clang's instantiation
      // has the Async<T> of the unrewritten program).
      if (Object.Var && Object.Generated)
        continue;
      if (Object.Pack) {
        if (!measurePack(Object, Callee, Where))
          return false;
        Instance.LayoutInput[I].Size = Object.Size;
        Instance.LayoutInput[I].Align = Object.Align;
        continue;
      }
      if (Object.SizedPerInstance) {
        if (!sizeKeptClosure(Object, Instantiated ? &*Instantiated : nullptr, Where))
          return false;
        Instance.LayoutInput[I].Size = Object.Size;
        Instance.LayoutInput[I].Align = Object.Align;
        continue;
      }
      if (Instantiated) {
        std::optional<bool> Sized = sizeFromInstantiation(Object, *Instantiated);
        if (!Sized)
          return false;
        if (*Sized) {
          Instance.LayoutInput[I].Size = Object.Size;
          Instance.LayoutInput[I].Align = Object.Align;
          continue;
        }
      }
      std::string Extents;
      if (Object.StoredType->isPointerType()) { // its size is known
        const Argument *Pointee = argumentOf(Object.StoredType->getPointeeType(), Extents);
        if (Pointee && Extents.empty())
          Object.StoredTypeSpelling = Pointee->Spelling + " *";
        continue;
      }
      const Argument *A = argumentOf(Object.StoredType, Extents);
      if (!A) {
        reportUnsupported(Diags, Where, Unsupported::DependentKeptSize,
                          "'" + Instance.Name + "' keeps '" +
                              Object.StoredTypeSpelling + "'");
        Diags.note(Object.Loc, "'" + Object.SourceName + "' is declared here");
        return false;
      }
      uint64_t Elements = 1;
      if (const auto *Array = Ctx.getAsConstantArrayType(Object.StoredType))
        Elements = Ctx.getConstantArrayElementCount(Array);
      Object.Size = Instance.LayoutInput[I].Size = Elements * A->Size;
      Object.Align = Instance.LayoutInput[I].Align = A->Align;
      Object.StoredTypeSpelling = A->Spelling + Extents;
      if (Extents.empty())
        Object.Generated = A->Generated;
    }
    remeasure(Instance.Layout, Instance.LayoutInput);
    placeObjects(Instance, Instance.Layout.Root);
    return true;
  }

  /// The argument of the template type parameter \p Type is (cv-qualified,
  /// or an array of it, whose extents are appended to \p Extents: "[2][3]").
  const Argument *argumentOf(QualType Type, std::string &Extents) const {
    while (const auto *Array = Ctx.getAsConstantArrayType(Type)) {
      Extents += "[" + std::to_string(Array->getSize().getZExtValue()) + "]";
      Type = Array->getElementType();
    }
    const auto *Param = Type->getAs<TemplateTypeParmType>();
    if (!Param || Param->getDepth() != 0 || Param->getIndex() >= Args.size())
      return nullptr;
    return &Args[Param->getIndex()];
  }

  /// Sizes the kept parameter pack \p Pack: its elements are the
  /// instance's parameters from the pack's position on, or, where an
  /// element is a generated class, the pack's template arguments.
  bool measurePack(FrameObject &Pack, const FunctionDecl &Callee, SourceLocation Where) {
    QualType Pattern = Pack.Type->castAs<PackExpansionType>()->getPattern();
    uint64_t Pointer = Ctx.getTypeSizeInChars(Ctx.VoidPtrTy).getQuantity();
    std::vector<std::pair<uint64_t, uint64_t>> Sizes;
    std::string Spelled;
    auto add = [&](std::string Spelling, uint64_t Size, uint64_t Align) {
      Spelled += (Spelled.empty() ? "" : ", ") + Spelling;
      Sizes.push_back({Size, Align});
    };
    if (!Substituted) {
      const auto &Param = *cast<ParmVarDecl>(Pack.Var);
      for (unsigned J = instanceIndex(Callee, Param), Last = J + packLength(Callee, Param);
           J < Last; ++J) {
        QualType Type = Callee.getParamDecl(J)->getType();
        TypeInfoChars Info = Ctx.getTypeInfoInChars(Type.getNonReferenceType());
        if (Type->isReferenceType())
          add(spellType(Type, Ctx), Pointer, Pointer);
        else
          add(spellType(Type, Ctx), Info.Width.getQuantity(), Info.Align.getQuantity());
      }
    } else {
      const auto *Param = Pattern.getNonReferenceType()->getAs<TemplateTypeParmType>();
      if (!Param || Param->getDepth() != 0 || Param->getIndex() >= Args.size()) {
        reportUnsupported(Diags, Where, Unsupported::DependentKeptSize,
                          "'" + Template.Name + "' keeps '" + Pack.StoredTypeSpelling +
                              "', and an element is a generated class");
        Diags.note(Pack.Loc, "'" + Pack.SourceName + "' is declared here");
        return false;
      }
      for (const Argument &Element : Args[Param->getIndex()].Elements) {
        if (Pattern->isReferenceType())
          add(Element.Spelling + " &&", Pointer, Pointer);
        else
          add(Element.Spelling, Element.Size, Element.Align);
      }
    }
    std::tie(Pack.Size, Pack.Align) = packLayout(Sizes);
    Pack.StoredTypeSpelling = "unawait::detail::pack<" + Spelled + ">";
    return true;
  }

  /// A closure kept per instance (FrameObject::SizedPerInstance): the
  /// values its bound takes in this instance, over the member types the
  /// pattern spells (closureMemberSize); false, after reporting, when one
  /// cannot be sized.
  bool sizeKeptClosure(FrameObject &Object, const InstantiatedTypes *Types,
                       SourceLocation Where) {
    const LambdaExpr *Pattern = closureInitializer(cast<VarDecl>(Object.Var));
    std::optional<std::vector<QualType>> Members = closureMemberTypes(*Pattern);
    assert(Members && "KeptObjects sizes per instance only closures whose members it spells");
    const VarDecl *Var = Types ? Types->variableOf(Object) : nullptr;
    const LambdaExpr *Closure = Var ? closureInitializer(Var) : nullptr;
    llvm::DenseMap<SourceLocation, QualType> Copies; // by the variable's location
    if (Closure)
      for (const LambdaCapture &Capture : Closure->captures())
        if (Capture.capturesVariable() && Capture.getCaptureKind() == LCK_ByCopy)
          Copies[Capture.getCapturedVar()->getLocation()] =
              Capture.getCapturedVar()->getType().getNonReferenceType();
    llvm::ArrayRef<LambdaCapture> Captures = lambdaCaptures(*Pattern);
    uint64_t Align = 1, Size = 0;
    std::vector<std::pair<uint64_t, uint64_t>> Sizes;
    for (size_t I = 0; I < Members->size(); ++I) {
      std::optional<std::pair<uint64_t, uint64_t>> Sized =
          closureMemberSize((*Members)[I], Captures[I], Copies);
      if (!Sized) {
        reportUnsupported(Diags, Where, Unsupported::DependentKeptSize,
                          "'" + Template.Name + "' keeps '" + Object.SourceName +
                              "', a closure holding a '" + (*Members)[I].getAsString() + "'");
        Diags.note(Object.Loc, "'" + Object.SourceName + "' is declared here");
        return false;
      }
      Sizes.push_back(*Sized);
      Align = std::max(Align, Sized->second);
    }
    for (const auto &Sized : Sizes)
      Size += alignTo(Sized.first, Align);
    Object.Size = std::max<uint64_t>(Size, 1);
    Object.Align = Align;
    if (Object.HasDestructor)
      measureUnnamedObject(Object, Ctx);
    return true;
  }

  /// The size and alignment of a closure's member of type \p Member, which
  /// the pattern spells: as this instance's closure gives the captured
  /// variable (\p Copies, by the variable's location: clang's
  /// instantiation), or, where clang made none, as the template's
  /// arguments give it (a pointer, a member of a template parameter's
  /// type, or an array of it).
  std::optional<std::pair<uint64_t, uint64_t>>
  closureMemberSize(QualType Member, const LambdaCapture &Capture,
                    const llvm::DenseMap<SourceLocation, QualType> &Copies) const {
    if (Member->isDependentType() && Capture.capturesVariable())
      if (auto Found = Copies.find(Capture.getCapturedVar()->getLocation());
          Found != Copies.end())
        Member = Found->second;
    if (Member->isPointerType()) // its size is known
      Member = Ctx.VoidPtrTy;
    if (!Member->isDependentType()) {
      TypeInfoChars Info = Ctx.getTypeInfoInChars(Member);
      return std::pair<uint64_t, uint64_t>(Info.Width.getQuantity(), Info.Align.getQuantity());
    }
    std::string Extents;
    const Argument *A = argumentOf(Member, Extents);
    if (!A)
      return std::nullopt;
    uint64_t Elements = 1;
    for (QualType T = Member; const auto *Array = Ctx.getAsConstantArrayType(T);
         T = Array->getElementType())
      Elements *= Array->getSize().getZExtValue();
    return std::pair<uint64_t, uint64_t>(Elements * A->Size, A->Align);
  }

  /// Sizes \p Object with its type in clang's instantiation: true when
  /// found there, nothing after reporting an error.
  std::optional<bool> sizeFromInstantiation(FrameObject &Object,
                                            const InstantiatedTypes &Types) {
    const Expr *Operand = nullptr;
    std::optional<QualType> Type = Types.typeOf(Object, Operand);
    if (!Type)
      return false;
    if (Object.InPlaceCombinator)
      return sizeAsInPlaceCombinator(Object, Operand);
    if (Object.Kind == ObjectKind::Awaitee && Operand && !Object.StoredAsPointer)
      if (std::optional<bool> Sized = sizeAsGeneratedClass(Object, Operand); !Sized || *Sized)
        return Sized;
    QualType Stored = Object.StoredAsPointer
                          ? Ctx.getPointerType(Type->getNonReferenceType())
                          : Type->getNonReferenceType();
    if (Object.keptBound())
      Stored = boundStorage(*Type, boundInitializer(Object, Types));
    // (A kept temporary of an Async<T> is a boxed call: the lowering keeps
    // no other, FullExpression::dependentValue.)
    if (Object.DeducedFrom && !Object.StoredAsPointer && asyncOutputType(Stored) &&
        !Object.TemporaryOf)
      return sizeAsGeneratedClass(Object, Types.initializerOf(Object));
    // Clang's type, where the rewritten program may have a generated class
    // (an `auto` variable holding an annotated call's future).
    if (Stored->isDependentType() || Stored->isIncompleteType() ||
        (Object.DeducedFrom && !Object.TemporaryOf && mentionsAsync(Stored)))
      return false;
    Object.StoredTypeSpelling = spellType(Stored, Ctx);
    TypeInfoChars Info = Ctx.getTypeInfoInChars(Stored);
    Object.Size = Info.Width.getQuantity();
    Object.Align = Info.Align.getQuantity();
    return true;
  }

  /// Sizes \p Object, whose type in clang's instance is an unawait::Async<T>,
  /// as the generated class \p Init returns in the rewritten program when
  /// \p Init is a call to an annotated function: an awaited operand, or the
  /// initializer of an `auto` variable (`auto u = f(c.get());`, a call that
  /// depends on template arguments). True when sized so, false when not,
  /// nothing after an error.
  std::optional<bool> sizeAsGeneratedClass(FrameObject &Object, const Expr *Init) {
    if (!Init)
      return false;
    std::optional<const AsyncFunctionModel *> Inner = generatedModelOf(Init, Models, Ctx, Diags);
    if (!Inner)
      return std::nullopt;
    const AsyncFunctionModel *Generated = *Inner;
    if (!Generated)
      return false;
    Object.Generated = Generated;
    Object.StoredTypeSpelling = Generated->qualifiedClassName();
    Object.Size = Generated->Layout.Size;
    Object.Align = Generated->Layout.Align;
    return true;
  }

  /// Sizes \p Object, a join or select built in place whose type depends
  /// on template arguments, as the instance's \p Operand builds it (the
  /// template decided so from every instance clang made of it:
  /// findDependentInPlaceCombinator). Nothing after an error.
  std::optional<bool> sizeAsInPlaceCombinator(FrameObject &Object, const Expr *Operand) {
    std::optional<InPlaceCombinator> Found;
    if (Operand && !findInPlaceCombinator(Operand, Models, Ctx, Diags,
                                          Template.localScope(), Found))
      return std::nullopt;
    if (!Found) {
      reportUnsupported(Diags, Object.Loc, Unsupported::DependentKeptSize,
                        "'" + Template.Name + "' keeps '" + Object.SourceName + "'");
      return std::nullopt;
    }
    Object.StoredTypeSpelling = Found->Spelling;
    Object.Size = Found->Size;
    Object.Align = Found->Align;
    return true;
  }

  /// What the instance binds \p Object, kept in unawait::detail::bound, to:
  /// an awaited operand, a spilled value as written (above the conversions
  /// its use applies), or a variable's initializer.
  static const Expr *boundInitializer(const FrameObject &Object, const InstantiatedTypes &Types) {
    if (Object.Kind == ObjectKind::Awaitee)
      return Types.awaitedOperandOf(Object);
    if (Object.TemporaryOf) {
      const Expr *Written = Types.expressionAt(Object.TemporaryOf);
      return Written ? Written->IgnoreImpCasts() : nullptr;
    }
    return Types.initializerOf(Object);
  }

  /// What unawait::detail::bound keeps for a reference of type \p Reference
  /// in the instance: the temporary its initializer \p Init materialises,
  /// or a pointer (the reference itself).
  QualType boundStorage(QualType Reference, const Expr *Init) const {
    if (Init)
      if (const auto *Cleanups = dyn_cast<ExprWithCleanups>(Init))
        Init = Cleanups->getSubExpr();
    if (Init)
      Init = Init->IgnoreParens();
    if (const auto *Temp = dyn_cast_or_null<MaterializeTemporaryExpr>(Init))
      return Temp->getType().getNonReferenceType().getUnqualifiedType();
    if (Init && Init->isPRValue()) // an awaited prvalue
      return Init->getType().getUnqualifiedType();
    return Ctx.getPointerType(Reference.getNonReferenceType());
  }

  /// Whether \p Type is or holds an unawait::Async<T>.
  static bool mentionsAsync(QualType Type) {
    while (true) {
      if (asyncOutputType(Type))
        return true;
      if (Type->isPointerType() || Type->isReferenceType())
        Type = Type->getPointeeType();
      else if (Type->isArrayType())
        Type = Type->getAsArrayTypeUnsafe()->getElementType();
      else
        break;
    }
    const auto *Spec = dyn_cast_or_null<ClassTemplateSpecializationDecl>(Type->getAsCXXRecordDecl());
    return Spec && llvm::any_of(Spec->getTemplateArgs().asArray(), [](const TemplateArgument &Arg) {
             return Arg.getKind() == TemplateArgument::Type && mentionsAsync(Arg.getAsType());
           });
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
  /// Some argument is a generated class where clang deduced Async<T>.
  bool Substituted = false;
};

} // namespace

std::pair<uint64_t, uint64_t> packLayout(llvm::ArrayRef<std::pair<uint64_t, uint64_t>> Elements) {
  if (Elements.empty())
    return {1, 1}; // an empty struct
  if (Elements.size() == 1)
    return Elements.front();
  auto [Size, Align] = Elements.front();
  auto [RestSize, RestAlign] = packLayout(Elements.drop_front());
  uint64_t Whole = std::max(Align, RestAlign);
  return {llvm::alignTo(llvm::alignTo(Size, RestAlign) + RestSize, Whole), Whole};
}

std::optional<const AsyncFunctionModel *>
generatedModelOf(const Expr *E, ModelRegistry &Models, ASTContext &Context,
                 DiagnosticReporter &Diags) {
  auto [Call, Model] = annotatedCall(E, Models);
  if (!Model || !Model->Function.Definition->isTemplated())
    return Model;
  const FunctionDecl &Callee = *Call->getDirectCallee();
  if (Callee.isTemplated())
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

std::vector<const Expr *> clangInstancesOf(const AsyncFunctionModel &Template,
                                           const Expr *Pattern) {
  std::vector<const Expr *> Found;
  for (const FunctionDecl *Instance : clangInstances(Template))
    if (Instance->getBody())
      if (const Expr *E = InstantiatedTypes(*Instance).expressionAt(Pattern))
        Found.push_back(E);
  return Found;
}

namespace {

/// The instances clang made of an annotated lambda inside a template: the
/// call operators of the lambdas written where it is, in the instances of
/// the templates around it (found in the main file's declarations, with
/// the instantiations clang made of them).
class LambdaInstances : public RecursiveASTVisitor<LambdaInstances> {
public:
  LambdaInstances(const CXXMethodDecl &Pattern, const SourceManager &SM)
      : Pattern(Pattern), SM(SM) {}
  bool shouldVisitTemplateInstantiations() const { return true; }
  bool TraverseDecl(Decl *D) {
    if (D && !isa<TranslationUnitDecl>(D) &&
        !SM.isInMainFile(SM.getExpansionLoc(D->getLocation())))
      return true;
    return RecursiveASTVisitor::TraverseDecl(D);
  }
  bool VisitLambdaExpr(LambdaExpr *Lambda) {
    const CXXMethodDecl *Call = Lambda->getCallOperator();
    if (Call != &Pattern && !Call->isDependentContext() && Call->getBody() &&
        Call->getParent()->getLocation() == Pattern.getParent()->getLocation() &&
        llvm::find(Found, Call) == Found.end())
      Found.push_back(Call);
    return true;
  }
  std::vector<const FunctionDecl *> Found;

private:
  const CXXMethodDecl &Pattern;
  const SourceManager &SM;
};

} // namespace

/// \p Function, and when it is a member template of a class template, the
/// member templates clang declared in that class's instances
/// (Cell<int>::plus<U> of Cell<T>::plus<U>), whose specializations are the
/// instances clang made.
static std::vector<const FunctionTemplateDecl *>
memberTemplateInstances(const FunctionTemplateDecl &Function) {
  std::vector<const FunctionTemplateDecl *> Found{&Function};
  const auto *Class = dyn_cast<CXXRecordDecl>(Function.getDeclContext());
  const ClassTemplateDecl *ClassTemplate = Class ? Class->getDescribedClassTemplate() : nullptr;
  if (!ClassTemplate)
    return Found;
  const Decl *Canonical = Function.getCanonicalDecl();
  for (const ClassTemplateSpecializationDecl *Spec : ClassTemplate->specializations())
    for (const Decl *Member : Spec->decls())
      if (const auto *Instance = dyn_cast<FunctionTemplateDecl>(Member))
        if (const FunctionTemplateDecl *From = Instance->getInstantiatedFromMemberTemplate();
            From && From->getCanonicalDecl() == Canonical)
          Found.push_back(Instance);
  return Found;
}

std::vector<const FunctionDecl *> clangInstances(const AsyncFunctionModel &Template) {
  std::vector<const FunctionDecl *> Instances;
  const FunctionDecl *Pattern = Template.Function.Definition;
  if (Template.Function.isLambda() && !Template.functionTemplate()) {
    ASTContext &Context = Pattern->getASTContext();
    LambdaInstances Search(*cast<CXXMethodDecl>(Pattern), Context.getSourceManager());
    Search.TraverseDecl(Context.getTranslationUnitDecl());
    return Search.Found;
  }
  if (const FunctionTemplateDecl *Function = Template.functionTemplate()) {
    for (const FunctionTemplateDecl *Member : memberTemplateInstances(*Function))
      for (const FunctionDecl *Spec : Member->specializations())
        if (Spec->getTemplateSpecializationKind() != TSK_ExplicitSpecialization)
          Instances.push_back(Spec);
    return Instances;
  }
  const auto *Method = dyn_cast<CXXMethodDecl>(Pattern);
  const ClassTemplateDecl *Class =
      Method ? Method->getParent()->getDescribedClassTemplate() : nullptr;
  if (!Class)
    return Instances;
  for (const ClassTemplateSpecializationDecl *Spec : Class->specializations())
    for (const CXXMethodDecl *Member : Spec->methods())
      if (Member->getTemplateInstantiationPattern() == Pattern && Member->getBody())
        Instances.push_back(Member);
  return Instances;
}

namespace {

/// Measures each instance clang made of \p Templates (the ones the same in
/// both programs); false if one cannot be measured.
bool measureClangInstances(const std::vector<const AsyncFunctionModel *> &Templates,
                           ModelRegistry &Models, ASTContext &Context,
                           DiagnosticReporter &Diags) {
  bool Measured = true;
  for (const AsyncFunctionModel *Template : Templates)
    for (const FunctionDecl *Spec : clangInstances(*Template)) {
      if (!sameInBothPrograms(*Spec))
        continue;
      if (!Instantiation(*Template, Models, Context, Diags)
               .run(nullptr, *Spec, Spec->getPointOfInstantiation()))
        Measured = false;
    }
  return Measured;
}

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
    if (!Model.InstanceOf && Model.Function.Definition->isTemplated())
      Templates.push_back(&Model);
  // A header's templates that callers box (declared before their
  // definition, or members defined outside their class): measured quietly,
  // so that the size report gives each box its boxed frame's size; one that
  // cannot be measured leaves that size unknown.
  std::vector<const AsyncFunctionModel *> BoxedHeaderTemplates;
  for (const AsyncFunctionModel &Model : Models.externalModels())
    if (!Model.InstanceOf && Model.Function.BoxedSignature &&
        Model.Function.Definition->isTemplated())
      BoxedHeaderTemplates.push_back(&Model);
  bool Measured = measureClangInstances(Templates, Models, Context, Diags);
  DiagnosticReporter Quiet = Diags.quiet();
  measureClangInstances(BoxedHeaderTemplates, Models, Context, Quiet);
  return Measured;
}

std::vector<const CallExpr *> generatingCalls(const Expr *E,
                                              const ModelRegistry &Models) {
  auto [Call, Model] = annotatedCall(E, Models);
  if (!Model)
    return {};
  std::vector<const CallExpr *> Calls{Call};
  if (Model->functionTemplate())
    for (const DeducingArgument &D : deducingArguments(*Call, *Model))
      for (const CallExpr *Inner : generatingCalls(D.Arg, Models))
        Calls.push_back(Inner);
  return Calls;
}

} // namespace unawait
