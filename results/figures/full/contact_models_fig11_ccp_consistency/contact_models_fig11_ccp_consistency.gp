# contact_models_fig11_ccp_consistency: regenerate with `cd results/figures/full/contact_models_fig11_ccp_consistency && gnuplot contact_models_fig11_ccp_consistency.gp`
if (!exists("cbench_out_suffix")) cbench_out_suffix = ""
set terminal svg size 1050,500 dynamic font 'sans,11' background '#ffffff'
set output 'contact_models_fig11_ccp_consistency.svg'.cbench_out_suffix
set grid
set datafile missing '?'
KEY_X = 0.6952
KEY_Y = 0.8500
set multiplot layout 1,1 margins 0.0714,0.6714,0.1100,0.8500 spacing 0.0810,0.1900 title "Contact models: CCP's consistency with the NCP (Fig. 11)"
unset arrow
unset label
set title "consistency error against the NCP at dt 1e-5 s"
set xlabel "dt (s)"
set ylabel "rms position error (m)"
set logscale x
set logscale y
set format x '10^{%L}'
set format y '10^{%L}'
set autoscale xy
set xrange [*:*] noreverse
set key at screen KEY_X, KEY_Y left top Left reverse font ',9' samplen 2
plot 'data/p0_s0.dat' u 1:2 w lp lw 2 dt 1 pt 5 ps 0.8 lc rgb '#bac015' notitle, \
  'data/p0_s1.dat' u 1:2 w lp lw 2 dt 2 pt 5 ps 0.8 lc rgb '#bac015' notitle, \
  'data/p0_s2.dat' u 1:2 w lp lw 2 dt 3 pt 5 ps 0.8 lc rgb '#bac015' notitle, \
  'data/p0_s3.dat' u 1:2 w lp lw 2 dt 1 pt 9 ps 0.8 lc rgb '#4d4f09' notitle, \
  'data/p0_s4.dat' u 1:2 w lp lw 2 dt 1 pt 11 ps 0.8 lc rgb '#9a9f12' notitle, \
  'data/p0_s5.dat' u 1:2 w lp lw 2 dt 1 pt 7 ps 0.8 lc rgb '#7a7e0e' notitle, \
  'data/p0_timeout.dat' u 1:2 w p pt 8 ps 1.5 lw 2 lc rgb '#ff7f0e' notitle, \
  '' u 1:2:3 w labels offset char 0,0.9 font ',7' tc rgb '#ff7f0e' noenhanced notitle, \
  keyentry w lp lw 2 dt 1 pt 5 ps 0.8 lc rgb '#bac015' title "ccp solver=admm contact\\_set=distance (slope 0.99)", \
  keyentry w lp lw 2 dt 2 pt 5 ps 0.8 lc rgb '#bac015' title "ccp solver=pgs contact\\_set=distance (slope 0.99)", \
  keyentry w lp lw 2 dt 3 pt 5 ps 0.8 lc rgb '#bac015' title "ccp solver=admm contact\\_set=closing (slope -0.39)", \
  keyentry w lp lw 2 dt 1 pt 9 ps 0.8 lc rgb '#4d4f09' title "ncp (slope 1.94)", \
  keyentry w lp lw 2 dt 1 pt 11 ps 0.8 lc rgb '#9a9f12' title "raisim (slope -0.00)", \
  keyentry w lp lw 2 dt 1 pt 7 ps 0.8 lc rgb '#7a7e0e' title "lcp (slope 1.47)", \
  keyentry w p pt 8 ps 1.5 lw 2 lc rgb '#ff7f0e' title 'timed out (1)'
unset multiplot
unset output
set terminal pngcairo size 1050,500 font 'sans,10'
set output 'contact_models_fig11_ccp_consistency.png'.cbench_out_suffix
set grid
set datafile missing '?'
KEY_X = 0.6952
KEY_Y = 0.8500
set multiplot layout 1,1 margins 0.0714,0.6714,0.1100,0.8500 spacing 0.0810,0.1900 title "Contact models: CCP's consistency with the NCP (Fig. 11)"
unset arrow
unset label
set title "consistency error against the NCP at dt 1e-5 s"
set xlabel "dt (s)"
set ylabel "rms position error (m)"
set logscale x
set logscale y
set format x '10^{%L}'
set format y '10^{%L}'
set autoscale xy
set xrange [*:*] noreverse
set key at screen KEY_X, KEY_Y left top Left reverse font ',9' samplen 2
plot 'data/p0_s0.dat' u 1:2 w lp lw 2 dt 1 pt 5 ps 0.8 lc rgb '#bac015' notitle, \
  'data/p0_s1.dat' u 1:2 w lp lw 2 dt 2 pt 5 ps 0.8 lc rgb '#bac015' notitle, \
  'data/p0_s2.dat' u 1:2 w lp lw 2 dt 3 pt 5 ps 0.8 lc rgb '#bac015' notitle, \
  'data/p0_s3.dat' u 1:2 w lp lw 2 dt 1 pt 9 ps 0.8 lc rgb '#4d4f09' notitle, \
  'data/p0_s4.dat' u 1:2 w lp lw 2 dt 1 pt 11 ps 0.8 lc rgb '#9a9f12' notitle, \
  'data/p0_s5.dat' u 1:2 w lp lw 2 dt 1 pt 7 ps 0.8 lc rgb '#7a7e0e' notitle, \
  'data/p0_timeout.dat' u 1:2 w p pt 8 ps 1.5 lw 2 lc rgb '#ff7f0e' notitle, \
  '' u 1:2:3 w labels offset char 0,0.9 font ',7' tc rgb '#ff7f0e' noenhanced notitle, \
  keyentry w lp lw 2 dt 1 pt 5 ps 0.8 lc rgb '#bac015' title "ccp solver=admm contact\\_set=distance (slope 0.99)", \
  keyentry w lp lw 2 dt 2 pt 5 ps 0.8 lc rgb '#bac015' title "ccp solver=pgs contact\\_set=distance (slope 0.99)", \
  keyentry w lp lw 2 dt 3 pt 5 ps 0.8 lc rgb '#bac015' title "ccp solver=admm contact\\_set=closing (slope -0.39)", \
  keyentry w lp lw 2 dt 1 pt 9 ps 0.8 lc rgb '#4d4f09' title "ncp (slope 1.94)", \
  keyentry w lp lw 2 dt 1 pt 11 ps 0.8 lc rgb '#9a9f12' title "raisim (slope -0.00)", \
  keyentry w lp lw 2 dt 1 pt 7 ps 0.8 lc rgb '#7a7e0e' title "lcp (slope 1.47)", \
  keyentry w p pt 8 ps 1.5 lw 2 lc rgb '#ff7f0e' title 'timed out (1)'
unset multiplot
unset output
