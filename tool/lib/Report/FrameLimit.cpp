#include "Report/FrameLimit.h"

#include "Report/SizeReport.h"

namespace unawait {

namespace {

/// The field that costs the most at a suspension point.
const HeldObject *largestHeld(const AsyncFunctionModel &Model,
                              const SuspensionPoint &P) {
  const HeldObject *Largest = nullptr;
  for (const HeldObject &Held : P.Held)
    if (!Largest ||
        Model.object(Held.Object).Size > Model.object(Largest->Object).Size)
      Largest = &Held;
  return Largest;
}

} // namespace

bool checkFrameLimit(const ModelRegistry &Models, uint64_t Limit,
                     DiagnosticReporter &Diags) {
  bool Within = true;
  for (const AsyncFunctionModel &Model : Models.models()) {
    if (!Model.hasRealSizes() || Model.Layout.Size <= Limit)
      continue;
    Within = false;
    Diags.error(Model.Function.Definition->getLocation(),
                "the frame of '" + Model.Name + "' is " +
                    std::to_string(Model.Layout.Size) +
                    " bytes, over the limit of " + std::to_string(Limit) +
                    " bytes (--max-frame-size)");
    llvm::DenseSet<ObjectId> Explained;
    for (const SuspensionPoint &P : Model.Points) {
      const HeldObject *Largest = largestHeld(Model, P);
      if (!Largest)
        continue;
      const FrameObject &Object = Model.object(Largest->Object);
      Diags.note(P.Await->getBeginLoc(),
                 "while suspended here (" + P.StateName + "), the frame holds '" +
                     Object.MemberName + "' (" + std::to_string(Object.Size) +
                     " bytes)");
      // Once per field: where it comes from and why it is held.
      if (Object.Loc.isValid() && Explained.insert(Largest->Object).second)
        Diags.note(Object.Loc, "'" + Object.MemberName + "' (" +
                                   std::to_string(Object.Size) +
                                   " bytes) is held: " +
                                   why(*Largest, Diags.sourceManager()));
    }
  }
  return Within;
}

bool checkNoHeap(const ModelRegistry &Models, DiagnosticReporter &Diags) {
  // A template's instances share its boxes: one error per call.
  llvm::DenseSet<const clang::CallExpr *> Reported;
  for (const AsyncFunctionModel &Model : Models.models())
    for (const BoxedFrame &Box : Model.Boxes) {
      if (!Reported.insert(Box.Call).second)
        continue;
      Diags.error(Box.Await ? Box.Await->getBeginLoc() : Box.Call->getBeginLoc(),
                  "the frame of '" + Box.CallText + "' is boxed in a heap-allocated '" +
                      Box.TypeSpelling + "' (--no-heap): " +
                      boxReasonText(Box.Reason).str());
      if (Box.InsideAwaitee)
        Diags.note(Box.Call->getBeginLoc(), "the boxed call");
    }
  return Reported.empty();
}

} // namespace unawait
