# tr_fig01_02_07_ball_box: regenerate with `cd results/figures/full/tr_fig01_02_07_ball_box && gnuplot tr_fig01_02_07_ball_box.gp`
if (!exists("cbench_out_suffix")) cbench_out_suffix = ""
set terminal svg size 1050,500 dynamic font 'sans,11' background '#ffffff'
set output 'tr_fig01_02_07_ball_box.svg'.cbench_out_suffix
set grid
set datafile missing '?'
KEY_X = 0.6952
KEY_Y = 0.8500
set multiplot layout 1,1 margins 0.0714,0.6714,0.1100,0.8500 spacing 0.0810,0.1900 title "True Rigidity Figs. 1, 2, 7: a ball moving ballistically toward a box"
unset arrow
unset label
set title "kinetic energy after the impact (analytic 0.032 J)"
set xlabel "step dt (s; ca: largest step)"
set ylabel "kinetic energy (J)"
set logscale x
unset logscale y
set format x '10^{%L}'
set format y '%g'
set autoscale xy
set xrange [*:*] noreverse
set key at screen KEY_X, KEY_Y left top Left reverse font ',9' samplen 2
plot 'data/p0_s0.dat' u 1:2 w lp lw 2 dt 1 pt 7 ps 0.8 lc rgb '#7a7e0e' notitle, \
  'data/p0_s1.dat' u 1:2 w lp lw 2 dt 1 pt 5 ps 0.8 lc rgb '#bac015' notitle, \
  'data/p0_s2.dat' u 1:2 w lp lw 2 dt 1 pt 13 ps 0.8 lc rgb '#dae119' notitle, \
  keyentry w lp lw 2 dt 1 pt 7 ps 0.8 lc rgb '#7a7e0e' title "lcp", \
  keyentry w lp lw 2 dt 1 pt 5 ps 0.8 lc rgb '#bac015' title "ccp", \
  keyentry w lp lw 2 dt 1 pt 13 ps 0.8 lc rgb '#dae119' title "ca"
unset multiplot
unset output
set terminal pngcairo size 1050,500 font 'sans,10'
set output 'tr_fig01_02_07_ball_box.png'.cbench_out_suffix
set grid
set datafile missing '?'
KEY_X = 0.6952
KEY_Y = 0.8500
set multiplot layout 1,1 margins 0.0714,0.6714,0.1100,0.8500 spacing 0.0810,0.1900 title "True Rigidity Figs. 1, 2, 7: a ball moving ballistically toward a box"
unset arrow
unset label
set title "kinetic energy after the impact (analytic 0.032 J)"
set xlabel "step dt (s; ca: largest step)"
set ylabel "kinetic energy (J)"
set logscale x
unset logscale y
set format x '10^{%L}'
set format y '%g'
set autoscale xy
set xrange [*:*] noreverse
set key at screen KEY_X, KEY_Y left top Left reverse font ',9' samplen 2
plot 'data/p0_s0.dat' u 1:2 w lp lw 2 dt 1 pt 7 ps 0.8 lc rgb '#7a7e0e' notitle, \
  'data/p0_s1.dat' u 1:2 w lp lw 2 dt 1 pt 5 ps 0.8 lc rgb '#bac015' notitle, \
  'data/p0_s2.dat' u 1:2 w lp lw 2 dt 1 pt 13 ps 0.8 lc rgb '#dae119' notitle, \
  keyentry w lp lw 2 dt 1 pt 7 ps 0.8 lc rgb '#7a7e0e' title "lcp", \
  keyentry w lp lw 2 dt 1 pt 5 ps 0.8 lc rgb '#bac015' title "ccp", \
  keyentry w lp lw 2 dt 1 pt 13 ps 0.8 lc rgb '#dae119' title "ca"
unset multiplot
unset output
