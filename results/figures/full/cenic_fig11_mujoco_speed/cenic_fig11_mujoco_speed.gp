# cenic_fig11_mujoco_speed: regenerate with `cd results/figures/full/cenic_fig11_mujoco_speed && gnuplot cenic_fig11_mujoco_speed.gp`
set terminal svg size 1370,920 dynamic font 'sans,11' background '#ffffff'
set output 'cenic_fig11_mujoco_speed.svg'
set grid
set datafile missing '?'
KEY_X = 0.7664
KEY_Y = 0.9185
set multiplot layout 2,2 margins 0.0547,0.7482,0.0598,0.9185 spacing 0.0620,0.1033 title "CENIC Fig. 11 in our terms: CENIC against the MuJoCo peer on the same scenes"
unset arrow
unset label
set title "hard\\_clutter: work"
set xlabel "dt (s) or accuracy"
set ylabel "wall s per simulated s"
set logscale x
set logscale y
set format x '10^{%L}'
set format y '10^{%L}'
set autoscale xy
set xrange [*:*] noreverse
unset key
plot 'data/p0_s0.dat' u 1:2 w lp lw 2 dt 1 pt 3 ps 0.8 lc rgb '#e6ab02' notitle, \
  'data/p0_s1.dat' u 1:2 w lp lw 2 dt 1 pt 9 ps 0.8 lc rgb '#9467bd' notitle, \
  'data/p0_s2.dat' u 1:2 w lp lw 2 dt 1 pt 7 ps 0.8 lc rgb '#1f77b4' notitle
unset arrow
unset label
set title "hard\\_clutter: penetration"
set xlabel "dt (s) or accuracy"
set ylabel "max penetration (m)"
set logscale x
set logscale y
set format x '10^{%L}'
set format y '10^{%L}'
set autoscale xy
set xrange [*:*] noreverse
unset key
plot 'data/p1_s0.dat' u 1:2 w lp lw 2 dt 1 pt 3 ps 0.8 lc rgb '#e6ab02' notitle, \
  'data/p1_s1.dat' u 1:2 w lp lw 2 dt 1 pt 9 ps 0.8 lc rgb '#9467bd' notitle, \
  'data/p1_s2.dat' u 1:2 w lp lw 2 dt 1 pt 7 ps 0.8 lc rgb '#1f77b4' notitle
unset arrow
unset label
set title "franka\\_box: work"
set xlabel "dt (s) or accuracy"
set ylabel "wall s per simulated s"
set logscale x
set logscale y
set format x '10^{%L}'
set format y '10^{%L}'
set autoscale xy
set xrange [*:*] noreverse
unset key
plot 'data/p2_s0.dat' u 1:2 w lp lw 2 dt 1 pt 3 ps 0.8 lc rgb '#e6ab02' notitle, \
  'data/p2_s1.dat' u 1:2 w lp lw 2 dt 1 pt 9 ps 0.8 lc rgb '#9467bd' notitle, \
  'data/p2_s2.dat' u 1:2 w lp lw 2 dt 1 pt 7 ps 0.8 lc rgb '#1f77b4' notitle, \
  'data/p2_failed.dat' u 1:2 w p pt 2 ps 1.5 lw 2 lc rgb 'red' notitle
unset arrow
unset label
set arrow 100 from graph 0, first 0.031 to graph 1, first 0.031 nohead dt 2 lw 1.5 lc rgb 'black' front
set label 100 "paper: 0.031 m (CENIC sec. VII-C (Fig. 11 text: Spot, 1 ms time step))" at graph 0.02, first 0.031 offset 0,0.6 font ',8' front
set arrow 101 from graph 0, first 0.0064 to graph 1, first 0.0064 nohead dt 2 lw 1.5 lc rgb 'black' front
set label 101 "paper: 0.0064 m (CENIC sec. VII-C (Fig. 11 text: Spot, 1 ms time step))" at graph 0.02, first 0.0064 offset 0,0.6 font ',8' front
set title "franka\\_box: penetration"
set xlabel "dt (s) or accuracy"
set ylabel "max penetration (m)"
set logscale x
set logscale y
set format x '10^{%L}'
set format y '10^{%L}'
set autoscale xy
set xrange [*:*] noreverse
set key at screen KEY_X, KEY_Y left top Left reverse font ',9' samplen 2
plot 'data/p3_s0.dat' u 1:2 w lp lw 2 dt 1 pt 3 ps 0.8 lc rgb '#e6ab02' notitle, \
  'data/p3_s1.dat' u 1:2 w lp lw 2 dt 1 pt 9 ps 0.8 lc rgb '#9467bd' notitle, \
  'data/p3_s2.dat' u 1:2 w lp lw 2 dt 1 pt 7 ps 0.8 lc rgb '#1f77b4' notitle, \
  'data/p3_failed.dat' u 1:2 w p pt 2 ps 1.5 lw 2 lc rgb 'red' notitle, \
  keyentry w lp lw 2 dt 1 pt 3 ps 0.8 lc rgb '#e6ab02' title "mujoco", \
  keyentry w lp lw 2 dt 1 pt 9 ps 0.8 lc rgb '#9467bd' title "cenic-fixed", \
  keyentry w lp lw 2 dt 1 pt 7 ps 0.8 lc rgb '#1f77b4' title "cenic-sd", \
  keyentry w p pt 2 ps 1.5 lw 2 lc rgb 'red' title 'failed (1)', \
  keyentry w l dt 2 lw 1.5 lc rgb 'black' title "the paper's number"
unset multiplot
unset output
set terminal pngcairo size 1370,920 font 'sans,10'
set output 'cenic_fig11_mujoco_speed.png'
set grid
set datafile missing '?'
KEY_X = 0.7664
KEY_Y = 0.9185
set multiplot layout 2,2 margins 0.0547,0.7482,0.0598,0.9185 spacing 0.0620,0.1033 title "CENIC Fig. 11 in our terms: CENIC against the MuJoCo peer on the same scenes"
unset arrow
unset label
set title "hard\\_clutter: work"
set xlabel "dt (s) or accuracy"
set ylabel "wall s per simulated s"
set logscale x
set logscale y
set format x '10^{%L}'
set format y '10^{%L}'
set autoscale xy
set xrange [*:*] noreverse
unset key
plot 'data/p0_s0.dat' u 1:2 w lp lw 2 dt 1 pt 3 ps 0.8 lc rgb '#e6ab02' notitle, \
  'data/p0_s1.dat' u 1:2 w lp lw 2 dt 1 pt 9 ps 0.8 lc rgb '#9467bd' notitle, \
  'data/p0_s2.dat' u 1:2 w lp lw 2 dt 1 pt 7 ps 0.8 lc rgb '#1f77b4' notitle
unset arrow
unset label
set title "hard\\_clutter: penetration"
set xlabel "dt (s) or accuracy"
set ylabel "max penetration (m)"
set logscale x
set logscale y
set format x '10^{%L}'
set format y '10^{%L}'
set autoscale xy
set xrange [*:*] noreverse
unset key
plot 'data/p1_s0.dat' u 1:2 w lp lw 2 dt 1 pt 3 ps 0.8 lc rgb '#e6ab02' notitle, \
  'data/p1_s1.dat' u 1:2 w lp lw 2 dt 1 pt 9 ps 0.8 lc rgb '#9467bd' notitle, \
  'data/p1_s2.dat' u 1:2 w lp lw 2 dt 1 pt 7 ps 0.8 lc rgb '#1f77b4' notitle
unset arrow
unset label
set title "franka\\_box: work"
set xlabel "dt (s) or accuracy"
set ylabel "wall s per simulated s"
set logscale x
set logscale y
set format x '10^{%L}'
set format y '10^{%L}'
set autoscale xy
set xrange [*:*] noreverse
unset key
plot 'data/p2_s0.dat' u 1:2 w lp lw 2 dt 1 pt 3 ps 0.8 lc rgb '#e6ab02' notitle, \
  'data/p2_s1.dat' u 1:2 w lp lw 2 dt 1 pt 9 ps 0.8 lc rgb '#9467bd' notitle, \
  'data/p2_s2.dat' u 1:2 w lp lw 2 dt 1 pt 7 ps 0.8 lc rgb '#1f77b4' notitle, \
  'data/p2_failed.dat' u 1:2 w p pt 2 ps 1.5 lw 2 lc rgb 'red' notitle
unset arrow
unset label
set arrow 100 from graph 0, first 0.031 to graph 1, first 0.031 nohead dt 2 lw 1.5 lc rgb 'black' front
set label 100 "paper: 0.031 m (CENIC sec. VII-C (Fig. 11 text: Spot, 1 ms time step))" at graph 0.02, first 0.031 offset 0,0.6 font ',8' front
set arrow 101 from graph 0, first 0.0064 to graph 1, first 0.0064 nohead dt 2 lw 1.5 lc rgb 'black' front
set label 101 "paper: 0.0064 m (CENIC sec. VII-C (Fig. 11 text: Spot, 1 ms time step))" at graph 0.02, first 0.0064 offset 0,0.6 font ',8' front
set title "franka\\_box: penetration"
set xlabel "dt (s) or accuracy"
set ylabel "max penetration (m)"
set logscale x
set logscale y
set format x '10^{%L}'
set format y '10^{%L}'
set autoscale xy
set xrange [*:*] noreverse
set key at screen KEY_X, KEY_Y left top Left reverse font ',9' samplen 2
plot 'data/p3_s0.dat' u 1:2 w lp lw 2 dt 1 pt 3 ps 0.8 lc rgb '#e6ab02' notitle, \
  'data/p3_s1.dat' u 1:2 w lp lw 2 dt 1 pt 9 ps 0.8 lc rgb '#9467bd' notitle, \
  'data/p3_s2.dat' u 1:2 w lp lw 2 dt 1 pt 7 ps 0.8 lc rgb '#1f77b4' notitle, \
  'data/p3_failed.dat' u 1:2 w p pt 2 ps 1.5 lw 2 lc rgb 'red' notitle, \
  keyentry w lp lw 2 dt 1 pt 3 ps 0.8 lc rgb '#e6ab02' title "mujoco", \
  keyentry w lp lw 2 dt 1 pt 9 ps 0.8 lc rgb '#9467bd' title "cenic-fixed", \
  keyentry w lp lw 2 dt 1 pt 7 ps 0.8 lc rgb '#1f77b4' title "cenic-sd", \
  keyentry w p pt 2 ps 1.5 lw 2 lc rgb 'red' title 'failed (1)', \
  keyentry w l dt 2 lw 1.5 lc rgb 'black' title "the paper's number"
unset multiplot
unset output
