# unawait_sanitize(<target>): instrument a test or example target with the
# sanitizer chosen by UNAWAIT_SANITIZER. The clang tool itself is never
# instrumented: it links the uninstrumented libclang-cpp.
set(UNAWAIT_SANITIZER_FLAGS "")
if(UNAWAIT_SANITIZER STREQUAL "address")
  set(UNAWAIT_SANITIZER_FLAGS -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer)
elseif(UNAWAIT_SANITIZER STREQUAL "thread")
  set(UNAWAIT_SANITIZER_FLAGS -fsanitize=thread -fno-omit-frame-pointer)
elseif(NOT UNAWAIT_SANITIZER STREQUAL "")
  message(FATAL_ERROR "UNAWAIT_SANITIZER must be empty, 'address' or 'thread', not '${UNAWAIT_SANITIZER}'")
endif()

function(unawait_sanitize target)
  if(UNAWAIT_SANITIZER_FLAGS)
    target_compile_options(${target} PRIVATE ${UNAWAIT_SANITIZER_FLAGS})
    target_link_options(${target} PRIVATE ${UNAWAIT_SANITIZER_FLAGS})
  endif()
endfunction()
