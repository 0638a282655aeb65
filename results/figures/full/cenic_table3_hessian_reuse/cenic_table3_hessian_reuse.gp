# cenic_table3_hessian_reuse: regenerate with `cd results/figures/full/cenic_table3_hessian_reuse && gnuplot cenic_table3_hessian_reuse.gp`
if (!exists("cbench_out_suffix")) cbench_out_suffix = ""
set terminal svg size 1890,500 dynamic font 'sans,11' background '#ffffff'
set output 'cenic_table3_hessian_reuse.svg'.cbench_out_suffix
set grid
set datafile missing '?'
KEY_X = 0.8307
KEY_Y = 0.8500
set multiplot layout 1,3 margins 0.0397,0.8175,0.1100,0.8500 spacing 0.0450,0.1900 title "CENIC Table III: Hessian reuse, error control and fixed step"
unset arrow
unset label
set title "factorizations"
set xlabel "Hessian reuse"
set ylabel "factorizations"
unset logscale x
set logscale y
set format x '%g'
set format y '10^{%L}'
set autoscale xy
set xrange [*:*] noreverse
unset key
plot 'data/p0_s0.dat' u 1:2 w lp lw 2 dt 1 pt 7 ps 0.8 lc rgb '#135cae' notitle, \
  'data/p0_s1.dat' u 1:2 w lp lw 2 dt 1 pt 9 ps 0.8 lc rgb '#0c3a6e' notitle
unset arrow
unset label
set title "Newton iterations"
set xlabel "Hessian reuse"
set ylabel "iterations"
unset logscale x
set logscale y
set format x '%g'
set format y '10^{%L}'
set autoscale xy
set xrange [*:*] noreverse
unset key
plot 'data/p1_s0.dat' u 1:2 w lp lw 2 dt 1 pt 7 ps 0.8 lc rgb '#135cae' notitle, \
  'data/p1_s1.dat' u 1:2 w lp lw 2 dt 1 pt 9 ps 0.8 lc rgb '#0c3a6e' notitle
unset arrow
unset label
set title "wall time"
set xlabel "Hessian reuse"
set ylabel "wall time (s)"
unset logscale x
unset logscale y
set format x '%g'
set format y '%g'
set autoscale xy
set xrange [*:*] noreverse
set key at screen KEY_X, KEY_Y left top Left reverse font ',9' samplen 2
plot 'data/p2_s0.dat' u 1:2 w lp lw 2 dt 1 pt 7 ps 0.8 lc rgb '#135cae' notitle, \
  'data/p2_s1.dat' u 1:2 w lp lw 2 dt 1 pt 9 ps 0.8 lc rgb '#0c3a6e' notitle, \
  keyentry w lp lw 2 dt 1 pt 7 ps 0.8 lc rgb '#135cae' title "cenic-sd", \
  keyentry w lp lw 2 dt 1 pt 9 ps 0.8 lc rgb '#0c3a6e' title "cenic-fixed"
unset multiplot
unset output
set terminal pngcairo size 1890,500 font 'sans,10'
set output 'cenic_table3_hessian_reuse.png'.cbench_out_suffix
set grid
set datafile missing '?'
KEY_X = 0.8307
KEY_Y = 0.8500
set multiplot layout 1,3 margins 0.0397,0.8175,0.1100,0.8500 spacing 0.0450,0.1900 title "CENIC Table III: Hessian reuse, error control and fixed step"
unset arrow
unset label
set title "factorizations"
set xlabel "Hessian reuse"
set ylabel "factorizations"
unset logscale x
set logscale y
set format x '%g'
set format y '10^{%L}'
set autoscale xy
set xrange [*:*] noreverse
unset key
plot 'data/p0_s0.dat' u 1:2 w lp lw 2 dt 1 pt 7 ps 0.8 lc rgb '#135cae' notitle, \
  'data/p0_s1.dat' u 1:2 w lp lw 2 dt 1 pt 9 ps 0.8 lc rgb '#0c3a6e' notitle
unset arrow
unset label
set title "Newton iterations"
set xlabel "Hessian reuse"
set ylabel "iterations"
unset logscale x
set logscale y
set format x '%g'
set format y '10^{%L}'
set autoscale xy
set xrange [*:*] noreverse
unset key
plot 'data/p1_s0.dat' u 1:2 w lp lw 2 dt 1 pt 7 ps 0.8 lc rgb '#135cae' notitle, \
  'data/p1_s1.dat' u 1:2 w lp lw 2 dt 1 pt 9 ps 0.8 lc rgb '#0c3a6e' notitle
unset arrow
unset label
set title "wall time"
set xlabel "Hessian reuse"
set ylabel "wall time (s)"
unset logscale x
unset logscale y
set format x '%g'
set format y '%g'
set autoscale xy
set xrange [*:*] noreverse
set key at screen KEY_X, KEY_Y left top Left reverse font ',9' samplen 2
plot 'data/p2_s0.dat' u 1:2 w lp lw 2 dt 1 pt 7 ps 0.8 lc rgb '#135cae' notitle, \
  'data/p2_s1.dat' u 1:2 w lp lw 2 dt 1 pt 9 ps 0.8 lc rgb '#0c3a6e' notitle, \
  keyentry w lp lw 2 dt 1 pt 7 ps 0.8 lc rgb '#135cae' title "cenic-sd", \
  keyentry w lp lw 2 dt 1 pt 9 ps 0.8 lc rgb '#0c3a6e' title "cenic-fixed"
unset multiplot
unset output
