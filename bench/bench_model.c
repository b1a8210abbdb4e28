/* bench_model.c - Gatherv in the cost model over the real schedules (DESIGN.md §7).
 *
 * For p = 560, 1600, 6400 (the paper's machines) and 2^20, the six block-size
 * distributions of Träff 2017 Section 5, b = 1, 10, 100, 1000, 10000 ints (4 bytes), root
 * floor(p/2) as in the paper: the completion time of
 *   tree      irrcoll's linear-time tree, its distributed construction included (3L alpha)
 *   linear    every rank sends to the root (what MPICH and Open MPI do for MPI_Gatherv)
 *   binomial  a size-oblivious binomial tree, given the sizes for free (a lower bound for
 *             any binomial Gatherv, which must first learn them)
 *   lb        ceil(log2 p) alpha + beta * sum_{i != root} m_i, a lower bound for any
 *             algorithm (the root's own block never moves, so it is not counted)
 *   thm1      Theorem 1's upper bound for the tree, fixed-root penalty included
 * CSV on stdout ('#@key=value' header, one row per case), a summary on stderr.
 * Usage: bench_model [MAXP]   (MAXP limits p, e.g. 6400 for a quick run) */
#define _POSIX_C_SOURCE 199309L /* clock_gettime */
#define IRRCOLL_NO_MPI
#include "../irrcoll_impl/irrcoll.in.h"
#include "../test/dist.h"
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static double now(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

static double model(irr_alg a, int p, int root, const int64_t *m, irr_model md, double *wall) {
  irr_sched_set set;
  irr_cost c;
  double t0 = now();
  c.time = -1;
  if (irr_v_build_all_t(&set, IRR_COLL_GATHERV, a, p, root, m, 0, a == IRR_ALG_TREE, irr_gatherv_thresh(md)) == IRR_OK) {
    if (irr_sched_cost(set.s, p, md, &c, NULL) != IRR_OK) c.time = -1;
    irr_sched_set_free(&set);
  }
  if (wall) *wall = now() - t0;
  return c.time;
}

int main(int argc, char **argv) {
  static const int ps[] = {560, 1600, 6400, 1 << 20};
  static const long bs[] = {1, 10, 100, 1000, 10000};
  irr_model md = {IRR_MODEL_ALPHA_DEFAULT, IRR_MODEL_BETA_DEFAULT};
  long maxp = argc > 1 ? atol(argv[1]) : 1 << 20;
  int pi, d, bi, rows = 0, thm_ok = 0, beat_lin = 0, beat_bin = 0, small = 0, small_lin = 0;
  double worst_lb = 0, wall16 = 0, bino_row[5];
  fprintf(stderr, "Gatherv in the cost model (alpha %.2g s, beta %.2g s/B), root floor(p/2); columns b = 1, 10, 100, 1000, 10000 ints\n",
          md.alpha, md.beta);
  printf("#@benchmark=gatherv_model\n#@model=single-ported full-duplex linear cost (irr_sched_cost)\n");
  printf("#@alpha_s=%g\n#@beta_s_per_byte=%g\n#@unit=MPI_INT (4 bytes)\n#@root=floor(p/2)\n", md.alpha, md.beta);
  printf("#@distributions=Traeff 2017 Section 5 (spikes rho=5)\n#@seed=12345\n");
  printf("p,dist,b_ints,total_bytes,tree_s,linear_s,binomial_s,lb_s,thm1_s,linear_over_tree,binomial_over_tree,tree_over_lb\n");
  for (pi = 0; pi < 4; pi++) {
    int p = ps[pi], root = p / 2;
    int64_t *m = (int64_t *)malloc((size_t)p * sizeof(int64_t));
    if (p > maxp) { free(m); continue; }
    for (d = 0; d <= IRRT_TWOBLOCKS; d++)
      for (bi = 0; bi < 5; bi++) {
        irrt_rng rng = {12345};
        int64_t total = 0, others = 0;
        double tree, lin, bin, lb, thm, w;
        int i;
        irrt_dist(d, p, bs[bi], &rng, m);
        for (i = 0; i < p; i++) {
          m[i] *= 4;
          total += m[i];
          if (i != root) others += m[i];
        }
        tree = model(IRR_ALG_TREE, p, root, m, md, &w);
        lin = model(IRR_ALG_LINEAR, p, root, m, md, NULL);
        bin = model(IRR_ALG_BINOMIAL, p, root, m, md, NULL);
        lb = irr_tree_levels(p) * md.alpha + md.beta * (double)others;
        thm = irr_gatherv_tree_bound(p, root, m, 1, md);
        printf("%d,%s,%ld,%lld,%.6e,%.6e,%.6e,%.6e,%.6e,%.3f,%.3f,%.3f\n", p, irrt_dist_name[d], bs[bi],
               (long long)total, tree, lin, bin, lb, thm, lin / tree, bin / tree, tree / lb);
        if (bi == 0) fprintf(stderr, "p=%-7d %-11s linear/tree:", p, irrt_dist_name[d]);
        fprintf(stderr, " %7.2f", lin / tree);
        bino_row[bi] = bin / tree;
        if (bi == 4) {
          int k;
          fprintf(stderr, "   binomial(free sizes)/tree:");
          for (k = 0; k < 5; k++) fprintf(stderr, " %5.2f", bino_row[k]);
          fprintf(stderr, "\n");
        }
        rows++;
        thm_ok += tree > 0 && tree <= thm * (1 + 1e-12);
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
    free(m);
  }
  fprintf(stderr, "rows: %d; tree within Theorem 1's bound: %d/%d; tree faster than linear: %d, than binomial-with-free-sizes: %d\n",
          rows, thm_ok, rows, beat_lin, beat_bin);
  fprintf(stderr, "small irregular blocks (b <= 100 ints, five distributions): linear/tree >= 5x in %d of %d rows\n", small_lin, small);
  fprintf(stderr, "tree / lower bound: at most %.2fx\n", worst_lb);
  if (wall16 > 0) fprintf(stderr, "cost model speed: building and costing the tree schedules of p=2^20 took %.2f s\n", wall16);
  return thm_ok == rows ? 0 : 1;
}
