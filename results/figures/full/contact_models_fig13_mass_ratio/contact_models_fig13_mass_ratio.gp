# contact_models_fig13_mass_ratio: regenerate with `cd results/figures/full/contact_models_fig13_mass_ratio && gnuplot contact_models_fig13_mass_ratio.gp`
if (!exists("cbench_out_suffix")) cbench_out_suffix = ""
set terminal svg size 1050,500 dynamic font 'sans,11' background '#ffffff'
set output 'contact_models_fig13_mass_ratio.svg'.cbench_out_suffix
set grid
set datafile missing '?'
KEY_X = 0.6952
KEY_Y = 0.8500
set multiplot layout 1,1 margins 0.0714,0.6714,0.1100,0.8500 spacing 0.0810,0.1900 title "Contact models: an ill-conditioned stack (Fig. 13)"
unset arrow
unset label
set title "eq. 15 residual against the mass ratio"
set xlabel "upper cube mass M (kg); the lower one is 1e-3 kg"
set ylabel "largest eq. 15 residual eps\\_abs"
set logscale x
set logscale y
set format x '10^{%L}'
set format y '10^{%L}'
set autoscale xy
set xrange [*:*] noreverse
set key at screen KEY_X, KEY_Y left top Left reverse font ',9' samplen 2
plot 'data/p0_s0.dat' u 1:2 w lp lw 2 dt 1 pt 5 ps 0.8 lc rgb '#bac015' notitle, \
  'data/p0_s1.dat' u 1:2 w lp lw 2 dt 2 pt 5 ps 0.8 lc rgb '#bac015' notitle, \
  'data/p0_s2.dat' u 1:2 w lp lw 2 dt 1 pt 9 ps 0.8 lc rgb '#4d4f09' notitle, \
  'data/p0_s3.dat' u 1:2 w lp lw 2 dt 2 pt 9 ps 0.8 lc rgb '#4d4f09' notitle, \
  'data/p0_s4.dat' u 1:2 w lp lw 2 dt 3 pt 9 ps 0.8 lc rgb '#4d4f09' notitle, \
  'data/p0_s5.dat' u 1:2 w lp lw 2 dt 1 pt 11 ps 0.8 lc rgb '#9a9f12' notitle, \
  'data/p0_flagged.dat' u 1:2 w p pt 6 ps 1.8 lw 2 lc rgb '#e377c2' notitle, \
  '' u 1:2:3 w labels offset char 0,0.9 font ',7' tc rgb '#e377c2' noenhanced notitle, \
  keyentry w lp lw 2 dt 1 pt 5 ps 0.8 lc rgb '#bac015' title "ccp solver=pgs", \
  keyentry w lp lw 2 dt 2 pt 5 ps 0.8 lc rgb '#bac015' title "ccp solver=admm", \
  keyentry w lp lw 2 dt 1 pt 9 ps 0.8 lc rgb '#4d4f09' title "ncp solver=nsgs", \
  keyentry w lp lw 2 dt 2 pt 9 ps 0.8 lc rgb '#4d4f09' title "ncp solver=ac", \
  keyentry w lp lw 2 dt 3 pt 9 ps 0.8 lc rgb '#4d4f09' title "ncp solver=prox", \
  keyentry w lp lw 2 dt 1 pt 11 ps 0.8 lc rgb '#9a9f12' title "raisim", \
  keyentry w p pt 6 ps 1.8 lw 2 lc rgb '#e377c2' title 'flagged (physics guard) (5)'
unset multiplot
unset output
set terminal pngcairo size 1050,500 font 'sans,10'
set output 'contact_models_fig13_mass_ratio.png'.cbench_out_suffix
set grid
set datafile missing '?'
KEY_X = 0.6952
KEY_Y = 0.8500
set multiplot layout 1,1 margins 0.0714,0.6714,0.1100,0.8500 spacing 0.0810,0.1900 title "Contact models: an ill-conditioned stack (Fig. 13)"
unset arrow
unset label
set title "eq. 15 residual against the mass ratio"
set xlabel "upper cube mass M (kg); the lower one is 1e-3 kg"
set ylabel "largest eq. 15 residual eps\\_abs"
set logscale x
set logscale y
set format x '10^{%L}'
set format y '10^{%L}'
set autoscale xy
set xrange [*:*] noreverse
set key at screen KEY_X, KEY_Y left top Left reverse font ',9' samplen 2
plot 'data/p0_s0.dat' u 1:2 w lp lw 2 dt 1 pt 5 ps 0.8 lc rgb '#bac015' notitle, \
  'data/p0_s1.dat' u 1:2 w lp lw 2 dt 2 pt 5 ps 0.8 lc rgb '#bac015' notitle, \
  'data/p0_s2.dat' u 1:2 w lp lw 2 dt 1 pt 9 ps 0.8 lc rgb '#4d4f09' notitle, \
  'data/p0_s3.dat' u 1:2 w lp lw 2 dt 2 pt 9 ps 0.8 lc rgb '#4d4f09' notitle, \
  'data/p0_s4.dat' u 1:2 w lp lw 2 dt 3 pt 9 ps 0.8 lc rgb '#4d4f09' notitle, \
  'data/p0_s5.dat' u 1:2 w lp lw 2 dt 1 pt 11 ps 0.8 lc rgb '#9a9f12' notitle, \
  'data/p0_flagged.dat' u 1:2 w p pt 6 ps 1.8 lw 2 lc rgb '#e377c2' notitle, \
  '' u 1:2:3 w labels offset char 0,0.9 font ',7' tc rgb '#e377c2' noenhanced notitle, \
  keyentry w lp lw 2 dt 1 pt 5 ps 0.8 lc rgb '#bac015' title "ccp solver=pgs", \
  keyentry w lp lw 2 dt 2 pt 5 ps 0.8 lc rgb '#bac015' title "ccp solver=admm", \
  keyentry w lp lw 2 dt 1 pt 9 ps 0.8 lc rgb '#4d4f09' title "ncp solver=nsgs", \
  keyentry w lp lw 2 dt 2 pt 9 ps 0.8 lc rgb '#4d4f09' title "ncp solver=ac", \
  keyentry w lp lw 2 dt 3 pt 9 ps 0.8 lc rgb '#4d4f09' title "ncp solver=prox", \
  keyentry w lp lw 2 dt 1 pt 11 ps 0.8 lc rgb '#9a9f12' title "raisim", \
  keyentry w p pt 6 ps 1.8 lw 2 lc rgb '#e377c2' title 'flagged (physics guard) (5)'
unset multiplot
unset output
