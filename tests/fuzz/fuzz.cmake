# Fuzzing inside the test suite (included from tests/core/CMakeLists.txt), when clang++
# is installed:
#   fuzz_build  configures tests/fuzz with clang++ in BUILD/fuzz and builds both targets
#               (a fixture: the two runs below need it)
#   fuzz_lab, fuzz_asset
#               run each target for DRIVELAB_FUZZ_SECONDS (default 60) on its seed corpus
#               plus the corpus it grew in earlier runs; a crash fails the test and names
#               the input to add under tests/fuzz/regressions/ (docs/ASSETS.md, "Fuzzing").
# The regression inputs themselves are replayed by tst_fuzzregressions in every build.
find_program(DRIVELAB_CLANGXX NAMES clang++ clang++-14 clang++-15 clang++-16)
set(DRIVELAB_FUZZ_SECONDS 60 CACHE STRING "seconds each fuzz target runs inside the test suite")
if(DRIVELAB_CLANGXX)
  set(_fuzz_bin ${CMAKE_BINARY_DIR}/fuzz)
  set(_fuzz_src ${CMAKE_SOURCE_DIR}/tests/fuzz)
  add_test(NAME fuzz_build
           COMMAND ${CMAKE_COMMAND} -DSOURCE=${_fuzz_src} -DBINARY=${_fuzz_bin} -DCLANGXX=${DRIVELAB_CLANGXX}
                   "-DLAUNCHER=${CMAKE_CXX_COMPILER_LAUNCHER}" -P ${_fuzz_src}/build.cmake)
  set_tests_properties(fuzz_build PROPERTIES TIMEOUT 1200 FIXTURES_SETUP drivelab_fuzzers)
  set(_seeds_lab ${CMAKE_SOURCE_DIR}/labs ${CMAKE_SOURCE_DIR}/tests/bench/labs ${_fuzz_src}/seeds/lab ${_fuzz_src}/regressions/lab)
  set(_seeds_asset ${CMAKE_SOURCE_DIR}/tests/fixtures/assets ${_fuzz_src}/seeds/asset ${_fuzz_src}/regressions/asset)
  foreach(_target lab asset)
    string(REPLACE ";" "|" _seeds "${_seeds_${_target}}")
    add_test(NAME fuzz_${_target}
             COMMAND ${CMAKE_COMMAND} -DFUZZER=${_fuzz_bin}/fuzz_${_target} -DWORK=${_fuzz_bin}/work-${_target}
                     -DSEEDS=${_seeds} -DDICT=${_fuzz_src}/json.dict -DSECONDS=${DRIVELAB_FUZZ_SECONDS}
                     -DMAX_LEN=65536 -DREGRESSIONS=${_fuzz_src}/regressions/${_target} -P ${_fuzz_src}/run.cmake)
    math(EXPR _timeout "${DRIVELAB_FUZZ_SECONDS} + 240")
    set_tests_properties(fuzz_${_target} PROPERTIES TIMEOUT ${_timeout} FIXTURES_REQUIRED drivelab_fuzzers)
  endforeach()
else()
  message(STATUS "clang++ not found: the fuzz targets are not built or run (the regression inputs still are)")
endif()
