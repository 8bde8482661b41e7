#include "Transform/StateMachineEmitter.h"

#include "Analysis/AnnotatedLambdas.h"
#include "Analysis/Naming.h"
#include "Analysis/NodeSearch.h"
#include "Transform/SourceText.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/TypeLoc.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include "llvm/Support/FormatVariadic.h"
#include <functional>
#include <map>
#include <set>

namespace unawait {

using namespace clang;

namespace {

class Emitter {
public:
  Emitter(const AsyncFunctionModel &Model, const ModelRegistry &Models,
          ASTContext &Context, DiagnosticReporter &Diags,
          const EmitOptions &Options)
      : M(Model), Models(Models), Ctx(Context), SM(Context.getSourceManager()), Diags(Diags),
        Options(Options), Text(Model, Context) {}

  std::optional<EmittedFunction> run() {
    EmittedFunction Result;
    std::string Body = pollBody();
    Result.ClassDefinition = classDefinition(Body);
    if (M.Function.InClassDeclaration || M.DefinedAfter)
      Result.ClassDeclaration = templateHeader() + "class " + M.ClassName + ";\n";
    // (Outside its class, the definition's return type is looked up
    // outside the class.)
    Result.ReturnType = returnType(M.DefinedAfter ? "" : outOfClassQualifier());
    Result.FactoryBody = factoryBody();
    if (M.ClassInBody) { // `{ class f_future {...}; return ...; }`
      Result.FactoryBody = "{\n" + Result.ClassDefinition + Result.FactoryBody.substr(1);
      Result.ClassDefinition.clear();
    }
    if (M.DefinedAfter)
      Result.DefinitionAfterClass = definitionAfterClass();
    return Result;
  }

private:
  // --- the class ------------------------------------------------------

  std::string classDefinition(const std::string &PollBody) {
    std::string S = forwardDeclaration();
    const FunctionDecl *F = M.Function.Definition;
    PresumedLoc Where = SM.getPresumedLoc(F->getLocation());
    // What is not a statement of the body maps to the function's line.
    S += lineDirective(F->getLocation());
    S += llvm::formatv("/// unawait: the state machine of `{0}` ({1}:{2}).\n"
                       "/// Generated code: edit the async function, not this "
                       "class. sizeof is its whole frame.\n",
                       M.Name, llvm::sys::path::filename(Where.getFilename()),
                       Where.getLine());
    S += enclosingTemplateHeaders() + templateHeader() +
         (M.SpecializationArguments.empty() ? "" : "template <>\n") +
         // A future does nothing until polled: discarding one is a bug.
         "class [[nodiscard]] " +
         outOfClassQualifier() + M.ClassName + M.SpecializationArguments +
         " {\npublic:\n";
    S += "using output_type = " + M.OutputTypeSpelling + ";\n\n";
    S += constructors();
    // Every call in the body can unwind into the unwind guard's landing
    // pad: clang's inliner then counts poll() as too large to inline into a
    // caller (where a visible waker would fold the whole loop away), although
    // the landing pad is off the normal path. An explicit `inline` raises
    // clang's threshold for it (bench/poll raii_loop16 and nest16, issue 10).
    const std::string Inline = "inline ";
    if (const FrameObject *Pack = M.packObject()) {
      S += Inline + "unawait::Poll<output_type> poll(unawait::Context &" + M.Names.Context +
           ") {\nreturn " + M.Names.PollPack + "(" + M.Names.Context +
           ", std::make_index_sequence<sizeof...(" + Pack->PackLength + ")>());\n}\n\n";
      S += "private:\n";
      S += "/// The body, where `" + Pack->SourceName + "` reads element " +
           M.Names.Indices + " of the kept pack.\ntemplate <std::size_t... " +
           M.Names.Indices + ">\n" + Inline + "unawait::Poll<output_type> " + M.Names.PollPack +
           "(unawait::Context &" + M.Names.Context + ", std::index_sequence<" +
           M.Names.Indices + "...>) {\n" + PollBody + "}\n\n";
    } else {
      S += Inline + "unawait::Poll<output_type> poll(unawait::Context &" +
           (M.Points.empty() ? std::string() : M.Names.Context) + ") {\n" +
           PollBody + "}\n\n";
      S += "private:\n";
    }
    S += stateEnum();
    S += liveBits();
    S += finish();
    S += typeAliases();
    S += frame();
    S += "};\n";
    S += deductionGuide();
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

  /// The constructor parameter's name ("n_arg" for the function parameter
  /// `n`, "self_arg" for `this`): see ArgumentNames.
  std::string parameterName(const FrameObject &Param) const {
    return ArgumentNames.at(&Param);
  }

  /// Picks the constructor's parameter names: the parameter's (or, for
  /// `this`, the member's) name with "_arg", so that no parameter hides
  /// the member it initialises or any other (-Wshadow), nor a name the
  /// function spells (which may be a type named in a later parameter's
  /// declaration).
  std::map<const FrameObject *, std::string> argumentNames() const {
    std::set<std::string> Taken{M.ClassName};
    for (const auto &[Identifier, Count] : M.SpelledIdentifiers)
      Taken.insert(Identifier);
    for (const FrameObject &Object : M.Objects)
      for (const std::string &Name : {Object.MemberName, Object.LocalName,
                                      Object.AccessPath.substr(0, Object.AccessPath.find('.'))})
        Taken.insert(Name);
    std::map<const FrameObject *, std::string> Names;
    for (const FrameObject *Param : params()) {
      std::string Base = (Param->Kind == ObjectKind::This ? Param->MemberName : Param->SourceName) + "_arg";
      std::string Name = Base;
      for (unsigned Suffix = 1; Taken.count(Name); ++Suffix)
        Name = Base + "_" + std::to_string(Suffix);
      Taken.insert(Name);
      Names.emplace(Param, Name);
    }
    return Names;
  }

  /// The constructor's parameter for a function parameter: by-value
  /// parameters are taken as rvalue references and moved into the frame
  /// once, as a coroutine moves them into its frame.
  std::string constructorParameter(const FrameObject &Param) const {
    if (Param.Kind == ObjectKind::This)
      return declareName(Param.Type, parameterName(Param), Ctx);
    if (Param.Pack) {
      QualType Element = Param.Type->castAs<PackExpansionType>()->getPattern();
      if (!Element->isReferenceType())
        Element = Ctx.getRValueReferenceType(Element);
      return declareName(Element, "..." + parameterName(Param), Ctx);
    }
    QualType Type = Param.Type->isReferenceType()
                        ? Param.Type
                        : Ctx.getRValueReferenceType(Param.Type);
    return declareName(Type, parameterName(Param), Ctx);
  }

  /// The constructor's parameter list (without parentheses).
  std::string constructorParameters() const {
    std::string Args;
    for (const FrameObject *Param : params())
      Args += (Args.empty() ? "" : ", ") + constructorParameter(*Param);
    return Args;
  }

  /// A generic lambda's factory builds its class by class template argument
  /// deduction, the only way its body can name the instance. The guide
  /// takes the constructor's parameters, but in a guide `auto_1 &&` is a
  /// forwarding reference: the lambda's `auto &&x` deduces as the lambda
  /// did, and a value (passed as an xvalue) or an lvalue reference as the
  /// constructor's own guide would.
  std::string deductionGuide() const {
    if (!isGenericLambda())
      return "";
    return templateHeader() + M.ClassName + "(" + constructorParameters() + ") -> " +
           classType() + ";\n";
  }

  std::string constructors() {
    std::string S;
    std::vector<const FrameObject *> Params = params();
    std::string Args = constructorParameters(), FromArgs, FromOther;
    for (const FrameObject *Param : Params) {
      std::string Member = "this->" + Param->AccessPath;
      if (Param->Kind == ObjectKind::This) {
        FromArgs += Member + " = " + parameterName(*Param) + ";\n";
        FromOther += Member + " = other." + Param->AccessPath + ";\n";
      } else if (Param->Pack) {
        FromArgs += placementNew(Member, Param->StoredTypeSpelling,
                                 "(unawait::detail::pack_init, " +
                                     forwarded(*Param, parameterName(*Param)) + "...)");
        FromOther += placementNew(Member, Param->StoredTypeSpelling,
                                  "(std::move(other." + Param->AccessPath + "))");
      } else if (Param->StoredAsPointer) {
        FromArgs += Member + " = std::addressof(" + parameterName(*Param) + ");\n";
        FromOther += Member + " = other." + Param->AccessPath + ";\n";
      } else {
        FromArgs += placementNew(Member, Param->StoredTypeSpelling,
                                 "(std::move(" + parameterName(*Param) + "))");
        FromOther += placementNew(Member, Param->StoredTypeSpelling,
                                  "(std::move(other." + Param->AccessPath + "))");
      }
    }
    S += (Params.size() == 1 ? "explicit " : "") + M.ClassName + "(" + Args +
         ") {\n" + FromArgs + "}\n";
    S += "/// Moving is allowed before the first poll only (like a pinned "
         "Rust future).\n";
    S += M.ClassName + "(" + M.ClassName + " &&other) {\n";
    S += "UNAWAIT_CONTRACT(other." + M.Names.StateMember + " == " + state("Start") +
         ", \"a started " +
         M.ClassName + " was moved\");\n" + FromOther + "}\n";
    S += M.ClassName + "(const " + M.ClassName + " &) = delete;\n";
    S += M.ClassName + " &operator=(const " + M.ClassName + " &) = delete;\n";
    S += M.ClassName + " &operator=(" + M.ClassName + " &&) = delete;\n";
    // Without anything to destroy, the implicit destructor is trivial, and a
    // caller awaiting this future needs no live bit for it.
    if (M.needsDestructor())
      S += "~" + M.ClassName + "() {\nif (" + M.Names.StateMember +
           " != " + state("Finished") + ")\n" + M.Names.Finish + "();\n}\n";
    return S + "\n";
  }

  static std::string placementNew(const std::string &Member,
                                   const std::string &Type,
                                   const std::string &Init) {
    return "::new (unawait::detail::address_of(" + Member + ")) " + Type +
           Init + ";\n";
  }

  std::string stateEnum() const {
    std::string S = "/// Where the next poll resumes.\nenum class " + M.Names.State + " : ";
    S += M.Points.size() + 2 <= 256 ? "unsigned char" : "unsigned short";
    S += " {\nStart, ///< not polled yet\n";
    for (const SuspensionPoint &P : M.Points)
      S += llvm::formatv("{0}, ///< at `{1}`, line {2}\n", P.StateName,
                         P.AwaitText, P.Line);
    if (M.Body.HasBarriers)
      S += "Running, ///< polled, between two suspension points\n";
    S += "Finished, ///< returned Ready, or threw\n};\n";
    return S;
  }

  std::string liveBitsType() const {
    unsigned Bits = M.liveWordCount() > 1 ? 64 : M.liveBitCount();
    return Bits <= 8    ? "unsigned char"
           : Bits <= 16 ? "unsigned short"
           : Bits <= 32 ? "unsigned int"
                        : "unsigned long long";
  }

  std::string liveBits() const {
    if (!M.liveBitCount())
      return "";
    std::string S = "/// Bits of " + M.Names.LiveMember +
                    ": set while the kept object of the same name is "
                    "constructed (an enumeration: a local class has no static "
                    "members).\nstruct " + M.Names.Live + " {\nenum : " + liveBitsType() + " {\n";
    for (const FrameObject &Object : M.Objects)
      if (Object.LiveBit >= 0)
        S += llvm::formatv("{0} = 1ull << {1},\n", Object.MemberName, Object.LiveBit % 64);
    return S + "};\n};\n";
  }

  /// "Nothing is alive": every word of the live bits cleared.
  std::string clearLiveBits() const {
    if (M.liveWordCount() == 1)
      return M.Names.LiveMember + " = 0;\n";
    std::string S;
    for (unsigned Word = 0; Word < M.liveWordCount(); ++Word)
      S += M.Names.LiveMember + "[" + std::to_string(Word) + "] = 0;\n";
    return S;
  }

  /// Objects alive now, youngest first.
  std::string finish() const {
    std::string Locals;
    for (auto It = M.Objects.rbegin(); It != M.Objects.rend(); ++It)
      if (It->LiveBit >= 0)
        Locals += "if (" + M.liveWord(*It) + " & " + M.liveBit(*It) +
                  ")\nunawait::detail::destroy(" + It->AccessPath + ");\n";
    std::string S;
    if (endsLocalsFirst())
      S += "/// Destroys what the body left alive, youngest first: a coroutine's "
           "locals end before its result is taken.\nvoid " + M.Names.EndLocals +
           "() {\n" + Locals + clearLiveBits() + "}\n";
    S += "/// Destroys what the frame holds, youngest first, and ends the future: "
         "on completion, on an exception leaving poll, and when a suspended "
         "future is dropped.\nvoid " + M.Names.Finish + "() {\n";
    if (endsLocalsFirst())
      S += M.Names.EndLocals + "();\n";
    else if (M.liveBitCount())
      S += Locals + clearLiveBits();
    for (auto It = M.Objects.rbegin(); It != M.Objects.rend(); ++It)
      if (It->Kind == ObjectKind::Param && It->HasDestructor)
        S += "unawait::detail::destroy(" + It->AccessPath + ");\n";
    return S + M.Names.StateMember + " = " + state("Finished") + ";\n}\n\n";
  }

  /// A result is taken after the locals end and before the parameters do,
  /// as a coroutine's: with both to destroy, the locals end first.
  bool endsLocalsFirst() const { return !M.OutputIsVoid && M.liveBitCount() > 0; }

  // --- the frame members ----------------------------------------------

  ObjectId objectId(const FrameObject &Object) const {
    return static_cast<ObjectId>(&Object - M.Objects.data());
  }

  std::string declaration(const FrameObject &Object) const {
    if (Object.Erased || Object.Pack || Object.Allocation || Object.combinatorSpelledByLowering())
      return Object.StoredTypeSpelling + " " + Object.MemberName;
    if (Object.RawStorage && Object.HasDestructor) // an UnnamedObject
      return Object.StoredTypeSpelling + " " + Object.MemberName;
    if (Object.RawStorage)
      return "alignas(" + rawAlign(Object) + ") unsigned char " + Object.MemberName + "[" +
             rawSize(Object) + "]";
    if (Object.Generated || Object.SpelledAs || Object.DeducedFrom)
      return Text.typeOf(objectId(Object)) + " " + Object.MemberName;
    // `T &&x` with T = int &: the pointer is an int *, not a T *.
    QualType Pointee = Object.StoredAsPointer ? Object.StoredType->getPointeeType() : QualType();
    if (!Pointee.isNull() && (Pointee->getAs<TemplateTypeParmType>() ||
                              isa<DependentNameType, DecltypeType>(Pointee.getCanonicalType())))
      return "std::remove_reference_t<" + spellType(Pointee, Ctx) + "> *" + Object.MemberName;
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
        : Object.Capture
            ? "capture '" + Object.SourceName + "'"
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
          S += M.Names.State + " " + M.Names.StateMember + " = " + state("Start") + ";\n";
        else
          S += M.liveWordCount() > 1
                   ? liveBitsType() + " " + M.Names.LiveMember + "[" +
                         std::to_string(M.liveWordCount()) + "] = {};\n"
                   : liveBitsType() + " " + M.Names.LiveMember + " = 0;\n";
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

  /// The aliases for the types of kept values that only an instance knows
  /// (FrameObject::TypeAlias), each after the ones it names.
  std::string typeAliases() const {
    std::string S;
    std::set<ObjectId> Declared;
    std::function<void(ObjectId)> declare = [&](ObjectId Id) {
      if (!Declared.insert(Id).second)
        return;
      std::vector<ObjectId> Uses;
      std::string Definition = Text.typeAliasDefinition(Id, Uses);
      for (ObjectId Used : Uses)
        declare(Used);
      S += "using " + M.object(Id).TypeAlias + " = " + Definition + ";\n";
    };
    for (ObjectId Id : M.LayoutObjects)
      if (!M.object(Id).TypeAlias.empty())
        declare(Id);
    if (S.empty())
      return S;
    return "// The types of kept values that only an instance knows.\n" + S + "\n";
  }

  std::string frame() const {
    std::string S = "// The frame. Alternatives of a union are never alive "
                    "at the same time.\n";
    groupTypes(M.Layout.Root, S);
    return S + structMembers(M.Layout.Root);
  }

  // --- poll() ---------------------------------------------------------
  //
  // Only prints the lowered body (LoweredBody.h): the chunks, the dispatch
  // tables and every node come from the analysis.

  std::string pollBody() {
    std::string S;
    for (const FrameObject &Object : M.Objects)
      if (Object.Scratch) // declared before the dispatch: no jump crosses it
        S += (Object.SpelledAs ? Text.typeOf(objectId(Object)) + " " + Object.MemberName
                               : declareName(Object.Type, Object.MemberName, Ctx)) +
             "{};\n";
    // A reference result is bound, never copied: it keeps the referent's address.
    if (M.Function.OutputType->isReferenceType())
      S += "unawait::detail::ReferenceResult<output_type> " + M.Names.Result + ";\n";
    else if (!M.OutputIsVoid)
      S += "std::optional<output_type> " + M.Names.Result + ";\n";
    // An exception leaving the body finishes the future (SPEC): an unwind
    // guard runs finish() while the exception unwinds through poll(). It is a
    // cleanup, which unlike catch (...) and rethrow lets clang still fold
    // the loop, and the state is stored only when it changes, as a
    // hand-written machine stores it; where nothing in the body can throw,
    // the compiler removes the guard (issue 10, docs/performance.md).
    S += "// Finishes the future if an exception leaves the body; every normal "
         "exit disarms it.\nunawait::detail::FinishOnUnwind " +
         M.Names.OnUnwind + "([this] { " + M.Names.Finish + "(); });\nswitch (" +
         M.Names.StateMember + ") {\n";
    S += "case " + state("Start") + ":\nbreak;\n";
    S += dispatchCases(*M.Body.Root);
    if (M.Body.HasBarriers)
      S += "case " + state("Running") +
           ":\nunawait::detail::contract_violation(\"" + M.Name +
           " polled while it was running\");\n";
    S += "case " + state("Finished") + ":\nunawait::detail::polled_after_ready(\"" +
         M.Name + "\");\n}\n";
    S += block(*M.Body.Root);
    S += lineDirective(M.Function.Definition->getLocation());
    if (usesDone())
      S += "done:\n";
    S += M.Names.OnUnwind + ".disarm();\n";
    if (M.OutputIsVoid)
      return S + M.Names.Finish + "();\nreturn unawait::ready();\n";
    if (endsLocalsFirst())
      S += M.Names.EndLocals + "();\n";
    return S + "return unawait::detail::take_result(" + M.Names.Result + ", [this] { " +
           M.Names.Finish + "(); });\n";
  }

  std::string state(llvm::StringRef Name) const {
    return M.Names.State + "::" + Name.str();
  }

  std::vector<std::string> stateNames() const {
    std::vector<std::string> Names;
    for (const SuspensionPoint &P : M.Points)
      Names.push_back(P.StateName);
    return Names;
  }

  std::string dispatchCases(const BlockNode &Region) const {
    std::string S;
    for (const DispatchEntry &Entry : dispatchOf(Region, stateNames()))
      S += "case " + state(M.Points[Entry.Point].StateName) + ":\ngoto " +
           Entry.Label + ";\n";
    return S;
  }

  bool usesDone() const {
    bool Returns = false;
    forEachNode(*M.Body.Root,
                [&](const Node &N) { Returns = Returns || isa<ReturnNode>(N); });
    return Returns || llvm::any_of(M.Body.InlineNodes,
                                   [](const auto &N) { return isa<ReturnNode>(*N); });
  }

  /// A block: `{`, a barrier's own dispatch, its chunks, `}`.
  std::string block(const BlockNode &Block, const std::string &Prologue = "") {
    std::string S = "{\n" + Prologue;
    if (Block.Barrier)
      S += "switch (" + M.Names.StateMember + ") {\n" + dispatchCases(Block) +
           "default:\nbreak;\n}\n";
    for (const Chunk &C : chunksOf(Block)) {
      if (C.ResumesAt)
        S += resumeLabel(M.Points[C.ResumesAt->Point].StateName) + ":\n";
      bool Braces = chunkNeedsBraces(
          C, [&](const Node &N) { return declaresLocal(N); },
          [&](unsigned Point) { return M.Points[Point].ValueUsed; });
      std::string Body;
      if (C.ResumesAt)
        Body += resume(M.Points[C.ResumesAt->Point]);
      for (const Node *N : C.Nodes)
        Body += node(*N);
      if (C.ResumesAt && Body.empty())
        Body = ";\n"; // a label needs a statement
      S += Braces ? "{\n" + Body + "}\n" : Body;
    }
    return S + "}\n";
  }

  /// An ordinary local of poll(): a local variable that is not kept, or
  /// the reference to a raw-storage temporary or closure.
  bool declaresLocal(const Node &N) const {
    if (const auto *Declare = dyn_cast<DeclareNode>(&N))
      return !M.object(Declare->Object).Kept || M.object(Declare->Object).RawStorage;
    if (const auto *Spill = dyn_cast<SpillNode>(&N))
      return M.object(Spill->Object).RawStorage;
    return false;
  }

  std::string node(const Node &N) {
    std::string S = N.LeadingComments;
    if (N.Origin && !isa<DestroyNode, JumpNode, LabelNode>(N))
      S += lineDirective(N.Origin->getBeginLoc());
    switch (N.kind()) {
    case Node::StatementKind:
      return S + Text.print(cast<StatementNode>(N).Text) + "\n";
    case Node::DeclareKind:
      return S + declare(cast<DeclareNode>(N));
    case Node::SpillKind:
      return S + spill(cast<SpillNode>(N));
    case Node::AwaitKind:
      return S + suspend(cast<AwaitNode>(N));
    case Node::DestroyKind: {
      std::string Destroys;
      for (ObjectId Id : cast<DestroyNode>(N).Objects)
        Destroys += Text.destroy(Id);
      // A state's comment may follow on the next line.
      return Destroys.empty() ? S : S + Destroys + "\n";
    }
    case Node::JumpKind:
      return S + Text.jump(cast<JumpNode>(N), /*Braced=*/false) + "\n";
    case Node::ReturnKind:
      return S + Text.returnStatement(cast<ReturnNode>(N), /*Braced=*/false) + "\n";
    case Node::LabelKind:
      return S + Text.print(cast<LabelNode>(N).Text) + "\n";
    case Node::BlockKind:
      return S + block(cast<BlockNode>(N));
    case Node::IfKind:
      return S + ifStatement(cast<IfNode>(N));
    case Node::LoopKind:
      return S + loop(cast<LoopNode>(N));
    case Node::SwitchKind: {
      const auto &Switch = cast<SwitchNode>(N);
      return S + "switch (" + Text.print(Switch.Cond) + ") " + block(*Switch.Body);
    }
    case Node::TryKind:
      return S + tryStatement(cast<TryNode>(N));
    }
    llvm_unreachable("unknown node");
  }

  /// Entered from above, a barrier must not take the dispatch's jumps.
  std::string barrierEntry(const std::string &Label) const {
    if (Label.empty())
      return "";
    return M.Names.StateMember + " = " + state("Running") + "; // entered, not resumed\n" +
           Label + ":\n";
  }

  std::string ifStatement(const IfNode &If) {
    std::string S = barrierEntry(If.EntryLabel) + "if " +
                    (If.Constexpr ? "constexpr " : "") + "(" + Text.print(If.Cond) +
                    ") " + block(*If.Then);
    if (If.Else)
      S += "else " + block(*If.Else);
    return S;
  }

  std::string loop(const LoopNode &Loop) {
    switch (Loop.LoopShape) {
    case LoopNode::For:
      return "for (; " + Text.print(Loop.Cond) + "; " + Text.print(Loop.Inc) + ") " +
             block(*Loop.Body);
    case LoopNode::While:
      return "while (" + Text.print(Loop.Cond) + ") " + block(*Loop.Body);
    case LoopNode::Do:
      return "do " + block(*Loop.Body) + "while (" + Text.print(Loop.Cond) + ");\n";
    case LoopNode::Forever:
      return "while (true) " + block(*Loop.Body);
    }
    llvm_unreachable("unknown loop shape");
  }

  std::string tryStatement(const TryNode &Try) {
    std::string S = barrierEntry(Try.EntryLabel) + "try " + block(*Try.Body);
    for (const TryNode::Handler &Handler : Try.Handlers) {
      // What the try block kept alive goes first, as unwinding would have
      // destroyed it before the handler.
      std::string Destroys;
      for (ObjectId Id : Handler.DestroyFirst)
        if (const FrameObject &Object = M.object(Id); Object.Kept && Object.LiveBit >= 0)
          Destroys += "if (" + M.liveWord(Object) + " & " + M.liveBit(Object) + ") {\n" +
                      M.liveWord(Object) + " &= ~" + M.liveBit(Object) +
                      ";\nunawait::detail::destroy(" + Object.AccessPath + ");\n}\n";
      S += Text.print(Handler.Header) + block(*Handler.Body, Destroys);
    }
    return S;
  }

  std::string declare(const DeclareNode &Declare) {
    const FrameObject &Object = M.object(Declare.Object);
    if (!Object.Kept) // nothing written for what only a kept object needs
      return Declare.AsWritten.empty() ? "" : Text.print(Declare.AsWritten) + "\n";
    if (!Declare.Rows.empty())
      return constructRows(Object, Declare.Rows);
    if (Object.RawStorage)
      return constructUnnamed(Object, Text.print(Declare.Init));
    return construct(Object, Text.print(Declare.Init));
  }

  /// A kept closure (FrameObject::RawStorage): built in the member's bytes
  /// by `new auto`, which names its type in this chunk, and read in the
  /// chunk through a reference; one with a destructor is handed to its
  /// UnnamedObject, which destroys it.
  std::string constructUnnamed(const FrameObject &Object, const std::string &Init) {
    std::string Reference =
        (Object.Var->getType().isConstQualified() ? "const auto &" : "auto &") + Object.LocalName;
    if (Object.HasDestructor)
      return placementNew(Object.AccessPath, Object.StoredTypeSpelling, "()") + Reference +
             " = " + Object.AccessPath + ".own(*::new (" + Object.AccessPath +
             ".storage()) auto" + Init + ");\n" + M.liveWord(Object) + " |= " +
             M.liveBit(Object) + ";\n";
    return Reference + " = *::new (unawait::detail::address_of(" + Object.AccessPath +
           ")) auto" + Init + ";\nstatic_assert(sizeof(" + Object.LocalName + ") <= " +
           rawSize(Object) + " && alignof(decltype(" + Object.LocalName + ")) <= " +
           rawAlign(Object) + ", \"unawait: the frame keeps too few bytes for a lambda\");\n";
  }

  /// The bytes of a closure in raw storage: its bound's for a closure sized
  /// per instance.
  std::string rawSize(const FrameObject &Object) const {
    return Object.SizedPerInstance ? Object.closureBoundValue("size")
                                   : std::to_string(Object.Size);
  }
  std::string rawAlign(const FrameObject &Object) const {
    return Object.SizedPerInstance ? Object.closureBoundValue("align")
                                   : std::to_string(Object.Align);
  }

  /// A multidimensional array g++ 12 cannot build with one placement new
  /// (DeclareNode::Rows): one per innermost row, in order; the builder
  /// destroys the rows built before one whose construction throws.
  std::string constructRows(const FrameObject &Object, const std::vector<Code> &Rows) {
    QualType Row = Object.StoredType;
    while (Ctx.getAsArrayType(Row)->getElementType()->isArrayType())
      Row = Ctx.getAsArrayType(Row)->getElementType();
    std::string RowType = spellType(Row, Ctx), Builder = M.Names.BuiltRows;
    std::string S = "{ // '" + Object.SourceName + "' row by row: g++ 12 cannot build it in one\n" +
                    "unawait::detail::RowsUnderConstruction<" + RowType + "> " + Builder +
                    "(unawait::detail::address_of(" + Object.AccessPath + "));\n";
    for (const Code &Elements : Rows)
      S += "::new (" + Builder + ".next()) " + RowType + Text.print(Elements) + ";\n";
    S += Builder + ".done();\n}\n";
    if (Object.LiveBit >= 0)
      S += M.liveWord(Object) + " |= " + M.liveBit(Object) + ";\n";
    return S;
  }

  std::string spill(const SpillNode &Spill) {
    const FrameObject &Object = M.object(Spill.Object);
    std::string Value = Text.print(Spill.Value);
    if (Object.RawStorage) // its type has no name: `auto` builds it
      return "auto &" + Object.LocalName + " = *::new (unawait::detail::address_of(" +
             Object.AccessPath + ")) auto(" + Value + ");\nstatic_assert(sizeof(" +
             Object.LocalName + ") <= sizeof(" + Object.AccessPath + "), \"unawait: " +
             "the frame keeps too few bytes for a lambda\");\n";
    switch (Spill.SpillMode) {
    case SpillNode::Construct:
      return construct(Object, "(" + Value + ")");
    case SpillNode::Address:
      return Object.AccessPath + " = unawait::detail::pointer_to(" + Value + ");\n";
    case SpillNode::Assign:
      return Text.name(Spill.Object) + " = " + Value + ";\n";
    case SpillNode::ConstructElements: {
      std::string S, Element = spellType(
          Ctx.getAsArrayType(Object.StoredType)->getElementType(), Ctx);
      for (size_t I = 0; I < Spill.Elements.size(); ++I)
        S += placementNew(Object.AccessPath + "[" + std::to_string(I) + "]", Element,
                          "(" + Text.print(Spill.Elements[I]) + ")");
      return S;
    }
    }
    llvm_unreachable("unknown spill");
  }

  /// Starts the lifetime of a kept object in its member: \p Init is "",
  /// "(...)" or "{...}".
  std::string construct(const FrameObject &Object, const std::string &Init) {
    if (Object.StoredAsPointer)
      return Object.AccessPath + " = unawait::detail::pointer_to" + parenthesized(Init) + ";\n";
    // An aggregate: braces, so that a prvalue builds the temporary in place.
    std::string Built = Object.keptBound() ? braced(Init) : Init;
    std::string Bit = Object.LiveBit >= 0
                          ? M.liveWord(Object) + " |= " + M.liveBit(Object) + ";\n"
                          : "";
    QualType Type = Object.StoredType;
    // (A scalar a template's instances bind to a reference is kept in a
    // bound, which only a constructor fills.)
    if (Type->isScalarType() && !Type.isConstQualified() && !Object.Generated &&
        !Object.keptBound()) {
      if (Init.empty())
        return ""; // left uninitialized, as written
      bool Parens = Init.front() == '(';
      return Object.AccessPath + " = " +
             (Parens ? Init.substr(1, Init.size() - 2) : Init) + ";\n" + Bit;
    }
    if (Type->isArrayType() && Init.empty() && triviallyDefaultConstructed(Type))
      return ""; // left uninitialized, as written
    if (isInitializerList(Type) && !Init.empty()) // g++ warns at a new of a list
      return "unawait::detail::start_list(unawait::detail::address_of(" + Object.AccessPath +
             "), " + (Init.front() == '(' ? Init.substr(1, Init.size() - 2) : Init) + ");\n" +
             Bit;
    return placementNew(Object.AccessPath, Text.newType(objectId(Object)), Built) + Bit;
  }

  static bool isInitializerList(QualType Type) {
    const auto *Record = Type->getAsCXXRecordDecl();
    return Record && Record->isInStdNamespace() && Record->getName() == "initializer_list";
  }

  /// Default-initialisation does nothing to an object of \p Type (a
  /// scalar, or a class whose default constructor is trivial).
  bool triviallyDefaultConstructed(QualType Type) const {
    QualType Element = Ctx.getBaseElementType(Type);
    if (const CXXRecordDecl *Record = Element->getAsCXXRecordDecl())
      return Record->hasDefinition() && Record->hasTrivialDefaultConstructor();
    return Element->isScalarType();
  }

  static std::string braced(const std::string &Init) {
    std::string Parens = parenthesized(Init);
    return "{" + Parens.substr(1, Parens.size() - 2) + "}";
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
    if (Awaitee.keptBound())
      return Text.name(P.Awaitee) + ".poll(" + M.Names.Context + ")";
    return Awaitee.AccessPath + (Awaitee.StoredAsPointer ? "->" : ".") + "poll(" +
           M.Names.Context + ")";
  }

  /// Before the resume label: the awaitee built, the state stored.
  std::string suspend(const AwaitNode &Await) {
    const SuspensionPoint &P = M.Points[Await.Point];
    std::string S = llvm::formatv("// {0}: `{1}` (line {2})\n", P.StateName,
                                  P.AwaitText, P.Line);
    const FrameObject &Awaitee = M.object(P.Awaitee);
    std::string Operand = Text.print(Await.Operand);
    if (P.Relocated)
      S += "{\n// Built first, then moved before its first poll into the storage "
           "of the objects it was given.\nauto " +
           M.Names.Unstarted + " = " + Operand + ";\n" +
           construct(Awaitee, "(std::move(" + M.Names.Unstarted + "))") + "}\n";
    else if (P.Mode == AwaiteeMode::Temporary && Awaitee.Erased)
      S += placementNew(Awaitee.AccessPath, Awaitee.StoredTypeSpelling, "()") +
           Awaitee.AccessPath + ".emplace([&] { return " + Operand + "; });\n" +
           M.liveWord(Awaitee) + " |= " + M.liveBit(Awaitee) + ";\n";
    else if (P.Mode == AwaiteeMode::Temporary)
      S += construct(Awaitee, awaiteeInitializer(P, Awaitee, Operand));
    else if (P.Mode == AwaiteeMode::Pointer)
      S += Awaitee.AccessPath + " = unawait::detail::pointer_to(" + Operand + ");\n";
    return S + M.Names.StateMember + " = " + state(P.StateName) + ";\n";
  }

  /// `(f(x))` for a call; `("name")` rather than `(Type("name"))` when the
  /// operand already constructs the awaitee's type.
  std::string awaiteeInitializer(const SuspensionPoint &P,
                                 const FrameObject &Awaitee,
                                 const std::string &Operand) const {
    const auto *Construct = dyn_cast<CXXConstructExpr>(
        P.Operand->IgnoreImplicitAsWritten()->IgnoreParens());
    if (Construct && !Awaitee.Generated &&
        (isa<CXXTemporaryObjectExpr>(Construct) ||
         Construct->isListInitialization()) &&
        Construct->getParenOrBraceRange().isValid())
      return Text.range(Text.fileRange(Construct->getParenOrBraceRange()));
    return "(" + Operand + ")";
  }

  /// After the resume label: poll, Pending while pending.
  std::string resume(const SuspensionPoint &P) const {
    std::string Pending =
        "{\n" +
        M.Names.OnUnwind + ".disarm()" +
        ";\nreturn unawait::pending;\n}\n";
    if (!P.ValueUsed)
      return "if (" + pollOf(P) + ".is_pending())\n" + Pending;
    return "auto " + M.Names.Polled + " = " + pollOf(P) + ";\nif (" +
           M.Names.Polled + ".is_pending())\n" + Pending;
  }


  std::string lineDirective(SourceLocation Loc) const {
    if (!Options.LineDirectives || Loc.isInvalid())
      return "";
    return unawait::lineDirective(Loc, SM, Options);
  }

  // --- the function ---------------------------------------------------

  /// The function template's parameter list, as written ("template <class
  /// F>"), for the class template; empty for a function.
  std::string templateHeader() const {
    const FunctionTemplateDecl *Template = M.functionTemplate();
    // (A lambda's class is a template over the template around it.)
    if (const TemplateParameterList *Around = templateParametersAround(M.Function))
      return Text.range(Text.fileRange(Around->getSourceRange())) + "\n";
    if (!Template)
      return "";
    if (isGenericLambda()) {
      std::string Params;
      for (const NamedDecl *Param : *Template->getTemplateParameters())
        Params += (Params.empty() ? "class" : ", class") +
                  std::string(Param->isParameterPack() ? "... " : " ") +
                  templateParameterName(Param);
      return "template <" + Params + ">\n";
    }
    return Text.range(Text.fileRange(Template->getTemplateParameters()->getSourceRange())) + "\n";
  }

  /// For a member of a class template defined outside the class, the
  /// class's parameter lists as the definition writes them ("template
  /// <class T>", or "template <>" for an explicit specialization of the
  /// member): the generated class is defined there too.
  std::string enclosingTemplateHeaders() const {
    const FunctionDecl *F = M.Function.Definition;
    if (!F->isOutOfLine())
      return "";
    std::string Headers;
    for (unsigned I = 0; I < F->getNumTemplateParameterLists(); ++I)
      Headers += Text.range(Text.fileRange(F->getTemplateParameterList(I)->getSourceRange())) + "\n";
    return Headers;
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
    if (!CallsItself || M.Function.BoxedSignature ||
        isa<CXXMethodDecl>(F))
      return "";
    FunctionTypeLoc Signature = F->getFunctionTypeLoc();
    return templateHeader() + "class " + M.ClassName + ";\n" +
           templateHeader() + classType() + " " + F->getNameAsString() +
           Text.range(Text.fileRange({Signature.getLParenLoc(), Signature.getRParenLoc()})) +
           ";\n\n";
  }

  /// "Till::" for a member function defined outside its class (as the
  /// definition qualifies the function) or after it (its classes from the
  /// outermost one), "" otherwise.
  std::string outOfClassQualifier() const {
    if (M.DefinedAfter)
      return classQualifier(cast<CXXRecordDecl>(M.Function.Definition->getDeclContext()));
    const DeclaratorDecl *Placed = M.Function.placedBefore();
    if (!Placed->isOutOfLine() || M.ClassInBody)
      return "";
    NestedNameSpecifierLoc Qualifier = Placed->getQualifierLoc();
    return Text.range(Text.fileRange(Qualifier.getSourceRange()));
  }

  /// "Outer::Inner::" for \p Class, from the class defined after.
  std::string classQualifier(const CXXRecordDecl *Class) const {
    std::string Qualifier = Class->getName().str() + "::";
    if (Class == M.DefinedAfter)
      return Qualifier;
    return classQualifier(cast<CXXRecordDecl>(Class->getDeclContext())) + Qualifier;
  }

  /// The function's return type, the class qualified by \p Qualifier, or
  /// the boxed unawait::Async<T>.
  std::string returnType(const std::string &Qualifier) const {
    if (M.Function.BoxedSignature)
      return "unawait::Async<" + M.OutputTypeSpelling + ">";
    // (A generic lambda cannot name its invented template parameters.)
    if (isGenericLambda())
      return "auto";
    return Qualifier + classType();
  }

  /// The function template's parameter list with its requires-clause, as
  /// written ("template <class T> requires std::integral<T>"): a
  /// redeclaration must repeat the constraints to name the same function.
  std::string constrainedTemplateHeader() const {
    const FunctionTemplateDecl *Template = M.functionTemplate();
    if (!Template)
      return "";
    const TemplateParameterList *Params = Template->getTemplateParameters();
    SourceRange Written = Params->getSourceRange();
    if (const Expr *Requires = Params->getRequiresClause())
      Written.setEnd(Requires->getEndLoc());
    return Text.range(Text.fileRange(Written)) + "\n";
  }

  /// For a function defined after its class: its definition there,
  /// `inline Node::f_future Node::f(int n) const { ... }` (the default
  /// arguments stay in the class's declaration, its attributes there too).
  std::string definitionAfterClass() const {
    const auto *Method = cast<CXXMethodDecl>(M.Function.Definition);
    std::string Qualifier = outOfClassQualifier(), Params;
    for (const ParmVarDecl *Param : Method->parameters()) {
      auto Kept = M.ObjectOfVar.find(Param);
      std::string Name = Kept != M.ObjectOfVar.end() ? M.Objects[Kept->second].SourceName
                                                     : Param->getName().str();
      Params += (Params.empty() ? "" : ", ") + declareName(Param->getType(), Name, Ctx);
    }
    std::string Qualifiers = Method->isConst() ? " const" : "";
    if (Method->isVolatile())
      Qualifiers += " volatile";
    if (Method->getRefQualifier() != RQ_None)
      Qualifiers += Method->getRefQualifier() == RQ_LValue ? " &" : " &&";
    if (SourceRange Except = Method->getExceptionSpecSourceRange(); Except.isValid())
      Qualifiers += " " + Text.range(Text.fileRange(Except));
    if (const Expr *Requires = Method->getTrailingRequiresClause())
      Qualifiers += " requires " + Text.range(Text.fileRange(Requires->getSourceRange()));
    return lineDirective(Method->getLocation()) + constrainedTemplateHeader() + "inline " +
           returnType(Qualifier) + " " +
           Qualifier + Method->getNameAsString() + "(" + Params + ")" + Qualifiers + " " +
           factoryBody() + "\n";
  }

  /// The class the function returns: "leaf_future", "use_future_future<F>".
  std::string classType() const {
    const FunctionTemplateDecl *Template = M.functionTemplate();
    if (M.Function.isLambda() && !Template)
      return lambdaClassType(M);
    if (!Template)
      return M.ClassName + M.SpecializationArguments;
    std::string Arguments;
    for (const NamedDecl *Param : *Template->getTemplateParameters()) {
      std::string Name = templateParameterName(Param);
      for (const auto &[Unnamed, Given] : M.NamedTemplateParams)
        if (Unnamed == Param)
          Name = Given;
      Arguments += (Arguments.empty() ? "" : ", ") + Name +
                   (Param->isParameterPack() ? "..." : "");
    }
    return M.ClassName + "<" + Arguments + ">";
  }

  /// True for a lambda with `auto` parameters (AnnotatedLambdas.h rejects
  /// a lambda's template parameter list).
  bool isGenericLambda() const { return M.Function.isLambda() && M.functionTemplate(); }

  /// A parameter (named \p Name where this is written) passed on as the
  /// function received it (see forwardedArgument).
  std::string forwarded(const FrameObject &Param, const std::string &Name,
                        bool InLambda = false) const {
    return forwardedArgument(Param, Name, InLambda, Ctx);
  }

  std::string factoryBody() const {
    std::string Args;
    for (const FrameObject *Param : params()) {
      if (!Args.empty())
        Args += ", ";
      // A captured binding is passed on by its init-capture's name.
      std::string Name = Param->CapturedBinding
                             ? bindingCaptureName(M.Function, Param->CapturedBinding, Ctx)
                             : Param->SourceName;
      Args += forwarded(*Param, Name, M.Function.isLambda()) + (Param->Pack ? "..." : "");
    }
    std::string Build = (isGenericLambda() ? M.ClassName : classType()) + "(" + Args + ")";
    if (M.Function.BoxedSignature)
      Build = "unawait::Async<" + M.OutputTypeSpelling + ">(" + Build + ")";
    return "{\nreturn " + Build + ";\n}";
  }

  const AsyncFunctionModel &M;
  const ModelRegistry &Models;
  ASTContext &Ctx;
  SourceManager &SM;
  DiagnosticReporter &Diags;
  const EmitOptions &Options;
  SourceText Text;
  /// The constructor's parameter for each kept parameter (and `this`).
  const std::map<const FrameObject *, std::string> ArgumentNames = argumentNames();
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

std::string lineDirective(SourceLocation Loc, const SourceManager &SM,
                          const EmitOptions &Options) {
  PresumedLoc Where = SM.getPresumedLoc(SM.getExpansionLoc(Loc));
  llvm::StringRef File = Where.getFilename();
  OptionalFileEntryRef Main = SM.getFileEntryRefForID(SM.getMainFileID());
  if (!Options.MainFileName.empty() && Main && File == Main->getName())
    File = Options.MainFileName;
  return llvm::formatv("#line {0} \"{1}\"\n", Where.getLine(), File);
}

} // namespace unawait
