# cenic_fig08_bouncing_energy: regenerate with `cd results/figures/full/cenic_fig08_bouncing_energy && gnuplot cenic_fig08_bouncing_energy.gp`
set terminal svg size 1050,500 dynamic font 'sans,11' background '#ffffff'
set output 'cenic_fig08_bouncing_energy.svg'
set grid
set datafile missing '?'
KEY_X = 0.6952
KEY_Y = 0.8500
set multiplot layout 1,1 margins 0.0714,0.6714,0.1100,0.8500 spacing 0.0810,0.1900 title "CENIC Fig. 8: bouncing-ball energy error vs step size"
unset arrow
unset label
set title "energy error"
set xlabel "mean step size h (s)"
set ylabel "|E(T) - E(0)| / E(0)"
set logscale x
set logscale y
set format x '10^{%L}'
set format y '10^{%L}'
set autoscale xy
set xrange [*:*] noreverse
set key at screen KEY_X, KEY_Y left top Left reverse font ',9' samplen 2
plot 'data/p0_s0.dat' u 1:2 w lp lw 2 dt 1 pt 7 ps 0.8 lc rgb '#1f77b4' notitle, \
  'data/p0_s1.dat' u 1:2 w lp lw 2 dt 1 pt 5 ps 0.8 lc rgb '#2ca02c' notitle, \
  keyentry w lp lw 2 dt 1 pt 7 ps 0.8 lc rgb '#1f77b4' title "cenic-sd (slope 0.78)", \
  keyentry w lp lw 2 dt 1 pt 5 ps 0.8 lc rgb '#2ca02c' title "cenic-trap (slope 2.25)"
unset multiplot
unset output
set terminal pngcairo size 1050,500 font 'sans,10'
set output 'cenic_fig08_bouncing_energy.png'
set grid
set datafile missing '?'
KEY_X = 0.6952
KEY_Y = 0.8500
set multiplot layout 1,1 margins 0.0714,0.6714,0.1100,0.8500 spacing 0.0810,0.1900 title "CENIC Fig. 8: bouncing-ball energy error vs step size"
unset arrow
unset label
set title "energy error"
set xlabel "mean step size h (s)"
set ylabel "|E(T) - E(0)| / E(0)"
set logscale x
set logscale y
set format x '10^{%L}'
set format y '10^{%L}'
set autoscale xy
set xrange [*:*] noreverse
set key at screen KEY_X, KEY_Y left top Left reverse font ',9' samplen 2
plot 'data/p0_s0.dat' u 1:2 w lp lw 2 dt 1 pt 7 ps 0.8 lc rgb '#1f77b4' notitle, \
  'data/p0_s1.dat' u 1:2 w lp lw 2 dt 1 pt 5 ps 0.8 lc rgb '#2ca02c' notitle, \
  keyentry w lp lw 2 dt 1 pt 7 ps 0.8 lc rgb '#1f77b4' title "cenic-sd (slope 0.78)", \
  keyentry w lp lw 2 dt 1 pt 5 ps 0.8 lc rgb '#2ca02c' title "cenic-trap (slope 2.25)"
unset multiplot
unset output
