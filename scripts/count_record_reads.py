#!/usr/bin/env python3
# Issue 58 part 1's measure: string-path reads of run-record fields outside the schema module.
# Usage: python3 scripts/count_record_reads.py [TREE] [-v]   (-v: line:key of each read)
"""String-path reads of run-record fields: json_get, json_num*, json_str*, cJSON_GetObjectItem*
whose key argument is a literal naming a top-level row of record_fields[] (record_fields.c),
in harness/**/*.c except run_record.c and record_fields.c. Nested keys are not counted."""
import re, sys, glob, os, collections
root = sys.argv[1] if len(sys.argv) > 1 else '.'
tab = open(os.path.join(root, 'harness/run/record_fields.c')).read()
top = {m.group(1).split('.')[0] for m in re.finditer(r'^\s*\{"([a-z_.]+)", RF_', tab, re.M)}
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
                counts[rel] += 1
                detail[rel].append((src.count('\n', 0, m.start()) + 1, k.group(1)))
total = sum(counts.values())
print(f'total {total} in {len(counts)} files')
for f, n in counts.most_common():
    print(f'{n:4d} {f}' + ('  ' + ' '.join(f'{l}:{k}' for l, k in detail[f]) if '-v' in sys.argv else ''))
