#!/usr/bin/env python3
"""Writes cases/soft_clutter.json and cases/hard_clutter.json (CENIC Fig. 6d and 6e),
cases/hard_clutter_40.json (the 40-object clutter of ICF sec. XII-A), and
scaled clutter with the same objects and parameters:

    python3 scripts/gen_clutter.py                      # the three committed cases
    python3 scripts/gen_clutter.py --check              # exit 1 if they are out of date
    python3 scripts/gen_clutter.py --objects 200 [--kind hard|soft] [--seed S] --out FILE

Scaled clutter: ceil(N / 5) piles of 5 (the last one shorter when 5 does not divide N) on a
near-square grid with the same pile spacing, stagger and offsets, in a sink whose inner half
width grows with the grid (0.325 m beyond the outermost pile centers, as in the 20-object
sink); --objects 20 with the default seed is the committed case.

Deterministic: a fixed seed, Python's Mersenne Twister, numbers rounded to 9 digits, so
running it again reproduces the committed files byte for byte (tests/test_scene.c checks the
files load; `python3 scripts/gen_clutter.py --check` checks they are up to date).

Layout (the hard-clutter scene of CENIC sec. VII, Fig. 6e): 4 piles x 5 objects (sphere radius / cube half size
0.05 m, density 1000 kg/m^3) on a 2 x 2 grid with pile spacing 0.15 m, each object with a
random rotation and a random +-1 mm horizontal offset, dropped into a 0.8 x 0.8 x 0.8 m sink
(rigid floor plane + 4 wall boxes). Within a pile objects are 0.2 m apart vertically and
neighbouring piles are staggered by 0.1 m, so that no two objects overlap initially (a
rotated cube's bounding radius is 0.0866 m; the generator asserts the clearance).
"""
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


def sink_geoms(sink=SINK):
    h = sink + WALL
    walls = [([h, 0, SINK], [WALL, h + WALL, SINK]), ([-h, 0, SINK], [WALL, h + WALL, SINK]),
             ([0, h, SINK], [sink, WALL, SINK]), ([0, -h, SINK], [sink, WALL, SINK])]
    geoms = [{"name": "floor", "type": "plane", "material": "sink"}]
    for i, (pos, size) in enumerate(walls):
        geoms.append({"name": "wall%d" % i, "type": "box", "size": [r9(s) for s in size],
                      "pos": [r9(p) for p in pos], "material": "sink"})
    return geoms


def grid(nobjects):
    """Piles of 5, columns and rows of the near-square pile grid."""
    piles = (nobjects + 4) // 5
    nx = math.ceil(math.sqrt(piles))
    ny = (piles + nx - 1) // nx
    return piles, nx, ny


def sink_half_width(nobjects):
    _, nx, ny = grid(nobjects)
    return max(SINK, 0.5 * (max(nx, ny) - 1) * PILE_SPACING + 0.325)


def bodies(rng, with_cubes, nobjects=20):
    out, centers = [], []
    piles, nx, ny = grid(nobjects)
    for p in range(piles):
        ix, iy = p % nx, p // nx
        cx, cy = (ix - 0.5 * (nx - 1)) * PILE_SPACING, (iy - 0.5 * (ny - 1)) * PILE_SPACING
        for k in range(min(5, nobjects - 5 * p)):
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
            # neighbours only (piles are 0.15 m apart): O(N) pairs matter, skip far ones cheaply
            if abs(centers[i][0] - centers[j][0]) < 0.3 and abs(centers[i][1] - centers[j][1]) < 0.3:
                assert math.dist(centers[i], centers[j]) > 2 * bound, "initial overlap"
    return out


def scene(name, description, stiffness, stiction, with_cubes, seed, nobjects=20):
    rng = random.Random(seed)
    return {
        "name": name,
        "description": description,
        "duration": 10,
        "stiction_tolerance": stiction,
        "max_step": 0.1,
        "materials": [{"name": "sink", "stiffness": "rigid", "mu": 0.5},
                      {"name": "object", "stiffness": stiffness, "dissipation": 10, "mu": 0.5}],
        "world_geoms": sink_geoms(sink_half_width(nobjects)),
        "bodies": bodies(rng, with_cubes, nobjects),
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


def scaled(argv):
    """--objects N [--kind hard|soft] [--seed S] --out FILE"""
    def arg(name, default=None):
        if name in argv:
            i = argv.index(name)
            if i + 1 >= len(argv):
                sys.exit("gen_clutter.py: %s needs a value" % name)
            return argv[i + 1]
        return default
    known = {"--objects", "--kind", "--seed", "--out"}
    for a in argv[0::2]:
        if a not in known:
            sys.exit("gen_clutter.py: unknown option %s (known: %s)" % (a, ", ".join(sorted(known))))
    try:
        n = int(arg("--objects"))
    except ValueError:
        sys.exit("gen_clutter.py: --objects must be an integer >= 1, got %s" % arg("--objects"))
    if n < 1:
        sys.exit("gen_clutter.py: --objects must be an integer >= 1, got %d" % n)
    kind = arg("--kind", "hard")
    if kind not in ("hard", "soft"):
        sys.exit("gen_clutter.py: --kind must be hard or soft, got %s" % kind)
    out = arg("--out")
    if not out:
        sys.exit("gen_clutter.py: --objects needs --out FILE")
    hard = kind == "hard"
    seed = int(arg("--seed", "2" if hard else "1"))
    piles, nx, ny = grid(n)
    desc = ("%d %s (radius / half size 0.05 m, density 1000) in %d piles of 5 on a %d x %d grid, "
            "dropped into a %.3g m sink; %s. Generated by scripts/gen_clutter.py --objects %d --kind %s "
            "--seed %d." % (n, "spheres and cubes" if hard else "spheres", piles, nx, ny,
                             2 * sink_half_width(n),
                             "k 1e5 N/m, v_s 1e-4 m/s, d 10 s/m, mu 0.5, random rotations" if hard
                             else "k 1e3 N/m, v_s 1e-2 m/s, d 10 s/m, mu 0.5", n, kind, seed))
    sc = scene("%s_clutter_%d" % (kind, n), desc, 1e5 if hard else 1e3, 1e-4 if hard else 1e-2, hard, seed, n)
    tmp = "%s.tmp.%d" % (out, os.getpid())  # no partial scene under the final name
    try:
        with open(tmp, "w") as f:
            f.write(fmt(sc) + "\n")
        os.replace(tmp, out)
    except OSError as e:
        if os.path.exists(tmp):
            os.remove(tmp)
        sys.exit("gen_clutter.py: --out %s: cannot write (%s)" % (out, e.strerror))
    return 0


def main():
    if "--objects" in sys.argv:
        return scaled(sys.argv[1:])
    root = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "cases")
    scenes = {
        "soft_clutter.json": scene(
            "soft_clutter",
            "CENIC Fig. 6d: 20 spheres (r 0.05 m, density 1000) in 4 piles dropped into a 0.8 m sink; "
            "k 1e3 N/m, v_s 1e-2 m/s, d 10 s/m, mu 0.5. Generated by scripts/gen_clutter.py (seed 1).",
            1e3, 1e-2, False, 1),
        "hard_clutter.json": scene(
            "hard_clutter",
            "CENIC Fig. 6e: 20 spheres and cubes (radius / half size 0.05 m, density 1000) in 4 piles, "
            "random rotations and +-1 mm offsets, dropped into a 0.8 m sink; k 1e5 N/m, v_s 1e-4 m/s, "
            "d 10 s/m, mu 0.5. Generated by scripts/gen_clutter.py (seed 2).",
            1e5, 1e-4, True, 2),
        "hard_clutter_40.json": scene(
            "hard_clutter_40",
            "ICF sec. XII-A (Figs. 15-19): 40 spheres and cubes (radius / half size 0.05 m, density 1000) "
            "in 8 piles of 5 on a 3 x 3 grid, random rotations and +-1 mm offsets, dropped into a 0.95 m "
            "sink; k 1e5 N/m (the ICF recipes set 1e4 to 1e8), v_s 1e-4 m/s, d 10 s/m, mu 0.5. The paper "
            "drops 4 columns of 10 into a 0.8 m box with mu 1. Generated by scripts/gen_clutter.py "
            "(seed 2, as --objects 40).",
            1e5, 1e-4, True, 2, 40),
    }
    stale = []
    for fname, sc in scenes.items():
        text = fmt(sc) + "\n"
        path = os.path.join(root, fname)
        if "--check" in sys.argv:
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
