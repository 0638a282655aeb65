/* A recipe's verdict (figures/README.md, "checks"): each check tests one claim of the paper in
 * its own terms (an order, a ratio band, a time, a ranking at each accuracy) and answers
 * `reproduced`, `not_reproduced`, `differs_by_design` (it does not hold, for the stated reason
 * of a setup that differs on purpose), `no_paper_claim` for the whole of a recipe without a
 * paper.ref (cbench's own claim: it reproduces nothing) or, in quick mode, `smoke` (unless the recipe's
 * "quick_decides" says, with a measurement, that its quick grid decides the claim). Only ok
 * runs whose physics guards stayed quiet are data: failed, timed-out and flagged records never
 * give a check a number (harness/run/record_outcome.h), except through the field "status_code". */
#ifndef CBENCH_FIGURE_VERDICT_H
#define CBENCH_FIGURE_VERDICT_H

#include <cjson/cJSON.h>

#define VERDICT_REPRODUCED "reproduced"
#define VERDICT_NOT_REPRODUCED "not_reproduced"
#define VERDICT_DIFFERS "differs_by_design"
#define VERDICT_SMOKE "smoke"
#define VERDICT_NO_PAPER_CLAIM "no_paper_claim"
/* A recipe of kind "cbench_claim" (figures/README.md) states a claim of cbench's own (an order
 * of convergence, a penetration, a cost ratio) that is judged like a paper's, but is no paper
 * item: reports list it apart, and the README's tally of paper items does not count it. */
#define RECIPE_KIND_CBENCH_CLAIM "cbench_claim"
#define VERDICT_CBENCH_HOLDS "cbench_claim_holds"
#define VERDICT_CBENCH_FAILS "cbench_claim_fails"

/* The value of a {where, field, stat, x} or {where, series} selection over the records (NAN
 * when no usable record gives one, or its series cannot be read: no value, not a failure; the
 * check then says it has no number). Records carry "_dir" and "record_file" for their series. */
double figure_selection_value(const cJSON *records, const cJSON *sel);

/* {"status", "sentence", "checks": [{"quantity", "status", "outcome", "ours", "paper", "paper_id",
 * "tolerance", "sentence", "a", "b", "cells"}]} for the recipe's checks on the records; a check's
 * paper number by id from folder paper_dir (paper_data.h). */
cJSON *figure_verdict(const cJSON *recipe, const cJSON *records, int quick, const char *paper_dir);

#endif
