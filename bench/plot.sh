#!/bin/sh
# plot.sh DIR - PNG plots of the benchmark CSVs in DIR (gnuplot).
set -e
dir=$1
csv="$dir/gatherv_model.csv"
[ -f "$csv" ] || exit 0
for p in 6400 1048576; do
  grep -v '^#' "$csv" | awk -F, -v p=$p 'NR > 1 && $1 == p' > "$dir/model_$p.dat"
  [ -s "$dir/model_$p.dat" ] || continue
  gnuplot <<GP
set terminal pngcairo size 900,560 noenhanced
set output "$dir/gatherv_model_p$p.png"
set title "Gatherv, cost model, p = $p, root p/2: MPI libraries' linear algorithm / irrcoll tree"
set logscale xy
set xlabel "average block size b (ints)"
set ylabel "time(linear) / time(tree)   (> 1: tree faster)"
set key outside right
set grid
set datafile separator ","
plot for [d in "same random spikes decreasing alternating two_blocks"] \
  "< awk -F, -v d=".d." '\$2 == d' $dir/model_$p.dat" using 3:10 with linespoints title d, 1 with lines lc rgb "black" notitle
GP
done
echo "plots: $(ls "$dir"/*.png 2>/dev/null | tr '\n' ' ')"
