# tamsi_fig02_stick_slip: regenerate with `cd results/figures/quick/tamsi_fig02_stick_slip && gnuplot tamsi_fig02_stick_slip.gp`
set terminal svg size 520,460 dynamic font 'sans,11' background '#ffffff'
set output 'tamsi_fig02_stick_slip.svg'
set grid
set key top left font ',9'
set datafile missing '?'
set multiplot layout 1,1 title "TAMSI Figs. 2 and 4: box stick-slip velocity and its first transition"
set title "box slip speed"
set xlabel "t (s)"
set ylabel "slip speed (m/s)"
unset logscale x
unset logscale y
set format x '%g'
set format y '%g'
plot 'data/p0_s0.dat' u 1:2 w l lw 2 dt 1 lc rgb '#9467bd' title "tamsi param=0.01", \
  'data/p0_s1.dat' u 1:2 w l lw 2 dt 1 lc rgb '#e377c2' title "bdf param=1e-08"
unset multiplot
unset output
set terminal pngcairo size 520,460 font 'sans,10'
set output 'tamsi_fig02_stick_slip.png'
set grid
set key top left font ',9'
set datafile missing '?'
set multiplot layout 1,1 title "TAMSI Figs. 2 and 4: box stick-slip velocity and its first transition"
set title "box slip speed"
set xlabel "t (s)"
set ylabel "slip speed (m/s)"
unset logscale x
unset logscale y
set format x '%g'
set format y '%g'
plot 'data/p0_s0.dat' u 1:2 w l lw 2 dt 1 lc rgb '#9467bd' title "tamsi param=0.01", \
  'data/p0_s1.dat' u 1:2 w l lw 2 dt 1 lc rgb '#e377c2' title "bdf param=1e-08"
unset multiplot
unset output
