/* Reduce_scatter by reverse Bruck: q = p pieces P (the rank blocks, or equal pieces), any
   p, commutative operations only.

   Bruck's allgather run backwards (Bruck et al., IEEE TPDS 8(11), 1997; the reduce-scatter
   half of Träff's arXiv 2410.14234 is the same time reversal for the circulant graph). Rank
   r keeps its partial results rotated: relative piece j is piece (r + j) mod p, so scratch
   holds the vector from P_r on, wrapped. With L relative pieces still live (L = p at first)
   and d the largest power of two below L, a round sends relative pieces [d, L) to rank
   r + d, where they are that rank's relative [0, L - d), and reduces the same range from
   rank r - d into its own [0, L - d); then L = d. After ceil(log2 p) rounds relative piece 0
   (piece r) holds every contribution. Exactly p - 1 pieces leave each rank.

   Cost: ceil(log2 p) alpha; with equal pieces ((p - 1)/p) n (beta + gamma); on the rank
   blocks the rounds move the largest window sum of L - d consecutive blocks, so one
   dominant block travels in every round. Scratch: n + the first round's pieces. */

static inline int irr__rs_hp2(int L) { /* the largest power of two below L >= 2 */
  int d = 1;
  while (2 * d < L) d *= 2;
  return d;
}

/* Units in relative pieces [0, j) of rank r. */
static inline int64_t irr__rs_rel(int r, int p, const int64_t *P, int j) {
  return r + j <= p ? P[r + j] - P[r] : P[p] - P[r] + P[r + j - p];
}

/* Rank s->rank's reverse Bruck over pieces P[0..p], from round `round` on; piece r ends at
   scratch offset 0. Returns the next free round. */
static inline int irr__rs_bruck(irr_sched *s, int round, const int64_t *D, const int64_t *P) {
  int r = s->rank, p = s->size, L = p;
  int64_t n = D[p], slot = n;
  if (n == 0) return round;
  irr__rs_op(s, round, IRR_OP_COPY, -1, IRR_BUF_SEND, 0, IRR_BUF_TMP, 0, D, P[r], n - P[r], 0);
  irr__rs_op(s, round, IRR_OP_COPY, -1, IRR_BUF_SEND, 0, IRR_BUF_TMP, n - P[r], D, 0, P[r], 0);
  round++;
  while (L > 1) {
    int d = irr__rs_hp2(L), to = (r + d) % p, from = (r - d + p) % p;
    int64_t a = irr__rs_rel(r, p, P, d), len = irr__rs_rel(r, p, P, L) - a;
    irr__rs_op(s, round, IRR_OP_SEND, to, IRR_BUF_TMP, a, IRR_BUF_NONE, 0, D, P[r] + a, len, 0);
    irr__rs_recv_reduce(s, round, from, slot, IRR_BUF_TMP, 0, D, P[r], irr__rs_rel(r, p, P, L - d), 0);
    round++;
    L = d;
  }
  return round;
}

/* Reduce_scatter on the rank blocks by reverse Bruck (IRR_ALG_BRUCK) into s (initialized
   for rank of p): the pieces are the blocks, so the last step is rank r's own copy. */
static inline irr_status irr_reduce_scatter_bruck(int rank, int p, const int64_t *D, irr_sched *s) {
  if (rank != s->rank || p != s->size) return IRR_ERR_ARG;
  irr__rs_redist(s, irr__rs_bruck(s, 0, D, D), D, p, D, 0, 0, 0);
  return s->err;
}
