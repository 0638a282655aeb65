# cbench build. `make` builds the optimized harness; `make test` builds everything with
# AddressSanitizer + UndefinedBehaviorSanitizer and runs the Criterion tests.
# Sources are found by folder, so a new integrator or model file needs no edit here.

CC      ?= cc
# -flto: the ICF solver's small per-contact functions (icf_problem.c) are called from the Newton
# loop (icf_solver.c); inlined across files they run faster, with bitwise the same results.
OPT     ?= -O3 -march=x86-64-v2 -flto=auto
# gcc-ar: an archive of LTO objects needs the plugin's symbol index.
REL_AR  ?= gcc-ar
WARN    := -Wall -Wextra -Wno-unused-parameter
BASEFLAGS := -std=c11 $(WARN) -g -D_DEFAULT_SOURCE -D_POSIX_C_SOURCE=200809L -I. -I/usr/include/suitesparse -I/usr/include/siconos -MMD -MP
SANFLAGS := -O1 -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=undefined
LIBS    := -lsundials_cvode -lsundials_arkode -lsundials_nvecserial -lsundials_sunmatrixdense \
           -lsundials_sunlinsoldense -lsundials_sunmatrixsparse -lsundials_sunlinsolklu \
           -lsundials_generic -lklu -lcholmod -lamd -lccd -lcjson -lmujoco -lode -lsiconos_numerics -llapack -lblas -lz -lm

LIB_SRC  := $(shell find models integrators harness -name '*.c' ! -name main.c | sort)
MAIN_SRC := harness/cli/main.c
TEST_SRC := $(sort $(wildcard tests/test_*.c))
TEST_HELPERS := $(filter-out $(TEST_SRC),$(sort $(wildcard tests/*.c)))
BENCH_SRC := $(sort $(wildcard scripts/bench_*.c))

REL := build/release
SAN := build/sanitize

REL_OBJ := $(LIB_SRC:%.c=$(REL)/%.o)
SAN_OBJ := $(LIB_SRC:%.c=$(SAN)/%.o)
SAN_TEST_HELPER_OBJ := $(TEST_HELPERS:%.c=$(SAN)/%.o)
TEST_BIN := $(TEST_SRC:tests/%.c=$(SAN)/tests/%)
BENCH_BIN := $(BENCH_SRC:scripts/%.c=$(REL)/scripts/%)

DEPS_STAMP := build/.deps-ok

.PHONY: all run test test-clang perf-gate mujoco3-check FORCE test-faults test-report test-slurm bench bench-scale bench-compare bench-selftest clean deps figures figures-full fuzz fuzz-build
# Keep intermediate objects (test helpers): parallel links must not see them deleted.
.SECONDARY:
all: build/cbench docs/options.md

# docs/options.md is generated from the integrators' option tables (`cbench list --options
# --markdown`): the build rewrites it when that text changes, so a new integrator or option needs
# no manual step; commit the rewritten page (tests/test_option_table.c checks it).
docs/options.md: build/cbench
	@build/cbench list --options --markdown > $@.tmp && { cmp -s $@.tmp $@ && rm -f $@.tmp || mv $@.tmp $@; }

# Dependencies: install what is missing (scripts/deps.sh explains what to do when not root).
$(DEPS_STAMP): scripts/deps.sh
	@bash scripts/deps.sh --check >/dev/null 2>&1 || bash scripts/deps.sh
	@mkdir -p build && touch $@
deps: $(DEPS_STAMP)

# Records carry the git sha and dirty flag of the tree the binary was built from (harness/common/machine.c):
# the stamp is rewritten only when they change, so only machine.o rebuilds then.
STAMP := build/stamp/build_stamp.h
$(STAMP): FORCE
	@bash scripts/build_stamp.sh $(CURDIR) $@
FORCE:
$(REL)/harness/common/machine.o $(SAN)/harness/common/machine.o build/fuzz/obj/harness/common/machine.o: $(STAMP)

# Result records name the flags the code was built with (harness/common/machine.c).
$(REL)/%.o: %.c | $(DEPS_STAMP)
	@mkdir -p $(dir $@)
	$(CC) $(BASEFLAGS) $(OPT) -DCBENCH_CFLAGS='"$(OPT)"' -c $< -o $@
$(SAN)/%.o: %.c | $(DEPS_STAMP)
	@mkdir -p $(dir $@)
	$(CC) $(BASEFLAGS) $(SANFLAGS) -DCBENCH_CFLAGS='"$(SANFLAGS)"' -c $< -o $@

$(REL)/libcbench.a: $(REL_OBJ) $(REL)/objects.list
	@rm -f $@; $(REL_AR) rcs $@ $(filter %.o,$^)
$(SAN)/libcbench.a: $(SAN_OBJ) $(SAN)/objects.list
	@rm -f $@; ar rcs $@ $(filter %.o,$^)

build/cbench: $(REL)/harness/cli/main.o $(REL)/libcbench.a
	$(CC) $(OPT) -o $@ $^ $(LIBS)
$(SAN)/cbench: $(SAN)/harness/cli/main.o $(SAN)/libcbench.a
	$(CC) $(SANFLAGS) -o $@ $^ $(LIBS)

$(SAN)/tests/%: $(SAN)/tests/%.o $(SAN_TEST_HELPER_OBJ) $(SAN)/libcbench.a
	$(CC) $(SANFLAGS) -o $@ $< $(SAN_TEST_HELPER_OBJ) $(SAN)/libcbench.a -lcriterion $(LIBS) $(TEST_LDFLAGS)
# The allocation test counts every malloc/calloc/realloc made by cbench's own objects.
$(SAN)/tests/test_alloc: TEST_LDFLAGS = -Wl,--wrap=malloc -Wl,--wrap=calloc -Wl,--wrap=realloc
# A non-finite stage injected into the position update (tests/test_stage_nonfinite.c).
$(SAN)/tests/test_stage_nonfinite: TEST_LDFLAGS = -Wl,--wrap=mb_integrate_q

# The same sanitizers built with clang (build/sanitize-clang): clang's UBSan checks what GCC's
# does not (pointer arithmetic on NULL). A representative subset of the tests that run in-process
# (CLANG_TESTS), then one short run of every integrator through this build's cbench
# (scripts/test_clang.sh).
CLANG_CC ?= clang
SANC := build/sanitize-clang
CLANG_TESTS ?= test_alloc test_blockchol test_cenic_icf test_cenic_integrators test_icf_models test_mujoco test_ode \
               test_rigid_integrators test_sundials test_tamsi test_scene test_inputs test_collision test_system \
               test_bullet test_dart test_siconos
SANC_OBJ := $(LIB_SRC:%.c=$(SANC)/%.o)
SANC_TEST_HELPER_OBJ := $(TEST_HELPERS:%.c=$(SANC)/%.o)
$(SANC)/%.o: %.c | $(DEPS_STAMP)
	@mkdir -p $(dir $@)
	$(CLANG_CC) $(BASEFLAGS) $(SANFLAGS) -DCBENCH_CFLAGS='"clang $(SANFLAGS)"' -c $< -o $@
$(SANC)/harness/common/machine.o: $(STAMP)
$(SANC)/libcbench.a: $(SANC_OBJ) $(SANC)/objects.list
	@rm -f $@; ar rcs $@ $(filter %.o,$^)
$(SANC)/cbench: $(SANC)/harness/cli/main.o $(SANC)/libcbench.a
	$(CLANG_CC) $(SANFLAGS) -o $@ $^ $(LIBS)
$(SANC)/tests/%: $(SANC)/tests/%.o $(SANC_TEST_HELPER_OBJ) $(SANC)/libcbench.a
	$(CLANG_CC) $(SANFLAGS) -o $@ $< $(SANC_TEST_HELPER_OBJ) $(SANC)/libcbench.a -lcriterion $(LIBS) $(TEST_LDFLAGS)
$(SANC)/tests/test_alloc: TEST_LDFLAGS = -Wl,--wrap=malloc -Wl,--wrap=calloc -Wl,--wrap=realloc
$(SANC)/tests/test_stage_nonfinite: TEST_LDFLAGS = -Wl,--wrap=mb_integrate_q
test-clang: $(CLANG_TESTS:%=$(SANC)/tests/%) $(SANC)/cbench
	@bash scripts/test_clang.sh $(SANC) $(CLANG_TESTS)

$(REL)/scripts/%: $(REL)/scripts/%.o $(REL)/libcbench.a
	$(CC) $(OPT) -o $@ $^ $(LIBS)

# The main job: a quick work-precision sweep with its figures.
run: build/cbench
	bash scripts/run.sh

# Every paper figure in quick mode (figures/, results/figures/quick/), then the report.
# FIGURES="cenic_fig08_bouncing_energy ..." makes some; JOBS=N runs N in parallel per sweep.
figures: build/cbench
	bash scripts/figures.sh --quick

# The same with the papers' horizons and grids (about 40 min of one core; resumable: rerun to continue).
figures-full: build/cbench
	bash scripts/figures.sh

# All tests, sanitizer build. TESTS=test_geometry runs one file.
# docs/options.md is regenerated by the sanitizer binary, so that the tests need no release build.
test: $(TEST_BIN) $(SAN)/cbench
	@$(SAN)/cbench list --options --markdown > docs/options.md.tmp && \
	  { cmp -s docs/options.md.tmp docs/options.md && rm -f docs/options.md.tmp || mv docs/options.md.tmp docs/options.md; }
	@bash scripts/run_tests.sh $(if $(TESTS),$(addprefix $(SAN)/tests/,$(TESTS)),$(TEST_BIN))

# The report page in headless Chromium (scripts/test_report.sh; skips when Chromium is missing).
test-report: build/cbench
	@bash scripts/test_report.sh

# Fault injection on real sweeps: kill -9 at random moments, resume, concurrent writers
# (scripts/test_faults.sh; 10 to 40 s).
test-faults: build/cbench
	@bash scripts/test_faults.sh

# A sweep plan on a real single-node Slurm (scripts/slurm/test_slurm.sh; skips in one line
# where the daemons cannot start).
test-slurm: build/cbench
	@bash scripts/slurm/test_slurm.sh

# MuJoCo 3.x (npm @mujoco/mujoco, WebAssembly) against the mujoco integrator's 2.2.2 on ball_drop
# and double_pendulum (docs/integrators.md, "MuJoCo as a peer"); skips with a message without node
# and its package.
mujoco3-check: build/cbench
	@bash scripts/mujoco3_check.sh $(MJ3_CASE) $(MJ3_DT) $(MJ3_TOL)

# The CI performance gate (docs/benchmarks.md, "The CI performance gate"): instruction counts of a
# fixed set (`build/cbench gate --list`) under callgrind against results/history/perf_gate.jsonl;
# fails on an undeclared rise above 2%. APPEND=1 adds this commit's line after a pass.
perf-gate: build/cbench
	build/cbench gate $(if $(APPEND),--append)

bench: build/cbench $(BENCH_BIN)
	bash scripts/bench.sh

# CENIC cost vs number of objects (scripts/bench_scale.sh; SIZES="20 50 100 200 500 1000").
bench-scale: build/cbench
	bash scripts/bench_scale.sh

# Same-run A/B timing of AGAINST (a git revision, built once in build/ab/) and this tree, with the
# instruction-count gate (harness/bench/ab_bench.h); then the counters of results/bench.json against
# the baseline. BENCH_AB_ARGS: more `cbench bench` options (e.g. --set quick).
AGAINST ?= main
bench-compare: build/cbench
	build/cbench bench --against $(AGAINST) $(BENCH_AB_ARGS)
	@if [ -f results/bench.json ]; then build/cbench compare results/baseline.json results/bench.json; \
	 else echo "bench-compare: no results/bench.json (make bench) - record comparison skipped"; fi

# Detection power of `cbench bench` (not part of `make test`): a build with an injectable
# slowdown in tamsi's step (build/selftest/), 1.3x and 1.1x caught?, and this tree against itself
# SELFTEST_N times (default 20): the false-alarm count (scripts/bench_selftest.sh).
SELFTEST := build/selftest
$(SELFTEST)/cbench: FORCE build/cbench
	$(MAKE) REL=$(SELFTEST)/release OPT="$(OPT) -DCBENCH_SELFTEST_INJECT" $(SELFTEST)/release/cbench
	cp $(SELFTEST)/release/cbench $@
$(REL)/cbench: $(REL)/harness/cli/main.o $(REL)/libcbench.a
	$(CC) $(OPT) -o $@ $^ $(LIBS)
bench-selftest: $(SELFTEST)/cbench
	bash scripts/bench_selftest.sh

# Fuzzing (fuzz/README.md): libFuzzer targets with ASan + UBSan, built with clang in build/fuzz;
# `make fuzz` seeds the corpora and runs each target FUZZ_TIME seconds (FUZZ_TARGETS: a subset).
FUZZ_CC   ?= clang
FUZZ_TIME ?= 60
FUZZ_TARGETS ?= scene record recipe reference cli history csv
FUZZ := build/fuzz
FUZZFLAGS := -O1 -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=undefined
FUZZ_OBJ := $(LIB_SRC:%.c=$(FUZZ)/obj/%.o)
FUZZ_BIN := $(FUZZ_TARGETS:%=$(FUZZ)/fuzz_%)

$(FUZZ)/obj/%.o: %.c | $(DEPS_STAMP)
	@mkdir -p $(dir $@)
	$(FUZZ_CC) $(BASEFLAGS) $(FUZZFLAGS) -fsanitize=fuzzer-no-link -DCBENCH_CFLAGS='"fuzz"' -c $< -o $@
$(FUZZ)/libcbench.a: $(FUZZ_OBJ) $(FUZZ)/objects.list
	@rm -f $@; ar rcs $@ $(filter %.o,$^)
$(FUZZ)/fuzz_%: fuzz/fuzz_%.c $(FUZZ)/libcbench.a
	$(FUZZ_CC) $(BASEFLAGS) $(FUZZFLAGS) -fsanitize=fuzzer -o $@ $< $(FUZZ)/libcbench.a $(LIBS)

fuzz-build: $(FUZZ_BIN)
fuzz: $(FUZZ_BIN) build/cbench
	@bash fuzz/seed.sh
	@bash fuzz/run.sh $(FUZZ_TIME) $(FUZZ_TARGETS)

# C++ shims of engines with a C++ API (integrators/**/*.cpp, Simbody's extern "C" shim): built
# with the C objects' flags by g++ (clang++ in the clang and fuzz builds) into the same archives;
# the C link lines take libstdc++. vptr (and clang's function) checks are off: a C link has no
# C++ UBSan runtime.
LIB_CXX_SRC := $(shell find integrators -name '*.cpp' | sort)
SIMBODY_CFLAGS := $(filter-out -std=%,$(patsubst -I%,-isystem %,$(shell pkg-config --cflags simbody 2>/dev/null || echo -I/usr/include/simbody)))
BULLET_CFLAGS := $(patsubst -I%,-isystem %,$(shell pkg-config --cflags bullet-float64 2>/dev/null || echo -DBT_USE_DOUBLE_PRECISION -I/usr/include/bullet))
DART_CFLAGS := $(filter-out -std=%,$(patsubst -I%,-isystem %,$(shell pkg-config --cflags dart 2>/dev/null || echo -I/usr/include/eigen3)))
SICONOS_CFLAGS := -isystem /usr/include/siconos -isystem /usr/include/siconos/kernel -isystem /usr/include/siconos/numerics -isystem /usr/include/siconos/mechanics
CXXBASE := -std=c++17 $(WARN) -g -I. $(SIMBODY_CFLAGS) -MMD -MP
CXXBASE += $(BULLET_CFLAGS)
CXXBASE += $(DART_CFLAGS)
CXXBASE += $(SICONOS_CFLAGS)
CLANG_CXX ?= clang++
FUZZ_CXX ?= clang++
LIBS += $(shell pkg-config --libs simbody 2>/dev/null || echo -lSimTKsimbody -lSimTKmath -lSimTKcommon) -lstdc++
LIBS += $(shell pkg-config --libs bullet-float64 2>/dev/null || echo -lBulletDynamics-float64 -lBulletCollision-float64 -lLinearMath-float64)
LIBS += $(shell pkg-config --libs dart 2>/dev/null || echo -ldart) -ldart-collision-ode
LIBS += -lsiconos_mechanics -lsiconos_kernel
$(REL)/%.o: %.cpp | $(DEPS_STAMP)
	@mkdir -p $(dir $@)
	$(CXX) $(CXXBASE) $(OPT) -c $< -o $@
$(SAN)/%.o: %.cpp | $(DEPS_STAMP)
	@mkdir -p $(dir $@)
	$(CXX) $(CXXBASE) $(SANFLAGS) -fno-sanitize=vptr -c $< -o $@
$(SANC)/%.o: %.cpp | $(DEPS_STAMP)
	@mkdir -p $(dir $@)
	$(CLANG_CXX) $(CXXBASE) $(SANFLAGS) -fno-sanitize=vptr,function -c $< -o $@
$(FUZZ)/obj/%.o: %.cpp | $(DEPS_STAMP)
	@mkdir -p $(dir $@)
	$(FUZZ_CXX) $(CXXBASE) $(FUZZFLAGS) -fno-sanitize=vptr,function -fsanitize=fuzzer-no-link -c $< -o $@
$(REL)/libcbench.a: $(LIB_CXX_SRC:%.cpp=$(REL)/%.o)
$(SAN)/libcbench.a: $(LIB_CXX_SRC:%.cpp=$(SAN)/%.o)
$(SANC)/libcbench.a: $(LIB_CXX_SRC:%.cpp=$(SANC)/%.o)
$(FUZZ)/libcbench.a: $(LIB_CXX_SRC:%.cpp=$(FUZZ)/obj/%.o)
-include $(foreach b,$(REL) $(SAN) $(SANC) $(FUZZ)/obj,$(LIB_CXX_SRC:%.cpp=$(b)/%.d))
# Each archive lists its objects in objects.list, rewritten only when the list changes: a deleted
# or renamed source then rebuilds the archive, which would otherwise keep the old object.
ARCHIVE_OBJS_$(REL) = $(REL_OBJ) $(LIB_CXX_SRC:%.cpp=$(REL)/%.o)
ARCHIVE_OBJS_$(SAN) = $(SAN_OBJ) $(LIB_CXX_SRC:%.cpp=$(SAN)/%.o)
ARCHIVE_OBJS_$(SANC) = $(SANC_OBJ) $(LIB_CXX_SRC:%.cpp=$(SANC)/%.o)
ARCHIVE_OBJS_$(FUZZ) = $(FUZZ_OBJ) $(LIB_CXX_SRC:%.cpp=$(FUZZ)/obj/%.o)
%/objects.list: FORCE
	@mkdir -p $(@D); printf '%s\n' $(ARCHIVE_OBJS_$(@D)) > $@.tmp; \
	  cmp -s $@.tmp $@ && rm -f $@.tmp || mv $@.tmp $@

clean:
	rm -rf build

-include $(REL_OBJ:.o=.d) $(SAN_OBJ:.o=.d) $(SANC_OBJ:.o=.d) $(SANC_TEST_HELPER_OBJ:.o=.d) $(CLANG_TESTS:%=$(SANC)/tests/%.d) $(TEST_SRC:tests/%.c=$(SAN)/tests/%.d) $(SAN_TEST_HELPER_OBJ:.o=.d) \
         $(BENCH_SRC:scripts/%.c=$(REL)/scripts/%.d) $(FUZZ_OBJ:.o=.d) $(FUZZ_BIN:=.d)
