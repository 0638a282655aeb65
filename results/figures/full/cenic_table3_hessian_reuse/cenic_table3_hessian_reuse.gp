# cenic_table3_hessian_reuse: regenerate with `cd results/figures/full/cenic_table3_hessian_reuse && gnuplot cenic_table3_hessian_reuse.gp`
if (!exists("cbench_out_suffix")) cbench_out_suffix = ""
set terminal svg size 1890,920 dynamic font 'sans,11' background '#ffffff'
set output 'cenic_table3_hessian_reuse.svg'.cbench_out_suffix
set grid
set datafile missing '?'
KEY_X = 0.8307
KEY_Y = 0.9185
set multiplot layout 2,3 margins 0.0397,0.8175,0.0598,0.9185 spacing 0.0450,0.1033 title "CENIC Table III: Hessian reuse, error control and fixed step"
unset arrow
unset label
set title "factorizations, our scene"
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
set title "Newton iterations, our scene"
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
set title "wall time, our scene"
set xlabel "Hessian reuse"
set ylabel "wall time (s)"
unset logscale x
unset logscale y
set format x '%g'
set format y '%g'
set autoscale xy
set xrange [*:*] noreverse
unset key
plot 'data/p2_s0.dat' u 1:2 w lp lw 2 dt 1 pt 7 ps 0.8 lc rgb '#135cae' notitle, \
  'data/p2_s1.dat' u 1:2 w lp lw 2 dt 1 pt 9 ps 0.8 lc rgb '#0c3a6e' notitle
unset arrow
unset label
set title "factorizations, Drake's scene"
set xlabel "Hessian reuse"
set ylabel "factorizations"
unset logscale x
set logscale y
set format x '%g'
set format y '10^{%L}'
set autoscale xy
set xrange [*:*] noreverse
unset key
plot 'data/p3_s0.dat' u 1:2 w lp lw 2 dt 1 pt 7 ps 0.8 lc rgb '#135cae' notitle, \
  'data/p3_s1.dat' u 1:2 w lp lw 2 dt 1 pt 9 ps 0.8 lc rgb '#0c3a6e' notitle
unset arrow
unset label
set title "Newton iterations, Drake's scene"
set xlabel "Hessian reuse"
set ylabel "iterations"
unset logscale x
set logscale y
set format x '%g'
set format y '10^{%L}'
set autoscale xy
set xrange [*:*] noreverse
unset key
plot 'data/p4_s0.dat' u 1:2 w lp lw 2 dt 1 pt 7 ps 0.8 lc rgb '#135cae' notitle, \
  'data/p4_s1.dat' u 1:2 w lp lw 2 dt 1 pt 9 ps 0.8 lc rgb '#0c3a6e' notitle
unset arrow
unset label
set title "wall time, Drake's scene"
set xlabel "Hessian reuse"
set ylabel "wall time (s)"
unset logscale x
unset logscale y
set format x '%g'
set format y '%g'
set autoscale xy
set xrange [*:*] noreverse
set key at screen KEY_X, KEY_Y left top Left reverse font ',9' samplen 2
plot 'data/p5_s0.dat' u 1:2 w lp lw 2 dt 1 pt 7 ps 0.8 lc rgb '#135cae' notitle, \
  'data/p5_s1.dat' u 1:2 w lp lw 2 dt 1 pt 9 ps 0.8 lc rgb '#0c3a6e' notitle, \
  keyentry w lp lw 2 dt 1 pt 7 ps 0.8 lc rgb '#135cae' title "cenic-sd", \
  keyentry w lp lw 2 dt 1 pt 9 ps 0.8 lc rgb '#0c3a6e' title "cenic-fixed"
unset multiplot
unset output
set terminal pngcairo size 1890,920 font 'sans,10'
set output 'cenic_table3_hessian_reuse.png'.cbench_out_suffix
set grid
set datafile missing '?'
KEY_X = 0.8307
KEY_Y = 0.9185
set multiplot layout 2,3 margins 0.0397,0.8175,0.0598,0.9185 spacing 0.0450,0.1033 title "CENIC Table III: Hessian reuse, error control and fixed step"
unset arrow
unset label
set title "factorizations, our scene"
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
set title "Newton iterations, our scene"
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
set title "wall time, our scene"
set xlabel "Hessian reuse"
set ylabel "wall time (s)"
unset logscale x
unset logscale y
set format x '%g'
set format y '%g'
set autoscale xy
set xrange [*:*] noreverse
unset key
plot 'data/p2_s0.dat' u 1:2 w lp lw 2 dt 1 pt 7 ps 0.8 lc rgb '#135cae' notitle, \
  'data/p2_s1.dat' u 1:2 w lp lw 2 dt 1 pt 9 ps 0.8 lc rgb '#0c3a6e' notitle
unset arrow
unset label
set title "factorizations, Drake's scene"
set xlabel "Hessian reuse"
set ylabel "factorizations"
unset logscale x
set logscale y
set format x '%g'
set format y '10^{%L}'
set autoscale xy
set xrange [*:*] noreverse
unset key
plot 'data/p3_s0.dat' u 1:2 w lp lw 2 dt 1 pt 7 ps 0.8 lc rgb '#135cae' notitle, \
  'data/p3_s1.dat' u 1:2 w lp lw 2 dt 1 pt 9 ps 0.8 lc rgb '#0c3a6e' notitle
unset arrow
unset label
set title "Newton iterations, Drake's scene"
set xlabel "Hessian reuse"
set ylabel "iterations"
unset logscale x
set logscale y
set format x '%g'
set format y '10^{%L}'
set autoscale xy
set xrange [*:*] noreverse
unset key
plot 'data/p4_s0.dat' u 1:2 w lp lw 2 dt 1 pt 7 ps 0.8 lc rgb '#135cae' notitle, \
  'data/p4_s1.dat' u 1:2 w lp lw 2 dt 1 pt 9 ps 0.8 lc rgb '#0c3a6e' notitle
unset arrow
unset label
set title "wall time, Drake's scene"
set xlabel "Hessian reuse"
set ylabel "wall time (s)"
unset logscale x
unset logscale y
set format x '%g'
set format y '%g'
set autoscale xy
set xrange [*:*] noreverse
set key at screen KEY_X, KEY_Y left top Left reverse font ',9' samplen 2
plot 'data/p5_s0.dat' u 1:2 w lp lw 2 dt 1 pt 7 ps 0.8 lc rgb '#135cae' notitle, \
  'data/p5_s1.dat' u 1:2 w lp lw 2 dt 1 pt 9 ps 0.8 lc rgb '#0c3a6e' notitle, \
  keyentry w lp lw 2 dt 1 pt 7 ps 0.8 lc rgb '#135cae' title "cenic-sd", \
  keyentry w lp lw 2 dt 1 pt 9 ps 0.8 lc rgb '#0c3a6e' title "cenic-fixed"
unset multiplot
unset output
