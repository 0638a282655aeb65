#include "options_doc.h"

#include <string.h>

static const char *const type_names[] = {"bool", "int", "double", "enum", "string"};

void options_doc_text(const IntegratorRegistry *r, FILE *f) {
  for (int i = 0; i < integrator_registry_count(r); ++i) {
    const IntegratorVtbl *vt = integrator_registry_at(r, i);
    int n = options_count(vt->options);
    fprintf(f, "%s:%s\n", vt->name, n ? "" : " no options");
    for (int k = 0; k < n; ++k) {
      const OptionSpec *o = &vt->options[k];
      char allowed[256];
      option_allowed_text(o, allowed, sizeof allowed);
      fprintf(f, "  %-20s %-6s default %-10s %s\n  %-20s        allowed: %s\n", o->name, type_names[o->type],
              o->def ? o->def : "-", o->doc, "", allowed);
    }
  }
}

/* A table cell: '|' escaped. */
static void cell(FILE *f, const char *s) {
  for (; *s; ++s) {
    if (*s == '|') fputc('\\', f);
    fputc(*s, f);
  }
}

void options_doc_markdown(const IntegratorRegistry *r, FILE *f) {
  fprintf(f, "# Integrator options\n\n"
             "Each integrator takes the options below as `--opt KEY=VALUE` (`cbench run`) or as a sweep\n"
             "axis `--opt KEY=V1,V2` (`cbench sweep`, recipes' `\"opt\"`). A key an integrator does not\n"
             "declare, or a value outside what is allowed, is refused with a one-line message.\n\n"
             "This page is generated from the integrators' option tables: regenerate it with\n"
             "`build/cbench list --options --markdown > docs/options.md` (a test fails when it differs).\n");
  for (int i = 0; i < integrator_registry_count(r); ++i) {
    const IntegratorVtbl *vt = integrator_registry_at(r, i);
    int n = options_count(vt->options);
    fprintf(f, "\n## %s\n\n", vt->name);
    if (!n) {
      fprintf(f, "No options.\n");
      continue;
    }
    fprintf(f, "| option | type | default | allowed | what |\n| --- | --- | --- | --- | --- |\n");
    for (int k = 0; k < n; ++k) {
      const OptionSpec *o = &vt->options[k];
      char allowed[256];
      option_allowed_text(o, allowed, sizeof allowed);
      fprintf(f, "| `%s` | %s | %s%s%s | ", o->name, type_names[o->type], o->def ? "`" : "", o->def ? o->def : "-",
              o->def ? "`" : "");
      cell(f, allowed);
      fputs(" | ", f);
      cell(f, o->doc);
      fputs(" |\n", f);
    }
  }
}
