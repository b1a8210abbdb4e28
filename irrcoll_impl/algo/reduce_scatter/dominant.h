/* Reduce_scatter for one dominant block (IRR_ALG_DOMINANT): its owner's port is not in the
   way. Commutative operations, p >= IRR_RS_DOM_MINP = 8 (below, it is balanced.h's: with
   so few ranks the second reverse Bruck's rounds cost more than the owner's port saves).

   Why: the count-balanced algorithm moves ((p - 1)/p) n through every port and then
   delivers each block to its owner, so the owner o of the largest block (m_o units) takes
   about n + m_o; with one block of half the vector that is 1.5 n where the bound has n
   (issue 33). Here o's block D and the rest R (n - m_o units, the blocks without o; virtual
   rank u of the k = p - 1 others is rank u + (u >= o)) run in two lanes (IRR_OPF_LANE,
   ir/sched.h), which the executor runs side by side: a lane waits only for its own
   messages (lane 1's first round past 0 also for lane 0's rounds before it), so R's heavy
   rounds do not hold up D's light ones, nor a holder's piece on its way to o R's rounds.
     Lane 0, D: a reverse Bruck among all p (bruck.h) on G = ceil(p/w) equal pieces, held by
       o, o + w, o + 2w, ... (mod p), w = 2^lw (the caller's; about sqrt(k), larger for
       small blocks: irr_reduce_scatter_dom_lw), the others' pieces empty: its first rounds
       (more than w pieces live) move D's bytes as over p pieces, the last log2 w move one
       piece or none. Then each holder sends its piece to o, G - 1 messages (o's own piece
       is a copy), where p pieces would be p - 1 at o's port.
     Lane 1, R: from D's first round with at most w pieces live (irr__rs_dom_light) on, so
       that the two lanes' heavy rounds do not share the ports: balanced.h's program on R's
       blocks among the k, and o's own parts of R sent to them by groups of w consecutive
       virtual ranks (offset by w/2): one message a group, which its first rank reduces into
       its relative pieces 0 .. w - 1 of R before they leave (by R's round ceil(log2 k) -
       log2 w), in the round whose traffic it fits (irr__rs_dom_round). At o, lane 1 is
       these sends alone: from its first round on they go one round after another.
   A lane's messages pair within it, and the lanes share no scratch (ir/check.h checks both).

   Cost (select/reduce_scatter.h's irr__rs_dom_est): max(t_D + (G - 1) alpha + m_o beta,
   t_D' + t_R(k, n - m_o) + R's delivery + a group's part of o's, o's port: k/w alpha +
   (n - m_o) beta), t_D reverse Bruck over G pieces, t_D' its rounds before lane 1 starts,
   t_R over k equal pieces. Against balanced it saves about min(m_o, n - m_o) beta at o's
   port and pays the log2 w light rounds before R starts. SMPI (flat, 0.5 us overhead, one
   block of half, 1 KiB a rank, p = 256): 61.7 us where the one-lane version of the same
   rounds took 69-70 and balanced 72.5 (README.md).

   Built from two sub-programs written by the algorithms above on their own labels and then
   mapped onto the real ones: D's on one block (block 0 = all of D, ranks as they are), R's
   on the blocks without o (virtual ranks; a range over o's place is split there, its second
   part continuing the message). Scratch (not o): R's, then o's parts of R (a group's first
   rank: the group's), then D's. o: D's. */

#define IRR_RS_DOM_MINP 8

/* Block i of R (the blocks without o) starts at R element irr__rs_rstart(D, o, i); o < 0:
   none left out, D_i. */
static inline int64_t irr__rs_rstart(const int64_t *D, int o, int i) {
  return o < 0 || i <= o ? D[i] : D[i + 1] - (D[o + 1] - D[o]);
}

/* o: the largest block, the first of equals (D is the same on every rank, so is o). */
static inline int irr__rs_dom_owner(int p, const int64_t *D) {
  int o = 0, i;
  for (i = 1; i < p; i++)
    if (D[i + 1] - D[i] > D[o + 1] - D[o]) o = i;
  return o;
}

/* R's elements onto the real labels (irr__rs_vop's table): [0, D_o) in place, the rest
   past o's block, shifted by m_o; empty parts left out. Returns the number of segments. */
static inline int irr__rs_dom_segs(int p, const int64_t *D, int o, irr__rs_seg *sg) {
  int ns = 0;
  if (D[o] > 0) sg[ns].v = 0, sg[ns].r = 0, sg[ns].len = D[o], ns++;
  if (D[p] > D[o + 1]) sg[ns].v = D[o], sg[ns].r = D[o + 1], sg[ns].len = D[p] - D[o + 1], ns++;
  return ns;
}

/* Sub-program ops e[lo, hi) onto s, scratch offsets moved by base, rounds from 1 on by
   shift. R's (Rs: its blocks; lane 1): peers are virtual (u: rank u + (u >= o)), labels on
   R's blocks, mapped by sg (irr__rs_dom_segs). D's (Rs NULL): peers are ranks, element a of D
   is element D_o + a. */
static inline void irr__rs_dom_put(irr_sched *s, const irr_op *e, int lo, int hi, int shift, int64_t base, const int64_t *D,
                                   int o, const int64_t *Rs, const irr__rs_seg *sg, int ns) {
  int j;
  for (j = lo; j < hi; j++) {
    const irr_op *x = &e[j];
    int peer = x->kind == IRR_OP_COPY ? -1 : x->peer + (Rs && x->peer >= o), rd = x->round ? x->round + shift : 0;
    int64_t off = x->buf == IRR_BUF_TMP ? x->off + base : x->off, doff = x->dbuf == IRR_BUF_TMP ? x->doff + base : x->doff;
    if (Rs) irr__rs_vop(s, rd, x->kind, peer, x->buf, off, x->dbuf, doff, D, sg, ns, Rs[x->blo] + x->skip, x->len,
                        x->flags | IRR_OPF_LANE);
    else irr__rs_op(s, rd, x->kind, peer, x->buf, off, x->dbuf, doff, D, D[o] + x->skip, x->len, x->flags);
  }
}

/* The first op of e[from, n) in a round past rd (n if none). */
static inline int irr__rs_dom_next(const irr_op *e, int from, int n, int rd) {
  while (from < n && e[from].round <= rd) from++;
  return from;
}

/* Virtual rank u's group for o's parts of R: w consecutive virtual ranks, offset by w/2 from
   the D groups so that their first ranks are others. */
static inline void irr__rs_dom_rgrp(int u, int w, int k, int *lead, int *end) {
  int off = w / 2, a = u < off ? 0 : u - (u - off) % w, b = u < off ? off : a + w;
  *lead = a, *end = b < k ? b : k;
}

/* The R round (1 ..) by whose end R's reverse Bruck over k equal pieces of nR units has
   moved c units in its largest messages, but at least lo and at most hi: the round a
   message of o's ending c units into its stream fits in, so that o's port keeps pace. */
static inline int irr__rs_dom_round(int k, int64_t nR, int64_t c, int lo, int hi) {
  int64_t cum = 0;
  int r = 1, L;
  for (L = k; L > 1 && r < hi; L = irr__rs_hp2(L), r++) {
    int64_t x = (int64_t)(L - irr__rs_hp2(L));
    cum += x * (nR / k) + (x * (nR % k) + k - 1) / k;
    if (cum >= c && r >= lo) break;
  }
  return r < lo ? lo : r > hi ? hi : r;
}

/* The first reverse Bruck round (1 ..) over p pieces in which at most w pieces are live
   (L <= w): from there on, with D's pieces held only every w ranks, its messages are one
   piece or none, and R's rounds start. */
static inline int irr__rs_dom_light(int p, int w) {
  int L = p, r = 1;
  while (L > w && L > 1) L = irr__rs_hp2(L), r++;
  return r;
}

/* D's pieces PD[0..p]: G = ceil(p / w) equal pieces of mo units, held by the ranks o, o + w,
   o + 2w, ... (mod p), in rank order; the others' are empty. */
static inline void irr__rs_dom_dpieces(int p, int o, int w, int64_t mo, int64_t *PD) {
  int G = (p + w - 1) / w, r, j = 0;
  PD[0] = 0;
  for (r = 0; r < p; r++) {
    int h = ((r - o + p) % p) % w == 0;
    PD[r + 1] = PD[r];
    if (h) {
      PD[r + 1] = PD[r] + irr__rs_piece_at(j + 1, G, mo, NULL, 0) - irr__rs_piece_at(j, G, mo, NULL, 0);
      j++;
    }
  }
}

/* Rank rank's program into s (initialized for rank of p), on groups of w = 2^lw (1 <= lw <
   ceil(log2(p - 1)); select/reduce_scatter.h's irr_reduce_scatter_dom_lw picks it, equal on
   every rank). P: workspace of p + 1 entries. */
static inline irr_status irr_reduce_scatter_dominant(int rank, int p, const int64_t *D, int lw, int64_t *P, irr_sched *s) {
  int k = p - 1, o, u, w, lk, qD, Rs, ab, cap, i, lead, end, last, rr, ns;
  int64_t n = D[p], mo, nR, *Rb = NULL, *PD, *PR, *DD;
  irr_op *e = NULL;
  irr_sched sD, sR;
  irr__rs_seg sg[2];
  if (rank != s->rank || p != s->size) return IRR_ERR_ARG;
  if (p < IRR_RS_DOM_MINP || n == 0) return irr_reduce_scatter_balanced(rank, p, D, 0, P, s);
  o = irr__rs_dom_owner(p, D);
  mo = D[o + 1] - D[o], nR = n - mo, lk = irr_circ_q(k), qD = irr_circ_q(p);
  ns = irr__rs_dom_segs(p, D, o, sg);
  if (lw < 1 || lw >= lk) return IRR_ERR_ARG;
  w = 1 << lw, ab = lk - lw; /* groups of w; o's parts of R absorbed by R's round ab */
  Rs = irr__rs_dom_light(p, w); /* lane 1's first round */
  cap = s->cap; /* the sub-programs fit where the whole does */
  Rb = (int64_t *)IRRCOLL_MALLOC((size_t)(4 * p + 4) * sizeof(int64_t));
  e = (irr_op *)IRRCOLL_MALLOC((size_t)(2 * cap + 2) * sizeof(irr_op));
  if (!Rb || !e) {
    s->err = IRR_ERR_NOMEM;
    goto out;
  }
  PD = Rb + p, PR = PD + p + 1, DD = PR + p + 1;
  for (i = 0; i <= p; i++) Rb[i] = i <= k ? irr__rs_rstart(D, o, i) : 0, DD[i] = i ? mo : 0;
  irr__rs_dom_dpieces(p, o, w, mo, PD);
  irr__rs_equal_pieces(k, nR, PR);
  irr_sched_init(&sD, rank, p, e + cap + 1, cap);
  irr__rs_bruck(&sD, 0, DD, PD);
  if (sD.err != IRR_OK) { s->err = sD.err; goto out; }
  last = qD + 1 > Rs - 1 + lk + 2 ? qD + 1 : Rs - 1 + lk + 2;
  if (rank == o) { /* D's rounds, its parts of R in the rounds their groups absorb them, the holders' pieces */
    int jD = 0, a;
    for (rr = 0; rr <= last; rr++) {
      a = irr__rs_dom_next(sD.ops, jD, sD.nops, rr);
      irr__rs_dom_put(s, sD.ops, jD, a, 0, 0, D, o, NULL, sg, ns);
      jD = a;
      for (u = 0; u < k; u = end) {
        irr__rs_dom_rgrp(u, w, k, &lead, &end);
        if (Rs - 1 + irr__rs_dom_round(k, nR, PR[end], 1, ab) == rr)
          irr__rs_vop(s, rr, IRR_OP_SEND, u + (u >= o), IRR_BUF_SEND, 0, IRR_BUF_NONE, 0, D, sg, ns, PR[u], PR[end] - PR[u],
                      IRR_OPF_LANE);
      }
      if (rr == qD + 1) {
        for (i = 0; i < p; i++)
          if (i != o)
            irr__rs_op(s, rr, IRR_OP_RECV, i, IRR_BUF_RECV, 0, IRR_BUF_NONE, 0, D, D[o] + PD[i], PD[i + 1] - PD[i], 0);
        irr__rs_op(s, rr, IRR_OP_COPY, -1, IRR_BUF_TMP, 0, IRR_BUF_RECV, 0, D, D[o] + PD[o], PD[o + 1] - PD[o], 0);
      }
    }
    goto out;
  }
  u = rank - (rank > o);
  irr__rs_dom_rgrp(u, w, k, &lead, &end);
  irr_sched_init(&sR, u, k, e, cap);
  if (irr_reduce_scatter_balanced(u, k, Rb, 0, P, &sR) != IRR_OK) { s->err = sR.err; goto out; }
  { /* scratch: R's at 0, o's parts of R at sRo (an R group's first rank: the group's), D's at dA */
    int L = u == lead, jD = 0, jR = 0, a, b;
    int cR = Rs - 1 + irr__rs_dom_round(k, nR, PR[end], 1, ab);
    int64_t sRo = sR.tmp, dA = sRo + (L ? PR[end] - PR[u] : 0);
    if (last < Rs - 1 + sR.nrounds) last = Rs - 1 + sR.nrounds;
    for (rr = 0; rr <= last; rr++) { /* round rr: D's, o's parts, then R's */
      a = irr__rs_dom_next(sD.ops, jD, sD.nops, rr);
      irr__rs_dom_put(s, sD.ops, jD, a, 0, dA, D, o, NULL, sg, ns);
      jD = a;
      if (L && rr == cR)
        irr__rs_vop(s, rr, IRR_OP_RECV, o, IRR_BUF_TMP, sRo, IRR_BUF_TMP, 0, D, sg, ns, PR[u], PR[end] - PR[u],
                    IRR_OPF_REDUCE | IRR_OPF_LANE);
      if (rr == qD + 1)
        irr__rs_op(s, rr, IRR_OP_SEND, o, IRR_BUF_TMP, dA, IRR_BUF_NONE, 0, D, D[o] + PD[rank], PD[rank + 1] - PD[rank], 0);
      if (rr == 0 || rr >= Rs) {
        b = irr__rs_dom_next(sR.ops, jR, sR.nops, rr ? rr - Rs + 1 : 0);
        irr__rs_dom_put(s, sR.ops, jR, b, Rs - 1, 0, D, o, Rb, sg, ns);
        jR = b;
      }
    }
  }
out:
  if (Rb) IRRCOLL_FREE(Rb);
  if (e) IRRCOLL_FREE(e);
  return s->err;
}
