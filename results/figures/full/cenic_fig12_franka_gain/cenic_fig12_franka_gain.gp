# cenic_fig12_franka_gain: regenerate with `cd results/figures/full/cenic_fig12_franka_gain && gnuplot cenic_fig12_franka_gain.gp`
if (!exists("cbench_out_suffix")) cbench_out_suffix = ""
set terminal svg size 1050,500 dynamic font 'sans,11' background '#ffffff'
set output 'cenic_fig12_franka_gain.svg'.cbench_out_suffix
set grid
set datafile missing '?'
KEY_X = 0.6952
KEY_Y = 0.8500
set multiplot layout 1,1 margins 0.0714,0.6714,0.1100,0.8500 spacing 0.0810,0.1900 title "CENIC Fig. 12: steps to simulate the Franka task vs controller gain"
unset arrow
unset label
set title "Franka, accuracy 1e-2"
set xlabel "Kp = Kd"
set ylabel "accepted steps"
set logscale x
set logscale y
set format x '10^{%L}'
set format y '10^{%L}'
set autoscale xy
set xrange [*:*] noreverse
set key at screen KEY_X, KEY_Y left top Left reverse font ',9' samplen 2
plot 'data/p0_s0.dat' u 1:2 w lp lw 2 dt 1 pt 7 ps 0.8 lc rgb '#1f77b4' notitle, \
  'data/p0_s1.dat' u 1:2 w lp lw 2 dt 1 pt 5 ps 0.8 lc rgb '#2ca02c' notitle, \
  'data/p0_s2.dat' u 1:2 w lp lw 2 dt 1 pt 9 ps 0.8 lc rgb '#9467bd' notitle, \
  'data/p0_s3.dat' u 1:2 w lp lw 2 dt 1 pt 11 ps 0.8 lc rgb '#8c564b' notitle, \
  'data/p0_s4.dat' u 1:2 w lp lw 2 dt 1 pt 13 ps 0.8 lc rgb '#17becf' notitle, \
  'data/p0_s5.dat' u 1:2 w lp lw 2 dt 1 pt 15 ps 0.8 lc rgb '#bcbd22' notitle, \
  'data/p0_s6.dat' u 1:2 w lp lw 2 dt 1 pt 4 ps 0.8 lc rgb '#000080' notitle, \
  'data/p0_flagged.dat' u 1:2 w p pt 6 ps 1.8 lw 2 lc rgb '#e377c2' notitle, \
  '' u 1:2:3 w labels offset char 0,0.9 font ',7' tc rgb '#e377c2' noenhanced notitle, \
  keyentry w lp lw 2 dt 1 pt 7 ps 0.8 lc rgb '#1f77b4' title "franka\\_box controllers=implicit", \
  keyentry w lp lw 2 dt 1 pt 5 ps 0.8 lc rgb '#2ca02c' title "franka\\_box controllers=symmetric", \
  keyentry w lp lw 2 dt 1 pt 9 ps 0.8 lc rgb '#9467bd' title "franka\\_box controllers=explicit", \
  keyentry w lp lw 2 dt 1 pt 11 ps 0.8 lc rgb '#8c564b' title "franka\\_box controllers=symmetric max\\_step=1", \
  keyentry w lp lw 2 dt 1 pt 13 ps 0.8 lc rgb '#17becf' title "franka\\_box\\_rotor controllers=implicit", \
  keyentry w lp lw 2 dt 1 pt 15 ps 0.8 lc rgb '#bcbd22' title "franka\\_box\\_rotor controllers=explicit", \
  keyentry w lp lw 2 dt 1 pt 4 ps 0.8 lc rgb '#000080' title "franka\\_box\\_rotor controllers=implicit max\\_step=1", \
  keyentry w p pt 6 ps 1.8 lw 2 lc rgb '#e377c2' title 'flagged (physics guard) (2)'
unset multiplot
unset output
set terminal pngcairo size 1050,500 font 'sans,10'
set output 'cenic_fig12_franka_gain.png'.cbench_out_suffix
set grid
set datafile missing '?'
KEY_X = 0.6952
KEY_Y = 0.8500
set multiplot layout 1,1 margins 0.0714,0.6714,0.1100,0.8500 spacing 0.0810,0.1900 title "CENIC Fig. 12: steps to simulate the Franka task vs controller gain"
unset arrow
unset label
set title "Franka, accuracy 1e-2"
set xlabel "Kp = Kd"
set ylabel "accepted steps"
set logscale x
set logscale y
set format x '10^{%L}'
set format y '10^{%L}'
set autoscale xy
set xrange [*:*] noreverse
set key at screen KEY_X, KEY_Y left top Left reverse font ',9' samplen 2
plot 'data/p0_s0.dat' u 1:2 w lp lw 2 dt 1 pt 7 ps 0.8 lc rgb '#1f77b4' notitle, \
  'data/p0_s1.dat' u 1:2 w lp lw 2 dt 1 pt 5 ps 0.8 lc rgb '#2ca02c' notitle, \
  'data/p0_s2.dat' u 1:2 w lp lw 2 dt 1 pt 9 ps 0.8 lc rgb '#9467bd' notitle, \
  'data/p0_s3.dat' u 1:2 w lp lw 2 dt 1 pt 11 ps 0.8 lc rgb '#8c564b' notitle, \
  'data/p0_s4.dat' u 1:2 w lp lw 2 dt 1 pt 13 ps 0.8 lc rgb '#17becf' notitle, \
  'data/p0_s5.dat' u 1:2 w lp lw 2 dt 1 pt 15 ps 0.8 lc rgb '#bcbd22' notitle, \
  'data/p0_s6.dat' u 1:2 w lp lw 2 dt 1 pt 4 ps 0.8 lc rgb '#000080' notitle, \
  'data/p0_flagged.dat' u 1:2 w p pt 6 ps 1.8 lw 2 lc rgb '#e377c2' notitle, \
  '' u 1:2:3 w labels offset char 0,0.9 font ',7' tc rgb '#e377c2' noenhanced notitle, \
  keyentry w lp lw 2 dt 1 pt 7 ps 0.8 lc rgb '#1f77b4' title "franka\\_box controllers=implicit", \
  keyentry w lp lw 2 dt 1 pt 5 ps 0.8 lc rgb '#2ca02c' title "franka\\_box controllers=symmetric", \
  keyentry w lp lw 2 dt 1 pt 9 ps 0.8 lc rgb '#9467bd' title "franka\\_box controllers=explicit", \
  keyentry w lp lw 2 dt 1 pt 11 ps 0.8 lc rgb '#8c564b' title "franka\\_box controllers=symmetric max\\_step=1", \
  keyentry w lp lw 2 dt 1 pt 13 ps 0.8 lc rgb '#17becf' title "franka\\_box\\_rotor controllers=implicit", \
  keyentry w lp lw 2 dt 1 pt 15 ps 0.8 lc rgb '#bcbd22' title "franka\\_box\\_rotor controllers=explicit", \
  keyentry w lp lw 2 dt 1 pt 4 ps 0.8 lc rgb '#000080' title "franka\\_box\\_rotor controllers=implicit max\\_step=1", \
  keyentry w p pt 6 ps 1.8 lw 2 lc rgb '#e377c2' title 'flagged (physics guard) (2)'
unset multiplot
unset output
