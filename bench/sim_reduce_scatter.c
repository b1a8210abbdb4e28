/* sim_reduce_scatter.c - Reduce_scatter with irregular counts under SimGrid SMPI: four
 * distributions of the p result blocks.
 *
 *   ./smpi-run -p 64 [--cfg=smpi/reduce_scatter:ompi_ring] -- ./sim_reduce_scatter WHO REPS C...
 *
 * WHO: "native" times MPI_Reduce_scatter (whichever SMPI algorithm the run selects, e.g.
 * --cfg=smpi/reduce_scatter:mpich_pair), "irrcoll" times IRR_Reduce_scatter (only if irrcoll.h
 * defines IRR_HAVE_REDUCE_SCATTER; otherwise this program says so and exits with status 2).
 * Data: int64_t elements (MPI_INT64_T), MPI_SUM. C: average bytes of result a rank, so the
 * vector has N = round(p C / 8) elements in all ('half': see below) and a rank gets C/8
 * elements on average. Time of a call: from a start common to all ranks to the last rank's
 * exit (simbench.h). Output: '#@key=value' header, then who,p,dist,c_bytes,rep,seconds;
 * repetition 0 may include one-time costs. Lines "# counts ..." describe each count vector.
 *
 * The counts are a function of (seed, distribution, p, C) only (splitmix64 streams), so every
 * rank computes the same vector. Real-valued targets x_i (elements) are rounded by largest
 * remainder, so the total is round(sum x_i) exactly (C = 4 B: half an element a rank, so
 * 'regular' then gives 0 or 1 elements, as evenly as possible). The distributions (RS_DISTS,
 * default all four, in this order):
 *   regular  x_i = C/8 for every rank.
 *   half     one rank h (drawn from the seed) owns half the vector: x_h = p C/16 bytes, every
 *            other rank C/16 bytes (total (2p - 1) C/16).
 *   zipf     Zipf sizes: the rank at place j (a random permutation) gets weight 1/(j+1),
 *            scaled so that the mean is C/8 elements.
 *   sparse   a random m = max(1, round(p/4)) ranks share the whole volume p C/8 equally;
 *            the other ~75% get 0 elements.
 *   big      (only when RS_DISTS names it; not tuned on) one random rank owns a fraction f of
 *            the vector, f uniform in [0.3, 0.8] from the seed, the others share the rest
 *            by weights exp(U ln 100), a random 30% of them empty.
 * RS_SEED=N in the environment changes the seed (default 20250101); each distribution uses
 * its own stream.
 *
 * Buffers: the timed calls use simbench_alloc (SMPI_SHARED_MALLOC: one copy for all ranks,
 * garbage contents, no memory multiplied by p). The check: once per cell, after the timed
 * repetitions and outside them, on a communicator of its own, every rank fills a private
 * send vector with int64 values that depend on (rank, index) and runs, on the counts of
 * repetition 0, MPI_Reduce_scatter (the run's SMPI algorithm, as --cfg=smpi/reduce_scatter
 * selects) and, in the irrcoll program, IRR_Reduce_scatter. irrcoll: any block element that
 * differs from MPI's (or an error code) prints "# MISMATCH ..." lines, which also say which of
 * the two differs from the true sum (up to 64 elements a rank recomputed); native: a result
 * that differs from the sum prints "# WRONG ..." (a bug of that SMPI algorithm). A clean check
 * prints "# check ... ok". Skipped ("# check DIST c=C p=P: skipped ...") when p^2 C exceeds RS_CHECK_MAX
 * bytes (default 1 GiB), since every rank then needs the whole vector in private memory.
 *
 * SIM_MODE=new|repeat (bench/simmode.h): every (distribution, C, who) cell runs on a fresh
 * communicator with no warm-up, repetition 0 its first call; new: repetition k's counts are
 * the same distribution drawn with seed SIM_SEED + k ('half' moves its owner, zipf redraws the
 * placement, sparse its empty ranks), repeat: seed SIM_SEED every time (RS_SEED is not used);
 * one #summary line per cell. Without SIM_MODE every cell runs on MPI_COMM_WORLD with the
 * counts of RS_SEED in every repetition. irrcoll's modelled CPU is charged to the simulated
 * clock (bench/simcpu.h); "# irrcoll ..." lines name the algorithm its choice took.
 * RS_GUARDED=1: irrcoll's calls are the interception library's default,
 * IRR_Reduce_scatter_irr_guarded (irrcoll, or MPI's own where its gain is not clear: then
 * "native", and the MPI_Reduce_scatter of the run, SMPI's selector or the algorithm set with
 * --cfg=smpi/reduce_scatter, is what runs). */
#include "simcpu.h" /* before irrcoll.h: its CPU hooks */
#define IRRCOLL_IMPLEMENTATION
#include "irrcoll.h"
#include "simbench.h"
#include "simmode.h"
#include <limits.h>
#include <math.h>
#include <stdint.h>
#include <string.h>

enum { RS_REGULAR, RS_HALF, RS_ZIPF, RS_SPARSE, RS_BIG, RS_NDIST };
static const char *const rs_name[RS_NDIST] = {"regular", "half", "zipf", "sparse", "big"};

static uint64_t rs_mix(uint64_t z) { /* splitmix64's finalizer */
  z += 0x9e3779b97f4a7c15ULL;
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}
/* the stream's next value */
static uint64_t rs_next(uint64_t *s) { return rs_mix(*s += 0x632be59bd9b4e019ULL); }
static int rs_below(uint64_t *s, int n) { return (int)(rs_next(s) % (uint64_t)n); }

typedef struct { double r; int i; } rs_frac;
static int rs_fcmp(const void *a, const void *b) { /* larger remainder first, then lower rank */
  const rs_frac *x = (const rs_frac *)a, *y = (const rs_frac *)b;
  if (x->r != y->r) return x->r > y->r ? -1 : 1;
  return x->i - y->i;
}

/* cnt[0..p-1] (elements) of distribution dist, average c bytes of result a rank; *owner: the
   'half' rank (-1 otherwise). Every rank computes the same. */
static void rs_counts(int dist, int p, long c, uint64_t seed, int64_t *cnt, int *owner) {
  uint64_t s = rs_mix(rs_mix(seed) ^ (uint64_t)(dist + 1) * 0x9e3779b97f4a7c15ULL);
  double *x = malloc((size_t)p * sizeof(double)), tot = 0, e = (double)c / 8;
  int *perm = malloc((size_t)p * sizeof(int)), i, m;
  rs_frac *f = malloc((size_t)p * sizeof(rs_frac));
  int64_t sum = 0, want;
  for (i = 0; i < p; i++) perm[i] = i;
  for (i = p - 1; i > 0; i--) { /* Fisher-Yates: a random placement */
    int j = rs_below(&s, i + 1), t = perm[i];
    perm[i] = perm[j], perm[j] = t;
  }
  *owner = -1;
  switch (dist) {
  case RS_REGULAR:
    for (i = 0; i < p; i++) x[i] = e;
    break;
  case RS_HALF:
    *owner = perm[0];
    for (i = 0; i < p; i++) x[i] = e / 2;
    x[*owner] = (double)p * e / 2;
    break;
  case RS_ZIPF: {
    double h = 0;
    for (i = 0; i < p; i++) h += 1.0 / (i + 1);
    for (i = 0; i < p; i++) x[perm[i]] = (double)p * e / h / (i + 1);
    break;
  }
  case RS_BIG: { /* the owner's fraction f of the whole, the rest by log-uniform weights */
    double f0 = 0.3 + 0.5 * (double)(rs_next(&s) >> 11) / 9007199254740992.0, w = 0;
    *owner = perm[0];
    for (i = 1; i < p; i++) {
      x[perm[i]] = rs_below(&s, 10) < 3 ? 0 : exp((double)(rs_next(&s) >> 11) / 9007199254740992.0 * log(100.0));
      w += x[perm[i]];
    }
    for (i = 1; i < p; i++) x[perm[i]] = w > 0 ? x[perm[i]] / w * (1 - f0) * (double)p * e : 0;
    x[*owner] = (w > 0 ? f0 : 1) * (double)p * e;
    break;
  }
  default: /* sparse */
    m = (int)floor(p / 4.0 + 0.5);
    if (m < 1) m = 1;
    for (i = 0; i < p; i++) x[i] = 0;
    for (i = 0; i < m; i++) x[perm[i]] = (double)p * e / m;
    break;
  }
  for (i = 0; i < p; i++) {
    cnt[i] = (int64_t)floor(x[i]);
    sum += cnt[i], tot += x[i];
    f[i].r = x[i] - (double)cnt[i], f[i].i = i;
  }
  want = (int64_t)floor(tot + 0.5);
  qsort(f, (size_t)p, sizeof *f, rs_fcmp);
  for (i = 0; i < p && sum < want; i++) cnt[f[i].i]++, sum++;
  free(x); free(perm); free(f);
}

/* rank 0: one line about the counts; 0 if they cannot run (a count or the total beyond int) */
static int rs_describe(int dist, int p, long c, const int64_t *cnt, int owner, unsigned long long seed) {
  int64_t tot = 0, mx = 0, zero = 0;
  int i;
  for (i = 0; i < p; i++) {
    tot += cnt[i], zero += cnt[i] == 0;
    if (cnt[i] > mx) mx = cnt[i];
  }
  printf("# counts %s c=%ld p=%d seed=%llu: %lld elements in all (mean %.4g B a rank), largest block %lld, empty %lld",
         rs_name[dist], c, p, seed, (long long)tot, 8.0 * (double)tot / p, (long long)mx, (long long)zero);
  if (owner >= 0) printf(", owner %d", owner);
  printf("\n");
  if (tot > INT_MAX / 8) {
    printf("# skip %s c=%ld p=%d: the vector exceeds INT_MAX bytes\n", rs_name[dist], c, p);
    return 0;
  }
  return 1;
}

/* The timed calls' buffers (simbench_alloc: SMPI_SHARED_MALLOC, one copy for all ranks), grown
   and never freed: SMPI skips copying message data that lies in a shared block, and a block
   once freed leaves its address range to later private mallocs (the check's buffers), whose
   messages would then not be copied either (seen as wrong sums at C >= 256 KiB). Each rank
   keeps its pointers; all ranks get the same shared block per call site and size. */
static void *rs_shared(int which, size_t n) {
  static void *buf[2];
  static size_t cap[2];
  if (n > cap[which] || !buf[which]) {
    size_t c = n > 2 * cap[which] ? n : 2 * cap[which];
    buf[which] = simbench_alloc(c ? c : 1), cap[which] = c ? c : 1;
  }
  return buf[which];
}

static int rs_call(int irr, const void *sb, void *rb, const int *rc, MPI_Comm comm) {
#ifdef IRR_HAVE_REDUCE_SCATTER
  static int guarded = -1;
  if (guarded < 0) guarded = getenv("RS_GUARDED") && atoi(getenv("RS_GUARDED")) > 0;
  if (irr && guarded) return IRR_Reduce_scatter_irr_guarded(sb, rb, rc, MPI_INT64_T, MPI_SUM, comm);
  if (irr) return IRR_Reduce_scatter(sb, rb, rc, MPI_INT64_T, MPI_SUM, comm);
#endif
  (void)irr;
  return MPI_Reduce_scatter(sb, rb, rc, MPI_INT64_T, MPI_SUM, comm);
}

static int64_t rs_val(int r, int64_t j) { /* the check's input: rank r, element j */
  return (int64_t)(rs_mix(((uint64_t)r << 40) ^ (uint64_t)j) & 0xffffff) - 0x800000 + (int64_t)r * 3 - j;
}

/* the check, on counts cnt (repetition 0's): MPI_Reduce_scatter against IRR_Reduce_scatter */
static void rs_check(int irr, int rank, int p, int dist, long c, const int64_t *cnt) {
  double lim = 1073741824.0, mism = 0, w1 = 0, w2 = 0;
  const char *e = getenv("RS_CHECK_MAX");
  int64_t n = 0, off = 0, j, first = -1;
  int *rc = malloc((size_t)p * sizeof(int)), i, e1, e2;
  int64_t *sb, *r1, *r2;
  MPI_Comm comm;
  if (e && *e) lim = atof(e);
  for (i = 0; i < p; i++) rc[i] = (int)cnt[i], n += cnt[i];
  if ((double)p * p * c > lim) {
    if (rank == 0) printf("# check %s c=%ld p=%d: skipped, p^2 C = %.3g B > RS_CHECK_MAX %.3g\n", rs_name[dist], c, p,
                          (double)p * p * c, lim);
    free(rc);
    return;
  }
  for (i = 0; i < rank; i++) off += cnt[i];
  sb = malloc((size_t)(n ? n : 1) * sizeof(int64_t));
  r1 = malloc((size_t)(cnt[rank] ? cnt[rank] : 1) * sizeof(int64_t));
  r2 = malloc((size_t)(cnt[rank] ? cnt[rank] : 1) * sizeof(int64_t));
  for (j = 0; j < n; j++) sb[j] = rs_val(rank, j);
  for (j = 0; j < cnt[rank]; j++) r1[j] = r2[j] = INT64_MIN;
  MPI_Comm_dup(MPI_COMM_WORLD, &comm);
  e1 = rs_call(0, sb, r1, rc, comm);
  e2 = irr ? rs_call(1, sb, r2, rc, comm) : MPI_SUCCESS;
  if (!irr) memcpy(r2, r1, (size_t)cnt[rank] * sizeof(int64_t));
  MPI_Comm_free(&comm);
  for (j = 0; j < cnt[rank]; j++)
    if (r1[j] != r2[j]) {
      if (first < 0) first = j;
      mism++;
    }
  { /* each rank: up to 64 elements of its block (from the first that differs) against the sum */
    int64_t j0 = first >= 0 ? first : 0;
    for (j = j0; j < cnt[rank] && j < j0 + 64; j++) {
      int64_t s = 0;
      for (i = 0; i < p; i++) s += rs_val(i, off + j);
      w1 += s != r1[j], w2 += s != r2[j];
    }
  }
  if (!irr && (e1 != MPI_SUCCESS || w1 > 0))
    printf("# WRONG %s c=%ld p=%d rank %d: MPI_Reduce_scatter (this run's SMPI algorithm) rc %d, %.0f of up to 64 "
           "elements differ from the sum\n", rs_name[dist], c, p, rank, e1, w1);
  if (irr && (e1 != MPI_SUCCESS || e2 != MPI_SUCCESS || mism > 0 || w1 > 0 || w2 > 0)) {
    printf("# MISMATCH %s c=%ld p=%d rank %d: MPI rc %d, irrcoll rc %d, %.0f of %lld elements differ; of up to 64 "
           "checked against the sum: MPI wrong %.0f, irrcoll wrong %.0f",
           rs_name[dist], c, p, rank, e1, e2, mism, (long long)cnt[rank], w1, w2);
    if (first >= 0)
      printf(" (first at %lld: MPI %lld, irrcoll %lld)", (long long)first, (long long)r1[first], (long long)r2[first]);
    printf("\n");
    fflush(stdout);
  }
  {
    double v[3] = {mism > 0 || e1 != MPI_SUCCESS || e2 != MPI_SUCCESS, w1 > 0, w2 > 0};
    MPI_Allreduce(MPI_IN_PLACE, v, 3, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
    if (rank == 0) {
      if (!irr)
        if (v[1] == 0) printf("# check %s c=%ld p=%d: MPI_Reduce_scatter = the sum, ok\n", rs_name[dist], c, p);
        else printf("# WRONG %s c=%ld p=%d: MPI_Reduce_scatter (this run's SMPI algorithm) differs from the sum on %.0f "
                    "ranks\n", rs_name[dist], c, p, v[1]);
      else if (v[0] == 0 && v[1] == 0 && v[2] == 0)
        printf("# check %s c=%ld p=%d: IRR_Reduce_scatter = MPI_Reduce_scatter = the sum, ok\n", rs_name[dist], c, p);
      else
        printf("# MISMATCH %s c=%ld p=%d: %.0f ranks differ; MPI_Reduce_scatter wrong on %.0f ranks, IRR_Reduce_scatter "
               "on %.0f (up to 64 elements a rank against the sum)\n",
               rs_name[dist], c, p, v[0], v[1], v[2]);
    }
  }
  free(sb); free(r1); free(r2); free(rc);
}

/* one cell (distribution dist, average c bytes a rank). sm->on: on a communicator of its own,
   counts per repetition as SIM_MODE says; off: MPI_COMM_WORLD, the counts of seed every time. */
static void rs_cell(const simmode *sm, int irr, int reps, int rank, int p, long c, int dist, unsigned long long seed) {
  int *rc = malloc((size_t)p * sizeof(int)), k, i, hits = 0, done = 0, owner, alg0 = -1, check = 0;
  int64_t *cnt = malloc((size_t)p * sizeof(int64_t)), *cnt0 = malloc((size_t)p * sizeof(int64_t)), n = 0;
  double *t = malloc((size_t)reps * sizeof(double)), *cpu = calloc((size_t)reps, sizeof(double)), go = 1;
  char *sb = NULL, *rb = NULL, algs[256] = "";
  simbench b;
  MPI_Comm comm = MPI_COMM_WORLD;
  if (sm->on) MPI_Comm_dup(MPI_COMM_WORLD, &comm);
  if (irr) MPI_Comm_set_errhandler(comm, MPI_ERRORS_RETURN); /* last call: no context where the guard handed every call on */
  simbench_init(&b, MPI_COMM_WORLD, 1.0);
  for (k = 0; k < reps; k++) {
    if (k == 0 || (sm->on && sm->fresh)) { /* untimed: this repetition's counts and buffers */
      unsigned long long sd = sm->on ? simmode_seed(sm, k) : seed;
      rs_counts(dist, p, c, sd, cnt, &owner);
      if (k == 0) memcpy(cnt0, cnt, (size_t)p * sizeof(int64_t));
      if (rank == 0) go = rs_describe(dist, p, c, cnt, owner, sd);
      simbench__quiet(&b); /* a slot of its own: the verdict's messages never meet the last repetition's */
      simbench_bcast0(&b, &go);
      if (go == 0) break;
      for (i = 0, n = 0; i < p; i++) rc[i] = (int)cnt[i], n += cnt[i];
      sb = rs_shared(0, (size_t)n * 8);
      rb = rs_shared(1, (size_t)cnt[rank] * 8);
    }
    simbench_start(&b);
    if (rs_call(irr, sb, rb, rc, comm) != MPI_SUCCESS) MPI_Abort(MPI_COMM_WORLD, 5);
    t[k] = simbench_stop(&b);
#ifdef IRR_HAVE_REDUCE_SCATTER
    if (irr) {
      irr_call_info ci;
      if (IRR_Comm_get_last_call(comm, &ci) != MPI_SUCCESS) memset(&ci, 0, sizeof ci), ci.alg = IRR_ALG_COUNT;
      cpu[k] = ci.cpu_model_s, hits += k > 0 && ci.repeat;
      if ((int)ci.alg != alg0 && strlen(algs) < 200) /* the algorithms taken, in order */
        snprintf(algs + strlen(algs), sizeof algs - strlen(algs), "%s%s", *algs ? " " : "", ci.alg == IRR_ALG_COUNT ? "native" : irr_alg_name(ci.alg));
      alg0 = (int)ci.alg;
    }
#endif
    done++;
  }
  if (done == reps) {
    simbench_max(&b, t, reps);
    simbench_max(&b, cpu, reps);
    if (!simbench_ok(&b)) MPI_Abort(MPI_COMM_WORLD, 3);
    if (rank == 0) {
      for (k = 0; k < reps; k++) printf("%s,%d,%s,%ld,%d,%.9e\n", irr ? "irrcoll" : "native", p, rs_name[dist], c, k, t[k]);
      if (sm->on)
        simmode_summary(sm, "reduce_scatter", irr ? "irrcoll" : "native", p, rs_name[dist], c, t, irr ? cpu : NULL, hits,
                        reps);
      if (irr) printf("# irrcoll %s c=%ld p=%d: algorithm (rank 0) %s\n", rs_name[dist], c, p, algs);
    }
    check = 1;
  }
  if (rank == 0) fflush(stdout);
  if (sm->on) MPI_Comm_free(&comm);
  if (check) rs_check(irr, rank, p, dist, c, cnt0);
  if (rank == 0) fflush(stdout);
  free(rc); free(cnt); free(cnt0); free(t); free(cpu);
}

int main(int argc, char **argv) {
  int rank, p, reps = argc > 2 ? atoi(argv[2]) : 3, ci, i, irr = argc > 1 && strcmp(argv[1], "irrcoll") == 0;
  int dists[RS_NDIST], nd = 0;
  unsigned long long seed = 20250101ULL;
  const char *env = getenv("RS_SEED"), *dl = getenv("RS_DISTS");
  simmode sm;
  if (env && *env) seed = strtoull(env, NULL, 10);
  for (i = 0; i < RS_NDIST; i++) { /* RS_DISTS: names separated by spaces or commas, in this order ('big' only named) */
    const char *f = dl && *dl ? strstr(dl, rs_name[i]) : NULL;
    if (((!dl || !*dl) && i != RS_BIG) || f) dists[nd++] = i;
  }
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &p);
  if (simmode_get(&sm) < 0 || reps < 1) {
    if (rank == 0) fprintf(stderr, "sim_reduce_scatter: SIM_MODE must be new or repeat, and REPS at least 1\n");
    MPI_Abort(MPI_COMM_WORLD, 2);
  }
#ifndef IRR_HAVE_REDUCE_SCATTER
  if (irr) { /* status 2 from rank 0 only: one line, one SMPI warning */
    if (rank == 0)
      fprintf(stderr, "sim_reduce_scatter: built without IRR_Reduce_scatter (irrcoll.h does not define "
                      "IRR_HAVE_REDUCE_SCATTER)\n");
    MPI_Finalize();
    return rank == 0 ? 2 : 0;
  }
#endif
  if (rank == 0) {
    printf("#@benchmark=reduce_scatter_smpi\n#@p=%d\n#@simulated=%d\n#@reps=%d\n#@who=%s\n#@seed=%llu\n"
           "#@datatype=MPI_INT64_T\n#@op=MPI_SUM\n",
           p, SIMBENCH_SMPI, reps, irr ? "irrcoll" : "native", sm.on ? sm.seed : seed);
    simcpu_header(stdout);
    simmode_header(&sm);
    printf("who,p,dist,c_bytes,rep,seconds\n");
  }
  for (ci = 3; ci < argc; ci++)
    for (int di = 0; di < nd; di++) rs_cell(&sm, irr, reps, rank, p, atol(argv[ci]), dists[di], seed);
  MPI_Finalize();
  return 0;
}
