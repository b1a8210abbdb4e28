/* Alltoallv with known sizes: every rank s has a block for every rank d, of m(s, d) units
   (bytes in the MPI layer); rank s knows its own row m(s, *) and column m(*, s), nobody
   knows more.

   Labels. Block (s -> d) is label d*p + o, o = (d - s) mod p: destination-major, by offset.
   So a run of Bruck positions (below) is a run of labels, and one op names it. p*p labels in
   int32: p <= IRR_A2A_MAXP. A SEND buffer holds the labels of its rank's row, a RECV buffer
   receives those of its column (irr_spec: m indexed by label, irr_alltoallv_labels).

   Algorithms (each a schedule the executor, the model and the checker share):
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
   radix); the choice's estimates are closed forms from maxima over ranks, within 0.5 .. 1.6
   of the model over the real programs (test_a2a), not exact.
   Scratch (bruck): the non-final blocks a rank receives, at most q times its share of the
   data, never reused within a call.
   The sizes phase serves all: every rank runs it whatever the algorithm. Its messages also
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

static inline int irr_alltoallv_maxops(irr_alg alg, int p) {
  int q = irr__a2a_q(p);
  if (alg == IRR_ALG_BRUCK) return 6 * p + 2 * q * (q + 1) + 4 * q + 8;
  return 2 * p + 4 * q + 8;
}

/* Linear: rank c's program from its sizes by destination (send) and by source (recv). */
static inline irr_status irr_alltoallv_linear(int c, int p, const int64_t *send, const int64_t *recv, int flags,
                                              irr_sched *s) {
  int i, r = 0;
  if (s->rank != c || s->size != p || p > IRR_A2A_MAXP) return IRR_ERR_ARG;
  s->nlab = p * p;
  if (flags & IRR_A2A_SIZES) r = irr__a2a_sizes_rounds(s, p);
  for (i = 1; i < p; i++) { /* receives first, then sends to c+1, c+2, ... (spreads the load) */
    int src = (c - i + p) % p;
    if (recv[src] > 0) irr_sched_recv(s, r, src, IRR_BUF_RECV, 0, c * p + i, c * p + i + 1, recv[src]);
  }
  for (i = 1; i < p; i++) {
    int d = (c + i) % p;
    if (send[d] > 0) irr_sched_send(s, r, d, IRR_BUF_SEND, 0, d * p + i, d * p + i + 1, send[d]);
  }
  if (send[c] > 0) irr_sched_copy(s, r, IRR_BUF_SEND, 0, IRR_BUF_RECV, 0, c * p, c * p + 1, send[c]);
  return s->err;
}

/* Calibration (SimGrid SMPI 3.32, 0.5 us per-message overhead, flat cluster, p = 64, 16 B a
   pair): the linear exchange's 63 + 63 messages a rank took 78 us, about 1.2 us a message,
   while Bruck's 18 dependent messages (an allreduce, sizes, data) took 2.5 us each: messages in
   flight together overlap on the network, only their CPU overheads add up. alpha stands for
   the dependent message; a message in a burst costs about half of it. */
#define IRR_A2A_GAP 0.5

/* a block's bytes in Bruck's rounds: those of T or more go straight */
#define IRR__A2A_SMALL(x, T) ((x) < (T) ? (x) : 0)

/* Bruck: rank c's program from its H (irr_alltoallv_bruck_sizes or the size phase).
   loc[i] / at[i] (p each, caller's workspace): where position i's block is now (-1: the
   send buffer, k: the scratch region of round k) and its offset in scratch. In round k a
   message is, for each run of positions [a, a + 2^k) (a = j 2^(k+1) + 2^k, destination
   c + a), the pieces of equal h = top set bit of (i mod 2^k) (-1 for i = a): contiguous in
   region h, and split the same way on both ends, so the i-th piece of the send meets the
   i-th piece of the receive (sched.h). A block of T bytes or more breaks its piece: it goes
   straight to its destination after the rank's rounds (T = INT64_MAX: plain Bruck). */
static inline irr_status irr_alltoallv_bruck(int c, int p, const int64_t *H, int64_t T, int flags, int *loc, int64_t *at,
                                             irr_sched *s) {
  int q = irr__a2a_q(p), k, r0 = 0, i;
  int64_t top = 0; /* scratch used */
  if (s->rank != c || s->size != p || p > IRR_A2A_MAXP) return IRR_ERR_ARG;
  s->nlab = p * p;
  if (flags & IRR_A2A_SIZES) r0 = irr__a2a_sizes_rounds(s, p);
  for (i = 0; i < p; i++) loc[i] = -1, at[i] = 0;
  if (H[0] > 0) irr_sched_copy(s, r0, IRR_BUF_SEND, 0, IRR_BUF_RECV, 0, c * p, c * p + 1, H[0]);
  for (k = 0; k < q && s->err == IRR_OK; k++) {
    int to = (c + (1 << k)) % p, from = (c - (1 << k) % p + p) % p, side, R = r0 + k;
    const int64_t *Hs = H + (size_t)k * p, *Hr = H + (size_t)(k + 1) * p;
    int64_t tot[2] = {0, 0};
    for (i = 0; i < p; i++)
      if (i >> k & 1) tot[0] += IRR__A2A_SMALL(Hs[i], T), tot[1] += IRR__A2A_SMALL(Hr[i], T);
    for (side = 0; side < 2; side++) { /* 0: the send (reads the state before the round), 1: the receive */
      const int64_t *Hx = side ? Hr : Hs;
      int a, first = 1;
      if (side) /* where the round's non-final blocks land: region k, in position order */
        for (a = 2 << k; a < p; a++)
          if (a >> k & 1) loc[a] = k, at[a] = top, top += IRR__A2A_SMALL(Hr[a], T);
      if (tot[side] == 0) continue; /* both ends know: no message */
      for (a = 1 << k; a < p; a += 2 << k) {
        int end = a + (1 << k) < p ? a + (1 << k) : p, h, d = (int)(((int64_t)c + (side ? a - (1 << k) : a)) % p);
        /* the destination of run a: c + a at the sender; c + a - 2^k at the receiver (the
           same rank: the receiver is c = sender + 2^k) */
        for (h = -1; h < k; h++) {
          int lo0 = h < 0 ? a : a + (1 << h), hi = h < 0 ? a + 1 : a + (2 << h), lo, x;
          if (hi > end) hi = end;
          if (lo0 >= hi) break;
          for (lo = lo0; lo < hi; lo = x + 1) { /* each run of blocks below T is a piece (those of T
                                                   or more go straight: they break the run) */
            int64_t len = 0;
            irr_op *o;
            for (x = lo; x < hi && Hx[x] < T; x++) len += Hx[x];
            if (len == 0) continue;
            if (!side) {
              int buf = loc[lo] < 0 ? IRR_BUF_SEND : IRR_BUF_TMP, y;
              for (y = lo + 1; y < x; y++) /* one piece: consecutive in one region */
                if (loc[y] != loc[lo] || at[y] != at[y - 1] + Hx[y - 1]) s->err = IRR_ERR_BOUNDS;
              o = irr_sched_push(s, R, IRR_OP_SEND, to, buf, buf == IRR_BUF_TMP ? at[lo] : 0, IRR_BUF_NONE, 0,
                                 d * p + lo, d * p + x, 0, len);
            } else if (a == 1 << k) { /* final: straight into the receive buffer */
              o = irr_sched_push(s, R, IRR_OP_RECV, from, IRR_BUF_RECV, 0, IRR_BUF_NONE, 0, d * p + lo, d * p + x, 0, len);
            } else {
              o = irr_sched_push(s, R, IRR_OP_RECV, from, IRR_BUF_TMP, at[lo], IRR_BUF_NONE, 0, d * p + lo, d * p + x, 0, len);
            }
            if (o && !first) o->flags |= IRR_OPF_CONT;
            first = 0;
          }
        }
      }
    }
  }
  { /* blocks of T bytes or more: straight to their destinations, after the Bruck rounds (on
       a second tag: a Bruck message may go to the same rank in the same round) */
    int R = s->nrounds > r0 ? s->nrounds - 1 : r0;
    irr_op *o;
    for (i = 1; i < p; i++) {
      int64_t b = H[(size_t)q * p + i]; /* from c - i, as its sender declares */
      if (b >= T && b > 0 && (o = irr_sched_push(s, R, IRR_OP_RECV, (c - i + p) % p, IRR_BUF_RECV, 0, IRR_BUF_NONE, 0,
                                                 c * p + i, c * p + i + 1, 0, b)))
        o->flags |= IRR_OPF_ALTTAG;
    }
    for (i = 1; i < p; i++) {
      int64_t b = H[i]; /* to c + i */
      int d = (c + i) % p;
      if (b >= T && b > 0 && (o = irr_sched_push(s, R, IRR_OP_SEND, d, IRR_BUF_SEND, 0, IRR_BUF_NONE, 0, d * p + i, d * p + i + 1,
                                                 0, b)))
        o->flags |= IRR_OPF_ALTTAG;
    }
  }
  return s->err;
}

/* The hybrid's threshold: a block of b bytes forwarded by Bruck travels q/2 hops on average,
   q b beta / 2 (each hop's NIC shared by share ranks: times share), where a message of its
   own costs IRR_A2A_GAP alpha (irr_alltoallv_linear_time). */
static inline int64_t irr_alltoallv_direct_min(int p, irr_model md, int share) {
  int q = irr__a2a_q(p);
  double t;
  if (q == 0 || !(md.beta > 0)) return INT64_MAX;
  t = 2.0 * IRR_A2A_GAP * md.alpha / (q * md.beta * (share > 1 ? share : 1));
  return t >= 9e18 ? INT64_MAX : t < 1 ? 1 : (int64_t)t;
}

/* ---- the choice ---- */

/* This rank's statistics (IRR_A2A_NSTAT words, maxima over ranks once combined), from its
   sizes by destination (send) and by source (recv); T: the hybrid's threshold
   (irr_alltoallv_direct_min); err: this rank's arguments are bad. [0] length, [1] error,
   [2] bytes sent to others, [3] received from others, [4] nonempty sends, [5] nonempty
   receives, [6 .. 9] the same for blocks of T bytes or more; for the blocks below T:
   [10 + k] the bytes a receiver gets from offsets [2^k, 2^(k+1)), [10 + QMAX + k] the largest
   block whose offset has bit k set, [10 + 2 QMAX + k] the bytes of a sender's blocks whose
   offset has bit k set; [10 + 3 QMAX ..] the same three for all blocks (plain Bruck). */
static inline void irr_alltoallv_stats(int c, int p, const int64_t *send, const int64_t *recv, int err, int64_t T,
                                       int64_t *v) {
  const int Q = IRR_A2A_QMAX;
  int i, k;
  memset(v, 0, IRR_A2A_NSTAT * sizeof(int64_t));
  v[0] = IRR_A2A_NSTAT, v[1] = err != 0;
  if (err) return;
  for (i = 1; i < p; i++) {
    int d = (c + i) % p, src = (c - i + p) % p;
    int64_t sm = IRR__A2A_SMALL(send[d], T), rm = IRR__A2A_SMALL(recv[src], T);
    v[2] += send[d], v[3] += recv[src];
    v[4] += send[d] > 0, v[5] += recv[src] > 0;
    v[6] += send[d] - sm, v[7] += recv[src] - rm;
    v[8] += send[d] > sm, v[9] += recv[src] > rm;
    for (k = 0; k < Q && (1 << k) <= i; k++)
      if (i >> k & 1) {
        if (sm > v[10 + Q + k]) v[10 + Q + k] = sm;
        v[10 + 2 * Q + k] += sm;
        if (send[d] > v[10 + 4 * Q + k]) v[10 + 4 * Q + k] = send[d];
        v[10 + 5 * Q + k] += send[d];
      }
    v[10 + k - 1] += rm; /* k - 1: the top set bit of i */
    v[10 + 3 * Q + k - 1] += recv[src];
  }
}
/* Combine two ranks' statistics: the maximum of each word. */
static inline void irr_alltoallv_reduce(const int64_t *in, int64_t *inout, int n) {
  int i;
  for (i = 0; i < n; i++) inout[i] = in[i] > inout[i] ? in[i] : inout[i];
}
/* Combined statistics say that some rank's arguments are bad. */
static inline int irr_alltoallv_bad(const int64_t *v) { return v[1] != 0; }

/* Closed-form estimates from the combined statistics (without the sizes phase). The
   linear exchange's messages after the first cost gap * alpha each: gap = 1 is the model
   (one message at a time per port; the test holds the estimate to irr_sched_cost so);
   the choice uses IRR_A2A_GAP. share > 1: nodes of share consecutive ranks behind one NIC,
   which carries its ranks' off-node bytes. w: v + 2 (all blocks) or v + 6 (the hybrid's
   direct ones). */
static inline double irr__a2a_lin(int p, const int64_t *w, irr_model md, double gap, int share) {
  double nic = share > 1 && p > share ? (double)share * (p - share) / p : 1, a, b;
  if (nic < 1) nic = 1;
  a = md.beta * nic * (double)w[0], b = md.beta * nic * (double)w[1];
  if (w[2] > 0) a += md.alpha * (1 + gap * (double)(w[2] - 1));
  if (w[3] > 0) b += md.alpha * (1 + gap * (double)(w[3] - 1));
  return a > b ? a : b;
}
static inline double irr_alltoallv_linear_time(int p, const int64_t *v, irr_model md, double gap, int share) {
  return irr__a2a_lin(p, v + 2, md, gap, share);
}
/* The hybrid (Bruck's rounds on the blocks below T, then the others straight): round k's
   largest message taken as the largest of what one sender puts into it (its blocks with bit
   k set), what one receiver takes from offsets [2^k, 2^(k+1)) (they all travel in round k's
   messages to it or its forwarders) and the largest block; share > 1: in round k the last
   min(2^k, share) ranks of a node send off the node, through its one NIC. */
static inline double irr__a2a_bruck_rounds(int p, const int64_t *b, irr_model md, int share) {
  const int Q = IRR_A2A_QMAX;
  int q = irr__a2a_q(p), k;
  double t = 0;
  for (k = 0; k < q; k++) {
    double V = (double)b[2 * Q + k];
    int off = share > 1 ? ((1 << k) < share ? 1 << k : share) : 1;
    if ((double)b[k] > V) V = (double)b[k];
    if ((double)b[Q + k] > V) V = (double)b[Q + k];
    if (V > 0) t += md.alpha + md.beta * V * off;
  }
  return t;
}
static inline double irr_alltoallv_bruck_time(int p, const int64_t *v, irr_model md, double gap, int share) {
  return irr__a2a_bruck_rounds(p, v + 10, md, share) + irr__a2a_lin(p, v + 6, md, gap, share);
}
/* Plain Bruck: every block forwarded. */
static inline double irr_alltoallv_plain_time(int p, const int64_t *v, irr_model md, int share) {
  return irr__a2a_bruck_rounds(p, v + 10 + 3 * IRR_A2A_QMAX, md, share);
}

/* The algorithm: forced (bruck, linear), else the least estimate; one rank: linear. share:
   ranks per node behind one NIC (consecutive ranks; 1: flat). SMPI, 16-core nodes, p = 64,
   1 KiB a pair: Bruck, chosen by the flat estimates, took 0.57-0.65 of SMPI's best, its
   q/2 copies of the data crowding the node's NIC; these estimates charge that. */
/* *T: Bruck's threshold, T0 (the hybrid, irr_alltoallv_direct_min, with which v was made)
   or INT64_MAX (plain Bruck), the cheaper; forced Bruck takes the cheaper of the two too. */
static inline irr_alg irr_alltoallv_choose_t(irr_alg forced, int p, const int64_t *v, irr_model md, int share, int64_t T0,
                                             int64_t *T) {
  double th, tp, tl;
  *T = T0;
  if (p <= 1 || p > IRR_A2A_MAXP || forced == IRR_ALG_LINEAR) return IRR_ALG_LINEAR;
  th = irr_alltoallv_bruck_time(p, v, md, IRR_A2A_GAP, share), tp = irr_alltoallv_plain_time(p, v, md, share);
  tl = irr_alltoallv_linear_time(p, v, md, IRR_A2A_GAP, share);
  if (tp <= th) *T = INT64_MAX, th = tp;
  return forced == IRR_ALG_BRUCK || th < tl ? IRR_ALG_BRUCK : IRR_ALG_LINEAR;
}
static inline irr_alg irr_alltoallv_choose(irr_alg forced, int p, const int64_t *v, irr_model md, int share) {
  int64_t T;
  if (p <= 1 || p > IRR_A2A_MAXP) return IRR_ALG_LINEAR;
  if (forced == IRR_ALG_BRUCK || forced == IRR_ALG_LINEAR) return forced;
  return irr_alltoallv_choose_t(forced, p, v, md, share, irr_alltoallv_direct_min(p, md, share), &T);
}

static inline irr_status irr_alltoallv_stats_all(int p, const int64_t *mat, int64_t T, int64_t *v) {
  int64_t *row = (int64_t *)IRRCOLL_MALLOC((size_t)p * 2 * sizeof(int64_t)), w[IRR_A2A_NSTAT];
  int c, d;
  if (!row) return IRR_ERR_NOMEM;
  for (c = 0; c < p; c++) {
    for (d = 0; d < p; d++) row[d] = mat[(size_t)c * p + d], row[p + d] = mat[(size_t)d * p + c];
    irr_alltoallv_stats(c, p, row, row + p, 0, T, c ? w : v);
    if (c) irr_alltoallv_reduce(w, v, IRR_A2A_NSTAT);
  }
  IRRCOLL_FREE(row);
  return IRR_OK;
}

/* The programs of all ranks for alg (IRR_ALG_AUTO: the choice) into set; flags as the
   builders'; share: ranks per node behind one NIC (1: flat); T: Bruck's threshold, 0: the
   hybrid's (irr_alltoallv_direct_min), INT64_MAX: plain Bruck. */
static inline irr_status irr_alltoallv_build_all_t(irr_sched_set *set, irr_alg alg, int p, const int64_t *mat, int flags,
                                                   irr_model md, int share, int64_t T) {
  int64_t v[IRR_A2A_NSTAT], *w = NULL;
  int *loc = NULL, c, d, q = irr__a2a_q(p), cap;
  irr_op *ops = NULL;
  irr_status st;
  if (p <= 0 || p > IRR_A2A_MAXP) return IRR_ERR_ARG;
  if (T <= 0) { /* the choice's: of the algorithm (auto) and of Bruck's threshold */
    int64_t T0 = irr_alltoallv_direct_min(p, md, share);
    if ((st = irr_alltoallv_stats_all(p, mat, T0, v)) != IRR_OK) return st;
    alg = irr_alltoallv_choose_t(alg, p, v, md, share, T0, &T);
  }
  if (alg != IRR_ALG_BRUCK && alg != IRR_ALG_LINEAR) return IRR_ERR_ARG;
  if ((st = irr_sched_set_init(set, p)) != IRR_OK) return st;
  cap = irr_alltoallv_maxops(alg, p);
  ops = (irr_op *)IRRCOLL_MALLOC((size_t)cap * sizeof(irr_op));
  w = (int64_t *)IRRCOLL_MALLOC((size_t)p * (q + 4) * sizeof(int64_t));
  loc = (int *)IRRCOLL_MALLOC((size_t)p * sizeof(int));
  if (!ops || !w || !loc) st = IRR_ERR_NOMEM;
  for (c = 0; c < p && st == IRR_OK; c++) {
    irr_sched s;
    irr_sched_init(&s, c, p, ops, cap);
    if (alg == IRR_ALG_BRUCK) {
      irr_alltoallv_bruck_sizes(c, p, mat, w + p);
      st = irr_alltoallv_bruck(c, p, w + p, T, flags, loc, w, &s);
    } else {
      for (d = 0; d < p; d++) w[d] = mat[(size_t)c * p + d], w[p + d] = mat[(size_t)d * p + c];
      st = irr_alltoallv_linear(c, p, w, w + p, flags, &s);
    }
    if (st == IRR_OK) st = irr_sched_set_add(set, &s);
  }
  if (st == IRR_OK) st = irr_sched_set_finish(set);
  else irr_sched_set_free(set);
  if (ops) IRRCOLL_FREE(ops);
  if (w) IRRCOLL_FREE(w);
  if (loc) IRRCOLL_FREE(loc);
  return st;
}
static inline irr_status irr_alltoallv_build_all(irr_sched_set *set, irr_alg alg, int p, const int64_t *mat, int flags,
                                                 irr_model md, int share) {
  return irr_alltoallv_build_all_t(set, alg, p, mat, flags, md, share, 0);
}
