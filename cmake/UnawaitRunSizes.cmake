# cmake -DTOOL=<unawait> -DOUTPUT=<file> -DSOURCES=<a;b> -DFLAGS=<f;g>
#       [-DMAX_FRAME_SIZE=<bytes>] [-DNO_HEAP=ON] -P UnawaitRunSizes.cmake
#
# The size step of unawait_rewrite_sources(): runs `unawait sizes --format=json`
# over SOURCES and writes the report to OUTPUT (a custom command cannot redirect
# standard output portably). With MAX_FRAME_SIZE the tool fails, naming each
# function over the limit, and with NO_HEAP each call whose frame is boxed on
# the heap (--no-heap); OUTPUT is then not written, so the step reruns.
set(command "${TOOL}" sizes ${SOURCES} --format=json)
if(DEFINED MAX_FRAME_SIZE)
  list(APPEND command "--max-frame-size=${MAX_FRAME_SIZE}")
endif()
if(NO_HEAP)
  list(APPEND command --no-heap)
endif()
list(APPEND command -- ${FLAGS})
execute_process(COMMAND ${command} OUTPUT_VARIABLE report RESULT_VARIABLE status)
if(NOT status EQUAL 0)
  file(REMOVE "${OUTPUT}")
  message(FATAL_ERROR "unawait sizes failed (status ${status})")
endif()
file(WRITE "${OUTPUT}" "${report}")
