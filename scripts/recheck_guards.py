#!/usr/bin/env python3
# Re-runs the committed evidence's run specs to see what today's physics guards say about them.
# Usage: python3 scripts/recheck_guards.py [--figures DIR] [--cbench BIN] [--max-figure-s S]
#            [--only FIG,...] [--all] [--integrators NAME,...] [--out DIR] [-v]
"""Each record of DIR/FIGURE/run*/*.json (default results/figures/full) holds the `cbench run`
command that made it. Records whose physics.rest block applies but lacks `slip` (written before
the slip guard), or that have no rest block, are run again from that command into --out (default a temporary folder, deleted), nothing
in DIR is touched and no figure is drawn; --all reruns every record. Figures whose committed run
time (DIR/times.tsv, the last line for the figure) exceeds --max-figure-s (default 180 s) are
skipped and listed. Prints, per figure, the records, those rerun, and the guard warnings of the
committed records and of the records after the reruns (records not rerun count with their
committed warnings), by guard and `any` (records with at least one); -v lists every rerun record a guard flags;
--integrators limits the reruns to those integrators' records.
A rerun is today's build on the same spec: its states are today's integrators', not the
committed run's.

Slip verdicts are re-judged from stored values where the record allows it: the slip guard judges
`recent`, the sustained slip time in a memory of 1 s (rest_guard.h), never more than the stored
`sustained` total, so a record whose slip block lacks `recent` (written under the earlier
fraction-of-the-run rule) but whose `sustained` is at most SLIP_TIME is not flagged by the slip
guard today, without a rerun; a record with a larger `sustained` is rerun (its `recent` is not
stored)."""
import argparse, collections, glob, json, os, shlex, subprocess, sys, tempfile, shutil

SLIP_TIME = 0.2  # s: GUARD_SLIP_TIME of harness/run/rest_guard.h

GUARDS = [  # phrase of the warning (harness/run/physics_guards.c, rest_guard.c) -> guard
    ('kept it sliding', 'slip'),
    ('set it in motion', 'rest'),
    ('static friction held more', 'held'),
    ('passed through a body', 'geometry'),
    ('beyond its limit', 'limit'),
    ('penetration', 'penetration'),
    ('energy', 'energy'),
]


def slip_block(rec):
    return ((rec.get('physics') or {}).get('rest') or {}).get('slip')


def guards_of(rec):
    """The guards a record's warnings name; a slip verdict of the earlier rule (no `recent`) is
    re-judged from `sustained` when that bounds `recent` below SLIP_TIME."""
    out = set(_named(rec))
    sl = slip_block(rec)
    if 'slip' in out and sl is not None and 'recent' not in sl and sl.get('sustained', 0) <= SLIP_TIME:
        out.discard('slip')
    return out


def _named(rec):
    out = set()
    for w in rec.get('warnings') or []:
        if not isinstance(w, str) or not w.startswith('physics:'):
            continue
        for phrase, name in GUARDS:
            if phrase in w:
                out.add(name)
                break
    return out


def integrator_of(rec):
    it = rec.get('integrator')
    return it.get('name') if isinstance(it, dict) else it


def figure_seconds(figdir):
    secs = {}
    try:
        for line in open(os.path.join(figdir, 'times.tsv')):
            if line.startswith('#') or '\t' not in line:
                continue
            name, s = line.rstrip('\n').split('\t')[:2]
            secs[name] = float(s)
    except OSError:
        pass
    return secs


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('--figures', default='results/figures/full')
    ap.add_argument('--cbench', default='build/cbench')
    ap.add_argument('--max-figure-s', type=float, default=180.0)
    ap.add_argument('--only', default='')
    ap.add_argument('--all', action='store_true')
    ap.add_argument('--integrators', default='', help='rerun only the records of these integrators')
    ap.add_argument('--out', default='')
    ap.add_argument('-v', action='store_true')
    a = ap.parse_args()
    secs = figure_seconds(a.figures)
    only = set(x for x in a.only.split(',') if x)
    integrators = set(x for x in a.integrators.split(',') if x)
    out = a.out or tempfile.mkdtemp(prefix='recheck_guards.')
    os.makedirs(out, exist_ok=True)
    tot_rec = tot_rerun = 0
    tot_before, tot_after = collections.Counter(), collections.Counter()
    skipped = []
    print('figure\trecords\tslip_block\trerun\tfailed\tflagged_committed\tflagged_rerun')
    for fig in sorted(os.listdir(a.figures)):
        figpath = os.path.join(a.figures, fig)
        if not os.path.isdir(figpath) or (only and fig not in only):
            continue
        recs = []
        for f in sorted(glob.glob(os.path.join(figpath, 'run*', '*.json'))):
            try:
                r = json.load(open(f))
            except (OSError, ValueError):
                continue
            if isinstance(r, dict) and 'integrator' in r and 'command' in r:
                recs.append((f, r))
        if not recs:
            continue
        with_slip = sum(1 for _, r in recs if 'slip' in ((r.get('physics') or {}).get('rest') or {}))
        def needs(r):  # no slip block, and a rest block that applies (or none: older records)
            rest = (r.get('physics') or {}).get('rest')
            if rest is None or (rest.get('applies') and 'slip' not in rest):
                return True
            sl = rest.get('slip')  # the earlier rule's block: rerun where `sustained` does not decide
            return sl is not None and 'recent' not in sl and sl.get('sustained', 0) > SLIP_TIME
        todo = [(f, r) for f, r in recs if (a.all or needs(r)) and (not integrators or integrator_of(r) in integrators)]
        if todo and secs.get(fig, 0) > a.max_figure_s:
            skipped.append((fig, len(todo), secs[fig]))
            todo = []
        before, after = collections.Counter(), collections.Counter()
        for _, r in recs:
            for gname in _named(r):
                before[gname] += 1
            before['any'] += bool(_named(r))
        failed = 0
        for i, (f, r) in enumerate(todo):
            argv = shlex.split(r['command'])
            if not argv or argv[0] != 'cbench' or argv[1] != 'run':
                failed += 1
                continue
            js = os.path.join(out, '%s__%d.json' % (fig, i))
            argv = [a.cbench] + argv[1:] + ['--json', js]
            subprocess.run(argv, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            try:
                new = json.load(open(js))
            except (OSError, ValueError):
                failed += 1
                continue
            for gname in guards_of(new):
                after[gname] += 1
            after['any'] += bool(guards_of(new))
            if a.v and guards_of(new):
                print('  %s: %s (%s)' % (fig, os.path.basename(f), ','.join(sorted(guards_of(new)))))
        # records not rerun keep their committed verdicts in the rerun column
        rerun_files = set(f for f, _ in todo)
        for f, r in recs:
            if f not in rerun_files:
                for gname in guards_of(r):
                    after[gname] += 1
                after['any'] += bool(guards_of(r))
        fmt = lambda c: ','.join('%s:%d' % kv for kv in sorted(c.items()) if kv[1]) or '-'
        print('%s\t%d\t%d\t%d\t%d\t%s\t%s' % (fig, len(recs), with_slip, len(todo), failed, fmt(before), fmt(after)))
        tot_rec += len(recs)
        tot_rerun += len(todo)
        tot_before.update(before)
        tot_after.update(after)
    fmt = lambda c: ','.join('%s:%d' % kv for kv in sorted(c.items()) if kv[1]) or '-'
    print('total\t%d\t-\t%d\t-\t%s\t%s' % (tot_rec, tot_rerun, fmt(tot_before), fmt(tot_after)))
    for fig, n, s in skipped:
        print('skipped %s: %d records without the slip block, %.0f s committed run time' % (fig, n, s))
    if not a.out:
        shutil.rmtree(out, ignore_errors=True)
    return 0


if __name__ == '__main__':
    sys.exit(main())
