#include "Analysis/Naming.h"

#include "Frontend/RawTokens.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/QualTypeNames.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Lex/Lexer.h"

namespace unawait {

using namespace clang;

/// Strips typedefs declared inside classes (an awaiter's `output_type`):
/// they name implementation details the generated code should not spell.
static QualType withoutMemberTypedefs(QualType Type, const ASTContext &Context) {
  while (const auto *Typedef = dyn_cast<TypedefType>(Type.getTypePtr())) {
    if (!isa<RecordDecl>(Typedef->getDecl()->getDeclContext()))
      break;
    Type = Context.getQualifiedType(Typedef->desugar(), Type.getQualifiers());
  }
  while (const auto *Elaborated = dyn_cast<ElaboratedType>(Type.getTypePtr())) {
    QualType Named = Elaborated->getNamedType();
    const auto *Typedef = dyn_cast<TypedefType>(Named.getTypePtr());
    if (!Typedef || !isa<RecordDecl>(Typedef->getDecl()->getDeclContext()))
      break;
    Type = Context.getQualifiedType(Typedef->desugar(), Type.getQualifiers());
  }
  return Type;
}

QualType spellableType(QualType Type, const ASTContext &Context) {
  ASTContext &Ctx = const_cast<ASTContext &>(Context);
  Type = withoutMemberTypedefs(Type, Context);
  // Resolve `auto`, `decltype(auto)` and deduced template arguments at every
  // level of pointers and references.
  if (const auto *Deduced = Type->getAs<DeducedType>();
      Deduced && !Deduced->getDeducedType().isNull() &&
      Type.getTypePtr() == Deduced)
    return spellableType(
        Ctx.getQualifiedType(Deduced->getDeducedType(), Type.getQualifiers()),
        Context);
  if (const auto *LRef = dyn_cast<LValueReferenceType>(Type.getTypePtr()))
    return Ctx.getLValueReferenceType(spellableType(LRef->getPointeeType(), Context));
  if (const auto *RRef = dyn_cast<RValueReferenceType>(Type.getTypePtr()))
    return Ctx.getRValueReferenceType(spellableType(RRef->getPointeeType(), Context));
  if (const auto *Pointer = dyn_cast<PointerType>(Type.getTypePtr()))
    return Ctx.getQualifiedType(
        Ctx.getPointerType(spellableType(Pointer->getPointeeType(), Context)),
        Type.getQualifiers());
  if (Type->getContainedDeducedType())
    return Type.getCanonicalType();
  return TypeName::getFullyQualifiedType(Type, Context);
}

static PrintingPolicy policy(const ASTContext &Context) {
  PrintingPolicy Policy = Context.getPrintingPolicy();
  Policy.SuppressTagKeyword = true;
  Policy.SuppressUnwrittenScope = true;
  Policy.FullyQualifiedName = true;
  Policy.PrintCanonicalTypes = false;
  return Policy;
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

std::string unnameableReason(QualType Type) {
  QualType Inner = Type.getNonReferenceType();
  while (true) {
    if (const auto *Pointer = Inner->getAs<PointerType>())
      Inner = Pointer->getPointeeType();
    else if (const auto *Array = Inner->getAsArrayTypeUnsafe())
      Inner = Array->getElementType();
    else
      break;
  }
  const CXXRecordDecl *Record = Inner->getAsCXXRecordDecl();
  if (!Record)
    return "";
  if (Record->isLambda())
    return "the type of a lambda cannot be named";
  if (Record->isLocalClass())
    return "a class declared inside a function cannot be named outside it";
  if (!Record->getIdentifier() && !Record->getTypedefNameForAnonDecl())
    return "an unnamed class cannot be named";
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
    if (const auto *Var = dyn_cast<VarDecl>(Ref->getDecl()))
      if (Model.ObjectOfVar.count(Var))
        ++Counts[Var];
    return true;
  }
  llvm::DenseMap<const VarDecl *, unsigned> Counts;

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

std::map<std::string, unsigned> functionIdentifiers(const FunctionDecl *F,
                                                    const ASTContext &Context) {
  const Decl *Whole = F;
  if (const FunctionTemplateDecl *Template = F->getDescribedFunctionTemplate())
    Whole = Template;
  return identifierCounts(Whole->getSourceRange(), Context);
}

void nameFrame(AsyncFunctionModel &Model, const ASTContext &Context) {
  const Stmt *Body = Model.Function.Definition->getBody();
  // Every identifier the function spells, its signature included: no name
  // the generated class declares may capture or hide one of them.
  std::map<std::string, unsigned> Identifiers =
      functionIdentifiers(Model.Function.Definition, Context);
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
  for (std::string *Name : {&N.State, &N.Live, &N.Finish, &N.StateMember,
                            &N.LiveMember, &N.Context, &N.Polled, &N.Result,
                            &N.Unstarted})
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
    if (Object.Var && Object.Kind != ObjectKind::Temporary)
      Own = Mentions.Counts.lookup(Object.Var) + 1;
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
  nameGroups(Model.Layout.Root, unique);
  assignPaths(Model.Layout.Root, "", Model, Model.LayoutObjects);
}

} // namespace unawait
