#include "Transform/StateMachineEmitter.h"

#include "Analysis/Naming.h"
#include "Analysis/NodeSearch.h"
#include "Analysis/SuspensionPoints.h"
#include "Transform/SourceText.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/TypeLoc.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/Support/FormatVariadic.h"

namespace unawait {

using namespace clang;

namespace {

class Emitter {
public:
  Emitter(const AsyncFunctionModel &Model, const ModelRegistry &Models,
          ASTContext &Context, DiagnosticReporter &Diags,
          const EmitOptions &Options)
      : M(Model), Ctx(Context), SM(Context.getSourceManager()), Diags(Diags),
        Options(Options), Text(Model, Models, Context, Diags) {}

  std::optional<EmittedFunction> run() {
    if (!Text.ok())
      return std::nullopt;
    EmittedFunction Result;
    std::string Body = pollBody();
    if (Failed)
      return std::nullopt;
    Result.ClassDefinition = classDefinition(Body);
    Result.ReturnType = M.Function.HasSeparateDeclaration
                            ? "unawait::Async<" + M.OutputTypeSpelling + ">"
                            : classType();
    Result.FactoryBody = factoryBody();
    return Result;
  }

private:
  // --- the class ------------------------------------------------------

  std::string classDefinition(const std::string &PollBody) {
    std::string S = forwardDeclaration();
    const FunctionDecl *F = M.Function.Definition;
    PresumedLoc Where = SM.getPresumedLoc(F->getLocation());
    S += llvm::formatv("/// unawait: the state machine of `{0}` ({1}:{2}).\n"
                       "/// Generated code: edit the async function, not this "
                       "class. sizeof is its whole frame.\n",
                       M.Name, llvm::sys::path::filename(Where.getFilename()),
                       Where.getLine());
    S += templateHeader() + "class " + M.ClassName + " {\npublic:\n";
    S += "using output_type = " + M.OutputTypeSpelling + ";\n\n";
    S += constructors();
    S += "unawait::Poll<output_type> poll(unawait::Context &" +
         (M.Points.empty() ? std::string() : M.ContextName) + ") {\n" +
         PollBody + "}\n\n";
    S += "private:\n";
    S += stateEnum();
    S += liveBits();
    S += finish();
    S += frame();
    S += "};\n";
    if (Options.SizeAsserts && M.hasRealSizes())
      S += sizeAssertion(M);
    return S;
  }

  std::vector<const FrameObject *> params() const {
    std::vector<const FrameObject *> Params;
    for (const FrameObject &Object : M.Objects)
      if ((Object.Kind == ObjectKind::Param || Object.Kind == ObjectKind::This) &&
          Object.Kept)
        Params.push_back(&Object);
    return Params;
  }

  /// The constructor parameter's name: the function parameter's, or the
  /// member's for `this`.
  static std::string parameterName(const FrameObject &Param) {
    return Param.Kind == ObjectKind::This ? Param.MemberName : Param.SourceName;
  }

  /// The constructor's parameter for a function parameter: by-value
  /// parameters are taken as rvalue references and moved into the frame
  /// once, as a coroutine moves them into its frame.
  std::string constructorParameter(const FrameObject &Param) const {
    if (Param.Kind == ObjectKind::This)
      return declareName(Param.Type, parameterName(Param), Ctx);
    QualType Type = Param.Type->isReferenceType()
                        ? Param.Type
                        : Ctx.getRValueReferenceType(Param.Type);
    return declareName(Type, Param.SourceName, Ctx);
  }

  std::string constructors() {
    std::string S;
    std::vector<const FrameObject *> Params = params();
    std::string Args, FromArgs, FromOther;
    for (const FrameObject *Param : Params) {
      if (!Args.empty())
        Args += ", ";
      Args += constructorParameter(*Param);
      std::string Member = "this->" + Param->AccessPath;
      if (Param->Kind == ObjectKind::This) {
        FromArgs += Member + " = " + parameterName(*Param) + ";\n";
        FromOther += Member + " = other." + Param->AccessPath + ";\n";
      } else if (Param->StoredAsPointer) {
        FromArgs += Member + " = std::addressof(" + Param->SourceName + ");\n";
        FromOther += Member + " = other." + Param->AccessPath + ";\n";
      } else {
        FromArgs += placementNew(Member, Param->StoredTypeSpelling,
                                 "(std::move(" + Param->SourceName + "))");
        FromOther += placementNew(Member, Param->StoredTypeSpelling,
                                  "(std::move(other." + Param->AccessPath + "))");
      }
    }
    S += (Params.size() == 1 ? "explicit " : "") + M.ClassName + "(" + Args +
         ") {\n" + FromArgs + "}\n";
    S += "/// Moving is allowed before the first poll only (like a pinned "
         "Rust future).\n";
    S += M.ClassName + "(" + M.ClassName + " &&other) {\n";
    S += "UNAWAIT_CONTRACT(other.state_ == State::Start, \"a started " +
         M.ClassName + " was moved\");\n" + FromOther + "}\n";
    S += M.ClassName + "(const " + M.ClassName + " &) = delete;\n";
    S += M.ClassName + " &operator=(const " + M.ClassName + " &) = delete;\n";
    S += M.ClassName + " &operator=(" + M.ClassName + " &&) = delete;\n";
    // Without anything to destroy, the implicit destructor is trivial, and a
    // caller awaiting this future needs no live bit for it.
    if (M.needsDestructor())
      S += "~" + M.ClassName +
           "() {\nif (state_ != State::Finished)\nfinish();\n}\n";
    return S + "\n";
  }

  static std::string placementNew(const std::string &Member,
                                   const std::string &Type,
                                   const std::string &Init) {
    return "::new (unawait::detail::address_of(" + Member + ")) " + Type +
           Init + ";\n";
  }

  std::string stateEnum() const {
    std::string S = "/// Where the next poll resumes.\nenum class State : ";
    S += M.Points.size() + 2 <= 256 ? "unsigned char" : "unsigned short";
    S += " {\nStart, ///< not polled yet\n";
    for (const SuspensionPoint &P : M.Points)
      S += llvm::formatv("{0}, ///< at `{1}`, line {2}\n", P.StateName,
                         oneLine(P.AwaitText), P.Line);
    S += "Finished, ///< returned Ready, or threw\n};\n";
    return S;
  }

  static std::string oneLine(llvm::StringRef Text) {
    std::string Result;
    bool Space = false;
    for (char C : Text) {
      if (C == '\n' || C == '\t' || C == ' ') {
        Space = true;
        continue;
      }
      if (Space && !Result.empty())
        Result += ' ';
      Space = false;
      Result += C;
    }
    return Result;
  }

  std::string liveBitsType() const {
    unsigned Bits = M.liveBitCount();
    return Bits <= 8    ? "unsigned char"
           : Bits <= 16 ? "unsigned short"
           : Bits <= 32 ? "unsigned int"
                        : "unsigned long long";
  }

  std::string liveBits() const {
    if (!M.liveBitCount())
      return "";
    std::string S = "/// Bits of live_: set while the kept object of the same "
                    "name is constructed.\nstruct Live {\n";
    for (const FrameObject &Object : M.Objects)
      if (Object.LiveBit >= 0)
        S += llvm::formatv("static constexpr {0} {1} = 1ull << {2};\n",
                           liveBitsType(), Object.MemberName, Object.LiveBit);
    return S + "};\n";
  }

  /// Objects alive now, youngest first.
  std::string finish() const {
    std::string S = "/// Destroys what the frame holds, youngest first, and "
                    "ends the future: on completion, on an exception leaving "
                    "poll, and when a suspended future is dropped.\n"
                    "void finish() {\n";
    for (auto It = M.Objects.rbegin(); It != M.Objects.rend(); ++It) {
      if (It->LiveBit >= 0)
        S += "if (live_ & Live::" + It->MemberName +
             ")\nunawait::detail::destroy(" + It->AccessPath + ");\n";
      else if (It->Kind == ObjectKind::Param && It->HasDestructor)
        S += "unawait::detail::destroy(" + It->AccessPath + ");\n";
    }
    if (M.liveBitCount())
      S += "live_ = 0;\n";
    return S + "state_ = State::Finished;\n}\n\n";
  }

  // --- the frame members ----------------------------------------------

  std::string declaration(const FrameObject &Object) const {
    if (Object.Generated)
      return Object.StoredTypeSpelling + " " + Object.MemberName;
    return declareName(Object.StoredType, Object.MemberName, Ctx);
  }

  std::string describe(const FrameObject &Object) const {
    std::string Where =
        Object.Loc.isValid()
            ? " (line " + std::to_string(SM.getExpansionLineNumber(Object.Loc)) + ")"
            : "";
    std::string What =
        Object.Kind == ObjectKind::Awaitee
            ? "the future awaited at " + M.Points[*Object.AwaitOf].StateName
        : Object.Kind == ObjectKind::This
            ? "`this`: the object the member function runs on"
            : kindName(Object.Kind).str() + " '" + Object.SourceName + "'";
    std::string Held;
    for (const SuspensionPoint &P : M.Points)
      for (const HeldObject &H : P.Held)
        if (&M.Objects[H.Object] == &Object)
          Held += (Held.empty() ? "" : ", ") + P.StateName;
    return What + Where + (Held.empty() ? "" : "; held at " + Held);
  }

  const FrameObject &objectOf(const LayoutNode &Node) const {
    return M.object(M.LayoutObjects[Node.ObjectIndex]);
  }

  /// Members of a struct node: each object in its own anonymous union (so
  /// that it is constructed and destroyed by hand), each union anonymous.
  std::string structMembers(const LayoutNode &Node) const {
    std::string S;
    for (const LayoutNode &Child : Node.Children) {
      switch (Child.NodeKind) {
      case LayoutNode::Object: {
        const FrameObject &Object = objectOf(Child);
        S += "union {\n/// " + describe(Object) + "\n" + declaration(Object) +
             ";\n};\n";
        break;
      }
      case LayoutNode::Union:
        S += "union {\n" + unionMembers(Child) + "};\n";
        break;
      case LayoutNode::Tag:
        if (Child.MemberName == "state_")
          S += "State state_ = State::Start;\n";
        else
          S += liveBitsType() + " live_ = 0;\n";
        break;
      case LayoutNode::Struct:
        S += structMembers(Child);
        break;
      }
    }
    return S;
  }

  std::string unionMembers(const LayoutNode &Node) const {
    std::string S;
    for (const LayoutNode &Child : Node.Children) {
      if (Child.NodeKind == LayoutNode::Object) {
        const FrameObject &Object = objectOf(Child);
        S += "/// " + describe(Object) + "\n" + declaration(Object) + ";\n";
      } else {
        S += Child.TypeName + " " + Child.MemberName + ";\n";
      }
    }
    return S;
  }

  /// The named structs that are alternatives of unions, innermost first.
  void groupTypes(const LayoutNode &Node, std::string &S) const {
    for (const LayoutNode &Child : Node.Children)
      groupTypes(Child, S);
    if (Node.NodeKind == LayoutNode::Struct && !Node.TypeName.empty())
      S += "struct " + Node.TypeName + " {\n" + structMembers(Node) + "};\n";
  }

  std::string frame() const {
    std::string S = "// The frame. Alternatives of a union are never alive "
                    "at the same time.\n";
    groupTypes(M.Layout.Root, S);
    return S + structMembers(M.Layout.Root);
  }

  // --- poll() ---------------------------------------------------------

  std::string pollBody() {
    const auto *Coroutine = cast<CoroutineBodyStmt>(M.Function.Definition->getBody());
    const auto *Body = cast<CompoundStmt>(Coroutine->getBody());
    std::string BodyText = block(Body, blockChildren(Body), nullptr);
    std::string S;
    if (!M.OutputIsVoid)
      S += "std::optional<output_type> " + M.ResultName + ";\n";
    // An exception leaving the body finishes the future (SPEC); try/catch
    // costs nothing on the path that does not throw.
    S += "UNAWAIT_TRY {\n";
    S += "switch (state_) {\ncase State::Start:\nbreak;\n";
    for (const SuspensionPoint &P : M.Points)
      S += "case State::" + P.StateName + ":\ngoto resume_" + P.StateName + ";\n";
    S += "case State::Finished:\nunawait::detail::polled_after_ready(\"" +
         M.Name + "\");\n}\n";
    S += BodyText;
    S += "} UNAWAIT_CATCH_ALL {\nfinish();\nUNAWAIT_RETHROW;\n}\n";
    if (Text.jumpsToDone() || UsesDone)
      S += "done:\n";
    if (M.OutputIsVoid)
      return S + "finish();\nreturn unawait::ready();\n";
    return S + "unawait::Poll<output_type> ready = "
               "unawait::detail::take_result(" +
           M.ResultName + ");\nfinish();\nreturn ready;\n";
  }

  /// One piece of a block: a statement, or the part of an await statement
  /// before or after its suspension.
  struct Piece {
    enum Kind { Statement, BeforeAwait, AfterAwait, Nested, CaseLabel } PieceKind;
    const Stmt *S = nullptr;
    const SuspensionPoint *Point = nullptr;
  };

  std::vector<std::vector<Piece>> chunks(llvm::ArrayRef<Stmt *> Children) const {
    std::vector<std::vector<Piece>> Chunks(1);
    for (const Stmt *Child : Children) {
      // A case label starts a chunk: the switch's jump to it then crosses no
      // local of the chunk before.
      if (isa<SwitchCase>(Child))
        Chunks.emplace_back();
      for (; isa<SwitchCase>(Child); Child = cast<SwitchCase>(Child)->getSubStmt())
        Chunks.back().push_back({Piece::CaseLabel, Child, nullptr});
      auto Point = M.PointOfStatement.find(Child);
      if (Point != M.PointOfStatement.end()) {
        const SuspensionPoint *P = &M.Points[Point->second];
        Chunks.back().push_back({Piece::BeforeAwait, Child, P});
        Chunks.push_back({{Piece::AfterAwait, Child, P}});
        if (P->Form == AwaitForm::Condition) { // then the if, on its own
          Chunks.push_back({{Piece::Nested, Child, nullptr}});
          Chunks.emplace_back();
        }
      } else if (M.Suspending.count(Child)) {
        Chunks.push_back({{Piece::Nested, Child, nullptr}});
        Chunks.emplace_back();
      } else {
        Chunks.back().push_back({Piece::Statement, Child, nullptr});
      }
    }
    return Chunks;
  }

  /// True if the chunk declares an ordinary local of poll(): it then needs
  /// braces so that no resume jump crosses its initialisation.
  bool declaresLocals(const std::vector<Piece> &Chunk) const {
    for (const Piece &P : Chunk) {
      if (P.PieceKind == Piece::AfterAwait) {
        if (P.Point->Form != AwaitForm::Discard && P.Point->ProducesValue)
          return true;
        if (P.Point->InitVar && !M.keptObjectOf(P.Point->InitVar))
          return true;
      }
      if (P.PieceKind != Piece::Statement)
        continue;
      if (const auto *Decls = dyn_cast<DeclStmt>(P.S))
        for (const Decl *D : Decls->decls())
          if (const auto *Var = dyn_cast<VarDecl>(D); !Var || !M.keptObjectOf(Var))
            return true;
    }
    return false;
  }

  std::string block(const Stmt *Owner, llvm::ArrayRef<Stmt *> Children,
                    const VarDecl *LoopVar, const std::string &LoopVarInit = "") {
    std::string S = "{\n";
    // The comments between statements stay in front of their statement.
    SourceLocation Previous;
    if (const auto *Compound = dyn_cast<CompoundStmt>(Owner))
      Previous = Compound->getLBracLoc();
    for (const Stmt *Child : Children) {
      LeadingComments[Child] = Text.commentsBefore(Child, Previous);
      Previous = Text.endOf(Child);
    }
    std::vector<std::vector<Piece>> Chunks = chunks(Children);
    for (size_t I = 0; I < Chunks.size(); ++I) {
      const auto &Chunk = Chunks[I];
      bool LoopVarHere = I == 0 && LoopVar;
      bool Braces = declaresLocals(Chunk) ||
                    (LoopVarHere && !M.keptObjectOf(LoopVar));
      if (!Chunk.empty() && Chunk.front().PieceKind == Piece::AfterAwait)
        S += "resume_" + Chunk.front().Point->StateName + ":\n";
      if (Chunk.empty() && !LoopVarHere)
        continue;
      S += Braces ? "{\n" : "";
      if (LoopVarHere)
        S += variable(LoopVar, LoopVarInit);
      for (const Piece &P : Chunk)
        S += piece(P);
      S += Braces ? "}\n" : "";
    }
    // After a jump, the end of the scope is not reached (the jump destroys
    // what it leaves); emitting it would be dead code, and a fallthrough
    // warning at the next case label.
    if (Children.empty() || !isa<BreakStmt, ContinueStmt, CoreturnStmt>(
                                withoutCaseLabels(Children.back())))
      S += destroyScope(Owner);
    return S + "}\n";
  }

  std::string destroyScope(const Stmt *Owner) const {
    auto Found = M.ScopeObjects.find(Owner);
    if (Found == M.ScopeObjects.end())
      return "";
    std::string S;
    for (auto It = Found->second.rbegin(); It != Found->second.rend(); ++It)
      S += Text.destroy(M.object(*It));
    return S.empty() ? S : S + "\n";
  }

  std::string piece(const Piece &P) {
    std::string Comments =
        P.PieceKind == Piece::AfterAwait ? "" : LeadingComments.lookup(P.S);
    switch (P.PieceKind) {
    case Piece::Statement:
      return Comments + statement(P.S);
    case Piece::BeforeAwait:
      return Comments + beforeAwait(*P.Point);
    case Piece::AfterAwait:
      return afterAwait(*P.Point);
    case Piece::Nested:
      return Comments + nested(P.S);
    case Piece::CaseLabel:
      return Comments + caseLabel(cast<SwitchCase>(P.S));
    }
    llvm_unreachable("unknown piece");
  }

  std::string caseLabel(const SwitchCase *Label) const {
    const auto *Case = dyn_cast<CaseStmt>(Label);
    if (!Case)
      return "default:\n";
    return "case " + Text.of(Case->getLHS()) +
           (Case->getRHS() ? " ... " + Text.of(Case->getRHS()) : "") + ":\n";
  }

  std::string lineDirective(SourceLocation Loc) const {
    if (!Options.LineDirectives || Loc.isInvalid())
      return "";
    PresumedLoc Where = SM.getPresumedLoc(SM.getExpansionLoc(Loc));
    return llvm::formatv("#line {0} \"{1}\"\n", Where.getLine(),
                         Where.getFilename());
  }

  std::string statement(const Stmt *S) {
    std::string Prefix = lineDirective(S->getBeginLoc());
    const auto *Decls = dyn_cast<DeclStmt>(S);
    bool AnyKept = false;
    if (Decls)
      for (const Decl *D : Decls->decls())
        if (const auto *Var = dyn_cast<VarDecl>(D))
          AnyKept |= M.keptObjectOf(Var) != nullptr;
    if (!AnyKept)
      return Prefix + Text.statement(S) + "\n";
    for (const Decl *D : Decls->decls())
      if (const auto *Var = dyn_cast<VarDecl>(D))
        Prefix += variable(Var, Text.initializer(Var));
    return Prefix;
  }

  /// A local variable's declaration: an ordinary local, or the construction
  /// of a kept object in its frame member.
  std::string variable(const VarDecl *Var, const std::string &Init) {
    const FrameObject *Object = M.keptObjectOf(Var);
    if (!Object)
      return declareName(Var->getType(), Var->getName(), Ctx) +
             (Init.empty() || Init.front() == '(' || Init.front() == '{'
                  ? Init
                  : " = " + Init) +
             ";\n";
    return construct(*Object, Init);
  }

  /// Starts the lifetime of a kept object in its member.
  std::string construct(const FrameObject &Object, const std::string &Init) {
    if (Object.StoredAsPointer) {
      // (A reference bound to a temporary was rejected by the analysis.)
      return Object.AccessPath + " = std::addressof" + parenthesized(Init) + ";\n";
    }
    std::string Bit = Object.LiveBit >= 0
                          ? "live_ |= Live::" + Object.MemberName + ";\n"
                          : "";
    QualType Type = Object.StoredType;
    if (Type->isScalarType() && !Type.isConstQualified() && !Object.Generated) {
      if (Init.empty())
        return ""; // left uninitialized, as written
      bool Parens = Init.front() == '(';
      return Object.AccessPath + " = " +
             (Parens ? Init.substr(1, Init.size() - 2) : Init) + ";\n" + Bit;
    }
    if (Type->isArrayType() && Init.empty())
      return ""; // trivially default-constructed: left uninitialized, as written
    return placementNew(Object.AccessPath, Object.StoredTypeSpelling, Init) + Bit;
  }

  static std::string parenthesized(const std::string &Init) {
    if (!Init.empty() && Init.front() == '(')
      return Init;
    if (!Init.empty() && Init.front() == '{')
      return "(" + Init.substr(1, Init.size() - 2) + ")";
    return "(" + Init + ")";
  }

  std::string pollOf(const SuspensionPoint &P) const {
    const FrameObject &Awaitee = M.object(P.Awaitee);
    if (Awaitee.StoredAsPointer)
      return Awaitee.AccessPath + "->poll(" + M.ContextName + ")";
    return Awaitee.AccessPath + ".poll(" + M.ContextName + ")";
  }

  std::string beforeAwait(const SuspensionPoint &P) {
    std::string S = lineDirective(P.Await->getBeginLoc());
    S += llvm::formatv("// {0}: `{1}` (line {2})\n", P.StateName,
                       oneLine(P.AwaitText), P.Line);
    const FrameObject &Awaitee = M.object(P.Awaitee);
    if (P.Relocated)
      S += "{\n// Built first, then moved before its first poll into the storage "
           "of the objects it was given.\nauto " +
           M.UnstartedName + " = " + Text.of(P.Operand) + ";\n" +
           construct(Awaitee, "(std::move(" + M.UnstartedName + "))") + "}\n";
    else if (P.Mode == AwaiteeMode::Temporary)
      S += construct(Awaitee, awaiteeInitializer(P, Awaitee));
    else if (P.Mode == AwaiteeMode::Pointer)
      S += Awaitee.AccessPath + " = std::addressof(" + Text.of(P.Operand) + ");\n";
    return S + "state_ = State::" + P.StateName + ";\n";
  }

  /// `(f(x))` for a call; `("name")` rather than `(Type("name"))` when the
  /// operand already constructs the awaitee's type.
  std::string awaiteeInitializer(const SuspensionPoint &P,
                                 const FrameObject &Awaitee) const {
    const auto *Construct = dyn_cast<CXXConstructExpr>(
        P.Operand->IgnoreImplicitAsWritten()->IgnoreParens());
    if (Construct && !Awaitee.Generated &&
        (isa<CXXTemporaryObjectExpr>(Construct) ||
         Construct->isListInitialization()) &&
        Construct->getParenOrBraceRange().isValid())
      return Text.range(Construct->getParenOrBraceRange());
    return "(" + Text.of(P.Operand) + ")";
  }

  std::string afterAwait(const SuspensionPoint &P) {
    std::string S;
    std::string Pending = "return unawait::pending;\n";
    if (P.Form == AwaitForm::Discard || !P.ProducesValue) {
      S += "if (" + pollOf(P) + ".is_pending())\n" + Pending;
    } else {
      S += "auto " + M.PolledName + " = " + pollOf(P) + ";\n";
      S += "if (" + M.PolledName + ".is_pending())\n" + Pending;
    }
    S += lineDirective(P.Statement->getBeginLoc());
    switch (P.Form) {
    case AwaitForm::Discard:
      break;
    case AwaitForm::InitVar:
      S += M.keptObjectOf(P.InitVar)
               ? variable(P.InitVar, Text.initializer(P.InitVar))
               : Text.statement(P.Statement) + "\n";
      break;
    case AwaitForm::Condition: {
      const auto *If = dyn_cast<IfStmt>(P.Statement);
      const Stmt *Condition = If ? If->getCond() : P.Statement;
      S += conditionValue(P) + " = static_cast<bool>(" + Text.of(Condition) +
           ");\n";
      break;
    }
    case AwaitForm::Assign:
    case AwaitForm::CompoundAssign:
    case AwaitForm::Expression:
      S += Text.statement(P.Statement) + "\n"; // the await replaced by its value
      break;
    case AwaitForm::Return:
      if (P.ProducesValue && !M.OutputIsVoid)
        S += M.ResultName + ".emplace(" +
             Text.of(cast<CoreturnStmt>(P.Statement)->getOperand()) + ");\n";
      break;
    }
    if (std::string Destroy = P.Mode == AwaiteeMode::Temporary
                                  ? Text.destroy(M.object(P.Awaitee))
                                  : "";
        !Destroy.empty())
      S += Destroy + "\n"; // a state's comment may follow on the next line
    if (P.Form == AwaitForm::Return) {
      S += "goto done;\n";
      UsesDone = true;
    }
    return S;
  }

  std::string branch(const Stmt *S) {
    if (!M.Suspending.count(S))
      return Text.statement(S) + "\n";
    return block(S, blockChildren(S), nullptr);
  }

  std::string nested(const Stmt *S) {
    std::string Line = lineDirective(S->getBeginLoc());
    if (isa<CompoundStmt>(S))
      return Line + block(S, blockChildren(S), nullptr);
    if (const auto *If = dyn_cast<IfStmt>(S)) {
      const SuspensionPoint *Awaited = M.conditionPoint(If);
      std::string Condition = Awaited ? conditionValue(*Awaited) : Text.of(If->getCond());
      std::string Result = Line + "if " + (If->isConstexpr() ? "constexpr " : "") +
                           "(" + Condition + ") " + branch(If->getThen());
      if (If->getElse())
        Result += "else " + branch(If->getElse());
      return Result;
    }
    if (const auto *While = dyn_cast<WhileStmt>(S))
      return Line + whileLoop(While);
    if (const auto *Switch = dyn_cast<SwitchStmt>(S))
      return Line + "switch (" + Text.of(Switch->getCond()) + ") " +
             block(Switch->getBody(), blockChildren(Switch->getBody()), nullptr);
    if (const auto *Do = dyn_cast<DoStmt>(S))
      return Line + doLoop(Do);
    if (const auto *For = dyn_cast<ForStmt>(S))
      return Line + forLoop(For);
    if (const auto *Range = dyn_cast<CXXForRangeStmt>(S))
      return Line + rangeFor(Range);
    fail(S->getBeginLoc(), "internal error: cannot emit this statement");
    return "";
  }

  /// With an await in its condition, a loop tests the condition inside:
  /// `while (true) { await; condition = ...; if (!condition) break; body }`
  /// (a `continue` in the body goes back to the await; in a for loop,
  /// through the increment).
  std::string whileLoop(const WhileStmt *While) {
    const SuspensionPoint *P = M.conditionPoint(While->getCond());
    if (!P)
      return "while (" + Text.of(While->getCond()) + ") " +
             branch(While->getBody());
    return "while (true) {\n" + awaitCondition(*P) + branch(While->getBody()) +
           "}\n";
  }

  /// With an await in its condition: `while (true) { body continue_N: await;
  /// condition = ...; if (!condition) break; }`, the body's `continue`
  /// becoming `goto continue_N`.
  std::string doLoop(const DoStmt *Do) {
    const SuspensionPoint *P = M.conditionPoint(Do->getCond());
    if (!P)
      return "do " + branch(Do->getBody()) + "while (" + Text.of(Do->getCond()) +
             ");\n";
    bool Continued = llvm::any_of(M.Jumps, [&](const auto &Jump) {
      return Jump.second.Target == Do && isa<ContinueStmt>(Jump.first);
    });
    std::string Label = Continued ? SourceText::continueLabel(*P) + ":\n" : "";
    return "while (true) {\n" + branch(Do->getBody()) + Label +
           awaitCondition(*P) + "}\n";
  }

  /// A loop's awaiting condition, inside the loop: `await; condition = ...;
  /// if (!condition) break;`.
  std::string awaitCondition(const SuspensionPoint &P) {
    return beforeAwait(P) + "resume_" + P.StateName + ": {\n" + afterAwait(P) +
           "}\nif (!" + conditionValue(P) + ")\nbreak;\n";
  }

  /// Where an awaiting condition's value is kept until the branch.
  std::string conditionValue(const SuspensionPoint &P) const {
    return M.object(*P.ConditionValue).AccessPath;
  }

  std::string forLoop(const ForStmt *For) {
    std::string S, Init;
    if (const auto *Decls = dyn_cast_or_null<DeclStmt>(For->getInit())) {
      for (const Decl *D : Decls->decls())
        if (const auto *Var = dyn_cast<VarDecl>(D))
          S += variable(Var, Text.initializer(Var));
    } else if (For->getInit()) {
      Init = Text.of(For->getInit());
    }
    const SuspensionPoint *Awaited = M.conditionPoint(For->getCond());
    S += "for (" + Init + "; " +
         (For->getCond() && !Awaited ? Text.of(For->getCond()) : "") + "; " +
         (For->getInc() ? Text.of(For->getInc()) : "") + ") " +
         (Awaited ? "{\n" + awaitCondition(*Awaited) + branch(For->getBody()) + "}\n"
                  : branch(For->getBody()));
    return S + destroyScope(For);
  }

  std::string rangeFor(const CXXForRangeStmt *For) {
    const AsyncFunctionModel::RangeFor &Hidden = M.RangeFors.find(For)->second;
    const FrameObject &Range = M.object(Hidden.Range);
    const FrameObject &Begin = M.object(Hidden.Begin);
    const FrameObject &End = M.object(Hidden.End);
    std::string S = "// " + oneLine(Text.of(For).substr(0, Text.of(For).find(')') + 1)) +
                    ", expanded: its body awaits\n";
    std::string RangeInit = Text.of(For->getRangeInit());
    S += Hidden.RangeIsTemporary ? construct(Range, "(" + RangeInit + ")")
                                 : Range.AccessPath + " = std::addressof(" + RangeInit + ");\n";
    std::string R = SourceText::name(Range);
    const Expr *BeginInit = cast<VarDecl>(For->getBeginStmt()->getSingleDecl())->getInit();
    std::string BeginText, EndText;
    if (For->getRangeInit()->getType()->isArrayType() ||
        Range.Type.getNonReferenceType()->isArrayType()) {
      const auto *Array = Ctx.getAsConstantArrayType(Range.Type.getNonReferenceType());
      BeginText = R;
      EndText = R + " + " + std::to_string(Array ? Array->getSize().getZExtValue() : 0);
    } else if (isa<CXXMemberCallExpr>(BeginInit->IgnoreImplicit())) {
      BeginText = R + ".begin()";
      EndText = R + ".end()";
    } else {
      BeginText = "begin(" + R + ")";
      EndText = "end(" + R + ")";
    }
    S += construct(Begin, "(" + BeginText + ")");
    S += construct(End, "(" + EndText + ")");
    S += "for (; " + Begin.AccessPath + " != " + End.AccessPath + "; ++" +
         Begin.AccessPath + ") ";
    const Stmt *Body = For->getBody();
    std::string LoopInit = "(*" + Begin.AccessPath + ")";
    S += block(Body, blockChildren(Body), For->getLoopVariable(), LoopInit);
    return S + destroyScope(For);
  }

  // --- the function ---------------------------------------------------

  /// The function template's parameter list, as written ("template <class
  /// F>"), for the class template; empty for a function.
  std::string templateHeader() const {
    const FunctionTemplateDecl *Template = M.functionTemplate();
    if (!Template)
      return "";
    return Text.range(Template->getTemplateParameters()->getSourceRange()) + "\n";
  }

  /// For a free function that calls itself: a declaration of the rewritten
  /// function (and of its class) for poll() to call, which the class
  /// precedes.
  std::string forwardDeclaration() const {
    const FunctionDecl *F = M.Function.Definition;
    bool CallsItself = llvm::any_of(
        nodesUnder<CallExpr>(F->getBody()), [&](const CallExpr *Call) {
          const FunctionDecl *Callee = Call->getDirectCallee();
          return Callee && Callee->getCanonicalDecl() == F->getCanonicalDecl();
        });
    if (!CallsItself || M.Function.HasSeparateDeclaration ||
        isa<CXXMethodDecl>(F))
      return "";
    FunctionTypeLoc Signature = F->getFunctionTypeLoc();
    return templateHeader() + "class " + M.ClassName + ";\n" +
           templateHeader() + classType() + " " + F->getNameAsString() +
           Text.range({Signature.getLParenLoc(), Signature.getRParenLoc()}) +
           ";\n\n";
  }

  /// The class the function returns: "leaf_future", "use_future_future<F>".
  std::string classType() const {
    const FunctionTemplateDecl *Template = M.functionTemplate();
    if (!Template)
      return M.ClassName;
    std::string Arguments;
    for (const NamedDecl *Param : *Template->getTemplateParameters())
      Arguments += (Arguments.empty() ? "" : ", ") + Param->getNameAsString();
    return M.ClassName + "<" + Arguments + ">";
  }

  std::string factoryBody() const {
    std::string Args;
    for (const FrameObject *Param : params()) {
      if (!Args.empty())
        Args += ", ";
      bool Move = !Param->Type->isLValueReferenceType() &&
                  Param->Kind != ObjectKind::This;
      Args += Move ? "std::move(" + Param->SourceName + ")" : Param->SourceName;
    }
    std::string Build = classType() + "(" + Args + ")";
    if (M.Function.HasSeparateDeclaration)
      Build = "unawait::Async<" + M.OutputTypeSpelling + ">(" + Build + ")";
    return "{\nreturn " + Build + ";\n}";
  }

  void fail(SourceLocation Loc, const std::string &Message) {
    if (!Failed)
      Diags.error(Loc, Message);
    Failed = true;
  }

  const AsyncFunctionModel &M;
  ASTContext &Ctx;
  SourceManager &SM;
  DiagnosticReporter &Diags;
  const EmitOptions &Options;
  SourceText Text;
  /// Comments written before each statement of the blocks emitted so far.
  llvm::DenseMap<const Stmt *, std::string> LeadingComments;
  bool UsesDone = false;
  bool Failed = false;
};

} // namespace

std::string sizeAssertion(const AsyncFunctionModel &Model) {
  return llvm::formatv("static_assert(sizeof({0}) == {1} && alignof({0}) == "
                       "{2}, \"unawait: the frame size report of {3} does "
                       "not match this compiler\");\n",
                       Model.qualifiedClassName(), Model.Layout.Size,
                       Model.Layout.Align, Model.Name);
}

std::optional<EmittedFunction> emitStateMachine(const AsyncFunctionModel &Model,
                                                const ModelRegistry &Models,
                                                ASTContext &Context,
                                                DiagnosticReporter &Diags,
                                                const EmitOptions &Options) {
  return Emitter(Model, Models, Context, Diags, Options).run();
}

} // namespace unawait
