#include "Transform/SourceText.h"

#include "Analysis/NodeSearch.h"
#include "Analysis/TemplateInstances.h"
#include "Frontend/RawTokens.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Lex/Lexer.h"
#include <optional>
#include <set>

namespace unawait {

using namespace clang;

namespace {

class ReferenceReplacer : public RecursiveASTVisitor<ReferenceReplacer> {
public:
  using Callback = std::function<void(SourceLocation, const FrameObject &)>;
  using CaptureCallback = std::function<void(const LambdaExpr *, const LambdaCapture &,
                                             const FrameObject &)>;
  using ThisCallback = std::function<void(const CXXThisExpr *)>;
  ReferenceReplacer(const AsyncFunctionModel &Model, Callback OnReference,
                    CaptureCallback OnCapture, ThisCallback OnThis)
      : Model(Model), OnReference(std::move(OnReference)),
        OnCapture(std::move(OnCapture)), OnThis(std::move(OnThis)) {}

  bool VisitDeclRefExpr(DeclRefExpr *Ref) {
    if (const auto *Var = dyn_cast<VarDecl>(Ref->getDecl()))
      if (const FrameObject *Object = Model.keptObjectOf(Var))
        OnReference(Ref->getLocation(), *Object);
    return true;
  }

  bool VisitCXXThisExpr(CXXThisExpr *This) {
    OnThis(This);
    return true;
  }

  bool VisitLambdaExpr(LambdaExpr *Lambda) {
    for (const LambdaCapture &Capture : Lambda->captures())
      if (Capture.getCaptureKind() == LCK_StarThis && Model.thisObject())
        OnCapture(Lambda, Capture, *Model.thisObject()); // would copy the future
      else if (Capture.capturesVariable())
        if (const auto *Var = dyn_cast<VarDecl>(Capture.getCapturedVar()))
          if (const FrameObject *Object = Model.keptObjectOf(Var))
            OnCapture(Lambda, Capture, *Object);
    return true;
  }

private:
  const AsyncFunctionModel &Model;
  Callback OnReference;
  CaptureCallback OnCapture;
  ThisCallback OnThis;
};

/// True if `co_return E;` moves from E implicitly (C++20): E names a local
/// variable or parameter of object type.
bool isImplicitlyMovable(const Expr *E) {
  const auto *Ref = dyn_cast<DeclRefExpr>(E->IgnoreParens());
  const auto *Var = Ref ? dyn_cast<VarDecl>(Ref->getDecl()) : nullptr;
  return Var && Var->hasLocalStorage() && !Var->getType()->isReferenceType() &&
         !Var->getType().isVolatileQualified();
}

} // namespace

SourceText::SourceText(const AsyncFunctionModel &Model,
                       const ModelRegistry &Models, ASTContext &Context,
                       DiagnosticReporter &Diags)
    : Model(Model), Models(Models), Context(Context), Diags(Diags),
      SM(Context.getSourceManager()),
      Source(SM.getBufferData(SM.getMainFileID())) {
  const Stmt *Body =
      cast<CoroutineBodyStmt>(Model.Function.Definition->getBody())->getBody();
  // Leaves first: the replacements of co_return and jumps contain them.
  replaceReferences(Body);
  boxNestedAsyncCalls();
  replaceAwaits();
  replaceReturnsAndJumps(Body);
}

std::string SourceText::name(const FrameObject &Object) {
  return Object.StoredAsPointer ? "(*" + Object.AccessPath + ")"
                                : Object.AccessPath;
}

std::string SourceText::continueLabel(const SuspensionPoint &Condition) {
  return "continue_" + Condition.StateName;
}

std::string SourceText::polledValue() const {
  return "std::move(" + Model.PolledName + ").value()";
}

std::pair<unsigned, unsigned> SourceText::offsets(SourceRange Range) const {
  CharSourceRange File = SM.getExpansionRange(Range);
  SourceLocation End = File.getEnd();
  if (File.isTokenRange())
    End = Lexer::getLocForEndOfToken(End, 0, SM, Context.getLangOpts());
  return {SM.getFileOffset(File.getBegin()), SM.getFileOffset(End)};
}

void SourceText::replace(SourceRange Range, std::string Text) {
  auto [Begin, End] = offsets(Range);
  Replacements.emplace(Begin, std::make_pair(End, std::move(Text)));
}

void SourceText::insert(SourceLocation Loc, std::string Text) {
  unsigned At = SM.getFileOffset(SM.getExpansionLoc(Loc));
  Replacements.emplace(At, std::make_pair(At, std::move(Text)));
}

std::string SourceText::render(std::pair<unsigned, unsigned> Range) const {
  auto [Begin, End] = Range;
  std::string Text;
  unsigned At = Begin;
  auto Next = Replacements.lower_bound(Begin);
  while (At < End) {
    // The outermost replacement starting here or later, inside the range.
    while (Next != Replacements.end() &&
           (Next->first < At || Next->second.first > End))
      ++Next;
    if (Next == Replacements.end() || Next->first >= End) {
      Text += Source.slice(At, End).str();
      break;
    }
    auto Outer = Next;
    for (auto It = Next; It != Replacements.end() && It->first == Next->first; ++It)
      if (It->second.first > Outer->second.first && It->second.first <= End)
        Outer = It;
    Text += Source.slice(At, Outer->first).str();
    Text += Outer->second.second;
    At = Outer->second.first;
    ++Next;
  }
  return Text;
}

void SourceText::replaceReferences(const Stmt *Body) {
  std::set<unsigned> Done;
  // Where a use of a kept object is written, if it can be rewritten there
  // and has not been yet.
  auto writtenAt = [&](SourceLocation Loc,
                       const FrameObject &Object) -> std::optional<SourceLocation> {
    if (Loc.isMacroID()) {
      if (!SM.isMacroArgExpansion(Loc)) {
        Diags.error(Loc, "'" + Object.SourceName +
                             "' is kept in the frame, but this use comes "
                             "from a macro's body, which unawait cannot "
                             "rewrite; pass it as a macro argument");
        Ok = false;
        return std::nullopt;
      }
      Loc = SM.getSpellingLoc(Loc);
    }
    if (!Done.insert(SM.getFileOffset(Loc)).second)
      return std::nullopt; // a macro argument expanded twice
    return Loc;
  };
  const FrameObject *This = Model.thisObject();
  ReferenceReplacer Replacer(
      Model,
      [&](SourceLocation Use, const FrameObject &Object) {
        if (std::optional<SourceLocation> Loc = writtenAt(Use, Object))
          replace(SourceRange(*Loc, *Loc), name(Object));
      },
      [&](const LambdaExpr *Lambda, const LambdaCapture &Capture,
          const FrameObject &Object) {
        if (Capture.isImplicit() && Capture.getCaptureKind() == LCK_ByRef)
          return; // the member is reached through the captured `this`
        if (Capture.getCaptureKind() == LCK_StarThis) {
          Diags.error(Capture.getLocation(),
                      "a lambda capturing '*this' by copy is not supported "
                      "in an annotated member function yet; capture 'this'");
          Ok = false;
          return;
        }
        Diags.error(Capture.isImplicit() ? Lambda->getBeginLoc()
                                         : Capture.getLocation(),
                    "a lambda capturing '" + Object.SourceName + "' " +
                        (Capture.isImplicit() ? "by copy" : "explicitly") +
                        " is not supported yet, because '" + Object.SourceName +
                        "' is kept in the frame; capture it implicitly by "
                        "reference ([&])");
        Ok = false;
      },
      // Inside poll(), `this` is the generated future: the object's members
      // are reached through the kept pointer, `self->x` for an implicit `x`.
      [&](const CXXThisExpr *Use) {
        std::optional<SourceLocation> Loc =
            This ? writtenAt(Use->getLocation(), *This) : std::nullopt;
        if (!Loc)
          return;
        if (Use->isImplicit())
          insert(*Loc, This->AccessPath + "->");
        else
          replace(SourceRange(*Loc, *Loc), This->AccessPath);
      });
  Replacer.TraverseStmt(const_cast<Stmt *>(Body));
}

void SourceText::boxNestedAsyncCalls() {
  for (const SuspensionPoint &P : Model.Points) {
    if (P.Mode != AwaiteeMode::Temporary)
      continue;
    std::vector<const CallExpr *> AsWritten = generatingCalls(P.Operand, Models);
    for (const CallExpr *Call : nodesUnder<CallExpr>(P.Operand)) {
      const FunctionDecl *Callee = Call->getDirectCallee();
      const AsyncFunctionModel *Rewritten = Callee ? Models.find(Callee) : nullptr;
      if (!Rewritten || Rewritten->Function.HasSeparateDeclaration ||
          llvm::is_contained(AsWritten, Call))
        continue;
      replace(Call->getSourceRange(),
              "unawait::Async<" + Rewritten->OutputTypeSpelling + ">(" +
                  of(Call) + ")");
    }
  }
}

void SourceText::replaceAwaits() {
  for (const SuspensionPoint &P : Model.Points)
    if (P.ProducesValue)
      replace(P.Await->getSourceRange(), polledValue());
}

std::string SourceText::returnText(const CoreturnStmt *Return) const {
  const Expr *Operand = Return->getOperand();
  std::string Text = "{ ";
  if (Operand && !Operand->getType()->isVoidType()) {
    std::string Value = of(Operand);
    if (isImplicitlyMovable(Operand))
      Value = "std::move(" + Value + ")";
    Text += Model.ResultName + ".emplace(" + Value + "); ";
  } else if (Operand) {
    Text += of(Operand) + "; ";
  }
  return Text + "goto done; }";
}

void SourceText::replaceReturnsAndJumps(const Stmt *Body) {
  for (const CoreturnStmt *Return : nodesUnder<CoreturnStmt>(Body)) {
    if (Model.PointOfStatement.count(Return))
      continue; // `co_return co_await e;` is emitted with its await
    JumpsToDone = true;
    replace(withSemicolon(Return), returnText(Return));
  }
  for (const auto &[Jump, Exit] : Model.Jumps) {
    // A do loop awaiting in its condition is emitted as `while (true)`:
    // its `continue` goes to the condition's await.
    const auto *Do = dyn_cast_or_null<DoStmt>(Exit.Target);
    const SuspensionPoint *Condition =
        Do && isa<ContinueStmt>(Jump) ? Model.conditionPoint(Do->getCond()) : nullptr;
    if (Exit.Destroy.empty() && !Condition)
      continue;
    std::string Text = "{ ";
    for (ObjectId Id : Exit.Destroy)
      Text += destroy(Model.object(Id));
    Text += Condition ? "goto " + continueLabel(*Condition) + "; }"
            : isa<BreakStmt>(Jump) ? "break; }"
                                   : "continue; }";
    replace(withSemicolon(Jump), Text);
  }
}

SourceRange SourceText::withSemicolon(const Stmt *S) const {
  SourceRange Range = S->getSourceRange();
  std::optional<Token> Next = Lexer::findNextToken(
      SM.getExpansionLoc(Range.getEnd()), SM, Context.getLangOpts());
  if (Next && Next->is(tok::semi))
    Range.setEnd(Next->getLocation());
  return Range;
}

std::string SourceText::of(const Stmt *S) const {
  return render(offsets(S->getSourceRange()));
}

SourceLocation SourceText::endOf(const Stmt *S) const {
  return SM.getExpansionLoc(withSemicolon(S).getEnd());
}

std::string SourceText::commentsBefore(const Stmt *S, SourceLocation From) const {
  if (From.isInvalid())
    return "";
  unsigned Begin = SM.getFileOffset(SM.getExpansionLoc(From));
  unsigned End = SM.getFileOffset(SM.getExpansionLoc(S->getBeginLoc()));
  if (Begin >= End)
    return "";
  // Skip the token at From (the previous statement's last token, or `{`).
  Begin += Lexer::MeasureTokenLength(SM.getExpansionLoc(From), SM,
                                     Context.getLangOpts());
  if (Begin >= End)
    return "";
  std::string Comments;
  forEachRawToken(Source.slice(Begin, End), Context.getLangOpts(),
                  /*KeepComments=*/true,
                  [&](const Token &Tok, llvm::StringRef Spelling) {
                    if (Tok.is(tok::comment))
                      Comments += Spelling.rtrim().str() + "\n";
                  });
  return Comments;
}

std::string SourceText::range(SourceRange Range) const {
  return render(offsets(Range));
}

std::string SourceText::statement(const Stmt *S) const {
  std::string Text = render(offsets(withSemicolon(S)));
  llvm::StringRef Trimmed = llvm::StringRef(Text).rtrim();
  if (!Trimmed.ends_with(";") && !Trimmed.ends_with("}"))
    Text += ";";
  return Text;
}

std::string SourceText::destroy(const FrameObject &Object) const {
  if (Object.LiveBit < 0)
    return "";
  return "live_ &= ~Live::" + Object.MemberName +
         "; unawait::detail::destroy(" + Object.AccessPath + "); ";
}

std::string SourceText::initializer(const VarDecl *Var) const {
  const Expr *Init = Var->getInit();
  if (!Init)
    return "";
  if (const auto *Cleanups = dyn_cast<ExprWithCleanups>(Init))
    Init = Cleanups->getSubExpr();
  const auto *Construct = dyn_cast<CXXConstructExpr>(Init);
  if (Construct && Construct->getParenOrBraceRange().isValid())
    return range(Construct->getParenOrBraceRange());
  if (Construct && Construct->getNumArgs() == 0)
    return ""; // default-initialised: no initializer written
  if (isa<InitListExpr>(Init->IgnoreImplicit()) || isa<ParenListExpr>(Init))
    return of(Init);
  if (Var->getType()->isArrayType())
    return "{" + of(Init) + "}"; // char s[] = "text"
  if (Var->getInitStyle() == VarDecl::ListInit)
    return "{" + of(Init) + "}";
  return "(" + of(Init) + ")";
}

} // namespace unawait
