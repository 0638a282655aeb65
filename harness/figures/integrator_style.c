#include "integrator_style.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

/* The k-th line of a figure of one integrator: a fixed table of distinct colours. None of them
 * is the red, orange or pink of the failed, timed-out and flagged markers; filled point types,
 * none of the markers' open cross (2), circle (6), triangle (8). */
static const char *const series_colors[] = {"#1f77b4", "#2ca02c", "#9467bd", "#8c564b", "#17becf", "#bcbd22",
                                            "#000080", "#7f7f7f", "#b15928", "#1b9e77", "#e6ab02", "#6a3d9a",
                                            "#000000", "#a6761d", "#006d2c", "#556b2f"};
static const int points[] = {7, 5, 9, 11, 13, 15, 4, 10, 12, 14, 3};
enum { NSERIES = sizeof series_colors / sizeof series_colors[0], NPOINTS = sizeof points / sizeof points[0] };

/* Family hues (degrees), in the order families first appear in the registry: blue, green,
 * purple, teal, olive, indigo, sea green, sky, lime, violet, ... None is in 330-50 degrees, the
 * red, orange and pink of the markers. */
static const double family_hues[] = {212, 120, 275, 180, 62, 240, 150, 196, 92, 295, 165, 228, 135, 258, 78, 305};
enum { NHUES = sizeof family_hues / sizeof family_hues[0] };
/* A family's k-th member: lightness and saturation steps around its hue. */
static const double member_light[] = {0.38, 0.58, 0.24, 0.48, 0.68, 0.31, 0.53, 0.74};
static const double member_sat[] = {0.80, 0.55, 0.95};
enum { NLIGHT = sizeof member_light / sizeof member_light[0], NSAT = sizeof member_sat / sizeof member_sat[0] };

/* The failed / timed-out / flagged markers' colours and the unknown name's grey: no integrator
 * gets one of them, or one close to them. */
static const int reserved[][3] = {{0xff, 0x00, 0x00}, {0xff, 0x7f, 0x0e}, {0xe3, 0x77, 0xc2}, {0xaa, 0xaa, 0xaa}};

static void hsl_rgb(double h, double s, double l, int rgb[3]) {
  double c = (1 - fabs(2 * l - 1)) * s, hp = fmod(h, 360.0) / 60.0, x = c * (1 - fabs(fmod(hp, 2.0) - 1));
  double r = 0, g = 0, b = 0;
  if (hp < 1) r = c, g = x;
  else if (hp < 2) r = x, g = c;
  else if (hp < 3) g = c, b = x;
  else if (hp < 4) g = x, b = c;
  else if (hp < 5) r = x, b = c;
  else r = c, b = x;
  double m = l - c / 2;
  rgb[0] = (int)lround(255 * (r + m));
  rgb[1] = (int)lround(255 * (g + m));
  rgb[2] = (int)lround(255 * (b + m));
}

static double rgb_dist(const int *a, const int *b) {
  double d0 = a[0] - b[0], d1 = a[1] - b[1], d2 = a[2] - b[2];
  return sqrt(d0 * d0 + d1 * d1 + d2 * d2);
}

/* The family of vt: its declared one, else its name up to the first '-'. */
static void family_of(const IntegratorVtbl *vt, char *out, size_t n) {
  if (vt->family && vt->family[0]) snprintf(out, n, "%s", vt->family);
  else snprintf(out, n, "%.*s", (int)strcspn(vt->name, "-"), vt->name);
}

/* The colour of the i-th registered integrator: every one before it gets its colour first, so
 * a colour depends only on the integrators registered before it (adding one at the end leaves
 * the others' colours alone). A candidate closer than INTEGRATOR_STYLE_MIN_DIST to a colour
 * already given (or to a reserved one) is skipped for the family's next shade; the shades of a
 * hue run out only after NLIGHT x NSAT x 4 members, then the hue turns by a few degrees. */
static void palette_color(const IntegratorRegistry *r, int want, int rgb_out[3]) {
  int given[INTEGRATOR_STYLE_CAPACITY][3];
  char fams[INTEGRATOR_STYLE_CAPACITY][64];
  int fam_next[INTEGRATOR_STYLE_CAPACITY];
  int nfam = 0;
  for (int i = 0; i <= want && i < INTEGRATOR_STYLE_CAPACITY; ++i) {
    char fam[64];
    family_of(integrator_registry_at(r, i), fam, sizeof fam);
    int f = 0;
    while (f < nfam && strcmp(fams[f], fam)) ++f;
    if (f == nfam) { snprintf(fams[nfam], sizeof fams[nfam], "%s", fam); fam_next[nfam++] = 0; }
    int rgb[3] = {0, 0, 0};
    for (int tries = 0; tries < 4 * NLIGHT * NSAT * 8; ++tries) {
      int k = fam_next[f]++;
      double hue = family_hues[f % NHUES] + 9.0 * (f / NHUES) + 7.0 * (k / (NLIGHT * NSAT)) * ((k / (NLIGHT * NSAT)) % 2 ? 1 : -1);
      hue = fmod(hue + 360.0, 360.0);
      /* yellows are bright at any lightness: darker shades of them stay readable on white */
      double light = member_light[k % NLIGHT] * (hue > 45 && hue < 105 ? 0.72 : 1.0);
      hsl_rgb(hue, member_sat[(k / NLIGHT) % NSAT], light, rgb);
      int ok = 1;
      for (int j = 0; j < i && ok; ++j) ok = rgb_dist(rgb, given[j]) >= INTEGRATOR_STYLE_MIN_DIST;
      for (size_t j = 0; j < sizeof reserved / sizeof reserved[0] && ok; ++j) ok = rgb_dist(rgb, reserved[j]) >= INTEGRATOR_STYLE_MIN_DIST;
      if (ok) break;
    }
    memcpy(given[i], rgb, sizeof rgb);
  }
  memcpy(rgb_out, given[want < INTEGRATOR_STYLE_CAPACITY ? want : INTEGRATOR_STYLE_CAPACITY - 1], 3 * sizeof(int));
}

IntegratorStyle integrator_style_in(const IntegratorRegistry *r, const char *name) {
  IntegratorStyle st = {"#aaaaaa", 1};
  int n = integrator_registry_count(r);
  for (int i = 0; name && i < n; ++i) {
    if (strcmp(integrator_registry_at(r, i)->name, name)) continue;
    if (i >= INTEGRATOR_STYLE_CAPACITY) return st; /* past the palette: grey, as an unknown name */
    int rgb[3];
    palette_color(r, i, rgb);
    snprintf(st.color, sizeof st.color, "#%02x%02x%02x", rgb[0] & 0xff, rgb[1] & 0xff, rgb[2] & 0xff);
    st.point = points[i % NPOINTS];
    return st;
  }
  return st;
}

IntegratorStyle integrator_style(const char *name) { return integrator_style_in(NULL, name); }

int integrator_style_colors(void) { return INTEGRATOR_STYLE_CAPACITY; }

IntegratorStyle series_style(int k) {
  if (k < 0) k = 0;
  IntegratorStyle st = {"", points[k % NPOINTS]};
  snprintf(st.color, sizeof st.color, "%s", series_colors[k % NSERIES]);
  return st;
}
