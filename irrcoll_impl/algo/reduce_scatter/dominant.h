/* Reduce_scatter for one dominant block (IRR_ALG_DOMINANT): its owner's port is not in the
   way. Commutative operations, p >= IRR_RS_DOM_MINP = 8 (below, it is balanced.h's: with
   so few ranks the second reverse Bruck's rounds cost more than the owner's port saves).

   Why: the count-balanced algorithm moves ((p - 1)/p) n through every port and then
   delivers each block to its owner, so the owner o of the largest block (m_o units) takes
   about n + m_o; with one block of half the vector that is 1.5 n where the bound has n
   (issue 33). Here o's block D is finished first, and reaches o while the others work on
   the rest R (n - m_o units, the blocks without o; virtual rank u of the k = p - 1 others
   is rank u + (u >= o)):
     1. D, in p equal pieces, is reduce-scattered by reverse Bruck among all p (bruck.h).
     2. At once, from round RD = ceil(log2 p) + 1 on:
        - R, in k equal pieces, is reduce-scattered by reverse Bruck among the k and
          delivered to its owners (balanced.h's program on R's blocks);
        - the D pieces go to o through groups of w = 2^floor(log2(k)/2) ~ sqrt(k) ranks:
          each sends its piece to its group's first rank in R's round 1; that rank sends
          the group's to o in a later round, paced so that o's port takes them while R's
          rounds still run (irr__rs_dom_dround);
        - o's own parts of R reach the k by groups of w too (offset by w/2, so their first
          ranks are others): one message a group, which its first rank reduces into its
          relative pieces 0 .. w - 1 of R before they leave (by R's round ceil(log2 k) -
          log2 w), in the round whose traffic it fits (irr__rs_dom_round).
     o posts all of step 2 in one round: its port sends n - m_o and takes m_o.
   The rounds are round numbers, not barriers: a message of o's waits only for its receive.

   Cost: t_D(p, m_o) + max(t_R(k, n - m_o) + R's delivery + a group's extra messages,
   o's port: k/w alpha + max(m_o, n - m_o) beta), t_D and t_R reverse Bruck over equal
   pieces. Against balanced it saves about min(m_o, n - m_o) beta at o's port and pays
   ceil(log2 k) alpha for the second reverse Bruck, plus w - 1 messages at a group's first
   rank: in the model a gain from a few KiB a rank on, where one block holds about half the
   vector (select/reduce_scatter.h weighs it). Its limit: below that it loses to balanced
   (the extra rounds), and the SMPI figures in README.md say where it pays.

   Built from two sub-programs written by the algorithms above on their own labels and then
   mapped onto the real ones: D's on one block (block 0 = all of D, ranks as they are), R's
   on the blocks without o (virtual ranks; a range over o's place is split there, its second
   part continuing the message). Scratch (not o): R's, then o's parts of R (a group's first
   rank: the group's), then D's, then a D group's gathered pieces. o: D's. */

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

/* Append an op over R elements [a, a + len) (a + len <= n - m_o) onto the real labels: the
   part at or past o's place shifted by m_o, and a range over it split in two there (the
   second part continues the message; a copy's is a copy). off/doff: the first element's
   place in scratch where buf/dbuf is scratch. */
static inline void irr__rs_rop(irr_sched *s, int round, int kind, int peer, int buf, int64_t off, int dbuf, int64_t doff,
                               const int64_t *D, int o, int64_t a, int64_t len, int flags) {
  int64_t mo = D[o + 1] - D[o], c = D[o] - a;
  if (len <= 0) return;
  if (c <= 0 || c >= len) {
    irr__rs_op(s, round, kind, peer, buf, off, dbuf, doff, D, a + (c <= 0 ? mo : 0), len, flags);
    return;
  }
  irr__rs_op(s, round, kind, peer, buf, off, dbuf, doff, D, a, c, flags);
  irr__rs_op(s, round, kind, peer, buf, buf == IRR_BUF_TMP ? off + c : off, dbuf, dbuf == IRR_BUF_TMP ? doff + c : doff, D,
             D[o + 1], len - c, flags | (kind == IRR_OP_COPY ? 0 : IRR_OPF_CONT));
}

/* Sub-program ops e[lo, hi) onto s, scratch offsets moved by base, rounds from 1 on by
   shift. R's (Rs: its blocks): peers are virtual (u: rank u + (u >= o)), labels on R's
   blocks, mapped by irr__rs_rop. D's (Rs NULL): peers are ranks, element a of D is element
   D_o + a. */
static inline void irr__rs_dom_put(irr_sched *s, const irr_op *e, int lo, int hi, int shift, int64_t base, const int64_t *D,
                                   int o, const int64_t *Rs) {
  int j;
  for (j = lo; j < hi; j++) {
    const irr_op *x = &e[j];
    int peer = x->kind == IRR_OP_COPY ? -1 : x->peer + (Rs && x->peer >= o), rd = x->round ? x->round + shift : 0;
    int64_t off = x->buf == IRR_BUF_TMP ? x->off + base : x->off, doff = x->dbuf == IRR_BUF_TMP ? x->doff + base : x->doff;
    if (Rs) irr__rs_rop(s, rd, x->kind, peer, x->buf, off, x->dbuf, doff, D, o, Rs[x->blo] + x->skip, x->len, x->flags);
    else irr__rs_op(s, rd, x->kind, peer, x->buf, off, x->dbuf, doff, D, D[o] + x->skip, x->len, x->flags);
  }
}

/* The first op of e[from, n) in a round past rd (n if none). */
static inline int irr__rs_dom_next(const irr_op *e, int from, int n, int rd) {
  while (from < n && e[from].round <= rd) from++;
  return from;
}

/* Virtual rank u's group: [*lead, *end), w consecutive virtual ranks, cut at o's place too
   (so that a group's D pieces, those of its ranks, are consecutive). */
static inline void irr__rs_dom_grp(int u, int w, int o, int k, int *lead, int *end) {
  int a = u - u % w, b = a + w < k ? a + w : k;
  if (a < o && o <= u) a = o;
  if (u < o && o < b) b = o;
  *lead = a, *end = b;
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

/* The R round in which the group of real ranks [r0, r0 + G) sends its reduced D pieces to o
   (D: m_o units in p equal pieces): after its gather in R's round 1, and paced as o's port
   takes them while R's rounds run, the D units before the group's end (o's own piece left
   out) standing for as large a share of R. */
static inline int irr__rs_dom_dround(int p, int64_t mo, int64_t nR, int o, int r0, int G, int lk) {
  int64_t cum = irr__rs_piece_at(r0 + G, p, mo, NULL, 0);
  if (r0 > o) cum -= irr__rs_piece_at(o + 1, p, mo, NULL, 0) - irr__rs_piece_at(o, p, mo, NULL, 0);
  return irr__rs_dom_round(p - 1, nR, mo > 0 ? (int64_t)((double)cum / (double)mo * (double)nR) : 0, 1 + (G > 1), lk + 1);
}

/* A D group's message between its first rank r and o: pieces r .. r1 - 1 of D (PD), r's own
   first (from scratch at off1 on r's side), the gathered rest next (off2), the second
   continuing the message where the first is not empty. At o (buf IRR_BUF_RECV) both land
   in its receive buffer by their labels. */
static inline void irr__rs_dom_two(irr_sched *s, int round, int kind, int peer, int buf, int64_t off1, int64_t off2,
                                   const int64_t *D, int o, const int64_t *PD, int r, int r1) {
  int h = s->nops;
  irr__rs_op(s, round, kind, peer, buf, off1, IRR_BUF_NONE, 0, D, D[o] + PD[r], PD[r + 1] - PD[r], IRR_OPF_ALTTAG);
  irr__rs_op(s, round, kind, peer, buf, off2, IRR_BUF_NONE, 0, D, D[o] + PD[r + 1], PD[r1] - PD[r + 1],
             IRR_OPF_ALTTAG | (s->nops > h ? IRR_OPF_CONT : 0));
}

/* Rank rank's program into s (initialized for rank of p). P: workspace of p + 1 entries. */
static inline irr_status irr_reduce_scatter_dominant(int rank, int p, const int64_t *D, int64_t *P, irr_sched *s) {
  int k = p - 1, o, u, w, lw, lk, RD, ab, cap, i, lead, end, ld, ed;
  int64_t n = D[p], mo, nR, *Rs = NULL, *PD, *PR, *DD;
  irr_op *e = NULL;
  irr_sched sD, sR;
  if (rank != s->rank || p != s->size) return IRR_ERR_ARG;
  if (p < IRR_RS_DOM_MINP || n == 0) return irr_reduce_scatter_balanced(rank, p, D, 0, P, s);
  o = irr__rs_dom_owner(p, D);
  mo = D[o + 1] - D[o], nR = n - mo, lk = irr_circ_q(k), RD = 1 + irr_circ_q(p);
  lw = lk / 2, w = 1 << lw, ab = lk - lw; /* groups of w = 2^floor(lk/2) ~ sqrt(k); o's parts of R
                                             absorbed by R's round ab */
  cap = s->cap; /* the sub-programs fit where the whole does */
  Rs = (int64_t *)IRRCOLL_MALLOC((size_t)(4 * p + 4) * sizeof(int64_t));
  e = (irr_op *)IRRCOLL_MALLOC((size_t)(2 * cap + 2) * sizeof(irr_op));
  if (!Rs || !e) {
    s->err = IRR_ERR_NOMEM;
    goto out;
  }
  PD = Rs + p, PR = PD + p + 1, DD = PR + p + 1;
  for (i = 0; i <= p; i++) Rs[i] = i <= k ? irr__rs_rstart(D, o, i) : 0, DD[i] = i ? mo : 0;
  irr__rs_equal_pieces(p, mo, PD);
  irr__rs_equal_pieces(k, nR, PR);
  irr_sched_init(&sD, rank, p, e + cap + 1, cap);
  irr__rs_bruck(&sD, 0, DD, PD); /* D among all p: piece r ends with rank r */
  if (sD.err != IRR_OK) { s->err = sD.err; goto out; }
  if (rank == o) { /* D's rounds; then one round: its parts of R out, the groups' D pieces in */
    irr__rs_dom_put(s, sD.ops, 0, sD.nops, 0, 0, D, o, NULL);
    for (u = 0; u < k; u = end) { /* each taken in the round its group's first rank absorbs it */
      irr__rs_dom_rgrp(u, w, k, &lead, &end);
      irr__rs_rop(s, RD, IRR_OP_SEND, u + (u >= o), IRR_BUF_SEND, 0, IRR_BUF_NONE, 0, D, o, PR[u], PR[end] - PR[u], 0);
    }
    for (u = 0; u < k; u = end) { /* each sent in its group's paced round (irr__rs_dom_dround) */
      irr__rs_dom_grp(u, w, o, k, &lead, &end);
      irr__rs_dom_two(s, RD, IRR_OP_RECV, u + (u >= o), IRR_BUF_RECV, 0, 0, D, o, PD, u + (u >= o), end + (u >= o));
    }
    irr__rs_op(s, RD, IRR_OP_COPY, -1, IRR_BUF_TMP, 0, IRR_BUF_RECV, 0, D, D[o] + PD[o], PD[o + 1] - PD[o], 0);
    goto out;
  }
  u = rank - (rank > o);
  irr__rs_dom_rgrp(u, w, k, &lead, &end);
  irr__rs_dom_grp(u, w, o, k, &ld, &ed);
  irr_sched_init(&sR, u, k, e, cap);
  if (irr_reduce_scatter_balanced(u, k, Rs, 0, P, &sR) != IRR_OK) { s->err = sR.err; goto out; }
  { /* scratch: R's at 0, o's parts of R at sRo (an R group's first rank: the group's), D's
       at dA, a D group's gathered pieces at gA (its first rank) */
    int L = u == lead, G = ed - ld, x = u - ld, rr, jD = 0, jR = 0, last = RD - 1 + sR.nrounds, a, b;
    int cR = irr__rs_dom_round(k, nR, PR[end], 1, ab), rl = rank - x; /* rl: the group's first rank */
    int cD = irr__rs_dom_dround(p, mo, nR, o, rl, G, lk);
    int64_t sRo = sR.tmp, dA = sRo + (L ? PR[end] - PR[u] : 0), gA = dA + sD.tmp;
    if (last < RD + lk + 1) last = RD + lk + 1;
    for (rr = 0; rr <= last; rr++) { /* round rr: o's parts and the group's pieces, then D's and R's */
      int q = rr - RD; /* R's round q + 1 */
      if (L && rr == RD - 1 + cR)
        irr__rs_rop(s, rr, IRR_OP_RECV, o, IRR_BUF_TMP, sRo, IRR_BUF_TMP, 0, D, o, PR[u], PR[end] - PR[u], IRR_OPF_REDUCE);
      if (x == 0 && q == 0) /* the group's pieces, straight to its first rank in R's round 1 */
        for (i = 1; i < G; i++)
          irr__rs_op(s, rr, IRR_OP_RECV, rank + i, IRR_BUF_TMP, gA + PD[rank + i] - PD[rank + 1], IRR_BUF_NONE, 0, D,
                     D[o] + PD[rank + i], PD[rank + i + 1] - PD[rank + i], IRR_OPF_ALTTAG);
      if (x > 0 && q == 0)
        irr__rs_op(s, rr, IRR_OP_SEND, rl, IRR_BUF_TMP, dA, IRR_BUF_NONE, 0, D, D[o] + PD[rank], PD[rank + 1] - PD[rank],
                   IRR_OPF_ALTTAG);
      if (x == 0 && rr == RD - 1 + cD) /* then the group to o: its piece, then the gathered */
        irr__rs_dom_two(s, rr, IRR_OP_SEND, o, IRR_BUF_TMP, dA, gA, D, o, PD, rank, rl + G);
      a = irr__rs_dom_next(sD.ops, jD, sD.nops, rr);
      irr__rs_dom_put(s, sD.ops, jD, a, 0, dA, D, o, NULL);
      jD = a;
      if (rr == 0 || rr >= RD) { /* R's round 0 with D's, its round r >= 1 in round RD - 1 + r */
        b = irr__rs_dom_next(sR.ops, jR, sR.nops, rr ? rr - RD + 1 : 0);
        irr__rs_dom_put(s, sR.ops, jR, b, RD - 1, 0, D, o, Rs);
        jR = b;
      }
    }
  }
out:
  if (Rs) IRRCOLL_FREE(Rs);
  if (e) IRRCOLL_FREE(e);
  return s->err;
}
