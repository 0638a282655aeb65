// Bullet 3.24 (double precision) behind a C interface (bullet_shim.h). The world is a
// btMultiBodyDynamicsWorld whose solveConstraints is wrapped: after Bullet's collision pass and
// before its solver, every manifold point gets the scene's pair parameters (stiffness, damping at
// the point's depth, friction, no restitution, belt motion), so the contact is cbench's pair and
// not Bullet's combination of per-object values. No exception leaves this file.
#include "bullet_shim.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <exception>
#include <memory>
#include <new>
#include <vector>

#include "btBulletDynamicsCommon.h"
#include "BulletDynamics/Featherstone/btMultiBody.h"
#include "BulletDynamics/Featherstone/btMultiBodyConstraintSolver.h"
#include "BulletDynamics/Featherstone/btMultiBodyDynamicsWorld.h"
#include "BulletDynamics/Featherstone/btMultiBodyJointLimitConstraint.h"
#include "BulletDynamics/Featherstone/btMultiBodyLinkCollider.h"
#include "BulletDynamics/Featherstone/btMultiBodyMLCPConstraintSolver.h"
#include "BulletDynamics/MLCPSolvers/btDantzigSolver.h"

extern "C" {
#include "../../models/status.h"
}

#ifndef BT_USE_DOUBLE_PRECISION
#error "the Bullet peer needs Bullet's double-precision build (pkg-config bullet-float64)"
#endif
static_assert(sizeof(btScalar) == sizeof(double), "btScalar must be double");

namespace {

const double kHuge = 1e30;  // "no limit" for Bullet's clamps (impulses, coordinate velocities)

btMatrix3x3 mat(const double *r) { return btMatrix3x3(r[0], r[1], r[2], r[3], r[4], r[5], r[6], r[7], r[8]); }
btVector3 vec(const double *p) { return btVector3(p[0], p[1], p[2]); }
btQuaternion quat(const double *q) { return btQuaternion(q[1], q[2], q[3], q[0]); }  // cbench: w x y z

// What a collision object stands for: a cbench body and its geometries (a compound shape's
// children in this order).
struct ObjInfo {
  int body = 0;
  std::vector<int> geoms;
  std::vector<btMatrix3x3> geom_rot;  // each geometry's rotation in the object's frame
  bool compound = false;
};

enum Kind { NONE = 0, RIGID, BASE, LINK, KINEMATIC };

// Where a cbench body lives in Bullet. Bullet's frame of a dynamic body (L) is at its centre
// of mass on its principal axes: R_L = R_B P, p_L = p_B + R_B c.
struct BodyMap {
  Kind kind = NONE;
  btRigidBody *rb = nullptr;
  btMultiBody *mb = nullptr;
  int link = -1;
  btMatrix3x3 P = btMatrix3x3::getIdentity();
  btQuaternion Pq = btQuaternion::getIdentity();
  btVector3 c{0, 0, 0};  // the origin of L in the body frame
  btVector3 D{0, 0, 0};  // principal inertia
};

// btMultiBodyMLCPConstraintSolver builds the MLCP's matrix with the global CFM only: a point's
// own CFM (its stiffness and damping, as the sequential-impulse solver applies it) is dropped
// while its ERP stays in the right-hand side, which makes every contact rigid with a position
// correction. Each row's compliance, m_cfm / m_jacDiagABInv (= CFM / h, how the SI solvers fold
// it in), goes back onto the diagonal, so that both rows solve the same soft constraint.
class SoftMLCPSolver : public btMultiBodyMLCPConstraintSolver {
 public:
  explicit SoftMLCPSolver(btMLCPSolverInterface *s) : btMultiBodyMLCPConstraintSolver(s) {}

 protected:
  void createMLCPFast(const btContactSolverInfo &info) override {
    btMultiBodyMLCPConstraintSolver::createMLCPFast(info);
    for (int i = 0; i < m_allConstraintPtrArray.size() && i < m_A.rows(); ++i) {
      const btSolverConstraint *c = m_allConstraintPtrArray[i];
      if (!btFuzzyZero(c->m_jacDiagABInv)) m_A.setElem(i, i, m_A(i, i) + c->m_cfm / c->m_jacDiagABInv);
    }
    for (int i = 0; i < m_multiBodyAllConstraintPtrArray.size() && i < m_multiBodyA.rows(); ++i) {
      const btMultiBodySolverConstraint *c = m_multiBodyAllConstraintPtrArray[i];
      if (!btFuzzyZero(c->m_jacDiagABInv)) m_multiBodyA.setElem(i, i, m_multiBodyA(i, i) + c->m_cfm / c->m_jacDiagABInv);
    }
  }
};

}  // namespace

class CbWorld;

struct BtSim {
  const Model *m = nullptr;
  BtConfig cfg{};
  std::vector<double> xpos, xrot, geom_xpos, geom_xrot, pairs;
  std::vector<unsigned char> allowed;
  std::vector<BodyMap> map;
  std::vector<double> q_prev;  // free bodies' quaternions are kept continuous against it
  BtCounters counters{};
  double t_end = 0;            // the end of the step being taken (belt velocities at it)

  // the world and what it owns, rebuilt by every reset
  std::unique_ptr<btDefaultCollisionConfiguration> config;
  std::unique_ptr<btCollisionDispatcher> dispatcher;
  std::unique_ptr<btBroadphaseInterface> broadphase;
  std::unique_ptr<btDantzigSolver> dantzig;
  std::unique_ptr<btMultiBodyConstraintSolver> solver;
  std::unique_ptr<CbWorld> world;
  std::unique_ptr<btOverlapFilterCallback> filter;
  std::vector<std::unique_ptr<btCollisionShape>> shapes;
  std::vector<std::unique_ptr<btCollisionObject>> objects;
  std::vector<std::unique_ptr<btMultiBody>> multibodies;
  std::vector<std::unique_ptr<btMultiBodyConstraint>> limits;
  std::vector<std::unique_ptr<ObjInfo>> infos;
  btAlignedObjectArray<btQuaternion> scratch_q;
  btAlignedObjectArray<btVector3> scratch_v;

  void teardown();
  void build();
  void contact_params();
  int geom_of(const btCollisionObject *o, int index) const;
  btCollisionShape *shape_of(const std::vector<int> &geoms, const BodyMap &bm, ObjInfo *info);
  void set_state(const double *q, const double *v);
  void get_state(double *q, double *v);
  void apply(const double *tau);
};

// The world with the scene's contact parameters put on each manifold point before the solve.
class CbWorld : public btMultiBodyDynamicsWorld {
 public:
  CbWorld(btDispatcher *d, btBroadphaseInterface *b, btMultiBodyConstraintSolver *s, btCollisionConfiguration *c,
          BtSim *sim)
      : btMultiBodyDynamicsWorld(d, b, s, c), sim_(sim) {}
  void solveConstraints(btContactSolverInfo &info) override {
    sim_->contact_params();
    btMultiBodyDynamicsWorld::solveConstraints(info);
  }

 private:
  BtSim *sim_;
};

namespace {

// cbench's collision filter (parent and child, welded pairs, self-collision off), by body.
struct PairFilter : btOverlapFilterCallback {
  const BtSim *s;
  explicit PairFilter(const BtSim *sim) : s(sim) {}
  bool needBroadphaseCollision(btBroadphaseProxy *p0, btBroadphaseProxy *p1) const override {
    if (!(p0->m_collisionFilterGroup & p1->m_collisionFilterMask) || !(p1->m_collisionFilterGroup & p0->m_collisionFilterMask))
      return false;
    const ObjInfo *a = static_cast<const ObjInfo *>(static_cast<btCollisionObject *>(p0->m_clientObject)->getUserPointer());
    const ObjInfo *b = static_cast<const ObjInfo *>(static_cast<btCollisionObject *>(p1->m_clientObject)->getUserPointer());
    if (!a || !b) return true;
    return s->allowed[(size_t)a->body * (size_t)s->m->nbody + (size_t)b->body] != 0;
  }
};

}  // namespace

int BtSim::geom_of(const btCollisionObject *o, int index) const {
  const ObjInfo *inf = static_cast<const ObjInfo *>(o->getUserPointer());
  if (inf->compound && index >= 0 && index < (int)inf->geoms.size()) return inf->geoms[(size_t)index];
  return inf->geoms[0];
}

// The scene's pair on every point: Bullet's soft contact (btSequentialImpulseConstraintSolver
// and btMultiBodyConstraintSolver: ERP = h k / (h k + c), CFM = 1 / (h k + c)) with the pair's k
// and the linear damping c = k d x that Hunt-Crossley's k x (1 + d xdot) has at the point's depth
// x (CENIC eq. 5), the pair's single Coulomb coefficient, restitution 0. A belt's relative surface
// velocity becomes the first friction direction's target (Bullet's contactMotion1).
void BtSim::contact_params() {
  btDispatcher *disp = world->getDispatcher();
  const int nmat = m->nmaterial;
  for (int i = 0; i < disp->getNumManifolds(); ++i) {
    btPersistentManifold *man = disp->getManifoldByIndexInternal(i);
    const btCollisionObject *o0 = man->getBody0(), *o1 = man->getBody1();
    if (!o0->getUserPointer() || !o1->getUserPointer()) continue;
    for (int j = 0; j < man->getNumContacts(); ++j) {
      btManifoldPoint &cp = man->getContactPoint(j);
      int g0 = geom_of(o0, cp.m_index0), g1 = geom_of(o1, cp.m_index1);
      if (g0 < 0 || g1 < 0) continue;  // a body without geometry (btEmptyShape) touches nothing
      const double *par = &pairs[3 * ((size_t)m->geoms[g0].material * (size_t)nmat + (size_t)m->geoms[g1].material)];
      cp.m_combinedFriction = par[2];
      cp.m_combinedRestitution = 0;
      cp.m_combinedRollingFriction = 0;
      cp.m_combinedSpinningFriction = 0;
      cp.m_contactPointFlags &= ~(BT_CONTACT_FLAG_HAS_CONTACT_CFM | BT_CONTACT_FLAG_HAS_CONTACT_ERP |
                                  BT_CONTACT_FLAG_CONTACT_STIFFNESS_DAMPING | BT_CONTACT_FLAG_LATERAL_FRICTION_INITIALIZED);
      if (std::isfinite(par[0])) {
        double x = std::max(-(double)cp.getDistance(), 0.0);
        cp.m_combinedContactStiffness1 = par[0];
        cp.m_combinedContactDamping1 = par[0] * par[1] * x;
        cp.m_contactPointFlags |= BT_CONTACT_FLAG_CONTACT_STIFFNESS_DAMPING;
      }
      const Geom &G0 = m->geoms[g0], &G1 = m->geoms[g1];
      if (G0.has_surface_velocity || G1.has_surface_velocity) {
        // (vA - vB) . t1 = (uB - uA) . t1: the points slide at the belts' relative speed
        btVector3 u[2] = {btVector3(0, 0, 0), btVector3(0, 0, 0)};
        const btCollisionObject *o[2] = {o0, o1};
        const int g[2] = {g0, g1}, idx[2] = {cp.m_index0, cp.m_index1};
        for (int k = 0; k < 2; ++k) {
          const Geom &G = m->geoms[g[k]];
          if (!G.has_surface_velocity) continue;
          const ObjInfo *inf = static_cast<const ObjInfo *>(o[k]->getUserPointer());
          size_t c = inf->compound && idx[k] >= 0 && idx[k] < (int)inf->geoms.size() ? (size_t)idx[k] : 0;
          double a = G.surface_bias + G.surface_amp * std::sin(2 * M_PI * G.surface_freq * t_end);
          u[k] = o[k]->getWorldTransform().getBasis() * inf->geom_rot[c] * (vec(G.surface_dir) * a);
        }
        const btVector3 &n = cp.m_normalWorldOnB;
        btVector3 w = u[1] - u[0];
        btVector3 wt = w - n * w.dot(n);
        double speed = wt.length();
        if (speed > 0) {
          cp.m_lateralFrictionDir1 = wt / speed;
          cp.m_lateralFrictionDir2 = cp.m_lateralFrictionDir1.cross(n).normalized();
          cp.m_contactMotion1 = speed;
          cp.m_contactMotion2 = 0;
          cp.m_contactPointFlags |= BT_CONTACT_FLAG_LATERAL_FRICTION_INITIALIZED;
        }
      }
      counters.contact_points++;
    }
  }
}

// One shape for the geometries of a body, in its Bullet frame: the shape itself when it is one
// geometry at that frame, else a compound.
btCollisionShape *BtSim::shape_of(const std::vector<int> &geoms, const BodyMap &bm, ObjInfo *info) {
  std::vector<btCollisionShape *> parts;
  std::vector<btTransform> poses;
  for (int g : geoms) {
    const Geom &G = m->geoms[g];
    btCollisionShape *sh = nullptr;
    // a margin never larger than half the thinnest side (Bullet keeps boxes' and cylinders'
    // outer dimensions and rounds their edges by the margin)
    switch (G.type) {
      case GEOM_SPHERE: sh = new btSphereShape(G.size[0]); break;
      case GEOM_BOX: {
        sh = new btBoxShape(btVector3(G.size[0], G.size[1], G.size[2]));
        sh->setMargin(std::min(cfg.margin, 0.5 * std::min({G.size[0], G.size[1], G.size[2]})));
        break;
      }
      case GEOM_CYLINDER: {
        sh = new btCylinderShapeZ(btVector3(G.size[0], G.size[0], G.size[1]));
        sh->setMargin(std::min(cfg.margin, 0.5 * std::min(G.size[0], G.size[1])));
        break;
      }
      case GEOM_CAPSULE: sh = new btCapsuleShapeZ(G.size[0], 2 * G.size[1]); break;
      default: break;  // planes are static objects of their own (bt_create refuses the rest)
    }
    shapes.emplace_back(sh);
    const btMatrix3x3 R = bm.P.transpose() * mat(G.rot);
    poses.emplace_back(R, bm.P.transpose() * (vec(G.pos) - bm.c));
    parts.push_back(sh);
    info->geoms.push_back(g);
    info->geom_rot.push_back(R);
  }
  if (parts.empty()) {
    shapes.emplace_back(new btEmptyShape());
    info->geoms.push_back(-1);
    info->geom_rot.push_back(btMatrix3x3::getIdentity());
    return shapes.back().get();
  }
  const btTransform &T = poses[0];
  bool at_frame = parts.size() == 1 && T.getOrigin().length2() == 0 && T.getBasis() == btMatrix3x3::getIdentity();
  if (at_frame) return parts[0];
  auto *comp = new btCompoundShape(false, (int)parts.size());
  shapes.emplace_back(comp);
  for (size_t i = 0; i < parts.size(); ++i) comp->addChildShape(poses[i], parts[i]);
  info->compound = true;
  return comp;
}

void BtSim::teardown() {
  world.reset();  // removes the objects' broadphase proxies: the objects outlive it
  limits.clear();
  multibodies.clear();
  objects.clear();
  infos.clear();
  shapes.clear();
  filter.reset();
  solver.reset();
  dantzig.reset();
  broadphase.reset();
  dispatcher.reset();
  config.reset();
}

static void set_object_flags(btCollisionObject *o, const Model *m, const ObjInfo *info) {
  o->setActivationState(DISABLE_DEACTIVATION);  // no sleeping
  o->setRestitution(0);
  o->setRollingFriction(0);
  o->setSpinningFriction(0);
  // Bullet's own per-object route to soft contact; contact_params then puts the pair's k and
  // damping on each point
  if (info->geoms[0] >= 0) {
    const Material &mat = m->materials[m->geoms[info->geoms[0]].material];
    if (std::isfinite(mat.stiffness)) o->setContactStiffnessAndDamping(mat.stiffness, 0);
  }
}

void BtSim::build() {
  const Model &M = *m;
  config.reset(new btDefaultCollisionConfiguration());
  // a contact patch's points at once (Bullet's default adds one new point per pair and step, and
  // a box sliding on points found one after the other turns about its normal)
  config->setPlaneConvexMultipointIterations();
  config->setConvexConvexMultipointIterations();
  dispatcher.reset(new btCollisionDispatcher(config.get()));
  broadphase.reset(new btDbvtBroadphase());
  if (cfg.mlcp) {
    dantzig.reset(new btDantzigSolver());
    solver.reset(new SoftMLCPSolver(dantzig.get()));
  } else {
    solver.reset(new btMultiBodyConstraintSolver());
  }
  world.reset(new CbWorld(dispatcher.get(), broadphase.get(), solver.get(), config.get(), this));
  filter.reset(new PairFilter(this));
  world->getPairCache()->setOverlapFilterCallback(filter.get());
  world->setGravity(btVector3(M.gravity[0], M.gravity[1], M.gravity[2]));
  btContactSolverInfo &si = world->getSolverInfo();
  si.m_numIterations = cfg.iterations;
  si.m_splitImpulse = 0;      // penetration recovery inside the velocity solve, as the soft contact defines it
  si.m_restitution = 0;
  si.m_linearSlop = 0;
  si.m_leastSquaresResidualThreshold = 0;  // every iteration runs: the counted work is the declared one
  // two friction directions per point (a pyramid, as ODE's), the same for rigid bodies and
  // multibodies (no implicit cone), the belts' directions kept (friction direction caching)
  si.m_solverMode = SOLVER_USE_WARMSTARTING | SOLVER_SIMD | SOLVER_USE_2_FRICTION_DIRECTIONS |
                    SOLVER_ENABLE_FRICTION_DIRECTION_CACHING | SOLVER_DISABLE_IMPLICIT_CONE_FRICTION |
                    SOLVER_DISABLE_VELOCITY_DEPENDENT_FRICTION_DIRECTION;
  counters.rigid_bodies = counters.multibodies = counters.links = 0;

  // geometries on the world and on welded bodies: static objects at their world pose
  for (int g = 0; g < M.ngeom; ++g) {
    const Geom &G = M.geoms[g];
    const ::Body &B = M.bodies[G.body];
    if (B.tree >= 0 || B.kinematic) continue;
    auto info = std::make_unique<ObjInfo>();
    info->body = G.body;
    auto *obj = new btCollisionObject();
    objects.emplace_back(obj);
    const btMatrix3x3 R = mat(&geom_xrot[9 * (size_t)g]);
    const btVector3 p = vec(&geom_xpos[3 * (size_t)g]);
    if (G.type == GEOM_PLANE) {
      const btVector3 n = R.getColumn(2);  // the frame's z axis, the outward normal
      shapes.emplace_back(new btStaticPlaneShape(n, n.dot(p)));
      obj->setCollisionShape(shapes.back().get());
      info->geoms.push_back(g);
      info->geom_rot.push_back(btMatrix3x3::getIdentity());
      obj->setWorldTransform(btTransform::getIdentity());
      info->geom_rot[0] = R;
    } else {
      BodyMap at_geom;  // the object's frame is the geometry's
      at_geom.P = mat(G.rot);
      at_geom.c = vec(G.pos);
      obj->setCollisionShape(shape_of({g}, at_geom, info.get()));
      obj->setWorldTransform(btTransform(R, p));
    }
    obj->setUserPointer(info.get());
    set_object_flags(obj, m, info.get());
    world->addCollisionObject(obj, btBroadphaseProxy::StaticFilter, btBroadphaseProxy::AllFilter ^ btBroadphaseProxy::StaticFilter);
    infos.push_back(std::move(info));
  }

  std::vector<std::vector<int>> body_geoms((size_t)M.nbody);
  for (int g = 0; g < M.ngeom; ++g) body_geoms[(size_t)M.geoms[g].body].push_back(g);

  // kinematic bodies (on the world, refused elsewhere): Bullet kinematic objects in the body frame
  for (int b = 1; b < M.nbody; ++b) {
    const ::Body &B = M.bodies[b];
    if (!B.kinematic) continue;
    BodyMap &bm = map[(size_t)b];
    bm.kind = KINEMATIC;
    auto info = std::make_unique<ObjInfo>();
    info->body = b;
    btCollisionShape *sh = shape_of(body_geoms[(size_t)b], bm, info.get());
    btRigidBody::btRigidBodyConstructionInfo ci(0, nullptr, sh);
    auto *rb = new btRigidBody(ci);
    objects.emplace_back(rb);
    rb->setCollisionFlags(rb->getCollisionFlags() | btCollisionObject::CF_KINEMATIC_OBJECT);
    rb->setWorldTransform(btTransform(mat(B.joint_rot), vec(&xpos[3 * (size_t)b])));
    rb->setInterpolationWorldTransform(rb->getWorldTransform());
    rb->setUserPointer(info.get());
    set_object_flags(rb, m, info.get());
    world->addRigidBody(rb);
    bm.rb = rb;
    infos.push_back(std::move(info));
  }

  for (int t = 0; t < M.ntree; ++t) {
    std::vector<int> tb;
    for (int b = 1; b < M.nbody; ++b)
      if (M.bodies[b].tree == t) tb.push_back(b);
    if (tb.empty()) continue;
    const int root = tb[0];
    const ::Body &R0 = M.bodies[root];
    if (tb.size() == 1 && R0.joint == JOINT_FREE) {  // one free body: a btRigidBody
      BodyMap &bm = map[(size_t)root];
      bm.kind = RIGID;
      auto info = std::make_unique<ObjInfo>();
      info->body = root;
      btCollisionShape *sh = shape_of(body_geoms[(size_t)root], bm, info.get());
      btRigidBody::btRigidBodyConstructionInfo ci(R0.mass, nullptr, sh, bm.D);
      ci.m_linearDamping = 0;
      ci.m_angularDamping = 0;
      ci.m_linearSleepingThreshold = 0;
      ci.m_angularSleepingThreshold = 0;
      ci.m_restitution = 0;
      auto *rb = new btRigidBody(ci);
      objects.emplace_back(rb);
      rb->setUserPointer(info.get());
      set_object_flags(rb, m, info.get());
      world->addRigidBody(rb);
      bm.rb = rb;
      infos.push_back(std::move(info));
      counters.rigid_bodies++;
      continue;
    }
    // a btMultiBody: a free root is its floating base; otherwise the base is fixed at the body
    // frame of the root's (static) parent and every body of the tree is a link
    const bool floating = R0.joint == JOINT_FREE;
    std::vector<int> links(tb.begin() + (floating ? 1 : 0), tb.end());
    auto *mb = new btMultiBody((int)links.size(), floating ? R0.mass : 0, floating ? map[(size_t)root].D : btVector3(0, 0, 0),
                               !floating, false);
    multibodies.emplace_back(mb);
    if (floating) {
      map[(size_t)root].kind = BASE;
      map[(size_t)root].mb = mb;
    } else {
      const size_t p = (size_t)R0.parent;
      mb->setBaseWorldTransform(btTransform(mat(&xrot[9 * p]), vec(&xpos[3 * p])));
    }
    for (size_t i = 0; i < links.size(); ++i) {
      const int b = links[i];
      const ::Body &B = M.bodies[b];
      BodyMap &bm = map[(size_t)b];
      bm.kind = LINK;
      bm.mb = mb;
      bm.link = (int)i;
      int parent_link = -1;
      btMatrix3x3 Pp = btMatrix3x3::getIdentity();
      btVector3 cp(0, 0, 0);
      if (B.parent == root && floating) {
        Pp = map[(size_t)root].P, cp = map[(size_t)root].c;
      } else if (M.bodies[B.parent].tree == t) {
        parent_link = map[(size_t)B.parent].link;
        Pp = map[(size_t)B.parent].P, cp = map[(size_t)B.parent].c;
      }
      // R_Lc = R_Lp Z^T Rot(P_c^T a, q) with Z = P_c^T R_J^T P_p (Bullet's rotParentToThis at q = 0)
      const btMatrix3x3 RJ = mat(B.joint_rot);
      const btMatrix3x3 Z = bm.P.transpose() * RJ.transpose() * Pp;
      btQuaternion Zq;
      Z.getRotation(Zq);
      const btVector3 e = Pp.transpose() * (vec(B.joint_pos) - cp);  // parent COM -> pivot, parent frame
      const btVector3 d = bm.P.transpose() * bm.c;                   // pivot -> COM, this frame
      const btVector3 axis = bm.P.transpose() * vec(B.axis);
      switch (B.joint) {
        case JOINT_REVOLUTE: mb->setupRevolute((int)i, B.mass, bm.D, parent_link, Zq, axis, e, d, false); break;
        case JOINT_PRISMATIC: mb->setupPrismatic((int)i, B.mass, bm.D, parent_link, Zq, axis, e, d, false); break;
        default: mb->setupFixed((int)i, B.mass, bm.D, parent_link, Zq, e, d); break;
      }
    }
    mb->finalizeMultiDof();
    mb->setCanSleep(false);
    mb->setLinearDamping(0);    // Bullet's default is 0.04
    mb->setAngularDamping(0);
    mb->setMaxCoordinateVelocity(kHuge);
    mb->setMaxAppliedImpulse(kHuge);
    mb->setHasSelfCollision(true);  // PairFilter decides which links touch
    world->addMultiBody(mb);
    counters.multibodies++;
    counters.links += (int)links.size();
    auto add_collider = [&](int b, int link) {
      if (body_geoms[(size_t)b].empty()) return;
      auto info = std::make_unique<ObjInfo>();
      info->body = b;
      btCollisionShape *sh = shape_of(body_geoms[(size_t)b], map[(size_t)b], info.get());
      auto *col = new btMultiBodyLinkCollider(mb, link);
      objects.emplace_back(col);
      col->setCollisionShape(sh);
      col->setUserPointer(info.get());
      set_object_flags(col, m, info.get());
      world->addCollisionObject(col, btBroadphaseProxy::DefaultFilter, btBroadphaseProxy::AllFilter);
      if (link < 0) mb->setBaseCollider(col);
      else mb->getLink(link).m_collider = col;
      infos.push_back(std::move(info));
    };
    if (floating) add_collider(root, -1);
    for (size_t i = 0; i < links.size(); ++i) {
      const int b = links[i];
      add_collider(b, (int)i);
      const ::Body &B = M.bodies[b];
      if (B.has_limit && (B.joint == JOINT_REVOLUTE || B.joint == JOINT_PRISMATIC)) {
        auto *lim = new btMultiBodyJointLimitConstraint(mb, (int)i, B.limit_lower, B.limit_upper);
        limits.emplace_back(lim);
        lim->setMaxAppliedImpulse(kHuge);
        world->addMultiBodyConstraint(lim);
      }
    }
  }
}

// cbench (q, v) -> Bullet. A free body's q is in its joint frame F (model.h).
void BtSim::set_state(const double *q, const double *v) {
  const Model &M = *m;
  for (int b = 1; b < M.nbody; ++b) {
    const ::Body &B = M.bodies[b];
    BodyMap &bm = map[(size_t)b];
    if (bm.kind == RIGID || bm.kind == BASE) {
      const double *qb = q + B.qadr, *vb = v + B.vadr;
      const btMatrix3x3 RF = mat(B.joint_rot);
      const btQuaternion qw = quat(B.joint_quat) * quat(qb + 3);
      const btVector3 po = vec(B.joint_pos) + RF * vec(qb);
      const btMatrix3x3 RB(qw);
      const btVector3 pc = po + RB * bm.c;
      const btVector3 w = RF * vec(vb), vo = RF * vec(vb + 3);
      const btVector3 vc = vo + w.cross(pc - po);
      const btTransform T(qw * bm.Pq, pc);
      if (bm.kind == RIGID) {
        bm.rb->setWorldTransform(T);
        bm.rb->setInterpolationWorldTransform(T);
        bm.rb->setLinearVelocity(vc);
        bm.rb->setAngularVelocity(w);
        bm.rb->setInterpolationLinearVelocity(vc);
        bm.rb->setInterpolationAngularVelocity(w);
        bm.rb->clearForces();
        bm.rb->updateInertiaTensor();
      } else {
        bm.mb->setBaseWorldTransform(T);
        bm.mb->setBaseVel(vc);
        bm.mb->setBaseOmega(w);
      }
    } else if (bm.kind == LINK && B.nv == 1) {
      bm.mb->setJointPos(bm.link, q[B.qadr]);
      bm.mb->setJointVel(bm.link, v[B.vadr]);
    }
  }
  for (auto &mb : multibodies) {
    mb->clearForcesAndTorques();
    mb->clearConstraintForces();
    mb->forwardKinematics(scratch_q, scratch_v);
    mb->updateCollisionObjectWorldTransforms(scratch_q, scratch_v);
  }
  q_prev.assign(q, q + M.nq);
}

void BtSim::get_state(double *q, double *v) {
  const Model &M = *m;
  for (int b = 1; b < M.nbody; ++b) {
    const ::Body &B = M.bodies[b];
    const BodyMap &bm = map[(size_t)b];
    if (bm.kind == RIGID || bm.kind == BASE) {
      double *qb = q + B.qadr, *vb = v + B.vadr;
      btTransform T;
      btVector3 vc, w;
      if (bm.kind == RIGID) T = bm.rb->getWorldTransform(), vc = bm.rb->getLinearVelocity(), w = bm.rb->getAngularVelocity();
      else T = bm.mb->getBaseWorldTransform(), vc = bm.mb->getBaseVel(), w = bm.mb->getBaseOmega();
      const btQuaternion qw = T.getRotation() * bm.Pq.inverse();
      const btMatrix3x3 RB(qw);
      const btVector3 po = T.getOrigin() - RB * bm.c;
      const btMatrix3x3 RFt = mat(B.joint_rot).transpose();
      const btVector3 p = RFt * (po - vec(B.joint_pos));
      btQuaternion ql = quat(B.joint_quat).inverse() * qw;
      ql.normalize();
      double qq[4] = {ql.w(), ql.x(), ql.y(), ql.z()};
      const double *qp = &q_prev[(size_t)B.qadr + 3];
      if (qq[0] * qp[0] + qq[1] * qp[1] + qq[2] * qp[2] + qq[3] * qp[3] < 0)
        for (double &x : qq) x = -x;
      const btVector3 vo = vc + w.cross(po - T.getOrigin());
      const btVector3 wf = RFt * w, vf = RFt * vo;
      for (int k = 0; k < 3; ++k) qb[k] = p[k], vb[k] = wf[k], vb[3 + k] = vf[k];
      for (int k = 0; k < 4; ++k) qb[3 + k] = qq[k];
    } else if (bm.kind == LINK && B.nv == 1) {
      q[B.qadr] = bm.mb->getJointPos(bm.link);
      v[B.vadr] = bm.mb->getJointVel(bm.link);
    }
  }
  std::copy(q, q + M.nq, q_prev.begin());
}

// tau (cbench's generalized forces) as Bullet forces: a free joint's [torque; force at the body
// origin] in F (the power tau . v) becomes a force at the COM and the torque about it.
void BtSim::apply(const double *tau) {
  const Model &M = *m;
  for (int b = 1; b < M.nbody; ++b) {
    const ::Body &B = M.bodies[b];
    const BodyMap &bm = map[(size_t)b];
    if (bm.kind == RIGID || bm.kind == BASE) {
      const double *tb = tau + B.vadr;
      const btMatrix3x3 RF = mat(B.joint_rot);
      const btVector3 n = RF * vec(tb), f = RF * vec(tb + 3);
      btTransform T = bm.kind == RIGID ? bm.rb->getWorldTransform() : bm.mb->getBaseWorldTransform();
      const btQuaternion qw = T.getRotation() * bm.Pq.inverse();
      const btVector3 arm = -(btMatrix3x3(qw) * bm.c);  // COM -> origin
      if (bm.kind == RIGID) {
        bm.rb->applyCentralForce(f);
        bm.rb->applyTorque(n + arm.cross(f));
      } else {
        bm.mb->addBaseForce(f);
        bm.mb->addBaseTorque(n + arm.cross(f));
      }
    } else if (bm.kind == LINK && B.nv == 1) {
      bm.mb->addJointTorque(bm.link, tau[B.vadr]);
    }
  }
}

static CbStatus put(CbError *e, CbStatus status, const char *what) { return CB_ERROR(e, status, "%s", what); }

extern "C" BtSim *bt_create(const Model *m, const BtConfig *cfg, const BtScenePoses *poses, CbError *err) {
  BtSim *s = nullptr;
  try {
    s = new BtSim();
    s->m = m;
    s->cfg = *cfg;
    const size_t nb = (size_t)m->nbody, ng = (size_t)m->ngeom, nm = (size_t)m->nmaterial;
    s->xpos.assign(poses->xpos, poses->xpos + 3 * nb);
    s->xrot.assign(poses->xrot, poses->xrot + 9 * nb);
    s->geom_xpos.assign(poses->geom_xpos, poses->geom_xpos + 3 * ng);
    s->geom_xrot.assign(poses->geom_xrot, poses->geom_xrot + 9 * ng);
    s->pairs.assign(poses->material_pairs, poses->material_pairs + 3 * nm * nm);
    s->allowed.assign(poses->allowed, poses->allowed + nb * nb);
    s->map.resize(nb);
    s->q_prev.assign((size_t)m->nq + 1, 0.0);
    for (int b = 1; b < m->nbody; ++b) {
      const ::Body &B = m->bodies[b];
      BodyMap &bm = s->map[(size_t)b];
      if (B.tree < 0) continue;
      // principal axes: I = P D P^T (Bullet's bodies and links take a diagonal inertia)
      btMatrix3x3 I = mat(B.inertia), P = btMatrix3x3::getIdentity();
      if (!B.inertia_diagonal) I.diagonalize(P, 1e-15, 100);
      bm.P = P;
      P.getRotation(bm.Pq);
      bm.P = btMatrix3x3(bm.Pq);  // exactly the rotation of Pq, so the state maps round-trip
      bm.D = btVector3(I[0][0], I[1][1], I[2][2]);
      bm.c = vec(B.com);
    }
    s->build();
    return s;
  } catch (const std::bad_alloc &) {
    put(err, CB_ERR_MEMORY, "bullet: out of memory building the world");
  } catch (const std::exception &e) {
    put(err, CB_ERR_MODEL, e.what());
  }
  if (s) s->teardown();
  delete s;
  return nullptr;
}

extern "C" CbStatus bt_reset(BtSim *s, const double *q, const double *v, CbError *err) {
  try {
    s->teardown();
    s->build();
    s->set_state(q, v);
    s->counters.contact_points = 0;
    s->counters.mlcp_fallbacks = 0;
    return CB_OK;
  } catch (const std::bad_alloc &) {
    return put(err, CB_ERR_MEMORY, "bullet: out of memory building the world");
  }
}

extern "C" CbStatus bt_step(BtSim *s, double t, double h, const double *tau, const double *kin0, const double *kin1,
                            double *q, double *v, CbError *err) {
  try {
    if (tau) s->apply(tau);
    const Model &M = *s->m;
    for (int b = 1; b < M.nbody; ++b) {
      const BodyMap &bm = s->map[(size_t)b];
      if (bm.kind != KINEMATIC) continue;
      // Bullet's kinematic convention: its velocity is the secant from the interpolation
      // transform (the pose at t) to the world transform (the pose at t + h, where the step's
      // collision sees it)
      const btMatrix3x3 R = mat(M.bodies[b].joint_rot);
      bm.rb->setInterpolationWorldTransform(btTransform(R, vec(kin0 + 3 * b)));
      bm.rb->setWorldTransform(btTransform(R, vec(kin1 + 3 * b)));
    }
    s->t_end = t + h;
    s->world->stepSimulation(h, 0, h);
    if (s->cfg.mlcp)
      s->counters.mlcp_fallbacks = static_cast<btMultiBodyMLCPConstraintSolver *>(s->solver.get())->getNumFallbacks();
    s->get_state(q, v);
    return CB_OK;
  } catch (const std::bad_alloc &) {
    return put(err, CB_ERR_MEMORY, "bullet: out of memory in the world step");
  }
}

extern "C" void bt_counters(const BtSim *s, BtCounters *out) { *out = s->counters; }

extern "C" void bt_destroy(BtSim *s) {
  if (!s) return;
  s->teardown();
  delete s;
}
