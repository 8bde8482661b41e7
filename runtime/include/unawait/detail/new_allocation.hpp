// unawait/detail/new_allocation.hpp - the memory of a new-expression whose
// initializer awaits.
//
// C++ calls a new-expression's allocation function before it evaluates the
// initializer ([expr.new]), and frees the memory with the matching
// deallocation function if the initialization ends by an exception. Where
// the initializer holds a co_await, the rewrite keeps the memory in the
// frame across the await:
//
//     ::new (address_of(allocation0)) unawait::detail::new_allocation(
//         ::operator new(sizeof(T)), [](void *memory) noexcept { ::operator delete(memory); });
//     ... the initializer's awaits ...
//     allocation0.built(::new (allocation0.memory()) T(args))
//
// Until built() the allocation owns the memory: dropping the suspended
// future, or an exception from the initializer or the constructor, ends it
// and frees the memory as C++ would. After built() the object owns it.
#pragma once

namespace unawait::detail {

class new_allocation {
public:
  /// Owns \p memory, which \p free releases (the deallocation function the
  /// new-expression would call).
  new_allocation(void *memory, void (*free)(void *) noexcept) noexcept
      : memory_(memory), free_(free) {}
  new_allocation(const new_allocation &) = delete;
  new_allocation &operator=(const new_allocation &) = delete;
  /// Frees the memory unless an object was built in it.
  ~new_allocation() {
    if (memory_)
      free_(memory_);
  }

  void *memory() const noexcept { return memory_; }

  /// The object the initializer built in memory(): it owns the memory now.
  template <class T>
  T *built(T *object) noexcept {
    memory_ = nullptr;
    return object;
  }

private:
  /// Null once built() handed the memory to its object.
  void *memory_;
  void (*free_)(void *) noexcept;
};

} // namespace unawait::detail
