// Simbody 3.7 behind a C interface (simbody_shim.h). The scene's bodies become mobilized bodies
// of a SimbodyMatterSubsystem, its gravity a Force::UniformGravity, and everything else cbench
// computes (the compliant contacts above all) enters through one Force::Custom whose calcForce
// converts Simbody's state to cbench's coordinates, calls back into C and applies the result as
// mobility forces. Simbody's own HuntCrossleyForce is not used: it is Hertzian (k delta^1.5 over
// its own contact geometry), not the scene's law. No exception leaves this file.
#include "simbody_shim.h"

#include <cmath>
#include <cstdio>
#include <exception>
#include <memory>
#include <vector>

#include "Simbody.h"

extern "C" {
#include "../../models/status.h"
}

using namespace SimTK;

namespace {

// A failure of cbench's force evaluation, carried through Simbody's realization as an exception.
struct ForceFailure : std::exception {
  int status;
  explicit ForceFailure(int s) : status(s) {}
  const char *what() const noexcept override { return "cbench's force evaluation failed"; }
};

struct BodyMap {
  int body;                // cbench body index
  JointType joint;
  int qadr, nq, vadr, nv;  // its slices of cbench's q and v
  MobilizedBody mobod;
};

// The scratch the force element converts into; sized once in sb_create.
struct Exchange {
  const Model *m = nullptr;
  std::vector<BodyMap> bodies;  // the cbench bodies that have dofs
  std::vector<double> q, v, gen;
  SbForceFn fn = nullptr;
  void *user = nullptr;

  void to_cbench(const State &s) {
    for (const BodyMap &b : bodies) {
      if (b.joint == JOINT_FREE) {  // Simbody: quaternion (w x y z), then the origin; cbench: origin first
        for (int k = 0; k < 3; ++k) q[b.qadr + k] = b.mobod.getOneQ(s, 4 + k);
        double n = 0;
        for (int k = 0; k < 4; ++k) n += square(q[b.qadr + 3 + k] = b.mobod.getOneQ(s, k));
        n = std::sqrt(n);  // interpolated or trial states are not projected onto |quat| = 1
        if (n > 0)
          for (int k = 0; k < 4; ++k) q[b.qadr + 3 + k] /= n;
      } else {
        for (int k = 0; k < b.nq; ++k) q[b.qadr + k] = b.mobod.getOneQ(s, k);
      }
      for (int k = 0; k < b.nv; ++k) v[b.vadr + k] = b.mobod.getOneU(s, k);
    }
  }
  void from_cbench(const double *qc, const double *vc, State &s) const {
    for (const BodyMap &b : bodies) {
      if (b.joint == JOINT_FREE) {
        for (int k = 0; k < 3; ++k) b.mobod.setOneQ(s, 4 + k, qc[b.qadr + k]);
        for (int k = 0; k < 4; ++k) b.mobod.setOneQ(s, k, qc[b.qadr + 3 + k]);
      } else {
        for (int k = 0; k < b.nq; ++k) b.mobod.setOneQ(s, k, qc[b.qadr + k]);
      }
      for (int k = 0; k < b.nv; ++k) b.mobod.setOneU(s, k, vc[b.vadr + k]);
    }
  }
};

class CbenchForces : public Force::Custom::Implementation {
 public:
  explicit CbenchForces(Exchange *x) : x_(x) {}
  // Free-mobilizer speeds are cbench's velocities, so cbench's generalized forces (J^T f) are
  // Simbody's mobility forces as they are.
  void calcForce(const State &s, Vector_<SpatialVec> &, Vector_<Vec3> &, Vector &mobility) const override {
    x_->to_cbench(s);
    int rc = x_->fn(x_->user, s.getTime(), x_->q.data(), x_->v.data(), x_->gen.data());
    if (rc != CB_OK) throw ForceFailure(rc);
    for (const BodyMap &b : x_->bodies)
      for (int k = 0; k < b.nv; ++k) b.mobod.applyOneMobilityForce(s, k, x_->gen[b.vadr + k], mobility);
  }
  // The contact spring's energy is cbench's to report (the run's energy log); Simbody's energy
  // is not used.
  Real calcPotentialEnergy(const State &) const override { return 0; }

 private:
  Exchange *x_;
};

Transform frame_of(const double *pos, const double *quat) {
  return Transform(Rotation(Quaternion(quat[0], quat[1], quat[2], quat[3])), Vec3(pos[0], pos[1], pos[2]));
}

}  // namespace

struct SbSim {
  SbConfig cfg{};
  MultibodySystem system;
  SimbodyMatterSubsystem matter{system};
  GeneralForceSubsystem forces{system};
  Exchange x;
  State state;
  std::unique_ptr<Integrator> integ;
  const char *name = "";
};

static void put(char *err, size_t errlen, const char *fmt, const char *what) {
  if (err && errlen) std::snprintf(err, errlen, fmt, what);
}

// What the shim cannot build, or NULL.
static const char *unsupported(const Model *m) {
  for (int b = 1; b < m->nbody; ++b) {
    const ::Body &bd = m->bodies[b];
    if (bd.parent > 0 && m->bodies[bd.parent].kinematic && bd.tree >= 0)
      return "a body jointed to a kinematic body (Simbody would need prescribed motion)";
    if (bd.joint != JOINT_FREE && bd.joint != JOINT_REVOLUTE && bd.joint != JOINT_PRISMATIC && bd.joint != JOINT_FIXED)
      return "a joint type the shim does not map";
  }
  return nullptr;
}

extern "C" SbSim *sb_create(const Model *m, const SbConfig *cfg, SbForceFn fn, void *user, char *err,
                            size_t errlen) {
  if (const char *why = unsupported(m)) {
    put(err, errlen, "simbody: the scene has %s", why);
    return nullptr;
  }
  SbSim *s = nullptr;
  try {
    s = new SbSim();
    s->cfg = *cfg;
    s->x.m = m;
    s->x.fn = fn;
    s->x.user = user;
    s->x.q.assign((size_t)m->nq + 1, 0.0);
    s->x.v.assign((size_t)m->nv + 1, 0.0);
    s->x.gen.assign((size_t)m->nv + 1, 0.0);
    std::vector<MobilizedBody> mobods((size_t)m->nbody);
    mobods[0] = s->matter.Ground();
    for (int b = 1; b < m->nbody; ++b) {
      const ::Body &bd = m->bodies[b];
      // cbench's inertia is about the COM; Simbody's about the body origin
      Mat33 Ic;
      for (int i = 0; i < 3; ++i)
        for (int j = 0; j < 3; ++j) Ic(i, j) = bd.inertia[3 * i + j];
      const Vec3 com(bd.com[0], bd.com[1], bd.com[2]);
      const Inertia Io = bd.mass > 0 ? Inertia(Ic).shiftFromMassCenter(-com, bd.mass) : Inertia(0);
      SimTK::Body::Rigid body(MassProperties(bd.mass, com, Io));
      const Transform X_PJ = frame_of(bd.joint_pos, bd.joint_quat);
      MobilizedBody &parent = mobods[(size_t)bd.parent];
      const UnitVec3 axis(Vec3(bd.axis[0], bd.axis[1], bd.axis[2]));
      switch (bd.joint) {
        case JOINT_FREE:  // q: the body frame in the joint frame, as cbench's
          mobods[(size_t)b] = MobilizedBody::Free(parent, X_PJ, body, Transform());
          break;
        case JOINT_REVOLUTE: {  // Pin turns about z of F and M: put z on the axis in both frames
          const Transform X_JM(Rotation(axis, ZAxis));
          mobods[(size_t)b] = MobilizedBody::Pin(parent, X_PJ * X_JM, body, X_JM);
          break;
        }
        case JOINT_PRISMATIC: {  // Slider moves along x of F and M
          const Transform X_JM(Rotation(axis, XAxis));
          mobods[(size_t)b] = MobilizedBody::Slider(parent, X_PJ * X_JM, body, X_JM);
          break;
        }
        default:  // fixed, and kinematic bodies: their motion is cbench's (contacts only)
          mobods[(size_t)b] = MobilizedBody::Weld(parent, X_PJ, body, Transform());
          break;
      }
      if (bd.nv > 0)
        s->x.bodies.push_back(BodyMap{b, bd.joint, bd.qadr, bd.nq, bd.vadr, bd.nv, mobods[(size_t)b]});
    }
    Force::UniformGravity(s->forces, s->matter, Vec3(m->gravity[0], m->gravity[1], m->gravity[2]));
    Force::Custom(s->forces, new CbenchForces(&s->x));
    s->system.realizeTopology();
    s->state = s->system.getDefaultState();
    return s;
  } catch (const std::exception &e) {
    put(err, errlen, "simbody rejected the converted scene: %s", e.what());
    delete s;
    return nullptr;
  }
}

static Integrator *make_integrator(SbSim *s) {
  Integrator *it = nullptr;
  switch (s->cfg.method) {
    case SB_RKM: it = new RungeKuttaMersonIntegrator(s->system); break;
    case SB_CPODES: it = new CPodesIntegrator(s->system, CPodes::BDF, CPodes::Newton); break;
    case SB_SEE2: it = new SemiExplicitEuler2Integrator(s->system); break;
  }
  it->setAccuracy(s->cfg.accuracy);
  if (s->cfg.max_step > 0) it->setMaximumStepSize(s->cfg.max_step);
  if (s->cfg.infinity_norm) it->setUseInfinityNorm(true);
  if (s->cfg.max_steps > 0) it->setInternalStepLimit((int)std::min(s->cfg.max_steps, 2147483647L));
  return it;
}

extern "C" int sb_reset(SbSim *s, double t0, const double *q, const double *v, char *err, size_t errlen) {
  try {
    s->state.updTime() = t0;
    s->x.from_cbench(q, v, s->state);
    s->integ.reset(make_integrator(s));
    s->name = s->integ->getMethodName();
    s->integ->initialize(s->state);
    return CB_OK;
  } catch (const ForceFailure &f) {
    put(err, errlen, "simbody: %s at the initial state", f.what());
    return f.status < 0 ? f.status : CB_ERR_MODEL;
  } catch (const std::exception &e) {
    put(err, errlen, "simbody: %s", e.what());
    return CB_ERR_MODEL;
  }
}

extern "C" int sb_advance(SbSim *s, double t_out, double *q, double *v, double *t_reached, char *err,
                          size_t errlen) {
  Integrator &in = *s->integ;
  try {
    // stepTo returns at t_out, or earlier when Simbody wants outside attention (none here: the
    // system has no events), or at the step limit
    while (in.getTime() < t_out) {
      Integrator::SuccessfulStepStatus st = in.stepTo(t_out);
      if (st == Integrator::ReachedStepLimit) {
        *t_reached = in.getAdvancedTime();
        char what[160];
        std::snprintf(what, sizeof what, "step budget of %ld steps exhausted at t = %g", s->cfg.max_steps,
                      in.getAdvancedTime());
        put(err, errlen, "simbody: %s", what);
        return CB_ERR_STEP;
      }
      if (st == Integrator::EndOfSimulation) {
        *t_reached = in.getAdvancedTime();
        put(err, errlen, "simbody: %s", Integrator::getTerminationReasonString(in.getTerminationReason()).c_str());
        return CB_ERR_STEP;
      }
    }
    *t_reached = in.getAdvancedTime();
    s->x.to_cbench(in.getState());
    for (int i = 0; i < s->x.m->nq; ++i) q[i] = s->x.q[(size_t)i];
    for (int i = 0; i < s->x.m->nv; ++i) v[i] = s->x.v[(size_t)i];
    return CB_OK;
  } catch (const ForceFailure &f) {
    *t_reached = in.getAdvancedTime();
    put(err, errlen, "simbody: %s", f.what());
    return f.status < 0 ? f.status : CB_ERR_MODEL;
  } catch (const std::exception &e) {
    *t_reached = in.getAdvancedTime();
    put(err, errlen, "simbody: %s", e.what());
    return CB_ERR_STEP;
  }
}

extern "C" void sb_counters(const SbSim *s, SbCounters *out) {
  *out = SbCounters{};
  if (!s->integ) return;
  const Integrator &in = *s->integ;
  out->steps = in.getNumStepsTaken();
  out->attempts = in.getNumStepsAttempted();
  out->error_test_failures = in.getNumErrorTestFailures();
  out->conv_failures = in.getNumConvergenceTestFailures();
  out->realization_failures = in.getNumRealizationFailures();
  if (s->cfg.method == SB_CPODES) out->iterations = in.getNumIterations(); // explicit methods: not Newton
}

extern "C" const char *sb_method_name(const SbSim *s) { return s->name; }

extern "C" void sb_destroy(SbSim *s) { delete s; }
