/* Staged evaluation for observers: the model layer's own sequence of kinematics, geometry
 * query and contact Jacobians, and per-contact law evaluation. */
#include "evaluate.h"

#include "collision.h"
#include "contact.h"
#include "kinematic.h"
#include "multibody.h"

CbStatus model_eval(const Model *m, Data *d, double t, const double *q, const double *v, EvalStage first,
               EvalStage last) {
  if (first <= EVAL_KINEMATICS && last >= EVAL_KINEMATICS) {
    mb_kinematics(m, d, q);
    mb_velocities(m, d, v);
    kinematic_update(m, d, t);
  }
  if (first <= EVAL_GEOMETRY && last >= EVAL_GEOMETRY) {
    CbStatus st = collision_detect(m, d);
    if (st != CB_OK) return st;
    contact_materials(m, d);
  }
  if (first <= EVAL_CONTACTS && last >= EVAL_CONTACTS) return contact_jacobians(m, d, t);
  return CB_OK;
}

void model_contact_force(const Model *m, const Data *d, int i, const double *v, double *vc, double *f) {
  const Contact *c = &d->contacts[i];
  contact_velocity(m, d, i, v, vc);
  contact_force(&c->par, c->phi, vc, f, NULL, NULL);
}

void model_contact_apply(const Model *m, const Data *d, int i, const double *f, double *gen) {
  contact_apply_force(m, d, i, f, gen);
}
