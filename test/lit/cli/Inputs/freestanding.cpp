// An async function and just enough of <coroutine> and of the runtime to
// parse it without a standard library: bare-metal targets (arm-none-eabi)
// have no headers on this machine. It keeps a pointer across its await.
namespace std {
template <class P = void> struct coroutine_handle;
template <> struct coroutine_handle<void> {
  static coroutine_handle from_address(void *) noexcept { return {}; }
  void *address() const noexcept { return nullptr; }
};
template <class P> struct coroutine_handle : coroutine_handle<> {
  static coroutine_handle from_address(void *) noexcept { return {}; }
  static coroutine_handle from_promise(P &) noexcept { return {}; }
};
template <class R, class... Args> struct coroutine_traits {
  using promise_type = typename R::promise_type;
};
struct suspend_always {
  bool await_ready() const noexcept { return false; }
  void await_suspend(coroutine_handle<>) const noexcept {}
  void await_resume() const noexcept {}
};
} // namespace std

#define UNAWAIT_ASYNC [[clang::annotate("unawait.async")]]

namespace unawait {
struct Context {};
template <class T> struct Poll {
  bool ready;
  T value;
};
template <class T> struct Async {
  struct promise_type {
    Async get_return_object() { return {}; }
    std::suspend_always initial_suspend() noexcept { return {}; }
    std::suspend_always final_suspend() noexcept { return {}; }
    void return_value(T) {}
    void unhandled_exception() {}
  };
  using output_type = T;
  Poll<T> poll(Context &) { return {}; }
  bool await_ready() { return false; }
  void await_suspend(std::coroutine_handle<>) {}
  T await_resume() { return {}; }
};
} // namespace unawait

struct Leaf {
  using output_type = int;
  unawait::Poll<int> poll(unawait::Context &) { return {}; }
  bool await_ready() { return false; }
  void await_suspend(std::coroutine_handle<>) {}
  int await_resume() { return 0; }
};

UNAWAIT_ASYNC unawait::Async<int> keeps_pointer(int *p) {
  co_await Leaf{};
  co_return *p;
}
