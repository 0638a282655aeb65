# cenic_fig02_friction_curve: regenerate with `cd results/figures/full/cenic_fig02_friction_curve && gnuplot cenic_fig02_friction_curve.gp`
if (!exists("cbench_out_suffix")) cbench_out_suffix = ""
set terminal svg size 1370,500 dynamic font 'sans,11' background '#ffffff'
set output 'cenic_fig02_friction_curve.svg'.cbench_out_suffix
set grid
set datafile missing '?'
KEY_X = 0.7664
KEY_Y = 0.8500
set multiplot layout 1,2 margins 0.0547,0.7482,0.1100,0.8500 spacing 0.0620,0.1900 title "CENIC Fig. 2: the friction coefficient against slip speed, measured on the conveyor"
unset arrow
unset label
set title "friction force against slip speed (normal force m g = 9.81 N)"
set xlabel "slip speed box-belt (m/s)"
set ylabel "tangential force (N)"
set logscale x
unset logscale y
set format x '10^{%L}'
set format y '%g'
set autoscale xy
set xrange [1e-06:2] noreverse
unset key
plot 'data/p0_s0.dat' u 1:2 w l lw 2 dt 1 lc rgb '#1f77b4' notitle
unset arrow
unset label
set title "slip speed over time"
set xlabel "t (s)"
set ylabel "slip speed (m/s)"
unset logscale x
set logscale y
set format x '%g'
set format y '10^{%L}'
set autoscale xy
set xrange [*:*] noreverse
set key at screen KEY_X, KEY_Y left top Left reverse font ',9' samplen 2
plot 'data/p1_s0.dat' u 1:2 w l lw 2 dt 1 lc rgb '#1f77b4' notitle, \
  keyentry w l lw 2 dt 1 lc rgb '#1f77b4' title "cenic-sd param=1e-08"
unset multiplot
unset output
set terminal pngcairo size 1370,500 font 'sans,10'
set output 'cenic_fig02_friction_curve.png'.cbench_out_suffix
set grid
set datafile missing '?'
KEY_X = 0.7664
KEY_Y = 0.8500
set multiplot layout 1,2 margins 0.0547,0.7482,0.1100,0.8500 spacing 0.0620,0.1900 title "CENIC Fig. 2: the friction coefficient against slip speed, measured on the conveyor"
unset arrow
unset label
set title "friction force against slip speed (normal force m g = 9.81 N)"
set xlabel "slip speed box-belt (m/s)"
set ylabel "tangential force (N)"
set logscale x
unset logscale y
set format x '10^{%L}'
set format y '%g'
set autoscale xy
set xrange [1e-06:2] noreverse
unset key
plot 'data/p0_s0.dat' u 1:2 w l lw 2 dt 1 lc rgb '#1f77b4' notitle
unset arrow
unset label
set title "slip speed over time"
set xlabel "t (s)"
set ylabel "slip speed (m/s)"
unset logscale x
set logscale y
set format x '%g'
set format y '10^{%L}'
set autoscale xy
set xrange [*:*] noreverse
set key at screen KEY_X, KEY_Y left top Left reverse font ',9' samplen 2
plot 'data/p1_s0.dat' u 1:2 w l lw 2 dt 1 lc rgb '#1f77b4' notitle, \
  keyentry w l lw 2 dt 1 lc rgb '#1f77b4' title "cenic-sd param=1e-08"
unset multiplot
unset output
