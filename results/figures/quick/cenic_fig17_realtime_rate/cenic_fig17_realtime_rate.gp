# cenic_fig17_realtime_rate: regenerate with `cd results/figures/quick/cenic_fig17_realtime_rate && gnuplot cenic_fig17_realtime_rate.gp`
set terminal svg size 520,880 dynamic font 'sans,11' background '#ffffff'
set output 'cenic_fig17_realtime_rate.svg'
set grid
set key top left font ',9'
set datafile missing '?'
set multiplot layout 2,1 title "CENIC Fig. 17 / Table I: step size and real-time rate over time, error control vs fixed step"
set title "step size"
set xlabel "t (s)"
set ylabel "h (s)"
unset logscale x
set logscale y
set format x '%g'
set format y '10^{%L}'
plot 'data/p0_s0.dat' u 1:2 w l lw 2 dt 1 lc rgb '#1f77b4' title "cenic-sd", \
  'data/p0_s1.dat' u 1:2 w l lw 2 dt 1 lc rgb '#2ca02c' title "cenic-fixed"
set title "real-time rate"
set xlabel "t (s)"
set ylabel "real-time rate"
unset logscale x
set logscale y
set format x '%g'
set format y '10^{%L}'
plot 'data/p1_s0.dat' u 1:2 w l lw 2 dt 1 lc rgb '#1f77b4' title "cenic-sd", \
  'data/p1_s1.dat' u 1:2 w l lw 2 dt 1 lc rgb '#2ca02c' title "cenic-fixed"
unset multiplot
unset output
set terminal pngcairo size 520,880 font 'sans,10'
set output 'cenic_fig17_realtime_rate.png'
set grid
set key top left font ',9'
set datafile missing '?'
set multiplot layout 2,1 title "CENIC Fig. 17 / Table I: step size and real-time rate over time, error control vs fixed step"
set title "step size"
set xlabel "t (s)"
set ylabel "h (s)"
unset logscale x
set logscale y
set format x '%g'
set format y '10^{%L}'
plot 'data/p0_s0.dat' u 1:2 w l lw 2 dt 1 lc rgb '#1f77b4' title "cenic-sd", \
  'data/p0_s1.dat' u 1:2 w l lw 2 dt 1 lc rgb '#2ca02c' title "cenic-fixed"
set title "real-time rate"
set xlabel "t (s)"
set ylabel "real-time rate"
unset logscale x
set logscale y
set format x '%g'
set format y '10^{%L}'
plot 'data/p1_s0.dat' u 1:2 w l lw 2 dt 1 lc rgb '#1f77b4' title "cenic-sd", \
  'data/p1_s1.dat' u 1:2 w l lw 2 dt 1 lc rgb '#2ca02c' title "cenic-fixed"
unset multiplot
unset output
