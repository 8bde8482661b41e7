// Must not compile: co_await of something that is not a future.
#include <unawait/async.hpp>

unawait::Async<int> awaits_an_int() { co_return co_await 42; }

int main() { return 0; }
