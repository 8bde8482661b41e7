#include "Report/SizeReport.h"

#include "clang/AST/ASTContext.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FormatVariadic.h"
#include <algorithm>

namespace unawait {

using namespace clang;

namespace {

std::string lineSuffix(SourceLocation Loc, const SourceManager &SM) {
  if (Loc.isInvalid())
    return "";
  return " (line " + std::to_string(SM.getExpansionLineNumber(Loc)) + ")";
}

/// Why `this` is in the frame, from the Start state on.
const char *const ReceiverWhy = "the object the member function runs on";

} // namespace

std::string why(const HeldObject &Held, const SourceManager &SM) {
  switch (Held.Reason) {
  case HoldReason::UsedAfter:
    return "used after the await" + lineSuffix(Held.Where, SM);
  case HoldReason::Destructor:
    return "non-trivial destructor";
  case HoldReason::DependentDestructor:
    return "a type that depends on template arguments: kept in every instance "
           "for the destructor some may have";
  case HoldReason::AddressEscapes:
    return "address escapes" + lineSuffix(Held.Where, SM);
  case HoldReason::Awaited:
    return "awaited here";
  case HoldReason::Receiver:
    return ReceiverWhy;
  case HoldReason::Temporary:
    return "a temporary of the expression around the await, which ends with "
           "it" + lineSuffix(Held.Where, SM);
  }
  llvm_unreachable("unknown reason");
}

namespace {

FieldReport field(const FrameObject &Object, std::string Why,
                  const SourceManager &SM) {
  FieldReport Field;
  bool Named = (Object.declaration() && Object.Kind != ObjectKind::Temporary) ||
               Object.Kind == ObjectKind::This;
  Field.Name = Named ? Object.SourceName : Object.MemberName;
  Field.Kind = kindName(Object.Kind).str();
  Field.Type = Object.StoredTypeSpelling;
  Field.Size = Object.Size;
  Field.Offset = Object.Offset;
  Field.Why = std::move(Why);
  if (Object.Loc.isValid())
    Field.Line = SM.getExpansionLineNumber(Object.Loc);
  return Field;
}

void finishState(StateReport &State) {
  std::sort(State.Fields.begin(), State.Fields.end(),
            [](const FieldReport &A, const FieldReport &B) {
              return A.Offset < B.Offset;
            });
  for (const FieldReport &Field : State.Fields) {
    if (!Field.Inside.empty())
      continue; // its bytes are the awaitee's
    State.Size = std::max(State.Size, Field.Offset + Field.Size);
    State.Held += Field.Size;
  }
}

/// The state tag and the live bits: the layout's Tag nodes (the last
/// members of the frame).
void findTags(const FrameLayout &Layout, FunctionReport &Function) {
  for (const LayoutNode &Node : Layout.Root.Children) {
    if (Node.NodeKind != LayoutNode::Tag)
      continue;
    FunctionReport::Tag Tag{Node.Offset, Node.Size};
    if (Node.MemberName == "state_")
      Function.Discriminant = Tag;
    else
      Function.LiveBits = Tag;
  }
}

/// "buf (4096 B) is held across the await at line 15, used after the await
/// (line 16); ending its scope before the await would shrink the
/// frame from 4112 to 16 bytes": for the largest local held across awaits,
/// when ending its scope earlier saves at least HintThreshold bytes. The
/// saving is computed by laying the frame out again without it.
constexpr uint64_t HintThreshold = 64;

std::string hint(const AsyncFunctionModel &Model, const SourceManager &SM) {
  const FrameObject *Largest = nullptr;
  ObjectId LargestId = 0;
  for (const SuspensionPoint &P : Model.Points)
    for (const HeldObject &Held : P.Held) {
      const FrameObject &Object = Model.object(Held.Object);
      if (Object.Kind != ObjectKind::Local || Held.Reason == HoldReason::Awaited)
        continue;
      if (!Largest || Object.Size > Largest->Size) {
        Largest = &Object;
        LargestId = Held.Object;
      }
    }
  if (!Largest)
    return "";
  uint64_t Smaller = Model.sizeWithout(LargestId);
  if (Smaller + HintThreshold > Model.Layout.Size)
    return "";
  std::vector<std::string> Lines, Reasons;
  for (const SuspensionPoint &P : Model.Points)
    for (const HeldObject &Held : P.Held)
      if (&Model.object(Held.Object) == Largest) {
        Lines.push_back(std::to_string(P.Line));
        if (Reasons.empty())
          Reasons.push_back(why(Held, SM));
      }
  std::string Awaits = Lines.size() == 1 ? "the await at line " + Lines[0]
                                         : "the awaits at lines " + llvm::join(Lines, ", ");
  return llvm::formatv("{0} ({1} B) is held across {2}, {3}; "
                       "ending its scope before {4} would shrink the frame "
                       "from {5} to {6} bytes",
                       Largest->SourceName, Largest->Size, Awaits, Reasons.front(),
                       Lines.size() == 1 ? "the await" : "the first of them",
                       Model.Layout.Size, Smaller);
}

/// "(int, const char *) const": the parameter types of the definition.
std::string signature(const FunctionDecl &F) {
  PrintingPolicy Policy(F.getASTContext().getLangOpts());
  Policy.SuppressScope = false;
  std::vector<std::string> Types;
  for (const ParmVarDecl *Param : F.parameters())
    Types.push_back(Param->getType().getAsString(Policy));
  if (F.isVariadic())
    Types.push_back("...");
  std::string Signature = "(" + llvm::join(Types, ", ") + ")";
  if (const auto *Method = dyn_cast<CXXMethodDecl>(&F)) {
    Qualifiers Quals = Method->getMethodQualifiers();
    if (!Quals.empty())
      Signature += " " + Quals.getAsString();
    if (Method->getRefQualifier() == RQ_LValue)
      Signature += " &";
    else if (Method->getRefQualifier() == RQ_RValue)
      Signature += " &&";
  }
  return Signature;
}

/// The size of the frame \p Box points to, if its callee was analysed here
/// (a function template's frame has no size of its own: its instance's).
std::optional<uint64_t> boxedFrameSize(const BoxedFrame &Box, const ModelRegistry &Models) {
  const AsyncFunctionModel *Callee = Box.Callee ? Models.find(Box.Callee) : nullptr;
  if (Callee && !Callee->hasRealSizes())
    if (const AsyncFunctionModel *Instance = Models.findSpecialization(Box.Callee))
      Callee = Instance;
  if (!Callee || !Callee->hasRealSizes())
    return std::nullopt;
  return Callee->Layout.Size;
}

/// Marks the boxes the analysis recorded for \p P: an awaitee that is a
/// box becomes a field of kind `box`; a box inside the awaitee (a call
/// inside unawait::join) is a field of its own, inside it.
void addBoxes(const AsyncFunctionModel &Model, const SuspensionPoint &P,
              const ModelRegistry &Models, StateReport &State,
              FunctionReport &Function) {
  const FrameObject &Awaitee = Model.object(P.Awaitee);
  for (const BoxedFrame &Box : Model.Boxes) {
    if (Box.Await != P.Await)
      continue;
    std::optional<uint64_t> Boxed = boxedFrameSize(Box, Models);
    ++Function.Boxes;
    Function.BoxedSize += Boxed.value_or(0);
    std::string Why = "boxed on the heap: " + boxReasonText(Box.Reason).str();
    FieldReport *AwaiteeField = nullptr;
    for (FieldReport &Field : State.Fields)
      if (Field.Kind == "awaitee" && Field.Name == Awaitee.MemberName)
        AwaiteeField = &Field;
    if (!Box.InsideAwaitee && AwaiteeField) {
      AwaiteeField->Kind = "box";
      AwaiteeField->BoxedSize = Boxed;
      AwaiteeField->Why = "awaited here, " + Why;
      continue;
    }
    FieldReport Field;
    Field.Name = Box.CallText;
    Field.Kind = "box";
    Field.Type = Box.TypeSpelling;
    Field.Size = Box.BoxBytes;
    Field.Offset = Awaitee.Offset;
    Field.Why = Why;
    Field.Line = P.Line;
    Field.BoxedSize = Boxed;
    Field.Inside = Awaitee.MemberName;
    State.Fields.push_back(std::move(Field));
  }
}

/// A variable that holds a box (`unawait::Async<int> f = g();`) is a field
/// of kind `box`.
void markStoredBox(const AsyncFunctionModel &Model, ObjectId Object,
                   const ModelRegistry &Models, FieldReport &Field) {
  for (const BoxedFrame &Box : Model.Boxes)
    if (Box.Holder == Object) {
      Field.Kind = "box";
      Field.BoxedSize = boxedFrameSize(Box, Models);
      Field.Why += ", boxed on the heap: " + boxReasonText(Box.Reason).str();
    }
}

/// The boxes made outside the awaited expressions, counted once each.
void countStoredBoxes(const AsyncFunctionModel &Model, const ModelRegistry &Models,
                      FunctionReport &Function) {
  for (const BoxedFrame &Box : Model.Boxes)
    if (!Box.Await) {
      ++Function.Boxes;
      Function.BoxedSize += boxedFrameSize(Box, Models).value_or(0);
    }
}

FunctionReport report(const AsyncFunctionModel &Model, const ModelRegistry &Models,
                      const SourceManager &SM) {
  FunctionReport Function;
  Function.Name = Model.Name;
  Function.QualifiedName = Model.Name;
  const FunctionDecl &Definition = *Model.Function.Definition;
  Function.Signature = signature(Definition);
  Function.FileScoped = !isExternallyVisible(Definition.getFormalLinkage());
  PresumedLoc Where = SM.getPresumedLoc(
      SM.getExpansionLoc(Model.Function.Definition->getLocation()));
  Function.File = Where.getFilename();
  Function.Line = Where.getLine();
  Function.Size = Model.Layout.Size;
  Function.Align = Model.Layout.Align;

  StateReport Start;
  Start.Name = "Start";
  for (const FrameObject &Object : Model.Objects)
    if (Object.Kind == ObjectKind::This)
      Start.Fields.push_back(field(Object, ReceiverWhy, SM));
    else if (Object.Kind == ObjectKind::Param && Object.Kept)
      Start.Fields.push_back(field(Object, Object.Capture ? "a capture" : "a parameter", SM));
  finishState(Start);
  Function.States.push_back(std::move(Start));

  for (const SuspensionPoint &P : Model.Points) {
    StateReport State;
    State.Name = P.StateName;
    State.Line = P.Line;
    State.Await = P.AwaitText;
    for (const HeldObject &Held : P.Held) {
      State.Fields.push_back(field(Model.object(Held.Object), why(Held, SM), SM));
      markStoredBox(Model, Held.Object, Models, State.Fields.back());
    }
    addBoxes(Model, P, Models, State, Function);
    finishState(State);
    Function.States.push_back(std::move(State));
  }
  countStoredBoxes(Model, Models, Function);
  StateReport Finished;
  Finished.Name = "Finished";
  Function.States.push_back(std::move(Finished));
  Function.Hint = hint(Model, SM);
  findTags(Model.Layout, Function);
  return Function;
}

// The text formats are written to a stream: llvm::formatv parses its
// format string at every call, and was a tenth of `unawait sizes` on a file
// of many functions (issue 10).

void writeBoxed(llvm::raw_ostream &OS, const FieldReport &Field) {
  if (!Field.BoxedSize)
    OS << ", boxed frame of unknown size";
  else
    OS << ", boxed frame " << *Field.BoxedSize << " bytes";
}

/// A field's line; an awaitee's is followed by the boxes inside it.
std::string fieldText(const FieldReport &Field, const StateReport &State) {
  std::string S;
  llvm::raw_string_ostream OS(S);
  OS << Field.Kind << " `" << Field.Name << "`: " << Field.Size << " bytes, offset "
     << Field.Offset << ", type `" << Field.Type << "`";
  if (Field.Kind == "box")
    writeBoxed(OS, Field);
  OS << ": " << Field.Why;
  for (const FieldReport &Box : State.Fields)
    if (!Box.Inside.empty() && Box.Inside == Field.Name) {
      OS << "\n            box `" << Box.Name << "` (in `" << Box.Inside << "`): " << Box.Size
         << " bytes, type `" << Box.Type << "`";
      writeBoxed(OS, Box);
      OS << ": " << Box.Why;
    }
  return S;
}

/// One line of a state in the text format, at an offset of the frame.
struct TextLine {
  uint64_t Offset = 0, Size = 0;
  std::string Text;
};

/// "<what>: <size> bytes, offset <offset>".
std::string tagText(llvm::StringRef What, const FunctionReport::Tag &Tag) {
  return (What + ": " + llvm::Twine(Tag.Size) + " bytes, offset " + llvm::Twine(Tag.Offset))
      .str();
}

/// A state's lines as rustc's -Zprint-type-sizes prints a variant: its
/// fields, the discriminant and live bits, and "padding" for every gap
/// (storage the state does not use, or alignment), "end padding" after the
/// last, so that the lines add up to the frame.
void writeStateLines(llvm::raw_ostream &OS, const FunctionReport &F, const StateReport &State) {
  std::vector<TextLine> Lines;
  for (const FieldReport &Field : State.Fields)
    if (Field.Inside.empty())
      Lines.push_back({Field.Offset, Field.Size, fieldText(Field, State)});
  Lines.push_back({F.Discriminant.Offset, F.Discriminant.Size,
                   tagText("discriminant", F.Discriminant)});
  if (F.LiveBits)
    Lines.push_back({F.LiveBits->Offset, F.LiveBits->Size, tagText("live bits", *F.LiveBits)});
  std::stable_sort(Lines.begin(), Lines.end(), [](const TextLine &A, const TextLine &B) {
    return A.Offset < B.Offset;
  });
  uint64_t End = 0;
  for (const TextLine &Line : Lines) {
    if (Line.Offset > End)
      OS << "        padding: " << Line.Offset - End << " bytes\n";
    OS << "        " << Line.Text << "\n";
    End = std::max(End, Line.Offset + Line.Size);
  }
  if (F.Size > End)
    OS << "        end padding: " << F.Size - End << " bytes\n";
}

std::string renderText(const std::vector<FunctionReport> &Functions) {
  std::string S;
  llvm::raw_string_ostream OS(S);
  for (const FunctionReport &F : Functions) {
    OS << "function `" << F.Name << "` (" << F.File << ":" << F.Line << "): " << F.Size
       << " bytes, alignment " << F.Align << " bytes\n";
    for (const StateReport &State : F.States) {
      OS << "    state `" << State.Name << "`";
      if (!State.Await.empty())
        OS << " (line " << State.Line << ", `" << State.Await << "`)";
      OS << ": " << State.Held << " bytes\n";
      writeStateLines(OS, F, State);
    }
    if (!F.Hint.empty())
      OS << "    note: " << F.Hint << "\n";
  }
  return S;
}

std::string renderMarkdown(const std::vector<FunctionReport> &Functions) {
  std::string S;
  llvm::raw_string_ostream OS(S);
  OS << "| function | location | frame bytes | largest state |\n"
        "|---|---|---:|---|\n";
  for (const FunctionReport &F : Functions) {
    const StateReport *Largest = &F.States.front();
    for (const StateReport &State : F.States)
      if (State.Size > Largest->Size)
        Largest = &State;
    OS << "| `" << F.Name << "` | " << F.File << ":" << F.Line << " | " << F.Size << " | "
       << Largest->Name << " (" << Largest->Size << " B) |\n";
  }
  for (const FunctionReport &F : Functions) {
    OS << "\n#### `" << F.Name << "`: " << F.Size
       << " bytes\n\n| state | field | kind | type | bytes | offset | why |\n"
          "|---|---|---|---|---:|---:|---|\n";
    for (const StateReport &State : F.States)
      for (const FieldReport &Field : State.Fields)
        OS << "| " << State.Name << " | `" << Field.Name << "` | " << Field.Kind << " | `"
           << Field.Type << "` | " << Field.Size << " | " << Field.Offset << " | "
           << Field.Why << " |\n";
    if (!F.Hint.empty())
      OS << "\n> " << F.Hint << "\n";
  }
  return S;
}

} // namespace

std::string functionKey(const FunctionReport &Function) {
  std::string Qualified = Function.QualifiedName;
  if (Function.FileScoped) {
    llvm::StringRef Anonymous = "(anonymous namespace)";
    size_t At = Qualified.find(Anonymous);
    if (At != std::string::npos)
      Qualified.replace(At, Anonymous.size(),
                        "(anonymous namespace in " + Function.File + ")");
    else
      Qualified = "(static in " + Function.File + ")::" + Qualified;
  }
  return Qualified + Function.Signature;
}

std::vector<FunctionReport> buildReport(const ModelRegistry &Models,
                                        const ASTContext &Context) {
  std::vector<FunctionReport> Functions;
  for (const AsyncFunctionModel &Model : Models.models())
    if (Model.hasRealSizes()) // a template is reported per instance
      Functions.push_back(report(Model, Models, Context.getSourceManager()));
  // In source order; instances are found after the functions awaiting them.
  std::stable_sort(Functions.begin(), Functions.end(),
                   [](const FunctionReport &A, const FunctionReport &B) {
                     return A.Line < B.Line;
                   });
  return Functions;
}

llvm::json::Value toJson(const std::vector<FunctionReport> &Functions) {
  llvm::json::Array Array;
  for (const FunctionReport &F : Functions) {
    llvm::json::Array States;
    for (const StateReport &State : F.States) {
      llvm::json::Array Fields;
      for (const FieldReport &Field : State.Fields) {
        llvm::json::Object Object{{"name", Field.Name},     {"kind", Field.Kind},
                                  {"type", Field.Type},     {"size", Field.Size},
                                  {"offset", Field.Offset}, {"why", Field.Why},
                                  {"line", Field.Line}};
        if (Field.BoxedSize)
          Object["boxed_size"] = *Field.BoxedSize;
        if (!Field.Inside.empty())
          Object["inside"] = Field.Inside;
        Fields.push_back(std::move(Object));
      }
      llvm::json::Object Object{{"name", State.Name},
                                {"size", State.Size},
                                {"held", State.Held},
                                {"fields", std::move(Fields)}};
      if (!State.Await.empty()) {
        Object["line"] = State.Line;
        Object["await"] = State.Await;
      }
      States.push_back(std::move(Object));
    }
    llvm::json::Object Function{{"name", F.Name},
                                {"qualified_name", F.QualifiedName},
                                {"signature", F.Signature},
                                {"key", functionKey(F)},
                                {"file", F.File},
                                {"line", F.Line},   {"size", F.Size},
                                {"align", F.Align}, {"states", std::move(States)}};
    if (!F.Hint.empty())
      Function["hint"] = F.Hint;
    Function["discriminant"] = llvm::json::Object{{"offset", F.Discriminant.Offset},
                                                  {"size", F.Discriminant.Size}};
    Function["boxes"] = F.Boxes;
    Function["boxed_size"] = F.BoxedSize;
    if (F.LiveBits)
      Function["live_bits"] = llvm::json::Object{{"offset", F.LiveBits->Offset},
                                                 {"size", F.LiveBits->Size}};
    Array.push_back(std::move(Function));
  }
  return llvm::json::Object{{"functions", std::move(Array)}};
}

std::string renderReport(const std::vector<FunctionReport> &Functions,
                         ReportFormat Format) {
  switch (Format) {
  case ReportFormat::Text:
    return renderText(Functions);
  case ReportFormat::Markdown:
    return renderMarkdown(Functions);
  case ReportFormat::Json:
    return llvm::formatv("{0:2}\n", toJson(Functions)).str();
  }
  llvm_unreachable("unknown format");
}

} // namespace unawait
