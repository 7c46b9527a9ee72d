# Plots kernels.dat (from bench_report.py): one panel per entry point, GB/s against payload size.
# Usage: gnuplot -e "data='kernels.dat'; output='kernels.png'" bench_plot.gp
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
  plot data index (i - 1) using 1:2 with linespoints title "reference", \
       ''   index (i - 1) using 1:3 with linespoints title "block", \
       ''   index (i - 1) using 1:4 with linespoints title "avx2", \
       ''   index (i - 1) using 1:5 with linespoints dashtype 2 title "memmove"
}
unset multiplot
