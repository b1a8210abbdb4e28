/* Alltoallv by the non-uniform Bruck algorithm (IRR_ALG_BRUCK; Fan et al., HPDC 2022) and
   its hybrid with the linear exchange for blocks of T bytes or more: q = ceil(log2 p)
   rounds after the sizes phase; cost, scratch and limits: sizes.h. */

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
   i-th piece of the receive (ir/sched.h). A block of T bytes or more breaks its piece: it goes
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
