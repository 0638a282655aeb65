#!/usr/bin/env python3
"""Writes cases/soft_clutter.json and cases/hard_clutter.json (CENIC Fig. 6d and 6e), or with
`--objects N` scaled clutter of N objects (same objects and parameters, piles of 5, sink sized to
fit) as soft_clutter_N.json and hard_clutter_N.json into `--out DIR` (default cases/);
`--kind hard|soft` writes only one of them. tests/scenes/hard_clutter_{100,200}.json are
`--objects 100|200 --kind hard --out tests/scenes` (tests/test_cenic_scale.c).

Deterministic: a fixed seed, Python's Mersenne Twister, numbers rounded to 9 digits, so
running it again reproduces the committed files byte for byte (tests/test_scene.c checks the
files load; `python3 scripts/gen_clutter.py --check` checks they are up to date).

Layout (NOTES.md sec. 6, "ref scene"): 4 piles x 5 objects (sphere radius / cube half size
0.05 m, density 1000 kg/m^3) on a 2 x 2 grid with pile spacing 0.15 m, each object with a
random rotation and a random +-1 mm horizontal offset, dropped into a 0.8 x 0.8 x 0.8 m sink
(rigid floor plane + 4 wall boxes). Within a pile objects are 0.2 m apart vertically and
neighbouring piles are staggered by 0.1 m, so that no two objects overlap initially (a
rotated cube's bounding radius is 0.0866 m; the generator asserts the clearance).

Scaled clutter (--objects N): ceil(N/5) piles (the last one shorter if 5 does not divide N) on a
near-square grid with the same spacing and checkerboard stagger, so the clearance argument above
holds for any grid; the sink's inner half width grows with the grid, SINK + (cols - 2) *
PILE_SPACING / 2 (0.4 m for the 2 x 2 grid of N = 20, 0.775 m for the 7 x 6 grid of N = 200).
The defaults (N = 20) reproduce the committed files byte for byte.
"""
import argparse
import json
import math
import os
import random
import sys

HALF = 0.05          # sphere radius / cube half size, m
DENSITY = 1000.0     # kg/m^3
PILE_SPACING = 0.15  # m, between pile centers
LEVEL_SPACING = 0.2  # m, between objects of one pile
STAGGER = 0.1        # m, height offset of every other pile
Z0 = 0.1             # m, height of the lowest object center
OFFSET = 1e-3        # m, random horizontal offset bound
SINK = 0.4           # m, inner half width of the sink (0.8 m)
WALL = 0.05          # m, wall half thickness


def r9(x):
    return float("%.9g" % x)


def random_quat(rng):
    """Uniform random unit quaternion [w, x, y, z] (Shoemake 1992)."""
    u1, u2, u3 = rng.random(), rng.random(), rng.random()
    a, b = math.sqrt(1 - u1), math.sqrt(u1)
    q = [b * math.cos(2 * math.pi * u3), a * math.sin(2 * math.pi * u2),
         a * math.cos(2 * math.pi * u2), b * math.sin(2 * math.pi * u3)]
    return [r9(c) for c in q]


def grid(objects):
    """(piles, columns, rows) of the pile grid for this many objects."""
    piles = (objects + 4) // 5
    cols = max(2, math.ceil(math.sqrt(piles)))
    rows = max(2, math.ceil(piles / cols))
    return piles, cols, rows


def sink_half_width(objects):
    _, cols, rows = grid(objects)
    return SINK + (max(cols, rows) - 2) * PILE_SPACING / 2


def sink_geoms(half):
    h = half + WALL
    walls = [([h, 0, SINK], [WALL, h + WALL, SINK]), ([-h, 0, SINK], [WALL, h + WALL, SINK]),
             ([0, h, SINK], [half, WALL, SINK]), ([0, -h, SINK], [half, WALL, SINK])]
    geoms = [{"name": "floor", "type": "plane", "material": "sink"}]
    for i, (pos, size) in enumerate(walls):
        geoms.append({"name": "wall%d" % i, "type": "box", "size": [r9(s) for s in size],
                      "pos": [r9(p) for p in pos], "material": "sink"})
    return geoms


def bodies(rng, with_cubes, objects):
    out, centers = [], []
    piles, cols, rows = grid(objects)
    for p in range(piles):
        ix, iy = p % cols, p // cols
        cx, cy = (ix - 0.5 * (cols - 1)) * PILE_SPACING, (iy - 0.5 * (rows - 1)) * PILE_SPACING
        for k in range(min(5, objects - 5 * p)):
            cube = with_cubes and rng.random() < 0.5
            quat = random_quat(rng) if with_cubes else [1, 0, 0, 0]
            dx, dy = rng.uniform(-OFFSET, OFFSET), rng.uniform(-OFFSET, OFFSET)
            pos = [r9(cx + dx), r9(cy + dy), r9(Z0 + LEVEL_SPACING * k + STAGGER * ((ix + iy) % 2))]
            geom = ({"type": "box", "size": [HALF] * 3} if cube else {"type": "sphere", "size": HALF})
            geom["material"] = "object"
            name = "%s%d_%d" % ("cube" if cube else "sphere", p, k)
            out.append({"name": name, "joint": "free", "density": DENSITY, "geoms": [geom],
                        "q0": {"pos": pos, "quat": quat}})
            centers.append(pos)
    bound = HALF * math.sqrt(3) if with_cubes else HALF
    for i in range(len(centers)):
        assert centers[i][2] - bound > 0, "object below the floor"
        for j in range(i):
            assert math.dist(centers[i], centers[j]) > 2 * bound, "initial overlap"
    return out


def scene(name, description, stiffness, stiction, with_cubes, seed, objects=20):
    rng = random.Random(seed)
    half = sink_half_width(objects)
    if objects != 20:
        name = "%s_%d" % (name, objects)
        description = ("%d objects, %d piles of up to 5 in a %.3g m sink; otherwise as " %
                       (objects, grid(objects)[0], 2 * half)) + description
    return {
        "name": name,
        "description": description,
        "duration": 10,
        "stiction_tolerance": stiction,
        "max_step": 0.1,
        "materials": [{"name": "sink", "stiffness": "rigid", "mu": 0.5},
                      {"name": "object", "stiffness": stiffness, "dissipation": 10, "mu": 0.5}],
        "world_geoms": sink_geoms(half),
        "bodies": bodies(rng, with_cubes, objects),
    }


def fmt(v, ind=0):
    """JSON with short containers on one line."""
    pad = "  " * ind
    flat = json.dumps(v)
    if not isinstance(v, (dict, list)) or len(flat) + len(pad) <= 110:
        return flat
    if isinstance(v, dict):
        items = ["%s  %s: %s" % (pad, json.dumps(k), fmt(x, ind + 1)) for k, x in v.items()]
        return "{\n" + ",\n".join(items) + "\n" + pad + "}"
    return "[\n" + ",\n".join(pad + "  " + fmt(x, ind + 1) for x in v) + "\n" + pad + "]"


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--objects", type=int, default=20, help="objects per scene (default 20)")
    ap.add_argument("--out", help="output directory (default cases/)")
    ap.add_argument("--kind", choices=["both", "hard", "soft"], default="both", help="which scenes")
    ap.add_argument("--check", action="store_true", help="only check the files are up to date")
    args = ap.parse_args()
    if args.objects < 1:
        print("gen_clutter.py: --objects must be >= 1, got %d" % args.objects, file=sys.stderr)
        return 2
    n = args.objects
    root = args.out or os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "cases")
    suffix = "" if n == 20 else "_%d" % n
    scenes = {
        "soft_clutter%s.json" % suffix: scene(
            "soft_clutter",
            "CENIC Fig. 6d: 20 spheres (r 0.05 m, density 1000) in 4 piles dropped into a 0.8 m sink; "
            "k 1e3 N/m, v_s 1e-2 m/s, d 10 s/m, mu 0.5. Generated by scripts/gen_clutter.py (seed 1).",
            1e3, 1e-2, False, 1, n),
        "hard_clutter%s.json" % suffix: scene(
            "hard_clutter",
            "CENIC Fig. 6e: 20 spheres and cubes (radius / half size 0.05 m, density 1000) in 4 piles, "
            "random rotations and +-1 mm offsets, dropped into a 0.8 m sink; k 1e5 N/m, v_s 1e-4 m/s, "
            "d 10 s/m, mu 0.5. Generated by scripts/gen_clutter.py (seed 2).",
            1e5, 1e-4, True, 2, n),
    }
    stale = []
    for fname, sc in scenes.items():
        if args.kind != "both" and not fname.startswith(args.kind):
            continue
        text = fmt(sc) + "\n"
        path = os.path.join(root, fname)
        if args.check:
            with open(path) as f:
                if f.read() != text:
                    stale.append(fname)
        else:
            with open(path, "w") as f:
                f.write(text)
    if stale:
        print("out of date: " + ", ".join(stale) + " (run scripts/gen_clutter.py)")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
