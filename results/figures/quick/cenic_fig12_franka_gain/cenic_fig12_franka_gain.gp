# cenic_fig12_franka_gain: regenerate with `cd results/figures/quick/cenic_fig12_franka_gain && gnuplot cenic_fig12_franka_gain.gp`
set terminal svg size 520,460 dynamic font 'sans,11' background '#ffffff'
set output 'cenic_fig12_franka_gain.svg'
set grid
set key top left font ',9'
set datafile missing '?'
set multiplot layout 1,1 title "CENIC Fig. 12: steps to simulate the Franka task vs controller gain"
set title "Franka, accuracy 1e-2"
set xlabel "Kp = Kd"
set ylabel "accepted steps"
set logscale x
set logscale y
set format x '10^{%L}'
set format y '10^{%L}'
plot 'data/p0_s0.dat' u 1:2 w lp pt 7 ps 0.6 lw 2 dt 1 lc rgb '#1f77b4' title "controllers=implicit", \
  'data/p0_s1.dat' u 1:2 w lp pt 7 ps 0.6 lw 2 dt 2 lc rgb '#1f77b4' title "controllers=explicit"
unset multiplot
unset output
set terminal pngcairo size 520,460 font 'sans,10'
set output 'cenic_fig12_franka_gain.png'
set grid
set key top left font ',9'
set datafile missing '?'
set multiplot layout 1,1 title "CENIC Fig. 12: steps to simulate the Franka task vs controller gain"
set title "Franka, accuracy 1e-2"
set xlabel "Kp = Kd"
set ylabel "accepted steps"
set logscale x
set logscale y
set format x '10^{%L}'
set format y '10^{%L}'
plot 'data/p0_s0.dat' u 1:2 w lp pt 7 ps 0.6 lw 2 dt 1 lc rgb '#1f77b4' title "controllers=implicit", \
  'data/p0_s1.dat' u 1:2 w lp pt 7 ps 0.6 lw 2 dt 2 lc rgb '#1f77b4' title "controllers=explicit"
unset multiplot
unset output
