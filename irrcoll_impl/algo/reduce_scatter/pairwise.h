/* Reduce_scatter pairwise (MPICH's pairwise exchange): the rank blocks, p - 1 rounds,
   commutative operations only. Round k (1 .. p - 1): rank r sends its own contribution to
   block r + k straight from the send buffer, and reduces rank r - k's contribution to its
   block into the receive buffer, which starts as its own contribution.

   Cost: (p - 1)(alpha + max_i m_i (beta + gamma)) when one block is large: each round one
   rank receives it. Scratch: m_r. */
static inline irr_status irr_reduce_scatter_pairwise(int rank, int p, const int64_t *D, irr_sched *s) {
  int k;
  int64_t mr = D[rank + 1] - D[rank];
  if (rank != s->rank || p != s->size) return IRR_ERR_ARG;
  irr__rs_op(s, 0, IRR_OP_COPY, -1, IRR_BUF_SEND, 0, IRR_BUF_RECV, 0, D, D[rank], mr, 0);
  for (k = 1; k < p; k++) {
    int to = (rank + k) % p, from = (rank - k + p) % p;
    irr__rs_op(s, k, IRR_OP_SEND, to, IRR_BUF_SEND, 0, IRR_BUF_NONE, 0, D, D[to], D[to + 1] - D[to], 0);
    irr__rs_recv_reduce(s, k, from, 0, IRR_BUF_RECV, 0, D, D[rank], mr, 0);
  }
  return s->err;
}
