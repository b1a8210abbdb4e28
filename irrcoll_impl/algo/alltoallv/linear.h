/* Alltoallv by the linear exchange (IRR_ALG_LINEAR): every nonempty block straight to its
   destination in one round, empty blocks left out (both ends know). Cost: about max over
   ranks of (nonempty sends alpha + beta bytes sent), and the same for receives; no scratch;
   2p + 4q + 8 ops. The sizes phase and the family's overview: sizes.h.

   The direct exchange (IRR_ALG_DIRECT, flag IRR_A2A_DENSE): the same round with every
   ordered pair's message, empty ones too, and no sizes phase before it: MPI's own basic
   linear algorithm (MPICH's and Open MPI's Alltoallv for small p). Every receive has its
   send whatever the counts say, so a pair that disagrees on a block's size, or a rank whose
   arguments are bad, cannot leave a message unmatched or a rank waiting: that is what lets
   the MPI layer drop the sizes phase's q rounds (mpi/alltoallv.h). Cost: (p - 1) messages a
   rank, about alpha + (p - 2) IRR_A2A_GAP alpha + beta bytes; p - 1 sends and receives.
   Where it runs instead of the sizes phase: irr_alltoallv_direct_pays (select/). */
#define IRR_A2A_DENSE 2

/* Linear: rank c's program from its sizes by destination (send) and by source (recv);
   flags IRR_A2A_SIZES (the sizes phase first, as control messages), IRR_A2A_DENSE (empty
   blocks too: the direct exchange). */
static inline irr_status irr_alltoallv_linear(int c, int p, const int64_t *send, const int64_t *recv, int flags,
                                              irr_sched *s) {
  int i, r = 0, dense = (flags & IRR_A2A_DENSE) != 0;
  if (s->rank != c || s->size != p || p > IRR_A2A_MAXP) return IRR_ERR_ARG;
  s->nlab = p * p;
  if (flags & IRR_A2A_SIZES) r = irr__a2a_sizes_rounds(s, p);
  for (i = 1; i < p; i++) { /* receives first, then sends to c+1, c+2, ... (spreads the load) */
    int src = (c - i + p) % p;
    if (recv[src] > 0 || dense) irr_sched_recv(s, r, src, IRR_BUF_RECV, 0, c * p + i, c * p + i + 1, recv[src]);
  }
  for (i = 1; i < p; i++) {
    int d = (c + i) % p;
    if (send[d] > 0 || dense) irr_sched_send(s, r, d, IRR_BUF_SEND, 0, d * p + i, d * p + i + 1, send[d]);
  }
  if (send[c] > 0) irr_sched_copy(s, r, IRR_BUF_SEND, 0, IRR_BUF_RECV, 0, c * p, c * p + 1, send[c]);
  return s->err;
}

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
/* The direct exchange: every rank's p - 1 messages each way, empty ones too. */
static inline double irr_alltoallv_direct_time(int p, const int64_t *v, irr_model md, double gap, int share) {
  int64_t w[4];
  w[0] = v[2], w[1] = v[3], w[2] = w[3] = p - 1;
  return irr__a2a_lin(p, w, md, gap, share);
}
