# contact_models_work_precision: regenerate with `cd results/figures/full/contact_models_work_precision && gnuplot contact_models_work_precision.gp`
if (!exists("cbench_out_suffix")) cbench_out_suffix = ""
set terminal svg size 1370,920 dynamic font 'sans,11' background '#ffffff'
set output 'contact_models_work_precision.svg'.cbench_out_suffix
set grid
set datafile missing '?'
KEY_X = 0.7664
KEY_Y = 0.9185
set multiplot layout 2,2 margins 0.0547,0.7482,0.0598,0.9185 spacing 0.0620,0.1033 title "Work and precision: compliant integrators and rigid models"
unset arrow
unset label
set title "sliding\\_cube: integration error"
set xlabel "rms position error against the compliant reference (m)"
set ylabel "wall s per simulated s"
set logscale x
set logscale y
set format x '10^{%L}'
set format y '10^{%L}'
set autoscale xy
set xrange [*:*] noreverse
unset key
set arrow 90 from first 2.965049978e-10, graph 0 to first 2.965049978e-10, graph 1 nohead dt 3 lw 1.5 lc rgb '#555555' front
set label 90 'reference uncertainty (x): 3e-10' at graph 0.02, graph 0.04 left font ',8' front
plot 'data/p0_s0.dat' u 1:2 w lp lw 2 dt 1 pt 7 ps 0.8 lc rgb '#135cae' notitle, \
  'data/p0_s1.dat' u 1:2 w lp lw 2 dt 1 pt 4 ps 0.8 lc rgb '#a23eea' notitle, \
  'data/p0_s2.dat' u 1:2 w lp lw 2 dt 1 pt 13 ps 0.8 lc rgb '#3eea3e' notitle
unset arrow
unset label
set title "sliding\\_cube: model error (rigid models)"
set xlabel "rms position error against the compliant reference: model error (m)"
set ylabel "wall s per simulated s"
set logscale x
set logscale y
set format x '10^{%L}'
set format y '10^{%L}'
set autoscale xy
set xrange [*:*] noreverse
unset key
set arrow 90 from first 2.965049978e-10, graph 0 to first 2.965049978e-10, graph 1 nohead dt 3 lw 1.5 lc rgb '#555555' front
set label 90 'reference uncertainty (x): 3e-10' at graph 0.02, graph 0.04 left font ',8' front
plot 'data/p1_s0.dat' u 1:2 w lp lw 2 dt 1 pt 7 ps 0.8 lc rgb '#7a7e0e' notitle, \
  'data/p1_s1.dat' u 1:2 w lp lw 2 dt 1 pt 5 ps 0.8 lc rgb '#bac015' notitle, \
  'data/p1_s2.dat' u 1:2 w lp lw 2 dt 1 pt 9 ps 0.8 lc rgb '#4d4f09' notitle, \
  'data/p1_s3.dat' u 1:2 w lp lw 2 dt 1 pt 11 ps 0.8 lc rgb '#9a9f12' notitle
unset arrow
unset label
set title "dragged\\_cube: integration error"
set xlabel "rms position error against the compliant reference (m)"
set ylabel "wall s per simulated s"
set logscale x
set logscale y
set format x '10^{%L}'
set format y '10^{%L}'
set autoscale xy
set xrange [*:*] noreverse
unset key
set arrow 90 from first 1.400377365e-10, graph 0 to first 1.400377365e-10, graph 1 nohead dt 3 lw 1.5 lc rgb '#555555' front
set label 90 'reference uncertainty (x): 1.4e-10' at graph 0.02, graph 0.04 left font ',8' front
plot 'data/p2_s0.dat' u 1:2 w lp lw 2 dt 1 pt 7 ps 0.8 lc rgb '#135cae' notitle, \
  'data/p2_s1.dat' u 1:2 w lp lw 2 dt 1 pt 4 ps 0.8 lc rgb '#a23eea' notitle, \
  'data/p2_s2.dat' u 1:2 w lp lw 2 dt 1 pt 13 ps 0.8 lc rgb '#3eea3e' notitle
unset arrow
unset label
set title "dragged\\_cube: model error (rigid models)"
set xlabel "rms position error against the compliant reference: model error (m)"
set ylabel "wall s per simulated s"
set logscale x
set logscale y
set format x '10^{%L}'
set format y '10^{%L}'
set autoscale xy
set xrange [*:*] noreverse
set key at screen KEY_X, KEY_Y left top Left reverse font ',9' samplen 2
set arrow 90 from first 1.400377365e-10, graph 0 to first 1.400377365e-10, graph 1 nohead dt 3 lw 1.5 lc rgb '#555555' front
set label 90 'reference uncertainty (x): 1.4e-10' at graph 0.02, graph 0.04 left font ',8' front
plot 'data/p3_s0.dat' u 1:2 w lp lw 2 dt 1 pt 7 ps 0.8 lc rgb '#7a7e0e' notitle, \
  'data/p3_s1.dat' u 1:2 w lp lw 2 dt 1 pt 5 ps 0.8 lc rgb '#bac015' notitle, \
  'data/p3_s2.dat' u 1:2 w lp lw 2 dt 1 pt 9 ps 0.8 lc rgb '#4d4f09' notitle, \
  'data/p3_s3.dat' u 1:2 w lp lw 2 dt 1 pt 11 ps 0.8 lc rgb '#9a9f12' notitle, \
  'data/p3_timeout.dat' u 1:2 w p pt 8 ps 1.5 lw 2 lc rgb '#ff7f0e' notitle, \
  '' u 1:2:3 w labels offset char 0,0.9 font ',7' tc rgb '#ff7f0e' noenhanced notitle, \
  keyentry w lp lw 2 dt 1 pt 7 ps 0.8 lc rgb '#135cae' title "cenic-sd", \
  keyentry w lp lw 2 dt 1 pt 4 ps 0.8 lc rgb '#a23eea' title "bdf", \
  keyentry w lp lw 2 dt 1 pt 13 ps 0.8 lc rgb '#3eea3e' title "tamsi-sd", \
  keyentry w lp lw 2 dt 1 pt 7 ps 0.8 lc rgb '#7a7e0e' title "lcp", \
  keyentry w lp lw 2 dt 1 pt 5 ps 0.8 lc rgb '#bac015' title "ccp", \
  keyentry w lp lw 2 dt 1 pt 9 ps 0.8 lc rgb '#4d4f09' title "ncp", \
  keyentry w lp lw 2 dt 1 pt 11 ps 0.8 lc rgb '#9a9f12' title "raisim", \
  keyentry w p pt 8 ps 1.5 lw 2 lc rgb '#ff7f0e' title 'timed out (1)'
unset multiplot
unset output
set terminal pngcairo size 1370,920 font 'sans,10'
set output 'contact_models_work_precision.png'.cbench_out_suffix
set grid
set datafile missing '?'
KEY_X = 0.7664
KEY_Y = 0.9185
set multiplot layout 2,2 margins 0.0547,0.7482,0.0598,0.9185 spacing 0.0620,0.1033 title "Work and precision: compliant integrators and rigid models"
unset arrow
unset label
set title "sliding\\_cube: integration error"
set xlabel "rms position error against the compliant reference (m)"
set ylabel "wall s per simulated s"
set logscale x
set logscale y
set format x '10^{%L}'
set format y '10^{%L}'
set autoscale xy
set xrange [*:*] noreverse
unset key
set arrow 90 from first 2.965049978e-10, graph 0 to first 2.965049978e-10, graph 1 nohead dt 3 lw 1.5 lc rgb '#555555' front
set label 90 'reference uncertainty (x): 3e-10' at graph 0.02, graph 0.04 left font ',8' front
plot 'data/p0_s0.dat' u 1:2 w lp lw 2 dt 1 pt 7 ps 0.8 lc rgb '#135cae' notitle, \
  'data/p0_s1.dat' u 1:2 w lp lw 2 dt 1 pt 4 ps 0.8 lc rgb '#a23eea' notitle, \
  'data/p0_s2.dat' u 1:2 w lp lw 2 dt 1 pt 13 ps 0.8 lc rgb '#3eea3e' notitle
unset arrow
unset label
set title "sliding\\_cube: model error (rigid models)"
set xlabel "rms position error against the compliant reference: model error (m)"
set ylabel "wall s per simulated s"
set logscale x
set logscale y
set format x '10^{%L}'
set format y '10^{%L}'
set autoscale xy
set xrange [*:*] noreverse
unset key
set arrow 90 from first 2.965049978e-10, graph 0 to first 2.965049978e-10, graph 1 nohead dt 3 lw 1.5 lc rgb '#555555' front
set label 90 'reference uncertainty (x): 3e-10' at graph 0.02, graph 0.04 left font ',8' front
plot 'data/p1_s0.dat' u 1:2 w lp lw 2 dt 1 pt 7 ps 0.8 lc rgb '#7a7e0e' notitle, \
  'data/p1_s1.dat' u 1:2 w lp lw 2 dt 1 pt 5 ps 0.8 lc rgb '#bac015' notitle, \
  'data/p1_s2.dat' u 1:2 w lp lw 2 dt 1 pt 9 ps 0.8 lc rgb '#4d4f09' notitle, \
  'data/p1_s3.dat' u 1:2 w lp lw 2 dt 1 pt 11 ps 0.8 lc rgb '#9a9f12' notitle
unset arrow
unset label
set title "dragged\\_cube: integration error"
set xlabel "rms position error against the compliant reference (m)"
set ylabel "wall s per simulated s"
set logscale x
set logscale y
set format x '10^{%L}'
set format y '10^{%L}'
set autoscale xy
set xrange [*:*] noreverse
unset key
set arrow 90 from first 1.400377365e-10, graph 0 to first 1.400377365e-10, graph 1 nohead dt 3 lw 1.5 lc rgb '#555555' front
set label 90 'reference uncertainty (x): 1.4e-10' at graph 0.02, graph 0.04 left font ',8' front
plot 'data/p2_s0.dat' u 1:2 w lp lw 2 dt 1 pt 7 ps 0.8 lc rgb '#135cae' notitle, \
  'data/p2_s1.dat' u 1:2 w lp lw 2 dt 1 pt 4 ps 0.8 lc rgb '#a23eea' notitle, \
  'data/p2_s2.dat' u 1:2 w lp lw 2 dt 1 pt 13 ps 0.8 lc rgb '#3eea3e' notitle
unset arrow
unset label
set title "dragged\\_cube: model error (rigid models)"
set xlabel "rms position error against the compliant reference: model error (m)"
set ylabel "wall s per simulated s"
set logscale x
set logscale y
set format x '10^{%L}'
set format y '10^{%L}'
set autoscale xy
set xrange [*:*] noreverse
set key at screen KEY_X, KEY_Y left top Left reverse font ',9' samplen 2
set arrow 90 from first 1.400377365e-10, graph 0 to first 1.400377365e-10, graph 1 nohead dt 3 lw 1.5 lc rgb '#555555' front
set label 90 'reference uncertainty (x): 1.4e-10' at graph 0.02, graph 0.04 left font ',8' front
plot 'data/p3_s0.dat' u 1:2 w lp lw 2 dt 1 pt 7 ps 0.8 lc rgb '#7a7e0e' notitle, \
  'data/p3_s1.dat' u 1:2 w lp lw 2 dt 1 pt 5 ps 0.8 lc rgb '#bac015' notitle, \
  'data/p3_s2.dat' u 1:2 w lp lw 2 dt 1 pt 9 ps 0.8 lc rgb '#4d4f09' notitle, \
  'data/p3_s3.dat' u 1:2 w lp lw 2 dt 1 pt 11 ps 0.8 lc rgb '#9a9f12' notitle, \
  'data/p3_timeout.dat' u 1:2 w p pt 8 ps 1.5 lw 2 lc rgb '#ff7f0e' notitle, \
  '' u 1:2:3 w labels offset char 0,0.9 font ',7' tc rgb '#ff7f0e' noenhanced notitle, \
  keyentry w lp lw 2 dt 1 pt 7 ps 0.8 lc rgb '#135cae' title "cenic-sd", \
  keyentry w lp lw 2 dt 1 pt 4 ps 0.8 lc rgb '#a23eea' title "bdf", \
  keyentry w lp lw 2 dt 1 pt 13 ps 0.8 lc rgb '#3eea3e' title "tamsi-sd", \
  keyentry w lp lw 2 dt 1 pt 7 ps 0.8 lc rgb '#7a7e0e' title "lcp", \
  keyentry w lp lw 2 dt 1 pt 5 ps 0.8 lc rgb '#bac015' title "ccp", \
  keyentry w lp lw 2 dt 1 pt 9 ps 0.8 lc rgb '#4d4f09' title "ncp", \
  keyentry w lp lw 2 dt 1 pt 11 ps 0.8 lc rgb '#9a9f12' title "raisim", \
  keyentry w p pt 8 ps 1.5 lw 2 lc rgb '#ff7f0e' title 'timed out (1)'
unset multiplot
unset output
