# cenic_fig10_work_precision: regenerate with `cd results/figures/full/cenic_fig10_work_precision && gnuplot cenic_fig10_work_precision.gp`
set terminal svg size 2930,1760 dynamic font 'sans,11' background '#ffffff'
set output 'cenic_fig10_work_precision.svg'
set grid
set datafile missing '?'
KEY_X = 0.8908
KEY_Y = 0.9574
set multiplot layout 4,5 margins 0.0256,0.8823,0.0312,0.9574 spacing 0.0290,0.0540 title "CENIC Fig. 10: work-precision of every error-controlled integrator"
unset arrow
unset label
set title "cylinder (full)"
set xlabel "accuracy"
set ylabel "s per sim s"
set logscale x
set logscale y
set format x '10^{%L}'
set format y '10^{%L}'
set autoscale xy
set xrange [*:*] reverse
unset key
plot 'data/p0_s0.dat' u 1:2 w lp lw 2 dt 1 pt 7 ps 0.8 lc rgb '#1f77b4' notitle, \
  'data/p0_s1.dat' u 1:2 w lp lw 2 dt 2 pt 7 ps 0.8 lc rgb '#1f77b4' notitle, \
  'data/p0_s2.dat' u 1:2 w lp lw 2 dt 1 pt 5 ps 0.8 lc rgb '#2ca02c' notitle, \
  'data/p0_s3.dat' u 1:2 w lp lw 2 dt 2 pt 5 ps 0.8 lc rgb '#2ca02c' notitle, \
  'data/p0_s4.dat' u 1:2 w lp lw 2 dt 1 pt 13 ps 0.8 lc rgb '#17becf' notitle, \
  'data/p0_s5.dat' u 1:2 w lp lw 2 dt 1 pt 15 ps 0.8 lc rgb '#bcbd22' notitle, \
  'data/p0_s6.dat' u 1:2 w lp lw 2 dt 1 pt 4 ps 0.8 lc rgb '#000080' notitle, \
  'data/p0_s7.dat' u 1:2 w lp lw 2 dt 1 pt 10 ps 0.8 lc rgb '#7f7f7f' notitle, \
  'data/p0_s8.dat' u 1:2 w lp lw 2 dt 1 pt 12 ps 0.8 lc rgb '#b15928' notitle, \
  'data/p0_s9.dat' u 1:2 w lp lw 2 dt 1 pt 14 ps 0.8 lc rgb '#1b9e77' notitle, \
  'data/p0_flagged.dat' u 1:2 w p pt 6 ps 1.8 lw 2 lc rgb '#e377c2' notitle
unset arrow
unset label
set title "gripper (full)"
set xlabel "accuracy"
set ylabel "s per sim s"
set logscale x
set logscale y
set format x '10^{%L}'
set format y '10^{%L}'
set autoscale xy
set xrange [*:*] reverse
unset key
plot 'data/p1_s0.dat' u 1:2 w lp lw 2 dt 1 pt 7 ps 0.8 lc rgb '#1f77b4' notitle, \
  'data/p1_s1.dat' u 1:2 w lp lw 2 dt 2 pt 7 ps 0.8 lc rgb '#1f77b4' notitle, \
  'data/p1_s2.dat' u 1:2 w lp lw 2 dt 1 pt 5 ps 0.8 lc rgb '#2ca02c' notitle, \
  'data/p1_s3.dat' u 1:2 w lp lw 2 dt 2 pt 5 ps 0.8 lc rgb '#2ca02c' notitle, \
  'data/p1_s4.dat' u 1:2 w lp lw 2 dt 1 pt 13 ps 0.8 lc rgb '#17becf' notitle, \
  'data/p1_s5.dat' u 1:2 w lp lw 2 dt 1 pt 15 ps 0.8 lc rgb '#bcbd22' notitle, \
  'data/p1_s6.dat' u 1:2 w lp lw 2 dt 1 pt 4 ps 0.8 lc rgb '#000080' notitle, \
  'data/p1_s7.dat' u 1:2 w lp lw 2 dt 1 pt 10 ps 0.8 lc rgb '#7f7f7f' notitle, \
  'data/p1_s8.dat' u 1:2 w lp lw 2 dt 1 pt 12 ps 0.8 lc rgb '#b15928' notitle, \
  'data/p1_s9.dat' u 1:2 w lp lw 2 dt 1 pt 14 ps 0.8 lc rgb '#1b9e77' notitle, \
  'data/p1_failed.dat' u 1:2 w p pt 2 ps 1.5 lw 2 lc rgb 'red' notitle, \
  'data/p1_timeout.dat' u 1:2 w p pt 8 ps 1.5 lw 2 lc rgb '#ff7f0e' notitle, \
  'data/p1_flagged.dat' u 1:2 w p pt 6 ps 1.8 lw 2 lc rgb '#e377c2' notitle
unset arrow
unset label
set title "Franka (full)"
set xlabel "accuracy"
set ylabel "s per sim s"
set logscale x
set logscale y
set format x '10^{%L}'
set format y '10^{%L}'
set autoscale xy
set xrange [*:*] reverse
unset key
plot 'data/p2_s0.dat' u 1:2 w lp lw 2 dt 1 pt 7 ps 0.8 lc rgb '#1f77b4' notitle, \
  'data/p2_s1.dat' u 1:2 w lp lw 2 dt 2 pt 7 ps 0.8 lc rgb '#1f77b4' notitle, \
  'data/p2_s2.dat' u 1:2 w lp lw 2 dt 1 pt 5 ps 0.8 lc rgb '#2ca02c' notitle, \
  'data/p2_s3.dat' u 1:2 w lp lw 2 dt 2 pt 5 ps 0.8 lc rgb '#2ca02c' notitle, \
  'data/p2_s4.dat' u 1:2 w lp lw 2 dt 1 pt 13 ps 0.8 lc rgb '#17becf' notitle, \
  'data/p2_s5.dat' u 1:2 w lp lw 2 dt 1 pt 15 ps 0.8 lc rgb '#bcbd22' notitle, \
  'data/p2_s6.dat' u 1:2 w lp lw 2 dt 1 pt 4 ps 0.8 lc rgb '#000080' notitle, \
  'data/p2_s7.dat' u 1:2 w lp lw 2 dt 1 pt 10 ps 0.8 lc rgb '#7f7f7f' notitle, \
  'data/p2_s8.dat' u 1:2 w lp lw 2 dt 1 pt 12 ps 0.8 lc rgb '#b15928' notitle, \
  'data/p2_s9.dat' u 1:2 w lp lw 2 dt 1 pt 14 ps 0.8 lc rgb '#1b9e77' notitle, \
  'data/p2_failed.dat' u 1:2 w p pt 2 ps 1.5 lw 2 lc rgb 'red' notitle, \
  'data/p2_timeout.dat' u 1:2 w p pt 8 ps 1.5 lw 2 lc rgb '#ff7f0e' notitle
unset arrow
unset label
set title "soft clutter (full)"
set xlabel "accuracy"
set ylabel "s per sim s"
set logscale x
set logscale y
set format x '10^{%L}'
set format y '10^{%L}'
set autoscale xy
set xrange [*:*] reverse
unset key
plot 'data/p3_s0.dat' u 1:2 w lp lw 2 dt 1 pt 7 ps 0.8 lc rgb '#1f77b4' notitle, \
  'data/p3_s1.dat' u 1:2 w lp lw 2 dt 2 pt 7 ps 0.8 lc rgb '#1f77b4' notitle, \
  'data/p3_s2.dat' u 1:2 w lp lw 2 dt 1 pt 5 ps 0.8 lc rgb '#2ca02c' notitle, \
  'data/p3_s3.dat' u 1:2 w lp lw 2 dt 2 pt 5 ps 0.8 lc rgb '#2ca02c' notitle, \
  'data/p3_s4.dat' u 1:2 w lp lw 2 dt 1 pt 13 ps 0.8 lc rgb '#17becf' notitle, \
  'data/p3_s5.dat' u 1:2 w lp lw 2 dt 1 pt 15 ps 0.8 lc rgb '#bcbd22' notitle, \
  'data/p3_s6.dat' u 1:2 w lp lw 2 dt 1 pt 4 ps 0.8 lc rgb '#000080' notitle, \
  'data/p3_s7.dat' u 1:2 w lp lw 2 dt 1 pt 10 ps 0.8 lc rgb '#7f7f7f' notitle, \
  'data/p3_s8.dat' u 1:2 w lp lw 2 dt 1 pt 12 ps 0.8 lc rgb '#b15928' notitle, \
  'data/p3_s9.dat' u 1:2 w lp lw 2 dt 1 pt 14 ps 0.8 lc rgb '#1b9e77' notitle, \
  'data/p3_timeout.dat' u 1:2 w p pt 8 ps 1.5 lw 2 lc rgb '#ff7f0e' notitle, \
  'data/p3_flagged.dat' u 1:2 w p pt 6 ps 1.8 lw 2 lc rgb '#e377c2' notitle
unset arrow
unset label
set title "hard clutter (full)"
set xlabel "accuracy"
set ylabel "s per sim s"
set logscale x
set logscale y
set format x '10^{%L}'
set format y '10^{%L}'
set autoscale xy
set xrange [*:*] reverse
unset key
plot 'data/p4_s0.dat' u 1:2 w lp lw 2 dt 1 pt 7 ps 0.8 lc rgb '#1f77b4' notitle, \
  'data/p4_s1.dat' u 1:2 w lp lw 2 dt 2 pt 7 ps 0.8 lc rgb '#1f77b4' notitle, \
  'data/p4_s2.dat' u 1:2 w lp lw 2 dt 1 pt 5 ps 0.8 lc rgb '#2ca02c' notitle, \
  'data/p4_s3.dat' u 1:2 w lp lw 2 dt 2 pt 5 ps 0.8 lc rgb '#2ca02c' notitle, \
  'data/p4_s4.dat' u 1:2 w lp lw 2 dt 1 pt 13 ps 0.8 lc rgb '#17becf' notitle, \
  'data/p4_s5.dat' u 1:2 w lp lw 2 dt 1 pt 14 ps 0.8 lc rgb '#1b9e77' notitle, \
  'data/p4_timeout.dat' u 1:2 w p pt 8 ps 1.5 lw 2 lc rgb '#ff7f0e' notitle, \
  'data/p4_flagged.dat' u 1:2 w p pt 6 ps 1.8 lw 2 lc rgb '#e377c2' notitle
unset arrow
unset label
set title "cylinder (full, measured)"
set xlabel "position error, rms (m)"
set ylabel "s per sim s"
set logscale x
set logscale y
set format x '10^{%L}'
set format y '10^{%L}'
set autoscale xy
set xrange [*:*] reverse
unset key
set arrow 90 from first 1.392745807e-09, graph 0 to first 1.392745807e-09, graph 1 nohead dt 3 lw 1.5 lc rgb '#555555' front
set label 90 'reference uncertainty (x): 1.4e-09' at graph 0.02, graph 0.04 left font ',8' front
plot 'data/p5_s0.dat' u 1:2 w lp lw 2 dt 1 pt 7 ps 0.8 lc rgb '#1f77b4' notitle, \
  'data/p5_s1.dat' u 1:2 w lp lw 2 dt 2 pt 7 ps 0.8 lc rgb '#1f77b4' notitle, \
  'data/p5_s2.dat' u 1:2 w lp lw 2 dt 1 pt 5 ps 0.8 lc rgb '#2ca02c' notitle, \
  'data/p5_s3.dat' u 1:2 w lp lw 2 dt 2 pt 5 ps 0.8 lc rgb '#2ca02c' notitle, \
  'data/p5_s4.dat' u 1:2 w lp lw 2 dt 1 pt 13 ps 0.8 lc rgb '#17becf' notitle, \
  'data/p5_s5.dat' u 1:2 w lp lw 2 dt 1 pt 15 ps 0.8 lc rgb '#bcbd22' notitle, \
  'data/p5_s6.dat' u 1:2 w lp lw 2 dt 1 pt 4 ps 0.8 lc rgb '#000080' notitle, \
  'data/p5_s7.dat' u 1:2 w lp lw 2 dt 1 pt 10 ps 0.8 lc rgb '#7f7f7f' notitle, \
  'data/p5_s8.dat' u 1:2 w lp lw 2 dt 1 pt 12 ps 0.8 lc rgb '#b15928' notitle, \
  'data/p5_s9.dat' u 1:2 w lp lw 2 dt 1 pt 14 ps 0.8 lc rgb '#1b9e77' notitle, \
  'data/p5_flagged.dat' u 1:2 w p pt 6 ps 1.8 lw 2 lc rgb '#e377c2' notitle
unset arrow
unset label
set title "gripper (full, measured)"
set xlabel "position error, rms (m)"
set ylabel "s per sim s"
set logscale x
set logscale y
set format x '10^{%L}'
set format y '10^{%L}'
set autoscale xy
set xrange [*:*] reverse
unset key
set arrow 90 from first 2.819986409e-10, graph 0 to first 2.819986409e-10, graph 1 nohead dt 3 lw 1.5 lc rgb '#555555' front
set label 90 'reference uncertainty (x): 2.8e-10' at graph 0.02, graph 0.04 left font ',8' front
plot 'data/p6_s0.dat' u 1:2 w lp lw 2 dt 1 pt 7 ps 0.8 lc rgb '#1f77b4' notitle, \
  'data/p6_s1.dat' u 1:2 w lp lw 2 dt 2 pt 7 ps 0.8 lc rgb '#1f77b4' notitle, \
  'data/p6_s2.dat' u 1:2 w lp lw 2 dt 1 pt 5 ps 0.8 lc rgb '#2ca02c' notitle, \
  'data/p6_s3.dat' u 1:2 w lp lw 2 dt 2 pt 5 ps 0.8 lc rgb '#2ca02c' notitle, \
  'data/p6_s4.dat' u 1:2 w lp lw 2 dt 1 pt 13 ps 0.8 lc rgb '#17becf' notitle, \
  'data/p6_s5.dat' u 1:2 w lp lw 2 dt 1 pt 15 ps 0.8 lc rgb '#bcbd22' notitle, \
  'data/p6_s6.dat' u 1:2 w lp lw 2 dt 1 pt 4 ps 0.8 lc rgb '#000080' notitle, \
  'data/p6_s7.dat' u 1:2 w lp lw 2 dt 1 pt 10 ps 0.8 lc rgb '#7f7f7f' notitle, \
  'data/p6_s8.dat' u 1:2 w lp lw 2 dt 1 pt 12 ps 0.8 lc rgb '#b15928' notitle, \
  'data/p6_s9.dat' u 1:2 w lp lw 2 dt 1 pt 14 ps 0.8 lc rgb '#1b9e77' notitle, \
  'data/p6_failed.dat' u 1:2 w p pt 2 ps 1.5 lw 2 lc rgb 'red' notitle, \
  'data/p6_timeout.dat' u 1:2 w p pt 8 ps 1.5 lw 2 lc rgb '#ff7f0e' notitle, \
  'data/p6_flagged.dat' u 1:2 w p pt 6 ps 1.8 lw 2 lc rgb '#e377c2' notitle
unset arrow
unset label
set title "Franka (full, measured)"
set xlabel "position error, rms (m)"
set ylabel "s per sim s"
set logscale x
set logscale y
set format x '10^{%L}'
set format y '10^{%L}'
set autoscale xy
set xrange [*:*] reverse
unset key
set arrow 90 from first 1.029161668e-10, graph 0 to first 1.029161668e-10, graph 1 nohead dt 3 lw 1.5 lc rgb '#555555' front
set label 90 'reference uncertainty (x): 1e-10' at graph 0.02, graph 0.04 left font ',8' front
plot 'data/p7_s0.dat' u 1:2 w lp lw 2 dt 1 pt 7 ps 0.8 lc rgb '#1f77b4' notitle, \
  'data/p7_s1.dat' u 1:2 w lp lw 2 dt 2 pt 7 ps 0.8 lc rgb '#1f77b4' notitle, \
  'data/p7_s2.dat' u 1:2 w lp lw 2 dt 1 pt 5 ps 0.8 lc rgb '#2ca02c' notitle, \
  'data/p7_s3.dat' u 1:2 w lp lw 2 dt 2 pt 5 ps 0.8 lc rgb '#2ca02c' notitle, \
  'data/p7_s4.dat' u 1:2 w lp lw 2 dt 1 pt 13 ps 0.8 lc rgb '#17becf' notitle, \
  'data/p7_s5.dat' u 1:2 w lp lw 2 dt 1 pt 15 ps 0.8 lc rgb '#bcbd22' notitle, \
  'data/p7_s6.dat' u 1:2 w lp lw 2 dt 1 pt 4 ps 0.8 lc rgb '#000080' notitle, \
  'data/p7_s7.dat' u 1:2 w lp lw 2 dt 1 pt 10 ps 0.8 lc rgb '#7f7f7f' notitle, \
  'data/p7_s8.dat' u 1:2 w lp lw 2 dt 1 pt 12 ps 0.8 lc rgb '#b15928' notitle, \
  'data/p7_s9.dat' u 1:2 w lp lw 2 dt 1 pt 14 ps 0.8 lc rgb '#1b9e77' notitle, \
  'data/p7_failed.dat' u 1:2 w p pt 2 ps 1.5 lw 2 lc rgb 'red' notitle, \
  'data/p7_timeout.dat' u 1:2 w p pt 8 ps 1.5 lw 2 lc rgb '#ff7f0e' notitle
unset arrow
unset label
set title "soft clutter (full, measured)"
set xlabel "position error, rms (m)"
set ylabel "s per sim s"
set logscale x
set logscale y
set format x '10^{%L}'
set format y '10^{%L}'
set autoscale xy
set xrange [*:*] reverse
unset key
set arrow 90 from first 0.0005419783851, graph 0 to first 0.0005419783851, graph 1 nohead dt 3 lw 1.5 lc rgb '#555555' front
set label 90 'reference uncertainty (x): 0.00054' at graph 0.02, graph 0.04 left font ',8' front
plot 'data/p8_s0.dat' u 1:2 w lp lw 2 dt 1 pt 7 ps 0.8 lc rgb '#1f77b4' notitle, \
  'data/p8_s1.dat' u 1:2 w lp lw 2 dt 2 pt 7 ps 0.8 lc rgb '#1f77b4' notitle, \
  'data/p8_s2.dat' u 1:2 w lp lw 2 dt 1 pt 5 ps 0.8 lc rgb '#2ca02c' notitle, \
  'data/p8_s3.dat' u 1:2 w lp lw 2 dt 2 pt 5 ps 0.8 lc rgb '#2ca02c' notitle, \
  'data/p8_s4.dat' u 1:2 w lp lw 2 dt 1 pt 13 ps 0.8 lc rgb '#17becf' notitle, \
  'data/p8_s5.dat' u 1:2 w lp lw 2 dt 1 pt 15 ps 0.8 lc rgb '#bcbd22' notitle, \
  'data/p8_s6.dat' u 1:2 w lp lw 2 dt 1 pt 4 ps 0.8 lc rgb '#000080' notitle, \
  'data/p8_s7.dat' u 1:2 w lp lw 2 dt 1 pt 10 ps 0.8 lc rgb '#7f7f7f' notitle, \
  'data/p8_s8.dat' u 1:2 w lp lw 2 dt 1 pt 12 ps 0.8 lc rgb '#b15928' notitle, \
  'data/p8_s9.dat' u 1:2 w lp lw 2 dt 1 pt 14 ps 0.8 lc rgb '#1b9e77' notitle, \
  'data/p8_timeout.dat' u 1:2 w p pt 8 ps 1.5 lw 2 lc rgb '#ff7f0e' notitle, \
  'data/p8_flagged.dat' u 1:2 w p pt 6 ps 1.8 lw 2 lc rgb '#e377c2' notitle
unset arrow
unset label
set title "hard clutter (full, measured)"
set xlabel "position error, rms (m)"
set ylabel "s per sim s"
set logscale x
set logscale y
set format x '10^{%L}'
set format y '10^{%L}'
set autoscale xy
set xrange [*:*] reverse
unset key
plot 'data/p9_timeout.dat' u 1:2 w p pt 8 ps 1.5 lw 2 lc rgb '#ff7f0e' notitle, \
  'data/p9_flagged.dat' u 1:2 w p pt 6 ps 1.8 lw 2 lc rgb '#e377c2' notitle
unset arrow
unset label
set title "cylinder (q)"
set xlabel "accuracy"
set ylabel "s per sim s"
set logscale x
set logscale y
set format x '10^{%L}'
set format y '10^{%L}'
set autoscale xy
set xrange [*:*] reverse
unset key
plot 'data/p10_s0.dat' u 1:2 w lp lw 2 dt 1 pt 7 ps 0.8 lc rgb '#1f77b4' notitle, \
  'data/p10_s1.dat' u 1:2 w lp lw 2 dt 2 pt 7 ps 0.8 lc rgb '#1f77b4' notitle, \
  'data/p10_s2.dat' u 1:2 w lp lw 2 dt 1 pt 5 ps 0.8 lc rgb '#2ca02c' notitle, \
  'data/p10_s3.dat' u 1:2 w lp lw 2 dt 2 pt 5 ps 0.8 lc rgb '#2ca02c' notitle, \
  'data/p10_s4.dat' u 1:2 w lp lw 2 dt 1 pt 13 ps 0.8 lc rgb '#17becf' notitle, \
  'data/p10_s5.dat' u 1:2 w lp lw 2 dt 1 pt 15 ps 0.8 lc rgb '#bcbd22' notitle, \
  'data/p10_s6.dat' u 1:2 w lp lw 2 dt 1 pt 4 ps 0.8 lc rgb '#000080' notitle, \
  'data/p10_s7.dat' u 1:2 w lp lw 2 dt 1 pt 10 ps 0.8 lc rgb '#7f7f7f' notitle, \
  'data/p10_s8.dat' u 1:2 w lp lw 2 dt 1 pt 12 ps 0.8 lc rgb '#b15928' notitle, \
  'data/p10_s9.dat' u 1:2 w lp lw 2 dt 1 pt 14 ps 0.8 lc rgb '#1b9e77' notitle, \
  'data/p10_flagged.dat' u 1:2 w p pt 6 ps 1.8 lw 2 lc rgb '#e377c2' notitle
unset arrow
unset label
set title "gripper (q)"
set xlabel "accuracy"
set ylabel "s per sim s"
set logscale x
set logscale y
set format x '10^{%L}'
set format y '10^{%L}'
set autoscale xy
set xrange [*:*] reverse
unset key
plot 'data/p11_s0.dat' u 1:2 w lp lw 2 dt 1 pt 7 ps 0.8 lc rgb '#1f77b4' notitle, \
  'data/p11_s1.dat' u 1:2 w lp lw 2 dt 2 pt 7 ps 0.8 lc rgb '#1f77b4' notitle, \
  'data/p11_s2.dat' u 1:2 w lp lw 2 dt 1 pt 5 ps 0.8 lc rgb '#2ca02c' notitle, \
  'data/p11_s3.dat' u 1:2 w lp lw 2 dt 2 pt 5 ps 0.8 lc rgb '#2ca02c' notitle, \
  'data/p11_s4.dat' u 1:2 w lp lw 2 dt 1 pt 13 ps 0.8 lc rgb '#17becf' notitle, \
  'data/p11_s5.dat' u 1:2 w lp lw 2 dt 1 pt 10 ps 0.8 lc rgb '#7f7f7f' notitle, \
  'data/p11_s6.dat' u 1:2 w lp lw 2 dt 1 pt 12 ps 0.8 lc rgb '#b15928' notitle, \
  'data/p11_s7.dat' u 1:2 w lp lw 2 dt 1 pt 14 ps 0.8 lc rgb '#1b9e77' notitle, \
  'data/p11_failed.dat' u 1:2 w p pt 2 ps 1.5 lw 2 lc rgb 'red' notitle, \
  'data/p11_timeout.dat' u 1:2 w p pt 8 ps 1.5 lw 2 lc rgb '#ff7f0e' notitle, \
  'data/p11_flagged.dat' u 1:2 w p pt 6 ps 1.8 lw 2 lc rgb '#e377c2' notitle
unset arrow
unset label
set title "Franka (q)"
set xlabel "accuracy"
set ylabel "s per sim s"
set logscale x
set logscale y
set format x '10^{%L}'
set format y '10^{%L}'
set autoscale xy
set xrange [*:*] reverse
unset key
plot 'data/p12_s0.dat' u 1:2 w lp lw 2 dt 1 pt 7 ps 0.8 lc rgb '#1f77b4' notitle, \
  'data/p12_s1.dat' u 1:2 w lp lw 2 dt 2 pt 7 ps 0.8 lc rgb '#1f77b4' notitle, \
  'data/p12_s2.dat' u 1:2 w lp lw 2 dt 1 pt 5 ps 0.8 lc rgb '#2ca02c' notitle, \
  'data/p12_s3.dat' u 1:2 w lp lw 2 dt 2 pt 5 ps 0.8 lc rgb '#2ca02c' notitle, \
  'data/p12_s4.dat' u 1:2 w lp lw 2 dt 1 pt 13 ps 0.8 lc rgb '#17becf' notitle, \
  'data/p12_s5.dat' u 1:2 w lp lw 2 dt 1 pt 15 ps 0.8 lc rgb '#bcbd22' notitle, \
  'data/p12_s6.dat' u 1:2 w lp lw 2 dt 1 pt 4 ps 0.8 lc rgb '#000080' notitle, \
  'data/p12_s7.dat' u 1:2 w lp lw 2 dt 1 pt 10 ps 0.8 lc rgb '#7f7f7f' notitle, \
  'data/p12_s8.dat' u 1:2 w lp lw 2 dt 1 pt 12 ps 0.8 lc rgb '#b15928' notitle, \
  'data/p12_s9.dat' u 1:2 w lp lw 2 dt 1 pt 14 ps 0.8 lc rgb '#1b9e77' notitle, \
  'data/p12_failed.dat' u 1:2 w p pt 2 ps 1.5 lw 2 lc rgb 'red' notitle, \
  'data/p12_timeout.dat' u 1:2 w p pt 8 ps 1.5 lw 2 lc rgb '#ff7f0e' notitle
unset arrow
unset label
set title "soft clutter (q)"
set xlabel "accuracy"
set ylabel "s per sim s"
set logscale x
set logscale y
set format x '10^{%L}'
set format y '10^{%L}'
set autoscale xy
set xrange [*:*] reverse
unset key
plot 'data/p13_s0.dat' u 1:2 w lp lw 2 dt 1 pt 7 ps 0.8 lc rgb '#1f77b4' notitle, \
  'data/p13_s1.dat' u 1:2 w lp lw 2 dt 2 pt 7 ps 0.8 lc rgb '#1f77b4' notitle, \
  'data/p13_s2.dat' u 1:2 w lp lw 2 dt 1 pt 5 ps 0.8 lc rgb '#2ca02c' notitle, \
  'data/p13_s3.dat' u 1:2 w lp lw 2 dt 2 pt 5 ps 0.8 lc rgb '#2ca02c' notitle, \
  'data/p13_s4.dat' u 1:2 w lp lw 2 dt 1 pt 13 ps 0.8 lc rgb '#17becf' notitle, \
  'data/p13_s5.dat' u 1:2 w lp lw 2 dt 1 pt 15 ps 0.8 lc rgb '#bcbd22' notitle, \
  'data/p13_s6.dat' u 1:2 w lp lw 2 dt 1 pt 4 ps 0.8 lc rgb '#000080' notitle, \
  'data/p13_s7.dat' u 1:2 w lp lw 2 dt 1 pt 10 ps 0.8 lc rgb '#7f7f7f' notitle, \
  'data/p13_s8.dat' u 1:2 w lp lw 2 dt 1 pt 12 ps 0.8 lc rgb '#b15928' notitle, \
  'data/p13_timeout.dat' u 1:2 w p pt 8 ps 1.5 lw 2 lc rgb '#ff7f0e' notitle, \
  'data/p13_flagged.dat' u 1:2 w p pt 6 ps 1.8 lw 2 lc rgb '#e377c2' notitle
unset arrow
unset label
set title "hard clutter (q)"
set xlabel "accuracy"
set ylabel "s per sim s"
set logscale x
set logscale y
set format x '10^{%L}'
set format y '10^{%L}'
set autoscale xy
set xrange [*:*] reverse
unset key
plot 'data/p14_s0.dat' u 1:2 w lp lw 2 dt 1 pt 7 ps 0.8 lc rgb '#1f77b4' notitle, \
  'data/p14_s1.dat' u 1:2 w lp lw 2 dt 2 pt 7 ps 0.8 lc rgb '#1f77b4' notitle, \
  'data/p14_s2.dat' u 1:2 w lp lw 2 dt 1 pt 5 ps 0.8 lc rgb '#2ca02c' notitle, \
  'data/p14_s3.dat' u 1:2 w lp lw 2 dt 2 pt 5 ps 0.8 lc rgb '#2ca02c' notitle, \
  'data/p14_s4.dat' u 1:2 w lp lw 2 dt 1 pt 13 ps 0.8 lc rgb '#17becf' notitle, \
  'data/p14_s5.dat' u 1:2 w lp lw 2 dt 1 pt 14 ps 0.8 lc rgb '#1b9e77' notitle, \
  'data/p14_failed.dat' u 1:2 w p pt 2 ps 1.5 lw 2 lc rgb 'red' notitle, \
  'data/p14_timeout.dat' u 1:2 w p pt 8 ps 1.5 lw 2 lc rgb '#ff7f0e' notitle, \
  'data/p14_flagged.dat' u 1:2 w p pt 6 ps 1.8 lw 2 lc rgb '#e377c2' notitle
unset arrow
unset label
set title "cylinder (q, measured)"
set xlabel "position error, rms (m)"
set ylabel "s per sim s"
set logscale x
set logscale y
set format x '10^{%L}'
set format y '10^{%L}'
set autoscale xy
set xrange [*:*] reverse
unset key
set arrow 90 from first 1.392745807e-09, graph 0 to first 1.392745807e-09, graph 1 nohead dt 3 lw 1.5 lc rgb '#555555' front
set label 90 'reference uncertainty (x): 1.4e-09' at graph 0.02, graph 0.04 left font ',8' front
plot 'data/p15_s0.dat' u 1:2 w lp lw 2 dt 1 pt 7 ps 0.8 lc rgb '#1f77b4' notitle, \
  'data/p15_s1.dat' u 1:2 w lp lw 2 dt 2 pt 7 ps 0.8 lc rgb '#1f77b4' notitle, \
  'data/p15_s2.dat' u 1:2 w lp lw 2 dt 1 pt 5 ps 0.8 lc rgb '#2ca02c' notitle, \
  'data/p15_s3.dat' u 1:2 w lp lw 2 dt 2 pt 5 ps 0.8 lc rgb '#2ca02c' notitle, \
  'data/p15_s4.dat' u 1:2 w lp lw 2 dt 1 pt 13 ps 0.8 lc rgb '#17becf' notitle, \
  'data/p15_s5.dat' u 1:2 w lp lw 2 dt 1 pt 15 ps 0.8 lc rgb '#bcbd22' notitle, \
  'data/p15_s6.dat' u 1:2 w lp lw 2 dt 1 pt 4 ps 0.8 lc rgb '#000080' notitle, \
  'data/p15_s7.dat' u 1:2 w lp lw 2 dt 1 pt 10 ps 0.8 lc rgb '#7f7f7f' notitle, \
  'data/p15_s8.dat' u 1:2 w lp lw 2 dt 1 pt 12 ps 0.8 lc rgb '#b15928' notitle, \
  'data/p15_s9.dat' u 1:2 w lp lw 2 dt 1 pt 14 ps 0.8 lc rgb '#1b9e77' notitle, \
  'data/p15_flagged.dat' u 1:2 w p pt 6 ps 1.8 lw 2 lc rgb '#e377c2' notitle
unset arrow
unset label
set title "gripper (q, measured)"
set xlabel "position error, rms (m)"
set ylabel "s per sim s"
set logscale x
set logscale y
set format x '10^{%L}'
set format y '10^{%L}'
set autoscale xy
set xrange [*:*] reverse
unset key
set arrow 90 from first 2.819986409e-10, graph 0 to first 2.819986409e-10, graph 1 nohead dt 3 lw 1.5 lc rgb '#555555' front
set label 90 'reference uncertainty (x): 2.8e-10' at graph 0.02, graph 0.04 left font ',8' front
plot 'data/p16_s0.dat' u 1:2 w lp lw 2 dt 1 pt 7 ps 0.8 lc rgb '#1f77b4' notitle, \
  'data/p16_s1.dat' u 1:2 w lp lw 2 dt 2 pt 7 ps 0.8 lc rgb '#1f77b4' notitle, \
  'data/p16_s2.dat' u 1:2 w lp lw 2 dt 1 pt 5 ps 0.8 lc rgb '#2ca02c' notitle, \
  'data/p16_s3.dat' u 1:2 w lp lw 2 dt 2 pt 5 ps 0.8 lc rgb '#2ca02c' notitle, \
  'data/p16_s4.dat' u 1:2 w lp lw 2 dt 1 pt 13 ps 0.8 lc rgb '#17becf' notitle, \
  'data/p16_s5.dat' u 1:2 w lp lw 2 dt 1 pt 10 ps 0.8 lc rgb '#7f7f7f' notitle, \
  'data/p16_s6.dat' u 1:2 w lp lw 2 dt 1 pt 12 ps 0.8 lc rgb '#b15928' notitle, \
  'data/p16_s7.dat' u 1:2 w lp lw 2 dt 1 pt 14 ps 0.8 lc rgb '#1b9e77' notitle, \
  'data/p16_failed.dat' u 1:2 w p pt 2 ps 1.5 lw 2 lc rgb 'red' notitle, \
  'data/p16_timeout.dat' u 1:2 w p pt 8 ps 1.5 lw 2 lc rgb '#ff7f0e' notitle, \
  'data/p16_flagged.dat' u 1:2 w p pt 6 ps 1.8 lw 2 lc rgb '#e377c2' notitle
unset arrow
unset label
set title "Franka (q, measured)"
set xlabel "position error, rms (m)"
set ylabel "s per sim s"
set logscale x
set logscale y
set format x '10^{%L}'
set format y '10^{%L}'
set autoscale xy
set xrange [*:*] reverse
unset key
set arrow 90 from first 1.029161668e-10, graph 0 to first 1.029161668e-10, graph 1 nohead dt 3 lw 1.5 lc rgb '#555555' front
set label 90 'reference uncertainty (x): 1e-10' at graph 0.02, graph 0.04 left font ',8' front
plot 'data/p17_s0.dat' u 1:2 w lp lw 2 dt 1 pt 7 ps 0.8 lc rgb '#1f77b4' notitle, \
  'data/p17_s1.dat' u 1:2 w lp lw 2 dt 2 pt 7 ps 0.8 lc rgb '#1f77b4' notitle, \
  'data/p17_s2.dat' u 1:2 w lp lw 2 dt 1 pt 5 ps 0.8 lc rgb '#2ca02c' notitle, \
  'data/p17_s3.dat' u 1:2 w lp lw 2 dt 2 pt 5 ps 0.8 lc rgb '#2ca02c' notitle, \
  'data/p17_s4.dat' u 1:2 w lp lw 2 dt 1 pt 13 ps 0.8 lc rgb '#17becf' notitle, \
  'data/p17_s5.dat' u 1:2 w lp lw 2 dt 1 pt 15 ps 0.8 lc rgb '#bcbd22' notitle, \
  'data/p17_s6.dat' u 1:2 w lp lw 2 dt 1 pt 4 ps 0.8 lc rgb '#000080' notitle, \
  'data/p17_s7.dat' u 1:2 w lp lw 2 dt 1 pt 10 ps 0.8 lc rgb '#7f7f7f' notitle, \
  'data/p17_s8.dat' u 1:2 w lp lw 2 dt 1 pt 12 ps 0.8 lc rgb '#b15928' notitle, \
  'data/p17_s9.dat' u 1:2 w lp lw 2 dt 1 pt 14 ps 0.8 lc rgb '#1b9e77' notitle, \
  'data/p17_failed.dat' u 1:2 w p pt 2 ps 1.5 lw 2 lc rgb 'red' notitle, \
  'data/p17_timeout.dat' u 1:2 w p pt 8 ps 1.5 lw 2 lc rgb '#ff7f0e' notitle
unset arrow
unset label
set title "soft clutter (q, measured)"
set xlabel "position error, rms (m)"
set ylabel "s per sim s"
set logscale x
set logscale y
set format x '10^{%L}'
set format y '10^{%L}'
set autoscale xy
set xrange [*:*] reverse
unset key
set arrow 90 from first 0.0005419783851, graph 0 to first 0.0005419783851, graph 1 nohead dt 3 lw 1.5 lc rgb '#555555' front
set label 90 'reference uncertainty (x): 0.00054' at graph 0.02, graph 0.04 left font ',8' front
plot 'data/p18_s0.dat' u 1:2 w lp lw 2 dt 1 pt 7 ps 0.8 lc rgb '#1f77b4' notitle, \
  'data/p18_s1.dat' u 1:2 w lp lw 2 dt 2 pt 7 ps 0.8 lc rgb '#1f77b4' notitle, \
  'data/p18_s2.dat' u 1:2 w lp lw 2 dt 1 pt 5 ps 0.8 lc rgb '#2ca02c' notitle, \
  'data/p18_s3.dat' u 1:2 w lp lw 2 dt 2 pt 5 ps 0.8 lc rgb '#2ca02c' notitle, \
  'data/p18_s4.dat' u 1:2 w lp lw 2 dt 1 pt 13 ps 0.8 lc rgb '#17becf' notitle, \
  'data/p18_s5.dat' u 1:2 w lp lw 2 dt 1 pt 15 ps 0.8 lc rgb '#bcbd22' notitle, \
  'data/p18_s6.dat' u 1:2 w lp lw 2 dt 1 pt 4 ps 0.8 lc rgb '#000080' notitle, \
  'data/p18_s7.dat' u 1:2 w lp lw 2 dt 1 pt 10 ps 0.8 lc rgb '#7f7f7f' notitle, \
  'data/p18_s8.dat' u 1:2 w lp lw 2 dt 1 pt 12 ps 0.8 lc rgb '#b15928' notitle, \
  'data/p18_timeout.dat' u 1:2 w p pt 8 ps 1.5 lw 2 lc rgb '#ff7f0e' notitle, \
  'data/p18_flagged.dat' u 1:2 w p pt 6 ps 1.8 lw 2 lc rgb '#e377c2' notitle
unset arrow
unset label
set title "hard clutter (q, measured)"
set xlabel "position error, rms (m)"
set ylabel "s per sim s"
set logscale x
set logscale y
set format x '10^{%L}'
set format y '10^{%L}'
set autoscale xy
set xrange [*:*] reverse
set key at screen KEY_X, KEY_Y left top Left reverse font ',9' samplen 2
plot 'data/p19_failed.dat' u 1:2 w p pt 2 ps 1.5 lw 2 lc rgb 'red' notitle, \
  'data/p19_timeout.dat' u 1:2 w p pt 8 ps 1.5 lw 2 lc rgb '#ff7f0e' notitle, \
  'data/p19_flagged.dat' u 1:2 w p pt 6 ps 1.8 lw 2 lc rgb '#e377c2' notitle, \
  keyentry w lp lw 2 dt 1 pt 7 ps 0.8 lc rgb '#1f77b4' title "cenic-sd linear\\_solver=block", \
  keyentry w lp lw 2 dt 2 pt 7 ps 0.8 lc rgb '#1f77b4' title "cenic-sd linear\\_solver=dense", \
  keyentry w lp lw 2 dt 1 pt 5 ps 0.8 lc rgb '#2ca02c' title "cenic-trap linear\\_solver=block", \
  keyentry w lp lw 2 dt 2 pt 5 ps 0.8 lc rgb '#2ca02c' title "cenic-trap linear\\_solver=dense", \
  keyentry w lp lw 2 dt 1 pt 13 ps 0.8 lc rgb '#17becf' title "tamsi-sd", \
  keyentry w lp lw 2 dt 1 pt 15 ps 0.8 lc rgb '#bcbd22' title "ie", \
  keyentry w lp lw 2 dt 1 pt 4 ps 0.8 lc rgb '#000080' title "bdf", \
  keyentry w lp lw 2 dt 1 pt 10 ps 0.8 lc rgb '#7f7f7f' title "sdirk2", \
  keyentry w lp lw 2 dt 1 pt 12 ps 0.8 lc rgb '#b15928' title "rosenbrock", \
  keyentry w lp lw 2 dt 1 pt 14 ps 0.8 lc rgb '#1b9e77' title "rk3", \
  keyentry w p pt 2 ps 1.5 lw 2 lc rgb 'red' title 'failed (9)', \
  keyentry w p pt 8 ps 1.5 lw 2 lc rgb '#ff7f0e' title 'timed out (83)', \
  keyentry w p pt 6 ps 1.8 lw 2 lc rgb '#e377c2' title 'flagged (physics guard) (69)'
unset multiplot
unset output
set terminal pngcairo size 2930,1760 font 'sans,10'
set output 'cenic_fig10_work_precision.png'
set grid
set datafile missing '?'
KEY_X = 0.8908
KEY_Y = 0.9574
set multiplot layout 4,5 margins 0.0256,0.8823,0.0312,0.9574 spacing 0.0290,0.0540 title "CENIC Fig. 10: work-precision of every error-controlled integrator"
unset arrow
unset label
set title "cylinder (full)"
set xlabel "accuracy"
set ylabel "s per sim s"
set logscale x
set logscale y
set format x '10^{%L}'
set format y '10^{%L}'
set autoscale xy
set xrange [*:*] reverse
unset key
plot 'data/p0_s0.dat' u 1:2 w lp lw 2 dt 1 pt 7 ps 0.8 lc rgb '#1f77b4' notitle, \
  'data/p0_s1.dat' u 1:2 w lp lw 2 dt 2 pt 7 ps 0.8 lc rgb '#1f77b4' notitle, \
  'data/p0_s2.dat' u 1:2 w lp lw 2 dt 1 pt 5 ps 0.8 lc rgb '#2ca02c' notitle, \
  'data/p0_s3.dat' u 1:2 w lp lw 2 dt 2 pt 5 ps 0.8 lc rgb '#2ca02c' notitle, \
  'data/p0_s4.dat' u 1:2 w lp lw 2 dt 1 pt 13 ps 0.8 lc rgb '#17becf' notitle, \
  'data/p0_s5.dat' u 1:2 w lp lw 2 dt 1 pt 15 ps 0.8 lc rgb '#bcbd22' notitle, \
  'data/p0_s6.dat' u 1:2 w lp lw 2 dt 1 pt 4 ps 0.8 lc rgb '#000080' notitle, \
  'data/p0_s7.dat' u 1:2 w lp lw 2 dt 1 pt 10 ps 0.8 lc rgb '#7f7f7f' notitle, \
  'data/p0_s8.dat' u 1:2 w lp lw 2 dt 1 pt 12 ps 0.8 lc rgb '#b15928' notitle, \
  'data/p0_s9.dat' u 1:2 w lp lw 2 dt 1 pt 14 ps 0.8 lc rgb '#1b9e77' notitle, \
  'data/p0_flagged.dat' u 1:2 w p pt 6 ps 1.8 lw 2 lc rgb '#e377c2' notitle
unset arrow
unset label
set title "gripper (full)"
set xlabel "accuracy"
set ylabel "s per sim s"
set logscale x
set logscale y
set format x '10^{%L}'
set format y '10^{%L}'
set autoscale xy
set xrange [*:*] reverse
unset key
plot 'data/p1_s0.dat' u 1:2 w lp lw 2 dt 1 pt 7 ps 0.8 lc rgb '#1f77b4' notitle, \
  'data/p1_s1.dat' u 1:2 w lp lw 2 dt 2 pt 7 ps 0.8 lc rgb '#1f77b4' notitle, \
  'data/p1_s2.dat' u 1:2 w lp lw 2 dt 1 pt 5 ps 0.8 lc rgb '#2ca02c' notitle, \
  'data/p1_s3.dat' u 1:2 w lp lw 2 dt 2 pt 5 ps 0.8 lc rgb '#2ca02c' notitle, \
  'data/p1_s4.dat' u 1:2 w lp lw 2 dt 1 pt 13 ps 0.8 lc rgb '#17becf' notitle, \
  'data/p1_s5.dat' u 1:2 w lp lw 2 dt 1 pt 15 ps 0.8 lc rgb '#bcbd22' notitle, \
  'data/p1_s6.dat' u 1:2 w lp lw 2 dt 1 pt 4 ps 0.8 lc rgb '#000080' notitle, \
  'data/p1_s7.dat' u 1:2 w lp lw 2 dt 1 pt 10 ps 0.8 lc rgb '#7f7f7f' notitle, \
  'data/p1_s8.dat' u 1:2 w lp lw 2 dt 1 pt 12 ps 0.8 lc rgb '#b15928' notitle, \
  'data/p1_s9.dat' u 1:2 w lp lw 2 dt 1 pt 14 ps 0.8 lc rgb '#1b9e77' notitle, \
  'data/p1_failed.dat' u 1:2 w p pt 2 ps 1.5 lw 2 lc rgb 'red' notitle, \
  'data/p1_timeout.dat' u 1:2 w p pt 8 ps 1.5 lw 2 lc rgb '#ff7f0e' notitle, \
  'data/p1_flagged.dat' u 1:2 w p pt 6 ps 1.8 lw 2 lc rgb '#e377c2' notitle
unset arrow
unset label
set title "Franka (full)"
set xlabel "accuracy"
set ylabel "s per sim s"
set logscale x
set logscale y
set format x '10^{%L}'
set format y '10^{%L}'
set autoscale xy
set xrange [*:*] reverse
unset key
plot 'data/p2_s0.dat' u 1:2 w lp lw 2 dt 1 pt 7 ps 0.8 lc rgb '#1f77b4' notitle, \
  'data/p2_s1.dat' u 1:2 w lp lw 2 dt 2 pt 7 ps 0.8 lc rgb '#1f77b4' notitle, \
  'data/p2_s2.dat' u 1:2 w lp lw 2 dt 1 pt 5 ps 0.8 lc rgb '#2ca02c' notitle, \
  'data/p2_s3.dat' u 1:2 w lp lw 2 dt 2 pt 5 ps 0.8 lc rgb '#2ca02c' notitle, \
  'data/p2_s4.dat' u 1:2 w lp lw 2 dt 1 pt 13 ps 0.8 lc rgb '#17becf' notitle, \
  'data/p2_s5.dat' u 1:2 w lp lw 2 dt 1 pt 15 ps 0.8 lc rgb '#bcbd22' notitle, \
  'data/p2_s6.dat' u 1:2 w lp lw 2 dt 1 pt 4 ps 0.8 lc rgb '#000080' notitle, \
  'data/p2_s7.dat' u 1:2 w lp lw 2 dt 1 pt 10 ps 0.8 lc rgb '#7f7f7f' notitle, \
  'data/p2_s8.dat' u 1:2 w lp lw 2 dt 1 pt 12 ps 0.8 lc rgb '#b15928' notitle, \
  'data/p2_s9.dat' u 1:2 w lp lw 2 dt 1 pt 14 ps 0.8 lc rgb '#1b9e77' notitle, \
  'data/p2_failed.dat' u 1:2 w p pt 2 ps 1.5 lw 2 lc rgb 'red' notitle, \
  'data/p2_timeout.dat' u 1:2 w p pt 8 ps 1.5 lw 2 lc rgb '#ff7f0e' notitle
unset arrow
unset label
set title "soft clutter (full)"
set xlabel "accuracy"
set ylabel "s per sim s"
set logscale x
set logscale y
set format x '10^{%L}'
set format y '10^{%L}'
set autoscale xy
set xrange [*:*] reverse
unset key
plot 'data/p3_s0.dat' u 1:2 w lp lw 2 dt 1 pt 7 ps 0.8 lc rgb '#1f77b4' notitle, \
  'data/p3_s1.dat' u 1:2 w lp lw 2 dt 2 pt 7 ps 0.8 lc rgb '#1f77b4' notitle, \
  'data/p3_s2.dat' u 1:2 w lp lw 2 dt 1 pt 5 ps 0.8 lc rgb '#2ca02c' notitle, \
  'data/p3_s3.dat' u 1:2 w lp lw 2 dt 2 pt 5 ps 0.8 lc rgb '#2ca02c' notitle, \
  'data/p3_s4.dat' u 1:2 w lp lw 2 dt 1 pt 13 ps 0.8 lc rgb '#17becf' notitle, \
  'data/p3_s5.dat' u 1:2 w lp lw 2 dt 1 pt 15 ps 0.8 lc rgb '#bcbd22' notitle, \
  'data/p3_s6.dat' u 1:2 w lp lw 2 dt 1 pt 4 ps 0.8 lc rgb '#000080' notitle, \
  'data/p3_s7.dat' u 1:2 w lp lw 2 dt 1 pt 10 ps 0.8 lc rgb '#7f7f7f' notitle, \
  'data/p3_s8.dat' u 1:2 w lp lw 2 dt 1 pt 12 ps 0.8 lc rgb '#b15928' notitle, \
  'data/p3_s9.dat' u 1:2 w lp lw 2 dt 1 pt 14 ps 0.8 lc rgb '#1b9e77' notitle, \
  'data/p3_timeout.dat' u 1:2 w p pt 8 ps 1.5 lw 2 lc rgb '#ff7f0e' notitle, \
  'data/p3_flagged.dat' u 1:2 w p pt 6 ps 1.8 lw 2 lc rgb '#e377c2' notitle
unset arrow
unset label
set title "hard clutter (full)"
set xlabel "accuracy"
set ylabel "s per sim s"
set logscale x
set logscale y
set format x '10^{%L}'
set format y '10^{%L}'
set autoscale xy
set xrange [*:*] reverse
unset key
plot 'data/p4_s0.dat' u 1:2 w lp lw 2 dt 1 pt 7 ps 0.8 lc rgb '#1f77b4' notitle, \
  'data/p4_s1.dat' u 1:2 w lp lw 2 dt 2 pt 7 ps 0.8 lc rgb '#1f77b4' notitle, \
  'data/p4_s2.dat' u 1:2 w lp lw 2 dt 1 pt 5 ps 0.8 lc rgb '#2ca02c' notitle, \
  'data/p4_s3.dat' u 1:2 w lp lw 2 dt 2 pt 5 ps 0.8 lc rgb '#2ca02c' notitle, \
  'data/p4_s4.dat' u 1:2 w lp lw 2 dt 1 pt 13 ps 0.8 lc rgb '#17becf' notitle, \
  'data/p4_s5.dat' u 1:2 w lp lw 2 dt 1 pt 14 ps 0.8 lc rgb '#1b9e77' notitle, \
  'data/p4_timeout.dat' u 1:2 w p pt 8 ps 1.5 lw 2 lc rgb '#ff7f0e' notitle, \
  'data/p4_flagged.dat' u 1:2 w p pt 6 ps 1.8 lw 2 lc rgb '#e377c2' notitle
unset arrow
unset label
set title "cylinder (full, measured)"
set xlabel "position error, rms (m)"
set ylabel "s per sim s"
set logscale x
set logscale y
set format x '10^{%L}'
set format y '10^{%L}'
set autoscale xy
set xrange [*:*] reverse
unset key
set arrow 90 from first 1.392745807e-09, graph 0 to first 1.392745807e-09, graph 1 nohead dt 3 lw 1.5 lc rgb '#555555' front
set label 90 'reference uncertainty (x): 1.4e-09' at graph 0.02, graph 0.04 left font ',8' front
plot 'data/p5_s0.dat' u 1:2 w lp lw 2 dt 1 pt 7 ps 0.8 lc rgb '#1f77b4' notitle, \
  'data/p5_s1.dat' u 1:2 w lp lw 2 dt 2 pt 7 ps 0.8 lc rgb '#1f77b4' notitle, \
  'data/p5_s2.dat' u 1:2 w lp lw 2 dt 1 pt 5 ps 0.8 lc rgb '#2ca02c' notitle, \
  'data/p5_s3.dat' u 1:2 w lp lw 2 dt 2 pt 5 ps 0.8 lc rgb '#2ca02c' notitle, \
  'data/p5_s4.dat' u 1:2 w lp lw 2 dt 1 pt 13 ps 0.8 lc rgb '#17becf' notitle, \
  'data/p5_s5.dat' u 1:2 w lp lw 2 dt 1 pt 15 ps 0.8 lc rgb '#bcbd22' notitle, \
  'data/p5_s6.dat' u 1:2 w lp lw 2 dt 1 pt 4 ps 0.8 lc rgb '#000080' notitle, \
  'data/p5_s7.dat' u 1:2 w lp lw 2 dt 1 pt 10 ps 0.8 lc rgb '#7f7f7f' notitle, \
  'data/p5_s8.dat' u 1:2 w lp lw 2 dt 1 pt 12 ps 0.8 lc rgb '#b15928' notitle, \
  'data/p5_s9.dat' u 1:2 w lp lw 2 dt 1 pt 14 ps 0.8 lc rgb '#1b9e77' notitle, \
  'data/p5_flagged.dat' u 1:2 w p pt 6 ps 1.8 lw 2 lc rgb '#e377c2' notitle
unset arrow
unset label
set title "gripper (full, measured)"
set xlabel "position error, rms (m)"
set ylabel "s per sim s"
set logscale x
set logscale y
set format x '10^{%L}'
set format y '10^{%L}'
set autoscale xy
set xrange [*:*] reverse
unset key
set arrow 90 from first 2.819986409e-10, graph 0 to first 2.819986409e-10, graph 1 nohead dt 3 lw 1.5 lc rgb '#555555' front
set label 90 'reference uncertainty (x): 2.8e-10' at graph 0.02, graph 0.04 left font ',8' front
plot 'data/p6_s0.dat' u 1:2 w lp lw 2 dt 1 pt 7 ps 0.8 lc rgb '#1f77b4' notitle, \
  'data/p6_s1.dat' u 1:2 w lp lw 2 dt 2 pt 7 ps 0.8 lc rgb '#1f77b4' notitle, \
  'data/p6_s2.dat' u 1:2 w lp lw 2 dt 1 pt 5 ps 0.8 lc rgb '#2ca02c' notitle, \
  'data/p6_s3.dat' u 1:2 w lp lw 2 dt 2 pt 5 ps 0.8 lc rgb '#2ca02c' notitle, \
  'data/p6_s4.dat' u 1:2 w lp lw 2 dt 1 pt 13 ps 0.8 lc rgb '#17becf' notitle, \
  'data/p6_s5.dat' u 1:2 w lp lw 2 dt 1 pt 15 ps 0.8 lc rgb '#bcbd22' notitle, \
  'data/p6_s6.dat' u 1:2 w lp lw 2 dt 1 pt 4 ps 0.8 lc rgb '#000080' notitle, \
  'data/p6_s7.dat' u 1:2 w lp lw 2 dt 1 pt 10 ps 0.8 lc rgb '#7f7f7f' notitle, \
  'data/p6_s8.dat' u 1:2 w lp lw 2 dt 1 pt 12 ps 0.8 lc rgb '#b15928' notitle, \
  'data/p6_s9.dat' u 1:2 w lp lw 2 dt 1 pt 14 ps 0.8 lc rgb '#1b9e77' notitle, \
  'data/p6_failed.dat' u 1:2 w p pt 2 ps 1.5 lw 2 lc rgb 'red' notitle, \
  'data/p6_timeout.dat' u 1:2 w p pt 8 ps 1.5 lw 2 lc rgb '#ff7f0e' notitle, \
  'data/p6_flagged.dat' u 1:2 w p pt 6 ps 1.8 lw 2 lc rgb '#e377c2' notitle
unset arrow
unset label
set title "Franka (full, measured)"
set xlabel "position error, rms (m)"
set ylabel "s per sim s"
set logscale x
set logscale y
set format x '10^{%L}'
set format y '10^{%L}'
set autoscale xy
set xrange [*:*] reverse
unset key
set arrow 90 from first 1.029161668e-10, graph 0 to first 1.029161668e-10, graph 1 nohead dt 3 lw 1.5 lc rgb '#555555' front
set label 90 'reference uncertainty (x): 1e-10' at graph 0.02, graph 0.04 left font ',8' front
plot 'data/p7_s0.dat' u 1:2 w lp lw 2 dt 1 pt 7 ps 0.8 lc rgb '#1f77b4' notitle, \
  'data/p7_s1.dat' u 1:2 w lp lw 2 dt 2 pt 7 ps 0.8 lc rgb '#1f77b4' notitle, \
  'data/p7_s2.dat' u 1:2 w lp lw 2 dt 1 pt 5 ps 0.8 lc rgb '#2ca02c' notitle, \
  'data/p7_s3.dat' u 1:2 w lp lw 2 dt 2 pt 5 ps 0.8 lc rgb '#2ca02c' notitle, \
  'data/p7_s4.dat' u 1:2 w lp lw 2 dt 1 pt 13 ps 0.8 lc rgb '#17becf' notitle, \
  'data/p7_s5.dat' u 1:2 w lp lw 2 dt 1 pt 15 ps 0.8 lc rgb '#bcbd22' notitle, \
  'data/p7_s6.dat' u 1:2 w lp lw 2 dt 1 pt 4 ps 0.8 lc rgb '#000080' notitle, \
  'data/p7_s7.dat' u 1:2 w lp lw 2 dt 1 pt 10 ps 0.8 lc rgb '#7f7f7f' notitle, \
  'data/p7_s8.dat' u 1:2 w lp lw 2 dt 1 pt 12 ps 0.8 lc rgb '#b15928' notitle, \
  'data/p7_s9.dat' u 1:2 w lp lw 2 dt 1 pt 14 ps 0.8 lc rgb '#1b9e77' notitle, \
  'data/p7_failed.dat' u 1:2 w p pt 2 ps 1.5 lw 2 lc rgb 'red' notitle, \
  'data/p7_timeout.dat' u 1:2 w p pt 8 ps 1.5 lw 2 lc rgb '#ff7f0e' notitle
unset arrow
unset label
set title "soft clutter (full, measured)"
set xlabel "position error, rms (m)"
set ylabel "s per sim s"
set logscale x
set logscale y
set format x '10^{%L}'
set format y '10^{%L}'
set autoscale xy
set xrange [*:*] reverse
unset key
set arrow 90 from first 0.0005419783851, graph 0 to first 0.0005419783851, graph 1 nohead dt 3 lw 1.5 lc rgb '#555555' front
set label 90 'reference uncertainty (x): 0.00054' at graph 0.02, graph 0.04 left font ',8' front
plot 'data/p8_s0.dat' u 1:2 w lp lw 2 dt 1 pt 7 ps 0.8 lc rgb '#1f77b4' notitle, \
  'data/p8_s1.dat' u 1:2 w lp lw 2 dt 2 pt 7 ps 0.8 lc rgb '#1f77b4' notitle, \
  'data/p8_s2.dat' u 1:2 w lp lw 2 dt 1 pt 5 ps 0.8 lc rgb '#2ca02c' notitle, \
  'data/p8_s3.dat' u 1:2 w lp lw 2 dt 2 pt 5 ps 0.8 lc rgb '#2ca02c' notitle, \
  'data/p8_s4.dat' u 1:2 w lp lw 2 dt 1 pt 13 ps 0.8 lc rgb '#17becf' notitle, \
  'data/p8_s5.dat' u 1:2 w lp lw 2 dt 1 pt 15 ps 0.8 lc rgb '#bcbd22' notitle, \
  'data/p8_s6.dat' u 1:2 w lp lw 2 dt 1 pt 4 ps 0.8 lc rgb '#000080' notitle, \
  'data/p8_s7.dat' u 1:2 w lp lw 2 dt 1 pt 10 ps 0.8 lc rgb '#7f7f7f' notitle, \
  'data/p8_s8.dat' u 1:2 w lp lw 2 dt 1 pt 12 ps 0.8 lc rgb '#b15928' notitle, \
  'data/p8_s9.dat' u 1:2 w lp lw 2 dt 1 pt 14 ps 0.8 lc rgb '#1b9e77' notitle, \
  'data/p8_timeout.dat' u 1:2 w p pt 8 ps 1.5 lw 2 lc rgb '#ff7f0e' notitle, \
  'data/p8_flagged.dat' u 1:2 w p pt 6 ps 1.8 lw 2 lc rgb '#e377c2' notitle
unset arrow
unset label
set title "hard clutter (full, measured)"
set xlabel "position error, rms (m)"
set ylabel "s per sim s"
set logscale x
set logscale y
set format x '10^{%L}'
set format y '10^{%L}'
set autoscale xy
set xrange [*:*] reverse
unset key
plot 'data/p9_timeout.dat' u 1:2 w p pt 8 ps 1.5 lw 2 lc rgb '#ff7f0e' notitle, \
  'data/p9_flagged.dat' u 1:2 w p pt 6 ps 1.8 lw 2 lc rgb '#e377c2' notitle
unset arrow
unset label
set title "cylinder (q)"
set xlabel "accuracy"
set ylabel "s per sim s"
set logscale x
set logscale y
set format x '10^{%L}'
set format y '10^{%L}'
set autoscale xy
set xrange [*:*] reverse
unset key
plot 'data/p10_s0.dat' u 1:2 w lp lw 2 dt 1 pt 7 ps 0.8 lc rgb '#1f77b4' notitle, \
  'data/p10_s1.dat' u 1:2 w lp lw 2 dt 2 pt 7 ps 0.8 lc rgb '#1f77b4' notitle, \
  'data/p10_s2.dat' u 1:2 w lp lw 2 dt 1 pt 5 ps 0.8 lc rgb '#2ca02c' notitle, \
  'data/p10_s3.dat' u 1:2 w lp lw 2 dt 2 pt 5 ps 0.8 lc rgb '#2ca02c' notitle, \
  'data/p10_s4.dat' u 1:2 w lp lw 2 dt 1 pt 13 ps 0.8 lc rgb '#17becf' notitle, \
  'data/p10_s5.dat' u 1:2 w lp lw 2 dt 1 pt 15 ps 0.8 lc rgb '#bcbd22' notitle, \
  'data/p10_s6.dat' u 1:2 w lp lw 2 dt 1 pt 4 ps 0.8 lc rgb '#000080' notitle, \
  'data/p10_s7.dat' u 1:2 w lp lw 2 dt 1 pt 10 ps 0.8 lc rgb '#7f7f7f' notitle, \
  'data/p10_s8.dat' u 1:2 w lp lw 2 dt 1 pt 12 ps 0.8 lc rgb '#b15928' notitle, \
  'data/p10_s9.dat' u 1:2 w lp lw 2 dt 1 pt 14 ps 0.8 lc rgb '#1b9e77' notitle, \
  'data/p10_flagged.dat' u 1:2 w p pt 6 ps 1.8 lw 2 lc rgb '#e377c2' notitle
unset arrow
unset label
set title "gripper (q)"
set xlabel "accuracy"
set ylabel "s per sim s"
set logscale x
set logscale y
set format x '10^{%L}'
set format y '10^{%L}'
set autoscale xy
set xrange [*:*] reverse
unset key
plot 'data/p11_s0.dat' u 1:2 w lp lw 2 dt 1 pt 7 ps 0.8 lc rgb '#1f77b4' notitle, \
  'data/p11_s1.dat' u 1:2 w lp lw 2 dt 2 pt 7 ps 0.8 lc rgb '#1f77b4' notitle, \
  'data/p11_s2.dat' u 1:2 w lp lw 2 dt 1 pt 5 ps 0.8 lc rgb '#2ca02c' notitle, \
  'data/p11_s3.dat' u 1:2 w lp lw 2 dt 2 pt 5 ps 0.8 lc rgb '#2ca02c' notitle, \
  'data/p11_s4.dat' u 1:2 w lp lw 2 dt 1 pt 13 ps 0.8 lc rgb '#17becf' notitle, \
  'data/p11_s5.dat' u 1:2 w lp lw 2 dt 1 pt 10 ps 0.8 lc rgb '#7f7f7f' notitle, \
  'data/p11_s6.dat' u 1:2 w lp lw 2 dt 1 pt 12 ps 0.8 lc rgb '#b15928' notitle, \
  'data/p11_s7.dat' u 1:2 w lp lw 2 dt 1 pt 14 ps 0.8 lc rgb '#1b9e77' notitle, \
  'data/p11_failed.dat' u 1:2 w p pt 2 ps 1.5 lw 2 lc rgb 'red' notitle, \
  'data/p11_timeout.dat' u 1:2 w p pt 8 ps 1.5 lw 2 lc rgb '#ff7f0e' notitle, \
  'data/p11_flagged.dat' u 1:2 w p pt 6 ps 1.8 lw 2 lc rgb '#e377c2' notitle
unset arrow
unset label
set title "Franka (q)"
set xlabel "accuracy"
set ylabel "s per sim s"
set logscale x
set logscale y
set format x '10^{%L}'
set format y '10^{%L}'
set autoscale xy
set xrange [*:*] reverse
unset key
plot 'data/p12_s0.dat' u 1:2 w lp lw 2 dt 1 pt 7 ps 0.8 lc rgb '#1f77b4' notitle, \
  'data/p12_s1.dat' u 1:2 w lp lw 2 dt 2 pt 7 ps 0.8 lc rgb '#1f77b4' notitle, \
  'data/p12_s2.dat' u 1:2 w lp lw 2 dt 1 pt 5 ps 0.8 lc rgb '#2ca02c' notitle, \
  'data/p12_s3.dat' u 1:2 w lp lw 2 dt 2 pt 5 ps 0.8 lc rgb '#2ca02c' notitle, \
  'data/p12_s4.dat' u 1:2 w lp lw 2 dt 1 pt 13 ps 0.8 lc rgb '#17becf' notitle, \
  'data/p12_s5.dat' u 1:2 w lp lw 2 dt 1 pt 15 ps 0.8 lc rgb '#bcbd22' notitle, \
  'data/p12_s6.dat' u 1:2 w lp lw 2 dt 1 pt 4 ps 0.8 lc rgb '#000080' notitle, \
  'data/p12_s7.dat' u 1:2 w lp lw 2 dt 1 pt 10 ps 0.8 lc rgb '#7f7f7f' notitle, \
  'data/p12_s8.dat' u 1:2 w lp lw 2 dt 1 pt 12 ps 0.8 lc rgb '#b15928' notitle, \
  'data/p12_s9.dat' u 1:2 w lp lw 2 dt 1 pt 14 ps 0.8 lc rgb '#1b9e77' notitle, \
  'data/p12_failed.dat' u 1:2 w p pt 2 ps 1.5 lw 2 lc rgb 'red' notitle, \
  'data/p12_timeout.dat' u 1:2 w p pt 8 ps 1.5 lw 2 lc rgb '#ff7f0e' notitle
unset arrow
unset label
set title "soft clutter (q)"
set xlabel "accuracy"
set ylabel "s per sim s"
set logscale x
set logscale y
set format x '10^{%L}'
set format y '10^{%L}'
set autoscale xy
set xrange [*:*] reverse
unset key
plot 'data/p13_s0.dat' u 1:2 w lp lw 2 dt 1 pt 7 ps 0.8 lc rgb '#1f77b4' notitle, \
  'data/p13_s1.dat' u 1:2 w lp lw 2 dt 2 pt 7 ps 0.8 lc rgb '#1f77b4' notitle, \
  'data/p13_s2.dat' u 1:2 w lp lw 2 dt 1 pt 5 ps 0.8 lc rgb '#2ca02c' notitle, \
  'data/p13_s3.dat' u 1:2 w lp lw 2 dt 2 pt 5 ps 0.8 lc rgb '#2ca02c' notitle, \
  'data/p13_s4.dat' u 1:2 w lp lw 2 dt 1 pt 13 ps 0.8 lc rgb '#17becf' notitle, \
  'data/p13_s5.dat' u 1:2 w lp lw 2 dt 1 pt 15 ps 0.8 lc rgb '#bcbd22' notitle, \
  'data/p13_s6.dat' u 1:2 w lp lw 2 dt 1 pt 4 ps 0.8 lc rgb '#000080' notitle, \
  'data/p13_s7.dat' u 1:2 w lp lw 2 dt 1 pt 10 ps 0.8 lc rgb '#7f7f7f' notitle, \
  'data/p13_s8.dat' u 1:2 w lp lw 2 dt 1 pt 12 ps 0.8 lc rgb '#b15928' notitle, \
  'data/p13_timeout.dat' u 1:2 w p pt 8 ps 1.5 lw 2 lc rgb '#ff7f0e' notitle, \
  'data/p13_flagged.dat' u 1:2 w p pt 6 ps 1.8 lw 2 lc rgb '#e377c2' notitle
unset arrow
unset label
set title "hard clutter (q)"
set xlabel "accuracy"
set ylabel "s per sim s"
set logscale x
set logscale y
set format x '10^{%L}'
set format y '10^{%L}'
set autoscale xy
set xrange [*:*] reverse
unset key
plot 'data/p14_s0.dat' u 1:2 w lp lw 2 dt 1 pt 7 ps 0.8 lc rgb '#1f77b4' notitle, \
  'data/p14_s1.dat' u 1:2 w lp lw 2 dt 2 pt 7 ps 0.8 lc rgb '#1f77b4' notitle, \
  'data/p14_s2.dat' u 1:2 w lp lw 2 dt 1 pt 5 ps 0.8 lc rgb '#2ca02c' notitle, \
  'data/p14_s3.dat' u 1:2 w lp lw 2 dt 2 pt 5 ps 0.8 lc rgb '#2ca02c' notitle, \
  'data/p14_s4.dat' u 1:2 w lp lw 2 dt 1 pt 13 ps 0.8 lc rgb '#17becf' notitle, \
  'data/p14_s5.dat' u 1:2 w lp lw 2 dt 1 pt 14 ps 0.8 lc rgb '#1b9e77' notitle, \
  'data/p14_failed.dat' u 1:2 w p pt 2 ps 1.5 lw 2 lc rgb 'red' notitle, \
  'data/p14_timeout.dat' u 1:2 w p pt 8 ps 1.5 lw 2 lc rgb '#ff7f0e' notitle, \
  'data/p14_flagged.dat' u 1:2 w p pt 6 ps 1.8 lw 2 lc rgb '#e377c2' notitle
unset arrow
unset label
set title "cylinder (q, measured)"
set xlabel "position error, rms (m)"
set ylabel "s per sim s"
set logscale x
set logscale y
set format x '10^{%L}'
set format y '10^{%L}'
set autoscale xy
set xrange [*:*] reverse
unset key
set arrow 90 from first 1.392745807e-09, graph 0 to first 1.392745807e-09, graph 1 nohead dt 3 lw 1.5 lc rgb '#555555' front
set label 90 'reference uncertainty (x): 1.4e-09' at graph 0.02, graph 0.04 left font ',8' front
plot 'data/p15_s0.dat' u 1:2 w lp lw 2 dt 1 pt 7 ps 0.8 lc rgb '#1f77b4' notitle, \
  'data/p15_s1.dat' u 1:2 w lp lw 2 dt 2 pt 7 ps 0.8 lc rgb '#1f77b4' notitle, \
  'data/p15_s2.dat' u 1:2 w lp lw 2 dt 1 pt 5 ps 0.8 lc rgb '#2ca02c' notitle, \
  'data/p15_s3.dat' u 1:2 w lp lw 2 dt 2 pt 5 ps 0.8 lc rgb '#2ca02c' notitle, \
  'data/p15_s4.dat' u 1:2 w lp lw 2 dt 1 pt 13 ps 0.8 lc rgb '#17becf' notitle, \
  'data/p15_s5.dat' u 1:2 w lp lw 2 dt 1 pt 15 ps 0.8 lc rgb '#bcbd22' notitle, \
  'data/p15_s6.dat' u 1:2 w lp lw 2 dt 1 pt 4 ps 0.8 lc rgb '#000080' notitle, \
  'data/p15_s7.dat' u 1:2 w lp lw 2 dt 1 pt 10 ps 0.8 lc rgb '#7f7f7f' notitle, \
  'data/p15_s8.dat' u 1:2 w lp lw 2 dt 1 pt 12 ps 0.8 lc rgb '#b15928' notitle, \
  'data/p15_s9.dat' u 1:2 w lp lw 2 dt 1 pt 14 ps 0.8 lc rgb '#1b9e77' notitle, \
  'data/p15_flagged.dat' u 1:2 w p pt 6 ps 1.8 lw 2 lc rgb '#e377c2' notitle
unset arrow
unset label
set title "gripper (q, measured)"
set xlabel "position error, rms (m)"
set ylabel "s per sim s"
set logscale x
set logscale y
set format x '10^{%L}'
set format y '10^{%L}'
set autoscale xy
set xrange [*:*] reverse
unset key
set arrow 90 from first 2.819986409e-10, graph 0 to first 2.819986409e-10, graph 1 nohead dt 3 lw 1.5 lc rgb '#555555' front
set label 90 'reference uncertainty (x): 2.8e-10' at graph 0.02, graph 0.04 left font ',8' front
plot 'data/p16_s0.dat' u 1:2 w lp lw 2 dt 1 pt 7 ps 0.8 lc rgb '#1f77b4' notitle, \
  'data/p16_s1.dat' u 1:2 w lp lw 2 dt 2 pt 7 ps 0.8 lc rgb '#1f77b4' notitle, \
  'data/p16_s2.dat' u 1:2 w lp lw 2 dt 1 pt 5 ps 0.8 lc rgb '#2ca02c' notitle, \
  'data/p16_s3.dat' u 1:2 w lp lw 2 dt 2 pt 5 ps 0.8 lc rgb '#2ca02c' notitle, \
  'data/p16_s4.dat' u 1:2 w lp lw 2 dt 1 pt 13 ps 0.8 lc rgb '#17becf' notitle, \
  'data/p16_s5.dat' u 1:2 w lp lw 2 dt 1 pt 10 ps 0.8 lc rgb '#7f7f7f' notitle, \
  'data/p16_s6.dat' u 1:2 w lp lw 2 dt 1 pt 12 ps 0.8 lc rgb '#b15928' notitle, \
  'data/p16_s7.dat' u 1:2 w lp lw 2 dt 1 pt 14 ps 0.8 lc rgb '#1b9e77' notitle, \
  'data/p16_failed.dat' u 1:2 w p pt 2 ps 1.5 lw 2 lc rgb 'red' notitle, \
  'data/p16_timeout.dat' u 1:2 w p pt 8 ps 1.5 lw 2 lc rgb '#ff7f0e' notitle, \
  'data/p16_flagged.dat' u 1:2 w p pt 6 ps 1.8 lw 2 lc rgb '#e377c2' notitle
unset arrow
unset label
set title "Franka (q, measured)"
set xlabel "position error, rms (m)"
set ylabel "s per sim s"
set logscale x
set logscale y
set format x '10^{%L}'
set format y '10^{%L}'
set autoscale xy
set xrange [*:*] reverse
unset key
set arrow 90 from first 1.029161668e-10, graph 0 to first 1.029161668e-10, graph 1 nohead dt 3 lw 1.5 lc rgb '#555555' front
set label 90 'reference uncertainty (x): 1e-10' at graph 0.02, graph 0.04 left font ',8' front
plot 'data/p17_s0.dat' u 1:2 w lp lw 2 dt 1 pt 7 ps 0.8 lc rgb '#1f77b4' notitle, \
  'data/p17_s1.dat' u 1:2 w lp lw 2 dt 2 pt 7 ps 0.8 lc rgb '#1f77b4' notitle, \
  'data/p17_s2.dat' u 1:2 w lp lw 2 dt 1 pt 5 ps 0.8 lc rgb '#2ca02c' notitle, \
  'data/p17_s3.dat' u 1:2 w lp lw 2 dt 2 pt 5 ps 0.8 lc rgb '#2ca02c' notitle, \
  'data/p17_s4.dat' u 1:2 w lp lw 2 dt 1 pt 13 ps 0.8 lc rgb '#17becf' notitle, \
  'data/p17_s5.dat' u 1:2 w lp lw 2 dt 1 pt 15 ps 0.8 lc rgb '#bcbd22' notitle, \
  'data/p17_s6.dat' u 1:2 w lp lw 2 dt 1 pt 4 ps 0.8 lc rgb '#000080' notitle, \
  'data/p17_s7.dat' u 1:2 w lp lw 2 dt 1 pt 10 ps 0.8 lc rgb '#7f7f7f' notitle, \
  'data/p17_s8.dat' u 1:2 w lp lw 2 dt 1 pt 12 ps 0.8 lc rgb '#b15928' notitle, \
  'data/p17_s9.dat' u 1:2 w lp lw 2 dt 1 pt 14 ps 0.8 lc rgb '#1b9e77' notitle, \
  'data/p17_failed.dat' u 1:2 w p pt 2 ps 1.5 lw 2 lc rgb 'red' notitle, \
  'data/p17_timeout.dat' u 1:2 w p pt 8 ps 1.5 lw 2 lc rgb '#ff7f0e' notitle
unset arrow
unset label
set title "soft clutter (q, measured)"
set xlabel "position error, rms (m)"
set ylabel "s per sim s"
set logscale x
set logscale y
set format x '10^{%L}'
set format y '10^{%L}'
set autoscale xy
set xrange [*:*] reverse
unset key
set arrow 90 from first 0.0005419783851, graph 0 to first 0.0005419783851, graph 1 nohead dt 3 lw 1.5 lc rgb '#555555' front
set label 90 'reference uncertainty (x): 0.00054' at graph 0.02, graph 0.04 left font ',8' front
plot 'data/p18_s0.dat' u 1:2 w lp lw 2 dt 1 pt 7 ps 0.8 lc rgb '#1f77b4' notitle, \
  'data/p18_s1.dat' u 1:2 w lp lw 2 dt 2 pt 7 ps 0.8 lc rgb '#1f77b4' notitle, \
  'data/p18_s2.dat' u 1:2 w lp lw 2 dt 1 pt 5 ps 0.8 lc rgb '#2ca02c' notitle, \
  'data/p18_s3.dat' u 1:2 w lp lw 2 dt 2 pt 5 ps 0.8 lc rgb '#2ca02c' notitle, \
  'data/p18_s4.dat' u 1:2 w lp lw 2 dt 1 pt 13 ps 0.8 lc rgb '#17becf' notitle, \
  'data/p18_s5.dat' u 1:2 w lp lw 2 dt 1 pt 15 ps 0.8 lc rgb '#bcbd22' notitle, \
  'data/p18_s6.dat' u 1:2 w lp lw 2 dt 1 pt 4 ps 0.8 lc rgb '#000080' notitle, \
  'data/p18_s7.dat' u 1:2 w lp lw 2 dt 1 pt 10 ps 0.8 lc rgb '#7f7f7f' notitle, \
  'data/p18_s8.dat' u 1:2 w lp lw 2 dt 1 pt 12 ps 0.8 lc rgb '#b15928' notitle, \
  'data/p18_timeout.dat' u 1:2 w p pt 8 ps 1.5 lw 2 lc rgb '#ff7f0e' notitle, \
  'data/p18_flagged.dat' u 1:2 w p pt 6 ps 1.8 lw 2 lc rgb '#e377c2' notitle
unset arrow
unset label
set title "hard clutter (q, measured)"
set xlabel "position error, rms (m)"
set ylabel "s per sim s"
set logscale x
set logscale y
set format x '10^{%L}'
set format y '10^{%L}'
set autoscale xy
set xrange [*:*] reverse
set key at screen KEY_X, KEY_Y left top Left reverse font ',9' samplen 2
plot 'data/p19_failed.dat' u 1:2 w p pt 2 ps 1.5 lw 2 lc rgb 'red' notitle, \
  'data/p19_timeout.dat' u 1:2 w p pt 8 ps 1.5 lw 2 lc rgb '#ff7f0e' notitle, \
  'data/p19_flagged.dat' u 1:2 w p pt 6 ps 1.8 lw 2 lc rgb '#e377c2' notitle, \
  keyentry w lp lw 2 dt 1 pt 7 ps 0.8 lc rgb '#1f77b4' title "cenic-sd linear\\_solver=block", \
  keyentry w lp lw 2 dt 2 pt 7 ps 0.8 lc rgb '#1f77b4' title "cenic-sd linear\\_solver=dense", \
  keyentry w lp lw 2 dt 1 pt 5 ps 0.8 lc rgb '#2ca02c' title "cenic-trap linear\\_solver=block", \
  keyentry w lp lw 2 dt 2 pt 5 ps 0.8 lc rgb '#2ca02c' title "cenic-trap linear\\_solver=dense", \
  keyentry w lp lw 2 dt 1 pt 13 ps 0.8 lc rgb '#17becf' title "tamsi-sd", \
  keyentry w lp lw 2 dt 1 pt 15 ps 0.8 lc rgb '#bcbd22' title "ie", \
  keyentry w lp lw 2 dt 1 pt 4 ps 0.8 lc rgb '#000080' title "bdf", \
  keyentry w lp lw 2 dt 1 pt 10 ps 0.8 lc rgb '#7f7f7f' title "sdirk2", \
  keyentry w lp lw 2 dt 1 pt 12 ps 0.8 lc rgb '#b15928' title "rosenbrock", \
  keyentry w lp lw 2 dt 1 pt 14 ps 0.8 lc rgb '#1b9e77' title "rk3", \
  keyentry w p pt 2 ps 1.5 lw 2 lc rgb 'red' title 'failed (9)', \
  keyentry w p pt 8 ps 1.5 lw 2 lc rgb '#ff7f0e' title 'timed out (83)', \
  keyentry w p pt 6 ps 1.8 lw 2 lc rgb '#e377c2' title 'flagged (physics guard) (69)'
unset multiplot
unset output
