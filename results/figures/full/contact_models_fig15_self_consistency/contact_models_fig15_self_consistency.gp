# contact_models_fig15_self_consistency: regenerate with `cd results/figures/full/contact_models_fig15_self_consistency && gnuplot contact_models_fig15_self_consistency.gp`
if (!exists("cbench_out_suffix")) cbench_out_suffix = ""
set terminal svg size 1050,500 dynamic font 'sans,11' background '#ffffff'
set output 'contact_models_fig15_self_consistency.svg'.cbench_out_suffix
set grid
set datafile missing '?'
KEY_X = 0.6952
KEY_Y = 0.8500
set multiplot layout 1,1 margins 0.0714,0.6714,0.1100,0.8500 spacing 0.0810,0.1900 title "Contact models: self-consistency in dt (Fig. 15)"
unset arrow
unset label
set title "distance to the model's own trajectory at dt 1e-5 s"
set xlabel "dt (s)"
set ylabel "rms position error (m)"
set logscale x
set logscale y
set format x '10^{%L}'
set format y '10^{%L}'
set autoscale xy
set xrange [*:*] noreverse
set key at screen KEY_X, KEY_Y left top Left reverse font ',9' samplen 2
plot 'data/p0_s0.dat' u 1:2 w lp lw 2 dt 1 pt 9 ps 0.8 lc rgb '#4d4f09' notitle, \
  'data/p0_s1.dat' u 1:2 w lp lw 2 dt 1 pt 5 ps 0.8 lc rgb '#bac015' notitle, \
  'data/p0_s2.dat' u 1:2 w lp lw 2 dt 1 pt 11 ps 0.8 lc rgb '#9a9f12' notitle, \
  keyentry w lp lw 2 dt 1 pt 9 ps 0.8 lc rgb '#4d4f09' title "ncp (slope 1.78)", \
  keyentry w lp lw 2 dt 1 pt 5 ps 0.8 lc rgb '#bac015' title "ccp (slope 0.00)", \
  keyentry w lp lw 2 dt 1 pt 11 ps 0.8 lc rgb '#9a9f12' title "raisim (slope 1.65)"
unset multiplot
unset output
set terminal pngcairo size 1050,500 font 'sans,10'
set output 'contact_models_fig15_self_consistency.png'.cbench_out_suffix
set grid
set datafile missing '?'
KEY_X = 0.6952
KEY_Y = 0.8500
set multiplot layout 1,1 margins 0.0714,0.6714,0.1100,0.8500 spacing 0.0810,0.1900 title "Contact models: self-consistency in dt (Fig. 15)"
unset arrow
unset label
set title "distance to the model's own trajectory at dt 1e-5 s"
set xlabel "dt (s)"
set ylabel "rms position error (m)"
set logscale x
set logscale y
set format x '10^{%L}'
set format y '10^{%L}'
set autoscale xy
set xrange [*:*] noreverse
set key at screen KEY_X, KEY_Y left top Left reverse font ',9' samplen 2
plot 'data/p0_s0.dat' u 1:2 w lp lw 2 dt 1 pt 9 ps 0.8 lc rgb '#4d4f09' notitle, \
  'data/p0_s1.dat' u 1:2 w lp lw 2 dt 1 pt 5 ps 0.8 lc rgb '#bac015' notitle, \
  'data/p0_s2.dat' u 1:2 w lp lw 2 dt 1 pt 11 ps 0.8 lc rgb '#9a9f12' notitle, \
  keyentry w lp lw 2 dt 1 pt 9 ps 0.8 lc rgb '#4d4f09' title "ncp (slope 1.78)", \
  keyentry w lp lw 2 dt 1 pt 5 ps 0.8 lc rgb '#bac015' title "ccp (slope 0.00)", \
  keyentry w lp lw 2 dt 1 pt 11 ps 0.8 lc rgb '#9a9f12' title "raisim (slope 1.65)"
unset multiplot
unset output
