// unawait/checked_executor.hpp: an Executor that catches stuck tasks.
//
// The commonest bug in a hand-written future is returning pending without
// arranging a wake-up: no clone of the waker is kept and none was woken. A
// normal executor then waits forever. CheckedExecutor notices instead:
//
//     unawait::CheckedExecutor ex;
//     ex.spawn("fetch", ForgetfulFuture{});
//     try {
//       ex.run();
//     } catch (const unawait::StuckTaskError& e) {
//       // e.what(): unawait: task "fetch" returned Pending without arranging a wake-up ...
//       // e.task(): "fetch"
//     }
//
// Detection is exact, not a timeout: after each poll that leaves a task
// pending and not woken, the executor looks at how many clones of that task's
// waker are alive. With none, nothing can ever queue the task again, so
// run() throws StuckTaskError at once, naming the task (see Executor::spawn
// for default names). A task whose waker is kept somewhere but never called
// is not detected (that needs knowledge of the future). The stuck task stays
// unfinished, so calling run() again would wait for it forever; destroy the
// executor instead, which cancels it (and any other unfinished task).
#pragma once

#include <stdexcept>
#include <string>

#include "executor.hpp"

namespace unawait {

class StuckTaskError : public std::logic_error {
 public:
  explicit StuckTaskError(const std::string& task)
      : std::logic_error("unawait: task \"" + task +
                         "\" returned Pending without arranging a wake-up (no clone of its waker is alive, "
                         "so nothing can ever poll it again)"),
        task_(task) {}

  const std::string& task() const noexcept { return task_; }

 private:
  std::string task_;
};

class CheckedExecutor : public Executor {
 protected:
  void after_pending_poll(const detail::TaskHeader& task) override {
    // Without exceptions this aborts with the same message (config.hpp).
    if (task.unreachable()) detail::throw_or_abort(StuckTaskError(task.display_name()));
  }
};

}  // namespace unawait
