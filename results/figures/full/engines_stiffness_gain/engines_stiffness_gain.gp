# engines_stiffness_gain: regenerate with `cd results/figures/full/engines_stiffness_gain && gnuplot engines_stiffness_gain.gp`
if (!exists("cbench_out_suffix")) cbench_out_suffix = ""
set terminal svg size 1370,920 dynamic font 'sans,11' background '#ffffff'
set output 'engines_stiffness_gain.svg'.cbench_out_suffix
set grid
set datafile missing '?'
KEY_X = 0.7664
KEY_Y = 0.9185
set multiplot layout 2,2 margins 0.0547,0.7482,0.0598,0.9185 spacing 0.0620,0.1033 title "Every engine against contact stiffness and controller gain"
unset arrow
unset label
set title "sliding cube: accepted steps vs stiffness (accuracy 1e-3)"
set xlabel "contact stiffness k (N/m)"
set ylabel "accepted steps"
set logscale x
set logscale y
set format x '10^{%L}'
set format y '10^{%L}'
set autoscale xy
set xrange [*:*] noreverse
unset key
plot 'data/p0_s0.dat' u 1:2 w lp lw 2 dt 1 pt 7 ps 0.8 lc rgb '#135cae' notitle, \
  'data/p0_s1.dat' u 1:2 w lp lw 2 dt 1 pt 5 ps 0.8 lc rgb '#3e8eea' notitle, \
  'data/p0_s2.dat' u 1:2 w lp lw 2 dt 1 pt 13 ps 0.8 lc rgb '#3eea3e' notitle, \
  'data/p0_s3.dat' u 1:2 w lp lw 2 dt 1 pt 15 ps 0.8 lc rgb '#6e13ae' notitle, \
  'data/p0_s4.dat' u 1:2 w lp lw 2 dt 1 pt 4 ps 0.8 lc rgb '#a23eea' notitle, \
  'data/p0_s5.dat' u 1:2 w lp lw 2 dt 1 pt 10 ps 0.8 lc rgb '#450c6e' notitle, \
  'data/p0_s6.dat' u 1:2 w lp lw 2 dt 1 pt 12 ps 0.8 lc rgb '#8b18dc' notitle, \
  'data/p0_s7.dat' u 1:2 w lp lw 2 dt 1 pt 14 ps 0.8 lc rgb '#b86cef' notitle, \
  'data/p0_s8.dat' u 1:2 w lp lw 2 dt 1 pt 10 ps 0.8 lc rgb '#13ae61' notitle, \
  'data/p0_flagged.dat' u 1:2 w p pt 6 ps 1.8 lw 2 lc rgb '#e377c2' notitle, \
  '' u 1:2:3 w labels offset char 0,0.9 font ',7' tc rgb '#e377c2' noenhanced notitle
unset arrow
unset label
set title "sliding cube: work vs stiffness (dt 1 ms, accuracy 1e-3)"
set xlabel "contact stiffness k (N/m)"
set ylabel "wall s per simulated s"
set logscale x
set logscale y
set format x '10^{%L}'
set format y '10^{%L}'
set autoscale xy
set xrange [*:*] noreverse
unset key
plot 'data/p1_s0.dat' u 1:2 w lp lw 2 dt 1 pt 3 ps 0.8 lc rgb '#13aeae' notitle, \
  'data/p1_s1.dat' u 1:2 w lp lw 2 dt 1 pt 15 ps 0.8 lc rgb '#1313ae' notitle, \
  'data/p1_s2.dat' u 1:2 w lp lw 2 dt 1 pt 4 ps 0.8 lc rgb '#3e3eea' notitle, \
  'data/p1_s3.dat' u 1:2 w lp lw 2 dt 1 pt 14 ps 0.8 lc rgb '#1385ae' notitle, \
  'data/p1_s4.dat' u 1:2 w lp lw 2 dt 1 pt 3 ps 0.8 lc rgb '#3ebcea' notitle, \
  'data/p1_s5.dat' u 1:2 w lp lw 2 dt 1 pt 7 ps 0.8 lc rgb '#7a7e0e' notitle, \
  'data/p1_s6.dat' u 1:2 w lp lw 2 dt 1 pt 5 ps 0.8 lc rgb '#bac015' notitle, \
  'data/p1_s7.dat' u 1:2 w lp lw 2 dt 1 pt 9 ps 0.8 lc rgb '#4d4f09' notitle, \
  'data/p1_s8.dat' u 1:2 w lp lw 2 dt 1 pt 11 ps 0.8 lc rgb '#9a9f12' notitle, \
  'data/p1_s9.dat' u 1:2 w lp lw 2 dt 1 pt 7 ps 0.8 lc rgb '#427e0e' notitle, \
  'data/p1_s10.dat' u 1:2 w lp lw 2 dt 1 pt 5 ps 0.8 lc rgb '#65c015' notitle, \
  'data/p1_s11.dat' u 1:2 w lp lw 2 dt 1 pt 9 ps 0.8 lc rgb '#a213ae' notitle, \
  'data/p1_s12.dat' u 1:2 w lp lw 2 dt 1 pt 7 ps 0.8 lc rgb '#135cae' notitle, \
  'data/p1_s13.dat' u 1:2 w lp lw 2 dt 1 pt 5 ps 0.8 lc rgb '#3e8eea' notitle, \
  'data/p1_s14.dat' u 1:2 w lp lw 2 dt 1 pt 13 ps 0.8 lc rgb '#3eea3e' notitle, \
  'data/p1_s15.dat' u 1:2 w lp lw 2 dt 1 pt 15 ps 0.8 lc rgb '#6e13ae' notitle, \
  'data/p1_s16.dat' u 1:2 w lp lw 2 dt 1 pt 4 ps 0.8 lc rgb '#a23eea' notitle, \
  'data/p1_s17.dat' u 1:2 w lp lw 2 dt 1 pt 10 ps 0.8 lc rgb '#450c6e' notitle, \
  'data/p1_s18.dat' u 1:2 w lp lw 2 dt 1 pt 12 ps 0.8 lc rgb '#8b18dc' notitle, \
  'data/p1_s19.dat' u 1:2 w lp lw 2 dt 1 pt 14 ps 0.8 lc rgb '#b86cef' notitle, \
  'data/p1_s20.dat' u 1:2 w lp lw 2 dt 1 pt 10 ps 0.8 lc rgb '#13ae61' notitle, \
  'data/p1_flagged.dat' u 1:2 w p pt 6 ps 1.8 lw 2 lc rgb '#e377c2' notitle, \
  '' u 1:2:3 w labels offset char 0,0.9 font ',7' tc rgb '#e377c2' noenhanced notitle
unset arrow
unset label
set title "controlled arm: accepted steps vs gain (accuracy 1e-3)"
set xlabel "PD gain Kp = Kd"
set ylabel "accepted steps"
set logscale x
set logscale y
set format x '10^{%L}'
set format y '10^{%L}'
set autoscale xy
set xrange [*:*] noreverse
set xrange [50:2000000] noreverse
set yrange [34.5:502130]
set label 98 'runs that are not data beyond the axes: at the edge' at graph 0.98, graph 0.15 right font ',8' front
unset key
plot 'data/p2_s0.dat' u 1:2 w lp lw 2 dt 1 pt 7 ps 0.8 lc rgb '#135cae' notitle, \
  'data/p2_s1.dat' u 1:2 w lp lw 2 dt 2 pt 7 ps 0.8 lc rgb '#135cae' notitle, \
  'data/p2_s2.dat' u 1:2 w lp lw 2 dt 1 pt 5 ps 0.8 lc rgb '#3e8eea' notitle, \
  'data/p2_s3.dat' u 1:2 w lp lw 2 dt 2 pt 5 ps 0.8 lc rgb '#3e8eea' notitle, \
  'data/p2_s4.dat' u 1:2 w lp lw 2 dt 1 pt 13 ps 0.8 lc rgb '#3eea3e' notitle, \
  'data/p2_s5.dat' u 1:2 w lp lw 2 dt 1 pt 15 ps 0.8 lc rgb '#6e13ae' notitle, \
  'data/p2_s6.dat' u 1:2 w lp lw 2 dt 1 pt 4 ps 0.8 lc rgb '#a23eea' notitle, \
  'data/p2_s7.dat' u 1:2 w lp lw 2 dt 1 pt 10 ps 0.8 lc rgb '#450c6e' notitle, \
  'data/p2_s8.dat' u 1:2 w lp lw 2 dt 1 pt 12 ps 0.8 lc rgb '#8b18dc' notitle, \
  'data/p2_s9.dat' u 1:2 w lp lw 2 dt 1 pt 14 ps 0.8 lc rgb '#b86cef' notitle, \
  'data/p2_timeout.dat' u 1:2 w p pt 8 ps 1.5 lw 2 lc rgb '#ff7f0e' notitle, \
  '' u 1:2:3 w labels offset char 0,0.9 font ',7' tc rgb '#ff7f0e' noenhanced notitle, \
  'data/p2_flagged.dat' u 1:2 w p pt 6 ps 1.8 lw 2 lc rgb '#e377c2' notitle, \
  '' u 1:2:3 w labels offset char 0,0.9 font ',7' tc rgb '#e377c2' noenhanced notitle
unset arrow
unset label
set title "controlled arm: work vs gain (dt 1 ms, accuracy 1e-3)"
set xlabel "PD gain Kp = Kd"
set ylabel "wall s per simulated s"
set logscale x
set logscale y
set format x '10^{%L}'
set format y '10^{%L}'
set autoscale xy
set xrange [*:*] noreverse
set xrange [50:2000000] noreverse
set yrange [0.0001613468339:2.945775841]
set label 98 'runs that are not data beyond the axes: at the edge' at graph 0.98, graph 0.15 right font ',8' front
set key at screen KEY_X, KEY_Y left top Left reverse font ',9' samplen 2
plot 'data/p3_s0.dat' u 1:2 w lp lw 2 dt 1 pt 3 ps 0.8 lc rgb '#13aeae' notitle, \
  'data/p3_s1.dat' u 1:2 w lp lw 2 dt 1 pt 15 ps 0.8 lc rgb '#1313ae' notitle, \
  'data/p3_s2.dat' u 1:2 w lp lw 2 dt 1 pt 4 ps 0.8 lc rgb '#3e3eea' notitle, \
  'data/p3_s3.dat' u 1:2 w lp lw 2 dt 1 pt 14 ps 0.8 lc rgb '#1385ae' notitle, \
  'data/p3_s4.dat' u 1:2 w lp lw 2 dt 1 pt 3 ps 0.8 lc rgb '#3ebcea' notitle, \
  'data/p3_s5.dat' u 1:2 w lp lw 2 dt 1 pt 7 ps 0.8 lc rgb '#7a7e0e' notitle, \
  'data/p3_s6.dat' u 1:2 w lp lw 2 dt 1 pt 5 ps 0.8 lc rgb '#bac015' notitle, \
  'data/p3_s7.dat' u 1:2 w lp lw 2 dt 1 pt 9 ps 0.8 lc rgb '#4d4f09' notitle, \
  'data/p3_s8.dat' u 1:2 w lp lw 2 dt 1 pt 7 ps 0.8 lc rgb '#427e0e' notitle, \
  'data/p3_s9.dat' u 1:2 w lp lw 2 dt 1 pt 5 ps 0.8 lc rgb '#65c015' notitle, \
  'data/p3_s10.dat' u 1:2 w lp lw 2 dt 1 pt 7 ps 0.8 lc rgb '#135cae' notitle, \
  'data/p3_s11.dat' u 1:2 w lp lw 2 dt 2 pt 7 ps 0.8 lc rgb '#135cae' notitle, \
  'data/p3_s12.dat' u 1:2 w lp lw 2 dt 1 pt 5 ps 0.8 lc rgb '#3e8eea' notitle, \
  'data/p3_s13.dat' u 1:2 w lp lw 2 dt 2 pt 5 ps 0.8 lc rgb '#3e8eea' notitle, \
  'data/p3_s14.dat' u 1:2 w lp lw 2 dt 1 pt 13 ps 0.8 lc rgb '#3eea3e' notitle, \
  'data/p3_s15.dat' u 1:2 w lp lw 2 dt 1 pt 15 ps 0.8 lc rgb '#6e13ae' notitle, \
  'data/p3_s16.dat' u 1:2 w lp lw 2 dt 1 pt 4 ps 0.8 lc rgb '#a23eea' notitle, \
  'data/p3_s17.dat' u 1:2 w lp lw 2 dt 1 pt 10 ps 0.8 lc rgb '#450c6e' notitle, \
  'data/p3_s18.dat' u 1:2 w lp lw 2 dt 1 pt 12 ps 0.8 lc rgb '#8b18dc' notitle, \
  'data/p3_s19.dat' u 1:2 w lp lw 2 dt 1 pt 14 ps 0.8 lc rgb '#b86cef' notitle, \
  'data/p3_failed.dat' u 1:2 w p pt 2 ps 1.5 lw 2 lc rgb 'red' notitle, \
  '' u 1:2:3 w labels offset char 0,0.9 font ',7' tc rgb 'red' noenhanced notitle, \
  'data/p3_timeout.dat' u 1:2 w p pt 8 ps 1.5 lw 2 lc rgb '#ff7f0e' notitle, \
  '' u 1:2:3 w labels offset char 0,0.9 font ',7' tc rgb '#ff7f0e' noenhanced notitle, \
  'data/p3_flagged.dat' u 1:2 w p pt 6 ps 1.8 lw 2 lc rgb '#e377c2' notitle, \
  '' u 1:2:3 w labels offset char 0,0.9 font ',7' tc rgb '#e377c2' noenhanced notitle, \
  keyentry w lp lw 2 dt 1 pt 7 ps 0.8 lc rgb '#135cae' title "cenic-sd controllers=implicit", \
  keyentry w lp lw 2 dt 1 pt 5 ps 0.8 lc rgb '#3e8eea' title "cenic-trap controllers=implicit", \
  keyentry w lp lw 2 dt 1 pt 13 ps 0.8 lc rgb '#3eea3e' title "tamsi-sd controllers=explicit", \
  keyentry w lp lw 2 dt 1 pt 15 ps 0.8 lc rgb '#6e13ae' title "ie controllers=implicit", \
  keyentry w lp lw 2 dt 1 pt 4 ps 0.8 lc rgb '#a23eea' title "bdf controllers=implicit", \
  keyentry w lp lw 2 dt 1 pt 10 ps 0.8 lc rgb '#450c6e' title "sdirk2 controllers=implicit", \
  keyentry w lp lw 2 dt 1 pt 12 ps 0.8 lc rgb '#8b18dc' title "rosenbrock controllers=implicit", \
  keyentry w lp lw 2 dt 1 pt 14 ps 0.8 lc rgb '#b86cef' title "rk3 controllers=explicit", \
  keyentry w lp lw 2 dt 1 pt 10 ps 0.8 lc rgb '#13ae61' title "simbody-rkm controllers=explicit", \
  keyentry w lp lw 2 dt 1 pt 3 ps 0.8 lc rgb '#13aeae' title "mujoco controllers=explicit", \
  keyentry w lp lw 2 dt 1 pt 15 ps 0.8 lc rgb '#1313ae' title "ode controllers=explicit", \
  keyentry w lp lw 2 dt 1 pt 4 ps 0.8 lc rgb '#3e3eea' title "ode-quick controllers=explicit", \
  keyentry w lp lw 2 dt 1 pt 14 ps 0.8 lc rgb '#1385ae' title "bullet controllers=explicit", \
  keyentry w lp lw 2 dt 1 pt 3 ps 0.8 lc rgb '#3ebcea' title "bullet-mlcp controllers=explicit", \
  keyentry w lp lw 2 dt 1 pt 7 ps 0.8 lc rgb '#7a7e0e' title "lcp controllers=explicit", \
  keyentry w lp lw 2 dt 1 pt 5 ps 0.8 lc rgb '#bac015' title "ccp controllers=explicit", \
  keyentry w lp lw 2 dt 1 pt 9 ps 0.8 lc rgb '#4d4f09' title "ncp controllers=explicit", \
  keyentry w lp lw 2 dt 1 pt 11 ps 0.8 lc rgb '#9a9f12' title "raisim controllers=explicit", \
  keyentry w lp lw 2 dt 1 pt 7 ps 0.8 lc rgb '#427e0e' title "dart controllers=explicit", \
  keyentry w lp lw 2 dt 1 pt 5 ps 0.8 lc rgb '#65c015' title "dart-pgs controllers=explicit", \
  keyentry w lp lw 2 dt 1 pt 9 ps 0.8 lc rgb '#a213ae' title "siconos controllers=explicit", \
  keyentry w lp lw 2 dt 2 pt 7 ps 0.8 lc rgb '#135cae' title "cenic-sd controllers=explicit", \
  keyentry w lp lw 2 dt 2 pt 5 ps 0.8 lc rgb '#3e8eea' title "cenic-trap controllers=explicit", \
  keyentry w p pt 2 ps 1.5 lw 2 lc rgb 'red' title 'failed (4)', \
  keyentry w p pt 8 ps 1.5 lw 2 lc rgb '#ff7f0e' title 'timed out (27)', \
  keyentry w p pt 6 ps 1.8 lw 2 lc rgb '#e377c2' title 'flagged (physics guard) (7)'
unset multiplot
unset output
set terminal pngcairo size 1370,920 font 'sans,10'
set output 'engines_stiffness_gain.png'.cbench_out_suffix
set grid
set datafile missing '?'
KEY_X = 0.7664
KEY_Y = 0.9185
set multiplot layout 2,2 margins 0.0547,0.7482,0.0598,0.9185 spacing 0.0620,0.1033 title "Every engine against contact stiffness and controller gain"
unset arrow
unset label
set title "sliding cube: accepted steps vs stiffness (accuracy 1e-3)"
set xlabel "contact stiffness k (N/m)"
set ylabel "accepted steps"
set logscale x
set logscale y
set format x '10^{%L}'
set format y '10^{%L}'
set autoscale xy
set xrange [*:*] noreverse
unset key
plot 'data/p0_s0.dat' u 1:2 w lp lw 2 dt 1 pt 7 ps 0.8 lc rgb '#135cae' notitle, \
  'data/p0_s1.dat' u 1:2 w lp lw 2 dt 1 pt 5 ps 0.8 lc rgb '#3e8eea' notitle, \
  'data/p0_s2.dat' u 1:2 w lp lw 2 dt 1 pt 13 ps 0.8 lc rgb '#3eea3e' notitle, \
  'data/p0_s3.dat' u 1:2 w lp lw 2 dt 1 pt 15 ps 0.8 lc rgb '#6e13ae' notitle, \
  'data/p0_s4.dat' u 1:2 w lp lw 2 dt 1 pt 4 ps 0.8 lc rgb '#a23eea' notitle, \
  'data/p0_s5.dat' u 1:2 w lp lw 2 dt 1 pt 10 ps 0.8 lc rgb '#450c6e' notitle, \
  'data/p0_s6.dat' u 1:2 w lp lw 2 dt 1 pt 12 ps 0.8 lc rgb '#8b18dc' notitle, \
  'data/p0_s7.dat' u 1:2 w lp lw 2 dt 1 pt 14 ps 0.8 lc rgb '#b86cef' notitle, \
  'data/p0_s8.dat' u 1:2 w lp lw 2 dt 1 pt 10 ps 0.8 lc rgb '#13ae61' notitle, \
  'data/p0_flagged.dat' u 1:2 w p pt 6 ps 1.8 lw 2 lc rgb '#e377c2' notitle, \
  '' u 1:2:3 w labels offset char 0,0.9 font ',7' tc rgb '#e377c2' noenhanced notitle
unset arrow
unset label
set title "sliding cube: work vs stiffness (dt 1 ms, accuracy 1e-3)"
set xlabel "contact stiffness k (N/m)"
set ylabel "wall s per simulated s"
set logscale x
set logscale y
set format x '10^{%L}'
set format y '10^{%L}'
set autoscale xy
set xrange [*:*] noreverse
unset key
plot 'data/p1_s0.dat' u 1:2 w lp lw 2 dt 1 pt 3 ps 0.8 lc rgb '#13aeae' notitle, \
  'data/p1_s1.dat' u 1:2 w lp lw 2 dt 1 pt 15 ps 0.8 lc rgb '#1313ae' notitle, \
  'data/p1_s2.dat' u 1:2 w lp lw 2 dt 1 pt 4 ps 0.8 lc rgb '#3e3eea' notitle, \
  'data/p1_s3.dat' u 1:2 w lp lw 2 dt 1 pt 14 ps 0.8 lc rgb '#1385ae' notitle, \
  'data/p1_s4.dat' u 1:2 w lp lw 2 dt 1 pt 3 ps 0.8 lc rgb '#3ebcea' notitle, \
  'data/p1_s5.dat' u 1:2 w lp lw 2 dt 1 pt 7 ps 0.8 lc rgb '#7a7e0e' notitle, \
  'data/p1_s6.dat' u 1:2 w lp lw 2 dt 1 pt 5 ps 0.8 lc rgb '#bac015' notitle, \
  'data/p1_s7.dat' u 1:2 w lp lw 2 dt 1 pt 9 ps 0.8 lc rgb '#4d4f09' notitle, \
  'data/p1_s8.dat' u 1:2 w lp lw 2 dt 1 pt 11 ps 0.8 lc rgb '#9a9f12' notitle, \
  'data/p1_s9.dat' u 1:2 w lp lw 2 dt 1 pt 7 ps 0.8 lc rgb '#427e0e' notitle, \
  'data/p1_s10.dat' u 1:2 w lp lw 2 dt 1 pt 5 ps 0.8 lc rgb '#65c015' notitle, \
  'data/p1_s11.dat' u 1:2 w lp lw 2 dt 1 pt 9 ps 0.8 lc rgb '#a213ae' notitle, \
  'data/p1_s12.dat' u 1:2 w lp lw 2 dt 1 pt 7 ps 0.8 lc rgb '#135cae' notitle, \
  'data/p1_s13.dat' u 1:2 w lp lw 2 dt 1 pt 5 ps 0.8 lc rgb '#3e8eea' notitle, \
  'data/p1_s14.dat' u 1:2 w lp lw 2 dt 1 pt 13 ps 0.8 lc rgb '#3eea3e' notitle, \
  'data/p1_s15.dat' u 1:2 w lp lw 2 dt 1 pt 15 ps 0.8 lc rgb '#6e13ae' notitle, \
  'data/p1_s16.dat' u 1:2 w lp lw 2 dt 1 pt 4 ps 0.8 lc rgb '#a23eea' notitle, \
  'data/p1_s17.dat' u 1:2 w lp lw 2 dt 1 pt 10 ps 0.8 lc rgb '#450c6e' notitle, \
  'data/p1_s18.dat' u 1:2 w lp lw 2 dt 1 pt 12 ps 0.8 lc rgb '#8b18dc' notitle, \
  'data/p1_s19.dat' u 1:2 w lp lw 2 dt 1 pt 14 ps 0.8 lc rgb '#b86cef' notitle, \
  'data/p1_s20.dat' u 1:2 w lp lw 2 dt 1 pt 10 ps 0.8 lc rgb '#13ae61' notitle, \
  'data/p1_flagged.dat' u 1:2 w p pt 6 ps 1.8 lw 2 lc rgb '#e377c2' notitle, \
  '' u 1:2:3 w labels offset char 0,0.9 font ',7' tc rgb '#e377c2' noenhanced notitle
unset arrow
unset label
set title "controlled arm: accepted steps vs gain (accuracy 1e-3)"
set xlabel "PD gain Kp = Kd"
set ylabel "accepted steps"
set logscale x
set logscale y
set format x '10^{%L}'
set format y '10^{%L}'
set autoscale xy
set xrange [*:*] noreverse
set xrange [50:2000000] noreverse
set yrange [34.5:502130]
set label 98 'runs that are not data beyond the axes: at the edge' at graph 0.98, graph 0.15 right font ',8' front
unset key
plot 'data/p2_s0.dat' u 1:2 w lp lw 2 dt 1 pt 7 ps 0.8 lc rgb '#135cae' notitle, \
  'data/p2_s1.dat' u 1:2 w lp lw 2 dt 2 pt 7 ps 0.8 lc rgb '#135cae' notitle, \
  'data/p2_s2.dat' u 1:2 w lp lw 2 dt 1 pt 5 ps 0.8 lc rgb '#3e8eea' notitle, \
  'data/p2_s3.dat' u 1:2 w lp lw 2 dt 2 pt 5 ps 0.8 lc rgb '#3e8eea' notitle, \
  'data/p2_s4.dat' u 1:2 w lp lw 2 dt 1 pt 13 ps 0.8 lc rgb '#3eea3e' notitle, \
  'data/p2_s5.dat' u 1:2 w lp lw 2 dt 1 pt 15 ps 0.8 lc rgb '#6e13ae' notitle, \
  'data/p2_s6.dat' u 1:2 w lp lw 2 dt 1 pt 4 ps 0.8 lc rgb '#a23eea' notitle, \
  'data/p2_s7.dat' u 1:2 w lp lw 2 dt 1 pt 10 ps 0.8 lc rgb '#450c6e' notitle, \
  'data/p2_s8.dat' u 1:2 w lp lw 2 dt 1 pt 12 ps 0.8 lc rgb '#8b18dc' notitle, \
  'data/p2_s9.dat' u 1:2 w lp lw 2 dt 1 pt 14 ps 0.8 lc rgb '#b86cef' notitle, \
  'data/p2_timeout.dat' u 1:2 w p pt 8 ps 1.5 lw 2 lc rgb '#ff7f0e' notitle, \
  '' u 1:2:3 w labels offset char 0,0.9 font ',7' tc rgb '#ff7f0e' noenhanced notitle, \
  'data/p2_flagged.dat' u 1:2 w p pt 6 ps 1.8 lw 2 lc rgb '#e377c2' notitle, \
  '' u 1:2:3 w labels offset char 0,0.9 font ',7' tc rgb '#e377c2' noenhanced notitle
unset arrow
unset label
set title "controlled arm: work vs gain (dt 1 ms, accuracy 1e-3)"
set xlabel "PD gain Kp = Kd"
set ylabel "wall s per simulated s"
set logscale x
set logscale y
set format x '10^{%L}'
set format y '10^{%L}'
set autoscale xy
set xrange [*:*] noreverse
set xrange [50:2000000] noreverse
set yrange [0.0001613468339:2.945775841]
set label 98 'runs that are not data beyond the axes: at the edge' at graph 0.98, graph 0.15 right font ',8' front
set key at screen KEY_X, KEY_Y left top Left reverse font ',9' samplen 2
plot 'data/p3_s0.dat' u 1:2 w lp lw 2 dt 1 pt 3 ps 0.8 lc rgb '#13aeae' notitle, \
  'data/p3_s1.dat' u 1:2 w lp lw 2 dt 1 pt 15 ps 0.8 lc rgb '#1313ae' notitle, \
  'data/p3_s2.dat' u 1:2 w lp lw 2 dt 1 pt 4 ps 0.8 lc rgb '#3e3eea' notitle, \
  'data/p3_s3.dat' u 1:2 w lp lw 2 dt 1 pt 14 ps 0.8 lc rgb '#1385ae' notitle, \
  'data/p3_s4.dat' u 1:2 w lp lw 2 dt 1 pt 3 ps 0.8 lc rgb '#3ebcea' notitle, \
  'data/p3_s5.dat' u 1:2 w lp lw 2 dt 1 pt 7 ps 0.8 lc rgb '#7a7e0e' notitle, \
  'data/p3_s6.dat' u 1:2 w lp lw 2 dt 1 pt 5 ps 0.8 lc rgb '#bac015' notitle, \
  'data/p3_s7.dat' u 1:2 w lp lw 2 dt 1 pt 9 ps 0.8 lc rgb '#4d4f09' notitle, \
  'data/p3_s8.dat' u 1:2 w lp lw 2 dt 1 pt 7 ps 0.8 lc rgb '#427e0e' notitle, \
  'data/p3_s9.dat' u 1:2 w lp lw 2 dt 1 pt 5 ps 0.8 lc rgb '#65c015' notitle, \
  'data/p3_s10.dat' u 1:2 w lp lw 2 dt 1 pt 7 ps 0.8 lc rgb '#135cae' notitle, \
  'data/p3_s11.dat' u 1:2 w lp lw 2 dt 2 pt 7 ps 0.8 lc rgb '#135cae' notitle, \
  'data/p3_s12.dat' u 1:2 w lp lw 2 dt 1 pt 5 ps 0.8 lc rgb '#3e8eea' notitle, \
  'data/p3_s13.dat' u 1:2 w lp lw 2 dt 2 pt 5 ps 0.8 lc rgb '#3e8eea' notitle, \
  'data/p3_s14.dat' u 1:2 w lp lw 2 dt 1 pt 13 ps 0.8 lc rgb '#3eea3e' notitle, \
  'data/p3_s15.dat' u 1:2 w lp lw 2 dt 1 pt 15 ps 0.8 lc rgb '#6e13ae' notitle, \
  'data/p3_s16.dat' u 1:2 w lp lw 2 dt 1 pt 4 ps 0.8 lc rgb '#a23eea' notitle, \
  'data/p3_s17.dat' u 1:2 w lp lw 2 dt 1 pt 10 ps 0.8 lc rgb '#450c6e' notitle, \
  'data/p3_s18.dat' u 1:2 w lp lw 2 dt 1 pt 12 ps 0.8 lc rgb '#8b18dc' notitle, \
  'data/p3_s19.dat' u 1:2 w lp lw 2 dt 1 pt 14 ps 0.8 lc rgb '#b86cef' notitle, \
  'data/p3_failed.dat' u 1:2 w p pt 2 ps 1.5 lw 2 lc rgb 'red' notitle, \
  '' u 1:2:3 w labels offset char 0,0.9 font ',7' tc rgb 'red' noenhanced notitle, \
  'data/p3_timeout.dat' u 1:2 w p pt 8 ps 1.5 lw 2 lc rgb '#ff7f0e' notitle, \
  '' u 1:2:3 w labels offset char 0,0.9 font ',7' tc rgb '#ff7f0e' noenhanced notitle, \
  'data/p3_flagged.dat' u 1:2 w p pt 6 ps 1.8 lw 2 lc rgb '#e377c2' notitle, \
  '' u 1:2:3 w labels offset char 0,0.9 font ',7' tc rgb '#e377c2' noenhanced notitle, \
  keyentry w lp lw 2 dt 1 pt 7 ps 0.8 lc rgb '#135cae' title "cenic-sd controllers=implicit", \
  keyentry w lp lw 2 dt 1 pt 5 ps 0.8 lc rgb '#3e8eea' title "cenic-trap controllers=implicit", \
  keyentry w lp lw 2 dt 1 pt 13 ps 0.8 lc rgb '#3eea3e' title "tamsi-sd controllers=explicit", \
  keyentry w lp lw 2 dt 1 pt 15 ps 0.8 lc rgb '#6e13ae' title "ie controllers=implicit", \
  keyentry w lp lw 2 dt 1 pt 4 ps 0.8 lc rgb '#a23eea' title "bdf controllers=implicit", \
  keyentry w lp lw 2 dt 1 pt 10 ps 0.8 lc rgb '#450c6e' title "sdirk2 controllers=implicit", \
  keyentry w lp lw 2 dt 1 pt 12 ps 0.8 lc rgb '#8b18dc' title "rosenbrock controllers=implicit", \
  keyentry w lp lw 2 dt 1 pt 14 ps 0.8 lc rgb '#b86cef' title "rk3 controllers=explicit", \
  keyentry w lp lw 2 dt 1 pt 10 ps 0.8 lc rgb '#13ae61' title "simbody-rkm controllers=explicit", \
  keyentry w lp lw 2 dt 1 pt 3 ps 0.8 lc rgb '#13aeae' title "mujoco controllers=explicit", \
  keyentry w lp lw 2 dt 1 pt 15 ps 0.8 lc rgb '#1313ae' title "ode controllers=explicit", \
  keyentry w lp lw 2 dt 1 pt 4 ps 0.8 lc rgb '#3e3eea' title "ode-quick controllers=explicit", \
  keyentry w lp lw 2 dt 1 pt 14 ps 0.8 lc rgb '#1385ae' title "bullet controllers=explicit", \
  keyentry w lp lw 2 dt 1 pt 3 ps 0.8 lc rgb '#3ebcea' title "bullet-mlcp controllers=explicit", \
  keyentry w lp lw 2 dt 1 pt 7 ps 0.8 lc rgb '#7a7e0e' title "lcp controllers=explicit", \
  keyentry w lp lw 2 dt 1 pt 5 ps 0.8 lc rgb '#bac015' title "ccp controllers=explicit", \
  keyentry w lp lw 2 dt 1 pt 9 ps 0.8 lc rgb '#4d4f09' title "ncp controllers=explicit", \
  keyentry w lp lw 2 dt 1 pt 11 ps 0.8 lc rgb '#9a9f12' title "raisim controllers=explicit", \
  keyentry w lp lw 2 dt 1 pt 7 ps 0.8 lc rgb '#427e0e' title "dart controllers=explicit", \
  keyentry w lp lw 2 dt 1 pt 5 ps 0.8 lc rgb '#65c015' title "dart-pgs controllers=explicit", \
  keyentry w lp lw 2 dt 1 pt 9 ps 0.8 lc rgb '#a213ae' title "siconos controllers=explicit", \
  keyentry w lp lw 2 dt 2 pt 7 ps 0.8 lc rgb '#135cae' title "cenic-sd controllers=explicit", \
  keyentry w lp lw 2 dt 2 pt 5 ps 0.8 lc rgb '#3e8eea' title "cenic-trap controllers=explicit", \
  keyentry w p pt 2 ps 1.5 lw 2 lc rgb 'red' title 'failed (4)', \
  keyentry w p pt 8 ps 1.5 lw 2 lc rgb '#ff7f0e' title 'timed out (27)', \
  keyentry w p pt 6 ps 1.8 lw 2 lc rgb '#e377c2' title 'flagged (physics guard) (7)'
unset multiplot
unset output
