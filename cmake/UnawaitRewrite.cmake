# Rewrite annotated C++20 async functions into C++17 state machines at build
# time. Included by the unawait project itself and by find_package(unawait).
#
#   unawait_rewrite_sources(<target> <source>...
#       [HEADERS <header>...]       # headers with annotated functions, rewritten too
#       [LINE_DIRECTIVES]           # --line-directives: errors point at the sources
#       [SIZE_ASSERTS]              # --emit-size-asserts: static_assert every frame size
#       [REPORT <file.json>]        # the target's JSON size report, a build step
#       [MAX_FRAME_SIZE <bytes>]    # fail the build when a frame is larger
#       [NO_HEAP])                  # fail the build when a frame is boxed on the heap
#
# rewrites each annotated <source> into ${CMAKE_CURRENT_BINARY_DIR}/unawait/<target>/
# and adds the result to <target> (list the annotated sources here, not in
# add_executable/add_library). The parse uses the target's include directories
# and compile definitions (also those its linked targets give it) with
# -std=c++20 and the runtime's headers; the rewritten files are compiled with
# the target's own flags, as C++17 or later. Each rewrite, and the size step,
# writes a depfile, so Ninja and Make rerun it when an included header changes.
#
# A rewritten header lands in the same tree, in a directory searched before the
# original one, so the rewritten sources (and every other source of the target)
# include the rewritten header; the original directory of each source stays on
# the quoted include path (-iquote) for the headers next to it.
#
#   unawait_rewrite(<out> <in> [INCLUDE_DIRECTORIES dir...] [DEFINITIONS def...]
#                   [COMPILER_ARGS arg...] [DEPENDS file...])
#
# is the one-file form: a custom command that writes OUT from IN, for a target
# you assemble yourself. Relative IN is taken from the current source
# directory, relative OUT from the current binary directory. The parse flags
# are `-std=c++20 -I<runtime include> -I<dir>... -D<def>...` unless
# COMPILER_ARGS is given.
#
# The tool is the `unawait` target of this build when there is one, else the
# imported unawait::unawait of the installed package, else the executable in
# the cache variable UNAWAIT_EXECUTABLE. On an error the tool writes nothing,
# so a failed rewrite fails the build and leaves no stale output behind.
include_guard(GLOBAL)

# The installed package sets it before including this file.
if(NOT DEFINED UNAWAIT_RUNTIME_INCLUDE_DIR)
  set(UNAWAIT_RUNTIME_INCLUDE_DIR "${CMAKE_CURRENT_LIST_DIR}/../runtime/include")
  cmake_path(NORMAL_PATH UNAWAIT_RUNTIME_INCLUDE_DIR)
endif()
# Global properties: the functions run in their callers' scopes, which need
# not see this file's variables (add_subdirectory, include_guard).
set_property(GLOBAL PROPERTY UNAWAIT_RUNTIME_INCLUDE_DIR "${UNAWAIT_RUNTIME_INCLUDE_DIR}")
set_property(GLOBAL PROPERTY UNAWAIT_RUN_SIZES "${CMAKE_CURRENT_LIST_DIR}/UnawaitRunSizes.cmake")
set(UNAWAIT_EXECUTABLE "" CACHE FILEPATH
    "unawait tool used by unawait_rewrite() when this build has no `unawait` target")

# True (in <var>) when unawait_rewrite() has a tool to run.
function(unawait_rewrite_available var)
  if(TARGET unawait OR TARGET unawait::unawait OR UNAWAIT_EXECUTABLE)
    set(${var} TRUE PARENT_SCOPE)
  else()
    set(${var} FALSE PARENT_SCOPE)
  endif()
endfunction()

# The tool to run (in <tool_var>) and what a command running it depends on.
function(_unawait_tool tool_var dependency_var)
  if(TARGET unawait)
    set(${tool_var} "$<TARGET_FILE:unawait>" PARENT_SCOPE)
    set(${dependency_var} unawait PARENT_SCOPE)
  elseif(TARGET unawait::unawait)
    set(${tool_var} "$<TARGET_FILE:unawait::unawait>" PARENT_SCOPE)
    set(${dependency_var} unawait::unawait PARENT_SCOPE)
  elseif(UNAWAIT_EXECUTABLE)
    set(${tool_var} "${UNAWAIT_EXECUTABLE}" PARENT_SCOPE)
    set(${dependency_var} "${UNAWAIT_EXECUTABLE}" PARENT_SCOPE)
  else()
    message(FATAL_ERROR "unawait: no unawait tool: build it (UNAWAIT_BUILD_TOOL=ON), "
                        "install it with the package, or set UNAWAIT_EXECUTABLE")
  endif()
endfunction()

function(unawait_rewrite out in)
  cmake_parse_arguments(PARSE_ARGV 2 ARG "" "" "INCLUDE_DIRECTORIES;DEFINITIONS;COMPILER_ARGS;DEPENDS")
  if(ARG_UNPARSED_ARGUMENTS)
    message(FATAL_ERROR "unawait_rewrite: unexpected arguments: ${ARG_UNPARSED_ARGUMENTS}")
  endif()

  _unawait_tool(tool tool_dependency)
  cmake_path(ABSOLUTE_PATH in BASE_DIRECTORY "${CMAKE_CURRENT_SOURCE_DIR}" NORMALIZE)
  cmake_path(ABSOLUTE_PATH out BASE_DIRECTORY "${CMAKE_CURRENT_BINARY_DIR}" NORMALIZE)

  if(ARG_COMPILER_ARGS)
    set(flags ${ARG_COMPILER_ARGS})
  else()
    get_property(runtime_include GLOBAL PROPERTY UNAWAIT_RUNTIME_INCLUDE_DIR)
    set(flags -std=c++20 "-I${runtime_include}")
    foreach(dir IN LISTS ARG_INCLUDE_DIRECTORIES)
      cmake_path(ABSOLUTE_PATH dir BASE_DIRECTORY "${CMAKE_CURRENT_SOURCE_DIR}" NORMALIZE)
      list(APPEND flags "-I${dir}")
    endforeach()
    foreach(def IN LISTS ARG_DEFINITIONS)
      list(APPEND flags "-D${def}")
    endforeach()
  endif()

  _unawait_add_rewrite("${out}" "${in}" "${tool}" "${tool_dependency}" "${flags}" ""
                       ${ARG_DEPENDS})
endfunction()

# -I/-D flags from <target>'s build properties, as generator expressions
# (evaluated with the usage requirements of what <target> links), without the
# directories of rewritten headers below <root>: the parse reads the original
# C++20 headers, and must not depend on the outputs of other rewrites.
function(_unawait_target_parse_flags var target root)
  string(REGEX REPLACE "([][+.*()^$?|\\\\])" "\\\\\\1" root_regex "${root}")
  set(incs "$<FILTER:$<TARGET_PROPERTY:${target},INCLUDE_DIRECTORIES>,EXCLUDE,^${root_regex}>")
  set(defs "$<TARGET_PROPERTY:${target},COMPILE_DEFINITIONS>")
  set(${var}
      "$<$<BOOL:${incs}>:-I$<JOIN:${incs},$<SEMICOLON>-I>>"
      "$<$<BOOL:${defs}>:-D$<JOIN:${defs},$<SEMICOLON>-D>>"
      PARENT_SCOPE)
endfunction()

# Where the rewrite of <file> goes: <root>/<path relative to the source dir>,
# or <root>/external/<name> for a file outside it.
function(_unawait_rewritten_path var root file)
  cmake_path(IS_PREFIX CMAKE_CURRENT_SOURCE_DIR "${file}" NORMALIZE inside)
  if(inside)
    cmake_path(RELATIVE_PATH file BASE_DIRECTORY "${CMAKE_CURRENT_SOURCE_DIR}" OUTPUT_VARIABLE rel)
  else()
    cmake_path(GET file FILENAME name)
    set(rel "external/${name}")
  endif()
  set(${var} "${root}/${rel}" PARENT_SCOPE)
endfunction()

# Where the rewrite of <header> goes (in <out_var>) and the directory to search
# for it (in <include_var>): if one of <target>'s include directories holds the
# header, the rewrite keeps its path below that directory, so that
# `#include "lib/x.hpp"` finds the rewrite; otherwise it goes beside the
# rewritten sources.
function(_unawait_rewritten_header out_var include_var target root header)
  get_target_property(dirs ${target} INCLUDE_DIRECTORIES)
  foreach(dir IN LISTS dirs)
    if(dir MATCHES "\\$<")
      continue()
    endif()
    cmake_path(ABSOLUTE_PATH dir BASE_DIRECTORY "${CMAKE_CURRENT_SOURCE_DIR}" NORMALIZE)
    cmake_path(IS_PREFIX dir "${header}" NORMALIZE inside)
    if(inside)
      cmake_path(RELATIVE_PATH header BASE_DIRECTORY "${dir}" OUTPUT_VARIABLE rel)
      set(${out_var} "${root}/include/${rel}" PARENT_SCOPE)
      set(${include_var} "${root}/include" PARENT_SCOPE)
      return()
    endif()
  endforeach()
  _unawait_rewritten_path(out "${root}" "${header}")
  cmake_path(GET out PARENT_PATH out_dir)
  set(${out_var} "${out}" PARENT_SCOPE)
  set(${include_var} "${out_dir}" PARENT_SCOPE)
endfunction()

# The rewrite command of both functions: OUT from IN, rerun when IN, the tool,
# a header in its depfile or an extra dependency (ARGN) changes.
function(_unawait_add_rewrite out in tool tool_dependency flags options)
  cmake_path(GET out PARENT_PATH out_dir)
  cmake_path(RELATIVE_PATH out BASE_DIRECTORY "${CMAKE_BINARY_DIR}" OUTPUT_VARIABLE out_rel)
  add_custom_command(
    OUTPUT "${out}"
    COMMAND "${CMAKE_COMMAND}" -E make_directory "${out_dir}"
    COMMAND "${tool}" rewrite "${in}" -o "${out}" --depfile "${out}.d" ${options} -- ${flags}
    DEPENDS "${in}" ${tool_dependency} ${ARGN}
    DEPFILE "${out}.d"
    COMMENT "unawait: rewriting ${out_rel}"
    COMMAND_EXPAND_LISTS
    VERBATIM)
endfunction()

function(unawait_rewrite_sources target)
  cmake_parse_arguments(PARSE_ARGV 1 ARG "LINE_DIRECTIVES;SIZE_ASSERTS;NO_HEAP"
                        "REPORT;MAX_FRAME_SIZE" "HEADERS")
  set(sources ${ARG_UNPARSED_ARGUMENTS})
  if(NOT TARGET "${target}")
    message(FATAL_ERROR "unawait_rewrite_sources: '${target}' is not a target")
  endif()
  if(NOT sources AND NOT ARG_HEADERS)
    message(FATAL_ERROR "unawait_rewrite_sources(${target}): no sources given")
  endif()
  _unawait_tool(tool tool_dependency)
  set(root "${CMAKE_CURRENT_BINARY_DIR}/unawait/${target}")
  _unawait_target_parse_flags(target_flags ${target} "${root}")
  get_property(runtime_include GLOBAL PROPERTY UNAWAIT_RUNTIME_INCLUDE_DIR)
  set(flags -std=c++20 "-I${runtime_include}" ${target_flags})
  set(options "")
  if(ARG_LINE_DIRECTIVES)
    list(APPEND options --line-directives)
  endif()
  if(ARG_SIZE_ASSERTS)
    list(APPEND options --emit-size-asserts)
  endif()

  foreach(header IN LISTS ARG_HEADERS)
    cmake_path(ABSOLUTE_PATH header BASE_DIRECTORY "${CMAKE_CURRENT_SOURCE_DIR}" NORMALIZE)
    _unawait_rewritten_header(out include_dir ${target} "${root}" "${header}")
    _unawait_add_rewrite("${out}" "${header}" "${tool}" "${tool_dependency}" "${flags}" "${options}")
    target_sources(${target} PRIVATE "${out}")
    # Searched before the original directory, by every source of the target.
    target_include_directories(${target} BEFORE PRIVATE "${include_dir}")
  endforeach()
  foreach(source IN LISTS sources)
    cmake_path(ABSOLUTE_PATH source BASE_DIRECTORY "${CMAKE_CURRENT_SOURCE_DIR}" NORMALIZE)
    _unawait_rewritten_path(out "${root}" "${source}")
    _unawait_add_rewrite("${out}" "${source}" "${tool}" "${tool_dependency}" "${flags}" "${options}")
    target_sources(${target} PRIVATE "${out}")
    cmake_path(GET source PARENT_PATH source_dir)
    set_property(SOURCE "${out}" APPEND PROPERTY COMPILE_OPTIONS "-iquote${source_dir}")
  endforeach()

  if(ARG_REPORT OR ARG_MAX_FRAME_SIZE OR ARG_NO_HEAP)
    _unawait_add_size_steps(${target} "${tool}" "${tool_dependency}" "${flags}"
                            "${ARG_REPORT}" "${ARG_MAX_FRAME_SIZE}" "${ARG_NO_HEAP}"
                            ${ARG_HEADERS} ${sources})
  endif()
endfunction()

# The REPORT, MAX_FRAME_SIZE and NO_HEAP build steps of
# unawait_rewrite_sources(): one `unawait sizes` over the target's annotated
# sources, run before the target is built, and again when one of them or a
# header they include changes (its depfile).
function(_unawait_add_size_steps target tool tool_dependency flags report max no_heap)
  get_property(run_sizes GLOBAL PROPERTY UNAWAIT_RUN_SIZES)
  set(sources ${ARGN})
  list(TRANSFORM sources PREPEND "${CMAKE_CURRENT_SOURCE_DIR}/" REGEX "^[^/]")
  if(report)
    cmake_path(ABSOLUTE_PATH report BASE_DIRECTORY "${CMAKE_CURRENT_BINARY_DIR}" NORMALIZE)
    set(stamp "${report}")
  else()
    set(stamp "${CMAKE_CURRENT_BINARY_DIR}/unawait/${target}.sizes.stamp")
  endif()
  set(gates "")
  if(max)
    list(APPEND gates "-DMAX_FRAME_SIZE=${max}")
  endif()
  if(no_heap)
    list(APPEND gates -DNO_HEAP=ON)
  endif()
  add_custom_command(
    OUTPUT "${stamp}"
    COMMAND "${CMAKE_COMMAND}" "-DTOOL=${tool}" "-DOUTPUT=${stamp}" "-DDEPFILE=${stamp}.d"
            ${gates} "-DSOURCES=${sources}" "-DFLAGS=${flags}" -P "${run_sizes}"
    DEPENDS ${sources} ${tool_dependency} "${run_sizes}"
    DEPFILE "${stamp}.d"
    COMMENT "unawait: frame sizes of ${target}"
    VERBATIM)
  add_custom_target(${target}_unawait_sizes DEPENDS "${stamp}")
  add_dependencies(${target} ${target}_unawait_sizes)
endfunction()
