# irrcoll - every entry point: demo, check, bench, install, deps (see README.md).
# Build outputs go to build/ (never committed).

CC       ?= cc
# The MPI library: MPI=mpich (default) or MPI=openmpi. It sets the compiler wrappers, the
# launcher (Open MPI as root needs --allow-run-as-root; both oversubscribe the 2 cores), the
# Debian packages deps-mpi installs and the build directory, so both libraries' builds (and
# interception libraries) live side by side. Each of MPICC, MPICXX, MPIEXEC can be overridden.
MPI      ?= mpich
ifeq ($(MPI),openmpi)
MPICC    ?= mpicc.openmpi
MPICXX   ?= mpicxx.openmpi
MPIEXEC  ?= mpirun.openmpi --allow-run-as-root --oversubscribe
MPI_DEBS  = openmpi-bin libopenmpi-dev
B        ?= build/openmpi
else ifeq ($(MPI),mpich)
MPICC    ?= mpicc.mpich
MPICXX   ?= mpicxx.mpich
MPIEXEC  ?= mpiexec.mpich
MPI_DEBS  = mpich libmpich-dev
B        ?= build
# preloaded into make check's MPI runs: ranks that poll without news yield their core (MPICH's
# ch4:ucx never does, so 16 ranks on 2 cores spent 97% of make check spinning; tools/yield_idle.c);
# CHECK_PRELOAD= runs without it
CHECK_PRELOAD ?= $(B)/yield_idle.so
else
$(error MPI=$(MPI): say mpich or openmpi)
endif
SMPICC   ?= smpicc
CFLAGS   ?= -O2 -g
WARN      = -std=c11 -Wall -Wextra -Wpedantic -Wshadow -Werror
SAN       = -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=all
PREFIX   ?= /usr/local
VERSION   = $(shell sed -n 's/^\#define IRR_VERSION_MAJOR //p' irrcoll_impl/base/config.h).$(shell sed -n 's/^\#define IRR_VERSION_MINOR //p' irrcoll_impl/base/config.h)
# process counts of the MPI tests, NPROCS in test/testlist (DESIGN.md §6); oversubscription is fine
NPROCS   ?= 1 2 3 4 5 6 7 8 9 16
# compilers make check runs at once (the tests themselves run one at a time): the sanitized
# test programs take ~30 s each to build, a third of make check run one by one; at most 4
# (a sanitized test program: 25 s and 370 MB here; more at once buys little on CI's 2 cores)
CHECK_JOBS ?= $(shell n=$$(nproc 2>/dev/null || echo 1); [ "$$n" -gt 4 ] && n=4; echo $$n)

PARTS = $(wildcard irrcoll_impl/*.h irrcoll_impl/*/*.h irrcoll_impl/*/*/*.h)

.PHONY: all demo check check-run check-build check-list check-amalgamation unit mpi-test sim-test bench bench-cpu bench-real bench-model \
        bench-sim bench-sweep install uninstall deps deps-mpi deps-sim deps-bench clean

all: irrcoll.h $(B)/example_gatherv $(B)/libirrcoll_pmpi.so $(B)/irrtune

# ---- the amalgamation ----
irrcoll.h: $(PARTS) tools/amalgamate.sh
	sh tools/amalgamate.sh irrcoll_impl/irrcoll.in.h > $@.tmp && mv $@.tmp $@

check-amalgamation:
	@mkdir -p $(B)
	@sh tools/amalgamate.sh irrcoll_impl/irrcoll.in.h > $(B)/irrcoll.h.fresh
	@cmp -s $(B)/irrcoll.h.fresh irrcoll.h || { echo "irrcoll.h is stale: run 'make irrcoll.h' and commit it" >&2; exit 1; }
	@echo "irrcoll.h is up to date"

# ---- dependencies (Debian packages), installed only when missing ----
deps: deps-mpi deps-bench
deps-mpi:
	@command -v $(MPICC) >/dev/null && command -v $(firstword $(MPIEXEC)) >/dev/null || sh tools/deps.sh $(MPI_DEBS)
deps-sim:
	@command -v $(SMPICC) >/dev/null || sh tools/deps.sh libsimgrid-dev
deps-bench: deps-sim
	@command -v gnuplot >/dev/null || sh tools/deps.sh gnuplot-nox

$(B):
	@mkdir -p $(B)

# ---- unit tests (no MPI), with sanitizers ----
$(B)/test_pure: test/unit/test_pure.c $(PARTS) test/check.h test/dist.h | $(B)
	$(CC) $(WARN) -O1 -g $(SAN) -o $@ test/unit/test_pure.c

# Alltoallv's schedules: checker, size phase, closed forms against the model (sanitizers)
$(B)/test_a2a: test/unit/test_a2a.c $(PARTS) test/check.h test/dist.h | $(B)
	$(CC) $(WARN) -O1 -g $(SAN) -o $@ test/unit/test_a2a.c -lm

# Reduce_scatter's schedules: checker, closed forms against the model, the bound (sanitizers)
$(B)/test_rs: test/unit/test_rs.c $(PARTS) test/check.h test/dist.h | $(B)
	$(CC) $(WARN) -O1 -g $(SAN) -o $@ test/unit/test_rs.c -lm

# Träff's circulant-graph schedules against a round-by-round simulation, p = 1..300: -O2 (speed)
$(B)/test_circulant: test/unit/test_circulant.c $(PARTS) test/check.h test/dist.h | $(B)
	$(CC) $(WARN) -O2 -o $@ test/unit/test_circulant.c

# Allgatherv's choice against the model on random skewed sizes: -O2, no sanitizers (speed)
$(B)/test_agchoice: test/unit/test_agchoice.c $(PARTS) test/check.h test/dist.h | $(B)
	$(CC) $(WARN) -O2 -o $@ test/unit/test_agchoice.c -lm

# the pure layer as C++ (the header's extern "C" and casts must hold)
$(B)/test_cxx: test/unit/test_cxx.cc irrcoll.h | $(B)
	g++ -std=c++11 -Wall -Wextra -Werror -I. -o $@ test/unit/test_cxx.cc

$(B)/yield_idle.so: tools/yield_idle.c | $(B)
	$(CC) $(WARN) -O2 -shared -fPIC -o $@ tools/yield_idle.c -ldl

$(B)/test_profile: test/unit/test_profile.c pmpi/profile.h test/check.h | $(B)
	$(CC) $(WARN) -O1 -g $(SAN) -o $@ test/unit/test_profile.c

# the registry: grammar, table, every choose(), every (collective, algorithm) through the checker
$(B)/test_registry: test/unit/test_registry.c $(PARTS) test/check.h test/dist.h | $(B)
	$(CC) $(WARN) -O1 -g $(SAN) -o $@ test/unit/test_registry.c

# ---- the PMPI interception library (pmpi/irrcoll_pmpi.c) ----
$(B)/libirrcoll_pmpi.so: pmpi/irrcoll_pmpi.c pmpi/profile.h irrcoll.h | $(B) deps-mpi
	$(MPICC) -std=c11 -Wall -Wextra -Werror -O2 -fPIC -shared -I. -Ipmpi -o $@ pmpi/irrcoll_pmpi.c
$(B)/irrtune: tools/irrtune.c pmpi/profile.h irrcoll.h | $(B) deps-mpi
	$(MPICC) -std=c11 -Wall -Wextra -Werror -O2 -I. -o $@ tools/irrtune.c -lm
$(B)/pmpi_app: test/pmpi/app.c | $(B) deps-mpi
	$(MPICC) -std=c11 -Wall -Wextra -Werror -O1 -o $@ test/pmpi/app.c

# ---- MPI tests: built against the committed irrcoll.h, as a user would ----
# test/mpi/test_NAME.c -> $(B)/test_NAME; $(B)/test_NAME_split: the same test with every
# message split into pieces of at most 40 bytes (and the direct Gatherv's heads at most 12 bytes long)
MPI_TEST_DEPS = irrcoll.h test/check.h test/dist.h test/mpi/mpitest.h
$(B)/test_%: test/mpi/test_%.c $(MPI_TEST_DEPS) | $(B) deps-mpi
	$(MPICC) $(WARN) -O1 -g $(SAN) -I. -o $@ $< $(TEST_LIBS)
$(B)/test_%_split: test/mpi/test_%.c $(MPI_TEST_DEPS) | $(B) deps-mpi
	$(MPICC) $(WARN) -O1 -g $(SAN) -DIRRCOLL_MAX_MSG=40 -DIRR_HEAD_ROOM=12 -I. -o $@ $<
# the direct exchanges receiving into receives posted before the data (IRR_DX_PROBE=0,
# mpi/direct.h: a build option that saves a probe a message and trusts MPI's truncation;
# by default a probe comes first), so that make check runs both ways
$(B)/test_alltoallv_posted: test/mpi/test_alltoallv.c $(MPI_TEST_DEPS) | $(B) deps-mpi
	$(MPICC) $(WARN) -O1 -g $(SAN) -DIRR_DX_PROBE=0 -I. -o $@ $<
# threads on their own communicators, concurrently from the first call (MPI_THREAD_MULTIPLE)
$(B)/test_threads: TEST_LIBS = -lpthread
$(B)/test_reduce_scatter: TEST_LIBS = -lm
# more than 2^31 bytes to a root: no sanitizers (their shadow memory would double it)
$(B)/test_large: test/mpi/test_large.c irrcoll.h test/check.h | $(B) deps-mpi
	$(MPICC) $(WARN) -O2 -I. -o $@ test/mpi/test_large.c

# link test: the implementation is really there, once, with IRRCOLL_STATIC in two units too
$(B)/test_link: test/mpi/test_link_a.c test/mpi/test_link_b.c test/mpi/test_link_c.c irrcoll.h | $(B) deps-mpi
	$(MPICC) $(WARN) -I. -o $@ test/mpi/test_link_a.c test/mpi/test_link_b.c test/mpi/test_link_c.c

# C++ code calling the C implementation through the header's declarations (the MPI libraries'
# deprecated C++ bindings skipped: Open MPI's do not compile warning-free)
$(B)/test_cxx_mpi: test/unit/test_cxx_mpi.cc test/unit/impl_c.c irrcoll.h | $(B) deps-mpi
	$(MPICC) $(WARN) -I. -c -o $(B)/impl_c.o test/unit/impl_c.c
	$(MPICXX) -std=c++11 -Wall -Wextra -Werror -DOMPI_SKIP_MPICXX -DMPICH_SKIP_MPICXX -I. -o $@ test/unit/test_cxx_mpi.cc $(B)/impl_c.o

# ---- the tests: test/testlist names every run of `make check`, tools/runtests.sh runs them ----
# `make check T=NAME` runs only that line of the list (T="a b" or T=a,b: several; a section
# such as T=unit: its lines), N="2 3" at these process counts, ARGS="..." with these
# arguments (e.g. `make check T=pure ARGS="cost sweep"`: two groups of the unit test).
RUNTESTS = B=$(B) MPI=$(MPI) MPICC="$(MPICC)" MPIEXEC="$(MPIEXEC)" NPROCS="$(NPROCS)" PRELOAD="$(if $(CHECK_PRELOAD),$(abspath $(CHECK_PRELOAD)))" sh tools/runtests.sh \
           $(if $(N),-N "$(N)") $(if $(ARGS),-a "$(ARGS)")

# every run prints "N passed, N failed" (the runner too, for runs that printed none: crashes,
# timeouts, examples); the last line of `make check` is their sum
check: | $(B)
	@{ $(MAKE) --no-print-directory check-run; echo $$? > $(B)/check.rc; } 2>&1 | tee $(B)/check.log
	@awk '/^[0-9]+ passed, [0-9]+ failed/ { p += $$1; f += $$3 } END { printf "%d passed, %d failed\n", p, f }' $(B)/check.log
	@exit $$(cat $(B)/check.rc)

# build what the selected lines need, then run them (under `make -n`: print their commands)
check-run: $(if $(T),,check-amalgamation)
	+@t=$$($(RUNTESTS) --targets $(T)) && $(MAKE) --no-print-directory -j$(CHECK_JOBS) check-build CHECK_TARGETS="$$t $(CHECK_PRELOAD)"
	+@$(RUNTESTS) $(if $(findstring n,$(firstword -$(MAKEFLAGS))),-n) $(T)
check-build: $(CHECK_TARGETS)
	@:

check-list:
	@$(RUNTESTS) --list

# the list's sections
unit mpi-test sim-test:
	@$(MAKE) --no-print-directory check T=$@

# ---- simulator checks: the same MPI test built with SimGrid's smpicc (no intercomms, no
#      Mprobe, MPI 3.1), on a simulated cluster, up to p = 256 ----
$(B)/sim_test_%: test/mpi/test_%.c $(MPI_TEST_DEPS) | $(B) deps-sim
	$(SMPICC) -O1 -g -I. -o $@ $<

# ---- demo: the examples under mpiexec, irrcoll against the native operation (tools/demo.sh;
#      the builds are quiet, compiler errors show; the last line begins with "demo:") ----
$(B)/example_%: examples/%.c irrcoll.h | $(B) deps-mpi
	$(MPICC) $(WARN) -O2 -I. -o $@ $<

$(B)/schedule_math: examples/schedule_math.c irrcoll.h | $(B)
	$(CC) $(WARN) -O2 -I. -o $@ examples/schedule_math.c

DEMO_PROGS = $(B)/example_gatherv $(B)/example_unknown_sizes $(B)/example_allgatherv $(B)/example_intergroup \
             $(B)/libirrcoll_pmpi.so $(B)/pmpi_app $(B)/schedule_math
demo: deps-mpi
	@$(MAKE) -s --no-print-directory $(DEMO_PROGS)
	@B=$(B) MPIEXEC="$(MPIEXEC)" sh tools/demo.sh

# ---- benchmarks: cost model over the real schedules, and SimGrid SMPI ----
$(B)/bench_%: bench/bench_%.c $(PARTS) test/dist.h | $(B)
	$(CC) -std=c11 -O2 -g -o $@ $< -lm

# the CPU a rank spends (bench/bench_cpu.c): calibration, the table, the prediction; one process
$(B)/bench_cpu: bench/bench_cpu.c irrcoll.h test/dist.h | $(B) deps-mpi
	$(MPICC) -std=c11 -O2 -g -I. -o $@ bench/bench_cpu.c -lm
# irrcoll against the MPI library's own on real cores (bench/real_v.c): REAL_NP ranks, one a
# core; on this 2-core machine it times the scheduler, so `make bench` does not run it
REAL_NP ?= 16
$(B)/real_v: bench/real_v.c irrcoll.h test/dist.h | $(B) deps-mpi
	$(MPICC) -std=c11 -O2 -I. -o $@ bench/real_v.c -lm
bench-real: $(B)/real_v
	@mkdir -p $(B)/bench
	$(MPIEXEC) -n $(REAL_NP) $(B)/real_v > $(B)/bench/real_v.csv 2> $(B)/bench/real_v.txt; rc=$$?; cat $(B)/bench/real_v.txt; exit $$rc
bench-cpu: $(B)/bench_cpu
	@mkdir -p $(B)/bench
	$(MPIEXEC) -n 1 $(B)/bench_cpu > $(B)/bench/cpu.csv 2> $(B)/bench/cpu.txt; rc=$$?; cat $(B)/bench/cpu.txt; \
	$(MPIEXEC) -n 1 $(B)/bench_cpu smp > $(B)/bench/cpu_smp.csv 2> $(B)/bench/cpu_smp.txt || rc=1; cat $(B)/bench/cpu_smp.txt; exit $$rc

bench-model: $(B)/bench_model $(B)/bench_xv_model $(B)/bench_allgatherv_model $(B)/bench_inter_model $(B)/bench_alltoallv_model \
             $(B)/bench_reduce_scatter_model
	@mkdir -p $(B)/bench
	$(B)/bench_model > $(B)/bench/gatherv_model.csv 2> $(B)/bench/gatherv_model.txt; \
	  rc=$$?; cat $(B)/bench/gatherv_model.txt; exit $$rc
	$(B)/bench_xv_model > $(B)/bench/xgatherv_model.csv 2> $(B)/bench/xgatherv_model.txt; \
	  rc=$$?; cat $(B)/bench/xgatherv_model.txt; exit $$rc
	$(B)/bench_allgatherv_model > $(B)/bench/allgatherv_model.csv 2> $(B)/bench/allgatherv_model.txt; \
	  rc=$$?; cat $(B)/bench/allgatherv_model.txt; exit $$rc
	$(B)/bench_inter_model > $(B)/bench/inter_model.csv 2> $(B)/bench/inter_model.txt; \
	  rc=$$?; cat $(B)/bench/inter_model.txt; exit $$rc
	$(B)/bench_alltoallv_model > $(B)/bench/alltoallv_model.csv 2> $(B)/bench/alltoallv_model.txt; \
	  rc=$$?; cat $(B)/bench/alltoallv_model.txt; exit $$rc
	$(B)/bench_reduce_scatter_model > $(B)/bench/reduce_scatter_model.csv 2> $(B)/bench/reduce_scatter_model.txt; \
	  rc=$$?; cat $(B)/bench/reduce_scatter_model.txt; exit $$rc

$(B)/sim_%: bench/sim_%.c bench/simbench.h bench/simcpu.h bench/simmode.h irrcoll.h | $(B) deps-bench
	$(SMPICC) -O2 -I. -Ibench -o $@ $<

$(B)/sim_v: test/dist.h

$(B)/sim_irrtune: tools/irrtune.c pmpi/profile.h irrcoll.h | $(B) deps-bench
	$(SMPICC) -O2 -I. -o $@ tools/irrtune.c -lm

# the Gatherv/Scatterv sweep (bench/run_sweep.sh): MPI_X / IRR_X's automatic choice per
# (p, distribution, b, root), CSV, heat maps and one "worst cell:" line per collective in
# $(B)/bench; progress on stderr. BENCH_P="16 64" picks the process counts (1024 allowed:
# ~2.5 min more); BENCH_SIZES, BENCH_ROOTS, BENCH_COLLS, BENCH_REPS, BENCH_JOBS (runs at a time)
# and SEED (block sizes of random and spikes) narrow or vary it.
BENCH_P ?= 16 32 64 256
# Allgatherv's SMPI sweep: every SMPI algorithm at AG_P; AG_BIG_P (e.g. 256: about 20 min
# on 2 cores) with the five baselines that were ever best and c <= 64 KiB, then 1 MiB on
# 16-core nodes against the three that need no scratch (at 1 MiB SMPI's Bruck and recursive
# doubling, and irrcoll's Bruck on a flat cluster, need more memory than 23 GB)
AG_P ?= 30 64
AG_BIG_P ?=
# Alltoallv's SMPI sweep (bench/run_alltoallv.sh): every SMPI alltoallv algorithm at A2A_P
A2A_P ?= 64
# Reduce_scatter's (bench/run_reduce_scatter.sh): every SMPI reduce_scatter algorithm at RS_P,
# new counts every call, up to 16 KiB a rank (p = 64: about an hour on 2 cores)
RS_P ?= 64
bench-sweep: $(B)/sim_v
	@mkdir -p $(B)/bench
	BENCH_P="$(BENCH_P)" $(foreach v,BENCH_SIZES BENCH_ROOTS BENCH_COLLS BENCH_REPS BENCH_JOBS SEED,$(if $($(v)),$(v)="$($(v))")) \
	  sh bench/run_sweep.sh $(B)/sim_v $(B)/bench > $(B)/bench/sweep_smpi.txt; \
	  rc=$$?; cat $(B)/bench/sweep_smpi.txt; exit $$rc

bench-sim: $(B)/sim_v $(B)/sim_xv $(B)/sim_allgatherv $(B)/sim_alltoallv $(B)/sim_inter $(B)/sim_irrtune $(B)/sim_reduce_scatter
	@mkdir -p $(B)/bench
	sh bench/run_sim.sh $(B)/sim_v $(B)/bench | tee $(B)/bench/gatherv_smpi.txt
	$(MAKE) --no-print-directory bench-sweep
	sh bench/run_allgatherv.sh $(B)/sim_allgatherv $(B)/bench $(AG_P) | tee $(B)/bench/allgatherv_smpi.txt
	$(if $(AG_BIG_P),PLATS="flat smp" AG_CS="4 1024 65536" AG_ALGS="ompi_bruck ompi_neighborexchange mpich_ring GB mpich_rdb" \
	  sh bench/run_allgatherv.sh $(B)/sim_allgatherv $(B)/bench $(AG_BIG_P) | tee $(B)/bench/allgatherv_smpi_big.txt)
	$(if $(AG_BIG_P),PLATS=smp AG_CS=1048576 AG_ALGS="mpich_ring GB ompi_neighborexchange" AG_TAG=_1MiB \
	  sh bench/run_allgatherv.sh $(B)/sim_allgatherv $(B)/bench $(AG_BIG_P) | tee $(B)/bench/allgatherv_smpi_big_1MiB.txt)
	sh bench/run_alltoallv.sh $(B)/sim_alltoallv $(B)/bench $(A2A_P) | tee $(B)/bench/alltoallv_smpi.txt
	SIM_MODE=new RS_CS="4 64 1024 16384" sh bench/run_reduce_scatter.sh $(B)/sim_reduce_scatter $(B)/bench $(RS_P) | \
	  tee $(B)/bench/reduce_scatter_smpi.txt
	sh bench/run_xv.sh $(B)/sim_xv $(B)/bench | tee $(B)/bench/xv_smpi.txt
	sh bench/run_inter.sh $(B)/sim_inter $(B)/bench 64 | tee $(B)/bench/inter_smpi.txt
	sh bench/run_persist.sh $(B)/sim_v $(B)/bench | tee $(B)/bench/persist_smpi.txt
	sh bench/run_tune.sh $(B)/sim_irrtune $(B)/bench 64 mpich ompi mvapich2 impi | tee $(B)/bench/tune_smpi.txt
	sh bench/run_e2e.sh $(B) $(B)/bench | tee $(B)/bench/e2e_smpi.txt
	command -v valgrind >/dev/null || sh tools/deps.sh valgrind; $(MAKE) $(B)/libirrcoll_pmpi.so; \
	  MPICC="$(MPICC)" sh bench/pmpi_overhead.sh $(CURDIR)/$(B)/libirrcoll_pmpi.so | tee $(B)/bench/pmpi_overhead.txt

bench: deps-bench
	$(MAKE) bench-cpu
	$(MAKE) bench-model
	$(MAKE) bench-sim
	sh bench/plot.sh $(B)/bench

# ---- installation: the header, pkg-config and CMake files, the interception library (built
#      with this MPI library) and the tuner; DESTDIR stages, PREFIX is where it will live ----
INSTALLED = include/irrcoll.h lib/pkgconfig/irrcoll.pc lib/cmake/irrcoll/irrcoll-config.cmake \
            lib/cmake/irrcoll/irrcoll-config-version.cmake lib/libirrcoll_pmpi.so bin/irrtune
install: irrcoll.h $(B)/libirrcoll_pmpi.so $(B)/irrtune
	install -d $(DESTDIR)$(PREFIX)/include $(DESTDIR)$(PREFIX)/lib/pkgconfig $(DESTDIR)$(PREFIX)/lib/cmake/irrcoll \
	  $(DESTDIR)$(PREFIX)/bin
	install -m 644 irrcoll.h $(DESTDIR)$(PREFIX)/include/irrcoll.h
	install -m 755 $(B)/libirrcoll_pmpi.so $(DESTDIR)$(PREFIX)/lib/libirrcoll_pmpi.so
	install -m 755 $(B)/irrtune $(DESTDIR)$(PREFIX)/bin/irrtune
	sed -e 's|@PREFIX@|$(PREFIX)|' -e 's|@VERSION@|$(VERSION)|' tools/irrcoll.pc.in > $(DESTDIR)$(PREFIX)/lib/pkgconfig/irrcoll.pc
	sed -e 's|@VERSION@|$(VERSION)|' tools/irrcoll-config.cmake.in > $(DESTDIR)$(PREFIX)/lib/cmake/irrcoll/irrcoll-config.cmake
	sed -e 's|@VERSION@|$(VERSION)|' tools/irrcoll-config-version.cmake.in \
	  > $(DESTDIR)$(PREFIX)/lib/cmake/irrcoll/irrcoll-config-version.cmake
uninstall:
	rm -f $(addprefix $(DESTDIR)$(PREFIX)/,$(INSTALLED))
	-rmdir $(DESTDIR)$(PREFIX)/lib/cmake/irrcoll 2>/dev/null
	-rmdir $(DESTDIR)$(PREFIX)/lib/cmake $(DESTDIR)$(PREFIX)/lib/pkgconfig 2>/dev/null

clean:
	rm -rf $(B) irrcoll.h.tmp
