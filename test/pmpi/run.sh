#!/bin/sh
# run.sh LIB APP RUN - the interception test: the unmodified program APP (test/pmpi/app.c)
# under LIB preloaded, with each mock-up and irrcoll algorithm forced in turn, with a
# profile, and with a malformed profile; the results must be right and the report must
# name the algorithm used. RUN: the launcher prefix, e.g. "mpiexec -n". Ends with
# "N passed, N failed".
# PRELOAD (tools/runtests.sh, on MPICH): preloaded after LIB into every run (tools/yield_idle.c)
lib="$1${PRELOAD:+ $PRELOAD}"; app=$2; run=${3:-mpiexec -n}
pass=0; fail=0
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL: $*" >&2; }
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
# collective key -> mock-up names, from the library's table as the report prints them
names="allgather:allgather_as_gather_bcast allgather:allgather_as_alltoall allgather:allgather_as_allreduce
allgather:allgather_as_allgatherv allgather:irr allreduce:allreduce_as_reduce_bcast
allreduce:allreduce_as_reducescatterblock_allgather allreduce:allreduce_as_reducescatter_allgatherv
alltoall:alltoall_as_alltoallv bcast:bcast_as_allgatherv bcast:bcast_as_scatter_allgather
gather:gather_as_allgather gather:gather_as_gatherv gather:gather_as_reduce reduce:reduce_as_allreduce
reduce:reduce_as_reducescatterblock_gather reduce:reduce_as_reducescatter_gatherv
reduce_scatter_block:reducescatterblock_as_reduce_scatter reduce_scatter_block:reducescatterblock_as_reducescatter
reduce_scatter_block:reducescatterblock_as_allreduce scan:scan_as_exscan_reducelocal scatter:scatter_as_bcast
scatter:scatter_as_scatterv gatherv:gatherv_as_allreduce_gather gatherv:tree gatherv:binomial gatherv:direct
scatterv:scatterv_as_bcast_scatter scatterv:tree scatterv:direct scatterv:xtree allgatherv:allgatherv_as_allreduce_allgather
allgatherv:ring allgatherv:bruck allgatherv:recdoubling allgatherv:hier allgatherv:neighbor allgatherv:circulant
alltoallv:bruck alltoallv:linear reduce_scatter:balanced reduce_scatter:dominant reduce_scatter:bruck reduce_scatter:halving
reduce_scatter:ring reduce_scatter:pairwise reduce_scatter_block:auto"
for n in 3 4; do
  for f in $names; do
    key=${f%%:*}; alg=${f#*:}
    out=$(LD_PRELOAD=$lib IRRCOLL_REPORT=1 IRRCOLL_ALG="$f" timeout 120 $run $n $app 2>&1)
    echo "$out" | grep -q "^[0-9]* passed, 0 failed" && ok || bad "n=$n $f: wrong results: $(echo "$out" | tail -3)"
    # the report names it (irrcoll names appear as <key>_irr_<alg>; "irr" as allgather_irr)
    case $alg in *_as_*) want=$alg ;; irr) want=allgather_irr ;; *) want=${key}_irr_$alg ;; esac
    echo "$out" | grep -q "^#@irrcoll alg .* $want\$" && ok || bad "n=$n $f: report does not show $want"
    # an irrcoll algorithm forced: the report says what ran (hier on one node runs another)
    case $f in *_as_*|*:irr) ;; *) echo "$out" | grep -iq "^#@irrcoll ran MPI_$key [0-9]* [a-z]* calls=" && ok ||
      bad "n=$n $f: no 'ran' line for $key" ;; esac
  done
done
# a profile: MPI_Allgather on 3 ranks, 4 and 40 bytes by GL3, the rest default
printf '# pgtune profile\nMPI_Allgather\n3\n1\n5 allgather_as_allreduce\n2\n40 40 5\n4 4 5\n' > "$tmp/ag.prf"
out=$(LD_PRELOAD=$lib IRRCOLL_REPORT=1 IRRCOLL_PROFILES="$tmp" $run 3 $app 2>&1)
echo "$out" | grep -q "^[0-9]* passed, 0 failed" && ok || bad "profile: wrong results"
echo "$out" | grep -q "^#@irrcoll alg MPI_Allgather 4 allgather_as_allreduce$" && ok || bad "profile: 4 bytes not GL3"
echo "$out" | grep -q "^#@irrcoll alg MPI_Allgather 40 allgather_as_allreduce$" && ok || bad "profile: 40 bytes not GL3"
echo "$out" | grep -q "^#@irrcoll alg MPI_Allgather 400 native$" && ok || bad "profile: 400 bytes not native"
# the same profile does not apply to 4 ranks
out=$(LD_PRELOAD=$lib IRRCOLL_REPORT=1 IRRCOLL_PROFILES="$tmp/ag.prf" $run 4 $app 2>&1)
echo "$out" | grep -q "^#@irrcoll alg MPI_Allgather 4 native$" && ok || bad "profile for p=3 used at p=4"
# malformed profiles: said in the report, defaults used, results right
printf 'MPI_Allgather\n3\n1\n5 allgather_as_allreduce\n2\n1 10 5\n5 20 5\n' > "$tmp/overlap.prf"
printf 'MPI_Bcast\nthree\n' > "$tmp/junk.prf"
out=$(LD_PRELOAD=$lib IRRCOLL_REPORT=1 IRRCOLL_PROFILES="$tmp/overlap.prf:$tmp/junk.prf:$tmp/missing.prf" $run 3 $app 2>&1)
echo "$out" | grep -q "^[0-9]* passed, 0 failed" && ok || bad "malformed: wrong results"
[ "$(echo "$out" | grep -c '^#@irrcoll error')" -ge 3 ] && ok || bad "malformed: errors not reported: $(echo "$out" | grep '#@irrcoll')"
echo "$out" | grep -q "^#@irrcoll alg MPI_Allgather 4 native$" && ok || bad "malformed: not native"
# a forced choice wins over a profile
out=$(LD_PRELOAD=$lib IRRCOLL_REPORT=1 IRRCOLL_PROFILES="$tmp/ag.prf" IRRCOLL_ALG=allgather:default $run 3 $app 2>&1)
echo "$out" | grep -q "^#@irrcoll alg MPI_Allgather 4 native$" && ok || bad "forced default does not win"
# no setting, on this one node: the defaults below hand every call to the library, and the
# report says why (native_one_node, and the calls in the config line)
defaults="Gatherv:gatherv Scatterv:scatterv Allgatherv:allgatherv Alltoallv:alltoallv Reduce_scatter:reduce_scatter
Reduce_scatter_block:reduce_scatter_block"
for n in 3 4; do
  out=$(LD_PRELOAD=$lib IRRCOLL_REPORT=1 timeout 120 $run $n $app 2>&1)
  echo "$out" | grep -q "^[0-9]* passed, 0 failed" && ok || bad "n=$n one node: wrong results"
  for d in $defaults; do
    echo "$out" | grep -q "^#@irrcoll alg MPI_${d%%:*} [0-9]* native_one_node$" && ok || bad "n=$n one node: ${d%%:*} not MPI's own"
    echo "$out" | grep -q "^#@irrcoll alg MPI_${d%%:*} [0-9]* ${d#*:}_irr_" && bad "n=$n one node: ${d%%:*} ran irrcoll" || ok
  done
  echo "$out" | grep -Eq "^#@irrcoll config one_node native one_node_calls=[1-9][0-9]*$" && ok ||
    bad "n=$n one node: no config line"
  echo "$out" | grep -q "^#@irrcoll ran " && bad "n=$n one node: irrcoll ran" || ok
done
# several nodes declared (IRRCOLL_PPN), or IRRCOLL_ONE_NODE=irrcoll on one rank only (the
# communicator agrees on it): irrcoll's defaults; an unknown value is said and ignored
for env in "IRRCOLL_PPN=2" "IRRCOLL_ONE_NODE=bogus"; do
  out=$(LD_PRELOAD=$lib IRRCOLL_REPORT=1 env $env timeout 120 $run 4 $app 2>&1) # $lib: the library and PRELOAD
  echo "$out" | grep -q "^[0-9]* passed, 0 failed" && ok || bad "$env: wrong results"
  case $env in *PPN*) want=gatherv_irr_auto ;; *) want=native_one_node ;; esac
  echo "$out" | grep -q "^#@irrcoll alg MPI_Gatherv 0 $want$" && ok || bad "$env: Gatherv not $want"
done
echo "$out" | grep -q "^#@irrcoll error IRRCOLL_ONE_NODE: " && ok || bad "IRRCOLL_ONE_NODE=bogus not reported"
for one in 0 1; do # the setting on rank $one alone; rank 0 prints the report
  if [ $one = 0 ]; then out=$(LD_PRELOAD=$lib IRRCOLL_REPORT=1 timeout 120 $run 1 env IRRCOLL_ONE_NODE=irrcoll $app : -n 2 $app 2>&1)
  else out=$(LD_PRELOAD=$lib IRRCOLL_REPORT=1 timeout 120 $run 1 $app : -n 1 env IRRCOLL_ONE_NODE=irrcoll $app : -n 1 $app 2>&1); fi
  echo "$out" | grep -q "^[0-9]* passed, 0 failed" && ok || bad "IRRCOLL_ONE_NODE on rank $one: wrong results: $(echo "$out" | tail -3)"
  for d in $defaults; do
    echo "$out" | grep -q "^#@irrcoll alg MPI_${d%%:*} [0-9]* ${d#*:}_irr_" && ok || bad "IRRCOLL_ONE_NODE on rank $one: ${d%%:*} not irrcoll's"
  done
done
# IRRCOLL_ONE_NODE=irrcoll: Gatherv, Scatterv, Allgatherv and Alltoallv go to irrcoll's
# automatic choice, Reduce_scatter and Reduce_scatter_block to its guarded one (irrcoll or
# the library, said in a 'ran' line), the rest to the library; gatherv:native (or its old
# name, default) opts out, allgatherv:native, alltoallv:native and reduce_scatter:native too
export IRRCOLL_ONE_NODE=irrcoll
for n in 3 4; do
  out=$(LD_PRELOAD=$lib IRRCOLL_REPORT=1 timeout 120 $run $n $app 2>&1)
  echo "$out" | grep -q "^[0-9]* passed, 0 failed" && ok || bad "n=$n defaults: wrong results"
  echo "$out" | grep -q "^#@irrcoll alg MPI_Gatherv 0 gatherv_irr_auto$" && ok || bad "n=$n: Gatherv not irrcoll's by default"
  echo "$out" | grep -q "^#@irrcoll alg MPI_Scatterv 0 scatterv_irr_auto$" && ok || bad "n=$n: Scatterv not irrcoll's by default"
  echo "$out" | grep -q "^#@irrcoll alg MPI_Allgatherv .* allgatherv_irr_auto$" && ok || bad "n=$n: Allgatherv not irrcoll's by default"
  echo "$out" | grep -q "^#@irrcoll alg MPI_Allgather .* native$" && ok || bad "n=$n: Allgather not native by default"
  echo "$out" | grep -q "^#@irrcoll alg MPI_Alltoallv 0 alltoallv_irr_auto$" && ok || bad "n=$n: Alltoallv not irrcoll's by default"
  echo "$out" | grep -q "^#@irrcoll alg MPI_Reduce_scatter .* reduce_scatter_irr_guarded$" && ok ||
    bad "n=$n: Reduce_scatter not guarded by default"
  echo "$out" | grep -q "^#@irrcoll alg MPI_Reduce_scatter_block .* reduce_scatter_block_irr_guarded$" && ok ||
    bad "n=$n: Reduce_scatter_block not guarded by default"
  # what the automatic choice ran, by name, with its calls and planning CPU (never "auto";
  # "native" where the guard handed the call to the library)
  for c in Gatherv Scatterv Allgatherv Alltoallv Reduce_scatter Reduce_scatter_block; do
    echo "$out" | grep -Eq "^#@irrcoll ran MPI_$c [0-9]+ [a-z]+ calls=[1-9][0-9]* repeats=[0-9]+ plan_us=[0-9.]+ cpu_model_us=[0-9.]+$" &&
      ok || bad "n=$n: no 'ran' line for $c"
  done
  echo "$out" | grep -q "^#@irrcoll ran .* auto " && bad "n=$n: a 'ran' line says auto" || ok
  out=$(LD_PRELOAD=$lib IRRCOLL_REPORT=1 IRRCOLL_ALG="alltoallv:native" timeout 120 $run $n $app 2>&1)
  echo "$out" | grep -q "^[0-9]* passed, 0 failed" && ok || bad "n=$n alltoallv:native: wrong results"
  echo "$out" | grep -q "^#@irrcoll alg MPI_Alltoallv 0 native$" && ok || bad "n=$n alltoallv:native does not opt out"
  out=$(LD_PRELOAD=$lib IRRCOLL_REPORT=1 IRRCOLL_ALG="reduce_scatter:native,reduce_scatter_block:native" timeout 120 $run $n $app 2>&1)
  echo "$out" | grep -q "^[0-9]* passed, 0 failed" && ok || bad "n=$n reduce_scatter:native: wrong results"
  echo "$out" | grep -q "^#@irrcoll alg MPI_Reduce_scatter .* native$" && ok || bad "n=$n reduce_scatter:native does not opt out"
  echo "$out" | grep -q "^#@irrcoll alg MPI_Reduce_scatter_block .* native$" && ok ||
    bad "n=$n reduce_scatter_block:native does not opt out"
  out=$(LD_PRELOAD=$lib IRRCOLL_REPORT=1 IRRCOLL_ALG="allgatherv:native" timeout 120 $run $n $app 2>&1)
  echo "$out" | grep -q "^[0-9]* passed, 0 failed" && ok || bad "n=$n allgatherv:native: wrong results"
  echo "$out" | grep -q "^#@irrcoll alg MPI_Allgatherv .* native$" && ok || bad "n=$n allgatherv:native does not opt out"
  echo "$out" | grep -q "^#@irrcoll alg MPI_Gatherv 0 gatherv_irr_auto$" && ok || bad "n=$n allgatherv:native changed Gatherv"
  for o in native default; do
    out=$(LD_PRELOAD=$lib IRRCOLL_REPORT=1 IRRCOLL_ALG="gatherv:$o" timeout 120 $run $n $app 2>&1)
    echo "$out" | grep -q "^#@irrcoll alg MPI_Gatherv 0 native$" && ok || bad "n=$n gatherv:$o does not opt out"
    echo "$out" | grep -q "^#@irrcoll alg MPI_Scatterv 0 scatterv_irr_auto$" && ok || bad "n=$n gatherv:$o changed Scatterv"
  done
done
echo "$pass passed, $fail failed"
[ "$fail" = 0 ]
