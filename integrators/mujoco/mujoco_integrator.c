/* `mujoco`: MuJoCo 2.2 as a fixed-step peer (CENIC Fig. 11 compares with discrete simulators).
 * The scene is written as MJCF in memory (mjcf_writer.c) and loaded through a virtual file;
 * each opt.dt is one mj_step. Controllers and prescribed forces are cbench's own, evaluated at
 * the start of each step and applied as generalized forces (qfrc_applied); kinematic bodies are
 * mocap bodies. What MuJoCo models differently is written into the record by integrator_note.
 * MuJoCo steps itself: mj_step is the step of the engine driver (common/stepper.h,
 * STEPPER_ENGINE), which loops to the output times and interpolates inside the last step.
 *
 * MuJoCo's default error handler prints and exits: ours long-jumps back into the call that
 * failed, which returns a failed status; its warnings (bad qacc, full contact buffer) reset or
 * truncate the simulation silently, so every step checks the warning counters. */
#include <math.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <mujoco/mujoco.h>

#include "../../models/contact.h"
#include "../../models/contact/contact_hooks.h"
#include "../../models/controller.h"
#include "../../models/kinematic.h"
#include "../../models/multibody.h"
#include "../../models/system.h"
#include "../common/explicit_inputs.h"
#include "../common/stepper.h"
#include "../integrator.h"
#include "mjcf_writer.h"
#include "mujoco_integrator.h"
#include "mujoco_map.h"

/* Exported by libmujoco 2.2.2 (engine_forward.c) but not declared in its mujoco.h: the
 * integrator=implicit update after mj_forward, as mj_step calls it. */
void mj_implicit(const mjModel *m, mjData *d);

static _Thread_local jmp_buf *error_jump;
static _Thread_local char error_text[512];

static void on_mujoco_error(const char *msg) {
  snprintf(error_text, sizeof error_text, "%s", msg);
  if (error_jump) longjmp(*error_jump, 1);
  /* an error outside a guarded call: MuJoCo would exit; abort loudly instead of returning */
  fprintf(stderr, "cbench: MuJoCo error outside a guarded call: %s\n", msg);
  abort();
}
static void on_mujoco_warning(const char *msg) { (void)msg; /* counted in mjData.warning, checked per step */ }

static void install_handlers(void) {
  mju_user_error = on_mujoco_error;
  mju_user_warning = on_mujoco_warning;
}

/* One explicit pair of matched mode: its MuJoCo geometries as key g1 ngeom + g2, and k d A0
 * (the Hunt-Crossley damping per unit depth times the inverse weight); rigid pairs keep
 * MuJoCo's default. */
typedef struct {
  long key;
  double kd_a0;
  int rigid;
} MatchedPair;

typedef struct {
  mjModel *mm;
  mjData *md;
  MujocoMap map;
  Data *d;                 /* cbench data for controllers and applied forces */
  int inputs;              /* controllers or applied forces present */
  int has_inverse_dynamics;
  double *tau, *zdot;      /* [nv], [nz] */
  int warn_seen[mjNWARNING];
  int buffers_capped;      /* MjcfOptions.buffers_capped: raising nconmax cannot help */
  /* compliance=matched, per contact damping (set_contact_damping): the explicit pairs sorted by
   * geometry key, the step cut open at the collision stage, and the damping's cap */
  MatchedPair *pairs;
  int npairs, per_contact;
  double s1_max;
  long damping_capped;     /* contacts whose damping was capped at s1_max, over the run */
  int capped_noted;
} MujocoRun;

/* n finite numbers separated by ',', ':' or spaces; CB_OK or CB_ERR_OPTION. */
static CbStatus parse_numbers(const char *s, double *out, int n) {
  char *end;
  for (int i = 0; i < n; ++i) {
    while (*s == ',' || *s == ':' || *s == ' ') ++s;
    out[i] = strtod(s, &end);
    if (end == s || !isfinite(out[i])) return CB_ERR_OPTION;
    s = end;
  }
  while (*s == ' ') ++s;
  return *s ? CB_ERR_OPTION : CB_OK;
}

static int two_numbers(const char *v) {
  double x[2];
  return parse_numbers(v, x, 2) == CB_OK;
}
static int three_numbers(const char *v) {
  double x[3];
  return parse_numbers(v, x, 3) == CB_OK;
}

/* Matched compliance (MuJoCo 2.2's engine_core_constraint.c, mj_makeImpedance and
 * mj_referenceConstraint): a contact row of impedance d (solimp dmin = dmax = d), regularizer
 * R = (1 - d)/d A0 (A0 = efc_diagApprox, the pair's translational inverse weight at qpos0) and
 * direct solref (-s0, -s1) has reference acceleration aref = -(s1/d) v - (s0/d) r and force
 * f = (A + R)^-1 (aref - a0). Where A = A0 (a sphere on a plane), f = -(s0/A0) r - (s1/A0) v +
 * (d/A0)(-a0): with s0 = k A0 and s1 = c A0 the scene's spring-damper, plus d times the load
 * (the static sink is (1 - d) m g / k, the frequency sqrt(k/m) exact). A small d makes the
 * constraint that spring. The friction rows (R_t = R / impratio, elliptic cone; the pyramid's
 * edges share one R, so its friction would be as soft as the normal) get the stiffness of
 * MuJoCo's default contact, R_t = (1 - MATCHED_FRICTION_IMP)/MATCHED_FRICTION_IMP A0. Their
 * damping B = s1/d is explicit in the step: sticking rows' velocities change by
 * -h B A (A + R_t)^-1 of themselves per step, whose eigenvalues lie in [0, h B) for any number
 * of coupled contacts, so s1 <= d/h (h B <= 1) stops them without alternating their sign (a
 * larger B made sliding_cube's stopped cube rock at 7 mm/s, the sign flipping every step). */
#define MATCHED_IMP 0.01
#define MATCHED_FRICTION_IMP 0.9

/* The enum choices are in the order of the maps in read_options. */
static const OptionSpec mujoco_options[] = {
    OPTION_STRING_SPEC("solref", NULL, "two numbers 'timeconst,dampratio'", two_numbers,
                       "MuJoCo's contact solref (default 0.02,1)"),
    OPTION_STRING_SPEC("solimp", NULL, "three numbers 'dmin,dmax,width'", three_numbers,
                       "MuJoCo's contact solimp (default 0.9,0.95,0.001)"),
    OPTION_ENUM_SPEC("friction", "dynamic", OPTION_CHOICES("dynamic", "static"),
                     "the scene's coefficient MuJoCo's single friction coefficient takes"),
    OPTION_ENUM_SPEC("integrator", "euler", OPTION_CHOICES("euler", "implicit", "rk4"), "MuJoCo's integrator"),
    OPTION_ENUM_SPEC("cone", "pyramidal", OPTION_CHOICES("pyramidal", "elliptic"),
                     "MuJoCo's friction cone (compliance=matched: elliptic)"),
    OPTION_ENUM_SPEC("compliance", "own", OPTION_CHOICES("own", "matched"),
                     "own: MuJoCo's solref/solimp; matched: the scene's k and d per pair (direct solref)"),
    OPTION_ENUM_SPEC("damping", "contact", OPTION_CHOICES("contact", "pair"),
                     "compliance=matched: Hunt-Crossley damping c = k d x per contact at its depth (euler, "
                     "implicit), or per pair at the whole weight's static depth (the saved model's)"),
    OPTION_STRING_SPEC("save_mjcf", NULL, "a file path", NULL,
                       "write the converted model (solref as set, 17 digits) as MJCF to this file, for other "
                       "MuJoCo versions"),
    OPTION_INT_SPEC("nconmax", NULL, 1, 100000000,
                    "contact buffer size (default: sized from the scene); given alone, njmax grows with it"),
    OPTION_INT_SPEC("njmax", NULL, 1, 100000000, "constraint row buffer size (default: sized from the scene)"),
    OPTIONS_END};

static int read_options(Integrator *it, MjcfOptions *o) {
  OptionValues ov;
  int rc = integrator_read_options(it, &ov);
  if (rc) return rc;
  static const char *const integrators[] = {"Euler", "implicit", "RK4"};
  static const char *const cones[] = {"pyramidal", "elliptic"};
  memset(o, 0, sizeof *o);
  if (option_given(&ov, "save_mjcf") &&
      (size_t)snprintf(o->save_mjcf, sizeof o->save_mjcf, "%s", option_string(&ov, "save_mjcf")) >= sizeof o->save_mjcf)
    return integrator_fail(it, CB_ERR_OPTION, "mujoco: save_mjcf: path longer than %zu characters",
                           sizeof o->save_mjcf - 1);
  o->timestep = it->opt.dt;
  o->integrator = integrators[option_enum(&ov, "integrator")];
  o->cone = cones[option_enum(&ov, "cone")];
  o->friction_static = option_enum(&ov, "friction") == 1;
  if ((o->has_solref = option_given(&ov, "solref"))) parse_numbers(option_string(&ov, "solref"), o->solref, 2);
  if ((o->has_solimp = option_given(&ov, "solimp"))) parse_numbers(option_string(&ov, "solimp"), o->solimp, 3);
  if ((o->matched = option_enum(&ov, "compliance") == 1)) {
    o->impratio = ((1 - MATCHED_IMP) / MATCHED_IMP) / ((1 - MATCHED_FRICTION_IMP) / MATCHED_FRICTION_IMP);
    if (option_given(&ov, "solref") || option_given(&ov, "solimp"))
      return integrator_fail(it, CB_ERR_OPTION, "mujoco: compliance=matched sets solref and solimp from the scene: "
                                                "drop --opt solref/solimp");
    if (option_given(&ov, "cone") && option_enum(&ov, "cone") == 0)
      return integrator_fail(it, CB_ERR_OPTION,
                             "mujoco: compliance=matched needs cone=elliptic, got cone=pyramidal (the pyramid's edges "
                             "share one regularizer: a soft normal would make its friction as soft)");
    o->cone = cones[1];
    o->matched_imp = MATCHED_IMP;
    o->damping_per_pair = option_enum(&ov, "damping") == 1;
  } else if (option_given(&ov, "damping")) {
    return integrator_fail(it, CB_ERR_OPTION, "mujoco: damping=%s needs compliance=matched",
                           option_enum(&ov, "damping") == 1 ? "pair" : "contact");
  }
  const int elliptic = o->cone == cones[1];
  o->buffers_capped = mjcf_buffer_sizes(it->model, elliptic, &o->nconmax, &o->njmax);
  int ncon_given = option_given(&ov, "nconmax"), nj_given = option_given(&ov, "njmax");
  if (ncon_given || nj_given) o->buffers_capped = 0;
  if (ncon_given) {
    int nconmax = (int)option_int(&ov, "nconmax");
    /* a contact buffer given alone sizes the constraint rows with it */
    if (!nj_given) o->njmax += (elliptic ? 3 : 4) * (nconmax - o->nconmax);
    o->nconmax = nconmax;
  }
  if (nj_given) o->njmax = (int)option_int(&ov, "njmax");
  return CB_OK;
}

/* What MuJoCo models differently from cbench on this scene, said in the record. */
static void note_substitutions(Integrator *it, const MjcfOptions *o) {
  const Model *m = it->model;
  if (m->ngeom > 1 && o->matched)
    integrator_note(it,
                    "mujoco: compliance matched: per pair solref (-k A0, -d W A0) (A0: inverse weight, W = g/A0), "
                    "solimp %g flat (sink (1 - %g) m g / k), elliptic cone, impratio %g; Hunt-Crossley damping "
                    "linear in speed",
                    o->matched_imp, o->matched_imp, o->impratio);
  else if (m->ngeom > 1)
    integrator_note(it,
                    "mujoco: contact is MuJoCo's soft constraint (solref %s, solimp %s), not the scene's "
                    "Hunt-Crossley spring (stiffness, dissipation unused)",
                    o->has_solref ? "set" : "default 0.02 1", o->has_solimp ? "set" : "default 0.9 0.95 0.001");
  int mixed = 0, two_coefficients = 0;
  for (int i = 0; i < m->nmaterial; ++i) {
    const Material *a = &m->materials[i];
    if (contact_mujoco_mu(a, 1) != contact_mujoco_mu(a, 0)) two_coefficients = 1;
    if (i > 0 && contact_mujoco_mu(a, o->friction_static) != contact_mujoco_mu(&m->materials[0], o->friction_static))
      mixed = 1;
  }
  if (two_coefficients)
    integrator_note(it, "mujoco: one friction coefficient, mu_%s, on a scene with mu_static != mu_dynamic",
                    o->friction_static ? "static" : "dynamic");
  if (mixed && !o->matched)
    integrator_note(it, "mujoco: pair friction is the larger of the two geometries' (MuJoCo's rule), not the "
                        "harmonic mean of models/contact.h");
  int limits = 0, margins = 0, kinematic = 0;
  for (int b = 1; b < m->nbody; ++b) limits |= m->bodies[b].has_limit, kinematic |= m->bodies[b].kinematic;
  for (int g = 0; g < m->ngeom; ++g) margins |= m->geoms[g].margin > 0;
  if (limits) integrator_note(it, "mujoco: joint limits are MuJoCo limit constraints, not the compliant limit spring");
  if (margins) integrator_note(it, "mujoco: geometry margins are not passed to MuJoCo (its margin pushes at a distance)");
  if (kinematic)
    integrator_note(it, "mujoco: kinematic bodies are mocap bodies: contacts see their pose, not their velocity");
  if (m->ncontroller > 0 || m->nforce > 0)
    integrator_note(it, "mujoco: controllers and applied forces are explicit generalized forces (qfrc_applied) "
                        "evaluated at the start of each step");
  if (o->buffers_capped)
    integrator_note(it, "mujoco: contact buffer capped at %d contacts (%d constraint rows), the most MuJoCo 2.2's "
                        "int-sized mjData holds at nv = %d; a step that needs more fails with 'contact buffer full'",
                    o->nconmax, o->njmax, m->nv);
}

static void mujoco_destroy(Integrator *it) {
  stepper_release(it);
  MujocoRun *c = it->content;
  if (!c) return;
  if (c->md) mj_deleteData(c->md);
  if (c->mm) mj_deleteModel(c->mm);
  mujoco_map_free(&c->map);
  free(c->pairs);
  data_free(c->d);
  free(c->tau); free(c->zdot);
  free(c);
  it->content = NULL;
}

/* Loads the MJCF text through a one-file virtual file system. */
static mjModel *load_mjcf(const char *xml, char *err, int errlen) {
  mjVFS *vfs = malloc(sizeof *vfs);
  if (!vfs) { snprintf(err, (size_t)errlen, "out of memory"); return NULL; }
  mj_defaultVFS(vfs);
  int size = (int)strlen(xml);
  mjModel *mm = NULL;
  if (mj_makeEmptyFileVFS(vfs, "scene.xml", size) == 0) {
    int i = mj_findFileVFS(vfs, "scene.xml");
    memcpy(vfs->filedata[i], xml, (size_t)size);
    mm = mj_loadXML("scene.xml", vfs, err, errlen);
  } else {
    snprintf(err, (size_t)errlen, "MuJoCo VFS refused the scene");
  }
  mj_deleteVFS(vfs);
  free(vfs);
  return mm;
}

static const EngineOps mujoco_engine;

/* Sets each explicit pair's direct solref from the scene (MATCHED_IMP above): s0 = k A0, s1 = c A0
 * with A0 = the two bodies' translational inverse weights (MuJoCo's diagApprox of the row) and c
 * the law's damping at the pair's static load W = |g| / A0, capped at d/h (above). A rigid pair
 * (k infinite) keeps MuJoCo's default contact. Returns the number of such pairs, and in *capped
 * the number of pairs whose damping was capped. */
static int pair_key_cmp(const void *a, const void *b) {
  long x = ((const MatchedPair *)a)->key, y = ((const MatchedPair *)b)->key;
  return (x > y) - (x < y);
}

static int set_matched_solref(const Model *m, mjModel *mm, MatchedPair *table, int *capped) {
  int rigid = 0;
  *capped = 0;
  double gmag = sqrt(m->gravity[0] * m->gravity[0] + m->gravity[1] * m->gravity[1] + m->gravity[2] * m->gravity[2]);
  for (int p = 0; p < mm->npair; ++p) {
    int g[2] = {mm->pair_geom1[p], mm->pair_geom2[p]}, cb[2];
    for (int j = 0; j < 2; ++j) cb[j] = atoi(mj_id2name(mm, mjOBJ_GEOM, g[j]) + 1); /* names "g<index>" */
    double a0 = mm->body_invweight0[2 * mm->geom_bodyid[g[0]]] + mm->body_invweight0[2 * mm->geom_bodyid[g[1]]];
    ContactParams par;
    contact_combine(&m->materials[m->geoms[cb[0]].material], &m->materials[m->geoms[cb[1]].material],
                    m->stiction_tolerance, &par);
    mjtNum *ref = mm->pair_solref + mjNREF * p, *imp = mm->pair_solimp + mjNIMP * p;
    table[p] = (MatchedPair){(long)g[0] * mm->ngeom + g[1], par.stiffness * par.dissipation * a0, 0};
    if (!isfinite(par.stiffness) || !(a0 > 0)) {
      table[p].rigid = 1;
      ref[0] = 0.02, ref[1] = 1;
      imp[0] = 0.9, imp[1] = 0.95, imp[2] = 0.001;
      rigid++;
      continue;
    }
    ContactMujocoSpring sp = contact_mujoco_spring(&par, gmag / a0);
    ref[0] = -sp.k * a0;
    double s1_max = MATCHED_IMP / mm->opt.timestep;
    ref[1] = -fmin(sp.c * a0, s1_max);
    *capped += sp.c * a0 > s1_max;
  }
  qsort(table, (size_t)mm->npair, sizeof *table, pair_key_cmp);
  return rigid;
}

/* Matched damping per contact. Hunt-Crossley's f = k x (1 + d x') (x the depth) has the
 * viscous part c x' with c = k d x at each contact's own depth; MuJoCo's direct solref damping
 * is linear in velocity, so each contact gets s1 = c A0 = (k d A0) x from its depth at this
 * step's collision, before the constraint rows are made (their B = s1 / imp, mj_makeImpedance):
 * the law's damping force at every contact and depth (held over the step, explicit in x),
 * instead of the pair's one c = d W at the static depth of the whole weight W = |g| / A0 (set
 * in the model, which a bounce's deeper depths under-damp and first touch over-damps). The cap
 * s1 <= imp / h stays (set_matched_solref). */
static void set_contact_damping(MujocoRun *c) {
  const mjModel *mm = c->mm;
  mjData *md = c->md;
  for (int i = 0; i < md->ncon; ++i) {
    mjContact *con = &md->contact[i];
    MatchedPair key = {.key = (long)con->geom1 * mm->ngeom + con->geom2};
    const MatchedPair *p = bsearch(&key, c->pairs, (size_t)c->npairs, sizeof key, pair_key_cmp);
    if (!p || p->rigid) continue;
    double s1 = p->kd_a0 * fmax(0.0, -con->dist);
    if (s1 > c->s1_max) s1 = c->s1_max, c->damping_capped++;
    con->solref[1] = -s1;
  }
}

/* mj_step (MuJoCo 2.2's engine_forward.c: checks, mj_forward, mj_checkAcc, the integrator) with
 * mj_fwdPosition spelled out so that the contacts' solref is set between mj_collision and
 * mj_makeConstraint; the rest of mj_forward runs from the velocity stage. Euler and implicit
 * only: RK4's inner stages re-run the collision with the pairs' solref. */
static void matched_step(MujocoRun *c) {
  const mjModel *mm = c->mm;
  mjData *md = c->md;
  mj_checkPos(mm, md);
  mj_checkVel(mm, md);
  mj_kinematics(mm, md);
  mj_comPos(mm, md);
  mj_camlight(mm, md);
  mj_tendon(mm, md);
  mj_transmission(mm, md);
  mj_crb(mm, md);
  mj_factorM(mm, md);
  mj_collision(mm, md);
  set_contact_damping(c);
  mj_makeConstraint(mm, md);
  mj_projectConstraint(mm, md);
  mj_forwardSkip(mm, md, mjSTAGE_POS, 0);
  mj_checkAcc(mm, md);
  if (mm->opt.integrator == mjINT_IMPLICIT) mj_implicit(mm, md);
  else mj_Euler(mm, md);
}

/* save_mjcf: the converted scene as mjcf_write prints it (every number to 17 digits; MuJoCo
 * 2.2's mj_saveLastXML prints 6, which made a double pendulum under 3.x drift 6e-8 rad from the
 * same model in 0.25 s) with the pairs' solref and solimp as set in mm. mjNREF = 2, mjNIMP = 5
 * in 2.2, as mjcf_writer.c writes them. */
_Static_assert(mjNREF == 2 && mjNIMP == 5, "MuJoCo's solref/solimp sizes changed");
static CbStatus save_model(const Model *m, MjcfOptions *o, const mjModel *mm, CbError *e) {
  if (o->matched) o->pair_solref = mm->pair_solref, o->pair_solimp = mm->pair_solimp;
  char *xml = NULL;
  CbStatus st = mjcf_write(m, o, &xml, e);
  if (st != CB_OK) return st;
  FILE *f = fopen(o->save_mjcf, "w");
  int ok = f && fputs(xml, f) >= 0;
  if (f && fclose(f)) ok = 0;
  free(xml);
  return ok ? CB_OK : CB_ERROR(e, CB_ERR_IO, "cannot write the file");
}

static int mujoco_create(Integrator *it) {
  const Model *m = it->model;
  if (!(it->opt.dt > 0) || !isfinite(it->opt.dt))
    return integrator_fail(it, CB_ERR_OPTION, "fixed step dt must be > 0, got %g", it->opt.dt);
  MjcfOptions o;
  int rc = read_options(it, &o);
  if (rc) return rc;
  char err[512] = "";
  char *xml = NULL;
  if (mjcf_write(m, &o, &xml, CB_ERR_BUF(err, sizeof err)) != CB_OK) return integrator_fail(it, CB_ERR_MODEL, "%s", err);
  MujocoRun *c = calloc(1, sizeof *c);
  if (!c) { free(xml); return integrator_fail(it, CB_ERR_MEMORY, "out of memory"); }
  it->content = c;
  c->buffers_capped = o.buffers_capped;
  install_handlers();
  jmp_buf jump;
  error_jump = &jump;
  if (setjmp(jump)) {
    error_jump = NULL;
    free(xml);
    mujoco_destroy(it);
    return integrator_fail(it, CB_ERR_MODEL, "MuJoCo: %s", error_text);
  }
  c->mm = load_mjcf(xml, err, (int)sizeof err);
  free(xml);
  xml = NULL;
  if (!c->mm) {
    error_jump = NULL;
    mujoco_destroy(it);
    return integrator_fail(it, CB_ERR_MODEL, "MuJoCo rejected the converted scene: %s", err);
  }
  if (o.matched) {
    c->pairs = calloc((size_t)c->mm->npair + 1, sizeof *c->pairs);
    if (!c->pairs) {
      error_jump = NULL;
      mujoco_destroy(it);
      return integrator_fail(it, CB_ERR_MEMORY, "out of memory");
    }
    c->npairs = c->mm->npair;
    c->s1_max = MATCHED_IMP / c->mm->opt.timestep;
    c->per_contact = c->mm->opt.integrator != mjINT_RK4 && !o.damping_per_pair;
    int capped, rigid = set_matched_solref(m, c->mm, c->pairs, &capped);
    if (c->per_contact)
      integrator_note(it, "mujoco: compliance matched: damping per contact, s1 = k d A0 x at each contact's depth x "
                          "(Hunt-Crossley's c = k d x), set after collision, capped at d / h");
    else
      integrator_note(it, "mujoco: compliance matched: damping per pair at the whole weight's static depth (%s)",
                      o.damping_per_pair ? "damping=pair" : "RK4's inner stages re-run MuJoCo's collision with the "
                                                            "pair's solref");
    if (capped && !c->per_contact)
      integrator_note(it, "mujoco: compliance matched: damping of %d pair(s) capped at d / (h A0) (c <= %g m / h): "
                          "MuJoCo's reference damping is explicit in the friction rows",
                      capped, MATCHED_IMP);
    if (rigid)
      integrator_note(it, "mujoco: compliance matched: %d rigid pair(s) keep MuJoCo's default solref and solimp",
                      rigid);
  }
  if (o.save_mjcf[0] && save_model(m, &o, c->mm, CB_ERR_BUF(err, sizeof err)) != CB_OK) {
    error_jump = NULL;
    mujoco_destroy(it);
    return integrator_fail(it, CB_ERR_OPTION, "mujoco: save_mjcf=%s: %s", o.save_mjcf, err);
  }
  c->md = mj_makeData(c->mm);
  error_jump = NULL;
  if (!c->md) { mujoco_destroy(it); return integrator_fail(it, CB_ERR_MEMORY, "MuJoCo: mj_makeData failed"); }
  if (mujoco_map_build(m, c->mm, &c->map, CB_ERR_BUF(err, sizeof err)) != CB_OK) {
    mujoco_destroy(it);
    return integrator_fail(it, CB_ERR_MODEL, "%s", err);
  }
  c->d = data_create(m);
  c->tau = calloc((size_t)m->nv + 1, sizeof(double));
  c->zdot = calloc((size_t)m->nz + 1, sizeof(double));
  if (!c->d || !c->tau || !c->zdot) {
    mujoco_destroy(it);
    return integrator_fail(it, CB_ERR_MEMORY, "out of memory");
  }
  c->inputs = m->ncontroller > 0 || m->nforce > 0;
  for (int k = 0; k < m->ncontroller; ++k) c->has_inverse_dynamics |= m->controllers[k].type == CTRL_INVERSE_DYNAMICS;
  note_substitutions(it, &o);
  StepperConfig driver = {.kind = STEPPER_ENGINE, .engine = &mujoco_engine, .content = it};
  return integrator_use_stepper(it, &driver);
}

static void place_mocap(const Model *m, MujocoRun *c, double t) {
  for (int b = 1; b < m->nbody; ++b) {
    int k = c->map.mocapadr[b];
    if (k < 0 || !m->bodies[b].kinematic) continue;
    double offset[3], vel[3];
    kinematic_motion(&m->bodies[b], t, offset, vel);
    for (int i = 0; i < 3; ++i) c->md->mocap_pos[3 * k + i] = m->bodies[b].joint_pos[i] + offset[i];
  }
}

/* The engine's content is the Integrator (mj_step's counters go into its stats). */
static int mujoco_engine_reset(void *content, double t0, const double *x0) {
  Integrator *it = content;
  MujocoRun *c = it->content;
  const Model *m = it->model;
  mj_resetData(c->mm, c->md);
  mujoco_state_to_mj(m, &c->map, x0, x0 + m->nq, c->md->qpos, c->md->qvel);
  c->md->time = t0;
  for (int w = 0; w < mjNWARNING; ++w) c->warn_seen[w] = c->md->warning[w].number;
  place_mocap(m, c, t0);
  return CB_OK;
}

/* Generalized forces of controllers and prescribed forces at the start of the step (t, x), in
 * MuJoCo's coordinates; controller states advance by forward Euler into z_out (the step is
 * explicit in them). */
static void apply_inputs(const Model *m, MujocoRun *c, double t, const double *x, double dt, double *z_out) {
  explicit_inputs_eval(m, c->d, c->has_inverse_dynamics, t, x, dt, c->tau, c->zdot, z_out);
  mujoco_force_to_mj(m, &c->map, c->md->qpos, c->tau, c->md->qfrc_applied);
}

static int check_warnings(Integrator *it, MujocoRun *c, double t) {
  static const struct { int w; int code; const char *what; } fatal[] = {
      {mjWARN_BADQACC, CB_ERR_NONFINITE, "non-finite acceleration (MuJoCo reset the state)"},
      {mjWARN_BADQPOS, CB_ERR_NONFINITE, "non-finite position"},
      {mjWARN_BADQVEL, CB_ERR_NONFINITE, "non-finite velocity"},
      {mjWARN_CONTACTFULL, CB_ERR_MEMORY, "contact buffer full"},
      {mjWARN_CNSTRFULL, CB_ERR_MEMORY, "constraint buffer full"},
      {mjWARN_INERTIA, CB_ERR_MODEL, "(near) singular inertia matrix"},
  };
  for (size_t k = 0; k < sizeof fatal / sizeof fatal[0]; ++k) {
    int w = fatal[k].w;
    if (c->md->warning[w].number > c->warn_seen[w]) {
      const char *hint = "";
      if (w == mjWARN_CONTACTFULL || w == mjWARN_CNSTRFULL)
        hint = c->buffers_capped ? ", and the buffers are already the most MuJoCo 2.2's int-sized mjData can hold"
               : w == mjWARN_CONTACTFULL ? ": raise --opt nconmax" : ": raise --opt njmax";
      return integrator_fail(it, fatal[k].code, "MuJoCo at t = %g: %s%s (info %d)", t, fatal[k].what, hint,
                             c->md->warning[w].lastinfo);
    }
  }
  return CB_OK;
}

/* One mj_step of dt from (t, x), the state MuJoCo holds, into xout. */
static int mujoco_engine_step(void *content, double t, double dt, const double *x, double *xout) {
  Integrator *it = content;
  MujocoRun *c = it->content;
  const Model *m = it->model;
  if (c->inputs) apply_inputs(m, c, t, x, dt, xout + m->nq + m->nv);
  else memcpy(xout + m->nq + m->nv, x + m->nq + m->nv, sizeof(double) * (size_t)m->nz);
  place_mocap(m, c, t);
  jmp_buf jump;
  error_jump = &jump;
  if (setjmp(jump)) {
    error_jump = NULL;
    return integrator_fail(it, CB_ERR_SOLVER, "MuJoCo at t = %g: %s", t, error_text);
  }
  if (c->per_contact) matched_step(c);
  else mj_step(c->mm, c->md);
  error_jump = NULL;
  if (c->damping_capped > 0 && !c->capped_noted) {
    c->capped_noted = 1;
    integrator_note(it, "mujoco: compliance matched: a contact's damping capped at d / (h A0) (c <= %g m / h) from "
                        "t = %g: MuJoCo's reference damping is explicit in the friction rows",
                    MATCHED_IMP, t);
  }
  int rc = check_warnings(it, c, t);
  if (rc) return rc;
  it->stats.newton_iters += c->md->solver_iter;
  it->stats.geometry_queries++;
  it->stats.rhs_evals += c->mm->opt.integrator == mjINT_RK4 ? 4 : 1;
  mujoco_state_from_mj(m, &c->map, c->md->qpos, c->md->qvel, xout, xout + m->nq);
  return CB_OK;
}

static const EngineOps mujoco_engine = {.reset = mujoco_engine_reset, .step = mujoco_engine_step};

const IntegratorVtbl mujoco_vtbl;

static int mujoco_scene_contact(const IntegratorOptions *opt) {
  for (int i = 0; i < opt->nextra; ++i)
    if (!strcmp(opt->extra_key[i], "compliance")) return !strcmp(opt->extra_value[i], "matched");
  return 0;
}

const mjModel *mujoco_integrator_model(const Integrator *it, mjData **data, const MujocoMap **map) {
  if (!it || it->vtbl != &mujoco_vtbl || !it->content) return NULL;
  MujocoRun *c = it->content;
  if (data) *data = c->md;
  if (map) *map = &c->map;
  return c->mm;
}

INTEGRATOR_VTBL(mujoco_vtbl, "mujoco",
                "MuJoCo 2.2 mj_step per dt (soft-constraint contact, Newton solver): a discrete-time peer", 1,
                mujoco_create, stepper_reset, stepper_advance, mujoco_destroy, .peer_model = 1,
                .peer_scene_contact = mujoco_scene_contact, .default_error_norm = ERRNORM_POSITIONS,
                .options = mujoco_options, .family = "mujoco",
                .controllers = CONTROLLERS_EXPLICIT /* qfrc_applied at the step start */);
