/* simmode.h - the end-to-end mode of the SMPI benchmarks (issue 31), shared by
 * sim_allgatherv.c, sim_v.c and sim_alltoallv.c. Off unless SIM_MODE is set in the environment,
 * so that every existing command line runs as before.
 *
 *   SIM_MODE=new     repetition k draws new counts from seed SIM_SEED + k (the same
 *                    distribution family and average size), identically on every rank
 *   SIM_MODE=repeat  every repetition uses the counts of seed SIM_SEED (and the same buffers)
 *   SIM_SEED=N       the seed (default 1); the output's '#@sim_seed=' line repeats it
 *
 * In both modes every (cell, who) runs on a communicator of its own (MPI_Comm_dup of
 * MPI_COMM_WORLD, untimed, freed after the cell) with no warm-up call, so repetition 0 is the
 * first call on its communicator: for irrcoll it includes creating its context. Besides the
 * usual per-repetition rows, each cell prints one line
 *   #summary,coll,who,p,dist,bytes,mode,seed,reps,first_s,median_later_s,cpu_first_s,
 *            cpu_median_later_s,repeat_hits
 * first_s: repetition 0; median_later_s: the median of repetitions 1..reps-1; cpu_*: the CPU
 * irrcoll's model charged (IRR_Comm_get_last_call's cpu_model_s, max over ranks; 0 for native,
 * which is charged nothing); repeat_hits: irrcoll's calls 1..reps-1 that found their counts
 * repeated (kept choice and program; rank 0's view). bytes: average bytes a rank (a pair for
 * Alltoallv).
 *
 * Vector distributions (p sizes, average b): the names of test/dist.h's irrt_dist (same,
 * random, spikes, decreasing, alternating, two_blocks) and "skew" (irrt_skew: a random
 * fraction of empty ranks, Zipf or Pareto power law with a random exponent, random placement,
 * all redrawn with every seed). */
#ifndef SIMMODE_H
#define SIMMODE_H

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "../test/dist.h"

typedef struct {
  int on;                 /* SIM_MODE set */
  int fresh;              /* new counts every repetition */
  unsigned long long seed;
  const char *name;       /* "new" or "repeat" */
} simmode;

/* from the environment: 1 on, 0 off, -1 if SIM_MODE is neither new nor repeat */
static inline int simmode_get(simmode *m) {
  const char *e = getenv("SIM_MODE"), *s = getenv("SIM_SEED");
  m->on = m->fresh = 0, m->seed = 1, m->name = "";
  if (!e || !*e) return 0;
  if (!strcmp(e, "new")) m->fresh = 1;
  else if (strcmp(e, "repeat")) return -1;
  m->on = 1, m->name = e;
  if (s && *s) m->seed = strtoull(s, NULL, 10);
  return 1;
}

/* the seed of repetition k's counts */
static inline unsigned long long simmode_seed(const simmode *m, int k) {
  return m->seed + (m->fresh ? (unsigned long long)k : 0ULL);
}

#define SIMMODE_SKEW IRRT_NDIST /* irrt_skew, after irrt_dist's names */
static inline int simmode_dist(const char *name) {
  int d;
  for (d = 0; d <= IRRT_TWOBLOCKS; d++)
    if (!strcmp(name, irrt_dist_name[d])) return d;
  return strcmp(name, "skew") ? -1 : SIMMODE_SKEW;
}
static inline const char *simmode_dist_name(int d) { return d == SIMMODE_SKEW ? "skew" : irrt_dist_name[d]; }

/* m[0..p-1]: distribution d, average b, seed */
static inline void simmode_draw(int d, int p, int64_t b, unsigned long long seed, int64_t *m) {
  irrt_rng r;
  r.s = seed;
  if (d == SIMMODE_SKEW) {
    double *w = (double *)malloc((size_t)p * sizeof(double));
    irrt_skew(&r, p, (double)b, m, w);
    free(w);
  } else {
    irrt_dist(d, p, b, &r, m);
  }
}

static int simmode__cmp(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return x < y ? -1 : x > y;
}
/* the median of t[1..n-1]; NAN if n < 2 */
static inline double simmode_median_later(const double *t, int n) {
  double *s, r;
  if (n < 2) return NAN;
  s = (double *)malloc((size_t)(n - 1) * sizeof(double));
  memcpy(s, t + 1, (size_t)(n - 1) * sizeof(double));
  qsort(s, (size_t)(n - 1), sizeof(double), simmode__cmp);
  r = (n - 1) % 2 ? s[(n - 1) / 2] : 0.5 * (s[(n - 1) / 2 - 1] + s[(n - 1) / 2]);
  free(s);
  return r;
}

/* rank 0, after simbench_max of t and cpu: the cell's #summary line (cpu NULL: native) */
static inline void simmode_summary(const simmode *m, const char *coll, const char *who, int p, const char *dist,
                                   long bytes, const double *t, const double *cpu, int hits, int reps) {
  printf("#summary,%s,%s,%d,%s,%ld,%s,%llu,%d,%.9e,%.9e,%.9e,%.9e,%d\n", coll, who, p, dist, bytes, m->name, m->seed,
         reps, t[0], simmode_median_later(t, reps), cpu ? cpu[0] : 0.0, cpu ? simmode_median_later(cpu, reps) : 0.0,
         hits);
}

static inline void simmode_header(const simmode *m) {
  if (m->on)
    printf("#@mode=%s (%s)\n#@sim_seed=%llu\n#@first_call=repetition 0 is the first call on a fresh MPI_Comm_dup of "
           "MPI_COMM_WORLD, no warm-up\n",
           m->name, m->fresh ? "new counts every repetition, seed + repetition" : "the same counts every repetition",
           m->seed);
}

#endif /* SIMMODE_H */
