#include "Analysis/Naming.h"

#include "Frontend/RawTokens.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/Basic/CharInfo.h"
#include "clang/AST/QualTypeNames.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Lex/Lexer.h"

namespace unawait {

using namespace clang;

namespace {

/// A name the standard reserves for the implementation: `__x`, `_X`.
bool isReserved(llvm::StringRef Name) {
  return Name.starts_with("__") ||
         (Name.size() > 1 && Name[0] == '_' && clang::isUppercase(Name[1]));
}

/// True if generated code may name \p D: neither it nor what encloses it
/// has a reserved name (an inline namespace, such as libc++'s std::__1, is
/// not written).
bool isNameable(const NamedDecl *D) {
  for (const DeclContext *C = D->getDeclContext(); C; C = C->getParent()) {
    const auto *Named = dyn_cast<NamedDecl>(C);
    if (const auto *Namespace = dyn_cast<NamespaceDecl>(C);
        Namespace && Namespace->isInline())
      continue;
    if (Named && isReserved(Named->getName()))
      return false;
  }
  return !isReserved(D->getName());
}

/// True if a class template argument of \p Class, or of a class among
/// them, is a pack (std::tuple<int, std::monostate>): clang's
/// TypeName::getFullyQualifiedType leaves the elements of a pack
/// unqualified, so such a class is spelled by portable() itself.
bool hasPackArgument(const CXXRecordDecl *Class) {
  const auto *Spec = dyn_cast_or_null<ClassTemplateSpecializationDecl>(Class);
  if (!Spec)
    return false;
  return llvm::any_of(Spec->getTemplateArgs().asArray(), [](const TemplateArgument &Arg) {
    return Arg.getKind() == TemplateArgument::Pack ||
           (Arg.getKind() == TemplateArgument::Type &&
            hasPackArgument(Arg.getAsType()->getAsCXXRecordDecl()));
  });
}

/// True for a typedef the generated code spells as written: one a user
/// could write anywhere, or a member of a standard class
/// (std::vector<int>::iterator names what libstdc++ and libc++ implement
/// differently) that clang qualifies fully. Other member typedefs (an
/// awaiter's `output_type`) name details the generated code should not
/// depend on.
bool keepsTypedef(const TypedefNameDecl *Typedef) {
  if (!isNameable(Typedef))
    return false;
  const auto *Class = dyn_cast<CXXRecordDecl>(Typedef->getDeclContext());
  return !Class || (Class->isInStdNamespace() && !hasPackArgument(Class));
}

/// A class template specialization's arguments, packs expanded, for a
/// TemplateSpecializationType that spells it.
std::vector<TemplateArgument> flatArguments(const ClassTemplateSpecializationDecl &Spec) {
  std::vector<TemplateArgument> Args;
  for (const TemplateArgument &Arg : Spec.getTemplateArgs().asArray())
    if (Arg.getKind() == TemplateArgument::Pack)
      Args.insert(Args.end(), Arg.pack_begin(), Arg.pack_end());
    else
      Args.push_back(Arg);
  return Args;
}

/// \p Invented (a generic lambda's `auto` parameter) as a template parameter
/// of the same position named as templateParameterName names it: printed,
/// clang spells an invented parameter `auto`.
QualType namedInventedParameter(const TemplateTypeParmType *Invented, ASTContext &Ctx) {
  const TemplateTypeParmDecl *Decl = Invented->getDecl();
  auto *Named = TemplateTypeParmDecl::Create(
      Ctx, Ctx.getTranslationUnitDecl(), SourceLocation(), SourceLocation(),
      Invented->getDepth(), Invented->getIndex(),
      &Ctx.Idents.get(templateParameterName(Decl)), /*Typename=*/false,
      Invented->isParameterPack());
  return Ctx.getTemplateTypeParmType(Invented->getDepth(), Invented->getIndex(),
                                     Invented->isParameterPack(), Named);
}

/// \p Type with the sugar generated code cannot spell portably removed:
/// `auto`, alias templates (whose arguments clang does not qualify),
/// substituted template parameters, and typedefs of library internals.
QualType portable(QualType Type, ASTContext &Ctx) {
  if (Type.isNull())
    return Type;
  Qualifiers Quals = Type.getLocalQualifiers();
  const clang::Type *T = Type.getTypePtr();
  auto requalify = [&](QualType Inner) { return Ctx.getQualifiedType(Inner, Quals); };
  if (const auto *Elaborated = dyn_cast<ElaboratedType>(T))
    return requalify(portable(Elaborated->getNamedType(), Ctx));
  if (const auto *Typedef = dyn_cast<TypedefType>(T))
    return keepsTypedef(Typedef->getDecl())
               ? Type
               : requalify(portable(Typedef->desugar(), Ctx));
  if (isa<UsingType, ParenType, DecltypeType, TypeOfExprType, TypeOfType,
          MacroQualifiedType, AttributedType>(T))
    return requalify(portable(T->getLocallyUnqualifiedSingleStepDesugaredType(), Ctx));
  if (const auto *Subst = dyn_cast<SubstTemplateTypeParmType>(T))
    return requalify(portable(Subst->getReplacementType(), Ctx));
  if (const auto *Param = dyn_cast<TemplateTypeParmType>(T);
      Param && Param->getDecl() && Param->getDecl()->isImplicit())
    return requalify(namedInventedParameter(Param, Ctx));
  if (const auto *Deduced = dyn_cast<DeducedType>(T))
    return Deduced->getDeducedType().isNull()
               ? Type
               : requalify(portable(Deduced->getDeducedType(), Ctx));
  if (const auto *Spec = dyn_cast<TemplateSpecializationType>(T)) {
    if (Spec->isTypeAlias())
      return requalify(portable(Spec->getAliasedType(), Ctx));
    std::vector<TemplateArgument> Args;
    for (const TemplateArgument &Arg : Spec->template_arguments())
      Args.push_back(Arg.getKind() == TemplateArgument::Type
                         ? TemplateArgument(portable(Arg.getAsType(), Ctx))
                         : Arg);
    return requalify(Ctx.getTemplateSpecializationType(
        Spec->getTemplateName(), Args, Spec->getCanonicalTypeInternal()));
  }
  if (const auto *Record = dyn_cast<RecordType>(T); Record && hasPackArgument(T->getAsCXXRecordDecl())) {
    const auto &Spec = cast<ClassTemplateSpecializationDecl>(*Record->getDecl());
    std::vector<TemplateArgument> Args = flatArguments(Spec);
    for (TemplateArgument &Arg : Args)
      if (Arg.getKind() == TemplateArgument::Type)
        Arg = TemplateArgument(portable(Arg.getAsType(), Ctx));
    return requalify(Ctx.getTemplateSpecializationType(
        TemplateName(Spec.getSpecializedTemplate()), Args, QualType(Record, 0).getCanonicalType()));
  }
  if (const auto *Pointer = dyn_cast<PointerType>(T))
    return requalify(Ctx.getPointerType(portable(Pointer->getPointeeType(), Ctx)));
  if (const auto *LRef = dyn_cast<LValueReferenceType>(T))
    return Ctx.getLValueReferenceType(portable(LRef->getPointeeType(), Ctx));
  if (const auto *RRef = dyn_cast<RValueReferenceType>(T))
    return Ctx.getRValueReferenceType(portable(RRef->getPointeeType(), Ctx));
  if (const auto *Array = dyn_cast<ConstantArrayType>(T))
    return requalify(Ctx.getConstantArrayType(
        portable(Array->getElementType(), Ctx), Array->getSize(), nullptr,
        Array->getSizeModifier(), Array->getIndexTypeCVRQualifiers()));
  return Type;
}

} // namespace

std::string templateParameterName(const NamedDecl *Param) {
  std::string Name = Param->getNameAsString();
  if (Param->isImplicit())
    std::replace(Name.begin(), Name.end(), ':', '_');
  return Name;
}

QualType spellableType(QualType Type, const ASTContext &Context) {
  ASTContext &Ctx = const_cast<ASTContext &>(Context);
  QualType Portable = portable(Type, Ctx);
  if (Portable->getContainedDeducedType())
    return Portable.getCanonicalType();
  return TypeName::getFullyQualifiedType(Portable, Context);
}

static PrintingPolicy policy(const ASTContext &Context) {
  PrintingPolicy Policy = Context.getPrintingPolicy();
  Policy.SuppressTagKeyword = true;
  Policy.SuppressUnwrittenScope = true;
  Policy.FullyQualifiedName = true;
  Policy.PrintCanonicalTypes = false;
  return Policy;
}

std::string oneLine(llvm::StringRef Text) {
  std::string Result;
  bool Space = false;
  for (char C : Text.trim()) {
    if (clang::isWhitespace(C)) {
      Space = true;
      continue;
    }
    if (Space)
      Result += ' ';
    Space = false;
    Result += C;
  }
  return Result;
}

bool undeducedPlaceholder(QualType Type) {
  const DeducedType *Placeholder = Type->getContainedDeducedType();
  return Placeholder && Placeholder->getDeducedType().isNull();
}

std::string spellType(QualType Type, const ASTContext &Context) {
  return spellableType(Type, Context).getAsString(policy(Context));
}

std::string declareName(QualType Type, llvm::StringRef Name,
                        const ASTContext &Context) {
  std::string Text;
  llvm::raw_string_ostream OS(Text);
  spellableType(Type, Context).print(OS, policy(Context), Name);
  return Text;
}

std::string unnameableReason(QualType Type, const DeclContext *Inside) {
  QualType Inner = Type.getNonReferenceType();
  while (true) {
    if (const auto *Pointer = Inner->getAs<PointerType>())
      Inner = Pointer->getPointeeType();
    else if (const auto *Array = Inner->getAsArrayTypeUnsafe())
      Inner = Array->getElementType();
    else
      break;
  }
  if (const auto *Enum = Inner->getAs<EnumType>()) {
    const EnumDecl *Decl = Enum->getDecl();
    if (Decl->getParentFunctionOrMethod() &&
        (!Inside || Decl->getParentFunctionOrMethod() != Inside))
      return "an enumeration declared inside a function cannot be named outside it";
    if (!Decl->getIdentifier() && !Decl->getTypedefNameForAnonDecl())
      return "an unnamed enumeration cannot be named";
    return "";
  }
  const CXXRecordDecl *Record = Inner->getAsCXXRecordDecl();
  if (!Record)
    return "";
  if (Record->isLambda())
    return "the type of a lambda cannot be named";
  if (Record->isLocalClass() && (!Inside || Record->getParentFunctionOrMethod() != Inside))
    return "a class declared inside a function cannot be named outside it";
  if (!Record->getIdentifier() && !Record->getTypedefNameForAnonDecl())
    return "an unnamed class cannot be named";
  // A template specialised for such a type cannot be named either.
  if (const auto *Spec = dyn_cast<ClassTemplateSpecializationDecl>(Record))
    for (const TemplateArgument &Arg : Spec->getTemplateArgs().asArray())
      if (Arg.getKind() == TemplateArgument::Type)
        if (std::string Why = unnameableReason(Arg.getAsType(), Inside); !Why.empty())
          return Why;
  return "";
}

std::map<std::string, unsigned> identifierCounts(SourceRange Source,
                                                 const ASTContext &Context) {
  const SourceManager &SM = Context.getSourceManager();
  std::map<std::string, unsigned> Counts;
  CharSourceRange Range = CharSourceRange::getTokenRange(
      SM.getExpansionRange(Source).getAsRange());
  StringRef Text = Lexer::getSourceText(Range, SM, Context.getLangOpts());
  forEachRawToken(Text, Context.getLangOpts(), /*KeepComments=*/false,
                  [&](const Token &Tok, StringRef Spelling) {
                    if (Tok.is(tok::raw_identifier))
                      ++Counts[Spelling.str()];
                  });
  return Counts;
}

namespace {

/// Counts how often each frame variable's own name appears for it: its
/// declaration and its references inside the body.
class OwnMentions : public RecursiveASTVisitor<OwnMentions> {
public:
  explicit OwnMentions(const AsyncFunctionModel &Model) : Model(Model) {}
  bool VisitDeclRefExpr(DeclRefExpr *Ref) {
    if (Model.ObjectOfVar.count(Ref->getDecl()))
      ++Counts[Ref->getDecl()];
    return true;
  }
  /// `sizeof...(args)` spells the pack's name too (the lowering replaces it).
  bool VisitSizeOfPackExpr(SizeOfPackExpr *E) {
    if (const auto *Var = dyn_cast<VarDecl>(E->getPack()))
      if (Model.ObjectOfVar.count(Var))
        ++Counts[Var];
    return true;
  }
  llvm::DenseMap<const ValueDecl *, unsigned> Counts;

private:
  const AsyncFunctionModel &Model;
};

/// Names the future contract fixes: the generated class declares them
/// whatever the function spells (an unqualified use of another `poll` in
/// the body is qualified by the lowering).
const char *const ContractNames[] = {"poll", "output_type"};

/// Gives the structs nested in unions names that clash with nothing.
template <class Unique>
void nameGroups(LayoutNode &Node, const Unique &unique) {
  if (!Node.MemberName.empty() && Node.NodeKind == LayoutNode::Struct) {
    Node.TypeName = unique(Node.TypeName);
    Node.MemberName = unique(Node.MemberName);
  }
  for (auto &Child : Node.Children)
    nameGroups(Child, unique);
}

void assignPaths(LayoutNode &Node, const std::string &Prefix,
                 AsyncFunctionModel &Model,
                 const std::vector<ObjectId> &LayoutObjects) {
  std::string Inner = Prefix;
  if (Node.NodeKind == LayoutNode::Struct && !Node.MemberName.empty())
    Inner = Prefix + Node.MemberName + ".";
  if (Node.NodeKind == LayoutNode::Object) {
    FrameObject &Object = Model.Objects[LayoutObjects[Node.ObjectIndex]];
    Object.AccessPath = Prefix + Object.MemberName;
    Object.Offset = Node.Offset;
    return;
  }
  for (auto &Child : Node.Children)
    assignPaths(Child, Inner, Model, LayoutObjects);
}

} // namespace

std::map<std::string, unsigned> functionIdentifiers(const DeclaratorDecl *D,
                                                    const ASTContext &Context) {
  // A template's range adds its template header, but a generic lambda's
  // call operator template has none: its range is not valid.
  const Decl *Whole = D;
  if (const auto *F = dyn_cast<FunctionDecl>(D))
    if (const FunctionTemplateDecl *Template = F->getDescribedFunctionTemplate();
        Template && Template->getSourceRange().getBegin().isValid())
      Whole = Template;
  return identifierCounts(Whole->getSourceRange(), Context);
}

void nameFrame(AsyncFunctionModel &Model, const ASTContext &Context) {
  const Stmt *Body = Model.Function.Definition->getBody();
  // Every identifier the function spells, its signature included: no name
  // the generated class declares may capture or hide one of them.
  const std::map<std::string, unsigned> &Identifiers = Model.SpelledIdentifiers;
  OwnMentions Mentions(Model);
  Mentions.TraverseStmt(const_cast<Stmt *>(Body));

  std::set<std::string> Taken(std::begin(ContractNames), std::end(ContractNames));
  Taken.insert(Model.ClassName);
  auto unique = [&](std::string Base) {
    std::string Name = Base;
    for (unsigned Suffix = 1; Taken.count(Name) || Identifiers.count(Name); ++Suffix)
      Name = Base + "_" + std::to_string(Suffix);
    Taken.insert(Name);
    return Name;
  };

  // The class's own names and poll()'s locals first.
  AsyncFunctionModel::GeneratedNames &N = Model.Names;
  for (std::string *Name : {&N.State, &N.Live, &N.Finish, &N.EndLocals, &N.StateMember,
                            &N.LiveMember, &N.Context, &N.Polled, &N.Result,
                            &N.Unstarted, &N.OnUnwind, &N.BuiltRows, &N.PollPack,
                            &N.Indices})
    *Name = unique(*Name);
  for (FrameObject &Object : Model.Objects)
    if (Object.Scratch)
      Object.MemberName = unique(Object.SourceName);

  for (ObjectId Id : Model.LayoutObjects) {
    FrameObject &Object = Model.Objects[Id];
    std::string Base;
    if (Object.Kind == ObjectKind::Awaitee)
      Base = "future" + std::to_string(*Object.AwaitOf);
    else if (Object.Kind == ObjectKind::Temporary)
      Base = Object.SourceName.substr(0, Object.SourceName.find(' ')) +
             std::to_string(Id);
    else if (Object.Kind == ObjectKind::This)
      Base = "self";
    else if (Object.Var && isa<DecompositionDecl>(Object.Var))
      Base = "bindings";
    else
      Base = Object.SourceName;
    // A variable keeps its name if every mention of that name in the
    // function is a mention of this variable (its declaration and its uses);
    // otherwise the member would hide something else inside poll().
    unsigned Own = 0;
    if (Object.declaration() && Object.Kind != ObjectKind::Temporary)
      Own = Mentions.Counts.lookup(Object.declaration()) + 1;
    auto Found = Identifiers.find(Base);
    // (A macro may expand one spelled name into several references.)
    bool Clashes = Found != Identifiers.end() && Found->second > Own;
    if (!Clashes && !Taken.count(Base)) {
      Taken.insert(Base);
      Object.MemberName = Base;
    } else {
      Object.MemberName = unique(Base);
    }
  }
  for (FrameObject &Object : Model.Objects)
    if (Object.RawStorage)
      Object.LocalName = unique(Object.MemberName + "_ref");
  for (ObjectId Id : Model.LayoutObjects)
    if (FrameObject &Object = Model.Objects[Id]; Object.DeducedFrom)
      Object.TypeAlias = unique(Object.MemberName + "_type");
  nameGroups(Model.Layout.Root, unique);
  assignPaths(Model.Layout.Root, "", Model, Model.LayoutObjects);
}

} // namespace unawait
