# SPDX-License-Identifier: GPL-2.0
# bench/overhead.png from the data bench/report.py writes:
#   gnuplot -e "data='build/bench/overhead.dat'; out='bench/overhead.png'" bench/overhead.gp
# One panel per kernel (the data's blocks, titles in data.titles): extra
# guest instructions per event, per configuration and workload, log scale.
# Configurations not available in the build, and negative differences
# (bulk transfers), have no bar.
set terminal pngcairo size 1400,1000 font "sans,10"
set output out
set datafile missing "-"
set style data histograms
set style histogram clustered gap 1
set style fill solid 0.85 border -1
set boxwidth 0.9
set logscale y
set yrange [1:*]
set grid ytics
set ylabel "extra instructions per event (log scale)"
set key top left
set xtics rotate by 20 right nomirror
nk = system("wc -l < " . data . ".titles") + 0
set multiplot layout nk,1
do for [i=0:nk-1] {
	set title system("sed -n " . (i + 1) . "p " . data . ".titles")
	plot for [c=2:6] data index i using c:xtic(1) title columnhead(c)
}
unset multiplot
