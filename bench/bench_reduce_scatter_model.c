/* bench_reduce_scatter_model.c - Reduce_scatter in the cost model (alpha 1.5 us, beta 0.1 ns a
 * byte, gamma 0.1 ns a byte reduced; int64 elements), network and reductions only (the
 * CPU term off), over the real programs (irr_sched_cost): IRR_Reduce_scatter's automatic
 * choice against the bound of issue 33 (ceil(log2 p) alpha + max((p-1)/p n, max_i m_i) beta +
 * (p-1)/p n gamma) and against MPI libraries' algorithms built as schedules here: MPICH's
 * recursive halving and Open MPI's ring (both on the rank blocks). p = 64, 256, 1000;
 * average 8 B .. 1 MiB a rank; counts regular, half (one rank owns half the vector), zipf
 * (1/i sizes at random places), sparse (a random 3/4 of the ranks empty): test/dist.h's
 * irrt_rs. CSV on stdout; on stderr the table and three lines: "worst cell: <irrcoll / bound>",
 * "worst against MPI: <best MPI algorithm's time / irrcoll's>" and the worst of the bound where
 * spread, forced (algo/reduce_scatter/spread.h: not in the choice), is counted where it is
 * faster; its column: spread / bound. Seed: argv[1] (default 1).
 *
 * bench_reduce_scatter_model choice SEED N: the automatic choice against the model's best of
 * every algorithm on N draws of counts it was not fitted to (p = 16, 48, 64, 100, 256, 500 in
 * turn; 1/8 .. 12500 units a rank on average; irrt_skew, irrt_skew with one block of 50-150 %
 * of the rest, 60 % of the ranks empty, power law 1/i^0.9 at random places; the default model,
 * CPU included): one line "draws N mean M over5% K worst W", the choice's model time over the
 * best's. With a fourth argument, also each draw's "tc DRAW CHOSEN BEST" (seconds). */
#define IRRCOLL_NO_MPI
#include "../irrcoll_impl/irrcoll.in.h"
#include "../test/dist.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <math.h>

static double model(irr_alg alg, int p, const int64_t *m, irr_model md) {
  irr_sched_set set;
  irr_cost c;
  if (irr_reduce_scatter_build_all(&set, alg, p, m, 0, md) != IRR_OK) return -1;
  if (irr_sched_cost(set.s, p, md, &c, NULL) != IRR_OK) c.time = -1;
  irr_sched_set_free(&set);
  return c.time;
}

static int choice(uint64_t seed, int N, int each) {
  static const int PS[] = {16, 48, 64, 100, 256, 500};
  static const irr_alg ALGS[] = {IRR_ALG_BALANCED, IRR_ALG_DOMINANT, IRR_ALG_BRUCK, IRR_ALG_HALVING, IRR_ALG_RING,
                                 IRR_ALG_PAIRWISE}; /* the choice's candidates */
  irrt_rng rng;
  int64_t *m = malloc(512 * sizeof *m), *D = malloc(513 * sizeof *D), *P = malloc(513 * sizeof *P);
  double *w = malloc(512 * sizeof *w), sum = 0, worst = 0;
  int over = 0, n = 0, it, a, k;
  irr_model md = irr_model_default();
  rng.s = seed;
  for (it = 0; it < N; it++) {
    int p = PS[it % 6], kind;
    double avg = pow(10, irrt_urand(&rng) * 5) / 8, tb = -1, tc, r;
    kind = (int)irrt_range(&rng, 0, 3);
    if (kind <= 1) irrt_skew(&rng, p, avg < 1 ? 1 : avg, m, w);
    if (kind == 1) {
      int64_t t = 0;
      for (k = 0; k < p; k++) t += m[k];
      m[irrt_range(&rng, 0, p - 1)] = (int64_t)((double)t * (0.5 + irrt_urand(&rng)));
    } else if (kind == 2)
      for (k = 0; k < p; k++) m[k] = irrt_urand(&rng) < 0.6 ? 0 : (int64_t)(avg * 2.5 * irrt_urand(&rng));
    else if (kind == 3)
      for (k = 0; k < p; k++) m[k] = (int64_t)(avg * 3 / pow(1 + (double)irrt_range(&rng, 0, p - 1), 0.9));
    irr__rs_starts(p, m, D);
    if (D[p] == 0) continue;
    for (a = 0; a < 6; a++) {
      double t = model(ALGS[a], p, m, md);
      if (t > 0 && (tb < 0 || t < tb)) tb = t;
    }
    tc = model(irr_reduce_scatter_choose(IRR_ALG_AUTO, p, D, 0, md, P), p, m, md), r = tc / tb;
    if (each) printf("tc %d %.9e %.9e\n", it, tc, tb);
    sum += r, n++, over += r > 1.05;
    if (r > worst) worst = r;
  }
  printf("draws %d mean %.4f over5%% %d worst %.3f\n", n, sum / n, over, worst);
  free(m), free(D), free(P), free(w);
  return 0;
}

int main(int argc, char **argv) {
  static const int PS[] = {64, 256, 1000};
  irrt_rng rng;
  irr_model md = irr_model_net(irr_model_default());
  int64_t *m = malloc(1024 * sizeof *m), *D = malloc(1025 * sizeof *D), *P = malloc(1025 * sizeof *P);
  double worst = 0, worst_mpi = 1e30, worst_any = 0, *w = malloc(1024 * sizeof *w);
  char wc[128] = "", wm[128] = "";
  int i, d;
  int64_t bytes;
  if (argc > 3 && !strcmp(argv[1], "choice")) return choice(strtoull(argv[2], NULL, 10), atoi(argv[3]), argc > 4);
  rng.s = argc > 1 ? strtoull(argv[1], NULL, 10) : 1;
  md.beta *= 8, md.gamma *= 8;
  printf("#@model=alpha %.2e beta %.2e/B gamma %.2e/B cpu off\n#@seed=%llu\n", md.alpha, md.beta / 8, md.gamma / 8,
         (unsigned long long)rng.s);
  printf("p,dist,bytes,alg,irrcoll_s,bound_s,halving_s,ring_s,spread_s\n");
  fprintf(stderr, "%5s %-8s %8s %-9s %11s %7s %9s %9s %9s\n", "p", "dist", "B/rank", "choice", "irrcoll_us", "/bound", "MPI/irr", "(best)",
          "spread/b");
  for (i = 0; i < 3; i++)
    for (d = 0; d < IRRT_RS_NDIST; d++)
      for (bytes = 8; bytes <= 1 << 20; bytes *= 8) {
        int p = PS[i];
        double t, b, th, tr, best, ts;
        irr_alg ch;
        irrt_rs(d, p, bytes / 8, &rng, m, w);
        irr__rs_starts(p, m, D);
        ch = irr_reduce_scatter_choose(IRR_ALG_AUTO, p, D, 0, md, P);
        t = model(ch, p, m, md), b = irr_reduce_scatter_bound(p, D, md);
        th = model(IRR_ALG_HALVING, p, m, md), tr = model(IRR_ALG_RING, p, m, md), ts = model(IRR_ALG_SPREAD, p, m, md);
        best = th < tr ? th : tr;
        printf("%d,%s,%lld,%s,%.6e,%.6e,%.6e,%.6e,%.6e\n", p, irrt_rs_name[d], (long long)bytes, irr_alg_name(ch), t, b, th, tr, ts);
        fprintf(stderr, "%5d %-8s %8lld %-9s %11.2f %7.3f %9.3f %9s %9.3f\n", p, irrt_rs_name[d], (long long)bytes, irr_alg_name(ch),
                t * 1e6, t / b, best / t, th < tr ? "halving" : "ring", ts / b);
        if (ts > 0 && (t < ts ? t : ts) / b > worst_any) worst_any = (t < ts ? t : ts) / b;
        if (t / b > worst) worst = t / b, snprintf(wc, sizeof wc, "p=%d %s %lld B", p, irrt_rs_name[d], (long long)bytes);
        if (best / t < worst_mpi) worst_mpi = best / t, snprintf(wm, sizeof wm, "p=%d %s %lld B", p, irrt_rs_name[d], (long long)bytes);
      }
  fprintf(stderr, "worst cell: %.3f of the bound at %s\n", worst, wc);
  fprintf(stderr, "worst against MPI: %.3f (MPI's best / irrcoll) at %s\n", worst_mpi, wm);
  fprintf(stderr, "worst of the bound, the choice or spread (forced; not a candidate) where less: %.3f\n", worst_any);
  free(m), free(D), free(P), free(w);
  return 0;
}
