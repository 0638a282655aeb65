# cenic_fig08_bouncing_energy: regenerate with `cd results/figures/quick/cenic_fig08_bouncing_energy && gnuplot cenic_fig08_bouncing_energy.gp`
set terminal svg size 720,460 dynamic font 'sans,11' background '#ffffff'
set output 'cenic_fig08_bouncing_energy.svg'
set grid
set key top left font ',9'
set datafile missing '?'
set multiplot layout 1,1 title "CENIC Fig. 8: bouncing-ball energy error vs step size"
set title "energy error"
set xlabel "mean step size h (s)"
set ylabel "|E(T) - E(0)| / E(0)"
set logscale x
set logscale y
set format x '10^{%L}'
set format y '10^{%L}'
plot 'data/p0_s0.dat' u 1:2 w lp pt 7 ps 0.6 lw 2 dt 1 lc rgb '#1f77b4' title "cenic-sd (slope 1.07)", \
  'data/p0_s1.dat' u 1:2 w lp pt 7 ps 0.6 lw 2 dt 1 lc rgb '#d62728' title "cenic-trap (slope 2.17)"
unset multiplot
unset output
set terminal pngcairo size 720,460 font 'sans,10'
set output 'cenic_fig08_bouncing_energy.png'
set grid
set key top left font ',9'
set datafile missing '?'
set multiplot layout 1,1 title "CENIC Fig. 8: bouncing-ball energy error vs step size"
set title "energy error"
set xlabel "mean step size h (s)"
set ylabel "|E(T) - E(0)| / E(0)"
set logscale x
set logscale y
set format x '10^{%L}'
set format y '10^{%L}'
plot 'data/p0_s0.dat' u 1:2 w lp pt 7 ps 0.6 lw 2 dt 1 lc rgb '#1f77b4' title "cenic-sd (slope 1.07)", \
  'data/p0_s1.dat' u 1:2 w lp pt 7 ps 0.6 lw 2 dt 1 lc rgb '#d62728' title "cenic-trap (slope 2.17)"
unset multiplot
unset output
