#!/bin/sh
# runtests.sh - runs the lines of the test list (test/testlist, whose header gives the format).
# usage: sh tools/runtests.sh [-f LIST] [-n] [-N COUNTS] [-a ARGS] [--list|--targets] [SEL...]
#   SEL        a test's name or a [section]; several may be given, also comma-separated;
#              none selects every line
#   -n         print the commands instead of running them
#   -N COUNTS  run the selected MPI/SMPI lines at these process counts instead, e.g. -N "2 3"
#   -a ARGS    give the selected programs these arguments instead, e.g. -a "cost sweep"
#   --list     print the selected lines: name, kind, program, process counts
#   --targets  print the make targets the selected lines need built, on one line
# Environment: B (build directory, default build), MPIEXEC (default mpiexec), MPICC and MPI
# (the library's name, for %MPICC and %MPI in arguments), NPROCS (what the list's NPROCS
# stands for; default the Makefile's), PRELOAD (a library the mpi runs preload, with ASan's
# link order check off: the Makefile's CHECK_PRELOAD on MPICH, tools/yield_idle.c).
# Every run starts with "== NAME -n K" and the next runs after a failure. Test programs close
# with "N passed, N failed"; runs that printed no such line are counted by the runner's own
# closing "N passed, N failed": one passed per silent success, one failed per run that failed
# without reporting a failed check (crash, timeout, MPI_Abort, sanitizer at exit). So the sum
# of all those lines misses no run. Each run ends with "== NAME -n K: S s", its seconds; before
# the closing line come their sum and the eight slowest, against make check's budget. Exit
# status 1 if any run failed.
set -u
set -f # no pathname expansion of the list's words
list=test/testlist mode=run counts_over="" args_over="" have_args_over=0 sel=""
while [ $# -gt 0 ]; do
  case $1 in
    -f) list=$2; shift 2 ;;
    -n) mode=dry; shift ;;
    -N) counts_over=$2; shift 2 ;;
    -a) args_over=$2; have_args_over=1; shift 2 ;;
    --list) mode=list; shift ;;
    --targets) mode=targets; shift ;;
    -*) echo "runtests.sh: unknown option $1" >&2; exit 64 ;;
    *) sel="$sel $(echo "$1" | tr ',' ' ')"; shift ;;
  esac
done
B=${B:-build}
case $B in /*) absb=$B ;; *) absb=$PWD/$B ;; esac
MPIEXEC=${MPIEXEC:-mpiexec}
MPICC=${MPICC:-mpicc}
MPI=${MPI:-mpich}
NPROCS=${NPROCS:-1 2 3 4 5 6 7 8 9 16}
PRELOAD=${PRELOAD:-}
RUN="timeout 300 $MPIEXEC -n" # the mpiexec prefix of the mpi kind, %RUN in the list
[ -r "$list" ] || { echo "runtests.sh: cannot read $list" >&2; exit 66; }

# every selector must name a line or a section: a typo must not pass as "0 runs, 0 failed"
for s in $sel; do
  awk -v s="$s" '!/^[ \t]*(#|$)/ && ($1 == s || $1 == "[" s "]") { found = 1 } END { exit !found }' "$list" ||
    { echo "runtests.sh: no test or section '$s' in $list (make check-list names them)" >&2; exit 2; }
done

tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
trap 'exit 130' INT TERM
runs=0 bad=0 silent_pass=0 silent_fail=0 failed=""

# quote a word for printing a command that can be pasted into a shell
q() { case $1 in *[!A-Za-z0-9_./=:%,+-]* | "") printf "'%s'" "$1" ;; *) printf '%s' "$1" ;; esac; }

# runone K: one run of the current line at K processes (K empty for kinds without processes)
runone() {
  k=$1 a=$args e=$envs
  [ -n "$k" ] && [ -n "$big" ] && [ "$k" -gt "$big" ] && a=$bigargs
  case $kind in
    mpi) if [ -n "$PRELOAD" ]; then e="LD_PRELOAD=$PRELOAD ASAN_OPTIONS=detect_leaks=0:verify_asan_link_order=0${e:+ $e}"
         else e="ASAN_OPTIONS=detect_leaks=0${e:+ $e}"; fi ;;
  esac
  set --
  case $kind in
    mpi) set -- timeout "${tmo:-300}" $MPIEXEC -n "$k" "$B/$prog" ;;
    smpi) set -- timeout "${tmo:-600}" bench/smpi-run -p "$k" ${selector:+--selector "$selector"} -- "$B/$prog" ;;
    unit | plain) set -- timeout "${tmo:-600}" "$B/$prog" ;;
    script) [ -n "$tmo" ] && set -- timeout "$tmo"; set -- "$@" sh "$prog" ;;
  esac
  if [ $have_args_over = 1 ]; then
    for w in $args_over; do set -- "$@" "$w"; done
  else
    old_ifs=$IFS IFS=,
    for w in $a; do
      IFS=$old_ifs
      case $w in %RUN) w=$RUN ;; %MPICC) w=$MPICC ;; esac
      while :; do case $w in *%B*) w=${w%%%B*}$absb${w#*%B} ;; *) break ;; esac; done
      while :; do case $w in *%MPI*) w=${w%%%MPI*}$MPI${w#*%MPI} ;; *) break ;; esac; done
      set -- "$@" "$w"
    done
    IFS=$old_ifs
  fi
  case $kind in mpi) hdr="$name -n $k" ;; smpi) hdr="$name -p $k" ;; *) hdr=$name ;; esac
  if [ $mode = dry ]; then
    line=$e
    for w in "$@"; do line="$line${line:+ }$(q "$w")"; done
    [ "$kind" = plain ] && line="$line > /dev/null"
    echo "$line"
    return
  fi
  echo "== $hdr"
  t0=$(date +%s)
  # stdin from /dev/null: mpiexec forwards stdin to rank 0
  if [ "$kind" = plain ]; then # its output is no test report: only the exit status counts
    { env $e "$@" < /dev/null 2>&1 > /dev/null; echo $? > "$tmp/rc"; } | tee "$tmp/out"
  else
    { env $e "$@" < /dev/null 2>&1; echo $? > "$tmp/rc"; } | tee "$tmp/out"
  fi
  rc=$(cat "$tmp/rc")
  # seconds a run took, kept for the closing list of the slowest (make check's time budget)
  secs=$(($(date +%s) - t0))
  echo "$secs $hdr" >> "$tmp/times"
  echo "== $hdr: $secs s"
  # how many summary lines the run printed, and their failed checks
  set -- $(awk '/^[0-9]+ passed, [0-9]+ failed/ { n++; f += $3 } END { print n + 0, f + 0 }' "$tmp/out")
  runs=$((runs + 1))
  if [ "$rc" = 0 ] && [ "$2" = 0 ]; then
    [ "$1" = 0 ] && silent_pass=$((silent_pass + 1))
    return
  fi
  bad=$((bad + 1)) failed="$failed${failed:+, }$hdr"
  [ "$2" = 0 ] && silent_fail=$((silent_fail + 1))
  case $rc in
    124) echo "== $hdr: TIMEOUT" ;;
    0) echo "== $hdr: FAILED (checks failed)" ;;
    *) echo "== $hdr: FAILED (exit status $rc)" ;;
  esac
}

section="" lineno=0 targets=""
while IFS= read -r l <&3; do
  lineno=$((lineno + 1))
  set -- $l
  [ $# = 0 ] && continue
  case $1 in \#*) continue ;; \[*\]) section=${1%?} section=${section#?}; continue ;; esac
  [ $# -ge 4 ] || { echo "runtests.sh: $list:$lineno: want NAME KIND PROGRAM COUNTS" >&2; exit 65; }
  name=$1 kind=$2 prog=$3
  shift 3
  counts="" args="" big="" bigargs="" envs="" selector="" build="" tmo=""
  for w in "$@"; do
    case $w in
      args=*) args=${w#args=} ;;
      args\>*=*) t=${w#args>} big=${t%%=*} bigargs=${t#*=} ;;
      env=*) envs="$envs${envs:+ }${w#env=}" ;;
      selector=*) selector=${w#selector=} ;;
      build=*) build=${w#build=} ;;
      timeout=*) tmo=${w#timeout=} ;;
      NPROCS) counts="$counts $NPROCS" ;;
      -) ;;
      *[!0-9]*) echo "runtests.sh: $list:$lineno: cannot read '$w'" >&2; exit 65 ;;
      *) counts="$counts $w" ;;
    esac
  done
  case $kind in
    mpi | smpi) [ -n "$counts" ] || { echo "runtests.sh: $list:$lineno: $kind needs process counts" >&2; exit 65; } ;;
    unit | plain | script) [ -z "$counts" ] || { echo "runtests.sh: $list:$lineno: $kind takes no process counts" >&2; exit 65; } ;;
    *) echo "runtests.sh: $list:$lineno: unknown kind '$kind'" >&2; exit 65 ;;
  esac
  if [ -n "$sel" ]; then
    hit=0
    for s in $sel; do [ "$s" = "$name" ] || [ "$s" = "$section" ] && hit=1; done
    [ $hit = 1 ] || continue
  fi
  case $kind in mpi | smpi) [ -n "$counts_over" ] && counts=$counts_over ;; esac
  case $mode in
    list) printf '%-18s %-12s %-6s %-22s %s\n' "$name" "[$section]" "$kind" "$prog" "${counts# }" ;;
    targets)
      [ -n "$build" ] || { [ "$kind" != script ] && build=$prog; }
      old_ifs=$IFS IFS=,
      for t in $build; do targets="$targets${targets:+ }$B/$t"; done
      IFS=$old_ifs ;;
    *)
      if [ -n "$counts" ]; then
        for k in $counts; do runone "$k"; done
      else
        runone ""
      fi ;;
  esac
done 3< "$list"

[ $mode = targets ] && echo "$targets"
[ $mode = run ] || exit 0
# where the time went: the slowest runs, and the sum
[ -s "$tmp/times" ] && awk '{ s += $1 } END { printf "== seconds: %d in all; slowest:", s }' "$tmp/times" &&
  sort -rn "$tmp/times" | head -8 | awk '{ t = $1; $1 = ""; printf "%s%s %ds", (NR > 1 ? "," : ""), $0, t } END { print "" }'
echo "== runs: $runs, failed: $bad${failed:+ ($failed)}"
# the runs without a count of their own (see the top)
[ $((silent_pass + silent_fail)) = 0 ] || echo "$silent_pass passed, $silent_fail failed (runs that printed no count)"
[ $bad = 0 ]
