/* Staged evaluation of a state for observers (energy and contact logs, physics guards) that
 * read the model without stepping it, in the manner of MuJoCo's mj_forwardSkip: the stages run
 * in order, and a caller that already ran the early ones starts at a later one. With it and
 * the law's shared formulas (models/contact/contact_law.h) an observer needs neither the
 * collision nor the contact module. */
#ifndef CBENCH_EVALUATE_H
#define CBENCH_EVALUATE_H

#include "contact/contact_hooks.h"
#include "contact/contact_law.h"
#include "data.h"

typedef enum {
  EVAL_KINEMATICS, /* poses and velocities at (q, v), kinematic bodies placed at t */
  EVAL_GEOMETRY,   /* the geometry query: d->contacts with phi, frame and combined parameters */
  EVAL_CONTACTS,   /* contact Jacobians and the prescribed-motion offsets vc_offset at t */
} EvalStage;

/* Runs the stages first..last at (t, q, v) into d (q, v unused by the later stages). CB_OK, or
 * CB_ERR_MEMORY when the contact arrays could not grow (the later stages are then not run). */
CbStatus model_eval(const Model *m, Data *d, double t, const double *q, const double *v, EvalStage first,
                    EvalStage last);

/* Contact i's contact-frame velocity vc = J_i v + vc_offset and the law's force f on body A
 * (needs EVAL_CONTACTS). */
void model_contact_force(const Model *m, const Data *d, int i, const double *v, double *vc, double *f);
/* gen[nv] += J_i^T f for contact i (needs EVAL_CONTACTS). */
void model_contact_apply(const Model *m, const Data *d, int i, const double *f, double *gen);

#endif
