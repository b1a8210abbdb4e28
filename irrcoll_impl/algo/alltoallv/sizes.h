/* Alltoallv with known sizes: every rank s has a block for every rank d, of m(s, d) units
   (bytes in the MPI layer); rank s knows its own row m(s, *) and column m(*, s), nobody
   knows more.

   Labels. Block (s -> d) is label d*p + o, o = (d - s) mod p: destination-major, by offset.
   So a run of Bruck positions (below) is a run of labels, and one op names it. p*p labels in
   int32: p <= IRR_A2A_MAXP. A SEND buffer holds the labels of its rank's row, a RECV buffer
   receives those of its column (irr_spec: m indexed by label, irr_alltoallv_labels).

   Algorithms (each a schedule the executor, the model and the checker share; the direct
   exchange, in linear.h, the MPI layer posts straight on the user's buffers):
     linear  (irr_alltoallv_linear)  every nonempty block straight to its destination, one
             round; empty blocks send and receive nothing (both ends know they are empty).
             MPICH's and Open MPI's Alltoallv send all p - 1 messages whatever their size.
     bruck   (irr_alltoallv_bruck)  the non-uniform Bruck algorithm, two-phase as in Fan,
             Gilray, Pascucci, Huang, Kumar, "Optimizing the Bruck Algorithm for Non-uniform
             All-to-all Communication" (HPDC 2022): q = ceil(log2 p) rounds; in round k rank
             c sends to c + 2^k, in ONE message, every block whose offset has bit k set.
             Before the data, q rounds of sizes (8 bytes a position, the same pattern) tell
             every rank the sizes of the blocks it will hold (irr_alltoallv_bruck_meta_*).
             Fan et al. send the sizes round by round ahead of each data message; here all
             sizes first, so that the data program is a static schedule built from them.
             Blocks are never copied to a send buffer: a message is the list of its pieces
             (IRR_OPF_CONT), sent as one MPI message over a derived type; each piece lies
             contiguous in scratch or is one block of the user's buffer. A block whose
             offset has its top set bit at k is final after round k and is received straight
             into the receive buffer. Blocks of T bytes or more (irr_alltoallv_direct_min:
             where forwarding them through q/2 hops on average would cost more than a
             message of their own) go straight to their destination instead, after the
             rank's Bruck rounds (a hybrid of the two; T = 1 would be the linear exchange,
             T = INT64_MAX the plain algorithm). Sender and receiver classify a block by
             the size the sender declares in the sizes phase, so they always agree.
   Cost (model, alpha + beta*m a message; every algorithm after the sizes phase, q (alpha +
   8 beta (IRR_A2A_NSTAT + p/2))):
     linear: about max over ranks of (nonempty sends * alpha + beta * bytes sent), and the
             same for receives;
     bruck:  sum over k of alpha + beta * (the largest message of round k); regular blocks of
             b: q alpha + q p b beta / 2; the hybrid adds the linear cost of its large blocks.
   Limits: p <= IRR_A2A_MAXP (labels); radix 2 only (Fan et al.'s follow-up tunes the
   radix); the choice's estimates are closed forms from maxima over ranks, within 0.67 .. 1.5
   of the model over the real programs (test_a2a), not exact.
   Scratch (bruck): the non-final blocks a rank receives, at most q times its share of the
   data, never reused within a call.
   The sizes phase serves all: every rank runs it whatever the algorithm (except the direct
   exchange, linear.h, which runs instead of it at small p). Its messages also
   carry IRR_A2A_NSTAT words of statistics (irr_alltoallv_stats), combined by maximum as
   they travel: after q rounds to c + 2^k every rank holds the maxima over all ranks (a
   dissemination allreduce, which needs no power of two for a maximum). So one phase of q
   rounds gives the choice its statistics, tells every rank whether some rank's arguments
   are bad, and tells every receiver the size each sender declares for its block (H's last
   row): a receiver finds a send that does not match its receive before any data moves and
   takes that block into scratch instead (the MPI layer). An MPI_Allreduce for the
   statistics and Fan et al.'s per-round sizes would each cost q more rounds. */

#define IRR_A2A_QMAX 16    /* ceil(log2 IRR_A2A_MAXP) */

static inline int irr_a2a_label(int p, int s, int d) { return d * p + (d - s + p) % p; }

/* Label-indexed sizes lab[d*p + o] from the matrix mat[s*p + d] (the checker's spec.m). */
static inline void irr_alltoallv_labels(int p, const int64_t *mat, int64_t *lab) {
  int s, d;
  for (s = 0; s < p; s++)
    for (d = 0; d < p; d++) lab[irr_a2a_label(p, s, d)] = mat[(size_t)s * p + d];
}

static inline int irr__a2a_q(int p) {
  int q = 0;
  while (q < 31 && (1 << q) < p) q++;
  return q;
}

/* ---- Bruck: positions and the sizes phase ----
   Rank c's position i (0 <= i < p) holds, before round k, block (s, s + i) with
   s = c - (i mod 2^k): its own block for c + i at first; round k replaces the positions with
   bit k set by what c - 2^k held there. H[k*p + i] (k = 0..q) is that block's size at c
   before round k (k = q: at the end). Every rank learns its H from its own row and the q
   size rounds (irr_alltoallv_bruck_meta_*); irr_alltoallv_bruck_sizes computes it from the
   whole matrix (tests, the model). */

/* How many positions have bit k set. */
static inline int irr__a2a_npos(int p, int k) {
  int64_t full = (int64_t)p >> (k + 1), rest = (int64_t)p & ((2LL << k) - 1);
  return (int)(full * (1LL << k) + (rest > (1LL << k) ? rest - (1LL << k) : 0));
}
/* Row 0 from the rank's sizes by destination. */
static inline void irr_alltoallv_bruck_meta_init(int c, int p, const int64_t *send, int64_t *H) {
  int i;
  for (i = 0; i < p; i++) H[i] = send[(c + i) % p];
}
/* Round k's size message (irr__a2a_npos words): row k's positions with bit k set. */
static inline void irr_alltoallv_bruck_meta_pack(int p, int k, const int64_t *H, int64_t *out) {
  int i, n = 0;
  for (i = 0; i < p; i++)
    if (i >> k & 1) out[n++] = H[(size_t)k * p + i];
}
/* Row k+1: row k with the positions of bit k set replaced by the received words. */
static inline void irr_alltoallv_bruck_meta_step(int p, int k, int64_t *H, const int64_t *in) {
  int i, n = 0;
  for (i = 0; i < p; i++) H[(size_t)(k + 1) * p + i] = (i >> k & 1) ? in[n++] : H[(size_t)k * p + i];
}
/* Rank c's H from the matrix mat[s*p + d]. */
static inline void irr_alltoallv_bruck_sizes(int c, int p, const int64_t *mat, int64_t *H) {
  int k, i, q = irr__a2a_q(p);
  for (k = 0; k <= q; k++)
    for (i = 0; i < p; i++) {
      int s = (int)(((int64_t)c - (i & ((1LL << k) - 1)) % p + p) % p);
      H[(size_t)k * p + i] = mat[(size_t)s * p + (s + i) % p];
    }
}

/* The statistics' words (irr_alltoallv_stats) and the sizes phase in the model: q rounds of
   those words and the round's sizes, 8 bytes each. */
#define IRR_A2A_NSTAT (10 + 6 * IRR_A2A_QMAX)
static inline double irr_alltoallv_sizes_time(int p, irr_model md) {
  int k, q = irr__a2a_q(p);
  double t = 0;
  for (k = 0; k < q; k++) t += md.alpha + md.beta * 8.0 * (IRR_A2A_NSTAT + irr__a2a_npos(p, k));
  return t;
}

/* Flag of the builders: begin with the sizes phase's rounds as control messages (the
   model's view of what the MPI layer runs itself before it builds without them): round k
   to c + 2^k, the statistics and the round's sizes. Returns the next free round. */
#define IRR_A2A_SIZES 1
static inline int irr__a2a_sizes_rounds(irr_sched *s, int p) {
  int k, c = s->rank, q = irr__a2a_q(p);
  for (k = 0; k < q; k++) {
    int64_t b = 8 * (IRR_A2A_NSTAT + (int64_t)irr__a2a_npos(p, k));
    irr_sched_ctrl(s, k, IRR_OP_SEND, (c + (1 << k)) % p, b);
    irr_sched_ctrl(s, k, IRR_OP_RECV, (c - (1 << k) % p + p) % p, b);
  }
  return q;
}
