#!/bin/sh
# run_persist.sh PROG OUTDIR - persistent Gatherv/Scatterv under SimGrid SMPI (issue 13's
# benchmark): one start of IRR_Gatherv_init's (IRR_Scatterv_init's) request against the
# blocking IRR_Gatherv and SMPI's MPI_Gatherv, p = $PERSIST_P (256) ranks, root p/2, the six
# distributions of test/dist.h x b = 1 .. 10^4 ints, flat cluster, 0.5 us per-message
# overhead, 2 repetitions after a warm-up. PROG: sim_v built with smpicc. Writes
# OUTDIR/persist_<coll>_p<P>.csv and prints per collective a table (start / blocking,
# start / native, init in us, starts until the init has paid for itself) and two lines
#   worst cell: <native / start> at ...
#   worst small cell: <start / blocking at b <= 10> at ...
set -eu
prog=$1 out=$2 here=$(dirname "$0") p=${PERSIST_P:-256}
for coll in ${PERSIST_COLLS:-gatherv scatterv}; do
  f="$out/persist_${coll}_p$p.csv"
  "$here/smpi-run" -p "$p" -o 0.5us --cfg=smpi/bcast:binomial_tree -- "$prog" -c "$coll" -a native,auto,persist \
    -r mid -n 2 -s 12345 1 10 100 1000 10000 > "$f"
  echo "$coll, p = $p, root p/2: one persistent start against the blocking call and the native one"
  awk -F, '!/^#/ && $1 != "coll" { k = $5 "," $6; t[k "," $2] += $8; n[k "," $2]++ }
    END {
      printf "  %-12s %7s %10s %10s %9s %8s\n", "dist", "b", "start/blk", "start/nat", "init us", "pays off"
      nd = split("same random spikes decreasing alternating two_blocks", D, " "); nb = split("1 10 100 1000 10000", B, " ")
      worst = 1e9
      for (x = 1; x <= nd; x++) for (y = 1; y <= nb; y++) {
        k = D[x] "," B[y]
        if (!n[k ",persist"] || !n[k ",auto"] || !n[k ",native"]) continue
        s = t[k ",persist"] / n[k ",persist"]; b = t[k ",auto"] / n[k ",auto"]; m = t[k ",native"] / n[k ",native"]
        i = n[k ",persist_init"] ? t[k ",persist_init"] / n[k ",persist_init"] : 0
        pay = b > s ? sprintf("%d", int(i / (b - s)) + 1) : "never"
        printf "  %-12s %7d %10.2f %10.2f %9.1f %8s\n", D[x], B[y], s / b, s / m, i * 1e6, pay
        if (m / s < worst) { worst = m / s; wk = "dist=" D[x] " b=" B[y] }
        if (B[y] <= 10 && s / b > wsb) { wsb = s / b; sk = "dist=" D[x] " b=" B[y] }
      }
      printf "worst cell: %.2f (native / start) at %s\n", worst, wk
      printf "worst small cell: %.2f (start / blocking, b <= 10; issue 13 asks <= 0.5 of Gatherv) at %s\n", wsb, sk
    }' "$f"
done
