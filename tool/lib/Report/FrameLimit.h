//===- FrameLimit.h - the --max-frame-size gate --------------------------===//
//
// `unawait sizes --max-frame-size=BYTES` is a CI gate, like clippy's
// large_futures or -Wframe-larger-than: every function whose frame is larger
// gets a clang-style error at its declaration, with notes at the suspension
// points and at the declarations of the fields responsible. `--no-heap`
// is the gate for frames boxed on the heap.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "Analysis/AsyncFunctionModel.h"

namespace unawait {

/// Reports every function over \p Limit bytes. Returns true if all fit.
bool checkFrameLimit(const ModelRegistry &Models, uint64_t Limit,
                     DiagnosticReporter &Diags);

/// `unawait sizes --no-heap`: an error at the await of every call whose
/// frame the rewrite keeps boxed in a heap-allocated unawait::Async<T> (as
/// the analysis recorded it in AsyncFunctionModel::Boxes). Returns true if
/// there is none.
bool checkNoHeap(const ModelRegistry &Models, DiagnosticReporter &Diags);

} // namespace unawait
