/* Scene -> MJCF text (MuJoCo 2.2 XML), in memory. One MuJoCo body per cbench body (named
 * "b<index>"), one geom per cbench geom ("g<index>"), the same masses, inertias, joint frames,
 * axes, springs, damping and gravity; contact parameters are MuJoCo's (docs/integrators.md,
 * "MuJoCo as a peer").
 * What MuJoCo cannot represent (moving belt surfaces, suction cups, free joints off the world
 * or in a rotated frame) is refused with a message naming the scene field. */
#ifndef CBENCH_MJCF_WRITER_H
#define CBENCH_MJCF_WRITER_H

#include <stddef.h>
#include "../../models/model.h"

typedef struct {
  double timestep;          /* <option timestep> */
  int friction_static;      /* 1: geom friction = mu_static, 0: mu_dynamic */
  int has_solref, has_solimp;
  double solref[2], solimp[3];
  const char *integrator;   /* "Euler", "implicit" or "RK4" */
  const char *cone;         /* "pyramidal" or "elliptic" */
  int nconmax, njmax;       /* contact and constraint buffer sizes */
  /* matched compliance: automatic collisions off, one explicit <pair> per geometry pair cbench
   * lets collide (collision_pair_allowed) with the scene's combined friction, a constant
   * impedance matched_imp and a placeholder direct solref that mujoco_integrator.c sets per pair
   * once the compiled model gives the pair's inverse weight */
  int matched;
  double matched_imp;
  int damping_per_pair;     /* the integrator's: matched damping per pair (damping=pair), not per contact */
  double impratio;          /* <option impratio>, 0: MuJoCo's default (1) */
  char save_mjcf[1024];     /* the integrator's: write the model here (mjcf_write, pair_solref set), or "" */
  /* matched: the pairs' solref (2 numbers each) and solimp (5) as set in the compiled model, in
   * <contact> order, written instead of the placeholders; NULL: placeholders */
  const double *pair_solref, *pair_solimp;
  int buffers_capped;       /* the estimate was cut to what MuJoCo 2.2 can allocate (mjcf_njmax_cap) */
} MjcfOptions;

/* The explicit pairs of matched mode, in <contact> order: *pairs gets 2 geometry indices per
 * pair (malloc'ed, the caller frees it); returns their number, or CB_ERR_MEMORY (negative). */
int mjcf_matched_pairs(const Model *m, int **pairs);
/* Checks that the model can be written as MJCF: CB_OK, or CB_ERR_UNSUPPORTED with "FILE: FIELD:
 * why" in e. */
CbStatus mjcf_check(const Model *m, CbError *e);
/* Writes the MJCF document into a malloc'ed string (*xml; the caller frees it).
 * CB_OK, or the failure (CB_ERR_UNSUPPORTED, CB_ERR_MEMORY) with a message in e. */
CbStatus mjcf_write(const Model *m, const MjcfOptions *o, char **xml, CbError *e);
/* Contact buffer sizes estimated from the scene: up to 8 contacts per movable geometry
 * (a box face on a face gives 4 in MuJoCo, box edges and stacked neighbours add more),
 * 4 constraint rows per pyramidal contact (6 elliptic: 3) plus one per limited joint, capped at
 * mjcf_njmax_cap rows. Returns 1 when the cap cut the estimate, else 0. */
int mjcf_buffer_sizes(const Model *m, int elliptic, int *nconmax, int *njmax);
/* MuJoCo 2.2's mjData arena is sized in an int (at most 2^31 - 1 bytes); its per-constraint
 * arrays take mjcf_constraint_bytes(nv, njmax) of it, and its default stack of 5 (njmax + nv)^2
 * numbers is counted in an int too. The estimate is capped at mjcf_njmax_cap(nv) rows: the most
 * whose arrays fit in MJCF_CONSTRAINT_BYTES_MAX bytes (the rest of the arena, per body and per
 * contact, is far smaller at any size mjData can hold) and whose stack count stays below 90% of
 * INT_MAX. */
#define MJCF_CONSTRAINT_BYTES_MAX 1.5e9
double mjcf_constraint_bytes(int nv, int njmax);
int mjcf_njmax_cap(int nv);

#endif
