# cenic_fig05_hessian_reuse: regenerate with `cd results/figures/full/cenic_fig05_hessian_reuse && gnuplot cenic_fig05_hessian_reuse.gp`
if (!exists("cbench_out_suffix")) cbench_out_suffix = ""
set terminal svg size 1050,1340 dynamic font 'sans,11' background '#ffffff'
set output 'cenic_fig05_hessian_reuse.svg'.cbench_out_suffix
set grid
set datafile missing '?'
KEY_X = 0.6952
KEY_Y = 0.9440
set multiplot layout 3,1 margins 0.0714,0.6714,0.0410,0.9440 spacing 0.0810,0.0709 title "CENIC Fig. 5: solver convergence with Hessian reuse"
unset arrow
unset label
set title "the first 0.06 s, reuse on: |D g| per Newton iteration, all solves in order"
set xlabel "Newton iteration (over the run)"
set ylabel "|D g|"
unset logscale x
set logscale y
set format x '%g'
set format y '10^{%L}'
set autoscale xy
set xrange [*:*] noreverse
unset key
plot 'data/p0_s0.dat' u 1:2 w l lw 2 dt 1 lc rgb '#1f77b4' notitle
unset arrow
unset label
set title "the first 0.06 s, reuse on: 1 where the iteration factored the Hessian afresh"
set xlabel "Newton iteration (over the run)"
set ylabel "fresh factorization"
unset logscale x
unset logscale y
set format x '%g'
set format y '%g'
set autoscale xy
set xrange [*:*] noreverse
unset key
plot 'data/p1_s0.dat' u 1:2 w l lw 2 dt 1 lc rgb '#1f77b4' notitle
unset arrow
unset label
set title "10 s: fresh factorizations per convex solve"
set xlabel "convex solve"
set ylabel "factorizations"
unset logscale x
unset logscale y
set format x '%g'
set format y '%g'
set autoscale xy
set xrange [*:*] noreverse
set key at screen KEY_X, KEY_Y left top Left reverse font ',9' samplen 2
plot 'data/p2_s0.dat' u 1:2 w l lw 2 dt 1 lc rgb '#2ca02c' notitle, \
  'data/p2_s1.dat' u 1:2 w l lw 2 dt 1 lc rgb '#1f77b4' notitle, \
  keyentry w l lw 2 dt 1 lc rgb '#1f77b4' title "cenic-sd hessian\\_reuse=1", \
  keyentry w l lw 2 dt 1 lc rgb '#2ca02c' title "cenic-sd hessian\\_reuse=0"
unset multiplot
unset output
set terminal pngcairo size 1050,1340 font 'sans,10'
set output 'cenic_fig05_hessian_reuse.png'.cbench_out_suffix
set grid
set datafile missing '?'
KEY_X = 0.6952
KEY_Y = 0.9440
set multiplot layout 3,1 margins 0.0714,0.6714,0.0410,0.9440 spacing 0.0810,0.0709 title "CENIC Fig. 5: solver convergence with Hessian reuse"
unset arrow
unset label
set title "the first 0.06 s, reuse on: |D g| per Newton iteration, all solves in order"
set xlabel "Newton iteration (over the run)"
set ylabel "|D g|"
unset logscale x
set logscale y
set format x '%g'
set format y '10^{%L}'
set autoscale xy
set xrange [*:*] noreverse
unset key
plot 'data/p0_s0.dat' u 1:2 w l lw 2 dt 1 lc rgb '#1f77b4' notitle
unset arrow
unset label
set title "the first 0.06 s, reuse on: 1 where the iteration factored the Hessian afresh"
set xlabel "Newton iteration (over the run)"
set ylabel "fresh factorization"
unset logscale x
unset logscale y
set format x '%g'
set format y '%g'
set autoscale xy
set xrange [*:*] noreverse
unset key
plot 'data/p1_s0.dat' u 1:2 w l lw 2 dt 1 lc rgb '#1f77b4' notitle
unset arrow
unset label
set title "10 s: fresh factorizations per convex solve"
set xlabel "convex solve"
set ylabel "factorizations"
unset logscale x
unset logscale y
set format x '%g'
set format y '%g'
set autoscale xy
set xrange [*:*] noreverse
set key at screen KEY_X, KEY_Y left top Left reverse font ',9' samplen 2
plot 'data/p2_s0.dat' u 1:2 w l lw 2 dt 1 lc rgb '#2ca02c' notitle, \
  'data/p2_s1.dat' u 1:2 w l lw 2 dt 1 lc rgb '#1f77b4' notitle, \
  keyentry w l lw 2 dt 1 lc rgb '#1f77b4' title "cenic-sd hessian\\_reuse=1", \
  keyentry w l lw 2 dt 1 lc rgb '#2ca02c' title "cenic-sd hessian\\_reuse=0"
unset multiplot
unset output
