# cenic_fig13_suction_gripper: regenerate with `cd results/figures/full/cenic_fig13_suction_gripper && gnuplot cenic_fig13_suction_gripper.gp`
set terminal svg size 1050,500 dynamic font 'sans,11' background '#ffffff'
set output 'cenic_fig13_suction_gripper.svg'
set grid
set datafile missing '?'
KEY_X = 0.6952
KEY_Y = 0.8500
set multiplot layout 1,1 margins 0.0714,0.6714,0.1100,0.8500 spacing 0.0810,0.1900 title "CENIC Fig. 13: suction gripper, passthrough at 10 ms vs CENIC at 1e-3"
unset arrow
unset label
set title "largest penetration"
set xlabel "speculative contacts (0: the papers' detection, 1: ours)"
set ylabel "max penetration (m)"
unset logscale x
set logscale y
set format x '%g'
set format y '10^{%L}'
set autoscale xy
set xrange [*:*] noreverse
set key at screen KEY_X, KEY_Y left top Left reverse font ',9' samplen 2
plot 'data/p0_s0.dat' u 1:2 w lp lw 2 dt 1 pt 9 ps 0.8 lc rgb '#9467bd' notitle, \
  'data/p0_s1.dat' u 1:2 w lp lw 2 dt 1 pt 7 ps 0.8 lc rgb '#1f77b4' notitle, \
  keyentry w lp lw 2 dt 1 pt 9 ps 0.8 lc rgb '#9467bd' title "cenic-fixed", \
  keyentry w lp lw 2 dt 1 pt 7 ps 0.8 lc rgb '#1f77b4' title "cenic-sd"
unset multiplot
unset output
set terminal pngcairo size 1050,500 font 'sans,10'
set output 'cenic_fig13_suction_gripper.png'
set grid
set datafile missing '?'
KEY_X = 0.6952
KEY_Y = 0.8500
set multiplot layout 1,1 margins 0.0714,0.6714,0.1100,0.8500 spacing 0.0810,0.1900 title "CENIC Fig. 13: suction gripper, passthrough at 10 ms vs CENIC at 1e-3"
unset arrow
unset label
set title "largest penetration"
set xlabel "speculative contacts (0: the papers' detection, 1: ours)"
set ylabel "max penetration (m)"
unset logscale x
set logscale y
set format x '%g'
set format y '10^{%L}'
set autoscale xy
set xrange [*:*] noreverse
set key at screen KEY_X, KEY_Y left top Left reverse font ',9' samplen 2
plot 'data/p0_s0.dat' u 1:2 w lp lw 2 dt 1 pt 9 ps 0.8 lc rgb '#9467bd' notitle, \
  'data/p0_s1.dat' u 1:2 w lp lw 2 dt 1 pt 7 ps 0.8 lc rgb '#1f77b4' notitle, \
  keyentry w lp lw 2 dt 1 pt 9 ps 0.8 lc rgb '#9467bd' title "cenic-fixed", \
  keyentry w lp lw 2 dt 1 pt 7 ps 0.8 lc rgb '#1f77b4' title "cenic-sd"
unset multiplot
unset output
