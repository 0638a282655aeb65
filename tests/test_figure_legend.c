/* Figures a reader takes in at a glance: one legend per multi-panel figure, one colour and
 * point type per integrator shared by `cbench plot` and `cbench figure`, and the paper's number
 * drawn on the panel that names it. */
#include <criterion/criterion.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "harness/figures/figure.h"
#include "harness/common/files.h"
#include "harness/figures/integrator_style.h"
#include "harness/figures/plot.h"
#include "integrators/integrator.h"
#include "sim_fixtures.h"

static char tmpdir[256];

static void setup(void) { fx_tmpdir_make(tmpdir, sizeof tmpdir, "cbench_legend"); }
static void teardown(void) { fx_tmpdir_remove(tmpdir); }

TestSuite(figure_legend, .init = setup, .fini = teardown);

static int count(const char *text, const char *needle) {
  int n = 0;
  for (const char *p = text; (p = strstr(p, needle)); p += strlen(needle)) ++n;
  return n;
}

/* The line of `text` that contains `needle` (NULL if none), copied into buf. */
static const char *line_with(const char *text, const char *needle, char *buf, size_t n) {
  const char *p = strstr(text, needle);
  if (!p) return NULL;
  const char *b = p, *e = strchr(p, '\n');
  while (b > text && b[-1] != '\n') --b;
  snprintf(buf, n, "%.*s", (int)((e ? e : p + strlen(p)) - b), b);
  return buf;
}

Test(figure_legend, registered_integrators_never_share_a_colour) {
  cr_assert_geq(integrator_style_colors(), integrator_count(), "more integrators than colours");
  for (int i = 0; i < integrator_count(); ++i) {
    IntegratorStyle a = integrator_style(integrator_at(i)->name);
    cr_expect(a.color[0] == '#' && strlen(a.color) == 7, "%s: %s", integrator_at(i)->name, a.color);
    for (int j = 0; j < i; ++j) {
      IntegratorStyle b = integrator_style(integrator_at(j)->name);
      cr_expect(strcmp(a.color, b.color), "%s and %s share %s", integrator_at(i)->name, integrator_at(j)->name, a.color);
    }
  }
}

static void rgb_of(const char *hex, int rgb[3]) {
  unsigned v = 0;
  sscanf(hex + 1, "%x", &v);
  rgb[0] = (int)(v >> 16 & 0xff), rgb[1] = (int)(v >> 8 & 0xff), rgb[2] = (int)(v & 0xff);
}
static double hue_of(const int rgb[3]) {
  double r = rgb[0] / 255.0, g = rgb[1] / 255.0, b = rgb[2] / 255.0;
  double mx = fmax(r, fmax(g, b)), mn = fmin(r, fmin(g, b)), d = mx - mn;
  if (d <= 0) return 0;
  double h = mx == r ? fmod((g - b) / d, 6.0) : mx == g ? (b - r) / d + 2 : (r - g) / d + 4;
  return fmod(60 * h + 360, 360);
}

/* Registering a 17th integrator (and up to 64) gives each a colour of its own: the palette used
 * to be a table of 16, and the 17th silently took cenic-sd's. Every colour is at least
 * INTEGRATOR_STYLE_MIN_DIST from every other, and adding integrators leaves the built-ins'
 * colours as they were. */
static IntegratorVtbl added_vt[INTEGRATOR_STYLE_CAPACITY];
static char added_name[INTEGRATOR_STYLE_CAPACITY][32];
Test(figure_legend, the_palette_extends_past_16_integrators_without_reuse) {
  IntegratorRegistry r = {0};
  int nb = integrator_count(), nadd = INTEGRATOR_STYLE_CAPACITY - nb;
  cr_assert(nadd > 0 && nadd <= INTEGRATOR_MAX_ADDED, "%d built-ins", nb);
  for (int i = 0; i < nadd; ++i) {
    snprintf(added_name[i], sizeof added_name[i], "user%d-x", i);
    /* two thirds in one large family, the others each a family of its own (name before '-') */
    added_vt[i] = (IntegratorVtbl){.name = added_name[i], .summary = "test", .family = i % 3 ? "user" : NULL};
    cr_assert_eq(integrator_registry_add(&r, &added_vt[i]), 0);
  }
  int n = integrator_registry_count(&r);
  cr_assert_eq(n, INTEGRATOR_STYLE_CAPACITY);
  int rgb[INTEGRATOR_STYLE_CAPACITY][3];
  for (int i = 0; i < n; ++i) {
    const char *name = integrator_registry_at(&r, i)->name;
    IntegratorStyle a = integrator_style_in(&r, name);
    cr_assert(a.color[0] == '#' && strlen(a.color) == 7 && strcmp(a.color, "#aaaaaa"), "%s: %s", name, a.color);
    rgb_of(a.color, rgb[i]);
    if (i < nb) cr_expect_str_eq(a.color, integrator_style(name).color, "%s moved when others were added", name);
    for (int j = 0; j < i; ++j) {
      double d0 = rgb[i][0] - rgb[j][0], d1 = rgb[i][1] - rgb[j][1], d2 = rgb[i][2] - rgb[j][2];
      double d = sqrt(d0 * d0 + d1 * d1 + d2 * d2);
      cr_expect(d >= INTEGRATOR_STYLE_MIN_DIST, "%s and %s: %.1f apart", name, integrator_registry_at(&r, j)->name, d);
    }
  }
  cr_expect_str_neq(integrator_style_in(&r, added_name[0]).color, integrator_style("cenic-sd").color,
                    "the 17th integrator reuses cenic-sd's colour");
  /* grouped by family: cenic's three members are shades of one hue, SUNDIALS' five of another */
  int c0[3], c1[3], s0[3];
  rgb_of(integrator_style("cenic-sd").color, c0);
  rgb_of(integrator_style("cenic-fixed").color, c1);
  rgb_of(integrator_style("bdf").color, s0);
  cr_expect(fabs(hue_of(c0) - hue_of(c1)) < 15, "cenic hues %.0f, %.0f", hue_of(c0), hue_of(c1));
  cr_expect(fabs(hue_of(c0) - hue_of(s0)) > 40, "cenic and sundials hues %.0f, %.0f", hue_of(c0), hue_of(s0));
}

Test(figure_legend, one_legend_same_colours_and_the_papers_number) {
  char rdir[400], pdir[400], out[400], path[700];
  snprintf(rdir, sizeof rdir, "%s/recipes", tmpdir);
  snprintf(pdir, sizeof pdir, "%s/paper", tmpdir);
  snprintf(out, sizeof out, "%s/out", tmpdir);
  cr_assert_eq(dir_make_parents(rdir), 0);
  cr_assert_eq(dir_make_parents(pdir), 0);
  snprintf(path, sizeof path, "%s/numbers.json", pdir);
  fx_write_text(path, "{\"paper\": \"test\", \"numbers\": [{\"id\": \"test.steps\", \"value\": 42, \"units\": \"\", \"source\": \"Test Fig. 2\"}]}");
  snprintf(path, sizeof path, "%s/two.json", rdir);
  fx_write_text(path,
                "{\"schema\": \"cbench.recipe/1\", \"title\": \"two panels\", \"caption\": \"c\","
                " \"runs\": [{\"cases\": [\"ball_drop\"], \"integrators\": [\"cenic-sd\", \"rk3\"], \"accuracies\": [1e-2, 1e-3],"
                "            \"t_end\": 0.2}],"
                " \"plot\": {\"kind\": \"xy\", \"series\": [\"integrator\"], \"layout\": [1, 2],"
                "          \"panels\": [{\"title\": \"steps\", \"x\": \"param\", \"y\": \"counters.steps\", \"logx\": true,"
                "                        \"xreverse\": true, \"paper_y\": [\"test.steps\"]},"
                "                       {\"title\": \"rhs\", \"x\": \"param\", \"y\": \"counters.rhs_evals\", \"logx\": true}]}}");
  cbench_context_set_figures_dir(fx_cb(), rdir);
  cbench_context_set_paper_dir(fx_cb(), pdir);
  FigureOptions o;
  figure_options_default(&o);
  snprintf(o.out, sizeof o.out, "%s", out);
  o.quiet = 1;
  o.gnuplot = system("command -v gnuplot >/dev/null 2>&1") == 0;
  char err[2048] = "";
  cr_assert_eq(figure_make(fx_cb(), "two", &o, CB_ERR_BUF(err, sizeof err)), 0, "%s", err);
  snprintf(path, sizeof path, "%s/two/two.gp", out);
  char *gp = file_read_all(path, NULL);
  cr_assert_not_null(gp);
  /* written twice (SVG, PNG): one legend each, the other panel without */
  cr_expect_eq(count(gp, "\nset key"), 2, "one legend per image:\n%s", gp);
  cr_expect_eq(count(gp, "unset key"), 2, "the other panel has none:\n%s", gp);
  cr_expect(strstr(gp, "set key at screen KEY_X"), "the legend is outside the panels:\n%s", gp);
  cr_expect_eq(count(gp, "notitle"), 2 * 2 * 2, "every data line is untitled in its panel:\n%s", gp);
  cr_expect_eq(count(gp, "keyentry"), 2 * 3, "rk3, cenic-sd and the paper's line, once per image:\n%s", gp);
  cr_expect(strstr(gp, "first 42 to graph 1, first 42 nohead"), "the paper's 42 drawn as a line:\n%s", gp);
  cr_expect(strstr(gp, "paper: 42 (Test Fig. 2)"), "and labelled:\n%s", gp);
  cr_expect(strstr(gp, "set xrange [*:*] reverse"), "the recipe's axis direction:\n%s", gp);
  char line[1024], want[64];
  IntegratorStyle rk3 = integrator_style("rk3");
  cr_assert_not_null(line_with(gp, "title \"rk3\"", line, sizeof line), "%s", gp);
  snprintf(want, sizeof want, "pt %d ps 0.8 lc rgb '%s'", rk3.point, rk3.color);
  cr_expect(strstr(line, want), "figure: rk3 drawn with %s: %s", want, line);
  /* `cbench plot` of the same records: rk3 in the same colour and point type */
  /* with a long sweep command: the title's command lines stay short (not clipped) */
  char cmd[600];
  int k = snprintf(cmd, sizeof cmd, "cbench sweep --out %s/two/run0", out);
  for (int i = 0; i < 20; ++i) k += snprintf(cmd + k, sizeof cmd - (size_t)k, " --opt o%d=v", i);
  snprintf(path, sizeof path, "%s/two/run0/command.txt", out);
  fx_write_text(path, cmd);
  snprintf(path, sizeof path, "%s/two/run0", out);
  cr_assert_eq(plot_dir(path, 0, CB_ERR_BUF(err, sizeof err)), 0, "%s", err);
  snprintf(path, sizeof path, "%s/two/run0/plots/ball_drop.gp", out);
  char *pgp = file_read_all(path, NULL);
  cr_assert_not_null(pgp);
  cr_assert_not_null(line_with(pgp, "title \"rk3\"", line, sizeof line), "%s", pgp);
  snprintf(want, sizeof want, "pt %d ps 1 lc rgb \"%s\"", rk3.point, rk3.color);
  cr_expect(strstr(line, want), "plot: rk3 drawn with %s: %s", want, line);
  int parts = 0;
  for (const char *p = pgp; (p = strstr(p, "{/*0.7 ")); ++parts) {
    const char *e = strchr(p, '}');
    cr_assert_not_null(e);
    cr_expect_leq(e - p, 140, "a title line of %d characters: %.*s", (int)(e - p), (int)(e - p), p);
    p = e;
  }
  cr_expect_geq(parts, 3 * 2, "a %zu-character command on several lines: %s", strlen(cmd), pgp);
  free(pgp);
  free(gp);
  if (o.gnuplot) {
    snprintf(path, sizeof path, "%s/two/two.png", out);
    cr_expect(file_exists(path), "gnuplot draws the script");
  }
}

/* Makes figure NAME from recipe text (its own recipes folder SUB under tmpdir, no gnuplot) and
 * returns its gnuplot script's text (free it). */
static char *figure_script(const char *sub, const char *name, const char *recipe) {
  char rdir[400], out[400], path[700];
  snprintf(rdir, sizeof rdir, "%s/recipes_%s", tmpdir, sub);
  snprintf(out, sizeof out, "%s/out_%s", tmpdir, sub);
  cr_assert_eq(dir_make_parents(rdir), 0);
  snprintf(path, sizeof path, "%s/%s.json", rdir, name);
  fx_write_text(path, recipe);
  cbench_context_set_figures_dir(fx_cb(), rdir);
  FigureOptions o;
  figure_options_default(&o);
  snprintf(o.out, sizeof o.out, "%s", out);
  o.quiet = 1;
  o.gnuplot = 0;
  char err[2048] = "";
  cr_assert_eq(figure_make(fx_cb(), name, &o, CB_ERR_BUF(err, sizeof err)), 0, "%s", err);
  snprintf(path, sizeof path, "%s/%s/%s.gp", out, name, name);
  char *gp = file_read_all(path, NULL);
  cr_assert_not_null(gp, "no %s", path);
  return gp;
}

/* A figure whose lines are all of one integrator (here cenic-fixed at two options) tells them
 * apart by colour, each line in its own colour in every panel, not by dash alone. */
Test(figure_legend, one_integrator_lines_differ_by_colour) {
  char *gp = figure_script("one", "one",
                "{\"schema\": \"cbench.recipe/1\", \"title\": \"one integrator\", \"caption\": \"c\","
                " \"runs\": [{\"cases\": [\"ball_drop\"], \"integrators\": [\"cenic-fixed\"], \"dts\": [1e-2, 5e-3],"
                "            \"t_end\": 0.2, \"opt\": {\"ls_init\": [\"cubic\", \"one\"]}}],"
                " \"plot\": {\"kind\": \"xy\", \"series\": [\"opt:ls_init\"], \"layout\": [1, 2],"
                "          \"panels\": [{\"title\": \"steps\", \"x\": \"param\", \"y\": \"counters.steps\", \"logx\": true},"
                "                       {\"title\": \"newton\", \"x\": \"param\", \"y\": \"counters.newton_iters\", \"logx\": true}]}}");
  IntegratorStyle a = series_style(0), b = series_style(1);
  cr_assert(strcmp(a.color, b.color), "two series styles share a colour");
  char want_a[64], want_b[64];
  snprintf(want_a, sizeof want_a, "lc rgb '%s'", a.color);
  snprintf(want_b, sizeof want_b, "lc rgb '%s'", b.color);
  /* each colour on a data line of both panels (written twice: SVG, PNG) and in the legend */
  cr_expect_eq(count(gp, want_a), 2 * 3, "first line's colour %s:\n%s", a.color, gp);
  cr_expect_eq(count(gp, want_b), 2 * 3, "second line's colour %s:\n%s", b.color, gp);
  free(gp);
}

/* A panel whose x axis is a measured error shows the reference's own uncertainty (its
 * cross-check distance, error.reference_check) as a dashed line and its value; a panel of
 * requested accuracy does not. */
Test(figure_legend, error_axis_shows_the_reference_uncertainty) {
  char *gp = figure_script("err", "err",
                "{\"schema\": \"cbench.recipe/1\", \"title\": \"measured error\", \"caption\": \"c\","
                " \"runs\": [{\"cases\": [\"ball_drop\"], \"integrators\": [\"cenic-sd\"], \"accuracies\": [1e-2, 1e-3],"
                "            \"t_end\": 0.2}],"
                " \"plot\": {\"kind\": \"xy\", \"series\": [\"integrator\"], \"layout\": [1, 2],"
                "          \"panels\": [{\"title\": \"measured\", \"x\": \"error.positions.max\", \"y\": \"counters.steps\", \"logx\": true},"
                "                       {\"title\": \"requested\", \"x\": \"param\", \"y\": \"counters.steps\", \"logx\": true}]}}");
  /* written twice (SVG, PNG): once per image, on the measured panel only */
  cr_expect_eq(count(gp, "set arrow 90 from first "), 2, "%s", gp);
  cr_expect_eq(count(gp, "reference uncertainty (x): "), 2, "%s", gp);
  cr_expect_eq(count(gp, "set arrow 91"), 0, "%s", gp);
  free(gp);
}

/* A panel's "xrange" [lo, hi] sets the x axis's range in the script (a close-up of a series; on
 * an xy panel with xreverse, from hi to lo); a panel without one autoscales. */
Test(figure_legend, xrange_sets_the_x_axis_range) {
  char *gp = figure_script("xr", "xr",
                "{\"schema\": \"cbench.recipe/1\", \"title\": \"close-up\", \"caption\": \"c\","
                " \"runs\": [{\"cases\": [\"ball_drop\"], \"integrators\": [\"cenic-fixed\"], \"dts\": [1e-2, 5e-3],"
                "            \"t_end\": 0.6, \"series\": [\"contacts\"]}],"
                " \"plot\": {\"kind\": \"series\", \"series\": [\"param\"], \"layout\": [1, 2],"
                "          \"panels\": [{\"title\": \"all\", \"file\": \"contacts\", \"rows\": {\"kind\": \"pair\"}, \"x\": \"t\", \"y\": \"fn\"},"
                "                       {\"title\": \"close-up\", \"file\": \"contacts\", \"rows\": {\"kind\": \"pair\"}, \"x\": \"t\", \"y\": \"fn\","
                "                        \"xrange\": [0.4, 0.55]}]}}");
  /* written twice (SVG, PNG): once per image, on the close-up only */
  cr_expect_eq(count(gp, "set xrange [0.4:0.55] noreverse"), 2, "%s", gp);
  cr_expect_eq(count(gp, "set xrange [*:*] noreverse"), 2, "%s", gp);
  free(gp);
  gp = figure_script("xrxy", "xrxy",
                "{\"schema\": \"cbench.recipe/1\", \"title\": \"reversed\", \"caption\": \"c\","
                " \"runs\": [{\"cases\": [\"ball_drop\"], \"integrators\": [\"cenic-fixed\"], \"dts\": [1e-2, 5e-3], \"t_end\": 0.2}],"
                " \"plot\": {\"kind\": \"xy\", \"series\": [\"integrator\"],"
                "          \"panels\": [{\"x\": \"param\", \"y\": \"counters.steps\", \"logx\": true, \"xreverse\": true,"
                "                        \"xrange\": [1e-3, 1e-1]}]}}");
  cr_expect_eq(count(gp, "set xrange [0.1:0.001] noreverse"), 2, "%s", gp);
  free(gp);
}
