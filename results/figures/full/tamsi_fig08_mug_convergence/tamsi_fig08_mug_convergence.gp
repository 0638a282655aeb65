# tamsi_fig08_mug_convergence: regenerate with `cd results/figures/full/tamsi_fig08_mug_convergence && gnuplot tamsi_fig08_mug_convergence.gp`
set terminal svg size 1050,500 dynamic font 'sans,11' background '#ffffff'
set output 'tamsi_fig08_mug_convergence.svg'
set grid
set datafile missing '?'
KEY_X = 0.6952
KEY_Y = 0.8500
set multiplot layout 1,1 margins 0.0714,0.6714,0.1100,0.8500 spacing 0.0810,0.1900 title "TAMSI Fig. 8: shaken mug, error against the time step"
unset arrow
unset label
set title "shaken mug: error against the time step"
set xlabel "time step (s)"
set ylabel "RMS full-state error (positions m, velocities m/s)"
set logscale x
set logscale y
set format x '10^{%L}'
set format y '10^{%L}'
set autoscale xy
set xrange [*:*] noreverse
set key at screen KEY_X, KEY_Y left top Left reverse font ',9' samplen 2
plot 'data/p0_s0.dat' u 1:2 w lp lw 2 dt 1 pt 7 ps 0.8 lc rgb '#1f77b4' notitle, \
  keyentry w lp lw 2 dt 1 pt 7 ps 0.8 lc rgb '#1f77b4' title "tamsi (slope 1.01)"
unset multiplot
unset output
set terminal pngcairo size 1050,500 font 'sans,10'
set output 'tamsi_fig08_mug_convergence.png'
set grid
set datafile missing '?'
KEY_X = 0.6952
KEY_Y = 0.8500
set multiplot layout 1,1 margins 0.0714,0.6714,0.1100,0.8500 spacing 0.0810,0.1900 title "TAMSI Fig. 8: shaken mug, error against the time step"
unset arrow
unset label
set title "shaken mug: error against the time step"
set xlabel "time step (s)"
set ylabel "RMS full-state error (positions m, velocities m/s)"
set logscale x
set logscale y
set format x '10^{%L}'
set format y '10^{%L}'
set autoscale xy
set xrange [*:*] noreverse
set key at screen KEY_X, KEY_Y left top Left reverse font ',9' samplen 2
plot 'data/p0_s0.dat' u 1:2 w lp lw 2 dt 1 pt 7 ps 0.8 lc rgb '#1f77b4' notitle, \
  keyentry w lp lw 2 dt 1 pt 7 ps 0.8 lc rgb '#1f77b4' title "tamsi (slope 1.01)"
unset multiplot
unset output
