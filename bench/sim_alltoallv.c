/* sim_alltoallv.c - Alltoallv under SimGrid SMPI: five distributions of the p x p byte matrix.
 *
 *   ./smpi-run -p 64 [--cfg=smpi/alltoallv:pair] -- ./sim_alltoallv WHO REPS C...
 *
 * WHO: "native" times MPI_Alltoallv (whichever SMPI algorithm the run selects, e.g.
 * --cfg=smpi/alltoallv:bruck), "irrcoll" times IRR_Alltoallv (only if irrcoll.h defines
 * IRR_HAVE_ALLTOALLV; otherwise this program says so and exits with status 2). C: average
 * bytes per (sender, receiver) pair, over all p^2 pairs (MPI_BYTE data). Time of a call: from
 * a start common to all ranks to the last rank's exit (simbench.h). Output: '#@key=value'
 * header, then who,p,dist,c_bytes,rep,seconds; repetition 0 may include one-time costs.
 * Lines "# matrix ..." describe each matrix (realised mean, largest pair, row and column sums).
 *
 * The matrix M[s][d] (bytes from s to d) is a function of (seed, distribution, s, d) only: a
 * splitmix64 hash of the four, so every rank computes its row (sendcounts) and its column
 * (recvcounts) in O(p), whatever p. Fractional sizes are rounded at random (floor(x + u),
 * u uniform from the same hash), which keeps the mean. The distributions (A2A_DISTS, default
 * all five, in this order):
 *   uniform   M = c.
 *   random    M uniform integer in [0, 2c].
 *   sparse    k = ceil(log2 p) partners per sender on average: each pair s != d is non-empty
 *             with probability q = min(1, k/(p-1)), independently, and then carries
 *             c*p/((p-1)*q) bytes (c*p/k when k < p-1); M[s][s] = 0. Mean c, empty pairs send
 *             nothing but still exist for the algorithm (count 0).
 *   hot       one receiver h (drawn from the seed) gets half the volume: M[s][h] = c*p/2 for
 *             every s != h, every other pair (and M[h][h]) c/2. Mean c*(1 - 1/p + 1/(2p^2)).
 *   powerlaw  i.i.d. Pareto sizes, exponent a drawn from the seed uniformly in [1.1, 2.5],
 *             clipped at p times the minimum xm: M = min(xm*u^(-1/a), p*xm), xm chosen so that
 *             the clipped distribution's mean is exactly c (xm = c / (1 + (1 - p^(1-a))/(a-1))).
 * A2A_SEED=N in the environment changes the seed (default 20250101); each distribution uses
 * its own stream. Rank 0 checks, once per matrix and outside the timed part, that its column
 * (recvcounts) equals entry 0 of every sender's row as the senders compute it (O(p^2) on rank 0
 * only), and that every row and column sum fits an int displacement; a matrix that does not
 * fit is skipped ("# skipped ..." line, no rows).
 *
 * SIM_MODE=new|repeat (bench/simmode.h): the end-to-end mode. Every (matrix, who) cell runs on
 * a fresh communicator with no warm-up, repetition 0 its first call; new: repetition k's
 * matrix is the same distribution drawn with seed SIM_SEED + k (its hot receiver, sparse
 * pattern, power-law exponent and sizes redrawn), repeat: seed SIM_SEED every time (A2A_SEED is
 * not used); one #summary line per cell. irrcoll's modelled CPU is charged to the simulated
 * clock (bench/simcpu.h). */
#include "simcpu.h" /* before irrcoll.h: its CPU hooks */
#define IRRCOLL_IMPLEMENTATION
#include "irrcoll.h"
#include "simbench.h"
#include "simmode.h"
#include <limits.h>
#include <math.h>
#include <stdint.h>
#include <string.h>

enum { A2A_UNIFORM, A2A_RANDOM, A2A_SPARSE, A2A_HOT, A2A_POWERLAW, A2A_NDIST };
static const char *const a2a_name[A2A_NDIST] = {"uniform", "random", "sparse", "hot", "powerlaw"};

static uint64_t a2a_mix(uint64_t z) { /* splitmix64's finalizer */
  z += 0x9e3779b97f4a7c15ULL;
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}

typedef struct {
  int dist, p, hot, k;
  long c;
  uint64_t key;          /* hash of (seed, dist) */
  double q, big, a, xm;  /* sparse: probability, size; powerlaw: exponent, minimum */
} a2a_gen;

static void a2a_setup(a2a_gen *g, int dist, int p, long c, uint64_t seed) {
  uint64_t h;
  memset(g, 0, sizeof *g);
  g->dist = dist, g->p = p, g->c = c;
  g->key = a2a_mix(a2a_mix(seed) ^ (uint64_t)(dist + 1));
  h = a2a_mix(g->key ^ 0x5151515151515151ULL);
  g->hot = (int)(h % (uint64_t)p);
  for (g->k = 0; (1L << g->k) < p; g->k++) {} /* ceil(log2 p) */
  if (g->k < 1) g->k = 1;
  g->q = p > 1 ? (double)g->k / (p - 1) : 1;
  if (g->q > 1) g->q = 1;
  g->big = p > 1 ? (double)c * p / ((p - 1) * g->q) : 0;
  g->a = 1.1 + 1.4 * (double)(h >> 11) * (1.0 / 9007199254740992.0);
  g->xm = (double)c / (1 + (1 - pow((double)p, 1 - g->a)) / (g->a - 1));
}

/* M[s][d]: O(1) */
static int64_t a2a_count(const a2a_gen *g, int s, int d) {
  uint64_t h = a2a_mix(a2a_mix(g->key ^ (uint64_t)s) ^ ((uint64_t)d << 32 | 0x2545F491u));
  double u1 = (double)(h >> 32) * (1.0 / 4294967296.0), u2 = (double)(h & 0xffffffffu) * (1.0 / 4294967296.0);
  double x;
  switch (g->dist) {
  case A2A_UNIFORM: return g->c;
  case A2A_RANDOM: return (int64_t)(u1 * (double)(2 * g->c + 1));
  case A2A_SPARSE:
    if (s == d || u1 >= g->q) return 0;
    x = g->big;
    break;
  case A2A_HOT: x = (d == g->hot && s != g->hot) ? (double)g->c * g->p / 2 : (double)g->c / 2; break;
  default: /* powerlaw */
    x = g->xm * pow(1 - u1, -1 / g->a);
    if (x > g->p * g->xm) x = g->p * g->xm;
    break;
  }
  return (int64_t)floor(x + u2);
}

static void a2a_row(const a2a_gen *g, int s, int64_t *m) { for (int d = 0; d < g->p; d++) m[d] = a2a_count(g, s, d); }
static void a2a_col(const a2a_gen *g, int d, int64_t *m) { for (int s = 0; s < g->p; s++) m[s] = a2a_count(g, s, d); }

/* rank 0: the column check and the matrix' statistics; 0 if the matrix cannot be run */
static int a2a_check0(const a2a_gen *g, const int64_t *col0) {
  int p = g->p, s, d, ok = 1;
  int64_t *row = malloc((size_t)p * sizeof(int64_t)), *csum = calloc((size_t)p, sizeof(int64_t));
  int64_t maxpair = 0, maxrow = 0, maxcol = 0, zero = 0;
  double tot = 0;
  for (s = 0; s < p; s++) {
    int64_t rs = 0;
    a2a_row(g, s, row);
    if (row[0] != col0[s]) {
      fprintf(stderr, "sim_alltoallv: %s c=%ld: rank 0 expects %lld bytes from rank %d, which sends %lld\n",
              a2a_name[g->dist], g->c, (long long)col0[s], s, (long long)row[0]);
      ok = -1;
    }
    for (d = 0; d < p; d++) {
      rs += row[d], csum[d] += row[d], tot += (double)row[d];
      if (row[d] > maxpair) maxpair = row[d];
      zero += row[d] == 0;
    }
    if (rs > maxrow) maxrow = rs;
  }
  for (d = 0; d < p; d++)
    if (csum[d] > maxcol) maxcol = csum[d];
  printf("# matrix %s c=%ld p=%d: mean %.4g B a pair, largest pair %lld, largest row sum %lld, largest column sum %lld, "
         "empty pairs %lld",
         a2a_name[g->dist], g->c, p, tot / ((double)p * p), (long long)maxpair, (long long)maxrow, (long long)maxcol,
         (long long)zero);
  if (g->dist == A2A_HOT) printf(", hot receiver %d", g->hot);
  if (g->dist == A2A_SPARSE) printf(", k %d, q %.4g", g->k, g->q);
  if (g->dist == A2A_POWERLAW) printf(", exponent %.4f, xm %.4g", g->a, g->xm);
  printf("\n");
  if (ok > 0 && (maxrow > INT_MAX || maxcol > INT_MAX)) {
    printf("# skipped %s c=%ld p=%d: a row or column sum exceeds INT_MAX bytes\n", a2a_name[g->dist], g->c, p);
    ok = 0;
  }
  free(row); free(csum);
  return ok;
}

/* This rank's counts and displacements (bytes, consecutive) from its row and column;
   *st, *rt: the bytes it sends and receives. */
static void a2a_args(int p, const int64_t *row, const int64_t *col, int *sc, int *sd, int *rc, int *rd, int64_t *st,
                     int64_t *rt) {
  int i;
  for (i = 0, *st = *rt = 0; i < p; i++) {
    sc[i] = (int)row[i], sd[i] = (int)*st, *st += row[i];
    rc[i] = (int)col[i], rd[i] = (int)*rt, *rt += col[i];
  }
}
/* One call, irrcoll's or MPI's. */
static void a2a_call(int irr, const char *sb, const int *sc, const int *sd, char *rb, const int *rc, const int *rd,
                     MPI_Comm comm) {
#ifdef IRR_HAVE_ALLTOALLV
  if (irr) IRR_Alltoallv(sb, sc, sd, MPI_BYTE, rb, rc, rd, MPI_BYTE, comm);
  else
#endif
    MPI_Alltoallv(sb, sc, sd, MPI_BYTE, rb, rc, rd, MPI_BYTE, comm);
  (void)irr;
}

/* SIM_MODE: one cell (distribution dist, average c bytes a pair) on a communicator of its own;
   a matrix that cannot run (too big for int displacements) ends the cell, with a line */
static void mode_cell(const simmode *sm, int irr, int reps, int rank, int p, long c, int dist) {
  int *sc = malloc((size_t)p * sizeof(int)), *sd = malloc((size_t)p * sizeof(int));
  int *rc = malloc((size_t)p * sizeof(int)), *rd = malloc((size_t)p * sizeof(int)), k, hits = 0, done = 0;
  int64_t *row = malloc((size_t)p * sizeof(int64_t)), *col = malloc((size_t)p * sizeof(int64_t)), st, rt;
  double *t = malloc((size_t)reps * sizeof(double)), *cpu = calloc((size_t)reps, sizeof(double)), go = 1;
  char *sb = NULL, *rb = NULL;
  simbench b;
  MPI_Comm comm;
  MPI_Comm_dup(MPI_COMM_WORLD, &comm);
  simbench_init(&b, MPI_COMM_WORLD, 1.0);
  for (k = 0; k < reps; k++) {
    if (k == 0 || sm->fresh) { /* untimed: this repetition's matrix, checked by rank 0, and buffers */
      a2a_gen g;
      a2a_setup(&g, dist, p, c, simmode_seed(sm, k));
      a2a_row(&g, rank, row);
      a2a_col(&g, rank, col);
      if (rank == 0) go = a2a_check0(&g, col);
      simbench__quiet(&b); /* a slot of its own: the verdict's messages never meet the last repetition's */
      simbench_bcast0(&b, &go);
      if (go < 0) MPI_Abort(MPI_COMM_WORLD, 4);
      if (go == 0) break;
      a2a_args(p, row, col, sc, sd, rc, rd, &st, &rt);
      if (sb) simbench_free(sb), simbench_free(rb);
      sb = simbench_alloc((size_t)st);
      rb = simbench_alloc((size_t)rt);
    }
    simbench_start(&b);
    a2a_call(irr, sb, sc, sd, rb, rc, rd, comm);
    t[k] = simbench_stop(&b);
#ifdef IRR_HAVE_ALLTOALLV
    if (irr) {
      irr_call_info ci;
      if (IRR_Comm_get_last_call(comm, &ci) == MPI_SUCCESS) cpu[k] = ci.cpu_model_s, hits += k > 0 && ci.repeat;
    }
#endif
    done++;
  }
  if (done == reps) {
    simbench_max(&b, t, reps);
    simbench_max(&b, cpu, reps);
    if (!simbench_ok(&b)) MPI_Abort(MPI_COMM_WORLD, 3);
    if (rank == 0) {
      for (k = 0; k < reps; k++) printf("%s,%d,%s,%ld,%d,%.9e\n", irr ? "irrcoll" : "native", p, a2a_name[dist], c, k, t[k]);
      simmode_summary(sm, "alltoallv", irr ? "irrcoll" : "native", p, a2a_name[dist], c, t, irr ? cpu : NULL, hits, reps);
    }
  }
  if (rank == 0) fflush(stdout);
  if (sb) simbench_free(sb), simbench_free(rb);
  MPI_Comm_free(&comm);
  free(sc); free(sd); free(rc); free(rd); free(row); free(col); free(t); free(cpu);
}

int main(int argc, char **argv) {
  int rank, p, reps = argc > 2 ? atoi(argv[2]) : 3, ci, k, i, irr = argc > 1 && strcmp(argv[1], "irrcoll") == 0;
  int dists[A2A_NDIST], nd = 0;
  unsigned long long seed = 20250101ULL;
  const char *env = getenv("A2A_SEED"), *dl = getenv("A2A_DISTS");
  simmode sm;
  if (env && *env) seed = strtoull(env, NULL, 10);
  for (i = 0; i < A2A_NDIST; i++) { /* A2A_DISTS: names separated by spaces or commas, in this order */
    const char *f = dl && *dl ? strstr(dl, a2a_name[i]) : NULL;
    if (!dl || !*dl || f) dists[nd++] = i;
  }
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &p);
  if (simmode_get(&sm) < 0 || (sm.on && reps < 1)) {
    if (rank == 0) fprintf(stderr, "sim_alltoallv: SIM_MODE must be new or repeat, and REPS at least 1\n");
    MPI_Abort(MPI_COMM_WORLD, 2);
  }
#ifndef IRR_HAVE_ALLTOALLV
  if (irr) { /* status 2 from rank 0 only: one line, one SMPI warning */
    if (rank == 0)
      fprintf(stderr, "sim_alltoallv: built without IRR_Alltoallv (irrcoll.h does not define IRR_HAVE_ALLTOALLV)\n");
    MPI_Finalize();
    return rank == 0 ? 2 : 0;
  }
#endif
  if (rank == 0) {
    printf("#@benchmark=alltoallv_smpi\n#@p=%d\n#@simulated=%d\n#@reps=%d\n#@who=%s\n#@seed=%llu\n", p, SIMBENCH_SMPI,
           reps, irr ? "irrcoll" : "native", sm.on ? sm.seed : seed);
    simcpu_header(stdout);
    simmode_header(&sm);
    printf("who,p,dist,c_bytes,rep,seconds\n");
  }
  if (sm.on) {
    for (ci = 3; ci < argc; ci++)
      for (int di = 0; di < nd; di++) mode_cell(&sm, irr, reps, rank, p, atol(argv[ci]), dists[di]);
    MPI_Finalize();
    return 0;
  }
  for (ci = 3; ci < argc; ci++) {
    long c = atol(argv[ci]);
    for (int di = 0; di < nd; di++) {
      a2a_gen g;
      int *sc = malloc((size_t)p * sizeof(int)), *sd = malloc((size_t)p * sizeof(int));
      int *rc = malloc((size_t)p * sizeof(int)), *rd = malloc((size_t)p * sizeof(int));
      int64_t *row = malloc((size_t)p * sizeof(int64_t)), *col = malloc((size_t)p * sizeof(int64_t)), st = 0, rt = 0;
      double *t = malloc((size_t)reps * sizeof(double)), go = 1;
      char *sb, *rb;
      simbench b;
      a2a_setup(&g, dists[di], p, c, seed);
      a2a_row(&g, rank, row);
      a2a_col(&g, rank, col);
      for (i = 0; i < p; i++) st += row[i], rt += col[i];
      simbench_init(&b, MPI_COMM_WORLD, 1.0);
      if (rank == 0) go = a2a_check0(&g, col);
      simbench_bcast0(&b, &go); /* point-to-point: rank 0's verdict */
      if (go < 0) MPI_Abort(MPI_COMM_WORLD, 4);
      if (go > 0) {
        a2a_args(p, row, col, sc, sd, rc, rd, &st, &rt);
        sb = simbench_alloc((size_t)st);
        rb = simbench_alloc((size_t)rt);
        for (k = 0; k < reps; k++) {
          simbench_start(&b);
          a2a_call(irr, sb, sc, sd, rb, rc, rd, MPI_COMM_WORLD);
          t[k] = simbench_stop(&b);
        }
        simbench_max(&b, t, reps);
        if (!simbench_ok(&b)) MPI_Abort(MPI_COMM_WORLD, 3);
        if (rank == 0)
          for (k = 0; k < reps; k++)
            printf("%s,%d,%s,%ld,%d,%.9e\n", irr ? "irrcoll" : "native", p, a2a_name[g.dist], c, k, t[k]);
        simbench_free(sb);
        simbench_free(rb);
      }
      if (rank == 0) fflush(stdout);
      free(sc); free(sd); free(rc); free(rd); free(row); free(col); free(t);
    }
  }
  MPI_Finalize();
  return 0;
}
