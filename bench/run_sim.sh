#!/bin/sh
# run_sim.sh PROG OUTDIR - Gatherv under SimGrid SMPI at p = 256, root p/2 (flat cluster,
# 1.5 us, 10 GB/s), with and without a 0.5 us per-message CPU overhead, then a summary of
# SMPI's MPI_Gatherv (linear) / IRR_Gatherv forced to the tree per distribution and block
# size. PROG: sim_v (bench/sim_v.c). The full sweep (automatic choice, every root, p up to
# 1024, Scatterv too) is bench/run_sweep.sh.
set -e
prog=$1; out=$2; here=$(dirname "$0")
for o in 0 0.5us; do
  f="$out/gatherv_smpi_p256_o$o.csv"
  "$here/smpi-run" -p 256 -o "$o" --cfg=smpi/bcast:binomial_tree -- "$prog" -c gatherv -a native,tree -r mid -n 3 \
    1 10 100 1000 10000 > "$f.tmp"
  { echo "#@smpi_overhead=$o"; echo "#@platform=flat (bench/flat.xml): alpha 1.5 us, 10 GB/s, eager < 64 KiB"; cat "$f.tmp"; } > "$f"
  rm -f "$f.tmp"
  echo "SMPI p=256, per-message overhead $o: MPI_Gatherv / IRR_Gatherv(tree), mean of 3 repetitions after a warm-up"
  awk -F, '!/^#/ && $1=="gatherv" { s[$5","$6","$2]+=$8; n[$5","$6","$2]++ }
    END { split("same random spikes decreasing alternating two_blocks", D, " ");
          printf "  %-12s", "b (ints):"; split("1 10 100 1000 10000", B, " ");
          for (j = 1; j <= 5; j++) printf " %8s", B[j]; printf "\n";
          for (i = 1; i <= 6; i++) { printf "  %-12s", D[i];
            for (j = 1; j <= 5; j++) { k = D[i]","B[j]; printf " %8.2f", (s[k",native"]/n[k",native"])/(s[k",tree"]/n[k",tree"]) }
            printf "\n" } }' "$f"
done
