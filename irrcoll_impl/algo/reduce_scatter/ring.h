/* Reduce_scatter by the ring (Open MPI's ring): the rank blocks, p - 1 rounds, commutative
   operations only. Round k (0 .. p - 2): rank r sends its partial result of block
   r - k - 1 to rank r + 1 and reduces block r - k - 2 from rank r - 1 into its own, so
   block r has passed every rank when it arrives the last time.

   Cost: (p - 1)(alpha + max_i m_i (beta + gamma)): every round moves every block, and the
   largest sets the pace. Scratch: n + max_i m_i. */
static inline irr_status irr_reduce_scatter_ring(int rank, int p, const int64_t *D, irr_sched *s) {
  int k, round = 1, nx = (rank + 1) % p, pv = (rank - 1 + p) % p;
  int64_t n = D[p];
  if (rank != s->rank || p != s->size) return IRR_ERR_ARG;
  if (n == 0) return IRR_OK;
  irr__rs_op(s, 0, IRR_OP_COPY, -1, IRR_BUF_SEND, 0, IRR_BUF_TMP, 0, D, 0, n, 0);
  for (k = 0; k + 1 < p; k++, round++) {
    int sb = ((rank - k - 1) % p + p) % p, rb = ((rank - k - 2) % p + p) % p;
    irr__rs_op(s, round, IRR_OP_SEND, nx, IRR_BUF_TMP, D[sb], IRR_BUF_NONE, 0, D, D[sb], D[sb + 1] - D[sb], 0);
    irr__rs_recv_reduce(s, round, pv, n, IRR_BUF_TMP, D[rb], D, D[rb], D[rb + 1] - D[rb], 0);
  }
  irr__rs_op(s, round, IRR_OP_COPY, -1, IRR_BUF_TMP, D[rank], IRR_BUF_RECV, 0, D, D[rank], D[rank + 1] - D[rank], 0);
  return s->err;
}
