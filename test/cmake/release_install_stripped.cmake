# cmake -DSOURCE_DIR=<unawait> -DWORK=<dir> -DGENERATOR=<g> -DREADELF=<readelf>
#       -DCXX=<c++> -DCC=<cc> [-DLAUNCHER=<ccache>] [-DUNSTRIPPED=<a binary with symbols>]
#       -P release_install_stripped.cmake
# A Release build of unawait, installed: the installed tool carries no
# symbol table and no debug information (docs/cmake.md), and still works.
# Only the configuration's name decides the stripping, so the build
# optimises nothing (-O0): the test then costs a compile of the tool, not an
# optimised one. UNSTRIPPED, the tool of a build that is not Release, shows
# that the check sees symbols where there are some.
function(run)
  execute_process(COMMAND ${ARGN} OUTPUT_VARIABLE out ERROR_VARIABLE out
                  RESULT_VARIABLE status)
  if(NOT status EQUAL 0)
    message(FATAL_ERROR "${ARGN} failed (${status}):\n${out}")
  endif()
  set(out "${out}" PARENT_SCOPE)
endfunction()

# In <var>, the sections of <binary> that a stripped binary lacks.
function(symbol_sections var binary)
  run("${READELF}" -S --wide "${binary}")
  string(REGEX MATCHALL "\\.symtab|\\.debug_[a-z_]+" sections "${out}")
  set(${var} "${sections}" PARENT_SCOPE)
endfunction()

if(UNSTRIPPED)
  symbol_sections(sections "${UNSTRIPPED}")
  if(NOT sections)
    message(FATAL_ERROR "the check found no symbols in ${UNSTRIPPED}, which has them")
  endif()
endif()

file(REMOVE_RECURSE "${WORK}")
set(options -DCMAKE_BUILD_TYPE=Release "-DCMAKE_CXX_FLAGS_RELEASE=-O0 -DNDEBUG"
            -DCMAKE_CXX_COMPILER=${CXX} -DCMAKE_C_COMPILER=${CC}
            -DUNAWAIT_BUILD_TESTS=OFF -DUNAWAIT_BUILD_BENCHMARKS=OFF)
if(LAUNCHER)
  list(APPEND options "-DCMAKE_CXX_COMPILER_LAUNCHER=${LAUNCHER}")
endif()
run("${CMAKE_COMMAND}" -S "${SOURCE_DIR}" -B "${WORK}/build" -G "${GENERATOR}" ${options})
run("${CMAKE_COMMAND}" --build "${WORK}/build" --parallel 2)
run("${CMAKE_COMMAND}" --install "${WORK}/build" --prefix "${WORK}/prefix")

set(tool "${WORK}/prefix/bin/unawait")
symbol_sections(sections "${tool}")
if(sections)
  message(FATAL_ERROR "the Release install of ${tool} is not stripped: it has ${sections}")
endif()
file(WRITE "${WORK}/check.cpp"
     "#include <unawait/unawait.hpp>\nUNAWAIT_ASYNC unawait::Async<int> f() { co_return 1; }\n")
run("${tool}" rewrite "${WORK}/check.cpp")
if(NOT out MATCHES "f_future")
  message(FATAL_ERROR "the stripped tool did not rewrite a file: ${out}")
endif()
message(STATUS "the Release install of the tool is stripped, and works")
