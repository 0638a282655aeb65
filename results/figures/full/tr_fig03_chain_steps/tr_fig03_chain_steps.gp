# tr_fig03_chain_steps: regenerate with `cd results/figures/full/tr_fig03_chain_steps && gnuplot tr_fig03_chain_steps.gp`
set terminal svg size 900,500 dynamic font 'sans,11' background '#ffffff'
set output 'tr_fig03_chain_steps.svg'
set grid
set key top left font ',9'
set datafile missing '?'
set style fill transparent solid 0.6 border -1
set key top right noenhanced
set xlabel "step h (s)"
set ylabel "fraction of accepted steps"
set title "accepted steps of ca, 100-link chain, largest step dt"
plot 'data/histogram.dat' index 0 u 1:3 w boxes lc rgb '#1f77b4' title "ca param=0.005 (1095 values)", 'data/histogram.dat' index 1 u 1:3 w boxes lc rgb '#d62728' title "ca param=0.0025 (1957 values)"
unset output
set terminal pngcairo size 900,500 font 'sans,10'
set output 'tr_fig03_chain_steps.png'
set grid
set key top left font ',9'
set datafile missing '?'
set style fill transparent solid 0.6 border -1
set key top right noenhanced
set xlabel "step h (s)"
set ylabel "fraction of accepted steps"
set title "accepted steps of ca, 100-link chain, largest step dt"
plot 'data/histogram.dat' index 0 u 1:3 w boxes lc rgb '#1f77b4' title "ca param=0.005 (1095 values)", 'data/histogram.dat' index 1 u 1:3 w boxes lc rgb '#d62728' title "ca param=0.0025 (1957 values)"
unset output
