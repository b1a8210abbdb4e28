#!/bin/sh
# peer_coll.sh - MPICH's own collective test suite (test/mpi/coll of MPICH 4.0.2) run through
# the interception library with every mock-up and irrcoll algorithm forced (issue 15). Not
# part of make check: it takes long and needs the suite's sources.
#
# Usage: sh tools/peer_coll.sh [mpich|openmpi]     (from the repository's top directory)
#   Get the suite first, e.g. with an MPICH git clone at $G:
#     mkdir -p /tmp/mpichtest && git --git-dir=$G archive v4.0.2 test/mpi | tar x -C /tmp/mpichtest
#   Environment: SUITE (default /tmp/mpichtest/test/mpi), LOGS (default /tmp/peer-logs/<mpi>:
#   build, one log per run, results.txt), ONLY (a regex on settings, e.g. '^bcast:'), PROGS (a
#   regex on program names), TIMEOUT (seconds per run, default 60), NATIVE=0 (reuse the native results of an earlier run).
# What it does: builds the interception library (make) and the suite's programs by hand
# (mpicc + util/mtest*.c + a made-up mpitestconf.h; programs that need dtpools - bcast - are
# not built); for each forced setting (the names test/pmpi/run.sh lists, and gatherv:auto,
# scatterv:binomial|auto, allgatherv:auto, which it leaves out) runs, at the
# testlist's process counts capped at 8, the programs whose source calls that collective
# (MPI_X or MTest_X; the nb* and p_* variants use nonblocking/persistent collectives, which are
# not intercepted, so they are left out), each under `timeout 60`, two runs at a time; and the
# same programs natively. A run is ok when it exits 0 and prints "No Errors".
# Prints one line per failure, "setting program np: native=<ok|fail|timeout> irr=<ok|fail|timeout>"
# (native failures, the suite's or the MPI library's own, are listed too but not counted), then
# "peer_coll <mpi>: R runs of S settings x P programs, F failures not in the native run".
mpi=${1:-mpich}
case $mpi in
  mpich) cc=mpicc.mpich; run="mpiexec.mpich -n"; lib=$PWD/build/libirrcoll_pmpi.so ;;
  openmpi) cc=mpicc.openmpi; run="mpirun.openmpi --allow-run-as-root --oversubscribe -n"
    lib=$PWD/build/openmpi/libirrcoll_pmpi.so ;;
  --run) # internal: one run; $2 log file, $3 setting ("native" or key:name), $4 np, $5.. cmd
    log=$2; set=$3; shift 4
    if [ "$set" = native ]; then timeout ${TIMEOUT:-60} "$@" >"$log" 2>&1; rc=$?
    else LD_PRELOAD=$PEER_LIB IRRCOLL_REPORT=1 IRRCOLL_ALG=$set timeout ${TIMEOUT:-60} "$@" >"$log" 2>&1; rc=$?; fi
    if [ $rc = 124 ] || [ $rc = 137 ]; then r=timeout
    elif [ $rc = 0 ] && grep -q "No Errors" "$log"; then r=ok; else r=fail; fi
    echo "rc=$rc $r" >>"$log"; exit 0 ;;
  *) echo "usage: $0 [mpich|openmpi]" >&2; exit 2 ;;
esac
suite=${SUITE:-/tmp/mpichtest/test/mpi}
logs=${LOGS:-/tmp/peer-logs/$mpi}
[ -f "$suite/coll/testlist.in" ] || { echo "no suite at $suite (see the usage above)" >&2; exit 2; }
mkdir -p "$logs/bin" "$logs/run"
if [ $mpi = mpich ]; then make -s build/libirrcoll_pmpi.so; else make -s MPI=openmpi build/openmpi/libirrcoll_pmpi.so; fi || exit 1

# ---- build: mtest objects once, then every program of the testlist (failures are listed)
cat >"$logs/bin/mpitestconf.h" <<'EOF'
#define HAVE_STDARG_H 1
#define HAVE_SYS_TIME_H 1
#define HAVE_SYS_RESOURCE_H 1
#define HAVE_GETRUSAGE 1
#define HAVE_UNISTD_H 1
#define HAVE_STRING_H 1
#define HAVE_STDINT_H 1
#define HAVE_LONG_DOUBLE 1
#define HAVE_LONG_LONG 1
#define HAVE_LONG_LONG_INT 1
#define HAVE_MPI_WIN_CREATE 1
#define HAVE_MPI_INIT_THREAD 1
#define HAVE__BOOL 1
#define HAVE_FLOAT__COMPLEX 1
#define THREAD_PACKAGE_NAME THREAD_PACKAGE_POSIX
#define HAVE_DOUBLE__COMPLEX 1
EOF
: >"$logs/bin/mtest_mpix.h"   # made by configure; the coll tests need nothing from it
inc="-I$logs/bin -I$suite/include -I$suite/dtpools/include"
for u in mtest mtest_common mtest_single dtypes; do
  [ "$logs/bin/$u.o" -nt "$suite/util/$u.c" ] || $cc -O1 -w $inc -c -o "$logs/bin/$u.o" "$suite/util/$u.c" || exit 1
done
# testlist: "prog np [arg=...]"; keep the programs built from one source of the same name
grep -v '^[#@]' "$suite/coll/testlist.in" | awk 'NF >= 2 { a = ""; for (i = 3; i <= NF; i++) if ($i ~ /^arg=/) a = a " " substr($i, 5);
  np = $2 > 8 ? 8 : $2; print $1, np a }' | sort -u >"$logs/tests.all"
: >"$logs/tests"
for p in $(cut -d' ' -f1 "$logs/tests.all" | sort -u); do
  src=$suite/coll/$p.c
  [ -f "$src" ] || continue                         # nb*: the nonblocking variants
  case $p in p_*|nonblocking*|ibarrier|iallred|neighb_*|ring_neighbor_*) continue ;; esac
  if grep -q 'dtpools\|MTEST_DTP\|DTP_' "$src"; then echo "skip $p: needs dtpools" >>"$logs/build.txt"; continue; fi
  if [ ! "$logs/bin/$p" -nt "$src" ]; then
    $cc -O1 -w $inc -o "$logs/bin/$p" "$src" "$logs/bin/mtest_single.o" "$logs/bin/mtest.o" "$logs/bin/mtest_common.o" \
      "$logs/bin/dtypes.o" -lm >"$logs/bin/$p.build" 2>&1 || { echo "skip $p: does not build" >>"$logs/build.txt"; continue; }
  fi
  grep "^$p " "$logs/tests.all" >>"$logs/tests"
done
[ -n "$PROGS" ] && { grep -E "^($PROGS) " "$logs/tests" >"$logs/tests.sel"; mv "$logs/tests.sel" "$logs/tests"; }

# ---- the settings: test/pmpi/run.sh's names; collective key -> the MPI function it intercepts
# plus irrcoll's algorithms that run.sh leaves out (auto: the communicator's choice)
settings=$( (sed -n '/^names="/,/"$/p' test/pmpi/run.sh | sed 's/^names="//; s/"$//'
  echo gatherv:auto scatterv:binomial scatterv:auto allgatherv:auto) | tr ' ' '\n' | grep . | awk '!seen[$0]++')
[ -n "$ONLY" ] && settings=$(echo "$settings" | grep -E "$ONLY")
fn() { case $1 in allgather) echo Allgather ;; allreduce) echo Allreduce ;; alltoall) echo Alltoall ;;
  bcast) echo Bcast ;; gather) echo Gather ;; reduce) echo Reduce ;; reduce_scatter_block) echo Reduce_scatter_block ;;
  scan) echo Scan ;; scatter) echo Scatter ;; gatherv) echo Gatherv ;; scatterv) echo Scatterv ;;
  allgatherv) echo Allgatherv ;; esac; }
: >"$logs/jobs"; : >"$logs/native.jobs"
for s in $settings; do
  f=$(fn "${s%%:*}")
  while read -r p np args; do
    grep -qE "(MPI|MTest)_$f *\(" "$suite/coll/$p.c" || continue
    tag=$(echo "$s $p $np $args" | sed 's/ *$//' | tr ' :=/' '_-__')
    # (no trailing blank: xargs -L would join the next line)
    echo "$logs/run/$tag.log $s $np $run $np $logs/bin/$p $args" | sed 's/ *$//' >>"$logs/jobs"
    echo "$logs/run/native_$(echo "$p $np $args" | sed 's/ *$//' | tr ' =/' '___').log native $np $run $np $logs/bin/$p $args" |
      sed 's/ *$//' >>"$logs/native.jobs"
  done <"$logs/tests"
done
sort -u "$logs/native.jobs" -o "$logs/native.jobs"
export PEER_LIB=$lib
[ "$NATIVE" = 0 ] || xargs -r -P2 -L1 sh "$0" --run <"$logs/native.jobs"
xargs -r -P2 -L1 sh "$0" --run <"$logs/jobs"

# ---- results
res() { [ -f "$1" ] && tail -1 "$1" | cut -d' ' -f2 || echo missing; }
: >"$logs/results.txt"; bad=0; nrun=0
while read -r log s np launch; do
  args=${launch#*$logs/bin/}; p=${args%% *}; a=${args#"$p"}
  nlog=$logs/run/native_$(echo "$p $np$a" | sed 's/ *$//' | tr ' =/' '___').log
  n=$(res "$nlog"); i=$(res "$log"); nrun=$((nrun + 1))
  line="$s $p$a $np: native=$n irr=$i"
  echo "$line" >>"$logs/results.txt"
  if [ "$i" != ok ]; then
    if [ "$n" = ok ]; then bad=$((bad + 1)); echo "$line"; else echo "$line (native fails too)"; fi
  fi
done <"$logs/jobs"
nset=$(cut -d' ' -f2 "$logs/jobs" | sort -u | wc -l); nprog=$(cut -d' ' -f1 "$logs/tests" | sort -u | wc -l)
echo "peer_coll $mpi: $nrun runs of $nset settings x $nprog programs, $bad failures not in the native run"
[ $bad = 0 ]
