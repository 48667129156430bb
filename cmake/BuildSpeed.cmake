# Compile time (docs/PERFORMANCE.md, "Build time"): unity batches and precompiled headers.
# The same code is compiled with the same flags; what changes is how the .cpp files are grouped
# into translation units, and that the Qt Test executables parse Qt Test, Qt and nlohmann/json
# once per test directory instead of once per test.
#
#   drivelab_unity(TARGET)          compile TARGET's .cpp files in batches (CMake UNITY_BUILD):
#                                   the core, the editor library, the CLI, the Python module, tests
#   drivelab_pch(TARGET KIND)       precompile the third-party headers cmake/pch/KIND.h for TARGET
#   drivelab_pch_shared(TARGET KIND LIBS ... [DEFINES ...])
#                                   TARGET uses a precompiled header of KIND shared with the other
#                                   targets of its directory that link LIBS and define DEFINES
#                                   (the test executables: one header for all, not one each)
# The libraries have no precompiled header: in unity batches it saved nothing and cost its own
# compile (measured, docs/PERFORMANCE.md).
#
# A file stays unity-safe when its file-local names (anonymous namespace, static) are unique in
# its target and it leaves no macro or using-directive behind (docs/ARCHITECTURE.md, "Unity
# builds and precompiled headers"). Only third-party headers go into a precompiled header: a
# project header there would rebuild every user whenever it changes.
include_guard(GLOBAL)
option(DRIVELAB_FAST_BUILD "Unity batches and precompiled headers for the project's targets" ON)
set(DRIVELAB_UNITY_BATCH_SIZE 8 CACHE STRING "Source files per unity batch (DRIVELAB_FAST_BUILD; 0: one per target)")

# compiled alone in every target: it replaces the global operator new and delete (the allocation
# counter of the CLI, tst_alloc, tst_gauss2), which must not be inlined into the code it counts
set(DRIVELAB_UNITY_ALONE ${CMAKE_CURRENT_LIST_DIR}/../app/cli/alloccount.cpp)

function(drivelab_unity target)
  if(DRIVELAB_FAST_BUILD)
    set_target_properties(${target} PROPERTIES UNITY_BUILD ON UNITY_BUILD_MODE BATCH
                          UNITY_BUILD_BATCH_SIZE ${DRIVELAB_UNITY_BATCH_SIZE})
    set_source_files_properties(${DRIVELAB_UNITY_ALONE} TARGET_DIRECTORY ${target}
                                PROPERTIES SKIP_UNITY_BUILD_INCLUSION ON)
  endif()
endfunction()

# precompiled headers with GCC, the project's compiler (the clang-built fuzz targets: unity only)
function(_drivelab_pch_enabled out)
  if(DRIVELAB_FAST_BUILD AND CMAKE_CXX_COMPILER_ID STREQUAL "GNU")
    set(${out} ON PARENT_SCOPE)
  else()
    set(${out} OFF PARENT_SCOPE)
  endif()
endfunction()

# ccache caches a compile that uses or makes a precompiled header only with this sloppiness (the
# ccache manual, "Precompiled headers"): added to the user's own setting, for these targets only
function(_drivelab_pch_launcher target)
  get_target_property(launcher ${target} CXX_COMPILER_LAUNCHER)
  if(NOT launcher MATCHES "ccache" OR launcher MATCHES "CCACHE_SLOPPINESS")
    return()
  endif()
  get_property(sloppiness GLOBAL PROPERTY DRIVELAB_CCACHE_SLOPPINESS)
  if(NOT sloppiness)
    list(GET launcher 0 ccache)
    execute_process(COMMAND ${ccache} --get-config sloppiness OUTPUT_VARIABLE own
                    OUTPUT_STRIP_TRAILING_WHITESPACE ERROR_QUIET)
    string(REPLACE " " "" own "${own}")
    string(REPLACE "," ";" sloppiness "${own}")
    list(APPEND sloppiness pch_defines time_macros include_file_mtime include_file_ctime)
    list(REMOVE_ITEM sloppiness "")
    list(REMOVE_DUPLICATES sloppiness)
    string(REPLACE ";" "," sloppiness "${sloppiness}")
    set_property(GLOBAL PROPERTY DRIVELAB_CCACHE_SLOPPINESS ${sloppiness})
  endif()
  set_target_properties(${target} PROPERTIES CXX_COMPILER_LAUNCHER
                        "${CMAKE_COMMAND};-E;env;CCACHE_SLOPPINESS=${sloppiness};${launcher}")
endfunction()

function(drivelab_pch target kind)
  _drivelab_pch_enabled(pch)
  if(pch)
    target_precompile_headers(${target} PRIVATE ${CMAKE_CURRENT_FUNCTION_LIST_DIR}/pch/${kind}.h)
    _drivelab_pch_launcher(${target})
  endif()
endfunction()

# The host of a shared header: an object library of an empty file, compiled as its users are
# (same directory, so the same directory-wide flags and Qt Test's per-directory definitions; the
# same libraries' usage requirements; the same DEFINES). GCC checks the rest: a header built
# with other macros or flags is refused with a warning (-Winvalid-pch) and the file compiles
# from the text headers, correctly and only slower.
function(drivelab_pch_shared target kind)
  cmake_parse_arguments(S "" "" "LIBS;DEFINES" ${ARGN})
  _drivelab_pch_enabled(pch)
  if(NOT pch)
    return()
  endif()
  string(MD5 key "${CMAKE_CURRENT_SOURCE_DIR};${kind};${S_LIBS};${S_DEFINES}")
  string(SUBSTRING ${key} 0 8 key)
  set(host drivelab_pch_${kind}_${key})
  if(NOT TARGET ${host})
    add_library(${host} OBJECT ${CMAKE_CURRENT_FUNCTION_LIST_DIR}/pch/empty.cpp)
    set_target_properties(${host} PROPERTIES AUTOMOC OFF AUTOUIC OFF AUTORCC OFF)
    target_link_libraries(${host} PRIVATE ${S_LIBS})
    target_compile_definitions(${host} PRIVATE ${S_DEFINES})
    drivelab_pch(${host} ${kind})
  endif()
  # GCC 12 reports false -Wstringop-overflow and -Warray-bounds inside std::char_traits::copy
  # (std::string) in a test compiled with the header (tst_gears, tst_alloc, tst_gauss2; not
  # without it): the GCC 12 family the project already silences for -Wrestrict (CMakeLists.txt).
  # These tests only, host and users alike so the header stays valid for them
  if(CMAKE_CXX_COMPILER_VERSION VERSION_LESS 13)
    target_compile_options(${host} PRIVATE -Wno-stringop-overflow -Wno-array-bounds)
    target_compile_options(${target} PRIVATE -Wno-stringop-overflow -Wno-array-bounds)
  endif()
  target_precompile_headers(${target} REUSE_FROM ${host})
  # AUTOMOC's unit holds nothing in most tests: with the header it cost 3.4 s instead of 0.04 s
  set_source_files_properties(${CMAKE_CURRENT_BINARY_DIR}/${target}_autogen/mocs_compilation.cpp
                              PROPERTIES SKIP_PRECOMPILE_HEADERS ON)
  _drivelab_pch_launcher(${target})
endfunction()
