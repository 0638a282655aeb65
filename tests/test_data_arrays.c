/* Data's fixed-size arrays come from one list (DATA_ARRAYS in models/data.h): every entry is
 * allocated by data_create with its listed count (ASan catches a short one when the whole
 * count is written) and freed by data_free (LeakSanitizer catches a missing free). */
#include <criterion/criterion.h>
#include <string.h>

#include "models/data.h"
#include "tests/mb_fixtures.h"

Test(data_arrays, every_listed_array_has_its_count) {
  Model *m = mbfix_random_tree(7, 6, MBFIX_SPRINGS);
  cr_assert_not_null(m);
  Data *d = data_create(m);
  cr_assert_not_null(d);
  size_t nb = (size_t)m->nbody, ng = (size_t)m->ngeom + 1, nv = (size_t)m->nv + 1;
  size_t ms = (size_t)m->mass_size + 1, mt = (size_t)m->max_tree_nv + 1;
  size_t scratch_size = (size_t)d->scratch_size;
  int narrays = 0;
#define CHECK_ARRAY(name, count, what)                                                  \
  cr_assert_not_null(d->name, #name " (" what ") not allocated");                       \
  for (size_t i = 0; i < (size_t)(count); ++i) d->name[i] = (double)i;                  \
  cr_expect(d->name[(size_t)(count) - 1] == (double)((size_t)(count) - 1), #name);      \
  ++narrays;
  DATA_ARRAYS(CHECK_ARRAY)
#undef CHECK_ARRAY
  (void)nb; (void)ng; (void)nv; (void)ms; (void)mt;
  cr_expect_eq(narrays, 16);
  data_free(d);
  model_free(m);
}
