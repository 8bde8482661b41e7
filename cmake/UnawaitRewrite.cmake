# unawait_rewrite(<out> <in> ...): rewrite a source file at build time.
#
#   include(UnawaitRewrite)
#   unawait_rewrite(${CMAKE_CURRENT_BINARY_DIR}/rewritten/job.cpp src/job.cpp
#                   [INCLUDE_DIRECTORIES dir...]   # added to the parse, after the runtime's
#                   [DEFINITIONS NAME[=VALUE]...]  # -D for the parse
#                   [COMPILER_ARGS arg...]         # replaces the default parse flags entirely
#                   [DEPENDS file...])             # headers IN includes (re-run when they change)
#   add_executable(job ${CMAKE_CURRENT_BINARY_DIR}/rewritten/job.cpp)
#   target_link_libraries(job PRIVATE unawait::runtime)
#   target_compile_features(job PRIVATE cxx_std_17)
#
# Adds a custom command that runs `unawait rewrite IN -- <flags> -o OUT`
# whenever IN, the tool or a DEPENDS file changes. So one source, written as
# annotated C++20 async functions, can be compiled both as coroutines (IN) and
# as C++17 state machines (OUT). Relative IN is taken from the current source
# directory, relative OUT from the current binary directory.
#
# The parse flags are `-std=c++20 -I<runtime include> -I<dir>... -D<def>...`
# unless COMPILER_ARGS is given. A quoted #include next to IN is found without
# help. The tool is the `unawait` target of this build when there is one,
# otherwise the executable in the cache variable UNAWAIT_EXECUTABLE (an
# installed or separately built tool).
#
# On an error the tool writes nothing, so a failed rewrite fails the build and
# leaves no stale OUT behind.
include_guard(GLOBAL)

set(UNAWAIT_RUNTIME_INCLUDE_DIR "${CMAKE_CURRENT_LIST_DIR}/../runtime/include")
cmake_path(NORMAL_PATH UNAWAIT_RUNTIME_INCLUDE_DIR)
set(UNAWAIT_EXECUTABLE "" CACHE FILEPATH
    "unawait tool used by unawait_rewrite() when this build has no `unawait` target")

# True (in <var>) when unawait_rewrite() has a tool to run.
function(unawait_rewrite_available var)
  if(TARGET unawait OR UNAWAIT_EXECUTABLE)
    set(${var} TRUE PARENT_SCOPE)
  else()
    set(${var} FALSE PARENT_SCOPE)
  endif()
endfunction()

function(unawait_rewrite out in)
  cmake_parse_arguments(PARSE_ARGV 2 ARG "" "" "INCLUDE_DIRECTORIES;DEFINITIONS;COMPILER_ARGS;DEPENDS")
  if(ARG_UNPARSED_ARGUMENTS)
    message(FATAL_ERROR "unawait_rewrite: unexpected arguments: ${ARG_UNPARSED_ARGUMENTS}")
  endif()

  if(TARGET unawait)
    set(tool "$<TARGET_FILE:unawait>")
    set(tool_dependency unawait)
  elseif(UNAWAIT_EXECUTABLE)
    set(tool "${UNAWAIT_EXECUTABLE}")
    set(tool_dependency "${UNAWAIT_EXECUTABLE}")
  else()
    message(FATAL_ERROR "unawait_rewrite: no unawait tool: build it (UNAWAIT_BUILD_TOOL=ON) "
                        "or set UNAWAIT_EXECUTABLE")
  endif()

  cmake_path(ABSOLUTE_PATH in BASE_DIRECTORY "${CMAKE_CURRENT_SOURCE_DIR}" NORMALIZE)
  cmake_path(ABSOLUTE_PATH out BASE_DIRECTORY "${CMAKE_CURRENT_BINARY_DIR}" NORMALIZE)
  cmake_path(GET out PARENT_PATH out_dir)

  if(ARG_COMPILER_ARGS)
    set(flags ${ARG_COMPILER_ARGS})
  else()
    set(flags -std=c++20 "-I${UNAWAIT_RUNTIME_INCLUDE_DIR}")
    foreach(dir IN LISTS ARG_INCLUDE_DIRECTORIES)
      cmake_path(ABSOLUTE_PATH dir BASE_DIRECTORY "${CMAKE_CURRENT_SOURCE_DIR}" NORMALIZE)
      list(APPEND flags "-I${dir}")
    endforeach()
    foreach(def IN LISTS ARG_DEFINITIONS)
      list(APPEND flags "-D${def}")
    endforeach()
  endif()

  # Make generators can also scan IN's #includes; others rely on DEPENDS.
  set(implicit "")
  if(CMAKE_GENERATOR MATCHES "Make")
    set(implicit IMPLICIT_DEPENDS CXX "${in}")
  endif()

  cmake_path(RELATIVE_PATH out BASE_DIRECTORY "${CMAKE_BINARY_DIR}" OUTPUT_VARIABLE out_rel)
  add_custom_command(
    OUTPUT "${out}"
    COMMAND "${CMAKE_COMMAND}" -E make_directory "${out_dir}"
    COMMAND "${tool}" rewrite "${in}" -o "${out}" -- ${flags}
    DEPENDS "${in}" ${tool_dependency} ${ARG_DEPENDS}
    ${implicit}
    COMMENT "unawait: rewriting ${out_rel}"
    VERBATIM)
endfunction()
