#!/bin/sh
# run_sim.sh PROG OUTDIR - Gatherv under SimGrid SMPI at p = 256 (flat cluster, 1.5 us,
# 10 GB/s), with and without a 0.5 us per-message CPU overhead, then a summary of
# SMPI's MPI_Gatherv (linear) / IRR_Gatherv (tree) per distribution and block size.
set -e
prog=$1; out=$2; here=$(dirname "$0")
for o in 0 0.5us; do
  f="$out/gatherv_smpi_p256_o$o.csv"
  "$here/smpi-run" -p 256 -o "$o" -- "$prog" 4 1 10 100 1000 10000 > "$f.tmp"
  { echo "#@smpi_overhead=$o"; echo "#@platform=flat (bench/flat.xml): alpha 1.5 us, 10 GB/s, eager < 64 KiB"; cat "$f.tmp"; } > "$f"
  rm -f "$f.tmp"
  echo "SMPI p=256, per-message overhead $o: MPI_Gatherv / IRR_Gatherv(tree), mean of repetitions 1..3"
  awk -F, '!/^#/ && $1=="gatherv" && $6>0 { s[$4","$5","$2]+=$7; n[$4","$5","$2]++; d[$4]=1; b[$5]=1 }
    END { split("same random spikes decreasing alternating two_blocks", D, " ");
          printf "  %-12s", "b (ints):"; split("1 10 100 1000 10000", B, " ");
          for (j = 1; j <= 5; j++) printf " %8s", B[j]; printf "\n";
          for (i = 1; i <= 6; i++) { printf "  %-12s", D[i];
            for (j = 1; j <= 5; j++) { k = D[i]","B[j]; printf " %8.2f", (s[k",MPI_Gatherv"]/n[k",MPI_Gatherv"])/(s[k",tree"]/n[k",tree"]) }
            printf "\n" } }' "$f"
done
