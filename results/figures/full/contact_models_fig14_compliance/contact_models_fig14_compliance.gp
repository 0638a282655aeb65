# contact_models_fig14_compliance: regenerate with `cd results/figures/full/contact_models_fig14_compliance && gnuplot contact_models_fig14_compliance.gp`
if (!exists("cbench_out_suffix")) cbench_out_suffix = ""
set terminal svg size 1370,500 dynamic font 'sans,11' background '#ffffff'
set output 'contact_models_fig14_compliance.svg'.cbench_out_suffix
set grid
set datafile missing '?'
KEY_X = 0.7664
KEY_Y = 0.8500
set multiplot layout 1,2 margins 0.0547,0.7482,0.1100,0.8500 spacing 0.0620,0.1900 title "Contact models Fig. 14: MuJoCo's compliance R relaxes Signorini's condition and Coulomb's law"
unset arrow
unset label
set title "ball resting on the plane: height of its center (r = 5 cm)"
set xlabel "t (s)"
set ylabel "z (m)"
unset logscale x
unset logscale y
set format x '%g'
set format y '%g'
set autoscale xy
set xrange [*:*] noreverse
unset key
plot 'data/p0_s0.dat' u 1:2 w l lw 2 dt 1 lc rgb '#13aeae' notitle, \
  'data/p0_s1.dat' u 1:2 w l lw 2 dt 2 lc rgb '#13aeae' notitle, \
  'data/p0_s2.dat' u 1:2 w l lw 2 dt 3 lc rgb '#13aeae' notitle, \
  'data/p0_s3.dat' u 1:2 w l lw 2 dt 4 lc rgb '#13aeae' notitle, \
  'data/p0_s4.dat' u 1:2 w l lw 2 dt 5 lc rgb '#13aeae' notitle
unset arrow
unset label
set title "cube pulled by 20 t N, Coulomb onset at 0.196 s: displacement"
set xlabel "t (s)"
set ylabel "x (m)"
unset logscale x
unset logscale y
set format x '%g'
set format y '%g'
set autoscale xy
set xrange [0:0.2] noreverse
set yrange [-1.135675173e-05:0.0002384917863]
set label 98 'runs that are not data beyond the axes: at the edge' at graph 0.98, graph 0.15 right font ',8' front
set key at screen KEY_X, KEY_Y left top Left reverse font ',9' samplen 2
plot 'data/p1_s0.dat' u 1:2 w l lw 2 dt 1 lc rgb '#13aeae' notitle, \
  'data/p1_s1.dat' u 1:2 w l lw 2 dt 2 lc rgb '#13aeae' notitle, \
  'data/p1_s2.dat' u 1:2 w l lw 2 dt 3 lc rgb '#13aeae' notitle, \
  'data/p1_s3.dat' u 1:2 w l lw 2 dt 4 lc rgb '#13aeae' notitle, \
  'data/p1_s4.dat' u 1:2 w l lw 2 dt 5 lc rgb '#13aeae' notitle, \
  'data/p1_s5.dat' u 1:2 w l lw 2 dt 1 lc rgb '#0c3a6e' notitle, \
  keyentry w l lw 2 dt 1 lc rgb '#13aeae' title "mujoco solimp=0.99,0.99,0.001 [flagged: physics guard]", \
  keyentry w l lw 2 dt 2 lc rgb '#13aeae' title "mujoco solimp=0.95,0.95,0.001", \
  keyentry w l lw 2 dt 3 lc rgb '#13aeae' title "mujoco solimp=0.9,0.9,0.001", \
  keyentry w l lw 2 dt 4 lc rgb '#13aeae' title "mujoco solimp=0.8,0.8,0.001", \
  keyentry w l lw 2 dt 5 lc rgb '#13aeae' title "mujoco solimp=0.5,0.5,0.001", \
  keyentry w l lw 2 dt 1 lc rgb '#13aeae' title "mujoco solimp=0.99,0.99,0.001", \
  keyentry w l lw 2 dt 4 lc rgb '#13aeae' title "mujoco solimp=0.8,0.8,0.001 [flagged: physics guard]", \
  keyentry w l lw 2 dt 5 lc rgb '#13aeae' title "mujoco solimp=0.5,0.5,0.001 [flagged: physics guard]", \
  keyentry w l lw 2 dt 1 lc rgb '#0c3a6e' title "cenic-fixed"
unset multiplot
unset output
set terminal pngcairo size 1370,500 font 'sans,10'
set output 'contact_models_fig14_compliance.png'.cbench_out_suffix
set grid
set datafile missing '?'
KEY_X = 0.7664
KEY_Y = 0.8500
set multiplot layout 1,2 margins 0.0547,0.7482,0.1100,0.8500 spacing 0.0620,0.1900 title "Contact models Fig. 14: MuJoCo's compliance R relaxes Signorini's condition and Coulomb's law"
unset arrow
unset label
set title "ball resting on the plane: height of its center (r = 5 cm)"
set xlabel "t (s)"
set ylabel "z (m)"
unset logscale x
unset logscale y
set format x '%g'
set format y '%g'
set autoscale xy
set xrange [*:*] noreverse
unset key
plot 'data/p0_s0.dat' u 1:2 w l lw 2 dt 1 lc rgb '#13aeae' notitle, \
  'data/p0_s1.dat' u 1:2 w l lw 2 dt 2 lc rgb '#13aeae' notitle, \
  'data/p0_s2.dat' u 1:2 w l lw 2 dt 3 lc rgb '#13aeae' notitle, \
  'data/p0_s3.dat' u 1:2 w l lw 2 dt 4 lc rgb '#13aeae' notitle, \
  'data/p0_s4.dat' u 1:2 w l lw 2 dt 5 lc rgb '#13aeae' notitle
unset arrow
unset label
set title "cube pulled by 20 t N, Coulomb onset at 0.196 s: displacement"
set xlabel "t (s)"
set ylabel "x (m)"
unset logscale x
unset logscale y
set format x '%g'
set format y '%g'
set autoscale xy
set xrange [0:0.2] noreverse
set yrange [-1.135675173e-05:0.0002384917863]
set label 98 'runs that are not data beyond the axes: at the edge' at graph 0.98, graph 0.15 right font ',8' front
set key at screen KEY_X, KEY_Y left top Left reverse font ',9' samplen 2
plot 'data/p1_s0.dat' u 1:2 w l lw 2 dt 1 lc rgb '#13aeae' notitle, \
  'data/p1_s1.dat' u 1:2 w l lw 2 dt 2 lc rgb '#13aeae' notitle, \
  'data/p1_s2.dat' u 1:2 w l lw 2 dt 3 lc rgb '#13aeae' notitle, \
  'data/p1_s3.dat' u 1:2 w l lw 2 dt 4 lc rgb '#13aeae' notitle, \
  'data/p1_s4.dat' u 1:2 w l lw 2 dt 5 lc rgb '#13aeae' notitle, \
  'data/p1_s5.dat' u 1:2 w l lw 2 dt 1 lc rgb '#0c3a6e' notitle, \
  keyentry w l lw 2 dt 1 lc rgb '#13aeae' title "mujoco solimp=0.99,0.99,0.001 [flagged: physics guard]", \
  keyentry w l lw 2 dt 2 lc rgb '#13aeae' title "mujoco solimp=0.95,0.95,0.001", \
  keyentry w l lw 2 dt 3 lc rgb '#13aeae' title "mujoco solimp=0.9,0.9,0.001", \
  keyentry w l lw 2 dt 4 lc rgb '#13aeae' title "mujoco solimp=0.8,0.8,0.001", \
  keyentry w l lw 2 dt 5 lc rgb '#13aeae' title "mujoco solimp=0.5,0.5,0.001", \
  keyentry w l lw 2 dt 1 lc rgb '#13aeae' title "mujoco solimp=0.99,0.99,0.001", \
  keyentry w l lw 2 dt 4 lc rgb '#13aeae' title "mujoco solimp=0.8,0.8,0.001 [flagged: physics guard]", \
  keyentry w l lw 2 dt 5 lc rgb '#13aeae' title "mujoco solimp=0.5,0.5,0.001 [flagged: physics guard]", \
  keyentry w l lw 2 dt 1 lc rgb '#0c3a6e' title "cenic-fixed"
unset multiplot
unset output
