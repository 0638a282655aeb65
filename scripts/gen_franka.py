#!/usr/bin/env python3
"""Writes cases/franka_box.json (CENIC Fig. 6c and Fig. 12): a Panda-like arm grasping a cracker box.

Deterministic (pure Python, fixed iteration counts, numbers rounded to 9 digits): running it
again reproduces the committed file byte for byte; `python3 scripts/gen_franka.py --check`
checks that it is up to date.

Kinematics: the published Panda parameters (Craig's modified DH: d1 0.333, d3 0.316,
a4 0.0825, a5 -0.0825, d5 0.384, a7 0.088, flange d 0.107), placed as in MuJoCo Menagerie's
panda.xml: each joint frame is the previous body frame translated, then rotated +-90 degrees
about x; every arm joint turns about its frame's z axis. The hand is welded to the flange,
turned -45 degrees about z; two fingers slide along the hand's +-y axis (opening 0..0.04 m
each, 0.0584 m from the flange).

The two arm setpoints come from inverse kinematics (damped least squares with a null-space pull
toward the Panda "ready" pose): A, the hand pointing down with its finger pads around the top
43 mm of the upright box; B, the hand lifted 0.3 m and swung 0.45 rad about the base. The arm
moves A -> B along a cosine profile sampled at KNOTS piecewise-linear knots (vd is the slope,
so each knot is a small velocity kink rather than one large one).
"""
import json
import math
import os
import sys

# ---- scene parameters ----
ARM_MASS = [4.0, 4.0, 4.0, 3.5, 3.5, 1.5, 0.5]  # links 1..7, kg
HAND_MASS = 0.7
FINGER_MASS = 0.05
LIMITS = [(-2.8973, 2.8973), (-1.7628, 1.7628), (-2.8973, 2.8973), (-3.0718, -0.0698),
          (-2.8973, 2.8973), (-0.0175, 3.7525), (-2.8973, 2.8973)]  # Panda datasheet, rad
Q_READY = [0.0, -math.pi / 4, 0.0, -3 * math.pi / 4, 0.0, math.pi / 2, math.pi / 4]
BOX_HALF = [0.08, 0.03, 0.105]  # cracker box 0.16 x 0.06 x 0.21 m
BOX_MASS = 0.4
BOX_XY = [0.5, 0.0]
BOX_TOP_IN_HAND = 0.065  # box top at hand z 0.065 (hand box ends at 0.05): pads grip its top 43 mm
FINGER_Z = 0.0584     # finger joint origin above the flange, hand frame
PAD_HALF = [0.01, 0.01, 0.02]  # finger pad box, finger frame; inner face at y = 0
PAD_Z = 0.03          # pad center above the finger joint: pad spans hand z 0.0684..0.1084
OPEN = 0.035          # initial finger opening per side (box half width 0.03)
LIFT = 0.3            # m, B is this much higher than A
SWING = 0.45          # rad, B is turned this much about the base z axis
T_CLOSE = 0.6         # fingers close over [0, T_CLOSE]
T_MOVE0, T_MOVE1 = 1.0, 4.0  # arm moves A -> B over this interval, then holds B
KNOTS = 31            # knots on [T_MOVE0, T_MOVE1]
DURATION = 10.0
K_ID = 1e3            # inverse dynamics Kp = Kd (CENIC sec. VII, Fig. 12)
# Finger PD toward 0.02 m (10 mm inside the box face): 20 N per finger at the box, unsaturated,
# so the finger pair keeps 2 x 2000 N/m of centering stiffness (a saturated pair would float).
FINGER_KP, FINGER_KD, FINGER_EFFORT, FINGER_TARGET = 2000.0, 20.0, 40.0, 0.02


def r9(x):
    x = float("%.9g" % x)
    return 0.0 if x == 0 else x


# ---- small linear algebra on lists ----
def matmul(a, b):
    return [[sum(a[i][k] * b[k][j] for k in range(len(b))) for j in range(len(b[0]))] for i in range(len(a))]


def rot_x(t):
    c, s = math.cos(t), math.sin(t)
    return [[1, 0, 0], [0, c, -s], [0, s, c]]


def rot_z(t):
    c, s = math.cos(t), math.sin(t)
    return [[c, -s, 0], [s, c, 0], [0, 0, 1]]


def transform(rot, pos):
    return [rot[0] + [pos[0]], rot[1] + [pos[1]], rot[2] + [pos[2]], [0, 0, 0, 1]]


def apply(t, p):
    return [sum(t[i][k] * p[k] for k in range(3)) + t[i][3] for i in range(3)]


def solve(a, b):
    """Gaussian elimination with partial pivoting (a square, b a vector)."""
    n = len(a)
    m = [row[:] + [b[i]] for i, row in enumerate(a)]
    for c in range(n):
        p = max(range(c, n), key=lambda r: abs(m[r][c]))
        m[c], m[p] = m[p], m[c]
        for r in range(c + 1, n):
            f = m[r][c] / m[c][c]
            for k in range(c, n + 1):
                m[r][k] -= f * m[c][k]
    x = [0.0] * n
    for r in range(n - 1, -1, -1):
        x[r] = (m[r][n] - sum(m[r][k] * x[k] for k in range(r + 1, n))) / m[r][r]
    return x


# ---- kinematics: (joint pos in the parent frame, roll of the joint frame about x) ----
ARM_JOINTS = [([0, 0, 0.333], 0), ([0, 0, 0], -90), ([0, -0.316, 0], 90), ([0.0825, 0, 0], 90),
              ([-0.0825, 0.384, 0], -90), ([0, 0, 0], 90), ([0.088, 0, 0], 90)]
FLANGE = [0, 0, 0.107]
HAND_YAW = -45


def hand_pose(q):
    """World transform of the hand frame (flange, turned HAND_YAW about z)."""
    t = transform(rot_x(0), [0, 0, 0])
    for (pos, roll), qi in zip(ARM_JOINTS, q):
        t = matmul(t, transform(matmul(rot_x(math.radians(roll)), rot_z(qi)), pos))
    return matmul(t, transform(rot_z(math.radians(HAND_YAW)), FLANGE))


def pose_error(t, target_pos, target_rot):
    """6-vector: position error and the rotation error 1/2 sum_i r_i x rd_i (columns)."""
    e = [target_pos[i] - t[i][3] for i in range(3)]
    w = [0.0, 0.0, 0.0]
    for c in range(3):
        a = [t[i][c] for i in range(3)]
        b = [target_rot[i][c] for i in range(3)]
        w[0] += 0.5 * (a[1] * b[2] - a[2] * b[1])
        w[1] += 0.5 * (a[2] * b[0] - a[0] * b[2])
        w[2] += 0.5 * (a[0] * b[1] - a[1] * b[0])
    return e + w


def ik(target_pos, target_rot, q_start):
    """Damped least squares with a null-space pull toward Q_READY (150 iterations), then 50
    without the pull to converge."""
    q = q_start[:]
    for it in range(200):
        e = pose_error(hand_pose(q), target_pos, target_rot)
        jac = [[0.0] * 7 for _ in range(6)]
        for j in range(7):
            qp = q[:]
            qp[j] += 1e-7
            ep = pose_error(hand_pose(qp), target_pos, target_rot)
            for i in range(6):
                jac[i][j] = -(ep[i] - e[i]) / 1e-7
        jjt = [[sum(jac[i][k] * jac[r][k] for k in range(7)) + (1e-6 if i == r else 0) for r in range(6)]
               for i in range(6)]
        y = solve(jjt, e)
        dq = [sum(jac[i][j] * y[i] for i in range(6)) for j in range(7)]
        # null-space pull: (I - J+ J) 0.1 (q_ready - q)
        pull = [(0.1 if it < 150 else 0.0) * (Q_READY[j] - q[j]) for j in range(7)]
        jp = [sum(jac[i][j] * pull[j] for j in range(7)) for i in range(6)]
        yp = solve(jjt, jp)
        for j in range(7):
            q[j] += dq[j] + pull[j] - sum(jac[i][j] * yp[i] for i in range(6))
    err = pose_error(hand_pose(q), target_pos, target_rot)
    assert max(abs(x) for x in err) < 1e-9, "IK did not converge: %r" % err
    for qi, (lo, hi) in zip(q, LIMITS):
        assert lo + 0.05 < qi < hi - 0.05, "IK solution near a joint limit"
    return q


# ---- geometry helpers ----
def quat_z_to(d):
    """Unit quaternion [w x y z] turning +z onto the unit vector d."""
    x, y, z = d
    if z < -1 + 1e-12:
        return [0.0, 1.0, 0.0, 0.0]
    w = math.sqrt(0.5 * (1 + z))
    return [w, -y / (2 * w), x / (2 * w), 0.0]


def capsule(p0, p1, radius):
    """Capsule whose segment runs from p0 to p1 (body frame)."""
    d = [b - a for a, b in zip(p0, p1)]
    n = math.sqrt(sum(c * c for c in d))
    return {"type": "capsule", "size": [r9(radius), r9(n / 2)],
            "pos": [r9((a + b) / 2) for a, b in zip(p0, p1)],
            "quat": [r9(c) for c in quat_z_to([c / n for c in d])], "material": "link"}


# Link geometry, segments between (and short of) consecutive joints so that no two bodies that
# are not parent and child overlap along the motion (tests/test_franka.c checks that every
# contact involves the box).
LINK_GEOMS = [
    capsule([0, 0, -0.2], [0, 0, -0.07], 0.055),         # link1: the column below joint 2
    capsule([0, -0.07, 0], [0, -0.24, 0], 0.055),        # link2: upper arm
    capsule([0.0825, -0.04, 0], [0.0825, 0.04, 0], 0.05),  # link3: elbow housing, along joint 4
    capsule([-0.0825, 0.08, 0], [-0.0825, 0.3, 0], 0.05),  # link4: forearm
    capsule([0, 0, -0.15], [0, 0, -0.07], 0.045),        # link5: lower forearm
    capsule([0.088, -0.03, 0], [0.088, 0.03, 0], 0.045),  # link6: wrist, along joint 7
    capsule([0, 0, 0.0], [0, 0, 0.045], 0.04),           # link7: flange stub
]


def body(name, parent, joint, mass, geoms, q0=None):
    b = {"name": name, "parent": parent, "joint": joint, "mass": mass, "geoms": geoms}
    if q0 is not None:
        b["q0"] = r9(q0)
    return b


def scene():
    down = [[1, 0, 0], [0, -1, 0], [0, 0, -1]]  # hand z down, hand y along world -y
    box_top = 2 * BOX_HALF[2]
    pos_a = [BOX_XY[0], BOX_XY[1], box_top + BOX_TOP_IN_HAND]
    qa = ik(pos_a, down, Q_READY)
    c, s = math.cos(SWING), math.sin(SWING)
    pos_b = [c * pos_a[0] - s * pos_a[1], s * pos_a[0] + c * pos_a[1], pos_a[2] + LIFT]
    rot_b = matmul(rot_z(SWING), down)
    qb = ik(pos_b, rot_b, qa)
    qa = [r9(x) for x in qa]
    qb = [r9(x) for x in qb]

    bodies = []
    parent = "world"
    for i, ((pos, roll), mass, geom) in enumerate(zip(ARM_JOINTS, ARM_MASS, LINK_GEOMS)):
        name = "link%d" % (i + 1)
        joint = {"type": "revolute", "pos": pos, "rpy_deg": [roll, 0, 0], "axis": [0, 0, 1],
                 "limit": list(LIMITS[i])}
        bodies.append(body(name, parent, joint, mass, [geom], qa[i]))
        parent = name
    bodies.append(body("hand", "link7", {"type": "fixed", "pos": FLANGE, "rpy_deg": [0, 0, HAND_YAW]}, HAND_MASS,
                       [{"type": "box", "size": [0.03, 0.1, 0.025], "pos": [0, 0, 0.025], "material": "link"}]))
    for side, sign in (("left", 1), ("right", -1)):
        bodies.append(body(
            "finger_" + side, "hand",
            {"type": "prismatic", "pos": [0, 0, FINGER_Z], "axis": [0, sign, 0], "limit": [0, 0.04]},
            FINGER_MASS,
            [{"type": "box", "size": PAD_HALF, "pos": [0, sign * PAD_HALF[1], PAD_Z], "material": "finger"}],
            OPEN))
    # the box stands on the table centred between the fingers (resting penetration m g / (4 k) ~ 1e-5 m)
    ta = hand_pose(qa)
    assert abs(ta[0][3] - BOX_XY[0]) < 1e-8 and abs(ta[1][3] - BOX_XY[1]) < 1e-8
    bodies.append({"name": "box", "joint": "free", "mass": BOX_MASS,
                   "geoms": [{"type": "box", "size": BOX_HALF, "material": "box"}],
                   "q0": {"pos": [BOX_XY[0], BOX_XY[1], r9(BOX_HALF[2] - 1e-5)]}})

    knots = []
    for k in range(KNOTS):
        u = k / (KNOTS - 1)
        s = 0.5 * (1 - math.cos(math.pi * u))
        knots.append({"t": r9(T_MOVE0 + (T_MOVE1 - T_MOVE0) * u), "q": [r9(a + s * (b - a)) for a, b in zip(qa, qb)]})
    squeeze = FINGER_KP * (BOX_HALF[1] - FINGER_TARGET)
    description = (
        "CENIC Fig. 6c / Fig. 12: a Panda-like 7-dof arm (published Panda kinematics: d1 0.333, "
        "d3 0.316, a4 0.0825, a5 -0.0825, d5 0.384, a7 0.088, flange 0.107 m; Panda joint limits; link masses "
        "4, 4, 4, 3.5, 3.5, 1.5, 0.5 kg with the inertias of uniform capsules; hand %g kg, fingers %g kg on "
        "prismatic joints 0..0.04 m) grasps an upright cracker box (0.16 x 0.06 x 0.21 m, %g kg) standing on a "
        "rigid table at (%g, %g, 0). The fingers start %g mm clear of the box; a PD (Kp %g N/m, Kd %g N s/m, "
        "effort limit %g N) moves their setpoint to %g m over %g s, squeezing with %g N each (mu 1: %g N of "
        "friction against %.2g N of weight; unsaturated, so the pair stays centred). An inverse-dynamics "
        "controller (tau = M vd' + k, Kp = Kd = %g [ref]) holds setpoint A (hand down, pads on the top 43 mm "
        "of the box) until %g s, moves to B (%g m higher, turned %g rad about the base) along a cosine "
        "profile (%d knots) until %g s, then holds B to %g s: the box is lifted %g m and ends with its "
        "centre at (%.4f, %.4f, %.4f) m, at rest in the grip. Links, hand, fingers and box k 1e5 N/m, "
        "d 10 s/m (finger-box pairs k 5e4 N/m, mu 1); table rigid, mu 0.5. Compare --opt "
        "controllers=implicit (default) with controllers=explicit (Fig. 12). Generated by "
        "scripts/gen_franka.py." % (
            HAND_MASS, FINGER_MASS, BOX_MASS, BOX_XY[0], BOX_XY[1], 1e3 * (OPEN - BOX_HALF[1]), FINGER_KP,
            FINGER_KD, FINGER_EFFORT, FINGER_TARGET, T_CLOSE, squeeze, 2 * squeeze, BOX_MASS * 9.81, K_ID,
            T_MOVE0, LIFT, SWING, KNOTS, T_MOVE1, DURATION, LIFT, pos_b[0], pos_b[1], BOX_HALF[2] + LIFT))
    return {
        "name": "franka_box",
        "description": description,
        "duration": DURATION,
        "stiction_tolerance": 1e-4,
        "max_step": 0.1,
        "materials": [{"name": "table", "stiffness": "rigid", "mu": 0.5},
                      {"name": "link", "stiffness": 1e5, "dissipation": 10, "mu": 0.5},
                      {"name": "finger", "stiffness": 1e5, "dissipation": 10, "mu": 1},
                      {"name": "box", "stiffness": 1e5, "dissipation": 10, "mu": 1}],
        "world_geoms": [{"name": "table", "type": "plane", "material": "table"}],
        "bodies": bodies,
        "controllers": [
            {"name": "arm", "type": "inverse_dynamics", "joints": ["link%d" % (i + 1) for i in range(7)],
             "kp": K_ID, "kd": K_ID, "setpoints": [{"t": 0, "q": qa}] + knots},
            {"name": "gripper", "type": "pd", "joints": ["finger_left", "finger_right"],
             "kp": FINGER_KP, "kd": FINGER_KD, "effort_limit": FINGER_EFFORT,
             "setpoints": [{"t": 0, "q": OPEN}, {"t": T_CLOSE, "q": FINGER_TARGET}]},
        ],
    }, qa, qb


# Reflected rotor inertia of each arm joint, gear ratio^2 x rotor inertia (kg m^2), from Drake's
# Panda model (drake_models franka_description/urdf/panda_arm.urdf: drake:gear_ratio 100,
# drake:rotor_inertia 6.05721456e-5 on joints 1-2, 4.62474144e-5 on 3-4, 2.05544064e-5 on 5-7).
ROTOR_ARMATURE = [100.0 ** 2 * j for j in (6.05721456e-5, 6.05721456e-5, 4.62474144e-5, 4.62474144e-5,
                                           2.05544064e-5, 2.05544064e-5, 2.05544064e-5)]


def with_rotors(sc):
    """franka_box with the Franka's reflected rotor inertia on the arm's joints (CENIC Fig. 12)."""
    sc = json.loads(json.dumps(sc))
    sc["name"] = "franka_box_rotor"
    sc["description"] = (
        "franka_box with the reflected rotor inertia of the Franka's geared motors on the seven arm joints "
        "(joint armature, gear ratio^2 x rotor inertia from Drake's Panda model: %s kg m^2), which the "
        "inverse-dynamics controller's M includes; everything else as franka_box. For CENIC Fig. 12, "
        "whose arm is a Franka: with the rotors in M, eq. 29's diagonal C holds most of the damping "
        "term M Kd. Generated by scripts/gen_franka.py." % ", ".join("%.3g" % a for a in ROTOR_ARMATURE))
    for i in range(7):
        sc["bodies"][i]["joint"]["armature"] = r9(ROTOR_ARMATURE[i])
    return sc


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
    cases = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "cases")
    sc, qa, qb = scene()
    outputs = [(os.path.join(cases, "franka_box.json"), fmt(sc) + "\n"),
               (os.path.join(cases, "franka_box_rotor.json"), fmt(with_rotors(sc)) + "\n")]
    if "--print" in sys.argv:
        print("A", qa, "\nB", qb)
        print("hand A", [r9(hand_pose(qa)[i][3]) for i in range(3)], "hand B", [r9(hand_pose(qb)[i][3]) for i in range(3)])
    if "--check" in sys.argv:
        for path, text in outputs:
            with open(path) as f:
                if f.read() != text:
                    print("out of date: %s (run scripts/gen_franka.py)" % os.path.basename(path))
                    return 1
        return 0
    for path, text in outputs:
        with open(path, "w") as f:
            f.write(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
