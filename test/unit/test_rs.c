/* test_rs - Reduce_scatter's schedules (algo/reduce_scatter/, select/reduce_scatter.h):
     check     every algorithm, commutative and in rank order, p = 1..64, every block
               pattern of dist.h and random skewed counts: the checker (contributions unit by
               unit) passes; and it catches a program that reduces twice, drops a reduce or
               breaks rank order
     estimate  the closed forms against the model over the real programs, and the choice
               against the best algorithm in the model, on random skewed counts (fresh seed
               unless SEED is set). Over seeds 100..160 the estimates were 0.707..1.35 of the
               model (Bruck's is the sum of each round's slowest pair, where the model lets
               ranks run apart; the delivery's runs low below 1 element a rank) and the choice
               at worst 1.28x the best; the checks ([0.6, 1.6], 1.5x) leave room for fresh seeds
     bound     the choice within 1.5x of the bound for p = 64 .. 1024 from 1 KiB a rank; below,
               spread on one block of half within 1.5x */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#define IRRCOLL_NO_MPI
#include "../../irrcoll_impl/irrcoll.in.h"
#include "../check.h"
#include "../dist.h"

static const irr_alg ALGS[] = {IRR_ALG_BALANCED, IRR_ALG_DOMINANT, IRR_ALG_SPREAD, IRR_ALG_BRUCK, IRR_ALG_HALVING,
                               IRR_ALG_RING, IRR_ALG_PAIRWISE};
#define NALG 7

/* The checker over the programs of all ranks in set (which it frees). */
static irr_status check_set(irr_sched_set *set, int p, const int64_t *m, int ordered, irr_check_report *rep) {
  irr_spec sp;
  irr_status st;
  memset(&sp, 0, sizeof sp);
  sp.coll = IRR_COLL_REDUCE_SCATTER, sp.p = p, sp.m = m, sp.ordered = ordered;
  st = irr_sched_check(set->s, &sp, rep);
  irr_sched_set_free(set);
  return st;
}

static irr_status check_one(irr_alg alg, int p, const int64_t *m, int ordered, irr_check_report *rep) {
  irr_sched_set set;
  irr_status st = irr_reduce_scatter_build_all(&set, alg, p, m, ordered, irr_model_default());
  return st != IRR_OK ? st : check_set(&set, p, m, ordered, rep);
}

/* Dominant on groups of 2^lw, every lw its builder takes (1 .. ceil(log2(p - 1)) - 1), or
   spread on 2^lw pieces (1 .. IRR_RS_SPREAD_MAXLG, at most p/2), not only the one the choice
   would: the checker over all ranks' programs. */
static irr_status check_lw(irr_alg alg, int p, const int64_t *m, int lw, irr_check_report *rep) {
  int64_t D[65], P[65];
  int cap = irr_reduce_scatter_maxops(p), r;
  irr_op *ops = malloc((size_t)cap * sizeof *ops);
  irr_sched_set set;
  irr_status st = irr_sched_set_init(&set, p);
  irr__rs_starts(p, m, D);
  for (r = 0; r < p && st == IRR_OK; r++) {
    irr_sched s;
    irr_sched_init(&s, r, p, ops, cap);
    st = alg == IRR_ALG_SPREAD ? irr_reduce_scatter_spread(r, p, D, lw, P, &s) : irr_reduce_scatter_dominant(r, p, D, lw, P, &s);
    if (st == IRR_OK) st = irr_sched_set_add(&set, &s);
  }
  if (st == IRR_OK) st = irr_sched_set_finish(&set);
  free(ops);
  if (st != IRR_OK) return st;
  return check_set(&set, p, m, 0, rep);
}

static void test_check(uint64_t seed) {
  irrt_rng rng = {seed};
  int64_t m[64];
  double w[64];
  int p, d, a, ordered;
  for (p = 1; p <= 64; p++)
    for (d = 0; d < IRRT_NDIST + 2; d++) {
      if (d < IRRT_NDIST) irrt_dist(d, p, 3, &rng, m);
      else irrt_skew(&rng, p, 4, m, w);
      if (d == IRRT_ONEHUGE) /* keep it checkable: one block of 40 */
        for (a = 0; a < p; a++) m[a] = m[a] > 1 ? 40 : m[a];
      for (ordered = 0; ordered < 2; ordered++)
        for (a = 0; a < NALG; a++) {
          irr_check_report rep;
          irr_status st;
          const irr_alg_entry *e = irr_alg_find(IRR_COLL_REDUCE_SCATTER, ALGS[a]);
          if (ordered && (e->restrictions & IRR_RESTRICT_COMMUTE)) continue;
          st = check_one(ALGS[a], p, m, ordered, &rep);
          CHECK(st == IRR_OK, "%s p=%d %s ordered=%d: %s (rank %d op %d: %s)", irr_alg_name(ALGS[a]), p,
                d < IRRT_NDIST ? irrt_dist_name[d] : "skewed", ordered, irr_status_name(st), rep.rank, rep.op, rep.what);
        }
      if (p >= IRR_RS_DOM_MINP)
        for (a = 1; a < irr_circ_q(p - 1); a++) {
          irr_check_report rep;
          irr_status st = check_lw(IRR_ALG_DOMINANT, p, m, a, &rep);
          CHECK(st == IRR_OK, "dominant lw=%d p=%d %s: %s (rank %d op %d: %s)", a, p,
                d < IRRT_NDIST ? irrt_dist_name[d] : "skewed", irr_status_name(st), rep.rank, rep.op, rep.what);
        }
      for (a = 1; a <= IRR_RS_SPREAD_MAXLG && (1 << a) <= p / 2; a++) {
        irr_check_report rep;
        irr_status st = check_lw(IRR_ALG_SPREAD, p, m, a, &rep);
        CHECK(st == IRR_OK, "spread lg=%d p=%d %s: %s (rank %d op %d: %s)", a, p, d < IRRT_NDIST ? irrt_dist_name[d] : "skewed",
              irr_status_name(st), rep.rank, rep.op, rep.what);
      }
    }
}

/* The checker must fail broken programs: a reduce's flag dropped (a contribution missing),
   a message reduced twice, rank order flipped. */
static void test_broken(void) {
  int64_t m[6] = {3, 0, 5, 2, 2, 4};
  int p = 6, kind;
  for (kind = 0; kind < 3; kind++) {
    irr_sched_set set;
    irr_spec sp;
    irr_check_report rep;
    int r, j, done = 0;
    CHECK(irr_reduce_scatter_build_all(&set, IRR_ALG_HALVING, p, m, 1, irr_model_default()) == IRR_OK, "build");
    for (r = 0; r < p && !done; r++)
      for (j = 0; j < set.s[r].nops && !done; j++) {
        irr_op *o = &set.s[r].ops[j];
        if (!(o->flags & IRR_OPF_REDUCE) || o->len == 0) continue;
        if (kind == 0) o->flags &= (uint16_t)~IRR_OPF_REDUCE;
        else if (kind == 1) o->doff = o->off; /* into its own slot: combines with itself */
        else o->flags ^= IRR_OPF_RIGHT;
        done = 1;
      }
    memset(&sp, 0, sizeof sp);
    sp.coll = IRR_COLL_REDUCE_SCATTER, sp.p = p, sp.m = m, sp.ordered = 1;
    CHECK(done && irr_sched_check(set.s, &sp, &rep) != IRR_OK, "broken program %d passes the checker", kind);
    irr_sched_set_free(&set);
  }
}

/* Lanes (dominant's): the checker must fail a message whose ends are in different lanes, and
   a lane-0 op on lane 1's scratch; the program as built passes. */
static void test_lanes(void) {
  int64_t m[12] = {3, 0, 5, 2, 40, 4, 1, 0, 3, 2, 2, 6};
  int p = 12, kind;
  for (kind = 0; kind < 3; kind++) {
    irr_sched_set set;
    irr_spec sp;
    irr_check_report rep;
    int r, j, done = kind == 0, lanes = 0;
    CHECK(irr_reduce_scatter_build_all(&set, IRR_ALG_DOMINANT, p, m, 0, irr_model_default()) == IRR_OK, "build");
    for (r = 0; r < p; r++)
      for (j = 0; j < set.s[r].nops; j++) {
        irr_op *o = &set.s[r].ops[j];
        lanes += (o->flags & IRR_OPF_LANE) != 0;
        if (done || !(o->flags & IRR_OPF_LANE) || o->len == 0) continue;
        if (kind == 1 && o->kind == IRR_OP_RECV) o->flags &= (uint16_t)~IRR_OPF_LANE, done = 1;
        if (kind == 2 && o->kind == IRR_OP_COPY && o->dbuf == IRR_BUF_TMP) /* into lane 0, on lane 1's scratch */
          o->flags &= (uint16_t)~IRR_OPF_LANE, done = 1;
      }
    memset(&sp, 0, sizeof sp);
    sp.coll = IRR_COLL_REDUCE_SCATTER, sp.p = p, sp.m = m;
    CHECK(lanes > 0, "dominant p=%d has lanes", p);
    if (kind == 0) CHECK(irr_sched_check(set.s, &sp, &rep) == IRR_OK, "dominant's lanes: %s", rep.what);
    else CHECK(done && irr_sched_check(set.s, &sp, &rep) != IRR_OK, "broken lanes %d pass the checker", kind);
    irr_sched_set_free(&set);
  }
}

static double model_time(irr_alg alg, int p, const int64_t *m, int ordered, irr_model md) {
  irr_sched_set set;
  irr_cost c;
  if (irr_reduce_scatter_build_all(&set, alg, p, m, ordered, md) != IRR_OK) return -1;
  if (irr_sched_cost(set.s, p, md, &c, NULL) != IRR_OK) c.time = -1;
  irr_sched_set_free(&set);
  return c.time;
}

static void test_estimate(uint64_t seed) {
  static const int PS[] = {5, 16, 48, 64, 100, 256};
  irrt_rng rng = {seed};
  int64_t *m = malloc(1024 * sizeof *m), *D = malloc(1025 * sizeof *D), *P = malloc(1025 * sizeof *P);
  double *w = malloc(1024 * sizeof *w), lo = 1e9, hi = 0, worst = 1;
  irr_model md = irr_model_default();
  int i, k, trial, a;
  for (i = 0; i < (int)(sizeof PS / sizeof PS[0]); i++)
    for (trial = 0; trial < 12; trial++) {
      int p = PS[i], ordered = trial % 3 == 2;
      double avg = pow(10, irrt_urand(&rng) * 5) / 8, tb = -1, tc; /* 1 .. 10^5 bytes of int64 */
      irr_alg ch;
      irrt_skew(&rng, p, avg < 1 ? 1 : avg, m, w);
      if (trial % 4 == 0) for (k = 0; k < p; k++) m[k] = (int64_t)avg; /* regular */
      irr__rs_starts(p, m, D);
      for (a = 0; a < NALG; a++) {
        double e = irr_reduce_scatter_estimate(ALGS[a], p, D, ordered, md, P), t;
        if (e < 0) continue;
        t = model_time(ALGS[a], p, m, ordered, md);
        CHECK(t >= 0, "model of %s p=%d", irr_alg_name(ALGS[a]), p);
        if (t > 0 && (e / t < 0.6 || e / t > 1.6))
          printf("estimate %s p=%d ordered=%d avg=%.0f: %.3g s, model %.3g s\n", irr_alg_name(ALGS[a]), p, ordered, avg, e, t);
        if (t > 0 && e / t < lo) lo = e / t;
        if (t > 0 && e / t > hi) hi = e / t;
        if (t > 0 && (tb < 0 || t < tb) && ALGS[a] != IRR_ALG_SPREAD) tb = t; /* the choice's candidates */
      }
      if (tb <= 0) continue; /* nothing to move */
      ch = irr_reduce_scatter_choose(IRR_ALG_AUTO, p, D, ordered, md, P);
      tc = model_time(ch, p, m, ordered, md);
      if (tb > 0 && tc / tb > worst) worst = tc / tb;
      if (tc > 1.5 * tb)
        for (a = 0; a < NALG; a++)
          printf("  %s: estimate %.3g model %.3g\n", irr_alg_name(ALGS[a]), irr_reduce_scatter_estimate(ALGS[a], p, D, ordered, md, P),
                 model_time(ALGS[a], p, m, ordered, md));
      CHECK(tc <= 1.5 * tb, "choice %s p=%d ordered=%d avg=%.0f: %.3g s against the best %.3g s", irr_alg_name(ch), p,
            ordered, avg, tc, tb);
    }
  printf("estimate/model %.3f .. %.3f; choice/best worst %.4f\n", lo, hi, worst);
  CHECK(lo > 0.6 && hi < 1.6, "estimates within [0.6, 1.6] of the model");
  free(m), free(D), free(P), free(w);
}

/* The bound's cells of the benchmark (p = 64 .. 1024; regular, one rank owning half the
   vector, Zipf; 8 B .. 1 MiB of int64 a rank on average), network alone: the choice within
   1.5x of the bound from 1 KiB a rank on; below, printed. */
static void test_bound(void) {
  static const int PS[] = {64, 256, 1000, 1024};
  int64_t *m = malloc(1024 * sizeof *m), *D = malloc(1025 * sizeof *D), *P = malloc(1025 * sizeof *P);
  irr_model md = irr_model_net(irr_model_default());
  int i, d, k, sz;
  double worst = 0;
  md.beta *= 8, md.gamma *= 8; /* int64 elements */
  for (i = 0; i < 4; i++)
    for (sz = 1; sz <= 1 << 17; sz *= 8)
      for (d = 0; d < 3; d++) {
        int p = PS[i];
        double t, tb, b;
        irr_alg ch;
        for (k = 0; k < p; k++)
          m[k] = d == 0 ? sz : d == 1 ? (k == p / 3 ? (int64_t)sz * p / 2 : sz / 2) : (int64_t)(sz * p / 7.0 / (k % 97 + 1));
        irr__rs_starts(p, m, D);
        ch = irr_reduce_scatter_choose(IRR_ALG_AUTO, p, D, 0, md, P);
        t = model_time(ch, p, m, 0, md);
        tb = model_time(IRR_ALG_BALANCED, p, m, 0, md);
        b = irr_reduce_scatter_bound(p, D, md);
        if (t / b > worst) worst = t / b;
        printf("bound p=%d %s %d B: %s %.2f us (balanced %.2f us), bound %.2f us, %.3f\n", p,
               d == 0 ? "regular" : d == 1 ? "half" : "zipf", 8 * sz, irr_alg_name(ch), t * 1e6, tb * 1e6, b * 1e6, t / b);
        /* below 1 KiB a rank the latency rules: the delivery's rounds come on top of the
           reduce-scatter's, so one dominant block costs up to 2.3x the bound's alpha term */
        CHECK(8 * sz < 1024 || t <= 1.5 * b, "p=%d dist %d %d B: %s %.3g s, over 1.5x the bound %.3g s", p, d, 8 * sz,
              irr_alg_name(ch), t, b);
        /* spread (not in the choice: algo/reduce_scatter/spread.h) keeps the delivery to log2 of
           its pieces: with one block of half below 1 KiB a rank, within 1.5x of the bound in
           the model (1.18-1.44; the choice: up to 2.01x) */
        if (d == 1 && 8 * sz < 1024) {
          double ts = model_time(IRR_ALG_SPREAD, p, m, 0, md);
          printf("bound p=%d half %d B: spread %.2f us, %.3f\n", p, 8 * sz, ts * 1e6, ts / b);
          CHECK(ts > 0 && ts <= 1.5 * b, "p=%d half %d B: spread %.3g s, over 1.5x the bound %.3g s", p, 8 * sz, ts, b);
        }
      }
  printf("bound: worst choice/bound %.3f\n", worst);
  free(m), free(D), free(P);
}

/* The guard (IRR_ALG_GUARDED): MPI's own exactly where the choice is one of the libraries'
   algorithms or one of those comes within IRR_RS_GUARD_GAIN of the choice's estimate (each
   estimated in full here, no bound); the choice itself when guarded is forced; cells
   whose answer follows from the model alone: regular counts on 2^k ranks (halving is
   Bruck there) go to MPI, one rank owning half the vector at 1 KiB a rank, and regular
   counts at p = 1000 (halving folds 488 ranks) stay with irrcoll. */
static void test_guard(uint64_t seed) {
  static const irr_alg LIB[] = {IRR_ALG_HALVING, IRR_ALG_PAIRWISE, IRR_ALG_RING};
  irrt_rng rng = {seed};
  int64_t *m = malloc(1024 * sizeof *m), *D = malloc(1025 * sizeof *D), *P = malloc(1025 * sizeof *P);
  double *w = malloc(1024 * sizeof *w);
  irr_model md = irr_model_default();
  int trial, k, nat = 0, n = 0, early, nearly = 0, nbound = 0;
  md.beta *= 8, md.gamma *= 8;
  for (trial = 0; trial < 600; trial++) {
    int p = 2 + (int)(irrt_urand(&rng) * 1022), ordered = trial % 5 == 4, l, want;
    double avg = pow(10, irrt_urand(&rng) * 5) / 8, t, tl = -1;
    irr_alg ch;
    if (trial % 3 == 0) irrt_rs(trial / 3 % IRRT_RS_NDIST, p, (int64_t)(avg < 1 ? 1 : avg), &rng, m, w);
    else irrt_skew(&rng, p, avg < 1 ? 1 : avg, m, w);
    irr__rs_starts(p, m, D);
    if (D[p] == 0) continue;
    ch = irr__rs_choose(IRR_ALG_AUTO, p, D, ordered, md, P, &t, NULL);
    CHECK(irr_reduce_scatter_choose(IRR_ALG_GUARDED, p, D, ordered, md, P) == ch, "guarded chooses as auto p=%d", p);
    { /* counting the work (the model's CPU of the call) changes nothing, and counts its pass at least */
      double t2 = -1, u = 0;
      CHECK(irr__rs_choose(IRR_ALG_AUTO, p, D, ordered, md, P, &t2, &u) == ch && t2 == t, "counted choice p=%d", p);
      CHECK(u >= IRR_RS_FIXED + IRR_RS_PASS * p && u <= IRR_RS_FIXED + (3 + 6 * IRR_RS_SEG + 2 * IRR_RS_HALF + 40 * IRR_RS_WIN) * p + 8.0,
            "counted work p=%d: %.0f", p, u);
    }
    CHECK(t >= 0 && fabs(t - irr_reduce_scatter_estimate(ch, p, D, ordered, md, P)) <= 1e-12 * t, "the best estimate p=%d", p);
    for (l = 0; l < 3; l++) {
      double e = irr_reduce_scatter_estimate(LIB[l], p, D, ordered, md, P);
      if (e >= 0 && (tl < 0 || e < tl)) tl = e;
    }
    want = ch == IRR_ALG_HALVING || ch == IRR_ALG_PAIRWISE || ch == IRR_ALG_RING || tl <= t * IRR_RS_GUARD_GAIN;
    CHECK(irr_reduce_scatter_native(ch, t, p, D, ordered, md, P) == want, "guard p=%d ordered=%d avg=%.0f %s: %.3g against %.3g",
          p, ordered, avg, irr_alg_name(ch), t, tl);
    early = irr_reduce_scatter_native_early(p, D, ordered, md, P);
    CHECK(!early || want, "early says MPI's own, the guard not: p=%d ordered=%d avg=%.0f %s", p, ordered, avg, irr_alg_name(ch));
    { /* halving's bound from n and the largest block: never below its walked estimate, and where
         it says MPI's own, the early test does too */
      int64_t mx = irr__rs_maxblock(p, D);
      double h = irr_reduce_scatter_estimate(IRR_ALG_HALVING, p, D, ordered, md, P), ub = irr__rs_halving_ub(p, D[p], mx, ordered, md);
      int nb = irr_reduce_scatter_native_bound(p, D, mx, ordered, md);
      CHECK(ub >= h * (1 - 1e-12), "halving's bound p=%d ordered=%d avg=%.0f: %.6g below its estimate %.6g", p, ordered, avg, ub, h);
      CHECK(!nb || early, "the bound says MPI's own, the early test not: p=%d ordered=%d avg=%.0f", p, ordered, avg);
      nbound += nb;
    }
    {
      irr_alg g = IRR_ALG_COUNT;
      int e2, gn = irr_reduce_scatter_guard(p, D, ordered, md, P, &g, &e2, NULL);
      CHECK(gn == want && e2 == early && (gn || g == ch), "the guarded choice p=%d ordered=%d: %d %s", p, ordered, gn, irr_alg_name(g));
    }
    nat += want, n++, nearly += early;
  }
  printf("guard: MPI's own on %d of %d draws (%d before the choice, %d of them from the total and the largest block)\n", nat, n,
         nearly, nbound);
  {
    double t;
    irr_alg ch;
    int q, sz;
    for (q = 1; q <= 1024; q *= 2) /* regular on 2^k ranks: the guard's answer without a choice is its answer */
      for (sz = 1; sz <= 1 << 17; sz *= 8) {
        for (k = 0; k < q; k++) m[k] = sz;
        irr__rs_starts(q, m, D);
        CHECK(irr_reduce_scatter_native_first(q, D, 0) && irr_reduce_scatter_native_first(q, D, 1), "regular p=%d: first", q);
        for (k = 0; k < 2; k++) { /* commutative, ordered */
          ch = irr__rs_choose(IRR_ALG_AUTO, q, D, k, md, P, &t, NULL);
          CHECK(irr_reduce_scatter_native(ch, t, q, D, k, md, P), "regular p=%d %d B ordered=%d: MPI's own (%s)", q, 8 * sz, k,
                irr_alg_name(ch));
        }
        m[q - 1]++;
        irr__rs_starts(q, m, D);
        CHECK(q == 1 || !irr_reduce_scatter_native_first(q, D, 0), "one block more: a choice p=%d", q);
      }
    for (k = 0; k < 1000; k++) m[k] = 128;
    irr__rs_starts(1000, m, D);
    CHECK(!irr_reduce_scatter_native_first(1000, D, 1), "p=1000: a choice");
    for (k = 0; k < 256; k++) m[k] = k == 77 ? 128 * 128 : 64; /* one rank half the vector, 1 KiB a rank */
    irr__rs_starts(256, m, D);
    ch = irr__rs_choose(IRR_ALG_AUTO, 256, D, 0, md, P, &t, NULL);
    CHECK(!irr_reduce_scatter_native_first(256, D, 0) && !irr_reduce_scatter_native(ch, t, 256, D, 0, md, P),
          "half p=256 1 KiB: irrcoll (%s)", irr_alg_name(ch));
    for (k = 0; k < 1000; k++) m[k] = 128;
    irr__rs_starts(1000, m, D);
    ch = irr__rs_choose(IRR_ALG_AUTO, 1000, D, 0, md, P, &t, NULL);
    CHECK(!irr_reduce_scatter_native(ch, t, 1000, D, 0, md, P), "regular p=1000 1 KiB: irrcoll (%s)", irr_alg_name(ch));
  }
  free(m), free(D), free(P), free(w);
}

/* Dominant on one block of half the vector, 16 KiB a rank on average (int64): below
   IRR_RS_DOM_MINP ranks it is balanced's program, and is never named; at p = 64 its lanes
   beat balanced in the model, and the choice takes it. */
static void test_dom_choice(void) {
  static const int PS[] = {2, 5, 7, 8, 24, 64};
  int64_t m[64], D[65], P[65];
  irr_model md = irr_model_default();
  int i, k;
  md.beta *= 8, md.gamma *= 8;
  for (i = 0; i < (int)(sizeof PS / sizeof PS[0]); i++) {
    int p = PS[i];
    irr_alg ch;
    double eb, ed;
    for (k = 0; k < p; k++) m[k] = k == p / 2 ? 1024 * p : 1024;
    irr__rs_starts(p, m, D);
    ch = irr_reduce_scatter_choose(IRR_ALG_AUTO, p, D, 0, md, P);
    eb = irr_reduce_scatter_estimate(IRR_ALG_BALANCED, p, D, 0, md, P);
    ed = irr_reduce_scatter_estimate(IRR_ALG_DOMINANT, p, D, 0, md, P);
    if (p < IRR_RS_DOM_MINP) CHECK(ch != IRR_ALG_DOMINANT, "p=%d: dominant named below %d ranks", p, IRR_RS_DOM_MINP);
    if (p == 64) CHECK(ed < eb && ch == IRR_ALG_DOMINANT, "p=64, 16 KiB half: %s (dominant/balanced %.4f)", irr_alg_name(ch), ed / eb);
  }
}

int main(int argc, char **argv) {
  uint64_t seed = getenv("SEED") ? strtoull(getenv("SEED"), NULL, 10) : (uint64_t)time(NULL);
  const char *only = argc > 1 ? argv[1] : "";
  printf("seed %llu\n", (unsigned long long)seed);
  if (!*only || strstr(only, "check")) test_check(seed), test_broken(), test_lanes();
  if (!*only || strstr(only, "estimate")) test_estimate(seed);
  if (!*only || strstr(only, "bound")) test_bound();
  if (!*only || strstr(only, "guard")) test_guard(seed);
  if (!*only || strstr(only, "dominant")) test_dom_choice();
  return irrt_summary();
}
