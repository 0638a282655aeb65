# cenic_table2_adaptive_tolerance: regenerate with `cd results/figures/quick/cenic_table2_adaptive_tolerance && gnuplot cenic_table2_adaptive_tolerance.gp`
set terminal svg size 1040,460 dynamic font 'sans,11' background '#ffffff'
set output 'cenic_table2_adaptive_tolerance.svg'
set grid
set key top left font ',9'
set datafile missing '?'
set multiplot layout 1,2 title "CENIC Table II: adaptive Newton tolerance on hard clutter"
set title "wall time"
set xlabel "accuracy"
set ylabel "wall time (s)"
set logscale x
set logscale y
set format x '10^{%L}'
set format y '10^{%L}'
plot 'data/p0_s0.dat' u 1:2 w lp pt 7 ps 0.6 lw 2 dt 1 lc rgb '#1f77b4' title "adaptive\\_tolerance=1", \
  'data/p0_s1.dat' u 1:2 w lp pt 7 ps 0.6 lw 2 dt 2 lc rgb '#1f77b4' title "adaptive\\_tolerance=0"
set title "Newton iterations"
set xlabel "accuracy"
set ylabel "iterations"
set logscale x
set logscale y
set format x '10^{%L}'
set format y '10^{%L}'
plot 'data/p1_s0.dat' u 1:2 w lp pt 7 ps 0.6 lw 2 dt 1 lc rgb '#1f77b4' title "adaptive\\_tolerance=1", \
  'data/p1_s1.dat' u 1:2 w lp pt 7 ps 0.6 lw 2 dt 2 lc rgb '#1f77b4' title "adaptive\\_tolerance=0"
unset multiplot
unset output
set terminal pngcairo size 1040,460 font 'sans,10'
set output 'cenic_table2_adaptive_tolerance.png'
set grid
set key top left font ',9'
set datafile missing '?'
set multiplot layout 1,2 title "CENIC Table II: adaptive Newton tolerance on hard clutter"
set title "wall time"
set xlabel "accuracy"
set ylabel "wall time (s)"
set logscale x
set logscale y
set format x '10^{%L}'
set format y '10^{%L}'
plot 'data/p0_s0.dat' u 1:2 w lp pt 7 ps 0.6 lw 2 dt 1 lc rgb '#1f77b4' title "adaptive\\_tolerance=1", \
  'data/p0_s1.dat' u 1:2 w lp pt 7 ps 0.6 lw 2 dt 2 lc rgb '#1f77b4' title "adaptive\\_tolerance=0"
set title "Newton iterations"
set xlabel "accuracy"
set ylabel "iterations"
set logscale x
set logscale y
set format x '10^{%L}'
set format y '10^{%L}'
plot 'data/p1_s0.dat' u 1:2 w lp pt 7 ps 0.6 lw 2 dt 1 lc rgb '#1f77b4' title "adaptive\\_tolerance=1", \
  'data/p1_s1.dat' u 1:2 w lp pt 7 ps 0.6 lw 2 dt 2 lc rgb '#1f77b4' title "adaptive\\_tolerance=0"
unset multiplot
unset output
