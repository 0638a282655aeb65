// DART 6.12 behind a C interface (dart_shim.h). The scene becomes Skeletons in a World whose
// constraint solver is a BoxedLcpConstraintSolver (Dantzig or PGS) over DART's
// OdeCollisionDetector; DART steps it (World::step: forward dynamics, velocity update, the boxed
// LCP of contacts and joint limits, then positions). The contact is DART's own rigid model: the
// scene's stiffness and dissipation play no part. One translation unit (DART's headers are heavy)
// and only the headers it uses. No exception leaves this file.
#include "dart_shim.h"

#include <cmath>
#include <cstdio>
#include <exception>
#include <iostream>
#include <memory>
#include <sstream>
#include <string>
#include <unordered_map>
#include <vector>

#include <ode/ode.h>

#include "dart/collision/CollisionFilter.hpp"
#include "dart/collision/CollisionObject.hpp"
#include "dart/collision/ode/OdeCollisionDetector.hpp"
#include "dart/constraint/BoxedLcpConstraintSolver.hpp"
#include "dart/constraint/ContactConstraint.hpp"
#include "dart/constraint/DantzigBoxedLcpSolver.hpp"
#include "dart/constraint/JointLimitConstraint.hpp"
#include "dart/constraint/PgsBoxedLcpSolver.hpp"
#include "dart/dynamics/BodyNode.hpp"
#include "dart/dynamics/BoxShape.hpp"
#include "dart/dynamics/CapsuleShape.hpp"
#include "dart/dynamics/CylinderShape.hpp"
#include "dart/dynamics/FreeJoint.hpp"
#include "dart/dynamics/PlaneShape.hpp"
#include "dart/dynamics/PrismaticJoint.hpp"
#include "dart/dynamics/RevoluteJoint.hpp"
#include "dart/dynamics/ShapeNode.hpp"
#include "dart/dynamics/Skeleton.hpp"
#include "dart/dynamics/SphereShape.hpp"
#include "dart/dynamics/WeldJoint.hpp"
#include "dart/simulation/World.hpp"

extern "C" {
#include "../../models/collision/broadphase.h"
#include "../../models/kinematic.h"
#include "../../models/status.h"
}

namespace dd = dart::dynamics;
namespace dc = dart::collision;
namespace dk = dart::constraint;

namespace {

// A body farther than this from the origin: the step diverged (ODE's hash space, under DART's
// collision detector, asserts on cells beyond its integer range).
constexpr double kFarthest = 1e6;

Eigen::Isometry3d pose(const double *pos, const double *quat) {
  Eigen::Isometry3d T = Eigen::Isometry3d::Identity();
  T.linear() = Eigen::Quaterniond(quat[0], quat[1], quat[2], quat[3]).normalized().toRotationMatrix();
  T.translation() = Eigen::Vector3d(pos[0], pos[1], pos[2]);
  return T;
}

// cbench's pair rule (parent-child, same body, welded pairs, self collision off) instead of
// DART's BodyNodeCollisionFilter, so both see the same contact pairs.
class PairFilter : public dc::CollisionFilter {
 public:
  const Model *m = nullptr;
  std::unordered_map<const dd::ShapeFrame *, int> geom;
  bool ignoresCollision(const dc::CollisionObject *a, const dc::CollisionObject *b) const override {
    auto ia = geom.find(a->getShapeFrame()), ib = geom.find(b->getShapeFrame());
    if (ia == geom.end() || ib == geom.end()) return true;
    return !collision_pair_allowed(m, ia->second, ib->second);
  }
};

// A kinematic body (models/kinematic.h): its own Skeleton on a FreeJoint from the world with
// DART's VELOCITY actuator, which sets the joint velocity to the command before the contact
// impulses and moves q by h times it (no angular velocity: the orientation stays); its BodyNode
// is then not reactive (an infinite mass to the contacts), while
// ContactConstraint::getRelVelocity sees its spatial velocity.
struct KinematicMap {
  int body;
  dd::FreeJoint *j;
};

struct BodyMap {
  int body;  // cbench body index
  JointType joint;
  int qadr, nq, vadr, nv;
  dd::Joint *j;
  dd::FreeJoint *free;  // j as a FreeJoint (its fixed-size accessors allocate nothing), or NULL
};

}  // namespace

struct DtSim {
  const Model *m = nullptr;
  DtConfig cfg{};
  dart::simulation::WorldPtr world;
  std::shared_ptr<PairFilter> filter;
  std::vector<BodyMap> bodies;  // the cbench bodies that have dofs
  std::vector<KinematicMap> kinematic;
  std::vector<dd::BodyNode *> node;  // [nbody] each body's BodyNode
  std::vector<double> q_prev;   // the last q (a free joint's quaternion sign is kept continuous)
  std::ostringstream log;       // DART's console during a step
  long messages = 0;
  std::string first_message;
};

static void put(char *err, size_t errlen, const char *fmt, const char *what) {
  if (err && errlen) std::snprintf(err, errlen, fmt, what);
}

static const char *geom_type_name(GeomType t) {
  switch (t) {
    case GEOM_PLANE: return "plane";
    case GEOM_SPHERE: return "sphere";
    case GEOM_BOX: return "box";
    case GEOM_CYLINDER: return "cylinder";
    case GEOM_CAPSULE: return "capsule";
    default: return "unknown";
  }
}

extern "C" int dt_scene_check(const Model *m, char *err, size_t errlen) {
  const char *src = m->source[0] ? m->source : m->name;
  if (m->nsuction > 0) {
    std::snprintf(err, errlen, "%s: suction: DART has no suction cups (%d in the scene)", src, m->nsuction);
    return -1;
  }
  for (int b = 1; b < m->nbody; ++b) {
    const ::Body &B = m->bodies[b];
    if (B.kinematic && B.parent != 0) { /* the scene format has none; the joint below starts at the world */
      std::snprintf(err, errlen, "%s: bodies[%d] ('%s').kinematic: a kinematic body on a parent is not converted to "
                    "DART", src, b - 1, B.name);
      return -1;
    }
    if (B.tree >= 0 && B.joint == JOINT_FREE && B.parent != 0 && m->bodies[B.parent].tree >= 0) {
      std::snprintf(err, errlen,
                    "%s: bodies[%d] ('%s').joint: a free joint on a moving parent is not converted to DART", src,
                    b - 1, B.name);
      return -1;
    }
    if (B.armature != 0) { /* DART 6.12's joints have no armature (reflected rotor inertia) */
      std::snprintf(err, errlen, "%s: bodies[%d] ('%s').joint.armature: DART 6.12 has no reflected rotor inertia (%g)",
                    src, b - 1, B.name, B.armature);
      return -1;
    }
    if (B.tree >= 0 && !(B.mass > 0)) {
      std::snprintf(err, errlen, "%s: bodies[%d] ('%s').mass: DART needs a positive mass on a moving body, got %g",
                    src, b - 1, B.name, B.mass);
      return -1;
    }
  }
  for (int g = 0; g < m->ngeom; ++g) {
    const Geom &G = m->geoms[g];
    if (G.type != GEOM_PLANE && G.type != GEOM_SPHERE && G.type != GEOM_BOX && G.type != GEOM_CYLINDER &&
        G.type != GEOM_CAPSULE) {
      std::snprintf(err, errlen, "%s: geoms[%d] ('%s').type: geometry type %d is not converted to DART", src, g,
                    G.name, (int)G.type);
      return -1;
    }
    if (G.has_surface_velocity) {
      std::snprintf(err, errlen, "%s: geoms[%d] ('%s').surface_velocity: DART 6.12 has no contact surface motion",
                    src, g, G.name);
      return -1;
    }
    if (G.type == GEOM_PLANE && m->bodies[G.body].tree >= 0) {
      std::snprintf(err, errlen, "%s: geoms[%d] ('%s').type: ODE planes (DART's collider) are static; this one is on "
                    "a moving body", src, g, G.name);
      return -1;
    }
  }
  // Debian's ODE, DART's collider here, is built without libccd: no cylinder-cylinder or
  // cylinder-capsule test (the pair would report no contact).
  if (!dCheckConfiguration("ODE_EXT_libccd"))
    for (int a = 0; a < m->ngeom; ++a)
      for (int b = a + 1; b < m->ngeom; ++b) {
        GeomType ta = m->geoms[a].type, tb = m->geoms[b].type;
        int cyl = (ta == GEOM_CYLINDER && (tb == GEOM_CYLINDER || tb == GEOM_CAPSULE)) ||
                  (tb == GEOM_CYLINDER && ta == GEOM_CAPSULE);
        if (cyl && collision_pair_allowed(m, a, b)) {
          std::snprintf(err, errlen,
                        "%s: geoms[%d] ('%s') and geoms[%d] ('%s').type: DART's ODE collider (built without libccd) "
                        "has no %s-%s test",
                        src, a, m->geoms[a].name, b, m->geoms[b].name, geom_type_name(ta), geom_type_name(tb));
          return -1;
        }
      }
  return 0;
}

static dd::ShapePtr make_shape(const Geom &G) {
  switch (G.type) {
    // cbench: half extents and half lengths; DART: full sizes, a capsule's height is its segment's
    case GEOM_PLANE: return std::make_shared<dd::PlaneShape>(Eigen::Vector3d::UnitZ(), 0.0);
    case GEOM_SPHERE: return std::make_shared<dd::SphereShape>(G.size[0]);
    case GEOM_BOX: return std::make_shared<dd::BoxShape>(Eigen::Vector3d(2 * G.size[0], 2 * G.size[1], 2 * G.size[2]));
    case GEOM_CYLINDER: return std::make_shared<dd::CylinderShape>(G.size[0], 2 * G.size[1]);
    case GEOM_CAPSULE: return std::make_shared<dd::CapsuleShape>(G.size[0], 2 * G.size[1]);
    default: return nullptr;
  }
}

template <class JointT>
static std::pair<dd::Joint *, dd::BodyNode *> add_body(const dd::SkeletonPtr &skel, dd::BodyNode *parent,
                                                       typename JointT::Properties props) {
  auto pair = skel->createJointAndBodyNodePair<JointT>(parent, props);
  return {pair.first, pair.second};
}

static void build(DtSim *s) {
  const Model *m = s->m;
  s->world = dart::simulation::World::create("cbench");
  s->world->setTimeStep(s->cfg.dt);
  s->world->setGravity(Eigen::Vector3d(m->gravity[0], m->gravity[1], m->gravity[2]));
  dk::BoxedLcpSolverPtr primary, secondary;
  if (s->cfg.solver == DT_PGS) {
    auto pgs = std::make_shared<dk::PgsBoxedLcpSolver>();
    pgs->setOption(dk::PgsBoxedLcpSolver::Option(s->cfg.pgs_iterations, s->cfg.pgs_tolerance,
                                                 s->cfg.pgs_relative_tolerance));
    primary = pgs;
  } else {
    primary = std::make_shared<dk::DantzigBoxedLcpSolver>();
    if (s->cfg.fallback) secondary = std::make_shared<dk::PgsBoxedLcpSolver>();
  }
  s->world->setConstraintSolver(std::make_unique<dk::BoxedLcpConstraintSolver>(primary, secondary));
  auto *solver = s->world->getConstraintSolver();
  solver->setCollisionDetector(dc::OdeCollisionDetector::create());
  dk::ContactConstraint::setErrorReductionParameter(s->cfg.erp);
  dk::ContactConstraint::setMaxErrorReductionVelocity(s->cfg.erv);
  dk::ContactConstraint::setConstraintForceMixing(s->cfg.cfm);
  dk::ContactConstraint::setErrorAllowance(0.0);

  // world poses of the bodies welded to the world (their own frames, composed up the chain)
  std::vector<Eigen::Isometry3d> X((size_t)m->nbody, Eigen::Isometry3d::Identity());
  for (int b = 1; b < m->nbody; ++b) {
    const ::Body &B = m->bodies[b];
    if (B.tree < 0) X[(size_t)b] = X[(size_t)B.parent] * pose(B.joint_pos, B.joint_quat);
  }
  s->node.assign((size_t)m->nbody, nullptr);
  auto ground = dd::Skeleton::create("world");
  {
    dd::WeldJoint::Properties jp;
    jp.mName = "world_weld";
    s->node[0] = add_body<dd::WeldJoint>(ground, nullptr, jp).second;
  }
  std::vector<dd::SkeletonPtr> kin_skels;
  for (int b = 1; b < m->nbody; ++b) {
    const ::Body &B = m->bodies[b];
    if (B.kinematic) {
      // x(t) = joint_pos + offset(t), orientation joint_quat: a free joint on the world's frame
      auto skel = dd::Skeleton::create(std::string("kinematic_") + B.name);
      dd::FreeJoint::Properties jp;
      jp.mName = std::string(B.name) + "_kinematic";
      jp.mActuatorType = dd::Joint::VELOCITY;
      auto jb = add_body<dd::FreeJoint>(skel, nullptr, jp);
      // mass and inertia are unused (the body is not reactive); DART wants them positive
      Eigen::Matrix3d I;
      for (int i = 0; i < 3; ++i)
        for (int k = 0; k < 3; ++k) I(i, k) = i == k ? 1.0 : 0.0;
      jb.second->setInertia(dd::Inertia(B.mass > 0 ? B.mass : 1.0, Eigen::Vector3d(0, 0, 0), I));
      jb.second->setName(B.name);
      s->node[(size_t)b] = jb.second;
      s->kinematic.push_back(KinematicMap{b, static_cast<dd::FreeJoint *>(jb.first)});
      kin_skels.push_back(skel);
      continue;
    }
    if (B.tree >= 0) continue;
    dd::WeldJoint::Properties jp;
    jp.mName = std::string(m->bodies[b].name) + "_weld";
    jp.mT_ParentBodyToJoint = X[(size_t)b];
    s->node[(size_t)b] = add_body<dd::WeldJoint>(ground, s->node[0], jp).second;
  }
  ground->setMobile(false);

  std::vector<dd::SkeletonPtr> skels((size_t)m->ntree);
  for (int t = 0; t < m->ntree; ++t) skels[(size_t)t] = dd::Skeleton::create("tree" + std::to_string(t));
  for (int b = 1; b < m->nbody; ++b) {
    const ::Body &B = m->bodies[b];
    if (B.tree < 0) continue;
    const dd::SkeletonPtr &skel = skels[(size_t)B.tree];
    const bool root = B.parent == 0 || m->bodies[B.parent].tree < 0;
    dd::BodyNode *parent = root ? nullptr : s->node[(size_t)B.parent];
    // the joint frame F in the parent's frame (a root's parent is DART's world frame); the body
    // frame is F at q = 0, so the child side is the identity
    const Eigen::Isometry3d X_PF = (root ? X[(size_t)B.parent] : Eigen::Isometry3d::Identity()) *
                                   pose(B.joint_pos, B.joint_quat);
    const Eigen::Vector3d axis(B.axis[0], B.axis[1], B.axis[2]);
    std::pair<dd::Joint *, dd::BodyNode *> jb;
    switch (B.joint) {
      case JOINT_FREE: {
        dd::FreeJoint::Properties jp;
        jp.mName = std::string(B.name) + "_joint";
        jp.mT_ParentBodyToJoint = X_PF;
        jb = add_body<dd::FreeJoint>(skel, parent, jp);
        break;
      }
      case JOINT_REVOLUTE: {
        dd::RevoluteJoint::Properties jp;
        jp.mName = std::string(B.name) + "_joint";
        jp.mT_ParentBodyToJoint = X_PF;
        jp.mAxis = axis;
        jb = add_body<dd::RevoluteJoint>(skel, parent, jp);
        break;
      }
      case JOINT_PRISMATIC: {
        dd::PrismaticJoint::Properties jp;
        jp.mName = std::string(B.name) + "_joint";
        jp.mT_ParentBodyToJoint = X_PF;
        jp.mAxis = axis;
        jb = add_body<dd::PrismaticJoint>(skel, parent, jp);
        break;
      }
      default: {
        dd::WeldJoint::Properties jp;
        jp.mName = std::string(B.name) + "_joint";
        jp.mT_ParentBodyToJoint = X_PF;
        jb = add_body<dd::WeldJoint>(skel, parent, jp);
        break;
      }
    }
    dd::BodyNode *bn = jb.second;
    bn->setName(B.name);
    Eigen::Matrix3d I;
    for (int i = 0; i < 3; ++i)
      for (int k = 0; k < 3; ++k) I(i, k) = B.inertia[3 * i + k];
    bn->setInertia(dd::Inertia(B.mass, Eigen::Vector3d(B.com[0], B.com[1], B.com[2]), I));
    s->node[(size_t)b] = bn;
    dd::Joint *j = jb.first;
    if (B.joint == JOINT_REVOLUTE || B.joint == JOINT_PRISMATIC) {
      // DART's own joint spring and damper (implicit in its forward dynamics)
      j->setSpringStiffness(0, B.stiffness);
      j->setRestPosition(0, B.spring_ref);
      j->setDampingCoefficient(0, B.damping);
      if (B.has_limit) {
        j->setLimitEnforcement(true);
        j->setPositionLowerLimit(0, B.limit_lower);
        j->setPositionUpperLimit(0, B.limit_upper);
      }
    }
    if (B.nv > 0)
      s->bodies.push_back(BodyMap{b, B.joint, B.qadr, B.nq, B.vadr, B.nv, j,
                                  B.joint == JOINT_FREE ? static_cast<dd::FreeJoint *>(j) : nullptr});
  }

  s->filter = std::make_shared<PairFilter>();
  s->filter->m = m;
  for (int g = 0; g < m->ngeom; ++g) {
    const Geom &G = m->geoms[g];
    const Material &mat = m->materials[G.material];
    dd::ShapeNode *sn = s->node[(size_t)G.body]->createShapeNodeWith<dd::CollisionAspect, dd::DynamicsAspect>(
        make_shape(G), std::string(G.name[0] ? G.name : "geom") + "_" + std::to_string(g));
    sn->setRelativeTransform(pose(G.pos, G.quat));
    // DART's pair coefficient is the smaller of the two shapes'; restitution is their product
    sn->getDynamicsAspect()->setFrictionCoeff(s->cfg.friction_static ? mat.mu_static : mat.mu_dynamic);
    sn->getDynamicsAspect()->setRestitutionCoeff(0.0);
    s->filter->geom[sn] = g;
  }
  s->world->addSkeleton(ground);
  for (auto &sk : kin_skels) s->world->addSkeleton(sk);
  for (auto &sk : skels) s->world->addSkeleton(sk);
  auto &opt = solver->getCollisionOption();
  opt.collisionFilter = s->filter;
  opt.maxNumContacts = (std::size_t)s->cfg.max_contacts;
  s->q_prev.assign((size_t)m->nq + 1, 0.0);
}

extern "C" DtSim *dt_create(const Model *m, const DtConfig *cfg, char *err, size_t errlen) {
  if (dt_scene_check(m, err, errlen)) return nullptr;
  DtSim *s = nullptr;
  std::streambuf *saved = std::cerr.rdbuf();
  try {
    s = new DtSim();
    s->m = m;
    s->cfg = *cfg;
    std::cerr.rdbuf(s->log.rdbuf());
    build(s);
    std::cerr.rdbuf(saved);
    return s;
  } catch (const std::exception &e) {
    std::cerr.rdbuf(saved);
    put(err, errlen, "DART rejected the converted scene: %s", e.what());
    delete s;
    return nullptr;
  }
}

extern "C" void dt_settings(const DtSim *, DtSettings *out) {
  out->contact_erp = dk::ContactConstraint::getErrorReductionParameter();
  out->contact_erv = dk::ContactConstraint::getMaxErrorReductionVelocity();
  out->contact_cfm = dk::ContactConstraint::getConstraintForceMixing();
  out->contact_allowance = dk::ContactConstraint::getErrorAllowance();
  out->limit_erp = dk::JointLimitConstraint::getErrorReductionParameter();
  out->limit_erv = dk::JointLimitConstraint::getMaxErrorReductionVelocity();
  out->limit_cfm = dk::JointLimitConstraint::getConstraintForceMixing();
  out->limit_allowance = dk::JointLimitConstraint::getErrorAllowance();
}

// Each kinematic body at its pose at t and, for a step of h > 0, its joint velocity command the
// mean velocity (x(t + h) - x(t)) / h: DART's q += h v then lands on x(t + h) (to rounding), the
// path followed exactly at every step end; the contacts see that mean velocity. h = 0: x'(t).
static void place_kinematic(DtSim *s, double t, double h) {
  for (const KinematicMap &k : s->kinematic) {
    const ::Body &B = s->m->bodies[k.body];
    double off[3], vel[3], off1[3], vel1[3];
    kinematic_motion(&B, t, off, vel);
    if (h > 0) {
      kinematic_motion(&B, t + h, off1, vel1);
      for (int i = 0; i < 3; ++i) vel[i] = (off1[i] - off[i]) / h;
    }
    double x[3];
    for (int i = 0; i < 3; ++i) x[i] = B.joint_pos[i] + off[i];
    const Eigen::Isometry3d T = pose(x, B.joint_quat);
    // the FreeJoint's velocity is the body-frame twist [w; R^T v]
    Eigen::Vector6d V = Eigen::Vector6d::Zero();
    V.tail<3>() = T.linear().transpose() * Eigen::Vector3d(vel[0], vel[1], vel[2]);
    k.j->setPositionsStatic(dd::FreeJoint::convertToPositions(T));
    k.j->setVelocitiesStatic(V);
    for (std::size_t i = 0; i < 6; ++i) k.j->setCommand(i, V[(int)i]);
  }
}

extern "C" int dt_set_state(DtSim *s, double t, const double *q, const double *v, char *err, size_t errlen) {
  try {
    for (const BodyMap &b : s->bodies) {
      const double *qb = q + b.qadr, *vb = v + b.vadr;
      if (b.joint == JOINT_FREE) {
        const Eigen::Isometry3d T = pose(qb, qb + 3);
        const Eigen::Matrix3d Rt = T.linear().transpose();
        Eigen::Vector6d V;
        V.head<3>() = Rt * Eigen::Vector3d(vb[0], vb[1], vb[2]);
        V.tail<3>() = Rt * Eigen::Vector3d(vb[3], vb[4], vb[5]);
        b.free->setPositionsStatic(dd::FreeJoint::convertToPositions(T));
        b.free->setVelocitiesStatic(V);
      } else {
        b.j->setPosition(0, qb[0]);
        b.j->setVelocity(0, vb[0]);
      }
    }
    s->world->setTime(t);
    place_kinematic(s, t, 0.0);
    for (int i = 0; i < s->m->nq; ++i) s->q_prev[(size_t)i] = q[i];
    return CB_OK;
  } catch (const std::exception &e) {
    put(err, errlen, "dart: %s", e.what());
    return CB_ERR_MODEL;
  }
}

static void read_state(DtSim *s, double *q, double *v) {
  for (const BodyMap &b : s->bodies) {
    double *qb = q + b.qadr, *vb = v + b.vadr;
    if (b.joint == JOINT_FREE) {
      // the pose in F from the coordinates (Joint::getRelativeTransform is the parent body's view,
      // with the joint frame's offset in it)
      const Eigen::Isometry3d T = dd::FreeJoint::convertToTransform(b.free->getPositionsStatic());
      const Eigen::Matrix3d R = T.linear();
      const Eigen::Quaterniond quat(R);
      const Eigen::Vector6d &V = b.free->getVelocitiesStatic();
      const Eigen::Vector3d w = R * V.head<3>(), vo = R * V.tail<3>();
      for (int k = 0; k < 3; ++k) qb[k] = T.translation()[k], vb[k] = w[k], vb[3 + k] = vo[k];
      double qq[4] = {quat.w(), quat.x(), quat.y(), quat.z()};
      const double *qp = s->q_prev.data() + b.qadr + 3;
      const double sign = qq[0] * qp[0] + qq[1] * qp[1] + qq[2] * qp[2] + qq[3] * qp[3] < 0 ? -1.0 : 1.0;
      for (int k = 0; k < 4; ++k) qb[3 + k] = sign * qq[k];
    } else {
      qb[0] = b.j->getPosition(0);
      vb[0] = b.j->getVelocity(0);
    }
  }
  for (int i = 0; i < s->m->nq; ++i) s->q_prev[(size_t)i] = q[i];
}

// DART's console lines of the last step: counted, the first kept.
static void collect_messages(DtSim *s) {
  const std::string text = s->log.str();
  if (text.empty()) return;
  std::istringstream lines(text);
  std::string line;
  while (std::getline(lines, line)) {
    if (line.empty()) continue;
    if (s->messages++ == 0) s->first_message = line;
  }
  s->log.str("");
  s->log.clear();
}

extern "C" int dt_step(DtSim *s, const double *tau, double *q, double *v, char *err, size_t errlen) {
  std::streambuf *saved = std::cerr.rdbuf();
  try {
    for (int b = 1; b < s->m->nbody; ++b) {
      if (s->m->bodies[b].tree < 0) continue;
      const Eigen::Vector3d p = s->node[(size_t)b]->getWorldTransform().translation();
      if (!(p.norm() < kFarthest)) {
        char what[160];
        std::snprintf(what, sizeof what, "body '%s' is %g m from the origin (the step diverged)", s->m->bodies[b].name,
                      p.norm());
        put(err, errlen, "dart: %s", what);
        return CB_ERR_NONFINITE;
      }
    }
    for (const BodyMap &b : s->bodies) {
      const double *tb = tau + b.vadr;
      if (b.joint == JOINT_FREE) {
        // cbench's [torque; force at the origin] in F, dual to v: DART's in the body frame
        const Eigen::Matrix3d Rt =
            dd::FreeJoint::convertToTransform(b.free->getPositionsStatic()).linear().transpose();
        const Eigen::Vector3d n = Rt * Eigen::Vector3d(tb[0], tb[1], tb[2]), f = Rt * Eigen::Vector3d(tb[3], tb[4], tb[5]);
        for (int k = 0; k < 3; ++k) b.j->setForce((std::size_t)k, n[k]), b.j->setForce((std::size_t)(3 + k), f[k]);
      } else {
        b.j->setForce(0, tb[0]);
      }
    }
    place_kinematic(s, s->world->getTime(), s->cfg.dt);
    std::cerr.rdbuf(s->log.rdbuf());
    s->world->step(true);  // true: the forces are cleared after the step
    std::cerr.rdbuf(saved);
    collect_messages(s);
    read_state(s, q, v);
    return CB_OK;
  } catch (const std::exception &e) {
    std::cerr.rdbuf(saved);
    put(err, errlen, "dart: %s", e.what());
    return CB_ERR_SOLVER;
  }
}

extern "C" long dt_last_contacts(const DtSim *s) {
  return (long)s->world->getLastCollisionResult().getNumContacts();
}
extern "C" long dt_message_count(const DtSim *s) { return s->messages; }
extern "C" const char *dt_first_message(const DtSim *s) { return s->first_message.c_str(); }

extern "C" void dt_destroy(DtSim *s) {
  if (!s) return;
  std::streambuf *saved = std::cerr.rdbuf();
  std::cerr.rdbuf(s->log.rdbuf());
  try {
    s->world.reset();
  } catch (...) {
  }
  std::cerr.rdbuf(saved);
  delete s;
}
