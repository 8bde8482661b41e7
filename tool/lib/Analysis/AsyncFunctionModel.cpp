#include "Analysis/AsyncFunctionModel.h"

#include "Analysis/AnnotatedLambdas.h"
#include "Analysis/KeptObjects.h"
#include "Analysis/Naming.h"
#include "Analysis/BodyLowering.h"
#include "Analysis/Unsupported.h"
#include "Analysis/TemplateInstances.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Lex/Lexer.h"
#include <cstddef>

namespace unawait {

using namespace clang;

llvm::StringRef boxReasonText(BoxReason Reason) {
  switch (Reason) {
  case BoxReason::SeparateDeclaration:
    return "the callee is declared separately from its definition, so it keeps "
           "the unawait::Async<T> signature";
  case BoxReason::DefinedElsewhere:
    return "the callee is defined in another translation unit, behind its "
           "unawait::Async<T> declaration";
  case BoxReason::HeaderTemplate:
    return "the callee is a template defined in a header that this file does "
           "not analyse (one its header's rewrite rejects, or a member of a "
           "class that is not a named class at namespace scope)";
  case BoxReason::Virtual:
    return "the callee is virtual, so it keeps the unawait::Async<T> signature";
  case BoxReason::Recursion:
    return "the function awaits itself, and a frame cannot hold itself";
  case BoxReason::Combinator:
    return "an annotated call inside another awaited expression is boxed "
           "(unawait::join and unawait::select nest their arguments inline, "
           "unless one awaits after an argument that does something, makes a "
           "temporary the frame does not keep, or an argument after it cannot "
           "be built in place)";
  case BoxReason::Stored:
    return "the future of an annotated call is kept as the unawait::Async<T> its "
           "declaration returns (a variable, or a parameter or member of that "
           "type); await the call directly, or pass it where a template deduces "
           "its type";
  }
  llvm_unreachable("unknown box reason");
}

llvm::StringRef kindName(ObjectKind Kind) {
  switch (Kind) {
  case ObjectKind::Param:
    return "param";
  case ObjectKind::Local:
    return "local";
  case ObjectKind::Temporary:
    return "temporary";
  case ObjectKind::Awaitee:
    return "awaitee";
  case ObjectKind::This:
    return "this";
  }
  llvm_unreachable("unknown object kind");
}

std::string AsyncFunctionModel::liveWord(const FrameObject &Object) const {
  if (liveWordCount() == 1)
    return Names.LiveMember;
  return Names.LiveMember + "[" + std::to_string(Object.LiveBit / 64) + "]";
}

std::string AsyncFunctionModel::liveBit(const FrameObject &Object) const {
  return Names.Live + "::" + Object.MemberName;
}

unsigned AsyncFunctionModel::liveBitCount() const {
  unsigned Count = 0;
  for (const FrameObject &Object : Objects)
    Count += Object.LiveBit >= 0;
  return Count;
}

std::string AsyncFunctionModel::qualifiedClassName() const {
  // Namespaces and, for a member function, its class (the generated class is
  // nested there); an anonymous namespace's members are reachable from its
  // parent. A local class is named inside its function only.
  if (ClassInBody)
    return ClassName;
  if (!EnclosingClass.empty())
    return EnclosingClass + "::" + ClassName;
  if (!SpecializationArguments.empty())
    return qualifiedName(ClassName) + SpecializationArguments;
  return qualifiedName(ClassName);
}

std::string AsyncFunctionModel::qualifiedName(llvm::StringRef Name) const {
  std::string Qualifier;
  // A lambda's generated class goes where the function around it would.
  const Decl *Placed = Function.placedBefore();
  for (const DeclContext *Context = Placed->getDeclContext();
       Context && !Context->isTranslationUnit(); Context = Context->getParent())
    if (Context->isFunctionOrMethod()) // a local class's: named inside only
      return Qualifier + Name.str();
    else if (const auto *Named = dyn_cast<NamedDecl>(Context);
        Named && !Named->getName().empty() &&
        isa<NamespaceDecl, CXXRecordDecl>(Named))
      Qualifier = Named->getName().str() + "::" + Qualifier;
  return Qualifier.empty() ? Name.str() : "::" + Qualifier + Name.str();
}

uint64_t AsyncFunctionModel::sizeWithout(ObjectId Id) const {
  auto Found = llvm::find(LayoutObjects, Id);
  if (Found == LayoutObjects.end())
    return Layout.Size;
  int Index = Found - LayoutObjects.begin();
  std::vector<LayoutItem> Items;
  for (int I = 0; I < static_cast<int>(LayoutInput.size()); ++I) {
    if (I == Index)
      continue;
    LayoutItem Item = LayoutInput[I];
    llvm::BitVector Conflicts(LayoutInput.size() - 1);
    for (int J = 0, To = 0; J < static_cast<int>(LayoutInput.size()); ++J) {
      if (J == Index)
        continue;
      if (Item.Conflicts.test(J))
        Conflicts.set(To);
      ++To;
    }
    Item.Conflicts = std::move(Conflicts);
    Items.push_back(std::move(Item));
  }
  return layoutFrame(Items, StateBytes, LiveBytes).Size;
}

bool AsyncFunctionModel::needsDestructor() const {
  for (const FrameObject &Object : Objects)
    if (Object.Kept && Object.HasDestructor)
      return true;
  return false;
}

const FrameObject *
AsyncFunctionModel::keptObjectOf(const VarDecl *Var) const {
  auto Found = ObjectOfVar.find(Var);
  if (Found == ObjectOfVar.end() || !Objects[Found->second].Kept)
    return nullptr;
  return &Objects[Found->second];
}

const FrameObject *AsyncFunctionModel::thisObject() const {
  for (const FrameObject &Object : Objects)
    if (Object.Kind == ObjectKind::This)
      return &Object;
  return nullptr;
}

const DeclContext *AsyncFunctionModel::localScope() const {
  const auto *Method = dyn_cast<CXXMethodDecl>(Function.Definition);
  if (!Method || Function.isLambda() || !Method->getParent()->isLocalClass())
    return nullptr;
  return Method->getParent()->getParentFunctionOrMethod();
}

const FrameObject *AsyncFunctionModel::packObject() const {
  for (const FrameObject &Object : Objects)
    if (Object.Pack)
      return &Object;
  return nullptr;
}

const NamedDecl *expandedParameterPack(QualType PackType) {
  const auto *Expansion = PackType->getAs<PackExpansionType>();
  if (!Expansion)
    return nullptr;
  // The packs the pattern leaves unexpanded; one inside a nested expansion
  // (`std::tuple<Us...>`) is that expansion's.
  struct Search : RecursiveASTVisitor<Search> {
    const NamedDecl *Found = nullptr;
    bool TraversePackExpansionType(PackExpansionType *) { return true; }
    bool TraversePackExpansionExpr(PackExpansionExpr *) { return true; }
    bool VisitTemplateTypeParmType(TemplateTypeParmType *Param) {
      return !Param->isParameterPack() || !found(Param->getDecl());
    }
    bool VisitDeclRefExpr(DeclRefExpr *Ref) {
      const auto *Param = dyn_cast<NonTypeTemplateParmDecl>(Ref->getDecl());
      return !Param || !Param->isParameterPack() || !found(Param);
    }
    bool VisitTemplateSpecializationType(TemplateSpecializationType *Type) {
      const auto *Param = dyn_cast_or_null<TemplateTemplateParmDecl>(
          Type->getTemplateName().getAsTemplateDecl());
      return !Param || !Param->isParameterPack() || !found(Param);
    }
    bool found(const NamedDecl *Param) {
      Found = Param;
      return Param != nullptr;
    }
  } S;
  S.TraverseType(Expansion->getPattern());
  return S.Found;
}

const FunctionTemplateDecl *AsyncFunctionModel::functionTemplate() const {
  return InstanceOf ? nullptr
                    : Function.Definition->getDescribedFunctionTemplate();
}

const AsyncFunctionModel *ModelRegistry::add(AsyncFunctionModel Model) {
  Models.push_back(std::move(Model));
  const AsyncFunctionModel &Added = Models.back();
  if (!Added.InstanceOf)
    ByFunction.try_emplace(Added.Function.Definition->getCanonicalDecl(), &Added);
  else
    Instances.try_emplace({Added.InstanceOf, Added.ClassName, Added.EnclosingClass}, &Added);
  const AsyncFunction &F = Added.Function;
  if (F.Enclosing)
    ++LambdasIn[{F.Enclosing->getDeclContext(), F.Enclosing->getDeclName()}];
  if (!F.isLambda())
    ++FunctionsNamed[{F.Definition->getDeclContext(), F.Definition->getDeclName()}];
  return &Added;
}

unsigned ModelRegistry::namesakes(const AsyncFunction &Function) const {
  if (Function.isLambda())
    return LambdasIn.lookup({Function.Enclosing->getDeclContext(), Function.Enclosing->getDeclName()});
  const FunctionDecl *F = Function.Definition;
  return FunctionsNamed.lookup({F->getDeclContext(), F->getDeclName()});
}

const AsyncFunctionModel *ModelRegistry::addExternal(AsyncFunctionModel Model) {
  ExternalModels.push_back(std::move(Model));
  const AsyncFunctionModel &Added = ExternalModels.back();
  if (!Added.InstanceOf)
    ByFunction.try_emplace(Added.Function.Definition->getCanonicalDecl(), &Added);
  else
    Instances.try_emplace({Added.InstanceOf, Added.ClassName, Added.EnclosingClass}, &Added);
  return &Added;
}

const AsyncFunctionModel *
ModelRegistry::find(const FunctionDecl *Function) const {
  if (const FunctionDecl *Pattern = Function->getTemplateInstantiationPattern())
    Function = Pattern;
  return ByFunction.lookup(Function->getCanonicalDecl());
}

const AsyncFunctionModel *
ModelRegistry::findInstance(const AsyncFunctionModel &Template,
                            llvm::StringRef ClassName,
                            llvm::StringRef EnclosingClass) const {
  auto Found = Instances.find({&Template, ClassName.str(), EnclosingClass.str()});
  return Found == Instances.end() ? nullptr : Found->second;
}

std::string forwardedArgument(const FrameObject &Param, const std::string &Name,
                              bool InLambda, ASTContext &Context) {
  QualType Type = Param.Type;
  if (Param.Pack)
    Type = Type->castAs<PackExpansionType>()->getPattern();
  if (Param.Kind == ObjectKind::This || Type->isLValueReferenceType())
    return Name;
  if (const auto *RValue = Type->getAs<RValueReferenceType>();
      RValue && RValue->getPointeeType()->isDependentType())
    return "std::forward<" +
           (InLambda ? "decltype(" + Name + ")" : spellType(RValue->getPointeeType(), Context)) +
           ">(" + Name + ")";
  return "std::move(" + Name + ")";
}

bool hasDestructor(QualType Type) {
  // (A pointer or reference never has one, whatever it points to.)
  if (Type->isPointerType() || Type->isReferenceType())
    return false;
  return Type->isDependentType() ||
         Type.isDestructedType() == QualType::DK_cxx_destructor;
}

bool hasKnownSize(QualType Type) {
  return !Type->isDependentType() || Type->isPointerType();
}

QualType listElementStorage(const ConstantArrayType &Array, const ASTContext &Context) {
  return Context.getConstantArrayType(Array.getElementType().getUnqualifiedType(),
                                      Array.getSize(), nullptr, ArraySizeModifier::Normal, 0);
}

namespace {

bool isExplicitSpecialization(const FunctionDecl *F) {
  return F->getTemplateSpecializationKind() == TSK_ExplicitSpecialization &&
         !F->isTemplated() && F->getPrimaryTemplate();
}

/// Why a function template, or a function in one, cannot be rewritten yet.
/// Its template parameters are copied to the class template and named in
/// its arguments.
std::optional<Unsupported> unsupportedTemplate(const FunctionDecl *F) {
  if (isExplicitSpecialization(F) &&
      F->getPrimaryTemplate()->getInstantiatedFromMemberTemplate())
    return Unsupported::ExplicitSpecialization;
  if (F->isTemplated() && !F->getDescribedFunctionTemplate())
    return Unsupported::FunctionInTemplate;
  return std::nullopt;
}

/// Why the function parameter packs cannot be kept: the frame keeps one
/// pack, whose length a template parameter pack names.
std::optional<Unsupported> unsupportedPack(const FunctionDecl *F) {
  unsigned Packs = 0;
  for (const ParmVarDecl *Param : F->parameters())
    if (Param->isParameterPack()) {
      ++Packs;
      if (!expandedParameterPack(Param->getType()))
        return Unsupported::VariadicTemplate;
    }
  return Packs > 1 ? std::optional(Unsupported::VariadicTemplate) : std::nullopt;
}

/// A member function defined outside its class, in another file than the
/// class.
bool isDeclaredInOtherFile(const CXXMethodDecl &Method, const SourceManager &SM) {
  auto FileOf = [&](const Decl *D) { return SM.getFileID(SM.getExpansionLoc(D->getLocation())); };
  return Method.isOutOfLine() && FileOf(Method.getCanonicalDecl()) != FileOf(&Method);
}

/// Why a member function cannot be rewritten yet. Its generated class is
/// nested in its class, just before it, so that it reaches the class's
/// private members the way the function does.
std::optional<Unsupported> unsupportedMember(const CXXMethodDecl *Method,
                                             const SourceManager &SM) {
  const CXXRecordDecl *Class = Method->getParent();
  if (isDeclaredInOtherFile(*Method, SM) && Method->isTemplated())
    return Unsupported::OutOfClassMember;
  if (!Class->getIdentifier())
    return Unsupported::UnnamedClassMember;
  if (Class->isLocalClass() && Class->isDependentContext())
    return Unsupported::LocalClassMember;
  return std::nullopt;
}

/// `template <> ... Holder<int>::get() {...}`: the member of a class
/// template's instance that \p F explicitly specializes, if it does.
const CXXMethodDecl *specializedMember(const FunctionDecl *F) {
  const auto *Method = dyn_cast<CXXMethodDecl>(F);
  if (!Method || Method->isTemplated() ||
      Method->getTemplateSpecializationKind() != TSK_ExplicitSpecialization)
    return nullptr;
  return dyn_cast_or_null<CXXMethodDecl>(Method->getInstantiatedFromMemberFunction());
}

/// An explicit specialization returns what its template returns: the
/// template's generated class template, specialised for its arguments (so
/// the class is an explicit specialization too), or, where the template
/// keeps (or is not rewritten to) a boxed signature, unawait::Async<T> and
/// a class of its own.
void placeSpecialization(AsyncFunctionModel &M, const ModelRegistry &Models,
                         ASTContext &Context) {
  const FunctionDecl *F = M.Function.Definition;
  std::string Arguments;
  for (const TemplateArgument &Argument : F->getTemplateSpecializationArgs()->asArray()) {
    std::string Spelled;
    if (Argument.getKind() == TemplateArgument::Type) {
      Spelled = spellType(Argument.getAsType(), Context);
    } else {
      llvm::raw_string_ostream OS(Spelled);
      Argument.print(Context.getPrintingPolicy(), OS, /*IncludeType=*/true);
    }
    Arguments += (Arguments.empty() ? "" : ", ") + Spelled;
  }
  M.Name += "<" + Arguments + ">";
  const AsyncFunctionModel *Primary =
      Models.find(F->getPrimaryTemplate()->getTemplatedDecl());
  M.Function.BoxedSignature = !Primary || Primary->Function.BoxedSignature;
  if (M.Function.BoxedSignature)
    return;
  M.ClassName = Primary->ClassName;
  M.SpecializationArguments = "<" + Arguments + ">";
}

/// An explicit specialization of a member of a class template returns what
/// the member returns. Its class is an explicit specialization of the
/// member's class (`template <> class Holder<int>::get_future`), nested in
/// the instance as the member's is, so that it reaches the members the
/// function can; where the member is not annotated, the class template
/// declares that class for it, and the function keeps the boxed signature.
void placeMemberSpecialization(AsyncFunctionModel &M, const CXXMethodDecl &Member,
                               const ModelRegistry &Models, ASTContext &Context) {
  const auto *F = cast<CXXMethodDecl>(M.Function.Definition);
  M.EnclosingClass = "::" + spellType(Context.getRecordType(F->getParent()), Context);
  const AsyncFunctionModel *Primary = Models.find(&Member);
  // (One declaration for the specializations of several instances.)
  bool Declared = llvm::any_of(Models.models(), [&](const AsyncFunctionModel &Other) {
    return Other.Function.InClassDeclaration == &Member;
  });
  M.Function.InClassDeclaration = Primary || Declared ? nullptr : &Member;
  M.Function.BoxedSignature = !Primary || Primary->Function.BoxedSignature;
  if (Primary)
    M.ClassName = Primary->ClassName;
}

/// Rejects the kinds of functions later versions will rewrite.
bool supportedFunction(const AsyncFunction &Function, DiagnosticReporter &Diags) {
  const FunctionDecl *F = Function.Definition;
  if (Function.isLambda())
    return supportedLambda(Function, Diags);
  std::optional<Unsupported> What;
  const auto *Method = dyn_cast<CXXMethodDecl>(F);
  if (Method)
    What = unsupportedMember(Method, Method->getASTContext().getSourceManager());
  // A member of a class template is templated by its class alone.
  bool TemplatedByClass = Method && Method->getParent()->isDependentContext() &&
                          !F->getDescribedFunctionTemplate();
  if (!What && !TemplatedByClass)
    What = unsupportedTemplate(F);
  if (!What)
    What = unsupportedPack(F);
  if (!What && F->isVariadic())
    What = Unsupported::CVariadic;
  if (What)
    reportUnsupported(Diags, F->getLocation(), *What);
  return !What;
}

/// The function's name, or for an operator a word for it
/// ("operator_call" for operator()).
std::string identifierFor(const DeclaratorDecl *D) {
  if (D->getDeclName().isIdentifier())
    return D->getName().str();
  switch (cast<FunctionDecl>(D)->getOverloadedOperator()) {
#define OVERLOADED_OPERATOR(Name, Spelling, Token, Unary, Binary, MemberOnly)  \
  case OO_##Name:                                                              \
    return llvm::StringRef("operator_" #Name).lower();
#include "clang/Basic/OperatorKinds.def"
  default:
    return "conversion_operator";
  }
}

/// `<name>_future`, numbered for overloads, never a name already declared
/// where the class goes; `<enclosing>_lambda_future` for an annotated lambda,
/// numbered in its enclosing declaration.
std::string chooseClassName(const AsyncFunctionModel &M, const ModelRegistry &Models,
                            ASTContext &Context) {
  const AsyncFunction &Function = M.Function;
  bool Lambda = Function.isLambda();
  const DeclaratorDecl *F = Lambda ? Function.Enclosing : Function.Definition;
  std::string Base = identifierFor(F) + (Lambda ? "_lambda_future" : "_future");
  unsigned Same = 1 + Models.namesakes(Function);
  std::string Name = Same == 1 ? Base : Base + "_" + std::to_string(Same);
  // Neither a name declared where the class goes, nor one the function
  // spells (the class would hide it).
  const DeclContext *Where = F->getDeclContext();
  std::map<std::string, unsigned> EnclosingSpelled;
  if (Lambda)
    EnclosingSpelled = functionIdentifiers(F, Context);
  const std::map<std::string, unsigned> &Spelled =
      Lambda ? EnclosingSpelled : M.SpelledIdentifiers;
  while (!Where->lookup(&Context.Idents.get(Name)).empty() || Spelled.count(Name))
    Name += "_";
  return Name;
}

unsigned bytesFor(unsigned Values) {
  if (Values <= 8)
    return Values ? 1 : 0;
  return Values <= 16 ? 2 : Values <= 32 ? 4 : 8;
}

const CXXRecordDecl *outermostClass(const CXXRecordDecl *Class) {
  while (const auto *Around = dyn_cast<CXXRecordDecl>(Class->getDeclContext()))
    Class = Around;
  return Class;
}

/// A kept object whose class is still incomplete where the generated class
/// would be nested: the member function's own class (or one around it) is
/// incomplete inside its definition, and so is the generated class of
/// another member defined after that class.
const FrameObject *incompleteKept(const AsyncFunctionModel &M) {
  const auto *Method = dyn_cast<CXXMethodDecl>(M.Function.Definition);
  if (!Method || M.Function.isLambda())
    return nullptr;
  const DeclContext *Where = Method->getLexicalDeclContext();
  for (const FrameObject &Object : M.Objects) {
    if (!Object.Kept || Object.StoredAsPointer || Object.Kind == ObjectKind::This)
      continue;
    if (Object.Generated && Object.Generated->DefinedAfter &&
        Object.Generated->DefinedAfter->Encloses(Where))
      return &Object;
    // (A class template's own type is dependent there: the generated class,
    // a member class of the template, is instantiated when the function
    // is, after the class is complete.)
    const CXXRecordDecl *Record =
        Object.Type->getBaseElementTypeUnsafe()->getAsCXXRecordDecl();
    if (Record && Record->Encloses(Where) && !Object.Type->isDependentType())
      return &Object;
  }
  return nullptr;
}

/// Whether the generated class of \p Method can be defined after its
/// outermost class \p Outer: a class at namespace scope of the main file,
/// not a template, whose definition ends with `};`.
bool canDefineAfter(const CXXMethodDecl &Method, const CXXRecordDecl &Outer,
                    const ASTContext &Context) {
  const SourceManager &SM = Context.getSourceManager();
  return !Method.isOutOfLine() && !Outer.isLocalClass() &&
         !Outer.isDependentContext() && Outer.getIdentifier() &&
         SM.isInMainFile(SM.getExpansionLoc(Outer.getLocation())) &&
         afterClassDefinition(Outer, Context).isValid();
}

/// Places the generated class after the outermost class when its frame
/// keeps an object incomplete inside the class; reports the object when
/// the class cannot go there.
bool placeAfterIncompleteClass(AsyncFunctionModel &M, const ASTContext &Context,
                               DiagnosticReporter &Diags) {
  const FrameObject *Object = incompleteKept(M);
  if (!Object)
    return true;
  const auto *Method = cast<CXXMethodDecl>(M.Function.Definition);
  const CXXRecordDecl *Outer = outermostClass(Method->getParent());
  if (canDefineAfter(*Method, *Outer, Context)) {
    M.DefinedAfter = Outer;
    return true;
  }
  reportUnsupported(Diags, Object->Loc,
                    Outer->isLocalClass() ? Unsupported::KeptOwnLocalClass
                                          : Unsupported::KeptOwnClass,
                    "'" + Object->SourceName + "' of type '" +
                        spellType(Object->Type, Context) + "'");
  return false;
}

/// The uses of one function inside a class, each with the function whose
/// definition holds it.
class UsesInClass : public RecursiveASTVisitor<UsesInClass> {
public:
  explicit UsesInClass(const FunctionDecl &Used) : Used(*Used.getCanonicalDecl()) {}
  bool TraverseDecl(Decl *D) {
    auto *F = dyn_cast_or_null<FunctionDecl>(D);
    if (F)
      Around.push_back(F);
    bool Continue = RecursiveASTVisitor::TraverseDecl(D);
    if (F)
      Around.pop_back();
    return Continue;
  }
  bool VisitDeclRefExpr(DeclRefExpr *Ref) { return record(Ref, Ref->getDecl()); }
  bool VisitMemberExpr(MemberExpr *Member) {
    return record(Member, Member->getMemberDecl());
  }
  std::vector<std::pair<const Expr *, const FunctionDecl *>> Uses;

private:
  bool record(const Expr *Use, const ValueDecl *Named) {
    if (Named->getCanonicalDecl() == &Used)
      Uses.push_back({Use, Around.empty() ? nullptr : Around.back()});
    return true;
  }
  const FunctionDecl &Used;
  std::vector<const FunctionDecl *> Around;
};

/// Reports each use, inside its class, of a member function whose class
/// is defined after that class (it is incomplete there), but in the
/// members defined there after it.
bool rejectUsesInClass(const ModelRegistry &Models, const SourceManager &SM,
                       DiagnosticReporter &Diags) {
  bool Clean = true;
  for (const AsyncFunctionModel &Model : Models.models()) {
    if (!Model.DefinedAfter || Model.InstanceOf)
      continue;
    const FunctionDecl *F = Model.Function.Definition;
    UsesInClass Search(*F);
    Search.TraverseDecl(const_cast<CXXRecordDecl *>(Model.DefinedAfter));
    for (auto [Use, User] : Search.Uses) {
      const AsyncFunctionModel *Placed = User ? Models.find(User) : nullptr;
      if (Placed && Placed->DefinedAfter &&
          !SM.isBeforeInTranslationUnit(User->getLocation(), F->getLocation()))
        continue;
      reportUnsupported(Diags, Use->getExprLoc(), Unsupported::KeptOwnClassUsedInClass,
                        "'" + Model.Name + "' keeps an object of its class");
      Clean = false;
    }
  }
  return Clean;
}

/// What a template's layout assumes for an object whose size depends on the
/// template arguments: the strictest alignment, so such objects come first
/// in their struct and an instance's smaller alignment adds no padding.
constexpr uint64_t StandInSize = alignof(std::max_align_t);

/// An erased awaitee (FrameObject::Erased): unawait::detail::UnnamedFuture,
/// raw bytes of the future's size, then two function pointers.
void measureErased(const AsyncFunctionModel &M, FrameObject &Object,
                   ASTContext &Context) {
  uint64_t Size, Align;
  if (const AsyncFunctionModel *Callee = Object.Generated) {
    Size = Callee->Layout.Size;
    Align = Callee->Layout.Align;
  } else {
    TypeInfoChars Info = Context.getTypeInfoInChars(Object.Type);
    Size = Info.Width.getQuantity();
    Align = Info.Align.getQuantity();
  }
  uint64_t Pointer = Context.getTypeSizeInChars(Context.VoidPtrTy).getQuantity();
  QualType Output = M.Points[*Object.AwaitOf].Await->getType();
  Object.StoredTypeSpelling = "unawait::detail::UnnamedFuture<" +
                              spellType(Output, Context) + ", " +
                              std::to_string(Size) + ", " + std::to_string(Align) + ">";
  Object.Align = std::max(Align, Pointer);
  Object.Size = alignTo(alignTo(Size, Pointer) + 2 * Pointer, Object.Align);
}

/// Raw storage for a closure (FrameObject::RawStorage) holds the closure
/// the rewritten lambda builds. Its captures are the lambda's, but for
/// `this` where `[&]` held references to kept objects (no larger), and
/// where `[=]` copies a kept object, which becomes an explicit
/// init-capture: a member laid out before the implicit copies, in another
/// order than clang's. The sum of the members' sizes, each padded to the
/// closure's alignment, bounds every order of them.
void measureClosureBound(FrameObject &Object, ASTContext &Context) {
  const CXXRecordDecl *Closure = Object.StoredType->getAsCXXRecordDecl();
  if (!Closure || !Closure->isLambda() || Closure->getLambdaCaptureDefault() != LCD_ByCopy)
    return;
  uint64_t Bound = 0;
  for (const FieldDecl *Member : Closure->fields()) {
    QualType Type = Member->getType();
    if (Type->isReferenceType()) // held as a pointer
      Type = Context.getPointerType(Type.getNonReferenceType());
    Bound += alignTo(Context.getTypeSizeInChars(Type).getQuantity(), Object.Align);
  }
  Object.Size = std::max(Object.Size, Bound);
}


/// The kept pack's member type: "unawait::detail::pack<Args &&...>".
std::string packSpelling(const FrameObject &Pack, ASTContext &Context) {
  QualType Element = Pack.Type->castAs<PackExpansionType>()->getPattern();
  return "unawait::detail::pack<" + spellType(Element, Context) + "...>";
}

/// Fills each kept object's stored type, spelling, size and alignment.
void measureObjects(AsyncFunctionModel &M, ASTContext &Context) {
  for (FrameObject &Object : M.Objects) {
    if (!Object.Kept)
      continue;
    if (Object.combinatorSpelledByLowering()) {
      Object.StoredType = Object.Type; // spelling and size set by the lowering
      continue;
    }
    if (Object.Allocation) { // measured as the two pointers it holds
      Object.StoredType = Object.Type;
      Object.StoredTypeSpelling = "unawait::detail::new_allocation";
      TypeInfoChars Info = Context.getTypeInfoInChars(Object.Type);
      Object.Size = Info.Width.getQuantity();
      Object.Align = Info.Align.getQuantity();
      continue;
    }
    if (Object.Pack) {
      Object.StoredType = Object.Type;
      Object.StoredTypeSpelling = packSpelling(Object, Context);
      Object.Size = Object.Align = StandInSize;
      continue;
    }
    Object.StoredType =
        Object.StoredAsPointer
            ? Context.getPointerType(Object.Type.getNonReferenceType())
            : Object.Type;
    Object.StoredType = spellableType(Object.StoredType, Context);
    if (Object.Erased) {
      measureErased(M, Object, Context);
      continue;
    }
    if (const AsyncFunctionModel *Callee = Object.Generated) {
      // (In a template, an annotated lambda's class, a template over the
      // parameters of the template around both, which names them alike;
      // unqualified, as a class template's name does not qualify a member
      // of its pattern, and the lambda's class precedes this one where this
      // one goes.)
      Object.StoredTypeSpelling =
          Callee->hasRealSizes() ? Callee->qualifiedClassName() : lambdaClassType(*Callee);
      Object.Size = Callee->Layout.Size;
      Object.Align = Callee->Layout.Align;
      continue;
    }
    Object.StoredTypeSpelling = spellType(Object.StoredType, Context);
    if (!hasKnownSize(Object.StoredType)) {
      Object.Size = Object.Align = StandInSize;
      continue;
    }
    TypeInfoChars Info = Context.getTypeInfoInChars(Object.StoredType);
    Object.Size = Info.Width.getQuantity();
    Object.Align = Info.Align.getQuantity();
    if (Object.RawStorage)
      measureKeptClosure(Object, Context);
  }
}

/// A closure with a destructor kept per instance
/// (FrameObject::SizedPerInstance): an UnnamedObject of the size its bound
/// gives each instance.
void spellClosuresSizedPerInstance(AsyncFunctionModel &M) {
  for (FrameObject &Object : M.Objects)
    if (Object.Kept && Object.SizedPerInstance && Object.HasDestructor)
      Object.StoredTypeSpelling = "unawait::detail::UnnamedObject<" +
                                  Object.closureBoundValue("size") + ", " +
                                  Object.closureBoundValue("align") + ">";
}

} // namespace

/// UnnamedObject: the closure's bytes, then the pointer to the function
/// that destroys it.
void measureUnnamedObject(FrameObject &Object, ASTContext &Context) {
  uint64_t Pointer = Context.getTypeSizeInChars(Context.VoidPtrTy).getQuantity();
  Object.StoredTypeSpelling = "unawait::detail::UnnamedObject<" + std::to_string(Object.Size) +
                              ", " + std::to_string(Object.Align) + ">";
  Object.Align = std::max(Object.Align, Pointer);
  Object.Size = alignTo(alignTo(Object.Size, Pointer) + Pointer, Object.Align);
}

void measureKeptClosure(FrameObject &Object, ASTContext &Context) {
  measureClosureBound(Object, Context);
  if (Object.HasDestructor)
    measureUnnamedObject(Object, Context);
}

std::optional<AsyncFunctionModel>
analyzeAsyncFunction(const AsyncFunction &Function, ASTContext &Context,
                     DiagnosticReporter &Diags, ModelRegistry &Callees) {
  const FunctionDecl *F = Function.Definition;
  if (!supportedFunction(Function, Diags))
    return std::nullopt;
  AsyncFunctionModel M;
  M.Function = Function;
  M.Name = Function.isLambda() ? lambdaName(Function, Context.getSourceManager())
                               : F->getQualifiedNameAsString();
  M.SpelledIdentifiers = functionIdentifiers(F, Context);
  M.ClassName = chooseClassName(M, Callees, Context);
  // A local class's member: callers elsewhere cannot name its class. (A
  // lambda's class goes where the declaration around it puts its own.)
  if (const auto *Method = dyn_cast<CXXMethodDecl>(F);
      Method && !Function.isLambda() && Method->getParent()->isLocalClass())
    M.NameableClass = false;
  if (isExplicitSpecialization(F))
    placeSpecialization(M, Callees, Context);
  if (const CXXMethodDecl *Member = specializedMember(F))
    placeMemberSpecialization(M, *Member, Callees, Context);
  if (const auto *Method = dyn_cast<CXXMethodDecl>(F);
      Method && isDeclaredInOtherFile(*Method, Context.getSourceManager())) {
    M.ClassInBody = true;
    M.NameableClass = false;
    M.Function.InClassDeclaration = nullptr;
  }
  M.OutputIsVoid = Function.OutputType->isVoidType();
  M.OutputTypeSpelling = spellType(Function.OutputType, Context);

  // (Built once for both: every question about a parent walks up from a
  // node of this function.)
  NodeParents Parents(*F);
  if (!lowerBody(M, Context, Diags, Callees, Parents))
    return std::nullopt;
  std::optional<KeptObjects> Kept = computeKeptObjects(M, Context, Diags, Parents);
  if (!Kept)
    return std::nullopt;
  if (!placeAfterIncompleteClass(M, Context, Diags))
    return std::nullopt;
  measureObjects(M, Context);

  std::vector<LayoutItem> Items;
  for (size_t I = 0; I < Kept->Kept.size(); ++I) {
    const FrameObject &Object = M.Objects[Kept->Kept[I]];
    Items.push_back({Object.Size, Object.Align, Kept->Conflicts[I]});
  }
  unsigned States = M.Points.size() + 2;
  M.StateBytes = States <= 256 ? 1 : 2;
  M.LiveBytes = M.liveWordCount() > 1 ? 8 * M.liveWordCount() : bytesFor(M.liveBitCount());
  M.Layout = layoutFrame(Items, M.StateBytes, M.LiveBytes);
  M.LayoutInput = std::move(Items);
  M.LayoutObjects = Kept->Kept;
  nameFrame(M, Context);
  spellClosuresSizedPerInstance(M);
  return M;
}

/// Analyses a header's async function for the callers in this file, quietly:
/// its errors are its header's rewrite's to report. A function it cannot
/// analyse stays boxed in its callers.
void addExternalModel(const AsyncFunction &Function, ASTContext &Context,
                      DiagnosticReporter &Diags, ModelRegistry &Models) {
  DiagnosticReporter Quiet = Diags.quiet();
  std::optional<AsyncFunctionModel> Model =
      analyzeAsyncFunction(Function, Context, Quiet, Models);
  if (Model && !Quiet.hasErrors())
    Models.addExternal(std::move(*Model));
}

SourceLocation afterClassDefinition(const CXXRecordDecl &Class,
                                   const ASTContext &Context) {
  SourceLocation Brace = Class.getBraceRange().getEnd();
  if (Brace.isInvalid() || Brace.isMacroID())
    return {};
  return Lexer::findLocationAfterToken(Brace, tok::semi, Context.getSourceManager(),
                                       Context.getLangOpts(),
                                       /*SkipTrailingWhitespaceAndNewLine=*/false);
}

bool analyzeTranslationUnit(ASTContext &Context, DiagnosticReporter &Diags,
                            ModelRegistry &Models) {
  bool Clean = true;
  forEachAsyncFunction(Context, Diags, [&](const AsyncFunction &Function) {
    if (Function.External) {
      addExternalModel(Function, Context, Diags, Models);
      return;
    }
    std::optional<AsyncFunctionModel> Model =
        analyzeAsyncFunction(Function, Context, Diags, Models);
    if (Model)
      Models.add(std::move(*Model));
    else
      Clean = false;
  });
  if (Clean)
    Clean = rejectUsesInClass(Models, Context.getSourceManager(), Diags);
  if (Clean)
    Clean = addUnrewrittenInstances(Models, Context, Diags);
  return Clean && !Diags.hasErrors();
}

} // namespace unawait
