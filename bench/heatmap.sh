#!/bin/sh
# heatmap.sh DAT PNG TITLE XLABEL - a heat map of ratios per cell (needs gnuplot). DAT: one
# line per cell "x y log2(ratio) ratio"; DAT.gp sets cols, rows and the tics. Colour:
# log2(ratio), white at 1, clipped at 1/4 and 4; each cell labelled with its ratio.
# Used by run_sweep.sh (Gatherv/Scatterv) and run_allgatherv.sh.
dat=$1 png=$2 title=$3 xlabel=$4
gnuplot <<GP
load "$dat.gp"
set terminal pngcairo size 960,(140 + 26 * rows) noenhanced font ",10"
set output "$png"
set title "$title"
set xlabel "$xlabel"
set xrange [-0.5:cols - 0.5]
set yrange [rows - 0.5:-0.5]
set tics scale 0
set cbrange [-2:2]
set cbtics ("1/4" -2, "1/2" -1, "1" 0, "2" 1, "4" 2)
set cblabel "ratio (log scale, clipped at 1/4 and 4)"
set palette defined (-2 "#b2182b", -1 "#ef8a62", 0 "#f7f7f7", 1 "#67a9cf", 2 "#2166ac")
unset key
plot "$dat" using 1:2:(0.5):(0.5):(\$3 < -2 ? -2 : \$3 > 2 ? 2 : \$3) with boxxyerror fill solid 1.0 noborder lc palette, \
     "$dat" using 1:2:(sprintf("%.2f", \$4)) with labels
GP
