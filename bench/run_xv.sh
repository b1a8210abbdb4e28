#!/bin/sh
# run_xv.sh PROG OUTDIR - the unknown-size variants under SimGrid SMPI (flat cluster, 1.5 us,
# 10 GB/s): XGatherv on the MPI Forum proposal's setup (p = 16, root 1), with and without a
# 0.5 us per-message CPU overhead, and at p = 256 (roots 0 and p/2, b = 1 .. 10^4 ints,
# 0.5 us overhead), then one line "XGatherv worst cell: <Gather+Gatherv / XGatherv> at
# <cell>" over all of them (issue 12 asks >= 0.97 in every cell); XAlltoallv with a sparse
# pattern (6 partners per rank, up to 1000 ints each) at p = 256 and 1024, 0.5 us overhead.
# Summaries: means of repetitions 1.. (repetition 0 sets up irrcoll's private communicator;
# p = 1024: repetition 1 only).
set -e
prog=$1; out=$2; here=$(dirname "$0")
# xg_table CSV TITLE: XGatherv against Gather+Gatherv and the known-size Gatherv (us); the
# cells (ratio GG/X, then the cell) are appended to $out/xgatherv_cells.tmp
xg_table() {
  echo "$2"
  awk -F, -v cells="$out/xgatherv_cells.tmp" -v tag="$3" '
    /^#@root=/ { root = substr($0, 8) }
    !/^#/ && $1=="gatherv" && $5>0 { s[$4","$2]+=$6; n[$4","$2]++; b[$4]=1; p=$3 }
    function t(x, v) { return s[x","v] / n[x","v] * 1e6 }
    END { printf "  %8s %10s %10s %10s %10s %9s %9s\n", "avg ints", "Gath+Gathv", "XGatherv", "IRR known", "MPI known", "GG/X", "X/known";
          for (x in b) {
            printf "  %8d %10.2f %10.2f %10.2f %10.2f %9.3f %9.3f\n", x, t(x, "MPI_Gather+MPI_Gatherv"),
              t(x, "IRR_XGatherv"), t(x, "IRR_Gatherv_known"), t(x, "MPI_Gatherv_known"),
              t(x, "MPI_Gather+MPI_Gatherv") / t(x, "IRR_XGatherv"), t(x, "IRR_XGatherv") / t(x, "IRR_Gatherv_known")
            printf "%.3f p=%d root=%s b=%d %s\n", t(x, "MPI_Gather+MPI_Gatherv") / t(x, "IRR_XGatherv"), p, root, x, tag >> cells } }' "$1" |
    sort -k1n
}
rm -f "$out/xgatherv_cells.tmp"
for o in 0.5us 0; do
  f="$out/xgatherv_smpi_p16_o$o.csv"
  "$here/smpi-run" -p 16 -o "$o" -- "$prog" gatherv 4 41 83 169 340 682 1366 2733 5469 > "$f.tmp"
  { echo "#@smpi_overhead=$o"; echo "#@platform=flat (bench/flat.xml): alpha 1.5 us, 10 GB/s, eager < 64 KiB"; cat "$f.tmp"; } > "$f"
  rm -f "$f.tmp"
  xg_table "$f" "SMPI p=16, root 1, overhead $o: XGatherv against Gather+Gatherv and the known-size Gatherv (us)" "o=$o"
done
for r in 0 half; do
  f="$out/xgatherv_smpi_p256_root$r.csv"
  SIM_XV_ROOT=$r "$here/smpi-run" -p 256 -o 0.5us -- "$prog" gatherv 3 1 10 100 1000 10000 > "$f.tmp"
  { echo "#@smpi_overhead=0.5us"; echo "#@platform=flat (bench/flat.xml): alpha 1.5 us, 10 GB/s, eager < 64 KiB"; cat "$f.tmp"; } > "$f"
  rm -f "$f.tmp"
  xg_table "$f" "SMPI p=256, root $r, overhead 0.5us: XGatherv against Gather+Gatherv and the known-size Gatherv (us)" "o=0.5us"
done
sort -n "$out/xgatherv_cells.tmp" | head -n1 | sed 's/^\([^ ]*\) /XGatherv worst cell: \1 at /'
rm -f "$out/xgatherv_cells.tmp"
for p in 256 1024; do
  f="$out/xalltoallv_smpi_p$p.csv"
  # at p = 1024 a dense Alltoallv is a million messages to simulate: 2 repetitions, and
  # irrcoll's forced-dense variant (the same calls as the baseline) only at p = 256
  if [ $p = 256 ]; then args="4 6 1000 3"; else args="2 6 1000 2"; fi
  "$here/smpi-run" -p $p -o 0.5us -- "$prog" alltoallv $args > "$f.tmp"
  { echo "#@smpi_overhead=0.5us"; echo "#@pattern=6 partners per rank (2-D stencil), 1..1000 ints each"; cat "$f.tmp"; } > "$f"
  rm -f "$f.tmp"
  echo "SMPI p=$p, overhead 0.5us, 6 partners per rank: XAlltoallv against Alltoall(counts)+Alltoallv (us)"
  awk -F, '!/^#/ && $1=="alltoallv" && $5>0 { s[$2]+=$6; n[$2]++ }
    END { b = s["MPI_Alltoall+MPI_Alltoallv"] / n["MPI_Alltoall+MPI_Alltoallv"];
          for (v in s) printf "  %-28s %10.2f   baseline/this %.2f\n", v, s[v] / n[v] * 1e6, b / (s[v] / n[v]) }' "$f" | sort
done
