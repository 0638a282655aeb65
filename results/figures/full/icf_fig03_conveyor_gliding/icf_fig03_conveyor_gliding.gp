# icf_fig03_conveyor_gliding: regenerate with `cd results/figures/full/icf_fig03_conveyor_gliding && gnuplot icf_fig03_conveyor_gliding.gp`
set terminal svg size 1050,1340 dynamic font 'sans,11' background '#ffffff'
set output 'icf_fig03_conveyor_gliding.svg'
set grid
set datafile missing '?'
KEY_X = 0.6952
KEY_Y = 0.9440
set multiplot layout 3,1 margins 0.0714,0.6714,0.0410,0.9440 spacing 0.0810,0.0709 title "ICF Fig. 3: gliding on the oscillating conveyor (dt = 10 ms)"
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
plot 'data/p0_s0.dat' u 1:2 w l lw 2 dt 1 lc rgb '#1f77b4' notitle, \
  'data/p0_s1.dat' u 1:2 w l lw 2 dt 1 lc rgb '#2ca02c' notitle, \
  'data/p0_s2.dat' u 1:2 w l lw 2 dt 1 lc rgb '#9467bd' notitle
unset arrow
unset label
set title "gliding height (gap while pushing)"
set xlabel "t (s)"
set ylabel "gap (m)"
unset logscale x
unset logscale y
set format x '%g'
set format y '%g'
set autoscale xy
set xrange [*:*] noreverse
unset key
plot 'data/p1_s0.dat' u 1:2 w l lw 2 dt 1 lc rgb '#1f77b4' notitle, \
  'data/p1_s1.dat' u 1:2 w l lw 2 dt 1 lc rgb '#2ca02c' notitle, \
  'data/p1_s2.dat' u 1:2 w l lw 2 dt 1 lc rgb '#9467bd' notitle
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
set key at screen KEY_X, KEY_Y left top Left reverse font ',9' samplen 2
plot 'data/p2_s0.dat' u 1:2 w l lw 2 dt 1 lc rgb '#1f77b4' notitle, \
  'data/p2_s1.dat' u 1:2 w l lw 2 dt 1 lc rgb '#2ca02c' notitle, \
  'data/p2_s2.dat' u 1:2 w l lw 2 dt 1 lc rgb '#9467bd' notitle, \
  keyentry w l lw 2 dt 1 lc rgb '#1f77b4' title "model=lagged", \
  keyentry w l lw 2 dt 1 lc rgb '#2ca02c' title "model=similar", \
  keyentry w l lw 2 dt 1 lc rgb '#9467bd' title "model=sap"
unset multiplot
unset output
set terminal pngcairo size 1050,1340 font 'sans,10'
set output 'icf_fig03_conveyor_gliding.png'
set grid
set datafile missing '?'
KEY_X = 0.6952
KEY_Y = 0.9440
set multiplot layout 3,1 margins 0.0714,0.6714,0.0410,0.9440 spacing 0.0810,0.0709 title "ICF Fig. 3: gliding on the oscillating conveyor (dt = 10 ms)"
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
plot 'data/p0_s0.dat' u 1:2 w l lw 2 dt 1 lc rgb '#1f77b4' notitle, \
  'data/p0_s1.dat' u 1:2 w l lw 2 dt 1 lc rgb '#2ca02c' notitle, \
  'data/p0_s2.dat' u 1:2 w l lw 2 dt 1 lc rgb '#9467bd' notitle
unset arrow
unset label
set title "gliding height (gap while pushing)"
set xlabel "t (s)"
set ylabel "gap (m)"
unset logscale x
unset logscale y
set format x '%g'
set format y '%g'
set autoscale xy
set xrange [*:*] noreverse
unset key
plot 'data/p1_s0.dat' u 1:2 w l lw 2 dt 1 lc rgb '#1f77b4' notitle, \
  'data/p1_s1.dat' u 1:2 w l lw 2 dt 1 lc rgb '#2ca02c' notitle, \
  'data/p1_s2.dat' u 1:2 w l lw 2 dt 1 lc rgb '#9467bd' notitle
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
set key at screen KEY_X, KEY_Y left top Left reverse font ',9' samplen 2
plot 'data/p2_s0.dat' u 1:2 w l lw 2 dt 1 lc rgb '#1f77b4' notitle, \
  'data/p2_s1.dat' u 1:2 w l lw 2 dt 1 lc rgb '#2ca02c' notitle, \
  'data/p2_s2.dat' u 1:2 w l lw 2 dt 1 lc rgb '#9467bd' notitle, \
  keyentry w l lw 2 dt 1 lc rgb '#1f77b4' title "model=lagged", \
  keyentry w l lw 2 dt 1 lc rgb '#2ca02c' title "model=similar", \
  keyentry w l lw 2 dt 1 lc rgb '#9467bd' title "model=sap"
unset multiplot
unset output
