/* Data lifetime: everything an evaluation needs is allocated here, once per run. */
#include "data.h"

#include <stdlib.h>
#include <string.h>

Data *data_create(const Model *m) {
  Data *d = calloc(1, sizeof(Data));
  if (!d) return NULL;
  d->model = m;
  size_t nb = (size_t)m->nbody, ng = (size_t)m->ngeom + 1, nv = (size_t)m->nv + 1;
  size_t ms = (size_t)m->mass_size + 1, mt = (size_t)m->max_tree_nv + 1;
  /* Featherstone scratch: per body 6x6 transforms and inertias, spatial vectors, plus
   * tree-sized work columns. Generous on purpose; sized in one place. */
  d->scratch_size = (int)(160 * nb + 24 * nv + 8 * mt * mt + 64);
  size_t scratch_size = (size_t)d->scratch_size;
  int missing = 0;
#define DATA_ARRAY_ALLOC(name, count, what) missing |= !(d->name = calloc(count, sizeof(double)));
  DATA_ARRAYS(DATA_ARRAY_ALLOC)
#undef DATA_ARRAY_ALLOC
  if (missing || data_reserve_contacts(d, 16, 16 * 3 * 2 * (int)mt) != 0) {
    data_free(d);
    return NULL;
  }
  return d;
}

void data_free(Data *d) {
  if (!d) return;
  if (d->broadphase_free) d->broadphase_free(d->broadphase);
#define DATA_ARRAY_FREE(name, count, what) free(d->name);
  DATA_ARRAYS(DATA_ARRAY_FREE)
#undef DATA_ARRAY_FREE
  free(d->contacts);
  free(d->contact_jac);
  free(d);
}

CbStatus data_reserve_contacts(Data *d, int ncon, int jac) {
  if (ncon > d->maxcon) {
    int cap = d->maxcon > 0 ? d->maxcon : 16;
    while (cap < ncon) cap *= 2;
    Contact *c = realloc(d->contacts, sizeof(Contact) * (size_t)cap);
    if (!c) return CB_ERR_MEMORY;
    d->contacts = c;
    d->maxcon = cap;
  }
  if (jac > d->jac_capacity) {
    int cap = d->jac_capacity > 0 ? d->jac_capacity : 64;
    while (cap < jac) cap *= 2;
    double *j = realloc(d->contact_jac, sizeof(double) * (size_t)cap);
    if (!j) return CB_ERR_MEMORY;
    d->contact_jac = j;
    d->jac_capacity = cap;
  }
  return CB_OK;
}

void data_count_geometry_into(Data *d, long *counter) { d->geometry_queries_out = counter; }
