// Annotated lambdas inside member functions defined outside their class: the
// generated class is declared in the class, before the member's declaration
// (so that it reaches the private members the lambda does), and defined
// before the member's definition, qualified as the definition is
// (`class Account::settle_lambda_future`, `Account::Audit::...`). A captured
// `this` is the member's, const in a const member. Tracers show the guards
// destroyed on completion and on cancellation.
// RUN: %difftest %s | FileCheck %s --check-prefix=OUT
// RUN: unawait rewrite %s | %drop_checks | FileCheck %s --check-prefix=SHAPE
#include "Inputs/lambda_tracers.hpp"

class Account {
public:
  int settle(int amount);
  int peek() const;
  struct Audit {
    int check(const Account &account);
  };

private:
  int balance_ = 100;
};

int Account::settle(int amount) {
  Tracer guard("settle");
  auto pay = [this, &guard] UNAWAIT_ASYNC (int n) -> unawait::Async<int> {
    Tracer step("pay");
    int v = co_await wake_yield(n);
    balance_ -= v;
    co_return balance_ + (guard.name[0] == 's');
  };
  int paid = unawait::block_on(pay(amount));
  poll_then_drop(pay(1), 1);
  return paid;
}

int Account::peek() const {
  auto read = [this] UNAWAIT_ASYNC () -> unawait::Async<int> {
    co_await wake_yield(0);
    co_return balance_;
  };
  return unawait::block_on(read());
}

int Account::Audit::check(const Account &account) {
  auto audit = [&account] UNAWAIT_ASYNC () -> unawait::Async<int> {
    int v = co_await wake_yield(account.balance_);
    co_return v * 2;
  };
  return unawait::block_on(audit());
}

int main() {
  Account account;
  std::printf("settle %d\n", account.settle(30));
  std::printf("peek %d\n", account.peek());
  std::printf("check %d\n", Account::Audit().check(account));
}
// OUT: +settle
// OUT-NEXT: +pay
// OUT-NEXT: -pay
// OUT-NEXT: +pay
// OUT-NEXT: dropped after 1 polls
// OUT-NEXT: -pay
// OUT-NEXT: -settle
// OUT-NEXT: settle 71
// OUT-NEXT: peek 70
// OUT-NEXT: check 140
// SHAPE: {{^}}class Account {
// SHAPE-NEXT: {{^}}public:
// SHAPE-NEXT: {{^}}  class settle_lambda_future;
// SHAPE-NEXT: {{^}}  int settle(int amount);
// SHAPE-NEXT: {{^}}  class peek_lambda_future;
// SHAPE-NEXT: {{^}}  int peek() const;
// SHAPE-NEXT: {{^}}  struct Audit {
// SHAPE-NEXT: {{^ *}}class check_lambda_future;
// SHAPE-NEXT: {{^}}    int check(const Account &account);
// SHAPE: {{^}}class {{\[\[nodiscard\]\]}} Account::settle_lambda_future {
// SHAPE: {{^}}int Account::settle(int amount) {
// SHAPE: {{^}}  auto pay = [this, &guard](int n) -> Account::settle_lambda_future {
// SHAPE-NEXT: {{^}}    return settle_lambda_future(this, guard, std::move(n));
// SHAPE: {{^}}class {{\[\[nodiscard\]\]}} Account::peek_lambda_future {
// SHAPE: {{^}}  explicit peek_lambda_future(const Account *self_arg) {
// SHAPE: {{^}}class {{\[\[nodiscard\]\]}} Account::Audit::check_lambda_future {
// SHAPE: {{^}}  auto audit = [&account]() -> Account::Audit::check_lambda_future {
