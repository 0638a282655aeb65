# tamsi_sec6a_stick_slip: regenerate with `cd results/figures/full/tamsi_sec6a_stick_slip && gnuplot tamsi_sec6a_stick_slip.gp`
if (!exists("cbench_out_suffix")) cbench_out_suffix = ""
set terminal svg size 1050,500 dynamic font 'sans,11' background '#ffffff'
set output 'tamsi_sec6a_stick_slip.svg'.cbench_out_suffix
set grid
set datafile missing '?'
KEY_X = 0.6952
KEY_Y = 0.8500
set multiplot layout 1,1 margins 0.0714,0.6714,0.1100,0.8500 spacing 0.0810,0.1900 title "TAMSI sec. VI-A: box stick-slip velocity and its first transition"
unset arrow
unset label
set title "box slip speed"
set xlabel "t (s)"
set ylabel "slip speed (m/s)"
unset logscale x
unset logscale y
set format x '%g'
set format y '%g'
set autoscale xy
set xrange [*:*] noreverse
set key at screen KEY_X, KEY_Y left top Left reverse font ',9' samplen 2
plot 'data/p0_s0.dat' u 1:2 w l lw 2 dt 1 lc rgb '#13ae13' notitle, \
  'data/p0_s1.dat' u 1:2 w l lw 2 dt 1 lc rgb '#a23eea' notitle, \
  keyentry w l lw 2 dt 1 lc rgb '#13ae13' title "tamsi param=0.01", \
  keyentry w l lw 2 dt 1 lc rgb '#a23eea' title "bdf param=1e-08"
unset multiplot
unset output
set terminal pngcairo size 1050,500 font 'sans,10'
set output 'tamsi_sec6a_stick_slip.png'.cbench_out_suffix
set grid
set datafile missing '?'
KEY_X = 0.6952
KEY_Y = 0.8500
set multiplot layout 1,1 margins 0.0714,0.6714,0.1100,0.8500 spacing 0.0810,0.1900 title "TAMSI sec. VI-A: box stick-slip velocity and its first transition"
unset arrow
unset label
set title "box slip speed"
set xlabel "t (s)"
set ylabel "slip speed (m/s)"
unset logscale x
unset logscale y
set format x '%g'
set format y '%g'
set autoscale xy
set xrange [*:*] noreverse
set key at screen KEY_X, KEY_Y left top Left reverse font ',9' samplen 2
plot 'data/p0_s0.dat' u 1:2 w l lw 2 dt 1 lc rgb '#13ae13' notitle, \
  'data/p0_s1.dat' u 1:2 w l lw 2 dt 1 lc rgb '#a23eea' notitle, \
  keyentry w l lw 2 dt 1 lc rgb '#13ae13' title "tamsi param=0.01", \
  keyentry w l lw 2 dt 1 lc rgb '#a23eea' title "bdf param=1e-08"
unset multiplot
unset output
