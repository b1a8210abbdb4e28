#!/bin/sh
# run_inter.sh PROG OUTDIR [P...] - intergroup Allgatherv under SimGrid SMPI (flat cluster,
# 0.5 us per-message overhead): irrcoll's Algorithm 2 against root gathering (both through
# IRR_Allgatherv_groups) on seed 001's settings 1-8, blocks 64 KiB .. 8 MiB. Default P: 64.
# Summary: root gathering / irrcoll per setting and block size.
set -e
prog=$1; out=$2; shift 2
ps=${*:-64}
here=$(dirname "$0")
ks="65536 1048576 8388608"
for p in $ps; do
  f="$out/inter_smpi_p$p.csv"
  { echo "#@smpi_overhead=0.5us"; echo "#@platform=flat"
    for a in segment rootgather; do
      "$here/smpi-run" -p "$p" -platform flat -o 0.5us -- "$prog" $a 2 $ks | grep -v '^#@\|^alg,'
    done; } > "$f"
  echo "SMPI flat P=$p: root gathering / irrcoll (Algorithm 2), k = $ks bytes"
  awk -F, '!/^#/ && $5 == 1 { t[$1","$3","$4] = $6; s[$3] = 1; k[$4] = 1 }
    END { n = split("'"$ks"'", K, " ");
          for (st = 1; st <= 8; st++) { printf "  setting %d:", st;
            for (j = 1; j <= n; j++) printf " %6.2f", t["rootgather,"st","K[j]] / t["segment,"st","K[j]];
            printf "\n" } }' "$f"
done
