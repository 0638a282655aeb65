# contact_models_fig16_iterations: regenerate with `cd results/figures/full/contact_models_fig16_iterations && gnuplot contact_models_fig16_iterations.gp`
if (!exists("cbench_out_suffix")) cbench_out_suffix = ""
set terminal svg size 1890,500 dynamic font 'sans,11' background '#ffffff'
set output 'contact_models_fig16_iterations.svg'.cbench_out_suffix
set grid
set datafile missing '?'
KEY_X = 0.8307
KEY_Y = 0.8500
set multiplot layout 1,3 margins 0.0397,0.8175,0.1100,0.8500 spacing 0.0450,0.1900 title "Contact models: solver iterations to an accuracy (Fig. 16)"
unset arrow
unset label
set title "franka\\_box"
set xlabel "tolerance"
set ylabel "iterations per solve"
set logscale x
set logscale y
set format x '10^{%L}'
set format y '10^{%L}'
set autoscale xy
set xrange [*:*] reverse
unset key
plot 'data/p0_s0.dat' u 1:2 w lp lw 2 dt 1 pt 5 ps 0.8 lc rgb '#bac015' notitle, \
  'data/p0_s1.dat' u 1:2 w lp lw 2 dt 2 pt 5 ps 0.8 lc rgb '#bac015' notitle, \
  'data/p0_s2.dat' u 1:2 w lp lw 2 dt 1 pt 9 ps 0.8 lc rgb '#4d4f09' notitle, \
  'data/p0_s3.dat' u 1:2 w lp lw 2 dt 2 pt 9 ps 0.8 lc rgb '#4d4f09' notitle, \
  'data/p0_s4.dat' u 1:2 w lp lw 2 dt 1 pt 11 ps 0.8 lc rgb '#9a9f12' notitle
unset arrow
unset label
set title "gripper\\_peg"
set xlabel "tolerance"
set ylabel "iterations per solve"
set logscale x
set logscale y
set format x '10^{%L}'
set format y '10^{%L}'
set autoscale xy
set xrange [*:*] reverse
unset key
plot 'data/p1_s0.dat' u 1:2 w lp lw 2 dt 1 pt 5 ps 0.8 lc rgb '#bac015' notitle, \
  'data/p1_s1.dat' u 1:2 w lp lw 2 dt 2 pt 5 ps 0.8 lc rgb '#bac015' notitle, \
  'data/p1_s2.dat' u 1:2 w lp lw 2 dt 1 pt 9 ps 0.8 lc rgb '#4d4f09' notitle, \
  'data/p1_s3.dat' u 1:2 w lp lw 2 dt 2 pt 9 ps 0.8 lc rgb '#4d4f09' notitle, \
  'data/p1_s4.dat' u 1:2 w lp lw 2 dt 1 pt 11 ps 0.8 lc rgb '#9a9f12' notitle
unset arrow
unset label
set title "hard\\_clutter"
set xlabel "tolerance"
set ylabel "iterations per solve"
set logscale x
set logscale y
set format x '10^{%L}'
set format y '10^{%L}'
set autoscale xy
set xrange [*:*] reverse
set key at screen KEY_X, KEY_Y left top Left reverse font ',9' samplen 2
plot 'data/p2_s0.dat' u 1:2 w lp lw 2 dt 1 pt 5 ps 0.8 lc rgb '#bac015' notitle, \
  'data/p2_s1.dat' u 1:2 w lp lw 2 dt 2 pt 5 ps 0.8 lc rgb '#bac015' notitle, \
  'data/p2_s2.dat' u 1:2 w lp lw 2 dt 1 pt 9 ps 0.8 lc rgb '#4d4f09' notitle, \
  'data/p2_s3.dat' u 1:2 w lp lw 2 dt 2 pt 9 ps 0.8 lc rgb '#4d4f09' notitle, \
  'data/p2_s4.dat' u 1:2 w lp lw 2 dt 1 pt 11 ps 0.8 lc rgb '#9a9f12' notitle, \
  keyentry w lp lw 2 dt 1 pt 5 ps 0.8 lc rgb '#bac015' title "ccp solver=pgs", \
  keyentry w lp lw 2 dt 2 pt 5 ps 0.8 lc rgb '#bac015' title "ccp solver=admm", \
  keyentry w lp lw 2 dt 1 pt 9 ps 0.8 lc rgb '#4d4f09' title "ncp solver=nsgs", \
  keyentry w lp lw 2 dt 2 pt 9 ps 0.8 lc rgb '#4d4f09' title "ncp solver=ac", \
  keyentry w lp lw 2 dt 1 pt 11 ps 0.8 lc rgb '#9a9f12' title "raisim"
unset multiplot
unset output
set terminal pngcairo size 1890,500 font 'sans,10'
set output 'contact_models_fig16_iterations.png'.cbench_out_suffix
set grid
set datafile missing '?'
KEY_X = 0.8307
KEY_Y = 0.8500
set multiplot layout 1,3 margins 0.0397,0.8175,0.1100,0.8500 spacing 0.0450,0.1900 title "Contact models: solver iterations to an accuracy (Fig. 16)"
unset arrow
unset label
set title "franka\\_box"
set xlabel "tolerance"
set ylabel "iterations per solve"
set logscale x
set logscale y
set format x '10^{%L}'
set format y '10^{%L}'
set autoscale xy
set xrange [*:*] reverse
unset key
plot 'data/p0_s0.dat' u 1:2 w lp lw 2 dt 1 pt 5 ps 0.8 lc rgb '#bac015' notitle, \
  'data/p0_s1.dat' u 1:2 w lp lw 2 dt 2 pt 5 ps 0.8 lc rgb '#bac015' notitle, \
  'data/p0_s2.dat' u 1:2 w lp lw 2 dt 1 pt 9 ps 0.8 lc rgb '#4d4f09' notitle, \
  'data/p0_s3.dat' u 1:2 w lp lw 2 dt 2 pt 9 ps 0.8 lc rgb '#4d4f09' notitle, \
  'data/p0_s4.dat' u 1:2 w lp lw 2 dt 1 pt 11 ps 0.8 lc rgb '#9a9f12' notitle
unset arrow
unset label
set title "gripper\\_peg"
set xlabel "tolerance"
set ylabel "iterations per solve"
set logscale x
set logscale y
set format x '10^{%L}'
set format y '10^{%L}'
set autoscale xy
set xrange [*:*] reverse
unset key
plot 'data/p1_s0.dat' u 1:2 w lp lw 2 dt 1 pt 5 ps 0.8 lc rgb '#bac015' notitle, \
  'data/p1_s1.dat' u 1:2 w lp lw 2 dt 2 pt 5 ps 0.8 lc rgb '#bac015' notitle, \
  'data/p1_s2.dat' u 1:2 w lp lw 2 dt 1 pt 9 ps 0.8 lc rgb '#4d4f09' notitle, \
  'data/p1_s3.dat' u 1:2 w lp lw 2 dt 2 pt 9 ps 0.8 lc rgb '#4d4f09' notitle, \
  'data/p1_s4.dat' u 1:2 w lp lw 2 dt 1 pt 11 ps 0.8 lc rgb '#9a9f12' notitle
unset arrow
unset label
set title "hard\\_clutter"
set xlabel "tolerance"
set ylabel "iterations per solve"
set logscale x
set logscale y
set format x '10^{%L}'
set format y '10^{%L}'
set autoscale xy
set xrange [*:*] reverse
set key at screen KEY_X, KEY_Y left top Left reverse font ',9' samplen 2
plot 'data/p2_s0.dat' u 1:2 w lp lw 2 dt 1 pt 5 ps 0.8 lc rgb '#bac015' notitle, \
  'data/p2_s1.dat' u 1:2 w lp lw 2 dt 2 pt 5 ps 0.8 lc rgb '#bac015' notitle, \
  'data/p2_s2.dat' u 1:2 w lp lw 2 dt 1 pt 9 ps 0.8 lc rgb '#4d4f09' notitle, \
  'data/p2_s3.dat' u 1:2 w lp lw 2 dt 2 pt 9 ps 0.8 lc rgb '#4d4f09' notitle, \
  'data/p2_s4.dat' u 1:2 w lp lw 2 dt 1 pt 11 ps 0.8 lc rgb '#9a9f12' notitle, \
  keyentry w lp lw 2 dt 1 pt 5 ps 0.8 lc rgb '#bac015' title "ccp solver=pgs", \
  keyentry w lp lw 2 dt 2 pt 5 ps 0.8 lc rgb '#bac015' title "ccp solver=admm", \
  keyentry w lp lw 2 dt 1 pt 9 ps 0.8 lc rgb '#4d4f09' title "ncp solver=nsgs", \
  keyentry w lp lw 2 dt 2 pt 9 ps 0.8 lc rgb '#4d4f09' title "ncp solver=ac", \
  keyentry w lp lw 2 dt 1 pt 11 ps 0.8 lc rgb '#9a9f12' title "raisim"
unset multiplot
unset output
