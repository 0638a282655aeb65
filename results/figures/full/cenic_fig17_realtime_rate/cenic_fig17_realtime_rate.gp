# cenic_fig17_realtime_rate: regenerate with `cd results/figures/full/cenic_fig17_realtime_rate && gnuplot cenic_fig17_realtime_rate.gp`
set terminal svg size 1050,920 dynamic font 'sans,11' background '#ffffff'
set output 'cenic_fig17_realtime_rate.svg'
set grid
set datafile missing '?'
KEY_X = 0.6952
KEY_Y = 0.9185
set multiplot layout 2,1 margins 0.0714,0.6714,0.0598,0.9185 spacing 0.0810,0.1033 title "CENIC Fig. 17 / Table I: step size and real-time rate over time, error control vs fixed step"
unset arrow
unset label
set title "step size"
set xlabel "t (s)"
set ylabel "h (s)"
unset logscale x
set logscale y
set format x '%g'
set format y '10^{%L}'
set autoscale xy
set xrange [*:*] noreverse
unset key
plot 'data/p0_s0.dat' u 1:2 w l lw 2 dt 1 lc rgb '#1f77b4' notitle, \
  'data/p0_s1.dat' u 1:2 w l lw 2 dt 1 lc rgb '#9467bd' notitle
unset arrow
unset label
set arrow 100 from graph 0, first 3.42 to graph 1, first 3.42 nohead dt 2 lw 1.5 lc rgb 'black' front
set label 100 "paper: 3.42 (CENIC Table I)" at graph 0.02, first 3.42 offset 0,0.6 font ',8' front
set arrow 101 from graph 0, first 1.8 to graph 1, first 1.8 nohead dt 2 lw 1.5 lc rgb 'black' front
set label 101 "paper: 1.8 (CENIC Table I)" at graph 0.02, first 1.8 offset 0,0.6 font ',8' front
set title "real-time rate"
set xlabel "t (s)"
set ylabel "real-time rate"
unset logscale x
set logscale y
set format x '%g'
set format y '10^{%L}'
set autoscale xy
set xrange [*:*] noreverse
set key at screen KEY_X, KEY_Y left top Left reverse font ',9' samplen 2
plot 'data/p1_s0.dat' u 1:2 w l lw 2 dt 1 lc rgb '#1f77b4' notitle, \
  'data/p1_s1.dat' u 1:2 w l lw 2 dt 1 lc rgb '#9467bd' notitle, \
  keyentry w l lw 2 dt 1 lc rgb '#1f77b4' title "cenic-sd", \
  keyentry w l lw 2 dt 1 lc rgb '#9467bd' title "cenic-fixed", \
  keyentry w l dt 2 lw 1.5 lc rgb 'black' title "the paper's number"
unset multiplot
unset output
set terminal pngcairo size 1050,920 font 'sans,10'
set output 'cenic_fig17_realtime_rate.png'
set grid
set datafile missing '?'
KEY_X = 0.6952
KEY_Y = 0.9185
set multiplot layout 2,1 margins 0.0714,0.6714,0.0598,0.9185 spacing 0.0810,0.1033 title "CENIC Fig. 17 / Table I: step size and real-time rate over time, error control vs fixed step"
unset arrow
unset label
set title "step size"
set xlabel "t (s)"
set ylabel "h (s)"
unset logscale x
set logscale y
set format x '%g'
set format y '10^{%L}'
set autoscale xy
set xrange [*:*] noreverse
unset key
plot 'data/p0_s0.dat' u 1:2 w l lw 2 dt 1 lc rgb '#1f77b4' notitle, \
  'data/p0_s1.dat' u 1:2 w l lw 2 dt 1 lc rgb '#9467bd' notitle
unset arrow
unset label
set arrow 100 from graph 0, first 3.42 to graph 1, first 3.42 nohead dt 2 lw 1.5 lc rgb 'black' front
set label 100 "paper: 3.42 (CENIC Table I)" at graph 0.02, first 3.42 offset 0,0.6 font ',8' front
set arrow 101 from graph 0, first 1.8 to graph 1, first 1.8 nohead dt 2 lw 1.5 lc rgb 'black' front
set label 101 "paper: 1.8 (CENIC Table I)" at graph 0.02, first 1.8 offset 0,0.6 font ',8' front
set title "real-time rate"
set xlabel "t (s)"
set ylabel "real-time rate"
unset logscale x
set logscale y
set format x '%g'
set format y '10^{%L}'
set autoscale xy
set xrange [*:*] noreverse
set key at screen KEY_X, KEY_Y left top Left reverse font ',9' samplen 2
plot 'data/p1_s0.dat' u 1:2 w l lw 2 dt 1 lc rgb '#1f77b4' notitle, \
  'data/p1_s1.dat' u 1:2 w l lw 2 dt 1 lc rgb '#9467bd' notitle, \
  keyentry w l lw 2 dt 1 lc rgb '#1f77b4' title "cenic-sd", \
  keyentry w l lw 2 dt 1 lc rgb '#9467bd' title "cenic-fixed", \
  keyentry w l dt 2 lw 1.5 lc rgb 'black' title "the paper's number"
unset multiplot
unset output
