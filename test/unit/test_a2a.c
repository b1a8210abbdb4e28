/* test_a2a - Alltoallv's schedules (algo/alltoallv/) without MPI: the checker over every rank's
   program (linear and Bruck, p = 1..40 and some larger p, six size patterns with empty
   blocks), the Bruck size phase simulated for all ranks against the sizes it must give, and
   the choice's closed forms against the cost model over the real programs. */
#define IRRCOLL_NO_MPI
#include "../../irrcoll_impl/irrcoll.in.h"
#include "../check.h"
#include "../dist.h"
#include <math.h>
#include <stdlib.h>
#include <string.h>

static const irr_alg a2a_algs[3] = {IRR_ALG_LINEAR, IRR_ALG_BRUCK, IRR_ALG_BRUCK}; /* the last: plain Bruck */

/* the checker over both algorithms' programs, with and without the control rounds */
static void check_programs(int p, const int64_t *mat, const char *what) {
  int64_t *lab = (int64_t *)malloc((size_t)p * p * sizeof(int64_t));
  int j, f;
  irr_spec sp;
  irr_alltoallv_labels(p, mat, lab);
  memset(&sp, 0, sizeof sp);
  sp.coll = IRR_COLL_ALLTOALLV, sp.p = p, sp.m = lab;
  for (j = 0; j < 3; j++)
    for (f = 0; f < 2; f++) {
      irr_sched_set set;
      irr_check_report rep;
      irr_model md = irr_model_ab(IRR_MODEL_ALPHA_DEFAULT, IRR_MODEL_BETA_DEFAULT);
      irr_status st = irr_alltoallv_build_all_t(&set, a2a_algs[j], p, mat, f ? IRR_A2A_SIZES : 0, md, 1, j == 2 ? INT64_MAX : 0);
      CHECK(st == IRR_OK, "a2a build %s p=%d %s: %s", irr_alg_name(a2a_algs[j]), p, what, irr_status_name(st));
      if (st != IRR_OK) continue;
      st = irr_sched_check(set.s, &sp, &rep);
      CHECK(st == IRR_OK, "a2a check %s p=%d %s flags=%d: %s (rank %d op %d: %s)", irr_alg_name(a2a_algs[j]), p, what, f,
            irr_status_name(st), rep.rank, rep.op, rep.what);
      irr_sched_set_free(&set);
    }
  free(lab);
}

/* the size phase run for all ranks at once gives every rank irr_alltoallv_bruck_sizes's H */
static void check_meta(int p, const int64_t *mat) {
  int q = irr__a2a_q(p), c, k, ok = 1;
  int64_t *H = (int64_t *)malloc((size_t)p * (q + 1) * p * sizeof(int64_t)), *want = (int64_t *)malloc((size_t)(q + 1) * p * sizeof(int64_t));
  int64_t *buf = (int64_t *)malloc((size_t)p * p * sizeof(int64_t)), *row = (int64_t *)malloc((size_t)p * sizeof(int64_t));
  for (c = 0; c < p; c++) {
    int d;
    for (d = 0; d < p; d++) row[d] = mat[(size_t)c * p + d];
    irr_alltoallv_bruck_meta_init(c, p, row, H + (size_t)c * (q + 1) * p);
  }
  for (k = 0; k < q; k++) {
    for (c = 0; c < p; c++) irr_alltoallv_bruck_meta_pack(p, k, H + (size_t)c * (q + 1) * p, buf + (size_t)c * p);
    for (c = 0; c < p; c++) /* c receives what c - 2^k packed */
      irr_alltoallv_bruck_meta_step(p, k, H + (size_t)c * (q + 1) * p, buf + (size_t)((c - (1 << k) % p + p) % p) * p);
  }
  for (c = 0; c < p && ok; c++) {
    irr_alltoallv_bruck_sizes(c, p, mat, want);
    ok = memcmp(want, H + (size_t)c * (q + 1) * p, (size_t)(q + 1) * p * sizeof(int64_t)) == 0;
    CHECK(ok, "a2a size phase p=%d rank %d: H differs from the matrix's", p, c);
  }
  free(H), free(want), free(buf), free(row);
}

/* closed forms against irr_sched_cost (linear, the hybrid, plain Bruck), and the model's
   own argmin of them against the best of the three */
static void check_choice(void) {
  irrt_rng rng = {777001};
  irr_model md = irr_model_ab(IRR_MODEL_ALPHA_DEFAULT, IRR_MODEL_BETA_DEFAULT);
  double lo[3] = {1e9, 1e9, 1e9}, hi[3] = {0, 0, 0}, worst = 1;
  int k, n = 0, worst_p = 0, worst_kind = 0;
  double worst_c = 0;
  int64_t *mat = (int64_t *)malloc((size_t)256 * 256 * sizeof(int64_t)), v[IRR_A2A_NSTAT];
  for (k = 0; k < 300; k++) {
    int p = (int)exp(log(2.0) + irrt_urand(&rng) * log(128.0)), kind = (int)irrt_range(&rng, 0, IRRT_A2A_NDIST - 1), j, ch;
    double c = exp(irrt_urand(&rng) * log(65536.0)), t[3], e[3], best;
    int64_t T0 = irr_alltoallv_direct_min(p, md, 1);
    irrt_a2a(&rng, kind, p, c, mat);
    irr_alltoallv_stats_all(p, mat, T0, v);
    e[0] = irr_alltoallv_linear_time(p, v, md, 1.0, 1), e[1] = irr_alltoallv_bruck_time(p, v, md, 1.0, 1);
    e[2] = irr_alltoallv_plain_time(p, v, md, 1);
    for (j = 0; j < 3; j++) {
      irr_sched_set set;
      irr_cost cost;
      irr_status st = irr_alltoallv_build_all_t(&set, j ? IRR_ALG_BRUCK : IRR_ALG_LINEAR, p, mat, 0, md, 1,
                                                j == 2 ? INT64_MAX : T0);
      t[j] = 1e300;
      if (st == IRR_OK) st = irr_sched_cost(set.s, p, md, &cost, NULL), t[j] = cost.time, irr_sched_set_free(&set);
      CHECK(st == IRR_OK, "a2a cost p=%d: %s", p, irr_status_name(st));
      if (t[j] > 0 && e[j] / t[j] < lo[j]) lo[j] = e[j] / t[j];
      if (t[j] > 0 && e[j] / t[j] > hi[j]) hi[j] = e[j] / t[j];
    }
    /* the model's own argmin of the closed forms (the MPI layer's choice counts the linear
       exchange's messages at IRR_A2A_GAP, SMPI's figure, which this model does not have) */
    ch = e[1] < e[0] ? 1 : 0;
    if (e[2] < e[ch]) ch = 2;
    best = t[0] < t[1] ? t[0] : t[1];
    if (t[2] < best) best = t[2];
    if (best > 0 && t[ch] / best > worst) worst = t[ch] / best, worst_p = p, worst_kind = kind, worst_c = c;
    n++;
  }
  printf("a2a estimates / model over %d draws: linear %.3f .. %.3f, hybrid %.3f .. %.3f, plain Bruck %.3f .. %.3f; "
         "choice / best worst %.3f (p=%d %s c=%.0f)\n",
         n, lo[0], hi[0], lo[1], hi[1], lo[2], hi[2], worst, worst_p, irrt_a2a_name[worst_kind], worst_c);
  CHECK(worst <= 2.0 && lo[0] > 0.45 && hi[0] < 1.2 && lo[1] > 0.45 && hi[1] < 1.6 && lo[2] > 0.45 && hi[2] < 1.6,
        "a2a estimates or choice out of their measured range");
  free(mat);
}

int main(void) {
  irrt_rng rng = {20261125};
  static const int ps[] = {48, 64, 65, 100};
  int p, kind, i;
  int64_t *mat = (int64_t *)malloc((size_t)100 * 100 * sizeof(int64_t));
  for (p = 1; p <= 40; p++)
    for (kind = 0; kind < IRRT_A2A_NDIST; kind++) {
      irrt_a2a(&rng, kind, p, (double)irrt_range(&rng, 0, 40), mat);
      check_programs(p, mat, irrt_a2a_name[kind]);
      check_meta(p, mat);
    }
  for (i = 0; i < 4; i++)
    for (kind = 0; kind < IRRT_A2A_NDIST; kind++) {
      irrt_a2a(&rng, kind, ps[i], 30, mat);
      check_programs(ps[i], mat, irrt_a2a_name[kind]);
      check_meta(ps[i], mat);
    }
  check_choice();
  free(mat);
  return irrt_summary();
}
