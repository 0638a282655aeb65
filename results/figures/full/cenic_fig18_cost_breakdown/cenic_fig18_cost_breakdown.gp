# cenic_fig18_cost_breakdown: regenerate with `cd results/figures/full/cenic_fig18_cost_breakdown && gnuplot cenic_fig18_cost_breakdown.gp`
set terminal svg size 900,500 dynamic font 'sans,11' background '#ffffff'
set output 'cenic_fig18_cost_breakdown.svg'
set grid
set key top left font ',9'
set datafile missing '?'
set style data histograms
set style histogram rowstacked
set style fill solid 0.8 border -1
set boxwidth 0.7
set xtics rotate by -30 noenhanced
set key outside right
set ylabel "fraction of wall time"
set title "cenic-sd at 1e-3"
plot 'data/bars.dat' u 2:xtic(1) lc rgb '#1f77b4' title "geometry", 'data/bars.dat' u 3 lc rgb '#d62728' title "assembly", 'data/bars.dat' u 4 lc rgb '#2ca02c' title "factorization", 'data/bars.dat' u 5 lc rgb '#9467bd' title "line search", 'data/bars.dat' u 6 lc rgb '#ff7f0e' title "other"
unset output
set terminal pngcairo size 900,500 font 'sans,10'
set output 'cenic_fig18_cost_breakdown.png'
set grid
set key top left font ',9'
set datafile missing '?'
set style data histograms
set style histogram rowstacked
set style fill solid 0.8 border -1
set boxwidth 0.7
set xtics rotate by -30 noenhanced
set key outside right
set ylabel "fraction of wall time"
set title "cenic-sd at 1e-3"
plot 'data/bars.dat' u 2:xtic(1) lc rgb '#1f77b4' title "geometry", 'data/bars.dat' u 3 lc rgb '#d62728' title "assembly", 'data/bars.dat' u 4 lc rgb '#2ca02c' title "factorization", 'data/bars.dat' u 5 lc rgb '#9467bd' title "line search", 'data/bars.dat' u 6 lc rgb '#ff7f0e' title "other"
unset output
