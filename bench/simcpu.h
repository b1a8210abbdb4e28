/* simcpu.h - irrcoll's CPU in the SMPI benchmarks (issue 31: the CPU is part of the cost).
 *
 * Include it BEFORE irrcoll.h in every benchmark program built with smpicc: it defines the two
 * hooks of irrcoll_impl/mpi/cache.h, in this one place.
 *
 *   IRRCOLL_CPU_CHARGE(seconds)  under SMPI: smpi_execute(seconds) (<smpi/smpi.h>), called by
 *       irrcoll with its cost model's CPU term as a call spends it (choice and program before
 *       the first message, each round's messages when posted): the simulated clock of the rank
 *       advances by irrcoll's modelled CPU, deterministically, while every other computation
 *       stays free (smpi-run keeps smpi/simulate-computation:no). SMPI's own collective
 *       algorithms ("native") are charged nothing for their CPU. smpi_execute drops any
 *       duration below smpi/cpu-threshold (SimGrid's default 1e-6 s, while irrcoll's charges
 *       are often below 1 us): bench/smpi-run sets it to 0, and simcpu_header warns if it is
 *       not 0. With a real MPI (mpicc) nothing is charged.
 *   IRRCOLL_CLOCK()  this thread's CPU time in seconds, read through the raw syscall (smpicc
 *       redirects clock_gettime to the simulated clock): irrcoll times its planning with it
 *       (irr_call_info.plan_s).
 *
 * simcpu_header(f) prints '#@cpu_charge=...' (and '#@cpu_threshold=...' under SMPI) for the
 * benchmarks' output headers. */
#ifndef SIMCPU_H
#define SIMCPU_H

#include <mpi.h>
#include <stdio.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#if defined(SMPI_SHARED_MALLOC) /* defined by SMPI's mpi.h: compiled with smpicc */
#include <smpi/smpi.h>          /* smpi_execute */
#include <xbt/config.h>         /* sg_cfg_get_double */
#define SIMCPU_CHARGED 1
/* a call with nothing to charge does not enter the simulator */
static inline void simcpu_charge(double seconds) {
  if (seconds > 0) smpi_execute(seconds);
}
/* an expression: irrcoll uses the hook inside a comma expression */
#define IRRCOLL_CPU_CHARGE(seconds) simcpu_charge(seconds)
#else
#define SIMCPU_CHARGED 0
#define IRRCOLL_CPU_CHARGE(seconds) ((void)(seconds))
#endif

static inline double simcpu_clock(void) {
  struct timespec ts;
  if (syscall(SYS_clock_gettime, CLOCK_THREAD_CPUTIME_ID, &ts) != 0) return 0;
  return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}
#define IRRCOLL_CLOCK() simcpu_clock()

static inline void simcpu_header(FILE *f) {
#if SIMCPU_CHARGED
  double th = sg_cfg_get_double("smpi/cpu-threshold");
  fprintf(f, "#@cpu_charge=irrcoll: its cost model's CPU term, charged with smpi_execute as each call spends it; "
             "native (SMPI's own algorithms): no CPU charged\n#@cpu_threshold=%g\n", th);
  if (th > 0)
    fprintf(stderr, "simcpu: smpi/cpu-threshold is %g s: smpi_execute drops irrcoll's CPU charges below it "
                    "(run with --cfg=smpi/cpu-threshold:0, as bench/smpi-run does)\n", th);
#else
  fprintf(f, "#@cpu_charge=none (not simulated)\n");
#endif
}

#endif /* SIMCPU_H */
