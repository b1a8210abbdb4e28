#!/bin/sh
# run_e2e.sh BINDIR OUTDIR - end to end under SimGrid SMPI, irrcoll's CPU charged (issue 31):
# IRR_Allgatherv, IRR_Gatherv, IRR_Scatterv (automatic choice) and IRR_Alltoallv against SMPI's
# own algorithms as its default selector here (smpi-run's ompi: SMPI's MPI_Gatherv/Scatterv
# are always linear) on the flat cluster (bench/flat.xml: one rank per node, alpha 1.5 us,
# 10 GB/s, eager < 64 KiB), with a per-message CPU overhead $E2E_O on every MPI message
# (both sides, native and irrcoll alike), and irrcoll's cost-model CPU charged to the simulated
# clock with smpi_execute (bench/simcpu.h; SMPI's own algorithms are charged nothing for
# their CPU). BINDIR holds sim_allgatherv, sim_v and sim_alltoallv built with smpicc.
#
# Every cell (collective, p, average size, distribution, mode) is timed in two modes
# (bench/simmode.h): new (every repetition draws new counts, seed SEED + repetition, same
# family and average size) and repeat (the counts of seed SEED every time); each cell on a
# fresh communicator with no warm-up, so repetition 0 is the first call on it (irrcoll's
# context creation included; SMPI's own first-call set-up, e.g. its SMP detection, too).
#
# Prints one table: coll, p, size (average bytes a rank; a pair for Alltoallv), dist, mode,
# the median of repetitions 1..REPS-1 for native and irrcoll, ratio = native / irrcoll (>= 1:
# irrcoll faster), repetition 0 of both (first call), the CPU irrcoll's model charged (median,
# max over ranks) and how many of its later calls found their counts repeated (kept plan);
# then per collective one line
#   worst cell <coll>: <ratio> at p=.. size=.. dist=.. mode=..
# and one per collective and mode ("worst <mode> cell <coll>: ..."). Raw output of every
# simulation in OUTDIR/e2e/ (CSV rows of every repetition, '#summary' lines); progress on stderr.
#
# Knobs (environment): E2E_P ("64 256"), E2E_SIZES (bytes, "4 64 1024 16384 65536"),
# E2E_DISTS (Allgatherv/Gatherv/Scatterv: "random spikes skew", names of bench/simmode.h),
# E2E_A2A_DISTS (Alltoallv: "random sparse powerlaw", of bench/sim_alltoallv.c), E2E_MODES
# ("new repeat"), E2E_COLLS ("allgatherv gatherv scatterv alltoallv"), E2E_REPS (6: the first
# call and 5 more), E2E_A2A_BIG_REPS (repetitions of Alltoallv at p >= 256 and >= 16 KiB a
# pair, 4), E2E_SKIP (cells not run, COLL:P:SIZE, default "allgatherv:256:65536
# alltoallv:256:16384 alltoallv:256:65536": minutes of wall time per run on 2 cores; "" runs
# them; the table marks them "no result"), E2E_O (per-message overhead, 0.5us; 0: none), SEED (default: date +%s, printed,
# so a run can be repeated), JOBS (simulations at once, 2), E2E_RUN=0 (run nothing: the table
# of the outputs of seed SEED already in OUTDIR/e2e, for every collective of E2E_COLLS; so a
# sweep can be run in parts with one SEED and tabled once).
set -eu
here=$(cd "$(dirname "$0")" && pwd)
[ $# -eq 2 ] || { echo "usage: $0 BINDIR OUTDIR (knobs: see the comment at the top)" >&2; exit 64; }
bin=$(cd "$1" && pwd)
out=$2
P=${E2E_P:-64 256}
SIZES=${E2E_SIZES:-4 64 1024 16384 65536}
DISTS=${E2E_DISTS:-random spikes skew}
A2A_DISTS=${E2E_A2A_DISTS:-random sparse powerlaw}
MODES=${E2E_MODES:-new repeat}
COLLS=${E2E_COLLS:-allgatherv gatherv scatterv alltoallv}
REPS=${E2E_REPS:-6}
BIGREPS=${E2E_A2A_BIG_REPS:-4}
SKIP=${E2E_SKIP-allgatherv:256:65536 alltoallv:256:16384 alltoallv:256:65536}
O=${E2E_O:-0.5us}
SEED=${SEED:-$(date +%s)}
JOBS=${JOBS:-2}
dir=$out/e2e
mkdir -p "$dir"
comma() { echo "$*" | tr ' ' ','; }

# one simulation: NAME, then the environment and command; its stdout into $dir/NAME.csv
run1() {
  name=$1; shift
  t0=$(date +%s.%N)
  if env "$@" > "$dir/$name.csv" 2> "$dir/$name.err"; then
    echo "  $name: $(awk -v a="$t0" -v b="$(date +%s.%N)" 'BEGIN { printf "%.1f", b - a }') s" >&2
  else
    echo "  $name: FAILED (exit $?), see $dir/$name.err" >&2
  fi
}

echo "# run_e2e.sh: SMPI $(smpirun -version 2>/dev/null | head -n1 | tr -d '\n'), flat cluster, alpha 1.5 us, 10 GB/s, eager < 64 KiB,"
echo "#   per-message overhead $O (every MPI message, native and irrcoll), smpi/bcast:binomial_tree (irrcoll's untimed set-up)"
echo "# native: SMPI's default selector here (smpi-run's ompi); its CPU is charged nothing."
echo "# irrcoll: automatic choice; its cost model's CPU charged with smpi_execute (bench/simcpu.h), smpi/cpu-threshold:0"
echo "# not run (E2E_SKIP): ${SKIP:-none}"
echo "# seed $SEED (SEED=$SEED to repeat); reps $REPS (Alltoallv at p >= 256, >= 16 KiB: $BIGREPS): median of reps 1.., rep 0 apart"
if [ "${E2E_RUN:-1}" != 0 ]; then
echo "# $(date -u '+%Y-%m-%d %H:%M UTC'): $COLLS at p = $P; git $(git -C "$here/.." log -1 --format=%h 2>/dev/null || echo '?'), uncommitted in irrcoll_impl:"
git -C "$here/.." status --short irrcoll_impl 2>/dev/null | head | sed 's/^/#   /'

n=0
job() { # JOBS at a time
  run1 "$@" &
  n=$((n + 1))
  [ $((n % JOBS)) -ne 0 ] || wait
}
for mode in $MODES; do
  for p in $P; do
    for s in $SIZES; do
      base="SIM_MODE=$mode SIM_SEED=$SEED"
      run="$here/smpi-run -p $p -o $O --cfg=smpi/bcast:binomial_tree --"
      for coll in $COLLS; do
        case " $SKIP " in *" $coll:$p:$s "*) echo "  $coll p=$p size=$s: skipped (E2E_SKIP)" >&2; continue ;; esac
        case $coll in
          allgatherv)
            for who in native irrcoll; do
              job "allgatherv_${mode}_p${p}_s${s}_$who" $base SIM_DISTS="$(comma $DISTS)" $run "$bin/sim_allgatherv" $who "$REPS" "$s"
            done ;;
          gatherv|scatterv)
            job "${coll}_${mode}_p${p}_s${s}" $base $run "$bin/sim_v" -c $coll -a native,auto -n "$REPS" -d "$(comma $DISTS)" $((s / 4)) ;;
          alltoallv)
            r=$REPS
            [ "$p" -lt 256 ] || [ "$s" -lt 16384 ] || r=$BIGREPS
            for who in native irrcoll; do
              job "alltoallv_${mode}_p${p}_s${s}_$who" $base A2A_DISTS="$(comma $A2A_DISTS)" $run "$bin/sim_alltoallv" $who "$r" "$s"
            done ;;
          *) echo "run_e2e.sh: unknown collective $coll" >&2; exit 64 ;;
        esac
      done
    done
  done
done
wait
fi

# the table from the #summary lines (sim_v's "auto" is irrcoll): per collective, mode, p, size, dist
cat "$dir"/*.csv | grep '^#summary,' | awk -F, -v colls="$COLLS" -v modes="$MODES" -v seed="$SEED" -v ps="$P" \
    -v sizes="$SIZES" -v dists="$DISTS" -v a2adists="$A2A_DISTS" '
  $8 != seed { next }
  { who = ($3 == "native") ? "native" : "irrcoll"; k = $2 "," $4 "," $6 "," $5 "," $7
    med[k "," who] = $11; first[k "," who] = $10; if (who == "irrcoll") { cpu[k] = $13; hits[k] = $14; reps[k] = $9 } }
  END {
    printf "%-10s %4s %6s %-9s %-6s %11s %11s %7s %11s %11s %10s %5s\n", "coll", "p", "size", "dist", "mode",
           "native_us", "irrcoll_us", "ratio", "nat_1st_us", "irr_1st_us", "irr_cpu_us", "kept"
    nc = split(colls, C, " "); nm = split(modes, M, " "); np = split(ps, P, " "); ns = split(sizes, S, " ")
    for (c = 1; c <= nc; c++) {
      nd = split(C[c] == "alltoallv" ? a2adists : dists, D, " ")
      for (j = 1; j <= nm; j++) for (a = 1; a <= np; a++) for (b = 1; b <= ns; b++) for (d = 1; d <= nd; d++) {
        k = C[c] "," P[a] "," S[b] "," D[d] "," M[j]
        if (!((k ",native") in med) || !((k ",irrcoll") in med)) {
          printf "%-10s %4s %6s %-9s %-6s  (no result: a run failed, or was not run)\n", C[c], P[a], S[b], D[d], M[j]; continue }
        r = med[k ",native"] / med[k ",irrcoll"]
        printf "%-10s %4d %6d %-9s %-6s %11.2f %11.2f %7.3f %11.2f %11.2f %10.2f %2d/%d\n", C[c], P[a], S[b], D[d], M[j],
               med[k ",native"] * 1e6, med[k ",irrcoll"] * 1e6, r, first[k ",native"] * 1e6, first[k ",irrcoll"] * 1e6,
               cpu[k] * 1e6, hits[k], reps[k] - 1
        cell = sprintf("p=%d size=%d dist=%s mode=%s (native %.2f us, irrcoll %.2f us)", P[a], S[b], D[d], M[j],
                       med[k ",native"] * 1e6, med[k ",irrcoll"] * 1e6)
        if (!(C[c] in worst) || r < worst[C[c]]) { worst[C[c]] = r; wc[C[c]] = cell }
        m = C[c] "," M[j]
        if (!(m in wm) || r < wm[m]) { wm[m] = r; wmc[m] = cell }
      }
    }
    for (c = 1; c <= nc; c++) if (C[c] in worst) {
      printf "worst cell %s: %.3f at %s\n", C[c], worst[C[c]], wc[C[c]]
      for (j = 1; j <= nm; j++) if ((C[c] "," M[j]) in wm) printf "  worst %s cell %s: %.3f at %s\n", M[j], C[c], wm[C[c] "," M[j]], wmc[C[c] "," M[j]]
    }
  }'
