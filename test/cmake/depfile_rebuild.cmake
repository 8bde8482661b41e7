# cmake -DCONSUMER=<examples/cmake-consumer> -DPREFIX=<install> -DGENERATOR=<g>
#       -DWORK=<dir> -P depfile_rebuild.cmake
# Builds a copy of the consumer, then: a rebuild with no change reruns no
# rewrite; touching a header the annotated source includes (app_config.hpp,
# which no rule names: the build knows it through the rewrite's depfile)
# reruns that rewrite.
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

run("${CMAKE_COMMAND}" -S "${WORK}/src" -B "${WORK}/build" -G "${GENERATOR}"
    "-DCMAKE_PREFIX_PATH=${PREFIX}")
run("${CMAKE_COMMAND}" --build "${WORK}/build")
if(NOT out MATCHES "rewriting unawait/sensor_pipeline/src/pipeline.cpp")
  message(FATAL_ERROR "the first build did not rewrite pipeline.cpp:\n${out}")
endif()
run("${CMAKE_COMMAND}" --build "${WORK}/build")
if(out MATCHES "rewriting")
  message(FATAL_ERROR "a build with nothing changed reran a rewrite:\n${out}")
endif()
# Make compares timestamps at one-second resolution on some file systems.
execute_process(COMMAND "${CMAKE_COMMAND}" -E sleep 1)
file(TOUCH "${WORK}/src/src/app_config.hpp")
run("${CMAKE_COMMAND}" --build "${WORK}/build")
if(NOT out MATCHES "rewriting unawait/sensor_pipeline/src/pipeline.cpp")
  message(FATAL_ERROR "touching app_config.hpp did not rerun the rewrite:\n${out}")
endif()
message(STATUS "${GENERATOR}: the rewrite follows its depfile")
