# Plots kernels.dat (from bench_report.py): one panel per entry point, GB/s against payload size.
# Usage: gnuplot -e "data='kernels.dat'; output='kernels.png'; kernels='reference block memmove'" \
#          bench_plot.gp     (kernels: the column names, from the .dat's first line; memmove last)
set terminal pngcairo size 1400,1000 font ",11"
set output output
set datafile missing "NaN"
set logscale x 2
set logscale y 10
set xrange [6:1e8]
# 125 B is measured but not labelled: its label would run into 256's.
set xtics ("8" 8, "32" 32, "256" 256, "1K" 1024, "16K" 16384, "64K" 65536, "1M" 1048576, \
           "64M" 67108864)
set xlabel "payload (bytes)"
set ylabel "GB/s"
set grid
set key top left
entries = "words imprecise inplace exact"
set multiplot layout 2,2 title "maskcheck kernels: throughput by payload (higher is better)"
do for [i = 1:4] {
  set title word(entries, i)
  n = words(kernels)
  plot for [k = 1:n - 1] data index (i - 1) using 1:(column(k + 1)) with linespoints \
         title word(kernels, k), \
       data index (i - 1) using 1:(column(n + 1)) with linespoints dashtype 2 title word(kernels, n)
}
unset multiplot
