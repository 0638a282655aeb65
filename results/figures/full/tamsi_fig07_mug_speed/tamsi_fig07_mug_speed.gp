# tamsi_fig07_mug_speed: regenerate with `cd results/figures/full/tamsi_fig07_mug_speed && gnuplot tamsi_fig07_mug_speed.gp`
if (!exists("cbench_out_suffix")) cbench_out_suffix = ""
set terminal svg size 1050,500 dynamic font 'sans,11' background '#ffffff'
set output 'tamsi_fig07_mug_speed.svg'.cbench_out_suffix
set grid
set datafile missing '?'
KEY_X = 0.6952
KEY_Y = 0.8500
set multiplot layout 1,1 margins 0.0714,0.6714,0.1100,0.8500 spacing 0.0810,0.1900 title "TAMSI Fig. 7: shaken mug in a parallel jaw gripper, speed with and without TALS"
unset arrow
unset label
set title "wall time against Newton iterations (5 s, finished runs)"
set xlabel "Newton iterations"
set ylabel "wall s per simulated s"
set logscale x
set logscale y
set format x '10^{%L}'
set format y '10^{%L}'
set autoscale xy
set xrange [*:*] noreverse
set key at screen KEY_X, KEY_Y left top Left reverse font ',9' samplen 2
plot 'data/p0_s0.dat' u 1:2 w lp lw 2 dt 1 pt 11 ps 0.8 lc rgb '#13ae13' notitle, \
  'data/p0_s1.dat' u 1:2 w lp lw 2 dt 1 pt 13 ps 0.8 lc rgb '#3eea3e' notitle, \
  'data/p0_s2.dat' u 1:2 w lp lw 2 dt 2 pt 13 ps 0.8 lc rgb '#3eea3e' notitle, \
  'data/p0_failed.dat' u 1:2 w p pt 2 ps 1.5 lw 2 lc rgb 'red' notitle, \
  keyentry w lp lw 2 dt 1 pt 11 ps 0.8 lc rgb '#13ae13' title "tamsi tals=1", \
  keyentry w lp lw 2 dt 1 pt 13 ps 0.8 lc rgb '#3eea3e' title "tamsi-sd tals=1", \
  keyentry w lp lw 2 dt 2 pt 13 ps 0.8 lc rgb '#3eea3e' title "tamsi-sd tals=0", \
  keyentry w p pt 2 ps 1.5 lw 2 lc rgb 'red' title 'failed (1)'
unset multiplot
unset output
set terminal pngcairo size 1050,500 font 'sans,10'
set output 'tamsi_fig07_mug_speed.png'.cbench_out_suffix
set grid
set datafile missing '?'
KEY_X = 0.6952
KEY_Y = 0.8500
set multiplot layout 1,1 margins 0.0714,0.6714,0.1100,0.8500 spacing 0.0810,0.1900 title "TAMSI Fig. 7: shaken mug in a parallel jaw gripper, speed with and without TALS"
unset arrow
unset label
set title "wall time against Newton iterations (5 s, finished runs)"
set xlabel "Newton iterations"
set ylabel "wall s per simulated s"
set logscale x
set logscale y
set format x '10^{%L}'
set format y '10^{%L}'
set autoscale xy
set xrange [*:*] noreverse
set key at screen KEY_X, KEY_Y left top Left reverse font ',9' samplen 2
plot 'data/p0_s0.dat' u 1:2 w lp lw 2 dt 1 pt 11 ps 0.8 lc rgb '#13ae13' notitle, \
  'data/p0_s1.dat' u 1:2 w lp lw 2 dt 1 pt 13 ps 0.8 lc rgb '#3eea3e' notitle, \
  'data/p0_s2.dat' u 1:2 w lp lw 2 dt 2 pt 13 ps 0.8 lc rgb '#3eea3e' notitle, \
  'data/p0_failed.dat' u 1:2 w p pt 2 ps 1.5 lw 2 lc rgb 'red' notitle, \
  keyentry w lp lw 2 dt 1 pt 11 ps 0.8 lc rgb '#13ae13' title "tamsi tals=1", \
  keyentry w lp lw 2 dt 1 pt 13 ps 0.8 lc rgb '#3eea3e' title "tamsi-sd tals=1", \
  keyentry w lp lw 2 dt 2 pt 13 ps 0.8 lc rgb '#3eea3e' title "tamsi-sd tals=0", \
  keyentry w p pt 2 ps 1.5 lw 2 lc rgb 'red' title 'failed (1)'
unset multiplot
unset output
