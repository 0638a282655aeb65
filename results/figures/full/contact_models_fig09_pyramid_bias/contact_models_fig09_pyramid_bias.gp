# contact_models_fig09_pyramid_bias: regenerate with `cd results/figures/full/contact_models_fig09_pyramid_bias && gnuplot contact_models_fig09_pyramid_bias.gp`
if (!exists("cbench_out_suffix")) cbench_out_suffix = ""
set terminal svg size 1050,500 dynamic font 'sans,11' background '#ffffff'
set output 'contact_models_fig09_pyramid_bias.svg'.cbench_out_suffix
set grid
set datafile missing '?'
KEY_X = 0.6952
KEY_Y = 0.8500
set multiplot layout 1,1 margins 0.0714,0.6714,0.1100,0.8500 spacing 0.0810,0.1900 title "Contact models: the friction pyramid bends a slide (Fig. 9)"
unset arrow
unset label
set title "path of the cube's center"
set xlabel "x (m)"
set ylabel "y (m)"
unset logscale x
unset logscale y
set format x '%g'
set format y '%g'
set autoscale xy
set xrange [*:*] noreverse
set key at screen KEY_X, KEY_Y left top Left reverse font ',9' samplen 2
plot 'data/p0_s0.dat' u 1:2 w l lw 2 dt 1 lc rgb '#7a7e0e' notitle, \
  'data/p0_s1.dat' u 1:2 w l lw 2 dt 1 lc rgb '#4d4f09' notitle, \
  'data/p0_s2.dat' u 1:2 w l lw 2 dt 1 lc rgb '#bac015' notitle, \
  'data/p0_s3.dat' u 1:2 w l lw 2 dt 1 lc rgb '#9a9f12' notitle, \
  keyentry w l lw 2 dt 1 lc rgb '#7a7e0e' title "lcp", \
  keyentry w l lw 2 dt 1 lc rgb '#4d4f09' title "ncp", \
  keyentry w l lw 2 dt 1 lc rgb '#bac015' title "ccp", \
  keyentry w l lw 2 dt 1 lc rgb '#9a9f12' title "raisim"
unset multiplot
unset output
set terminal pngcairo size 1050,500 font 'sans,10'
set output 'contact_models_fig09_pyramid_bias.png'.cbench_out_suffix
set grid
set datafile missing '?'
KEY_X = 0.6952
KEY_Y = 0.8500
set multiplot layout 1,1 margins 0.0714,0.6714,0.1100,0.8500 spacing 0.0810,0.1900 title "Contact models: the friction pyramid bends a slide (Fig. 9)"
unset arrow
unset label
set title "path of the cube's center"
set xlabel "x (m)"
set ylabel "y (m)"
unset logscale x
unset logscale y
set format x '%g'
set format y '%g'
set autoscale xy
set xrange [*:*] noreverse
set key at screen KEY_X, KEY_Y left top Left reverse font ',9' samplen 2
plot 'data/p0_s0.dat' u 1:2 w l lw 2 dt 1 lc rgb '#7a7e0e' notitle, \
  'data/p0_s1.dat' u 1:2 w l lw 2 dt 1 lc rgb '#4d4f09' notitle, \
  'data/p0_s2.dat' u 1:2 w l lw 2 dt 1 lc rgb '#bac015' notitle, \
  'data/p0_s3.dat' u 1:2 w l lw 2 dt 1 lc rgb '#9a9f12' notitle, \
  keyentry w l lw 2 dt 1 lc rgb '#7a7e0e' title "lcp", \
  keyentry w l lw 2 dt 1 lc rgb '#4d4f09' title "ncp", \
  keyentry w l lw 2 dt 1 lc rgb '#bac015' title "ccp", \
  keyentry w l lw 2 dt 1 lc rgb '#9a9f12' title "raisim"
unset multiplot
unset output
