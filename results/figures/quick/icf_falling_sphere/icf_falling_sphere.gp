# icf_falling_sphere: regenerate with `cd results/figures/quick/icf_falling_sphere && gnuplot icf_falling_sphere.gp`
set terminal svg size 520,460 dynamic font 'sans,11' background '#ffffff'
set output 'icf_falling_sphere.svg'
set grid
set key top left font ',9'
set datafile missing '?'
set multiplot layout 1,1 title "ICF: falling sphere, slide to roll"
set title "slip speed at the contact"
set xlabel "t (s)"
set ylabel "slip speed (m/s)"
unset logscale x
unset logscale y
set format x '%g'
set format y '%g'
plot 'data/p0_s0.dat' u 1:2 w l lw 2 dt 1 lc rgb '#1f77b4' title "cenic-sd param=0.001", \
  'data/p0_s1.dat' u 1:2 w l lw 2 dt 2 lc rgb '#1f77b4' title "cenic-sd param=1e-05", \
  'data/p0_s2.dat' u 1:2 w l lw 2 dt 1 lc rgb '#2ca02c' title "cenic-fixed param=0.01", \
  'data/p0_s3.dat' u 1:2 w l lw 2 dt 2 lc rgb '#2ca02c' title "cenic-fixed param=0.001"
unset multiplot
unset output
set terminal pngcairo size 520,460 font 'sans,10'
set output 'icf_falling_sphere.png'
set grid
set key top left font ',9'
set datafile missing '?'
set multiplot layout 1,1 title "ICF: falling sphere, slide to roll"
set title "slip speed at the contact"
set xlabel "t (s)"
set ylabel "slip speed (m/s)"
unset logscale x
unset logscale y
set format x '%g'
set format y '%g'
plot 'data/p0_s0.dat' u 1:2 w l lw 2 dt 1 lc rgb '#1f77b4' title "cenic-sd param=0.001", \
  'data/p0_s1.dat' u 1:2 w l lw 2 dt 2 lc rgb '#1f77b4' title "cenic-sd param=1e-05", \
  'data/p0_s2.dat' u 1:2 w l lw 2 dt 1 lc rgb '#2ca02c' title "cenic-fixed param=0.01", \
  'data/p0_s3.dat' u 1:2 w l lw 2 dt 2 lc rgb '#2ca02c' title "cenic-fixed param=0.001"
unset multiplot
unset output
