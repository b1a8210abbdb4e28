#!/bin/sh
# run_alltoallv.sh PROG OUTDIR [P...] - Alltoallv under SimGrid SMPI (0.5 us per-message
# overhead): IRR_Alltoallv against SMPI's own MPI_Alltoallv algorithms on the five matrices of
# sim_alltoallv.c (uniform random sparse hot powerlaw), c = 1, 16, 1024, 65536 bytes per pair on
# average; on the flat cluster and on 16-core nodes sharing one NIC (smpi-run -platform smp).
# Default P: 64. Summary per (platform, p): per cell, the best SMPI algorithm's time /
# irrcoll's (> 1: irrcoll faster), naming that algorithm, and the ompi selector's (SMPI's
# default here) / irrcoll's; one line "worst cell: <ratio> at <cell>"; a heat map of the ratio
# (alltoallv_smpi_PLAT_pP.png, gnuplot). Without irrcoll rows (irrcoll.h has no
# IRR_Alltoallv yet: PROG exits with status 2) it prints the baselines only: per cell the best
# SMPI algorithm and its time. Last line per (platform, p): wall time of every simulation.
#
# Baselines are kept, so that a later run can time irrcoll alone: every SMPI algorithm's rows go
# to OUTDIR/alltoallv_base/PLAT_pP_seedSEED/ALG.csv; a new run of ALG replaces the rows of the
# (distribution, c) cells it ran and keeps the others. The summary compares irrcoll with every
# algorithm in that directory (whichever run made it), on the cells asked for. So
#   A2A_ALGS="" sh bench/run_alltoallv.sh build/sim_alltoallv OUT 64
# runs irrcoll only, against the stored baselines. irrcoll's rows are never stored there: they
# go, with the baselines compared, into OUTDIR/alltoallv_smpi_PLAT_pP$A2A_TAG.csv.
#
# Knobs: PLATS (default "flat smp"); A2A_ALGS (SMPI algorithms to run; default: every
# alltoallv algorithm and selector of SimGrid 3.32; the pair* ones are left out when P is not
# a power of two, where they abort; "" runs none); A2A_CS (average bytes per pair); A2A_DISTS
# (matrices); A2A_SEED (the matrices' seed, default 20250101; baselines are stored per seed);
# A2A_IRR=0 (do not run irrcoll); A2A_REPS (repetitions, default 3; the first is left out of
# the summary); A2A_TAG (a suffix for the summary's files); JOBS (simulations at once, default
# 2: SMPI runs are single-threaded). Wall times are also appended to
# OUTDIR/alltoallv_walltime.txt ("platform p who seconds status").
set -e
prog=$1; out=$2; shift 2
ps=${*:-64}
here=$(dirname "$0")
all_algs="ompi_basic_linear bruck pair pair_light_barrier pair_mpi_barrier pair_one_barrier ring ring_light_barrier
          ring_mpi_barrier ring_one_barrier default ompi mpich mvapich2 impi"
algs=${A2A_ALGS-$all_algs}
cs=${A2A_CS:-"1 16 1024 65536"}
dists=${A2A_DISTS:-"uniform random sparse hot powerlaw"}
seed=${A2A_SEED:-20250101}
reps=${A2A_REPS:-3}
jobs=${JOBS:-2}
tag=${A2A_TAG:-}
export A2A_SEED="$seed" A2A_DISTS="$dists"
mkdir -p "$out"

# run1 PLAT P WHO FILE: one simulation into FILE (WHO: irrcoll or an SMPI algorithm); its wall
# time and exit status into FILE.wall
run1() {
  t0=$(date +%s.%N)
  if [ "$3" = irrcoll ]; then
    set +e; "$here/smpi-run" -p "$2" -platform "$1" -o 0.5us -- "$prog" irrcoll "$reps" $cs > "$4"; rc=$?; set -e
  else
    set +e; "$here/smpi-run" -p "$2" -platform "$1" -o 0.5us --cfg=smpi/alltoallv:"$3" -- "$prog" native "$reps" $cs \
      > "$4"; rc=$?; set -e
  fi
  t1=$(date +%s.%N)
  echo "$1 $2 $3 $(awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.2f", b - a }') $rc" > "$4.wall"
}

for plat in ${PLATS:-flat smp}; do
  for p in $ps; do
    base="$out/alltoallv_base/${plat}_p${p}_seed$seed"
    f="$out/alltoallv_smpi_${plat}_p$p$tag"
    mkdir -p "$base"
    pof2=$(awk -v p="$p" 'BEGIN { while (p > 1 && p % 2 == 0) p /= 2; print p == 1 }')
    run=""
    [ "${A2A_IRR:-1}" = 0 ] || run=irrcoll
    for a in $algs; do
      case $a in pair*) [ "$pof2" = 1 ] || { echo "(SMPI's $a skipped: p=$p is not a power of two)" >&2; continue; } ;; esac
      run="$run $a"
    done
    t="$f.$$" # this invocation's temporary files: runs at other P or platforms may share OUTDIR
    n=0
    for a in $run; do # JOBS at a time, each into its own file
      run1 "$plat" "$p" "$a" "$t.$a.tmp" &
      n=$((n + 1))
      [ $((n % jobs)) -ne 0 ] || wait
    done
    wait
    walls=""
    for a in $run; do
      read -r _ _ _ w rc < "$t.$a.tmp.wall"
      echo "$plat $p $a $w $rc" >> "$out/alltoallv_walltime.txt"
      walls="$walls $a $(printf '%.1f' "$w") s,"
      if [ "$a" = irrcoll ]; then
        if [ "$rc" = 2 ] && ! grep -q '^irrcoll,' "$t.$a.tmp"; then
          echo "(irrcoll: $prog has no IRR_Alltoallv: baselines only)" >&2; rm -f "$t.$a.tmp"
        elif [ "$rc" != 0 ]; then
          echo "(irrcoll failed at $plat p=$p, status $rc)" >&2
        fi
      elif [ "$rc" != 0 ]; then
        echo "(SMPI's $a failed at $plat p=$p, status $rc: its stored rows, if any, are kept)" >&2
      else # new rows replace the stored ones of the same cell; other cells are kept
        sed "s/^native,/$a,/" "$t.$a.tmp" | awk -F, -v old="$base/$a.csv" '
          /^#@/ { next } /^who,/ { next }
          /^# / { if (!seen[$0]++) keep[++nk] = $0; split($0, w, " "); done[w[3]" "w[4]] = 1; next }
          NF == 6 { key = $3","$4; cell[key] = 1; row[++nr] = $0 }
          END { while ((getline l < old) > 0) {
                  if (l ~ /^#@/ || l ~ /^who,/) continue
                  if (l ~ /^# /) { split(l, w, " "); if (!(w[3]" "w[4] in done) && !seen[l]++) keep[++nk] = l; continue }
                  split(l, x, ","); if (!(x[3]","x[4] in cell)) row[++nr] = l }
                for (i = 1; i <= nk; i++) print keep[i]; for (i = 1; i <= nr; i++) print row[i] }' > "$base/$a.new.$$"
        { echo "#@benchmark=alltoallv_smpi"; echo "#@alg=$a"; echo "#@platform=$plat"; echo "#@p=$p"
          echo "#@smpi_overhead=0.5us"; echo "#@seed=$seed"; echo "who,p,dist,c_bytes,rep,seconds"; cat "$base/$a.new.$$"; } > "$base/$a.csv.$$"
        mv "$base/$a.csv.$$" "$base/$a.csv"; rm -f "$base/$a.new.$$"
      fi
      rm -f "$t.$a.tmp.wall"
      [ "$a" = irrcoll ] || rm -f "$t.$a.tmp"
    done
    # the summary's CSV: irrcoll's rows (if any), then every stored baseline's
    { echo "#@benchmark=alltoallv_smpi"; echo "#@smpi_overhead=0.5us"; echo "#@platform=$plat"; echo "#@p=$p"
      echo "#@seed=$seed"; echo "#@reps=$reps"; echo "who,p,dist,c_bytes,rep,seconds"
      { [ ! -f "$t.irrcoll.tmp" ] || grep -v '^#@\|^who,' "$t.irrcoll.tmp"
        for b in "$base"/*.csv; do [ ! -f "$b" ] || grep -v '^#@\|^who,' "$b"; done; } |
        awk '/^# / { if (!seen[$0]++) print; next } { print }'; } > "$f.csv"
    rm -f "$t.irrcoll.tmp"
    order=$(echo $all_algs; ls "$base" 2>/dev/null | sed -n 's/\.csv$//p' | tr '\n' ' ')
    have_irr=$(grep -c '^irrcoll,' "$f.csv" || true)
    if [ "$have_irr" -gt 0 ]; then
      echo "SMPI $plat p=$p: best SMPI alltoallv / IRR_Alltoallv (and ompi selector / IRR_Alltoallv), c = $cs bytes a pair, seed $seed"
    else
      echo "SMPI $plat p=$p: no IRR_Alltoallv rows; best SMPI alltoallv algorithm and its time, c = $cs bytes a pair, seed $seed"
    fi
    rm -f "$f.dat" "$f.dat.gp" "$f.png"
    awk -F, -v cs="$cs" -v ds="$dists" -v order="$order" -v irrok="$have_irr" -v cell="$plat p=$p" -v dat="$f.dat" '
      !/^#/ && NF == 6 && $5 > 0 { k = $3","$4; s[$1","k] += $6; n[$1","k]++; w[$1] = 1 }
      function us(t) { return t < 1e-3 ? sprintf("%8.2fus", t * 1e6) : sprintf("%8.3fms", t * 1e3) }
      END { na = split(order, O, " "); nd = split(ds, D, " "); nc = split(cs, C, " "); worst = -1; nb = 0
            for (i = 1; i <= na; i++) if (O[i] != "irrcoll" && (O[i] in w) && !(O[i] in used)) { used[O[i]] = 1; A[++nb] = O[i] }
            printf "  baselines (%d):", nb; for (i = 1; i <= nb; i++) printf " %s", A[i]; printf "\n"
            for (i = 1; i <= nd; i++) { printf "  %-9s", D[i]
              for (j = 1; j <= nc; j++) { k = D[i]","C[j]; best = -1; bw = ""
                for (a = 1; a <= nb; a++) if (n[A[a]","k] > 0) { t = s[A[a]","k] / n[A[a]","k]; if (best < 0 || t < best) { best = t; bw = A[a] } }
                if (!irrok) { if (best < 0) printf " %10s %-18s", "-", ""; else printf " %s %-18s", us(best), bw; continue }
                if (best < 0 || n["irrcoll,"k] == 0) { printf " %6s (%-18s)", "-", ""; continue }
                irr = s["irrcoll,"k] / n["irrcoll,"k]; r = best / irr
                printf "%d %d %.6f %.4f\n", j - 1, i - 1, log(r) / log(2), r > dat
                if (worst < 0 || r < worst) { worst = r; wc = D[i]" c="C[j] }
                if (n["ompi,"k] > 0) printf " %6.2f (%-18s ompi %6.2f)", r, bw, (s["ompi,"k] / n["ompi,"k]) / irr
                else printf " %6.2f (%-18s)", r, bw }
              printf "\n" }
            if (irrok && worst > 0) {
              printf "worst cell: %.3f at %s %s\n", worst, cell, wc
              xt = ""; for (j = 1; j <= nc; j++) xt = xt (j > 1 ? ", " : "") "\"" C[j] "\" " j - 1
              yt = ""; for (i = 1; i <= nd; i++) yt = yt (i > 1 ? ", " : "") "\"" D[i] "\" " i - 1
              printf "cols = %d\nrows = %d\nset xtics (%s)\nset ytics (%s)\n", nc, nd, xt, yt > (dat ".gp") } }' "$f.csv"
    echo "  wall:${walls%,}"
    # heat map: x = c, y = distribution, colour = log2(ratio), white at 1
    if command -v gnuplot >/dev/null && [ -s "$f.dat" ]; then
      sh "$here/heatmap.sh" "$f.dat" "$f.png" \
        "Alltoallv, SMPI, $plat, p = $p, 0.5 us per message: SMPI's best / IRR_Alltoallv (> 1: irrcoll faster)" \
        "average bytes per pair c" || echo "(no heat map for $plat p=$p)" >&2
    fi
  done
done
