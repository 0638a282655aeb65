# cenic_fig09_hard_clutter_sd_trap: regenerate with `cd results/figures/quick/cenic_fig09_hard_clutter_sd_trap && gnuplot cenic_fig09_hard_clutter_sd_trap.gp`
set terminal svg size 720,460 dynamic font 'sans,11' background '#ffffff'
set output 'cenic_fig09_hard_clutter_sd_trap.svg'
set grid
set key top left font ',9'
set datafile missing '?'
set multiplot layout 1,1 title "CENIC Fig. 9: hard clutter, step doubling vs trapezoid"
set title "hard clutter"
set xlabel "accuracy"
set ylabel "wall s per simulated s"
set logscale x
set logscale y
set format x '10^{%L}'
set format y '10^{%L}'
plot 'data/p0_s0.dat' u 1:2 w lp pt 7 ps 0.6 lw 2 dt 1 lc rgb '#1f77b4' title "cenic-sd", \
  'data/p0_s1.dat' u 1:2 w lp pt 7 ps 0.6 lw 2 dt 1 lc rgb '#d62728' title "cenic-trap"
unset multiplot
unset output
set terminal pngcairo size 720,460 font 'sans,10'
set output 'cenic_fig09_hard_clutter_sd_trap.png'
set grid
set key top left font ',9'
set datafile missing '?'
set multiplot layout 1,1 title "CENIC Fig. 9: hard clutter, step doubling vs trapezoid"
set title "hard clutter"
set xlabel "accuracy"
set ylabel "wall s per simulated s"
set logscale x
set logscale y
set format x '10^{%L}'
set format y '10^{%L}'
plot 'data/p0_s0.dat' u 1:2 w lp pt 7 ps 0.6 lw 2 dt 1 lc rgb '#1f77b4' title "cenic-sd", \
  'data/p0_s1.dat' u 1:2 w lp pt 7 ps 0.6 lw 2 dt 1 lc rgb '#d62728' title "cenic-trap"
unset multiplot
unset output
