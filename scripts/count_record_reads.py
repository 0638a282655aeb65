#!/usr/bin/env python3
# String-path reads of run-record fields outside the schema module.
# Usage: python3 scripts/count_record_reads.py [TREE] [-v]   (-v: line:key of each read)
"""String-path reads of run-record fields: json_get, json_num*, json_str*, cJSON_GetObjectItem*
whose key argument is a literal naming a top-level row of record_fields[] (record_fields.c),
in harness/**/*.c except run_record.c and record_fields.c. Nested keys are not counted.
A read of another document whose key happens to name a record row (a history line's "status", a
reference's "schema") is listed apart, by the function and object it reads (OTHER_DOCUMENTS):
those are not run-record reads."""
import re, sys, glob, os, collections
root = sys.argv[1] if len(sys.argv) > 1 else '.'
tab = open(os.path.join(root, 'harness/run/record_fields.c')).read()
top = {m.group(1).split('.')[0] for m in re.finditer(r'^\s*\{"([a-z_.]+)", RF_', tab, re.M)}
# (file, function, first argument) -> the document read there
_hist, _fig = 'cbench.history/1 line', 'cbench.figure/1 (figure.json)'
OTHER_DOCUMENTS = {
    ('harness/bench/history.c', 'check_benchmark', 'b'): _hist,
    ('harness/bench/history.c', 'check_entry', 'e'): _hist,
    ('harness/bench/history.c', 'check_repeats', 'e'): _hist,
    ('harness/bench/history.c', 'append_locked', 'entry'): _hist,
    ('harness/bench/history.c', 'append_locked', 'e'): _hist,
    ('harness/bench/perf_gate.c', 'bench_instr', 'b'): _hist,
    ('harness/bench/perf_gate.c', 'perf_gate_run', 'b'): _hist,
    ('harness/bench/perf_gate.c', 'perf_gate_run', 'old'): _hist,
    ('harness/figures/history_report.c', 'counter_changes', 'bench_at(c, i - 1, bench)'): _hist,
    ('harness/figures/history_report.c', 'counter_changes', 'bench_at(c, i, bench)'): _hist,
    ('harness/run/reference.c', 'reference_load_text', 'doc'): 'cbench.reference/1',
    ('harness/run/reference.c', 'reference_load_text', 'prov'): 'cbench.reference/1',
    ('harness/run/reference.c', 'reference_load_text', 'meth'): 'cbench.reference/1',
    ('harness/run/reference.c', 'reference_load_text', 'cc'): 'cbench.reference/1',
    ('harness/figures/report.c', 'write_checks', 'c'): _fig,
    ('harness/figures/report.c', 'check_figure', 'fig'): _fig,
    ('harness/figures/report.c', 'write_html', 'fig'): _fig,
    ('harness/figures/report.c', 'write_md', 'fig'): _fig,
    ('harness/figures/report.c', 'report_write_with_history', 'cJSON_GetArrayItem(figs, 0)'): _fig,
    ('harness/figures/figure.c', 'figure_make', 'verdict'): 'a figure verdict (figure_verdict.h)',
    ('harness/figures/figure_recipe.c', 'recipe_load_text', 'r'): 'a figure recipe',
    ('harness/figures/paper_data.c', 'check_doc', 'doc'): 'cbench.paper/1',
}
fdef = re.compile(r'^[A-Za-z_][\w \*]*?\b(\w+)\s*\([^;]*?\)\s*\{', re.M | re.S)
other = collections.Counter()
fn = re.compile(r'\b(json_get|json_num_or|json_num|json_str_or|json_str|cJSON_GetObjectItemCaseSensitive|cJSON_GetObjectItem)\s*\(')
counts = collections.Counter(); detail = collections.defaultdict(list)
for path in sorted(glob.glob(os.path.join(root, 'harness/**/*.c'), recursive=True)):
    base = os.path.basename(path)
    if base in ('run_record.c', 'record_fields.c'): continue
    src = open(path).read()
    for m in fn.finditer(src):
        i = m.end(); depth = 0; args = ['']; instr = False
        while i < len(src):
            ch = src[i]
            if instr:
                args[-1] += ch
                if ch == '\\': args[-1] += src[i+1]; i += 1
                elif ch == '"': instr = False
            elif ch == '"': instr = True; args[-1] += ch
            elif ch in '([{': depth += 1; args[-1] += ch
            elif ch in ')]}':
                if depth == 0: break
                depth -= 1; args[-1] += ch
            elif ch == ',' and depth == 0: args.append('')
            else: args[-1] += ch
            i += 1
        if len(args) >= 2:
            k = re.fullmatch(r'\s*"([^"]*)"\s*', args[1])
            if k and k.group(1) in top:
                rel = os.path.relpath(path, root)
                defs = [d.group(1) for d in fdef.finditer(src, 0, m.start())]
                doc = OTHER_DOCUMENTS.get((rel, defs[-1] if defs else '', args[0].strip()))
                if doc:
                    other[doc] += 1
                    continue
                counts[rel] += 1
                detail[rel].append((src.count('\n', 0, m.start()) + 1, k.group(1)))
total = sum(counts.values())
print(f'total {total} in {len(counts)} files')
if other:
    print(f'(not run records: {sum(other.values())} reads of other documents: ' +
          ', '.join(f'{n} {d}' for d, n in other.most_common()) + ')')
for f, n in counts.most_common():
    print(f'{n:4d} {f}' + ('  ' + ' '.join(f'{l}:{k}' for l, k in detail[f]) if '-v' in sys.argv else ''))
