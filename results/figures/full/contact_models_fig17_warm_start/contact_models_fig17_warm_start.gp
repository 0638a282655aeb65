# contact_models_fig17_warm_start: regenerate with `cd results/figures/full/contact_models_fig17_warm_start && gnuplot contact_models_fig17_warm_start.gp`
if (!exists("cbench_out_suffix")) cbench_out_suffix = ""
set terminal svg size 1890,920 dynamic font 'sans,11' background '#ffffff'
set output 'contact_models_fig17_warm_start.svg'.cbench_out_suffix
set grid
set datafile missing '?'
KEY_X = 0.8307
KEY_Y = 0.9185
set multiplot layout 2,3 margins 0.0397,0.8175,0.0598,0.9185 spacing 0.0450,0.1033 title "Contact models: cold and warm starts (Fig. 17)"
unset arrow
unset label
set title "franka\\_box: wall time"
set xlabel "warm start (0: cold, 1: warm)"
set ylabel "wall s per simulated s"
unset logscale x
set logscale y
set format x '%g'
set format y '10^{%L}'
set autoscale xy
set xrange [*:*] noreverse
unset key
plot 'data/p0_s0.dat' u 1:2 w lp lw 2 dt 1 pt 5 ps 0.8 lc rgb '#bac015' notitle, \
  'data/p0_s1.dat' u 1:2 w lp lw 2 dt 2 pt 5 ps 0.8 lc rgb '#bac015' notitle, \
  'data/p0_s2.dat' u 1:2 w lp lw 2 dt 1 pt 9 ps 0.8 lc rgb '#4d4f09' notitle, \
  'data/p0_s3.dat' u 1:2 w lp lw 2 dt 2 pt 9 ps 0.8 lc rgb '#4d4f09' notitle, \
  'data/p0_s4.dat' u 1:2 w lp lw 2 dt 3 pt 9 ps 0.8 lc rgb '#4d4f09' notitle, \
  'data/p0_s5.dat' u 1:2 w lp lw 2 dt 1 pt 11 ps 0.8 lc rgb '#9a9f12' notitle
unset arrow
unset label
set title "gripper\\_peg: wall time"
set xlabel "warm start (0: cold, 1: warm)"
set ylabel "wall s per simulated s"
unset logscale x
set logscale y
set format x '%g'
set format y '10^{%L}'
set autoscale xy
set xrange [*:*] noreverse
unset key
plot 'data/p1_s0.dat' u 1:2 w lp lw 2 dt 1 pt 5 ps 0.8 lc rgb '#bac015' notitle, \
  'data/p1_s1.dat' u 1:2 w lp lw 2 dt 2 pt 5 ps 0.8 lc rgb '#bac015' notitle, \
  'data/p1_s2.dat' u 1:2 w lp lw 2 dt 1 pt 9 ps 0.8 lc rgb '#4d4f09' notitle, \
  'data/p1_s3.dat' u 1:2 w lp lw 2 dt 2 pt 9 ps 0.8 lc rgb '#4d4f09' notitle, \
  'data/p1_s4.dat' u 1:2 w lp lw 2 dt 3 pt 9 ps 0.8 lc rgb '#4d4f09' notitle, \
  'data/p1_s5.dat' u 1:2 w lp lw 2 dt 1 pt 11 ps 0.8 lc rgb '#9a9f12' notitle
unset arrow
unset label
set title "hard\\_clutter: wall time"
set xlabel "warm start (0: cold, 1: warm)"
set ylabel "wall s per simulated s"
unset logscale x
set logscale y
set format x '%g'
set format y '10^{%L}'
set autoscale xy
set xrange [*:*] noreverse
unset key
plot 'data/p2_s0.dat' u 1:2 w lp lw 2 dt 1 pt 5 ps 0.8 lc rgb '#bac015' notitle, \
  'data/p2_s1.dat' u 1:2 w lp lw 2 dt 2 pt 5 ps 0.8 lc rgb '#bac015' notitle, \
  'data/p2_s2.dat' u 1:2 w lp lw 2 dt 1 pt 9 ps 0.8 lc rgb '#4d4f09' notitle, \
  'data/p2_s3.dat' u 1:2 w lp lw 2 dt 2 pt 9 ps 0.8 lc rgb '#4d4f09' notitle, \
  'data/p2_s4.dat' u 1:2 w lp lw 2 dt 3 pt 9 ps 0.8 lc rgb '#4d4f09' notitle, \
  'data/p2_s5.dat' u 1:2 w lp lw 2 dt 1 pt 11 ps 0.8 lc rgb '#9a9f12' notitle
unset arrow
unset label
set title "franka\\_box: iterations"
set xlabel "warm start (0: cold, 1: warm)"
set ylabel "iterations per solve"
unset logscale x
set logscale y
set format x '%g'
set format y '10^{%L}'
set autoscale xy
set xrange [*:*] noreverse
unset key
plot 'data/p3_s0.dat' u 1:2 w lp lw 2 dt 1 pt 5 ps 0.8 lc rgb '#bac015' notitle, \
  'data/p3_s1.dat' u 1:2 w lp lw 2 dt 2 pt 5 ps 0.8 lc rgb '#bac015' notitle, \
  'data/p3_s2.dat' u 1:2 w lp lw 2 dt 1 pt 9 ps 0.8 lc rgb '#4d4f09' notitle, \
  'data/p3_s3.dat' u 1:2 w lp lw 2 dt 2 pt 9 ps 0.8 lc rgb '#4d4f09' notitle, \
  'data/p3_s4.dat' u 1:2 w lp lw 2 dt 3 pt 9 ps 0.8 lc rgb '#4d4f09' notitle, \
  'data/p3_s5.dat' u 1:2 w lp lw 2 dt 1 pt 11 ps 0.8 lc rgb '#9a9f12' notitle
unset arrow
unset label
set title "gripper\\_peg: iterations"
set xlabel "warm start (0: cold, 1: warm)"
set ylabel "iterations per solve"
unset logscale x
set logscale y
set format x '%g'
set format y '10^{%L}'
set autoscale xy
set xrange [*:*] noreverse
unset key
plot 'data/p4_s0.dat' u 1:2 w lp lw 2 dt 1 pt 5 ps 0.8 lc rgb '#bac015' notitle, \
  'data/p4_s1.dat' u 1:2 w lp lw 2 dt 2 pt 5 ps 0.8 lc rgb '#bac015' notitle, \
  'data/p4_s2.dat' u 1:2 w lp lw 2 dt 1 pt 9 ps 0.8 lc rgb '#4d4f09' notitle, \
  'data/p4_s3.dat' u 1:2 w lp lw 2 dt 2 pt 9 ps 0.8 lc rgb '#4d4f09' notitle, \
  'data/p4_s4.dat' u 1:2 w lp lw 2 dt 3 pt 9 ps 0.8 lc rgb '#4d4f09' notitle, \
  'data/p4_s5.dat' u 1:2 w lp lw 2 dt 1 pt 11 ps 0.8 lc rgb '#9a9f12' notitle
unset arrow
unset label
set title "hard\\_clutter: iterations"
set xlabel "warm start (0: cold, 1: warm)"
set ylabel "iterations per solve"
unset logscale x
set logscale y
set format x '%g'
set format y '10^{%L}'
set autoscale xy
set xrange [*:*] noreverse
set key at screen KEY_X, KEY_Y left top Left reverse font ',9' samplen 2
plot 'data/p5_s0.dat' u 1:2 w lp lw 2 dt 1 pt 5 ps 0.8 lc rgb '#bac015' notitle, \
  'data/p5_s1.dat' u 1:2 w lp lw 2 dt 2 pt 5 ps 0.8 lc rgb '#bac015' notitle, \
  'data/p5_s2.dat' u 1:2 w lp lw 2 dt 1 pt 9 ps 0.8 lc rgb '#4d4f09' notitle, \
  'data/p5_s3.dat' u 1:2 w lp lw 2 dt 2 pt 9 ps 0.8 lc rgb '#4d4f09' notitle, \
  'data/p5_s4.dat' u 1:2 w lp lw 2 dt 3 pt 9 ps 0.8 lc rgb '#4d4f09' notitle, \
  'data/p5_s5.dat' u 1:2 w lp lw 2 dt 1 pt 11 ps 0.8 lc rgb '#9a9f12' notitle, \
  keyentry w lp lw 2 dt 1 pt 5 ps 0.8 lc rgb '#bac015' title "ccp solver=pgs", \
  keyentry w lp lw 2 dt 2 pt 5 ps 0.8 lc rgb '#bac015' title "ccp solver=admm", \
  keyentry w lp lw 2 dt 1 pt 9 ps 0.8 lc rgb '#4d4f09' title "ncp solver=nsgs", \
  keyentry w lp lw 2 dt 2 pt 9 ps 0.8 lc rgb '#4d4f09' title "ncp solver=ac", \
  keyentry w lp lw 2 dt 3 pt 9 ps 0.8 lc rgb '#4d4f09' title "ncp solver=prox", \
  keyentry w lp lw 2 dt 1 pt 11 ps 0.8 lc rgb '#9a9f12' title "raisim"
unset multiplot
unset output
set terminal pngcairo size 1890,920 font 'sans,10'
set output 'contact_models_fig17_warm_start.png'.cbench_out_suffix
set grid
set datafile missing '?'
KEY_X = 0.8307
KEY_Y = 0.9185
set multiplot layout 2,3 margins 0.0397,0.8175,0.0598,0.9185 spacing 0.0450,0.1033 title "Contact models: cold and warm starts (Fig. 17)"
unset arrow
unset label
set title "franka\\_box: wall time"
set xlabel "warm start (0: cold, 1: warm)"
set ylabel "wall s per simulated s"
unset logscale x
set logscale y
set format x '%g'
set format y '10^{%L}'
set autoscale xy
set xrange [*:*] noreverse
unset key
plot 'data/p0_s0.dat' u 1:2 w lp lw 2 dt 1 pt 5 ps 0.8 lc rgb '#bac015' notitle, \
  'data/p0_s1.dat' u 1:2 w lp lw 2 dt 2 pt 5 ps 0.8 lc rgb '#bac015' notitle, \
  'data/p0_s2.dat' u 1:2 w lp lw 2 dt 1 pt 9 ps 0.8 lc rgb '#4d4f09' notitle, \
  'data/p0_s3.dat' u 1:2 w lp lw 2 dt 2 pt 9 ps 0.8 lc rgb '#4d4f09' notitle, \
  'data/p0_s4.dat' u 1:2 w lp lw 2 dt 3 pt 9 ps 0.8 lc rgb '#4d4f09' notitle, \
  'data/p0_s5.dat' u 1:2 w lp lw 2 dt 1 pt 11 ps 0.8 lc rgb '#9a9f12' notitle
unset arrow
unset label
set title "gripper\\_peg: wall time"
set xlabel "warm start (0: cold, 1: warm)"
set ylabel "wall s per simulated s"
unset logscale x
set logscale y
set format x '%g'
set format y '10^{%L}'
set autoscale xy
set xrange [*:*] noreverse
unset key
plot 'data/p1_s0.dat' u 1:2 w lp lw 2 dt 1 pt 5 ps 0.8 lc rgb '#bac015' notitle, \
  'data/p1_s1.dat' u 1:2 w lp lw 2 dt 2 pt 5 ps 0.8 lc rgb '#bac015' notitle, \
  'data/p1_s2.dat' u 1:2 w lp lw 2 dt 1 pt 9 ps 0.8 lc rgb '#4d4f09' notitle, \
  'data/p1_s3.dat' u 1:2 w lp lw 2 dt 2 pt 9 ps 0.8 lc rgb '#4d4f09' notitle, \
  'data/p1_s4.dat' u 1:2 w lp lw 2 dt 3 pt 9 ps 0.8 lc rgb '#4d4f09' notitle, \
  'data/p1_s5.dat' u 1:2 w lp lw 2 dt 1 pt 11 ps 0.8 lc rgb '#9a9f12' notitle
unset arrow
unset label
set title "hard\\_clutter: wall time"
set xlabel "warm start (0: cold, 1: warm)"
set ylabel "wall s per simulated s"
unset logscale x
set logscale y
set format x '%g'
set format y '10^{%L}'
set autoscale xy
set xrange [*:*] noreverse
unset key
plot 'data/p2_s0.dat' u 1:2 w lp lw 2 dt 1 pt 5 ps 0.8 lc rgb '#bac015' notitle, \
  'data/p2_s1.dat' u 1:2 w lp lw 2 dt 2 pt 5 ps 0.8 lc rgb '#bac015' notitle, \
  'data/p2_s2.dat' u 1:2 w lp lw 2 dt 1 pt 9 ps 0.8 lc rgb '#4d4f09' notitle, \
  'data/p2_s3.dat' u 1:2 w lp lw 2 dt 2 pt 9 ps 0.8 lc rgb '#4d4f09' notitle, \
  'data/p2_s4.dat' u 1:2 w lp lw 2 dt 3 pt 9 ps 0.8 lc rgb '#4d4f09' notitle, \
  'data/p2_s5.dat' u 1:2 w lp lw 2 dt 1 pt 11 ps 0.8 lc rgb '#9a9f12' notitle
unset arrow
unset label
set title "franka\\_box: iterations"
set xlabel "warm start (0: cold, 1: warm)"
set ylabel "iterations per solve"
unset logscale x
set logscale y
set format x '%g'
set format y '10^{%L}'
set autoscale xy
set xrange [*:*] noreverse
unset key
plot 'data/p3_s0.dat' u 1:2 w lp lw 2 dt 1 pt 5 ps 0.8 lc rgb '#bac015' notitle, \
  'data/p3_s1.dat' u 1:2 w lp lw 2 dt 2 pt 5 ps 0.8 lc rgb '#bac015' notitle, \
  'data/p3_s2.dat' u 1:2 w lp lw 2 dt 1 pt 9 ps 0.8 lc rgb '#4d4f09' notitle, \
  'data/p3_s3.dat' u 1:2 w lp lw 2 dt 2 pt 9 ps 0.8 lc rgb '#4d4f09' notitle, \
  'data/p3_s4.dat' u 1:2 w lp lw 2 dt 3 pt 9 ps 0.8 lc rgb '#4d4f09' notitle, \
  'data/p3_s5.dat' u 1:2 w lp lw 2 dt 1 pt 11 ps 0.8 lc rgb '#9a9f12' notitle
unset arrow
unset label
set title "gripper\\_peg: iterations"
set xlabel "warm start (0: cold, 1: warm)"
set ylabel "iterations per solve"
unset logscale x
set logscale y
set format x '%g'
set format y '10^{%L}'
set autoscale xy
set xrange [*:*] noreverse
unset key
plot 'data/p4_s0.dat' u 1:2 w lp lw 2 dt 1 pt 5 ps 0.8 lc rgb '#bac015' notitle, \
  'data/p4_s1.dat' u 1:2 w lp lw 2 dt 2 pt 5 ps 0.8 lc rgb '#bac015' notitle, \
  'data/p4_s2.dat' u 1:2 w lp lw 2 dt 1 pt 9 ps 0.8 lc rgb '#4d4f09' notitle, \
  'data/p4_s3.dat' u 1:2 w lp lw 2 dt 2 pt 9 ps 0.8 lc rgb '#4d4f09' notitle, \
  'data/p4_s4.dat' u 1:2 w lp lw 2 dt 3 pt 9 ps 0.8 lc rgb '#4d4f09' notitle, \
  'data/p4_s5.dat' u 1:2 w lp lw 2 dt 1 pt 11 ps 0.8 lc rgb '#9a9f12' notitle
unset arrow
unset label
set title "hard\\_clutter: iterations"
set xlabel "warm start (0: cold, 1: warm)"
set ylabel "iterations per solve"
unset logscale x
set logscale y
set format x '%g'
set format y '10^{%L}'
set autoscale xy
set xrange [*:*] noreverse
set key at screen KEY_X, KEY_Y left top Left reverse font ',9' samplen 2
plot 'data/p5_s0.dat' u 1:2 w lp lw 2 dt 1 pt 5 ps 0.8 lc rgb '#bac015' notitle, \
  'data/p5_s1.dat' u 1:2 w lp lw 2 dt 2 pt 5 ps 0.8 lc rgb '#bac015' notitle, \
  'data/p5_s2.dat' u 1:2 w lp lw 2 dt 1 pt 9 ps 0.8 lc rgb '#4d4f09' notitle, \
  'data/p5_s3.dat' u 1:2 w lp lw 2 dt 2 pt 9 ps 0.8 lc rgb '#4d4f09' notitle, \
  'data/p5_s4.dat' u 1:2 w lp lw 2 dt 3 pt 9 ps 0.8 lc rgb '#4d4f09' notitle, \
  'data/p5_s5.dat' u 1:2 w lp lw 2 dt 1 pt 11 ps 0.8 lc rgb '#9a9f12' notitle, \
  keyentry w lp lw 2 dt 1 pt 5 ps 0.8 lc rgb '#bac015' title "ccp solver=pgs", \
  keyentry w lp lw 2 dt 2 pt 5 ps 0.8 lc rgb '#bac015' title "ccp solver=admm", \
  keyentry w lp lw 2 dt 1 pt 9 ps 0.8 lc rgb '#4d4f09' title "ncp solver=nsgs", \
  keyentry w lp lw 2 dt 2 pt 9 ps 0.8 lc rgb '#4d4f09' title "ncp solver=ac", \
  keyentry w lp lw 2 dt 3 pt 9 ps 0.8 lc rgb '#4d4f09' title "ncp solver=prox", \
  keyentry w lp lw 2 dt 1 pt 11 ps 0.8 lc rgb '#9a9f12' title "raisim"
unset multiplot
unset output
