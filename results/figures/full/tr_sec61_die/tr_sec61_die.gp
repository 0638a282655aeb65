# tr_sec61_die: regenerate with `cd results/figures/full/tr_sec61_die && gnuplot tr_sec61_die.gp`
set terminal svg size 1890,500 dynamic font 'sans,11' background '#ffffff'
set output 'tr_sec61_die.svg'
set grid
set datafile missing '?'
KEY_X = 0.8307
KEY_Y = 0.8500
set multiplot layout 1,3 margins 0.0397,0.8175,0.1100,0.8500 spacing 0.0450,0.1900 title "True Rigidity sec. 6.1: a die thrown onto a plane until it rests"
unset arrow
unset label
set arrow 100 from graph 0, first 102 to graph 1, first 102 nohead dt 2 lw 1.5 lc rgb 'black' front
set label 100 "paper: 102 (True Rigidity sec. 6.1 ('detected 102 changes to the contact manifold ... due to chattering'))" at graph 0.02, first 102 offset 0,0.6 font ',8' front
set title "contact manifold changes"
set xlabel "largest step dt (s)"
set ylabel "changes"
set logscale x
set logscale y
set format x '10^{%L}'
set format y '10^{%L}'
set autoscale xy
set xrange [*:*] noreverse
unset key
plot 'data/p0_s0.dat' u 1:2 w lp lw 2 dt 1 pt 7 ps 0.8 lc rgb '#1f77b4' notitle
unset arrow
unset label
set arrow 100 from graph 0, first 2.7e-05 to graph 1, first 2.7e-05 nohead dt 2 lw 1.5 lc rgb 'black' front
set label 100 "paper: 2.7e-05 s (True Rigidity sec. 6.1 ('the mean integration step was 2.7 x 10\\^-5 s'))" at graph 0.02, first 2.7e-05 offset 0,0.6 font ',8' front
set title "mean step"
set xlabel "largest step dt (s)"
set ylabel "mean step (s)"
set logscale x
set logscale y
set format x '10^{%L}'
set format y '10^{%L}'
set autoscale xy
set xrange [*:*] noreverse
unset key
plot 'data/p1_s0.dat' u 1:2 w lp lw 2 dt 1 pt 7 ps 0.8 lc rgb '#1f77b4' notitle
unset arrow
unset label
set title "smallest distance die-plane"
set xlabel "largest step dt (s)"
set ylabel "distance (m)"
set logscale x
unset logscale y
set format x '10^{%L}'
set format y '%g'
set autoscale xy
set xrange [*:*] noreverse
set key at screen KEY_X, KEY_Y left top Left reverse font ',9' samplen 2
plot 'data/p2_s0.dat' u 1:2 w lp lw 2 dt 1 pt 7 ps 0.8 lc rgb '#1f77b4' notitle, \
  keyentry w lp lw 2 dt 1 pt 7 ps 0.8 lc rgb '#1f77b4' title "ca", \
  keyentry w l dt 2 lw 1.5 lc rgb 'black' title "the paper's number"
unset multiplot
unset output
set terminal pngcairo size 1890,500 font 'sans,10'
set output 'tr_sec61_die.png'
set grid
set datafile missing '?'
KEY_X = 0.8307
KEY_Y = 0.8500
set multiplot layout 1,3 margins 0.0397,0.8175,0.1100,0.8500 spacing 0.0450,0.1900 title "True Rigidity sec. 6.1: a die thrown onto a plane until it rests"
unset arrow
unset label
set arrow 100 from graph 0, first 102 to graph 1, first 102 nohead dt 2 lw 1.5 lc rgb 'black' front
set label 100 "paper: 102 (True Rigidity sec. 6.1 ('detected 102 changes to the contact manifold ... due to chattering'))" at graph 0.02, first 102 offset 0,0.6 font ',8' front
set title "contact manifold changes"
set xlabel "largest step dt (s)"
set ylabel "changes"
set logscale x
set logscale y
set format x '10^{%L}'
set format y '10^{%L}'
set autoscale xy
set xrange [*:*] noreverse
unset key
plot 'data/p0_s0.dat' u 1:2 w lp lw 2 dt 1 pt 7 ps 0.8 lc rgb '#1f77b4' notitle
unset arrow
unset label
set arrow 100 from graph 0, first 2.7e-05 to graph 1, first 2.7e-05 nohead dt 2 lw 1.5 lc rgb 'black' front
set label 100 "paper: 2.7e-05 s (True Rigidity sec. 6.1 ('the mean integration step was 2.7 x 10\\^-5 s'))" at graph 0.02, first 2.7e-05 offset 0,0.6 font ',8' front
set title "mean step"
set xlabel "largest step dt (s)"
set ylabel "mean step (s)"
set logscale x
set logscale y
set format x '10^{%L}'
set format y '10^{%L}'
set autoscale xy
set xrange [*:*] noreverse
unset key
plot 'data/p1_s0.dat' u 1:2 w lp lw 2 dt 1 pt 7 ps 0.8 lc rgb '#1f77b4' notitle
unset arrow
unset label
set title "smallest distance die-plane"
set xlabel "largest step dt (s)"
set ylabel "distance (m)"
set logscale x
unset logscale y
set format x '10^{%L}'
set format y '%g'
set autoscale xy
set xrange [*:*] noreverse
set key at screen KEY_X, KEY_Y left top Left reverse font ',9' samplen 2
plot 'data/p2_s0.dat' u 1:2 w lp lw 2 dt 1 pt 7 ps 0.8 lc rgb '#1f77b4' notitle, \
  keyentry w lp lw 2 dt 1 pt 7 ps 0.8 lc rgb '#1f77b4' title "ca", \
  keyentry w l dt 2 lw 1.5 lc rgb 'black' title "the paper's number"
unset multiplot
unset output
