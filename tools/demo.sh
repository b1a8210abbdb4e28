#!/bin/sh
# demo.sh - the runs of `make demo`, which builds the programs first and calls this with B
# (the build directory) and MPIEXEC (the launcher). Each example calls irrcoll and the
# native MPI operation on the same data and compares the results; an unmodified MPI program
# (test/pmpi/app.c) runs with the interception library preloaded; the schedule math runs
# without MPI. Every command is printed before its output ("$ ..."); the interception run is
# summarized from its IRRCOLL_REPORT=1 report. The last line begins with "demo:" and says
# whether every result was right; exit status 1 if one was not (a run failed, or printed
# DIFFERENT, "!=", FAIL or a non-zero "N failed").
set -u
B=${B:-build}
MPIEXEC=${MPIEXEC:-mpiexec}
case $B in /*) absb=$B ;; *) absb=$PWD/$B ;; esac
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
trap 'exit 130' INT TERM
runs=0 bad=0 progs=""

# run [--quiet] CMD...: print the command, run it, print its output (unless --quiet: then
# $tmp/out holds it), count it and whether it was right
run() {
  quiet=0
  [ "$1" = --quiet ] && { quiet=1; shift; }
  echo "\$ $*"
  "$@" >"$tmp/out" 2>&1
  rc=$?
  [ $quiet = 1 ] || cat "$tmp/out"
  runs=$((runs + 1))
  for w in "$@"; do # the program: the first word under $B
    case $w in "$B"/* | "$absb"/*) case " $progs " in *" ${w##*/} "*) ;; *) progs="$progs ${w##*/}" ;; esac; break ;; esac
  done
  if [ $rc != 0 ] || grep -q 'DIFFERENT\|!=\|FAIL' "$tmp/out" ||
     grep -Eq '^[0-9]+ passed, [1-9][0-9]* failed' "$tmp/out"; then
    bad=$((bad + 1))
    [ $quiet = 0 ] || cat "$tmp/out"
    echo "  ^ this run went wrong (exit status $rc)"
  fi
}

echo "Each example runs an irrcoll call and the native MPI operation on the same data and compares them;" \
  "figures at scale come from irrcoll's cost model (timing many ranks on this machine would time its scheduler)."
run $MPIEXEC -n 6 "$B/example_gatherv"
run $MPIEXEC -n 16 "$B/example_gatherv" 200
run $MPIEXEC -n 6 "$B/example_unknown_sizes"
run $MPIEXEC -n 7 "$B/example_allgatherv"
run $MPIEXEC -n 6 "$B/example_intergroup"

# an unmodified program through the interception library: Gatherv, Scatterv, Allgatherv and Alltoallv
# go to irrcoll by default on a communicator of several nodes; on one node, as here, its defaults
# hand them to MPI's own unless IRRCOLL_ONE_NODE=irrcoll, set to show them; the Allgather mock-up
# is forced to show a guideline at work
force=allgather:allgather_as_gather_bcast
run --quiet env LD_PRELOAD="$absb/libirrcoll_pmpi.so" IRRCOLL_REPORT=1 IRRCOLL_ONE_NODE=irrcoll IRRCOLL_ALG=$force \
  $MPIEXEC -n 4 "$B/pmpi_app"
# report lines: "#@irrcoll alg MPI_Gatherv 40 gatherv_irr_auto"; per collective the
# algorithms other than native, in the order first seen
awk -v force="$force" '
  $1 == "#@irrcoll" && $2 == "alg" {
    lines++
    if (!($3 in seen)) { seen[$3] = 1; ncoll++ }
    if ($5 == "native" || ($3, $5) in took) next
    took[$3, $5] = 1
    if (!($3 in irrc)) { irrc[$3] = 1; k++ }
    if ($5 ~ /_irr_auto$/ && !index(force, $5)) { # irrcoll by default
      auto = auto (auto == "" ? "" : ", ") $3; irr = irr (irr == "" ? "" : ", ") "IRR_" substr($3, 5)
    } else
      other = other sprintf("  %s by %s%s\n", $3, $5 ~ /_irr_/ ? "irrcoll'"'"'s " $5 : "the mock-up " $5,
                            index(force, $5) ? " (forced by IRRCOLL_ALG)" : "")
  }
  $1 == "#@irrcoll" && $2 == "ran" && !(($3, $5) in ran) { ran[$3, $5] = 1; rans = rans (rans == "" ? "" : ", ") $3 " " $5 }
  /^[0-9]+ passed, [0-9]+ failed/ { result = $0 }
  END {
    printf "an MPI program with no irrcoll in it (test/pmpi/app.c), 4 ranks: of its %d collectives irrcoll took\n", ncoll
    if (auto != "") printf "  %s by default (on several nodes; here on one, with IRRCOLL_ONE_NODE=irrcoll), by the automatic choice of %s\n", auto, irr
    printf "%s", other
    if (rans != "") printf "  what irrcoll ran (\"#@irrcoll ran\" lines: algorithm, calls, planning CPU): %s\n", rans
    printf "  and the other %d ran the MPI library'"'"'s own; the program checked every result: %s;" \
           " IRRCOLL_REPORT=1 printed the full report (%d lines)\n", ncoll - k, result == "" ? "no result line" : result, lines
  }' "$tmp/out" || { bad=$((bad + 1)); echo "  ^ its report could not be read"; }

run "$B/schedule_math" 8

nprog=$(echo $progs | wc -w)
if [ $bad = 0 ]; then
  echo "demo: $nprog programs, $runs runs, every result right (identical to the native operation's; the schedules passed the checker)"
else
  echo "demo: $nprog programs, $runs runs, $bad of them went wrong (above)"
  exit 1
fi
