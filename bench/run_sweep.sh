#!/bin/sh
# run_sweep.sh PROG OUTDIR - the Gatherv/Scatterv sweep under SimGrid SMPI (PROG: sim_v built
# with smpicc): SMPI's MPI_Gatherv/MPI_Scatterv (linear) against IRR_Gatherv/IRR_Scatterv's
# automatic choice, on the flat cluster (bench/flat.xml: one rank per node, alpha 1.5 us,
# 10 GB/s) with a per-message CPU overhead, for every cell
#   p in $BENCH_P x the six distributions of test/dist.h x b in $BENCH_SIZES x root in $BENCH_ROOTS.
# ratio = mean time of MPI_X / mean time of IRR_X (> 1: irrcoll faster).
#
# One independent SMPI run per (collective, p, root, b) keeps every run short (p = 1024: 5-15 s);
# $BENCH_JOBS of them run at a time. Writes to OUTDIR:
#   gatherv_sweep.csv, scatterv_sweep.csv           every repetition, '#@key=value' header
#   gatherv_sweep_ratio.csv, scatterv_sweep_ratio.csv  one row per cell: both means, ratio
#   gatherv_sweep_p<P>.png, scatterv_sweep_p<P>.png    heat maps of the ratio
#   sweep/                                           the runs' own outputs and errors
# and prints, per collective, one table per p and exactly one line
#   worst cell: <ratio> at p=<p> root=<r> dist=<d> b=<b>
# Progress (one line per finished run, with its wall time) goes to stderr.
#
# Knobs (environment): BENCH_P ("16 32 64 256"; 1024 allowed), BENCH_SIZES (ints per rank on
# average, "1 10 100 1000 10000 100000"), BENCH_ROOTS ("0 mid last", or ranks), BENCH_COLLS
# ("gatherv scatterv"), BENCH_REPS (2 timed repetitions after one untimed warm-up),
# BENCH_JOBS (2 runs at a time), BENCH_O (per-message overhead, 0.5us), SEED (12345: the
# block sizes of random and spikes; the same for every cell, so a rerun with another SEED
# draws other sizes).
set -eu
here=$(cd "$(dirname "$0")" && pwd)

# one run, called back through xargs: --job PROG DIR O REPS SEED COLL P ROOT B
if [ "${1:-}" = --job ]; then
  prog=$2 dir=$3 o=$4 reps=$5 seed=$6 coll=$7 p=$8 root=$9
  shift 9
  b=$1
  f="$dir/${coll}_p${p}_r${root}_b$b"
  t0=$(date +%s.%N)
  # The private communicator's MPI_Bcast (irrcoll's first call) would pick an SMP-aware
  # algorithm under the ompi selector: SMPI's init_smp, 45 s wall at p = 1024. A binomial
  # tree instead; it is untimed, and neither MPI_Gatherv/Scatterv nor the timed IRR calls use it.
  if "$here/smpi-run" -p "$p" -o "$o" --cfg=smpi/bcast:binomial_tree -- \
       "$prog" -c "$coll" -a native,auto -r "$root" -n "$reps" -s "$seed" "$b" > "$f.tmp" 2> "$f.err"; then
    t1=$(date +%s.%N)
    wall=$(echo "$t0 $t1" | awk '{ printf "%.1f", $2 - $1 }')
    { echo "#@wall_seconds=$wall"; cat "$f.tmp"; } > "$f.csv"
    rm -f "$f.tmp"
    echo "  $coll p=$p root=$root b=$b: $wall s" >&2
  else
    echo "  $coll p=$p root=$root b=$b: FAILED (exit $?), see $f.err" >&2
    exit 1
  fi
  exit 0
fi

[ $# -eq 2 ] || { echo "usage: $0 PROG OUTDIR (knobs: see the comment at the top)" >&2; exit 64; }
prog=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
out=$2
P=${BENCH_P:-16 32 64 256}
SIZES=${BENCH_SIZES:-1 10 100 1000 10000 100000}
ROOTS=${BENCH_ROOTS:-0 mid last}
COLLS=${BENCH_COLLS:-gatherv scatterv}
REPS=${BENCH_REPS:-2}
JOBS=${BENCH_JOBS:-2}
O=${BENCH_O:-0.5us}
SEED=${SEED:-12345}
DISTS="same random spikes decreasing alternating two_blocks"
dir="$out/sweep"
mkdir -p "$dir"
rm -f "$dir"/*.csv "$dir"/*.err "$dir"/*.tmp "$dir"/*.dat "$dir"/*.gp
for coll in $COLLS; do rm -f "$out/${coll}_sweep.csv" "$out/${coll}_sweep_ratio.csv" "$out/${coll}_sweep_p"*.png; done

# the jobs, largest p and b first so that the long runs do not trail at the end
for p in $P; do
  for coll in $COLLS; do
    for root in $ROOTS; do
      for b in $SIZES; do echo "$p $b $coll $root"; done
    done
  done
done | sort -k1,1nr -k2,2nr | awk -v a="$prog $dir $O $REPS $SEED" '{ print a, $3, $1, $4, $2 }' > "$dir/jobs"
echo "sweep: $(wc -l < "$dir/jobs") SMPI runs, $JOBS at a time (p = $P; roots $ROOTS; b = $SIZES)" >&2
t0=$(date +%s)
rc=0
xargs -P "$JOBS" -L 1 sh "$here/run_sweep.sh" --job < "$dir/jobs" || rc=1
echo "sweep: $(($(date +%s) - t0)) s wall in all" >&2

commit=$(git -C "$here/.." rev-parse --short HEAD 2>/dev/null || echo unknown)
git -C "$here/.." diff --quiet HEAD -- 2>/dev/null || commit="$commit+uncommitted"
date=$(date -u +%Y-%m-%dT%H:%M:%SZ)
simgrid=$(pkg-config --modversion simgrid 2>/dev/null || echo unknown)
for coll in $COLLS; do
  case $coll in gatherv) C=Gatherv ;; *) C=Scatterv ;; esac
  f="$out/${coll}_sweep.csv"
  # wall time per p: the sum over its runs (they overlap when BENCH_JOBS > 1)
  walls=$(for p in $P; do
            cat "$dir/${coll}_p${p}_"*.csv 2>/dev/null | awk -v p="$p" -F= '/^#@wall_seconds=/ { s += $2 } END { printf "p=%d: %.1f s, ", p, s }'
          done | sed 's/, $//')
  hdr="#@benchmark=${coll}_sweep
#@compared=MPI_$C (SMPI: always linear) / IRR_$C (automatic choice); ratio > 1: irrcoll faster
#@platform=flat (bench/flat.xml): one rank per node, alpha 1.5 us, 10 GB/s per direction, network/model CM02, eager < 64 KiB
#@overhead=$O per message on sender and receiver (smpi-run -o)
#@simgrid=$simgrid (smpi-run, --cfg=smpi/bcast:binomial_tree for irrcoll's untimed set-up)
#@p=$P
#@roots=$ROOTS
#@sizes=$SIZES (average ints per rank)
#@dists=$DISTS (test/dist.h)
#@reps=$REPS timed repetitions after 1 untimed warm-up per algorithm and cell; a cell's time is their mean
#@seeds=$SEED (the block sizes of random and spikes; the same seed for every cell)
#@date=$date
#@commit=$commit
#@wall=$walls (sum of run wall times; $JOBS runs at a time)"
  { echo "$hdr"; echo "coll,alg,p,root,dist,b_ints,rep,seconds"
    cat "$dir/${coll}_p"*.csv 2>/dev/null | grep -v '^#' | grep -v '^coll,' | sort -t, -k3,3n -k4,4n -k5,5 -k6,6n -k2,2r -k7,7n || true
  } > "$f"
  # per cell: both means, the ratio; the table per p; the worst cell; the heat maps' data
  awk -F, -v coll="$coll" -v C="$C" -v plist="$P" -v dists="$DISTS" -v dir="$dir" -v ratiofile="$out/${coll}_sweep_ratio.csv" '
    function sortn(a, n,   i, j, x) { for (i = 2; i <= n; i++) { x = a[i]; for (j = i - 1; j >= 1 && a[j] + 0 > x + 0; j--) a[j + 1] = a[j]; a[j + 1] = x } }
    function add(a, n, v,   i) { for (i = 1; i <= n; i++) if (a[i] == v) return n; a[n + 1] = v; return n + 1 }
    /^#/ { print > ratiofile; next }
    $1 == "coll" { next }
    { k = $3 SUBSEP $4 SUBSEP $5 SUBSEP $6; s[k, $2] += $8; n[k, $2]++
      nb = add(B, nb, $6); roots[$3, $4] = 1 }
    END {
      nd = split(dists, D, " "); np = split(plist, P, " ")
      sortn(P, np); sortn(B, nb)
      print "coll,p,root,dist,b_ints,native_seconds,irr_seconds,ratio" > ratiofile
      worst = -1
      printf "%s: MPI_%s (SMPI, linear) / IRR_%s (automatic choice), > 1: irrcoll faster\n", coll, C, C
      for (i = 1; i <= np; i++) {
        p = P[i]; m = 0
        for (key in roots) { split(key, kk, SUBSEP); if (kk[1] == p) RR[++m] = kk[2] }
        sortn(RR, m)
        if (!m) { printf "\n  p = %d: no results (failed runs: see %s/*.err)\n", p, dir; continue }
        printf "\n  p = %d\n  %-24s", p, "dist, root \\ b (ints)"
        for (j = 1; j <= nb; j++) printf " %8s", B[j]
        printf "\n"
        dat = dir "/" coll "_p" p ".dat"; y = 0; ytics = ""
        sep = ""
        for (d = 1; d <= nd; d++)
          for (r = 1; r <= m; r++) {
            if (r == 1 && y > 0 && m > 1) sep = sep sprintf("set arrow from -0.5, %g to cols - 0.5, %g nohead front lw 1.5\n", y - 0.5, y - 0.5)
            printf "  %-24s", D[d] ", " RR[r]
            ytics = ytics (y ? ", " : "") "\"" D[d] ", root " RR[r] "\" " y
            for (j = 1; j <= nb; j++) {
              k = p SUBSEP RR[r] SUBSEP D[d] SUBSEP B[j]
              if (!n[k, "native"] || !n[k, "auto"]) { printf " %8s", "n/a"; continue }
              tn = s[k, "native"] / n[k, "native"]; ta = s[k, "auto"] / n[k, "auto"]
              ratio = ta > 0 ? tn / ta : 0
              printf " %8.2f", ratio
              printf("%s,%d,%d,%s,%d,%.9e,%.9e,%.4f\n", coll, p, RR[r], D[d], B[j], tn, ta, ratio) > ratiofile
              printf("%d %d %.6f %.2f\n", j - 1, y, (ratio > 0 ? log(ratio) / log(2) : -99), ratio) > dat
              if (worst < 0 || ratio < worst) { worst = ratio; wc = sprintf("p=%d root=%d dist=%s b=%d", p, RR[r], D[d], B[j]) }
            }
            printf "\n"; y++
          }
        close(dat)
        xt = ""; for (j = 1; j <= nb; j++) xt = xt (j > 1 ? ", " : "") "\"" B[j] "\" " j - 1
        print "set xtics (" xt ")\nset ytics (" ytics ")\nrows = " y "\ncols = " nb "\n" sep > (dat ".gp")
        close(dat ".gp")
        delete RR
      }
      printf "\n"
      if (worst < 0) { print "worst cell: none (no complete cell)"; exit 1 }
      printf "worst cell: %.2f at %s\n", worst, wc
    }' "$f" || rc=1
  # heat maps: x = b, y = distribution x root, colour = log2(ratio), white at 1
  if command -v gnuplot >/dev/null; then
    for p in $P; do
      dat="$dir/${coll}_p$p.dat"
      [ -s "$dat" ] || continue
      sh "$here/heatmap.sh" "$dat" "$out/${coll}_sweep_p$p.png" \
        "$C, SMPI, p = $p, flat, $O per message: MPI_$C / IRR_$C (> 1: irrcoll faster)" "average block size b (ints)" || rc=1
    done
  fi
done
for coll in $COLLS; do ls "$out/${coll}_sweep"*.csv "$out/${coll}_sweep_p"*.png 2>/dev/null; done | sed 's/^/  /' >&2
exit $rc
