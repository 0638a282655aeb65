// Steps an MJCF model written by `cbench run --integrator mujoco --opt save_mjcf=FILE` under
// MuJoCo 3.x (the official WebAssembly build, npm @mujoco/mujoco) from the first row of that run's
// --trajectory CSV, and compares the coordinates with MuJoCo 2.2.2's rows at the same times.
// Free joints on the world, hinges and slides: the map of integrators/mujoco/mujoco_map.c, read
// from the model itself (body "b<i>" is cbench body i; cbench lays out q and v in body order,
// 7 and 6 numbers per free joint, 1 per hinge or slide; a free joint's velocity [w world;
// v world] is MuJoCo's [v world; w body]). Refused (exit 2, a message): other joint types and
// mocap bodies (cbench moves them each step; this runner cannot). Controllers and applied forces
// are not in the model (the native peer applies cbench's own as qfrc_applied each step): the
// caller skips such scenes (scripts/mujoco3_check.sh).
// Prints one JSON object. Wall time under WebAssembly in Node is not comparable with native C.
//
//   node scripts/mujoco3/check.mjs MODEL.xml TRAJECTORY.csv
import { readFileSync } from 'node:fs';
import loadMujoco from '@mujoco/mujoco';

const [xmlPath, csvPath] = process.argv.slice(2);
if (!xmlPath || !csvPath) {
  console.error('usage: node scripts/mujoco3/check.mjs MODEL.xml TRAJECTORY.csv');
  process.exit(2);
}
const rows = readFileSync(csvPath, 'utf8').trim().split('\n').slice(1).map((l) => l.split(',').map(Number));
const mujoco = await loadMujoco();
const model = mujoco.MjModel.from_xml_string(readFileSync(xmlPath, 'utf8'));
const data = new mujoco.MjData(model);
// mjtJoint and mjtObj (the same numbers in 2.2 and 3.x)
const FREE = 0, SLIDE = 2, HINGE = 3, OBJ_BODY = 1;
function refuse(why) {
  console.error(`${xmlPath}: ${why}`);
  process.exit(2);
}
if (model.nmocap > 0) refuse(`${model.nmocap} mocap (kinematic) bodies: cbench moves them each step, this runner cannot`);
const joints = [];
for (let j = 0; j < model.njnt; ++j) {
  const type = model.jnt_type[j];
  if (type !== FREE && type !== SLIDE && type !== HINGE) refuse(`joint ${j} has type ${type}: not converted`);
  const name = mujoco.mj_id2name(model, OBJ_BODY, model.jnt_bodyid[j]);
  const body = Number(name.slice(1));
  if (!name.startsWith('b') || !Number.isInteger(body)) refuse(`joint ${j} is on body '${name}', not a cbench body`);
  joints.push({ type, body, qpos: model.jnt_qposadr[j], dof: model.jnt_dofadr[j] });
}
joints.sort((a, b) => a.body - b.body);
let nq = 0, nv = 0;
for (const jt of joints) {
  jt.q = nq, jt.v = nv;
  nq += jt.type === FREE ? 7 : 1;
  nv += jt.type === FREE ? 6 : 1;
}
if (nq !== model.nq || nv !== model.nv) refuse(`cbench's layout (nq ${nq}, nv ${nv}) is not MuJoCo's (${model.nq}, ${model.nv})`);
// the body-frame angular velocity of world-frame w at quaternion q (w x y z): R(q)^T w
function toBody(q, w) {
  const [a, b, c, d] = q;
  const R = [
    [1 - 2 * (c * c + d * d), 2 * (b * c - a * d), 2 * (b * d + a * c)],
    [2 * (b * c + a * d), 1 - 2 * (b * b + d * d), 2 * (c * d - a * b)],
    [2 * (b * d - a * c), 2 * (c * d + a * b), 1 - 2 * (b * b + c * c)],
  ];
  return [0, 1, 2].map((i) => R[0][i] * w[0] + R[1][i] * w[1] + R[2][i] * w[2]);
}
const first = rows[0];
for (const jt of joints) {
  const q = first.slice(1 + jt.q, 1 + jt.q + (jt.type === FREE ? 7 : 1));
  const v = first.slice(1 + nq + jt.v, 1 + nq + jt.v + (jt.type === FREE ? 6 : 1));
  if (jt.type !== FREE) {
    data.qpos[jt.qpos] = q[0], data.qvel[jt.dof] = v[0];
    continue;
  }
  for (let i = 0; i < 7; ++i) data.qpos[jt.qpos + i] = q[i];
  const wb = toBody(q.slice(3), v.slice(0, 3));
  for (let i = 0; i < 3; ++i) data.qvel[jt.dof + i] = v[3 + i], data.qvel[jt.dof + 3 + i] = wb[i];
}
data.time = first[0];
const dt = model.opt.timestep;
// free joints: the origin's position (m); hinges and slides: the coordinate (rad or m)
let maxDiff = 0, tMax = first[0], maxJoint = 0, tJoint = first[0], steps = 0;
const t0 = process.hrtime.bigint();
for (const row of rows.slice(1)) {
  const n = Math.round((row[0] - first[0]) / dt);
  while (steps < n) mujoco.mj_step(model, data), ++steps;
  for (const jt of joints) {
    if (jt.type !== FREE) {
      const d = Math.abs(data.qpos[jt.qpos] - row[1 + jt.q]);
      if (d > maxJoint) maxJoint = d, tJoint = row[0];
      continue;
    }
    for (let i = 0; i < 3; ++i) {
      const d = Math.abs(data.qpos[jt.qpos + i] - row[1 + jt.q + i]);
      if (d > maxDiff) maxDiff = d, tMax = row[0];
    }
  }
}
const wall = Number(process.hrtime.bigint() - t0) * 1e-9;
const last = rows[rows.length - 1];
console.log(JSON.stringify({
  mujoco3: mujoco.mj_versionString(),
  model: xmlPath,
  steps,
  t_end: data.time,
  free_joints: joints.filter((jt) => jt.type === FREE).length,
  hinge_slide_joints: joints.filter((jt) => jt.type !== FREE).length,
  position_diff_max: maxDiff,
  position_diff_t: tMax,
  joint_diff_max: maxJoint,
  joint_diff_t: tJoint,
  final_qpos_mujoco3: Array.from(data.qpos.slice(0, Math.min(model.nq, 7))),
  final_q_mujoco222: last.slice(1, 1 + Math.min(nq, 7)),
  wall_s: wall,
  wall_note: 'WebAssembly under Node: not comparable with the native C timings of cbench records',
}));
data.delete();
model.delete();
