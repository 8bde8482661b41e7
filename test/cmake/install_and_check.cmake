# cmake -DBUILD_DIR=<build> -DPREFIX=<dir> -P install_and_check.cmake
# Installs the build into PREFIX (afresh) and checks that every promised file
# is there.
file(REMOVE_RECURSE "${PREFIX}")
execute_process(COMMAND "${CMAKE_COMMAND}" --install "${BUILD_DIR}" --prefix "${PREFIX}"
                OUTPUT_QUIET RESULT_VARIABLE status)
if(NOT status EQUAL 0)
  message(FATAL_ERROR "cmake --install failed (${status})")
endif()
foreach(file
    bin/unawait
    bin/unawait-review-frame-sizes
    include/unawait/unawait.hpp
    include/unawait/detail
    lib/cmake/unawait/unawaitConfig.cmake
    lib/cmake/unawait/unawaitConfigVersion.cmake
    lib/cmake/unawait/unawaitTargets.cmake
    lib/cmake/unawait/UnawaitRewrite.cmake
    lib/cmake/unawait/UnawaitRunSizes.cmake
    share/man/man1/unawait.1
    share/doc/unawait/LICENSE
    share/doc/unawait/README.md
    share/doc/unawait/cmake.md
    share/doc/unawait/runtime.md)
  if(NOT EXISTS "${PREFIX}/${file}")
    message(FATAL_ERROR "cmake --install did not install ${file}")
  endif()
endforeach()
# The installed tool finds the installed runtime headers by itself.
file(WRITE "${PREFIX}/../installed_tool_check.cpp"
     "#include <unawait/unawait.hpp>\nUNAWAIT_ASYNC unawait::Async<int> f() { co_return 1; }\n")
execute_process(COMMAND "${PREFIX}/bin/unawait" rewrite "${PREFIX}/../installed_tool_check.cpp"
                OUTPUT_VARIABLE out RESULT_VARIABLE status)
if(NOT status EQUAL 0 OR NOT out MATCHES "class \\[*[a-z ]*\\]* *f_future")
  message(FATAL_ERROR "the installed tool did not rewrite a file (${status}): ${out}")
endif()
message(STATUS "installed and checked ${PREFIX}")
