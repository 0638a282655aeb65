# cenic_fig14_conveyor: regenerate with `cd results/figures/quick/cenic_fig14_conveyor && gnuplot cenic_fig14_conveyor.gp`
set terminal svg size 520,880 dynamic font 'sans,11' background '#ffffff'
set output 'cenic_fig14_conveyor.svg'
set grid
set key top left font ',9'
set datafile missing '?'
set multiplot layout 2,1 title "CENIC Fig. 14: conveyor stick-slip at two accuracies"
set title "slip speed box-belt"
set xlabel "t (s)"
set ylabel "slip speed (m/s)"
unset logscale x
unset logscale y
set format x '%g'
set format y '%g'
plot 'data/p0_s0.dat' u 1:2 w l lw 2 dt 1 lc rgb '#1f77b4' title "cenic-sd param=1e-05", \
  'data/p0_s1.dat' u 1:2 w l lw 2 dt 2 lc rgb '#1f77b4' title "cenic-sd param=1e-08"
set title "friction force"
set xlabel "t (s)"
set ylabel "tangential force (N)"
unset logscale x
unset logscale y
set format x '%g'
set format y '%g'
plot 'data/p1_s0.dat' u 1:2 w l lw 2 dt 1 lc rgb '#1f77b4' title "cenic-sd param=1e-05", \
  'data/p1_s1.dat' u 1:2 w l lw 2 dt 2 lc rgb '#1f77b4' title "cenic-sd param=1e-08"
unset multiplot
unset output
set terminal pngcairo size 520,880 font 'sans,10'
set output 'cenic_fig14_conveyor.png'
set grid
set key top left font ',9'
set datafile missing '?'
set multiplot layout 2,1 title "CENIC Fig. 14: conveyor stick-slip at two accuracies"
set title "slip speed box-belt"
set xlabel "t (s)"
set ylabel "slip speed (m/s)"
unset logscale x
unset logscale y
set format x '%g'
set format y '%g'
plot 'data/p0_s0.dat' u 1:2 w l lw 2 dt 1 lc rgb '#1f77b4' title "cenic-sd param=1e-05", \
  'data/p0_s1.dat' u 1:2 w l lw 2 dt 2 lc rgb '#1f77b4' title "cenic-sd param=1e-08"
set title "friction force"
set xlabel "t (s)"
set ylabel "tangential force (N)"
unset logscale x
unset logscale y
set format x '%g'
set format y '%g'
plot 'data/p1_s0.dat' u 1:2 w l lw 2 dt 1 lc rgb '#1f77b4' title "cenic-sd param=1e-05", \
  'data/p1_s1.dat' u 1:2 w l lw 2 dt 2 lc rgb '#1f77b4' title "cenic-sd param=1e-08"
unset multiplot
unset output
