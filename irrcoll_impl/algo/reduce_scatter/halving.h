/* Reduce_scatter by recursive halving in rank order: q = p' pieces P (p' = 2^floor(log2 p);
   the rank blocks folded in pairs, or equal pieces), any operation, commutative or not.

   MPICH's recursive halving (Thakur, Rabenseifner, Gropp, IJHPCA 19(1), 2005), with the
   fold kept in rank order so that non-commutative operations are right: with x = p - p',
   rank 2i sends its whole vector to rank 2i + 1 (i < x), which reduces it as the left
   operand; the p' remaining ranks are virtual ranks v (rank 2v + 1 for v < x, else v + x),
   each standing for consecutive ranks. In the round of mask M, v and v ^ M split the
   pieces they share in two halves, each keeps the half with the piece it ends with, and
   the lower reduces the upper's data as the right operand, the upper the lower's as the
   left. Commutative operations take M = p'/2 down to 1, and v ends with piece v. In rank
   order M goes up from 1, so that each reduce joins two runs of consecutive ranks; v then
   ends with piece bitrev(v) (MPICH's non-commutative variant permutes the blocks in
   scratch instead; here the delivery round takes each piece to its owner).

   Cost: (log2 p' + [x > 0]) alpha + (n [x > 0] + ((p' - 1)/p') n) (beta + gamma) with equal
   pieces; on the blocks each round moves the largest half of a group. Scratch: 2n where
   the fold happens, else n + n/2. */

/* Rank s->rank's part over pieces P[0..p'] (p' = 2^k <= p), from round `round` on; the
   piece it ends with (irr__rs_rev(v, ordered ? k : 0)) sits at its own start in scratch.
   Returns the next free round. */
static inline int irr__rs_halving(irr_sched *s, int round, const int64_t *D, const int64_t *P, int ordered) {
  int r = s->rank, p = s->size, k, q = irr__rs_pof2(p, &k), x = p - q, v, M, lo = 0, hi = q;
  int64_t n = D[p], slot = n;
  v = irr__rs_piece(r, x);
  if (n == 0) return round;
  if (v >= 0) irr__rs_op(s, round, IRR_OP_COPY, -1, IRR_BUF_SEND, 0, IRR_BUF_TMP, 0, D, 0, n, 0);
  round++;
  if (x > 0) {
    if (r < 2 * x && r % 2 == 0) irr__rs_op(s, round, IRR_OP_SEND, r + 1, IRR_BUF_SEND, 0, IRR_BUF_NONE, 0, D, 0, n, 0);
    else if (r < 2 * x) irr__rs_recv_reduce(s, round, r - 1, slot, IRR_BUF_TMP, 0, D, 0, n, 0);
    round++;
  }
  if (v < 0) return round; /* folded: it waits for its block */
  for (M = ordered ? 1 : q / 2; M >= 1 && M < q; M = ordered ? 2 * M : M / 2, round++) {
    int w = v ^ M, peer = irr__rs_holder(w, x), lower = v < w, mid = lo + (hi - lo) / 2;
    int mine = irr__rs_rev(v, ordered ? k : 0) < mid;
    int64_t keep = mine ? P[lo] : P[mid], kend = mine ? P[mid] : P[hi];
    int64_t give = mine ? P[mid] : P[lo], gend = mine ? P[hi] : P[mid];
    irr__rs_op(s, round, IRR_OP_SEND, peer, IRR_BUF_TMP, give, IRR_BUF_NONE, 0, D, give, gend - give, 0);
    irr__rs_recv_reduce(s, round, peer, slot, IRR_BUF_TMP, keep, D, keep, kend - keep, lower);
    if (mine) hi = mid;
    else lo = mid;
  }
  return round;
}

/* The halving over pieces P, then the delivery to the owners. */
static inline void irr__rs_halving_redist(irr_sched *s, const int64_t *D, int ordered, const int64_t *P) {
  int k, q = irr__rs_pof2(s->size, &k), v;
  k = ordered ? k : 0;
  v = irr__rs_piece(s->rank, s->size - q);
  irr__rs_redist(s, irr__rs_halving(s, 0, D, P, ordered), D, q, P, s->size - q, k, v < 0 ? 0 : P[irr__rs_rev(v, k)]);
}

/* The pieces of the rank blocks folded to p' (MPICH's): virtual rank v's are the blocks of
   the ranks it stands for. P: p' + 1 entries. */
static inline void irr__rs_fold_pieces(int p, const int64_t *D, int64_t *P) {
  int q = irr__rs_pof2(p, NULL), v;
  for (v = 0; v <= q; v++) P[v] = irr__rs_piece_at(v, q, D[p], D, p - q);
}

/* Reduce_scatter on the rank blocks by recursive halving (IRR_ALG_HALVING) into s
   (initialized for rank of p); ordered: in rank order. P: workspace of p + 1 entries. */
static inline irr_status irr_reduce_scatter_halving(int rank, int p, const int64_t *D, int ordered, int64_t *P,
                                                    irr_sched *s) {
  if (rank != s->rank || p != s->size) return IRR_ERR_ARG;
  irr__rs_fold_pieces(p, D, P);
  irr__rs_halving_redist(s, D, ordered, P);
  return s->err;
}
