# cenic_fig04_ball_drop_error: regenerate with `cd results/figures/full/cenic_fig04_ball_drop_error && gnuplot cenic_fig04_ball_drop_error.gp`
set terminal svg size 1370,500 dynamic font 'sans,11' background '#ffffff'
set output 'cenic_fig04_ball_drop_error.svg'
set grid
set datafile missing '?'
KEY_X = 0.7664
KEY_Y = 0.8500
set multiplot layout 1,2 margins 0.0547,0.7482,0.1100,0.8500 spacing 0.0620,0.1900 title "CENIC Fig. 4: ball drop, local position and velocity error at 1, 2 and 5 ms"
unset arrow
unset label
set title "local position error"
set xlabel "time step dt (s)"
set ylabel "max over 10 ms windows (m)"
set logscale x
set logscale y
set format x '10^{%L}'
set format y '10^{%L}'
set autoscale xy
set xrange [*:*] noreverse
unset key
plot 'data/p0_s0.dat' u 1:2 w lp lw 2 dt 1 pt 7 ps 0.8 lc rgb '#1f77b4' notitle
unset arrow
unset label
set title "local velocity error"
set xlabel "time step dt (s)"
set ylabel "max over 10 ms windows (m/s)"
set logscale x
set logscale y
set format x '10^{%L}'
set format y '10^{%L}'
set autoscale xy
set xrange [*:*] noreverse
set key at screen KEY_X, KEY_Y left top Left reverse font ',9' samplen 2
plot 'data/p1_s0.dat' u 1:2 w lp lw 2 dt 1 pt 7 ps 0.8 lc rgb '#1f77b4' notitle, \
  keyentry w lp lw 2 dt 1 pt 7 ps 0.8 lc rgb '#1f77b4' title "cenic-fixed"
unset multiplot
unset output
set terminal pngcairo size 1370,500 font 'sans,10'
set output 'cenic_fig04_ball_drop_error.png'
set grid
set datafile missing '?'
KEY_X = 0.7664
KEY_Y = 0.8500
set multiplot layout 1,2 margins 0.0547,0.7482,0.1100,0.8500 spacing 0.0620,0.1900 title "CENIC Fig. 4: ball drop, local position and velocity error at 1, 2 and 5 ms"
unset arrow
unset label
set title "local position error"
set xlabel "time step dt (s)"
set ylabel "max over 10 ms windows (m)"
set logscale x
set logscale y
set format x '10^{%L}'
set format y '10^{%L}'
set autoscale xy
set xrange [*:*] noreverse
unset key
plot 'data/p0_s0.dat' u 1:2 w lp lw 2 dt 1 pt 7 ps 0.8 lc rgb '#1f77b4' notitle
unset arrow
unset label
set title "local velocity error"
set xlabel "time step dt (s)"
set ylabel "max over 10 ms windows (m/s)"
set logscale x
set logscale y
set format x '10^{%L}'
set format y '10^{%L}'
set autoscale xy
set xrange [*:*] noreverse
set key at screen KEY_X, KEY_Y left top Left reverse font ',9' samplen 2
plot 'data/p1_s0.dat' u 1:2 w lp lw 2 dt 1 pt 7 ps 0.8 lc rgb '#1f77b4' notitle, \
  keyentry w lp lw 2 dt 1 pt 7 ps 0.8 lc rgb '#1f77b4' title "cenic-fixed"
unset multiplot
unset output
