# icf_fig11_12_rod_dissipation: regenerate with `cd results/figures/full/icf_fig11_12_rod_dissipation && gnuplot icf_fig11_12_rod_dissipation.gp`
set terminal svg size 1370,920 dynamic font 'sans,11' background '#ffffff'
set output 'icf_fig11_12_rod_dissipation.svg'
set grid
set datafile missing '?'
KEY_X = 0.7664
KEY_Y = 0.9185
set multiplot layout 2,2 margins 0.0547,0.7482,0.0598,0.9185 spacing 0.0620,0.1033 title "ICF Figs. 11-12: the sliding rod with dissipation, contact force and slip (Lagged, Similar, SAP)"
unset arrow
unset label
set title "normal force"
set xlabel "t (s)"
set ylabel "normal force (N)"
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
set title "normal force, close-up of the jams"
set xlabel "t (s)"
set ylabel "normal force (N)"
unset logscale x
unset logscale y
set format x '%g'
set format y '%g'
set autoscale xy
set xrange [0.0153:0.0164] noreverse
unset key
plot 'data/p1_s0.dat' u 1:2 w l lw 2 dt 1 lc rgb '#1f77b4' notitle, \
  'data/p1_s1.dat' u 1:2 w l lw 2 dt 1 lc rgb '#2ca02c' notitle, \
  'data/p1_s2.dat' u 1:2 w l lw 2 dt 1 lc rgb '#9467bd' notitle, \
  'data/p1_s3.dat' u 1:2 w l lw 2 dt 1 lc rgb '#8c564b' notitle
unset arrow
unset label
set title "slip speed"
set xlabel "t (s)"
set ylabel "slip speed (m/s)"
unset logscale x
unset logscale y
set format x '%g'
set format y '%g'
set autoscale xy
set xrange [*:*] noreverse
unset key
plot 'data/p2_s0.dat' u 1:2 w l lw 2 dt 1 lc rgb '#1f77b4' notitle, \
  'data/p2_s1.dat' u 1:2 w l lw 2 dt 1 lc rgb '#2ca02c' notitle, \
  'data/p2_s2.dat' u 1:2 w l lw 2 dt 1 lc rgb '#9467bd' notitle, \
  'data/p2_s3.dat' u 1:2 w l lw 2 dt 1 lc rgb '#8c564b' notitle
unset arrow
unset label
set title "slip speed, close-up of the jams"
set xlabel "t (s)"
set ylabel "slip speed (m/s)"
unset logscale x
unset logscale y
set format x '%g'
set format y '%g'
set autoscale xy
set xrange [0.0153:0.0164] noreverse
set key at screen KEY_X, KEY_Y left top Left reverse font ',9' samplen 2
plot 'data/p3_s0.dat' u 1:2 w l lw 2 dt 1 lc rgb '#1f77b4' notitle, \
  'data/p3_s1.dat' u 1:2 w l lw 2 dt 1 lc rgb '#2ca02c' notitle, \
  'data/p3_s2.dat' u 1:2 w l lw 2 dt 1 lc rgb '#9467bd' notitle, \
  'data/p3_s3.dat' u 1:2 w l lw 2 dt 1 lc rgb '#8c564b' notitle, \
  keyentry w l lw 2 dt 1 lc rgb '#1f77b4' title "model=lagged icf\\_sliding\\_rod", \
  keyentry w l lw 2 dt 1 lc rgb '#2ca02c' title "model=lagged icf\\_sliding\\_rod\\_dissipation", \
  keyentry w l lw 2 dt 1 lc rgb '#9467bd' title "model=similar icf\\_sliding\\_rod\\_dissipation", \
  keyentry w l lw 2 dt 1 lc rgb '#8c564b' title "model=sap icf\\_sliding\\_rod\\_dissipation"
unset multiplot
unset output
set terminal pngcairo size 1370,920 font 'sans,10'
set output 'icf_fig11_12_rod_dissipation.png'
set grid
set datafile missing '?'
KEY_X = 0.7664
KEY_Y = 0.9185
set multiplot layout 2,2 margins 0.0547,0.7482,0.0598,0.9185 spacing 0.0620,0.1033 title "ICF Figs. 11-12: the sliding rod with dissipation, contact force and slip (Lagged, Similar, SAP)"
unset arrow
unset label
set title "normal force"
set xlabel "t (s)"
set ylabel "normal force (N)"
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
set title "normal force, close-up of the jams"
set xlabel "t (s)"
set ylabel "normal force (N)"
unset logscale x
unset logscale y
set format x '%g'
set format y '%g'
set autoscale xy
set xrange [0.0153:0.0164] noreverse
unset key
plot 'data/p1_s0.dat' u 1:2 w l lw 2 dt 1 lc rgb '#1f77b4' notitle, \
  'data/p1_s1.dat' u 1:2 w l lw 2 dt 1 lc rgb '#2ca02c' notitle, \
  'data/p1_s2.dat' u 1:2 w l lw 2 dt 1 lc rgb '#9467bd' notitle, \
  'data/p1_s3.dat' u 1:2 w l lw 2 dt 1 lc rgb '#8c564b' notitle
unset arrow
unset label
set title "slip speed"
set xlabel "t (s)"
set ylabel "slip speed (m/s)"
unset logscale x
unset logscale y
set format x '%g'
set format y '%g'
set autoscale xy
set xrange [*:*] noreverse
unset key
plot 'data/p2_s0.dat' u 1:2 w l lw 2 dt 1 lc rgb '#1f77b4' notitle, \
  'data/p2_s1.dat' u 1:2 w l lw 2 dt 1 lc rgb '#2ca02c' notitle, \
  'data/p2_s2.dat' u 1:2 w l lw 2 dt 1 lc rgb '#9467bd' notitle, \
  'data/p2_s3.dat' u 1:2 w l lw 2 dt 1 lc rgb '#8c564b' notitle
unset arrow
unset label
set title "slip speed, close-up of the jams"
set xlabel "t (s)"
set ylabel "slip speed (m/s)"
unset logscale x
unset logscale y
set format x '%g'
set format y '%g'
set autoscale xy
set xrange [0.0153:0.0164] noreverse
set key at screen KEY_X, KEY_Y left top Left reverse font ',9' samplen 2
plot 'data/p3_s0.dat' u 1:2 w l lw 2 dt 1 lc rgb '#1f77b4' notitle, \
  'data/p3_s1.dat' u 1:2 w l lw 2 dt 1 lc rgb '#2ca02c' notitle, \
  'data/p3_s2.dat' u 1:2 w l lw 2 dt 1 lc rgb '#9467bd' notitle, \
  'data/p3_s3.dat' u 1:2 w l lw 2 dt 1 lc rgb '#8c564b' notitle, \
  keyentry w l lw 2 dt 1 lc rgb '#1f77b4' title "model=lagged icf\\_sliding\\_rod", \
  keyentry w l lw 2 dt 1 lc rgb '#2ca02c' title "model=lagged icf\\_sliding\\_rod\\_dissipation", \
  keyentry w l lw 2 dt 1 lc rgb '#9467bd' title "model=similar icf\\_sliding\\_rod\\_dissipation", \
  keyentry w l lw 2 dt 1 lc rgb '#8c564b' title "model=sap icf\\_sliding\\_rod\\_dissipation"
unset multiplot
unset output
