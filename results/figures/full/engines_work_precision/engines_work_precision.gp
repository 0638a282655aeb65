# engines_work_precision: regenerate with `cd results/figures/full/engines_work_precision && gnuplot engines_work_precision.gp`
if (!exists("cbench_out_suffix")) cbench_out_suffix = ""
set terminal svg size 1890,920 dynamic font 'sans,11' background '#ffffff'
set output 'engines_work_precision.svg'.cbench_out_suffix
set grid
set datafile missing '?'
KEY_X = 0.8307
KEY_Y = 0.9185
set multiplot layout 2,3 margins 0.0397,0.8175,0.0598,0.9185 spacing 0.0450,0.1033 title "Every engine at matched physics: work against error per case"
unset arrow
unset label
set title "ball drop"
set xlabel "rms position error against the reference (m)"
set ylabel "wall s per simulated s"
set logscale x
set logscale y
set format x '10^{%L}'
set format y '10^{%L}'
set autoscale xy
set xrange [*:*] noreverse
set xrange [1.631080766e-06:0.6594851202] noreverse
set yrange [7.504833047e-05:2.791234883]
set label 98 'runs that are not data beyond the axes: at the edge' at graph 0.98, graph 0.15 right font ',8' front
unset key
set arrow 90 from first 3.833723049e-08, graph 0 to first 3.833723049e-08, graph 1 nohead dt 3 lw 1.5 lc rgb '#555555' front
set label 90 'reference uncertainty (x): 3.8e-08' at graph 0.02, graph 0.04 left font ',8' front
plot 'data/p0_s0.dat' u 1:2 w lp lw 2 dt 1 pt 3 ps 0.8 lc rgb '#13aeae' notitle, \
  'data/p0_s1.dat' u 1:2 w lp lw 2 dt 2 pt 3 ps 0.8 lc rgb '#13aeae' notitle, \
  'data/p0_s2.dat' u 1:2 w lp lw 2 dt 1 pt 15 ps 0.8 lc rgb '#1313ae' notitle, \
  'data/p0_s3.dat' u 1:2 w lp lw 2 dt 1 pt 4 ps 0.8 lc rgb '#3e3eea' notitle, \
  'data/p0_s4.dat' u 1:2 w lp lw 2 dt 1 pt 14 ps 0.8 lc rgb '#1385ae' notitle, \
  'data/p0_s5.dat' u 1:2 w lp lw 2 dt 1 pt 3 ps 0.8 lc rgb '#3ebcea' notitle, \
  'data/p0_s6.dat' u 1:2 w lp lw 2 dt 1 pt 7 ps 0.8 lc rgb '#7a7e0e' notitle, \
  'data/p0_s7.dat' u 1:2 w lp lw 2 dt 1 pt 5 ps 0.8 lc rgb '#bac015' notitle, \
  'data/p0_s8.dat' u 1:2 w lp lw 2 dt 1 pt 9 ps 0.8 lc rgb '#4d4f09' notitle, \
  'data/p0_s9.dat' u 1:2 w lp lw 2 dt 1 pt 11 ps 0.8 lc rgb '#9a9f12' notitle, \
  'data/p0_s10.dat' u 1:2 w lp lw 2 dt 1 pt 7 ps 0.8 lc rgb '#427e0e' notitle, \
  'data/p0_s11.dat' u 1:2 w lp lw 2 dt 1 pt 5 ps 0.8 lc rgb '#65c015' notitle, \
  'data/p0_s12.dat' u 1:2 w lp lw 2 dt 1 pt 9 ps 0.8 lc rgb '#a213ae' notitle, \
  'data/p0_s13.dat' u 1:2 w lp lw 2 dt 1 pt 7 ps 0.8 lc rgb '#135cae' notitle, \
  'data/p0_s14.dat' u 1:2 w lp lw 2 dt 1 pt 5 ps 0.8 lc rgb '#3e8eea' notitle, \
  'data/p0_s15.dat' u 1:2 w lp lw 2 dt 1 pt 13 ps 0.8 lc rgb '#3eea3e' notitle, \
  'data/p0_s16.dat' u 1:2 w lp lw 2 dt 1 pt 15 ps 0.8 lc rgb '#6e13ae' notitle, \
  'data/p0_s17.dat' u 1:2 w lp lw 2 dt 1 pt 4 ps 0.8 lc rgb '#a23eea' notitle, \
  'data/p0_s18.dat' u 1:2 w lp lw 2 dt 1 pt 10 ps 0.8 lc rgb '#450c6e' notitle, \
  'data/p0_s19.dat' u 1:2 w lp lw 2 dt 1 pt 12 ps 0.8 lc rgb '#8b18dc' notitle, \
  'data/p0_s20.dat' u 1:2 w lp lw 2 dt 1 pt 14 ps 0.8 lc rgb '#b86cef' notitle, \
  'data/p0_s21.dat' u 1:2 w lp lw 2 dt 1 pt 10 ps 0.8 lc rgb '#13ae61' notitle, \
  'data/p0_flagged.dat' u 1:2 w p pt 6 ps 1.8 lw 2 lc rgb '#e377c2' notitle, \
  '' u 1:2:3 w labels offset char 0,0.9 font ',7' tc rgb '#e377c2' noenhanced notitle
unset arrow
unset label
set title "sliding cube"
set xlabel "rms position error against the reference (m)"
set ylabel "wall s per simulated s"
set logscale x
set logscale y
set format x '10^{%L}'
set format y '10^{%L}'
set autoscale xy
set xrange [*:*] noreverse
set xrange [5.619161451e-08:0.03586229216] noreverse
set yrange [7.247799658e-05:18.9346907]
set label 98 'runs that are not data beyond the axes: at the edge' at graph 0.98, graph 0.15 right font ',8' front
unset key
set arrow 90 from first 2.965049978e-10, graph 0 to first 2.965049978e-10, graph 1 nohead dt 3 lw 1.5 lc rgb '#555555' front
set label 90 'reference uncertainty (x): 3e-10' at graph 0.02, graph 0.04 left font ',8' front
plot 'data/p1_s0.dat' u 1:2 w lp lw 2 dt 1 pt 3 ps 0.8 lc rgb '#13aeae' notitle, \
  'data/p1_s1.dat' u 1:2 w lp lw 2 dt 2 pt 3 ps 0.8 lc rgb '#13aeae' notitle, \
  'data/p1_s2.dat' u 1:2 w lp lw 2 dt 1 pt 15 ps 0.8 lc rgb '#1313ae' notitle, \
  'data/p1_s3.dat' u 1:2 w lp lw 2 dt 1 pt 4 ps 0.8 lc rgb '#3e3eea' notitle, \
  'data/p1_s4.dat' u 1:2 w lp lw 2 dt 1 pt 14 ps 0.8 lc rgb '#1385ae' notitle, \
  'data/p1_s5.dat' u 1:2 w lp lw 2 dt 1 pt 3 ps 0.8 lc rgb '#3ebcea' notitle, \
  'data/p1_s6.dat' u 1:2 w lp lw 2 dt 1 pt 7 ps 0.8 lc rgb '#7a7e0e' notitle, \
  'data/p1_s7.dat' u 1:2 w lp lw 2 dt 1 pt 5 ps 0.8 lc rgb '#bac015' notitle, \
  'data/p1_s8.dat' u 1:2 w lp lw 2 dt 1 pt 9 ps 0.8 lc rgb '#4d4f09' notitle, \
  'data/p1_s9.dat' u 1:2 w lp lw 2 dt 1 pt 11 ps 0.8 lc rgb '#9a9f12' notitle, \
  'data/p1_s10.dat' u 1:2 w lp lw 2 dt 1 pt 7 ps 0.8 lc rgb '#427e0e' notitle, \
  'data/p1_s11.dat' u 1:2 w lp lw 2 dt 1 pt 5 ps 0.8 lc rgb '#65c015' notitle, \
  'data/p1_s12.dat' u 1:2 w lp lw 2 dt 1 pt 9 ps 0.8 lc rgb '#a213ae' notitle, \
  'data/p1_s13.dat' u 1:2 w lp lw 2 dt 1 pt 7 ps 0.8 lc rgb '#135cae' notitle, \
  'data/p1_s14.dat' u 1:2 w lp lw 2 dt 1 pt 5 ps 0.8 lc rgb '#3e8eea' notitle, \
  'data/p1_s15.dat' u 1:2 w lp lw 2 dt 1 pt 13 ps 0.8 lc rgb '#3eea3e' notitle, \
  'data/p1_s16.dat' u 1:2 w lp lw 2 dt 1 pt 15 ps 0.8 lc rgb '#6e13ae' notitle, \
  'data/p1_s17.dat' u 1:2 w lp lw 2 dt 1 pt 4 ps 0.8 lc rgb '#a23eea' notitle, \
  'data/p1_s18.dat' u 1:2 w lp lw 2 dt 1 pt 10 ps 0.8 lc rgb '#450c6e' notitle, \
  'data/p1_s19.dat' u 1:2 w lp lw 2 dt 1 pt 12 ps 0.8 lc rgb '#8b18dc' notitle, \
  'data/p1_s20.dat' u 1:2 w lp lw 2 dt 1 pt 14 ps 0.8 lc rgb '#b86cef' notitle, \
  'data/p1_s21.dat' u 1:2 w lp lw 2 dt 1 pt 10 ps 0.8 lc rgb '#13ae61' notitle, \
  'data/p1_flagged.dat' u 1:2 w p pt 6 ps 1.8 lw 2 lc rgb '#e377c2' notitle, \
  '' u 1:2:3 w labels offset char 0,0.9 font ',7' tc rgb '#e377c2' noenhanced notitle
unset arrow
unset label
set title "stick-slip (TAMSI box)"
set xlabel "rms position error against the reference (m)"
set ylabel "wall s per simulated s"
set logscale x
set logscale y
set format x '10^{%L}'
set format y '10^{%L}'
set autoscale xy
set xrange [*:*] noreverse
set xrange [2.620231083e-08:8.88643861] noreverse
set yrange [8.201699529e-05:13.62495469]
set label 98 'runs that are not data beyond the axes: at the edge' at graph 0.98, graph 0.15 right font ',8' front
unset key
set arrow 90 from first 1.81150791e-09, graph 0 to first 1.81150791e-09, graph 1 nohead dt 3 lw 1.5 lc rgb '#555555' front
set label 90 'reference uncertainty (x): 1.8e-09' at graph 0.02, graph 0.04 left font ',8' front
plot 'data/p2_s0.dat' u 1:2 w lp lw 2 dt 1 pt 3 ps 0.8 lc rgb '#13aeae' notitle, \
  'data/p2_s1.dat' u 1:2 w lp lw 2 dt 2 pt 3 ps 0.8 lc rgb '#13aeae' notitle, \
  'data/p2_s2.dat' u 1:2 w lp lw 2 dt 1 pt 15 ps 0.8 lc rgb '#1313ae' notitle, \
  'data/p2_s3.dat' u 1:2 w lp lw 2 dt 1 pt 4 ps 0.8 lc rgb '#3e3eea' notitle, \
  'data/p2_s4.dat' u 1:2 w lp lw 2 dt 1 pt 14 ps 0.8 lc rgb '#1385ae' notitle, \
  'data/p2_s5.dat' u 1:2 w lp lw 2 dt 1 pt 3 ps 0.8 lc rgb '#3ebcea' notitle, \
  'data/p2_s6.dat' u 1:2 w lp lw 2 dt 1 pt 7 ps 0.8 lc rgb '#7a7e0e' notitle, \
  'data/p2_s7.dat' u 1:2 w lp lw 2 dt 1 pt 5 ps 0.8 lc rgb '#bac015' notitle, \
  'data/p2_s8.dat' u 1:2 w lp lw 2 dt 1 pt 9 ps 0.8 lc rgb '#4d4f09' notitle, \
  'data/p2_s9.dat' u 1:2 w lp lw 2 dt 1 pt 11 ps 0.8 lc rgb '#9a9f12' notitle, \
  'data/p2_s10.dat' u 1:2 w lp lw 2 dt 1 pt 7 ps 0.8 lc rgb '#427e0e' notitle, \
  'data/p2_s11.dat' u 1:2 w lp lw 2 dt 1 pt 5 ps 0.8 lc rgb '#65c015' notitle, \
  'data/p2_s12.dat' u 1:2 w lp lw 2 dt 1 pt 9 ps 0.8 lc rgb '#a213ae' notitle, \
  'data/p2_s13.dat' u 1:2 w lp lw 2 dt 1 pt 7 ps 0.8 lc rgb '#135cae' notitle, \
  'data/p2_s14.dat' u 1:2 w lp lw 2 dt 1 pt 5 ps 0.8 lc rgb '#3e8eea' notitle, \
  'data/p2_s15.dat' u 1:2 w lp lw 2 dt 1 pt 13 ps 0.8 lc rgb '#3eea3e' notitle, \
  'data/p2_s16.dat' u 1:2 w lp lw 2 dt 1 pt 15 ps 0.8 lc rgb '#6e13ae' notitle, \
  'data/p2_s17.dat' u 1:2 w lp lw 2 dt 1 pt 4 ps 0.8 lc rgb '#a23eea' notitle, \
  'data/p2_s18.dat' u 1:2 w lp lw 2 dt 1 pt 10 ps 0.8 lc rgb '#450c6e' notitle, \
  'data/p2_s19.dat' u 1:2 w lp lw 2 dt 1 pt 12 ps 0.8 lc rgb '#8b18dc' notitle, \
  'data/p2_s20.dat' u 1:2 w lp lw 2 dt 1 pt 14 ps 0.8 lc rgb '#b86cef' notitle, \
  'data/p2_s21.dat' u 1:2 w lp lw 2 dt 1 pt 10 ps 0.8 lc rgb '#13ae61' notitle, \
  'data/p2_timeout.dat' u 1:2 w p pt 8 ps 1.5 lw 2 lc rgb '#ff7f0e' notitle, \
  '' u 1:2:3 w labels offset char 0,0.9 font ',7' tc rgb '#ff7f0e' noenhanced notitle, \
  'data/p2_flagged.dat' u 1:2 w p pt 6 ps 1.8 lw 2 lc rgb '#e377c2' notitle, \
  '' u 1:2:3 w labels offset char 0,0.9 font ',7' tc rgb '#e377c2' noenhanced notitle
unset arrow
unset label
set title "cylinder"
set xlabel "rms position error against the reference (m)"
set ylabel "wall s per simulated s"
set logscale x
set logscale y
set format x '10^{%L}'
set format y '10^{%L}'
set autoscale xy
set xrange [*:*] noreverse
unset key
set arrow 90 from first 1.392745807e-09, graph 0 to first 1.392745807e-09, graph 1 nohead dt 3 lw 1.5 lc rgb '#555555' front
set label 90 'reference uncertainty (x): 1.4e-09' at graph 0.02, graph 0.04 left font ',8' front
plot 'data/p3_s0.dat' u 1:2 w lp lw 2 dt 1 pt 3 ps 0.8 lc rgb '#13aeae' notitle, \
  'data/p3_s1.dat' u 1:2 w lp lw 2 dt 2 pt 3 ps 0.8 lc rgb '#13aeae' notitle, \
  'data/p3_s2.dat' u 1:2 w lp lw 2 dt 1 pt 15 ps 0.8 lc rgb '#1313ae' notitle, \
  'data/p3_s3.dat' u 1:2 w lp lw 2 dt 1 pt 4 ps 0.8 lc rgb '#3e3eea' notitle, \
  'data/p3_s4.dat' u 1:2 w lp lw 2 dt 1 pt 14 ps 0.8 lc rgb '#1385ae' notitle, \
  'data/p3_s5.dat' u 1:2 w lp lw 2 dt 1 pt 3 ps 0.8 lc rgb '#3ebcea' notitle, \
  'data/p3_s6.dat' u 1:2 w lp lw 2 dt 1 pt 7 ps 0.8 lc rgb '#7a7e0e' notitle, \
  'data/p3_s7.dat' u 1:2 w lp lw 2 dt 1 pt 5 ps 0.8 lc rgb '#bac015' notitle, \
  'data/p3_s8.dat' u 1:2 w lp lw 2 dt 1 pt 9 ps 0.8 lc rgb '#4d4f09' notitle, \
  'data/p3_s9.dat' u 1:2 w lp lw 2 dt 1 pt 11 ps 0.8 lc rgb '#9a9f12' notitle, \
  'data/p3_s10.dat' u 1:2 w lp lw 2 dt 1 pt 7 ps 0.8 lc rgb '#427e0e' notitle, \
  'data/p3_s11.dat' u 1:2 w lp lw 2 dt 1 pt 5 ps 0.8 lc rgb '#65c015' notitle, \
  'data/p3_s12.dat' u 1:2 w lp lw 2 dt 1 pt 9 ps 0.8 lc rgb '#a213ae' notitle, \
  'data/p3_s13.dat' u 1:2 w lp lw 2 dt 1 pt 7 ps 0.8 lc rgb '#135cae' notitle, \
  'data/p3_s14.dat' u 1:2 w lp lw 2 dt 1 pt 5 ps 0.8 lc rgb '#3e8eea' notitle, \
  'data/p3_s15.dat' u 1:2 w lp lw 2 dt 1 pt 13 ps 0.8 lc rgb '#3eea3e' notitle, \
  'data/p3_s16.dat' u 1:2 w lp lw 2 dt 1 pt 15 ps 0.8 lc rgb '#6e13ae' notitle, \
  'data/p3_s17.dat' u 1:2 w lp lw 2 dt 1 pt 4 ps 0.8 lc rgb '#a23eea' notitle, \
  'data/p3_s18.dat' u 1:2 w lp lw 2 dt 1 pt 10 ps 0.8 lc rgb '#450c6e' notitle, \
  'data/p3_s19.dat' u 1:2 w lp lw 2 dt 1 pt 12 ps 0.8 lc rgb '#8b18dc' notitle, \
  'data/p3_s20.dat' u 1:2 w lp lw 2 dt 1 pt 14 ps 0.8 lc rgb '#b86cef' notitle, \
  'data/p3_s21.dat' u 1:2 w lp lw 2 dt 1 pt 10 ps 0.8 lc rgb '#13ae61' notitle, \
  'data/p3_flagged.dat' u 1:2 w p pt 6 ps 1.8 lw 2 lc rgb '#e377c2' notitle, \
  '' u 1:2:3 w labels offset char 0,0.9 font ',7' tc rgb '#e377c2' noenhanced notitle
unset arrow
unset label
set title "gripper (peg)"
set xlabel "rms position error against the reference (m)"
set ylabel "wall s per simulated s"
set logscale x
set logscale y
set format x '10^{%L}'
set format y '10^{%L}'
set autoscale xy
set xrange [*:*] noreverse
set xrange [2.050114124e-07:1.119042648] noreverse
set yrange [0.0003252014976:9.906528394]
set label 98 'runs that are not data beyond the axes: at the edge' at graph 0.98, graph 0.15 right font ',8' front
unset key
set arrow 90 from first 2.819986409e-10, graph 0 to first 2.819986409e-10, graph 1 nohead dt 3 lw 1.5 lc rgb '#555555' front
set label 90 'reference uncertainty (x): 2.8e-10' at graph 0.02, graph 0.04 left font ',8' front
plot 'data/p4_s0.dat' u 1:2 w lp lw 2 dt 1 pt 3 ps 0.8 lc rgb '#13aeae' notitle, \
  'data/p4_s1.dat' u 1:2 w lp lw 2 dt 2 pt 3 ps 0.8 lc rgb '#13aeae' notitle, \
  'data/p4_s2.dat' u 1:2 w lp lw 2 dt 1 pt 15 ps 0.8 lc rgb '#1313ae' notitle, \
  'data/p4_s3.dat' u 1:2 w lp lw 2 dt 1 pt 4 ps 0.8 lc rgb '#3e3eea' notitle, \
  'data/p4_s4.dat' u 1:2 w lp lw 2 dt 1 pt 14 ps 0.8 lc rgb '#1385ae' notitle, \
  'data/p4_s5.dat' u 1:2 w lp lw 2 dt 1 pt 3 ps 0.8 lc rgb '#3ebcea' notitle, \
  'data/p4_s6.dat' u 1:2 w lp lw 2 dt 1 pt 9 ps 0.8 lc rgb '#4d4f09' notitle, \
  'data/p4_s7.dat' u 1:2 w lp lw 2 dt 1 pt 11 ps 0.8 lc rgb '#9a9f12' notitle, \
  'data/p4_s8.dat' u 1:2 w lp lw 2 dt 1 pt 7 ps 0.8 lc rgb '#427e0e' notitle, \
  'data/p4_s9.dat' u 1:2 w lp lw 2 dt 1 pt 5 ps 0.8 lc rgb '#65c015' notitle, \
  'data/p4_s10.dat' u 1:2 w lp lw 2 dt 1 pt 7 ps 0.8 lc rgb '#135cae' notitle, \
  'data/p4_s11.dat' u 1:2 w lp lw 2 dt 1 pt 5 ps 0.8 lc rgb '#3e8eea' notitle, \
  'data/p4_s12.dat' u 1:2 w lp lw 2 dt 1 pt 13 ps 0.8 lc rgb '#3eea3e' notitle, \
  'data/p4_s13.dat' u 1:2 w lp lw 2 dt 1 pt 15 ps 0.8 lc rgb '#6e13ae' notitle, \
  'data/p4_s14.dat' u 1:2 w lp lw 2 dt 1 pt 4 ps 0.8 lc rgb '#a23eea' notitle, \
  'data/p4_s15.dat' u 1:2 w lp lw 2 dt 1 pt 10 ps 0.8 lc rgb '#450c6e' notitle, \
  'data/p4_s16.dat' u 1:2 w lp lw 2 dt 1 pt 12 ps 0.8 lc rgb '#8b18dc' notitle, \
  'data/p4_failed.dat' u 1:2 w p pt 2 ps 1.5 lw 2 lc rgb 'red' notitle, \
  '' u 1:2:3 w labels offset char 0,0.9 font ',7' tc rgb 'red' noenhanced notitle, \
  'data/p4_timeout.dat' u 1:2 w p pt 8 ps 1.5 lw 2 lc rgb '#ff7f0e' notitle, \
  '' u 1:2:3 w labels offset char 0,0.9 font ',7' tc rgb '#ff7f0e' noenhanced notitle, \
  'data/p4_flagged.dat' u 1:2 w p pt 6 ps 1.8 lw 2 lc rgb '#e377c2' notitle, \
  '' u 1:2:3 w labels offset char 0,0.9 font ',7' tc rgb '#e377c2' noenhanced notitle
unset arrow
unset label
set title "soft clutter (windowed)"
set xlabel "windowed rms position error, 0.25 s windows (m)"
set ylabel "wall s per simulated s"
set logscale x
set logscale y
set format x '10^{%L}'
set format y '10^{%L}'
set autoscale xy
set xrange [*:*] noreverse
set xrange [7.709476173e-06:1.470521338] noreverse
set yrange [0.006978576996:18.19296028]
set label 98 'runs that are not data beyond the axes: at the edge' at graph 0.98, graph 0.15 right font ',8' front
set key at screen KEY_X, KEY_Y left top Left reverse font ',9' samplen 2
plot 'data/p5_s0.dat' u 1:2 w lp lw 2 dt 1 pt 3 ps 0.8 lc rgb '#13aeae' notitle, \
  'data/p5_s1.dat' u 1:2 w lp lw 2 dt 1 pt 5 ps 0.8 lc rgb '#bac015' notitle, \
  'data/p5_s2.dat' u 1:2 w lp lw 2 dt 1 pt 9 ps 0.8 lc rgb '#4d4f09' notitle, \
  'data/p5_s3.dat' u 1:2 w lp lw 2 dt 1 pt 11 ps 0.8 lc rgb '#9a9f12' notitle, \
  'data/p5_s4.dat' u 1:2 w lp lw 2 dt 1 pt 5 ps 0.8 lc rgb '#65c015' notitle, \
  'data/p5_s5.dat' u 1:2 w lp lw 2 dt 1 pt 9 ps 0.8 lc rgb '#a213ae' notitle, \
  'data/p5_s6.dat' u 1:2 w lp lw 2 dt 1 pt 7 ps 0.8 lc rgb '#135cae' notitle, \
  'data/p5_s7.dat' u 1:2 w lp lw 2 dt 1 pt 5 ps 0.8 lc rgb '#3e8eea' notitle, \
  'data/p5_s8.dat' u 1:2 w lp lw 2 dt 1 pt 13 ps 0.8 lc rgb '#3eea3e' notitle, \
  'data/p5_s9.dat' u 1:2 w lp lw 2 dt 1 pt 15 ps 0.8 lc rgb '#6e13ae' notitle, \
  'data/p5_s10.dat' u 1:2 w lp lw 2 dt 1 pt 4 ps 0.8 lc rgb '#a23eea' notitle, \
  'data/p5_s11.dat' u 1:2 w lp lw 2 dt 1 pt 12 ps 0.8 lc rgb '#8b18dc' notitle, \
  'data/p5_s12.dat' u 1:2 w lp lw 2 dt 1 pt 14 ps 0.8 lc rgb '#b86cef' notitle, \
  'data/p5_s13.dat' u 1:2 w lp lw 2 dt 1 pt 10 ps 0.8 lc rgb '#13ae61' notitle, \
  'data/p5_failed.dat' u 1:2 w p pt 2 ps 1.5 lw 2 lc rgb 'red' notitle, \
  '' u 1:2:3 w labels offset char 0,0.9 font ',7' tc rgb 'red' noenhanced notitle, \
  'data/p5_timeout.dat' u 1:2 w p pt 8 ps 1.5 lw 2 lc rgb '#ff7f0e' notitle, \
  '' u 1:2:3 w labels offset char 0,0.9 font ',7' tc rgb '#ff7f0e' noenhanced notitle, \
  'data/p5_flagged.dat' u 1:2 w p pt 6 ps 1.8 lw 2 lc rgb '#e377c2' notitle, \
  '' u 1:2:3 w labels offset char 0,0.9 font ',7' tc rgb '#e377c2' noenhanced notitle, \
  keyentry w lp lw 2 dt 1 pt 3 ps 0.8 lc rgb '#13aeae' title "mujoco compliance=own", \
  keyentry w lp lw 2 dt 2 pt 3 ps 0.8 lc rgb '#13aeae' title "mujoco compliance=matched", \
  keyentry w lp lw 2 dt 1 pt 15 ps 0.8 lc rgb '#1313ae' title "ode", \
  keyentry w lp lw 2 dt 1 pt 4 ps 0.8 lc rgb '#3e3eea' title "ode-quick", \
  keyentry w lp lw 2 dt 1 pt 14 ps 0.8 lc rgb '#1385ae' title "bullet", \
  keyentry w lp lw 2 dt 1 pt 3 ps 0.8 lc rgb '#3ebcea' title "bullet-mlcp", \
  keyentry w lp lw 2 dt 1 pt 7 ps 0.8 lc rgb '#7a7e0e' title "lcp", \
  keyentry w lp lw 2 dt 1 pt 5 ps 0.8 lc rgb '#bac015' title "ccp", \
  keyentry w lp lw 2 dt 1 pt 9 ps 0.8 lc rgb '#4d4f09' title "ncp", \
  keyentry w lp lw 2 dt 1 pt 11 ps 0.8 lc rgb '#9a9f12' title "raisim", \
  keyentry w lp lw 2 dt 1 pt 7 ps 0.8 lc rgb '#427e0e' title "dart", \
  keyentry w lp lw 2 dt 1 pt 5 ps 0.8 lc rgb '#65c015' title "dart-pgs", \
  keyentry w lp lw 2 dt 1 pt 9 ps 0.8 lc rgb '#a213ae' title "siconos", \
  keyentry w lp lw 2 dt 1 pt 7 ps 0.8 lc rgb '#135cae' title "cenic-sd", \
  keyentry w lp lw 2 dt 1 pt 5 ps 0.8 lc rgb '#3e8eea' title "cenic-trap", \
  keyentry w lp lw 2 dt 1 pt 13 ps 0.8 lc rgb '#3eea3e' title "tamsi-sd", \
  keyentry w lp lw 2 dt 1 pt 15 ps 0.8 lc rgb '#6e13ae' title "ie", \
  keyentry w lp lw 2 dt 1 pt 4 ps 0.8 lc rgb '#a23eea' title "bdf", \
  keyentry w lp lw 2 dt 1 pt 10 ps 0.8 lc rgb '#450c6e' title "sdirk2", \
  keyentry w lp lw 2 dt 1 pt 12 ps 0.8 lc rgb '#8b18dc' title "rosenbrock", \
  keyentry w lp lw 2 dt 1 pt 14 ps 0.8 lc rgb '#b86cef' title "rk3", \
  keyentry w lp lw 2 dt 1 pt 10 ps 0.8 lc rgb '#13ae61' title "simbody-rkm", \
  keyentry w p pt 2 ps 1.5 lw 2 lc rgb 'red' title 'failed (19)', \
  keyentry w p pt 8 ps 1.5 lw 2 lc rgb '#ff7f0e' title 'timed out (60)', \
  keyentry w p pt 6 ps 1.8 lw 2 lc rgb '#e377c2' title 'flagged (physics guard) (108)'
unset multiplot
unset output
set terminal pngcairo size 1890,920 font 'sans,10'
set output 'engines_work_precision.png'.cbench_out_suffix
set grid
set datafile missing '?'
KEY_X = 0.8307
KEY_Y = 0.9185
set multiplot layout 2,3 margins 0.0397,0.8175,0.0598,0.9185 spacing 0.0450,0.1033 title "Every engine at matched physics: work against error per case"
unset arrow
unset label
set title "ball drop"
set xlabel "rms position error against the reference (m)"
set ylabel "wall s per simulated s"
set logscale x
set logscale y
set format x '10^{%L}'
set format y '10^{%L}'
set autoscale xy
set xrange [*:*] noreverse
set xrange [1.631080766e-06:0.6594851202] noreverse
set yrange [7.504833047e-05:2.791234883]
set label 98 'runs that are not data beyond the axes: at the edge' at graph 0.98, graph 0.15 right font ',8' front
unset key
set arrow 90 from first 3.833723049e-08, graph 0 to first 3.833723049e-08, graph 1 nohead dt 3 lw 1.5 lc rgb '#555555' front
set label 90 'reference uncertainty (x): 3.8e-08' at graph 0.02, graph 0.04 left font ',8' front
plot 'data/p0_s0.dat' u 1:2 w lp lw 2 dt 1 pt 3 ps 0.8 lc rgb '#13aeae' notitle, \
  'data/p0_s1.dat' u 1:2 w lp lw 2 dt 2 pt 3 ps 0.8 lc rgb '#13aeae' notitle, \
  'data/p0_s2.dat' u 1:2 w lp lw 2 dt 1 pt 15 ps 0.8 lc rgb '#1313ae' notitle, \
  'data/p0_s3.dat' u 1:2 w lp lw 2 dt 1 pt 4 ps 0.8 lc rgb '#3e3eea' notitle, \
  'data/p0_s4.dat' u 1:2 w lp lw 2 dt 1 pt 14 ps 0.8 lc rgb '#1385ae' notitle, \
  'data/p0_s5.dat' u 1:2 w lp lw 2 dt 1 pt 3 ps 0.8 lc rgb '#3ebcea' notitle, \
  'data/p0_s6.dat' u 1:2 w lp lw 2 dt 1 pt 7 ps 0.8 lc rgb '#7a7e0e' notitle, \
  'data/p0_s7.dat' u 1:2 w lp lw 2 dt 1 pt 5 ps 0.8 lc rgb '#bac015' notitle, \
  'data/p0_s8.dat' u 1:2 w lp lw 2 dt 1 pt 9 ps 0.8 lc rgb '#4d4f09' notitle, \
  'data/p0_s9.dat' u 1:2 w lp lw 2 dt 1 pt 11 ps 0.8 lc rgb '#9a9f12' notitle, \
  'data/p0_s10.dat' u 1:2 w lp lw 2 dt 1 pt 7 ps 0.8 lc rgb '#427e0e' notitle, \
  'data/p0_s11.dat' u 1:2 w lp lw 2 dt 1 pt 5 ps 0.8 lc rgb '#65c015' notitle, \
  'data/p0_s12.dat' u 1:2 w lp lw 2 dt 1 pt 9 ps 0.8 lc rgb '#a213ae' notitle, \
  'data/p0_s13.dat' u 1:2 w lp lw 2 dt 1 pt 7 ps 0.8 lc rgb '#135cae' notitle, \
  'data/p0_s14.dat' u 1:2 w lp lw 2 dt 1 pt 5 ps 0.8 lc rgb '#3e8eea' notitle, \
  'data/p0_s15.dat' u 1:2 w lp lw 2 dt 1 pt 13 ps 0.8 lc rgb '#3eea3e' notitle, \
  'data/p0_s16.dat' u 1:2 w lp lw 2 dt 1 pt 15 ps 0.8 lc rgb '#6e13ae' notitle, \
  'data/p0_s17.dat' u 1:2 w lp lw 2 dt 1 pt 4 ps 0.8 lc rgb '#a23eea' notitle, \
  'data/p0_s18.dat' u 1:2 w lp lw 2 dt 1 pt 10 ps 0.8 lc rgb '#450c6e' notitle, \
  'data/p0_s19.dat' u 1:2 w lp lw 2 dt 1 pt 12 ps 0.8 lc rgb '#8b18dc' notitle, \
  'data/p0_s20.dat' u 1:2 w lp lw 2 dt 1 pt 14 ps 0.8 lc rgb '#b86cef' notitle, \
  'data/p0_s21.dat' u 1:2 w lp lw 2 dt 1 pt 10 ps 0.8 lc rgb '#13ae61' notitle, \
  'data/p0_flagged.dat' u 1:2 w p pt 6 ps 1.8 lw 2 lc rgb '#e377c2' notitle, \
  '' u 1:2:3 w labels offset char 0,0.9 font ',7' tc rgb '#e377c2' noenhanced notitle
unset arrow
unset label
set title "sliding cube"
set xlabel "rms position error against the reference (m)"
set ylabel "wall s per simulated s"
set logscale x
set logscale y
set format x '10^{%L}'
set format y '10^{%L}'
set autoscale xy
set xrange [*:*] noreverse
set xrange [5.619161451e-08:0.03586229216] noreverse
set yrange [7.247799658e-05:18.9346907]
set label 98 'runs that are not data beyond the axes: at the edge' at graph 0.98, graph 0.15 right font ',8' front
unset key
set arrow 90 from first 2.965049978e-10, graph 0 to first 2.965049978e-10, graph 1 nohead dt 3 lw 1.5 lc rgb '#555555' front
set label 90 'reference uncertainty (x): 3e-10' at graph 0.02, graph 0.04 left font ',8' front
plot 'data/p1_s0.dat' u 1:2 w lp lw 2 dt 1 pt 3 ps 0.8 lc rgb '#13aeae' notitle, \
  'data/p1_s1.dat' u 1:2 w lp lw 2 dt 2 pt 3 ps 0.8 lc rgb '#13aeae' notitle, \
  'data/p1_s2.dat' u 1:2 w lp lw 2 dt 1 pt 15 ps 0.8 lc rgb '#1313ae' notitle, \
  'data/p1_s3.dat' u 1:2 w lp lw 2 dt 1 pt 4 ps 0.8 lc rgb '#3e3eea' notitle, \
  'data/p1_s4.dat' u 1:2 w lp lw 2 dt 1 pt 14 ps 0.8 lc rgb '#1385ae' notitle, \
  'data/p1_s5.dat' u 1:2 w lp lw 2 dt 1 pt 3 ps 0.8 lc rgb '#3ebcea' notitle, \
  'data/p1_s6.dat' u 1:2 w lp lw 2 dt 1 pt 7 ps 0.8 lc rgb '#7a7e0e' notitle, \
  'data/p1_s7.dat' u 1:2 w lp lw 2 dt 1 pt 5 ps 0.8 lc rgb '#bac015' notitle, \
  'data/p1_s8.dat' u 1:2 w lp lw 2 dt 1 pt 9 ps 0.8 lc rgb '#4d4f09' notitle, \
  'data/p1_s9.dat' u 1:2 w lp lw 2 dt 1 pt 11 ps 0.8 lc rgb '#9a9f12' notitle, \
  'data/p1_s10.dat' u 1:2 w lp lw 2 dt 1 pt 7 ps 0.8 lc rgb '#427e0e' notitle, \
  'data/p1_s11.dat' u 1:2 w lp lw 2 dt 1 pt 5 ps 0.8 lc rgb '#65c015' notitle, \
  'data/p1_s12.dat' u 1:2 w lp lw 2 dt 1 pt 9 ps 0.8 lc rgb '#a213ae' notitle, \
  'data/p1_s13.dat' u 1:2 w lp lw 2 dt 1 pt 7 ps 0.8 lc rgb '#135cae' notitle, \
  'data/p1_s14.dat' u 1:2 w lp lw 2 dt 1 pt 5 ps 0.8 lc rgb '#3e8eea' notitle, \
  'data/p1_s15.dat' u 1:2 w lp lw 2 dt 1 pt 13 ps 0.8 lc rgb '#3eea3e' notitle, \
  'data/p1_s16.dat' u 1:2 w lp lw 2 dt 1 pt 15 ps 0.8 lc rgb '#6e13ae' notitle, \
  'data/p1_s17.dat' u 1:2 w lp lw 2 dt 1 pt 4 ps 0.8 lc rgb '#a23eea' notitle, \
  'data/p1_s18.dat' u 1:2 w lp lw 2 dt 1 pt 10 ps 0.8 lc rgb '#450c6e' notitle, \
  'data/p1_s19.dat' u 1:2 w lp lw 2 dt 1 pt 12 ps 0.8 lc rgb '#8b18dc' notitle, \
  'data/p1_s20.dat' u 1:2 w lp lw 2 dt 1 pt 14 ps 0.8 lc rgb '#b86cef' notitle, \
  'data/p1_s21.dat' u 1:2 w lp lw 2 dt 1 pt 10 ps 0.8 lc rgb '#13ae61' notitle, \
  'data/p1_flagged.dat' u 1:2 w p pt 6 ps 1.8 lw 2 lc rgb '#e377c2' notitle, \
  '' u 1:2:3 w labels offset char 0,0.9 font ',7' tc rgb '#e377c2' noenhanced notitle
unset arrow
unset label
set title "stick-slip (TAMSI box)"
set xlabel "rms position error against the reference (m)"
set ylabel "wall s per simulated s"
set logscale x
set logscale y
set format x '10^{%L}'
set format y '10^{%L}'
set autoscale xy
set xrange [*:*] noreverse
set xrange [2.620231083e-08:8.88643861] noreverse
set yrange [8.201699529e-05:13.62495469]
set label 98 'runs that are not data beyond the axes: at the edge' at graph 0.98, graph 0.15 right font ',8' front
unset key
set arrow 90 from first 1.81150791e-09, graph 0 to first 1.81150791e-09, graph 1 nohead dt 3 lw 1.5 lc rgb '#555555' front
set label 90 'reference uncertainty (x): 1.8e-09' at graph 0.02, graph 0.04 left font ',8' front
plot 'data/p2_s0.dat' u 1:2 w lp lw 2 dt 1 pt 3 ps 0.8 lc rgb '#13aeae' notitle, \
  'data/p2_s1.dat' u 1:2 w lp lw 2 dt 2 pt 3 ps 0.8 lc rgb '#13aeae' notitle, \
  'data/p2_s2.dat' u 1:2 w lp lw 2 dt 1 pt 15 ps 0.8 lc rgb '#1313ae' notitle, \
  'data/p2_s3.dat' u 1:2 w lp lw 2 dt 1 pt 4 ps 0.8 lc rgb '#3e3eea' notitle, \
  'data/p2_s4.dat' u 1:2 w lp lw 2 dt 1 pt 14 ps 0.8 lc rgb '#1385ae' notitle, \
  'data/p2_s5.dat' u 1:2 w lp lw 2 dt 1 pt 3 ps 0.8 lc rgb '#3ebcea' notitle, \
  'data/p2_s6.dat' u 1:2 w lp lw 2 dt 1 pt 7 ps 0.8 lc rgb '#7a7e0e' notitle, \
  'data/p2_s7.dat' u 1:2 w lp lw 2 dt 1 pt 5 ps 0.8 lc rgb '#bac015' notitle, \
  'data/p2_s8.dat' u 1:2 w lp lw 2 dt 1 pt 9 ps 0.8 lc rgb '#4d4f09' notitle, \
  'data/p2_s9.dat' u 1:2 w lp lw 2 dt 1 pt 11 ps 0.8 lc rgb '#9a9f12' notitle, \
  'data/p2_s10.dat' u 1:2 w lp lw 2 dt 1 pt 7 ps 0.8 lc rgb '#427e0e' notitle, \
  'data/p2_s11.dat' u 1:2 w lp lw 2 dt 1 pt 5 ps 0.8 lc rgb '#65c015' notitle, \
  'data/p2_s12.dat' u 1:2 w lp lw 2 dt 1 pt 9 ps 0.8 lc rgb '#a213ae' notitle, \
  'data/p2_s13.dat' u 1:2 w lp lw 2 dt 1 pt 7 ps 0.8 lc rgb '#135cae' notitle, \
  'data/p2_s14.dat' u 1:2 w lp lw 2 dt 1 pt 5 ps 0.8 lc rgb '#3e8eea' notitle, \
  'data/p2_s15.dat' u 1:2 w lp lw 2 dt 1 pt 13 ps 0.8 lc rgb '#3eea3e' notitle, \
  'data/p2_s16.dat' u 1:2 w lp lw 2 dt 1 pt 15 ps 0.8 lc rgb '#6e13ae' notitle, \
  'data/p2_s17.dat' u 1:2 w lp lw 2 dt 1 pt 4 ps 0.8 lc rgb '#a23eea' notitle, \
  'data/p2_s18.dat' u 1:2 w lp lw 2 dt 1 pt 10 ps 0.8 lc rgb '#450c6e' notitle, \
  'data/p2_s19.dat' u 1:2 w lp lw 2 dt 1 pt 12 ps 0.8 lc rgb '#8b18dc' notitle, \
  'data/p2_s20.dat' u 1:2 w lp lw 2 dt 1 pt 14 ps 0.8 lc rgb '#b86cef' notitle, \
  'data/p2_s21.dat' u 1:2 w lp lw 2 dt 1 pt 10 ps 0.8 lc rgb '#13ae61' notitle, \
  'data/p2_timeout.dat' u 1:2 w p pt 8 ps 1.5 lw 2 lc rgb '#ff7f0e' notitle, \
  '' u 1:2:3 w labels offset char 0,0.9 font ',7' tc rgb '#ff7f0e' noenhanced notitle, \
  'data/p2_flagged.dat' u 1:2 w p pt 6 ps 1.8 lw 2 lc rgb '#e377c2' notitle, \
  '' u 1:2:3 w labels offset char 0,0.9 font ',7' tc rgb '#e377c2' noenhanced notitle
unset arrow
unset label
set title "cylinder"
set xlabel "rms position error against the reference (m)"
set ylabel "wall s per simulated s"
set logscale x
set logscale y
set format x '10^{%L}'
set format y '10^{%L}'
set autoscale xy
set xrange [*:*] noreverse
unset key
set arrow 90 from first 1.392745807e-09, graph 0 to first 1.392745807e-09, graph 1 nohead dt 3 lw 1.5 lc rgb '#555555' front
set label 90 'reference uncertainty (x): 1.4e-09' at graph 0.02, graph 0.04 left font ',8' front
plot 'data/p3_s0.dat' u 1:2 w lp lw 2 dt 1 pt 3 ps 0.8 lc rgb '#13aeae' notitle, \
  'data/p3_s1.dat' u 1:2 w lp lw 2 dt 2 pt 3 ps 0.8 lc rgb '#13aeae' notitle, \
  'data/p3_s2.dat' u 1:2 w lp lw 2 dt 1 pt 15 ps 0.8 lc rgb '#1313ae' notitle, \
  'data/p3_s3.dat' u 1:2 w lp lw 2 dt 1 pt 4 ps 0.8 lc rgb '#3e3eea' notitle, \
  'data/p3_s4.dat' u 1:2 w lp lw 2 dt 1 pt 14 ps 0.8 lc rgb '#1385ae' notitle, \
  'data/p3_s5.dat' u 1:2 w lp lw 2 dt 1 pt 3 ps 0.8 lc rgb '#3ebcea' notitle, \
  'data/p3_s6.dat' u 1:2 w lp lw 2 dt 1 pt 7 ps 0.8 lc rgb '#7a7e0e' notitle, \
  'data/p3_s7.dat' u 1:2 w lp lw 2 dt 1 pt 5 ps 0.8 lc rgb '#bac015' notitle, \
  'data/p3_s8.dat' u 1:2 w lp lw 2 dt 1 pt 9 ps 0.8 lc rgb '#4d4f09' notitle, \
  'data/p3_s9.dat' u 1:2 w lp lw 2 dt 1 pt 11 ps 0.8 lc rgb '#9a9f12' notitle, \
  'data/p3_s10.dat' u 1:2 w lp lw 2 dt 1 pt 7 ps 0.8 lc rgb '#427e0e' notitle, \
  'data/p3_s11.dat' u 1:2 w lp lw 2 dt 1 pt 5 ps 0.8 lc rgb '#65c015' notitle, \
  'data/p3_s12.dat' u 1:2 w lp lw 2 dt 1 pt 9 ps 0.8 lc rgb '#a213ae' notitle, \
  'data/p3_s13.dat' u 1:2 w lp lw 2 dt 1 pt 7 ps 0.8 lc rgb '#135cae' notitle, \
  'data/p3_s14.dat' u 1:2 w lp lw 2 dt 1 pt 5 ps 0.8 lc rgb '#3e8eea' notitle, \
  'data/p3_s15.dat' u 1:2 w lp lw 2 dt 1 pt 13 ps 0.8 lc rgb '#3eea3e' notitle, \
  'data/p3_s16.dat' u 1:2 w lp lw 2 dt 1 pt 15 ps 0.8 lc rgb '#6e13ae' notitle, \
  'data/p3_s17.dat' u 1:2 w lp lw 2 dt 1 pt 4 ps 0.8 lc rgb '#a23eea' notitle, \
  'data/p3_s18.dat' u 1:2 w lp lw 2 dt 1 pt 10 ps 0.8 lc rgb '#450c6e' notitle, \
  'data/p3_s19.dat' u 1:2 w lp lw 2 dt 1 pt 12 ps 0.8 lc rgb '#8b18dc' notitle, \
  'data/p3_s20.dat' u 1:2 w lp lw 2 dt 1 pt 14 ps 0.8 lc rgb '#b86cef' notitle, \
  'data/p3_s21.dat' u 1:2 w lp lw 2 dt 1 pt 10 ps 0.8 lc rgb '#13ae61' notitle, \
  'data/p3_flagged.dat' u 1:2 w p pt 6 ps 1.8 lw 2 lc rgb '#e377c2' notitle, \
  '' u 1:2:3 w labels offset char 0,0.9 font ',7' tc rgb '#e377c2' noenhanced notitle
unset arrow
unset label
set title "gripper (peg)"
set xlabel "rms position error against the reference (m)"
set ylabel "wall s per simulated s"
set logscale x
set logscale y
set format x '10^{%L}'
set format y '10^{%L}'
set autoscale xy
set xrange [*:*] noreverse
set xrange [2.050114124e-07:1.119042648] noreverse
set yrange [0.0003252014976:9.906528394]
set label 98 'runs that are not data beyond the axes: at the edge' at graph 0.98, graph 0.15 right font ',8' front
unset key
set arrow 90 from first 2.819986409e-10, graph 0 to first 2.819986409e-10, graph 1 nohead dt 3 lw 1.5 lc rgb '#555555' front
set label 90 'reference uncertainty (x): 2.8e-10' at graph 0.02, graph 0.04 left font ',8' front
plot 'data/p4_s0.dat' u 1:2 w lp lw 2 dt 1 pt 3 ps 0.8 lc rgb '#13aeae' notitle, \
  'data/p4_s1.dat' u 1:2 w lp lw 2 dt 2 pt 3 ps 0.8 lc rgb '#13aeae' notitle, \
  'data/p4_s2.dat' u 1:2 w lp lw 2 dt 1 pt 15 ps 0.8 lc rgb '#1313ae' notitle, \
  'data/p4_s3.dat' u 1:2 w lp lw 2 dt 1 pt 4 ps 0.8 lc rgb '#3e3eea' notitle, \
  'data/p4_s4.dat' u 1:2 w lp lw 2 dt 1 pt 14 ps 0.8 lc rgb '#1385ae' notitle, \
  'data/p4_s5.dat' u 1:2 w lp lw 2 dt 1 pt 3 ps 0.8 lc rgb '#3ebcea' notitle, \
  'data/p4_s6.dat' u 1:2 w lp lw 2 dt 1 pt 9 ps 0.8 lc rgb '#4d4f09' notitle, \
  'data/p4_s7.dat' u 1:2 w lp lw 2 dt 1 pt 11 ps 0.8 lc rgb '#9a9f12' notitle, \
  'data/p4_s8.dat' u 1:2 w lp lw 2 dt 1 pt 7 ps 0.8 lc rgb '#427e0e' notitle, \
  'data/p4_s9.dat' u 1:2 w lp lw 2 dt 1 pt 5 ps 0.8 lc rgb '#65c015' notitle, \
  'data/p4_s10.dat' u 1:2 w lp lw 2 dt 1 pt 7 ps 0.8 lc rgb '#135cae' notitle, \
  'data/p4_s11.dat' u 1:2 w lp lw 2 dt 1 pt 5 ps 0.8 lc rgb '#3e8eea' notitle, \
  'data/p4_s12.dat' u 1:2 w lp lw 2 dt 1 pt 13 ps 0.8 lc rgb '#3eea3e' notitle, \
  'data/p4_s13.dat' u 1:2 w lp lw 2 dt 1 pt 15 ps 0.8 lc rgb '#6e13ae' notitle, \
  'data/p4_s14.dat' u 1:2 w lp lw 2 dt 1 pt 4 ps 0.8 lc rgb '#a23eea' notitle, \
  'data/p4_s15.dat' u 1:2 w lp lw 2 dt 1 pt 10 ps 0.8 lc rgb '#450c6e' notitle, \
  'data/p4_s16.dat' u 1:2 w lp lw 2 dt 1 pt 12 ps 0.8 lc rgb '#8b18dc' notitle, \
  'data/p4_failed.dat' u 1:2 w p pt 2 ps 1.5 lw 2 lc rgb 'red' notitle, \
  '' u 1:2:3 w labels offset char 0,0.9 font ',7' tc rgb 'red' noenhanced notitle, \
  'data/p4_timeout.dat' u 1:2 w p pt 8 ps 1.5 lw 2 lc rgb '#ff7f0e' notitle, \
  '' u 1:2:3 w labels offset char 0,0.9 font ',7' tc rgb '#ff7f0e' noenhanced notitle, \
  'data/p4_flagged.dat' u 1:2 w p pt 6 ps 1.8 lw 2 lc rgb '#e377c2' notitle, \
  '' u 1:2:3 w labels offset char 0,0.9 font ',7' tc rgb '#e377c2' noenhanced notitle
unset arrow
unset label
set title "soft clutter (windowed)"
set xlabel "windowed rms position error, 0.25 s windows (m)"
set ylabel "wall s per simulated s"
set logscale x
set logscale y
set format x '10^{%L}'
set format y '10^{%L}'
set autoscale xy
set xrange [*:*] noreverse
set xrange [7.709476173e-06:1.470521338] noreverse
set yrange [0.006978576996:18.19296028]
set label 98 'runs that are not data beyond the axes: at the edge' at graph 0.98, graph 0.15 right font ',8' front
set key at screen KEY_X, KEY_Y left top Left reverse font ',9' samplen 2
plot 'data/p5_s0.dat' u 1:2 w lp lw 2 dt 1 pt 3 ps 0.8 lc rgb '#13aeae' notitle, \
  'data/p5_s1.dat' u 1:2 w lp lw 2 dt 1 pt 5 ps 0.8 lc rgb '#bac015' notitle, \
  'data/p5_s2.dat' u 1:2 w lp lw 2 dt 1 pt 9 ps 0.8 lc rgb '#4d4f09' notitle, \
  'data/p5_s3.dat' u 1:2 w lp lw 2 dt 1 pt 11 ps 0.8 lc rgb '#9a9f12' notitle, \
  'data/p5_s4.dat' u 1:2 w lp lw 2 dt 1 pt 5 ps 0.8 lc rgb '#65c015' notitle, \
  'data/p5_s5.dat' u 1:2 w lp lw 2 dt 1 pt 9 ps 0.8 lc rgb '#a213ae' notitle, \
  'data/p5_s6.dat' u 1:2 w lp lw 2 dt 1 pt 7 ps 0.8 lc rgb '#135cae' notitle, \
  'data/p5_s7.dat' u 1:2 w lp lw 2 dt 1 pt 5 ps 0.8 lc rgb '#3e8eea' notitle, \
  'data/p5_s8.dat' u 1:2 w lp lw 2 dt 1 pt 13 ps 0.8 lc rgb '#3eea3e' notitle, \
  'data/p5_s9.dat' u 1:2 w lp lw 2 dt 1 pt 15 ps 0.8 lc rgb '#6e13ae' notitle, \
  'data/p5_s10.dat' u 1:2 w lp lw 2 dt 1 pt 4 ps 0.8 lc rgb '#a23eea' notitle, \
  'data/p5_s11.dat' u 1:2 w lp lw 2 dt 1 pt 12 ps 0.8 lc rgb '#8b18dc' notitle, \
  'data/p5_s12.dat' u 1:2 w lp lw 2 dt 1 pt 14 ps 0.8 lc rgb '#b86cef' notitle, \
  'data/p5_s13.dat' u 1:2 w lp lw 2 dt 1 pt 10 ps 0.8 lc rgb '#13ae61' notitle, \
  'data/p5_failed.dat' u 1:2 w p pt 2 ps 1.5 lw 2 lc rgb 'red' notitle, \
  '' u 1:2:3 w labels offset char 0,0.9 font ',7' tc rgb 'red' noenhanced notitle, \
  'data/p5_timeout.dat' u 1:2 w p pt 8 ps 1.5 lw 2 lc rgb '#ff7f0e' notitle, \
  '' u 1:2:3 w labels offset char 0,0.9 font ',7' tc rgb '#ff7f0e' noenhanced notitle, \
  'data/p5_flagged.dat' u 1:2 w p pt 6 ps 1.8 lw 2 lc rgb '#e377c2' notitle, \
  '' u 1:2:3 w labels offset char 0,0.9 font ',7' tc rgb '#e377c2' noenhanced notitle, \
  keyentry w lp lw 2 dt 1 pt 3 ps 0.8 lc rgb '#13aeae' title "mujoco compliance=own", \
  keyentry w lp lw 2 dt 2 pt 3 ps 0.8 lc rgb '#13aeae' title "mujoco compliance=matched", \
  keyentry w lp lw 2 dt 1 pt 15 ps 0.8 lc rgb '#1313ae' title "ode", \
  keyentry w lp lw 2 dt 1 pt 4 ps 0.8 lc rgb '#3e3eea' title "ode-quick", \
  keyentry w lp lw 2 dt 1 pt 14 ps 0.8 lc rgb '#1385ae' title "bullet", \
  keyentry w lp lw 2 dt 1 pt 3 ps 0.8 lc rgb '#3ebcea' title "bullet-mlcp", \
  keyentry w lp lw 2 dt 1 pt 7 ps 0.8 lc rgb '#7a7e0e' title "lcp", \
  keyentry w lp lw 2 dt 1 pt 5 ps 0.8 lc rgb '#bac015' title "ccp", \
  keyentry w lp lw 2 dt 1 pt 9 ps 0.8 lc rgb '#4d4f09' title "ncp", \
  keyentry w lp lw 2 dt 1 pt 11 ps 0.8 lc rgb '#9a9f12' title "raisim", \
  keyentry w lp lw 2 dt 1 pt 7 ps 0.8 lc rgb '#427e0e' title "dart", \
  keyentry w lp lw 2 dt 1 pt 5 ps 0.8 lc rgb '#65c015' title "dart-pgs", \
  keyentry w lp lw 2 dt 1 pt 9 ps 0.8 lc rgb '#a213ae' title "siconos", \
  keyentry w lp lw 2 dt 1 pt 7 ps 0.8 lc rgb '#135cae' title "cenic-sd", \
  keyentry w lp lw 2 dt 1 pt 5 ps 0.8 lc rgb '#3e8eea' title "cenic-trap", \
  keyentry w lp lw 2 dt 1 pt 13 ps 0.8 lc rgb '#3eea3e' title "tamsi-sd", \
  keyentry w lp lw 2 dt 1 pt 15 ps 0.8 lc rgb '#6e13ae' title "ie", \
  keyentry w lp lw 2 dt 1 pt 4 ps 0.8 lc rgb '#a23eea' title "bdf", \
  keyentry w lp lw 2 dt 1 pt 10 ps 0.8 lc rgb '#450c6e' title "sdirk2", \
  keyentry w lp lw 2 dt 1 pt 12 ps 0.8 lc rgb '#8b18dc' title "rosenbrock", \
  keyentry w lp lw 2 dt 1 pt 14 ps 0.8 lc rgb '#b86cef' title "rk3", \
  keyentry w lp lw 2 dt 1 pt 10 ps 0.8 lc rgb '#13ae61' title "simbody-rkm", \
  keyentry w p pt 2 ps 1.5 lw 2 lc rgb 'red' title 'failed (19)', \
  keyentry w p pt 8 ps 1.5 lw 2 lc rgb '#ff7f0e' title 'timed out (60)', \
  keyentry w p pt 6 ps 1.8 lw 2 lc rgb '#e377c2' title 'flagged (physics guard) (108)'
unset multiplot
unset output
