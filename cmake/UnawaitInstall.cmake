# What `cmake --install` puts under the prefix, and the CMake package that
# find_package(unawait CONFIG) loads:
#
#   bin/unawait                              the tool (when UNAWAIT_BUILD_TOOL)
#   bin/unawait-review-frame-sizes           a pull request's frame-size diff
#   include/unawait/...                      the header-only runtime
#   lib/cmake/unawait/unawaitConfig.cmake    unawait::runtime, unawait::unawait,
#   lib/cmake/unawait/UnawaitRewrite.cmake     unawait_rewrite(), unawait_rewrite_sources()
#   share/man/man1/unawait.1                 the man page
#   share/doc/unawait/                       the docs and the LICENSE
#
# The package is relocatable: every path in it is relative to its own place.
include(GNUInstallDirs)
include(CMakePackageConfigHelpers)

set(UNAWAIT_INSTALL_CMAKEDIR "${CMAKE_INSTALL_LIBDIR}/cmake/unawait" CACHE STRING
    "Where the unawait CMake package is installed, relative to the prefix")

set_target_properties(unawait_runtime PROPERTIES EXPORT_NAME runtime)
install(TARGETS unawait_runtime EXPORT unawaitTargets)
install(DIRECTORY "${PROJECT_SOURCE_DIR}/runtime/include/"
        DESTINATION "${CMAKE_INSTALL_INCLUDEDIR}")
if(TARGET unawait)
  # A Release or MinSizeRel install strips the tool (no symbol table, no
  # debug information), as `cmake --install --strip` does: the configuration
  # installed decides (`--config Release` strips the tool of any build tree).
  install(CODE [[
    set(_unawait_do_strip "${CMAKE_INSTALL_DO_STRIP}")
    if(CMAKE_INSTALL_CONFIG_NAME MATCHES "^(Release|MinSizeRel)$")
      set(CMAKE_INSTALL_DO_STRIP TRUE)
    endif()]])
  install(TARGETS unawait EXPORT unawaitTargets
          RUNTIME DESTINATION "${CMAKE_INSTALL_BINDIR}")
  install(CODE [[set(CMAKE_INSTALL_DO_STRIP "${_unawait_do_strip}")]])
  install(PROGRAMS "${PROJECT_SOURCE_DIR}/scripts/review-frame-sizes.sh"
          DESTINATION "${CMAKE_INSTALL_BINDIR}" RENAME unawait-review-frame-sizes)
endif()
install(EXPORT unawaitTargets NAMESPACE unawait::
        DESTINATION "${UNAWAIT_INSTALL_CMAKEDIR}")

configure_package_config_file(
  "${CMAKE_CURRENT_LIST_DIR}/unawaitConfig.cmake.in"
  "${PROJECT_BINARY_DIR}/unawaitConfig.cmake"
  INSTALL_DESTINATION "${UNAWAIT_INSTALL_CMAKEDIR}"
  PATH_VARS CMAKE_INSTALL_INCLUDEDIR)
# 0.x releases are not compatible with each other; from 1.0, SameMajorVersion.
write_basic_package_version_file(
  "${PROJECT_BINARY_DIR}/unawaitConfigVersion.cmake"
  COMPATIBILITY SameMinorVersion)
install(FILES
          "${PROJECT_BINARY_DIR}/unawaitConfig.cmake"
          "${PROJECT_BINARY_DIR}/unawaitConfigVersion.cmake"
          "${CMAKE_CURRENT_LIST_DIR}/UnawaitRewrite.cmake"
          "${CMAKE_CURRENT_LIST_DIR}/UnawaitRunSizes.cmake"
        DESTINATION "${UNAWAIT_INSTALL_CMAKEDIR}")

install(FILES "${PROJECT_SOURCE_DIR}/docs/unawait.1"
        DESTINATION "${CMAKE_INSTALL_MANDIR}/man1")
install(DIRECTORY "${PROJECT_SOURCE_DIR}/docs/"
        DESTINATION "${CMAKE_INSTALL_DOCDIR}"
        PATTERN "unawait.1" EXCLUDE)
install(FILES "${PROJECT_SOURCE_DIR}/LICENSE" "${PROJECT_SOURCE_DIR}/README.md"
        DESTINATION "${CMAKE_INSTALL_DOCDIR}")
