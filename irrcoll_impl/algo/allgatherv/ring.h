/* Allgatherv: every rank ends with every block i (m_i units) at its place in its receive
   buffer. This part: the pipelined ring of seed 004 (Träff, Ripke, Siebert, Balaji, Thakur,
   Gropp 2010, Sections 2.2-2.4, Eq. 1-2), its block size and its model time.

   irr_allgatherv_ring: the pipelined (blocked) ring. Rank i's m_i units are cut into
   b_i = max(1, ceil(m_i / B)) blocks of at most B units; the ring runs over b = sum b_i
   "virtual processes", rank i simulating b_i consecutive ones, so in round t every rank
   sends one block of at most B to its ring successor and receives one from its predecessor
   (Section 2.2). Empty blocks are never sent, and a rank is done after b - b_i rounds: the
   whole takes b - min b_i rounds (Eq. 1), (b - z - 1 + z') with the zero-size ranks placed
   evenly (Section 2.3, z' = floor(z / (p - z))). With B = max m_i on regular data it is the
   plain linear ring; with one non-empty rank it is a linear broadcast pipeline. Cost (linear
   model): about (b - z - 1 + z')(alpha + beta B). Scratch: none (blocks go straight into the
   receive buffer, and are forwarded from there). Limits: 2b + 2 ops per program (< 2^31).

     m = 5 2 3, B = 2 (Eq. 2 with alpha/beta = 0.2 units): virtual blocks 0a 0b 0c | 1a |
     2a 2b (0c, 2b: 1 unit), b = 6, b - min b_i = 5 rounds. Rank i sends to i+1 mod 3 its
     own blocks, last first, then each round what it received the round before:
       round    1   2   3   4   5
       rank 0   0c  0b  0a  2b  2a
       rank 1   1a  0c  0b  0a  -      (a rank stops sending after b - b_{i+1} rounds,
       rank 2   2b  2a  1a  -   -       receiving after b - b_i)

   The ring order is a permutation (irr_allgatherv_order): zero-size ranks spread evenly
   between the others, and on a cluster of SMP nodes each node's ranks consecutive, so that
   one link enters and one leaves every node (Section 2.2, Figure 1), with the node's
   zero-size ranks first (its last rank, which sends off the node, has data).

   irr_allgatherv_block: B from Eq. (2), B = sqrt(m alpha/beta / ((p+z)/2 - 1 + z')); B =
   m' for regular data (the plain ring); for one non-empty rank the pipeline's optimum
   sqrt(m alpha / (beta (p - 2))). */

/* Units of a ring block: [lo, lo + len) of rank i's m_i, j-th of b_i. */
static inline int64_t irr__nblocks(int64_t m, int64_t B) { return m <= 0 ? 1 : (m + B - 1) / B; }
/* The same with inv = 1.0 / B given: the quotient by the reciprocal, corrected to the exact
   ceiling (a division per rank made the block size search cost 13 us per candidate at
   p = 1024, irr__ring_snap_k). */
static inline int64_t irr__nblocks_inv(int64_t m, int64_t B, double inv) {
  int64_t b = m <= 0 ? 1 : (int64_t)((double)(m - 1) * inv) + 1;
  while (b > 1 && (b - 1) * B >= m) b--;
  while (b * B < m) b++;
  return b;
}

/* Ring order: ring[k] = the rank at position k. node[r]: the node of rank r (NULL: one
   node per rank); nodes keep the order of their lowest rank. Within a node (or, without
   nodes, in the whole ring) the zero-size ranks are spread: each non-empty rank is followed
   by floor(z / (p - z)) or one more of them; in a node they come first. */
static inline void irr_allgatherv_order(int p, const int64_t *m, const int *node, int *ring) {
  int i, k = 0;
  if (!node) {
    int nz = 0, z, q, rem, zi = 0, seen = 0;
    for (i = 0; i < p; i++) nz += m[i] > 0;
    z = p - nz;
    if (nz == 0 || z == 0) {
      for (i = 0; i < p; i++) ring[i] = i;
      return;
    }
    q = z / nz;
    rem = z % nz;
    for (i = 0; i < p; i++) { /* non-empty rank, then its share of empty ones */
      int j, share;
      if (m[i] <= 0) continue;
      ring[k++] = i;
      share = q + (seen++ < rem);
      for (j = 0; j < share; j++) {
        while (zi < p && m[zi] > 0) zi++;
        ring[k++] = zi++;
      }
    }
    return;
  }
  for (i = 0; i < p; i++) { /* node by node, in the order of their lowest rank */
    int j, first = 1, pass;
    for (j = 0; j < i; j++)
      if (node[j] == node[i]) first = 0;
    if (!first) continue;
    for (pass = 0; pass < 2; pass++) /* empty ranks first, so the one leaving the node has data */
      for (j = i; j < p; j++)
        if (node[j] == node[i] && (m[j] > 0) == pass) ring[k++] = j;
  }
}

/* Section 2.4's round count of the ring: b blocks in all (an empty rank's is one), z empty
   ranks, the smallest rank's mn blocks. With b = p and mn = 1 (every rank one block) it is
   the fewest any block size gives. */
static inline int64_t irr__ring_rounds(int p, int64_t b, int z, int64_t mn) {
  return z > 0 && z < p ? b - z - 1 + z / (p - z) : b - mn;
}

/* The ring's model estimate from its round count: rounds times alpha + beta B. */
static inline double irr__ring_est_rounds(int p, int64_t rounds, int64_t B, irr_model md) {
  return p <= 1 ? 0 : (double)rounds * (md.alpha + md.beta * (double)B);
}
/* The ring's model estimate for the automatic choice (every rank computes the same from the
   sizes, no communication): its round count times alpha + beta B. O(p). */
static inline double irr_allgatherv_ring_estimate(int p, const int64_t *m, int64_t B, irr_model md) {
  int64_t b = 0, mn = -1;
  int i, z = 0;
  double inv = B > 0 ? 1.0 / (double)B : 0;
  for (i = 0; i < p; i++) {
    int64_t bi = B > 0 ? irr__nblocks_inv(m[i], B, inv) : 1;
    b += bi;
    z += m[i] <= 0;
    if (mn < 0 || bi < mn) mn = bi;
  }
  return irr__ring_est_rounds(p, irr__ring_rounds(p, b, z, mn), B, md);
}
/* Eq. (2) counts blocks as if continuous; they are whole: a rank with B + 1 units takes two
   rounds, and a round lasts as long as its largest block. Among B0 and the candidates in
   [B0 / 2, hi B0] (the cuts of the largest block mx into k equal blocks, k within 4 of
   mx / B0; the sizes that start the first 16 runs of equal sizes, halved down to B0 / 2;
   IRR__SNAP_MAX distinct ones at most), the one with the least ring estimate (the first if
   equal). O(p + IRR__SNAP_MAX nl), nl the ranks above B0 / 2 (irr__ring_rounds_cnt), the same
   on every rank; at p = 1024, 64 KiB (seed 004's distributions and random) the whole choice
   took 36-88 us without it, 39-104 us with it, against at least 6.7 ms of data (every rank
   walked for each candidate then). SMPI, 0.5 us overhead: flat p = 30, geometric 1 MiB
   (sizes mx / 2^j), Eq. (2)'s 182 KB took 3.82 ms, mx / 16 = 393 KB 3.22 ms, as MPICH's
   ring (whose segment is the smallest block there), 364 KB (a remainder on the smallest
   blocks) 4.13 ms; 16-core nodes p = 256, geometric 1 MiB, 436 KB (Eq. 2 from 6 alpha)
   32.3 ms, 512 KiB (judged by 6 alpha, irr_allgatherv_block_on) 30.3 ms, 256 KiB 28.9 ms.
   On nodes hi = 1: growing B there cost half-full 1 MiB at p = 30 0.97 -> 0.94. */
#define IRR__SNAP_MAX 16
/* The ring's round count at block sizes B >= lo, from the sizes counted once: a rank of at
   most lo units (or none) is one block at every such B, so only the larger ones (L, nl) are
   walked per size; n1 the others, z the empty ranks. irr_allgatherv_ring_estimate's count
   (the same b, z and least b_i). */
typedef struct {
  int p, z, nl;
  int64_t n1;
  const int64_t *L;
} irr__ring_cnt;
static inline int64_t irr__ring_rounds_cnt(const irr__ring_cnt *c, int64_t B, int64_t *bm) {
  int64_t b = c->n1, mn = c->n1 > 0 ? 1 : -1;
  double inv = 1.0 / (double)B;
  int i;
  for (i = 0; i < c->nl; i++) {
    int64_t bi = irr__nblocks_inv(c->L[i], B, inv);
    b += bi;
    if (mn < 0 || bi < mn) mn = bi;
  }
  *bm = b - mn; /* Eq. (1)'s b - min b_i: the exact recursion's rounds */
  return irr__ring_rounds(c->p, b, c->z, mn);
}
/* The larger sizes kept for the snap's candidates: near Eq. (2)'s size most ranks hold one
   block (bench_cpu smp's draws at 1 KiB a rank, p = 1024 on nodes: B0 about 13 KB, 18 ranks
   above B0 / 2 on average, 57 at most), so each candidate walks those instead of p. At 64 KiB
   there were 191 on average, above this many on a third of the calls: every rank is walked
   then (L = m). */
#define IRR__SNAP_LARGE 256
/* The snap's result with what the choice then asks of it, so that it does not walk the sizes
   again: B, its round count rounds and cells = b - min b_i there (Eq. 1, the exact
   recursion's rounds); B0, Eq. (2)'s size before the snap, and rounds0 there
   (irr__ring_est_rounds makes the estimates of both); mx, the largest size (0 if none);
   units, the snap's work for the model's CPU of the choice, in cpu_size units (a size the
   flat choice visits): IRR_RING_PASS a size of its pass and the runs' starts, IRR_RING_EVAL
   a kept size a candidate counts the blocks of (bench_cpu smp's draws, one thread, against
   the flat choice's size timed in the same run: 1.4-2.2 units a rank where it evaluates
   little, 3.6 a size visited where it evaluates 5.5 a rank). */
#define IRR_RING_PASS 1.2
#define IRR_RING_EVAL 4.0
typedef struct {
  int64_t B, rounds, cells, B0, rounds0, mx;
  double units;
} irr__ring_pick;
/* The snap of k->B0 into k. */
static inline void irr__ring_snap_k(int p, const int64_t *m, irr_model md, int hi, irr__ring_pick *k) {
  int64_t B0 = k->B0, mx = 0, kk, kc, Bk, tried[IRR__SNAP_MAX], lo = B0 / 2 > 1 ? B0 / 2 : 1, L[IRR__SNAP_LARGE], bm;
  double tb;
  int i, n = 0, runs = 0, nl = 0, z = 0;
  irr__ring_cnt c;
#define IRR__TRY(b)                                                                                \
  do {                                                                                             \
    int u_;                                                                                        \
    int64_t r_, c_;                                                                                \
    double t_;                                                                                     \
    for (u_ = 0; u_ < n && tried[u_] != (b); u_++) {}                                              \
    if ((b) >= B0 / 2 && (b) <= hi * B0 && (b) != B0 && u_ == n && n < IRR__SNAP_MAX) {            \
      tried[n++] = (b);                                                                            \
      r_ = irr__ring_rounds_cnt(&c, (b), &c_);                                                     \
      if ((t_ = irr__ring_est_rounds(p, r_, (b), md)) < tb) tb = t_, k->B = (b), k->rounds = r_, k->cells = c_; \
    }                                                                                              \
  } while (0)
  for (i = 0; i < p; i++) { /* the largest; the sizes above lo (every candidate is at least lo) */
    if (m[i] > mx) mx = m[i];
    z += m[i] <= 0;
    if (m[i] > lo) {
      if (nl < IRR__SNAP_LARGE) L[nl] = m[i];
      nl++;
    }
  }
  k->B = B0, k->mx = mx, k->units = IRR_RING_PASS * p;
  if (B0 < 1 || mx <= B0) { /* every rank one block */
    k->rounds = k->rounds0 = irr__ring_rounds(p, p, z, 1), k->cells = p - 1;
    return;
  }
  c.p = p, c.z = z;
  if (nl <= IRR__SNAP_LARGE) c.L = L, c.nl = nl, c.n1 = p - nl;
  else c.L = m, c.nl = p, c.n1 = 0;
  k->rounds = k->rounds0 = irr__ring_rounds_cnt(&c, B0, &bm), k->cells = bm;
  tb = irr__ring_est_rounds(p, k->rounds0, B0, md);
  for (kc = (mx + B0 - 1) / B0, kk = kc > 4 ? kc - 4 : 1; kk <= kc + 4; kk++) /* cuts of the largest near B0 */
    IRR__TRY((mx + kk - 1) / kk);
  for (i = 0; i < p && runs < 16 && n < IRR__SNAP_MAX; i++) { /* sizes that start the first 16 runs, halved */
    if ((i > 0 && m[i] == m[i - 1]) || m[i] <= 0) continue;
    runs++;
    for (Bk = m[i]; Bk >= B0 / 2 && Bk >= 1; Bk /= 2) IRR__TRY(Bk); /* B0 = 1: B0 / 2 = 0 */
  }
  k->units += IRR_RING_PASS * i + IRR_RING_EVAL * (n + 1) * (double)c.nl;
#undef IRR__TRY
}

/* The sizes' statistics, in one pass: the total (saturating), the largest (0 if none), the
   smallest, the empty ranks, whether all are equal. Eq. (2) and the ring's gates read them,
   and the choice on SMP nodes (select/allgatherv.h) its exit and bounds. */
typedef struct {
  int64_t tot, mx, mn;
  int z, regular;
} irr__ring_st;
static inline irr__ring_st irr__ring_stats(int p, const int64_t *m) {
  irr__ring_st st = {0, 0, 0, 0, 1};
  int i;
  if (p > 0) st.mn = m[0];
  for (i = 0; i < p; i++) {
    st.tot = irr__sat_add(st.tot, m[i]);
    if (m[i] > st.mx) st.mx = m[i];
    if (m[i] < st.mn) st.mn = m[i];
    st.z += m[i] <= 0;
    if (m[i] != m[0]) st.regular = 0;
  }
  return st;
}
/* Eq. (2): the block size for sizes of statistics st (units), alpha/beta in units. */
static inline int64_t irr__ring_block_st(int p, const irr__ring_st *st, irr_model md) {
  int64_t mx = st->mx;
  int z = st->z;
  double d, B;
  if (mx == 0) return 1;
  if (st->regular || p <= 2) return mx;                   /* the plain linear ring */
  if (z == p - 1) d = p - 2.0;                             /* a broadcast pipeline */
  else d = (p + z) / 2.0 - 1 + (double)(z / (p - z));
  if (d <= 0 || md.beta <= 0) return mx;
  B = irr__sqrt((double)st->tot * md.alpha / md.beta / d);
  if (B < 1) B = 1;
  return B >= (double)mx ? mx : (int64_t)B;
}
static inline int64_t irr_allgatherv_block(int p, const int64_t *m, irr_model md) {
  irr__ring_st st = irr__ring_stats(p, m);
  return irr__ring_block_st(p, &st, md);
}

/* Eq. (2)'s block size for the node-aware ring (smp: the ring order keeps nodes together,
   their ranks sharing one NIC), from alpha * IRR_RING_NODE_ALPHA. A round of that ring
   costs far more than the model's alpha beyond its data: it crosses a NIC behind the hops
   inside the nodes, each paying the per-message overheads. In SMPI (16-core nodes, 0.5 us
   overhead, p = 256, decreasing sizes, 64 KiB) a round took about 9 us at B = 44 KB and at
   128 KiB alike, and B from 6 alpha moved the worst of p = 30, 64, 256 x 64 KiB, 1 MiB
   from 0.54 to 0.84 of SMPI's best (p = 256 decreasing 0.54 -> 0.98, 1 MiB cells 0.93-0.97
   -> 0.97-1.04). Then snapped to whole blocks (irr__ring_snap_k; on nodes only smaller, and
   judged by the same 6 alpha: judged by alpha, it cut p = 1024 decreasing 64 KiB to 64 KiB
   blocks, 0.73 of MPICH's ring, against 0.97 at Eq. (2)'s 106 KB). */
#define IRR_RING_NODE_ALPHA 6
/* The ring's block size (irr_allgatherv_block_on) as an irr__ring_pick; st: the sizes'
   statistics (NULL: counted here). */
static inline irr__ring_pick irr__ring_pick_on(int p, const int64_t *m, irr_model md, int smp, const irr__ring_st *st) {
  irr__ring_pick k;
  if (smp) md.alpha *= IRR_RING_NODE_ALPHA;
  k.B0 = st ? irr__ring_block_st(p, st, md) : irr_allgatherv_block(p, m, md);
  irr__ring_snap_k(p, m, md, smp ? 1 : 4, &k);
  return k;
}
static inline int64_t irr_allgatherv_block_on(int p, const int64_t *m, irr_model md, int smp) {
  return irr__ring_pick_on(p, m, md, smp, NULL).B;
}

/* The pipelined ring, rank r's program. ring: the order (NULL: identity). Own blocks are
   sent from the send buffer (receive buffer with inplace), forwarded ones from the receive
   buffer, where they were received. Round 0 copies the own block; ring round t is t + 1. */
static inline irr_status irr_allgatherv_ring(int r, int p, const int64_t *m, int64_t B, const int *ring,
                                             int inplace, irr_sched *s) {
  int k, me, nxt, prv, sc, rc, obuf = inplace ? IRR_BUF_RECV : IRR_BUF_SEND;
  int64_t b = 0, bme, bnext, t, sj, rj;
#define IRR__RANK(pos) (ring ? ring[pos] : (pos))
#define IRR__NB(pos) irr__nblocks(m[IRR__RANK(pos)], B)
  if (s->rank != r || s->size != p || B < 1) return IRR_ERR_ARG;
  for (k = 0; k < p; k++) b += IRR__NB(k);
  for (me = 0; me < p && IRR__RANK(me) != r; me++) {}
  if (me == p) return IRR_ERR_ARG;
  nxt = IRR__RANK((me + 1) % p);
  prv = IRR__RANK((me + p - 1) % p);
  bme = IRR__NB(me);
  bnext = IRR__NB((me + 1) % p);
  if (!inplace && m[r] > 0) irr_sched_copy(s, 0, IRR_BUF_SEND, 0, IRR_BUF_RECV, 0, r, r + 1, m[r]);
  /* Virtual blocks run backwards through the ring: round t sends the block t places before
     my last one, and receives the one t places before my first. (sc, sj) / (rc, rj): ring
     position and block index of the next send / receive. */
  sc = me, sj = bme - 1;
  rc = (me + p - 1) % p, rj = IRR__NB(rc) - 1;
  for (t = 0; p > 1 && (t < b - bme || t < b - bnext); t++) {
    int dir;
    for (dir = 0; dir < 2; dir++) {
      int send = dir == 0, *c = send ? &sc : &rc, o;
      int64_t *j = send ? &sj : &rj, lo, len;
      if (t >= (send ? b - bnext : b - bme)) continue;
      o = IRR__RANK(*c);
      lo = *j * B;
      len = m[o] - lo < B ? m[o] - lo : B;
      if (len > 0) { /* empty blocks are never sent */
        irr_op *op = irr_sched_push(s, (int)t + 1, send ? IRR_OP_SEND : IRR_OP_RECV, send ? nxt : prv,
                                    send && o == r ? obuf : IRR_BUF_RECV, 0, IRR_BUF_NONE, 0, o, o + 1, lo, len);
        if (op && send && b > p) op->flags = IRR_OPF_SYNC; /* pipelined: flow control */
      }
      if (*j > 0) --*j; /* one virtual block back */
      else *c = (*c + p - 1) % p, *j = IRR__NB(*c) - 1;
    }
  }
#undef IRR__RANK
#undef IRR__NB
  return s->err;
}

/* The pipelined ring (irr_allgatherv_ring with block size B, order ring, NULL: identity):
   the recursion, O(p R) for its R = b - min b_i rounds, where p R <= IRR_RING_EXACT; beyond,
   R (alpha + beta B), an upper bound (no message exceeds B): a path through the programs
   follows the whole blocks (each makes p - 1 hops, and every block passes every rank), and
   the bound was within 1.1% of irr_sched_cost in 3000 random skewed distributions at
   p <= 1024 with the block size of irr_allgatherv_block_on (test_pure holds it to 3%). It
   differs from irr_allgatherv_ring_estimate, whose round count (Section 2.3) assumes that
   empty ranks cost no round: every block still makes p - 1 hops one after the other (p = 10,
   four single blocks: 6.0 us estimated there, 13.5 us in the model and here). The exact
   recursion costs about 5 ns a cell, far more than the ring's rounds are worth at large p. */
#ifndef IRR_RING_EXACT
#define IRR_RING_EXACT ((int64_t)1 << 14)
#endif
/* Whether irr_allgatherv_ring_time is exact (else the bound) for these sizes and B. */
static inline int irr_allgatherv_ring_exact(int p, const int64_t *m, int64_t B) {
  double inv = B > 0 ? 1.0 / (double)B : 0;
  int64_t b = 0, mn = -1, nb;
  int i;
  if (p <= 1 || B < 1) return 1;
  for (i = 0; i < p; i++) {
    nb = irr__nblocks_inv(m[i], B, inv);
    b += nb;
    mn = mn < 0 || nb < mn ? nb : mn;
  }
  return (double)(b - mn) * p <= (double)IRR_RING_EXACT;
}
/* The same on SMP nodes (node: each rank's lowest rank, NULL: none): a hop between ranks of
   one node costs ai alpha + bi beta len instead of alpha + beta len (1, 1: the model's, as
   irr_allgatherv_ring_time); exact where p R <= cells, beyond, the bound. In SMPI (16-core
   nodes) the hops inside a node run at twice the NIC's bandwidth and 1/6 of its latency,
   and 15 of every 16 hops of the node-aware ring are such hops. */
static inline double irr_allgatherv_ring_time_on(int p, const int64_t *m, int64_t B, const int *ring, const int *node,
                                                 irr_model md, double ai, double bi, double cells, void *work) {
  double *E = (double *)work, *F = E + p, inv = B > 0 ? 1.0 / (double)B : 0;
  int64_t *nb = (int64_t *)(F + p), *S = nb + p, *sj = S + p, *sc = sj + p, b = 0, mn = -1, R, tt;
  int pos;
#define IRR__RK(x) (ring ? ring[x] : (x))
  if (p <= 1 || B < 1) return 0;
  for (pos = 0; pos < p; pos++) {
    nb[pos] = irr__nblocks_inv(m[IRR__RK(pos)], B, inv);
    b += nb[pos];
    mn = mn < 0 || nb[pos] < mn ? nb[pos] : mn;
  }
  R = b - mn;
  if ((double)R * p > cells) return (double)R * (md.alpha + md.beta * (double)B);
  for (pos = 0; pos < p; pos++) E[pos] = 0, sc[pos] = pos, sj[pos] = nb[pos] - 1;
  for (tt = 0; tt < R; tt++) {
    double *tmp;
    for (pos = 0; pos < p; pos++) { /* what each position sends this round (as the generator walks) */
      int nx = pos + 1 < p ? pos + 1 : 0, c = (int)sc[pos];
      int64_t lo = sj[pos] * B, mo = m[IRR__RK(c)];
      S[pos] = 0;
      if (tt >= b - nb[nx]) continue;
      S[pos] = mo - lo < B ? mo - lo : B;
      if (sj[pos] > 0) sj[pos]--;
      else sc[pos] = c > 0 ? c - 1 : p - 1, sj[pos] = nb[sc[pos]] - 1;
    }
    for (pos = 0; pos < p; pos++) {
      int nx = pos + 1 < p ? pos + 1 : 0, pv = pos > 0 ? pos - 1 : p - 1;
      int me = node ? node[IRR__RK(pos)] : 0, so = node && node[IRR__RK(nx)] == me, ro = node && node[IRR__RK(pv)] == me;
      double e = irr__mp_msg(E[pos], E[pos], E[nx], (so ? ai : 1) * md.alpha, (so ? bi : 1) * md.beta * (double)S[pos],
                             S[pos] > 0);
      F[pos] = irr__mp_msg(e, E[pos], E[pv], (ro ? ai : 1) * md.alpha, (ro ? bi : 1) * md.beta * (double)S[pv], S[pv] > 0);
    }
    tmp = E, E = F, F = tmp;
  }
#undef IRR__RK
  return irr__mp_latest(E, p);
}
static inline double irr_allgatherv_ring_time(int p, const int64_t *m, int64_t B, const int *ring, irr_model md,
                                              void *work) {
  return irr_allgatherv_ring_time_on(p, m, B, ring, NULL, md, 1, 1, (double)IRR_RING_EXACT, work);
}

/* For the automatic choice: the ring's upper bound R (alpha + beta B) (the one
   irr_allgatherv_ring_time_on takes beyond its cells: within 1.2% of the exact time on random
   skewed sizes), R = b - min b_i its rounds, into *rounds. O(p). */
static inline double irr__ag_ring_bound(int p, const int64_t *m, int64_t B, irr_model md, int64_t *rounds) {
  double inv = B > 0 ? 1.0 / (double)B : 0;
  int64_t b = 0, mn = -1, nb;
  int i;
  *rounds = 0;
  if (p <= 1 || B < 1) return 0;
  for (i = 0; i < p; i++) {
    nb = irr__nblocks_inv(m[i], B, inv);
    b += nb;
    mn = mn < 0 || nb < mn ? nb : mn;
  }
  *rounds = b - mn;
  return (double)*rounds * (md.alpha + md.beta * (double)B);
}
/* Its CPU on the busiest rank: 2R + 1 ops, 2R messages of one piece. */
static inline double irr__ag_ring_cpu(int64_t R, irr_model md) { return md.cpu_op * (2.0 * R + 1) + md.cpu_msg * 2.0 * R; }
/* The ring's rounds R = b - min b_i with block size B. */
static inline int64_t irr_allgatherv_ring_rounds(int p, const int64_t *m, int64_t B) {
  int64_t R;
  irr__ag_ring_bound(p, m, B, irr_model_ab(0, 0), &R);
  return R;
}
