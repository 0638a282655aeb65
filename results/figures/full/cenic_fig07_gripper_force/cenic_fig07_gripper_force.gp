# cenic_fig07_gripper_force: regenerate with `cd results/figures/full/cenic_fig07_gripper_force && gnuplot cenic_fig07_gripper_force.gp`
if (!exists("cbench_out_suffix")) cbench_out_suffix = ""
set terminal svg size 1050,500 dynamic font 'sans,11' background '#ffffff'
set output 'cenic_fig07_gripper_force.svg'.cbench_out_suffix
set grid
set datafile missing '?'
KEY_X = 0.6952
KEY_Y = 0.8500
set multiplot layout 1,1 margins 0.0714,0.6714,0.1100,0.8500 spacing 0.0810,0.1900 title "CENIC Fig. 7: contact force on the held peg, CENIC vs RK3"
unset arrow
unset label
set title "finger-peg normal force"
set xlabel "t (s)"
set ylabel "normal force (N)"
unset logscale x
unset logscale y
set format x '%g'
set format y '%g'
set autoscale xy
set xrange [*:*] noreverse
set xrange [-0.1:2.1] noreverse
set yrange [2.920645591:4.009907966]
set label 98 'runs that are not data beyond the axes: at the edge' at graph 0.98, graph 0.15 right font ',8' front
set key at screen KEY_X, KEY_Y left top Left reverse font ',9' samplen 2
plot 'data/p0_s0.dat' u 1:2 w l lw 2 dt 1 lc rgb '#135cae' notitle, \
  'data/p0_s1.dat' u 1:2 w l lw 2 dt 1 lc rgb '#b86cef' notitle, \
  'data/p0_s2.dat' u 1:2 w l lw 2 dt 2 lc rgb '#b86cef' notitle, \
  keyentry w l lw 2 dt 1 lc rgb '#135cae' title "cenic-sd error\\_norm=q", \
  keyentry w l lw 2 dt 1 lc rgb '#b86cef' title "rk3 error\\_norm=full", \
  keyentry w l lw 2 dt 2 lc rgb '#b86cef' title "rk3 error\\_norm=q [flagged: physics guard]"
unset multiplot
unset output
set terminal pngcairo size 1050,500 font 'sans,10'
set output 'cenic_fig07_gripper_force.png'.cbench_out_suffix
set grid
set datafile missing '?'
KEY_X = 0.6952
KEY_Y = 0.8500
set multiplot layout 1,1 margins 0.0714,0.6714,0.1100,0.8500 spacing 0.0810,0.1900 title "CENIC Fig. 7: contact force on the held peg, CENIC vs RK3"
unset arrow
unset label
set title "finger-peg normal force"
set xlabel "t (s)"
set ylabel "normal force (N)"
unset logscale x
unset logscale y
set format x '%g'
set format y '%g'
set autoscale xy
set xrange [*:*] noreverse
set xrange [-0.1:2.1] noreverse
set yrange [2.920645591:4.009907966]
set label 98 'runs that are not data beyond the axes: at the edge' at graph 0.98, graph 0.15 right font ',8' front
set key at screen KEY_X, KEY_Y left top Left reverse font ',9' samplen 2
plot 'data/p0_s0.dat' u 1:2 w l lw 2 dt 1 lc rgb '#135cae' notitle, \
  'data/p0_s1.dat' u 1:2 w l lw 2 dt 1 lc rgb '#b86cef' notitle, \
  'data/p0_s2.dat' u 1:2 w l lw 2 dt 2 lc rgb '#b86cef' notitle, \
  keyentry w l lw 2 dt 1 lc rgb '#135cae' title "cenic-sd error\\_norm=q", \
  keyentry w l lw 2 dt 1 lc rgb '#b86cef' title "rk3 error\\_norm=full", \
  keyentry w l lw 2 dt 2 lc rgb '#b86cef' title "rk3 error\\_norm=q [flagged: physics guard]"
unset multiplot
unset output
