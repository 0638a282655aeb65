# tamsi_fig05_wp_tals: regenerate with `cd results/figures/quick/tamsi_fig05_wp_tals && gnuplot tamsi_fig05_wp_tals.gp`
set terminal svg size 1040,460 dynamic font 'sans,11' background '#ffffff'
set output 'tamsi_fig05_wp_tals.svg'
set grid
set key top left font ',9'
set datafile missing '?'
set multiplot layout 1,2 title "TAMSI Fig. 5: windowed error vs work, with and without TALS"
set title "TAMSI: Newton iterations"
set xlabel "windowed error (RMS)"
set ylabel "Newton iterations"
set logscale x
set logscale y
set format x '10^{%L}'
set format y '10^{%L}'
plot 'data/p0_s0.dat' u 1:2 w lp pt 7 ps 0.6 lw 2 dt 1 lc rgb '#9467bd' title "tamsi tals=1", \
  'data/p0_s1.dat' u 1:2 w lp pt 7 ps 0.6 lw 2 dt 2 lc rgb '#9467bd' title "tamsi tals=0", \
  'data/p0_s2.dat' u 1:2 w lp pt 7 ps 0.6 lw 2 dt 1 lc rgb '#ff7f0e' title "tamsi-sd tals=1", \
  'data/p0_s3.dat' u 1:2 w lp pt 7 ps 0.6 lw 2 dt 2 lc rgb '#ff7f0e' title "tamsi-sd tals=0", \
  'data/p0_failed.dat' u 1:2 w p pt 2 ps 1.5 lw 2 lc rgb 'red' title 'failed / timed out'
set title "implicit Euler: RHS evaluations"
set xlabel "windowed error (RMS)"
set ylabel "RHS evaluations"
set logscale x
set logscale y
set format x '10^{%L}'
set format y '10^{%L}'
plot 'data/p1_s0.dat' u 1:2 w lp pt 7 ps 0.6 lw 2 dt 1 lc rgb '#8c564b' title "ie"
unset multiplot
unset output
set terminal pngcairo size 1040,460 font 'sans,10'
set output 'tamsi_fig05_wp_tals.png'
set grid
set key top left font ',9'
set datafile missing '?'
set multiplot layout 1,2 title "TAMSI Fig. 5: windowed error vs work, with and without TALS"
set title "TAMSI: Newton iterations"
set xlabel "windowed error (RMS)"
set ylabel "Newton iterations"
set logscale x
set logscale y
set format x '10^{%L}'
set format y '10^{%L}'
plot 'data/p0_s0.dat' u 1:2 w lp pt 7 ps 0.6 lw 2 dt 1 lc rgb '#9467bd' title "tamsi tals=1", \
  'data/p0_s1.dat' u 1:2 w lp pt 7 ps 0.6 lw 2 dt 2 lc rgb '#9467bd' title "tamsi tals=0", \
  'data/p0_s2.dat' u 1:2 w lp pt 7 ps 0.6 lw 2 dt 1 lc rgb '#ff7f0e' title "tamsi-sd tals=1", \
  'data/p0_s3.dat' u 1:2 w lp pt 7 ps 0.6 lw 2 dt 2 lc rgb '#ff7f0e' title "tamsi-sd tals=0", \
  'data/p0_failed.dat' u 1:2 w p pt 2 ps 1.5 lw 2 lc rgb 'red' title 'failed / timed out'
set title "implicit Euler: RHS evaluations"
set xlabel "windowed error (RMS)"
set ylabel "RHS evaluations"
set logscale x
set logscale y
set format x '10^{%L}'
set format y '10^{%L}'
plot 'data/p1_s0.dat' u 1:2 w lp pt 7 ps 0.6 lw 2 dt 1 lc rgb '#8c564b' title "ie"
unset multiplot
unset output
