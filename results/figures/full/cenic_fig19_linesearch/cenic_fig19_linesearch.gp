# cenic_fig19_linesearch: regenerate with `cd results/figures/full/cenic_fig19_linesearch && gnuplot cenic_fig19_linesearch.gp`
if (!exists("cbench_out_suffix")) cbench_out_suffix = ""
set terminal svg size 1370,500 dynamic font 'sans,11' background '#ffffff'
set output 'cenic_fig19_linesearch.svg'.cbench_out_suffix
set grid
set datafile missing '?'
KEY_X = 0.7664
KEY_Y = 0.8500
set multiplot layout 1,2 margins 0.0547,0.7482,0.1100,0.8500 spacing 0.0620,0.1900 title "CENIC Fig. 19: line-search iterations vs accuracy by initialization"
unset arrow
unset label
set title "hard clutter"
set xlabel "accuracy"
set ylabel "line-search iterations"
set logscale x
set logscale y
set format x '10^{%L}'
set format y '10^{%L}'
set autoscale xy
set xrange [*:*] reverse
unset key
plot 'data/p0_s0.dat' u 1:2 w lp lw 2 dt 1 pt 7 ps 0.8 lc rgb '#1f77b4' notitle, \
  'data/p0_s1.dat' u 1:2 w lp lw 2 dt 1 pt 5 ps 0.8 lc rgb '#2ca02c' notitle, \
  'data/p0_s2.dat' u 1:2 w lp lw 2 dt 1 pt 9 ps 0.8 lc rgb '#9467bd' notitle
unset arrow
unset label
set title "per Newton iteration"
set xlabel "accuracy"
set ylabel "line-search iterations per Newton iteration"
set logscale x
unset logscale y
set format x '10^{%L}'
set format y '%g'
set autoscale xy
set xrange [*:*] reverse
set key at screen KEY_X, KEY_Y left top Left reverse font ',9' samplen 2
plot 'data/p1_s0.dat' u 1:2 w lp lw 2 dt 1 pt 7 ps 0.8 lc rgb '#1f77b4' notitle, \
  'data/p1_s1.dat' u 1:2 w lp lw 2 dt 1 pt 5 ps 0.8 lc rgb '#2ca02c' notitle, \
  'data/p1_s2.dat' u 1:2 w lp lw 2 dt 1 pt 9 ps 0.8 lc rgb '#9467bd' notitle, \
  keyentry w lp lw 2 dt 1 pt 7 ps 0.8 lc rgb '#1f77b4' title "ls\\_init=cubic", \
  keyentry w lp lw 2 dt 1 pt 5 ps 0.8 lc rgb '#2ca02c' title "ls\\_init=quadratic", \
  keyentry w lp lw 2 dt 1 pt 9 ps 0.8 lc rgb '#9467bd' title "ls\\_init=one"
unset multiplot
unset output
set terminal pngcairo size 1370,500 font 'sans,10'
set output 'cenic_fig19_linesearch.png'.cbench_out_suffix
set grid
set datafile missing '?'
KEY_X = 0.7664
KEY_Y = 0.8500
set multiplot layout 1,2 margins 0.0547,0.7482,0.1100,0.8500 spacing 0.0620,0.1900 title "CENIC Fig. 19: line-search iterations vs accuracy by initialization"
unset arrow
unset label
set title "hard clutter"
set xlabel "accuracy"
set ylabel "line-search iterations"
set logscale x
set logscale y
set format x '10^{%L}'
set format y '10^{%L}'
set autoscale xy
set xrange [*:*] reverse
unset key
plot 'data/p0_s0.dat' u 1:2 w lp lw 2 dt 1 pt 7 ps 0.8 lc rgb '#1f77b4' notitle, \
  'data/p0_s1.dat' u 1:2 w lp lw 2 dt 1 pt 5 ps 0.8 lc rgb '#2ca02c' notitle, \
  'data/p0_s2.dat' u 1:2 w lp lw 2 dt 1 pt 9 ps 0.8 lc rgb '#9467bd' notitle
unset arrow
unset label
set title "per Newton iteration"
set xlabel "accuracy"
set ylabel "line-search iterations per Newton iteration"
set logscale x
unset logscale y
set format x '10^{%L}'
set format y '%g'
set autoscale xy
set xrange [*:*] reverse
set key at screen KEY_X, KEY_Y left top Left reverse font ',9' samplen 2
plot 'data/p1_s0.dat' u 1:2 w lp lw 2 dt 1 pt 7 ps 0.8 lc rgb '#1f77b4' notitle, \
  'data/p1_s1.dat' u 1:2 w lp lw 2 dt 1 pt 5 ps 0.8 lc rgb '#2ca02c' notitle, \
  'data/p1_s2.dat' u 1:2 w lp lw 2 dt 1 pt 9 ps 0.8 lc rgb '#9467bd' notitle, \
  keyentry w lp lw 2 dt 1 pt 7 ps 0.8 lc rgb '#1f77b4' title "ls\\_init=cubic", \
  keyentry w lp lw 2 dt 1 pt 5 ps 0.8 lc rgb '#2ca02c' title "ls\\_init=quadratic", \
  keyentry w lp lw 2 dt 1 pt 9 ps 0.8 lc rgb '#9467bd' title "ls\\_init=one"
unset multiplot
unset output
