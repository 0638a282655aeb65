# icf_fig05_06_sphere_contact: regenerate with `cd results/figures/full/icf_fig05_06_sphere_contact && gnuplot icf_fig05_06_sphere_contact.gp`
if (!exists("cbench_out_suffix")) cbench_out_suffix = ""
set terminal svg size 1890,500 dynamic font 'sans,11' background '#ffffff'
set output 'icf_fig05_06_sphere_contact.svg'.cbench_out_suffix
set grid
set datafile missing '?'
KEY_X = 0.8307
KEY_Y = 0.8500
set multiplot layout 1,3 margins 0.0397,0.8175,0.1100,0.8500 spacing 0.0450,0.1900 title "ICF Figs. 5-6: falling sphere, contact gap, slip and force of Lagged, Similar and SAP at 2 ms"
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
set xrange [0.095:0.15] noreverse
unset key
plot 'data/p0_s0.dat' u 1:2 w l lw 2 dt 1 lc rgb '#1f77b4' notitle, \
  'data/p0_s1.dat' u 1:2 w l lw 2 dt 1 lc rgb '#2ca02c' notitle, \
  'data/p0_s2.dat' u 1:2 w l lw 2 dt 1 lc rgb '#9467bd' notitle
unset arrow
unset label
set title "gap while the force acts (normal motion)"
set xlabel "t (s)"
set ylabel "gap (m)"
unset logscale x
unset logscale y
set format x '%g'
set format y '%g'
set autoscale xy
set xrange [0.095:0.15] noreverse
unset key
plot 'data/p1_s0.dat' u 1:2 w l lw 2 dt 1 lc rgb '#1f77b4' notitle, \
  'data/p1_s1.dat' u 1:2 w l lw 2 dt 1 lc rgb '#2ca02c' notitle, \
  'data/p1_s2.dat' u 1:2 w l lw 2 dt 1 lc rgb '#9467bd' notitle
unset arrow
unset label
set title "normal force"
set xlabel "t (s)"
set ylabel "normal force (N)"
unset logscale x
unset logscale y
set format x '%g'
set format y '%g'
set autoscale xy
set xrange [0.103:0.15] noreverse
set key at screen KEY_X, KEY_Y left top Left reverse font ',9' samplen 2
plot 'data/p2_s0.dat' u 1:2 w l lw 2 dt 1 lc rgb '#1f77b4' notitle, \
  'data/p2_s1.dat' u 1:2 w l lw 2 dt 1 lc rgb '#2ca02c' notitle, \
  'data/p2_s2.dat' u 1:2 w l lw 2 dt 1 lc rgb '#9467bd' notitle, \
  keyentry w l lw 2 dt 1 lc rgb '#1f77b4' title "model=lagged", \
  keyentry w l lw 2 dt 1 lc rgb '#2ca02c' title "model=similar", \
  keyentry w l lw 2 dt 1 lc rgb '#9467bd' title "model=sap"
unset multiplot
unset output
set terminal pngcairo size 1890,500 font 'sans,10'
set output 'icf_fig05_06_sphere_contact.png'.cbench_out_suffix
set grid
set datafile missing '?'
KEY_X = 0.8307
KEY_Y = 0.8500
set multiplot layout 1,3 margins 0.0397,0.8175,0.1100,0.8500 spacing 0.0450,0.1900 title "ICF Figs. 5-6: falling sphere, contact gap, slip and force of Lagged, Similar and SAP at 2 ms"
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
set xrange [0.095:0.15] noreverse
unset key
plot 'data/p0_s0.dat' u 1:2 w l lw 2 dt 1 lc rgb '#1f77b4' notitle, \
  'data/p0_s1.dat' u 1:2 w l lw 2 dt 1 lc rgb '#2ca02c' notitle, \
  'data/p0_s2.dat' u 1:2 w l lw 2 dt 1 lc rgb '#9467bd' notitle
unset arrow
unset label
set title "gap while the force acts (normal motion)"
set xlabel "t (s)"
set ylabel "gap (m)"
unset logscale x
unset logscale y
set format x '%g'
set format y '%g'
set autoscale xy
set xrange [0.095:0.15] noreverse
unset key
plot 'data/p1_s0.dat' u 1:2 w l lw 2 dt 1 lc rgb '#1f77b4' notitle, \
  'data/p1_s1.dat' u 1:2 w l lw 2 dt 1 lc rgb '#2ca02c' notitle, \
  'data/p1_s2.dat' u 1:2 w l lw 2 dt 1 lc rgb '#9467bd' notitle
unset arrow
unset label
set title "normal force"
set xlabel "t (s)"
set ylabel "normal force (N)"
unset logscale x
unset logscale y
set format x '%g'
set format y '%g'
set autoscale xy
set xrange [0.103:0.15] noreverse
set key at screen KEY_X, KEY_Y left top Left reverse font ',9' samplen 2
plot 'data/p2_s0.dat' u 1:2 w l lw 2 dt 1 lc rgb '#1f77b4' notitle, \
  'data/p2_s1.dat' u 1:2 w l lw 2 dt 1 lc rgb '#2ca02c' notitle, \
  'data/p2_s2.dat' u 1:2 w l lw 2 dt 1 lc rgb '#9467bd' notitle, \
  keyentry w l lw 2 dt 1 lc rgb '#1f77b4' title "model=lagged", \
  keyentry w l lw 2 dt 1 lc rgb '#2ca02c' title "model=similar", \
  keyentry w l lw 2 dt 1 lc rgb '#9467bd' title "model=sap"
unset multiplot
unset output
