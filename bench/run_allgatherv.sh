#!/bin/sh
# run_allgatherv.sh PROG OUTDIR [P...] - Allgatherv under SimGrid SMPI (0.5 us per-message
# overhead): IRR_Allgatherv against SMPI's own MPI_Allgatherv algorithms on seed 004's six
# distributions, base counts c = 4 B (1 int), 1 KiB, 64 KiB, 1 MiB; on the flat cluster
# (bench/flat.xml) and on a cluster of 16-core nodes sharing one NIC (bench/smp.xml via
# smpi-run -platform smp). Default P: 30 64. Summary: per cell, the best SMPI algorithm's
# time / irrcoll's (> 1: irrcoll faster), and the linear ring's / irrcoll's; then one line
# "worst cell: <ratio> at <cell>", and a heat map of the ratio per cell
# (allgatherv_smpi_PLAT_pP.png, with gnuplot). Knobs: PLATS (default "flat smp"), AG_ALGS (SMPI's
# algorithms to run; default: every allgatherv algorithm and selector), AG_CS (base
# counts), AG_TAG (a suffix for the output files, so that a second run at the same P, e.g.
# 1 MiB with fewer baselines, keeps the first one's), JOBS (simulations at once, default 2:
# SMPI runs are single-threaded), AG_SKEW=SEED:N (N random skewed distributions instead of
# the six, sim_allgatherv.c).
set -e
prog=$1; out=$2; shift 2
ps=${*:-30 64}
here=$(dirname "$0")
algs=${AG_ALGS:-"ring mpich_ring mpich_rdb ompi_bruck ompi_neighborexchange GB mpich ompi mvapich2 impi"}
cs=${AG_CS:-"4 1024 65536 1048576"}
jobs=${JOBS:-2}
tag=${AG_TAG:-}
for plat in ${PLATS:-flat smp}; do
  for p in $ps; do
    f="$out/allgatherv_smpi_${plat}_p$p$tag.csv"
    n=0
    for a in irrcoll $algs; do # JOBS at a time, each into its own file
      if [ "$a" = irrcoll ]; then
        "$here/smpi-run" -p "$p" -platform "$plat" -o 0.5us -- "$prog" irrcoll 3 $cs > "$f.$a.tmp" &
      else
        { "$here/smpi-run" -p "$p" -platform "$plat" -o 0.5us --cfg=smpi/allgatherv:$a -- "$prog" native 3 $cs |
            sed "s/^native,/$a,/" || echo "(SMPI's $a failed at p=$p)" >&2; } > "$f.$a.tmp" &
      fi
      n=$((n + 1))
      [ $((n % jobs)) -ne 0 ] || wait
    done
    wait
    for a in irrcoll $algs; do # a killed simulation prints nothing, and the pipe's status is sed's
      grep -q "^$a," "$f.$a.tmp" 2>/dev/null || echo "(SMPI's $a gave no result at $plat p=$p: failed or killed; left out)" >&2
    done
    { echo "#@smpi_overhead=0.5us"; echo "#@platform=$plat"; cat "$f".*.tmp | grep -v '^who,' | grep -v '^#@who'; } > "$f"
    rm -f "$f".*.tmp
    echo "SMPI $plat p=$p: best SMPI allgatherv / IRR_Allgatherv (and ring / IRR_Allgatherv), c = $cs bytes"
    dists="regular broadcast spike half_full decreasing geometric"
    if [ -n "${AG_SKEW:-}" ]; then dists=$(awk -v n="${AG_SKEW#*:}" 'BEGIN { for (i = 0; i < n; i++) printf "skew%d ", i }'); fi
    awk -F, -v cs="$cs" -v ds="$dists" -v cell="$plat p=$p" -v dat="$out/allgatherv_smpi_${plat}_p$p$tag.dat" '!/^#/ && NF == 6 && $5 > 0 { k = $3","$4; s[$1","k] += $6; n[$1","k]++; w[$1] = 1 }
      END { nd = split(ds, D, " "); nc = split(cs, C, " "); worst = -1;
            for (i = 1; i <= nd; i++) { printf "  %-11s", D[i];
              for (j = 1; j <= nc; j++) { k = D[i]","C[j]; best = -1; bw = "";
                for (a in w) if (a != "irrcoll" && n[a","k] > 0) { t = s[a","k] / n[a","k]; if (best < 0 || t < best) { best = t; bw = a } }
                irr = s["irrcoll,"k] / n["irrcoll,"k]; r = best / irr;
                printf "%d %d %.6f %.4f\n", j - 1, i - 1, log(r) / log(2), r > dat;
                if (worst < 0 || r < worst) { worst = r; wc = D[i]" c="C[j] }
                if (n["ring,"k] > 0) printf " %6.2f (%-12s ring %6.2f)", r, bw, (s["ring,"k] / n["ring,"k]) / irr;
                else printf " %6.2f (%-12s)", r, bw }
              printf "\n" }
            printf "worst cell: %.3f at %s %s\n", worst, cell, wc
            xt = ""; for (j = 1; j <= nc; j++) xt = xt (j > 1 ? ", " : "") "\"" C[j] "\" " j - 1
            yt = ""; for (i = 1; i <= nd; i++) yt = yt (i > 1 ? ", " : "") "\"" D[i] "\" " i - 1
            printf "cols = %d\nrows = %d\nset xtics (%s)\nset ytics (%s)\n", nc, nd, xt, yt > (dat ".gp") }' "$f"
    # heat map: x = c, y = distribution, colour = log2(ratio), white at 1
    if command -v gnuplot >/dev/null && [ -s "$out/allgatherv_smpi_${plat}_p$p$tag.dat" ]; then
      sh "$here/heatmap.sh" "$out/allgatherv_smpi_${plat}_p$p$tag.dat" "$out/allgatherv_smpi_${plat}_p$p$tag.png" \
        "Allgatherv, SMPI, $plat, p = $p, 0.5 us per message: SMPI's best / IRR_Allgatherv (> 1: irrcoll faster)" \
        "base count c (bytes)" || echo "(no heat map for $plat p=$p)" >&2
    fi
  done
done
