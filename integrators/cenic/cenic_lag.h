/* The normal forces of recent convex solves, kept per contact, for the lagged friction of
 * look-ahead contacts. The Lagged model (ICF V-B, CENIC eq. 14) bounds friction by
 * mu n0 with n0 = h f_n(x^n), the force law at the step start; a look-ahead contact enters with a
 * gap (phi0 > 0) and gets n0 = 0 even when the previous solve gave it the whole load (a pivot
 * that lifts micrometres every other step slides). Here each solve leaves, for every loaded
 * contact, the smaller of its normal force gamma_n / h and the lag n0 / h it started from (a
 * sustained load carries on, an impact's does not follow the bodies apart), keyed by the state
 * the solve ended at; the next solve from that state finds a contact's force by its pair of
 * geometries and its point in the first geometry's frame (the nearest point within a tenth of
 * that geometry's bounding radius).
 * A few records are kept, least recently used first out, so that a retry from the same start
 * (a rejected attempt) and cenic-sd's second half step (from the midpoint) find theirs. */
#ifndef CBENCH_CENIC_LAG_H
#define CBENCH_CENIC_LAG_H

#include "../../models/data.h"
#include "icf_problem.h"

#define CENIC_LAG_RECORDS 4

typedef struct {
  long pair;          /* ga * ngeom + gb */
  double loc[3];      /* contact point in geometry ga's frame */
  double fn;          /* normal force of the solve, N */
} CenicLagEntry;

typedef struct {
  double *key;        /* [nx] state the solve ended at */
  CenicLagEntry *e;   /* sorted by pair */
  CenicLagEntry *tmp; /* [cap] scratch of the sort */
  int n, cap;
  unsigned long used; /* last use (LRU) */
  int valid;
} CenicLagRecord;

typedef struct {
  int nx;
  unsigned long clock;
  CenicLagRecord rec[CENIC_LAG_RECORDS];
} CenicLag;

CbStatus cenic_lag_init(CenicLag *l, int nx);
void cenic_lag_free(CenicLag *l);
void cenic_lag_reset(CenicLag *l);
/* The record of the solve that ended at state x, or NULL. */
const CenicLagRecord *cenic_lag_find(CenicLag *l, const double *x);
/* Normal force (N) the record gives contact i of d, 0 if the record has no such contact. */
double cenic_lag_force(const CenicLagRecord *r, const Model *m, const Data *d, int i);
/* Total normal force (N) of the record's contacts between geometries ga and gb. */
double cenic_lag_pair_force(const CenicLagRecord *r, const Model *m, int ga, int gb);
/* Keeps the forces min(gamma_n, n0) / h of problem p's contacts (those of d) at solution v,
 * keyed by the end state xend. 0, 1 (xend not finite: nothing kept), or -1 (out of memory:
 * nothing kept). */
int cenic_lag_store(CenicLag *l, const double *xend, const Model *m, const Data *d, const IcfProblem *p, const double *v);

#endif
