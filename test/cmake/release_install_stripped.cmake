# cmake -DBUILD_DIR=<a build of unawait, not Release> -DWORK=<dir>
#       -DREADELF=<readelf> -DUNSTRIPPED=<its tool, installed as built>
#       -P release_install_stripped.cmake
# The build installed as Release: the installed tool carries no symbol
# table and no debug information (docs/cmake.md), and still works.
# UNSTRIPPED, the same tool installed in the build's own configuration,
# shows that the check sees symbols where there are some.
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

symbol_sections(sections "${UNSTRIPPED}")
if(NOT sections)
  message(FATAL_ERROR "the check found no symbols in ${UNSTRIPPED}, which has them")
endif()

file(REMOVE_RECURSE "${WORK}")
run("${CMAKE_COMMAND}" --install "${BUILD_DIR}" --config Release --prefix "${WORK}/prefix")

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
