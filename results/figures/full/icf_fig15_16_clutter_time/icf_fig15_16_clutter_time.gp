# icf_fig15_16_clutter_time: regenerate with `cd results/figures/full/icf_fig15_16_clutter_time && gnuplot icf_fig15_16_clutter_time.gp`
if (!exists("cbench_out_suffix")) cbench_out_suffix = ""
set terminal svg size 1050,1340 dynamic font 'sans,11' background '#ffffff'
set output 'icf_fig15_16_clutter_time.svg'.cbench_out_suffix
set grid
set datafile missing '?'
KEY_X = 0.6952
KEY_Y = 0.9440
set multiplot layout 3,1 margins 0.0714,0.6714,0.0410,0.9440 spacing 0.0810,0.0709 title "ICF Figs. 15-16: 40-object clutter at dt = 2 ms, Newton iterations, Hessian condition number and effective stiction tolerance over time"
unset arrow
unset label
set title "Newton iterations per step"
set xlabel "t (s)"
set ylabel "Newton iterations"
unset logscale x
unset logscale y
set format x '%g'
set format y '%g'
set autoscale xy
set xrange [*:*] noreverse
unset key
plot 'data/p0_s0.dat' u 1:2 w l lw 2 dt 1 lc rgb '#1f77b4' notitle, \
  'data/p0_s1.dat' u 1:2 w l lw 2 dt 1 lc rgb '#2ca02c' notitle, \
  'data/p0_s2.dat' u 1:2 w l lw 2 dt 1 lc rgb '#9467bd' notitle, \
  'data/p0_s3.dat' u 1:2 w l lw 2 dt 1 lc rgb '#8c564b' notitle
unset arrow
unset label
set title "condition number of the Newton Hessian at the step's solution"
set xlabel "t (s)"
set ylabel "condition number"
unset logscale x
set logscale y
set format x '%g'
set format y '10^{%L}'
set autoscale xy
set xrange [*:*] noreverse
unset key
plot 'data/p1_s0.dat' u 1:2 w l lw 2 dt 1 lc rgb '#1f77b4' notitle, \
  'data/p1_s1.dat' u 1:2 w l lw 2 dt 1 lc rgb '#2ca02c' notitle, \
  'data/p1_s2.dat' u 1:2 w l lw 2 dt 1 lc rgb '#9467bd' notitle, \
  'data/p1_s3.dat' u 1:2 w l lw 2 dt 1 lc rgb '#8c564b' notitle
unset arrow
unset label
set arrow 100 from graph 0, first 0.0001 to graph 1, first 0.0001 nohead dt 2 lw 1.5 lc rgb 'black' front
set label 100 "paper: 0.0001 m/s (ICF sec. XII-A, Fig. 16)" at graph 0.02, first 0.0001 offset 0,0.6 font ',8' front
set title "effective stiction tolerance (median over contacts with friction)"
set xlabel "t (s)"
set ylabel "stiction tolerance (m/s)"
unset logscale x
set logscale y
set format x '%g'
set format y '10^{%L}'
set autoscale xy
set xrange [*:*] noreverse
set key at screen KEY_X, KEY_Y left top Left reverse font ',9' samplen 2
plot 'data/p2_s0.dat' u 1:2 w l lw 2 dt 1 lc rgb '#1f77b4' notitle, \
  'data/p2_s1.dat' u 1:2 w l lw 2 dt 1 lc rgb '#2ca02c' notitle, \
  'data/p2_s2.dat' u 1:2 w l lw 2 dt 1 lc rgb '#9467bd' notitle, \
  'data/p2_s3.dat' u 1:2 w l lw 2 dt 1 lc rgb '#8c564b' notitle, \
  keyentry w l lw 2 dt 1 lc rgb '#1f77b4' title "model=lagged", \
  keyentry w l lw 2 dt 1 lc rgb '#2ca02c' title "model=similar", \
  keyentry w l lw 2 dt 1 lc rgb '#9467bd' title "model=sap", \
  keyentry w l lw 2 dt 1 lc rgb '#8c564b' title "regularized=1 [flagged: physics guard]", \
  keyentry w l dt 2 lw 1.5 lc rgb 'black' title "the paper's number"
unset multiplot
unset output
set terminal pngcairo size 1050,1340 font 'sans,10'
set output 'icf_fig15_16_clutter_time.png'.cbench_out_suffix
set grid
set datafile missing '?'
KEY_X = 0.6952
KEY_Y = 0.9440
set multiplot layout 3,1 margins 0.0714,0.6714,0.0410,0.9440 spacing 0.0810,0.0709 title "ICF Figs. 15-16: 40-object clutter at dt = 2 ms, Newton iterations, Hessian condition number and effective stiction tolerance over time"
unset arrow
unset label
set title "Newton iterations per step"
set xlabel "t (s)"
set ylabel "Newton iterations"
unset logscale x
unset logscale y
set format x '%g'
set format y '%g'
set autoscale xy
set xrange [*:*] noreverse
unset key
plot 'data/p0_s0.dat' u 1:2 w l lw 2 dt 1 lc rgb '#1f77b4' notitle, \
  'data/p0_s1.dat' u 1:2 w l lw 2 dt 1 lc rgb '#2ca02c' notitle, \
  'data/p0_s2.dat' u 1:2 w l lw 2 dt 1 lc rgb '#9467bd' notitle, \
  'data/p0_s3.dat' u 1:2 w l lw 2 dt 1 lc rgb '#8c564b' notitle
unset arrow
unset label
set title "condition number of the Newton Hessian at the step's solution"
set xlabel "t (s)"
set ylabel "condition number"
unset logscale x
set logscale y
set format x '%g'
set format y '10^{%L}'
set autoscale xy
set xrange [*:*] noreverse
unset key
plot 'data/p1_s0.dat' u 1:2 w l lw 2 dt 1 lc rgb '#1f77b4' notitle, \
  'data/p1_s1.dat' u 1:2 w l lw 2 dt 1 lc rgb '#2ca02c' notitle, \
  'data/p1_s2.dat' u 1:2 w l lw 2 dt 1 lc rgb '#9467bd' notitle, \
  'data/p1_s3.dat' u 1:2 w l lw 2 dt 1 lc rgb '#8c564b' notitle
unset arrow
unset label
set arrow 100 from graph 0, first 0.0001 to graph 1, first 0.0001 nohead dt 2 lw 1.5 lc rgb 'black' front
set label 100 "paper: 0.0001 m/s (ICF sec. XII-A, Fig. 16)" at graph 0.02, first 0.0001 offset 0,0.6 font ',8' front
set title "effective stiction tolerance (median over contacts with friction)"
set xlabel "t (s)"
set ylabel "stiction tolerance (m/s)"
unset logscale x
set logscale y
set format x '%g'
set format y '10^{%L}'
set autoscale xy
set xrange [*:*] noreverse
set key at screen KEY_X, KEY_Y left top Left reverse font ',9' samplen 2
plot 'data/p2_s0.dat' u 1:2 w l lw 2 dt 1 lc rgb '#1f77b4' notitle, \
  'data/p2_s1.dat' u 1:2 w l lw 2 dt 1 lc rgb '#2ca02c' notitle, \
  'data/p2_s2.dat' u 1:2 w l lw 2 dt 1 lc rgb '#9467bd' notitle, \
  'data/p2_s3.dat' u 1:2 w l lw 2 dt 1 lc rgb '#8c564b' notitle, \
  keyentry w l lw 2 dt 1 lc rgb '#1f77b4' title "model=lagged", \
  keyentry w l lw 2 dt 1 lc rgb '#2ca02c' title "model=similar", \
  keyentry w l lw 2 dt 1 lc rgb '#9467bd' title "model=sap", \
  keyentry w l lw 2 dt 1 lc rgb '#8c564b' title "regularized=1 [flagged: physics guard]", \
  keyentry w l dt 2 lw 1.5 lc rgb 'black' title "the paper's number"
unset multiplot
unset output
