/* bench_inter_model.c - intergroup Allgather(v) in the cost model over the real schedules:
 * the eight settings of seed 001, Section 5, with P = p + q ranks in all and per-process
 * blocks k (bytes) from 64 KiB to 8 MiB:
 *   1: p = q, k_A = k_B = k            5: as 1, Allgatherv
 *   2: p/q = 25/7, k_A = k_B = k       6: p = q, arithmetic sizes k (i+1) / n
 *   3: p/q = 25/7, k_A = k, k_B = k/4  7: as 2, Allgatherv
 *   4: p/q = 25/7, k_A = k/4, k_B = k  8: p/q = 25/7, arithmetic sizes
 * (k is the largest block.) Compared: irrcoll (Algorithm 2, IRR_ALG_SEGMENT), Algorithm 1
 * (IRR_ALG_SUBGROUP), and root gathering (IRR_ALG_ROOTGATHER: binomial gathers, root to
 * root, scatter + ring broadcasts, in sequence, as MPICH and Open MPI do it). Eq. (5)
 * predicts root / irrcoll = (M + 3 K_A + 3 K_B) / M; the goal is >= 0.8 of it at large k.
 * P up to 1024 (args: P values): the groups' pipelined rings make every schedule set
 * O(P^2) ops, so 2^16 ranks do not fit in memory here.
 * CSV on stdout ('#@key=value' header), a summary on stderr. */
#define IRRCOLL_NO_MPI
#include "../irrcoll_impl/irrcoll.in.h"
#include <stdio.h>
#include <stdlib.h>

static double cost(irr_alg a, int na, int nb, const int64_t *m, irr_model md) {
  irr_sched_set set;
  irr_cost c;
  double t = -1;
  if (irr_inter_build_all(&set, a, na, nb, m, md) != IRR_OK) return -1;
  if (irr_sched_cost(set.s, na + nb, md, &c, NULL) == IRR_OK) t = c.time;
  irr_sched_set_free(&set);
  return t;
}

int main(int argc, char **argv) {
  static const int defP[] = {32, 64, 256, 1024};
  irr_model md = irr_model_ab(IRR_MODEL_ALPHA_DEFAULT, IRR_MODEL_BETA_DEFAULT);
  int nP = argc > 1 ? argc - 1 : 4, pi, set, ki;
  long misses = 0, cells = 0;
  printf("#@benchmark=inter_model\n#@alpha=%g\n#@beta=%g\n", md.alpha, md.beta);
  printf("setting,P,p,q,k_bytes,irrcoll_s,alg1_s,rootgather_s,root_over_irrcoll,eq5,fraction_of_eq5\n");
  for (pi = 0; pi < nP; pi++) {
    int P = argc > 1 ? atoi(argv[pi + 1]) : defP[pi];
    fprintf(stderr, "P = %d: root gathering / irrcoll (fraction of Eq. 5) at k = 64 KiB .. 8 MiB\n", P);
    for (set = 1; set <= 8; set++) {
      int odd = set == 2 || set == 3 || set == 4 || set == 7 || set == 8;
      int p = odd ? (P * 25 + 16) / 32 : P / 2, q = P - p, i;
      int64_t *m = (int64_t *)malloc((size_t)P * sizeof(int64_t));
      fprintf(stderr, "  setting %d (p=%d q=%d):", set, p, q);
      for (ki = 0; ki < 8; ki++) {
        int64_t k = (int64_t)65536 << ki, KA = 0, KB = 0, M;
        double ti, t1, tr, eq5;
        for (i = 0; i < P; i++) {
          int g = i >= p, j = g ? i - p : i, n = g ? q : p;
          m[i] = set == 3 ? (g ? k / 4 : k) : set == 4 ? (g ? k : k / 4) : (set == 6 || set == 8) ? k * (j + 1) / n : k;
          if (g) KB += m[i]; else KA += m[i];
        }
        M = KA > KB ? KA : KB;
        eq5 = (double)(M + 3 * KA + 3 * KB) / (double)M;
        ti = cost(IRR_ALG_SEGMENT, p, q, m, md);
        t1 = cost(IRR_ALG_SUBGROUP, p, q, m, md);
        tr = cost(IRR_ALG_ROOTGATHER, p, q, m, md);
        printf("%d,%d,%d,%d,%lld,%.9e,%.9e,%.9e,%.4f,%.4f,%.4f\n", set, P, p, q, (long long)k, ti, t1, tr, tr / ti, eq5,
               tr / ti / eq5);
        fprintf(stderr, " %.2f (%.2f)", tr / ti, tr / ti / eq5);
        if (ki == 7) { cells++; misses += tr / ti < 0.8 * eq5; }
      }
      fprintf(stderr, "\n");
      free(m);
    }
  }
  fprintf(stderr, "at k = 8 MiB: root gathering / irrcoll >= 0.8 x Eq. (5) in %ld of %ld cells%s\n", cells - misses, cells,
          misses ? "  GOAL MISSED" : "");
  return 0;
}
