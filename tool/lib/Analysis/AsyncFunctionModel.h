//===- AsyncFunctionModel.h - what unawait knows about one async function -===//
//
// The analysis of one annotated async function, shared by the rewrite, the
// size report and the lints. The words are defined once here (and in
// docs/design.md) and used everywhere else:
//
// suspension point
//   A `co_await` in the body. The function may return Pending there and be
//   resumed by a later poll. Suspension points are numbered in source order.
//
// state
//   Where the next poll resumes: `Start` (not polled yet), `Suspend<N>` (at
//   suspension point N) or `Finished` (returned Ready, or threw). The
//   generated class stores it in a one-byte tag.
//
// frame
//   The storage of the generated future class: the state tag, the live bits
//   and every kept object. `sizeof` of the class is the frame size.
//
// frame object
//   Something that may need storage in the frame: a parameter, a local
//   variable, a temporary, or an awaitee.
//
// awaitee
//   The future polled at a suspension point. A temporary operand
//   (`co_await f(x)`) is constructed in place in the frame; a variable operand
//   (`co_await fut`) is polled in place; any other lvalue is polled through a
//   pointer kept in the frame.
//
// kept object
//   A frame object that is a member of the generated class rather than an
//   ordinary local of poll(). A local is kept when a suspension point lies in
//   its scope after its declaration (the resume jump crosses it) and the
//   program can observe it afterwards: it is referenced after that point, its
//   destructor is not trivial, or its address escapes. Kept objects are
//   constructed in place where the source declares them and destroyed in place
//   where their scope ends: never copied or moved, so their addresses are
//   stable.
//
// held object
//   A kept object whose storage must be preserved while the function is
//   suspended at a given point: it is used after the point (clang's
//   LiveVariables on the body's CFG), has a destructor still to run, has an
//   escaped address, or is the awaitee. Kept objects that are never held at
//   the same time, and never needed by the same statement, share storage.
//
// live bit
//   One bit per kept object with a non-trivial destructor, set while it is
//   constructed. Destroying a suspended future (cancellation), an exception
//   leaving poll, and finishing all destroy exactly the objects whose bits are
//   set, youngest first.
//
// instance
//   An annotated function template is analysed once, on its pattern, and
//   emitted once, as a class template. Sizes exist per instance only: an
//   instance is the template's model with the sizes of one list of template
//   arguments, as the rewritten program deduces them. Those differ from what
//   clang deduced for the unrewritten program wherever an argument is a call
//   to an annotated function: there clang saw Async<T>, the rewritten program
//   passes the generated class.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "Analysis/FrameLayout.h"
#include "Analysis/LoweredBody.h"
#include "Analysis/Unsupported.h"
#include "Frontend/AsyncFunctionFinder.h"
#include "clang/AST/Expr.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/Stmt.h"
#include "clang/AST/StmtCXX.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include <deque>
#include <map>
#include <optional>
#include <string>
#include <tuple>
#include <vector>

namespace unawait {

enum class ObjectKind { Param, Local, Temporary, Awaitee, This };

/// The JSON spelling: param, local, temporary, awaitee, this.
llvm::StringRef kindName(ObjectKind Kind);

/// Why a kept object is held in the frame at a suspension point.
enum class HoldReason {
  /// Read after the suspension point.
  UsedAfter,
  /// Its destructor has not run yet.
  Destructor,
  /// Its type depends on template arguments: the class template keeps it
  /// for its destructor, which some instances may have.
  DependentDestructor,
  /// A pointer or reference to it was taken.
  AddressEscapes,
  /// It is the future being awaited here.
  Awaited,
  /// It is `this`: the object a member function runs on.
  Receiver,
  /// A temporary of the full-expression being evaluated: computed before
  /// the await, used after it (Where: the expression it holds).
  Temporary,
};

struct HeldObject {
  ObjectId Object;
  HoldReason Reason;
  /// The use, escape or await the reason refers to, when there is one.
  clang::SourceLocation Where;
};

/// A parameter, local, temporary, awaitee, or the `this` pointer of a member
/// function, that may live in the frame.
struct FrameObject {
  ObjectKind Kind = ObjectKind::Local;
  /// The name in the source ("buf"); for awaitees and hidden temporaries, a
  /// description ("range of the for loop").
  std::string SourceName;
  /// The variable, for parameters and locals (and range-for's hidden ones).
  const clang::VarDecl *Var = nullptr;
  /// The suspension point, for awaitees.
  std::optional<unsigned> AwaitOf;
  /// Where it is declared or awaited.
  clang::SourceLocation Loc;

  /// The type as declared (a reference type for references).
  clang::QualType Type;
  /// A reference is stored as a pointer; uses read through it.
  bool StoredAsPointer = false;
  /// The type of the member (a pointer for references), fully qualified.
  clang::QualType StoredType;
  /// The spelling of StoredType in the generated class (the callee's class
  /// name for a nested async function).
  std::string StoredTypeSpelling;
  /// Set for awaitees of rewritten async functions (and, in a template
  /// instance, for a parameter whose type argument is one): the callee's
  /// model, an instance model for a function template. The object's size is
  /// that generated class's, not the size of the Async<T> clang sees.
  const struct AsyncFunctionModel *Generated = nullptr;

  /// A member of the generated class (otherwise a local of poll()).
  bool Kept = false;
  /// Its destructor is not trivial: it has a live bit.
  bool HasDestructor = false;
  /// The address of the object escapes (first escape).
  clang::SourceLocation EscapeLoc;
  int LiveBit = -1;
  /// Construction order: destroyed in reverse.
  unsigned Order = 0;

  /// A local of poll() declared at its top, before the dispatch, so that
  /// no jump crosses it: for a value computed and used between two
  /// suspension points (the bool of an awaiting condition). Never kept.
  bool Scratch = false;
  /// Constructed only on some paths of its full-expression (under && or
  /// ?:): its end checks its live bit.
  bool Conditional = false;
  /// A temporary of a type generated code cannot name (a lambda's closure),
  /// trivially destructible: the frame holds raw bytes of its size, and the
  /// statement that builds it reads it through a local reference
  /// (LocalName) in the same chunk.
  bool RawStorage = false;
  std::string LocalName;
  /// A kept closure in a template's pattern (RawStorage): each instance's
  /// closure has a size of its own, so the member (an
  /// unawait::detail::UnnamedObject with a destructor, else raw bytes) is
  /// sized by ClosureBound, `unawait::detail::closure_bound<...>` over the
  /// types of the closure's members, which the compiler evaluates in each
  /// instance (closureBoundValue). In an instance: Size and Align (before
  /// an UnnamedObject's pointer) are that bound's values there.
  bool SizedPerInstance = false;
  std::string ClosureBound;
  /// ClosureBound's \p What ("size", "align").
  std::string closureBoundValue(llvm::StringRef What) const {
    return ClosureBound + "::" + What.str();
  }
  /// An awaitee of a type generated code cannot name (a template
  /// specialised for a lambda's closure): kept in an
  /// unawait::detail::UnnamedFuture of its size, which polls and destroys it
  /// through function pointers set where it is built.
  bool Erased = false;
  /// The memory a new-expression allocated before its initializer's
  /// awaits: unawait::detail::new_allocation (a pointer to the memory and
  /// one to the function that frees it; FullExpression::lowerNew).
  bool Allocation = false;
  /// An unnamed parameter: the rewritten function's definition names it
  /// SourceName.
  bool NamedByRewrite = false;
  /// A parameter that is an annotated lambda's capture (AnnotatedLambdas.h):
  /// a reference to what the lambda's body names.
  bool Capture = false;
  /// For a capture of a structured binding, which is no variable (Var is
  /// null): the binding the lambda's body names.
  const clang::BindingDecl *CapturedBinding = nullptr;
  /// What the source names the object by: the variable or the binding.
  const clang::ValueDecl *declaration() const {
    return Var ? static_cast<const clang::ValueDecl *>(Var) : CapturedBinding;
  }
  /// A function parameter pack (`Ts... args`): one member of type
  /// unawait::detail::pack<Ts...> (runtime/include/unawait/detail/pack.hpp)
  /// holding every element; the body reads `unawait::detail::get<I>(args)`
  /// where it names `args`, inside poll()'s expansion over an index pack I.
  bool Pack = false;
  /// For a pack: the template parameter pack its type expands ("Ts"), which
  /// `sizeof...` spells for its length.
  std::string PackLength;
  /// An awaitee calling unawait::join or unawait::select whose annotated
  /// arguments are built in place (InPlaceCombinators.h): StoredTypeSpelling,
  /// Size and Align are the combinator's class over the generated classes
  /// ("unawait::Join<step_future, step_future>"), not the type clang saw.
  /// With SpelledAs (a template's combinator whose type depends on template
  /// arguments), the type is spelled from the operand, and each instance
  /// measures it.
  bool InPlaceCombinator = false;
  /// An InPlaceCombinator whose class the lowering spelled and measured
  /// (not one spelled from its operand).
  bool combinatorSpelledByLowering() const { return InPlaceCombinator && !SpelledAs; }
  /// A variable some await polls in place: always kept.
  bool AwaitedInPlace = false;
  /// For the reference a tuple-like structured binding holds: the
  /// decomposition it refers into (kept with it).
  std::optional<ObjectId> BoundTo;
  /// For a frame temporary of a full-expression: the expression whose value
  /// it holds.
  const clang::Expr *TemporaryOf = nullptr;
  /// A temporary or awaitee whose type depends on template arguments: the
  /// generated class template declares it as decltype of this expression
  /// (its source range; see SourceText::typeOf). Only the instantiated
  /// program knows the type, and in it a call to an annotated function
  /// returns its generated class, not the Async<T> clang's pattern shows.
  std::optional<TextRange> SpelledAs;
  /// A variable of a template whose type only the instance knows: its
  /// declared type holds `auto` (`auto v = e`, `const auto &r = e`, a
  /// range-for's `auto &x` over a dependent range), or it is a reference
  /// whose initializer's value category depends on template arguments
  /// (`const T &r = make<T>()` binds a temporary in some instances only).
  /// The generated class template spells it from its initializer.
  struct Deduced {
    /// The initializer (printed unevaluated: SourceText::typeOf).
    Code From;
    /// What `decltype(v)` is, with "$" standing for decltype((From)):
    /// "std::decay_t<$>" for `auto v = e`, "$ &&" for `auto &&r = e`.
    std::string Declared;
    /// How the frame keeps it.
    enum class Storage {
      /// As itself (`auto v`, `auto *p`).
      Value,
      /// As a pointer (`auto &r`: binds an lvalue in every instance).
      Pointer,
      /// In unawait::detail::bound<Declared, decltype((From))>: a pointer
      /// where the reference binds the initializer directly, the temporary
      /// C++ extends otherwise; poll() reads it through .get().
      Bound,
    } Keep = Storage::Value;
    /// For a range-for's braced list: the frame keeps an array of Extent
    /// elements of Declared (spelled unawait::detail::c_array<Declared, N>).
    unsigned Extent = 0;
  };
  std::optional<Deduced> DeducedFrom;
  /// A range-for's hidden range, begin or end: the loop (in a template, an
  /// instance's own loop, found by its location, has their types).
  enum class RangeForPart { Range, Begin, End };
  const clang::CXXForRangeStmt *HiddenOf = nullptr;
  RangeForPart Hidden = RangeForPart::Begin;
  bool keptBound() const {
    return DeducedFrom && DeducedFrom->Keep == Deduced::Storage::Bound;
  }

  /// Filled by the layout.
  std::string MemberName;
  /// Filled by naming, for a kept object with DeducedFrom: the generated
  /// class's member alias for decltype((From)). Every type spelled from the
  /// object names the alias: spelled out, a kept value whose initializer
  /// reads another one repeats that one's type twice (its pass_on and its
  /// std::declval), so nested values grew twice per level (fuzz seed
  /// 12002880: a 17 000-character line that clang-format ran out of memory on).
  std::string TypeAlias;
  /// The expression that names the member inside poll(): "buf", "g1.buf".
  std::string AccessPath;
  uint64_t Size = 0;
  uint64_t Align = 1;
  uint64_t Offset = 0;
};

/// How the awaitee is stored while suspended.
enum class AwaiteeMode {
  /// A temporary future, constructed in place in the frame.
  Temporary,
  /// A variable, polled in place.
  InPlace,
  /// Any other glvalue (an lvalue or an xvalue), polled through a pointer
  /// kept in the frame.
  Pointer,
};

/// Why a frame stays boxed in a heap-allocated unawait::Async<T> instead of
/// nesting in its caller's frame.
enum class BoxReason {
  /// The callee is declared before its definition: it keeps the Async<T>
  /// signature other translation units call.
  SeparateDeclaration,
  /// The callee is annotated but only declared in this translation unit.
  DefinedElsewhere,
  /// The callee is an instance of a template defined in a header that
  /// this file does not analyse: isExternalCandidate excludes it, or the
  /// header's rewrite rejects it.
  HeaderTemplate,
  /// The callee is virtual: overrides return the same Async<T>.
  Virtual,
  /// The function awaits itself: a frame cannot hold itself inline.
  Recursion,
  /// An annotated call inside another awaited expression that is not built
  /// in place (InPlaceCombinators.h: an argument of unawait::join or
  /// unawait::select, or of one nested in them, is, unless it makes a
  /// temporary or awaits, or an argument after it cannot be built in
  /// place): boxed so that the expression keeps the type clang gave it.
  Combinator,
  /// An annotated call outside an awaited expression whose future goes
  /// where C++ keeps an unawait::Async<T>: a variable (`auto f = g();`, its
  /// type as clang deduced it), a parameter or member of that type.
  Stored,
};

/// A call whose frame the rewrite boxes, as the lowering decided it. The
/// size report lists it (kind `box`) and `sizes --no-heap` rejects it.
struct BoxedFrame {
  /// The await whose operand makes the call; none for a Stored box.
  const clang::Expr *Await = nullptr;
  /// For a Stored box kept in a variable: that variable, whose field in
  /// the report is the box.
  std::optional<ObjectId> Holder;
  /// The holder's declaration deduces its type (`auto f = g();`): written
  /// as it was, an ordinary local has the generated type, and only a kept
  /// one, whose member the frame declares with clang's type, is a box.
  /// KeptObjects drops the box once it knows.
  bool OnlyIfHolderKept = false;
  const clang::CallExpr *Call = nullptr;
  /// The callee; the report finds its frame's size from its model when it
  /// is analysed in this translation unit.
  const clang::FunctionDecl *Callee = nullptr;
  BoxReason Reason = BoxReason::SeparateDeclaration;
  /// A call inside the awaited expression (an argument of unawait::join),
  /// not the awaitee itself: the box is held inside the awaitee.
  bool InsideAwaitee = false;
  /// "local()", as written.
  std::string CallText;
  /// sizeof(unawait::Async<T>): the bytes the box takes where it is held.
  uint64_t BoxBytes = 0;
  /// "unawait::Async<int>".
  std::string TypeSpelling;
};

/// "an annotated call inside unawait::join": why a frame is boxed.
llvm::StringRef boxReasonText(BoxReason Reason);

struct SuspensionPoint {
  unsigned Index = 0;
  /// "Suspend0"...
  std::string StateName;
  /// The co_await (see isAwait).
  const clang::Expr *Await = nullptr;
  /// The full-expression the await belongs to.
  const clang::Expr *FullExpression = nullptr;
  /// The parts of the full-expression evaluated after the await although
  /// clang's CFG may order them first (the rewrite's order, see
  /// EvaluationOrder.h): liveness counts what they read as used after it.
  std::vector<const clang::Stmt *> EvaluatedAfter;
  AwaiteeMode Mode = AwaiteeMode::Temporary;
  /// The awaitee object (Temporary, Pointer) or the awaited variable
  /// (InPlace).
  ObjectId Awaitee = 0;
  /// The awaited expression, as written.
  const clang::Expr *Operand = nullptr;
  /// await_resume's type: void when the awaited future outputs nothing.
  bool ProducesValue = false;
  /// The value is used by the code after the await (otherwise the poll's
  /// result is dropped where it is tested).
  bool ValueUsed = false;
  /// The temporary future is built on poll()'s stack, then moved (before
  /// its first poll) into frame storage that the objects its operand read
  /// give up: an argument passed by value to an awaited call does not
  /// coexist in the frame with the caller's dead copy (rust-lang/rust#62958).
  bool Relocated = false;
  /// The objects the frame holds while suspended here, and why.
  std::vector<HeldObject> Held;
  unsigned Line = 0;
  /// "co_await wake_yield(n)".
  std::string AwaitText;
  /// Where the awaited type is not decltype of the operand: its spelling,
  /// which a type spelled in a template names for the await's value
  /// (`typename unawait::Join<a_future<T>, b_future>::output_type`). A join
  /// or select built in place has its class: its operand holds the makers,
  /// lambdas, which no decltype may name.
  std::string AwaiteeTypeSpelling;
};

struct AsyncFunctionModel {
  AsyncFunction Function;
  /// The function's name as written (qualified for the report); an instance
  /// adds its template arguments.
  std::string Name;
  /// "leaf_future"; an instance adds its template arguments
  /// ("use_future_future<test_future>").
  std::string ClassName;
  /// Set on the model of one instance of a function template, as the
  /// rewritten program instantiates it (see TemplateInstances.h): a copy of
  /// the template's model, sized with the instance's arguments. Instances
  /// are reported; only their template is emitted.
  const AsyncFunctionModel *InstanceOf = nullptr;
  /// For an instance of a member of a class template: the instance of the
  /// class its generated class is nested in ("::Box<int>").
  std::string EnclosingClass;
  /// A function template's unnamed template parameters (`class = ...`) and
  /// the names the rewritten definition gives them, so that its body can
  /// name the class template's arguments.
  std::vector<std::pair<const clang::NamedDecl *, std::string>> NamedTemplateParams;
  /// For an explicit specialization of a function template whose generated
  /// class template is emitted: the class is that class template's explicit
  /// specialization, with these arguments ("<const char *>").
  std::string SpecializationArguments;
  /// For a member function defined in its class whose frame keeps an object
  /// of a class still incomplete there (its own, one around it, or the
  /// generated class of another such member): the outermost class around
  /// it. The generated class is declared in the class, and defined after
  /// that class with the function's definition.
  const clang::CXXRecordDecl *DefinedAfter = nullptr;
  /// For a member function defined outside its class in another file than
  /// the class (which this rewrite cannot change): the generated class is
  /// a local class of the function, which reaches what the function can;
  /// the function keeps the boxed signature.
  bool ClassInBody = false;
  std::string OutputTypeSpelling;
  bool OutputIsVoid = false;
  /// Every identifier the function's definition spells, with counts
  /// (functionIdentifiers): the names the rewrite chooses avoid them.
  std::map<std::string, unsigned> SpelledIdentifiers;

  std::vector<FrameObject> Objects;
  std::vector<SuspensionPoint> Points;
  FrameLayout Layout;
  /// What the layout was computed from: one item per kept object, in object
  /// order. The report lays the frame out again without an object to
  /// compute what ending its scope earlier would save.
  std::vector<LayoutItem> LayoutInput;
  /// The kept objects in layout order: LayoutInput[I] and the layout's
  /// object nodes with ObjectIndex I describe Objects[LayoutObjects[I]].
  std::vector<ObjectId> LayoutObjects;
  unsigned StateBytes = 1;
  unsigned LiveBytes = 0;

  /// The frame size without the kept object \p Id (its conflicts dropped).
  uint64_t sizeWithout(ObjectId Id) const;

  /// The body, lowered: what the emitter prints (see LoweredBody.h).
  LoweredBody Body;
  /// The calls whose frames stay boxed in unawait::Async<T>, in source order.
  std::vector<BoxedFrame> Boxes;
  /// Uses of frame objects written in a macro's body: an error if kept.
  std::vector<std::pair<clang::SourceLocation, ObjectId>> MacroUses;
  /// Variable -> its frame object, for every parameter and local that is a
  /// frame object (kept or not), and for a structured binding an annotated
  /// lambda captures.
  llvm::DenseMap<const clang::ValueDecl *, ObjectId> ObjectOfVar;

  /// The names the generated class declares (its own types and members,
  /// poll()'s locals), chosen so that none captures or hides a name the
  /// function spells (see Naming.h).
  struct GeneratedNames {
    std::string State = "State";
    std::string Live = "Live";
    std::string Finish = "finish";
    std::string EndLocals = "end_locals";
    std::string StateMember = "state_";
    std::string LiveMember = "live_";
    std::string Context = "cx";
    std::string Polled = "polled";
    std::string Result = "result";
    std::string Unstarted = "unstarted";
    /// The unwind guard.
    std::string OnUnwind = "on_unwind";
    /// The builder of a kept array built row by row (DeclareNode::Rows).
    std::string BuiltRows = "built_rows";
    /// With a parameter pack: poll()'s body, a member template over the
    /// pack's indices.
    std::string PollPack = "poll_pack";
    std::string Indices = "I";
  } Names;

  unsigned liveBitCount() const;
  /// The live bits are one unsigned integer, or an array of 64-bit words
  /// when the frame keeps more than 64 objects with destructors.
  unsigned liveWordCount() const { return liveBitCount() > 64 ? (liveBitCount() + 63) / 64 : 1; }
  /// The word of the live bits that holds \p Object's bit: `live_`, or
  /// `live_[k]` in an array.
  std::string liveWord(const FrameObject &Object) const;
  /// The bit's value in its word, as the `Live` enumeration names it.
  std::string liveBit(const FrameObject &Object) const;
  /// The function template, when the function is one (not an instance).
  const clang::FunctionTemplateDecl *functionTemplate() const;
  /// A template's layout is measured with stand-in sizes for what depends
  /// on template arguments: only its instances have real sizes.
  /// (Also for members of class templates.)
  bool hasRealSizes() const {
    return InstanceOf || !Function.Definition->isTemplated();
  }
  /// The class name qualified by the function's namespaces, for callers in
  /// other namespaces: "::net::fetch_future".
  std::string qualifiedClassName() const;
  /// \p Name qualified by the namespaces and classes around the function.
  std::string qualifiedName(llvm::StringRef Name) const;
  /// False for an instance of a function template whose arguments include
  /// a type generated code cannot name (a lambda's closure).
  bool NameableClass = true;
  /// True if destroying the generated class must destroy something (a live
  /// object or a parameter with a destructor); otherwise it has none.
  bool needsDestructor() const;
  const FrameObject &object(ObjectId Id) const { return Objects[Id]; }
  /// For a member function of a local class: the function the class is
  /// declared in (its generated class can name that function's other local
  /// classes); nullptr otherwise.
  const clang::DeclContext *localScope() const;
  /// The kept parameter pack, if the function has one.
  const FrameObject *packObject() const;
  /// The kept `this` of a member function, if the function is one.
  const FrameObject *thisObject() const;
  /// The frame object of a variable, if it is kept.
  const FrameObject *keptObjectOf(const clang::VarDecl *Var) const;
};

/// A kept closure in raw storage: \p Object's size becomes a bound of
/// every order of its captures (the rewritten lambda's may differ from
/// clang's), and with a destructor it is held in an
/// unawait::detail::UnnamedObject of that size. \p Object.StoredType is
/// the closure's type.
void measureKeptClosure(FrameObject &Object, clang::ASTContext &Context);

/// A kept closure with a destructor in raw storage of \p Object's size and
/// alignment (a bound already): the unawait::detail::UnnamedObject that
/// holds those bytes.
void measureUnnamedObject(FrameObject &Object, clang::ASTContext &Context);

class ModelRegistry;

/// Analyses one annotated async function. Reports unsupported constructs as
/// errors and returns nothing then.
/// Instances of function templates that its awaits need are added to
/// \p Callees.
std::optional<AsyncFunctionModel>
analyzeAsyncFunction(const AsyncFunction &Function, clang::ASTContext &Context,
                     DiagnosticReporter &Diags, ModelRegistry &Callees);

/// How a rewritten body passes \p Param (a kept parameter, capture or
/// `this`, named \p Name there) to its class's constructor, as the function
/// received it: a value or an rvalue reference moved, a forwarding
/// reference forwarded (as `decltype(Name)` in a lambda, which cannot name
/// its invented template parameters), an lvalue reference (a capture too)
/// and `this` as they are.
std::string forwardedArgument(const FrameObject &Param, const std::string &Name,
                              bool InLambda, clang::ASTContext &Context);

/// True if objects of \p Type must be destroyed: a non-trivial destructor,
/// or a type that depends on template arguments (the class template must
/// destroy what any instance holds).
bool hasDestructor(clang::QualType Type);

/// A template parameter pack (of types, values or templates) that \p
/// PackType (a function parameter pack's type: `Args &&...`,
/// `std::integral_constant<int, Ns>...`) expands: its length is the
/// function parameter pack's.
const clang::NamedDecl *expandedParameterPack(clang::QualType PackType);

/// False for a type whose size depends on template arguments.
bool hasKnownSize(clang::QualType Type);

/// The frame array for the elements of a std::initializer_list's array
/// \p Array: not const (a union of const members has no default
/// constructor); the list, or a range-for's begin and end, read it as const.
clang::QualType listElementStorage(const clang::ConstantArrayType &Array,
                                   const clang::ASTContext &Context);

/// The models of the functions analysed so far in a translation unit: an
/// awaited call to one of them nests its generated class in the caller.
class ModelRegistry {
public:
  /// Adds a model; returns its stable address.
  const AsyncFunctionModel *add(AsyncFunctionModel Model);
  /// Adds the model of an external function (a header's): found by find(),
  /// for callers to nest, but not among models(), which this file emits and
  /// reports. An instance of an external template that keeps the boxed
  /// signature is external too (only its size is used). Returns its stable
  /// address.
  const AsyncFunctionModel *addExternal(AsyncFunctionModel Model);
  /// The model of a function, or of the template an instantiation comes
  /// from (never an instance model).
  const AsyncFunctionModel *find(const clang::FunctionDecl *Function) const;
  /// The instance model of \p Template with \p ClassName, if added.
  const AsyncFunctionModel *findInstance(const AsyncFunctionModel &Template,
                                         llvm::StringRef ClassName,
                                         llvm::StringRef EnclosingClass) const;
  /// Records that \p Instance is the model of \p Specialization, an
  /// instantiation clang made of a template's function.
  void noteSpecialization(const clang::FunctionDecl &Specialization,
                          const AsyncFunctionModel &Instance) {
    BySpecialization.try_emplace(&Specialization, &Instance);
  }
  /// The instance model of \p Specialization, if noted.
  const AsyncFunctionModel *findSpecialization(const clang::FunctionDecl *Specialization) const {
    return BySpecialization.lookup(Specialization);
  }
  /// In the order they were analysed (forEachAsyncFunction's). Stable
  /// addresses: models are never moved.
  const std::deque<AsyncFunctionModel> &models() const { return Models; }
  /// The external models (addExternal), in the order they were added.
  const std::deque<AsyncFunctionModel> &externalModels() const { return ExternalModels; }
  /// How many of models() share the name \p Function's class is named
  /// for: functions of its name in its scope, or, for an annotated lambda,
  /// lambdas of the enclosing declarations of its name in its scope.
  unsigned namesakes(const AsyncFunction &Function) const;

private:
  std::deque<AsyncFunctionModel> Models;
  std::deque<AsyncFunctionModel> ExternalModels;
  /// The canonical declaration of each analysed function -> its model.
  llvm::DenseMap<const clang::FunctionDecl *, const AsyncFunctionModel *> ByFunction;
  /// clang's instantiation -> the instance model made for it.
  llvm::DenseMap<const clang::FunctionDecl *, const AsyncFunctionModel *> BySpecialization;
  /// (template, class name, enclosing class) -> that instance's model.
  std::map<std::tuple<const AsyncFunctionModel *, std::string, std::string>,
           const AsyncFunctionModel *>
      Instances;
  /// The counts namesakes() reads, kept as models are added: counting by
  /// a scan of every model made naming quadratic in the functions of a file.
  llvm::DenseMap<std::pair<const clang::DeclContext *, clang::DeclarationName>, unsigned>
      FunctionsNamed;
  /// Lambdas by the scope and name of their enclosing declarations (the
  /// classes of two overloads' lambdas go to one scope).
  llvm::DenseMap<std::pair<const clang::DeclContext *, clang::DeclarationName>, unsigned>
      LambdasIn;
};

/// Where the definitions of the members placed after \p Class go: after
/// the `;` that ends its definition; invalid if no `;` follows its brace.
clang::SourceLocation afterClassDefinition(const clang::CXXRecordDecl &Class,
                                           const clang::ASTContext &Context);

/// Analyses every annotated function of the translation unit, callees first
/// (source order, but an annotated function's lambdas before it). Returns
/// false if any had errors.
bool analyzeTranslationUnit(clang::ASTContext &Context,
                            DiagnosticReporter &Diags, ModelRegistry &Models);

} // namespace unawait
