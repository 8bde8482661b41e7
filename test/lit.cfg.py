# lit configuration for unawait's tool tests. Tools come from the build's own
# bin directory (the unawait binary) and from LLVM's (FileCheck, not).
import os

import lit.formats
from lit.llvm import llvm_config

config.name = "unawait"
config.test_format = lit.formats.ShTest(not llvm_config.use_lit_shell)
config.suffixes = [".cpp", ".test"]
config.test_source_root = os.path.join(config.unawait_src_root, "test", "lit")
config.test_exec_root = os.path.join(config.unawait_obj_root, "test", "lit")
config.excludes = ["Inputs"]

llvm_config.with_system_environment(["HOME", "TMPDIR", "PATH"])
llvm_config.use_default_substitutions()
llvm_config.add_tool_substitutions(
    ["unawait"], [config.unawait_tools_dir])
llvm_config.add_tool_substitutions(
    ["FileCheck", "not", "count"], [config.llvm_tools_dir])

# The Python test tooling (pyproject.toml), run from the source tree.
python_dir = os.path.join(config.unawait_src_root, "python")
config.environment["PYTHONPATH"] = python_dir
unawait_bin = os.path.join(config.unawait_tools_dir, "unawait")
config.substitutions.append(("%runtime_include", config.runtime_include))
config.substitutions.append(("%unawait_bin", unawait_bin))
config.substitutions.append(
    ("%clang_format", os.path.join(config.llvm_tools_dir, "clang-format")))
config.substitutions.append(("%python", config.python_executable))
config.substitutions.append(("%src_root", config.unawait_src_root))
# %difftest FILE: rewrite, build the coroutine and the rewritten program
# (g++ and clang++, C++17, under ASan+UBSan, with libc++), run all, compare
# outputs; the rewritten builds must give no warning of the rewrite under
# the strict flags, and the generated code must be clang-format-clean. The
# clang++ builds share precompiled runtime and standard headers (precompiled.py).
config.substitutions.append((
    "%difftest",
    f"{config.python_executable} -m unawait_testing.difftest"
    f" --unawait {unawait_bin} --runtime-include {config.runtime_include}"
    f" --clangxx {config.clangxx} --gxx {config.gxx}"
    f" --clang-format {os.path.join(config.llvm_tools_dir, 'clang-format')}"
    f" --pch-cache {os.path.join(config.test_exec_root, 'precompiled')}"
    f" --workdir %t.dir"))
# %strict_warnings INPUT...: what %difftest checks of warnings, for sources
# that are no %difftest (the examples): rewrite each input, compile the
# rewrite under -Wall -Wextra -Wpedantic -Wshadow -Wconversion with g++,
# clang++ and clang++ -stdlib=libc++; fail on a warning the input's own
# compile lacks.
config.substitutions.append((
    "%strict_warnings",
    f"{config.python_executable} -m unawait_testing.strict_warnings"
    f" --unawait {unawait_bin} --runtime-include {config.runtime_include}"
    f" --clangxx {config.clangxx} --gxx {config.gxx}"
    f" --workdir %t.dir"))
# %golden FILE: the part of `unawait rewrite --line-directives` output that
# FILE's `// golden begin` ... `// golden end` lines became.
config.substitutions.append((
    "%golden", f"{config.python_executable} -m unawait_testing.golden_region"))
# %drop_checks: the rewrite of a test without its own `// CHECK:` lines,
# which FileCheck would otherwise match (see drop_checks.py).
config.substitutions.append((
    "%drop_checks", f"{config.python_executable} -m unawait_testing.drop_checks"))
# %cxx17: compile rewritten output as C++17 with clang++.
config.substitutions.append((
    "%clangxx17", f"{config.clangxx} -std=c++17 -Wall -Wextra -Werror -I{config.runtime_include}"))
config.substitutions.append((
    "%gxx17", f"{config.gxx} -std=c++17 -Wall -Wextra -Werror -I{config.runtime_include}"))
