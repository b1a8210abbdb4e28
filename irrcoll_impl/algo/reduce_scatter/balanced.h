/* Reduce_scatter, count-balanced (IRR_ALG_BALANCED): the vector is cut into q pieces of
   equal size whatever the blocks are, reduce-scattered over them, and each piece's overlap
   with each block then goes to the block's owner (irr__rs_redist). A dominant block costs
   no more than the same volume spread evenly, plus its one delivery.

   Commutative operations: q = p pieces by reverse Bruck (bruck.h), ceil(log2 p) + 1 rounds.
   Others: q = p' = 2^floor(log2 p) pieces by recursive halving in rank order (halving.h).

   Cost (commutative): (ceil(log2 p) + k) alpha + ((p - 1)/p) n (beta + gamma) +
   max(ceil(n/p), max_i m_i) beta, k the most messages a rank sends or receives in the last
   round (1 + the blocks a piece overlaps). The bound (issue 33): ceil(log2 p) alpha +
   max(((p - 1)/p) n, max_i m_i) beta + ((p - 1)/p) n gamma; the delivery's beta term is
   the price of not knowing in advance which pieces a rank may keep. Scratch: n + n/2. */

/* Equal pieces: P_i = floor(i n / q) (irr__rs_piece_at's), a piece at a time without a
   division: n / q units and a carry where the remainders pass q. */
static inline void irr__rs_equal_pieces(int q, int64_t n, int64_t *P) {
  int64_t a = n / q, r = n % q, e = 0;
  int i;
  P[0] = 0;
  for (i = 1; i <= q; i++) {
    e += r;
    P[i] = P[i - 1] + a + (e >= q);
    if (e >= q) e -= q;
  }
}

/* Rank rank's count-balanced program into s (initialized for rank of p); ordered: the
   operation is not commutative. P: workspace of p + 1 entries. */
static inline irr_status irr_reduce_scatter_balanced(int rank, int p, const int64_t *D, int ordered, int64_t *P,
                                                     irr_sched *s) {
  int q;
  if (rank != s->rank || p != s->size) return IRR_ERR_ARG;
  if (!ordered) {
    irr__rs_equal_pieces(p, D[p], P);
    irr__rs_redist(s, irr__rs_bruck(s, 0, D, P), D, p, P, 0, 0, 0);
    return s->err;
  }
  q = irr__rs_pof2(p, NULL);
  irr__rs_equal_pieces(q, D[p], P);
  irr__rs_halving_redist(s, D, 1, P);
  return s->err;
}
