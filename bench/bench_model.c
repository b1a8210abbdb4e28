/* bench_model.c - Gatherv in the cost model over the real schedules (DESIGN.md §7).
 *
 * For p = 560, 1600, 6400 (the paper's machines) and 2^20, the six block-size
 * distributions of Träff 2017 Section 5, b = 1, 10, 100, 1000, 10000 ints (4 bytes), root
 * floor(p/2) as in the paper: the completion time of
 *   tree      Träff's linear-time tree as the paper has it (no degradation), its
 *             distributed construction included (3L alpha): what Theorem 1 bounds
 *   degraded  the tree Gatherv runs: the same with graceful degradation (subtrees above
 *             irr_gatherv_thresh bytes send straight to the root; Theorem 1 does not cover it)
 *   linear    every rank sends to the root (what MPICH and Open MPI do for MPI_Gatherv)
 *   binomial  a size-oblivious binomial tree, given the sizes for free (a lower bound for
 *             any binomial Gatherv, which must first learn them)
 *   lb        ceil(log2 p) alpha + beta * sum_{i != root} m_i, a lower bound for any
 *             algorithm (the root's own block never moves, so it is not counted)
 *   thm1      Theorem 1's upper bound for the tree, fixed-root penalty included
 * and the persistent calls (issue 13; irr_estimate_persist), init and one start apart,
 * against the blocking call (its schedule with the construction, irr_estimate):
 *   gv_init, gv_start              IRR_Gatherv_init's init, one IRR_Start
 *   sv_blocking, sv_init, sv_start IRR_Scatterv's, and IRR_Scatterv_init's init and start
 * with, per p and b, the worst start / blocking over the six distributions and the most
 * starts any of them needs before the init has paid for itself (also for p = 256, the
 * SMPI benchmark's run_persist.sh, on stderr only; not for p = 2^20, where the five more
 * builds of every program took minutes: empty columns).
 * CSV on stdout ('#@key=value' header, one row per case), a summary on stderr.
 * Usage: bench_model [MAXP]   (MAXP limits p, e.g. 6400 for a quick run) */
#define _POSIX_C_SOURCE 199309L /* clock_gettime */
#define IRRCOLL_NO_MPI
#include "../irrcoll_impl/irrcoll.in.h"
#include "../test/dist.h"
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <limits.h>
#include <string.h>

static double now(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

static double model(irr_alg a, int p, int root, const int64_t *m, irr_model md, int64_t thresh, double *wall) {
  irr_sched_set set;
  irr_cost c;
  double t0 = now();
  c.time = -1;
  if (irr_v_build_all_t(&set, IRR_COLL_GATHERV, a, p, root, m, 0, a == IRR_ALG_TREE, thresh) == IRR_OK) {
    if (irr_sched_cost(set.s, p, md, &c, NULL) != IRR_OK) c.time = -1;
    irr_sched_set_free(&set);
  }
  if (wall) *wall = now() - t0;
  return c.time;
}

#define PERSIST_MAXP 6400

/* The persistent calls on one case: v[0..2] Gatherv blocking, init, start; v[3..5] Scatterv's. */
static void persist(int p, int root, const int64_t *m, irr_model md, double v[6]) {
  irr_args a;
  int k;
  memset(&a, 0, sizeof a);
  a.p = p, a.root = root, a.m = m, a.md = md, a.ctrl = 1;
  for (k = 0; k < 2; k++) {
    double *o = v + 3 * k;
    a.coll = k ? IRR_COLL_SCATTERV : IRR_COLL_GATHERV;
    o[0] = o[1] = o[2] = -1;
    if (irr_estimate(&a, IRR_ALG_AUTO, &o[0]) != IRR_OK || irr_estimate_persist(&a, IRR_ALG_AUTO, &o[1], &o[2]) != IRR_OK)
      o[0] = o[1] = o[2] = -1;
  }
}

/* Per collective and b: the worst start / blocking and the most starts to pay off the
   init (INT_MAX: never) over the distributions seen so far; printed once per p. */
typedef struct {
  double ratio[2][5], init_lo[2], init_hi[2];
  long pay[2][5];
} psum;
static void psum_add(psum *S, int bi, const double v[6]) {
  int k;
  for (k = 0; k < 2; k++) {
    const double *o = v + 3 * k;
    long n = o[0] > o[2] ? (long)(o[1] / (o[0] - o[2])) + 1 : LONG_MAX;
    if (o[0] <= 0) continue;
    if (o[2] / o[0] > S->ratio[k][bi]) S->ratio[k][bi] = o[2] / o[0];
    if (n > S->pay[k][bi]) S->pay[k][bi] = n;
    if (S->init_lo[k] == 0 || o[1] < S->init_lo[k]) S->init_lo[k] = o[1];
    if (o[1] > S->init_hi[k]) S->init_hi[k] = o[1];
  }
}
static void psum_print(const psum *S, int p) {
  int k, bi;
  for (k = 0; k < 2; k++) {
    fprintf(stderr, "persistent %-8s p=%-7d init %6.1f-%6.1f us; start/blocking (worst):", k ? "scatterv" : "gatherv", p,
            S->init_lo[k] * 1e6, S->init_hi[k] * 1e6);
    for (bi = 0; bi < 5; bi++) fprintf(stderr, " %5.2f", S->ratio[k][bi]);
    fprintf(stderr, "; init paid off after (most) starts:");
    for (bi = 0; bi < 5; bi++)
      if (S->pay[k][bi] == LONG_MAX) fprintf(stderr, " never");
      else fprintf(stderr, " %ld", S->pay[k][bi]);
    fprintf(stderr, "\n");
  }
}

int main(int argc, char **argv) {
  static const int ps[] = {560, 1600, 6400, 1 << 20};
  static const long bs[] = {1, 10, 100, 1000, 10000};
  irr_model md = irr_model_ab(IRR_MODEL_ALPHA_DEFAULT, IRR_MODEL_BETA_DEFAULT);
  long maxp = argc > 1 ? atol(argv[1]) : 1 << 20;
  int pi, d, bi, rows = 0, thm_ok = 0, deg_ok = 0, beat_lin = 0, beat_bin = 0, small = 0, small_lin = 0, deg_lin = 0;
  double worst_lb = 0, wall16 = 0, bino_row[5], deg_row[5], deg_lo = 1e300, deg_hi = 0, worst_dlb = 0;
  fprintf(stderr, "Gatherv in the cost model (alpha %.2g s, beta %.2g s/B), root floor(p/2); columns b = 1, 10, 100, 1000, 10000 ints\n",
          md.alpha, md.beta);
  printf("#@benchmark=gatherv_model\n#@model=single-ported full-duplex linear cost (irr_sched_cost)\n");
  printf("#@alpha_s=%g\n#@beta_s_per_byte=%g\n#@unit=MPI_INT (4 bytes)\n#@root=floor(p/2)\n", md.alpha, md.beta);
  printf("#@distributions=Traeff 2017 Section 5 (spikes rho=5)\n#@seed=12345\n");
  printf("p,dist,b_ints,total_bytes,tree_s,linear_s,binomial_s,lb_s,thm1_s,linear_over_tree,binomial_over_tree,tree_over_lb,"
         "gv_init_s,gv_start_s,sv_blocking_s,sv_init_s,sv_start_s,degraded_s\n");
  { /* p = 256: the SMPI benchmark's (run_persist.sh), persistent calls only */
    int64_t m[256];
    psum S;
    memset(&S, 0, sizeof S);
    for (d = 0; d <= IRRT_TWOBLOCKS; d++)
      for (bi = 0; bi < 5; bi++) {
        irrt_rng rng = {12345};
        double v[6];
        int i;
        irrt_dist(d, 256, bs[bi], &rng, m);
        for (i = 0; i < 256; i++) m[i] *= 4;
        persist(256, 128, m, md, v);
        psum_add(&S, bi, v);
      }
    psum_print(&S, 256);
  }
  for (pi = 0; pi < 4; pi++) {
    int p = ps[pi], root = p / 2;
    int64_t *m = (int64_t *)malloc((size_t)p * sizeof(int64_t));
    psum S;
    memset(&S, 0, sizeof S);
    if (p > maxp) { free(m); continue; }
    for (d = 0; d <= IRRT_TWOBLOCKS; d++)
      for (bi = 0; bi < 5; bi++) {
        irrt_rng rng = {12345};
        int64_t total = 0, others = 0;
        double tree, deg, lin, bin, lb, thm, w, v[6];
        int i;
        irrt_dist(d, p, bs[bi], &rng, m);
        for (i = 0; i < p; i++) {
          m[i] *= 4;
          total += m[i];
          if (i != root) others += m[i];
        }
        tree = model(IRR_ALG_TREE, p, root, m, md, INT64_MAX, &w);
        deg = model(IRR_ALG_TREE, p, root, m, md, irr_gatherv_thresh(md), NULL);
        lin = model(IRR_ALG_LINEAR, p, root, m, md, INT64_MAX, NULL);
        bin = model(IRR_ALG_BINOMIAL, p, root, m, md, INT64_MAX, NULL);
        lb = irr_tree_levels(p) * md.alpha + md.beta * (double)others;
        thm = irr_gatherv_tree_bound(p, root, m, 1, md);
        printf("%d,%s,%ld,%lld,%.6e,%.6e,%.6e,%.6e,%.6e,%.3f,%.3f,%.3f,", p, irrt_dist_name[d], bs[bi], (long long)total,
               tree, lin, bin, lb, thm, lin / tree, bin / tree, tree / lb);
        if (p <= PERSIST_MAXP) {
          persist(p, root, m, md, v);
          psum_add(&S, bi, v);
          printf("%.6e,%.6e,%.6e,%.6e,%.6e,%.6e\n", v[1], v[2], v[3], v[4], v[5], deg);
        } else {
          printf(",,,,,%.6e\n", deg);
        }
        if (bi == 0) fprintf(stderr, "p=%-7d %-11s linear/tree:", p, irrt_dist_name[d]);
        fprintf(stderr, " %7.2f", lin / tree);
        bino_row[bi] = bin / tree;
        deg_row[bi] = lin / deg;
        if (bi == 4) {
          int k;
          fprintf(stderr, "   binomial(free sizes)/tree:");
          for (k = 0; k < 5; k++) fprintf(stderr, " %5.2f", bino_row[k]);
          fprintf(stderr, "   linear/degraded:");
          for (k = 0; k < 5; k++) fprintf(stderr, " %7.2f", deg_row[k]);
          fprintf(stderr, "\n");
        }
        rows++;
        thm_ok += tree > 0 && tree <= thm * (1 + 1e-12);
        deg_ok += deg > 0 && deg <= thm * (1 + 1e-12);
        deg_lin += deg < lin;
        if (deg / tree < deg_lo) deg_lo = deg / tree;
        if (deg / tree > deg_hi) deg_hi = deg / tree;
        if (deg / lb > worst_dlb) worst_dlb = deg / lb;
        beat_lin += tree < lin;
        beat_bin += tree < bin;
        if (tree / lb > worst_lb) worst_lb = tree / lb;
        if (bs[bi] <= 100 && d != IRRT_TWOBLOCKS) {
          small++;
          small_lin += lin / tree >= 5;
        }
        if (p == 1 << 20 && d == 0 && bi == 0) wall16 = w;
        fflush(stdout);
      }
    if (p <= PERSIST_MAXP) psum_print(&S, p);
    free(m);
  }
  fprintf(stderr, "rows: %d; tree within Theorem 1's bound: %d/%d; tree faster than linear: %d, than binomial-with-free-sizes: %d\n",
          rows, thm_ok, rows, beat_lin, beat_bin);
  fprintf(stderr, "small irregular blocks (b <= 100 ints, five distributions): linear/tree >= 5x in %d of %d rows\n", small_lin, small);
  fprintf(stderr, "tree / lower bound: at most %.2fx\n", worst_lb);
  fprintf(stderr, "degraded tree (what Gatherv runs, threshold %lld bytes): within Theorem 1's bound %d/%d, faster than linear %d, "
          "degraded/tree %.2f .. %.2f, degraded / lower bound at most %.2fx\n",
          (long long)irr_gatherv_thresh(md), deg_ok, rows, deg_lin, deg_lo, deg_hi, worst_dlb);
  if (wall16 > 0) fprintf(stderr, "cost model speed: building and costing the tree schedules of p=2^20 took %.2f s\n", wall16);
  return thm_ok == rows ? 0 : 1;
}
