# cenic_fig09_hard_clutter_sd_trap: regenerate with `cd results/figures/full/cenic_fig09_hard_clutter_sd_trap && gnuplot cenic_fig09_hard_clutter_sd_trap.gp`
if (!exists("cbench_out_suffix")) cbench_out_suffix = ""
set terminal svg size 1050,500 dynamic font 'sans,11' background '#ffffff'
set output 'cenic_fig09_hard_clutter_sd_trap.svg'.cbench_out_suffix
set grid
set datafile missing '?'
KEY_X = 0.6952
KEY_Y = 0.8500
set multiplot layout 1,1 margins 0.0714,0.6714,0.1100,0.8500 spacing 0.0810,0.1900 title "CENIC Fig. 9: hard clutter, step doubling vs trapezoid"
unset arrow
unset label
set title "hard clutter"
set xlabel "accuracy"
set ylabel "wall s per simulated s"
set logscale x
set logscale y
set format x '10^{%L}'
set format y '10^{%L}'
set autoscale xy
set xrange [*:*] reverse
set xrange [5e-06:0.2] reverse
set yrange [0.00188420395:0.304290891]
set label 98 'runs that are not data beyond the axes: at the edge' at graph 0.98, graph 0.15 right font ',8' front
set key at screen KEY_X, KEY_Y left top Left reverse font ',9' samplen 2
plot 'data/p0_s0.dat' u 1:2 w lp lw 2 dt 1 pt 7 ps 0.8 lc rgb '#135cae' notitle, \
  'data/p0_s1.dat' u 1:2 w lp lw 2 dt 1 pt 5 ps 0.8 lc rgb '#3e8eea' notitle, \
  'data/p0_s2.dat' u 1:2 w lp lw 2 dt 2 pt 5 ps 0.8 lc rgb '#3e8eea' notitle, \
  'data/p0_flagged.dat' u 1:2 w p pt 6 ps 1.8 lw 2 lc rgb '#e377c2' notitle, \
  '' u 1:2:3 w labels offset char 0,0.9 font ',7' tc rgb '#e377c2' noenhanced notitle, \
  keyentry w lp lw 2 dt 1 pt 7 ps 0.8 lc rgb '#135cae' title "cenic-sd", \
  keyentry w lp lw 2 dt 1 pt 5 ps 0.8 lc rgb '#3e8eea' title "cenic-trap", \
  keyentry w lp lw 2 dt 2 pt 5 ps 0.8 lc rgb '#3e8eea' title "cenic-trap trap\\_reading=literal", \
  keyentry w p pt 6 ps 1.8 lw 2 lc rgb '#e377c2' title 'flagged (physics guard) (7)'
unset multiplot
unset output
set terminal pngcairo size 1050,500 font 'sans,10'
set output 'cenic_fig09_hard_clutter_sd_trap.png'.cbench_out_suffix
set grid
set datafile missing '?'
KEY_X = 0.6952
KEY_Y = 0.8500
set multiplot layout 1,1 margins 0.0714,0.6714,0.1100,0.8500 spacing 0.0810,0.1900 title "CENIC Fig. 9: hard clutter, step doubling vs trapezoid"
unset arrow
unset label
set title "hard clutter"
set xlabel "accuracy"
set ylabel "wall s per simulated s"
set logscale x
set logscale y
set format x '10^{%L}'
set format y '10^{%L}'
set autoscale xy
set xrange [*:*] reverse
set xrange [5e-06:0.2] reverse
set yrange [0.00188420395:0.304290891]
set label 98 'runs that are not data beyond the axes: at the edge' at graph 0.98, graph 0.15 right font ',8' front
set key at screen KEY_X, KEY_Y left top Left reverse font ',9' samplen 2
plot 'data/p0_s0.dat' u 1:2 w lp lw 2 dt 1 pt 7 ps 0.8 lc rgb '#135cae' notitle, \
  'data/p0_s1.dat' u 1:2 w lp lw 2 dt 1 pt 5 ps 0.8 lc rgb '#3e8eea' notitle, \
  'data/p0_s2.dat' u 1:2 w lp lw 2 dt 2 pt 5 ps 0.8 lc rgb '#3e8eea' notitle, \
  'data/p0_flagged.dat' u 1:2 w p pt 6 ps 1.8 lw 2 lc rgb '#e377c2' notitle, \
  '' u 1:2:3 w labels offset char 0,0.9 font ',7' tc rgb '#e377c2' noenhanced notitle, \
  keyentry w lp lw 2 dt 1 pt 7 ps 0.8 lc rgb '#135cae' title "cenic-sd", \
  keyentry w lp lw 2 dt 1 pt 5 ps 0.8 lc rgb '#3e8eea' title "cenic-trap", \
  keyentry w lp lw 2 dt 2 pt 5 ps 0.8 lc rgb '#3e8eea' title "cenic-trap trap\\_reading=literal", \
  keyentry w p pt 6 ps 1.8 lw 2 lc rgb '#e377c2' title 'flagged (physics guard) (7)'
unset multiplot
unset output
