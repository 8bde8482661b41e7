"""Random async programs in unawait's input language, deterministic from a seed.

A program is a tree (functions of statements of expressions) so that the
reducer (reduce.py) can drop and simplify parts of it and render it again.
Every generated program is valid C++20 whose behaviour is defined: in an
operand pair whose order C++ leaves unspecified (call arguments, `+`, `<`,
...), at most one operand has an observable effect, and then the others are
constants; operands C++17 sequences (`&&`, `||`, `?:`, `,`, `<<`, the right
side of `=` before the left) may all have effects. Values stay far from
int overflow (stored values are reduced modulo 1000, expressions are shallow),
loops are bounded by counters no generated code writes, and async functions
only call functions defined after them (no recursion), so every program ends.

    from fuzzgen import generate
    program = generate(seed)              # a Program
    text = render_tu([program])           # a translation unit with main()
"""

import re

# Effects of an expression, in increasing order.
PURE = 0    # a constant, a const local: no order can observe it
READ = 1    # reads mutable state
SILENT = 2  # suspends (co_await of a silent future of READ operands), prints nothing
LOUD = 3    # prints, writes, throws, or awaits something that may

PRELUDE = r'''#include <unawait/unawait.hpp>

#include <cstdio>
#include <initializer_list>
#include <tuple>
#include <type_traits>
#include <utility>
#include <variant>
#include <vector>

// Generated code declares what it may not use and tests what it knows.
#pragma GCC diagnostic ignored "-Wpragmas"
#pragma GCC diagnostic ignored "-Wunknown-warning-option"
#pragma GCC diagnostic ignored "-Wtautological-compare"
#pragma GCC diagnostic ignored "-Wconstant-logical-operand"
#pragma GCC diagnostic ignored "-Wint-in-bool-context"
#pragma GCC diagnostic ignored "-Wparentheses"
#pragma GCC diagnostic ignored "-Wbool-compare"
// g++'s check predates C++17's sequencing of `x = (x = 1) + 1`.
#pragma GCC diagnostic ignored "-Wsequence-point"
#pragma GCC diagnostic ignored "-Wunused-variable"
#pragma GCC diagnostic ignored "-Wunused-but-set-variable"
#pragma GCC diagnostic ignored "-Wunused-parameter"
#pragma GCC diagnostic ignored "-Wunused-value"
#pragma GCC diagnostic ignored "-Wunused-lambda-capture"
// UNAWAIT_ASYNC goes where C++23 puts a lambda's attributes.
#ifdef __clang__
#pragma clang diagnostic ignored "-Wc++23-lambda-attributes"
#endif

namespace fz {
struct Boom {
  int code;
};
/// Traces construction, copies, moves and destruction.
struct Obj {
  Obj(const char *name, int v) : name(name), v(v) { std::printf("+%s %d\n", name, v); }
  Obj(const Obj &o) : name(o.name), v(o.v) { std::printf("+%s (copy)\n", name); }
  Obj(Obj &&o) noexcept : name(o.name), v(o.v) {
    o.moved = true;
    std::printf("+%s (move)\n", name);
  }
  Obj &operator=(const Obj &o) {
    v = o.v;
    std::printf("=%s (copy of %s)\n", name, o.name);
    return *this;
  }
  // A moved-from Obj ends silently: when a moved-from by-value argument of an
  // annotated call ends is implementation-defined (docs/design.md).
  ~Obj() {
    if (!moved)
      std::printf("-%s %d\n", name, v);
  }
  int get() const {
    std::printf("get %s %d\n", name, v);
    return v;
  }
  int add(int d) {
    v = (v + d) % 1000;
    std::printf("add %s %d\n", name, v);
    return v;
  }
  const char *name;
  int v;
  bool moved = false;
};
/// Its constructor throws Boom{v} when v % mod == 0, after Obj is built.
struct ThrowingObj : Obj {
  ThrowingObj(const char *name, int v, int mod) : Obj(name, v) {
    if (v % mod == 0) {
      std::printf("ctor throws %s\n", name);
      throw Boom{v};
    }
  }
};
/// An aggregate with a tracer member, built with C++20's parentheses
/// (`Agg g(n, Obj(...))`): its elements are initialised left to right.
struct Agg {
  int n;
  Obj o;
};
/// A tracer whose copies and moves print nothing, so that several can be
/// passed by value among the arguments of one call (whose order is open): it
/// prints its construction from a name and the end of what was not moved from.
struct Quiet {
  Quiet(const char *name, int v) : name(name), v(v) { std::printf("+%s %d\n", name, v); }
  Quiet(const Quiet &o) : name(o.name), v(o.v) {}
  Quiet(Quiet &&o) noexcept : name(o.name), v(o.v) { o.moved = true; }
  ~Quiet() {
    if (!moved)
      std::printf("-%s %d\n", name, v);
  }
  const char *name;
  int v;
  bool moved = false;
};
/// How a parameter pack's element arrives: take() of each (forwarded) tells
/// its value category, writes through what is a non-const lvalue, and moves
/// what is an rvalue tracer into a local; peek() reads silently.
inline int take(int &v) {
  v = (v + 1) % 1000;
  std::printf("take int& %d\n", v);
  return v;
}
inline int take(const int &v) {
  std::printf("take const int& %d\n", v);
  return v;
}
inline int take(int &&v) {
  std::printf("take int&& %d\n", v);
  return v;
}
inline int take(Obj &o) { return o.add(1); }
inline int take(const Obj &o) {
  std::printf("take const Obj& %s %d\n", o.name, o.v);
  return o.v;
}
inline int take(Obj &&o) {
  Obj kept(std::move(o));
  std::printf("take Obj&& %s\n", kept.name);
  return kept.v;
}
inline int take(Quiet &q) {
  q.v = (q.v + 2) % 1000;
  std::printf("take Quiet& %s %d\n", q.name, q.v);
  return q.v;
}
inline int take(const Quiet &q) {
  std::printf("take const Quiet& %s %d\n", q.name, q.v);
  return q.v;
}
inline int take(Quiet &&q) {
  Quiet kept(std::move(q));
  std::printf("take Quiet&& %s\n", kept.name);
  return kept.v;
}
/// A class a template's T may be (class-args): trivially copyable, so that
/// a value of it is handed on across an await as an int is.
struct Num {
  Num(int v) : v(v) {}
  explicit operator int() const { return v; }
  int v;
};
/// Values whose type is a template's T (dependent-locals): a prvalue T, a
/// prvalue Obj from a T, a prvalue std::vector<T> of n elements.
template <class T> T tval(T v, int d) { return static_cast<T>((int(v) + d) % 1000); }
template <class T> Obj tobj(T v, const char *name) { return Obj(name, int(v) % 1000); }
/// A pair of T as a class and as a tuple (dependent-bindings).
template <class T> struct tpair {
  T first;
  T second;
};
template <class T> tpair<T> tpr(T v, int d) { return {tval(v, d), tval(v, d + 1)}; }
template <class T> std::tuple<T, int> ttup(T v, int d) { return {tval(v, d), d % 1000}; }
template <class T> std::vector<T> tvec(T v, int n) {
  std::vector<T> items;
  for (int i = 0; i < n; ++i)
    items.push_back(static_cast<T>((int(v) + i) % 1000));
  return items;
}
inline int peek(int v) { return v; }
inline int peek(const Obj &o) { return o.v; }
inline int peek(const Quiet &q) { return q.v; }
/// A plain function a pack is forwarded to: take() of each element, in order.
template <class... Ts> int take_all(Ts &&...xs) {
  int s = static_cast<int>(sizeof...(xs));
  ((s = (s * 3 + take(std::forward<Ts>(xs))) % 1000), ...);
  return s;
}
/// The outputs of a join of annotated calls returning int, summed.
template <class... Ts> int sum(const std::tuple<Ts...> &outputs) {
  return std::apply([](auto... v) { return (0 + ... + int(v)); }, outputs) % 1000;
}
/// The winner of a select of two of them: its index, then its output.
inline int pick(const std::variant<int, int> &won) {
  return int(won.index()) * 100 + (won.index() == 0 ? std::get<0>(won) : std::get<1>(won));
}
inline int tr(const char *what, int v) {
  std::printf("%s %d\n", what, v);
  return v;
}
/// Throws Boom{code} when v % 7 == code.
inline int chk(int code, int v) {
  if (v % 7 == code) {
    std::printf("throw %d\n", code);
    throw Boom{code};
  }
  return v;
}
struct Log {
  const Log &operator<<(int v) const {
    std::printf("<< %d\n", v);
    return *this;
  }
};
inline const Log out{};
/// Pending once (after waking its task), then ready with its value.
struct Yield {
  using output_type = int;
  int value;
  bool yielded = false;
  unawait::Poll<int> poll(unawait::Context &cx) {
    if (yielded)
      return unawait::ready(value);
    yielded = true;
    cx.waker().wake_by_ref();
    return unawait::pending;
  }
};
inline Yield yv(int v) { return Yield{v}; }
/// Prints each poll; pending `pending` times, then ready with its value.
struct Loud {
  using output_type = int;
  const char *name;
  int value;
  int pending;
  unawait::Poll<int> poll(unawait::Context &cx) {
    std::printf("poll %s\n", name);
    if (pending-- > 0) {
      cx.waker().wake_by_ref();
      return unawait::pending;
    }
    return unawait::ready(value);
  }
};
inline Loud loud(const char *name, int v, int pending) { return Loud{name, v, pending}; }
/// Pending once, then throws Boom{v} when v % 8 == 5, else ready with v.
struct MaybeFail {
  using output_type = int;
  int value;
  bool yielded = false;
  unawait::Poll<int> poll(unawait::Context &cx) {
    if (!yielded) {
      yielded = true;
      cx.waker().wake_by_ref();
      return unawait::pending;
    }
    if (value % 8 == 5) {
      std::printf("future throws %d\n", value);
      throw Boom{value};
    }
    return unawait::ready(value);
  }
};
inline MaybeFail mfail(int v) { return MaybeFail{v}; }
/// Forwards the polls of *inner and counts them.
template <class F> struct Counting {
  using output_type = typename F::output_type;
  F *inner;
  int *polls;
  unawait::Poll<output_type> poll(unawait::Context &cx) {
    ++*polls;
    return inner->poll(cx);
  }
};
/// Runs a program's entry to completion with block_on; returns its polls.
template <class F> int complete(F future) {
  int polls = 0;
  Counting<F> counting{&future, &polls};
  try {
    if constexpr (std::is_void_v<typename F::output_type>) {
      unawait::block_on(counting);
      std::printf("result void\n");
    } else {
      std::printf("result %d\n", unawait::block_on(counting));
    }
  } catch (const Boom &e) {
    std::printf("escaped Boom %d\n", e.code);
  } catch (int v) {
    std::printf("escaped int %d\n", v);
  }
  std::printf("polls %d\n", polls);
  return polls;
}
/// Polls a future `polls` times with a no-op waker, then drops it.
template <class F> void drop_after(F future, int polls) {
  std::printf("-- drop after %d\n", polls);
  unawait::Context cx(unawait::noop_waker());
  try {
    for (int i = 0; i < polls; ++i)
      if (future.poll(cx).is_ready()) {
        std::printf("ready after %d polls\n", i + 1);
        return;
      }
  } catch (const Boom &e) {
    std::printf("escaped Boom %d\n", e.code);
    return;
  } catch (int v) {
    std::printf("escaped int %d\n", v);
    return;
  }
  std::printf("dropped after %d polls\n", polls);
}
} // namespace fz
'''

# Features the generator can turn off (fuzz.py --without NAME): constructs
# the tool is known to get wrong, so that a CI budget checks the rest.
FEATURES = {
    "member-call-await": "a member call of a local object whose argument awaits",
    "lvalue-future": "a future kept in a variable, awaited (or dropped) later",
    "handler-return": "co_return inside a catch handler",
    "handler-jump": "break/continue inside a catch handler",
    "try-jump": "break/continue/co_return out of a try block",
    "for-init-decl": "a for loop declaring its counter in its init",
    "condition-decl": "declarations in the init or condition of if/switch/while/for "
                      "(`if (Obj c(...); e)`, `if (int c = e)`, `while (int c = ...)`)",
    "obj-array": "arrays of Obj (`Obj a1[2] = {Obj(...), Obj(...)};`), their elements "
                 "used like other Obj locals",
    "switch": "switch statements",
    "fallthrough": "[[fallthrough]] at the end of a case block",
    "do": "do loops",
    "annotated-void": "annotated functions returning Async<void>",
    "ref-params": "int& and int* parameters of annotated functions",
    "obj-params": "const Obj& parameters of annotated functions",
    "throwing-ctor": "objects whose constructor throws",
    "rethrow": "`throw;` in a handler",
    "int-exceptions": "throw of an int, catch (int v)",
    "goto": "goto and labels: forwards out of a block (`{ ... if (c) goto gN; ... } "
            "gN:;`), backwards to a label before an Obj and a block (bounded by a "
            "counter)",
    "templates": "annotated function templates (`template <class T>`, T deduced as int)",
    "class-args": "templates called with T the class fz::Num (`f2(fz::Num(e), ...)`, "
                  "`f2<fz::Num>(e, ...)`), trivially copyable, read as int(a0) too",
    "comma": "comma expressions",
    "join": "`fz::sum(co_await unawait::join(f1(...), f2(...)))` and `fz::pick(co_await "
            "unawait::select(...))` of two annotated calls, whose Obj parameters may be "
            "given temporaries (`Obj(\"t\", 3)`)",
    "cond-await-branches": "a ?: with an await in its second or third operand",
    "comma-void-await": "a comma expression `((void)a, b)` whose b awaits",
    "call-in-await-operand": "an awaited annotated call inside the operand of "
                             "another co_await (`co_await yv(co_await f1())`)",
    "assign-expr": "assignments inside expressions",
    "annotated-lambda": "annotated lambdas (`[captures] UNAWAIT_ASYNC (params) "
                        "-> unawait::Async<T>`) defined and run in a driver "
                        "function",
    "variadic-pack": "annotated variadic function templates (`template <class... "
                     "Ts>`: `Ts... args`, `Args &&...args`, `const Ts &...args`) "
                     "reading their pack after awaits, awaited with packs of 0 "
                     "to 4 ints and tracers, and run from a driver function",
    "pack-member-class-args": "variadic-pack's members of class templates "
                              "(`Va1<Obj, int>(base).run(...)`) whose pack holds "
                              "class types, not only ints",
    "lambda-copy-forwarded": "a non-mutable annotated lambda's copy of a local "
                             "(a const lvalue) as an argument of a forwarding "
                             "pack (`[x] ... co_await va1(x)`)",
    "paren-agg": "C++20 aggregates built with parentheses (`Agg g1(e, Obj(..., e))`), "
                 "both elements' expressions may await, the members used like locals",
    "paren-agg-template": "paren-agg in the body of a template (a function, "
                          "variadic or generic lambda template)",
    "init-list": "std::initializer_list<Obj> locals from a braced list "
                 "(`std::initializer_list<Obj> il1 = {Obj(...), ...};`), their "
                 "elements read across awaits",
    "generic-lambda": "annotated generic lambdas: int parameters spelled `auto` "
                      "(the body follows the rules for templates)",
    "dependent-bindings": "in function templates, structured bindings of prvalues "
                          "whose type depends on T: `auto [a, b]` of a class "
                          "template's object, `const auto &` and `auto &&` of a "
                          "std::tuple<T, int>",
    "dependent-locals": "in function templates, locals whose type depends on T: "
                        "`auto`, `const auto`, `const auto *`, `const auto &`, "
                        "`auto &&`, `decltype(auto)` (of a prvalue or of `(v)`), "
                        "`const T &` (bound to T lvalues or to prvalues "
                        "of T and of Obj, extended), and range-for over a "
                        "prvalue std::vector<T> with awaits in the loop",
    "lambda-in-async": "annotated lambdas inside annotated functions and annotated "
                       "lambdas, over the variables visible where they are "
                       "(by copy, by reference, `[&]`, `[=]`, init-captures), "
                       "defined and awaited in a block of their own",
    "lambda-in-async-template": "lambda-in-async inside annotated function templates: "
                                "the closure, kept across the await, is sized per "
                                "instance; T parameters captured by copy",
}


class Rng:
    """A small deterministic generator (Python's own would do, but this one
    keeps programs byte-identical across Python versions)."""

    def __init__(self, seed):
        self.state = (seed * 6364136223846793005 + 1442695040888963407) & (2**64 - 1)
        for _ in range(4):
            self.next()

    def next(self):
        # xorshift64*
        x = self.state
        x ^= (x >> 12)
        x ^= (x << 25) & (2**64 - 1)
        x ^= (x >> 27)
        self.state = x
        return (x * 2685821657736338717) & (2**64 - 1)

    def random(self):
        return (self.next() >> 11) / float(1 << 53)

    def randint(self, lo, hi):
        return lo + int(self.random() * (hi - lo + 1))

    def chance(self, p):
        return self.random() < p

    def choice(self, items):
        return items[int(self.random() * len(items))]

    def weighted(self, pairs):
        total = sum(w for w, _ in pairs)
        r = self.random() * total
        for w, item in pairs:
            r -= w
            if r < 0:
                return item
        return pairs[-1][1]


# ----------------------------------------------------------------------------
# Expressions


class Expr:
    """An int-valued expression: a template with {} holes for children."""

    def __init__(self, template, children=(), effect=PURE, awaits=False):
        self.template = template
        self.children = list(children)
        self.effect = effect
        self.awaits = awaits

    def render(self):
        return self.template.format(*(c.render() for c in self.children))

    def walk(self):
        yield self
        for c in self.children:
            yield from c.walk()


def lit(v):
    return Expr(str(v) if v >= 0 else f"({v})")


def join_effects(children):
    return max([PURE] + [c.effect for c in children])


# ----------------------------------------------------------------------------
# Statements


class Stmt:
    """A statement: lines around nested blocks.

    parts is a list of str (a line, indented by the block's depth, may hold
    {} holes for the statement's expressions) and Block objects. exprs are
    the expressions that fill the holes, in order. removable: the reducer may
    drop it; bodies: the blocks the reducer may splice in its place."""

    def __init__(self, parts, exprs=(), removable=True, kind="stmt"):
        self.parts = parts
        self.exprs = list(exprs)
        self.removable = removable
        self.kind = kind
        self.deleted = False

    def blocks(self):
        return [p for p in self.parts if isinstance(p, Block)]

    def render(self, indent, out):
        if self.deleted:
            return
        pad = "  " * indent
        holes = iter(self.exprs)
        for p in self.parts:
            if isinstance(p, Block):
                p.render(indent + 1, out)
            else:
                # "{}" is a hole; every other brace is literal.
                pieces = p.split("{}")
                line = pieces[0]
                for piece in pieces[1:]:
                    line += next(holes).render() + piece
                out.append(pad + line)


class Block:
    def __init__(self, stmts=None):
        self.stmts = stmts or []
        # What a statement inserted in it later may use (Gen.context): set on
        # the blocks of bodies and of compound statements.
        self.ctx = None

    def render(self, indent, out):
        for s in self.stmts:
            s.render(indent, out)


class Function:
    def __init__(self, index, name, returns_int, params):
        self.index = index
        self.name = name
        self.returns_int = returns_int
        self.params = params  # list of (kind, name)
        self.body = Block()
        self.deleted = False
        self.template = False

    def signature(self):
        ps = []
        value = "T" if self.template else "int"
        for kind, name in self.params:
            ps.append({"int": f"{value} {name}", "ref": f"int &{name}",
                       "ptr": f"int *{name}", "obj": f"const Obj &{name}"}[kind])
        ret = "int" if self.returns_int else "void"
        head = "template <class T>\n" if self.template else ""
        return f"{head}UNAWAIT_ASYNC unawait::Async<{ret}> {self.name}({', '.join(ps)})"

    def render(self, out):
        if self.deleted:
            return
        out.append(self.signature() + " {")
        self.body.render(1, out)
        out.append("}")


class Lambda:
    """An annotated lambda defined in a driver function (a LambdaGroup): its
    captures, parameters and body, and its runs on the named closure (to
    completion, a second time, dropped after k polls), which may change what
    it captures."""

    def __init__(self, name, returns_int, params, captures, mutable):
        self.name = name
        self.returns_int = returns_int
        self.params = params      # list of (kind, name)
        self.captures = captures  # the capture list's items
        self.mutable = mutable
        self.template = False
        self.body = Block()
        self.deleted = False
        self.args = ([], [])      # the arguments of the first and second run
        self.second_run = True    # the reducer may drop these two
        self.drop_runs = True
        self.drops = 2
        self.drop_offset = 0

    def render(self, indent, out):
        if self.deleted:
            return
        pad = "  " * indent
        ps = []
        value = "auto" if self.template else "int"
        for kind, name in self.params:
            ps.append({"int": f"{value} {name}", "ref": f"int &{name}",
                       "ptr": f"int *{name}", "obj": f"const Obj &{name}"}[kind])
        ret = "int" if self.returns_int else "void"
        out.append(f"{pad}auto {self.name} = [{', '.join(self.captures)}] UNAWAIT_ASYNC "
                   f"({', '.join(ps)}){' mutable' if self.mutable else ''} "
                   f"-> unawait::Async<{ret}> {{")
        self.body.render(indent + 1, out)
        out.append(pad + "};")
        first, second = (f"{self.name}({', '.join(a)})" for a in self.args)
        render_runs(self, first, second, pad, out)


def render_runs(runs, first, second, pad, out):
    """Driver code for one future-building call: run `first` to completion
    (counting its polls), `second` too if asked, then drop fresh `first`s
    after k polls for several k. `runs` has name, second_run, drop_runs,
    drops and drop_offset."""
    polls = f"polls_{runs.name}"
    out.append(f"{pad}int {polls} = complete({first});")
    if runs.second_run:
        out.append(f"{pad}complete({second});")
    if runs.drop_runs:
        step = f"({polls} / {runs.drops} + 1)"
        out += [f"{pad}for (int k = 1 + {runs.drop_offset} % {step}; k < {polls}; "
                f"k += {step})",
                f"{pad}  drop_after({first}, k);"]
    else:
        out.append(f"{pad}(void){polls};")


class LambdaGroup:
    """Driver code around annotated lambdas: locals (ints, Objs) they capture,
    the lambdas and their runs, then the locals printed. In a function of its
    own, called by run(), or inline in run() as a block."""

    def __init__(self, name, inline):
        self.name = name
        self.inline = inline
        self.locals = []    # declaration lines
        self.lambdas = []
        self.prints = []
        self.deleted = False

    def render(self, out):
        if self.deleted:
            return
        out.append("  {" if self.inline else f"void {self.name}() {{")
        indent = 2 if self.inline else 1
        pad = "  " * indent
        out += [pad + line for line in self.locals]
        for lam in self.lambdas:
            lam.render(indent, out)
        out += [pad + line for line in self.prints]
        out.append("  }" if self.inline else "}")


PACK_PARAMS = {"value": "Ts... args", "fwd": "Args &&...args",
               "cref": "const Ts &...args"}


class PackTemplate:
    """An annotated function template with a function parameter pack
    (`variadic-pack`): by value (`Ts... args`), forwarding (`Args &&...args`)
    or const references (`const Ts &...args`), after an optional `int a0`.
    Or (holder) a member `run` of a class template `Va<N><Ts...>` whose
    pack it is, called on a temporary (`Va1<int, Obj>(base).run(...)`, the
    types spelled), reading the member `base` too. Defined before f<level>,
    so it may call the functions after it and be called by f<level> to f0
    and the lambdas."""

    def __init__(self, name, form, lead, returns_int, level, holder=False):
        self.name = name
        self.form = form
        self.lead = lead
        self.returns_int = returns_int
        self.level = level
        self.holder = holder
        self.template = True  # the generator's rules for templates
        self.params = [("int", "a0")] if lead else []
        self.body = Block()
        self.deleted = False

    def call(self, args, types, base):
        """The call's text (args may hold {} holes)."""
        if self.holder:
            return f"{self.name.capitalize()}<{', '.join(types)}>({base}).run({', '.join(args)})"
        return f"{self.name}({', '.join(args)})"

    @property
    def pack_type(self):
        return "Args" if self.form == "fwd" else "Ts"

    def signature(self):
        ps = (["int a0"] if self.lead else []) + [PACK_PARAMS[self.form]]
        ret = "int" if self.returns_int else "void"
        return (f"template <class... {self.pack_type}>\n"
                f"UNAWAIT_ASYNC unawait::Async<{ret}> {self.name}({', '.join(ps)})")

    def render(self, out):
        if self.deleted:
            return
        if not self.holder:
            out.append(self.signature() + " {")
            self.body.render(1, out)
            out.append("}")
            return
        ps = (["int a0"] if self.lead else []) + [PACK_PARAMS[self.form]]
        ret = "int" if self.returns_int else "void"
        holder = self.name.capitalize()
        out += [f"template <class... Ts> struct {holder} {{",
                f"  explicit {holder}(int base) : base(base) {{}}",
                f"  UNAWAIT_ASYNC unawait::Async<{ret}> run({', '.join(ps)}) {{"]
        self.body.render(2, out)
        out += ["  }", "  int base;", "};"]


class PackRun:
    """Driver code's runs of a PackTemplate (in a LambdaGroup, like a lambda's):
    to completion, a second time with other arguments, dropped after k polls."""

    def __init__(self, name, callee, args):
        self.name = name
        self.callee = callee
        self.args = args          # the calls of the first and second run
        self.template = False
        self.body = Block()       # none: the reducer visits it
        self.deleted = False
        self.second_run = True    # the reducer may drop these two
        self.drop_runs = True
        self.drops = 2
        self.drop_offset = 0

    def render(self, indent, out):
        if self.deleted:
            return
        pad = "  " * indent
        first, second = self.args
        render_runs(self, first, second, pad, out)


class Context:
    """Where a statement may be inserted: the variables visible at the start
    of a block, its function and callees; None where it may not await."""

    def __init__(self, names, fn, callees):
        self.names = names
        self.fn = fn
        self.callees = callees


class Program:
    def __init__(self, seed, index_name):
        self.seed = seed
        self.ns = index_name
        self.functions = []   # callee first (definition order)
        self.groups = []      # LambdaGroups, run after the entry
        self.entry_args = []  # two arguments for the entry function
        self.drops = 4
        self.drop_offset = 0
        self.second_run = True  # the reducer may drop these two
        self.drop_runs = True

    def render(self):
        out = [f"// fuzz program {self.seed}", f"namespace {self.ns} {{",
               "using namespace fz;"]
        for f in self.functions:
            f.render(out)
        for g in self.groups:
            if not g.inline:
                g.render(out)
        a, b = self.entry_args
        out += ["void run() {", f"  int polls = complete(f0({a}));"]
        if self.second_run:
            out.append(f"  complete(f0({b}));")
        if self.drop_runs:
            out += [
                f"  int step = polls / {self.drops} + 1;",
                f"  for (int k = 1 + {self.drop_offset} % step; k < polls; k += step)",
                f"    drop_after(f0({a}), k);",
            ]
        else:
            out.append("  (void)polls;")
        for g in self.groups:
            if g.inline:
                g.render(out)
            elif not g.deleted:
                out.append(f"  {g.name}();")
        out += ["}", f"}} // namespace {self.ns}"]
        return "\n".join(out) + "\n"


def render_tu(programs):
    """One translation unit: the prelude, the programs, a main that runs each
    after a separator line `=== <seed>`."""
    parts = [PRELUDE]
    for p in programs:
        parts.append("\n" + p.render())
    main = ["", "int main() {"]
    for p in programs:
        main.append(f'  std::printf("=== {p.seed}\\n");')
        main.append("  std::fflush(stdout);")
        main.append(f"  {p.ns}::run();")
        main.append("  std::fflush(stdout);")
    main.append("}")
    parts.append("\n".join(main) + "\n")
    return "".join(parts)


# ----------------------------------------------------------------------------
# The generator


class Var:
    def __init__(self, name, kind, mutable=True, loop=False, read=None):
        self.name = name
        # how it is read: int(a0) for a parameter of type T, so that no
        # expression (no awaited temporary) depends on template arguments
        self.read = read or name
        self.kind = kind      # int, ptr (to a mutable int), obj, cobj (const Obj&)
        self.dependent = False  # an lvalue whose type is a template's T
        self.mutable = mutable
        self.loop = loop      # a loop counter: never written by generated code
        self.const_copy = False  # a non-mutable lambda's copy (a const member)
        # in a template, named by a lambda only if captured by name: a
        # structured binding (its capture is not yet rewritten inside an
        # annotated function)
        self.explicit_only = False
        # in a template, declared with a placeholder (`auto`, `const auto &`)
        # and of a dependent type: a lambda's capture of it is an error
        # (LambdaCapturesUndeduced), so lambdas do not name it
        self.placeholder = False


class Gen:
    def __init__(self, seed, without=()):
        self.rng = Rng(seed)
        self.seed = seed
        self.without = set(without)
        self.program = Program(seed, f"p{seed}")
        self.tags = 0

    def on(self, feature, p=1.0):
        return feature not in self.without and self.rng.chance(p)

    # -- names
    def fresh(self, prefix):
        self.counter += 1
        return f"{prefix}{self.counter}"

    def tag(self, what):
        self.tags += 1
        return f'"{self.fn.name}.{what}{self.tags}"'

    # -- scope
    def visible(self, pred=lambda v: True):
        return [v for scope in self.scopes for v in scope if pred(v)]

    def declare(self, var):
        self.scopes[-1].append(var)
        return var

    def int_lvalues(self):
        """Writable int lvalues: mutable ints (not loop counters), *ptr."""
        out = []
        for v in self.visible():
            if v.kind == "int" and v.mutable and not v.loop:
                out.append(v.name)
            elif v.kind == "ptr":
                out.append(f"(*{v.name})")
        return out

    def addressable(self):
        return [v.name for v in self.visible()
                if v.kind == "int" and v.mutable and not v.loop]

    # -- expressions
    def expr(self, allow, depth):
        """An expression whose effect is at most `allow`."""
        rng = self.rng
        if self.no_await and allow >= SILENT:
            allow = min(allow, READ) if allow < LOUD else LOUD
        choices = [(3, "lit")]
        if allow >= READ:
            choices.append((4, "read"))
        choices.append((1, "constread"))
        # depth < 0: a plain leaf; 0: a leaf or one call around a plain leaf.
        if depth >= 0:
            if allow >= SILENT and not self.no_await:
                choices.append((4, "yield"))
            if allow >= LOUD:
                choices.append((2, "tr"))
                choices.append((1, "chk"))
                choices.append((1, "objget"))
                if not self.no_await:
                    choices.append((3, "loud"))
                    choices.append((1, "mfail"))
                    if self.callees_int and not (
                            self.in_await_operand and
                            "call-in-await-operand" in self.without):
                        choices.append((3, "call"))
        if depth > 0:
            choices.append((3, "arith"))
            choices.append((1, "cmp"))
            if allow >= LOUD:
                if not self.no_await and self.visible(lambda v: v.kind == "obj") \
                        and "member-call-await" not in self.without:
                    choices.append((1, "objadd"))
                choices.append((2, "andor"))
                choices.append((2, "cond"))
                if "comma" not in self.without:
                    choices.append((1, "comma"))
                if self.int_lvalues() and "assign-expr" not in self.without:
                    choices.append((1, "assign"))
        what = rng.weighted(choices)
        d = depth - 1
        if what == "lit":
            return lit(rng.randint(-3, 12))
        if what == "constread":
            consts = self.visible(lambda v: v.kind == "int" and not v.mutable)
            if not consts:
                return lit(rng.randint(0, 9))
            return Expr(rng.choice(consts).read)
        if what == "read":
            reads = []
            for v in self.visible():
                if v.kind == "int":
                    reads.append(v.read)
                elif v.kind == "ptr":
                    reads.append(f"(*{v.name})")
                elif v.kind in ("obj", "cobj"):
                    reads.append(f"{v.name}.v")
            if not reads:
                return lit(rng.randint(0, 9))
            return Expr(rng.choice(reads), effect=READ)
        if what == "arith":
            op = rng.choice(["+", "-", "+", "*"])
            if op == "*":
                a = self.expr(allow, d)
                b = lit(rng.randint(0, 3))
                pair = [a, b] if rng.chance(0.5) else [b, a]
                return Expr("({} * {})", pair, a.effect, a.awaits)
            return self.unsequenced(f"({{}} {op} {{}})", 2, allow, d)
        if what == "cmp":
            op = rng.choice(["<", "==", "!=", ">="])
            return self.unsequenced(f"({{}} {op} {{}})", 2, allow, d)
        if what == "yield":
            inner = self.await_operand(min(allow, READ) if rng.chance(0.8) else allow, d)
            return Expr("co_await yv({})", [inner], max(SILENT, inner.effect), True)
        if what == "tr":
            inner = self.expr(allow, d)
            return Expr(f"tr({self.tag('t')}, {{}})", [inner], LOUD, inner.awaits)
        if what == "chk":
            inner = self.expr(allow, d)
            return Expr(f"chk({rng.randint(1, 6)}, {{}})", [inner], LOUD, inner.awaits)
        if what == "objget":
            objs = self.visible(lambda v: v.kind in ("obj", "cobj"))
            if not objs:
                return Expr(f"tr({self.tag('t')}, {rng.randint(0, 9)})", [], LOUD)
            return Expr(f"{rng.choice(objs).name}.get()", [], LOUD)
        if what == "objadd":
            o = rng.choice(self.visible(lambda v: v.kind == "obj"))
            inner = self.expr(allow, d)
            return Expr(f"{o.name}.add({{}})", [inner], LOUD, inner.awaits)
        if what == "loud":
            inner = self.await_operand(allow, d)
            return Expr(f"co_await loud({self.tag('l')}, {{}}, {rng.randint(0, 2)})",
                        [inner], LOUD, True)
        if what == "mfail":
            inner = self.await_operand(allow, d)
            return Expr("co_await mfail({})", [inner], LOUD, True)
        if what == "call":
            if self.on("join", 0.2):
                return self.combined(d)
            return self.call(rng.choice(self.callees_int), d)
        if what == "andor":
            op = rng.choice(["&&", "||"])
            a, b = self.expr(allow, d), self.expr(allow, d)
            return Expr(f"({{}} {op} {{}})", [a, b], join_effects([a, b]),
                        a.awaits or b.awaits)
        if what == "cond":
            c = self.expr(allow, d)
            plain = "cond-await-branches" in self.without
            self.no_await += plain
            a, b = self.expr(allow, d), self.expr(allow, d)
            self.no_await -= plain
            return Expr("({} ? {} : {})", [c, a, b], join_effects([c, a, b]),
                        c.awaits or a.awaits or b.awaits)
        if what == "comma":
            a, b = self.expr(allow, d), self.expr(allow, d)
            void = rng.chance(0.5) and not (
                b.awaits and "comma-void-await" in self.without)
            return Expr("((void){}, {})" if void else "({}, {})", [a, b],
                        join_effects([a, b]), a.awaits or b.awaits)
        if what == "assign":
            target = rng.choice(self.int_lvalues())
            value = self.expr(allow, d)
            return Expr(f"({target} = {{}} % 1000)", [value], LOUD, value.awaits)
        raise AssertionError(what)

    def await_operand(self, allow, depth):
        self.in_await_operand += 1
        try:
            return self.expr(allow, depth)
        finally:
            self.in_await_operand -= 1

    def unsequenced(self, template, n, allow, depth, fixed=()):
        """n operands whose order C++ leaves open: one may be loud, and then
        the others are constants; without a loud one, silent awaits and reads
        may be anywhere."""
        loud_at = self.rng.randint(0, n - 1)
        first = self.expr(allow, depth)
        others_allow = PURE if first.effect == LOUD else min(allow, SILENT)
        kids = []
        for i in range(n):
            kids.append(first if i == loud_at else self.expr(others_allow, depth))
        return Expr(template, kids, join_effects(kids), any(k.awaits for k in kids))

    def combined(self, depth):
        """fz::sum(co_await unawait::join(A, B)) or fz::pick(co_await
        unawait::select(A, B)) of two annotated calls returning int. The
        combinator's arguments are unsequenced too: the second call's
        arguments are silent when the first's are loud."""
        rng = self.rng
        a = self.call(rng.choice(self.callees_int), depth, temps=True)
        loud = any(h.effect == LOUD for h in a.children) or "Obj(" in a.template
        b = self.call(rng.choice(self.callees_int), depth, allow=PURE if loud else SILENT,
                      temps=not loud)
        kind, reader = rng.choice([("join", "fz::sum"), ("select", "fz::pick")])
        calls = [e.template[len("co_await "):] for e in (a, b)]
        return Expr(f"{reader}(co_await unawait::{kind}({calls[0]}, {calls[1]}))",
                    a.children + b.children, LOUD, True)

    def call(self, callee, depth, allow=LOUD, temps=False):
        """co_await callee(args): its arguments are unsequenced. With temps, a
        const Obj & parameter may be given a temporary (whose construction
        prints: only when no other argument is loud, and one per call)."""
        rng = self.rng
        loud_at = [i for i, (k, _) in enumerate(callee.params) if k == "int"]
        loud_at = rng.choice(loud_at) if loud_at else -1
        args = []
        holes = []
        first = None
        explicit = callee.template and rng.chance(0.5)
        # T deduced (or given) as the class fz::Num instead of int.
        num = callee.template and self.on("class-args", 0.3)
        if loud_at >= 0:
            first = self.await_operand(allow, depth)
        others = PURE if first is not None and first.effect == LOUD else SILENT
        loud_first = others == PURE
        made_temp = False
        for i, (kind, _) in enumerate(callee.params):
            if kind == "int":
                e = first if i == loud_at else self.await_operand(others, depth)
                # A template deduces T from it: unary + makes a bool an int.
                deduced = "fz::Num({})" if num else "+{}"
                args.append(deduced if callee.template and not explicit else "{}")
                holes.append(e)
            elif kind == "ref":
                args.append(rng.choice(self.int_lvalues()))
            elif kind == "ptr":
                ptrs = [v.name for v in self.visible(lambda v: v.kind == "ptr")]
                addrs = ["&" + n for n in self.addressable()]
                args.append(rng.choice(ptrs + addrs))
            elif kind == "obj" and temps and not made_temp and not loud_first and rng.chance(0.5):
                # Its construction prints: the one loud argument of the call.
                made_temp = True
                args.append(f"Obj({self.tag('o')}, {rng.randint(0, 9)})")
            elif kind == "obj":
                args.append(rng.choice([v.name for v in self.visible(
                    lambda v: v.kind in ("obj", "cobj"))]))
        name = callee.name + (f"<{'fz::Num' if num else 'int'}>" if explicit else "")
        return Expr(f"co_await {name}({', '.join(args)})", holes, LOUD, True)

    def callable(self, f):
        for kind, _ in f.params:
            if kind == "ref" and not self.int_lvalues():
                return False
            if kind == "ptr" and not (self.addressable() or
                                      self.visible(lambda v: v.kind == "ptr")):
                return False
            if kind == "obj" and not self.visible(lambda v: v.kind in ("obj", "cobj")):
                return False
        return True

    @property
    def callees_int(self):
        return [f for f in self.callees if f.returns_int and self.callable(f)]

    @property
    def callees_void(self):
        return [f for f in self.callees if not f.returns_int and self.callable(f)]

    def cond(self, depth=2):
        return self.expr(LOUD, depth)

    # -- statements
    def block(self, depth, n, scope=True):
        if scope:
            self.scopes.append([])
        block = Block()
        block.ctx = self.context()
        block.stmts = [self.stmt(depth) for _ in range(n)]
        if scope:
            self.scopes.pop()
        return block

    def context(self):
        """What a statement inserted here later may use (no randomness)."""
        if self.no_await:
            return None
        return Context(self.visible(), self.fn, self.callees)

    def stmt(self, depth):
        rng = self.rng
        choices = [
            (5, "decl_int"), (3, "decl_obj"), (1, "decl_ref"), (5, "assign"),
            (3, "print"), (2, "log"), (2, "exprstmt"),
        ]
        if not self.no_await:
            choices.append((3, "await_stmt"))
            if self.callees_void:
                choices.append((3, "call_void"))
            if "lvalue-future" not in self.without:
                choices.append((1, "future_var"))
        if depth > 0:
            choices += [(3, "if"), (3, "for"), (2, "while"), (2, "block")]
            if "goto" not in self.without:
                choices.append((2, "goto"))
            if "do" not in self.without:
                choices.append((1, "do"))
            if "switch" not in self.without:
                choices.append((2, "switch"))
            if not self.no_await:
                choices.append((3, "try"))
        if self.loops and self.jump_ok():
            choices.append((2, "jump"))
        choices.append((1, "throw"))
        if self.return_ok():
            choices.append((1, "return"))
        if self.on("throwing-ctor", 1.0) and not self.no_await:
            choices.append((1, "decl_throwing"))
        if self.on("obj-array", 1.0):
            choices.append((1, "decl_array"))
        if "paren-agg" not in self.without and \
                not (self.fn.template and "paren-agg-template" in self.without):
            choices.append((1, "decl_agg"))
        if "init-list" not in self.without:
            choices.append((1, "decl_init_list"))
        if self.dependents() and "dependent-locals" not in self.without:
            choices.append((3, "decl_dependent"))
            if depth > 0:
                choices.append((2, "for_dependent"))
        if self.dependents() and "dependent-bindings" not in self.without:
            choices.append((2, "decl_dependent_binding"))
        what = rng.weighted(choices)
        return getattr(self, "s_" + what)(depth)

    def jump_ok(self):
        if self.in_handler and "handler-jump" in self.without:
            return False
        if self.try_depth_in_loop and "try-jump" in self.without:
            return False
        return True

    def return_ok(self):
        if self.in_handler and "handler-return" in self.without:
            return False
        if self.try_depth and "try-jump" in self.without:
            return False
        return True

    def s_decl_int(self, depth):
        const = self.rng.chance(0.3)
        v = Var(self.fresh("v"), "int", mutable=not const)
        e = self.expr(LOUD, 2)
        self.declare(v)
        return Stmt([f"{'const ' if const else ''}int {v.name} = {{}};"], [e],
                    kind="decl")

    def s_decl_obj(self, depth):
        name = self.fresh("o")
        e = self.expr(LOUD, 2)
        self.declare(Var(name, "obj"))
        return Stmt([f'Obj {name}("{self.fn.name}.{name}", {{}});'], [e], kind="decl")

    def obj_list(self, name):
        """A braced list of one to three Obj (built left to right, so each
        may be loud) and its holes. Only the first element's expression may
        await: an element built before an await of the same list is a class
        prvalue the rewrite rejects (it would be moved across the await)."""
        n = self.rng.randint(1, 3)
        exprs = [self.expr(LOUD, 2)]
        self.no_await += 1
        exprs += [self.expr(LOUD, 2) for _ in range(n - 1)]
        self.no_await -= 1
        elements = ", ".join(f'Obj("{self.fn.name}.{name}.{i}", {{}})' for i in range(n))
        return n, f"{{{elements}}}", exprs

    def s_decl_array(self, depth):
        """An array of Obj from a braced list; each element is an Obj local."""
        name = self.fresh("arr")  # not "a": parameters are a0, a1, ...
        n, elements, exprs = self.obj_list(name)
        for i in range(n):
            self.declare(Var(f"{name}[{i}]", "obj"))
        return Stmt([f"Obj {name}[{n}] = {elements};"], exprs, kind="decl")

    def s_decl_agg(self, depth):
        """A C++20 aggregate built with parentheses: its elements are
        initialised in order, so both expressions may be loud and await (the
        Obj prvalue is built after the second one); the members are locals."""
        name = self.fresh("g")
        exprs = [self.expr(LOUD, 2), self.expr(LOUD, 2)]
        self.declare(Var(f"{name}.n", "int"))
        self.declare(Var(f"{name}.o", "obj"))
        return Stmt([f'Agg {name}({{}}, Obj("{self.fn.name}.{name}", {{}}));'], exprs,
                     kind="decl")

    def s_decl_init_list(self, depth):
        """A std::initializer_list<Obj> from a braced list: its array lives as
        long as the variable, its elements are const Obj locals."""
        name = self.fresh("il")
        n, elements, exprs = self.obj_list(name)
        for i in range(n):
            self.declare(Var(f"{name}.begin()[{i}]", "cobj"))
        return Stmt([f"std::initializer_list<Obj> {name} = {elements};"], exprs,
                     kind="decl")

    def s_decl_throwing(self, depth):
        name = self.fresh("o")
        e = self.expr(LOUD, 2)
        self.declare(Var(name, "obj"))
        return Stmt([f'ThrowingObj {name}("{self.fn.name}.{name}", {{}}, '
                     f'{self.rng.randint(2, 4)});'], [e], kind="decl")

    # -- dependent-locals: a function template's locals typed by its T
    def dependents(self):
        if not isinstance(self.fn, Function) or not self.fn.template:
            return []
        return [v for v in self.visible() if v.dependent]

    def dependent_values(self):
        """The dependent variables that hold a T (read as int(v)), not a
        pointer to one (read as int(*v))."""
        return [v for v in self.dependents() if v.read == f"int({v.name})"]

    def dependent_var(self, name, kind="int", read=None, placeholder=True):
        v = Var(name, kind, mutable=False, read=read or (f"int({name})" if kind == "int" else None))
        v.dependent = kind == "int"
        v.placeholder = placeholder
        return v

    def s_decl_dependent(self, depth):
        rng = self.rng
        if not self.dependent_values():
            return self.s_decl_int(depth)
        p = rng.choice(self.dependent_values()).name
        form = rng.weighted([(2, "auto"), (1, "const auto"), (1, "pointer"), (2, "const ref"),
                             (2, "const ref temp"), (2, "forward temp"), (1, "spelled temp"),
                             (2, "obj temp"), (1, "decltype ref"), (1, "decltype temp")])
        if form == "obj temp":
            name = self.fresh("c")
            self.declare(self.dependent_var(name, "cobj"))
            return Stmt([f"const auto &{name} = fz::tobj({p}, {self.tag(name)});"], kind="decl")
        name = self.fresh("d")
        if form == "pointer":
            self.declare(self.dependent_var(name, "int", read=f"int(*{name})"))
            return Stmt([f"const auto *{name} = &{p};"], kind="decl")
        if form in ("const auto", "const ref"):
            self.declare(self.dependent_var(name))
            decl = "const auto" if form == "const auto" else "const auto &"
            return Stmt([f"{decl} {name} = {p};"], kind="decl")
        if form == "decltype ref":  # a reference to the variable: (p) is an lvalue
            self.declare(self.dependent_var(name))
            return Stmt([f"decltype(auto) {name} = ({p});"], kind="decl")
        e = self.expr(LOUD, 1)
        decl = {"auto": "auto", "const ref temp": "const auto &", "forward temp": "auto &&",
                "spelled temp": "const T &", "decltype temp": "decltype(auto)"}[form]
        self.declare(self.dependent_var(name, placeholder=form != "spelled temp"))
        return Stmt([f"{decl} {name} = fz::tval({p}, {{}});"], [e], kind="decl")

    def s_decl_dependent_binding(self, depth):
        """A structured binding of a prvalue whose type depends on T: the
        class fz::tpair<T> by copy, or the tuple std::tuple<T, int>
        extended by `const auto &` or `auto &&`; both names read as ints."""
        rng = self.rng
        if not self.dependent_values():
            return self.s_decl_int(depth)
        p = rng.choice(self.dependent_values()).name
        decl, make = rng.choice([("auto", "tpr"), ("const auto &", "tpr"),
                                 ("const auto &", "ttup"), ("auto &&", "ttup")])
        e = self.expr(LOUD, 1)
        names = [self.fresh("d"), self.fresh("d")]
        for name in names:
            self.declare(self.dependent_var(name)).explicit_only = True
        return Stmt([f"{decl} [{names[0]}, {names[1]}] = fz::{make}({p}, {{}});"], [e],
                    kind="decl")

    def s_for_dependent(self, depth):
        rng = self.rng
        # A T (not a pointer to one, read as int(*d)): the elements are read as int(x).
        values = self.dependent_values()
        if not values:
            return self.s_decl_dependent(depth)
        p = rng.choice(values).name
        x = self.fresh("x")
        decl = rng.choice(["auto", "const auto &", "auto &&"])
        self.scopes.append([self.dependent_var(x)])
        body = self.loop_body(depth)
        self.scopes.pop()
        if rng.chance(0.4):  # a braced list: the frame keeps its array
            # (an await only in the first element: DependentBracedRange)
            e = self.expr(LOUD, 1)
            return Stmt([f"for ({decl} {x} : {{fz::tval({p}, {{}}), {p}}}) {{", body, "}"],
                        [e], kind="loop")
        return Stmt([f"for ({decl} {x} : fz::tvec({p}, {rng.randint(1, 3)})) {{", body, "}"],
                    kind="loop")

    def s_decl_ref(self, depth):
        rng = self.rng
        ints = self.addressable()
        objs = [v.name for v in self.visible(lambda v: v.kind == "obj")]
        opts = []
        if ints:
            opts += ["ref", "ptr"]
        if objs:
            opts += ["cobj"]
        if not opts:
            return self.s_decl_int(depth)
        what = rng.choice(opts)
        name = self.fresh({"ref": "r", "ptr": "q", "cobj": "c"}[what])
        if what == "ref":
            self.declare(Var(name, "int"))
            return Stmt([f"int &{name} = {rng.choice(ints)};"], kind="decl")
        if what == "ptr":
            self.declare(Var(name, "ptr"))
            return Stmt([f"int *const {name} = &{rng.choice(ints)};"], kind="decl")
        self.declare(Var(name, "cobj"))
        return Stmt([f"const Obj &{name} = {rng.choice(objs)};"], kind="decl")

    def s_assign(self, depth):
        rng = self.rng
        targets = self.int_lvalues()
        objs = self.visible(lambda v: v.kind == "obj")
        if objs and (not targets or rng.chance(0.2)):
            o = rng.choice(objs)
            e = self.expr(LOUD, 2)
            if e.awaits and "member-call-await" in self.without:
                return Stmt([f"{o.name}.v = {{}} % 1000;"], [e])
            return Stmt([f"{o.name}.add({{}});"], [e])
        if not targets:
            return self.s_print(depth)
        t = rng.choice(targets)
        e = self.expr(LOUD, 2)
        form = rng.choice(["= {} % 1000", "+= {} % 100", "-= {} % 100",
                           "= ({} + {}) % 1000"])
        if form.count("{}") == 2:
            # t = (t + e) % 1000 reads t unsequenced with e: e must be pure
            # of writes, so only when e is at most silent.
            if e.effect == LOUD:
                form = "= {} % 1000"
            else:
                return Stmt([f"{t} = ({t} + {{}}) % 1000;"], [e])
        return Stmt([f"{t} {form};"], [e])

    def s_print(self, depth):
        e = self.expr(LOUD, 2)
        return Stmt([f'std::printf("{self.fn.name}.p{self.bump()} %d\\n", {{}});'], [e])

    def bump(self):
        self.tags += 1
        return self.tags

    def s_log(self, depth):
        n = self.rng.randint(2, 4)
        es = [self.expr(LOUD, 2) for _ in range(n)]
        return Stmt(["out" + " << {}" * n + ";"], es)

    def s_exprstmt(self, depth):
        e = self.expr(LOUD, 3)
        return Stmt(["(void){};"], [e])

    def s_await_stmt(self, depth):
        rng = self.rng
        what = rng.choice(["yield", "loud", "call"])
        if what == "call" and self.callees_int:
            return Stmt(["{};"], [self.call(rng.choice(self.callees_int), 2)])
        if what == "loud":
            e = self.await_operand(LOUD, 1)
            return Stmt([f"co_await loud({self.tag('l')}, {{}}, {rng.randint(0, 2)});"], [e])
        return Stmt(["co_await yv({});"], [self.await_operand(LOUD, 1)])

    def s_call_void(self, depth):
        return Stmt(["{};"], [self.call(self.rng.choice(self.callees_void), 2)])

    def s_future_var(self, depth):
        rng = self.rng
        name = self.fresh("u")
        kinds = ["loud", "yield"] + (["call"] * 2 if self.callees_int else [])
        what = rng.choice(kinds)
        if what == "call":
            call = self.call(rng.choice(self.callees_int), 1)
            init = Expr(call.template[len("co_await "):], call.children)
        elif what == "loud":
            init = Expr(f"loud({self.tag('l')}, {{}}, {rng.randint(0, 2)})",
                        [self.await_operand(LOUD, 1)])
        else:
            init = Expr("yv({})", [self.await_operand(LOUD, 1)])
        self.scopes.append([])
        head = Stmt([f"auto {name} = {{}};"], [init], kind="decl")
        middle = [self.stmt(0) for _ in range(rng.randint(0, 2))]
        if rng.chance(0.8):
            targets = self.int_lvalues()
            if targets:
                use = Stmt([f"{rng.choice(targets)} = co_await {name} % 1000;"])
            else:
                use = Stmt([f"(void)(co_await {name});"])
            middle.append(use)
        self.scopes.pop()
        return Stmt(["{", Block([head] + middle), "}"], kind="block")

    def s_block(self, depth):
        return Stmt(["{", self.block(depth - 1, self.rng.randint(1, 3)), "}"],
                    kind="block")

    def s_goto(self, depth):
        """A goto out of a block: forwards to a label right after it, or
        backwards to a label before it and before an Obj declared after the
        label (the jump ends it), at most `bound` times. Both jump out of
        the block, so neither enters a declaration's scope."""
        n = self.fresh("g")
        backwards = self.rng.chance(0.5)
        bound = self.rng.randint(1, 2)
        if backwards:
            obj = self.fresh("go")
            self.scopes.append([Var(n, "int", loop=True)])
            e = self.expr(LOUD, 1)
            self.declare(Var(obj, "obj"))
        body = self.block(depth - 1, self.rng.randint(1, 3))
        c = self.cond(1)
        head = f"{n}++ < {bound} && ({{}})" if backwards else "{}"
        jump = Stmt([f"if ({head})", f"  goto {n};"], [c], removable=False)
        body.stmts.insert(self.rng.randint(0, len(body.stmts)), jump)
        if not backwards:
            return Stmt(["{", body, "}", f"{n}:;"], kind="block")
        self.scopes.pop()
        return Stmt(["{", f"  int {n} = 0;", f"{n}:", f'  Obj {obj}("{self.fn.name}.{obj}", {{}});',
                     "  {", body, "  }", "}"], [e], kind="block")

    def s_if(self, depth):
        if self.on("condition-decl", 0.3):
            return self.s_if_declaring(depth)
        c = self.cond()
        then = self.block(depth - 1, self.rng.randint(1, 3))
        if self.rng.chance(0.5):
            other = self.block(depth - 1, self.rng.randint(1, 3))
            return Stmt(["if ({}) {", then, "} else {", other, "}"], [c], kind="if")
        return Stmt(["if ({}) {", then, "}"], [c], kind="if")

    def s_if_declaring(self, depth):
        """`if (Obj c(...); cond)` or `if (int c = e)`: the variable is
        visible in both branches and ends after the whole statement."""
        c = self.fresh("c")
        e = self.expr(LOUD, 2)
        self.scopes.append([])
        exprs = [e]
        if self.rng.chance(0.5):
            self.declare(Var(c, "obj"))
            exprs.append(self.cond(1))
            head = f'Obj {c}("{self.fn.name}.{c}", {{}}); {{}}'
        else:
            self.declare(Var(c, "int", mutable=False))
            head = f"int {c} = {{}}"
        then = self.block(depth - 1, self.rng.randint(1, 3))
        parts = [f"if ({head}) {{", then, "}"]
        if self.rng.chance(0.5):
            parts[-1:] = ["} else {", self.block(depth - 1, self.rng.randint(1, 3)), "}"]
        self.scopes.pop()
        return Stmt(parts, exprs, kind="if")

    def loop_body(self, depth):
        self.loops += 1
        saved = self.try_depth_in_loop
        self.try_depth_in_loop = 0
        body = self.block(depth - 1, self.rng.randint(1, 4))
        self.try_depth_in_loop = saved
        self.loops -= 1
        return body

    def s_for(self, depth):
        rng = self.rng
        i = self.fresh("i")
        bound = rng.randint(1, 3)
        init = self.expr(LOUD, 1)
        self.scopes.append([Var(i, "int", loop=True)])
        cond = self.cond(1) if rng.chance(0.6) else None
        incr = self.expr(LOUD, 1) if rng.chance(0.4) else None
        body = self.loop_body(depth)
        self.scopes.pop()
        exprs = [init]
        head = f"{i} < {bound}"
        if cond is not None:
            head += " && {}"
            exprs.append(cond)
        step = f"++{i}"
        if incr is not None:
            step += ", (void){}"
            exprs.append(incr)
        if "for-init-decl" in self.without:
            return Stmt([f"int {i} = {{}} % 2;", f"for (; {head}; {step}) {{", body, "}"],
                        exprs, kind="loop")
        return Stmt([f"for (int {i} = {{}} % 2; {head}; {step}) {{", body, "}"],
                    exprs, kind="loop")

    def s_while(self, depth):
        w = self.fresh("w")
        bound = self.rng.randint(1, 3)
        self.scopes.append([Var(w, "int", loop=True)])
        cond = self.cond(1) if self.rng.chance(0.7) else None
        head = f"{w}++ < {bound}" + (" && {}" if cond is not None else "")
        if self.on("condition-decl", 0.3):
            # `while (int c = ...)`: c is declared anew in each iteration,
            # nonzero while the loop runs; an await in it runs only then.
            c = self.fresh("c")
            cond = self.expr(LOUD, 1)
            head = f"int {c} = {w}++ < {bound} ? ({{}}) % 2 + 2 : 0"
            self.scopes.append([Var(c, "int", mutable=False)])
            body = self.loop_body(depth)
            self.scopes.pop()
        else:
            body = self.loop_body(depth)
        self.scopes.pop()
        return Stmt(["{", f"  int {w} = 0;", f"  while ({head}) {{", body, "  }", "}"],
                    [cond] if cond is not None else [], kind="loop")

    def s_do(self, depth):
        d = self.fresh("d")
        bound = self.rng.randint(1, 3)
        self.scopes.append([Var(d, "int", loop=True)])
        body = self.loop_body(depth)
        cond = self.cond(1) if self.rng.chance(0.7) else None
        self.scopes.pop()
        tail = f"++{d} < {bound}" + (" && {}" if cond is not None else "")
        return Stmt(["{", f"  int {d} = 0;", "  do {", body, f"  }} while ({tail});", "}"],
                    [cond] if cond is not None else [], kind="loop")

    def s_switch(self, depth):
        rng = self.rng
        c = self.cond(2)
        labels = rng.choice([[0, 1, "default"], [0, 2], [1, -1, "default"],
                             [0, 1, 2, 3], ["default"]])
        # Through tr(): never a constant (clang warns about a constant
        # matching no case, under no flag a pragma could silence).
        head = f"tr({self.tag('sw')}, {{}}) % 4"
        exprs = [c]
        declaring = self.on("condition-decl", 0.3)
        if declaring:
            # `switch (Obj k(...); ...)`: k lives through every case.
            k = self.fresh("so")
            exprs.insert(0, self.expr(LOUD, 1))
            head = f'Obj {k}("{self.fn.name}.{k}", {{}}); {head}'
            self.scopes.append([Var(k, "obj")])
        parts = [f"switch ({head}) {{"]
        self.switches += 1
        for n, label in enumerate(labels):
            parts.append("case %d: {" % label if label != "default" else "default: {")
            parts.append(self.block(depth - 1, rng.randint(0, 3)))
            last = n == len(labels) - 1
            if not last and rng.chance(0.3) and "fallthrough" not in self.without:
                parts.append("  [[fallthrough]];")
                parts.append("}")
            else:
                parts.append("} break;")
        self.switches -= 1
        if declaring:
            self.scopes.pop()
        parts.append("}")
        return Stmt(parts, exprs, kind="switch")

    def s_try(self, depth):
        rng = self.rng
        self.try_depth += 1
        if self.loops:
            self.try_depth_in_loop += 1
        body = self.block(depth - 1, rng.randint(1, 4))
        self.try_depth -= 1
        if self.loops:
            self.try_depth_in_loop -= 1
        parts = ["try {", body]
        handlers = rng.choice([["boom"], ["boom", "all"], ["int", "boom"], ["all"],
                               ["boom", "int"]])
        if "int-exceptions" in self.without:
            handlers = [h for h in handlers if h != "int"] or ["boom"]
        for h in handlers:
            header = {"boom": "} catch (const Boom &e) {", "int": "} catch (int e) {",
                      "all": "} catch (...) {"}[h]
            parts.append(header)
            self.no_await += 1
            self.in_handler += 1
            self.scopes.append([])
            stmts = []
            what = {"boom": "e.code", "int": "e", "all": "0"}[h]
            stmts.append(Stmt([f'std::printf("{self.fn.name}.caught{self.bump()} %d\\n", '
                               f'{what});'], removable=True))
            for _ in range(rng.randint(0, 2)):
                stmts.append(self.stmt(0))
            if "rethrow" not in self.without and rng.chance(0.3):
                stmts.append(Stmt([f"if ({what} % 2 == {rng.randint(0, 1)})",
                                   "  throw;"]))
            self.scopes.pop()
            self.in_handler -= 1
            self.no_await -= 1
            parts.append(Block(stmts))
        parts.append("}")
        return Stmt(parts, kind="try")

    def s_jump(self, depth):
        c = self.cond(1)
        what = self.rng.choice(["break", "continue"])
        if self.switches and what == "break" and self.rng.chance(0.5):
            pass  # breaks the switch: fine too
        return Stmt(["if ({})", f"  {what};"], [c])

    def s_throw(self, depth):
        c = self.cond(1)
        if "int-exceptions" not in self.without and self.rng.chance(0.3):
            return Stmt(["if (({}) % 3 == 1)", f"  throw {self.rng.randint(1, 9)};"], [c])
        return Stmt(["if (({}) % 3 == 1)", f"  throw Boom{{{self.rng.randint(1, 9)}}};"],
                    [c])

    def s_return(self, depth):
        c = self.cond(1)
        if self.fn.returns_int:
            v = self.expr(LOUD, 2)
            return Stmt(["if (({}) % 3 == 1)", "  co_return {} % 1000;"], [c, v])
        return Stmt(["if (({}) % 3 == 1)", "  co_return;"], [c])

    # -- functions
    def function(self, index, callees):
        rng = self.rng
        returns_int = index == 0 or "annotated-void" in self.without or \
            rng.chance(0.75)
        params = []
        if index == 0:
            params.append(("int", "seed"))
        else:
            for n in range(rng.randint(0, 3)):
                kinds = [(4, "int")]
                if "ref-params" not in self.without:
                    kinds += [(2, "ref"), (1, "ptr")]
                if "obj-params" not in self.without:
                    kinds.append((1, "obj"))
                params.append((rng.weighted(kinds), f"a{n}"))
        fn = Function(index, f"f{index}", returns_int, params)
        # A template when T can be deduced (as int) from an int parameter.
        fn.template = index != 0 and any(k == "int" for k, _ in params) and \
            "templates" not in self.without and rng.chance(0.3)
        self.begin_body(fn, callees, [])
        for kind, name in params:
            if fn.template and kind == "int":
                # of type T: read as int(name), never written nor referred to
                self.declare(self.dependent_var(name, placeholder=False))
                continue
            self.declare(Var(name, {"int": "int", "ref": "int", "ptr": "ptr",
                                    "obj": "cobj"}[kind]))
        n = rng.randint(2, 4) if index else rng.randint(3, 6)
        fn.body = self.body(n)
        return fn

    def begin_body(self, fn, callees, names):
        """The generator's state at the start of fn's body; `names` are the
        Vars it starts with (parameters, captures)."""
        self.fn = fn
        self.callees = callees
        self.counter = 0
        self.scopes = [list(names)]
        self.loops = 0
        self.switches = 0
        self.no_await = 0
        self.in_handler = 0
        self.try_depth = 0
        self.try_depth_in_loop = 0
        self.in_await_operand = 0

    def body(self, n):
        rng = self.rng
        ctx = self.context()
        stmts = [self.stmt(rng.weighted([(2, 0), (5, 1), (4, 2), (1, 3)]))
                 for _ in range(n)]
        if self.fn.returns_int:
            stmts.append(Stmt(["co_return {} % 1000;"], [self.expr(LOUD, 2)],
                              removable=False, kind="return"))
        else:
            # an await so that every annotated function suspends
            stmts.append(Stmt(["co_await yv(0);"], removable=True))
        block = Block(stmts)
        block.ctx = ctx
        return block

    # -- annotated lambdas
    def lambda_group(self, number, callees):
        """Driver code defining and running one or two annotated lambdas over
        its locals. The closure outlives every future it makes (each run
        completes or drops its future before the next statement), and at most
        one Obj is copied into a closure (the order of a closure's members is
        unspecified, and so the order their copies print)."""
        rng = self.rng
        group = LambdaGroup(f"lam{number}", inline=rng.chance(0.3))
        ints = [f"x{n}" for n in range(1, rng.randint(1, 3) + 1)]
        objs = [f"k{n}" for n in range(1, rng.weighted([(3, 0), (4, 1), (2, 2)]) + 1)]
        for x in ints:
            group.locals.append(f"int {x} = {rng.randint(0, 20)};")
        for k in objs:
            group.locals.append(f'Obj {k}("{group.name}.{k}", {rng.randint(0, 20)});')
        for _ in range(2 if rng.chance(0.2) else 1):
            self.lambdas += 1
            group.lambdas.append(self.annotated_lambda(f"l{self.lambdas}", ints, objs,
                                                       callees))
        group.prints = [f'std::printf("{group.name}.{x} %d\\n", {x});' for x in ints]
        group.prints += [f'std::printf("{group.name}.{k} %d\\n", {k}.v);' for k in objs]
        return group

    def annotated_lambda(self, name, ints, objs, callees):
        rng = self.rng
        mutable = rng.chance(0.4)
        default = rng.weighted([(5, None), (2, "&"), (2, "=")])
        captures = [default] if default else []
        names = []

        def by_copy(var, kind):
            if kind == "int":
                v = Var(var, "int", mutable=mutable)
            else:
                v = Var(var, "obj" if mutable else "cobj")
            v.const_copy = not mutable
            return v

        for x in ints:
            how = rng.weighted([(3, "copy"), (3, "ref")] +
                               ([(2, None)] if default is None else []))
            if how is None:
                continue
            if default is None or (default == "&") != (how == "ref"):
                captures.append(x if how == "copy" else "&" + x)
            names.append(by_copy(x, "int") if how == "copy" else Var(x, "int"))
        copied = False  # an Obj copied into the closure
        for k in objs:
            opts = [(3, "ref")]
            if not copied:
                opts.append((2, "copy"))
            if default is None:
                opts.append((2, None))
            how = rng.weighted(opts)
            if how is None:
                continue
            if default is None or (default == "&") != (how == "ref"):
                captures.append(k if how == "copy" else "&" + k)
            copied = copied or how == "copy"
            names.append(by_copy(k, "obj") if how == "copy" else Var(k, "obj"))
        # Init-captures: values of pure initializers (no order to observe),
        # references to the driver's ints, a copy of an Obj.
        for j in range(1, rng.weighted([(5, 0), (3, 1), (1, 2)]) + 1):
            opts = ["value"] + (["ref"] if ints else []) + \
                (["obj"] if objs and not copied else [])
            what = rng.choice(opts)
            if what == "value":
                init = str(rng.randint(0, 9))
                if ints and rng.chance(0.6):
                    init = f"{rng.choice(ints)} + {init}"
                captures.append(f"n{j} = {init}")
                names.append(by_copy(f"n{j}", "int"))
            elif what == "ref":
                captures.append(f"&m{j} = {rng.choice(ints)}")
                names.append(Var(f"m{j}", "int"))
            else:
                copied = True
                captures.append(f"kc{j} = {rng.choice(objs)}")
                names.append(by_copy(f"kc{j}", "obj"))
        params = []
        for n in range(rng.weighted([(2, 0), (4, 1), (3, 2), (1, 3)])):
            kinds = [(4, "int")]
            if "ref-params" not in self.without:
                kinds += [(2, "ref"), (1, "ptr")]
            if objs and "obj-params" not in self.without:
                kinds.append((1, "obj"))
            params.append((rng.weighted(kinds), f"a{n}"))
        returns_int = "annotated-void" in self.without or rng.chance(0.75)
        lam = Lambda(name, returns_int, params, captures, mutable)
        # A generic lambda: its int parameters are `auto` (deduced as int),
        # read as int(name) like a function template's T parameters.
        lam.template = any(k == "int" for k, _ in params) and \
            self.on("generic-lambda", 0.3)
        for kind, pname in params:
            if lam.template and kind == "int":
                names.append(Var(pname, "int", mutable=False, read=f"int({pname})"))
                continue
            names.append(Var(pname, {"int": "int", "ref": "int", "ptr": "ptr",
                                     "obj": "cobj"}[kind]))
        for run in (0, 1):
            for kind, _ in params:
                lam.args[run].append({
                    "int": lambda: str(rng.randint(0, 9) + 10 * run),
                    "ref": lambda: rng.choice(ints),
                    "ptr": lambda: "&" + rng.choice(ints),
                    "obj": lambda: rng.choice(objs)}[kind]())
        self.begin_body(lam, callees, names)
        lam.body = self.body(rng.randint(2, 3))
        lam.second_run = rng.chance(0.6)
        lam.drop_runs = rng.chance(0.6)
        lam.drops = rng.randint(2, 3)
        lam.drop_offset = rng.randint(0, 3)
        return lam

    # -- variadic templates
    def pack_templates(self):
        """Annotated variadic function templates, each defined before some
        f<level>, awaited from statements inserted into the blocks of f<level>
        to f0 and of the lambdas, and run from driver code. Generated after
        everything else (with the same generator, from where it stands), so
        the rest of a seed's program is the same without them."""
        rng = self.rng
        program = self.program
        functions = [f for f in program.functions if isinstance(f, Function)]
        top = max(f.index for f in functions)
        lambdas = [lam for g in program.groups for lam in g.lambdas]
        made = []
        for number in range(1, (2 if rng.chance(0.25) else 1) + 1):
            level = rng.randint(0, top)
            tmpl = self.pack_template(f"va{number}", level,
                                      [f for f in functions if f.index > level], made)
            made.append(tmpl)
            at = next(i for i, f in enumerate(program.functions)
                      if isinstance(f, Function) and f.index == level)
            program.functions.insert(at, tmpl)
            sites = [b for f in functions if f.index <= level
                     for b in insertion_blocks(f.body)]
            sites += [b for lam in lambdas for b in insertion_blocks(lam.body)]
            calls = 0
            for _ in range(rng.weighted([(1, 0), (5, 1), (3, 2), (1, 3)])):
                if not sites:
                    break
                block = rng.choice(sites)
                stmt = self.pack_call_stmt(tmpl, block.ctx)
                end = len(block.stmts)
                if block.stmts and block.stmts[-1].kind == "return":
                    end -= 1
                block.stmts.insert(rng.randint(0, end), stmt)
                calls += 1
            if not calls or rng.chance(0.4):
                program.groups.append(self.pack_driver(number, tmpl))

    def pack_template(self, name, level, callees, earlier):
        rng = self.rng
        form = rng.weighted([(3, "value"), (3, "fwd"), (2, "cref")])
        lead = rng.chance(0.5)
        returns_int = "annotated-void" in self.without or rng.chance(0.8)
        # a member of a class template: its pack cannot be a forwarding one
        holder = form != "fwd" and rng.chance(0.3)
        tmpl = PackTemplate(name, form, lead, returns_int, level, holder)
        names = [Var("a0", "int")] if lead else []
        if holder:
            names.append(Var("base", "int", mutable=False))
        self.begin_body(tmpl, callees, names)
        # Forwarded to an earlier template whose pack keeps references (a
        # by-value one would copy its elements among the arguments, in an
        # order C++ leaves open).
        targets = [t for t in earlier if t.level >= level and t.form != "value"
                   and not t.holder]
        stmts = [self.s_await_stmt(1)]  # the pack lives across awaits
        for _ in range(rng.randint(0, 2)):
            stmts.append(self.stmt(rng.randint(0, 2)))
        sums = []
        for _ in range(rng.randint(1, 2)):
            stmts.append(self.pack_read(tmpl, sums, targets))
        for _ in range(rng.randint(0, 2)):
            stmts.append(self.stmt(rng.randint(0, 2)))
        if rng.chance(0.6):
            stmts.append(self.s_await_stmt(1))
            for _ in range(rng.randint(1, 2)):
                stmts.append(self.pack_read(tmpl, sums, targets))
        if returns_int:
            total = " + ".join(sums + ["static_cast<int>(sizeof...(args))"])
            stmts.append(Stmt([f"co_return ({total} + {{}}) % 1000;"],
                              [self.expr(LOUD, 1)], removable=False, kind="return"))
        tmpl.body = Block(stmts)
        return tmpl

    def pack_read(self, tmpl, sums, targets):
        """A statement reading the pack: folds, forwarding to take_all() or to
        an earlier template (the one await), sizeof..., decltype(args)."""
        rng = self.rng
        form, P = tmpl.form, tmpl.pack_type
        expansion = {
            "value": ["args...", "std::move(args)..."],
            "fwd": ["std::forward<Args>(args)...",
                    "std::forward<decltype(args)>(args)..."],
            "cref": ["args..."],
        }[form]
        options = [(3, "take_all"), (2, "sum"), (2, "each"), (1, "sizeof"),
                   (1, "lvalues"), (1, "all")]
        if targets:
            options.append((4, "forward"))
        what = rng.weighted(options)
        tag = f"{tmpl.name}.{what}{self.bump()}"
        s = f"s{self.bump()}"
        if what == "take_all":
            # by value, moving out once: what is left is moved-from
            spread = rng.choice(expansion)
            line = f"const int {s} = take_all({spread});"
        elif what == "sum":
            line = rng.choice([f"const int {s} = (peek(args) + ... + 0) % 1000;",
                               f"const int {s} = (0 + ... + (peek(args) % 10));"])
        elif what == "all":
            line = (f"const int {s} = (true && ... && (peek(args) % 2 == 0)) ? "
                    f"{rng.randint(1, 9)} : 0;")
        elif what == "forward":
            callee = rng.choice(targets)
            spread = "std::forward<Args>(args)..." if form == "fwd" else "args..."
            lead = [str(rng.randint(0, 9))] if callee.lead else []
            call = f"co_await {callee.name}({', '.join(lead + [spread])})"
            if not callee.returns_int:
                return Stmt([f"{call};"], kind="pack")
            line = f"const int {s} = {call};"
        elif what == "each":
            return Stmt([f'(std::printf("{tag} %d\\n", peek(args)), ...);'], kind="pack")
        elif what == "sizeof":
            return Stmt([f'std::printf("{tag} %d %d\\n", static_cast<int>(sizeof...(args)), '
                         f'static_cast<int>(sizeof...({P})));'], kind="pack")
        else:
            return Stmt([f'std::printf("{tag} %d\\n", (0 + ... + '
                         f'int(std::is_lvalue_reference_v<decltype(args)>)));'],
                        kind="pack")
        sums.append(s)
        self.declare(Var(s, "int", mutable=False))
        return Stmt([line], kind="pack")

    def pack_elements(self, tmpl, pools, int_expr, declare, kinds=None):
        """The arguments of a call of tmpl: 0 to 4 pack elements (after a0)
        and the expressions of their holes. pools: the int lvalues, Objs (may
        be moved from), const Objs and Quiets the call may name; declare(kind)
        makes a new named tracer. At most one Obj is built among the
        arguments (its move or copy prints, in an order C++ leaves open); a
        tracer built by value keeps the ints to reads (no await may come
        before or after its construction). kinds: those of another call (the
        same instance of the template). Returns the call, its holes and its
        kinds."""
        rng = self.rng
        form = tmpl.form
        given = kinds
        kinds = list(given or [])
        built_obj = False
        ints_only = tmpl.holder and "pack-member-class-args" in self.without
        length = 0 if given is not None else \
            rng.weighted([(2, 0), (3, 1), (3, 2), (2, 3), (2, 4)])
        for _ in range(length):
            opts = [(4, "int")]
            if ints_only:
                opts.append((1, "int-lv" if form == "cref" else "int"))
            elif form == "value":
                opts += [(3, "quiet"), (1, "quiet-copy")]
                if not built_obj:
                    opts += [(2, "obj-move"), (1, "obj-copy")]
            elif form == "fwd":
                opts += [(2, "int-lv"), (2, "obj-lv"), (2, "obj-rv"), (1, "quiet-lv"),
                         (1, "quiet-rv")]
            else:
                opts += [(1, "int-lv"), (3, "obj-lv"), (2, "quiet-lv")]
            kind = rng.weighted(opts)
            if kind == "int-lv" and not pools["ints"]:
                kind = "int"
            built_obj = built_obj or kind in ("obj-move", "obj-copy")
            kinds.append(kind)
        built = any(k in ("quiet", "quiet-copy", "obj-move", "obj-copy") for k in kinds)
        ints = [i for i, k in enumerate(kinds) if k == "int"]
        loud_at = rng.choice(ints) if ints and not built else -1
        first = int_expr(LOUD) if loud_at >= 0 else None
        others = READ if built else (PURE if first is not None and first.effect == LOUD
                                     else SILENT)
        args, holes = [], []
        types = [{"int": "int", "int-lv": "int"}.get(k, "Obj" if "obj" in k else "Quiet")
                 for k in kinds]
        if tmpl.lead:
            args.append(str(rng.randint(0, 9)))
        for i, kind in enumerate(kinds):
            if kind == "int":
                holes.append(first if i == loud_at else int_expr(others))
                args.append("+{}")
            elif kind == "int-lv":
                args.append(rng.choice(pools["ints"]))
            elif kind in ("obj-move", "obj-rv"):
                objs = pools["objs"]
                name = rng.choice(objs) if objs and rng.chance(0.6) else declare("obj")
                args.append(f"std::move({name})")
            elif kind in ("obj-copy", "obj-lv"):
                objs = pools["objs"] + pools["cobjs"]
                args.append(rng.choice(objs) if objs and rng.chance(0.6)
                            else declare("obj"))
            else:
                quiets = pools["quiets"]
                name = rng.choice(quiets) if quiets and rng.chance(0.4) else declare("quiet")
                args.append(f"std::move({name})" if kind in ("quiet", "quiet-rv") else name)
        return tmpl.call(args, types, rng.randint(0, 20)), holes, kinds

    def pack_call_stmt(self, tmpl, ctx):
        """A block inserted where ctx was taken: new named tracers (each
        built in a statement of its own), the awaited call, and what it did
        to the tracers, printed."""
        rng = self.rng
        fn = ctx.fn
        self.begin_body(fn, ctx.callees, ctx.names)
        decls, made = [], []

        def declare(kind):
            name = f"p{'t' if kind == 'obj' else 'q'}{self.bump()}"
            cls = "Obj" if kind == "obj" else "Quiet"
            decls.append(Stmt([f'{cls} {name}("{fn.name}.{name}", {rng.randint(0, 20)});'],
                              kind="decl"))
            made.append(name)
            (pools["objs"] if kind == "obj" else pools["quiets"]).append(name)
            return name

        # A forwarding pack deduces const T & from a lambda's const copy,
        # which the rewrite types as T & (a finding).
        skip = tmpl.form == "fwd" and "lambda-copy-forwarded" in self.without
        names = [v for v in self.visible() if not (skip and v.const_copy)]
        ints = [v.name if v.kind == "int" else f"(*{v.name})" for v in names
                if (v.kind == "int" and not v.loop and (v.mutable or v.read == v.name))
                or v.kind == "ptr"]
        pools = {"ints": ints,
                 "objs": [v.name for v in names if v.kind == "obj"],
                 "cobjs": [v.name for v in names if v.kind == "cobj"],
                 "quiets": []}
        for _ in range(rng.randint(0, 1)):
            declare(rng.choice(["obj", "quiet"]))
        call, holes, _ = self.pack_elements(
            tmpl, pools, lambda allow: self.await_operand(allow, 1), declare)
        call = Expr(f"co_await {call}", holes, LOUD, True)
        targets = self.int_lvalues()
        if not tmpl.returns_int:
            use = Stmt(["{};"], [call])
        elif targets and rng.chance(0.3):
            use = Stmt([f"{rng.choice(targets)} = {{}} % 1000;"], [call])
        else:
            use = Stmt([f'std::printf("{fn.name}.pk{self.bump()} %d\\n", {{}});'], [call])
        after = [Stmt([f'std::printf("{fn.name}.{n} %d\\n", {n}.v);']) for n in made
                 if rng.chance(0.5)]
        return Stmt(["{", Block(decls + [use] + after), "}"], kind="block")

    def pack_driver(self, number, tmpl):
        """Driver code running tmpl over its locals like a lambda: to
        completion, a second time, dropped after k polls."""
        rng = self.rng
        group = LambdaGroup(f"pk{number}", inline=rng.chance(0.3))
        xs = [f"x{n}" for n in range(1, rng.randint(1, 2) + 1)]
        for x in xs:
            group.locals.append(f"int {x} = {rng.randint(0, 20)};")
        objs, quiets = [], []

        def declare(kind):
            names = objs if kind == "obj" else quiets
            name = f"{'k' if kind == 'obj' else 'j'}{len(names) + 1}"
            cls = "Obj" if kind == "obj" else "Quiet"
            group.locals.append(f'{cls} {name}("{group.name}.{name}", {rng.randint(0, 20)});')
            names.append(name)
            return name

        def int_expr(allow):
            if allow >= READ and rng.chance(0.5):
                return Expr(rng.choice(xs), effect=READ)
            return lit(rng.randint(0, 9))

        runs = []
        kinds = None
        for run in (0, 1):
            pools = {"ints": list(xs), "objs": objs, "cobjs": [], "quiets": quiets}
            # mostly the same instance twice (each one costs compile time)
            call, holes, kinds = self.pack_elements(
                tmpl, pools, int_expr, declare,
                kinds if run and rng.chance(0.7) else None)
            runs.append(Expr(call, holes).render())
        pr = PackRun(f"{tmpl.name}_{number}", tmpl, runs)
        pr.second_run = rng.chance(0.6)
        pr.drop_runs = rng.chance(0.8)
        pr.drops = rng.randint(2, 4)
        pr.drop_offset = rng.randint(0, 3)
        group.lambdas.append(pr)
        group.prints = [f'std::printf("{group.name}.{x} %d\\n", {x});' for x in xs]
        group.prints += [f'std::printf("{group.name}.{k} %d\\n", {k}.v);'
                         for k in objs + quiets]
        return group

    def generate(self):
        rng = self.rng
        count = rng.randint(1, 3)
        functions = []
        for index in range(count, -1, -1):
            functions.insert(0, self.function(index, list(functions)))
        self.program.functions = list(reversed(functions))
        self.program.entry_args = [rng.randint(0, 9), rng.randint(10, 30)]
        self.program.drops = rng.randint(2, 5)
        self.program.drop_offset = rng.randint(0, 7)
        # Last, so that the rest of a seed's program does not depend on it.
        self.lambdas = 0
        if self.on("annotated-lambda", 0.35):
            for number in range(1, (2 if rng.chance(0.1) else 1) + 1):
                self.program.groups.append(self.lambda_group(number, functions))
        if self.on("variadic-pack", 0.4):
            self.pack_templates()
        if self.on("lambda-in-async", 0.35):
            self.inner_lambdas()
        if self.on("lambda-in-async-template", 0.35):
            self.inner_lambdas(in_templates=True)
        return self.program

    # -- annotated lambdas inside annotated functions
    def inner_lambdas(self, in_templates=False):
        """Blocks inserted (after everything else, so `--without
        lambda-in-async` gives the same programs) into blocks where awaits
        may go of the functions that are not templates and of the driver's
        lambdas that are not generic (or, in_templates, of the function
        templates: lambda-in-async-template): an annotated lambda over the
        variables visible there, then one await of a call of it. The
        closure is named only in those two statements: the frame cannot
        keep a closure named after an await."""
        rng = self.rng
        program = self.program
        owners = [f for f in program.functions
                  if isinstance(f, Function) and f.template == in_templates]
        if not in_templates:
            owners += [lam for g in program.groups for lam in g.lambdas
                       if isinstance(lam, Lambda) and not lam.template]
        sites = [b for owner in owners for b in insertion_blocks(owner.body)]
        prefix = "lt" if in_templates else "lz"
        for number in range(1, rng.weighted([(4, 1), (2, 2), (1, 3)]) + 1):
            if not sites:
                break
            block = rng.choice(sites)
            stmt = self.inner_lambda_stmt(f"{prefix}{number}", block.ctx)
            end = len(block.stmts)
            if block.stmts and block.stmts[-1].kind == "return":
                end -= 1
            block.stmts.insert(rng.randint(0, end), stmt)

    def inner_lambda_stmt(self, name, ctx):
        """`{ auto lzN = [captures] UNAWAIT_ASYNC (params) -> ... { body };
        co_await lzN(args); }` over ctx's variables. At most one Obj is
        copied into the closure (the order of a closure's copies is
        unspecified); `[=]` copies only ints and pointers; a const int is
        only copied by name (used without a capture, a constant is not
        captured, and the tool rejects a local the lambda names uncaptured);
        names that are not identifiers (`g2.n`, `arr3[0]`) only through
        `[&]`. In a function template, of the variables whose type depends
        on T only the parameters are captured by name, by copy (read as
        int(a0) like the originals; a structured binding cannot be
        captured in C++17); the others are named through the
        capture-default (clang leaves a template's implicit captures to
        its instances, and the tool completes them: LambdaCaptures.h)."""
        rng = self.rng
        mutable = rng.chance(0.3)
        default = rng.weighted([(3, None), (3, "&"), (2, "=")])
        captures = [default] if default else []
        names = []
        copied_obj = False

        def simple(v):
            return re.fullmatch(r"[A-Za-z_]\w*", v.name) is not None

        def constant(v):
            # (a T initialised from a parameter is never a constant)
            return v.kind == "int" and not v.mutable and not v.loop and not v.dependent

        def capturable(v):
            return simple(v) and not v.placeholder and \
                (not v.dependent or re.fullmatch(r"a\d+", v.name))

        def copy_of(v):
            # A copy of a `const Obj &` is const even in a mutable lambda.
            kind = {"int": "int", "ptr": "ptr"}.get(
                v.kind, "obj" if mutable and v.kind != "cobj" else "cobj")
            # (A copy of a const int stays const too.)
            copy = Var(v.name, kind, mutable=mutable and v.mutable if kind == "int" else True,
                       read=v.read)
            copy.const_copy = not mutable
            return copy

        for v in ctx.names:
            is_obj = v.kind in ("obj", "cobj")
            opts = [(2, None)]
            if capturable(v) and not (is_obj and copied_obj):
                opts.append((3, "copy"))
            if capturable(v) and not constant(v):
                opts.append((3, "ref"))
            how = rng.weighted(opts)
            if how == "copy" and default != "=":
                captures.append(v.name)
            elif how == "ref" and default != "&":
                captures.append("&" + v.name)
            elif how == "copy" and (is_obj or constant(v)):
                # `[=]` copies no Obj, and does not capture a constant it
                # does not odr-use (the tool rejects its name in the body).
                how = None
            if how is None:
                # through the capture-default, if any
                if v.explicit_only or v.placeholder:
                    continue
                if default == "&" and not constant(v):
                    names.append(v)
                elif default == "=" and simple(v) and v.kind in ("int", "ptr") \
                        and not constant(v):
                    names.append(copy_of(v))
                continue
            copied_obj = copied_obj or (how == "copy" and is_obj)
            names.append(copy_of(v) if how == "copy" else v)
        ints = [v.name for v in ctx.names
                if simple(v) and v.kind == "int" and v.mutable and not v.loop]
        for j in range(1, rng.weighted([(5, 0), (2, 1), (1, 2)]) + 1):
            if ints and rng.chance(0.4):
                captures.append(f"&h{j} = {rng.choice(ints)}")
                names.append(Var(f"h{j}", "int"))
            else:
                captures.append(f"e{j} = {rng.randint(0, 9)}")
                names.append(copy_of(Var(f"e{j}", "int")))
        params, args = [], []
        for n in range(rng.weighted([(2, 0), (4, 1), (2, 2)])):
            if ints and rng.chance(0.3):
                params.append(f"int &b{n}")
                args.append(rng.choice(ints))
            else:
                params.append(f"int b{n}")
                reads = [v.read for v in ctx.names if simple(v) and v.kind == "int"]
                args.append(rng.choice(reads) if reads and rng.chance(0.5)
                            else str(rng.randint(0, 9)))
            names.append(Var(f"b{n}", "int"))
        returns_int = "annotated-void" in self.without or rng.chance(0.75)
        lam = Lambda(name, returns_int, [], captures, mutable)
        self.begin_body(lam, ctx.callees, names)
        # The body's own locals (v1, o2...) must not reuse a captured name.
        self.counter = 1000 * int(name[2:])
        body = self.body(rng.randint(1, 3))
        ret = "int" if returns_int else "void"
        call = f"co_await {name}({', '.join(args)})"
        use = (f'std::printf("{ctx.fn.name}.{name} %d\\n", {call});' if returns_int
               else f"{call};")
        return Stmt(["{",
                     f"  auto {name} = [{', '.join(captures)}] UNAWAIT_ASYNC "
                     f"({', '.join(params)}){' mutable' if mutable else ''} "
                     f"-> unawait::Async<{ret}> {{",
                     body, "  };", "  " + use, "}"], kind="block")


def insertion_blocks(block):
    """The blocks under block (itself included) a statement that awaits may
    be inserted into."""
    out = [block] if block.ctx is not None else []
    for s in block.stmts:
        for b in s.blocks():
            out += insertion_blocks(b)
    return out


def generate(seed, without=()):
    return Gen(seed, without).generate()


if __name__ == "__main__":
    import sys
    seed = int(sys.argv[1]) if len(sys.argv) > 1 else 1
    sys.stdout.write(render_tu([generate(seed)]))
