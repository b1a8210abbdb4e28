#!/bin/sh
# run_reduce_scatter.sh PROG OUTDIR [P...] - Reduce_scatter with irregular counts under SimGrid
# SMPI (flat cluster, 0.5 us per-message overhead): IRR_Reduce_scatter against SMPI's own
# MPI_Reduce_scatter algorithms on the four count distributions of sim_reduce_scatter.c
# (regular half zipf sparse; int64 MPI_SUM), C = 4 64 1024 16384 262144 1048576 bytes of
# result a rank on average. PROG: build/sim_reduce_scatter. Default P: 64.
#
# Summary per p: per cell, the best SMPI algorithm's time / irrcoll's (> 1: irrcoll faster),
# naming that algorithm, and the ompi selector's (SMPI's default here) / irrcoll's; one line
# "worst cell: <ratio> at <cell>"; the skew check per size C: irrcoll's time on half and on
# zipf / the best SMPI algorithm's on regular (the issue asks <= 1.5), and the best SMPI
# algorithm's on regular / irrcoll's on regular (the issue asks >= 0.95); a heat map of the
# ratio (reduce_scatter_smpi_flat_pP$RS_TAG.png, gnuplot). Times: the mean of repetitions
# 1..REPS-1 (repetition 0 is left out). Without irrcoll rows (irrcoll.h has no
# IRR_Reduce_scatter: PROG exits with status 2) it prints the best SMPI algorithm per cell.
#
# Correctness: each run checks, once per cell and untimed, the result of MPI_Reduce_scatter
# (that run's SMPI algorithm) against the true sum ("# WRONG ..." lines when it differs: some
# SMPI 3.32 algorithms return wrong sums on some counts), and the irrcoll run checks
# IRR_Reduce_scatter against MPI_Reduce_scatter with RS_CHECK_ALG (default ompi_ring) and
# against the sum ("# MISMATCH ..."); cells with p^2 C > RS_CHECK_MAX (default 1 GiB) are not
# checked in the irrcoll run, nor, in the SMPI algorithms' runs, those with p^2 C >
# RS_NATIVE_CHECK_MAX (default 64 MiB: the check costs wall time, 10 runs per p). A best SMPI algorithm that was WRONG on its cell is marked '!', and the worst cell
# and the skew check are repeated over the baselines not found wrong on the cell.
#
# Baselines are kept, so that a later run can time irrcoll alone: every SMPI algorithm's rows go
# to OUTDIR/reduce_scatter_base/flat_pP_MODE_seedSEED/ALG.csv (MODE: SIM_MODE, or "fixed");
# a new run of ALG replaces the rows of the (distribution, C) cells it ran and keeps the others.
# The summary compares irrcoll with every algorithm in that directory, on the cells asked for:
#   RS_ALGS="" sh bench/run_reduce_scatter.sh build/sim_reduce_scatter OUT 64
# runs irrcoll only, against the stored baselines. irrcoll's rows are never stored there: they
# go, with the baselines compared, into OUTDIR/reduce_scatter_smpi_flat_pP$RS_TAG.csv; the
# summary also goes to OUTDIR/reduce_scatter_smpi_flat_pP$RS_TAG.txt.
#
# Knobs: RS_ALGS (SMPI algorithms to run; default: every reduce_scatter algorithm and selector
# of SimGrid 3.32 but 'automatic' (which times them all), 'impi' (its rows equal the ompi
# selector's, to the last digit, at p = 16) and mpich_noncomm (it asserts that all recvcounts
# are equal, and aborts on any irregular cell; asked for explicitly, it is still left out when
# P is not a power of two); "" runs none); RS_CS (average bytes of result a rank);
# RS_DISTS; RS_SEED (the counts' seed without SIM_MODE, default 20250101); SIM_MODE=new|repeat
# and SIM_SEED (bench/simmode.h; the seed of the baselines' directory is then SIM_SEED);
# RS_IRR=0 (do not run irrcoll); RS_IRR_ROWS (summary CSVs of earlier runs of this script at
# the same p, mode and seed: their irrcoll rows fill the cells that this run's irrcoll has no
# rows for, e.g. RS_IRR=0 RS_ALGS="" RS_IRR_ROWS="A.csv B.csv" merges two partial irrcoll
# runs against the stored baselines); RS_REPS (default 3); RS_TAG (a suffix for the summary's
# files); RS_TIMEOUT (seconds a simulation may take, default 900; a run that times out keeps
# the cells it finished); JOBS (simulations at once, default 2: SMPI runs are single-threaded);
# RS_GUARDED=1 (the irrcoll run calls the interception library's default,
# IRR_Reduce_scatter_irr_guarded: irrcoll or MPI's own; MPI's own is then the run's
# MPI_Reduce_scatter, i.e. RS_CHECK_ALG: ompi for SMPI's default selector,
# ompi_basic_recursivehalving for what MPICH runs below 512 KiB).
# RS_SHARED_MALLOC=N (smpi-run --shared-malloc N for every run: each malloc of N bytes or more
# in code built by smpicc, irrcoll's scratch included, returns memory shared by all ranks; what
# lets p = 1000 at 16 KiB run in 24 GB, where each rank's scratch holds the whole vector; the
# results are then garbage: use it with RS_CHECK_MAX=0 and RS_NATIVE_CHECK_MAX=0. SMPI's own
# algorithms take their buffers from SimGrid's allocator, which it does not touch.)
# Wall times are also appended to OUTDIR/reduce_scatter_walltime.txt ("flat p who seconds
# status").
set -e
prog=$1; out=$2; shift 2
ps=${*:-64}
here=$(dirname "$0")
all_algs="default ompi mpich mvapich2 mpich_pair mpich_rdb ompi_ring ompi_basic_recursivehalving ompi_butterfly"
algs=${RS_ALGS-$all_algs}
cs=${RS_CS:-"4 64 1024 16384 262144 1048576"}
dists=${RS_DISTS:-"regular half zipf sparse"}
reps=${RS_REPS:-3}
jobs=${JOBS:-2}
tag=${RS_TAG:-}
tmo=${RS_TIMEOUT:-900}
chk=${RS_CHECK_ALG:-ompi_ring}
nchk=${RS_NATIVE_CHECK_MAX:-67108864}
plat=flat
shm=""; [ -z "${RS_SHARED_MALLOC:-}" ] || shm="--shared-malloc $RS_SHARED_MALLOC"
if [ -n "${SIM_MODE:-}" ]; then mode=$SIM_MODE; seed=${SIM_SEED:-1}; else mode=fixed; seed=${RS_SEED:-20250101}; fi
export RS_SEED="${RS_SEED:-20250101}" RS_DISTS="$dists"
mkdir -p "$out"

# run1 P WHO FILE: one simulation into FILE (WHO: irrcoll or an SMPI algorithm); its wall time
# and exit status into FILE.wall
run1() {
  t0=$(date +%s.%N)
  if [ "$2" = irrcoll ]; then
    set +e; timeout "$tmo" "$here/smpi-run" -p "$1" -platform flat -o 0.5us $shm --cfg=smpi/reduce_scatter:"$chk" -- \
      "$prog" irrcoll "$reps" $cs > "$3"; rc=$?; set -e
  else
    set +e; RS_CHECK_MAX=$nchk timeout "$tmo" "$here/smpi-run" -p "$1" -platform flat -o 0.5us $shm --cfg=smpi/reduce_scatter:"$2" -- \
      "$prog" native "$reps" $cs > "$3"; rc=$?; set -e
  fi
  t1=$(date +%s.%N)
  echo "flat $1 $2 $(awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.2f", b - a }') $rc" > "$3.wall"
}

for p in $ps; do
  base="$out/reduce_scatter_base/${plat}_p${p}_${mode}_seed$seed"
  f="$out/reduce_scatter_smpi_${plat}_p$p$tag"
  mkdir -p "$base"
  pof2=$(awk -v p="$p" 'BEGIN { while (p > 1 && p % 2 == 0) p /= 2; print p == 1 }')
  run=""
  [ "${RS_IRR:-1}" = 0 ] || run=irrcoll
  for a in $algs; do
    case $a in mpich_noncomm) [ "$pof2" = 1 ] || { echo "(SMPI's $a skipped: p=$p is not a power of two)" >&2; continue; } ;; esac
    run="$run $a"
  done
  t="$f.$$" # this invocation's temporary files: runs at other P may share OUTDIR
  started="" n=0
  for a in $run; do # JOBS at a time, each into its own file; the next starts when one ends
    while :; do
      d=0; for x in $started; do [ ! -f "$t.$x.tmp.wall" ] || d=$((d + 1)); done
      [ $((n - d)) -ge "$jobs" ] || break
      sleep 2
    done
    run1 "$p" "$a" "$t.$a.tmp" &
    started="$started $a" n=$((n + 1))
  done
  wait
  walls=""
  for a in $run; do
    read -r _ _ _ w rc < "$t.$a.tmp.wall"
    echo "$plat $p $a $w $rc" >> "$out/reduce_scatter_walltime.txt"
    walls="$walls $a $(printf '%.1f' "$w") s,"
    [ "$rc" = 0 ] || walls="$walls (status $rc)"
    if [ "$a" = irrcoll ]; then
      if [ "$rc" = 2 ] && ! grep -q '^irrcoll,' "$t.$a.tmp"; then
        echo "(irrcoll: $prog has no IRR_Reduce_scatter: baselines only)" >&2; rm -f "$t.$a.tmp"
      elif [ "$rc" != 0 ]; then
        echo "(irrcoll failed at p=$p, status $rc$([ "$rc" = 124 ] && echo ": timed out after $tmo s"); the cells it finished are kept)" >&2
      fi
    else
      [ "$rc" = 0 ] || echo "(SMPI's $a failed at p=$p, status $rc$([ "$rc" = 124 ] && echo ": timed out after $tmo s"); the cells it finished replace the stored ones, the others are kept)" >&2
      # new rows replace the stored ones of the same cell; other cells are kept
      sed "s/^native,/$a,/; s/^#summary,reduce_scatter,native,/#summary,reduce_scatter,$a,/" "$t.$a.tmp" | awk -F, -v old="$base/$a.csv" '
        function ckey(l,   w) { split(l, w, " "); return w[3]" "w[4] }   # "# what dist c=C ..."
        /^#@/ { next } /^who,/ { next }
        /^#summary,/ { sm[++ns] = $0; next }
        /^# / { if (!seen[$0]++) keep[++nk] = $0; done[ckey($0)] = 1; next }
        NF == 6 { key = $3","$4; cell[key] = 1; row[++nr] = $0 }
        END { while ((getline l < old) > 0) {
                if (l ~ /^#@/ || l ~ /^who,/) continue
                if (l ~ /^#summary,/) { split(l, x, ","); if (!(x[5]","x[6] in cell)) sm[++ns] = l; continue }
                if (l ~ /^# /) { if (!(ckey(l) in done) && !seen[l]++) keep[++nk] = l; continue }
                split(l, x, ","); if (!(x[3]","x[4] in cell)) row[++nr] = l }
              for (i = 1; i <= nk; i++) print keep[i]; for (i = 1; i <= ns; i++) print sm[i]
              for (i = 1; i <= nr; i++) print row[i] }' > "$base/$a.new.$$"
      { echo "#@benchmark=reduce_scatter_smpi"; echo "#@alg=$a"; echo "#@platform=$plat"; echo "#@p=$p"
        echo "#@smpi_overhead=0.5us"; echo "#@mode=$mode"; echo "#@seed=$seed"; echo "who,p,dist,c_bytes,rep,seconds"
        cat "$base/$a.new.$$"; } > "$base/$a.csv.$$"
      mv "$base/$a.csv.$$" "$base/$a.csv"; rm -f "$base/$a.new.$$"
    fi
    rm -f "$t.$a.tmp.wall"
    [ "$a" = irrcoll ] || rm -f "$t.$a.tmp"
  done
  # the summary's CSV: irrcoll's rows (if any), then every stored baseline's. A baseline's
  # "# WRONG dist c=C p=P:" line (rank 0's verdict) becomes "# WRONG alg dist c=C ..."
  { echo "#@benchmark=reduce_scatter_smpi"; echo "#@smpi_overhead=0.5us"; echo "#@platform=$plat"; echo "#@p=$p"
    echo "#@mode=$mode"; echo "#@seed=$seed"; echo "#@reps=$reps"; echo "#@irrcoll_check_reference=$chk"
    echo "who,p,dist,c_bytes,rep,seconds"
    { [ ! -f "$t.irrcoll.tmp" ] || grep -v '^#@\|^who,' "$t.irrcoll.tmp"
      # RS_IRR_ROWS: earlier summary CSVs whose irrcoll rows fill the cells this run has none of
      for x in ${RS_IRR_ROWS:-}; do
        [ -f "$x" ] || { echo "(RS_IRR_ROWS: no file $x)" >&2; continue; }
        awk -F, -v cur="$t.irrcoll.tmp" 'BEGIN { while ((getline l < cur) > 0) { split(l, y, ","); if (y[1] == "irrcoll") have[y[3]","y[4]] = 1 } }
          $1 == "irrcoll" && NF == 6 && !($3","$4 in have) { print; next }
          /^#summary,reduce_scatter,irrcoll,/ && !($5","$6 in have) { print; next }
          /^# (irrcoll|MISMATCH|check) / && $0 !~ /^# check [a-z_]+ [a-z]+ c=/ { split($0, w, " "); sub(/^c=/, "", w[4]); if (!(w[3]","w[4] in have)) print }' "$x"
      done
      for b in "$base"/*.csv; do
        [ -f "$b" ] || continue
        a=$(basename "$b" .csv)
        grep -v '^#@\|^who,' "$b" | grep -v '^# WRONG .* rank [0-9]*:' | sed "s/^# WRONG /# WRONG $a /; s/^# check /# check $a /"
      done; } | awk '/^# counts/ { if (!seen[$0]++) print; next } { print }'; } > "$f.csv"
  rm -f "$t.irrcoll.tmp"
  order=$(echo $all_algs; ls "$base" 2>/dev/null | sed -n 's/\.csv$//p' | tr '\n' ' ')
  have_irr=$(grep -c '^irrcoll,' "$f.csv" || true)
  rm -f "$f.dat" "$f.dat.gp" "$f.png"
  {
  if [ "$have_irr" -gt 0 ]; then
    echo "SMPI $plat p=$p: best SMPI reduce_scatter / IRR_Reduce_scatter (and ompi selector / IRR_Reduce_scatter), C = $cs bytes of result a rank on average, SIM_MODE $mode, seed $seed"
  else
    echo "SMPI $plat p=$p: no IRR_Reduce_scatter rows; best SMPI reduce_scatter algorithm and its time, C = $cs B a rank, SIM_MODE $mode, seed $seed"
  fi
  awk -F, -v cs="$cs" -v ds="$dists" -v order="$order" -v irrok="$have_irr" -v cell="$plat p=$p" -v dat="$f.dat" '
    /^# WRONG / { split($0, ww, " "); sub(/^c=/, "", ww[5]); bad[ww[3]","ww[4]","ww[5]] = 1; next }
    /^# MISMATCH .*ranks differ/ { mism[++nm] = $0; next }
    !/^#/ && NF == 6 && $5 > 0 { k = $3","$4; s[$1","k] += $6; n[$1","k]++; w[$1] = 1 }
    function us(t) { return t < 1e-3 ? sprintf("%8.2fus", t * 1e6) : sprintf("%8.3fms", t * 1e3) }
    # the best baseline of cell k (ok: only those not found wrong on it); sets B, BW
    function best(k, ok,   a, t) { B = -1; BW = ""
      for (a = 1; a <= nb; a++) if (n[A[a]","k] > 0 && !(ok && (A[a]","k in bad))) {
        t = s[A[a]","k] / n[A[a]","k]; if (B < 0 || t < B) { B = t; BW = A[a] } } }
    function irr(k) { return n["irrcoll,"k] > 0 ? s["irrcoll,"k] / n["irrcoll,"k] : -1 }
    END { na = split(order, O, " "); nd = split(ds, D, " "); nc = split(cs, C, " "); worst = -1; worstok = -1; nb = 0
          for (i = 1; i <= na; i++) if (O[i] != "irrcoll" && (O[i] in w) && !(O[i] in used)) { used[O[i]] = 1; A[++nb] = O[i] }
          printf "  baselines (%d):", nb; for (i = 1; i <= nb; i++) printf " %s", A[i]; printf "\n"
          printf "  %-8s", ""; for (j = 1; j <= nc; j++) printf " %-44s", "C=" C[j]; printf "\n"
          for (i = 1; i <= nd; i++) { printf "  %-8s", D[i]
            for (j = 1; j <= nc; j++) { k = D[i]","C[j]; best(k, 0)
              if (!irrok) { if (B < 0) printf " %-44s", "-"; else printf " %s %-33s", us(B), BW; continue }
              t = irr(k); if (B < 0 || t < 0) { printf " %-44s", "-"; continue }
              r = B / t; mark = (BW","k in bad) ? "!" : ""
              printf "%d %d %.6f %.4f\n", j - 1, i - 1, log(r) / log(2), r > dat
              if (worst < 0 || r < worst) { worst = r; wc = D[i]" c="C[j]" (best "BW mark")" }
              best(k, 1); if (B > 0 && (worstok < 0 || B / t < worstok)) { worstok = B / t; wco = D[i]" c="C[j]" (best "BW")" }
              if (mark != "") { rok = B > 0 ? sprintf("%.2f", B / t) : "-"; alt = sprintf("; ok %s %s", rok, BW) } else alt = ""
              best(k, 0)
              if (n["ompi,"k] > 0) x = sprintf("%.2f (%s%s%s; ompi %.2f)", r, BW, mark, alt, (s["ompi,"k] / n["ompi,"k]) / t)
              else x = sprintf("%.2f (%s%s%s)", r, BW, mark, alt)
              printf " %-44s", x }
            printf "\n" }
          if (irrok && worst > 0) {
            printf "worst cell: %.3f at %s %s\n", worst, cell, wc
            if (worstok > 0) printf "worst cell (baselines not found wrong on the cell): %.3f at %s %s\n", worstok, cell, wco
            # the skew check: irrcoll on half and zipf / best SMPI on regular, best SMPI on regular / irrcoll on regular
            for (j = 1; j <= nc; j++) { kr = "regular,"C[j]
              for (ok = 0; ok <= 1; ok++) { best(kr, ok); if (B < 0) continue; if (ok && BR == BW) continue
                BR = BW; line = sprintf("skew check%s %s c=%s: best SMPI on regular %s (%s)", ok ? " (not wrong)" : "", cell, C[j], us(B), BW)
                split("half zipf", SK, " ")
                for (q = 1; q <= 2; q++) { t = irr(SK[q]","C[j]); if (t < 0) continue
                  line = line sprintf("; irrcoll %s / that %.3f %s", SK[q], t / B, t / B <= 1.5 ? "ok" : "FAIL (> 1.5)") }
                t = irr(kr); if (t > 0) line = line sprintf("; that / irrcoll regular %.3f %s", B / t, B / t >= 0.95 ? "ok" : "FAIL (< 0.95)")
                print line }
              BR = "" }
            xt = ""; for (j = 1; j <= nc; j++) xt = xt (j > 1 ? ", " : "") "\"" C[j] "\" " j - 1
            yt = ""; for (i = 1; i <= nd; i++) yt = yt (i > 1 ? ", " : "") "\"" D[i] "\" " i - 1
            printf "cols = %d\nrows = %d\nset xtics (%s)\nset ytics (%s)\n", nc, nd, xt, yt > (dat ".gp") }
          nw = 0; for (x in bad) { split(x, y, ","); if (y[1] in used) wl[++nw] = y[1]" "y[2]" c="y[3] }
          if (nw > 0) { printf "SMPI algorithms found WRONG (result differs from the sum) on:"
            for (i = 1; i <= nw; i++) for (j = i + 1; j <= nw; j++) if (wl[j] < wl[i]) { x = wl[i]; wl[i] = wl[j]; wl[j] = x }
            for (i = 1; i <= nw; i++) printf "%s %s", (i > 1 ? "," : ""), wl[i]; printf "\n" }
          for (i = 1; i <= nm; i++) print mism[i] }' "$f.csv"
  echo "  wall:${walls%,}"
  } | tee "$f.txt"
  grep -h '^# MISMATCH .* rank ' "$f.csv" | head -20 >&2 || true
  # heat map: x = C, y = distribution, colour = log2(ratio), white at 1
  if command -v gnuplot >/dev/null && [ -s "$f.dat" ]; then
    sh "$here/heatmap.sh" "$f.dat" "$f.png" \
      "Reduce_scatter (int64 sum), SMPI, flat, p = $p, 0.5 us per message, $mode seed $seed: SMPI's best / IRR_Reduce_scatter (> 1: irrcoll faster)" \
      "average bytes of result a rank C" || echo "(no heat map for p=$p)" >&2
  fi
done
