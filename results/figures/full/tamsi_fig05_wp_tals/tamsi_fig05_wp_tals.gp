# tamsi_fig05_wp_tals: regenerate with `cd results/figures/full/tamsi_fig05_wp_tals && gnuplot tamsi_fig05_wp_tals.gp`
if (!exists("cbench_out_suffix")) cbench_out_suffix = ""
set terminal svg size 1370,500 dynamic font 'sans,11' background '#ffffff'
set output 'tamsi_fig05_wp_tals.svg'.cbench_out_suffix
set grid
set datafile missing '?'
KEY_X = 0.7664
KEY_Y = 0.8500
set multiplot layout 1,2 margins 0.0547,0.7482,0.1100,0.8500 spacing 0.0620,0.1900 title "TAMSI Fig. 5: windowed error vs work, with and without TALS"
unset arrow
unset label
set title "TAMSI (and cenic-fixed): Newton iterations"
set xlabel "windowed error (RMS)"
set ylabel "Newton iterations"
set logscale x
set logscale y
set format x '10^{%L}'
set format y '10^{%L}'
set autoscale xy
set xrange [*:*] noreverse
unset key
plot 'data/p0_s0.dat' u 1:2 w lp lw 2 dt 1 pt 11 ps 0.8 lc rgb '#13ae13' notitle, \
  'data/p0_s1.dat' u 1:2 w lp lw 2 dt 2 pt 11 ps 0.8 lc rgb '#13ae13' notitle, \
  'data/p0_s2.dat' u 1:2 w lp lw 2 dt 1 pt 13 ps 0.8 lc rgb '#3eea3e' notitle, \
  'data/p0_s3.dat' u 1:2 w lp lw 2 dt 2 pt 13 ps 0.8 lc rgb '#3eea3e' notitle, \
  'data/p0_s4.dat' u 1:2 w lp lw 2 dt 1 pt 9 ps 0.8 lc rgb '#0c3a6e' notitle, \
  'data/p0_s5.dat' u 1:2 w lp lw 2 dt 3 pt 11 ps 0.8 lc rgb '#13ae13' notitle, \
  'data/p0_failed.dat' u 1:2 w p pt 2 ps 1.5 lw 2 lc rgb 'red' notitle, \
  '' u 1:2:3 w labels offset char 0,0.9 font ',7' tc rgb 'red' noenhanced notitle
unset arrow
unset label
set title "implicit Euler: RHS evaluations"
set xlabel "windowed error (RMS)"
set ylabel "RHS evaluations"
set logscale x
set logscale y
set format x '10^{%L}'
set format y '10^{%L}'
set autoscale xy
set xrange [*:*] noreverse
set xrange [0.1208912683:0.5867593249] noreverse
set yrange [43:1610]
set label 98 'runs that are not data beyond the axes: at the edge' at graph 0.98, graph 0.15 right font ',8' front
set key at screen KEY_X, KEY_Y left top Left reverse font ',9' samplen 2
plot 'data/p1_s0.dat' u 1:2 w lp lw 2 dt 1 pt 15 ps 0.8 lc rgb '#6e13ae' notitle, \
  'data/p1_flagged.dat' u 1:2 w p pt 6 ps 1.8 lw 2 lc rgb '#e377c2' notitle, \
  '' u 1:2:3 w labels offset char 0,0.9 font ',7' tc rgb '#e377c2' noenhanced notitle, \
  keyentry w lp lw 2 dt 1 pt 11 ps 0.8 lc rgb '#13ae13' title "tamsi\\_stick\\_slip\\_tamsi\\_law tamsi tals=1", \
  keyentry w lp lw 2 dt 2 pt 11 ps 0.8 lc rgb '#13ae13' title "tamsi\\_stick\\_slip\\_tamsi\\_law tamsi tals=0", \
  keyentry w lp lw 2 dt 1 pt 13 ps 0.8 lc rgb '#3eea3e' title "tamsi\\_stick\\_slip\\_tamsi\\_law tamsi-sd tals=1", \
  keyentry w lp lw 2 dt 2 pt 13 ps 0.8 lc rgb '#3eea3e' title "tamsi\\_stick\\_slip\\_tamsi\\_law tamsi-sd tals=0", \
  keyentry w lp lw 2 dt 1 pt 9 ps 0.8 lc rgb '#0c3a6e' title "tamsi\\_stick\\_slip cenic-fixed", \
  keyentry w lp lw 2 dt 3 pt 11 ps 0.8 lc rgb '#13ae13' title "tamsi\\_stick\\_slip tamsi tals=1", \
  keyentry w lp lw 2 dt 1 pt 15 ps 0.8 lc rgb '#6e13ae' title "tamsi\\_stick\\_slip\\_tamsi\\_law ie", \
  keyentry w p pt 2 ps 1.5 lw 2 lc rgb 'red' title 'failed (2)', \
  keyentry w p pt 6 ps 1.8 lw 2 lc rgb '#e377c2' title 'flagged (physics guard) (3)'
unset multiplot
unset output
set terminal pngcairo size 1370,500 font 'sans,10'
set output 'tamsi_fig05_wp_tals.png'.cbench_out_suffix
set grid
set datafile missing '?'
KEY_X = 0.7664
KEY_Y = 0.8500
set multiplot layout 1,2 margins 0.0547,0.7482,0.1100,0.8500 spacing 0.0620,0.1900 title "TAMSI Fig. 5: windowed error vs work, with and without TALS"
unset arrow
unset label
set title "TAMSI (and cenic-fixed): Newton iterations"
set xlabel "windowed error (RMS)"
set ylabel "Newton iterations"
set logscale x
set logscale y
set format x '10^{%L}'
set format y '10^{%L}'
set autoscale xy
set xrange [*:*] noreverse
unset key
plot 'data/p0_s0.dat' u 1:2 w lp lw 2 dt 1 pt 11 ps 0.8 lc rgb '#13ae13' notitle, \
  'data/p0_s1.dat' u 1:2 w lp lw 2 dt 2 pt 11 ps 0.8 lc rgb '#13ae13' notitle, \
  'data/p0_s2.dat' u 1:2 w lp lw 2 dt 1 pt 13 ps 0.8 lc rgb '#3eea3e' notitle, \
  'data/p0_s3.dat' u 1:2 w lp lw 2 dt 2 pt 13 ps 0.8 lc rgb '#3eea3e' notitle, \
  'data/p0_s4.dat' u 1:2 w lp lw 2 dt 1 pt 9 ps 0.8 lc rgb '#0c3a6e' notitle, \
  'data/p0_s5.dat' u 1:2 w lp lw 2 dt 3 pt 11 ps 0.8 lc rgb '#13ae13' notitle, \
  'data/p0_failed.dat' u 1:2 w p pt 2 ps 1.5 lw 2 lc rgb 'red' notitle, \
  '' u 1:2:3 w labels offset char 0,0.9 font ',7' tc rgb 'red' noenhanced notitle
unset arrow
unset label
set title "implicit Euler: RHS evaluations"
set xlabel "windowed error (RMS)"
set ylabel "RHS evaluations"
set logscale x
set logscale y
set format x '10^{%L}'
set format y '10^{%L}'
set autoscale xy
set xrange [*:*] noreverse
set xrange [0.1208912683:0.5867593249] noreverse
set yrange [43:1610]
set label 98 'runs that are not data beyond the axes: at the edge' at graph 0.98, graph 0.15 right font ',8' front
set key at screen KEY_X, KEY_Y left top Left reverse font ',9' samplen 2
plot 'data/p1_s0.dat' u 1:2 w lp lw 2 dt 1 pt 15 ps 0.8 lc rgb '#6e13ae' notitle, \
  'data/p1_flagged.dat' u 1:2 w p pt 6 ps 1.8 lw 2 lc rgb '#e377c2' notitle, \
  '' u 1:2:3 w labels offset char 0,0.9 font ',7' tc rgb '#e377c2' noenhanced notitle, \
  keyentry w lp lw 2 dt 1 pt 11 ps 0.8 lc rgb '#13ae13' title "tamsi\\_stick\\_slip\\_tamsi\\_law tamsi tals=1", \
  keyentry w lp lw 2 dt 2 pt 11 ps 0.8 lc rgb '#13ae13' title "tamsi\\_stick\\_slip\\_tamsi\\_law tamsi tals=0", \
  keyentry w lp lw 2 dt 1 pt 13 ps 0.8 lc rgb '#3eea3e' title "tamsi\\_stick\\_slip\\_tamsi\\_law tamsi-sd tals=1", \
  keyentry w lp lw 2 dt 2 pt 13 ps 0.8 lc rgb '#3eea3e' title "tamsi\\_stick\\_slip\\_tamsi\\_law tamsi-sd tals=0", \
  keyentry w lp lw 2 dt 1 pt 9 ps 0.8 lc rgb '#0c3a6e' title "tamsi\\_stick\\_slip cenic-fixed", \
  keyentry w lp lw 2 dt 3 pt 11 ps 0.8 lc rgb '#13ae13' title "tamsi\\_stick\\_slip tamsi tals=1", \
  keyentry w lp lw 2 dt 1 pt 15 ps 0.8 lc rgb '#6e13ae' title "tamsi\\_stick\\_slip\\_tamsi\\_law ie", \
  keyentry w p pt 2 ps 1.5 lw 2 lc rgb 'red' title 'failed (2)', \
  keyentry w p pt 6 ps 1.8 lw 2 lc rgb '#e377c2' title 'flagged (physics guard) (3)'
unset multiplot
unset output
