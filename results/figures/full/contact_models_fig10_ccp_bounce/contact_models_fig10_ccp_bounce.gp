# contact_models_fig10_ccp_bounce: regenerate with `cd results/figures/full/contact_models_fig10_ccp_bounce && gnuplot contact_models_fig10_ccp_bounce.gp`
if (!exists("cbench_out_suffix")) cbench_out_suffix = ""
set terminal svg size 1370,500 dynamic font 'sans,11' background '#ffffff'
set output 'contact_models_fig10_ccp_bounce.svg'.cbench_out_suffix
set grid
set datafile missing '?'
KEY_X = 0.7664
KEY_Y = 0.8500
set multiplot layout 1,2 margins 0.0547,0.7482,0.1100,0.8500 spacing 0.0620,0.1900 title "Contact models: CCP lifts a sliding cube (Fig. 10)"
unset arrow
unset label
set title "height of the cube's center"
set xlabel "t (s)"
set ylabel "z (m)"
unset logscale x
unset logscale y
set format x '%g'
set format y '%g'
set autoscale xy
set xrange [*:*] noreverse
unset key
plot 'data/p0_s0.dat' u 1:2 w l lw 2 dt 1 lc rgb '#bac015' notitle, \
  'data/p0_s1.dat' u 1:2 w l lw 2 dt 1 lc rgb '#4d4f09' notitle, \
  'data/p0_s2.dat' u 1:2 w l lw 2 dt 1 lc rgb '#9a9f12' notitle, \
  'data/p0_s3.dat' u 1:2 w l lw 2 dt 1 lc rgb '#7a7e0e' notitle
unset arrow
unset label
set title "kinetic energy"
set xlabel "t (s)"
set ylabel "kinetic energy (J)"
unset logscale x
unset logscale y
set format x '%g'
set format y '%g'
set autoscale xy
set xrange [*:*] noreverse
set key at screen KEY_X, KEY_Y left top Left reverse font ',9' samplen 2
plot 'data/p1_s0.dat' u 1:2 w l lw 2 dt 1 lc rgb '#bac015' notitle, \
  'data/p1_s1.dat' u 1:2 w l lw 2 dt 1 lc rgb '#4d4f09' notitle, \
  'data/p1_s2.dat' u 1:2 w l lw 2 dt 1 lc rgb '#9a9f12' notitle, \
  'data/p1_s3.dat' u 1:2 w l lw 2 dt 1 lc rgb '#7a7e0e' notitle, \
  keyentry w l lw 2 dt 1 lc rgb '#bac015' title "ccp", \
  keyentry w l lw 2 dt 1 lc rgb '#4d4f09' title "ncp", \
  keyentry w l lw 2 dt 1 lc rgb '#9a9f12' title "raisim", \
  keyentry w l lw 2 dt 1 lc rgb '#7a7e0e' title "lcp"
unset multiplot
unset output
set terminal pngcairo size 1370,500 font 'sans,10'
set output 'contact_models_fig10_ccp_bounce.png'.cbench_out_suffix
set grid
set datafile missing '?'
KEY_X = 0.7664
KEY_Y = 0.8500
set multiplot layout 1,2 margins 0.0547,0.7482,0.1100,0.8500 spacing 0.0620,0.1900 title "Contact models: CCP lifts a sliding cube (Fig. 10)"
unset arrow
unset label
set title "height of the cube's center"
set xlabel "t (s)"
set ylabel "z (m)"
unset logscale x
unset logscale y
set format x '%g'
set format y '%g'
set autoscale xy
set xrange [*:*] noreverse
unset key
plot 'data/p0_s0.dat' u 1:2 w l lw 2 dt 1 lc rgb '#bac015' notitle, \
  'data/p0_s1.dat' u 1:2 w l lw 2 dt 1 lc rgb '#4d4f09' notitle, \
  'data/p0_s2.dat' u 1:2 w l lw 2 dt 1 lc rgb '#9a9f12' notitle, \
  'data/p0_s3.dat' u 1:2 w l lw 2 dt 1 lc rgb '#7a7e0e' notitle
unset arrow
unset label
set title "kinetic energy"
set xlabel "t (s)"
set ylabel "kinetic energy (J)"
unset logscale x
unset logscale y
set format x '%g'
set format y '%g'
set autoscale xy
set xrange [*:*] noreverse
set key at screen KEY_X, KEY_Y left top Left reverse font ',9' samplen 2
plot 'data/p1_s0.dat' u 1:2 w l lw 2 dt 1 lc rgb '#bac015' notitle, \
  'data/p1_s1.dat' u 1:2 w l lw 2 dt 1 lc rgb '#4d4f09' notitle, \
  'data/p1_s2.dat' u 1:2 w l lw 2 dt 1 lc rgb '#9a9f12' notitle, \
  'data/p1_s3.dat' u 1:2 w l lw 2 dt 1 lc rgb '#7a7e0e' notitle, \
  keyentry w l lw 2 dt 1 lc rgb '#bac015' title "ccp", \
  keyentry w l lw 2 dt 1 lc rgb '#4d4f09' title "ncp", \
  keyentry w l lw 2 dt 1 lc rgb '#9a9f12' title "raisim", \
  keyentry w l lw 2 dt 1 lc rgb '#7a7e0e' title "lcp"
unset multiplot
unset output
