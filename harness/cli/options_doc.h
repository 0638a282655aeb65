/* The integrators' declared options (IntegratorVtbl.options) as text: `cbench list --options`
 * prints the plain listing, `--markdown` the page committed as docs/options.md. */
#ifndef CBENCH_OPTIONS_DOC_H
#define CBENCH_OPTIONS_DOC_H

#include <stdio.h>

void options_doc_text(FILE *f);
void options_doc_markdown(FILE *f);

#endif
