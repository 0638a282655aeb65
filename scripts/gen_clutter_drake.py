#!/usr/bin/env python3
"""Writes cases/hard_clutter_drake.json: the hard clutter as Drake's clutter example builds it
(examples/multibody/clutter/clutter.cc of the CENIC authors' Drake branch, default flags), the
scene CENIC's Fig. 6e is most likely made from:

    python3 scripts/gen_clutter_drake.py            # write the case
    python3 scripts/gen_clutter_drake.py --check    # exit 1 if it is out of date

What Drake's example does and cases/hard_clutter.json (scripts/gen_clutter.py) does not:
- 4 identical piles at (+-0.2, +-0.2) m (x, y = +-length/4 of the 0.8 m sink), each of 5 objects
  0.15 m apart vertically from z = 0.075 m (FLAGS_dz = 0.15, first at dz/2); every pile draws its
  shapes, rotations and +-1 mm offsets from a fresh std::mt19937(41), so the piles are equal:
  sphere, cube, sphere, sphere, cube (12 spheres and 8 cubes in all);
- a cube is box geometry plus 26 spheres of radius 1/6 of its side on a 3 x 3 x 3 surface grid
  (emulate_box_multicontact, num_spheres_per_face 3), and box-box contact is filtered out
  (enable_box_box_collision false: every box geometry in one exclude group);
- the sink's walls are 0.04 m thick boxes centred on +-0.4 m (0.76 m inside), 0.8 m high, point
  stiffness 1e8 N/m (kSinkStiffness), with the objects' d and mu.
Kept from the paper's text where Drake's flags differ: object stiffness 1e5 N/m (the flag's
default is 1e7), point contact (use_hydro defaults to true), v_s 1e-4 m/s, d 10 s/m, mu 0.5, 10 s.

The draws are libstdc++'s: MT19937 seeded by init_genrand(41), uniform_int_distribution(0, 1) by
rejection and division of 32-bit draws, uniform_real_distribution by generate_canonical<double,
53> (two 32-bit draws), and Drake's UniformlyRandomQuaternion (Shoemake, quaternion (w, x, y, z)
= (sqrt(1-u1) sin 2 pi u2, sqrt(1-u1) cos 2 pi u2, sqrt(u1) sin 2 pi u3, sqrt(u1) cos 2 pi u3)).
SELF_CHECK holds the first draws of a C++ build of the same distributions; the script refuses to
write a case if its emulation disagrees.
"""
import math
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from gen_clutter import fmt, r9  # noqa: E402  (the committed cases' JSON layout and rounding)

HALF = 0.05            # sphere radius / cube half size, m
DENSITY = 1000.0       # kg/m^3
DZ = 0.15              # m, between objects of a pile (FLAGS_dz)
PILE_XY = 0.2          # m, pile centres at (+-PILE_XY, +-PILE_XY)
SINK = 0.4             # m, wall centres (length / 2)
WALL_HALF = 0.02       # m, half of the 0.04 m wall thickness
SINK_HALF_HEIGHT = 0.4
SPHERES_PER_FACE = 3
SEED = 41

# std::mt19937(41): uniform_int_distribution<int>(0, 1) x 5, then on a fresh engine
# uniform_real_distribution(0, 1) x 3 and (-1e-3, 1e-3) x 2 for the first object (g++ 12).
SELF_CHECK = {"shapes": [0, 1, 0, 0, 1],
              "first": [0.68057272658937695, 0.32097338932708275, 0.15535934308469673,
                        0.00020113448474717768, 0.00084871647745204319]}


class MT19937:
    """The 32-bit Mersenne Twister with std::mt19937's seeding (init_genrand)."""

    def __init__(self, seed):
        self.mt = [0] * 624
        self.mt[0] = seed & 0xFFFFFFFF
        for i in range(1, 624):
            self.mt[i] = (1812433253 * (self.mt[i - 1] ^ (self.mt[i - 1] >> 30)) + i) & 0xFFFFFFFF
        self.index = 624

    def next32(self):
        if self.index >= 624:
            for i in range(624):
                y = (self.mt[i] & 0x80000000) | (self.mt[(i + 1) % 624] & 0x7FFFFFFF)
                self.mt[i] = self.mt[(i + 397) % 624] ^ (y >> 1) ^ (0x9908B0DF if y & 1 else 0)
            self.index = 0
        y = self.mt[self.index]
        self.index += 1
        y ^= y >> 11
        y ^= (y << 7) & 0x9D2C5680
        y ^= (y << 15) & 0xEFC60000
        return (y ^ (y >> 18)) & 0xFFFFFFFF

    def canonical(self):
        """generate_canonical<double, 53>: two draws, (r1 + r2 2^32) / 2^64, below 1."""
        r = self.next32() + self.next32() * 4294967296.0
        x = r / 18446744073709551616.0
        return x if x < 1.0 else math.nextafter(1.0, 0.0)

    def uniform(self, a, b):
        return a + (b - a) * self.canonical()

    def uniform_int01(self):
        """libstdc++'s uniform_int_distribution(0, 1): reject the top draw, divide."""
        scaling = 0xFFFFFFFF // 2
        while True:
            r = self.next32()
            if r < 2 * scaling:
                return r // scaling


def check_emulation():
    g = MT19937(SEED)
    shapes = [g.uniform_int01() for _ in range(5)]
    h = MT19937(SEED)
    first = [h.canonical(), h.canonical(), h.canonical(), h.uniform(-1e-3, 1e-3), h.uniform(-1e-3, 1e-3)]
    if shapes != SELF_CHECK["shapes"] or any(abs(a - b) > 1e-15 for a, b in zip(first, SELF_CHECK["first"])):
        sys.exit("gen_clutter_drake.py: the MT19937 emulation disagrees with libstdc++'s draws "
                 "(%s, %s)" % (shapes, first))


def quaternion(g):
    u1, u2, u3 = g.canonical(), g.canonical(), g.canonical()
    a, b = math.sqrt(1 - u1), math.sqrt(u1)
    return [r9(a * math.sin(2 * math.pi * u2)), r9(a * math.cos(2 * math.pi * u2)),
            r9(b * math.sin(2 * math.pi * u3)), r9(b * math.cos(2 * math.pi * u3))]


def cube_geoms():
    """Box geometry (exclude group "boxes") and its 26 surface spheres (clutter.cc AddBox)."""
    geoms = [{"type": "box", "size": [HALF] * 3, "material": "object", "exclude_group": "boxes"}]
    r = HALF / SPHERES_PER_FACE
    n = SPHERES_PER_FACE
    for i in range(n):
        for j in range(n):
            for k in range(n):
                if i in (0, n - 1) or j in (0, n - 1) or k in (0, n - 1):
                    pos = [r9(-HALF + r + 2 * r * c) for c in (i, j, k)]
                    geoms.append({"type": "sphere", "size": r9(r), "pos": pos, "material": "object"})
    return geoms


def pile(name_base, cx, cy):
    shapes_rng, pose_rng = MT19937(SEED), MT19937(SEED)
    shapes = [shapes_rng.uniform_int01() for _ in range(5)]
    out, z = [], DZ / 2
    for k, shape in enumerate(shapes):
        quat = quaternion(pose_rng)
        dx, dy = pose_rng.uniform(-1e-3, 1e-3), pose_rng.uniform(-1e-3, 1e-3)
        q0 = {"pos": [r9(cx + dx), r9(cy + dy), r9(z)], "quat": quat}
        if shape == 0:
            body = {"name": "sphere%s_%d" % (name_base, k), "joint": "free", "density": DENSITY,
                    "geoms": [{"type": "sphere", "size": HALF, "material": "object"}], "q0": q0}
        else:
            mass = DENSITY * (2 * HALF) ** 3
            moment = r9(mass * (2 * HALF) ** 2 / 6)  # solid cube: m (a^2 + a^2) / 12
            body = {"name": "cube%s_%d" % (name_base, k), "joint": "free", "mass": mass,
                    "inertia": [moment] * 3, "geoms": cube_geoms(), "q0": q0}
        out.append(body)
        z += DZ
    return out


def sink_geoms():
    h = SINK_HALF_HEIGHT
    walls = [([SINK, 0, h], [WALL_HALF, SINK, h]), ([-SINK, 0, h], [WALL_HALF, SINK, h]),
             ([0, SINK, h], [SINK, WALL_HALF, h]), ([0, -SINK, h], [SINK, WALL_HALF, h])]
    geoms = [{"name": "floor", "type": "plane", "material": "sink"}]
    for i, (pos, size) in enumerate(walls):
        geoms.append({"name": "wall%d" % i, "type": "box", "size": size, "pos": pos, "material": "sink"})
    return geoms


def scene():
    bodies = []
    for p in range(4):  # clutter.cc's pile order: x alternates, then y
        x = -PILE_XY if p % 2 == 0 else PILE_XY
        y = -PILE_XY if p // 2 == 0 else PILE_XY
        bodies += pile(str(p), x, y)
    return {
        "name": "hard_clutter_drake",
        "description": "CENIC Fig. 6e as Drake's clutter example builds it: 4 identical piles of sphere, cube, "
                       "sphere, sphere, cube at (+-0.2, +-0.2) m, 0.15 m apart from z 0.075 m; cubes are a box "
                       "plus 26 surface spheres (r 1/60 m), box-box contact filtered; sink walls 0.04 m at +-0.4 m, "
                       "k 1e8 N/m; objects k 1e5 N/m, v_s 1e-4 m/s, d 10 s/m, mu 0.5. Generated by "
                       "scripts/gen_clutter_drake.py (std::mt19937(41) as clutter.cc).",
        "duration": 10,
        "stiction_tolerance": 1e-4,
        "max_step": 0.1,
        "materials": [{"name": "sink", "stiffness": 1e8, "dissipation": 10, "mu": 0.5},
                      {"name": "object", "stiffness": 1e5, "dissipation": 10, "mu": 0.5}],
        "world_geoms": sink_geoms(),
        "bodies": bodies,
    }


def main():
    check_emulation()
    path = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "cases", "hard_clutter_drake.json")
    text = fmt(scene()) + "\n"
    if "--check" in sys.argv:
        with open(path) as f:
            if f.read() != text:
                print("out of date: hard_clutter_drake.json (run scripts/gen_clutter_drake.py)")
                return 1
        return 0
    tmp = "%s.tmp.%d" % (path, os.getpid())
    with open(tmp, "w") as f:
        f.write(text)
    os.replace(tmp, path)
    return 0


if __name__ == "__main__":
    sys.exit(main())
