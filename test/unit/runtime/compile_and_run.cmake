# cmake -DCOMPILER=... -DSOURCE=... -DINCLUDE_DIR=... -DOUTPUT=... -P compile_and_run.cmake
# Compiles one GoogleTest source as C++20 with COMPILER, then runs it.
execute_process(
  COMMAND ${COMPILER} -std=c++20 -Wall -Wextra -Werror -DUNAWAIT_CHECKED -I${INCLUDE_DIR}
          ${SOURCE} -o ${OUTPUT} -lgtest -lgtest_main -pthread
  RESULT_VARIABLE compiled)
if(NOT compiled EQUAL 0)
  message(FATAL_ERROR "compiling ${SOURCE} with ${COMPILER} failed")
endif()
execute_process(COMMAND ${OUTPUT} RESULT_VARIABLE ran)
if(NOT ran EQUAL 0)
  message(FATAL_ERROR "${OUTPUT} failed")
endif()
