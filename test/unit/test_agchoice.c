/* test_agchoice - Allgatherv's automatic choice against the cost model over the real
   programs (issue 22), on sizes from irrt_skew (test/dist.h). Built with -O2 and without
   sanitizers (test_pure has them): the programs at p = 1024 have millions of ops, and this
   is about the numbers, not memory. */
#define IRRCOLL_NO_MPI
#include "../../irrcoll_impl/irrcoll.in.h"
#include "../check.h"
#include "../dist.h"
#include <math.h>
#include <stdlib.h>
#include <string.h>

/* Allgatherv's automatic choice against irr_sched_cost over the real programs, on random
   skewed sizes (irrt_skew, not the papers' six; its own average 1 B .. 1 MiB drawn here),
   p = 2 .. 1024 (log-uniform), 2500 draws, each flat and on 16-rank nodes. Each
   algorithm's time the choice uses (irr_allgatherv_*_time) is within 3% of the model over
   that algorithm's programs; the ring's beyond
   IRR_RING_EXACT is an upper bound, held to [1, 1.05]. On a flat cluster the chosen
   algorithm is within 5% of the best registered one. Above p = 256 the ring's and neighbor
   exchange's programs (p R and p^2 / 2 ops) are built for every 16th draw only, and the
   choice is judged there; below, on every draw. The circulant schedule (n from
   irr_allgatherv_circulant_choose) is built where its p^2 (n - 1 + q) ops stay below 2^20;
   beyond, the choice is judged against its estimate. */
static void test_agchoice(void) {
  enum { NA = 6 };
  static const irr_alg algs[NA] = {IRR_ALG_BRUCK, IRR_ALG_RECDOUBLING, IRR_ALG_RING, IRR_ALG_NEIGHBOR, IRR_ALG_HIER,
                                   IRR_ALG_CIRCULANT};
  irrt_rng rng = {20261125};
  irr_model md = irr_model_ab(IRR_MODEL_ALPHA_DEFAULT, IRR_MODEL_BETA_DEFAULT);
  int64_t *m = (int64_t *)malloc(1024 * sizeof(int64_t));
  double *w = (double *)malloc(1024 * sizeof(double)), worst_est = 1, worst_choice = 1, worst_bound = 1;
  int *node = (int *)malloc(1024 * sizeof(int)), *ring = (int *)malloc(1025 * sizeof(int)), *first = (int *)malloc(1025 * sizeof(int));
  void *work = malloc(IRR_AG_WORK(1024) * 8);
  long draws = 0, est_fail = 0, choice_fail = 0, ests = 0, skipped = 0, choices = 0, bound_fail = 0, cskip = 0;
  int k, smp, worst_p = 0;
  irr_alg worst_alg = IRR_ALG_AUTO;
  if (!m || !w || !node || !ring || !first || !work) {
    CHECK(0, "agchoice: no memory");
    return;
  }
  for (k = 0; k < 2500; k++) { /* 5000 took 77 s of make check (quiet, 2 cores) */
    int p = (int)exp(log(2.0) + irrt_urand(&rng) * log(512.0)), i, full = p <= 256 || k % 16 == 0;
    irrt_skew(&rng, p, exp(irrt_urand(&rng) * log(1048576.0)), m, w);
    for (i = 0; i < p; i++) node[i] = i / 16 * 16;
    for (smp = 0; smp < 2; smp++, draws++) {
      irr_args a;
      double t[NA], best = 1e300;
      int64_t B;
      irr_alg c;
      int j, n = smp ? irr_allgatherv_nodes(p, node, first) : 0;
      memset(&a, 0, sizeof a);
      a.coll = IRR_COLL_ALLGATHERV, a.p = p, a.m = m, a.md = md, a.node = smp ? node : NULL;
      for (j = 0; j < NA; j++) {
        double e, r, ct = 0;
        irr_alg x = algs[j];
        int cn = 0;
        t[j] = 1e300;
        if (x == IRR_ALG_CIRCULANT) { /* programs of p (n - 1 + q) ops per rank: built up to 2^20 ops in all */
          cn = irr_allgatherv_circulant_choose(p, m, md, work, &ct);
          if ((double)p * p * (cn + irr_circ_q(p)) > 1048576.0) {
            t[j] = ct; /* judged by its estimate, held to the model on the draws below */
            best = t[j] < best ? t[j] : best;
            cskip++;
            continue;
          }
        }
        if ((x == IRR_ALG_RECDOUBLING && (p & (p - 1))) || (x == IRR_ALG_NEIGHBOR && p % 2) || (x == IRR_ALG_HIER && n < 2))
          continue;
        if ((x == IRR_ALG_RING || x == IRR_ALG_NEIGHBOR) && !full) {
          skipped++;
          continue;
        }
        if (irr_estimate(&a, x, &t[j]) != IRR_OK) {
          CHECK(0, "agchoice: estimate of %s at p=%d", irr_alg_name(x), p);
          continue;
        }
        best = t[j] < best ? t[j] : best;
        switch (x) {
        case IRR_ALG_BRUCK: e = irr_allgatherv_bruck_time(p, m, md, work); break;
        case IRR_ALG_RECDOUBLING: e = irr_allgatherv_recdoubling_time(p, m, md, work); break;
        case IRR_ALG_NEIGHBOR: e = irr_allgatherv_neighbor_time(p, m, md, work); break;
        case IRR_ALG_HIER: e = irr_allgatherv_hier_time(p, m, n, first, md, 1, 1, work); break;
        case IRR_ALG_CIRCULANT: e = ct; break;
        default:
          irr_allgatherv_choose(IRR_ALG_RING, p, m, md, a.node, &B);
          irr_allgatherv_order(p, m, a.node, ring);
          /* on nodes through irr_allgatherv_ring_time_on at 1, 1 (the choice's node-aware
             comparison of block sizes runs the same recursion at IRR_INTRA_ALPHA, _BETA) */
          e = smp ? irr_allgatherv_ring_time_on(p, m, B, ring, node, md, 1, 1, (double)IRR_RING_EXACT, work)
                  : irr_allgatherv_ring_time(p, m, B, ring, md, work);
        }
        r = t[j] > 0 ? e / t[j] : (e == 0 ? 1 : 2);
        ests++;
        if (x == IRR_ALG_RING && !irr_allgatherv_ring_exact(p, m, B)) {
          worst_bound = r > worst_bound ? r : worst_bound;
          if ((r > 1.05 || r < 1 - 1e-9) && bound_fail++ < 5)
            printf("agchoice: ring bound %.2f us, model %.2f us (p=%d smp=%d)\n", e * 1e6, t[j] * 1e6, p, smp);
        } else if (r > 1.03 || r < 1 / 1.03) {
          if (est_fail++ < 5)
            printf("agchoice: %s estimate %.2f us, model %.2f us (p=%d smp=%d)\n", irr_alg_name(x), e * 1e6, t[j] * 1e6, p, smp);
        }
        r = r > 1 ? r : 1 / r;
        if (r > worst_est && !(x == IRR_ALG_RING && !irr_allgatherv_ring_exact(p, m, B)))
          worst_est = r, worst_alg = x, worst_p = p;
      }
      if (smp || !full) continue; /* on nodes the choice follows SMPI (irr__allgatherv_choose_smp) */
      choices++;
      c = irr_allgatherv_choose(IRR_ALG_AUTO, p, m, md, NULL, &B);
      for (j = 0; j < NA && algs[j] != c; j++) {}
      CHECK(j < NA && t[j] < 1e300, "agchoice: chose %s at p=%d", irr_alg_name(c), p);
      if (j < NA && best > 0 && t[j] / best > worst_choice) worst_choice = t[j] / best;
      if (j < NA && t[j] > 1.05 * best && choice_fail++ < 5)
        { int jj; printf("agchoice: chose %s, %.2f us, best %.2f us (p=%d):", irr_alg_name(c), t[j] * 1e6, best * 1e6, p); for (jj = 0; jj < NA; jj++) printf(" %s %.2f", irr_alg_name(algs[jj]), t[jj] < 1e299 ? t[jj]*1e6 : -1.0); printf("\n"); }
    }
  }
  CHECK(est_fail == 0, "agchoice: %ld of %ld estimates off the model by more than 3%%", est_fail, ests);
  CHECK(bound_fail == 0, "agchoice: %ld ring bounds not within [1, 1.05] of the model", bound_fail);
  CHECK(choice_fail == 0, "agchoice: %ld of %ld choices more than 5%% slower than the best", choice_fail, choices);
  printf("agchoice: %ld distributions, %ld estimates (%ld programs not built above p = 256, %ld circulant ones above 2^20 ops), "
         "worst estimate/model %.4f (%s, p = %d; the ring's bound %.4f), %ld choices, worst choice/best %.4f\n", draws, ests,
         skipped, cskip, worst_est, irr_alg_name(worst_alg), worst_p, worst_bound, choices, worst_choice);
  free(m), free(w), free(node), free(ring), free(first), free(work);
}

/* The model's time of Allgatherv algorithm x with parameter B (ring: block size; circulant:
   pieces per block) with the CPU term: the real programs' network time and CPU
   (irr_sched_cost under md), plus what the generator walks beyond its ops (the circulant's
   roots, cpu_size each). 1e300 if it does not apply. */
static double total_time(irr_alg x, int p, const int64_t *m, int64_t B, irr_model md, void *work) {
  irr_sched_set set;
  irr_cost c;
  double t = 1e300;
  if (x == IRR_ALG_CIRCULANT && (double)p * p * (B + irr_circ_q(p)) > 65536.0) { /* big: its recursion, CPU's closed form */
    irr__szhist h;
    irr__szhist_make(p, m, &h);
    t = irr_allgatherv_circulant_time(p, m, (int)B, md, work);
    return t < 1e300 ? t + irr__circ_cpu(p, (int)B, &h, md) : t;
  }
  if (irr_allgatherv_build_all(&set, x, p, m, B, NULL, 0, md) != IRR_OK) return t;
  if (irr_sched_cost(set.s, p, md, &c, NULL) == IRR_OK) t = c.time;
  irr_sched_set_free(&set);
  if (x == IRR_ALG_CIRCULANT && t < 1e300) t += irr__circ_walk_cpu(p, (int)B, md);
  return t;
}

/* What telling two candidates apart exactly costs, in the model's CPU (the choice's
   refinement: IRR_AG_CELL cpu_size a cell of their recursions, irr__ag_cells; four n for the
   circulant schedule). A choice slower than the best by less than this chose as
   well as it could afford: finding out would have cost more than it saves. */
static double refine_cost(int p, irr_alg a, int64_t Ba, irr_alg b, int64_t Bb, irr_model md) {
  double c = IRR_AG_CELL * md.cpu_size * (irr__ag_cells(a, p, Ba, 4) + irr__ag_cells(b, p, Bb, 4));
  return c > IRR_AG_REFINE_FLOOR / 2 ? c : IRR_AG_REFINE_FLOOR / 2; /* a few us at least: the floor less the choice's own */
}

/* The choice with the model's CPU term (irr_model_default), flat, on 5000 more random skewed
   size draws (the 10^4th distribution with the 5000 above): the chosen algorithm's time over
   its real programs, network and CPU (total_time), within 5% of the best registered
   algorithm's, each at the parameter the choice would give it (the ring's block size; the
   circulant's n by its exact chooser under the same model), or slower by less than the
   exact comparison would have cost (refine_cost, with 50% for that cost's own estimate: the
   choice refines only below IRR_AG_REFINE of the collective). p = 2 .. 1024 log-uniform; above
   p = 128 every 8th draw (the programs' cost). The circulant's
   programs are built where their ops stay below 2^16 in all; beyond, its exact recursion
   and its CPU's closed form (irr__circ_cpu, as the choice prices it there). */
static void test_agchoice_cpu(void) {
  enum { NA = 5 };
  static const irr_alg algs[NA] = {IRR_ALG_BRUCK, IRR_ALG_RECDOUBLING, IRR_ALG_RING, IRR_ALG_NEIGHBOR, IRR_ALG_CIRCULANT};
  irrt_rng rng = {20261127};
  irr_model md = irr_model_default();
  int64_t *m = (int64_t *)malloc(1024 * sizeof(int64_t));
  double *w = (double *)malloc(1024 * sizeof(double)), worst = 1;
  void *work = malloc(IRR_AG_WORK(1024) * 8);
  long choices = 0, fail = 0, cheap = 0, nalg[IRR_ALG_COUNT];
  int k, wp = 0;
  memset(nalg, 0, sizeof nalg);
  if (!m || !w || !work) {
    CHECK(0, "agchoice_cpu: no memory");
    return;
  }
  for (k = 0; k < 5000; k++) {
    int p = (int)exp(log(2.0) + irrt_urand(&rng) * log(512.0)), j;
    double t, best = 1e300, ct, tc = -1, rc;
    int64_t B, Bc = 0, Bb = 0;
    irr_alg xb = IRR_ALG_BRUCK;
    irr_alg c;
    irrt_skew(&rng, p, exp(irrt_urand(&rng) * log(1048576.0)), m, w);
    if (p > 128 && k % 8) continue;
    c = irr_allgatherv_choose_w(IRR_ALG_AUTO, p, m, md, NULL, &B, work);
    for (j = 0; j < NA; j++) {
      irr_alg x = algs[j];
      int64_t Bx = x == IRR_ALG_RING ? irr_allgatherv_block_on(p, m, md, 0) : 0;
      if ((x == IRR_ALG_RECDOUBLING && (p & (p - 1))) || (x == IRR_ALG_NEIGHBOR && p % 2)) continue;
      if (x == IRR_ALG_CIRCULANT && ((Bx = Bc = irr_allgatherv_circulant_choose(p, m, md, work, &ct)), ct >= 1e300)) continue;
      t = total_time(x, p, m, Bx, md, work);
      if (t < best) best = t, xb = x, Bb = x == IRR_ALG_RING ? irr_allgatherv_ring_rounds(p, m, Bx) : Bx;
      if (x == c && (Bx == B || (x != IRR_ALG_RING && x != IRR_ALG_CIRCULANT))) tc = t;
    }
    t = tc >= 0 ? tc : total_time(c, p, m, c == IRR_ALG_CIRCULANT || c == IRR_ALG_RING ? B : 0, md, work);
    choices++, nalg[c]++;
    if (best > 0 && t / best > worst) worst = t / best, wp = p;
    rc = 1.5 * refine_cost(p, c, c == IRR_ALG_RING ? irr_allgatherv_ring_rounds(p, m, B) : B, xb, Bb, md);
    if (t > 1.05 * best && t - best > rc) fail++;
    else if (t > 1.05 * best) {
      cheap++;
      if (getenv("AGC_VERBOSE") && t > 1.15 * best)
        printf("agchoice_cpu (cheap): chose %s (B=%lld), %.2f us, best %s %.2f us (p=%d, B=%lld), refinement %.2f us\n",
               irr_alg_name(c), (long long)B, t * 1e6, irr_alg_name(xb), best * 1e6, p, (long long)Bb, rc * 1e6);
    }
    if (t > 1.05 * best && t - best > rc && fail <= 50)
      printf("agchoice_cpu: chose %s (B=%lld), %.2f us, best %.2f us (p=%d, circulant n=%lld)\n", irr_alg_name(c),
             (long long)B, t * 1e6, best * 1e6, p, (long long)Bc);
  }
  CHECK(fail == 0, "agchoice_cpu: %ld of %ld choices more than 5%% slower than the best (network + CPU) by more than "
                   "the exact comparison would have cost", fail, choices);
  printf("agchoice_cpu: %ld choices with the CPU term, worst choice/best %.4f (p = %d); %ld more than 5%% slower, each by "
         "less than telling them apart costs; chose bruck %ld, recdoubling %ld, ring %ld, neighbor %ld, circulant %ld\n",
         choices, worst, wp, cheap, nalg[IRR_ALG_BRUCK], nalg[IRR_ALG_RECDOUBLING], nalg[IRR_ALG_RING],
         nalg[IRR_ALG_NEIGHBOR], nalg[IRR_ALG_CIRCULANT]);
  free(m), free(w), free(work);
}

/* The latency regime's exit (irr__ag_latency) decides as the full flat choice does
   (irr__ag_candidates, then irr__ag_refine): wherever it fires, the same algorithm, on
   draws of irrt_skew (random empty fractions, power laws, random placement) at p = 4 .. 4096
   (log-uniform, 2^k on every other draw, where recursive doubling is the exit's candidate),
   1 B .. 64 KiB average, under the default model and one with ten times the latency; and
   its work (the choice's units) is below the full choice's. Seed $SEED, else 20261129. */
static void test_agchoice_exit(void) {
  irrt_rng rng = {getenv("SEED") ? strtoull(getenv("SEED"), NULL, 10) : 20261129};
  int64_t *m = (int64_t *)malloc(4096 * sizeof(int64_t));
  double *w = (double *)malloc(4096 * sizeof(double));
  void *work = malloc(IRR_AG_WORK(4096) * 8);
  long draws = 0, fired = 0, differ = 0, dearer = 0, firedp2 = 0;
  int k;
  if (!m || !w || !work) {
    CHECK(0, "agchoice_exit: no memory");
    return;
  }
  for (k = 0; k < 3000; k++) {
    int p = (int)exp(log(4.0) + irrt_urand(&rng) * log(1024.0)), nc, wi;
    irr_model md = irr_model_default();
    irr_ag_circ ce, cf;
    irr__agc c[6];
    irr__szhist h;
    irr_circ_sum cs;
    double rdnet;
    irr_alg a, b;
    if (k % 2) p = 1 << irr_circ_q(p) >> (irrt_urand(&rng) < 0.5);
    if (k % 3 == 0) md.alpha *= 10;
    irrt_skew(&rng, p, exp(irrt_urand(&rng) * log(65536.0)), m, w);
    memset(&ce, 0, sizeof ce), memset(&cf, 0, sizeof cf);
    cs.p = 0, cf.sum = &cs;
    a = irr__ag_latency(p, m, md, work, &ce, &rdnet);
    draws++;
    if (a == IRR_ALG_AUTO) continue;
    fired++, firedp2 += (p & (p - 1)) == 0;
    nc = irr__ag_candidates(p, m, md, work, &cf, c, &wi, &h, -1);
    wi = irr__ag_refine(p, m, md, work, &cf, c, nc, wi, &h);
    b = c[wi].alg;
    if (a != b && differ++ < 10)
      printf("agchoice_exit: p=%d exit %s, full choice %s\n", p, irr_alg_name(a), irr_alg_name(b));
    dearer += ce.units >= cf.units;
  }
  CHECK(differ == 0, "agchoice_exit: the exit decided %ld of %ld draws it fired on otherwise than the full choice", differ, fired);
  CHECK(dearer == 0, "agchoice_exit: the exit's work was not below the full choice's in %ld draws", dearer);
  CHECK(fired > draws / 10 && firedp2 > 0 && fired > firedp2, "agchoice_exit: fired on %ld of %ld draws (%ld on 2^k ranks): "
                                                               "too few to test", fired, draws, firedp2);
  printf("agchoice_exit: fired on %ld of %ld draws (%ld on 2^k ranks), the same choice on all\n", fired, draws, firedp2);
  free(m), free(w), free(work);
}

/* The SMP choice's latency exit (irr__ag_smp_latency) against the full SMP choice, on
   draws nobody tuned it on: p = 4 .. 4096 (2^k on every other draw), nodes of 2 .. 32 ranks,
   consecutive or dealt round robin (where the node-aware algorithm does not apply), one
   large node now and then, skewed sizes of 1 B .. 64 KiB a rank on average, the default
   model and ten times its latency. Wherever it fires it must take what the full choice
   takes, with no block size; and wherever it fires on Bruck's bound
   (irr__ag_bruck_estimate_up), what it takes on the estimate. */
static void test_agchoice_smp_exit(void) {
  irrt_rng rng = {getenv("SEED") ? strtoull(getenv("SEED"), NULL, 10) + 1 : 20261201};
  int64_t *m = (int64_t *)malloc(4096 * sizeof(int64_t)), B;
  double *w = (double *)malloc(4096 * sizeof(double));
  int *node = (int *)malloc(4096 * sizeof(int));
  void *work = malloc(IRR_AG_WORK(4096) * 8);
  long draws = 0, fired = 0, differ = 0, firedrr = 0, firedp2 = 0, bound = 0;
  int k, i;
  if (!m || !w || !node || !work) {
    CHECK(0, "agchoice_smp_exit: no memory");
    return;
  }
  for (k = 0; k < 4000; k++) {
    int p = (int)exp(log(4.0) + irrt_urand(&rng) * log(1024.0)), q = 1 << irrt_range(&rng, 1, 5), rr = k % 5 == 4, share;
    irr_model md = irr_model_default();
    irr_alg a, b, c;
    double lg;
    irr__ring_st sz;
    if (k % 2) p = 1 << irr_circ_q(p) >> (irrt_urand(&rng) < 0.5);
    if (k % 3 == 0) md.alpha *= 10;
    for (i = 0; i < p; i++) node[i] = rr ? i % ((p + q - 1) / q) : i / q * q;
    if (k % 7 == 3 && !rr) /* one node of 2q ranks at the start */
      for (i = 0; i < p && i < 2 * q; i++) node[i] = 0;
    irrt_skew(&rng, p, exp(irrt_urand(&rng) * log(65536.0)), m, w);
    share = irr_allgatherv_share(p, node);
    lg = irr_allgatherv_bruck_estimate(p, m, md, share);
    draws++;
    sz = irr__ring_stats(p, m);
    a = irr__ag_smp_latency(p, &sz, md, irr_allgatherv_nodes(p, node, NULL), share, lg);
    c = irr__ag_smp_latency(p, &sz, md, irr_allgatherv_nodes(p, node, NULL), share,
                            irr__ag_bruck_estimate_up(p, m, md, share, sz.tot, sz.mx, (int64_t *)work));
    bound += c != IRR_ALG_AUTO;
    if (c != IRR_ALG_AUTO && c != a && differ++ < 10)
      printf("agchoice_smp_exit: p=%d share %d: the exit on Bruck's bound %s, on its estimate %s\n", p, share, irr_alg_name(c),
             irr_alg_name(a));
    if (a == IRR_ALG_AUTO) continue;
    fired++, firedrr += rr, firedp2 += (p & (p - 1)) == 0;
    B = -1;
    b = irr__allgatherv_choose_smp_full(p, m, md, node, share, irr_allgatherv_nodes(p, node, NULL), &B, work, lg, &sz, 1, NULL);
    if ((a != b || B != 0) && differ++ < 10)
      printf("agchoice_smp_exit: p=%d share %d%s exit %s, full choice %s (B %lld)\n", p, share, rr ? " round robin" : "",
             irr_alg_name(a), irr_alg_name(b), (long long)B);
  }
  CHECK(differ == 0, "agchoice_smp_exit: the exit decided %ld of %ld draws it fired on otherwise than the full choice", differ,
        fired);
  CHECK(fired > draws / 10 && firedp2 > 0 && fired > firedp2 && firedrr > 0 && bound > fired / 4,
        "agchoice_smp_exit: fired on %ld of %ld draws (%ld on 2^k ranks, %ld round robin, %ld on Bruck's bound): too few to test",
        fired, draws, firedp2, firedrr, bound);
  if (!differ)
    printf("agchoice_smp_exit: fired on %ld of %ld draws (%ld on 2^k ranks, %ld round robin, %ld on Bruck's bound), the same choice on all\n",
           fired, draws, firedp2, firedrr, bound);
  free(m), free(w), free(node), free(work);
}

/* Bruck's estimate on SMP nodes from prefix sums (irr__ag_bruck_estimate_w) equals the
   loop's (irr_allgatherv_bruck_estimate) to the last bit, and its bound from the groups'
   sums (irr__ag_bruck_estimate_up) is not below it: p = 2 .. 4096, nodes of 2 .. 40 ranks,
   skewed sizes with empties, every fifth draw with one rank holding a spike of 100 times the
   average at a random place, alpha x1 and x10. The bound must also stay close enough to
   serve the latency exit: within 1.5x of the estimate on the draws of 4 B or less a rank.
   And 20000 draws at p = 2 .. 40 with sizes on one cyclic run of ranks only, which may
   wrap past a partial group. */
static void test_agchoice_bruck_prefix(void) {
  irrt_rng rng = {20261202};
  int64_t *m = (int64_t *)malloc(4096 * sizeof(int64_t)), *W = (int64_t *)malloc((4 * 4096 + 2) * sizeof(int64_t));
  double *w = (double *)malloc(4096 * sizeof(double));
  long k, differ = 0, below = 0, loose = 0, small = 0;
  double worst = 1;
  if (!m || !W || !w) {
    CHECK(0, "agchoice_bruck_prefix: no memory");
    return;
  }
  for (k = 0; k < 3000; k++) {
    int p = (int)exp(log(2.0) + irrt_urand(&rng) * log(2048.0)), share = irrt_range(&rng, 2, 40), i;
    irr_model md = irr_model_default();
    double a, b, c, avg = exp(irrt_urand(&rng) * log(65536.0));
    int64_t M = 0, mx = 0;
    if (k % 3 == 0) md.alpha *= 10;
    if (k % 4 == 1) p = 1 << irr_circ_q(p);
    irrt_skew(&rng, p, avg, m, w);
    if (k % 5 == 2) m[irrt_range(&rng, 0, p - 1)] = (int64_t)(100 * avg) + 1;
    for (i = 0; i < p; i++) M += m[i], mx = m[i] > mx ? m[i] : mx;
    a = irr_allgatherv_bruck_estimate(p, m, md, share), b = irr__ag_bruck_estimate_w(p, m, md, share, W);
    c = irr__ag_bruck_estimate_up(p, m, md, share, M, mx, W);
    if (a != b && differ++ < 5) printf("agchoice_bruck_prefix: p=%d share %d: loop %.17g, prefix sums %.17g\n", p, share, a, b);
    if (p >= 2 && !(c >= b) && below++ < 5) printf("agchoice_bruck_prefix: p=%d share %d: bound %.17g below %.17g\n", p, share, c, b);
    if (p >= 2 && avg <= 4) small++, loose += !(c <= 1.5 * b), worst = c / b > worst ? c / b : worst;
  }
  for (k = 0; k < 20000; k++) { /* small p: sizes only on one cyclic run of ranks, which may wrap past a partial group */
    int p = irrt_range(&rng, 2, 40), share = irrt_range(&rng, 2, p), s0 = irrt_range(&rng, 0, p - 1), len = irrt_range(&rng, 1, p), i;
    irr_model md = irr_model_default();
    int64_t M = 0, mx = 0;
    double b, c;
    for (i = 0; i < p; i++) m[i] = 0;
    for (i = 0; i < len; i++) m[(s0 + i) % p] = irrt_range(&rng, 1, 1000);
    for (i = 0; i < p; i++) M += m[i], mx = m[i] > mx ? m[i] : mx;
    b = irr__ag_bruck_estimate_w(p, m, md, share, W), c = irr__ag_bruck_estimate_up(p, m, md, share, M, mx, W);
    if (!(c >= b) && below++ < 5) printf("agchoice_bruck_prefix: p=%d share %d: bound %.17g below %.17g\n", p, share, c, b);
  }
  CHECK(differ == 0, "agchoice_bruck_prefix: %ld of 3000 estimates differ from the loop's", differ);
  CHECK(below == 0 && loose == 0 && small > 50, "agchoice_bruck_prefix: the groups' bound below the estimate on %ld of 23000, above 1.5x of it on %ld of %ld draws of 4 B or less",
        below, loose, small);
  printf("agchoice_bruck_prefix: the same estimate on 3000 draws; the groups' bound not below it, at most %.3fx of it on %ld draws of 4 B or less\n",
         worst, small);
  free(m), free(W), free(w);
}

/* The node-aware estimate's one pass (irr_allgatherv_hier_estimate) against the definition
   it replaced, every message summed (a copy kept here): equal to the last bit on 3000
   layouts of consecutive nodes of 1 .. 300 ranks (some above IRR__HIER_LOCAL, some of
   different sizes), skewed sizes; and sizes whose sums saturate. */
static double hier_estimate_ref(int p, const int64_t *m, const int *node, irr_model md) {
  int r, f, e, k, qmax = 0, n = 0, K1 = 0;
  int64_t tot = irr__range_sum(m, 0, p), Mmax = 0, cnt;
  double t = 0, ai = md.alpha * IRR_INTRA_ALPHA, bi = md.beta * IRR_INTRA_BETA;
  for (f = 0; f < p; f = e) {
    for (e = f + 1; e < p && node[e] == node[f]; e++) {}
    if (e - f > qmax) qmax = e - f;
    if (irr__range_sum(m, f, e) > Mmax) Mmax = irr__range_sum(m, f, e);
    n++;
  }
  while ((1 << K1) < qmax) K1++;
  for (k = 0; k < K1; k++) {
    int64_t d = (int64_t)1 << k, mx = 0;
    for (f = 0; f < p; f = e) {
      for (e = f + 1; e < p && node[e] == node[f]; e++) {}
      for (r = f + (int)d; r < e; r += (int)(2 * d)) {
        int64_t w = irr__range_sum(m, r, r + d < e ? r + (int)d : e);
        if (w > mx) mx = w;
      }
    }
    t += ai + bi * (double)mx;
  }
  for (cnt = 1; cnt < n; cnt *= 2) {
    int64_t g = cnt < n - cnt ? cnt : n - cnt, w = g * Mmax < tot ? g * Mmax : tot;
    t += md.alpha + md.beta * (double)w;
  }
  return t + K1 * (ai + bi * (double)tot);
}
static void test_agchoice_hier_local(void) {
  irrt_rng rng = {20261203};
  int64_t *m = (int64_t *)malloc(4096 * sizeof(int64_t));
  double *w = (double *)malloc(4096 * sizeof(double));
  int *node = (int *)malloc(4096 * sizeof(int));
  long k, differ = 0, big = 0;
  if (!m || !w || !node) {
    CHECK(0, "agchoice_hier_local: no memory");
    return;
  }
  for (k = 0; k < 3000; k++) {
    int p = (int)exp(log(2.0) + irrt_urand(&rng) * log(2048.0)), q = k % 10 == 9 ? irrt_range(&rng, 200, 300) : irrt_range(&rng, 1, 40), i, f;
    irr_model md = irr_model_default();
    double a, b;
    for (i = f = 0; i < p; i++) { /* nodes of q ranks, every fifth draw of q +- a few */
      if (i - f >= q + (k % 5 == 0 ? (int)(f % 7) - 3 : 0)) f = i;
      node[i] = f;
      big += i - f == 256;
    }
    irrt_skew(&rng, p, exp(irrt_urand(&rng) * log(65536.0)), m, w);
    if (k % 50 == 7) /* sums that saturate */
      for (i = 0; i < p; i += 3) m[i] = INT64_MAX / 4;
    a = hier_estimate_ref(p, m, node, md), b = irr_allgatherv_hier_estimate(p, m, node, md);
    if (a != b && differ++ < 5) printf("agchoice_hier_local: p=%d nodes of %d: summed %.17g, one pass %.17g\n", p, q, a, b);
  }
  CHECK(differ == 0 && big > 0, "agchoice_hier_local: %ld of 3000 estimates differ from the definition's (%ld nodes above 256)",
        differ, big);
  free(m), free(w), free(node);
}

/* The ring's block size snap (irr__ring_snap_k), which walks only the sizes above its least
   candidate, against the definition it replaced, every rank walked for every candidate (a
   copy kept here): the same block size; its round counts at that size and at B0 give the
   ring's estimates there to the last bit, and its b - min b_i and largest size are the
   sizes' own; 6000 draws, p = 2 .. 4096, skewed sizes with
   empties, 1 B - 64 KiB a rank, flat (hi 4) and on nodes (hi 1, alpha x6), alpha x1 and x10;
   every fourth draw has sizes above IRR__SNAP_LARGE ranks over it (the whole walk). */
static int64_t ring_snap_ref(int p, const int64_t *m, irr_model md, int64_t B0, int hi) {
  int64_t best = B0, mx = 0, k, kc, Bk, tried[IRR__SNAP_MAX];
  double tb = irr_allgatherv_ring_estimate(p, m, B0, md);
  int i, n = 0, runs = 0;
#define REF_TRY(b)                                                                                 \
  do {                                                                                             \
    int u_;                                                                                        \
    double t_;                                                                                     \
    for (u_ = 0; u_ < n && tried[u_] != (b); u_++) {}                                              \
    if ((b) >= B0 / 2 && (b) <= hi * B0 && (b) != B0 && u_ == n && n < IRR__SNAP_MAX) {            \
      tried[n++] = (b);                                                                            \
      if ((t_ = irr_allgatherv_ring_estimate(p, m, (b), md)) < tb) tb = t_, best = (b);            \
    }                                                                                              \
  } while (0)
  for (i = 0; i < p; i++)
    if (m[i] > mx) mx = m[i];
  if (B0 < 1 || mx <= B0) return B0;
  for (kc = (mx + B0 - 1) / B0, k = kc > 4 ? kc - 4 : 1; k <= kc + 4; k++) REF_TRY((mx + k - 1) / k);
  for (i = 0; i < p && runs < 16 && n < IRR__SNAP_MAX; i++) {
    if ((i > 0 && m[i] == m[i - 1]) || m[i] <= 0) continue;
    runs++;
    for (Bk = m[i]; Bk >= B0 / 2 && Bk >= 1; Bk /= 2) REF_TRY(Bk);
  }
#undef REF_TRY
  return best;
}
static void test_agchoice_ring_snap(void) {
  irrt_rng rng = {20261205};
  int64_t *m = (int64_t *)malloc(4096 * sizeof(int64_t));
  double *w = (double *)malloc(4096 * sizeof(double));
  long k, differ = 0, whole = 0, few = 0, moved = 0;
  if (!m || !w) {
    CHECK(0, "agchoice_ring_snap: no memory");
    return;
  }
  for (k = 0; k < 6000; k++) {
    int p = (int)exp(log(2.0) + irrt_urand(&rng) * log(2048.0)), smp = k % 2, i, nl = 0;
    irr_model md = irr_model_default();
    int64_t B0, a, b, nb, mnb, mx;
    irr__ring_pick kp;
    if (k % 3 == 0) md.alpha *= 10;
    if (smp) md.alpha *= IRR_RING_NODE_ALPHA;
    irrt_skew(&rng, p, exp(irrt_urand(&rng) * log(65536.0)), m, w);
    B0 = irr_allgatherv_block(p, m, md);
    if (k % 4 == 3 && p > IRR__SNAP_LARGE) /* more than the kept sizes above B0 / 2 */
      for (i = 0; i <= IRR__SNAP_LARGE; i++) m[(int64_t)i * p / (IRR__SNAP_LARGE + 1)] = B0 + i % 7;
    for (i = 0; i < p; i++) nl += m[i] > (B0 / 2 > 1 ? B0 / 2 : 1);
    whole += nl > IRR__SNAP_LARGE, few += nl < p / 4;
    kp.B0 = B0, irr__ring_snap_k(p, m, md, smp ? 1 : 4, &kp);
    a = ring_snap_ref(p, m, md, B0, smp ? 1 : 4), b = kp.B;
    for (i = 0, nb = 0, mnb = -1, mx = 0; i < p; i++) { /* Eq. (1)'s b - min b_i at b, and the largest */
      int64_t x = irr__nblocks(m[i], b);
      nb += x, mnb = mnb < 0 || x < mnb ? x : mnb, mx = m[i] > mx ? m[i] : mx;
    }
    moved += a != B0;
    if ((a != b || irr__ring_est_rounds(p, kp.rounds, b, md) != irr_allgatherv_ring_estimate(p, m, b, md) ||
         irr__ring_est_rounds(p, kp.rounds0, B0, md) != irr_allgatherv_ring_estimate(p, m, B0, md) || kp.cells != nb - mnb ||
         kp.mx != mx) &&
        differ++ < 5)
      printf("agchoice_ring_snap: p=%d %s: every rank walked B %lld, the larger sizes %lld\n", p, smp ? "nodes" : "flat",
             (long long)a, (long long)b);
  }
  CHECK(differ == 0 && whole > 0 && few > 0 && moved > 0,
        "agchoice_ring_snap: %ld of 6000 differ (%ld walked whole, %ld with under p/4 sizes kept, %ld snapped off B0)", differ,
        whole, few, moved);
  printf("agchoice_ring_snap: the same block size on all 6000 draws (%ld snapped off Eq. 2's, %ld walked whole, %ld kept "
         "under p/4 sizes)\n",
         moved, whole, few);
  free(m), free(w);
}

/* The SMP choice's shortcut to the node-aware algorithm (irr__ag_ring_est_low) against the full
   comparison it skips (cut 0: the ring's block size always computed): 4000 draws,
   p = 4 .. 4096, nodes of 2 .. 32 consecutive ranks, 1 B - 64 KiB a rank, alpha x1 and x10:
   the same algorithm on every draw, and the same block size where it is not the node-aware
   one. */
static void test_agchoice_smp_hier(void) {
  irrt_rng rng = {20261204};
  int64_t *m = (int64_t *)malloc(4096 * sizeof(int64_t)), B1, B2;
  double *w = (double *)malloc(4096 * sizeof(double));
  int *node = (int *)malloc(4096 * sizeof(int));
  void *work = malloc(IRR_AG_WORK(4096) * 8);
  long k, differ = 0, hier = 0, skipped = 0;
  if (!m || !w || !node || !work) {
    CHECK(0, "agchoice_smp_hier: no memory");
    return;
  }
  for (k = 0; k < 4000; k++) {
    int p = (int)exp(log(4.0) + irrt_urand(&rng) * log(1024.0)), q = irrt_range(&rng, 2, 32), i, share;
    irr_model md = irr_model_default();
    irr_alg a, b;
    double lg;
    irr__ring_st sz;
    if (k % 3 == 0) md.alpha *= 10;
    for (i = 0; i < p; i++) node[i] = i / q * q;
    irrt_skew(&rng, p, exp(irrt_urand(&rng) * log(65536.0)), m, w);
    share = irr_allgatherv_share(p, node);
    lg = irr_allgatherv_bruck_estimate(p, m, md, share);
    B1 = B2 = -1;
    sz = irr__ring_stats(p, m);
    a = irr__allgatherv_choose_smp_full(p, m, md, node, share, irr_allgatherv_nodes(p, node, NULL), &B1, work, lg, &sz, 1, NULL);
    b = irr__allgatherv_choose_smp_full(p, m, md, node, share, irr_allgatherv_nodes(p, node, NULL), &B2, work, lg, &sz, 0, NULL);
    hier += a == IRR_ALG_HIER, skipped += a == IRR_ALG_HIER && B1 == 0 && B2 != 0;
    if ((a != b || (a != IRR_ALG_HIER && B1 != B2)) && differ++ < 5)
      printf("agchoice_smp_hier: p=%d nodes of %d: %s B %lld, the full comparison %s B %lld\n", p, q, irr_alg_name(a),
             (long long)B1, irr_alg_name(b), (long long)B2);
  }
  CHECK(differ == 0 && skipped > 0, "agchoice_smp_hier: %ld of 4000 differ (%ld node-aware, %ld of them without the ring's block)",
        differ, hier, skipped);
  printf("agchoice_smp_hier: node-aware on %ld of 4000, %ld of them without the ring's block size; the same choice on all\n", hier,
         skipped);
  free(m), free(w), free(node), free(work);
}

/* The choice on SMP nodes counts its work for the model's CPU (IRR_AG_SMP_*, the ring's
   snap): 2000 draws, p = 4 .. 4096, nodes of 2 .. 32 consecutive ranks, 1 B - 64 KiB a rank:
   the same choice as without the count; its units at least its fixed passes and, where the
   ring was chosen (the full choice, its block size priced), the layout's pass, the
   node-aware estimate and the snap's pass; at most every step it can
   take at its largest (the snap at IRR__SNAP_MAX candidates over every rank, the exact
   recursion at IRR_RING_EXACT_NODES cells). */
static void test_agchoice_smp_units(void) {
  irrt_rng rng = {20261202};
  int64_t *m = (int64_t *)malloc(4096 * sizeof(int64_t)), B1, B2;
  double *w = (double *)malloc(4096 * sizeof(double));
  int *node = (int *)malloc(4096 * sizeof(int));
  void *work = malloc(IRR_AG_WORK(4096) * 8);
  long k, bad = 0, ring = 0;
  if (!m || !w || !node || !work) {
    CHECK(0, "agchoice_smp_units: no memory");
    return;
  }
  for (k = 0; k < 2000; k++) {
    int p = (int)exp(log(4.0) + irrt_urand(&rng) * log(1024.0)), q = irrt_range(&rng, 2, 32), i;
    irr_model md = irr_model_default();
    irr_ag_circ cc;
    irr_alg a, b;
    double lo, hi;
    for (i = 0; i < p; i++) node[i] = i / q * q;
    irrt_skew(&rng, p, exp(irrt_urand(&rng) * log(65536.0)), m, w);
    memset(&cc, 0, sizeof cc);
    a = irr_allgatherv_choose_x(IRR_ALG_AUTO, p, m, md, node, &B1, work, &cc);
    b = irr_allgatherv_choose_w(IRR_ALG_AUTO, p, m, md, node, &B2, work);
    lo = IRR_AG_SMP_CALL + (IRR_AG_SMP_SHARE + IRR_AG_SMP_NODES + IRR_AG_STATS) * p; /* the layout's passes (not kept here), the statistics */
    if (a != IRR_ALG_RECDOUBLING && a != IRR_ALG_BRUCK) lo += IRR_AG_SMP_BRUCK * p; /* and Bruck's estimate */
    if (a == IRR_ALG_RING) lo += (IRR_AG_SMP_NODES + (q < p ? IRR_AG_SMP_HIER : 0) + IRR_RING_PASS) * p; /* the full choice */
    hi = IRR_AG_SMP_CALL + (IRR_AG_SMP_SHARE + IRR_AG_SMP_BOUND + IRR_AG_SMP_BRUCK + 3 * IRR_AG_STATS + 2 * IRR_AG_SMP_NODES + IRR_AG_SMP_HIER +
          IRR_AG_SMP_NEIGHBOR) * p +
         2 * IRR_RING_PASS * p + IRR_RING_EVAL * (IRR__SNAP_MAX + 1.0) * p + IRR_AG_CELL * (double)IRR_RING_EXACT_NODES;
    ring += a == IRR_ALG_RING;
    if ((a != b || B1 != B2 || !(cc.units >= 0.999999 * lo && cc.units <= hi)) && bad++ < 5)
      printf("agchoice_smp_units: p=%d nodes of %d: %s B %lld (uncounted %s B %lld), %.0f units, expected %.0f .. %.0f\n", p, q,
             irr_alg_name(a), (long long)B1, irr_alg_name(b), (long long)B2, cc.units, lo, hi);
  }
  CHECK(bad == 0 && ring > 0, "agchoice_smp_units: %ld of 2000 off (%ld rings)", bad, ring);
  if (bad == 0)
    printf("agchoice_smp_units: 2000 draws, the choice's units within their bounds, the same choice counted or not (%ld rings)\n",
           ring);
  free(m), free(w), free(node), free(work);
}

int main(void) {
  test_agchoice_ring_snap();
  test_agchoice_smp_hier();
  test_agchoice_smp_units();
  test_agchoice_hier_local();
  test_agchoice_bruck_prefix();
  test_agchoice_smp_exit();
  test_agchoice_exit();
  test_agchoice_cpu();
  test_agchoice();
  return irrt_summary();
}
