/* Declared integrator options. Each integrator lists the `--opt KEY=VALUE` settings it takes as a
 * table of OptionSpec next to its vtable (IntegratorVtbl.options). One parser checks the strings
 * against the table and turns them into typed values (defaults for the keys not given); the same
 * table answers "does this integrator take KEY" and prints `cbench list --options`. */
#ifndef CBENCH_OPTION_TABLE_H
#define CBENCH_OPTION_TABLE_H

#include <stddef.h>

#include "../models/cb_error.h"

typedef enum { OPTION_BOOL, OPTION_INT, OPTION_DOUBLE, OPTION_ENUM, OPTION_STRING } OptionType;

typedef struct OptionSpec {
  const char *name;
  OptionType type;
  const char *def;             /* default, as a value of the type; NULL: none (doc says what applies) */
  const char *const *choices;  /* ENUM: the allowed values, NULL-terminated */
  double min, max;             /* INT, DOUBLE: the allowed range */
  int min_open;                /* DOUBLE: value > min (else >= min) */
  const char *allowed;         /* STRING: what is allowed, for messages and the listing */
  int (*valid)(const char *v); /* STRING: 1 when v is allowed (NULL: any text) */
  const char *doc;             /* one line */
} OptionSpec;

/* Table entries; a table ends with OPTIONS_END. */
#define OPTION_BOOL_SPEC(name, def, doc) {name, OPTION_BOOL, def, NULL, 0, 1, 0, NULL, NULL, doc}
#define OPTION_INT_SPEC(name, def, lo, hi, doc) {name, OPTION_INT, def, NULL, lo, hi, 0, NULL, NULL, doc}
#define OPTION_DOUBLE_SPEC(name, def, lo, open, hi, doc) {name, OPTION_DOUBLE, def, NULL, lo, hi, open, NULL, NULL, doc}
#define OPTION_ENUM_SPEC(name, def, choices, doc) {name, OPTION_ENUM, def, choices, 0, 0, 0, NULL, NULL, doc}
#define OPTION_STRING_SPEC(name, def, allowed, valid, doc) {name, OPTION_STRING, def, NULL, 0, 0, 0, allowed, valid, doc}
#define OPTIONS_END {NULL, OPTION_BOOL, NULL, NULL, 0, 0, 0, NULL, NULL, NULL}
#define OPTION_CHOICES(...) ((const char *const[]){__VA_ARGS__, NULL})

#define CB_MAX_OPTIONS 24

typedef struct {
  int given;               /* 1: set by --opt; 0: the default */
  long i;                  /* BOOL (0/1), INT, ENUM (index into choices) */
  double d;                /* DOUBLE */
  const char *s;           /* the text: given or default (NULL: neither) */
} OptionValue;

typedef struct {
  const OptionSpec *spec;  /* the table parsed against */
  int n;
  OptionValue v[CB_MAX_OPTIONS];
} OptionValues;

int options_count(const OptionSpec *table);
const OptionSpec *options_find(const OptionSpec *table, const char *key);
/* Parses n key=value strings against table (NULL: takes none) for integrator `who`; keys not
 * given take their default. CB_OK, or CB_ERR_OPTION with one line in e naming the integrator,
 * the key, the value and what is allowed (an unknown key gets the nearest declared name as a
 * hint). */
CbStatus options_parse(const char *who, const OptionSpec *table, int n, const char *const *keys,
                       const char *const *values, OptionValues *out, CbError *e);
/* What o allows, in words: "block, dense or cholmod", "an integer in [1, 100000]", ... */
void option_allowed_text(const OptionSpec *o, char *out, size_t outlen);
/* Typed reads by declared name (a name the table lacks is a programming error: abort). */
int option_bool(const OptionValues *v, const char *name);
long option_int(const OptionValues *v, const char *name);
double option_double(const OptionValues *v, const char *name);
int option_enum(const OptionValues *v, const char *name);
const char *option_string(const OptionValues *v, const char *name);
int option_given(const OptionValues *v, const char *name);

#endif
