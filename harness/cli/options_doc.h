/* The integrators' declared options (IntegratorVtbl.options) as text: `cbench list --options`
 * prints the plain listing, `--markdown` the page committed as docs/options.md. */
#ifndef CBENCH_OPTIONS_DOC_H
#define CBENCH_OPTIONS_DOC_H

#include <stdio.h>

#include "../../integrators/integrator.h"

/* Every integrator of registry r (NULL: the built-in table, which docs/options.md lists). */
void options_doc_text(const IntegratorRegistry *r, FILE *f);
void options_doc_markdown(const IntegratorRegistry *r, FILE *f);

#endif
