// The Siconos 4.4 kernel shim (see siconos_shim.h): NewtonEulerDS bodies, TimeStepping with a
// MoreauJeanOSI and a FrictionContact(3) problem solved by NSGS, fed with cbench's contacts; with
// joints, the mechanics joint relations and a GenericMechanical problem instead.
#include "siconos_shim.h"

#include <cmath>
#include <cstdio>
#include <exception>
#include <memory>
#include <vector>

#include <siconos/kernel/SiconosKernel.hpp>
#include <siconos/mechanics/FixedJointR.hpp>
#include <siconos/mechanics/JointStopR.hpp>
#include <siconos/mechanics/PivotJointR.hpp>
#include <siconos/mechanics/PrismaticJointR.hpp>
#include <siconos/numerics/Friction_cst.h>
#include <siconos/numerics/SolverOptions.h>

namespace {

// A NewtonEuler3DR whose points follow the bodies' centres of mass without turning with them:
// Pc1 = G1 + d1, Pc2 = G2 + d2 (or the fixed world point), normal fixed, for the step they were
// made for. Siconos' own relations (ContactR, BulletR) keep the points in the body frames, and
// MoreauJeanOSI evaluates the Jacobian at its Newton start q_k + h v_k: a rolling ball's contact
// point then turns away from under its centre by omega h, and the ball sinks at r omega^2 h
// (5 mm/s for a 0.1 m ball rolling at 0.7 m/s, dt 1e-3, measured) and gains rotational energy.
// Carried with the centres, the lever arms are those of the step start, as in cbench's rigid
// steppers (docs/rigid.md). y(0) is the signed gap n . (Pc1 - Pc2).
class CbContactR : public NewtonEuler3DR {
 public:
  double d1[3], d2[3], n[3];

  void place(const BlockVector &q0) {
    const SiconosVector &q1 = *q0.getAllVect()[0];
    for (int i = 0; i < 3; ++i) {
      (*_Pc1)(i) = q1(i) + d1[i];
      (*_Nc)(i) = n[i];
      (*_Pc2)(i) = d2[i];
    }
    if (q0.numberOfBlocks() > 1) {
      const SiconosVector &q2 = *q0.getAllVect()[1];
      for (int i = 0; i < 3; ++i) (*_Pc2)(i) += q2(i);
    }
  }
  void computeh(double time, const BlockVector &q0, SiconosVector &y) override {
    (void)time;
    place(q0);
    y.zero();
    double g = 0;
    for (int i = 0; i < 3; ++i) g += n[i] * ((*_Pc1)(i) - (*_Pc2)(i));
    y.setValue(0, g);
  }
  void computeJachq(double time, Interaction &inter, SP::BlockVector q0) override {
    place(*q0);
    NewtonEuler3DR::computeJachq(time, inter, q0);
  }
  void computeJachqT(Interaction &inter, SP::BlockVector q0) override {
    place(*q0);
    NewtonEuler3DR::computeJachqT(inter, q0);
  }
};

struct Contact {
  int a, b;
  double pa[3], pb[3], n[3], mu;
};

}  // namespace

struct SicSim {
  int nbody;
  SicConfig cfg;
  std::vector<double> mass, inertia;
  std::vector<SP::NewtonEulerDS> ds;
  std::vector<SP::SiconosVector> fext, mext;
  SP::NonSmoothDynamicalSystem nsds;
  SP::MoreauJeanOSI osi;
  SP::LinearOSNS fc;  // FrictionContact(3), or GenericMechanical with joints
  SP::TimeStepping sim;
  std::vector<Contact> contacts;
  std::vector<SP::Interaction> linked;  // this step's contacts (the joints stay linked)
  std::vector<std::pair<double, SP::NonSmoothLaw>> laws;  // one law per distinct mu
  SicCounters counters;
};

static thread_local SicSim *solving;  // the simulation whose FrictionContact is being solved

// Siconos' default check prints to stdout on a solve that did not reach its tolerance: count it.
static void check_solver(int info, Simulation *) {
  SicSim *s = solving;
  if (!s || s->fc->getSizeOutput() == 0) return; /* no active contact: nothing was solved */
  SolverOptions *o = s->fc->numericsSolverOptions().get();
  long it = o->iparam[SICONOS_IPARAM_ITER_DONE];
  double res = o->dparam[SICONOS_DPARAM_RESIDU];
  s->counters.solves++;
  s->counters.nsgs_iters += it;
  if (it > s->counters.nsgs_iters_max) s->counters.nsgs_iters_max = it;
  if (std::isfinite(res) && res > s->counters.residual_max) s->counters.residual_max = res;
  if (info != 0) s->counters.solver_failures++;
}

static void fail(char *err, size_t errlen, const char *what, const char *msg) {
  if (err && errlen) std::snprintf(err, errlen, "siconos: %s: %s", what, msg);
}

extern "C" SicSim *sic_create(int nbody, const double *mass, const double *inertia, const SicConfig *cfg, char *err,
                              size_t errlen) {
  try {
    SicSim *s = new SicSim();
    s->nbody = nbody;
    s->cfg = *cfg;
    s->mass.assign(mass, mass + nbody);
    s->inertia.assign(inertia, inertia + 9 * (size_t)nbody);
    s->counters = SicCounters();
    return s;
  } catch (const std::exception &e) {
    fail(err, errlen, "create", e.what());
  } catch (...) {
    fail(err, errlen, "create", "unknown exception");
  }
  return nullptr;
}

// The sign of Siconos' joint coordinate (computehDoF, measured from the reset configuration)
// against a's motion about/along +axis: the coordinate with a turned or moved by +1e-4.
static double dof_sign(SicSim *s, NewtonEulerJointR &j, const SicJoint &jt) {
  SP::SiconosVector qa(new SiconosVector(*s->ds[jt.a]->q()));
  BlockVector q0, q1;
  q0.insertPtr(s->ds[jt.a]->q());
  q1.insertPtr(qa);
  if (jt.b >= 0) q0.insertPtr(s->ds[jt.b]->q()), q1.insertPtr(s->ds[jt.b]->q());
  const double e = 1e-4;
  if (jt.type == SIC_JOINT_PIVOT) { /* qa <- [cos(e/2), sin(e/2) axis] qa */
    double c = std::cos(0.5 * e), sn = std::sin(0.5 * e), w = (*qa)(3), v[3] = {(*qa)(4), (*qa)(5), (*qa)(6)};
    const double *u = jt.axis;
    (*qa)(3) = c * w - sn * (u[0] * v[0] + u[1] * v[1] + u[2] * v[2]);
    (*qa)(4) = c * v[0] + sn * w * u[0] + sn * (u[1] * v[2] - u[2] * v[1]);
    (*qa)(5) = c * v[1] + sn * w * u[1] + sn * (u[2] * v[0] - u[0] * v[2]);
    (*qa)(6) = c * v[2] + sn * w * u[2] + sn * (u[0] * v[1] - u[1] * v[0]);
  } else {
    for (int i = 0; i < 3; ++i) (*qa)(i) += e * jt.axis[i];
  }
  SiconosVector y0(1), y1(1);
  j.computehDoF(0, q0, y0, 0);
  j.computehDoF(0, q1, y1, 0);
  j.computehDoF(0, q0, y0, 0); /* the pivot's twist tracking back at the reset angle */
  return y1(0) > y0(0) ? 1.0 : -1.0;
}

static void make_joint(SicSim *s, const SicJoint &jt) {
  SP::NewtonEulerDS da = s->ds[jt.a], db = jt.b >= 0 ? s->ds[jt.b] : SP::NewtonEulerDS();
  SP::SiconosVector P(new SiconosVector(3)), A(new SiconosVector(3));
  for (int i = 0; i < 3; ++i) (*P)(i) = jt.point[i], (*A)(i) = jt.axis[i];
  SP::NewtonEulerJointR j;
  if (jt.type == SIC_JOINT_PIVOT) j.reset(new PivotJointR(P, A, true, da, db));
  else if (jt.type == SIC_JOINT_PRISMATIC) j.reset(new PrismaticJointR(A, true, da, db));
  else j.reset(new FixedJointR(da, db));
  SP::Interaction inter(new Interaction(SP::NonSmoothLaw(new EqualityConditionNSL(j->numberOfConstraints())), j));
  if (db) s->nsds->link(inter, da, db);
  else s->nsds->link(inter, da);
  if (jt.type == SIC_JOINT_FIXED || !(jt.has_lower || jt.has_upper)) return;
  /* JointStopR keeps (dof - pos) dir >= 0, dof = sg (q - q_reset): the lower stop is
   * sg (q - lower) >= 0 scaled by sg, the upper one the same with the other direction */
  double sg = dof_sign(s, *j, jt);
  for (int k = 0; k < 2; ++k) {
    if (!(k ? jt.has_upper : jt.has_lower)) continue;
    double lim = k ? jt.upper : jt.lower;
    bool neg = k ? sg > 0 : sg < 0;
    SP::JointStopR stop(new JointStopR(j, sg * lim, neg, 0));
    SP::Interaction si(new Interaction(SP::NonSmoothLaw(new NewtonImpactNSL(0.0)), stop));
    if (db) s->nsds->link(si, da, db);
    else s->nsds->link(si, da);
  }
}

extern "C" int sic_reset(SicSim *s, double t0, double h, const double *pos, const double *twist, const SicJoint *joints,
                         int njoint, char *err, size_t errlen) {
  try {
    s->linked.clear();
    s->contacts.clear();
    s->ds.clear();
    s->fext.clear();
    s->mext.clear();
    s->sim.reset();
    s->nsds.reset(new NonSmoothDynamicalSystem(t0, INFINITY));
    for (int k = 0; k < s->nbody; ++k) {
      SP::SiconosVector q(new SiconosVector(7)), v(new SiconosVector(6));
      for (int i = 0; i < 7; ++i) (*q)(i) = pos[7 * k + i];
      for (int i = 0; i < 6; ++i) (*v)(i) = twist[6 * k + i];
      SP::SimpleMatrix I(new SimpleMatrix(3, 3));
      for (int i = 0; i < 3; ++i)
        for (int j = 0; j < 3; ++j) (*I)(i, j) = s->inertia[9 * k + 3 * i + j];
      SP::NewtonEulerDS d(new NewtonEulerDS(q, v, s->mass[k], I));
      SP::SiconosVector f(new SiconosVector(3)), m(new SiconosVector(3));
      f->zero();
      m->zero();
      d->setFExtPtr(f);
      d->setMExtPtr(m);
      d->setIsMextExpressedInInertialFrame(true);
      s->nsds->insertDynamicalSystem(d);
      s->ds.push_back(d);
      s->fext.push_back(f);
      s->mext.push_back(m);
    }
    for (int k = 0; k < njoint; ++k) make_joint(s, joints[k]);
    SP::TimeDiscretisation td(new TimeDiscretisation(t0, h));
    s->osi.reset(new MoreauJeanOSI(s->cfg.theta));
    if (njoint > 0) s->fc.reset(new GenericMechanical(SICONOS_FRICTION_3D_ONECONTACT_NSN));
    else s->fc.reset(new FrictionContact(3, SICONOS_FRICTION_3D_NSGS));
    s->fc->numericsSolverOptions()->dparam[SICONOS_DPARAM_TOL] = s->cfg.tolerance;
    s->fc->numericsSolverOptions()->iparam[SICONOS_IPARAM_MAX_ITER] = s->cfg.max_iterations;
    s->sim.reset(new TimeStepping(s->nsds, td, s->osi, s->fc));
    s->sim->setCheckSolverFunction(check_solver);
    s->sim->setWarnOnNonConvergence(false);
    if (s->cfg.newton_linear) s->sim->setNewtonOptions(SICONOS_TS_LINEAR);
    s->counters = SicCounters();
    return 0;
  } catch (const std::exception &e) {
    fail(err, errlen, "reset", e.what());
  } catch (...) {
    fail(err, errlen, "reset", "unknown exception");
  }
  return -1;
}

extern "C" void sic_set_load(SicSim *s, int k, const double *force, const double *torque) {
  for (int i = 0; i < 3; ++i) {
    (*s->fext[k])(i) = force[i];
    (*s->mext[k])(i) = torque[i];
  }
}

extern "C" void sic_clear_contacts(SicSim *s) { s->contacts.clear(); }

extern "C" int sic_add_contact(SicSim *s, int a, int b, const double *pa, const double *pb, const double *n,
                               double mu) {
  try {
    Contact c;
    c.a = a;
    c.b = b;
    c.mu = mu;
    for (int i = 0; i < 3; ++i) c.pa[i] = pa[i], c.pb[i] = pb[i], c.n[i] = n[i];
    s->contacts.push_back(c);
    return 0;
  } catch (...) {
    return -1;
  }
}

static SP::NonSmoothLaw law_for(SicSim *s, double mu) {
  for (auto &l : s->laws)
    if (l.first == mu) return l.second;
  SP::NonSmoothLaw nsl(new NewtonImpactFrictionNSL(0.0, 0.0, mu, 3));
  s->laws.emplace_back(mu, nsl);
  return nsl;
}

extern "C" int sic_step(SicSim *s, char *err, size_t errlen) {
  try {
    for (auto &i : s->linked) s->sim->unlink(i);
    s->linked.clear();
    for (const Contact &c : s->contacts) {
      std::shared_ptr<CbContactR> rel(new CbContactR());
      const SiconosVector &qa = *s->ds[c.a]->q();
      for (int i = 0; i < 3; ++i) {
        rel->d1[i] = c.pa[i] - qa(i);
        rel->d2[i] = c.b >= 0 ? c.pb[i] - (*s->ds[c.b]->q())(i) : c.pb[i];
        rel->n[i] = c.n[i];
      }
      SP::Interaction inter(new Interaction(law_for(s, c.mu), rel));
      if (c.b >= 0) s->sim->link(inter, s->ds[c.a], s->ds[c.b]);
      else s->sim->link(inter, s->ds[c.a]);
      s->linked.push_back(inter);
    }
    solving = s;
    s->sim->computeOneStep();
    solving = nullptr;
    s->counters.steps++;
    s->counters.newton_iters += s->sim->getNewtonNbIterations();
    if (!s->cfg.newton_linear && !s->sim->isNewtonConverge()) s->counters.newton_unconverged++;
    s->sim->nextStep();
    /* the NSDS logs every link and unlink and keeps the unlinked interactions alive in that log
     * (4.4: 5 kB a contact a step) until the simulation says it has read it */
    s->sim->clearNSDSChangeLog();
    return 0;
  } catch (const std::exception &e) {
    solving = nullptr;
    fail(err, errlen, "step", e.what());
  } catch (...) {
    solving = nullptr;
    fail(err, errlen, "step", "unknown exception");
  }
  return -1;
}

extern "C" void sic_get_body(const SicSim *s, int k, double *pos, double *twist) {
  const SiconosVector &q = *s->ds[k]->q();
  const SiconosVector &v = *s->ds[k]->twist();
  for (int i = 0; i < 7; ++i) pos[i] = q(i);
  for (int i = 0; i < 6; ++i) twist[i] = v(i);
}

extern "C" void sic_counters(const SicSim *s, SicCounters *out) { *out = s->counters; }

extern "C" void sic_destroy(SicSim *s) {
  if (!s) return;
  try {
    delete s;
  } catch (...) {
  }
}
