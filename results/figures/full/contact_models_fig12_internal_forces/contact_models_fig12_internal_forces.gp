# contact_models_fig12_internal_forces: regenerate with `cd results/figures/full/contact_models_fig12_internal_forces && gnuplot contact_models_fig12_internal_forces.gp`
if (!exists("cbench_out_suffix")) cbench_out_suffix = ""
set terminal svg size 900,500 dynamic font 'sans,11' background '#ffffff'
set output 'contact_models_fig12_internal_forces.svg'.cbench_out_suffix
set grid
set key top left font ',9'
set datafile missing '?'
set style data histograms
set style histogram rowstacked
set style fill solid 0.8 border -1
set boxwidth 0.7
set xtics rotate by -30 noenhanced
set key outside right
set ylabel "largest internal tangential force, 0 to 0.19 s (N)"
set title "internal friction forces at stiction"
plot 'data/bars.dat' u 2:xtic(1) lc rgb '#1f77b4' title "internal tangential force (N)"
unset output
set terminal pngcairo size 900,500 font 'sans,10'
set output 'contact_models_fig12_internal_forces.png'.cbench_out_suffix
set grid
set key top left font ',9'
set datafile missing '?'
set style data histograms
set style histogram rowstacked
set style fill solid 0.8 border -1
set boxwidth 0.7
set xtics rotate by -30 noenhanced
set key outside right
set ylabel "largest internal tangential force, 0 to 0.19 s (N)"
set title "internal friction forces at stiction"
plot 'data/bars.dat' u 2:xtic(1) lc rgb '#1f77b4' title "internal tangential force (N)"
unset output
