# cmake -DFUZZER=... -DWORK=... -DSEEDS="dir|dir" -DDICT=... -DSECONDS=60 -DMAX_LEN=65536
#       -DREGRESSIONS=tests/fuzz/regressions/TARGET -P run.cmake
# One bounded libFuzzer run. WORK/corpus keeps what the fuzzer learned between runs (it
# starts empty; the seeds are read-only); WORK/artifacts receives a crashing input.
file(MAKE_DIRECTORY ${WORK}/corpus ${WORK}/artifacts)
string(REPLACE "|" ";" _seeds "${SEEDS}")
set(_dirs ${WORK}/corpus)
foreach(_d ${_seeds})
  if(IS_DIRECTORY ${_d})
    list(APPEND _dirs ${_d})
  endif()
endforeach()
execute_process(
  COMMAND ${FUZZER} -max_total_time=${SECONDS} -timeout=10 -rss_limit_mb=2048 -max_len=${MAX_LEN}
          -dict=${DICT} -artifact_prefix=${WORK}/artifacts/ -print_final_stats=1 ${_dirs}
  RESULT_VARIABLE _rc
  OUTPUT_VARIABLE _out
  ERROR_VARIABLE _out)
# the fuzzer's own summary: executions, speed, corpus growth
string(REGEX MATCHALL "stat::[a-z_]+: *[0-9]+" _stats "${_out}")
string(REGEX MATCH "#[0-9]+[ \t]+DONE[^\n]*" _done "${_out}")
message(STATUS "${FUZZER}: ${_done}")
foreach(_s ${_stats})
  message(STATUS "  ${_s}")
endforeach()
if(NOT _rc EQUAL 0)
  string(LENGTH "${_out}" _len)
  math(EXPR _from "${_len} - 6000")
  if(_from LESS 0)
    set(_from 0)
  endif()
  string(SUBSTRING "${_out}" ${_from} -1 _tail)
  message("${_tail}")
  file(GLOB _found ${WORK}/artifacts/*)
  message(FATAL_ERROR "the fuzzer found a crash (exit ${_rc}): ${_found}\n"
                      "Copy the input to ${REGRESSIONS}/ under a descriptive name, fix the bug, "
                      "and tst_fuzzregressions replays it from then on (docs/ASSETS.md, \"Fuzzing\").")
endif()
