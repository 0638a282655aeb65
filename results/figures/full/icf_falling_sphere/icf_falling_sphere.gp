# icf_falling_sphere: regenerate with `cd results/figures/full/icf_falling_sphere && gnuplot icf_falling_sphere.gp`
set terminal svg size 1050,500 dynamic font 'sans,11' background '#ffffff'
set output 'icf_falling_sphere.svg'
set grid
set datafile missing '?'
KEY_X = 0.6952
KEY_Y = 0.8500
set multiplot layout 1,1 margins 0.0714,0.6714,0.1100,0.8500 spacing 0.0810,0.1900 title "ICF: falling sphere, slide to roll"
unset arrow
unset label
set title "slip speed at the contact"
set xlabel "t (s)"
set ylabel "slip speed (m/s)"
unset logscale x
unset logscale y
set format x '%g'
set format y '%g'
set autoscale xy
set xrange [*:*] noreverse
set key at screen KEY_X, KEY_Y left top Left reverse font ',9' samplen 2
plot 'data/p0_s0.dat' u 1:2 w l lw 2 dt 1 lc rgb '#1f77b4' notitle, \
  'data/p0_s1.dat' u 1:2 w l lw 2 dt 2 lc rgb '#1f77b4' notitle, \
  'data/p0_s2.dat' u 1:2 w l lw 2 dt 1 lc rgb '#9467bd' notitle, \
  'data/p0_s3.dat' u 1:2 w l lw 2 dt 2 lc rgb '#9467bd' notitle, \
  keyentry w l lw 2 dt 1 lc rgb '#1f77b4' title "cenic-sd param=0.001", \
  keyentry w l lw 2 dt 2 lc rgb '#1f77b4' title "cenic-sd param=1e-05", \
  keyentry w l lw 2 dt 1 lc rgb '#9467bd' title "cenic-fixed param=0.01", \
  keyentry w l lw 2 dt 2 lc rgb '#9467bd' title "cenic-fixed param=0.001"
unset multiplot
unset output
set terminal pngcairo size 1050,500 font 'sans,10'
set output 'icf_falling_sphere.png'
set grid
set datafile missing '?'
KEY_X = 0.6952
KEY_Y = 0.8500
set multiplot layout 1,1 margins 0.0714,0.6714,0.1100,0.8500 spacing 0.0810,0.1900 title "ICF: falling sphere, slide to roll"
unset arrow
unset label
set title "slip speed at the contact"
set xlabel "t (s)"
set ylabel "slip speed (m/s)"
unset logscale x
unset logscale y
set format x '%g'
set format y '%g'
set autoscale xy
set xrange [*:*] noreverse
set key at screen KEY_X, KEY_Y left top Left reverse font ',9' samplen 2
plot 'data/p0_s0.dat' u 1:2 w l lw 2 dt 1 lc rgb '#1f77b4' notitle, \
  'data/p0_s1.dat' u 1:2 w l lw 2 dt 2 lc rgb '#1f77b4' notitle, \
  'data/p0_s2.dat' u 1:2 w l lw 2 dt 1 lc rgb '#9467bd' notitle, \
  'data/p0_s3.dat' u 1:2 w l lw 2 dt 2 lc rgb '#9467bd' notitle, \
  keyentry w l lw 2 dt 1 lc rgb '#1f77b4' title "cenic-sd param=0.001", \
  keyentry w l lw 2 dt 2 lc rgb '#1f77b4' title "cenic-sd param=1e-05", \
  keyentry w l lw 2 dt 1 lc rgb '#9467bd' title "cenic-fixed param=0.01", \
  keyentry w l lw 2 dt 2 lc rgb '#9467bd' title "cenic-fixed param=0.001"
unset multiplot
unset output
