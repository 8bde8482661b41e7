# cmake -DCONSUMER=<examples/cmake-consumer> -DPREFIX=<install> -DGENERATOR=<g>
#       -DWORK=<dir> -P depfile_rebuild.cmake
# Builds a copy of the consumer, checks its size report (REPORT: the sensor's
# functions, none boxed), then: a rebuild with no change reruns no rewrite
# and no size step; touching a header the annotated source includes
# (app_config.hpp, which no rule names: the build knows it through the
# depfiles) reruns that rewrite and the size step (REPORT, MAX_FRAME_SIZE,
# NO_HEAP), so that the report and its gates are never stale. The rewrites
# carry what the consumer asks for: #line directives (LINE_DIRECTIVES) and
# size assertions (SIZE_ASSERTS).
file(REMOVE_RECURSE "${WORK}")
file(COPY "${CONSUMER}/" DESTINATION "${WORK}/src")

function(run)
  execute_process(COMMAND ${ARGN} OUTPUT_VARIABLE out ERROR_VARIABLE out
                  RESULT_VARIABLE status)
  if(NOT status EQUAL 0)
    message(FATAL_ERROR "${ARGN} failed (${status}):\n${out}")
  endif()
  set(out "${out}" PARENT_SCOPE)
endfunction()

# The REPORT names the sensor's async functions (from the source and from
# both rewritten headers), and boxes none of them: NO_HEAP's promise, as the
# report shows it to CI.
function(check_report path)
  file(READ "${path}" report)
  string(JSON count LENGTH "${report}" functions)
  math(EXPR last "${count} - 1")
  set(names "")
  foreach(i RANGE ${last})
    string(JSON name GET "${report}" functions ${i} qualified_name)
    string(JSON boxes GET "${report}" functions ${i} boxes)
    if(NOT boxes EQUAL 0)
      message(FATAL_ERROR "${path}: ${name} has ${boxes} boxes")
    endif()
    list(APPEND names "${name}")
  endforeach()
  foreach(expected "sensor::(anonymous namespace)::pipeline" sensor::read_sensor sensor::interrupt_after sensor::sample
                   sensor::read_within)
    list(FIND names "${expected}" at) # a -P script has no IN_LIST (CMP0057)
    if(at EQUAL -1)
      message(FATAL_ERROR "${path} does not list ${expected}: it lists ${names}")
    endif()
  endforeach()
endfunction()

# LINE_DIRECTIVES: #line back to the source; SIZE_ASSERTS: a static_assert
# of each frame's size (in the source and in a rewritten header).
function(check_rewrite_options rewrites)
  file(READ "${rewrites}/src/pipeline.cpp" source)
  if(NOT source MATCHES "\n#line [0-9]+ \"[^\"\n]*/src/pipeline\\.cpp\"\n")
    message(FATAL_ERROR "LINE_DIRECTIVES: no #line to src/pipeline.cpp in its rewrite")
  endif()
  foreach(rewrite src/pipeline.cpp include/sensor/sensor.hpp)
    file(READ "${rewrites}/${rewrite}" text)
    if(NOT text MATCHES "static_assert\\(sizeof\\(")
      message(FATAL_ERROR "SIZE_ASSERTS: the rewrite of ${rewrite} asserts no frame size")
    endif()
  endforeach()
endfunction()

run("${CMAKE_COMMAND}" -S "${WORK}/src" -B "${WORK}/build" -G "${GENERATOR}"
    "-DCMAKE_PREFIX_PATH=${PREFIX}")
set(sizes_step "unawait: frame sizes of sensor_pipeline")
run("${CMAKE_COMMAND}" --build "${WORK}/build")
if(NOT out MATCHES "rewriting unawait/sensor_pipeline/src/pipeline.cpp")
  message(FATAL_ERROR "the first build did not rewrite pipeline.cpp:\n${out}")
endif()
if(NOT out MATCHES "${sizes_step}")
  message(FATAL_ERROR "the first build did not run the size step:\n${out}")
endif()
check_report("${WORK}/build/sensor_pipeline.sizes.json")
check_rewrite_options("${WORK}/build/unawait/sensor_pipeline")
run("${CMAKE_COMMAND}" --build "${WORK}/build")
if(out MATCHES "rewriting|${sizes_step}")
  message(FATAL_ERROR "a build with nothing changed reran a rewrite or the size step:\n${out}")
endif()
# Make compares timestamps at one-second resolution on some file systems.
execute_process(COMMAND "${CMAKE_COMMAND}" -E sleep 1)
file(TOUCH "${WORK}/src/src/app_config.hpp")
run("${CMAKE_COMMAND}" --build "${WORK}/build")
if(NOT out MATCHES "rewriting unawait/sensor_pipeline/src/pipeline.cpp")
  message(FATAL_ERROR "touching app_config.hpp did not rerun the rewrite:\n${out}")
endif()
if(NOT out MATCHES "${sizes_step}")
  message(FATAL_ERROR "touching app_config.hpp did not rerun the size step:\n${out}")
endif()
message(STATUS "${GENERATOR}: the rewrite and the size step follow their depfiles")
