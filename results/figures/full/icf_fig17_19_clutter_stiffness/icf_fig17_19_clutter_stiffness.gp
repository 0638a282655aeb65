# icf_fig17_19_clutter_stiffness: regenerate with `cd results/figures/full/icf_fig17_19_clutter_stiffness && gnuplot icf_fig17_19_clutter_stiffness.gp`
set terminal svg size 1890,920 dynamic font 'sans,11' background '#ffffff'
set output 'icf_fig17_19_clutter_stiffness.svg'
set grid
set datafile missing '?'
KEY_X = 0.8307
KEY_Y = 0.9185
set multiplot layout 2,3 margins 0.0397,0.8175,0.0598,0.9185 spacing 0.0450,0.1033 title "ICF Figs. 17-19: 40-object clutter, iterations, Hessian condition number and penetration against time step and stiffness"
unset arrow
unset label
set title "iterations vs time step (k 1e7)"
set xlabel "time step (s)"
set ylabel "Newton iterations per step"
set logscale x
unset logscale y
set format x '10^{%L}'
set format y '%g'
set autoscale xy
set xrange [*:*] noreverse
unset key
plot 'data/p0_s0.dat' u 1:2 w lp lw 2 dt 1 pt 7 ps 0.8 lc rgb '#1f77b4' notitle, \
  'data/p0_flagged.dat' u 1:2 w p pt 6 ps 1.8 lw 2 lc rgb '#e377c2' notitle
unset arrow
unset label
set title "condition number vs time step (k 1e7)"
set xlabel "time step (s)"
set ylabel "median Hessian condition number"
set logscale x
set logscale y
set format x '10^{%L}'
set format y '10^{%L}'
set autoscale xy
set xrange [*:*] noreverse
unset key
plot 'data/p1_s0.dat' u 1:2 w lp lw 2 dt 1 pt 7 ps 0.8 lc rgb '#1f77b4' notitle, \
  'data/p1_flagged.dat' u 1:2 w p pt 6 ps 1.8 lw 2 lc rgb '#e377c2' notitle
unset arrow
unset label
set title "penetration at rest vs stiffness (dt 5 ms)"
set xlabel "stiffness k (N/m)"
set ylabel "RMS penetration over the run (m)"
set logscale x
set logscale y
set format x '10^{%L}'
set format y '10^{%L}'
set autoscale xy
set xrange [*:*] noreverse
unset key
plot 'data/p2_s0.dat' u 1:2 w lp lw 2 dt 1 pt 7 ps 0.8 lc rgb '#1f77b4' notitle, \
  'data/p2_flagged.dat' u 1:2 w p pt 6 ps 1.8 lw 2 lc rgb '#e377c2' notitle
unset arrow
unset label
set title "iterations vs stiffness (dt 5 ms)"
set xlabel "stiffness k (N/m)"
set ylabel "Newton iterations per step"
set logscale x
unset logscale y
set format x '10^{%L}'
set format y '%g'
set autoscale xy
set xrange [*:*] noreverse
unset key
plot 'data/p3_s0.dat' u 1:2 w lp lw 2 dt 1 pt 7 ps 0.8 lc rgb '#1f77b4' notitle, \
  'data/p3_flagged.dat' u 1:2 w p pt 6 ps 1.8 lw 2 lc rgb '#e377c2' notitle
unset arrow
unset label
set title "median condition number vs stiffness (dt 5 ms)"
set xlabel "stiffness k (N/m)"
set ylabel "median Hessian condition number"
set logscale x
set logscale y
set format x '10^{%L}'
set format y '10^{%L}'
set autoscale xy
set xrange [*:*] noreverse
unset key
plot 'data/p4_s0.dat' u 1:2 w lp lw 2 dt 1 pt 7 ps 0.8 lc rgb '#1f77b4' notitle, \
  'data/p4_flagged.dat' u 1:2 w p pt 6 ps 1.8 lw 2 lc rgb '#e377c2' notitle
unset arrow
unset label
set title "mean condition number vs stiffness (dt 5 ms)"
set xlabel "stiffness k (N/m)"
set ylabel "mean Hessian condition number"
set logscale x
set logscale y
set format x '10^{%L}'
set format y '10^{%L}'
set autoscale xy
set xrange [*:*] noreverse
set key at screen KEY_X, KEY_Y left top Left reverse font ',9' samplen 2
plot 'data/p5_s0.dat' u 1:2 w lp lw 2 dt 1 pt 7 ps 0.8 lc rgb '#1f77b4' notitle, \
  'data/p5_flagged.dat' u 1:2 w p pt 6 ps 1.8 lw 2 lc rgb '#e377c2' notitle, \
  keyentry w lp lw 2 dt 1 pt 7 ps 0.8 lc rgb '#1f77b4' title "cenic-fixed", \
  keyentry w p pt 6 ps 1.8 lw 2 lc rgb '#e377c2' title 'flagged (physics guard) (2)'
unset multiplot
unset output
set terminal pngcairo size 1890,920 font 'sans,10'
set output 'icf_fig17_19_clutter_stiffness.png'
set grid
set datafile missing '?'
KEY_X = 0.8307
KEY_Y = 0.9185
set multiplot layout 2,3 margins 0.0397,0.8175,0.0598,0.9185 spacing 0.0450,0.1033 title "ICF Figs. 17-19: 40-object clutter, iterations, Hessian condition number and penetration against time step and stiffness"
unset arrow
unset label
set title "iterations vs time step (k 1e7)"
set xlabel "time step (s)"
set ylabel "Newton iterations per step"
set logscale x
unset logscale y
set format x '10^{%L}'
set format y '%g'
set autoscale xy
set xrange [*:*] noreverse
unset key
plot 'data/p0_s0.dat' u 1:2 w lp lw 2 dt 1 pt 7 ps 0.8 lc rgb '#1f77b4' notitle, \
  'data/p0_flagged.dat' u 1:2 w p pt 6 ps 1.8 lw 2 lc rgb '#e377c2' notitle
unset arrow
unset label
set title "condition number vs time step (k 1e7)"
set xlabel "time step (s)"
set ylabel "median Hessian condition number"
set logscale x
set logscale y
set format x '10^{%L}'
set format y '10^{%L}'
set autoscale xy
set xrange [*:*] noreverse
unset key
plot 'data/p1_s0.dat' u 1:2 w lp lw 2 dt 1 pt 7 ps 0.8 lc rgb '#1f77b4' notitle, \
  'data/p1_flagged.dat' u 1:2 w p pt 6 ps 1.8 lw 2 lc rgb '#e377c2' notitle
unset arrow
unset label
set title "penetration at rest vs stiffness (dt 5 ms)"
set xlabel "stiffness k (N/m)"
set ylabel "RMS penetration over the run (m)"
set logscale x
set logscale y
set format x '10^{%L}'
set format y '10^{%L}'
set autoscale xy
set xrange [*:*] noreverse
unset key
plot 'data/p2_s0.dat' u 1:2 w lp lw 2 dt 1 pt 7 ps 0.8 lc rgb '#1f77b4' notitle, \
  'data/p2_flagged.dat' u 1:2 w p pt 6 ps 1.8 lw 2 lc rgb '#e377c2' notitle
unset arrow
unset label
set title "iterations vs stiffness (dt 5 ms)"
set xlabel "stiffness k (N/m)"
set ylabel "Newton iterations per step"
set logscale x
unset logscale y
set format x '10^{%L}'
set format y '%g'
set autoscale xy
set xrange [*:*] noreverse
unset key
plot 'data/p3_s0.dat' u 1:2 w lp lw 2 dt 1 pt 7 ps 0.8 lc rgb '#1f77b4' notitle, \
  'data/p3_flagged.dat' u 1:2 w p pt 6 ps 1.8 lw 2 lc rgb '#e377c2' notitle
unset arrow
unset label
set title "median condition number vs stiffness (dt 5 ms)"
set xlabel "stiffness k (N/m)"
set ylabel "median Hessian condition number"
set logscale x
set logscale y
set format x '10^{%L}'
set format y '10^{%L}'
set autoscale xy
set xrange [*:*] noreverse
unset key
plot 'data/p4_s0.dat' u 1:2 w lp lw 2 dt 1 pt 7 ps 0.8 lc rgb '#1f77b4' notitle, \
  'data/p4_flagged.dat' u 1:2 w p pt 6 ps 1.8 lw 2 lc rgb '#e377c2' notitle
unset arrow
unset label
set title "mean condition number vs stiffness (dt 5 ms)"
set xlabel "stiffness k (N/m)"
set ylabel "mean Hessian condition number"
set logscale x
set logscale y
set format x '10^{%L}'
set format y '10^{%L}'
set autoscale xy
set xrange [*:*] noreverse
set key at screen KEY_X, KEY_Y left top Left reverse font ',9' samplen 2
plot 'data/p5_s0.dat' u 1:2 w lp lw 2 dt 1 pt 7 ps 0.8 lc rgb '#1f77b4' notitle, \
  'data/p5_flagged.dat' u 1:2 w p pt 6 ps 1.8 lw 2 lc rgb '#e377c2' notitle, \
  keyentry w lp lw 2 dt 1 pt 7 ps 0.8 lc rgb '#1f77b4' title "cenic-fixed", \
  keyentry w p pt 6 ps 1.8 lw 2 lc rgb '#e377c2' title 'flagged (physics guard) (2)'
unset multiplot
unset output
