/* Allgatherv baseline for the model, never chosen: MPICH's ring (p - 1 rounds, each block cut
   into 32 KiB messages, no pipelining across blocks). The other baselines are algorithms of
   their own: recursive doubling (recdoubling.h, MPICH's for small totals on 2^k ranks) and
   the plain linear ring (irr_allgatherv_ring with B >= max m_i and the identity order). */

/* Baseline: MPICH's ring (MPIR_Allgatherv_intra_ring): p - 1 rounds; in round t every rank
   sends the block of rank r - t + 1 to r + 1, cut into messages of at most `chunk` units
   (MPICH: 32 KiB), and receives the block of rank r - t from r - 1. Time about
   sum over rounds of the largest block: (p - 1) * max m_i for one large block. */
static inline irr_status irr_allgatherv_mpich_ring(int r, int p, const int64_t *m, int64_t chunk, int inplace, irr_sched *s) {
  int t;
  if (s->rank != r || s->size != p || chunk < 1) return IRR_ERR_ARG;
  if (!inplace && m[r] > 0) irr_sched_copy(s, 0, IRR_BUF_SEND, 0, IRR_BUF_RECV, 0, r, r + 1, m[r]);
  for (t = 1; t < p; t++) {
    int sb = ((r - t + 1) % p + p) % p, rb = ((r - t) % p + p) % p, dir;
    for (dir = 0; dir < 2; dir++) {
      int o = dir ? rb : sb;
      int64_t lo;
      for (lo = 0; lo < m[o]; lo += chunk)
        irr_sched_push(s, t, dir ? IRR_OP_RECV : IRR_OP_SEND, dir ? (r + p - 1) % p : (r + 1) % p,
                       !dir && o == r && !inplace ? IRR_BUF_SEND : IRR_BUF_RECV, 0, IRR_BUF_NONE, 0, o, o + 1, lo,
                       m[o] - lo < chunk ? m[o] - lo : chunk);
    }
  }
  return s->err;
}
