//===- FrameLimit.h - the --max-frame-size gate --------------------------===//
//
// `unawait sizes --max-frame-size=BYTES` is a CI gate, like clippy's
// large_futures or -Wframe-larger-than: every function whose frame is larger
// gets a clang-style error at its declaration, with notes at the suspension
// points and at the declarations of the fields responsible.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "Analysis/AsyncFunctionModel.h"

namespace unawait {

/// Reports every function over \p Limit bytes. Returns true if all fit.
bool checkFrameLimit(const ModelRegistry &Models, uint64_t Limit,
                     DiagnosticReporter &Diags);

} // namespace unawait
