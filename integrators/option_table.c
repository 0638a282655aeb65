#include "option_table.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/nearest_name.h"

int options_count(const OptionSpec *table) {
  int n = 0;
  while (table && table[n].name) ++n;
  return n;
}

const OptionSpec *options_find(const OptionSpec *table, const char *key) {
  for (int i = 0; table && table[i].name; ++i)
    if (!strcmp(table[i].name, key)) return &table[i];
  return NULL;
}

void option_allowed_text(const OptionSpec *o, char *out, size_t outlen) {
  size_t n = 0;
  out[0] = 0;
  switch (o->type) {
  case OPTION_BOOL: snprintf(out, outlen, "0 or 1"); break;
  case OPTION_INT: snprintf(out, outlen, "an integer in [%.0f, %.0f]", o->min, o->max); break;
  case OPTION_DOUBLE:
    if (isinf(o->max)) snprintf(out, outlen, "a number %s %g", o->min_open ? ">" : ">=", o->min);
    else snprintf(out, outlen, "a number in %s%g, %g]", o->min_open ? "(" : "[", o->min, o->max);
    break;
  case OPTION_ENUM:
    for (int k = 0; o->choices[k] && n < outlen; ++k)
      n += (size_t)snprintf(out + n, outlen - n, "%s%s", k == 0 ? "" : o->choices[k + 1] ? ", " : " or ", o->choices[k]);
    break;
  case OPTION_STRING: snprintf(out, outlen, "%s", o->allowed ? o->allowed : "any text"); break;
  }
}

/* The value text s as o's type into v; CB_OK, or CB_ERR_OPTION (not allowed). */
static CbStatus parse_value(const OptionSpec *o, const char *s, OptionValue *v) {
  char *end;
  v->s = s;
  switch (o->type) {
  case OPTION_BOOL:
    if (strcmp(s, "0") && strcmp(s, "1")) return CB_ERR_OPTION;
    v->i = s[0] == '1';
    return CB_OK;
  case OPTION_INT: {
    errno = 0;
    long x = strtol(s, &end, 10);
    if (end == s || *end || errno || x < o->min || x > o->max) return CB_ERR_OPTION;
    v->i = x;
    return CB_OK;
  }
  case OPTION_DOUBLE: {
    double x = strtod(s, &end);
    if (end == s || *end || !isfinite(x) || (o->min_open ? !(x > o->min) : !(x >= o->min)) || !(x <= o->max))
      return CB_ERR_OPTION;
    v->d = x;
    return CB_OK;
  }
  case OPTION_ENUM:
    for (int k = 0; o->choices[k]; ++k)
      if (!strcmp(o->choices[k], s)) { v->i = k; return CB_OK; }
    return CB_ERR_OPTION;
  case OPTION_STRING: return o->valid && !o->valid(s) ? CB_ERR_OPTION : CB_OK;
  }
  return CB_ERR_OPTION;
}

CbStatus options_parse(const char *who, const OptionSpec *table, int n, const char *const *keys,
                       const char *const *values, OptionValues *out, CbError *e) {
  memset(out, 0, sizeof *out);
  out->spec = table;
  out->n = options_count(table);
  if (out->n > CB_MAX_OPTIONS)
    return CB_ERROR(e, CB_ERR_OPTION, "integrator %s declares %d options, more than %d", who, out->n, CB_MAX_OPTIONS);
  for (int i = 0; i < out->n; ++i)
    if (table[i].def && parse_value(&table[i], table[i].def, &out->v[i]) != CB_OK)
      return CB_ERROR(e, CB_ERR_OPTION, "integrator %s: the default %s=%s is not allowed", who, table[i].name, table[i].def);
  for (int k = 0; k < n; ++k) {
    const OptionSpec *o = options_find(table, keys[k]);
    if (!o) {
      if (!out->n)
        return CB_ERROR(e, CB_ERR_OPTION, "unknown option '%s' for integrator %s: it takes no options", keys[k], who);
      const char *names[CB_MAX_OPTIONS];
      for (int i = 0; i < out->n; ++i) names[i] = table[i].name;
      char hint[128];
      nearest_name_hint(keys[k], names, out->n, hint, sizeof hint);
      return CB_ERROR(e, CB_ERR_OPTION, "unknown option '%s' for integrator %s%s (see `cbench list --options`)", keys[k],
                      who, hint);
    }
    OptionValue *v = &out->v[o - table];
    if (v->given) return CB_ERROR(e, CB_ERR_OPTION, "option %s given twice for integrator %s", keys[k], who);
    if (parse_value(o, values[k], v) != CB_OK) {
      char allowed[256];
      option_allowed_text(o, allowed, sizeof allowed);
      return CB_ERROR(e, CB_ERR_OPTION, "option %s='%s' for integrator %s: must be %s", keys[k], values[k], who, allowed);
    }
    v->given = 1;
  }
  return CB_OK;
}

static const OptionValue *get(const OptionValues *v, const char *name, OptionType type) {
  const OptionSpec *o = options_find(v->spec, name);
  if (!o || o->type != type) {
    fprintf(stderr, "cbench: internal error: option '%s' read but not declared with that type\n", name);
    abort();
  }
  return &v->v[o - v->spec];
}

int option_bool(const OptionValues *v, const char *name) { return (int)get(v, name, OPTION_BOOL)->i; }
long option_int(const OptionValues *v, const char *name) { return get(v, name, OPTION_INT)->i; }
double option_double(const OptionValues *v, const char *name) { return get(v, name, OPTION_DOUBLE)->d; }
int option_enum(const OptionValues *v, const char *name) { return (int)get(v, name, OPTION_ENUM)->i; }
const char *option_string(const OptionValues *v, const char *name) { return get(v, name, OPTION_STRING)->s; }

int option_given(const OptionValues *v, const char *name) {
  const OptionSpec *o = options_find(v->spec, name);
  return o ? v->v[o - v->spec].given : 0;
}
