# Finds LLVM/Clang 19 through its CMake package (Debian: /usr/lib/llvm-19) and
# fails at configure time, naming the Debian packages, when it is missing.
# Asking find_package for version 19 is refused by the 19.1.7 package, so the
# major version is checked afterwards.
#
# Without -DClang_DIR, only the LLVM 19 location is searched: a default
# search would find another version first (Debian's /usr/lib/cmake/clang-14,
# say), whose package can fail inside its own files with a message that does
# not name the version this project needs.
set(UNAWAIT_CLANG_HINT /usr/lib/llvm-19/lib/cmake/clang CACHE PATH
    "Where Clang 19's CMake package is looked for when Clang_DIR is not given")
if(Clang_DIR)
  find_package(Clang CONFIG)
else()
  find_package(Clang CONFIG PATHS ${UNAWAIT_CLANG_HINT} NO_DEFAULT_PATH)
endif()
if(NOT Clang_FOUND)
  message(FATAL_ERROR
    "unawait needs LLVM/Clang 19 development files, and they were not found.\n"
    "On Debian 12 install them with:\n"
    "  sudo apt-get install clang-19 libclang-19-dev libclang-cpp19-dev llvm-19-dev llvm-19-tools\n"
    "or point CMake at another installation with -DClang_DIR=<prefix>/lib/cmake/clang.\n"
    "To build only the runtime and its tests, configure with -DUNAWAIT_BUILD_TOOL=OFF.")
endif()
if(NOT LLVM_VERSION_MAJOR EQUAL 19)
  message(FATAL_ERROR
    "unawait needs LLVM/Clang 19, but found ${LLVM_PACKAGE_VERSION} at ${LLVM_DIR}.\n"
    "On Debian 12: sudo apt-get install clang-19 libclang-19-dev libclang-cpp19-dev llvm-19-dev llvm-19-tools")
endif()
message(STATUS "unawait: using LLVM/Clang ${LLVM_PACKAGE_VERSION} from ${LLVM_DIR}")
set(UNAWAIT_LLVM_TOOLS_DIR ${LLVM_TOOLS_BINARY_DIR} CACHE PATH "LLVM tools (FileCheck, not)")
