# cenic_fig14_conveyor: regenerate with `cd results/figures/full/cenic_fig14_conveyor && gnuplot cenic_fig14_conveyor.gp`
if (!exists("cbench_out_suffix")) cbench_out_suffix = ""
set terminal svg size 1370,920 dynamic font 'sans,11' background '#ffffff'
set output 'cenic_fig14_conveyor.svg'.cbench_out_suffix
set grid
set datafile missing '?'
KEY_X = 0.7664
KEY_Y = 0.9185
set multiplot layout 2,2 margins 0.0547,0.7482,0.0598,0.9185 spacing 0.0620,0.1033 title "CENIC Fig. 14: conveyor stick-slip at two accuracies"
unset arrow
unset label
set title "accuracy 1e-5: slip speed box-belt"
set xlabel "t (s)"
set ylabel "slip speed (m/s)"
unset logscale x
unset logscale y
set format x '%g'
set format y '%g'
set autoscale xy
set xrange [*:*] noreverse
unset key
plot 'data/p0_s0.dat' u 1:2 w l lw 2 dt 1 lc rgb '#1f77b4' notitle
unset arrow
unset label
set title "accuracy 1e-8: slip speed box-belt"
set xlabel "t (s)"
set ylabel "slip speed (m/s)"
unset logscale x
unset logscale y
set format x '%g'
set format y '%g'
set autoscale xy
set xrange [*:*] noreverse
unset key
plot 'data/p1_s0.dat' u 1:2 w l lw 2 dt 1 lc rgb '#2ca02c' notitle
unset arrow
unset label
set title "accuracy 1e-5: friction force"
set xlabel "t (s)"
set ylabel "tangential force (N)"
unset logscale x
unset logscale y
set format x '%g'
set format y '%g'
set autoscale xy
set xrange [*:*] noreverse
unset key
plot 'data/p2_s0.dat' u 1:2 w l lw 2 dt 1 lc rgb '#1f77b4' notitle
unset arrow
unset label
set title "accuracy 1e-8: friction force"
set xlabel "t (s)"
set ylabel "tangential force (N)"
unset logscale x
unset logscale y
set format x '%g'
set format y '%g'
set autoscale xy
set xrange [*:*] noreverse
set key at screen KEY_X, KEY_Y left top Left reverse font ',9' samplen 2
plot 'data/p3_s0.dat' u 1:2 w l lw 2 dt 1 lc rgb '#2ca02c' notitle, \
  keyentry w l lw 2 dt 1 lc rgb '#1f77b4' title "cenic-sd param=1e-05", \
  keyentry w l lw 2 dt 1 lc rgb '#2ca02c' title "cenic-sd param=1e-08"
unset multiplot
unset output
set terminal pngcairo size 1370,920 font 'sans,10'
set output 'cenic_fig14_conveyor.png'.cbench_out_suffix
set grid
set datafile missing '?'
KEY_X = 0.7664
KEY_Y = 0.9185
set multiplot layout 2,2 margins 0.0547,0.7482,0.0598,0.9185 spacing 0.0620,0.1033 title "CENIC Fig. 14: conveyor stick-slip at two accuracies"
unset arrow
unset label
set title "accuracy 1e-5: slip speed box-belt"
set xlabel "t (s)"
set ylabel "slip speed (m/s)"
unset logscale x
unset logscale y
set format x '%g'
set format y '%g'
set autoscale xy
set xrange [*:*] noreverse
unset key
plot 'data/p0_s0.dat' u 1:2 w l lw 2 dt 1 lc rgb '#1f77b4' notitle
unset arrow
unset label
set title "accuracy 1e-8: slip speed box-belt"
set xlabel "t (s)"
set ylabel "slip speed (m/s)"
unset logscale x
unset logscale y
set format x '%g'
set format y '%g'
set autoscale xy
set xrange [*:*] noreverse
unset key
plot 'data/p1_s0.dat' u 1:2 w l lw 2 dt 1 lc rgb '#2ca02c' notitle
unset arrow
unset label
set title "accuracy 1e-5: friction force"
set xlabel "t (s)"
set ylabel "tangential force (N)"
unset logscale x
unset logscale y
set format x '%g'
set format y '%g'
set autoscale xy
set xrange [*:*] noreverse
unset key
plot 'data/p2_s0.dat' u 1:2 w l lw 2 dt 1 lc rgb '#1f77b4' notitle
unset arrow
unset label
set title "accuracy 1e-8: friction force"
set xlabel "t (s)"
set ylabel "tangential force (N)"
unset logscale x
unset logscale y
set format x '%g'
set format y '%g'
set autoscale xy
set xrange [*:*] noreverse
set key at screen KEY_X, KEY_Y left top Left reverse font ',9' samplen 2
plot 'data/p3_s0.dat' u 1:2 w l lw 2 dt 1 lc rgb '#2ca02c' notitle, \
  keyentry w l lw 2 dt 1 lc rgb '#1f77b4' title "cenic-sd param=1e-05", \
  keyentry w l lw 2 dt 1 lc rgb '#2ca02c' title "cenic-sd param=1e-08"
unset multiplot
unset output
