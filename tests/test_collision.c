/* Geometry queries: analytic narrow-phase routines against closed-form distances, against
 * libccd (GJK+EPA) on random overlapping poses, contact manifolds, and the broad phase
 * against brute-force all pairs. Fixed seeds throughout. */
#include <criterion/criterion.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "models/collision.h"
#include "models/collision/broadphase.h"
#include "models/pair_sort.h"
#include "models/collision/narrow_phase.h"
#include "models/contact.h"
#include "models/data.h"
#include "models/math3d.h"
#include "tests/mb_fixtures.h"

typedef struct {
  GeomType type;
  double size[3], pos[3], rot[9];
} TGeom;

static GeomPose pose_of(const TGeom *g) {
  GeomPose p = {g->type, g->size, g->pos, g->rot};
  return p;
}

static int collide(const TGeom *a, const TGeom *b, double margin, ContactPoint *out) {
  GeomPose pa = pose_of(a), pb = pose_of(b);
  return np_collide_poses(&pa, &pb, margin, out, CB_MAX_PAIR_CONTACTS);
}

static void random_rot(MbRng *r, double *R) {
  double q[4];
  mbfix_random_quat(r, q);
  quat_to_mat(R, q);
}

static void axis_of(double *ax, const TGeom *g, int i) { np_axis(ax, g->rot, i); }

/* x = g.pos + g.rot * local */
static void to_world(double *x, const TGeom *g, const double *local) {
  m3_mulv(x, g->rot, local);
  v3_add(x, x, g->pos);
}

static void to_local(double *l, const TGeom *g, const double *x) {
  double r[3];
  v3_sub(r, x, g->pos);
  m3_tmulv(l, g->rot, r);
}

static double min_phi(const ContactPoint *c, int n) {
  double m = INFINITY;
  for (int i = 0; i < n; ++i) m = fmin(m, c[i].phi);
  return m;
}

static int deepest(const ContactPoint *c, int n) {
  int k = 0;
  for (int i = 1; i < n; ++i)
    if (c[i].phi < c[k].phi) k = i;
  return k;
}

static void expect_unit_normals(const ContactPoint *c, int n) {
  for (int i = 0; i < n; ++i)
    cr_expect(fabs(v3_norm(c[i].normal) - 1.0) < 1e-12, "normal %d not unit: %g", i, v3_norm(c[i].normal));
}

static void random_geom(MbRng *r, TGeom *g, GeomType type) {
  g->type = type;
  random_rot(r, g->rot);
  for (int k = 0; k < 3; ++k) g->pos[k] = mbfix_uniform(r, -1, 1);
  switch (type) {
  case GEOM_SPHERE: g->size[0] = mbfix_uniform(r, 0.1, 0.6); g->size[1] = g->size[2] = 0; break;
  case GEOM_BOX: for (int k = 0; k < 3; ++k) g->size[k] = mbfix_uniform(r, 0.1, 0.6); break;
  case GEOM_CYLINDER:
  case GEOM_CAPSULE:
    g->size[0] = mbfix_uniform(r, 0.1, 0.5); g->size[1] = mbfix_uniform(r, 0.1, 0.6); g->size[2] = 0;
    break;
  default: g->size[0] = g->size[1] = g->size[2] = 0; break;
  }
}

/* ---------- analytic routines against closed-form distances ---------- */

Test(collision, sphere_plane_analytic) {
  MbRng r;
  mbfix_rng_seed(&r, 11);
  const double margin = 0.1;
  for (int trial = 0; trial < 300; ++trial) {
    TGeom pl, sp;
    random_geom(&r, &pl, GEOM_PLANE);
    random_geom(&r, &sp, GEOM_SPHERE);
    double nz[3], rad = sp.size[0], h0 = mbfix_uniform(&r, -0.9 * rad, 0.3);
    axis_of(nz, &pl, 2);
    double local[3] = {mbfix_uniform(&r, -3, 3), mbfix_uniform(&r, -3, 3), rad + h0};
    to_world(sp.pos, &pl, local);
    ContactPoint c[CB_MAX_PAIR_CONTACTS], s[CB_MAX_PAIR_CONTACTS];
    int n = collide(&pl, &sp, margin, c), ns = collide(&sp, &pl, margin, s);
    cr_assert_eq(n, h0 <= margin ? 1 : 0, "trial %d: h0 %g gave %d points", trial, h0, n);
    cr_assert_eq(ns, n);
    if (!n) continue;
    expect_unit_normals(c, n);
    cr_expect(fabs(c[0].phi - h0) < 1e-12, "phi %g vs %g", c[0].phi, h0);
    for (int k = 0; k < 3; ++k) {
      cr_expect(fabs(c[0].normal[k] + nz[k]) < 1e-12, "plane first: normal must be -z_plane");
      cr_expect(fabs(s[0].normal[k] - nz[k]) < 1e-12, "sphere first: normal must be +z_plane");
      double mid = sp.pos[k] - nz[k] * (rad + 0.5 * h0); /* between lowest point and its projection */
      cr_expect(fabs(c[0].pos[k] - mid) < 1e-12);
    }
  }
}

Test(collision, sphere_sphere_analytic) {
  MbRng r;
  mbfix_rng_seed(&r, 12);
  for (int trial = 0; trial < 300; ++trial) {
    TGeom a, b;
    random_geom(&r, &a, GEOM_SPHERE);
    random_geom(&r, &b, GEOM_SPHERE);
    double u[3], ra = a.size[0], rb = b.size[0];
    mbfix_random_unit(&r, u);
    double phi0 = mbfix_uniform(&r, -0.9 * fmin(ra, rb), 0.2);
    v3_copy(b.pos, a.pos);
    v3_axpy(b.pos, -(ra + rb + phi0), u); /* a sits along +u from b */
    ContactPoint c[CB_MAX_PAIR_CONTACTS], s[CB_MAX_PAIR_CONTACTS];
    int n = collide(&a, &b, 0.1, c), ns = collide(&b, &a, 0.1, s);
    cr_assert_eq(n, phi0 <= 0.1 ? 1 : 0);
    cr_assert_eq(ns, n);
    if (!n) continue;
    cr_expect(fabs(c[0].phi - phi0) < 1e-12);
    cr_expect(fabs(v3_dot(c[0].normal, u) - 1) < 1e-12, "normal must point from b into a");
    cr_expect(fabs(v3_dot(s[0].normal, u) + 1) < 1e-12, "swapped order flips the normal");
    /* witness points on the two surfaces */
    double wa[3], wb[3];
    v3_copy(wa, c[0].pos); v3_axpy(wa, 0.5 * c[0].phi, c[0].normal);
    v3_copy(wb, c[0].pos); v3_axpy(wb, -0.5 * c[0].phi, c[0].normal);
    double da[3], db[3];
    v3_sub(da, wa, a.pos); v3_sub(db, wb, b.pos);
    cr_expect(fabs(v3_norm(da) - ra) < 1e-12 && fabs(v3_norm(db) - rb) < 1e-12);
  }
}

Test(collision, sphere_box_inside_and_outside) {
  MbRng r;
  mbfix_rng_seed(&r, 13);
  int ninside = 0, noutside = 0;
  for (int trial = 0; trial < 600; ++trial) {
    TGeom sp, bx;
    random_geom(&r, &sp, GEOM_SPHERE);
    random_geom(&r, &bx, GEOM_BOX);
    double cl[3];
    for (int k = 0; k < 3; ++k) cl[k] = mbfix_uniform(&r, -1.6, 1.6) * bx.size[k];
    to_world(sp.pos, &bx, cl);
    /* closed form: outside, Euclidean distance to the box; inside, distance to nearest face */
    double out2 = 0, in = INFINITY;
    for (int k = 0; k < 3; ++k) {
      double e = fabs(cl[k]) - bx.size[k];
      if (e > 0) out2 += e * e;
      in = fmin(in, bx.size[k] - fabs(cl[k]));
    }
    int inside = out2 == 0;
    double expect = inside ? -in - sp.size[0] : sqrt(out2) - sp.size[0];
    inside ? ++ninside : ++noutside;
    ContactPoint c[CB_MAX_PAIR_CONTACTS], s[CB_MAX_PAIR_CONTACTS];
    int n = collide(&sp, &bx, 10.0, c), ns = collide(&bx, &sp, 10.0, s);
    cr_assert_eq(n, 1);
    cr_assert_eq(ns, 1);
    expect_unit_normals(c, n);
    cr_expect(fabs(c[0].phi - expect) < 1e-12, "trial %d inside %d: phi %g vs %g", trial, inside, c[0].phi, expect);
    for (int k = 0; k < 3; ++k) cr_expect(fabs(c[0].normal[k] + s[0].normal[k]) < 1e-15);
    /* box witness on the box surface; sphere centre = box witness + (phi + r) n */
    double wb[3], lb[3], cc[3];
    v3_copy(wb, c[0].pos); v3_axpy(wb, -0.5 * c[0].phi, c[0].normal);
    to_local(lb, &bx, wb);
    double face = 0;
    for (int k = 0; k < 3; ++k) face = fmax(face, fabs(lb[k]) / bx.size[k]);
    cr_expect(fabs(face - 1) < 1e-10, "box witness not on the surface (%g)", face);
    v3_copy(cc, wb); v3_axpy(cc, c[0].phi + sp.size[0], c[0].normal);
    for (int k = 0; k < 3; ++k) cr_expect(fabs(cc[k] - sp.pos[k]) < 1e-10);
  }
  cr_expect(ninside > 50 && noutside > 50, "both cases must be sampled (%d, %d)", ninside, noutside);
}

Test(collision, box_plane_corners) {
  MbRng r;
  mbfix_rng_seed(&r, 14);
  const double margin = 0.05;
  for (int trial = 0; trial < 300; ++trial) {
    TGeom pl, bx;
    random_geom(&r, &pl, GEOM_PLANE);
    random_geom(&r, &bx, GEOM_BOX);
    double nz[3], h[8];
    axis_of(nz, &pl, 2);
    /* corner heights for the box centre at the plane origin, then lift by a random amount */
    double lowest = INFINITY;
    for (int c = 0; c < 8; ++c) {
      double loc[3] = {(c & 1) ? bx.size[0] : -bx.size[0], (c & 2) ? bx.size[1] : -bx.size[1], (c & 4) ? bx.size[2] : -bx.size[2]}, x[3];
      m3_mulv(x, bx.rot, loc);
      h[c] = v3_dot(x, nz);
      lowest = fmin(lowest, h[c]);
    }
    double lift = -lowest + mbfix_uniform(&r, -0.1, 0.1);
    v3_copy(bx.pos, pl.pos);
    v3_axpy(bx.pos, lift, nz);
    int expect = 0;
    for (int c = 0; c < 8; ++c) { h[c] += lift; expect += h[c] <= margin; }
    ContactPoint out[CB_MAX_PAIR_CONTACTS];
    int n = collide(&bx, &pl, margin, out);
    cr_assert_eq(n, expect, "trial %d: %d points, %d corners within the margin", trial, n, expect);
    expect_unit_normals(out, n);
    for (int i = 0; i < n; ++i) {
      int found = 0;
      for (int c = 0; c < 8; ++c) found |= fabs(out[i].phi - h[c]) < 1e-12;
      cr_expect(found, "phi %g is no corner height", out[i].phi);
      cr_expect(fabs(v3_dot(out[i].normal, nz) - 1) < 1e-12, "box first: normal along +z_plane");
    }
  }
}

/* Lowest point of a cylinder / capsule over a plane: centre height - hl |n.a| - r sqrt(1-(n.a)^2)
 * (cylinder) or - r (capsule). */
Test(collision, cylinder_and_capsule_plane_lowest_point) {
  MbRng r;
  mbfix_rng_seed(&r, 15);
  for (int trial = 0; trial < 400; ++trial) {
    int cap = trial & 1;
    TGeom pl, cy;
    random_geom(&r, &pl, GEOM_PLANE);
    random_geom(&r, &cy, cap ? GEOM_CAPSULE : GEOM_CYLINDER);
    double nz[3], ax[3];
    axis_of(nz, &pl, 2);
    axis_of(ax, &cy, 2);
    double c = fabs(v3_dot(nz, ax)), rad = cy.size[0], hl = cy.size[1];
    double drop = hl * c + (cap ? rad : rad * sqrt(fmax(0.0, 1 - c * c)));
    double h0 = mbfix_uniform(&r, -0.2 * rad, 0.02);
    double local[3] = {mbfix_uniform(&r, -2, 2), mbfix_uniform(&r, -2, 2), drop + h0};
    to_world(cy.pos, &pl, local);
    ContactPoint out[CB_MAX_PAIR_CONTACTS];
    int n = collide(&pl, &cy, 0.05, out);
    cr_assert(n >= 1, "trial %d: no contact for h0 %g", trial, h0);
    expect_unit_normals(out, n);
    cr_expect(fabs(min_phi(out, n) - h0) < 1e-12, "trial %d (%s): lowest %g vs %g", trial, cap ? "capsule" : "cylinder", min_phi(out, n), h0);
    for (int i = 0; i < n; ++i) cr_expect(fabs(v3_dot(out[i].normal, nz) + 1) < 1e-12);
  }
}

/* Every pair type: the swapped call mirrors the normals; translating a along +n by the deepest
 * penetration separates the pair, translating by 98% of it does not. */
Test(collision, normals_swap_and_separate) {
  MbRng r;
  mbfix_rng_seed(&r, 16);
  int tested[GEOM_NTYPES][GEOM_NTYPES] = {{0}};
  for (int trial = 0; trial < 3000; ++trial) {
    GeomType ta = (GeomType)(1 + trial % 4), tb = (GeomType)((trial / 4) % 5);
    TGeom a, b;
    random_geom(&r, &a, ta);
    random_geom(&r, &b, tb);
    if (tb == GEOM_PLANE) {
      double nz[3];
      axis_of(nz, &b, 2);
      v3_copy(a.pos, b.pos);
      v3_axpy(a.pos, mbfix_uniform(&r, -0.1, 0.5), nz);
    } else {
      for (int k = 0; k < 3; ++k) b.pos[k] = a.pos[k] + mbfix_uniform(&r, -0.6, 0.6);
    }
    ContactPoint c[CB_MAX_PAIR_CONTACTS], s[CB_MAX_PAIR_CONTACTS];
    int n = collide(&a, &b, 0.0, c), ns = collide(&b, &a, 0.0, s);
    expect_unit_normals(c, n);
    /* the dispatch runs one routine in a canonical order and mirrors: exact symmetry */
    cr_assert_eq(n, ns, "types %d %d: %d vs %d points when swapped", ta, tb, n, ns);
    for (int i = 0; i < n; ++i) {
      cr_expect(fabs(c[i].phi - s[i].phi) < 1e-15);
      for (int k = 0; k < 3; ++k) cr_expect(fabs(c[i].normal[k] + s[i].normal[k]) < 1e-15);
    }
    if (n == 0) continue;
    int k = deepest(c, n);
    double depth = -c[k].phi;
    if (depth < 1e-4) continue;
    tested[ta][tb]++;
    /* box-capsule: end-sphere points plus libccd's only when clearly deeper; not a minimal
     * translation in general */
    if ((ta == GEOM_BOX && tb == GEOM_CAPSULE) || (ta == GEOM_CAPSULE && tb == GEOM_BOX)) continue;
    TGeom moved = a;
    v3_axpy(moved.pos, depth * 1.001 + 1e-6, c[k].normal);
    ContactPoint t[CB_MAX_PAIR_CONTACTS];
    int nt = collide(&moved, &b, 0.0, t);
    cr_expect(nt == 0 || min_phi(t, nt) > -1e-5 * depth,
              "types %d %d trial %d: still %g deep after moving by depth %g along n", ta, tb, trial, min_phi(t, nt), depth);
    /* minimal depth: exact for the analytic routines only (libccd's is an upper bound) */
    int via_ccd = (ta == GEOM_CYLINDER || tb == GEOM_CYLINDER || (ta == GEOM_BOX && tb == GEOM_CAPSULE) ||
                   (ta == GEOM_CAPSULE && tb == GEOM_BOX)) && !(ta == GEOM_SPHERE || tb == GEOM_SPHERE || tb == GEOM_PLANE);
    if (via_ccd) continue;
    moved = a;
    v3_axpy(moved.pos, 0.98 * depth, c[k].normal);
    nt = collide(&moved, &b, 0.0, t);
    cr_expect(nt > 0, "types %d %d trial %d: separated after moving by 98%% of depth %g", ta, tb, trial, depth);
  }
  for (int ta = 1; ta < GEOM_NTYPES; ++ta)
    for (int tb = 0; tb < GEOM_NTYPES; ++tb)
      cr_expect(tested[ta][tb] >= 20, "types %d %d: only %d penetrating samples", ta, tb, tested[ta][tb]);
}

/* ---------- analytic routines against libccd ---------- */

/* Depth within tol_depth; normals within acos(tol_dot): libccd EPA resolves curved surfaces to
 * ~1e-2 rad in direction, its depth is then exact along that direction to second order. */
static void cross_check(GeomType ta, GeomType tb, uint64_t seed, double tol_depth, double tol_dot) {
  MbRng r;
  mbfix_rng_seed(&r, seed);
  int checked = 0, outliers = 0;
  for (int trial = 0; trial < 2000 && checked < 150; ++trial) {
    TGeom a, b;
    random_geom(&r, &a, ta);
    random_geom(&r, &b, tb);
    for (int k = 0; k < 3; ++k) b.pos[k] = a.pos[k] + mbfix_uniform(&r, -0.7, 0.7);
    ContactPoint c[CB_MAX_PAIR_CONTACTS], e;
    int n = collide(&a, &b, 0.0, c);
    if (n == 0) continue;
    int k = deepest(c, n);
    GeomPose pa = pose_of(&a), pb = pose_of(&b);
    int ne = np_ccd_method(&pa, &pb, 0.0, NP_CCD_GJK_EPA, &e, 1);
    /* shallow overlaps (the regime of stiff contact); grazing ones libccd may miss */
    double smallest = fmin(fmin(a.size[0], b.size[0]), ta == GEOM_BOX ? fmin(a.size[1], a.size[2]) : 1.0);
    if (-c[k].phi < 1e-3 || -c[k].phi > 0.3 * smallest) continue;
    cr_assert_eq(ne, 1, "types %d %d trial %d: analytic depth %g, libccd none", ta, tb, trial, -c[k].phi);
    checked++;
    /* libccd's depth is the exact overlap along its direction: an upper bound of the true one */
    cr_expect(-c[k].phi <= -e.phi + 1e-12, "types %d %d trial %d: analytic depth %g exceeds libccd's bound %g", ta, tb, trial, -c[k].phi, -e.phi);
    /* agreement in depth and normal, allowing libccd rare outliers (<= 3%) */
    if (!(fabs(c[k].phi - e.phi) < tol_depth && v3_dot(c[k].normal, e.normal) > tol_dot)) ++outliers;
  }
  cr_expect(checked >= 100, "types %d %d: only %d overlapping samples", ta, tb, checked);
  cr_expect(outliers <= 0.03 * checked, "types %d %d: %d of %d samples disagree with libccd", ta, tb, outliers, checked);
}

Test(collision, analytic_vs_libccd_spheres) {
  cross_check(GEOM_SPHERE, GEOM_SPHERE, 21, 1e-5, 1 - 1e-3);
  cross_check(GEOM_SPHERE, GEOM_BOX, 22, 2e-3, 1 - 3e-3);
  cross_check(GEOM_SPHERE, GEOM_CYLINDER, 23, 2e-3, 0.8); /* rim: near-ties of cap and side */
  /* capsule pairs: libccd's direction error costs it up to ~3e-4 in depth (never below the
   * analytic value, checked above) */
  cross_check(GEOM_SPHERE, GEOM_CAPSULE, 24, 2e-3, 1 - 3e-3);
  cross_check(GEOM_CAPSULE, GEOM_CAPSULE, 25, 2e-3, 1 - 3e-3);
}

/* A small box poking into the top face of a large one: the minimal translation is the large
 * box's face normal and the depth is its lowest corner's. */
Test(collision, box_box_vs_libccd) {
  MbRng r;
  mbfix_rng_seed(&r, 26);
  for (int trial = 0; trial < 200; ++trial) {
    TGeom big = {GEOM_BOX, {2, 1.5, 0.5}, {0}, {0}}, small;
    random_rot(&r, big.rot);
    for (int k = 0; k < 3; ++k) big.pos[k] = mbfix_uniform(&r, -1, 1);
    random_geom(&r, &small, GEOM_BOX);
    double lowest = INFINITY, nz[3];
    axis_of(nz, &big, 2);
    for (int c = 0; c < 8; ++c) {
      double loc[3] = {(c & 1) ? small.size[0] : -small.size[0], (c & 2) ? small.size[1] : -small.size[1], (c & 4) ? small.size[2] : -small.size[2]}, x[3];
      m3_mulv(x, small.rot, loc);
      lowest = fmin(lowest, v3_dot(x, nz));
    }
    double pen = mbfix_uniform(&r, 1e-3, 0.05);
    double local[3] = {mbfix_uniform(&r, -1, 1), mbfix_uniform(&r, -0.7, 0.7), 0.5 - lowest - pen};
    to_world(small.pos, &big, local);
    ContactPoint c[CB_MAX_PAIR_CONTACTS], e;
    int n = collide(&small, &big, 0.0, c);
    cr_assert(n >= 1);
    int k = deepest(c, n);
    cr_expect(fabs(c[k].phi + pen) < 1e-10, "trial %d: depth %g vs %g", trial, -c[k].phi, pen);
    GeomPose pa = pose_of(&small), pb = pose_of(&big);
    cr_assert_eq(np_ccd_method(&pa, &pb, 0.0, NP_CCD_GJK_EPA, &e, 1), 1);
    cr_expect(fabs(e.phi + pen) < 1e-6, "trial %d: libccd depth %g vs %g", trial, -e.phi, pen);
    cr_expect(v3_dot(e.normal, nz) > 1 - 1e-6 && v3_dot(c[k].normal, nz) > 1 - 1e-12);
  }
}

/* libccd path inflated by the margin: separated pairs report phi = the true distance. */
Test(collision, libccd_margin_distance) {
  MbRng r;
  mbfix_rng_seed(&r, 27);
  for (int trial = 0; trial < 200; ++trial) {
    TGeom a, b;
    random_geom(&r, &a, GEOM_SPHERE);
    random_geom(&r, &b, trial & 1 ? GEOM_CAPSULE : GEOM_SPHERE);
    double u[3];
    mbfix_random_unit(&r, u);
    double gap = mbfix_uniform(&r, -0.05, 0.08);
    ContactPoint c[CB_MAX_PAIR_CONTACTS], e;
    /* place a along u at distance gap from b (capsule: from its centre's cross-section) */
    double ax[3];
    axis_of(ax, &b, 2);
    v3_axpy(u, -v3_dot(u, ax), ax);
    v3_normalize(u);
    v3_copy(a.pos, b.pos);
    v3_axpy(a.pos, a.size[0] + b.size[0] + gap, u);
    int n = collide(&a, &b, 0.1, c);
    GeomPose pa = pose_of(&a), pb = pose_of(&b);
    int ne = np_ccd_method(&pa, &pb, 0.1, NP_CCD_GJK_EPA, &e, 1);
    cr_assert_eq(n, 1);
    cr_assert_eq(ne, 1, "trial %d: gap %g within the margin but libccd reports none", trial, gap);
    cr_expect(fabs(c[0].phi - gap) < 1e-12);
    cr_expect(fabs(e.phi - gap) < 1e-5, "trial %d: libccd phi %g vs gap %g", trial, e.phi, gap);
    cr_expect(v3_dot(e.normal, u) > 1 - 1e-4, "trial %d: libccd normal off (dot %g)", trial, v3_dot(e.normal, u));
  }
}

/* ---------- manifolds ---------- */

static void yaw_rot(double *R, const double *base, double yaw) {
  double q[4], Y[9], ax[3] = {0, 0, 1};
  quat_from_axis_angle(q, ax, yaw);
  quat_to_mat(Y, q);
  m3_mul(R, base, Y);
}

Test(collision, manifold_box_on_plane_and_on_box) {
  MbRng r;
  mbfix_rng_seed(&r, 31);
  for (int trial = 0; trial < 100; ++trial) {
    TGeom pl, bx, big = {GEOM_BOX, {3, 2, 0.5}, {0}, {0}};
    random_geom(&r, &pl, GEOM_PLANE);
    random_geom(&r, &bx, GEOM_BOX);
    double nz[3], pen = mbfix_uniform(&r, 1e-4, 1e-2);
    axis_of(nz, &pl, 2);
    yaw_rot(bx.rot, pl.rot, mbfix_uniform(&r, -M_PI, M_PI));
    double local[3] = {mbfix_uniform(&r, -1, 1), mbfix_uniform(&r, -1, 1), bx.size[2] - pen};
    to_world(bx.pos, &pl, local);
    ContactPoint c[CB_MAX_PAIR_CONTACTS];
    int n = collide(&bx, &pl, 1e-3, c);
    cr_expect_eq(n, 4, "box flat on a plane: %d points", n);
    for (int i = 0; i < n; ++i) cr_expect(fabs(c[i].phi + pen) < 1e-12);
    /* box resting on a larger box, both argument orders */
    v3_copy(big.pos, pl.pos);
    m3_copy(big.rot, pl.rot);
    local[2] = big.size[2] + bx.size[2] - pen;
    to_world(bx.pos, &big, local);
    for (int order = 0; order < 2; ++order) {
      n = order ? collide(&big, &bx, 1e-3, c) : collide(&bx, &big, 1e-3, c);
      cr_expect_eq(n, 4, "box on a box (order %d): %d points", order, n);
      for (int i = 0; i < n; ++i) {
        cr_expect(fabs(c[i].phi + pen) < 1e-10, "phi %g vs %g", c[i].phi, -pen);
        cr_expect(fabs(v3_dot(c[i].normal, nz) - (order ? -1 : 1)) < 1e-10);
      }
    }
  }
}

/* The contact points' centroid, projected on the plane, and their spread. */
static void support_stats(const ContactPoint *c, int n, const double *center, const double *nz, double *off, double *spread) {
  double m[3] = {0, 0, 0};
  for (int i = 0; i < n; ++i) v3_axpy(m, 1.0 / n, c[i].pos);
  double d[3];
  v3_sub(d, m, center);
  v3_axpy(d, -v3_dot(d, nz), nz);
  *off = v3_norm(d);
  *spread = 0;
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < n; ++j) {
      double e[3];
      v3_sub(e, c[i].pos, c[j].pos);
      *spread = fmax(*spread, v3_norm(e));
    }
}

Test(collision, manifold_cylinder_standing_and_lying) {
  MbRng r;
  mbfix_rng_seed(&r, 32);
  for (int trial = 0; trial < 100; ++trial) {
    TGeom pl, cy;
    random_geom(&r, &pl, GEOM_PLANE);
    random_geom(&r, &cy, GEOM_CYLINDER);
    double nz[3], pen = mbfix_uniform(&r, 1e-4, 1e-2), off, spread;
    axis_of(nz, &pl, 2);
    /* standing on its lower cap */
    yaw_rot(cy.rot, pl.rot, mbfix_uniform(&r, -M_PI, M_PI));
    double local[3] = {mbfix_uniform(&r, -1, 1), mbfix_uniform(&r, -1, 1), cy.size[1] - pen};
    to_world(cy.pos, &pl, local);
    ContactPoint c[CB_MAX_PAIR_CONTACTS];
    int n = collide(&cy, &pl, 1e-3, c);
    cr_expect(n >= 3, "standing cylinder: %d points", n);
    support_stats(c, n, cy.pos, nz, &off, &spread);
    cr_expect(off < 1e-9 && spread > 1.9 * cy.size[0], "standing: support centroid off %g, spread %g", off, spread);
    for (int i = 0; i < n; ++i) cr_expect(fabs(c[i].phi + pen) < 1e-12);
    /* lying on its side: axis along the plane's x, rotated by a random yaw */
    double lie[9], Rx[9], q[4], xax[3] = {1, 0, 0};
    quat_from_axis_angle(q, xax, M_PI / 2);
    quat_to_mat(Rx, q);
    yaw_rot(lie, pl.rot, mbfix_uniform(&r, -M_PI, M_PI));
    m3_mul(cy.rot, lie, Rx);
    local[2] = cy.size[0] - pen;
    to_world(cy.pos, &pl, local);
    n = collide(&pl, &cy, 1e-3, c);
    cr_expect(n >= 2, "lying cylinder: %d points", n);
    support_stats(c, n, cy.pos, nz, &off, &spread);
    cr_expect(off < 1e-9 && spread > 1.9 * cy.size[1], "lying: centroid off %g, spread %g", off, spread);
    /* a capsule lying on a plane and on a box face rests on a line as well */
    TGeom capg = cy, big = {GEOM_BOX, {3, 3, 0.5}, {0}, {0}};
    capg.type = GEOM_CAPSULE;
    n = collide(&capg, &pl, 1e-3, c);
    support_stats(c, n, capg.pos, nz, &off, &spread);
    cr_expect(n == 2 && off < 1e-9 && spread > 1.9 * capg.size[1], "lying capsule on plane: %d points", n);
    v3_copy(big.pos, pl.pos);
    m3_copy(big.rot, pl.rot);
    local[2] = 0.5 + capg.size[0] - pen;
    to_world(capg.pos, &big, local);
    n = collide(&capg, &big, 1e-3, c);
    support_stats(c, n, capg.pos, nz, &off, &spread);
    cr_expect(n == 2 && off < 1e-9 && spread > 1.9 * capg.size[1], "lying capsule on box: %d points", n);
    for (int i = 0; i < n; ++i) cr_expect(fabs(c[i].phi + pen) < 1e-10 && v3_dot(c[i].normal, nz) > 1 - 1e-12);
  }
}

/* ---------- broad phase and collision_detect ---------- */

/* A world plane, nstatic static boxes welded to the world, and nfree free bodies carrying a
 * box, sphere, capsule or cylinder (every fifth body carries two geometries): every shape whose
 * AABB the broad phase forms its own way. */
static Model *scene_model(int nfree, int nstatic, uint64_t seed) {
  MbRng r;
  mbfix_rng_seed(&r, seed);
  int nbody = 1 + nfree + nstatic;
  Model *m = mbfix_alloc(nbody);
  cr_assert_not_null(m);
  m->nmaterial = 2;
  m->materials = calloc(2, sizeof(Material));
  m->materials[0] = (Material){"rigid", INFINITY, 0.0, 0.8, 0.6};
  m->materials[1] = (Material){"soft", 1e5, 0.5, 0.4, 0.3};
  m->stiction_tolerance = 1e-4;
  m->geoms = calloc((size_t)(1 + nstatic + 2 * nfree), sizeof(Geom));
  int ng = 0;
  Geom *g = &m->geoms[ng++];
  g->type = GEOM_PLANE; g->body = 0; quat_identity(g->quat); g->material = 0;
  for (int b = 1; b < nbody; ++b) {
    Body *bd = &m->bodies[b];
    bd->parent = 0;
    bd->joint = b <= nfree ? JOINT_FREE : JOINT_FIXED;
    int ngb = (b <= nfree && b % 5 == 0) ? 2 : 1;
    for (int k = 0; k < ngb; ++k) {
      g = &m->geoms[ng++];
      double u = mbfix_uniform(&r, 0, 1);
      g->type = (b > nfree || u < 0.4) ? GEOM_BOX : u < 0.7 ? GEOM_SPHERE : u < 0.85 ? GEOM_CAPSULE : GEOM_CYLINDER;
      g->body = b;
      quat_identity(g->quat);
      for (int i = 0; i < 3; ++i) g->size[i] = mbfix_uniform(&r, 0.05, 0.25);
      g->material = b % 2;
      g->margin = mbfix_uniform(&r, 0, 0.05);
    }
  }
  m->ngeom = ng;
  return mbfix_finalize(m);
}

/* Random world poses written straight into Data (as mb_kinematics would). */
static void scatter(const Model *m, Data *d, double box, uint64_t seed) {
  MbRng r;
  mbfix_rng_seed(&r, seed);
  for (int g = 0; g < m->ngeom; ++g) {
    if (m->geoms[g].type == GEOM_PLANE) {
      v3_set(d->geom_xpos + 3 * g, 0, 0, 0);
      m3_identity(d->geom_xrot + 9 * g);
      continue;
    }
    for (int k = 0; k < 3; ++k) d->geom_xpos[3 * g + k] = mbfix_uniform(&r, -box, box);
    d->geom_xpos[3 * g + 2] = mbfix_uniform(&r, -0.2, 0.6 * box); /* some below the floor */
    random_rot(&r, d->geom_xrot + 9 * g);
  }
}

static int major_key;
static int cmp_by_major(const void *x, const void *y) {
  const int *a = x, *b = y;
  int d = a[major_key] - b[major_key];
  return d ? (d > 0) - (d < 0) : (a[1 - major_key] > b[1 - major_key]) - (a[1 - major_key] < b[1 - major_key]);
}

/* models/pair_sort.h: the same sequence as qsort by (major, minor), duplicates kept, for either
 * major component, with empty, one-pair and crowded buckets. */
Test(collision, pair_sort_matches_qsort) {
  MbRng r;
  mbfix_rng_seed(&r, 77);
  enum { N = 400, KEYS = 50 };
  int in[2 * N], out[2 * N], ref[2 * N], bucket[KEYS + 1];
  for (int major = 0; major < 2; ++major)
    for (int n = 0; n <= N; n += n < 2 ? 1 : 133) {
      for (int k = 0; k < 2 * n; ++k) in[k] = (int)mbfix_uniform(&r, 0, k % 2 == major ? KEYS : 7);
      pair_sort(in, n, major, KEYS, bucket, out);
      memcpy(ref, in, sizeof(int) * 2 * (size_t)n);
      major_key = major;
      qsort(ref, (size_t)n, 2 * sizeof(int), cmp_by_major);
      for (int k = 0; k < 2 * n; ++k) cr_assert_eq(out[k], ref[k], "major %d n %d entry %d", major, n, k);
    }
}

Test(collision, broadphase_matches_brute_force) {
  Model *m = scene_model(200, 10, 41);
  cr_assert_not_null(m);
  Data *d = data_create(m);
  cr_assert_not_null(d);
  Broadphase *bp = broadphase_create(m->ngeom);
  cr_assert_not_null(bp);
  for (int rep = 0; rep < 3; ++rep) {
    scatter(m, d, 2.0 + rep, 100 + rep);
    cr_assert_eq(broadphase_pairs(m, d, bp), 0);
    int nbrute = 0, k = 0, mismatch = 0;
    for (int g1 = 0; g1 < m->ngeom; ++g1)
      for (int g2 = g1 + 1; g2 < m->ngeom; ++g2) {
        if (!collision_pair_allowed(m, g1, g2) || !broadphase_bounds_overlap(m, d, g1, g2)) continue;
        ++nbrute;
        if (k < bp->npairs && bp->pairs[2 * k] == g1 && bp->pairs[2 * k + 1] == g2) ++k;
        else ++mismatch;
      }
    cr_expect_eq(mismatch, 0, "rep %d: %d brute-force pairs missing from the sweep", rep, mismatch);
    cr_expect_eq(bp->npairs, nbrute, "rep %d: sweep %d pairs, brute force %d", rep, bp->npairs, nbrute);
    cr_expect(nbrute > 100, "scene too sparse to test (%d pairs)", nbrute);
    long all = (long)m->ngeom * (m->ngeom - 1) / 2;
    cr_expect(bp->npairs < all / 10, "broad phase prunes little: %d of %ld", bp->npairs, all);

    /* collision_detect: the same contacts as the narrow phase over all allowed pairs, and
     * every contact record complete */
    long tests0 = d->counters.narrow_phase_tests, q0 = d->counters.geometry_queries;
    cr_assert_eq(collision_detect(m, d), 0);
    cr_expect_eq(d->counters.geometry_queries, q0 + 1);
    cr_expect_eq(d->counters.narrow_phase_tests - tests0, bp->npairs);
    int nall = 0;
    ContactPoint c[CB_MAX_PAIR_CONTACTS];
    for (int g1 = 0; g1 < m->ngeom; ++g1)
      for (int g2 = g1 + 1; g2 < m->ngeom; ++g2)
        if (collision_pair_allowed(m, g1, g2))
          nall += collide_geoms(m, d, g1, g2, fmax(m->geoms[g1].margin, m->geoms[g2].margin), c, CB_MAX_PAIR_CONTACTS);
    cr_expect_eq(d->ncon, nall, "rep %d: collision_detect %d contacts, all pairs %d", rep, d->ncon, nall);
    cr_expect(d->ncon > 20);
  }
  broadphase_free(bp);
  data_free(d);
  model_free(m);
}

Test(collision, contact_records) {
  Model *m = scene_model(60, 5, 42);
  cr_assert_not_null(m);
  Data *d = data_create(m);
  cr_assert_not_null(d);
  scatter(m, d, 1.5, 7);
  cr_assert_eq(collision_detect(m, d), 0);
  cr_assert(d->ncon > 10);
  int nplane = 0;
  for (int i = 0; i < d->ncon; ++i) {
    const Contact *c = &d->contacts[i];
    const Geom *A = &m->geoms[c->geom[0]], *B = &m->geoms[c->geom[1]];
    cr_expect(c->body[0] == A->body && c->body[1] == B->body);
    cr_expect(c->tree[0] == m->bodies[A->body].tree && c->tree[1] == m->bodies[B->body].tree);
    cr_expect(c->tree[0] >= 0, "a static geometry must be side B");
    cr_expect(c->jac_adr[0] == -1 && c->jac_adr[1] == -1);
    /* frame: orthonormal, right-handed, row 2 = normal of the pair */
    const double *t1 = c->frame, *t2 = c->frame + 3, *n = c->frame + 6;
    double x[3];
    v3_cross(x, t1, t2);
    for (int k = 0; k < 3; ++k) cr_expect(fabs(x[k] - n[k]) < 1e-12);
    cr_expect(fabs(v3_dot(t1, t1) - 1) < 1e-12 && fabs(v3_dot(t2, t2) - 1) < 1e-12 && fabs(v3_dot(t1, t2)) < 1e-12);
    ContactPoint cp[CB_MAX_PAIR_CONTACTS];
    int np = collide_geoms(m, d, c->geom[0], c->geom[1], fmax(A->margin, B->margin), cp, CB_MAX_PAIR_CONTACTS);
    int found = 0;
    for (int j = 0; j < np; ++j) found |= fabs(cp[j].phi - c->phi) < 1e-15 && v3_dot(cp[j].normal, n) > 1 - 1e-15;
    cr_expect(found, "contact %d: phi/normal not from collide_geoms", i);
    /* geometry only: no material yet, the point midway between the witness points */
    const ContactParams none = {0};
    cr_expect(memcmp(&c->par, &none, sizeof none) == 0, "contact %d: collision_detect set par", i);
    if (B->type == GEOM_PLANE) {
      cr_expect(fabs(c->pos[2] - 0.5 * c->phi) < 1e-12, "plane contact point z = %g before the materials, "
                "expected the midpoint %g", c->pos[2], 0.5 * c->phi);
      cr_expect(fabs(n[2] - 1) < 1e-15);
    }
  }
  contact_materials(m, d);
  for (int i = 0; i < d->ncon; ++i) {
    const Contact *c = &d->contacts[i];
    const Geom *A = &m->geoms[c->geom[0]], *B = &m->geoms[c->geom[1]];
    ContactParams par;
    contact_combine(&m->materials[A->material], &m->materials[B->material], m->stiction_tolerance, &par);
    cr_expect(c->par.stiffness == par.stiffness && c->par.dissipation == par.dissipation &&
              c->par.mu_static == par.mu_static && c->par.mu_dynamic == par.mu_dynamic &&
              c->par.stiction_tolerance == par.stiction_tolerance);
    if (B->type == GEOM_PLANE) { /* rigid floor, n = +z; contact point on the floor when A is
                                  * soft (it deforms), midway when both are rigid */
      ++nplane;
      double z = isinf(m->materials[A->material].stiffness) ? 0.5 * c->phi : 0.0;
      cr_expect(fabs(c->pos[2] - z) < 1e-12, "plane contact point z = %g, expected %g", c->pos[2], z);
    }
  }
  cr_expect(nplane > 0);
  /* steady state: a second query at the same poses gives the same contacts */
  int n0 = d->ncon;
  Contact first = d->contacts[0];
  cr_assert_eq(collision_detect(m, d), 0);
  contact_materials(m, d);
  cr_expect_eq(d->ncon, n0);
  cr_expect(memcmp(&first, &d->contacts[0], sizeof(Contact)) == 0);
  data_free(d);
  model_free(m);
}

/* Cylinder on a box face (box-cylinder manifold): standing on a cap gives the rim octagon
 * (all at the exact depth, centred), lying gives the two ends of the lowest line, a small box
 * on a large cap gives the box face's 4 corners, and a cylinder half over the edge keeps only
 * points on the face. Both argument orders. */
Test(collision, manifold_cylinder_on_box) {
  MbRng r;
  mbfix_rng_seed(&r, 33);
  for (int trial = 0; trial < 60; ++trial) {
    TGeom big = {GEOM_BOX, {1.5, 1.2, 0.3}, {0}, {0}}, cy;
    random_geom(&r, &big, GEOM_BOX);
    v3_set(big.size, 1.5, 1.2, 0.3);
    random_geom(&r, &cy, GEOM_CYLINDER);
    double nz[3], pen = mbfix_uniform(&r, 1e-4, 1e-2), off, spread, top = big.size[2];
    axis_of(nz, &big, 2);
    /* standing on the top face */
    yaw_rot(cy.rot, big.rot, mbfix_uniform(&r, -M_PI, M_PI));
    double local[3] = {mbfix_uniform(&r, -0.8, 0.8), mbfix_uniform(&r, -0.6, 0.6), top + cy.size[1] - pen};
    to_world(cy.pos, &big, local);
    ContactPoint c[CB_MAX_PAIR_CONTACTS];
    for (int order = 0; order < 2; ++order) {
      int n = order ? collide(&big, &cy, 1e-3, c) : collide(&cy, &big, 1e-3, c);
      cr_expect(n >= 3, "standing cylinder on a box: %d points", n);
      support_stats(c, n, cy.pos, nz, &off, &spread);
      cr_expect(off < 1e-9 && spread > 1.9 * cy.size[0], "standing: centroid off %g, spread %g", off, spread);
      for (int i = 0; i < n; ++i) {
        cr_expect(fabs(c[i].phi + pen) < 1e-10, "standing: phi %g vs %g", c[i].phi, -pen);
        cr_expect(fabs(v3_dot(c[i].normal, nz) - (order ? -1 : 1)) < 1e-12);
      }
    }
    /* tilted by 3 degrees about the box x axis: the deepest point is the lowest rim point,
     * centre height - hl cos - r sin below the face */
    double tilt[9], q[4], ex[3], R[9];
    axis_of(ex, &big, 0);
    quat_from_axis_angle(q, ex, 3 * M_PI / 180);
    quat_to_mat(tilt, q);
    m3_copy(R, cy.rot);
    m3_mul(cy.rot, tilt, R);
    double h = cy.size[1] * cos(3 * M_PI / 180) + cy.size[0] * sin(3 * M_PI / 180);
    local[2] = top + h - pen;
    to_world(cy.pos, &big, local);
    int n = collide(&cy, &big, 1e-3, c);
    cr_expect(n >= 1 && fabs(min_phi(c, n) + pen) < 1e-9, "tilted: %d points, deepest %g vs %g", n, min_phi(c, n), -pen);
    /* lying on its side */
    double lie[9], Rx[9], xax[3] = {1, 0, 0};
    quat_from_axis_angle(q, xax, M_PI / 2);
    quat_to_mat(Rx, q);
    yaw_rot(lie, big.rot, mbfix_uniform(&r, -M_PI, M_PI));
    m3_mul(cy.rot, lie, Rx);
    local[2] = top + cy.size[0] - pen;
    local[0] = mbfix_uniform(&r, -0.3, 0.3);
    local[1] = mbfix_uniform(&r, -0.3, 0.3);
    to_world(cy.pos, &big, local);
    n = collide(&big, &cy, 1e-3, c);
    support_stats(c, n, cy.pos, nz, &off, &spread);
    cr_expect(n == 2 && off < 1e-9 && spread > 1.99 * cy.size[1], "lying: %d points, off %g, spread %g", n, off, spread);
    for (int i = 0; i < n; ++i) cr_expect(fabs(c[i].phi + pen) < 1e-10);
    /* half over the edge x = +1.5 of the face: only points on the face, still >= 3 */
    m3_copy(cy.rot, big.rot);
    local[0] = big.size[0];
    local[1] = 0;
    local[2] = top + cy.size[1] - pen;
    to_world(cy.pos, &big, local);
    n = collide(&cy, &big, 1e-3, c);
    cr_expect(n >= 3, "over the edge: %d points", n);
    for (int i = 0; i < n; ++i) {
      double l[3];
      to_local(l, &big, c[i].pos);
      cr_expect(l[0] <= big.size[0] + 1e-9 && fabs(c[i].phi + pen) < 1e-9, "over the edge: x %g (face ends at %g), phi %g", l[0],
                big.size[0], c[i].phi);
    }
  }
  /* a small box on a large cylinder's cap: the box's 4 bottom corners */
  TGeom cyl = {GEOM_CYLINDER, {0.5, 0.2, 0}, {0, 0, 0}, {1, 0, 0, 0, 1, 0, 0, 0, 1}};
  TGeom bx = {GEOM_BOX, {0.05, 0.04, 0.03}, {0.1, -0.05, 0.2 + 0.03 - 1e-3}, {1, 0, 0, 0, 1, 0, 0, 0, 1}};
  ContactPoint c[CB_MAX_PAIR_CONTACTS];
  int n = collide(&bx, &cyl, 1e-4, c);
  cr_expect_eq(n, 4, "box on a cylinder cap: %d points", n);
  for (int i = 0; i < n; ++i) {
    cr_expect(fabs(c[i].phi + 1e-3) < 1e-12 && fabs(c[i].normal[2] - 1) < 1e-12);
    cr_expect(fabs(fabs(c[i].pos[0] - 0.1) - 0.05) < 1e-12 && fabs(fabs(c[i].pos[1] + 0.05) - 0.04) < 1e-12,
              "corner %d at %g %g", i, c[i].pos[0], c[i].pos[1]);
  }
}

/* The shared Sutherland-Hodgman step of the box-box and box-cylinder manifolds: clipping a
 * unit square by x <= c keeps the polygon [0, c] x [0, 1] (area c), in order. */
Test(collision, clip_polygon_halfspace) {
  const double u[3] = {1, 0, 0};
  for (int k = 0; k < 3; ++k) {
    double c = 0.25 * (k + 1);
    double in[NP_POLY_MAX][3] = {{0, 0, 0}, {1, 0, 0}, {1, 1, 0}, {0, 1, 0}}, out[NP_POLY_MAX][3];
    int n = np_clip_polygon(in, 4, out, u, c);
    cr_assert_eq(n, 4);
    double area = 0;
    for (int i = 0; i < n; ++i) {
      const double *p = out[i], *q = out[(i + 1) % n];
      cr_expect(p[0] <= c + 1e-15 && p[0] >= 0 && p[1] >= 0 && p[1] <= 1);
      area += 0.5 * (p[0] * q[1] - q[0] * p[1]);
    }
    cr_expect(fabs(area - c) < 1e-15, "c %g: area %g", c, area);
  }
  double in[NP_POLY_MAX][3] = {{0, 0, 0}, {1, 0, 0}, {1, 1, 0}}, out[NP_POLY_MAX][3];
  cr_expect_eq(np_clip_polygon(in, 3, out, u, -0.5), 0, "all outside");
}

/* A stack of equal boxes woke after 1.27 s at rest when a drift of a few
 * nm moved a corner of one box past the edge of the box below. Clipping then added vertices on
 * the nearly straight edge (0.28 mm and 53 mm from the corner), each a point contact with a
 * whole point's stiffness: 4 -> 6 points, the face's force up by half in one step. Two boxes of
 * equal footprint, the top one yawed by eps and shifted by a few nm either way: the manifold keeps
 * its four corners at the flat depth, so the summed spring force k sum(-phi) does not jump. */
Test(collision, nearly_aligned_faces_keep_their_corners_under_nm_shifts) {
  const double pen = 1e-4, yaws[] = {1e-8, 1e-6, 1e-4};
  for (size_t iy = 0; iy < sizeof yaws / sizeof yaws[0]; ++iy)
    for (int k = -4; k <= 4; ++k)
      for (int dir = 0; dir < 3; ++dir) {
        TGeom lo = {GEOM_BOX, {0.06, 0.04, 0.02}, {0, 0, 0}, {1, 0, 0, 0, 1, 0, 0, 0, 1}};
        TGeom hi = {GEOM_BOX, {0.06, 0.04, 0.03}, {0, 0, 0.05 - pen}, {0}};
        yaw_rot(hi.rot, lo.rot, yaws[iy]);
        double shift = 5e-9 * k; /* along x, y or both: corners cross one or two side planes */
        if (dir != 1) hi.pos[0] += shift;
        if (dir != 0) hi.pos[1] -= shift;
        ContactPoint c[CB_MAX_PAIR_CONTACTS];
        int n = collide(&hi, &lo, 0, c);
        double sum = 0;
        for (int i = 0; i < n; ++i) sum -= c[i].phi;
        cr_expect_eq(n, 4, "yaw %g, shift %g (dir %d): %d points", yaws[iy], shift, dir, n);
        cr_expect(fabs(sum - 4 * pen) < 1e-9, "yaw %g, shift %g (dir %d): sum of depths %.12g, expected %g",
                  yaws[iy], shift, dir, sum, 4 * pen);
      }
  /* real corners stay: equal squares at 45 degrees overlap in a regular octagon */
  TGeom lo = {GEOM_BOX, {0.05, 0.05, 0.02}, {0, 0, 0}, {1, 0, 0, 0, 1, 0, 0, 0, 1}};
  TGeom hi = {GEOM_BOX, {0.05, 0.05, 0.02}, {0, 0, 0.04 - pen}, {0}};
  yaw_rot(hi.rot, lo.rot, M_PI / 4);
  ContactPoint c[CB_MAX_PAIR_CONTACTS];
  cr_expect_eq(collide(&hi, &lo, 0, c), 8, "45 degree yaw: the octagon's 8 corners");
}

/* Distance of point p to a box (0 inside). */
static double point_box_distance(const TGeom *box, const double *p) {
  double l[3], s = 0;
  to_local(l, box, p);
  for (int k = 0; k < 3; ++k) {
    double e = fmax(fabs(l[k]) - box->size[k], 0.0);
    s += e * e;
  }
  return sqrt(s);
}

/* Corner v (bits: +-x, +-y, +-z) of a cube of half size h centred at the origin. */
static void cube_corner(int v, double h, double *loc) {
  for (int k = 0; k < 3; ++k) loc[k] = (v >> k & 1) ? h : -h;
}

/* The height of the lowest corner of a cube of half size h turned by rot about its centre. */
static double lowest_corner(const double *rot, double h) {
  double lowest = INFINITY;
  for (int v = 0; v < 8; ++v) {
    double loc[3], x[3];
    cube_corner(v, h, loc);
    m3_mulv(x, rot, loc);
    lowest = fmin(lowest, x[2]);
  }
  return lowest;
}

/* Puts a turned cube of half size 0.05 over the axis-aligned base cube at the origin: xy within
 * 9 cm of the base's centre, its lowest corner sign * (a draw in [gap_lo, gap_hi]) above the
 * base's top face (drawn in this order: x, y, gap). */
static void place_over_base(MbRng *r, TGeom *top, double sign, double gap_lo, double gap_hi) {
  double lowest = lowest_corner(top->rot, 0.05);
  top->pos[0] = mbfix_uniform(r, -0.09, 0.09);
  top->pos[1] = mbfix_uniform(r, -0.09, 0.09);
  top->pos[2] = 0.05 - lowest + sign * mbfix_uniform(r, gap_lo, gap_hi);
}

/* Whether n lies along a face axis of box a or box b (else it is an edge-edge axis). */
static int along_face_axis(const double *n, const TGeom *a, const TGeom *b) {
  int along = 0;
  for (int k = 0; k < 3; ++k) {
    double ax[3], bx[3];
    axis_of(ax, a, k);
    axis_of(bx, b, k);
    along |= fabs(v3_dot(n, ax)) > 1 - 1e-9 || fabs(v3_dot(n, bx)) > 1 - 1e-9;
  }
  return along;
}

/* The reference cube of the edge-edge tests: 10 cm, at the origin, axis-aligned. */
static const TGeom edge_test_base = {GEOM_BOX, {0.05, 0.05, 0.05}, {0, 0, 0}, {1, 0, 0, 0, 1, 0, 0, 0, 1}};

/* The manifold of cube top over edge_test_base into c, and its size when its first point's
 * normal lies along no face axis of either cube (the separating axis is an edge-edge one); 0
 * otherwise (apart, or a face manifold). */
static int collide_edge_edge(const TGeom *top, double margin, ContactPoint *c) {
  int n = collide(top, &edge_test_base, margin, c);
  return n > 0 && !along_face_axis(c[0].normal, &edge_test_base, top) ? n : 0;
}

/* A cube over another whose closest features are two edges (the separating axis is an edge-edge
 * axis): besides the edges' closest points, the speculative manifold holds the best face's points
 * that are apart within the margin, because a cube on an edge can fall flat within a step. Each
 * such point's phi is the exact distance of its point on the incident cube to the reference cube
 * (it lies over the reference face, within its side planes). Without margin nothing is added. */
Test(collision, box_on_an_edge_reports_the_face_that_can_land) {
  MbRng r;
  mbfix_rng_seed(&r, 31);
  const TGeom base = edge_test_base;
  int edge_cases = 0, with_face = 0;
  for (int trial = 0; trial < 400; ++trial) {
    TGeom top = {GEOM_BOX, {0.05, 0.05, 0.05}, {0}, {0}};
    random_rot(&r, top.rot);
    place_over_base(&r, &top, 1.0, 5e-4, 5e-3);
    ContactPoint c[CB_MAX_PAIR_CONTACTS];
    int n = collide_edge_edge(&top, 0.05, c);
    if (n == 0 || c[0].phi <= 0) continue; /* the edge case, still apart */
    edge_cases++;
    for (int i = 1; i < n; ++i) {
      cr_expect(along_face_axis(c[i].normal, &base, &top), "trial %d: point %d is not a face point", trial, i);
      cr_expect(c[i].phi >= 0 && c[i].phi <= 0.05, "trial %d: phi %g outside [0, margin]", trial, c[i].phi);
      double wa[3], wb[3]; /* witnesses on top (a) and base (b): wa - wb = phi n */
      v3_copy(wa, c[i].pos);
      v3_axpy(wa, 0.5 * c[i].phi, c[i].normal);
      v3_copy(wb, c[i].pos);
      v3_axpy(wb, -0.5 * c[i].phi, c[i].normal);
      double exact = fmax(point_box_distance(&base, wa), point_box_distance(&top, wb));
      cr_expect(fabs(exact - c[i].phi) < 1e-9, "trial %d point %d: phi %.12g, distance %.12g", trial, i, c[i].phi, exact);
    }
    with_face += n > 1;
    cr_expect_eq(collide(&top, &base, 0.0, c), 0, "trial %d: apart, no margin: no contact", trial);
  }
  cr_log_info("%d edge-edge configurations, %d with face points", edge_cases, with_face);
  cr_expect(edge_cases >= 40, "only %d edge-edge configurations", edge_cases);
  cr_expect(with_face >= edge_cases / 2, "%d of %d edge-edge configurations report a face that can land", with_face, edge_cases);
}

/* Depth of point p inside a box: the distance to its nearest face (<= 0 outside). */
static double point_box_depth(const TGeom *box, const double *p) {
  double l[3], depth = INFINITY;
  to_local(l, box, p);
  for (int k = 0; k < 3; ++k) depth = fmin(depth, box->size[k] - fabs(l[k]));
  return depth;
}

/* A cube coming down on another whose separating axis is still an edge-edge one, while a corner
 * is already inside the other cube (a tumbling cube nearly flat at the end of a 10 ms step):
 * every corner of either cube inside the other is in the manifold, at its exact depth, once.
 * Before, the manifold held the edges' closest points and the face points still apart only, and
 * the overlap at such a corner was seen at the next query, deeper. */
Test(collision, box_on_an_edge_reports_the_corners_inside) {
  MbRng r;
  mbfix_rng_seed(&r, 33);
  const TGeom base = edge_test_base;
  int edge_cases = 0, corners = 0;
  for (int trial = 0; trial < 4000; ++trial) {
    TGeom top = {GEOM_BOX, {0.05, 0.05, 0.05}, {0}, {0}};
    /* nearly flat: turned about the vertical, tipped by up to 8 degrees */
    double ez[3] = {0, 0, 1}, tilt_axis[3] = {mbfix_uniform(&r, -1, 1), mbfix_uniform(&r, -1, 1), 0}, q1[4], q2[4], q[4];
    v3_normalize(tilt_axis);
    quat_from_axis_angle(q1, ez, mbfix_uniform(&r, 0, M_PI / 2));
    quat_from_axis_angle(q2, tilt_axis, mbfix_uniform(&r, 0.5, 8) * M_PI / 180);
    quat_mul(q, q2, q1);
    quat_to_mat(top.rot, q);
    place_over_base(&r, &top, -1.0, 1e-4, 3e-3); /* the lowest corner's level 0.1-3 mm down */
    ContactPoint c[CB_MAX_PAIR_CONTACTS];
    int n = collide_edge_edge(&top, 0.0, c); /* a face manifold is clipped: not this case */
    if (n == 0) continue;
    edge_cases++;
    for (int side = 0; side < 2; ++side) {
      const TGeom *own = side ? &base : &top, *other = side ? &top : &base;
      for (int v = 0; v < 8; ++v) {
        double loc[3], corner[3];
        cube_corner(v, 0.05, loc);
        to_world(corner, own, loc);
        double depth = point_box_depth(other, corner);
        if (depth <= 1e-9) continue;
        corners++;
        int found = 0;
        for (int i = 0; i < n; ++i) {
          double w[3]; /* the witness on `own`: top (a) is pos + phi/2 n, base (b) pos - phi/2 n */
          v3_copy(w, c[i].pos);
          v3_axpy(w, (side ? -0.5 : 0.5) * c[i].phi, c[i].normal);
          v3_sub(w, w, corner);
          if (v3_norm(w) > 1e-9) continue;
          found++;
          cr_expect(fabs(c[i].phi + depth) < 1e-12, "trial %d: corner %d of %s at phi %.12g, depth %.12g", trial, v,
                    side ? "base" : "top", c[i].phi, depth);
        }
        cr_expect_eq(found, 1, "trial %d: corner %d of %s, %.3g mm inside, is in the manifold %d times", trial, v,
                     side ? "base" : "top", 1e3 * depth, found);
      }
    }
  }
  cr_log_info("%d edge-edge configurations, %d corners inside", edge_cases, corners);
  cr_expect(edge_cases >= 100 && corners >= 50, "only %d edge-edge configurations and %d corners inside", edge_cases,
            corners);
}

/* The exact penetration depth of two boxes: the smallest overlap over the 15 separating axes
 * (for polyhedra the minimal translation is along a face normal or an edge-edge cross product);
 * negative when they are apart along some axis. */
static double box_box_depth(const TGeom *a, const TGeom *b) {
  double A[3][3], B[3][3], D[3], axes[15][3];
  int na = 0;
  for (int i = 0; i < 3; ++i) { axis_of(A[i], a, i); axis_of(B[i], b, i); }
  for (int i = 0; i < 3; ++i) { v3_copy(axes[na++], A[i]); v3_copy(axes[na++], B[i]); }
  for (int i = 0; i < 3; ++i)
    for (int j = 0; j < 3; ++j) {
      v3_cross(axes[na], A[i], B[j]);
      if (v3_normalize(axes[na]) > 1e-6) na++;
    }
  v3_sub(D, b->pos, a->pos);
  double depth = INFINITY;
  for (int k = 0; k < na; ++k) {
    double ra = 0, rb = 0;
    for (int i = 0; i < 3; ++i) {
      ra += a->size[i] * fabs(v3_dot(axes[k], A[i]));
      rb += b->size[i] * fabs(v3_dot(axes[k], B[i]));
    }
    depth = fmin(depth, ra + rb - fabs(v3_dot(axes[k], D)));
  }
  return depth;
}

/* Two boxes whose faces touch (hard clutter: cubes resting side by side on the floor, their
 * separation zero up to rounding) and random overlapping pairs: no reported point is deeper than
 * the exact depth. Touching faces used to drop every clipped point by rounding (sep 1e-17 above
 * the margin) and fall back to libccd, whose EPA on a touching pair returned a 0.2 m overlap
 * along a wrong direction (a 1000 J spring in a resting pile). A face axis is chosen over an
 * edge axis that overlaps up to 5% less (a face gives a manifold), so depths may exceed the
 * exact one by that much. */
Test(collision, box_box_is_never_deeper_than_the_exact_depth) {
  MbRng r;
  mbfix_rng_seed(&r, 32);
  int touching = 0, overlapping = 0;
  for (int trial = 0; trial < 4000; ++trial) {
    TGeom a, b;
    random_geom(&r, &a, GEOM_BOX);
    random_geom(&r, &b, GEOM_BOX);
    if (trial % 2 == 0) { /* face of b flat on face k of a, rotated about that face's normal */
      int k = trial / 2 % 3, kb = trial / 6 % 3;
      double yaw = mbfix_uniform(&r, -M_PI, M_PI), c = cos(yaw), s = sin(yaw), nk[3], Rb[9], Rl[9] = {0};
      /* b's local axis kb goes to a's axis k (sign alternating); the other two turn by yaw */
      int k1 = (k + 1) % 3, k2 = (k + 2) % 3, j1 = (kb + 1) % 3, j2 = (kb + 2) % 3;
      double sg = trial % 4 ? 1.0 : -1.0;
      Rl[3 * k + kb] = sg;
      Rl[3 * k1 + j1] = c; Rl[3 * k1 + j2] = -s * sg;
      Rl[3 * k2 + j1] = s; Rl[3 * k2 + j2] = c * sg;
      double det = Rl[0] * (Rl[4] * Rl[8] - Rl[5] * Rl[7]) - Rl[1] * (Rl[3] * Rl[8] - Rl[5] * Rl[6]) +
                   Rl[2] * (Rl[3] * Rl[7] - Rl[4] * Rl[6]);
      if (det < 0) for (int i = 0; i < 3; ++i) Rl[3 * i + j2] = -Rl[3 * i + j2]; /* a rotation, not a reflection */
      m3_mul(Rb, a.rot, Rl);
      memcpy(b.rot, Rb, sizeof Rb);
      axis_of(nk, &a, k);
      double t1[3], t2[3];
      axis_of(t1, &a, k1);
      axis_of(t2, &a, k2);
      v3_copy(b.pos, a.pos);
      v3_axpy(b.pos, a.size[k] + b.size[kb], nk);
      v3_axpy(b.pos, mbfix_uniform(&r, -0.9, 0.9) * a.size[k1], t1);
      v3_axpy(b.pos, mbfix_uniform(&r, -0.9, 0.9) * a.size[k2], t2);
    } else { /* b along a random direction from a, at a distance giving a depth in [-0.01, 0.1] smallest */
      double u[3], lo = 0, hi = 4, smallest = INFINITY;
      for (int i = 0; i < 3; ++i) smallest = fmin(smallest, fmin(a.size[i], b.size[i]));
      double target = mbfix_uniform(&r, -0.01, 0.1 * smallest);
      mbfix_random_unit(&r, u);
      for (int it = 0; it < 60; ++it) { /* the depth falls monotonically along the ray */
        double mid = 0.5 * (lo + hi);
        v3_copy(b.pos, a.pos);
        v3_axpy(b.pos, mid, u);
        if (box_box_depth(&a, &b) > target) lo = mid; else hi = mid;
      }
    }
    double depth = box_box_depth(&a, &b), smallest = INFINITY;
    for (int i = 0; i < 3; ++i) smallest = fmin(smallest, fmin(a.size[i], b.size[i]));
    if (depth > 0.2 * smallest) continue; /* the shallow overlaps of stiff contact */
    for (int m = 0; m < 2; ++m) {
      double margin = m ? 0.01 : 0.0;
      ContactPoint c[CB_MAX_PAIR_CONTACTS];
      int n = collide(&a, &b, margin, c);
      if (n > 0)
        cr_assert(min_phi(c, n) >= -depth - 0.05 * fabs(depth) - 1e-9, /* a face axis is preferred within 5% */ "trial %d margin %g: phi %.6g deeper than the exact depth %.6g",
                  trial, margin, min_phi(c, n), depth);
      if (depth > 1e-6) cr_expect(n > 0, "trial %d margin %g: overlap %g, no contact", trial, margin, depth);
    }
    touching += trial % 2 == 0;
    overlapping += trial % 2 && depth > 0;
  }
  cr_log_info("%d touching pairs, %d overlapping", touching, overlapping);
  cr_expect(touching >= 2000 && overlapping >= 300, "only %d touching, %d overlapping pairs", touching, overlapping);
}

/* Cylinders touching or nearly touching (resting contacts relax to zero force at phi = 0):
 * standing and lying on a box face, and two side by side with parallel axes, the overlap pen
 * from 0 to 1e-4. The libccd path must give the overlap, not the 1-2 m along a wrong direction
 * that EPA returned on an uninflated touching pair (before: 132 of 134 touching pairs). */
Test(collision, touching_cylinders_are_not_deep) {
  MbRng r;
  mbfix_rng_seed(&r, 77);
  for (int trial = 0; trial < 600; ++trial) {
    TGeom a, b;
    double pen = trial % 3 == 0 ? 0 : pow(10, -mbfix_uniform(&r, 4, 14));
    const char *what;
    random_geom(&r, &b, GEOM_CYLINDER);
    if (trial % 3 < 2) { /* b standing (0) or lying (1) on the top face of box a */
      random_geom(&r, &a, GEOM_BOX);
      yaw_rot(b.rot, a.rot, mbfix_uniform(&r, -M_PI, M_PI));
      double local[3] = {mbfix_uniform(&r, -0.5, 0.5) * a.size[0], mbfix_uniform(&r, -0.5, 0.5) * a.size[1],
                         a.size[2] + b.size[1] - pen};
      what = "standing";
      if (trial % 3 == 1) {
        double up[9], Rx[9], xax[3] = {1, 0, 0}, q[4];
        quat_from_axis_angle(q, xax, M_PI / 2);
        quat_to_mat(Rx, q);
        m3_copy(up, b.rot);
        m3_mul(b.rot, up, Rx);
        local[2] = a.size[2] + b.size[0] - pen;
        what = "lying";
      }
      to_world(b.pos, &a, local);
    } else { /* a beside b, parallel axes */
      a = b;
      a.size[0] = mbfix_uniform(&r, 0.1, 0.5);
      double ex[3];
      axis_of(ex, &b, 0);
      v3_copy(a.pos, b.pos);
      v3_axpy(a.pos, a.size[0] + b.size[0] - pen, ex);
      what = "side by side";
    }
    ContactPoint c[CB_MAX_PAIR_CONTACTS];
    for (int m = 0; m < 2; ++m) {
      double margin = m ? 1e-3 : 0.0;
      int n = collide(&a, &b, margin, c);
      if (n > 0)
        cr_assert(fabs(min_phi(c, n) + pen) < 1e-8, "trial %d (%s, margin %g): deepest phi %.6g, overlap %.3g", trial, what,
                  margin, min_phi(c, n), pen);
      if (pen > 1e-9 || m) cr_expect(n > 0, "trial %d (%s, margin %g): overlap %.3g, no contact", trial, what, margin, pen);
    }
  }
}

/* Every pair of convex types brought to the onset of contact (b moved along a direction until
 * a contact first appears at margin 0, by bisection), then shifted by up to +-2e-6: the depth
 * is at most that shift, at margin 0 or 1e-3. The libccd paths (box-cylinder, box-capsule,
 * cylinder-cylinder, cylinder-capsule) reported 0.5-3 m there (EPA on a pair that barely
 * touches), then up to 1.4 mm (the overlap's descent stalled at the kink of a cylinder side). */
Test(collision, contact_onset_is_shallow_for_every_pair) {
  MbRng r;
  mbfix_rng_seed(&r, 91);
  for (int ta = 1; ta < GEOM_NTYPES; ++ta)
    for (int tb = ta; tb < GEOM_NTYPES; ++tb) {
      for (int trial = 0; trial < 150; ++trial) {
        TGeom a, b;
        random_geom(&r, &a, ta);
        random_geom(&r, &b, tb);
        if (trial % 2) memcpy(b.rot, a.rot, sizeof a.rot); /* aligned axes: the degenerate cases */
        double u[3], base[3], lo = 0, hi = 4;
        mbfix_random_unit(&r, u);
        if (trial % 4 == 1) axis_of(u, &a, trial / 4 % 3);
        v3_copy(base, a.pos);
        ContactPoint c[CB_MAX_PAIR_CONTACTS];
        for (int it = 0; it < 60; ++it) {
          double mid = 0.5 * (lo + hi);
          v3_copy(b.pos, base);
          v3_axpy(b.pos, mid, u);
          if (collide(&a, &b, 0.0, c) > 0) lo = mid; else hi = mid;
        }
        for (int k = -10; k <= 10; ++k) {
          v3_copy(b.pos, base);
          v3_axpy(b.pos, lo + k * (k % 2 ? 1e-10 : 2e-7), u);
          for (int m = 0; m < 2; ++m) {
            int n = collide(&a, &b, m ? 1e-3 : 0.0, c);
            double deepest_phi = n ? min_phi(c, n) : 0;
            cr_assert(deepest_phi > -2e-6 - 1e-9, "types %d %d trial %d shift %d margin %g: phi %g at the onset of contact",
                      ta, tb, trial, k, m ? 1e-3 : 0.0, deepest_phi);
          }
        }
      }
    }
}

/* The overlap along a direction and its gradient on the unit sphere (np_support_overlap, on
 * which the libccd path descends) against central differences along tangent directions, for
 * every pair of convex types at random poses and directions. Boxes and cylinder caps make the
 * overlap piecewise linear in n; a direction within 1e-6 of a kink may differ, so 1% may. */
Test(collision, support_overlap_slope_matches_finite_differences) {
  MbRng r;
  mbfix_rng_seed(&r, 93);
  const double h = 1e-6;
  for (int ta = 1; ta < GEOM_NTYPES; ++ta)
    for (int tb = 1; tb < GEOM_NTYPES; ++tb) {
      int off = 0, total = 200;
      for (int trial = 0; trial < total; ++trial) {
        TGeom a, b;
        random_geom(&r, &a, ta);
        random_geom(&r, &b, tb);
        GeomPose pa = pose_of(&a), pb = pose_of(&b);
        double n[3], e[3], slope[3], s2[3], np_[3], nm[3];
        mbfix_random_unit(&r, n);
        mbfix_random_unit(&r, e);
        v3_axpy(e, -v3_dot(e, n), n); /* tangent at n */
        v3_normalize(e);
        double f = np_support_overlap(&pa, &pb, n, slope);
        cr_assert(fabs(v3_dot(slope, n)) < 1e-12 * (1 + fabs(f)), "the slope is tangent");
        v3_copy(np_, n); v3_axpy(np_, h, e); v3_normalize(np_);
        v3_copy(nm, n); v3_axpy(nm, -h, e); v3_normalize(nm);
        double fd = (np_support_overlap(&pa, &pb, np_, s2) - np_support_overlap(&pa, &pb, nm, s2)) / (2 * h);
        off += fabs(fd - v3_dot(slope, e)) > 1e-6 * (1 + v3_norm(slope));
      }
      cr_expect(off <= total / 100, "types %d %d: %d of %d slopes differ from finite differences", ta, tb, off, total);
    }
}
