//===- PendingInstances.h - instances of annotated templates clang left out -===//
//
// Clang instantiates a function template's definition only where it is
// odr-used outside templates. A call written inside another template (a
// template's body that is never instantiated, say) names the instance, but
// clang leaves its body out. The rewrite still needs that body: the frame of
// the template that awaits it holds the instance's generated future, whose
// size comes from the instance. So, after the parse, every instance of an
// annotated async function that has no body is instantiated, as clang would
// at the end of the translation unit, until none is left.
//
//===----------------------------------------------------------------------===//
#pragma once

namespace clang {
class Sema;
}

namespace unawait {

/// Instantiates the body of every implicit instance of an annotated
/// function template (or member of a class template) that has none.
void instantiatePendingInstances(clang::Sema &S);

} // namespace unawait
