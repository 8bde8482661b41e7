#include "Transform/SourceText.h"

#include "Analysis/Naming.h"
#include "clang/AST/ASTContext.h"
#include "clang/Lex/Lexer.h"
#include "clang/Basic/SourceManager.h"
#include <numeric>

namespace unawait {

using namespace clang;

SourceText::SourceText(const AsyncFunctionModel &Model, ASTContext &Context)
    : Model(Model), Context(Context),
      Source(Context.getSourceManager().getBufferData(
          Context.getSourceManager().getMainFileID())) {
  const std::vector<Hole> &Holes = Model.Body.Holes;
  Order.resize(Holes.size());
  std::iota(Order.begin(), Order.end(), 0);
  llvm::sort(Order, [&](unsigned A, unsigned B) {
    const TextRange &RA = Holes[A].Range, &RB = Holes[B].Range;
    if (RA.Begin != RB.Begin)
      return RA.Begin < RB.Begin;
    if (RA.End != RB.End)
      return RA.End > RB.End;
    // The same range: insertions at one place in the order they were
    // added; a variable's use is innermost; otherwise the hole added later
    // wraps the other.
    if (RA.Begin == RA.End)
      return A < B;
    if (Holes[A].Reference != Holes[B].Reference)
      return Holes[B].Reference;
    return A > B;
  });
}

std::string SourceText::range(TextRange Range, const Excluded &Except) const {
  const std::vector<Hole> &Holes = Model.Body.Holes;
  std::string Text;
  unsigned At = Range.Begin;
  auto First = llvm::partition_point(
      Order, [&](unsigned I) { return Holes[I].Range.Begin < Range.Begin; });
  for (auto It = First; It != Order.end(); ++It) {
    const Hole &H = Holes[*It];
    if (H.Range.Begin >= Range.End)
      break;
    if (H.Range.Begin < At || H.Range.End > Range.End ||
        llvm::is_contained(Except, static_cast<int>(*It)))
      continue;
    Text += Source.slice(At, H.Range.Begin).str();
    Text += fill(H, static_cast<int>(*It), Except);
    At = H.Range.End;
  }
  return Text + Source.slice(At, Range.End).str();
}

std::string SourceText::fill(const Hole &H, int Index, const Excluded &Except) const {
  Excluded Inner = Except;
  Inner.push_back(Index);
  if (Unevaluated)
    return fillUnevaluated(H, Inner);
  switch (H.HoleKind) {
  case Hole::Kind::Object: {
    const FrameObject &Object = Model.object(H.Object);
    if (!Object.Kept && !Object.Scratch)
      return range(H.Range, Inner);
    std::string Read = H.AsXvalue ? "std::move(" + name(H.Object) + ")" : name(H.Object);
    return H.Discarded ? "unawait::detail::discarded(" + Read + ")" : Read;
  }
  case Hole::Kind::Binding:
    if (!Model.object(H.Object).Kept)
      return range(H.Range, Inner);
    return print(*H.Replacement, Inner);
  case Hole::Kind::AwaitValue:
    return awaitValue(H.Point);
  case Hole::Kind::This:
    return Model.object(H.Object).AccessPath;
  case Hole::Kind::ImplicitThis:
    return Model.object(H.Object).AccessPath + "->";
  case Hole::Kind::Jump:
    return jump(*H.Jump);
  case Hole::Kind::Return:
    return returnStatement(*H.Return);
  case Hole::Kind::Text:
    return print(*H.Replacement, Inner);
  }
  llvm_unreachable("unknown hole");
}

/// A value of \p Type in an unevaluated operand, with the category of a
/// call returning it (a prvalue for a non-reference type).
static std::string unevaluatedValue(const std::string &Type) {
  return "unawait::detail::unevaluated<" + Type + ">()";
}

std::string SourceText::unevaluatedObject(ObjectId Id, bool AsXvalue) const {
  auto declval = [](const std::string &Type) { return "std::declval<" + Type + ">()"; };
  const FrameObject &Object = Model.object(Id);
  // (Before SpelledAs, as in typeOf: a dependent early value's expression
  // holds the hole that names it, FullExpression::dependentValue.)
  if (Object.DeducedFrom)
    return declval("std::remove_reference_t<" + declaredType(Id) + ">" +
                   (AsXvalue ? "&&" : "&"));
  // A prvalue's value kept in the frame reads, in a type the rewrite spells,
  // as the prvalue it was: `decltype(((a ? b : co_await f())))` is int in
  // C++, and the instance's size report measures it so (not int &).
  bool Prvalue = Object.TemporaryOf && Object.TemporaryOf->isPRValue() &&
                 !Object.StoredAsPointer && !Object.keptBound();
  if (Object.SpelledAs && !Object.Var)
    return Prvalue ? unevaluatedValue(expressionType(Id))
                   : declval(expressionType(Id) + (AsXvalue ? "&&" : "&"));
  // A variable that keeps a generated class, not the Async<T> clang gave it.
  if (Object.Var && Object.Generated)
    return declval(typeOf(Id) + (AsXvalue ? "&&" : "&"));
  // As a type (`const char (&)[6]`), not text around one.
  // (A capture's type is the lambda's: const in a lambda that is not
  // mutable.)
  QualType Type = Object.Var && !Object.Capture ? Object.Var->getType() : Object.Type;
  // An element of the pack, in the expansion the source writes around it.
  if (Object.Pack)
    Type = Type->castAs<PackExpansionType>()->getPattern();
  Type = Type.getNonReferenceType();
  if (Prvalue)
    return unevaluatedValue(spellType(Type, Context));
  return declval(spellType(AsXvalue ? Context.getRValueReferenceType(Type)
                                      : Context.getLValueReferenceType(Type),
                           Context));
}

std::string SourceText::fillUnevaluated(const Hole &H, const Excluded &Inner) const {
  auto declval = [](const std::string &Type) { return "std::declval<" + Type + ">()"; };
  switch (H.HoleKind) {
  case Hole::Kind::Object:
    return unevaluatedObject(H.Object, H.AsXvalue);
  case Hole::Kind::This:
    return declval(Model.object(H.Object).StoredTypeSpelling);
  case Hole::Kind::ImplicitThis:
    return declval(Model.object(H.Object).StoredTypeSpelling) + "->";
  case Hole::Kind::AwaitValue: {
    // With the await's value category: a prvalue for a value (std::declval
    // would make it an xvalue, which decltype((a, v)) would tell).
    const SuspensionPoint &P = Model.Points[H.Point];
    QualType Type = P.Await->getType();
    if (!Type->isInstantiationDependentType()) {
      if (P.Await->isLValue())
        Type = Context.getLValueReferenceType(Type);
      else if (P.Await->isXValue())
        Type = Context.getRValueReferenceType(Type);
      return unevaluatedValue(spellType(Type, Context));
    }
    if (!P.AwaiteeTypeSpelling.empty())
      return unevaluatedValue("typename " + P.AwaiteeTypeSpelling + "::output_type");
    return unevaluatedValue("typename std::remove_reference_t<decltype((" +
                            range(fileRange(P.Operand->getSourceRange()), Inner) +
                            "))>::output_type");
  }
  case Hole::Kind::Text:
    return print(H.Unevaluated ? *H.Unevaluated : *H.Replacement, Inner);
  case Hole::Kind::Binding:
    return print(*H.Replacement, Inner);
  case Hole::Kind::Jump:
  case Hole::Kind::Return:
    break;
  }
  llvm_unreachable("a statement inside an expression");
}

std::string SourceText::typeOf(ObjectId Id) const {
  const FrameObject &Object = Model.object(Id);
  if (Object.DeducedFrom)
    return storedDeducedType(Id);
  if (!Object.SpelledAs)
    return Object.StoredTypeSpelling;
  // A scratch value is assigned: a plain value of the expression's type.
  if (Object.Scratch)
    return "std::decay_t<" + expressionType(Id) + ">";
  return Object.StoredAsPointer ? expressionType(Id) + " *" : expressionType(Id);
}

std::string SourceText::expressionType(ObjectId Id) const {
  const FrameObject &Object = Model.object(Id);
  // The object's own spill covers its expression: print what it holds.
  Excluded Own;
  for (unsigned I = 0; I < Model.Body.Holes.size(); ++I)
    if (Model.Body.Holes[I].Object == Id &&
        Model.Body.Holes[I].HoleKind == Hole::Kind::Object &&
        Model.Body.Holes[I].Range.Begin == Object.SpelledAs->Begin &&
        Model.Body.Holes[I].Range.End == Object.SpelledAs->End)
      Own.push_back(I);
  bool Outer = Unevaluated;
  Unevaluated = true;
  std::string Expression = range(*Object.SpelledAs, Own);
  Unevaluated = Outer;
  // Without references: a glvalue's object is kept as a pointer, and a
  // prvalue's operand may read as an xvalue where it reads a frame object.
  return "std::remove_reference_t<decltype((" + Expression + "))>";
}

std::string SourceText::initializerType(ObjectId Id) const {
  if (const FrameObject &Object = Model.object(Id); !Object.TypeAlias.empty()) {
    if (AliasUses)
      AliasUses->push_back(Id);
    return Object.TypeAlias;
  }
  return initializerDecltype(Id);
}

std::string SourceText::typeAliasDefinition(ObjectId Id, std::vector<ObjectId> &Uses) const {
  AliasUses = &Uses;
  std::string Definition = initializerDecltype(Id);
  AliasUses = nullptr;
  return Definition;
}

std::string SourceText::initializerDecltype(ObjectId Id) const {
  bool Outer = Unevaluated;
  Unevaluated = true;
  std::string From = "decltype((" + print(Model.object(Id).DeducedFrom->From) + "))";
  Unevaluated = Outer;
  return From;
}

std::string SourceText::declaredElementType(ObjectId Id) const {
  const FrameObject::Deduced &Deduced = *Model.object(Id).DeducedFrom;
  std::string From = initializerType(Id);
  std::string Type;
  for (char C : Deduced.Declared)
    Type += C == '$' ? From : std::string(1, C);
  return Type;
}

std::string SourceText::declaredType(ObjectId Id) const {
  unsigned Extent = Model.object(Id).DeducedFrom->Extent;
  if (!Extent)
    return declaredElementType(Id);
  return "unawait::detail::c_array<" + declaredElementType(Id) + ", " +
         std::to_string(Extent) + ">";
}

std::string SourceText::newType(ObjectId Id) const {
  const FrameObject &Object = Model.object(Id);
  if (!Object.DeducedFrom || !Object.DeducedFrom->Extent)
    return typeOf(Id);
  return declaredElementType(Id) + "[" + std::to_string(Object.DeducedFrom->Extent) + "]";
}

std::string SourceText::storedDeducedType(ObjectId Id) const {
  const FrameObject::Deduced &Deduced = *Model.object(Id).DeducedFrom;
  switch (Deduced.Keep) {
  case FrameObject::Deduced::Storage::Value:
    return declaredType(Id);
  case FrameObject::Deduced::Storage::Pointer:
    return "std::remove_reference_t<" + declaredType(Id) + "> *";
  case FrameObject::Deduced::Storage::Bound:
    return "unawait::detail::bound<" + declaredType(Id) + ", " + initializerType(Id) + ">";
  }
  llvm_unreachable("unknown storage");
}

TextRange SourceText::fileRange(SourceRange Range) const {
  const SourceManager &SM = Context.getSourceManager();
  CharSourceRange File = SM.getExpansionRange(Range);
  SourceLocation End =
      Lexer::getLocForEndOfToken(File.getEnd(), 0, SM, Context.getLangOpts());
  return {SM.getFileOffset(File.getBegin()), SM.getFileOffset(End)};
}

std::string SourceText::print(const Code &C, const Excluded &Except) const {
  std::string Text;
  for (const Code::Piece &P : C.Pieces) {
    switch (P.PieceKind) {
    case Code::Piece::Kind::Literal:
      Text += P.Text;
      break;
    case Code::Piece::Kind::Source: {
      Excluded Inner = Except;
      if (P.Except >= 0)
        Inner.push_back(P.Except);
      Text += range(P.Range, Inner);
      break;
    }
    case Code::Piece::Kind::Object:
      Text += Unevaluated ? unevaluatedObject(P.Object, false) : name(P.Object);
      break;
    case Code::Piece::Kind::AwaitValue:
      Text += awaitValue(P.Point);
      break;
    case Code::Piece::Kind::DeclaredType:
      Text += declaredType(P.Object);
      break;
    case Code::Piece::Kind::InitializerType:
      Text += initializerType(P.Object);
      break;
    case Code::Piece::Kind::LiveMark:
      if (const FrameObject &Object = Model.object(P.Object); Object.LiveBit >= 0)
        Text += ", " + Model.liveWord(Object) + ", " + Model.liveBit(Object);
      break;
    }
  }
  return Text;
}

std::string SourceText::name(ObjectId Id) const {
  const FrameObject &Object = Model.object(Id);
  if (Object.Scratch)
    return Object.MemberName;
  if (Object.RawStorage)
    return Object.LocalName;
  if (!Object.Kept)
    return Object.SourceName;
  if (Object.Pack)
    return "unawait::detail::get<" + Model.Names.Indices + ">(" + Object.AccessPath + ")";
  if (Object.keptBound())
    return Object.AccessPath + ".get()";
  return Object.StoredAsPointer ? "(*" + Object.AccessPath + ")" : Object.AccessPath;
}

std::string SourceText::awaitValue(unsigned Point) const {
  if (!Model.Points[Point].ProducesValue)
    return "void()";
  return "std::move(" + Model.Names.Polled + ").value()";
}

std::string SourceText::destroy(ObjectId Id) const {
  const FrameObject &Object = Model.object(Id);
  if (!Object.Kept || Object.LiveBit < 0)
    return "";
  std::string Destroy = Model.liveWord(Object) + " &= ~" + Model.liveBit(Object) +
                        "; unawait::detail::destroy(" + Object.AccessPath + "); ";
  if (!Object.Conditional)
    return Destroy;
  return "if (" + Model.liveWord(Object) + " & " + Model.liveBit(Object) + ") { " +
         Destroy + "} ";
}

std::string SourceText::jump(const JumpNode &Jump, bool Braced) const {
  std::string Destroys;
  for (ObjectId Id : Jump.Destroy)
    Destroys += destroy(Id);
  std::string Statement = Jump.JumpTarget == JumpNode::Break      ? "break;"
                          : Jump.JumpTarget == JumpNode::Continue ? "continue;"
                                                                  : "goto " + Jump.Label + ";";
  if (Destroys.empty())
    return Statement;
  return Braced ? "{ " + Destroys + Statement + " }" : Destroys + Statement;
}

std::string SourceText::returnStatement(const ReturnNode &Return,
                                        bool Braced) const {
  std::string Text;
  if (!Return.Value.empty() && !Return.VoidOperand && !Model.OutputIsVoid)
    Text += Model.Names.Result + ".emplace(" + print(Return.Value) + "); ";
  else if (!Return.Value.empty())
    Text += print(Return.Value) + "; ";
  Text += "goto done;";
  return Braced ? "{ " + Text + " }" : Text;
}

} // namespace unawait
