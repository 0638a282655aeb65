# cenic_table3_hessian_reuse: regenerate with `cd results/figures/quick/cenic_table3_hessian_reuse && gnuplot cenic_table3_hessian_reuse.gp`
set terminal svg size 1560,460 dynamic font 'sans,11' background '#ffffff'
set output 'cenic_table3_hessian_reuse.svg'
set grid
set key top left font ',9'
set datafile missing '?'
set multiplot layout 1,3 title "CENIC Table III: Hessian reuse, error control and fixed step"
set title "factorizations"
set xlabel "Hessian reuse"
set ylabel "factorizations"
unset logscale x
set logscale y
set format x '%g'
set format y '10^{%L}'
plot 'data/p0_s0.dat' u 1:2 w lp pt 7 ps 0.6 lw 2 dt 1 lc rgb '#1f77b4' title "cenic-sd", \
  'data/p0_s1.dat' u 1:2 w lp pt 7 ps 0.6 lw 2 dt 1 lc rgb '#2ca02c' title "cenic-fixed"
set title "Newton iterations"
set xlabel "Hessian reuse"
set ylabel "iterations"
unset logscale x
set logscale y
set format x '%g'
set format y '10^{%L}'
plot 'data/p1_s0.dat' u 1:2 w lp pt 7 ps 0.6 lw 2 dt 1 lc rgb '#1f77b4' title "cenic-sd", \
  'data/p1_s1.dat' u 1:2 w lp pt 7 ps 0.6 lw 2 dt 1 lc rgb '#2ca02c' title "cenic-fixed"
set title "wall time"
set xlabel "Hessian reuse"
set ylabel "wall time (s)"
unset logscale x
unset logscale y
set format x '%g'
set format y '%g'
plot 'data/p2_s0.dat' u 1:2 w lp pt 7 ps 0.6 lw 2 dt 1 lc rgb '#1f77b4' title "cenic-sd", \
  'data/p2_s1.dat' u 1:2 w lp pt 7 ps 0.6 lw 2 dt 1 lc rgb '#2ca02c' title "cenic-fixed"
unset multiplot
unset output
set terminal pngcairo size 1560,460 font 'sans,10'
set output 'cenic_table3_hessian_reuse.png'
set grid
set key top left font ',9'
set datafile missing '?'
set multiplot layout 1,3 title "CENIC Table III: Hessian reuse, error control and fixed step"
set title "factorizations"
set xlabel "Hessian reuse"
set ylabel "factorizations"
unset logscale x
set logscale y
set format x '%g'
set format y '10^{%L}'
plot 'data/p0_s0.dat' u 1:2 w lp pt 7 ps 0.6 lw 2 dt 1 lc rgb '#1f77b4' title "cenic-sd", \
  'data/p0_s1.dat' u 1:2 w lp pt 7 ps 0.6 lw 2 dt 1 lc rgb '#2ca02c' title "cenic-fixed"
set title "Newton iterations"
set xlabel "Hessian reuse"
set ylabel "iterations"
unset logscale x
set logscale y
set format x '%g'
set format y '10^{%L}'
plot 'data/p1_s0.dat' u 1:2 w lp pt 7 ps 0.6 lw 2 dt 1 lc rgb '#1f77b4' title "cenic-sd", \
  'data/p1_s1.dat' u 1:2 w lp pt 7 ps 0.6 lw 2 dt 1 lc rgb '#2ca02c' title "cenic-fixed"
set title "wall time"
set xlabel "Hessian reuse"
set ylabel "wall time (s)"
unset logscale x
unset logscale y
set format x '%g'
set format y '%g'
plot 'data/p2_s0.dat' u 1:2 w lp pt 7 ps 0.6 lw 2 dt 1 lc rgb '#1f77b4' title "cenic-sd", \
  'data/p2_s1.dat' u 1:2 w lp pt 7 ps 0.6 lw 2 dt 1 lc rgb '#2ca02c' title "cenic-fixed"
unset multiplot
unset output
