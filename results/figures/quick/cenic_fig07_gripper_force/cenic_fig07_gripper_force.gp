# cenic_fig07_gripper_force: regenerate with `cd results/figures/quick/cenic_fig07_gripper_force && gnuplot cenic_fig07_gripper_force.gp`
set terminal svg size 720,460 dynamic font 'sans,11' background '#ffffff'
set output 'cenic_fig07_gripper_force.svg'
set grid
set key top left font ',9'
set datafile missing '?'
set multiplot layout 1,1 title "CENIC Fig. 7: contact force on the held peg, CENIC vs RK3"
set title "finger-peg normal force"
set xlabel "t (s)"
set ylabel "normal force (N)"
unset logscale x
unset logscale y
set format x '%g'
set format y '%g'
plot 'data/p0_s0.dat' u 1:2 w l lw 2 dt 1 lc rgb '#1f77b4' title "cenic-sd", \
  'data/p0_s1.dat' u 1:2 w l lw 2 dt 1 lc rgb '#bcbd22' title "rk3"
unset multiplot
unset output
set terminal pngcairo size 720,460 font 'sans,10'
set output 'cenic_fig07_gripper_force.png'
set grid
set key top left font ',9'
set datafile missing '?'
set multiplot layout 1,1 title "CENIC Fig. 7: contact force on the held peg, CENIC vs RK3"
set title "finger-peg normal force"
set xlabel "t (s)"
set ylabel "normal force (N)"
unset logscale x
unset logscale y
set format x '%g'
set format y '%g'
plot 'data/p0_s0.dat' u 1:2 w l lw 2 dt 1 lc rgb '#1f77b4' title "cenic-sd", \
  'data/p0_s1.dat' u 1:2 w l lw 2 dt 1 lc rgb '#bcbd22' title "rk3"
unset multiplot
unset output
