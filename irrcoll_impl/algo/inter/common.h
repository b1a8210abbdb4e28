/* Intergroup Allgather and Allgatherv (seed 001: Kang, Träff, Al-Bahrani, Agrawal,
   Choudhary, Liao, Parallel Computing 2019), as schedules on the P = na + nb ranks of both
   groups: group A is ranks 0..na-1, group B is ranks na..P-1, and block i is rank i's
   contribution of m[i] units. Every rank of A ends with all of B's blocks in its receive
   buffer, and every rank of B with all of A's: MPI's Allgather(v) on an intercommunicator.

   Both algorithms see the data of a group X as one array of K_X units in rank order (the
   "global index" of Section 4.1) and cut it into one consecutive segment per rank of the
   other group Y (irr_inter_segments). One exchange step moves every segment to its receiver
   (a sender sends the part of its block inside each receiver's segment, receivers in
   ascending order); then each group runs an Allgatherv of the segments it received
   (irrcoll's pipelined ring or Bruck, chosen by the model on the segment sizes), straight
   into the receive buffer, where the segments are already in rank order.
    - IRR_ALG_SUBGROUP, Algorithm 1 (Theorem 1): the larger group's ranks form one subgroup
      of floor/ceil(n_large / n_small) consecutive ranks per rank of the smaller group; the
      larger group's blocks go whole to their subgroup's rank, and the smaller group's block
      j is cut into |s_j| pieces of floor/ceil(k_j / |s_j|), one per member of s_j. Transfer
      time M + k_small beta for regular blocks, M = max(p k_A, q k_B) beta (lower bound M).
    - IRR_ALG_SEGMENT, Algorithm 2 (Theorem 3): segments of floor/ceil(K_X / n_Y) units by
      the global index, for any sizes. A receiver takes its higher-ranked multi-target
      sender first, then the senders between, then the lower multi-target sender (Section
      4.1), so no sender waits. Transfer time M + max block.

        global index  0  1  2  3  4  5  6  7  8  9 10    A = a0..a3, B = b0..b2
        A's blocks    a0 a0 a1 a1 a1 a1 a1 a1 a1 a2 a3    k_A = 2 7 1 1, K_A = 11
        B's segments  b0 b0 b0 b0 b1 b1 b1 b1 b2 b2 b2    11 / 3: 4, 4, 3 units
      Exchange (round 0): a0 sends [0,2) to b0; a1 [2,4) to b0, [4,8) to b1, [8,9) to b2,
      in that order; b0 takes a1 (its higher multi-target sender) first, then a0; b2 takes
      a2, a3, then a1 (its lower multi-target sender): a1 never waits. Then B's Allgatherv
      of the segments 4, 4, 3 gives every b_j all of A's array; B -> A likewise, meanwhile.
    - IRR_ALG_ROOTGATHER, the baseline of MPICH and Open MPI (Section 3.1, Eq. 2): binomial
      gather to each group's rank 0 (in scratch), root A -> root B, binomial scatter + ring
      allgather broadcast in B, then root B -> root A and the broadcast in A, in sequence:
      about M + 3 (K_A + K_B) beta.
   Latency: the exchange takes max(#targets, #senders) rounds (about n_large / n_small),
   the Allgatherv log2 n or n - 1 rounds. Scratch: none (baseline: the roots hold their
   group's data). Units are whatever m counts (the MPI layer: bytes). Limits: both groups
   non-empty, never in place (irr_sched_check's specification). */

/* Segment boundaries S[0..ny]: receiver y (of ny) gets units [S[y], S[y+1]) of the nx
   blocks kx laid end to end. alg: IRR_ALG_SEGMENT or IRR_ALG_SUBGROUP (above). */
static inline irr_status irr_inter_segments(irr_alg alg, int nx, const int64_t *kx, int ny, int64_t *S) {
  int64_t K = 0;
  int i, j, t, y;
  if (nx <= 0 || ny <= 0) return IRR_ERR_ARG;
  for (i = 0; i < nx; i++) {
    if (kx[i] < 0) return IRR_ERR_COUNT;
    K += kx[i];
  }
  S[0] = 0;
  if (alg == IRR_ALG_SEGMENT) {
    for (y = 0; y < ny; y++) S[y + 1] = S[y] + K / ny + (y < K % ny);
  } else if (alg != IRR_ALG_SUBGROUP) {
    return IRR_ERR_ARG;
  } else if (nx >= ny) { /* whole blocks: subgroup y is floor/ceil(nx/ny) consecutive senders */
    for (y = 0, i = 0; y < ny; y++)
      for (S[y + 1] = S[y], t = nx / ny + (y < nx % ny); t > 0; t--) S[y + 1] += kx[i++];
  } else { /* block j is split among the floor/ceil(ny/nx) receivers of subgroup j */
    for (j = 0, y = 0; j < nx; j++) {
      int g = ny / nx + (j < ny % nx);
      for (t = 0; t < g; t++, y++) S[y + 1] = S[y] + kx[j] / g + (t < kx[j] % g);
    }
  }
  return IRR_OK;
}

/* The blocks covering units [g0, g0 + len) (len > 0) of blocks m[0..n-1] with prefix sums
   pre[0..n]: first block *b (non-empty), *skip units into it, last block *e. */
static inline void irr__inter_span(const int64_t *pre, int n, int64_t g0, int64_t len, int *b, int *e, int64_t *skip) {
  int lo = 0, hi = n - 1;
  while (lo < hi) { /* first block ending after g0 */
    int mid = lo + (hi - lo) / 2;
    if (pre[mid + 1] > g0) hi = mid;
    else lo = mid + 1;
  }
  *b = lo;
  *skip = g0 - pre[lo];
  hi = n - 1;
  while (lo < hi) { /* last block starting before g0 + len */
    int mid = lo + (hi - lo + 1) / 2;
    if (pre[mid] < g0 + len) lo = mid;
    else hi = mid - 1;
  }
  *e = lo;
}

/* One group's view: its ranks (schedule ranks base..base+n-1), sizes and prefix sums. */
typedef struct irr__grp {
  int base, n;
  const int64_t *m;
  int64_t *pre; /* n + 1 */
} irr__grp;

/* Push units [g0, g0 + len) of group R's array as one op (labels R's blocks); copies go
   to (dbuf, doff). */
static inline void irr__inter_push(irr_sched *s, int round, int kind, int peer, int buf, int64_t off, const irr__grp *R,
                                   int64_t g0, int64_t len, unsigned char flags, int dbuf, int64_t doff) {
  int b, e;
  int64_t skip;
  irr_op *o;
  if (len <= 0) return;
  irr__inter_span(R->pre, R->n, g0, len, &b, &e, &skip);
  o = irr_sched_push(s, round, kind, peer, buf, off, dbuf, doff, R->base + b, R->base + e + 1, skip, len);
  if (o) o->flags = flags;
}

/* Append group program t (ranks 0..G->n-1, labels = pieces with boundaries S of group R's
   array, all in the receive buffer) to s: peers become schedule ranks, labels R's blocks,
   rounds start at r0. A wrapped op becomes two messages in the same round, the second on
   the other tag (IRR_OPF_ALTTAG: SMPI would let a small one overtake a large one). sink >= 0: receives go to scratch at sink +
   their place in R's array (a rank that already has everything). Returns the rounds used. */
static inline int irr__inter_append(irr_sched *s, const irr_sched *t, int r0, const irr__grp *G, const irr__grp *R,
                                    const int64_t *S, int64_t sink) {
  int lo, hi, j, part;
  for (lo = 0; lo < t->nops; lo = hi) {
    for (hi = lo; hi < t->nops && t->ops[hi].round == t->ops[lo].round; hi++) {}
    for (part = 0; part < 2; part++)
      for (j = lo; j < hi; j++) {
        const irr_op *o = &t->ops[j];
        int64_t g0 = S[o->blo] + o->skip, first = o->len, at, len;
        int tmp = sink >= 0 && o->kind == IRR_OP_RECV;
        if (o->kind == IRR_OP_COPY || o->buf != IRR_BUF_RECV) { s->err = IRR_ERR_ARG; return 0; }
        if (o->flags & IRR_OPF_WRAP) first = S[t->size] - g0 < o->len ? S[t->size] - g0 : o->len;
        at = part ? 0 : g0, len = part ? o->len - first : first;
        irr__inter_push(s, r0 + o->round, o->kind, G->base + o->peer, tmp ? IRR_BUF_TMP : IRR_BUF_RECV, tmp ? sink + at : 0,
                        R, at, len, (unsigned char)((o->flags & IRR_OPF_SYNC) | (part ? IRR_OPF_ALTTAG : 0)), IRR_BUF_NONE, 0);
      }
  }
  return t->nrounds;
}

/* The Allgatherv that group G runs over the pieces S[0..G->n] of R's array: irrcoll's
   (ring or Bruck by irr_allgatherv_choose_on with md: a group has no node layout), or the plain ring (plain: the baseline's
   broadcast). z: the piece sizes (out); *B the ring's block size. */
static inline irr_alg irr__inter_group_alg(const irr__grp *G, const int64_t *S, int plain, irr_model md, int64_t *z,
                                           int64_t *B) {
  int i;
  *B = 1;
  for (i = 0; i < G->n; i++) z[i] = S[i + 1] - S[i], *B = z[i] > *B ? z[i] : *B;
  return plain ? IRR_ALG_RING : irr_allgatherv_choose_on(G->n, z, md, 1, B);
}

/* Append group G's Allgatherv (my rank g) over pieces S of R's array to s from round r0.
   Returns the rounds used. */
static inline int irr__inter_allgather(irr_sched *s, int r0, const irr__grp *G, int g, const irr__grp *R, const int64_t *S,
                                       int plain, irr_model md, int64_t *z, int *ring, int64_t sink) {
  irr_sched t;
  irr_op *ops;
  int64_t B, cap;
  irr_alg alg = irr__inter_group_alg(G, S, plain, md, z, &B);
  int rounds;
  if (s->err != IRR_OK) return 0;
  cap = irr_allgatherv_maxops(alg, G->n, z, B);
  if (cap > INT32_MAX || !(ops = (irr_op *)IRRCOLL_MALLOC((size_t)cap * sizeof(irr_op)))) {
    s->err = IRR_ERR_NOMEM;
    return 0;
  }
  irr_sched_init(&t, g, G->n, ops, (int)cap);
  if (alg == IRR_ALG_RING) {
    irr_allgatherv_order(G->n, z, NULL, ring);
    irr_allgatherv_ring(g, G->n, z, B, ring, 1, &t);
  } else {
    irr_allgatherv_bruck(G->n, g, z, 1, 0, &t);
  }
  if (t.err != IRR_OK) s->err = t.err;
  rounds = irr__inter_append(s, &t, r0, G, R, S, sink);
  IRRCOLL_FREE(ops);
  return rounds;
}

/* Fill group views for rank r (pre: 2 (nmax + 1) entries). */
static inline void irr__inter_groups(int r, int na, int nb, const int64_t *m, int64_t *pre, irr__grp *G, irr__grp *R) {
  int i, nmax = na > nb ? na : nb;
  G->base = r < na ? 0 : na, G->n = r < na ? na : nb, G->m = m + G->base, G->pre = pre;
  R->base = r < na ? na : 0, R->n = r < na ? nb : na, R->m = m + R->base, R->pre = pre + nmax + 1;
  for (G->pre[0] = 0, i = 0; i < G->n; i++) G->pre[i + 1] = G->pre[i] + G->m[i];
  for (R->pre[0] = 0, i = 0; i < R->n; i++) R->pre[i + 1] = R->pre[i] + R->m[i];
}

/* Ops rank r's program may need: the exchange (at most one send per receiver and one
   receive per sender), the group Allgatherv (twice: split wrapped ops), or the baseline's
   gather, transfers and scatter. */
static inline int64_t irr_inter_maxops(int r, int na, int nb, const int64_t *m, irr_alg alg, irr_model md) {
  int nmax = na > nb ? na : nb, plain = alg == IRR_ALG_ROOTGATHER;
  int64_t *mem = (int64_t *)IRRCOLL_MALLOC((size_t)(4 * (nmax + 1)) * sizeof(int64_t)), B, n = -1;
  irr__grp G, R;
  irr_alg ga;
  if (!mem || na < 1 || nb < 1 || r < 0 || r >= na + nb) goto out;
  irr__inter_groups(r, na, nb, m, mem, &G, &R);
  if (irr_inter_segments(plain ? IRR_ALG_SEGMENT : alg, R.n, R.m, G.n, mem + 2 * (nmax + 1)) != IRR_OK) goto out;
  ga = irr__inter_group_alg(&G, mem + 2 * (nmax + 1), plain, md, mem + 3 * (nmax + 1), &B);
  n = 2 * irr_allgatherv_maxops(ga, G.n, mem + 3 * (nmax + 1), B) + 2 * (int64_t)nmax + 4 * irr_tree_levels(nmax) + 8;
out:
  if (mem) IRRCOLL_FREE(mem);
  return n;
}
