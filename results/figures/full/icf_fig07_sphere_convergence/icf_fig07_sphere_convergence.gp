# icf_fig07_sphere_convergence: regenerate with `cd results/figures/full/icf_fig07_sphere_convergence && gnuplot icf_fig07_sphere_convergence.gp`
if (!exists("cbench_out_suffix")) cbench_out_suffix = ""
set terminal svg size 1050,500 dynamic font 'sans,11' background '#ffffff'
set output 'icf_fig07_sphere_convergence.svg'.cbench_out_suffix
set grid
set datafile missing '?'
KEY_X = 0.6952
KEY_Y = 0.8500
set multiplot layout 1,1 margins 0.0714,0.6714,0.1100,0.8500 spacing 0.0810,0.1900 title "ICF Fig. 7: falling sphere, convergence with the time step (Lagged, Similar, SAP)"
unset arrow
unset label
set title "sphere trajectory error"
set xlabel "time step (s)"
set ylabel "RMS position error (m, quaternion components included)"
set logscale x
set logscale y
set format x '10^{%L}'
set format y '10^{%L}'
set autoscale xy
set xrange [*:*] noreverse
set key at screen KEY_X, KEY_Y left top Left reverse font ',9' samplen 2
set arrow 91 from graph 0, first 1.781389714e-07 to graph 1, first 1.781389714e-07 nohead dt 3 lw 1.5 lc rgb '#555555' front
set label 91 'reference uncertainty (y): 1.8e-07' at graph 0.02, graph 0.04 left font ',8' front
plot 'data/p0_s0.dat' u 1:2 w lp lw 2 dt 1 pt 7 ps 0.8 lc rgb '#1f77b4' notitle, \
  'data/p0_s1.dat' u 1:2 w lp lw 2 dt 1 pt 5 ps 0.8 lc rgb '#2ca02c' notitle, \
  'data/p0_s2.dat' u 1:2 w lp lw 2 dt 1 pt 9 ps 0.8 lc rgb '#9467bd' notitle, \
  'data/p0_flagged.dat' u 1:2 w p pt 6 ps 1.8 lw 2 lc rgb '#e377c2' notitle, \
  '' u 1:2:3 w labels offset char 0,0.9 font ',7' tc rgb '#e377c2' noenhanced notitle, \
  keyentry w lp lw 2 dt 1 pt 7 ps 0.8 lc rgb '#1f77b4' title "model=lagged (slope 1.38)", \
  keyentry w lp lw 2 dt 1 pt 5 ps 0.8 lc rgb '#2ca02c' title "model=similar (slope 0.91)", \
  keyentry w lp lw 2 dt 1 pt 9 ps 0.8 lc rgb '#9467bd' title "model=sap (slope 0.61)", \
  keyentry w p pt 6 ps 1.8 lw 2 lc rgb '#e377c2' title 'flagged (physics guard) (1)'
unset multiplot
unset output
set terminal pngcairo size 1050,500 font 'sans,10'
set output 'icf_fig07_sphere_convergence.png'.cbench_out_suffix
set grid
set datafile missing '?'
KEY_X = 0.6952
KEY_Y = 0.8500
set multiplot layout 1,1 margins 0.0714,0.6714,0.1100,0.8500 spacing 0.0810,0.1900 title "ICF Fig. 7: falling sphere, convergence with the time step (Lagged, Similar, SAP)"
unset arrow
unset label
set title "sphere trajectory error"
set xlabel "time step (s)"
set ylabel "RMS position error (m, quaternion components included)"
set logscale x
set logscale y
set format x '10^{%L}'
set format y '10^{%L}'
set autoscale xy
set xrange [*:*] noreverse
set key at screen KEY_X, KEY_Y left top Left reverse font ',9' samplen 2
set arrow 91 from graph 0, first 1.781389714e-07 to graph 1, first 1.781389714e-07 nohead dt 3 lw 1.5 lc rgb '#555555' front
set label 91 'reference uncertainty (y): 1.8e-07' at graph 0.02, graph 0.04 left font ',8' front
plot 'data/p0_s0.dat' u 1:2 w lp lw 2 dt 1 pt 7 ps 0.8 lc rgb '#1f77b4' notitle, \
  'data/p0_s1.dat' u 1:2 w lp lw 2 dt 1 pt 5 ps 0.8 lc rgb '#2ca02c' notitle, \
  'data/p0_s2.dat' u 1:2 w lp lw 2 dt 1 pt 9 ps 0.8 lc rgb '#9467bd' notitle, \
  'data/p0_flagged.dat' u 1:2 w p pt 6 ps 1.8 lw 2 lc rgb '#e377c2' notitle, \
  '' u 1:2:3 w labels offset char 0,0.9 font ',7' tc rgb '#e377c2' noenhanced notitle, \
  keyentry w lp lw 2 dt 1 pt 7 ps 0.8 lc rgb '#1f77b4' title "model=lagged (slope 1.38)", \
  keyentry w lp lw 2 dt 1 pt 5 ps 0.8 lc rgb '#2ca02c' title "model=similar (slope 0.91)", \
  keyentry w lp lw 2 dt 1 pt 9 ps 0.8 lc rgb '#9467bd' title "model=sap (slope 0.61)", \
  keyentry w p pt 6 ps 1.8 lw 2 lc rgb '#e377c2' title 'flagged (physics guard) (1)'
unset multiplot
unset output
