# cenic_fig08_bouncing_energy: regenerate with `cd results/figures/full/cenic_fig08_bouncing_energy && gnuplot cenic_fig08_bouncing_energy.gp`
if (!exists("cbench_out_suffix")) cbench_out_suffix = ""
set terminal svg size 1050,500 dynamic font 'sans,11' background '#ffffff'
set output 'cenic_fig08_bouncing_energy.svg'.cbench_out_suffix
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
plot 'data/p0_s0.dat' u 1:2 w lp lw 2 dt 1 pt 7 ps 0.8 lc rgb '#135cae' notitle, \
  'data/p0_s1.dat' u 1:2 w lp lw 2 dt 1 pt 5 ps 0.8 lc rgb '#3e8eea' notitle, \
  'data/p0_flagged.dat' u 1:2 w p pt 6 ps 1.8 lw 2 lc rgb '#e377c2' notitle, \
  '' u 1:2:3 w labels offset char 0,0.9 font ',7' tc rgb '#e377c2' noenhanced notitle, \
  keyentry w lp lw 2 dt 1 pt 7 ps 0.8 lc rgb '#135cae' title "cenic-sd (slope 0.77)", \
  keyentry w lp lw 2 dt 1 pt 5 ps 0.8 lc rgb '#3e8eea' title "cenic-trap (slope 2.26)", \
  keyentry w p pt 6 ps 1.8 lw 2 lc rgb '#e377c2' title 'flagged (physics guard) (7)'
unset multiplot
unset output
set terminal pngcairo size 1050,500 font 'sans,10'
set output 'cenic_fig08_bouncing_energy.png'.cbench_out_suffix
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
plot 'data/p0_s0.dat' u 1:2 w lp lw 2 dt 1 pt 7 ps 0.8 lc rgb '#135cae' notitle, \
  'data/p0_s1.dat' u 1:2 w lp lw 2 dt 1 pt 5 ps 0.8 lc rgb '#3e8eea' notitle, \
  'data/p0_flagged.dat' u 1:2 w p pt 6 ps 1.8 lw 2 lc rgb '#e377c2' notitle, \
  '' u 1:2:3 w labels offset char 0,0.9 font ',7' tc rgb '#e377c2' noenhanced notitle, \
  keyentry w lp lw 2 dt 1 pt 7 ps 0.8 lc rgb '#135cae' title "cenic-sd (slope 0.77)", \
  keyentry w lp lw 2 dt 1 pt 5 ps 0.8 lc rgb '#3e8eea' title "cenic-trap (slope 2.26)", \
  keyentry w p pt 6 ps 1.8 lw 2 lc rgb '#e377c2' title 'flagged (physics guard) (7)'
unset multiplot
unset output
