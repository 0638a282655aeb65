// Steps an MJCF model written by `cbench run --integrator mujoco --opt save_mjcf=FILE` under
// MuJoCo 3.x (the official WebAssembly build, npm @mujoco/mujoco) from the first row of that run's
// --trajectory CSV, and compares the bodies' positions with MuJoCo 2.2.2's rows at the same times.
// Free bodies on the world only (cbench's free-joint velocity [w world; v world] is converted to
// MuJoCo's [v world; w body] here; other joints would need the map of mujoco_map.c).
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
const FREE = 0;
for (let j = 0; j < model.njnt; ++j)
  if (model.jnt_type[j] !== FREE) {
    console.error(`${xmlPath}: joint ${j} is not free: only scenes of free bodies are compared`);
    process.exit(2);
  }
const nb = model.njnt;
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
for (let k = 0; k < nb; ++k) {
  const q = first.slice(1 + 7 * k, 8 + 7 * k), v = first.slice(1 + 7 * nb + 6 * k, 7 + 7 * nb + 6 * k);
  for (let i = 0; i < 7; ++i) data.qpos[7 * k + i] = q[i];
  const wb = toBody(q.slice(3), v.slice(0, 3));
  for (let i = 0; i < 3; ++i) data.qvel[6 * k + i] = v[3 + i], data.qvel[6 * k + 3 + i] = wb[i];
}
data.time = first[0];
const dt = model.opt.timestep;
let maxDiff = 0, tMax = first[0], steps = 0;
const t0 = process.hrtime.bigint();
for (const row of rows.slice(1)) {
  const n = Math.round((row[0] - first[0]) / dt);
  while (steps < n) mujoco.mj_step(model, data), ++steps;
  for (let k = 0; k < nb; ++k)
    for (let i = 0; i < 3; ++i) {
      const d = Math.abs(data.qpos[7 * k + i] - row[1 + 7 * k + i]);
      if (d > maxDiff) maxDiff = d, tMax = row[0];
    }
}
const wall = Number(process.hrtime.bigint() - t0) * 1e-9;
const last = rows[rows.length - 1];
console.log(JSON.stringify({
  mujoco3: mujoco.mj_versionString(),
  model: xmlPath,
  steps,
  t_end: data.time,
  position_diff_max: maxDiff,
  position_diff_t: tMax,
  final_pos_mujoco3: Array.from(data.qpos.slice(0, 3)),
  final_pos_mujoco222: last.slice(1, 4),
  wall_s: wall,
  wall_note: 'WebAssembly under Node: not comparable with the native C timings of cbench records',
}));
data.delete();
model.delete();
