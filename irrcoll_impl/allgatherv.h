/* Allgatherv schedules: every rank ends with every block i (m_i units) at its place in its
   receive buffer. Sources: the pipelined ring of seed 004 (Träff, Ripke, Siebert, Balaji,
   Thakur, Gropp 2010, Sections 2.2-2.4, Eq. 1-2); Bruck's allgather (Bruck, Ho, Kipnis,
   Upfal, Weathersby 1997; not a seed) on irregular sizes; recursive doubling as MPICH does it.

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
   sqrt(m alpha / (beta (p - 2))).

   The latency-optimal choice for small totals (IRR_ALG_BRUCK): irr_allgatherv_bruck, Bruck's
   allgather on irregular sizes (ceil(log2 p) rounds, any p; messages go between receive
   buffers, blocks at their displacements, no scratch). Round k: rank r sends the first
   n = min(2^k, p - 2^k) blocks it holds (r, r+1, ... mod p) to r - 2^k and receives n more
   from r + 2^k. Cost: ceil(log2 p) alpha + beta * (sum over rounds of the largest message):
   bad for one huge block, which it forwards every round.

     p = 5, rank 2's receive buffer:      0   1   2   3   4
       start                              .   .   2   .   .
       k = 0: 1 block from rank 3         .   .   2   3   .
       k = 1: 2 blocks from rank 4        0'  .   2   3   4'   4' 0': one message that
       k = 2: 1 block from rank 1         0   1   2   3   4    wraps past p-1 (OPF_WRAP)

   Baselines for the model: irr_allgatherv_mpich_ring (the ring of MPICH: p - 1 rounds, each
   block cut into 32 KiB messages, no pipelining across blocks) and recursive doubling (what
   MPICH uses for small totals on 2^k ranks; p a power of two only; cost as Bruck's, log2 p
   alpha + beta * sum over rounds of the largest group). The plain linear ring is
   irr_allgatherv_ring with B >= max m_i and the identity order.

     recursive doubling, p = 4: round k swaps the aligned group of 2^k blocks with r ^ 2^k
       k = 0   {0} <-> {1}    {2} <-> {3}
       k = 1   {0 1}  <---->  {2 3}          (0 <-> 2 and 1 <-> 3: both blocks each) */

/* Units of a ring block: [lo, lo + len) of rank i's m_i, j-th of b_i. */
static inline int64_t irr__nblocks(int64_t m, int64_t B) { return m <= 0 ? 1 : (m + B - 1) / B; }
/* The same with inv = 1.0 / B given: the quotient by the reciprocal, corrected to the exact
   ceiling (a division per rank made the block size search cost 13 us per candidate at
   p = 1024, irr__ring_snap). */
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

/* sqrt without <math.h> (so users need no -lm): Newton from a power of two above. */
static inline double irr__sqrt(double x) {
  double y = 1;
  int i;
  if (!(x > 0)) return 0;
  while (y * y < x && y < 1e300) y *= 2;
  for (i = 0; i < 64; i++) y = 0.5 * (y + x / y);
  return y;
}

/* The ring's model estimate for the automatic choice (every rank computes the same from the
   sizes, no communication): Section 2.4's round count times alpha + beta B. O(p). */
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
  if (p <= 1) return 0;
  {
    double rounds = z > 0 && z < p ? (double)(b - z - 1 + z / (p - z)) : (double)(b - mn);
    return rounds * (md.alpha + md.beta * (double)B);
  }
}
/* Eq. (2) counts blocks as if continuous; they are whole: a rank with B + 1 units takes two
   rounds, and a round lasts as long as its largest block. Among B0 and the candidates in
   [B0 / 2, hi B0] (the cuts of the largest block mx into k equal blocks, k within 4 of
   mx / B0; the sizes that start the first 16 runs of equal sizes, halved down to B0 / 2;
   IRR__SNAP_MAX distinct ones at most), the one with the least ring estimate (the first if
   equal). O(IRR__SNAP_MAX p), the same on every rank; at p = 1024, 64 KiB (seed 004's
   distributions and random) the whole choice took 36-88 us without it, 39-104 us with it,
   against at least 6.7 ms of data. SMPI, 0.5 us overhead: flat p = 30, geometric 1 MiB
   (sizes mx / 2^j), Eq. (2)'s 182 KB took 3.82 ms, mx / 16 = 393 KB 3.22 ms, as MPICH's
   ring (whose segment is the smallest block there), 364 KB (a remainder on the smallest
   blocks) 4.13 ms; 16-core nodes p = 256, geometric 1 MiB, 436 KB (Eq. 2 from 6 alpha)
   32.3 ms, 512 KiB (judged by 6 alpha, irr_allgatherv_block_on) 30.3 ms, 256 KiB 28.9 ms.
   On nodes hi = 1: growing B there cost half-full 1 MiB at p = 30 0.97 -> 0.94. */
#define IRR__SNAP_MAX 16
static inline int64_t irr__ring_snap(int p, const int64_t *m, irr_model md, int64_t B0, int hi) {
  int64_t best = B0, mx = 0, k, kc, Bk, tried[IRR__SNAP_MAX];
  double tb = irr_allgatherv_ring_estimate(p, m, B0, md);
  int i, n = 0, runs = 0;
#define IRR__TRY(b)                                                                                \
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
  for (kc = (mx + B0 - 1) / B0, k = kc > 4 ? kc - 4 : 1; k <= kc + 4; k++) /* cuts of the largest near B0 */
    IRR__TRY((mx + k - 1) / k);
  for (i = 0; i < p && runs < 16 && n < IRR__SNAP_MAX; i++) { /* sizes that start the first 16 runs, halved */
    if ((i > 0 && m[i] == m[i - 1]) || m[i] <= 0) continue;
    runs++;
    for (Bk = m[i]; Bk >= B0 / 2 && Bk >= 1; Bk /= 2) IRR__TRY(Bk); /* B0 = 1: B0 / 2 = 0 */
  }
#undef IRR__TRY
  return best;
}

/* Eq. (2): the block size for sizes m (units), alpha/beta in units. */
static inline int64_t irr_allgatherv_block(int p, const int64_t *m, irr_model md) {
  int64_t tot = 0, mx = 0;
  int i, z = 0, regular = 1;
  double d, B;
  for (i = 0; i < p; i++) {
    tot = irr__sat_add(tot, m[i]);
    if (m[i] > mx) mx = m[i];
    z += m[i] <= 0;
    if (m[i] != m[0]) regular = 0;
  }
  if (mx == 0) return 1;
  if (regular || p <= 2) return mx;                       /* the plain linear ring */
  if (z == p - 1) d = p - 2.0;                             /* a broadcast pipeline */
  else d = (p + z) / 2.0 - 1 + (double)(z / (p - z));
  if (d <= 0 || md.beta <= 0) return mx;
  B = irr__sqrt((double)tot * md.alpha / md.beta / d);
  if (B < 1) B = 1;
  return B >= (double)mx ? mx : (int64_t)B;
}

/* Eq. (2)'s block size for the node-aware ring (smp: the ring order keeps nodes together,
   their ranks sharing one NIC), from alpha * IRR_RING_NODE_ALPHA. A round of that ring
   costs far more than the model's alpha beyond its data: it crosses a NIC behind the hops
   inside the nodes, each paying the per-message overheads. In SMPI (16-core nodes, 0.5 us
   overhead, p = 256, decreasing sizes, 64 KiB) a round took about 9 us at B = 44 KB and at
   128 KiB alike, and B from 6 alpha moved the worst of p = 30, 64, 256 x 64 KiB, 1 MiB
   from 0.54 to 0.84 of SMPI's best (p = 256 decreasing 0.54 -> 0.98, 1 MiB cells 0.93-0.97
   -> 0.97-1.04). Then snapped to whole blocks (irr__ring_snap; on nodes only smaller, and
   judged by the same 6 alpha: judged by alpha, it cut p = 1024 decreasing 64 KiB to 64 KiB
   blocks, 0.73 of MPICH's ring, against 0.97 at Eq. (2)'s 106 KB). */
#define IRR_RING_NODE_ALPHA 6
static inline int64_t irr_allgatherv_block_on(int p, const int64_t *m, irr_model md, int smp) {
  if (smp) md.alpha *= IRR_RING_NODE_ALPHA;
  return irr__ring_snap(p, m, md, irr_allgatherv_block(p, m, md), smp ? 1 : 4);
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

/* XAllgatherv: round k of Bruck's allgather on p ranks. Rank r holds blocks r, r+1, ...
   (mod p) in that order; it sends its first n to r - 2^k and receives n from r + 2^k, which
   it appends; n = min(2^k, p - 2^k). Returns n (0: no round k). */
static inline int irr_bruck_round(int p, int r, int k, int *to, int *from) {
  int64_t d = (int64_t)1 << k;
  if (k < 0 || k > 30 || d >= p) return 0;
  *to = (int)((r - d % p + p) % p);
  *from = (int)((r + d) % p);
  return (int)(d < p - d ? d : p - d);
}

/* Bruck's allgather as a schedule. Known sizes (flags 0): every message goes straight
   between receive buffers, blocks at their displacements, so there is no scratch and no
   copy (a message whose blocks wrap past rank p-1 is one op with IRR_OPF_WRAP; the
   executor describes its pieces by one derived datatype). With flags (XAllgatherv:
   IRR_OPF_COUNTS on every message) the receiver cannot place blocks before their sizes
   arrive: round 0 puts the own block first in scratch, rounds 1..K append in the rank's
   relative order r, r+1, ..., wrapped messages are split in two, and the last round's
   copies put every block in the receive buffer. */
static inline irr_status irr_allgatherv_bruck(int p, int r, const int64_t *m, int inplace, int flags, irr_sched *s) {
  int k, j, to, from, n, direct = !flags;
  int64_t fill = m[r], off = 0;
  if (s->rank != r || s->size != p) return IRR_ERR_ARG;
  if (m[r] > 0 && !(direct && inplace))
    irr_sched_copy(s, 0, inplace ? IRR_BUF_RECV : IRR_BUF_SEND, 0, direct ? IRR_BUF_RECV : IRR_BUF_TMP, 0, r, r + 1, m[r]);
  for (k = 0; (n = irr_bruck_round(p, r, k, &to, &from)) > 0; k++) {
    int part;
    for (part = 0; part < 2; part++) { /* send my first n blocks; receive n from `from` */
      int send = part == 0, first = send ? r : from, a;
      int64_t pos = send ? 0 : fill;
      for (a = 0; a < n;) { /* one message; with sizes (flags), split where the range wraps */
        int g = (first + a) % p, cnt = n - a, wrap = direct && g + cnt > p, buf = direct ? IRR_BUF_RECV : IRR_BUF_TMP;
        int64_t len;
        irr_op *o;
        if (g + cnt > p && !wrap) cnt = p - g;
        len = wrap ? irr__range_sum(m, g, p) + irr__range_sum(m, 0, g + cnt - p) : irr__range_sum(m, g, g + cnt);
        if (direct && send && k == 0 && !inplace) buf = IRR_BUF_SEND; /* the own block alone */
        if (len > 0 || flags) {
          o = irr_sched_push(s, k + 1, send ? IRR_OP_SEND : IRR_OP_RECV, send ? to : from, buf, direct ? 0 : pos,
                             IRR_BUF_NONE, 0, g, wrap ? p : g + cnt, 0, len);
          if (o && wrap) o->bhi = g + cnt - p, o->flags = IRR_OPF_WRAP; /* push checks bhi >= blo */
          else if (o) o->flags = (uint16_t)flags;
        }
        pos += len;
        a += cnt;
      }
      if (!send) fill = pos;
    }
  }
  for (j = 0; !direct && j < p; j++) { /* scratch -> receive buffer */
    int b = (r + j) % p;
    if (m[b] > 0 && !(b == r && inplace)) irr_sched_copy(s, k, IRR_BUF_TMP, off, IRR_BUF_RECV, 0, b, b + 1, m[b]);
    off += m[b];
  }
  return s->err;
}

/* Baseline: MPICH's ring (MPIR_Allgatherv_intra_ring): p - 1 rounds; in round t every rank
   sends the block of rank r - t + 1 to r + 1, cut into messages of at most `chunk` units
   (MPICH: 32 KiB), and receives the block of rank r - t from r - 1. Time about
   sum over rounds of the largest block: (p - 1) * max m_i for one large block. */
static inline irr_status irr_allgatherv_mpich_ring(int r, int p, const int64_t *m, int64_t chunk, int inplace, irr_sched *s) {
  int t;
  if (s->rank != r || s->size != p || chunk < 1) return IRR_ERR_ARG;
  if (!inplace && m[r] > 0) irr_sched_copy(s, 0, IRR_BUF_SEND, 0, IRR_BUF_RECV, 0, r, r + 1, m[r]);
  for (t = 1; t < p; t++) {
    int sb = ((r - t + 1) % p + p) % p, rb = ((r - t) % p + p) % p, dir;
    for (dir = 0; dir < 2; dir++) {
      int o = dir ? rb : sb;
      int64_t lo;
      for (lo = 0; lo < m[o]; lo += chunk)
        irr_sched_push(s, t, dir ? IRR_OP_RECV : IRR_OP_SEND, dir ? (r + p - 1) % p : (r + 1) % p,
                       !dir && o == r && !inplace ? IRR_BUF_SEND : IRR_BUF_RECV, 0, IRR_BUF_NONE, 0, o, o + 1, lo,
                       m[o] - lo < chunk ? m[o] - lo : chunk);
    }
  }
  return s->err;
}

/* Baseline: recursive doubling (p a power of two): round k exchanges the 2^k blocks of the
   aligned group with rank r ^ 2^k. IRR_ERR_ARG for other p. */
static inline irr_status irr_allgatherv_recdoubling(int r, int p, const int64_t *m, int inplace, irr_sched *s) {
  int k;
  if (s->rank != r || s->size != p || (p & (p - 1))) return IRR_ERR_ARG;
  if (!inplace && m[r] > 0) irr_sched_copy(s, 0, IRR_BUF_SEND, 0, IRR_BUF_RECV, 0, r, r + 1, m[r]);
  for (k = 0; (1 << k) < p; k++) {
    int d = 1 << k, partner = r ^ d, g = r & ~(d - 1), h = partner & ~(d - 1);
    int64_t sl = irr__range_sum(m, g, g + d), rl = irr__range_sum(m, h, h + d);
    if (sl > 0) {
      if (d == 1 && !inplace) irr_sched_send(s, k + 1, partner, IRR_BUF_SEND, 0, r, r + 1, sl);
      else irr_sched_send(s, k + 1, partner, IRR_BUF_RECV, 0, g, g + d, sl);
    }
    if (rl > 0) irr_sched_recv(s, k + 1, partner, IRR_BUF_RECV, 0, h, h + d, rl);
  }
  return s->err;
}

/* Neighbor exchange (IRR_ALG_NEIGHBOR; Chen, Yu, Huang, Zhang, Xiao, Yue 2005, "Performance
   evaluation of allgather algorithms on terascale Linux cluster with fast Ethernet", as Open
   MPI's neighborexchange; not a seed) on irregular sizes, p even: p/2 rounds. Round 1 swaps
   the own block with the pair partner (r ^ 1); every later round swaps, alternately with the
   right and the left neighbor, the aligned pair of blocks {2j, 2j + 1} received the round
   before, so that blocks travel both ways round the ring at once. Cost: alpha + beta max m_i
   + (p/2 - 1)(alpha + beta (largest pair)): half the ring's rounds for the same volume. On
   16-core nodes sharing a NIC only every other round crosses it (the pair rounds stay inside
   nodes of even size). Limits: p even (else not applicable); p + 2 ops; no scratch.

     p = 4, rank 1's receive buffer:      0   1   2   3
       round 1: swap own with rank 0      0   1   .   .
       round 2: pair {0 1} <-> {2 3} with rank 2 (its right neighbor) */
static inline irr_status irr_allgatherv_neighbor(int r, int p, const int64_t *m, int inplace, irr_sched *s) {
  int i, even = r % 2 == 0, nb[2], from[2], step[2], sfrom;
  if (s->rank != r || s->size != p || p % 2) return IRR_ERR_ARG;
  nb[0] = even ? (r + 1) % p : (r + p - 1) % p, nb[1] = even ? (r + p - 1) % p : (r + 1) % p;
  from[0] = from[1] = even ? r : nb[0];
  step[0] = even ? 2 : -2, step[1] = -step[0];
  if (!inplace && m[r] > 0) irr_sched_copy(s, 0, IRR_BUF_SEND, 0, IRR_BUF_RECV, 0, r, r + 1, m[r]);
  if (m[r] > 0) irr_sched_send(s, 1, nb[0], inplace ? IRR_BUF_RECV : IRR_BUF_SEND, 0, r, r + 1, m[r]);
  if (m[nb[0]] > 0) irr_sched_recv(s, 1, nb[0], IRR_BUF_RECV, 0, nb[0], nb[0] + 1, m[nb[0]]);
  sfrom = even ? r : nb[0];
  for (i = 1; i < p / 2; i++) { /* pairs start at even ranks and never wrap */
    int par = i % 2;
    int64_t sl = irr__range_sum(m, sfrom, sfrom + 2), rl;
    from[par] = (from[par] + step[par] + p) % p;
    rl = irr__range_sum(m, from[par], from[par] + 2);
    if (sl > 0) irr_sched_send(s, i + 1, nb[par], IRR_BUF_RECV, 0, sfrom, sfrom + 2, sl);
    if (rl > 0) irr_sched_recv(s, i + 1, nb[par], IRR_BUF_RECV, 0, from[par], from[par] + 2, rl);
    sfrom = from[par];
  }
  return s->err;
}

/* Node-aware Allgatherv (IRR_ALG_HIER), for SMP nodes whose ranks are consecutive: each node
   gathers its blocks at its first rank (the leader) by a binomial tree, the leaders run
   Bruck over the nodes (one message per leader and round crosses the node's NIC, instead of
   one per rank), and each leader broadcasts back down the same binomial tree, every child
   getting all blocks outside the subtree it sent up (one message: a range that wraps past
   p - 1). Not a seed: the two-level scheme of MPI libraries' SMP-aware collectives (e.g.
   MVAPICH2's and Open MPI's hierarchical allgather) on irregular sizes, with the broadcast
   leaving out what a rank already holds. Cost, q ranks per node (at most), n nodes, M the
   total, intra-node messages (alpha_i, beta_i): ceil(log2 q)(alpha_i) + beta_i (node's
   data) up, ceil(log2 n) alpha + beta (sum of Bruck's largest node groups) across, and
   ceil(log2 q)(alpha_i + beta_i M) down. For small totals on nodes sharing a NIC (SMPI,
   16-core nodes, 1 KiB: Bruck's and the ring's messages from 16 ranks queue at one NIC);
   the log q copies of M down the tree make it lose to the ring for large totals. Limits:
   nodes must be ranges of consecutive ranks (irr_allgatherv_nodes, else not applicable);
   4 ceil(log2 p) + 4 ops; no scratch.

     p = 6, nodes {0 1 2} {3 4 5}: up    1 -> 0 (block 1), 2 -> 0 (2); 4 -> 3, 5 -> 3
                                  across 0 <-> 3 (blocks 0-2 / 3-5)
                                  down   0 -> 2 (all but 2: 3 4 5 0 1), 0 -> 1 (2 3 4 5 0) */

/* Nodes as ranges of consecutive ranks: node[r] = the lowest rank of r's node (as the MPI
   layer gives it). Fills first[0..n] (first[n] = p; may be NULL) and returns n, or 0 if
   some node is not a range of consecutive ranks (or node is NULL). O(p). */
static inline int irr_allgatherv_nodes(int p, const int *node, int *first) {
  int r, n = 0;
  if (!node || p < 1) return 0;
  for (r = 0; r < p; r++) {
    if (node[r] == r) {
      if (first) first[n] = r;
      n++;
    } else if (r == 0 || node[r] != node[r - 1]) {
      return 0;
    }
  }
  if (first) first[n] = p;
  return n;
}

/* Rank r's program. first[0..n]: the nodes' first ranks (irr_allgatherv_nodes). */
static inline irr_status irr_allgatherv_hier(int r, int p, const int64_t *m, int n, const int *first, int inplace,
                                             irr_sched *s) {
  int j, f, q, l, k, K1 = 0, K2 = 0, qmax = 0, d, rnd;
  int64_t tot = irr__range_sum(m, 0, p);
  if (s->rank != r || s->size != p || n < 1 || first[0] != 0 || first[n] != p) return IRR_ERR_ARG;
  for (j = 0; j < n; j++)
    if (first[j + 1] - first[j] > qmax) qmax = first[j + 1] - first[j];
  for (j = 0; j + 1 < n && first[j + 1] <= r; j++) {}
  f = first[j], q = first[j + 1] - f, l = r - f;
  while ((1 << K1) < qmax) K1++;
  while ((1 << K2) < n) K2++;
  if (!inplace && m[r] > 0) irr_sched_copy(s, 0, IRR_BUF_SEND, 0, IRR_BUF_RECV, 0, r, r + 1, m[r]);
  for (k = 0; k < K1; k++) { /* up: the subtree [r, r + d) to r - d; receive [r + d, r + 2d) */
    int hi;
    d = 1 << k;
    if (l % (2 * d) == d) {
      hi = l + d < q ? r + d : f + q;
      if (irr__range_sum(m, r, hi) > 0) irr_sched_send(s, k + 1, r - d, IRR_BUF_RECV, 0, r, hi, irr__range_sum(m, r, hi));
      break;
    }
    if (l + d < q) {
      hi = l + 2 * d < q ? r + 2 * d : f + q;
      if (irr__range_sum(m, r + d, hi) > 0)
        irr_sched_recv(s, k + 1, r + d, IRR_BUF_RECV, 0, r + d, hi, irr__range_sum(m, r + d, hi));
    }
  }
  for (k = 0; l == 0 && k < K2; k++) { /* across: Bruck over the nodes, groups of whole nodes */
    int to = 0, from = 0, cnt = irr_bruck_round(n, j, k, &to, &from), part;
    for (part = 0; part < 2; part++) {
      int g = part ? from : j, wrap = g + cnt > n, lo = first[g], hi = first[wrap ? g + cnt - n : g + cnt];
      int64_t len = wrap ? irr__range_sum(m, lo, p) + irr__range_sum(m, 0, hi) : irr__range_sum(m, lo, hi);
      irr_op *o;
      if (len == 0) continue;
      o = irr_sched_push(s, K1 + k + 1, part ? IRR_OP_RECV : IRR_OP_SEND, first[part ? from : to], IRR_BUF_RECV, 0,
                         IRR_BUF_NONE, 0, lo, wrap ? p : hi, 0, len);
      if (o && wrap) o->bhi = hi, o->flags = IRR_OPF_WRAP;
    }
  }
  for (k = K1 - 1, rnd = K1 + K2 + 1; k >= 0; k--, rnd++) { /* down: all but the child's subtree */
    int c, hi, wrap;
    int64_t len;
    irr_op *o;
    d = 1 << k;
    if (l % (2 * d) == 0 && l + d < q) c = r + d;        /* send to child c */
    else if (l % (2 * d) == d) c = r;                    /* receive from r - d */
    else continue;
    hi = c - f + d < q ? c + d : f + q;
    wrap = hi < p;
    len = tot - irr__range_sum(m, c, hi);
    if (len > 0) {
      o = irr_sched_push(s, rnd, c == r ? IRR_OP_RECV : IRR_OP_SEND, c == r ? r - d : c, IRR_BUF_RECV, 0, IRR_BUF_NONE,
                         0, wrap ? hi : 0, wrap ? p : c, 0, len);
      if (o && wrap) o->bhi = c, o->flags = IRR_OPF_WRAP;
    }
  }
  return s->err;
}

/* Bruck's and recursive doubling's estimates, from their rounds' largest messages.
   O(p log p). share: ranks per node (consecutive ranks) sharing one NIC (1: flat). In round k the ranks
   with node-local index below 2^k send across their node's NIC at once: the round is
   charged its largest message or its busiest NIC's sum, whichever is larger. */
static inline double irr_allgatherv_bruck_estimate(int p, const int64_t *m, irr_model md, int share) {
  int k, r, n, to, from;
  double t = 0;
  if (share < 1) share = 1;
  for (k = 0; (n = irr_bruck_round(p, 0, k, &to, &from)) > 0; k++) {
    int64_t w = 0, mx = 0, load = 0, nic = 0;
    for (r = 0; r < n; r++) w += m[r % p]; /* window sums of n consecutive blocks, cyclic */
    for (r = 0; r < p; r++) {
      if (r > 0) w += m[(r + n - 1) % p] - m[r - 1];
      if (w > mx) mx = w;
      if (r % share == 0) nic = 0;
      if (r % share < (1 << k)) nic += w;
      if (nic > load) load = nic;
    }
    t += md.alpha + md.beta * (double)(load > mx ? load : mx);
  }
  return t;
}

static inline double irr_allgatherv_recdoubling_estimate(int p, const int64_t *m, irr_model md) {
  int d, g;
  double t = 0;
  for (d = 1; d < p; d *= 2) { /* round log2 d: groups of d blocks cross */
    int64_t mx = 0;
    for (g = 0; g < p; g += d) {
      int64_t w = irr__range_sum(m, g, g + d < p ? g + d : p);
      if (w > mx) mx = w;
    }
    t += md.alpha + md.beta * (double)mx;
  }
  return t;
}

/* Neighbor exchange: round 1 swaps single blocks, each later round every aligned pair
   (every pair is in flight in every round). p odd: not applicable (a huge time). O(p). */
static inline double irr_allgatherv_neighbor_estimate(int p, const int64_t *m, irr_model md) {
  int64_t mx = 0, pr = 0;
  int i;
  if (p % 2) return 1e300;
  for (i = 0; i < p; i += 2) {
    if (m[i] > mx) mx = m[i];
    if (m[i + 1] > mx) mx = m[i + 1];
    if (m[i] + m[i + 1] > pr) pr = m[i] + m[i + 1];
  }
  return md.alpha + md.beta * (double)mx + (p / 2 - 1) * (md.alpha + md.beta * (double)pr);
}

/* Intra-node messages of the node-aware estimate, as fractions of the network's alpha and
   beta. Shared memory has about twice the bandwidth (bench/smp.xml: 20 vs 10 GB/s) and a
   fraction of the wire latency (0.25 vs 1.5 us), but the per-message software overhead is
   the same on both paths and dominates small messages: in SMPI with 0.5 us of overhead
   (16-core nodes, p = 30, 4 B) an intra-node round took 1.16 us, 0.77 of the model's
   alpha. 0.85 keeps a margin for the node-aware algorithm's longer chain of rounds: with
   0.25 it was chosen at p = 30, 4 B (0.85 of Bruck's speed), with 0.75 at p = 256 for
   4 B geometric and 1 KiB spike data (0.93-0.94 of recursive doubling's). */
#define IRR_INTRA_ALPHA 0.85
#define IRR_INTRA_BETA 0.5

/* irr_allgatherv_hier's time by its rounds' largest messages (node: each rank's lowest
   rank, consecutive nodes; irr_allgatherv_nodes > 0). Across: Bruck's largest group is
   charged as min(cnt * largest node, total). O(p log p), no allocation. */
static inline double irr_allgatherv_hier_estimate(int p, const int64_t *m, const int *node, irr_model md) {
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
  for (k = 0; k < K1; k++) { /* up */
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
  for (cnt = 1; cnt < n; cnt *= 2) { /* across */
    int64_t g = cnt < n - cnt ? cnt : n - cnt, w = g * Mmax < tot ? g * Mmax : tot;
    t += md.alpha + md.beta * (double)w;
  }
  return t + K1 * (ai + bi * (double)tot); /* down */
}

/* ---- The model's time over the real programs, for the automatic choice ----

   Ring, Bruck and recursive doubling run in rounds in which each rank sends at most one
   message and receives at most one, to partners in the same round of their programs. No port
   is ever contended, so irr_sched_cost's time is the max-plus recursion
     E_k(r) = max over r's messages of round k of max(E_{k-1}(r), E_{k-1}(peer)) + alpha + beta len,
   E_k(r) = E_{k-1}(r) in a round without messages, time = max_r E_K(r).
   The functions below evaluate it from the sizes, without building the programs, in
   workspace `work` of IRR_AG_WORK(p) 8-byte words (the caller's: the MPI layer allocates it
   with the sizes, so the choice itself cannot fail on one rank). The closed forms above
   charge every round its largest message; on skewed sizes that is not the programs' time
   (the ring's Section 2.3 round count assumes that empty ranks cost no round, but every
   block still makes p - 1 hops one after the other: at p = 10, four non-empty single blocks,
   6.0 us estimated, 13.5 us in the model). */
#define IRR_AG_WORK(p) (7 * (size_t)(p) + 8 > irr__circ_work_words(p) ? 7 * (size_t)(p) + 8 : irr__circ_work_words(p))
/* (irr__circ_work_words: circulant.h, after this part; the circulant time's table) */

/* The recursion's start (P: prefix sums of m, p + 1 entries; E: every rank at time 0) and its
   end (the last rank to finish). */
static inline void irr__ag_start(int p, const int64_t *m, int64_t *P, double *E) {
  int r;
  for (P[0] = 0, r = 0; r < p; r++) P[r + 1] = P[r] + m[r], E[r] = 0;
}
static inline double irr__ag_latest(const double *E, int p) {
  double t = 0;
  int r;
  for (r = 0; r < p; r++) t = E[r] > t ? E[r] : t;
  return t;
}

/* Bruck (irr_allgatherv_bruck, known sizes): O(p log p). */
static inline double irr_allgatherv_bruck_time(int p, const int64_t *m, irr_model md, void *work) {
  double *E = (double *)work, *F = E + p;
  int64_t *P = (int64_t *)(F + p);
  int r, k, n, to, from;
#define IRR__WIN(a) ((a) + n <= p ? P[(a) + n] - P[a] : P[p] - P[a] + P[(a) + n - p])
  irr__ag_start(p, m, P, E);
  for (k = 0; (n = irr_bruck_round(p, 0, k, &to, &from)) > 0; k++) {
    int d = 1 << k;
    double *tmp;
    for (r = 0; r < p; r++) {
      int lo = r - d < 0 ? r - d + p : r - d, hi = r + d >= p ? r + d - p : r + d;
      int64_t ws = IRR__WIN(r), wr = IRR__WIN(hi);
      double e = E[r], x;
      if (ws > 0 && (x = (E[lo] > E[r] ? E[lo] : E[r]) + md.alpha + md.beta * (double)ws) > e) e = x;
      if (wr > 0 && (x = (E[hi] > E[r] ? E[hi] : E[r]) + md.alpha + md.beta * (double)wr) > e) e = x;
      F[r] = e;
    }
    tmp = E, E = F, F = tmp;
  }
#undef IRR__WIN
  return irr__ag_latest(E, p);
}

/* Recursive doubling (p = 2^k): the pair's two messages start together. O(p log p). */
static inline double irr_allgatherv_recdoubling_time(int p, const int64_t *m, irr_model md, void *work) {
  double *E = (double *)work, *F = E + p;
  int64_t *P = (int64_t *)(F + p);
  int r, d;
  if (p & (p - 1)) return 1e300;
  irr__ag_start(p, m, P, E);
  for (d = 1; d < p; d *= 2) {
    double *tmp;
    for (r = 0; r < p; r++) {
      int q = r ^ d, g = r & ~(d - 1), h = q & ~(d - 1);
      int64_t sl = P[g + d] - P[g], rl = P[h + d] - P[h], mx = sl > rl ? sl : rl;
      F[r] = mx > 0 ? (E[q] > E[r] ? E[q] : E[r]) + md.alpha + md.beta * (double)mx : E[r];
    }
    tmp = E, E = F, F = tmp;
  }
  return irr__ag_latest(E, p);
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
      double e = E[pos], x;
      if (S[pos] > 0 && (x = (E[nx] > E[pos] ? E[nx] : E[pos]) + (so ? ai : 1) * md.alpha +
                             (so ? bi : 1) * md.beta * (double)S[pos]) > e)
        e = x;
      if (S[pv] > 0 && (x = (E[pv] > E[pos] ? E[pv] : E[pos]) + (ro ? ai : 1) * md.alpha +
                             (ro ? bi : 1) * md.beta * (double)S[pv]) > e)
        e = x;
      F[pos] = e;
    }
    tmp = E, E = F, F = tmp;
  }
#undef IRR__RK
  return irr__ag_latest(E, p);
}
static inline double irr_allgatherv_ring_time(int p, const int64_t *m, int64_t B, const int *ring, irr_model md,
                                              void *work) {
  return irr_allgatherv_ring_time_on(p, m, B, ring, NULL, md, 1, 1, (double)IRR_RING_EXACT, work);
}

/* Neighbor exchange (irr_allgatherv_neighbor, p even): the recursion over its p/2 rounds, as
   the generator walks them, where p^2 / 2 <= IRR_RING_EXACT (O(p^2)); beyond, the closed form
   irr_allgatherv_neighbor_estimate (every round charged its largest pair: an upper bound,
   3.3% over at p = 18 on random skewed sizes, where few rounds leave little to average). */
static inline double irr_allgatherv_neighbor_time(int p, const int64_t *m, irr_model md, void *work) {
  double *E = (double *)work, *F = E + p;
  int *sf = (int *)(F + p), *f0 = sf + p, *f1 = f0 + p, r, i;
  if (p % 2) return 1e300;
  if ((double)p * p / 2 > (double)IRR_RING_EXACT) return irr_allgatherv_neighbor_estimate(p, m, md);
  for (r = 0; r < p; r++) { /* round 1: own blocks with r ^ 1 */
    int q = r ^ 1;
    int64_t mx = m[r] > m[q] ? m[r] : m[q];
    E[r] = mx > 0 ? md.alpha + md.beta * (double)mx : 0;
    sf[r] = f0[r] = f1[r] = r % 2 == 0 ? r : q;
  }
  for (i = 1; i < p / 2; i++) {
    double *tmp;
    for (r = 0; r < p; r++) {
      int even = r % 2 == 0, par = i % 2, q, fr, step = (even ? 2 : -2) * (par ? -1 : 1);
      int64_t sl, rl, mx;
      q = (par == 0) == even ? (r + 1) % p : (r + p - 1) % p;
      fr = ((par ? f1[r] : f0[r]) + step + p) % p;
      sl = m[sf[r]] + m[sf[r] + 1], rl = m[fr] + m[fr + 1], mx = sl > rl ? sl : rl;
      F[r] = mx > 0 ? (E[q] > E[r] ? E[q] : E[r]) + md.alpha + md.beta * (double)mx : E[r];
      if (par) f1[r] = fr;
      else f0[r] = fr;
      sf[r] = fr;
    }
    tmp = E, E = F, F = tmp;
  }
  return irr__ag_latest(E, p);
}

/* The node-aware algorithm (irr_allgatherv_hier; first[0..n]: the nodes' first ranks), its
   intra-node messages at ai alpha, bi beta (1, 1: irr_sched_cost's model; the choice on SMP
   nodes passes IRR_INTRA_ALPHA, IRR_INTRA_BETA). In every round each rank is in at most one
   pair (a binomial tree's edge, or two leaders of Bruck over the nodes). O(p log p). */
static inline double irr_allgatherv_hier_time(int p, const int64_t *m, int n, const int *first, irr_model md,
                                              double ai, double bi, void *work) {
  double *E = (double *)work, *F = E + p, ca = md.alpha * ai, cb = md.beta * bi;
  int64_t *P = (int64_t *)(F + p), tot;
  int j, k, K1 = 0, K2 = 0, qmax = 0;
  irr__ag_start(p, m, P, E);
  tot = P[p];
  for (j = 0; j < n; j++) qmax = first[j + 1] - first[j] > qmax ? first[j + 1] - first[j] : qmax;
  while ((1 << K1) < qmax) K1++;
  while ((1 << K2) < n) K2++;
#define IRR__PAIR(a, b_, len, ca_, cb_)                                                                 \
  do {                                                                                                  \
    if ((len) > 0) E[a] = E[b_] = (E[a] > E[b_] ? E[a] : E[b_]) + (ca_) + (cb_) * (double)(len);      \
  } while (0)
  for (k = 0; k < K1; k++) /* up: [r + d, hi) from r + d to r */
    for (j = 0; j < n; j++) {
      int f = first[j], q = first[j + 1] - f, d = 1 << k, l;
      for (l = 0; l + d < q; l += 2 * d) {
        int hi = l + 2 * d < q ? f + l + 2 * d : f + q;
        IRR__PAIR(f + l, f + l + d, P[hi] - P[f + l + d], ca, cb);
      }
    }
  for (k = 0; k < K2; k++) { /* across: Bruck over the nodes, leaders only */
    int to, from, cnt = irr_bruck_round(n, 0, k, &to, &from), d = 1 << k;
    for (j = 0; j < n; j++) F[first[j]] = E[first[j]];
    for (j = 0; j < n; j++) {
      int src = (j + d) % n, dst = j; /* src sends its first cnt nodes to dst */
      int lo = first[src], e = src + cnt;
      int64_t len = e <= n ? P[first[e]] - P[lo] : P[p] - P[lo] + P[first[e - n]];
      double x;
      if (len <= 0) continue;
      x = (E[first[src]] > E[first[dst]] ? E[first[src]] : E[first[dst]]) + md.alpha + md.beta * (double)len;
      if (x > F[first[src]]) F[first[src]] = x;
      if (x > F[first[dst]]) F[first[dst]] = x;
    }
    for (j = 0; j < n; j++) E[first[j]] = F[first[j]];
  }
  for (k = K1 - 1; k >= 0; k--) /* down: all but the child's subtree */
    for (j = 0; j < n; j++) {
      int f = first[j], q = first[j + 1] - f, d = 1 << k, l;
      for (l = 0; l + d < q; l += 2 * d) {
        int c = f + l + d, hi = l + 2 * d < q ? c + d : f + q;
        IRR__PAIR(f + l, c, tot - (P[hi] - P[c]), ca, cb);
      }
    }
#undef IRR__PAIR
  return irr__ag_latest(E, p);
}

/* The model's comparison, the same on every rank (all know the sizes): the cheaper of the
   ring (block size *B from Eq. 2) and Bruck by the estimates above. share: ranks per node
   that share one NIC (1: flat). The node-aware ring crosses each NIC once per round; in
   Bruck's round k the 2^k first ranks of each node (at most share) send across it at once,
   so that round's bandwidth term is their sum. The full automatic rule is irr_allgatherv_choose
   (registry_build.h). */
static inline irr_alg irr_allgatherv_choose_on(int p, const int64_t *m, irr_model md, int share, int64_t *B) {
  double lg = irr_allgatherv_bruck_estimate(p, m, md, share > 1 ? share : 1);
  *B = irr_allgatherv_block_on(p, m, md, share > 1);
  return lg < irr_allgatherv_ring_estimate(p, m, *B, md) ? IRR_ALG_BRUCK : IRR_ALG_RING;
}

/* Ops of rank r's program, for any sizes: ring 2(b - b_r) + 1, Bruck 4 ceil(log2 p) + p + 1,
   recursive doubling and the node-aware algorithm at most Bruck's. */
static inline int64_t irr_allgatherv_maxops(irr_alg alg, int p, const int64_t *m, int64_t B) {
  int64_t b = 0;
  int i;
  if (alg == IRR_ALG_BRUCK || alg == IRR_ALG_RECDOUBLING || alg == IRR_ALG_HIER) return 4 * (int64_t)irr_tree_levels(p) + p + 2;
  if (alg == IRR_ALG_NEIGHBOR) return (int64_t)p + 2;
  if (alg == IRR_ALG_CIRCULANT) /* as irr_allgatherv_circulant_maxops (circulant.h, after this part) */
    return (int64_t)p * ((B > 0 ? B : 1) - 1 + irr_tree_levels(p)) + (int64_t)(p - 1) * (B > 0 ? B : 1) + 2;
  for (i = 0; i < p; i++) b += irr__nblocks(m[i], B);
  return 2 * b + 2;
}
