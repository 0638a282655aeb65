# tamsi_fig04_newton_tals: regenerate with `cd results/figures/full/tamsi_fig04_newton_tals && gnuplot tamsi_fig04_newton_tals.gp`
set terminal svg size 1050,500 dynamic font 'sans,11' background '#ffffff'
set output 'tamsi_fig04_newton_tals.svg'
set grid
set datafile missing '?'
KEY_X = 0.6952
KEY_Y = 0.8500
set multiplot layout 1,1 margins 0.0714,0.6714,0.1100,0.8500 spacing 0.0810,0.1900 title "TAMSI Figs. 2 and 4: Newton residual at the first stick-slip transition, with and without TALS"
unset arrow
unset label
set title "Newton residual, step at t = 0.16 s (h = 10 ms)"
set xlabel "Newton iteration"
set ylabel "|R|\\_inf"
unset logscale x
set logscale y
set format x '%g'
set format y '10^{%L}'
set autoscale xy
set xrange [*:*] noreverse
set key at screen KEY_X, KEY_Y left top Left reverse font ',9' samplen 2
plot 'data/p0_s0.dat' u 1:2 w l lw 2 dt 1 lc rgb '#1f77b4' notitle, \
  'data/p0_s1.dat' u 1:2 w l lw 2 dt 1 lc rgb '#2ca02c' notitle, \
  keyentry w l lw 2 dt 1 lc rgb '#1f77b4' title "tamsi tals=0 [failed]", \
  keyentry w l lw 2 dt 1 lc rgb '#2ca02c' title "tamsi tals=1"
unset multiplot
unset output
set terminal pngcairo size 1050,500 font 'sans,10'
set output 'tamsi_fig04_newton_tals.png'
set grid
set datafile missing '?'
KEY_X = 0.6952
KEY_Y = 0.8500
set multiplot layout 1,1 margins 0.0714,0.6714,0.1100,0.8500 spacing 0.0810,0.1900 title "TAMSI Figs. 2 and 4: Newton residual at the first stick-slip transition, with and without TALS"
unset arrow
unset label
set title "Newton residual, step at t = 0.16 s (h = 10 ms)"
set xlabel "Newton iteration"
set ylabel "|R|\\_inf"
unset logscale x
set logscale y
set format x '%g'
set format y '10^{%L}'
set autoscale xy
set xrange [*:*] noreverse
set key at screen KEY_X, KEY_Y left top Left reverse font ',9' samplen 2
plot 'data/p0_s0.dat' u 1:2 w l lw 2 dt 1 lc rgb '#1f77b4' notitle, \
  'data/p0_s1.dat' u 1:2 w l lw 2 dt 1 lc rgb '#2ca02c' notitle, \
  keyentry w l lw 2 dt 1 lc rgb '#1f77b4' title "tamsi tals=0 [failed]", \
  keyentry w l lw 2 dt 1 lc rgb '#2ca02c' title "tamsi tals=1"
unset multiplot
unset output
