/* Reduce_scatter, the largest block spread (IRR_ALG_SPREAD): reverse Bruck on the rank
   blocks, with the largest block cut into G = 2^lg pieces held by ranks spread evenly round
   the ring; then those pieces go to its owner up a binomial tree. Commutative operations.

   Why: on the rank blocks (bruck.h) the round of L live pieces moves a window of L - d
   consecutive blocks, so the largest block (owner o, m_o units) rides in every round:
   ceil(log2 p) (alpha + m_o (beta + gamma)). Count-balanced (balanced.h) spreads its bytes
   as evenly as any cut, but then every block goes to its owner, the largest over
   ceil(log2(p/2 + 1)) more rounds; dominant.h's lanes start the rest's rounds late. Below
   about 1 KiB a rank those rounds cost more than the bytes, and none of the three came
   within 1.5x of issue 33's bound with one block of half the vector (1.75-1.90 at 64 and
   512 B a rank). Here the G pieces sit every p/G ranks, so a window of W blocks holds at
   most ceil(W G / p) of them; the other blocks stay with their owners (no delivery), and
   the large one comes home in lg rounds, not a round per level of p. The way this cuts the
   large block is that of dominant.h's first lane (its pieces every w ranks), run in one
   lane with the rest instead of beside it, so a rank sends one message a round, not two.

   Not in the automatic choice: the model puts it ahead of every other algorithm on one
   block of half at 64 B - 1 KiB a rank, by 9-22 %, and SMPI (flat, 0.5 us a message, the
   model's CPU charged, seed 1803000001) puts it behind dominant or Bruck in every such cell
   measured: p = 64 at 512 B and 1 KiB a rank 26.1 and 33.2 us against dominant's 25.5 and
   28.9; p = 256 at 64 B 29.2 against Bruck's 28.2, at 512 B 51.3 against dominant's 44.4
   (balanced: 31.2, 35.5, 39.6, 54.9). The model's port takes a rank's messages one alpha
   after another; dominant's owner sends and receives bursts of them, whose latencies SMPI
   overlaps, so the model overprices dominant (and balanced's flat deliveries) and the
   comparison is the model's, not the network's. Forced (IRRCOLL_ALG=reduce_scatter:spread),
   it runs as built.

   How: a virtual vector puts each holder's piece of the large block right after the
   holder's own block (o keeps piece 0 in its own place), so every rank's virtual block is
   one range and bruck.h's reverse Bruck runs on it unchanged; each of its ops is then mapped
   onto the real labels, a range over several real segments becoming one message of several
   pieces (IRR_OPF_CONT). Holder j (0 .. G - 1) is rank o + floor(j p / G) (mod p) and holds
   piece j of G equal pieces; the binomial tree runs on j (node j's subtree is pieces j ..
   j + lowbit(j) - 1: one range of the block, one message).

   Cost: the ceil(log2 p) rounds, each alpha and its largest window of virtual blocks times
   (beta + gamma), then lg (alpha + the pieces' beta), m_o - m_o/G units through o's port
   (select/reduce_scatter.h's irr__rs_spread_form, which also picks lg). In the model over
   the real programs (bench_reduce_scatter_model, the bound's table, network alone), one
   rank owning half the vector: p = 64, 512 B a rank 28.6 -> 22.2 us (bound 15.4); p = 256,
   64 B 26.7 -> 20.9 (15.3); p = 1000, 64 B 52.7 -> 40.0 (27.8). Scratch: bruck.h's, and at
   an inner holder its subtree's pieces. Limits: p >= 4, G <= p/2 and G <= 32 (more pieces:
   balanced.h's ground), a message at most 2G + 1 pieces (a holder's block and piece each). */

/* Holder j's piece of D: G equal pieces of mo units. */
static inline int64_t irr__rs_spread_at(int j, int G, int64_t mo) { return irr__rs_piece_at(j, G, mo, NULL, 0); }

/* Rank r's place among D's holders, or -1: r = o + floor(j p / G) (mod p) for j < G. */
static inline int irr__rs_spread_slot(int r, int o, int p, int G) {
  int64_t pos = (r - o + p) % p, j = (pos * G + p - 1) / p;
  return j < G && j * p / G == pos ? (int)j : -1;
}

/* Holder j's rank (j < G), else -1. */
static inline int irr__rs_spread_rank(int j, int o, int p, int G) { return j < G ? (int)((o + (int64_t)j * p / G) % p) : -1; }

/* The virtual blocks' starts V[0..p] (o's own block out, each holder's piece after the
   holder's block) and, with sg, the segments of the virtual vector onto the real one (real
   neighbours merged; *ns of them). The largest virtual block into *mxv (optional). O(p), no
   division a rank: the holders come in rank order from the first at or past rank 0. */
static inline void irr__rs_spread_virt(int p, const int64_t *D, int o, int G, int64_t *V, irr__rs_seg *sg, int *ns,
                                       int64_t *mxv) {
  int64_t mo = D[o + 1] - D[o], v = 0, mx = 0;
  int r, k = 0, j = 0, nx, part;
  while (o > 0 && j < G && o + (int64_t)j * p / G < p) j++; /* the first holder at or past rank 0 */
  nx = irr__rs_spread_rank(j, o, p, G);
  V[0] = 0;
  for (r = 0; r < p; r++) {
    int h = -1;
    if (r == o) j = 0, nx = o;
    if (r == nx) h = j++, nx = irr__rs_spread_rank(j, o, p, G);
    for (part = 0; part < 2; part++) {
      int64_t a = part ? (h >= 0 ? D[o] + irr__rs_spread_at(h, G, mo) : 0) : D[r], len;
      if (part) len = h >= 0 ? irr__rs_spread_at(h + 1, G, mo) - irr__rs_spread_at(h, G, mo) : 0;
      else len = r == o ? 0 : D[r + 1] - D[r];
      if (len == 0) continue;
      if (sg) {
        if (k > 0 && sg[k - 1].r + sg[k - 1].len == a) sg[k - 1].len += len;
        else sg[k].v = v, sg[k].r = a, sg[k].len = len, k++;
      }
      v += len;
    }
    if (v - V[r] > mx) mx = v - V[r];
    V[r + 1] = v;
  }
  if (ns) *ns = k;
  if (mxv) *mxv = mx;
}

/* Rank rank's program into s (initialized for rank of p), D's pieces G = 2^lg (1 <= lg,
   G <= p / 2; irr_reduce_scatter_spread_lg picks it, equal on every rank). P: workspace of
   p + 1 entries. */
static inline irr_status irr_reduce_scatter_spread(int rank, int p, const int64_t *D, int lg, int64_t *P, irr_sched *s) {
  int o, G = 1 << (lg > 0 && lg < 30 ? lg : 0), ns, i, j, jr;
  int64_t n = D[p], mo, mr, area;
  irr__rs_seg *sg;
  irr_op *e;
  irr_sched sv;
  if (rank != s->rank || p != s->size) return IRR_ERR_ARG;
  if (lg < 1 || lg >= 30 || G > p / 2) return IRR_ERR_ARG;
  if (n == 0) return irr_reduce_scatter_bruck(rank, p, D, s);
  o = irr__rs_dom_owner(p, D), mo = D[o + 1] - D[o];
  sg = (irr__rs_seg *)IRRCOLL_MALLOC((size_t)(2 * p + 1) * sizeof *sg);
  e = (irr_op *)IRRCOLL_MALLOC((size_t)(s->cap + 1) * sizeof *e);
  if (!sg || !e) {
    s->err = IRR_ERR_NOMEM;
    goto out;
  }
  irr__rs_spread_virt(p, D, o, G, P, sg, &ns, NULL);
  irr_sched_init(&sv, rank, p, e, s->cap);
  jr = irr__rs_bruck(&sv, 0, P, P); /* on the virtual blocks: rank's ends at scratch 0 */
  if (sv.err != IRR_OK) { s->err = sv.err; goto out; }
  for (i = 0; i < sv.nops; i++) {
    const irr_op *x = &sv.ops[i];
    irr__rs_vop(s, x->round, x->kind, x->peer, x->buf, x->off, x->dbuf, x->doff, D, sg, ns, P[x->blo] + x->skip, x->len, x->flags);
  }
  /* D home: holder j's virtual block is its own block (none at o), then its piece */
  j = irr__rs_spread_slot(rank, o, p, G), mr = rank == o ? 0 : D[rank + 1] - D[rank], area = s->tmp;
  if (rank != o) irr__rs_op(s, jr, IRR_OP_COPY, -1, IRR_BUF_TMP, 0, IRR_BUF_RECV, 0, D, D[rank], mr, 0);
  else irr__rs_op(s, jr, IRR_OP_COPY, -1, IRR_BUF_TMP, 0, IRR_BUF_RECV, 0, D, D[o], irr__rs_spread_at(1, G, mo), 0);
  if (j >= 0) {
    int b = j ? j & -j : G, lb = 0, c;
    int64_t a0 = irr__rs_spread_at(j, G, mo), a1 = irr__rs_spread_at(j + b < G ? j + b : G, G, mo);
    while ((1 << lb) < b) lb++;
    if (j > 0 && b > 1) irr__rs_op(s, jr, IRR_OP_COPY, -1, IRR_BUF_TMP, mr, IRR_BUF_TMP, area, D, D[o] + a0,
                                   irr__rs_spread_at(j + 1, G, mo) - a0, 0);
    for (i = 0; i < lb; i++) { /* child j + 2^i: its subtree of 2^i pieces, in round i */
      int64_t c0, c1;
      c = j + (1 << i);
      if (c >= G) break;
      c0 = irr__rs_spread_at(c, G, mo), c1 = irr__rs_spread_at(c + (1 << i) < G ? c + (1 << i) : G, G, mo);
      irr__rs_op(s, jr + i, IRR_OP_RECV, irr__rs_spread_rank(c, o, p, G), j ? IRR_BUF_TMP : IRR_BUF_RECV, j ? area + c0 - a0 : 0,
                 IRR_BUF_NONE, 0, D, D[o] + c0, c1 - c0, 0);
    }
    if (j > 0) /* to the parent j - lowbit(j) in round log2(lowbit(j)): a leaf from its piece */
      irr__rs_op(s, jr + lb, IRR_OP_SEND, irr__rs_spread_rank(j - b, o, p, G), IRR_BUF_TMP, b > 1 ? area : mr, IRR_BUF_NONE, 0,
                 D, D[o] + a0, a1 - a0, 0);
  }
out:
  if (sg) IRRCOLL_FREE(sg);
  if (e) IRRCOLL_FREE(e);
  return s->err;
}
