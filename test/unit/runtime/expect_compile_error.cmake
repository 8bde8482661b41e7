# cmake -DCOMPILER=... -DSOURCE=... -DINCLUDE_DIR=... -DEXPECTED=... -P expect_compile_error.cmake
# Passes when SOURCE fails to compile as C++20 with a diagnostic containing EXPECTED.
execute_process(
  COMMAND ${COMPILER} -std=c++20 -fsyntax-only -I${INCLUDE_DIR} ${SOURCE}
  RESULT_VARIABLE compiled
  ERROR_VARIABLE diagnostics)
if(compiled EQUAL 0)
  message(FATAL_ERROR "${SOURCE} compiled, but it must not")
endif()
string(FIND "${diagnostics}" "${EXPECTED}" found)
if(found EQUAL -1)
  message(FATAL_ERROR "the diagnostics of ${SOURCE} lack \"${EXPECTED}\":\n${diagnostics}")
endif()
