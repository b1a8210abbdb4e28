/* bench_alltoallv_model.c - Alltoallv in the cost model (alpha 1.5 us, beta 0.1 ns/byte):
 * IRR_Alltoallv's automatic choice against MPI libraries' Alltoallv (every rank posts all
 * p - 1 sends and receives, empty ones too), p = 64 .. 65536, average 1 B .. 64 KiB a pair,
 * five distributions. Times are the closed forms of select/alltoallv.h (test_a2a holds them to
 * irr_sched_cost over the real programs: linear 0.50 .. 1.08, Bruck 0.73 .. 1.47 of it), the
 * sizes phase (q rounds that also combine the statistics) included for irrcoll; MPI's linear exchange is charged as the
 * model charges any message, (p - 1) alpha + beta * (the larger of the rank's sent and
 * received bytes), at the worst rank. Above p = 46340 (p = 65536) IRR_Alltoallv calls
 * MPI_Alltoallv (its p*p labels do not fit in int32): ratio 1, "mpi". Above p = 1024 the statistics come from 256 sampled
 * ranks (maxima over them): the p^2 sizes at p = 65536 would take minutes.
 * Distributions of the size from s to d (a hash of s and d, so no matrix is stored):
 * uniform c; random in [0, 2c]; sparse: each pair nonempty with probability log2(p) / p,
 * then c p / log2 p; hot: one receiver gets c p / 2 from everyone, the others c / 2;
 * powerlaw: Pareto(1.5) sizes scaled to mean about c, 30% empty. CSV on stdout, the table and
 * a `worst cell:` line (MPI's time / irrcoll's, lowest) on stderr. */
#define IRRCOLL_NO_MPI
#include "../irrcoll_impl/irrcoll.in.h"
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { ND = 5 };
static const char *const dname[ND] = {"uniform", "random", "sparse", "hot", "powerlaw"};

static uint64_t mix(uint64_t x) {
  x ^= x >> 31, x *= 0xBF58476D1CE4E5B9ull, x ^= x >> 29, x *= 0x94D049BB133111EBull, x ^= x >> 32;
  return x;
}
static double u01(uint64_t h) { return (double)(h >> 11) * (1.0 / 9007199254740992.0); }
static int64_t size_of(int kind, int p, double c, int s, int d) {
  uint64_t h = mix(((uint64_t)s << 32 | (uint64_t)d) * 0x9E3779B97F4A7C15ull + (uint64_t)kind);
  double L = log2((double)p);
  switch (kind) {
  case 0: return (int64_t)c;
  case 1: return (int64_t)(u01(h) * (2 * c + 1));
  case 2: return u01(h) < L / p ? (int64_t)(c * p / L) : 0;
  case 3: return d == p / 3 ? (int64_t)(c * p / 2) : (int64_t)(c / 2);
  default: return u01(h) < 0.3 ? 0 : (int64_t)(c / 3.0 / 0.7 * pow(1 - u01(mix(h)), -1 / 1.5));
  }
}

int main(void) {
  static const int ps[] = {64, 256, 1024, 4096, 16384, 65536};
  static const double cs[] = {1, 16, 1024, 65536};
  irr_model md = irr_model_ab(IRR_MODEL_ALPHA_DEFAULT, IRR_MODEL_BETA_DEFAULT);
  int64_t *send = (int64_t *)malloc(65536 * sizeof(int64_t)), *recv = (int64_t *)malloc(65536 * sizeof(int64_t));
  double worst = 1e300;
  char wc[160] = "";
  int pi, ci, k;
  printf("#@benchmark=alltoallv_model\n#@alpha=%g\n#@beta=%g\np,dist,c_bytes,alg,irrcoll_s,mpi_s,ratio\n", md.alpha, md.beta);
  fprintf(stderr, "Alltoallv, cost model: MPI's linear exchange / IRR_Alltoallv (> 1: irrcoll faster), chosen algorithm\n");
  for (pi = 0; pi < (int)(sizeof ps / sizeof ps[0]); pi++) {
    int p = ps[pi], sample = p > 1024 ? 256 : p;
    fprintf(stderr, "p = %d%s\n  %-9s", p, sample < p ? " (256 ranks sampled)" : "", "");
    for (ci = 0; ci < 4; ci++) fprintf(stderr, " %16.0f B", cs[ci]);
    fprintf(stderr, "\n");
    for (k = 0; k < ND; k++) {
      fprintf(stderr, "  %-9s", dname[k]);
      for (ci = 0; ci < 4; ci++) {
        int64_t v[IRR_A2A_NSTAT], w[IRR_A2A_NSTAT];
        int j, d;
        double ti, tm, r;
        irr_alg alg;
        for (j = 0; j < sample; j++) {
          int c = (int)((int64_t)j * p / sample);
          for (d = 0; d < p; d++) send[d] = size_of(k, p, cs[ci], c, d), recv[d] = size_of(k, p, cs[ci], d, c);
          irr_alltoallv_stats(c, p, send, recv, 0, irr_alltoallv_direct_min(p, md, 1), j ? w : v);
          if (j) irr_alltoallv_reduce(w, v, IRR_A2A_NSTAT);
        }
        {
          int64_t T;
          alg = irr_alltoallv_choose_t(IRR_ALG_AUTO, p, v, md, 1, irr_alltoallv_direct_min(p, md, 1), &T);
          ti = irr_alltoallv_sizes_time(p, md) +
               (alg != IRR_ALG_BRUCK ? irr_alltoallv_linear_time(p, v, md, 1.0, 1)
                : T == INT64_MAX     ? irr_alltoallv_plain_time(p, v, md, 1)
                                     : irr_alltoallv_bruck_time(p, v, md, 1.0, 1));
        }
        tm = (p - 1) * md.alpha + md.beta * (double)(v[2] > v[3] ? v[2] : v[3]);
        if (p > IRR_A2A_MAXP) ti = tm, alg = IRR_ALG_COUNT; /* p*p labels do not fit: the MPI layer calls MPI's */
        r = tm / ti;
        printf("%d,%s,%.0f,%s,%.9e,%.9e,%.4f\n", p, dname[k], cs[ci], alg == IRR_ALG_COUNT ? "mpi" : irr_alg_name(alg), ti, tm, r);
        fprintf(stderr, " %7.2f (%-6s)", r, alg == IRR_ALG_COUNT ? "mpi" : irr_alg_name(alg));
        if (r < worst) worst = r, snprintf(wc, sizeof wc, "p=%d %s c=%.0f", p, dname[k], cs[ci]);
      }
      fprintf(stderr, "\n");
    }
  }
  fprintf(stderr, "worst cell: %.3f at %s\n", worst, wc);
  free(send), free(recv);
  return 0;
}
