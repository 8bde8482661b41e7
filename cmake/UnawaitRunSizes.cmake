# cmake -DTOOL=<unawait> -DOUTPUT=<file> -DDEPFILE=<file> -DSOURCES=<a;b> -DFLAGS=<f;g>
#       [-DMAX_FRAME_SIZE=<bytes>] [-DNO_HEAP=ON] -P UnawaitRunSizes.cmake
#
# The size step of unawait_rewrite_sources(): runs `unawait sizes --format=json`
# over SOURCES, which writes the report to OUTPUT and, in DEPFILE, every header
# the parses read, so that the build reruns the step when one changes. With
# MAX_FRAME_SIZE the tool fails, naming each function over the limit, and with
# NO_HEAP each call whose frame is boxed on the heap (--no-heap); it then
# writes neither file, and the stale report of an earlier run is removed, so
# the step reruns.
set(command "${TOOL}" sizes ${SOURCES} --format=json -o "${OUTPUT}" --depfile "${DEPFILE}")
if(DEFINED MAX_FRAME_SIZE)
  list(APPEND command "--max-frame-size=${MAX_FRAME_SIZE}")
endif()
if(NO_HEAP)
  list(APPEND command --no-heap)
endif()
list(APPEND command -- ${FLAGS})
execute_process(COMMAND ${command} RESULT_VARIABLE status)
if(NOT status EQUAL 0)
  file(REMOVE "${OUTPUT}")
  message(FATAL_ERROR "unawait sizes failed (status ${status})")
endif()
