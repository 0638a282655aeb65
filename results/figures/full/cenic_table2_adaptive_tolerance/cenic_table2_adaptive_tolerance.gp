# cenic_table2_adaptive_tolerance: regenerate with `cd results/figures/full/cenic_table2_adaptive_tolerance && gnuplot cenic_table2_adaptive_tolerance.gp`
if (!exists("cbench_out_suffix")) cbench_out_suffix = ""
set terminal svg size 1370,920 dynamic font 'sans,11' background '#ffffff'
set output 'cenic_table2_adaptive_tolerance.svg'.cbench_out_suffix
set grid
set datafile missing '?'
KEY_X = 0.7664
KEY_Y = 0.9185
set multiplot layout 2,2 margins 0.0547,0.7482,0.0598,0.9185 spacing 0.0620,0.1033 title "CENIC Table II: adaptive Newton tolerance on hard clutter"
unset arrow
unset label
set title "wall time, our scene"
set xlabel "accuracy"
set ylabel "wall time (s)"
set logscale x
set logscale y
set format x '10^{%L}'
set format y '10^{%L}'
set autoscale xy
set xrange [*:*] noreverse
unset key
plot 'data/p0_s0.dat' u 1:2 w lp lw 2 dt 1 pt 7 ps 0.8 lc rgb '#1f77b4' notitle, \
  'data/p0_s1.dat' u 1:2 w lp lw 2 dt 1 pt 5 ps 0.8 lc rgb '#2ca02c' notitle
unset arrow
unset label
set title "Newton iterations, our scene"
set xlabel "accuracy"
set ylabel "iterations"
set logscale x
set logscale y
set format x '10^{%L}'
set format y '10^{%L}'
set autoscale xy
set xrange [*:*] noreverse
unset key
plot 'data/p1_s0.dat' u 1:2 w lp lw 2 dt 1 pt 7 ps 0.8 lc rgb '#1f77b4' notitle, \
  'data/p1_s1.dat' u 1:2 w lp lw 2 dt 1 pt 5 ps 0.8 lc rgb '#2ca02c' notitle
unset arrow
unset label
set title "wall time, Drake's scene"
set xlabel "accuracy"
set ylabel "wall time (s)"
set logscale x
set logscale y
set format x '10^{%L}'
set format y '10^{%L}'
set autoscale xy
set xrange [*:*] noreverse
unset key
plot 'data/p2_s0.dat' u 1:2 w lp lw 2 dt 1 pt 5 ps 0.8 lc rgb '#2ca02c' notitle, \
  'data/p2_s1.dat' u 1:2 w lp lw 2 dt 1 pt 7 ps 0.8 lc rgb '#1f77b4' notitle, \
  'data/p2_flagged.dat' u 1:2 w p pt 6 ps 1.8 lw 2 lc rgb '#e377c2' notitle, \
  '' u 1:2:3 w labels offset char 0,0.9 font ',7' tc rgb '#e377c2' noenhanced notitle
unset arrow
unset label
set title "Newton iterations, Drake's scene"
set xlabel "accuracy"
set ylabel "iterations"
set logscale x
set logscale y
set format x '10^{%L}'
set format y '10^{%L}'
set autoscale xy
set xrange [*:*] noreverse
set key at screen KEY_X, KEY_Y left top Left reverse font ',9' samplen 2
plot 'data/p3_s0.dat' u 1:2 w lp lw 2 dt 1 pt 5 ps 0.8 lc rgb '#2ca02c' notitle, \
  'data/p3_s1.dat' u 1:2 w lp lw 2 dt 1 pt 7 ps 0.8 lc rgb '#1f77b4' notitle, \
  'data/p3_flagged.dat' u 1:2 w p pt 6 ps 1.8 lw 2 lc rgb '#e377c2' notitle, \
  '' u 1:2:3 w labels offset char 0,0.9 font ',7' tc rgb '#e377c2' noenhanced notitle, \
  keyentry w lp lw 2 dt 1 pt 7 ps 0.8 lc rgb '#1f77b4' title "adaptive\\_tolerance=1", \
  keyentry w lp lw 2 dt 1 pt 5 ps 0.8 lc rgb '#2ca02c' title "adaptive\\_tolerance=0", \
  keyentry w p pt 6 ps 1.8 lw 2 lc rgb '#e377c2' title 'flagged (physics guard) (1)'
unset multiplot
unset output
set terminal pngcairo size 1370,920 font 'sans,10'
set output 'cenic_table2_adaptive_tolerance.png'.cbench_out_suffix
set grid
set datafile missing '?'
KEY_X = 0.7664
KEY_Y = 0.9185
set multiplot layout 2,2 margins 0.0547,0.7482,0.0598,0.9185 spacing 0.0620,0.1033 title "CENIC Table II: adaptive Newton tolerance on hard clutter"
unset arrow
unset label
set title "wall time, our scene"
set xlabel "accuracy"
set ylabel "wall time (s)"
set logscale x
set logscale y
set format x '10^{%L}'
set format y '10^{%L}'
set autoscale xy
set xrange [*:*] noreverse
unset key
plot 'data/p0_s0.dat' u 1:2 w lp lw 2 dt 1 pt 7 ps 0.8 lc rgb '#1f77b4' notitle, \
  'data/p0_s1.dat' u 1:2 w lp lw 2 dt 1 pt 5 ps 0.8 lc rgb '#2ca02c' notitle
unset arrow
unset label
set title "Newton iterations, our scene"
set xlabel "accuracy"
set ylabel "iterations"
set logscale x
set logscale y
set format x '10^{%L}'
set format y '10^{%L}'
set autoscale xy
set xrange [*:*] noreverse
unset key
plot 'data/p1_s0.dat' u 1:2 w lp lw 2 dt 1 pt 7 ps 0.8 lc rgb '#1f77b4' notitle, \
  'data/p1_s1.dat' u 1:2 w lp lw 2 dt 1 pt 5 ps 0.8 lc rgb '#2ca02c' notitle
unset arrow
unset label
set title "wall time, Drake's scene"
set xlabel "accuracy"
set ylabel "wall time (s)"
set logscale x
set logscale y
set format x '10^{%L}'
set format y '10^{%L}'
set autoscale xy
set xrange [*:*] noreverse
unset key
plot 'data/p2_s0.dat' u 1:2 w lp lw 2 dt 1 pt 5 ps 0.8 lc rgb '#2ca02c' notitle, \
  'data/p2_s1.dat' u 1:2 w lp lw 2 dt 1 pt 7 ps 0.8 lc rgb '#1f77b4' notitle, \
  'data/p2_flagged.dat' u 1:2 w p pt 6 ps 1.8 lw 2 lc rgb '#e377c2' notitle, \
  '' u 1:2:3 w labels offset char 0,0.9 font ',7' tc rgb '#e377c2' noenhanced notitle
unset arrow
unset label
set title "Newton iterations, Drake's scene"
set xlabel "accuracy"
set ylabel "iterations"
set logscale x
set logscale y
set format x '10^{%L}'
set format y '10^{%L}'
set autoscale xy
set xrange [*:*] noreverse
set key at screen KEY_X, KEY_Y left top Left reverse font ',9' samplen 2
plot 'data/p3_s0.dat' u 1:2 w lp lw 2 dt 1 pt 5 ps 0.8 lc rgb '#2ca02c' notitle, \
  'data/p3_s1.dat' u 1:2 w lp lw 2 dt 1 pt 7 ps 0.8 lc rgb '#1f77b4' notitle, \
  'data/p3_flagged.dat' u 1:2 w p pt 6 ps 1.8 lw 2 lc rgb '#e377c2' notitle, \
  '' u 1:2:3 w labels offset char 0,0.9 font ',7' tc rgb '#e377c2' noenhanced notitle, \
  keyentry w lp lw 2 dt 1 pt 7 ps 0.8 lc rgb '#1f77b4' title "adaptive\\_tolerance=1", \
  keyentry w lp lw 2 dt 1 pt 5 ps 0.8 lc rgb '#2ca02c' title "adaptive\\_tolerance=0", \
  keyentry w p pt 6 ps 1.8 lw 2 lc rgb '#e377c2' title 'flagged (physics guard) (1)'
unset multiplot
unset output
