/* Allgatherv's automatic choice and its generic generator: a test, a benchmark or a tool
   evaluates exactly the programs that the MPI layer runs (the same choose(), the same
   generators).

   The choice costs O(p) on new sizes (DESIGN.md §3): one pass of statistics and cyclic
   prefix sums, then each algorithm's closed-form estimate with its CPU term (the model's
   cpu_* constants): Bruck's rounds by their largest windows (O(p log p) at one subtraction
   a cell), recursive doubling's aligned groups, the ring's round bound, neighbor exchange's
   pairs, the circulant schedule's phases (from the table's summary, p alone), each only
   where its lower bound leaves it room. Where two estimates cannot be told apart (their
   error bands overlap), the exact times over the real programs (ir/maxplus.h: the *_time
   functions) decide, but only while they cost under IRR_AG_REFINE of the collective's
   estimate. Workspace `work`: IRR_AG_WORK(p) 8-byte words (the caller's: the MPI layer
   allocates it with the sizes, so the choice itself cannot fail on one rank). */
#define IRR__AG_WORK_BASE(p) (IRR__CIRC_TABLE_AT(p) - 2 * (size_t)(p) - 2) /* the prefix sums' place */
#define IRR_AG_WORK(p) irr__circ_work_words(p)

/* The refinement's budget: the exact times are computed only while their cost (cpu_size a
   size visited, IRR_AG_CELL of it a cell of a recursion: 4 ns against 0.84 here) stays under
   this fraction of the chosen algorithm's estimated time, ... */
#define IRR_AG_REFINE 0.02
#define IRR_AG_CELL 5.0
/* ... or while the whole choice stays under this many seconds: on few ranks the exact
   times cost a few microseconds, within the 5 us a choice may always take (DESIGN.md §3),
   where 2% of a short collective would leave the closed forms' error standing. */
#define IRR_AG_REFINE_FLOOR 5e-6

/* The cells of an exact time (ir/maxplus.h), measured on one core here: Bruck's and
   recursive doubling's p q; the ring's p R at 1.75 times that (R: its rounds; 0 beyond
   IRR_RING_EXACT, where the bound is its time); neighbor exchange's p^2 / 2 (or 0); the
   circulant's p (n - 1 + 5 q) and up to p^2 / 4 more in the first phase's window sums, for
   each of the `tries` values of n the refinement tries. */
static inline double irr__ag_cells(irr_alg alg, int p, int64_t x, int tries) {
  int q = irr_circ_q(p);
  double pp = (double)p * p / 4;
  switch (alg) {
  case IRR_ALG_BRUCK:
  case IRR_ALG_RECDOUBLING: return (double)p * q;
  case IRR_ALG_RING: return (double)x * p <= (double)IRR_RING_EXACT ? 1.75 * (double)x * p : 0;
  case IRR_ALG_NEIGHBOR: return (double)p * p / 2 <= (double)IRR_RING_EXACT ? (double)p * p / 2 : 0;
  case IRR_ALG_CIRCULANT: return tries * ((double)p * ((double)x - 1 + 5.0 * q) + (pp < (double)IRR_CIRC_EXACT ? pp : (double)IRR_CIRC_EXACT));
  default: return 0;
  }
}

/* The circulant table the choice may need (p alone): the MPI layer keeps it per
   communicator; R NULL: made in the choice's workspace when needed (made = 1, R then points
   there). sum: where its summary is kept (valid where sum->p is p; NULL: the choice's own,
   for this call), by pointer, so that a call does not copy or clear its 7.7 KB. units: the
   choice's work in sizes visited, for the model's cpu_size (irr_allgatherv_choose_x adds to
   it); once: the table's and the summary's, made once per communicator, which a caller that
   keeps them charges but the refinement's budget does not count (it must not depend on
   whether one rank's memory kept them). price: what a unit of that work costs, for the
   refinement's budget (0: the model's cpu_size; a repeated call's model prices no program,
   cpu_size 0, but its choice still runs on this CPU). */
typedef struct irr_ag_circ {
  const int *R;
  irr_circ_sum *sum;
  int made;
  double units, once, price;
  int share, nn; /* share > 0: the layout's irr_allgatherv_share and irr_allgatherv_nodes, kept by the caller */
} irr_ag_circ;

/* Ranks per node that share one NIC: the most on any node (node[i]: the lowest rank of i's
   node; NULL: flat, 1). Equal on all ranks (the layout is gathered once). O(p) where nodes
   are ranges of consecutive ranks (the longest run); else O(p) with cnt, p ints of scratch,
   or without it O(p nodes). It was O(p nodes) on every layout, and every Allgatherv on SMP
   nodes asks it: 64 nodes of 16 ranks cost 65536 steps a call, most of the node-aware
   choice's 35-85 us at p = 1024. */
static inline int irr__allgatherv_share_w(int p, const int *node, int *cnt) {
  int share = 1, i, j, c, run = 1;
  if (!node || p < 1) return 1;
  for (i = 1; i < p && (node[i] == node[i - 1] || node[i] == i); i++) {
    run = node[i] == node[i - 1] ? run + 1 : 1;
    share = run > share ? run : share;
  }
  if (i == p) return share;
  share = 1;
  if (cnt) {
    for (i = 0; i < p; i++) cnt[i] = 0;
    for (i = 0; i < p; i++)
      if ((unsigned)node[i] < (unsigned)p && ++cnt[node[i]] > share) share = cnt[node[i]];
    return share;
  }
  for (i = 0; i < p; i++)
    if (node[i] == i) {
      for (j = i, c = 0; j < p; j++) c += node[j] == i;
      if (c > share) share = c;
    }
  return share;
}
static inline int irr_allgatherv_share(int p, const int *node) { return irr__allgatherv_share_w(p, node, NULL); }

/* Neighbor exchange is chosen on SMP nodes where its estimate is below this fraction of the
   best other one's. Its model cost (half the ring's rounds, each a pair of blocks) is
   optimistic on nodes sharing a NIC: in SMPI (16-core nodes, 0.5 us overhead, 64 KiB) it
   lost to the ring on regular data (0.98 at p = 30, 0.95 at p = 64) where its estimate was
   0.91 of the ring's, and to the node-aware algorithm on spike data (0.66 of it at p = 64,
   estimate 0.83); on half-full data (estimate 0.70 of the ring's at p = 30 .. 1024) it beat
   the ring 1.19x (p = 30) and 1.10x (p = 64), as Open MPI's neighborexchange does. On a
   flat cluster it never won a cell (p = 30, 64), and it is not chosen there. */
#define IRR_NEIGHBOR_MARGIN 0.75

/* Near-ties on a flat cluster go to the algorithm SMPI found faster: an algorithm replaces
   the best so far only if its model time is below IRR_AG_TIE of it, in the order Bruck,
   recursive doubling, ring, neighbor exchange (SMPI, flat, 0.5 us overhead: Bruck beat
   recursive doubling at equal model cost, p = 64, 1 KiB, 1.32x on geometric data, 1.04x on
   decreasing; neighbor exchange never won a cell at p = 30, 64). The choice is then within
   1 / IRR_AG_TIE (3.1%) of the model's argmin. */
#define IRR_AG_TIE 0.97

/* Allgatherv's automatic choice on SMP nodes (node: consecutive nodes of share ranks at
   most), calibrated on SMPI, where nodes share a NIC, which the model does not see: the
   ring or the logarithmic algorithm by the closed forms (irr_allgatherv_choose_on, with the
   node's ranks sharing a NIC); the logarithmic algorithm is Bruck in the receive buffer,
   except with 2^k ranks, where recursive doubling's first rounds stay inside nodes (SMPI,
   16-core nodes, p = 64, 4 B: Bruck 0.89-0.91 of SMPI's best, recursive doubling 1.00).
   On nodes of consecutive ranks the node-aware algorithm (irr_allgatherv_hier) wins where
   its estimate says it is faster than that choice, and neighbor exchange (p even) where its
   estimate is below IRR_NEIGHBOR_MARGIN of the best; a ring that stays takes whole blocks
   where the node-aware exact recursion says so (irr__allgatherv_block_nodes). */
/* The model's CPU of the choice on SMP nodes, in cpu_size units a rank (a size the flat
   choice visits; the MPI layer charges them with the flat choice's, irr_ag_circ's units).
   Each step timed on one thread against the flat choice's size in the same run (bench_cpu
   smp's draws, 16-rank nodes, p = 64 .. 1024, 4 B .. 64 KiB; runs at 0.87-1.31 ns a size):
   the ranks a node sharing a NIC 0.8-1.2, the statistics 1.0-1.4, a pass over the layout
   0-0.2, neighbor exchange's estimate 0.5-0.9, Bruck's bound from the groups' sums 1.1-1.6
   ns a rank (at 1.26 ns a size). Bruck's NIC estimate and the node-aware one are fitted to
   the whole choice, with the layout's counts kept (three runs at 1.26-1.30 ns a size:
   their 12.6 units before measured 8.6-10.5), and so is a call's own cost whatever p
   (p = 64, 4 B: 3.6 units a rank against 2.4). The layout's two passes (SHARE, NODES) are
   charged only where the caller does not keep their counts (irr_ag_circ's share, nn; the
   MPI layer counts them once a communicator). The ring's snap counts its own
   (irr__ring_pick's units), the node-aware ring's exact recursion IRR_AG_CELL a cell. */
#define IRR_AG_SMP_SHARE 1.25
#define IRR_AG_SMP_BRUCK 6.4
#define IRR_AG_STATS 1.4 /* (the flat choice's ring too) */
#define IRR_AG_SMP_NODES 0.15
#define IRR_AG_SMP_HIER 3.1
#define IRR_AG_SMP_NEIGHBOR 0.75
#define IRR_AG_SMP_BOUND 1.0
#define IRR_AG_SMP_CALL 60.0 /* units a call */

/* The node-aware ring's block size on SMP nodes: Eq. (2)'s from IRR_RING_NODE_ALPHA (bs), or
   whole blocks (the plain linear ring, MPICH's in the node order), whichever has the lower
   exact time with the hops inside a node at IRR_INTRA_ALPHA, IRR_INTRA_BETA of the model's
   alpha and beta (irr_allgatherv_ring_time_on; the constants of the node-aware estimate, from
   SMPI's 16-core nodes, where a hop inside a node runs at 20 GB/s against the NIC's 10). The
   model without them (every hop alpha + beta len) ranks the two the wrong way round: SMPI,
   p = 256, 0.5 us overhead, 64 KiB, random skewed sizes (seed 9003, 146 ranks of about
   115 KB, the rest empty): whole blocks 2.16 ms, bs = 59166 3.27 ms (MPICH's ring 2.34),
   model 3.46 / 2.99 ms, with the node constants 2.14 / 2.34 ms; decreasing 2.50 / 2.55 ms
   (2.49 / 2.63), half-full 2.09 / 2.27 ms (2.15 / 2.27). Evaluated only where both
   recursions stay within IRR_RING_EXACT_NODES cells (p R; about 5 ns a cell); beyond, bs. */
#ifndef IRR_RING_EXACT_NODES
#define IRR_RING_EXACT_NODES ((int64_t)1 << 18)
#endif
static inline int64_t irr__allgatherv_block_nodes(int p, const int64_t *m, irr_model md, const int *node,
                                                  const irr__ring_pick *k, void *work, double *u) {
  int64_t bs = k->B, mx = k->mx, cells;
  int *ring = (int *)((int64_t *)work + 6 * (size_t)p + 8);
  if (p <= 2 || bs >= mx || bs < 1) return bs;
  cells = (k->cells + (p - 1)) * (int64_t)p; /* both recursions' rounds: the snap's at bs, p - 1 at mx (one block a rank) */
  if (cells > IRR_RING_EXACT_NODES) return bs;
  if (md.cpu_size > 0 && cells * IRR_AG_CELL * md.cpu_size > IRR_AG_REFINE * irr__ring_est_rounds(p, k->rounds, bs, md))
    return bs; /* the exact recursion would cost more than it can save */
  irr_allgatherv_order(p, m, node, ring);
  if (u) *u += IRR_AG_SMP_NODES * p + IRR_AG_CELL * (double)cells;
  return irr_allgatherv_ring_time_on(p, m, mx, ring, node, md, IRR_INTRA_ALPHA, IRR_INTRA_BETA, 1e300, work) <
                 irr_allgatherv_ring_time_on(p, m, bs, ring, node, md, IRR_INTRA_ALPHA, IRR_INTRA_BETA, 1e300, work)
             ? mx
             : bs;
}

/* The latency regime's exit from the choice on SMP nodes: where the logarithmic algorithm
   is decided by bounds alone, take it without the node-aware estimate, neighbor exchange's
   or the ring's block size. lg: Bruck's estimate on these nodes, which the full choice
   (irr__allgatherv_choose_smp_full) is then given too. It fires only where the full choice
   takes the same, B 0 too:
   - the ring's latency alone loses to lg (irr__ag_ring_latency_loses, the gate of
     irr__allgatherv_choose_on_lg): Bruck;
   - on consecutive nodes (irr_allgatherv_nodes > 1) the node-aware estimate is at least its
     latencies and its broadcast's bytes, K1 (2 IRR_INTRA_ALPHA alpha + IRR_INTRA_BETA beta M)
     + ceil(log2 nodes) alpha (K1 = ceil(log2 share), share the largest node's ranks), not
     below lg: it does not replace Bruck; and neighbor exchange's (p even) at least
     p / 2 alpha + beta max m, not below IRR_NEIGHBOR_MARGIN lg.
   Returns the algorithm (recursive doubling on 2^k ranks), or IRR_ALG_AUTO. sz: the sizes'
   statistics (irr__ring_stats); nn: the layout's consecutive nodes (irr_allgatherv_nodes). */
static inline irr_alg irr__ag_smp_latency(int p, const irr__ring_st *sz, irr_model md, int nn, int share, double lg) {
  int64_t M = sz->tot, mx = sz->mx;
  int K1 = 0, K2 = 0;
  double lb;
  if (p < 2 || share < 1) return IRR_ALG_AUTO;
  if (!irr__ag_ring_latency_loses(p, sz->z, md, lg)) return IRR_ALG_AUTO;
  if (nn > 1) {
    while ((1 << K1) < share) K1++;
    while ((1 << K2) < nn) K2++;
    lb = K1 * (2 * IRR_INTRA_ALPHA * md.alpha + IRR_INTRA_BETA * md.beta * (double)M) + K2 * md.alpha;
    if (!(0.999999 * lb >= lg)) return IRR_ALG_AUTO;
    if (p % 2 == 0 && !(0.999999 * ((p / 2) * md.alpha + md.beta * (double)mx) >= IRR_NEIGHBOR_MARGIN * lg))
      return IRR_ALG_AUTO;
  }
  return (p & (p - 1)) == 0 ? IRR_ALG_RECDOUBLING : IRR_ALG_BRUCK;
}

/* A lower bound of the ring's estimate (irr_allgatherv_ring_estimate, which counts empty
   ranks as Section 2.3 does; irr__ag_ring_low below bounds its exact time) at any block size
   B: its fewest rounds of alpha (irr__ring_rounds with one block a rank), and its rounds'
   bytes R B >= M - min m - max m (R >= sum ceil(m_i / B) - ceil(min m / B), or p - 1 blocks
   of B >= max m each), from the sizes' statistics. */
static inline double irr__ag_ring_est_low(int p, const irr__ring_st *sz, irr_model md) {
  int64_t w = sz->tot - sz->mn - sz->mx;
  if (p <= 1 || sz->z == p) return 0;
  return (double)irr__ring_rounds(p, p, sz->z, 1) * md.alpha + md.beta * (double)(w > 0 ? w : 0);
}

/* Where the node-aware estimate th is below Bruck's (lg) and below the ring's lower bound
   (irr__ag_ring_est_low), the node-aware algorithm replaces whichever of them
   irr__allgatherv_choose_on_lg would take: the ring's block size (Eq. 2 and its snap, up to
   IRR__SNAP_MAX estimates of p blocks each) is not computed, and *B is 0 (the node-aware
   algorithm takes none): cut 1 (cut 0, the full comparison, is test_agchoice's reference in
   agchoice_smp_hier, which finds the same choice). sz: the sizes' statistics. Neighbor
   exchange's estimate is walked only where its bound, p / 2 rounds of alpha + beta max m
   (every pair holds at least the largest block), leaves it the margin. */
static inline irr_alg irr__allgatherv_choose_smp_full(int p, const int64_t *m, irr_model md, const int *node, int share,
                                                      int nn, int64_t *B, void *work, double lg, const irr__ring_st *sz,
                                                      int cut, double *u) {
  int pof2 = p > 0 && (p & (p - 1)) == 0, nodes = nn > 1;
  double ta, nb, th = nodes ? irr_allgatherv_hier_estimate(p, m, node, md) : 0; /* ta: the chosen one's estimate */
  irr__ring_pick k = {0, 0, 0, 0, 0, 0, 0}; /* the ring's block size, where a is the ring */
  irr_alg a;
  double w = nodes ? IRR_AG_SMP_HIER * p : 0; /* the work, in cpu_size units */
  if (cut && nodes && th < lg && th < 0.999999 * irr__ag_ring_est_low(p, sz, md)) a = IRR_ALG_HIER, ta = th, *B = 0;
  else a = irr__allgatherv_choose_on_lg(p, m, md, share, B, &ta, 1, lg, &k, sz);
  w += k.units;
  if (nodes) {
    if (th < ta) a = IRR_ALG_HIER, ta = th;
    if (a == IRR_ALG_RING) { /* the margin is calibrated against the ring at Eq. (2)'s B from 6 alpha, unsnapped */
      irr_model m6 = md;
      m6.alpha *= IRR_RING_NODE_ALPHA;
      ta = share > 1 ? irr__ring_est_rounds(p, k.rounds0, k.B0, md) /* k's B0 is that size */
                     : irr_allgatherv_ring_estimate(p, m, irr_allgatherv_block(p, m, m6), md);
      w += share > 1 ? 0 : 2.0 * IRR_AG_STATS * p;
    }
    nb = (p / 2) * (md.alpha + md.beta * (double)sz->mx); /* neighbor exchange's bound: every pair holds max m or more */
    if (p % 2 == 0 && !(sz->mn >= 0 && 0.999999 * nb >= IRR_NEIGHBOR_MARGIN * ta)) {
      w += IRR_AG_SMP_NEIGHBOR * p;
      if (irr_allgatherv_neighbor_estimate(p, m, md) < IRR_NEIGHBOR_MARGIN * ta) a = IRR_ALG_NEIGHBOR;
    }
    if (a == IRR_ALG_RING) *B = irr__allgatherv_block_nodes(p, m, md, node, &k, work, &w); /* k: the ring was chosen by it */
  }
  if (u) *u += w;
  return a == IRR_ALG_BRUCK && pof2 ? IRR_ALG_RECDOUBLING : a;
}
/* u (optional): gets the choice's work in cpu_size units, for the model's CPU (IRR_AG_SMP_*).
   nn: the layout's consecutive nodes (irr_allgatherv_nodes). The latency exit is tried first
   on Bruck's bound (irr__ag_bruck_estimate_up), then on its estimate: where the bound
   serves, the same choice at STATS + BOUND units a rank, not BRUCK more. */
static inline irr_alg irr__allgatherv_choose_smp(int p, const int64_t *m, irr_model md, const int *node, int share, int nn,
                                                 int64_t *B, void *work, double *u) {
  irr__ring_st sz = irr__ring_stats(p, m);
  double lg = irr__ag_bruck_estimate_up(p, m, md, share, sz.tot, sz.mx, (int64_t *)work);
  irr_alg a = lg < 1e300 ? irr__ag_smp_latency(p, &sz, md, nn, share, lg) : IRR_ALG_AUTO;
  if (u) *u += IRR_AG_SMP_CALL + (IRR_AG_STATS + (lg < 1e300 ? IRR_AG_SMP_BOUND : 0)) * p;
  if (a != IRR_ALG_AUTO) return *B = 0, a;
  lg = irr__ag_bruck_estimate_w(p, m, md, share > 1 ? share : 1, (int64_t *)work);
  if (u) *u += IRR_AG_SMP_BRUCK * p;
  if ((a = irr__ag_smp_latency(p, &sz, md, nn, share, lg)) != IRR_ALG_AUTO) return *B = 0, a;
  return irr__allgatherv_choose_smp_full(p, m, md, node, share, nn, B, work, lg, &sz, 1, u);
}

/* One candidate of the flat choice: its network estimate, the band [lo, hi] its exact time
   lies in (the estimate's measured error, test_agchoice), its CPU term. */
typedef struct irr__agc {
  irr_alg alg;
  int64_t B;          /* ring: block size; circulant: pieces per block */
  double net, lo, hi, cpu;
  double cells;       /* the exact time's cost, in cells */
} irr__agc;

/* The exact network time of candidate c (ir/maxplus.h), for the refinement. */
static inline double irr__ag_exact(const irr__agc *c, int p, const int64_t *m, irr_model md, const int *R, void *work) {
  int *ring = (int *)((int64_t *)work + 6 * (size_t)p + 8);
  switch (c->alg) {
  case IRR_ALG_BRUCK: return irr_allgatherv_bruck_time(p, m, md, work);
  case IRR_ALG_RECDOUBLING: return irr_allgatherv_recdoubling_time(p, m, md, work);
  case IRR_ALG_NEIGHBOR: return irr_allgatherv_neighbor_time(p, m, md, work);
  case IRR_ALG_CIRCULANT: return irr__circ_time(p, m, (int)c->B, md, R, work);
  default: irr_allgatherv_order(p, m, NULL, ring); return irr_allgatherv_ring_time(p, m, c->B, ring, md, work);
  }
}

/* The circulant's CPU with n pieces for the refinement: counted on few ranks (the closed
   form's error, not the candidates, would decide there), else the closed form. */
static inline double irr__ag_circ_cpu(int p, const int64_t *m, int n, const irr__szhist *h, irr_model md, irr_ag_circ *cc,
                                      void *work) {
  if ((double)p * p * (n - 1 + irr_circ_q(p)) > IRR_CIRC_COUNT_MAX) return irr__circ_cpu(p, n, h, md);
  cc->units += IRR_AG_CELL * (double)p * p * (n - 1 + irr_circ_q(p));
  return irr__circ_cpu_count(p, m, n, cc->R, (int *)((int64_t *)work + 5 * (size_t)p + 2), md); /* irr__circ_time's fl */
}

/* The lower bounds that gate the ring, neighbor exchange and the circulant schedule (their
   network and CPU, from the total M, the smallest block mn and the largest mx), for
   irr__ag_candidates and irr__ag_latency alike: the ring's p - 1 rounds and every rank
   receiving the others' bytes; neighbor exchange's p / 2 rounds; the circulant's q rounds
   (single-ported), and its generator's walk of 2 p (n - 1 + q) >= 2 p q roots. */
static inline double irr__ag_ring_low(int p, int64_t M, int64_t mn, irr_model md) {
  return (p - 1) * md.alpha + md.beta * (double)(M - mn) + irr__ag_ring_cpu(p - 1, md);
}
static inline double irr__ag_neighbor_low(int p, int64_t M, int64_t mn, irr_model md) {
  return (p / 2) * md.alpha + md.beta * (double)(M - mn) + irr__ag_neighbor_cpu(p, md);
}
static inline double irr__ag_circ_low(int p, int64_t M, int64_t mn, int64_t mx, irr_model md) {
  int q = irr_circ_q(p);
  double lb = q * md.alpha + md.beta * (double)(M - mn);
  double b2 = irr__sqrt((double)(q - 1) * md.alpha) + irr__sqrt(md.beta * (double)mx);
  return (b2 * b2 > lb ? b2 * b2 : lb) + irr__circ_walk_cpu(p, 1, md);
}

/* The candidates' estimates into c (their number returned; *wp: the least), the size
   histogram into h where the circulant schedule is a candidate. */
static inline int irr__ag_candidates(int p, const int64_t *m, irr_model md, void *work, irr_ag_circ *cc, irr__agc *c,
                                     int *wp, irr__szhist *h, double rdnet) {
  int64_t *P = (int64_t *)work + IRR__AG_WORK_BASE(p), M, mx = 0, mn = m[0], R = 0;
  int i, q = irr_circ_q(p), nc = 0, w = 0, pof2 = (p & (p - 1)) == 0;
  for (P[0] = 0, i = 0; i < p; i++) { /* the statistics and the cyclic prefix sums */
    P[i + 1] = P[i] + m[i];
    mx = m[i] > mx ? m[i] : mx, mn = m[i] < mn ? m[i] : mn;
  }
  M = P[p];
  for (i = 0; i < p; i++) P[p + i + 1] = P[p + i] + m[i];
  cc->units += 1.2 * p + 0.4 * (double)p * q; /* the statistics and prefix sums; Bruck's windows (0.33 ns a cell) */
  memset(c, 0, 6 * sizeof *c);
  c[nc].alg = IRR_ALG_BRUCK, c[nc].net = irr__ag_bruck_windows(p, P, md), c[nc].cpu = irr__ag_bruck_cpu(p, md);
  c[nc].lo = c[nc].net / 1.125, c[nc].hi = c[nc].net, c[nc].cells = irr__ag_cells(IRR_ALG_BRUCK, p, 0, 1), nc++;
#define IRR__TOT(x) ((x).net + (x).cpu)
#define IRR__TAKE(x) (IRR__TOT(c[nc]) < IRR_AG_TIE * IRR__TOT(c[w]) ? (w = nc) : 0, nc++)
  if (pof2) {
    c[nc].alg = IRR_ALG_RECDOUBLING, c[nc].net = rdnet >= 0 ? rdnet : irr__ag_recd_groups(p, P, md);
    c[nc].cpu = irr__ag_recd_cpu(p, md), cc->units += rdnet >= 0 ? 0 : 1.0 * p; /* (the exit's, or its groups) */
    c[nc].lo = c[nc].net / 1.125, c[nc].hi = c[nc].net, c[nc].cells = irr__ag_cells(IRR_ALG_RECDOUBLING, p, 0, 1);
    IRR__TAKE(c[nc]);
  }
  if (irr__ag_ring_low(p, M, mn, md) < IRR_AG_TIE * IRR__TOT(c[w])) {
    irr__ring_pick k = irr__ring_pick_on(p, m, md, 0, NULL);
    c[nc].alg = IRR_ALG_RING, c[nc].B = k.B, R = k.cells; /* the snap's b - min b_i: irr__ag_ring_bound's rounds */
    c[nc].net = irr__ring_est_rounds(p, R, k.B, md), c[nc].cpu = irr__ag_ring_cpu(R, md);
    c[nc].lo = c[nc].net / 1.013, c[nc].hi = c[nc].net;
    c[nc].cells = irr__ag_cells(IRR_ALG_RING, p, R, 1);
    cc->units += IRR_AG_STATS * p + k.units; /* Eq. (2)'s statistics, the snap */
    IRR__TAKE(c[nc]);
  }
  if (p % 2 == 0 && irr__ag_neighbor_low(p, M, mn, md) < IRR_AG_TIE * IRR__TOT(c[w])) {
    c[nc].alg = IRR_ALG_NEIGHBOR, c[nc].net = irr_allgatherv_neighbor_estimate(p, m, md), c[nc].cpu = irr__ag_neighbor_cpu(p, md);
    c[nc].lo = c[nc].net / 1.04, c[nc].hi = c[nc].net;
    c[nc].cells = irr__ag_cells(IRR_ALG_NEIGHBOR, p, 0, 1);
    cc->units += p;
    IRR__TAKE(c[nc]);
  }
  /* the circulant schedule, where its lower bound leaves it room; its table's summary (p alone) */
  if (p > 2 && mx >= 2 && irr__ag_circ_low(p, M, mn, mx, md) < IRR_AG_TIE * IRR__TOT(c[w])) {
    if (!cc->R && (cc->R = irr__circ_work_table(p, work)) != NULL) {
      cc->made = 1;
      cc->once += (double)p * q * q;
    }
    if (cc->R && cc->sum->p != p) irr_circ_summarize(p, cc->R, 1, cc->sum), cc->once += (double)p * q;
    if (cc->R) {
      double e;
      irr__szhist_make(p, m, h);
      cc->units += 4.0 * p + 420; /* the histogram; the closed forms of five n (0.35 us: 0.39 at p = 64, with a pass) */
      c[nc].alg = IRR_ALG_CIRCULANT, c[nc].B = irr__circ_pick(p, M, mn, mx, h, md, cc->sum, &e);
      c[nc].cpu = irr__circ_cpu(p, (int)c[nc].B, h, md), c[nc].net = e - c[nc].cpu;
      c[nc].lo = c[nc].net / 1.25, c[nc].hi = c[nc].net / 0.73;
      c[nc].cells = irr__ag_cells(IRR_ALG_CIRCULANT, p, c[nc].B, 4);
      IRR__TAKE(c[nc]);
      /* n = 1: every round partial, priced by Bruck's windows (its exact time lies within
         0.87 .. 1.18 of Bruck's): only the refinement can choose it */
      c[nc].alg = IRR_ALG_CIRCULANT, c[nc].B = 1, c[nc].cpu = irr__circ_cpu(p, 1, h, md);
      c[nc].net = c[nc].hi = c[0].net / 0.85, c[nc].lo = c[0].net / 1.2; /* its worst: not chosen unrefined */
      c[nc].cells = irr__ag_cells(IRR_ALG_CIRCULANT, p, 1, 1);
      IRR__TAKE(c[nc]);
    }
  }
#undef IRR__TAKE
#undef IRR__TOT
  *wp = w;
  return nc;
}

/* The circulant candidate's exact time x at its n, tried at the closed form's n0, n0 / sqrt 2,
   n0 sqrt 2, the network's optimum; and n0 - 2 .. n0 + 2 on at most 16 ranks (q <= 4: the
   time is not smooth in n there, a try costs under 0.5 us). The best kept in *a; returned. */
static inline double irr__ag_circ_tries(int p, const int64_t *m, irr_model md, void *work, irr_ag_circ *cc,
                                        const irr__szhist *h, irr__agc *a, double x) {
  int64_t M = h->M, mx = h->mx;
  int k, q = irr_circ_q(p), n0 = (int)a->B, near = q <= 4;
  for (k = 0; k < (near ? 7 : 3); k++) {
    int n = k < 2   ? (int)(n0 * (k == 0 ? 0.7071 : 1.4142) + 0.5)
            : k < 3 ? (int)(irr__sqrt((double)(q > 1 ? q - 1 : 1) * md.beta * (double)M / md.alpha) + 0.5)
                    : n0 + (k == 3 ? -2 : k == 4 ? -1 : k == 5 ? 1 : 2);
    double y, yc;
    if (n < 2 || n > IRR_CIRC_MAXPIECES || (int64_t)n > mx) continue;
    yc = irr__ag_circ_cpu(p, m, n, h, md, cc, work);
    y = irr__circ_time(p, m, n, md, cc->R, work) + yc;
    if (y < x) x = y, a->B = n, a->cpu = yc;
  }
  return x;
}

/* The refinement of the candidates c[0 .. nc) (w the least estimate): the exact times decide
   where they are affordable; the winner's index returned. */
static inline int irr__ag_refine(int p, const int64_t *m, irr_model md, void *work, irr_ag_circ *cc, irr__agc *c,
                                 int nc, int w, const irr__szhist *h) {
  int i;
  double cells = 0, all = 0, tot, gain, pr = cc->price > 0 ? cc->price : md.cpu_size;
#define IRR__TOT(x) ((x).net + (x).cpu)
  /* the refinement: every candidate if that is affordable, else those whose band reaches
     below the best's, if that is */
  tot = IRR_AG_REFINE_FLOOR - cc->units * pr; /* what the floor leaves the refinement */
  tot = IRR_AG_REFINE * IRR__TOT(c[w]) > tot ? IRR__TOT(c[w]) : tot / IRR_AG_REFINE;
  /* what the exact times can save at most: the best's band above the lowest band of another,
     or the circulant n's tries */
  for (i = 0, gain = 0; i < nc; i++) {
    double g = i != w ? c[w].hi + c[w].cpu - (c[i].lo + c[i].cpu) : c[w].alg == IRR_ALG_CIRCULANT ? c[w].hi - c[w].lo : 0;
    gain = g > gain ? g : gain;
  }
  if (IRR_AG_REFINE * tot > gain) tot = gain / IRR_AG_REFINE; /* never more than they can save */
  for (i = 0; i < nc; i++) all += c[i].cells;
  if (all * IRR_AG_CELL * pr > IRR_AG_REFINE * tot) {
    all = -1;
    for (i = 0; i < nc; i++)
      if (i != w && c[i].lo + c[i].cpu < IRR_AG_TIE * (c[w].hi + c[w].cpu)) cells += c[i].cells;
  }
  if ((all >= 0 && nc > 1) ||
      ((cells > 0 || c[w].alg == IRR_ALG_CIRCULANT) && (cells + c[w].cells) * IRR_AG_CELL * pr <= IRR_AG_REFINE * tot)) {
    int best = -1;
    double bt = 1e300;
    cc->units += IRR_AG_CELL * (all >= 0 ? all : cells + c[w].cells);
    for (i = 0; i < nc; i++) {
      double x;
      if (all < 0 && i != w && !(c[i].lo + c[i].cpu < IRR_AG_TIE * (c[w].hi + c[w].cpu))) continue;
      if (c[i].alg == IRR_ALG_CIRCULANT) c[i].cpu = irr__ag_circ_cpu(p, m, (int)c[i].B, h, md, cc, work);
      x = (c[i].cells > 0 ? irr__ag_exact(&c[i], p, m, md, cc->R, work) : c[i].net) + c[i].cpu;
      if (c[i].alg == IRR_ALG_CIRCULANT && c[i].B >= 2) x = irr__ag_circ_tries(p, m, md, work, cc, h, &c[i], x);
      if (best < 0 || x < IRR_AG_TIE * bt) best = i, bt = x;
    }
    w = best;
  }
#undef IRR__TOT
  return w;
}


/* The latency regime's exit from the flat choice: where the logarithmic algorithm (recursive
   doubling on 2^k ranks, else Bruck) is decided by the candidates' lower bounds alone, take
   it without the prefix sums, Bruck's windows or the circulant table (their O(p log p)
   cells cost more than half the CPU of a small call at p = 256). Its decision is the full
   choice's: it fires only where
   - recursive doubling's estimate (its aligned groups, summed bottom up: the same value) is
     below IRR_AG_TIE of Bruck's lower bound, q alpha + beta (M - min m) + Bruck's CPU (its
     windows sum to M - m_r for rank r, so their maxima to at least M - min m), and no
     higher than that bound's band (the windows / 1.125), so the refinement has nothing to
     try (its gain is 0);
   - on other p, Bruck's estimate is at most the sum over rounds of alpha + beta min(n_k max
     m, M) (a window of n_k blocks);
   - the ring's, neighbor exchange's and the circulant schedule's lower bounds (the gates of
     irr__ag_candidates: irr__ag_ring_low, _neighbor_low, _circ_low) are not below
     IRR_AG_TIE of that estimate, so none of them is a candidate.
   Not on a free CPU (price 0): the refinement then runs whenever two candidates remain.
   Returns the algorithm, or IRR_ALG_AUTO (the full choice; *rdnet: recursive doubling's
   estimate where it was computed, else -1). One pass of the sizes and, on 2^k ranks, p / 2
   sums in work's prefix-sum place (free until irr__ag_candidates). */
static inline irr_alg irr__ag_latency(int p, const int64_t *m, irr_model md, void *work, irr_ag_circ *cc, double *rdnet) {
  int64_t *L = (int64_t *)work + IRR__AG_WORK_BASE(p), M = 0, mx = 0, mn = m[0], w;
  int i, k, n, to, from, q = irr_circ_q(p), pof2 = (p & (p - 1)) == 0;
  double pr = cc->price > 0 ? cc->price : md.cpu_size, ub = 0, lbn;
  *rdnet = -1;
  if (!(pr > 0) || p < 4) return IRR_ALG_AUTO;
  if (pof2) { /* level 0 (the sizes) and the pairs' sums; then each level's sums in place */
    for (i = 0; i < p; i += 2) {
      int64_t a = m[i], b = m[i + 1];
      M += L[i / 2] = a + b;
      mx = a > mx ? a : mx, mx = b > mx ? b : mx, mn = a < mn ? a : mn, mn = b < mn ? b : mn;
    }
    ub = md.alpha + md.beta * (double)mx; /* irr__ag_recd_groups' sum, in its order: the same double */
    for (n = p / 2; n >= 2; n /= 2) { /* n groups of p / n blocks */
      for (w = 0, i = 0; i < n; i++) w = L[i] > w ? L[i] : w;
      ub += md.alpha + md.beta * (double)w;
      for (i = 0; i < n / 2; i++) L[i] = L[2 * i] + L[2 * i + 1];
    }
    cc->units += 1.5 * p;
    *rdnet = ub;
    ub += irr__ag_recd_cpu(p, md);
    lbn = 0.999999 * (q * md.alpha + md.beta * (double)(M - mn)); /* (the windows' sum, less its rounding) */
    if (!(ub < IRR_AG_TIE * (lbn + irr__ag_bruck_cpu(p, md)) && ub <= lbn / 1.125 + irr__ag_bruck_cpu(p, md)))
      return IRR_ALG_AUTO;
  } else {
    for (i = 0; i < p; i++) M += m[i], mx = m[i] > mx ? m[i] : mx, mn = m[i] < mn ? m[i] : mn;
    cc->units += 1.0 * p;
    for (k = 0; (n = irr_bruck_round(p, 0, k, &to, &from)) > 0; k++)
      ub += md.alpha + md.beta * ((double)n * (double)mx < (double)M ? (double)n * (double)mx : (double)M);
    ub = ub * 1.000001 + irr__ag_bruck_cpu(p, md);
  }
  if (irr__ag_ring_low(p, M, mn, md) < IRR_AG_TIE * ub || (p % 2 == 0 && irr__ag_neighbor_low(p, M, mn, md) < IRR_AG_TIE * ub) ||
      (mx >= 2 && irr__ag_circ_low(p, M, mn, mx, md) < IRR_AG_TIE * ub))
    return IRR_ALG_AUTO;
  return pof2 ? IRR_ALG_RECDOUBLING : IRR_ALG_BRUCK;
}

/* The flat cluster's choice (irr_allgatherv_choose_x): the candidates in the order Bruck,
   recursive doubling, ring, neighbor exchange, circulant; one replaces the best so far only
   if its estimate (network + CPU) is below IRR_AG_TIE of it. Then the exact times decide,
   in the same order, if they cost under IRR_AG_REFINE of the best's estimate: of every
   candidate where that is affordable (small p), else of those whose band reaches below
   IRR_AG_TIE of the best's band (and of the best if it is the circulant schedule, whose n
   the closed form may miss). */
static inline irr_alg irr__allgatherv_choose_flat(int p, const int64_t *m, irr_model md, int64_t *B, void *work,
                                                  irr_ag_circ *cc) {
  irr__agc c[6];
  irr__szhist h;
  double rdnet;
  int w, nc;
  irr_alg a = irr__ag_latency(p, m, md, work, cc, &rdnet);
  if (a != IRR_ALG_AUTO) return *B = 0, a;
  nc = irr__ag_candidates(p, m, md, work, cc, c, &w, &h, rdnet);
  w = irr__ag_refine(p, m, md, work, cc, c, nc, w, &h);
  *B = c[w].alg == IRR_ALG_RING || c[w].alg == IRR_ALG_CIRCULANT ? c[w].B : 0;
  return c[w].alg;
}

/* Allgatherv's automatic choice. On a flat cluster (node NULL): irr__allgatherv_choose_flat,
   the argmin of the model's estimates (network and CPU) over every registered algorithm
   that applies (up to IRR_AG_TIE), exact where the estimates cannot tell and the exact times
   are cheap enough. On SMP nodes: irr__allgatherv_choose_smp (SMPI's figures win there).
   work: IRR_AG_WORK(p) 8-byte words. cc: the circulant table if the caller keeps one (see
   irr_ag_circ; NULL: none kept). *B: the ring's block size or the circulant's pieces per
   block (else 0). A forced algorithm wins; recursive doubling forced on other than 2^k
   ranks, or the node-aware one without such nodes, is Bruck, and so is the circulant one
   where its table's repair fails; neighbor exchange forced on odd p is the ring. The same
   on every rank: every input is (sizes, layout, model, forced). */
static inline irr_alg irr__allgatherv_choose_in(irr_alg forced, int p, const int64_t *m, irr_model md, const int *node,
                                                int64_t *B, void *work, irr_ag_circ *cc) {
  int pof2 = p > 0 && (p & (p - 1)) == 0;
  double t;
  *B = 0;
  if (irr_alg_find(IRR_COLL_ALLGATHERV, forced)) {
    *B = forced == IRR_ALG_RING || (forced == IRR_ALG_NEIGHBOR && p % 2) ? irr_allgatherv_block_on(p, m, md, node != NULL) : 0;
    if (forced == IRR_ALG_HIER && irr_allgatherv_nodes(p, node, NULL) <= 1) return IRR_ALG_BRUCK;
    if (forced == IRR_ALG_NEIGHBOR && p % 2) return IRR_ALG_RING;
    if (forced == IRR_ALG_CIRCULANT) { /* B: pieces per block; Bruck where the table's repair fails (p alone) */
      *B = irr_allgatherv_circulant_choose(p, m, md, work, &t);
      if (t >= 1e300) return *B = 0, IRR_ALG_BRUCK;
      cc->R = irr__circ_work_R(p, work), cc->made = 1; /* the table it made */
    }
    return forced == IRR_ALG_RECDOUBLING && !pof2 ? IRR_ALG_BRUCK : forced;
  }
  if (node) { /* the layout's counts: the caller's, or counted here for this call alone */
    int share = cc->share, nn = cc->nn;
    if (share <= 0) {
      share = irr__allgatherv_share_w(p, node, (int *)work), nn = irr_allgatherv_nodes(p, node, NULL);
      cc->units += (IRR_AG_SMP_SHARE + IRR_AG_SMP_NODES) * p;
    }
    return irr__allgatherv_choose_smp(p, m, md, node, share, nn, B, work, &cc->units);
  }
  if (p <= 1) return IRR_ALG_BRUCK;
  return irr__allgatherv_choose_flat(p, m, md, B, work, cc);
}
static inline irr_alg irr_allgatherv_choose_x(irr_alg forced, int p, const int64_t *m, irr_model md, const int *node,
                                              int64_t *B, void *work, irr_ag_circ *cc) {
  irr_ag_circ own;
  irr_circ_sum sum; /* cleared only where the circulant schedule is weighed (irr_circ_summarize) */
  irr_alg a;
  if (!cc) memset(&own, 0, sizeof own), cc = &own;
  if (!cc->sum) sum.p = 0, cc->sum = &sum;
  a = irr__allgatherv_choose_in(forced, p, m, md, node, B, work, cc);
  if (cc->sum == &sum) cc->sum = NULL;
  return a;
}
static inline irr_alg irr_allgatherv_choose_w(irr_alg forced, int p, const int64_t *m, irr_model md, const int *node,
                                              int64_t *B, void *work) {
  return irr_allgatherv_choose_x(forced, p, m, md, node, B, work, NULL);
}

/* The same with its own workspace, for callers outside the MPI layer (tests, tools, the
   benchmarks); without memory, the closed-form choice of ring or Bruck. */
static inline irr_alg irr_allgatherv_choose(irr_alg forced, int p, const int64_t *m, irr_model md, const int *node,
                                            int64_t *B) {
  void *w = p > 0 ? IRRCOLL_MALLOC(IRR_AG_WORK(p) * 8) : NULL;
  irr_alg a = w ? irr_allgatherv_choose_w(forced, p, m, md, node, B, w) : irr_allgatherv_choose_on(p, m, md, 1, B);
  if (w) IRRCOLL_FREE(w);
  return a;
}

/* The model's CPU of rank r's program for alg: its ops, and what its generator walks beyond
   them: the circulant's roots in every round (IRR_CIRC_WALK sizes a root), recursive
   doubling's partner groups (p - 1 sizes summed at 0.3 ns, half a size visited: the
   generator took 0.15 us at p = 256 with its ops), the others' sums of block ranges,
   IRR_AG_SUMS sizes a rank, and the ring's order and block counts, IRR_AG_RING_SUMS (one
   thread, 16 draws of new counts a p, p = 64 .. 1280, beyond 4.7 ns an op: Bruck 1.1-1.4 ns a
   rank, neighbor exchange 0.7-1.0, the ring 6-10; both were 2 sizes). And the counts'
   validation: IRR_VALIDATE_SIZES sizes a count (64-bit widening, overflow checks: 1.5-1.7 ns
   a count, bench_cpu's "validate"; the key's hash, 0.35 ns). A repeated Allgatherv also
   hashes the displacements for its kept datatypes: IRR_AG_REPEAT_SIZES. The choice's
   estimates do not use these (only what the MPI layer charges does). */
#define IRR_AG_SUMS 1.3
#define IRR_AG_RING_SUMS 8.0
#define IRR_VALIDATE_SIZES 2.3
#define IRR_AG_REPEAT_SIZES (IRR_VALIDATE_SIZES + 0.45)
static inline double irr__ag_plan_cpu(irr_alg alg, int p, int nops, int64_t B, irr_model md) {
  return md.cpu_op * nops + (alg == IRR_ALG_CIRCULANT     ? irr__circ_walk_cpu(p, (int)B, md)
                             : alg == IRR_ALG_RECDOUBLING ? md.cpu_size * 0.5 * p
                             : alg == IRR_ALG_RING        ? md.cpu_size * IRR_AG_RING_SUMS * p
                                                          : md.cpu_size * IRR_AG_SUMS * p);
}

/* Messages of at least this many bytes in Bruck, recursive doubling, neighbor exchange and
   the circulant schedule are synchronous (IRR_OPF_SYNC): a rank whose partners' messages are
   empty (skewed sizes) would otherwise post several rounds' eager sends at once, and they
   share its link, where the
   model (single-ported) and MPI's own algorithms (a Sendrecv every round) send one after the
   other. SMPI, flat, 0.5 us, p = 64, random skewed sizes, 1 KiB average: recursive doubling
   70.0 us eager, 32.2 us so (MPICH's recursive doubling 52.7 us); p = 8, one rank has
   32 KiB: 25.4 us, 15.8 us (MPICH's 20.4 us). Above MPI's eager limit a send waits for its
   receiver anyway; below this, the handshake would cost more than the flood. The circulant
   schedule's messages too (p = 256, one rank has 256 KiB: 198 us eager, 78.9 us so, MPICH's
   recursive doubling 226 us; the model says 70 us). */
#define IRR_AG_SYNC_MIN 4096

/* Rank r's Allgatherv program for a chosen algorithm (ring: B, ring order `ring` from
   irr_allgatherv_layout, n = 1 if that order is node-aware; hier: ring = the nodes' first
   ranks, n of them). The ring's synchronous sends (its flow control, irr_allgatherv_ring)
   are dropped on SMP nodes: there only the one link that leaves a node is slow, and waiting
   for each receiver there cost more than flooding it (SMPI, 16-core nodes, 64 KiB: p = 30
   half_full 344 -> 297 us, decreasing 316 -> 233 us; p = 64 half_full 721 -> 620 us; 1 MiB
   spike 191 -> 163 us; no cell slower), while on a flat cluster they are worth it
   (p = 30 geometric 64 KiB: 399 us with them, 920 us without). */
static inline irr_status irr_allgatherv_sched_t(irr_alg alg, int r, int p, const int64_t *m, int64_t B, const int *ring,
                                                int n, int inplace, const int *R, int *fl, irr_sched *s) {
  if (alg == IRR_ALG_RING) {
    int i, n0 = s->nops;
    irr_status st = irr_allgatherv_ring(r, p, m, B, ring, inplace, s);
    for (i = n0; n > 0 && i < s->nops; i++) s->ops[i].flags &= (uint16_t)~IRR_OPF_SYNC;
    return st;
  }
  if (alg == IRR_ALG_HIER) return irr_allgatherv_hier(r, p, m, n, ring, inplace, s);
  if (alg == IRR_ALG_RECDOUBLING || alg == IRR_ALG_BRUCK || alg == IRR_ALG_NEIGHBOR || alg == IRR_ALG_CIRCULANT) {
    int i, n0 = s->nops;
    irr_status st = alg == IRR_ALG_RECDOUBLING ? irr_allgatherv_recdoubling(r, p, m, inplace, s)
                    : alg == IRR_ALG_BRUCK     ? irr_allgatherv_bruck(p, r, m, inplace, 0, s)
                    : alg == IRR_ALG_NEIGHBOR  ? irr_allgatherv_neighbor(r, p, m, inplace, s)
                    : B < 1 || B > INT32_MAX   ? IRR_ERR_ARG
                    : R                        ? irr_allgatherv_circulant_t(r, p, m, (int)B, R, fl, inplace, s)
                                               : irr_allgatherv_circulant(r, p, m, (int)B, inplace, s);
    for (i = n0; i < s->nops; i++) /* message heads (a circulant message's first op) */
      if (s->ops[i].kind == IRR_OP_SEND && !(s->ops[i].flags & IRR_OPF_CONT) &&
          irr__msg_len(s->ops, i, s->nops) >= IRR_AG_SYNC_MIN)
        s->ops[i].flags |= IRR_OPF_SYNC;
    return st;
  }
  return IRR_ERR_ARG;
}

/* The same, the circulant schedule's table computed here (R NULL). */
static inline irr_status irr_allgatherv_sched(irr_alg alg, int r, int p, const int64_t *m, int64_t B, const int *ring,
                                              int n, int inplace, irr_sched *s) {
  return irr_allgatherv_sched_t(alg, r, p, m, B, ring, n, inplace, NULL, NULL, s);
}

/* The ring order (ring; returns 1 if node-aware, else 0) or, for the node-aware algorithm,
   the nodes' first ranks (p + 1 ints; returns n, the number of nodes): for
   irr_allgatherv_sched. */
static inline int irr_allgatherv_layout(irr_alg alg, int p, const int64_t *m, const int *node, int *ring) {
  if (alg == IRR_ALG_HIER) return irr_allgatherv_nodes(p, node, ring);
  if (alg == IRR_ALG_RING) irr_allgatherv_order(p, m, node, ring); /* the others take no order: O(p) saved */
  return node != NULL;
}

/* The programs of all p ranks of an Allgatherv with sizes m, into set (free with
   irr_sched_set_free). alg: IRR_ALG_RING (B: block size, 0 for Eq. 2), IRR_ALG_CIRCULANT (B:
   pieces per block, 0 for the model's choice), IRR_ALG_BRUCK,
   IRR_ALG_RECDOUBLING, IRR_ALG_HIER, IRR_ALG_NEIGHBOR, or IRR_ALG_AUTO (irr_allgatherv_choose). node: ranks'
   nodes (each rank's lowest rank) or NULL (the ring's order, the node-aware algorithm; with
   auto, the choice too). */
static inline irr_status irr_allgatherv_build_all(irr_sched_set *set, irr_alg alg, int p, const int64_t *m,
                                                  int64_t B, const int *node, int inplace, irr_model md) {
  irr_status st;
  int r, n, *ring = NULL;
  int64_t cap, B0 = 0;
  irr_op *ops = NULL;
  if (p <= 0) return IRR_ERR_ARG;
  if (alg == IRR_ALG_AUTO || alg == IRR_ALG_RECDOUBLING || alg == IRR_ALG_HIER || alg == IRR_ALG_NEIGHBOR ||
      (alg == IRR_ALG_CIRCULANT && B <= 0))
    alg = irr_allgatherv_choose(alg, p, m, md, node, &B0), B = alg == IRR_ALG_CIRCULANT ? B0 : B;
  if (alg == IRR_ALG_AUTO) B = B0;
  if (!irr_alg_find(IRR_COLL_ALLGATHERV, alg)) return IRR_ERR_ARG;
  if (alg == IRR_ALG_RING && B <= 0) B = irr_allgatherv_block_on(p, m, md, node != NULL);
  if ((st = irr_sched_set_init(set, p)) != IRR_OK) return st;
  cap = irr_allgatherv_maxops(alg, p, m, B);
  ops = (irr_op *)IRRCOLL_MALLOC((size_t)cap * sizeof(irr_op));
  ring = (int *)IRRCOLL_MALLOC((size_t)(p + 1) * sizeof(int));
  if (!ops || !ring || cap > INT32_MAX) { st = IRR_ERR_NOMEM; goto out; }
  n = irr_allgatherv_layout(alg, p, m, node, ring);
  for (r = 0; r < p && st == IRR_OK; r++) {
    irr_sched s;
    irr_sched_init(&s, r, p, ops, (int)cap);
    st = irr_allgatherv_sched(alg, r, p, m, B, ring, n, inplace, &s);
    if (st == IRR_OK) st = irr_sched_set_add(set, &s);
  }
  if (st == IRR_OK) st = irr_sched_set_finish(set);
out:
  if (ops) IRRCOLL_FREE(ops);
  if (ring) IRRCOLL_FREE(ring);
  if (st != IRR_OK) irr_sched_set_free(set);
  return st;
}
