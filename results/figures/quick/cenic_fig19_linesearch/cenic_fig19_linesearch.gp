# cenic_fig19_linesearch: regenerate with `cd results/figures/quick/cenic_fig19_linesearch && gnuplot cenic_fig19_linesearch.gp`
set terminal svg size 520,460 dynamic font 'sans,11' background '#ffffff'
set output 'cenic_fig19_linesearch.svg'
set grid
set key top left font ',9'
set datafile missing '?'
set multiplot layout 1,1 title "CENIC Fig. 19: line-search iterations vs accuracy by initialization"
set title "hard clutter"
set xlabel "accuracy"
set ylabel "line-search iterations"
set logscale x
set logscale y
set format x '10^{%L}'
set format y '10^{%L}'
plot 'data/p0_s0.dat' u 1:2 w lp pt 7 ps 0.6 lw 2 dt 1 lc rgb '#1f77b4' title "ls\\_init=cubic", \
  'data/p0_s1.dat' u 1:2 w lp pt 7 ps 0.6 lw 2 dt 2 lc rgb '#1f77b4' title "ls\\_init=quadratic", \
  'data/p0_s2.dat' u 1:2 w lp pt 7 ps 0.6 lw 2 dt 3 lc rgb '#1f77b4' title "ls\\_init=one"
unset multiplot
unset output
set terminal pngcairo size 520,460 font 'sans,10'
set output 'cenic_fig19_linesearch.png'
set grid
set key top left font ',9'
set datafile missing '?'
set multiplot layout 1,1 title "CENIC Fig. 19: line-search iterations vs accuracy by initialization"
set title "hard clutter"
set xlabel "accuracy"
set ylabel "line-search iterations"
set logscale x
set logscale y
set format x '10^{%L}'
set format y '10^{%L}'
plot 'data/p0_s0.dat' u 1:2 w lp pt 7 ps 0.6 lw 2 dt 1 lc rgb '#1f77b4' title "ls\\_init=cubic", \
  'data/p0_s1.dat' u 1:2 w lp pt 7 ps 0.6 lw 2 dt 2 lc rgb '#1f77b4' title "ls\\_init=quadratic", \
  'data/p0_s2.dat' u 1:2 w lp pt 7 ps 0.6 lw 2 dt 3 lc rgb '#1f77b4' title "ls\\_init=one"
unset multiplot
unset output
