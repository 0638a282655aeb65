#include "record_fields.h"

#include <math.h>
#include <string.h>

#include "../../integrators/integrator.h"
#include "../common/json_get.h"
#include "../common/machine.h"

#define D0 "2026-11-22" /* the first cbench.run/1 records */
#define REQ RF_REQUIRED
#define NUL RF_NULLABLE
#define NR RF_NULL_NO_RESULTS
/* the row's value is the member m of the source's struct T (run_record.c writes it from there) */
#define AT(source, value, T, m) {source, value, offsetof(T, m)}, NO_COLUMN
#define BY_HAND_AT {RS_NONE, RV_DOUBLE, 0} /* an object, an array or a value run_record.c derives */
#define BY_HAND BY_HAND_AT, NO_COLUMN
#define MACHINE(value, m) AT(RS_MACHINE, value, MachineInfo, m)
#define STATS(m) AT(RS_STATS, RV_DOUBLE, IntegratorStats, m)
/* the row's columns in records.tsv: place k, NAME or NAME_member per member (RecordColumn) */
#define COLUMN(k, name, members) {k, name, members}
#define NO_COLUMN {0, NULL, NULL}

/* In the order the builder writes them (run_record_new, run_record_add_result, run_metrics_report;
 * test_record_schema checks it); a nested field after its parent. */
const RecordField record_fields[] = {
    {"schema", RF_STRING, REQ, "cbench.run/1", D0, NULL, "`\"cbench.run/1\"`", BY_HAND},
    {"case", RF_STRING, REQ, NULL, D0, NULL, "case name (scene file name without `.json`)", BY_HAND},
    {"scene", RF_STRING, REQ, NULL, D0, NULL, "scene file path", BY_HAND},
    {"scene_hash", RF_STRING, REQ, NULL, D0, NULL, "`fnv1a64:` hash of the scene file's bytes", BY_HAND},
    {"model_version", RF_STRING, REQ, NULL, D0, NULL, "`CBENCH_MODEL_VERSION` (harness/run/reference.h)", BY_HAND},
    {"integrator", RF_STRING, REQ, NULL, D0, NULL, "registry name", BY_HAND},
    {"fixed_step", RF_BOOL, REQ, NULL, D0, NULL, "the integrator takes `dt` (else `accuracy`)", BY_HAND},
    {"controllers", RF_STRING, 0, "implicit|explicit|undeclared", "2026-12-03", NULL,
     "how the integrator treats the scene's controllers under this run's options, as it declares "
     "(integrators/integrator.h `controllers`): inside its implicit solve, or at the step start",
     BY_HAND},
    {"params", RF_OBJECT, REQ, NULL, D0, NULL, "the run's parameters (below)", BY_HAND},
    {"params.accuracy", RF_NUMBER, REQ | NUL, NULL, D0, NULL, "requested accuracy; exactly one of `accuracy` and `dt` is set", BY_HAND},
    {"params.dt", RF_NUMBER, REQ | NUL, NULL, D0, NULL, "fixed step size (s); exactly one of `accuracy` and `dt` is set", BY_HAND},
    {"params.max_step", RF_NUMBER, NUL, NULL, D0, NULL, "null: the scene's `max_step`", BY_HAND},
    {"params.error_norm", RF_STRING, REQ, "q|full", D0, NULL,
     "what the integrator's local error norm measures (the norm used)", BY_HAND},
    {"params.error_norm_default", RF_BOOL, 0, NULL, "2026-11-23", NULL,
     "true when the user did not choose: `error_norm` is the integrator's `default_error_norm` ([docs/integrators.md](../docs/integrators.md#error-norms))", BY_HAND},
    {"params.t_end", RF_NONNEG, REQ, NULL, D0, NULL, "simulated duration, s", BY_HAND},
    {"params.reps", RF_NONNEG, 0, NULL, D0, NULL, "timing repetitions asked for (with `min_time`: the most)", BY_HAND},
    {"params.min_time", RF_NONNEG, 0, NULL, "2026-12-02", NULL,
     "calibrated timing (`--min-time`, a sweep's default): repetitions until they total at least this many s, at "
     "least 3 unless one takes that long alone, at most `reps`; absent: exactly `reps`", BY_HAND},
    {"params.budget_s", RF_NONNEG, REQ, NULL, D0, NULL,
     "wall-time budget per integration, s (default 100 s per simulated second)", BY_HAND},
    {"params.window", RF_NONNEG, NUL, NULL, D0, NULL, "windowed-error window (s), null when off", BY_HAND},
    {"params.window_start", RF_NONNEG, 0, NULL, "2026-12-03", NULL,
     "the first window's start (`--window-start`, s): the windows cover a resting phase alone; absent: t = 0", BY_HAND},
    {"params.output_dt", RF_OUTPUT_DT, NUL, NULL, "2026-11-26", NULL,
     "the series grid (`--output-dt`): rows every that many s, or at every accepted step; null: the error grid. The "
     "error is always measured on the reference's grid", BY_HAND},
    {"params.options", RF_OBJECT, 0, NULL, D0, NULL, "`--opt key=value` pairs", BY_HAND},
    {"params.scene_params", RF_OBJECT, 0, NULL, "2026-11-23", NULL,
     "`--param` changes to the scene, JSON path -> value as given; `scene_hash` is then the modified scene's", BY_HAND},
    {"status", RF_STRING, REQ, "ok|failed|timeout", D0, NULL, "how the run ended", BY_HAND},
    {"message", RF_STRING, REQ | NUL, NULL, D0, NULL, "why a run failed or timed out (required unless ok)", BY_HAND},
    {"t_reached", RF_NONNEG, REQ, NULL, D0, NULL,
     "last output-grid time reached (failed: the integrator's `t`; killed: the last grid time it reported, else 0)", BY_HAND_AT,
     COLUMN(5, "t_reached", NULL)},
    {"sim_time", RF_NONNEG, REQ, NULL, D0, NULL, "= `params.t_end`", BY_HAND},
    {"warnings", RF_STRINGS, REQ, NULL, D0, NULL,
     "what makes the result suspect or not comparable: what the integrator could not model on this scene (its notes, "
     "e.g. one friction coefficient where the scene has two) and the physics guards that tripped; empty when none", BY_HAND},
    {"spec_key", RF_STRING, 0, NULL, "2026-11-23", NULL,
     "canonical form of the run's specification (`run_spec_key`, harness/run/run_spec.h): scene, integrator, accuracy or "
     "dt, horizon, max step, resolved error norm, reps, budget, window, options sorted by key, scene parameters sorted "
     "by path. A sweep or `run --resume` reuses a record only when its `spec_key` equals the new run's", BY_HAND},
    {"command", RF_STRING, REQ, NULL, D0, NULL, "`cbench run ...` that reproduces this record", BY_HAND},
    {"date", RF_STRING, REQ, NULL, D0, NULL, "UTC, ISO 8601", BY_HAND},
    {"machine", RF_OBJECT, REQ, NULL, D0, NULL, "where and with what the run was made (below); as in `cbench.figure/1`", BY_HAND},
    {"machine.cpu", RF_STRING, REQ, NULL, D0, NULL, "/proc/cpuinfo's model name",
     MACHINE(RV_CHARS, cpu)},
    {"machine.isa", RF_STRING, 0, NULL, "2026-12-02", NULL,
     "the CPU's instruction-set extensions that library code paths depend on (from /proc/cpuinfo's flags): "
     "instruction counts compare between machines with the same list, binary and libraries",
     MACHINE(RV_CHARS, isa)},
    {"machine.cores", RF_NUMBER, REQ, NULL, D0, NULL, "online cores",
     MACHINE(RV_DOUBLE, cores)},
    {"machine.blas_threads", RF_NUMBER, 0, NULL, "2026-11-29", NULL, "threads of the BLAS (cbench sets OpenBLAS to 1: one core per run)",
     MACHINE(RV_DOUBLE, blas_threads)},
    {"machine.compiler", RF_STRING, REQ, NULL, D0, NULL, "`__VERSION__`",
     MACHINE(RV_CSTR, compiler)},
    {"machine.flags", RF_STRING, 0, NULL, D0, NULL, "optimization or sanitizer flags, from the Makefile",
     MACHINE(RV_CSTR, flags)},
    {"machine.build", RF_STRING, 0, NULL, D0, NULL, "`release`, `sanitize` or `debug`, from the preprocessor",
     MACHINE(RV_CSTR, build)},
    {"machine.git", RF_STRING, REQ, NULL, D0, NULL,
     "the sha of the tree the binary was built from, stamped by the Makefile; `\"unknown\"` for a build outside a "
     "checkout; records made before `git_dirty` existed hold the run folder's `git rev-parse HEAD`",
     MACHINE(RV_CHARS, git)},
    {"machine.git_dirty", RF_BOOL, NUL, NULL, "2026-11-26", NULL,
     "the build's tree had uncommitted changes in models/, integrators/, harness/ or the Makefile; null outside a "
     "checkout",
     MACHINE(RV_TRIBOOL, git_dirty)},
    {"machine.host", RF_STRING, 0, NULL, "2026-11-26", NULL, "host name",
     MACHINE(RV_CHARS, host)},
    {"machine.os", RF_STRING, 0, NULL, "2026-11-26", NULL, "uname: system, release, version, machine",
     MACHINE(RV_CHARS, os)},
    {"machine.cpu_mhz", RF_NUMBER, NUL, NULL, "2026-11-26", NULL, "cpu0's clock from /proc/cpuinfo",
     MACHINE(RV_POSITIVE, cpu_mhz)},
    {"machine.caches", RF_ARRAY, 0, NULL, "2026-11-26", NULL,
     "`{type, level, size (bytes), num_sharing}` from /sys/devices/system/cpu/cpu0/cache", BY_HAND},
    {"machine.load_avg_start", RF_LOAD_AVG, NUL, NULL, "2026-11-26", NULL,
     "1, 5 and 15 minute load averages when the run started", BY_HAND},
    {"machine.sundials", RF_STRING, REQ, NULL, D0, NULL, "SUNDIALS version",
     MACHINE(RV_CSTR, sundials)},
    {"machine.cholmod", RF_STRING, 0, NULL, D0, NULL, "CHOLMOD version",
     MACHINE(RV_CHARS, cholmod)},
    {"machine.suitesparse", RF_STRING, 0, NULL, D0, NULL, "SuiteSparse version",
     MACHINE(RV_CHARS_OPT, suitesparse)},
    {"machine.libccd", RF_STRING, 0, NULL, D0, NULL, "`\"unknown\"`: libccd has no version macro",
     MACHINE(RV_CSTR, libccd)},
    {"machine.cjson", RF_STRING, REQ, NULL, D0, NULL, "cJSON version",
     MACHINE(RV_CSTR, cjson)},
    {"machine.date", RF_STRING, 0, NULL, D0, NULL, "UTC, ISO 8601, when the machine was described",
     MACHINE(RV_CHARS, date)},
    {"wall_time", RF_OBJECT, REQ | NUL | NR, NULL, D0, NULL,
     "over `reps` timing runs (s, reset + advance calls only); with `reps` 0 (the run did not finish) the error run's "
     "time up to the stop. null if the run process was killed", BY_HAND},
    {"wall_time.min", RF_NONNEG, REQ, NULL, D0, NULL, "fastest; min <= median <= max", BY_HAND},
    {"wall_time.median", RF_NONNEG, REQ, NULL, D0, NULL, "median", BY_HAND},
    {"wall_time.max", RF_NONNEG, REQ, NULL, D0, NULL, "slowest", BY_HAND},
    {"wall_time.reps", RF_NONNEG, REQ, NULL, D0, NULL, "timing runs made", BY_HAND},
    {"work", RF_OBJECT, REQ | NUL | NR, NULL, D0, NULL,
     "`wall_time` divided by the simulated time (`min`, `median`, `max`, and `unit`), i.e. wall seconds per simulated "
     "second; for an unfinished run divided by `t_reached`", BY_HAND_AT, COLUMN(3, "work", "min,median,max")},
    {"work.min", RF_NONNEG, 0, NULL, D0, NULL, "`wall_time.min` per simulated second", BY_HAND},
    {"work.median", RF_NONNEG, 0, NULL, D0, NULL, "`wall_time.median` per simulated second", BY_HAND},
    {"work.max", RF_NONNEG, 0, NULL, D0, NULL, "`wall_time.max` per simulated second", BY_HAND},
    {"real_time_rate", RF_NONNEG, NUL, NULL, D0, NULL,
     "`sim_time / wall_time.median`; null without timing runs, absent when the run did not finish", BY_HAND_AT,
     COLUMN(6, "real_time_rate", NULL)},
    {"repetitions", RF_REPETITIONS, 0, NULL, "2026-11-26", NULL,
     "per timing repetition, in order: `wall_s` (as in `wall_time`) and `cpu_s`, the process CPU time around it "
     "(`CLOCK_PROCESS_CPUTIME_ID`, in the process that ran the integration)", BY_HAND},
    {"counters", RF_OBJECT, REQ | NUL | NR, NULL, D0, NULL,
     "every `IntegratorStats` counter of the error run (required when ok; `cbench list --counters` and "
     "integrators/integrator.h `CB_COUNTERS` say what each counts): `steps`, `rejected`, `rhs_evals`, `jac_evals`, "
     "`factorizations`, `newton_iters`, `linesearch_iters`, `convex_solves`, `geometry_queries`, `conv_failures`, "
     "`error_test_failures`, `substep_retries`, and `newton_dofs`, `factor_updates`, `symbolic_analyses` and `manifold_changes` (added "
     "later: optional, a record written before them lacks them and is compared on the rest). CENIC's Newton iterates "
     "per contact island: `newton_iters` counts the iterations of each solve (the most any island needed), "
     "`newton_dofs` the velocity coordinates of the islands still iterating, summed over iterations, and "
     "`linesearch_iters` the line-search evaluations in whole-problem units (an island's evaluation counts nv_I / nv); "
     "`factor_updates` counts the block updates `T -= L_i L_j^T` of CENIC's block Cholesky factorizations (0 for the "
     "dense and CHOLMOD solvers and other integrators); `symbolic_analyses` counts the fill-reducing orderings and "
     "symbolic factorizations of CENIC's sparse linear solvers (one per new block pattern); `manifold_changes` counts the steps after which "
     "the number of contact points of a geometry pair changed (`ca`; 0 for other integrators)", BY_HAND_AT,
     COLUMN(4, "", "steps,rejected,rhs_evals,newton_iters,factorizations")},
    {"time_split", RF_OBJECT, 0, NULL, D0, NULL,
     "as the integrator reports them (error run), s; absent when the run did not finish", BY_HAND},
    {"time_split.geometry", RF_NONNEG, REQ, NULL, D0, NULL, "geometry queries",
     STATS(time_geometry)},
    {"time_split.assembly", RF_NONNEG, REQ, NULL, D0, NULL, "assembling the contact problem",
     STATS(time_assembly)},
    {"time_split.factorization", RF_NONNEG, REQ, NULL, D0, NULL, "factorizations",
     STATS(time_factorization)},
    {"time_split.linesearch", RF_NONNEG, REQ, NULL, D0, NULL, "line searches",
     STATS(time_linesearch)},
    {"time_split.total", RF_NONNEG, REQ, NULL, D0, NULL, "the whole integration",
     STATS(time_total)},
    {"solver", RF_OBJECT, 0, NULL, "2026-11-28", NULL,
     "the contact solver's statistics over the error run, for integrators that solve one contact problem per step "
     "(`lcp`, `ccp`, `ncp`, `raisim`, `ca`; [docs/rigid.md](../docs/rigid.md)); absent for the others", BY_HAND},
    {"solver.name", RF_STRING, REQ, NULL, "2026-11-28", NULL, "model and algorithm, e.g. `\"CCP/ADMM\"`", BY_HAND},
    {"solver.max_iterations", RF_NONNEG, REQ, NULL, "2026-11-28", NULL, "the iteration limit per solve", BY_HAND},
    {"solver.on_limit", RF_STRING, REQ, "accept|fail", "2026-11-28", NULL,
     "what a solve that reaches the limit does: keep its last iterate, or fail the run", BY_HAND},
    {"solver.solves", RF_NONNEG, REQ, NULL, "2026-11-28", NULL, "contact problems solved (steps with at least one contact)", BY_HAND},
    {"solver.stops", RF_OBJECT, REQ, NULL, "2026-11-28", NULL,
     "why each solve stopped: `tolerance` (its own criterion met), `stall` (its iterates stopped improving), "
     "`iteration_limit`, `failed` (the method broke down: the run fails)", BY_HAND},
    {"solver.stops.tolerance", RF_NONNEG, REQ, NULL, "2026-11-28", NULL, "solves that met the tolerance", BY_HAND},
    {"solver.stops.stall", RF_NONNEG, REQ, NULL, "2026-11-28", NULL, "solves stopped on a stall", BY_HAND},
    {"solver.stops.iteration_limit", RF_NONNEG, REQ, NULL, "2026-11-28", NULL, "solves stopped at the limit", BY_HAND},
    {"solver.stops.failed", RF_NONNEG, REQ, NULL, "2026-11-28", NULL, "solves where the method broke down", BY_HAND},
    {"solver.regularized", RF_NONNEG, REQ, NULL, "2026-11-28", NULL,
     "solves that succeeded only on the regularized problem (Lemke after a ray)", BY_HAND},
    {"solver.iterations", RF_OBJECT, REQ, NULL, "2026-11-28", NULL,
     "`total` over the solves, `max` of one solve and `mean` per solve (sweeps, Newton or ADMM steps, Lemke pivots)", BY_HAND},
    {"solver.residual", RF_OBJECT, REQ, NULL, "2026-11-28", NULL,
     "`max` and `mean` over the solves of the contact-models paper's eq. 15 criterion eps_abs at the returned "
     "impulses, in forces lambda / h (N, m/s and W: the largest of eps_p, eps_d, eps_c)", BY_HAND},
    {"solver.internal_force", RF_OBJECT, REQ | NUL, NULL, "2026-11-28", NULL,
     "with `--opt internal_force=1`: `max` over the solves of the impulses' internal force, their distance to the "
     "minimum-norm impulses in the friction cones with the same effect on the bodies (contact-models paper sec. II-C), "
     "in N, and `tangential_max` of its tangential entries; null when not measured", BY_HAND},
    {"stepping", RF_OBJECT, 0, NULL, "2026-11-28", NULL,
     "the accepted steps of the error run, for integrators on the shared step drivers (absent for SUNDIALS and MuJoCo, "
     "and when the run did not finish)", BY_HAND},
    {"stepping.min_step", RF_NONNEG, REQ, NULL, "2026-11-28", NULL, "the smallest accepted step, s", STATS(step_min)},
    {"stepping.mean_step", RF_NONNEG, REQ, NULL, "2026-11-28", NULL, "the mean accepted step, s", BY_HAND},
    {"stepping.min_distance", RF_NUMBER, REQ | NUL, NULL, "2026-11-28", NULL,
     "the smallest signed distance between geometries at the accepted states, m (negative: overlap); measured by "
     "conservative advancement (`ca`), null for the others", BY_HAND},
    {"counters_reproducible", RF_BOOL, 0, NULL, D0, NULL,
     "every timing run reproduced the error run's counters exactly; absent when the run did not finish", BY_HAND},
    {"peak_rss_mb", RF_NONNEG, 0, NULL, "2026-11-23", NULL,
     "peak resident memory of the process that ran the integration (MiB, `getrusage` `ru_maxrss`; with isolation the "
     "forked run process, which includes the harness's own few MiB); absent when the run did not finish", BY_HAND},
    {"instructions", RF_OBJECT, 0, NULL, "2026-11-26", NULL,
     "instruction count of one timing repetition: `source` `\"perf_event\"` (user-space retired instructions, "
     "`perf_event_open`; `per_rep` the median over the repetitions, `min`, `max`, `scope`) or `\"none\"` with `reason` "
     "(no hardware counter, e.g. in a container or VM; `cbench bench` then counts with valgrind's callgrind); absent when "
     "the run did not start", BY_HAND},
    {"instructions.source", RF_STRING, REQ, "perf_event|callgrind|none", "2026-11-26", NULL,
     "who counted: the hardware counter, valgrind's callgrind (`count`: the instructions inside the run loop, "
     "written by `cbench gate`) or none", BY_HAND},
    {"instructions.per_rep", RF_NONNEG, 0, NULL, "2026-11-26", NULL,
     "`perf_event`: the median count over the timing repetitions (the one `cbench compare` compares)", BY_HAND},
    {"error", RF_OBJECT, REQ | NUL | NR, NULL, D0, NULL,
     "against the reference (\"Error against the reference\", below); null without a current reference", BY_HAND},
    {"error.reference", RF_STRING, REQ, NULL, D0, NULL, "the reference file", BY_HAND},
    {"error.grid_points", RF_NONNEG, 0, NULL, D0, NULL, "grid points compared", BY_HAND},
    {"error.t_compared", RF_NONNEG, 0, NULL, D0, NULL, "compared up to this time (s)", BY_HAND},
    {"error.kind", RF_STRING, 0, NULL, D0, NULL, "`\"global\"`", BY_HAND},
    {"error.norm", RF_STRING, 0, NULL, D0, NULL, "the norms, in words", BY_HAND},
    {"error.positions", RF_MAXRMS, REQ, NULL, D0, NULL, "`max`, `rms` over the grid of e_q", BY_HAND_AT, COLUMN(1, "err_q", "max,rms")},
    {"error.full", RF_MAXRMS, REQ, NULL, D0, NULL, "`max`, `rms` over the grid of e_full", BY_HAND_AT, COLUMN(2, "err_full", "max,rms")},
    {"error.reference_check", RF_OBJECT, NUL, NULL, "2026-11-28", NULL,
     "the reference's own cross-check (its `provenance.cross_check`): `integrator` and its distance to the reference, "
     "`positions` and `full` (`max`, `rms` over the reference's grid); an error below it is not resolved by the "
     "reference. null when the reference has no cross-check that compared a point", BY_HAND},
    {"error.reference_check.integrator", RF_STRING, REQ, NULL, "2026-11-28", NULL, "the cross-check's integrator", BY_HAND},
    {"error.reference_check.status", RF_STRING, REQ, "ok|timeout|failed", "2026-11-28", NULL,
     "how the cross-check ended: `timeout` or `failed` means its distance covers only its first `grid_points`", BY_HAND},
    {"error.reference_check.grid_points", RF_NONNEG, REQ, NULL, "2026-11-28", NULL,
     "grid points the cross-check compared (0: not recorded in the reference)", BY_HAND},
    {"error.reference_check.reference_points", RF_NONNEG, REQ, NULL, "2026-11-28", NULL, "grid points of the reference", BY_HAND},
    {"error.reference_check.positions", RF_MAXRMS, REQ, NULL, "2026-11-28", NULL, "distance in e_q", BY_HAND},
    {"error.reference_check.full", RF_MAXRMS, REQ, NULL, "2026-11-28", NULL, "distance in e_full", BY_HAND},
    {"error_note", RF_STRING, REQ | NUL | NR, NULL, D0, NULL,
     "why `error` is null or partial (required when `error` is null)", BY_HAND},
    {"error_windowed", RF_OBJECT, NUL, NULL, D0, NULL,
     "windowed (local) error, only with `--window` (\"Windowed (local) error\", below)", BY_HAND},
    {"error_windowed.window", RF_NONNEG, REQ, NULL, D0, NULL, "window length (s)", BY_HAND},
    {"error_windowed.method", RF_STRING, 0, NULL, D0, NULL, "the windows' integrator (its `dt` or `accuracy` beside it)", BY_HAND},
    {"error_windowed.positions", RF_MAXRMS, REQ, NULL, D0, NULL, "`max`, `rms` over windows", BY_HAND_AT,
     COLUMN(7, "err_window", "max,rms")},
    {"error_windowed.full", RF_MAXRMS, REQ, NULL, D0, NULL, "`max`, `rms` over windows", BY_HAND},
    {"error_windowed.check", RF_OBJECT, 0, NULL, "2026-12-03", NULL,
     "only with `--window-check NAME:PARAM`: a second tight integration of every window from the same start; its "
     "distance to the first (`positions`, `full`: `max`, `rms` over windows) is the windowed error's resolution "
     "floor, drawn dashed on a windowed-error axis", BY_HAND},
    {"error_windowed.check.positions", RF_MAXRMS, REQ, NULL, "2026-12-03", NULL, "distance in e_q", BY_HAND},
    {"error_windowed.check.full", RF_MAXRMS, REQ, NULL, "2026-12-03", NULL, "distance in e_full", BY_HAND},
    {"error_windowed_note", RF_STRING, 0, NULL, D0, NULL, "why `error_windowed` is null", BY_HAND},
    {"physics", RF_OBJECT, REQ | NUL | NR, NULL, D0, NULL, "the physics checks of the run's states (below)", BY_HAND},
    {"physics.penetration", RF_MAXRMS, REQ, NULL, D0, NULL,
     "`max`, `rms`: deepest penetration on the output grid (m); `t_max`, `stiffness` of that contact; "
     "`static_estimate` = m g / k with m the movable mass on it, `ratio_static`; for passive scenes `energy_bound` = "
     "W/k + sqrt((W/k)^2 + 2 E/k) (W the whole movable weight, E the energy in play, below) and `ratio_energy_bound`; "
     "`bound` says which bound applies (`energy` for passive scenes, `static` otherwise). Guard: a passive run deeper "
     "than 1.5 x `energy_bound` gets a warning (\"tunnelled into contact\"). Every scene (2026-12-02): `geometry_size` (m: "
     "the smaller of the two geometries' sizes, sphere and capsule radius, smallest box half extent, cylinder "
     "min(radius, half length), at the contact deepest against it), `ratio_geometry` (depth / geometry_size, 0 without "
     "a penetrating contact), `t_geometry`, `threshold_geometry` 1; above it a warning (\"passed through a body\")", BY_HAND},
    {"physics.energy", RF_OBJECT, REQ, NULL, D0, NULL,
     "`start`, `end`, `drift` = end - start (J), `drift_rel` = drift / abs(start), or null with `drift_rel_note` where "
     "the start energy is zero to round-off (abs(start) <= 1e-9 of the energy in play, the scale that "
     "`max_rise.scale` states for passive scenes: the start is then the potential's reference level and the ratio "
     "means nothing), `conservative_model` (no dissipation, joint damping or limits, controllers, applied forces, "
     "moving surfaces or kinematic bodies: drift then measures the integrator, up to friction)", BY_HAND},
    {"physics.energy.max_rise", RF_OBJECT, 0, NULL, "2026-11-23", NULL,
     "passive scenes: `abs` = max_j (E_j - min_{i<=j} E_i) (J) over the output grid, E = kinetic + gravity + joint "
     "springs + contact springs k phi^2/2; `rel` = abs / `scale`, `scale` = the energy in play, max(E_0 - min E, the "
     "largest kinetic energy seen, the movable weight times 1 mm); `t`; `threshold_rel` 0.05 (dense output between "
     "steps of h = 0.1 s misplaces a free flight's energy by up to 1.2%). Above it the record gets a warning (\"gained "
     "energy in a passive scene\"). `local` (2026-12-02): the rise against the energy left, `abs` (J), `above_rest` "
     "(2026-12-02) = E at the rise's top minus the lowest potential energy seen (E - kinetic: the rest level), `rel` = "
     "abs / above_rest, `t`, `threshold_rel` 0.5, `floor` = the movable weight times 5 mm (J); null (with a `note`) "
     "where the contact energy is a peer's; a rise above both gets a warning (\"above the rest level\"). Active scenes: `abs`, `rel` null and a `note`",
     BY_HAND},
    {"physics.passive", RF_BOOL, 0, NULL, "2026-11-23", NULL,
     "no applied forces, controllers, suction, kinematic bodies, belts or joint limits (the limit spring scales with "
     "M_ii(q) and is not a potential force); `active_because` names the first reason otherwise", BY_HAND},
    {"physics.contact_residuals", RF_OBJECT, 0, NULL, "2026-11-23", NULL,
     "maxima over the grid and the penetrating contacts of the contact-models paper's eq. 15 residuals (Le Lidec et "
     "al. 2024): `eps_p` = dist(lambda, K_mu) (N), `eps_d` = dist(c + Gamma(c), K_mu^*) (m/s), `eps_c` = "
     "abs(<lambda, c + Gamma(c)>) (W), with lambda the force law's force at the returned state, c the contact "
     "velocity, Gamma = (0, 0, mu abs(c_T)), mu = mu_static. Computed alike for every integrator from its states; they "
     "measure the compliant, regularized model there (eps_c is the normal power during compression, eps_d the "
     "approach speed) and cannot see an integrator's internal impulses: data, not a guard", BY_HAND},
    {"physics.rest", RF_OBJECT, 0, NULL, "2026-11-26", NULL,
     "static friction without a reference (harness/run/rest_guard.h): `applies` (false with `not_because` in scenes with "
     "controllers, kinematic bodies, belts or suction), `trips`, `rest_speed` and `move_speed` (10 and 100 v_s, m/s), "
     "`threshold_utilization` 0.9, and for the first trip `first`: `body`, `t`, `speed`, `utilization` (tangential "
     "load / (mu_s n) while it rested), `held` (s). Guard: a free body that rested 3 samples with its load below 0.9 "
     "mu_s n and then moves faster than `move_speed` with its load changed by less than 5% gets a warning (\"the "
     "integrator set it in motion\"). Also from the first sample (2026-12-02): `started_held` counts the bodies at rest "
     "there in static equilibrium (load below 0.9 mu_s n, support forces within 10% of the normal load, the load's line "
     "through the COM inside the support polygon shrunk to 80%), held from it (their start must also exceed 5 sqrt(2 "
     "E_c / m), E_c their initial contact-spring energy); `started_turn_only` (2026-12-03) counts those whose load is above 0.9 mu_d n: until they have rested 3 samples in a row only their turn (abs(w) times their reach) is judged, since a release that overshoots the regularized law's peak slides them in the model too). `slip`: `slip_speed` (10 v_s), `stop_factor` 3, "
     "`threshold_time` 0.2 (s; 2026-12-03, replacing a fraction of the run), `window` 1 (s), `sustained` (s: one "
     "body's longest total of slip faster than `slip_speed` under a load below 0.9 mu_d n, past `stop_factor` times the "
     "time friction needs to stop it), its `fraction` of the sampled time, and that body's `body`, `t` (start), "
     "`mean_slip` (m/s); `recent` (s: the largest sustained time in a memory decaying with time constant `window`, any "
     "body) with `recent_body`, `recent_t`, `recent_mean_slip`; `recent` above `threshold_time` gets a warning (\"the "
     "integrator kept it sliding\"). `held_against_load`: `trips`, `threshold_utilization` (1 / 0.9), `samples` 3, and "
     "for the first `body`, `t`, `utilization` and `carrier` (the body it rode on; absent: the world): a body at rest "
     "relative to its carrier (slip and relative turn below `rest_speed`) on supports of one normal for more than "
     "`samples` samples under a tangential load in the carrier's frame above `threshold_utilization` mu_s n gets a "
     "warning (\"static friction held more than it can\")", BY_HAND},
    {"physics.joint_limits", RF_OBJECT, 0, NULL, "2026-12-02", NULL,
     "scenes with limited one-dof joints: `joints`, `ratio` = the largest violation over what the limit model allows, "
     "3 (v_peak / w + abs(f) / (M_ii w^2)) + 1e-3 (w = sqrt(limit_stiffness), v_peak the joint's largest speed on the "
     "grid so far, f its generalized force without the limit), with that sample's `violation` (rad or m), `allowed`, "
     "`t`, `body`; `threshold_factor` 3, `floor` 1e-3. Guard: `ratio` above 1 gets a warning (\"the run ignored the "
     "limit\")", BY_HAND},
    {"physics.failed_samples", RF_NONNEG, 0, NULL, "2026-11-23", "integer",
     "grid points where kinematics or the geometry query failed (the guards skip them)", BY_HAND},
    {"record_file", RF_STRING, 0, NULL, "2026-11-23", "string (only in a sweep's `sweep.json`)",
     "the record's file name in the sweep folder; its time series (`--series`) are `FILE.steps.csv`, "
     "`FILE.contacts.csv`, `FILE.energy.csv`, `FILE.trajectory.csv`, `FILE.newton.csv`", BY_HAND},
};
const int record_field_count = (int)(sizeof record_fields / sizeof record_fields[0]);

const RecordField *record_field_find(const char *path) {
  for (int i = 0; i < record_field_count; ++i)
    if (!strcmp(record_fields[i].name, path)) return &record_fields[i];
  return NULL;
}

/* ---- checks ---- */

static int is_nonneg(const cJSON *x) { return cJSON_IsNumber(x) && x->valuedouble >= 0; }
static int is_num_or_null(const cJSON *x) { return cJSON_IsNumber(x) || cJSON_IsNull(x); }

static int one_of(const char *s, const char *values) {
  size_t n = strlen(s);
  for (const char *v = values; v; v = strchr(v, '|') ? strchr(v, '|') + 1 : NULL)
    if (!strncmp(v, s, n) && (v[n] == '|' || v[n] == '\0')) return 1;
  return 0;
}

static int type_ok(const RecordField *f, const cJSON *x) {
  const cJSON *e;
  switch (f->type) {
  case RF_STRING: return cJSON_IsString(x) && (!f->values || one_of(x->valuestring, f->values));
  case RF_BOOL: return cJSON_IsBool(x);
  case RF_NUMBER: return cJSON_IsNumber(x);
  case RF_NONNEG: return is_nonneg(x);
  case RF_OBJECT: return cJSON_IsObject(x);
  case RF_ARRAY: return cJSON_IsArray(x);
  case RF_STRINGS:
    if (!cJSON_IsArray(x)) return 0;
    cJSON_ArrayForEach(e, x) if (!cJSON_IsString(e)) return 0;
    return 1;
  case RF_MAXRMS: return cJSON_IsObject(x) && is_num_or_null(json_get(x, "max")) && is_num_or_null(json_get(x, "rms"));
  case RF_LOAD_AVG:
    if (!cJSON_IsArray(x) || cJSON_GetArraySize(x) != 3) return 0;
    cJSON_ArrayForEach(e, x) if (!is_nonneg(e)) return 0;
    return 1;
  case RF_REPETITIONS:
    if (!cJSON_IsArray(x)) return 0;
    cJSON_ArrayForEach(e, x) if (!is_nonneg(json_get(e, "wall_s")) || !is_nonneg(json_get(e, "cpu_s"))) return 0;
    return 1;
  case RF_OUTPUT_DT:
    return (cJSON_IsNumber(x) && x->valuedouble > 0) || (cJSON_IsString(x) && !strcmp(x->valuestring, "step"));
  }
  return 0;
}

/* The type in words: SCHEMA.md's type column and the validator's messages. */
static void type_words(const RecordField *f, char *out, size_t outlen) {
  static const char *const words[] = {
      [RF_STRING] = "string", [RF_BOOL] = "boolean", [RF_NUMBER] = "number", [RF_NONNEG] = "number >= 0",
      [RF_OBJECT] = "object", [RF_ARRAY] = "array", [RF_STRINGS] = "array of strings",
      [RF_MAXRMS] = "{max, rms} object", [RF_LOAD_AVG] = "array of 3 numbers >= 0",
      [RF_REPETITIONS] = "array of {wall_s, cpu_s} numbers >= 0", [RF_OUTPUT_DT] = "number > 0 or \"step\""};
  if (f->type == RF_STRING && f->values) {
    size_t n = 0;
    out[0] = '\0';
    for (const char *v = f->values; v && n + 8 < outlen;) {
      const char *bar = strchr(v, '|');
      int len = bar ? (int)(bar - v) : (int)strlen(v);
      n += (size_t)snprintf(out + n, outlen - n, "%s\"%.*s\"", n ? (bar ? ", " : " or ") : "", len, v);
      v = bar ? bar + 1 : NULL;
    }
  } else {
    snprintf(out, outlen, "%s", words[f->type]);
  }
  if (f->flags & RF_NULLABLE) {
    size_t n = strlen(out);
    snprintf(out + n, outlen - n, " or null");
  }
}

/* The value at a table path, *parent_ok = 0 when its parent is not an object (nothing to check). */
static const cJSON *value_at(const cJSON *rec, const char *path, int *parent_ok) {
  const cJSON *o = rec;
  char key[128];
  *parent_ok = 1;
  for (const char *p = path;;) {
    const char *dot = strchr(p, '.');
    size_t n = dot ? (size_t)(dot - p) : strlen(p);
    snprintf(key, sizeof key, "%.*s", (int)n, p);
    if (!dot) return json_get(o, key);
    o = json_get(o, key);
    if (!cJSON_IsObject(o)) { *parent_ok = 0; return NULL; }
    p = dot + 1;
  }
}

static const char *const field_id_paths[] = {
#define RECORD_FIELD_ID_PATH(id, path) path,
    RECORD_FIELD_IDS(RECORD_FIELD_ID_PATH)
#undef RECORD_FIELD_ID_PATH
};

const char *record_field_path(RecordFieldId id) {
  return id >= 0 && id < RECORD_FIELD_ID_COUNT ? field_id_paths[id] : "";
}

/* The value at a dotted path of rec, or NULL. */
static const cJSON *get_path(const cJSON *rec, const char *p) {
  char part[128];
  const cJSON *o = rec;
  while (o && *p) {
    size_t n = strcspn(p, ".");
    if (n >= sizeof part) return NULL;
    memcpy(part, p, n);
    part[n] = '\0';
    o = cJSON_IsObject(o) ? cJSON_GetObjectItemCaseSensitive(o, part) : NULL;
    p += n + (p[n] == '.');
  }
  return o;
}

const cJSON *record_field_get(const cJSON *rec, const RecordField *f) { return get_path(rec, f->name); }

const cJSON *record_get(const cJSON *rec, RecordFieldId id) { return get_path(rec, record_field_path(id)); }

double record_get_number(const cJSON *rec, RecordFieldId id) { return record_get_number_or(rec, id, NAN); }

double record_get_number_or(const cJSON *rec, RecordFieldId id, double dflt) {
  const cJSON *x = record_get(rec, id);
  return cJSON_IsNumber(x) ? x->valuedouble : dflt;
}

const char *record_get_string(const cJSON *rec, RecordFieldId id, const char *dflt) {
  const cJSON *x = record_get(rec, id);
  return cJSON_IsString(x) ? x->valuestring : dflt;
}

double record_get_counter(const cJSON *rec, const char *counter) {
  const cJSON *x = json_get(record_get(rec, FIELD_COUNTERS), counter);
  return cJSON_IsNumber(x) ? x->valuedouble : NAN;
}

double record_param(const cJSON *rec) {
  double a = record_get_number(rec, FIELD_PARAMS_ACCURACY);
  return isfinite(a) ? a : record_get_number(rec, FIELD_PARAMS_DT);
}

const cJSON *record_get_path(const cJSON *rec, const char *path) { return get_path(rec, path); }

CbStatus record_fields_check(const cJSON *rec, CbError *e) {
  return record_rows_check(rec, record_fields, record_field_count, e);
}

CbStatus record_rows_check(const cJSON *rec, const RecordField *rows, int nrows, CbError *e) {
  for (int i = 0; i < nrows; ++i) {
    const RecordField *f = &rows[i];
    int parent_ok;
    const cJSON *x = value_at(rec, f->name, &parent_ok);
    if (!parent_ok || (!x && !(f->flags & RF_REQUIRED))) continue;
    if (x && (type_ok(f, x) || ((f->flags & RF_NULLABLE) && cJSON_IsNull(x)))) continue;
    char words[160];
    type_words(f, words, sizeof words);
    if (!x) return CB_ERROR(e, CB_ERR_INPUT, "field '%s' missing (a %s)", f->name, words);
    if (cJSON_IsString(x) && f->values) return CB_ERROR(e, CB_ERR_INPUT, "%s '%s' is not %s", f->name, x->valuestring, words);
    return CB_ERROR(e, CB_ERR_INPUT, "field '%s' is not a %s", f->name, words);
  }
  return CB_OK;
}

/* Calls fn for each records.tsv column of rows in order: its row, the member (NULL: the value). */
static void each_column(const RecordField *rows, int nrows, void (*fn)(const RecordField *, const char *, FILE *, const cJSON *),
                        FILE *f, const cJSON *rec) {
  for (int at = 1;; ++at) {
    const RecordField *row = NULL;
    for (int i = 0; i < nrows && !row; ++i)
      if (rows[i].column.at == at) row = &rows[i];
    if (!row) return;
    const char *m = row->column.members;
    do {
      char member[64];
      snprintf(member, sizeof member, "%.*s", m ? (int)strcspn(m, ",") : 0, m ? m : "");
      fn(row, m ? member : NULL, f, rec);
      m = m && strchr(m, ',') ? strchr(m, ',') + 1 : NULL;
    } while (m);
  }
}

/* NAME, or NAME_member ("err_q_max"; a row without a name: the member alone, "steps") */
static void column_name(const RecordField *row, const char *member, FILE *f, const cJSON *rec) {
  const char *name = row->column.name;
  fprintf(f, "\t%s%s%s", name, name[0] && member ? "_" : "", member ? member : "");
}

static void column_value(const RecordField *row, const char *member, FILE *f, const cJSON *rec) {
  const cJSON *x = record_field_get(rec, row);
  if (member) x = cJSON_IsObject(x) ? cJSON_GetObjectItemCaseSensitive(x, member) : NULL;
  if (cJSON_IsNumber(x) && isfinite(x->valuedouble)) fprintf(f, "\t%.6g", x->valuedouble);
  else fprintf(f, "\t?");
}

void record_columns_write(FILE *f, const RecordField *rows, int nrows, const cJSON *rec) {
  each_column(rows, nrows, rec ? column_value : column_name, f, rec);
}

void record_fields_markdown(FILE *f) {
  fprintf(f, "| field | type | since | meaning |\n| --- | --- | --- | --- |\n");
  for (int i = 0; i < record_field_count; ++i) {
    const RecordField *r = &record_fields[i];
    char words[160];
    type_words(r, words, sizeof words);
    fprintf(f, "| `%s` | %s%s | %s | %s |\n", r->name, r->doc_type ? r->doc_type : words,
            r->flags & RF_REQUIRED ? "" : " (optional)", r->since, r->meaning);
  }
}
