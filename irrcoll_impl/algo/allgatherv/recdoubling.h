/* Allgatherv by recursive doubling (IRR_ALG_RECDOUBLING; MPICH's for small totals on 2^k
   ranks): log2 p rounds; cost log2 p alpha + beta * (sum over rounds of the largest group).
   Limits: p a power of two; no scratch.

     recursive doubling, p = 4: round k swaps the aligned group of 2^k blocks with r ^ 2^k
       k = 0   {0} <-> {1}    {2} <-> {3}
       k = 1   {0 1}  <---->  {2 3}          (0 <-> 2 and 1 <-> 3: both blocks each) */

/* Baseline: recursive doubling (p a power of two): round k exchanges the 2^k blocks of the
   aligned group with rank r ^ 2^k. IRR_ERR_ARG for other p. */
static inline irr_status irr_allgatherv_recdoubling(int r, int p, const int64_t *m, int inplace, irr_sched *s) {
  int k;
  int64_t sl = m[r], rl = 0; /* the own group's bytes; the partner's joins it each round: p - 1 sizes summed */
  if (s->rank != r || s->size != p || (p & (p - 1))) return IRR_ERR_ARG;
  if (!inplace && m[r] > 0) irr_sched_copy(s, 0, IRR_BUF_SEND, 0, IRR_BUF_RECV, 0, r, r + 1, m[r]);
  for (k = 0; (1 << k) < p; k++, sl += rl) {
    int d = 1 << k, partner = r ^ d, g = r & ~(d - 1), h = partner & ~(d - 1);
    rl = irr__range_sum(m, h, h + d);
    if (sl > 0) {
      if (d == 1 && !inplace) irr_sched_send(s, k + 1, partner, IRR_BUF_SEND, 0, r, r + 1, sl);
      else irr_sched_send(s, k + 1, partner, IRR_BUF_RECV, 0, g, g + d, sl);
    }
    if (rl > 0) irr_sched_recv(s, k + 1, partner, IRR_BUF_RECV, 0, h, h + d, rl);
  }
  return s->err;
}

static inline double irr_allgatherv_recdoubling_estimate(int p, const int64_t *m, irr_model md) {
  int d, g;
  double t = 0;
  for (d = 1; d < p; d *= 2) { /* round log2 d: groups of d blocks cross */
    int64_t mx = 0;
    for (g = 0; g < p; g += d) {
      int64_t w = irr__range_sum(m, g, g + d < p ? g + d : p);
      if (w > mx) mx = w;
    }
    t += md.alpha + md.beta * (double)mx;
  }
  return t;
}

/* Recursive doubling (p = 2^k): the pair's two messages start together. O(p log p). */
static inline double irr_allgatherv_recdoubling_time(int p, const int64_t *m, irr_model md, void *work) {
  double *E = (double *)work, *F = E + p;
  int64_t *P = (int64_t *)(F + p);
  int r, d;
  if (p & (p - 1)) return 1e300;
  irr__mp_start(p, m, P, E);
  for (d = 1; d < p; d *= 2) {
    double *tmp;
    for (r = 0; r < p; r++) {
      int q = r ^ d, g = r & ~(d - 1), h = q & ~(d - 1);
      int64_t sl = P[g + d] - P[g], rl = P[h + d] - P[h], mx = sl > rl ? sl : rl;
      F[r] = irr__mp_msg(E[r], E[r], E[q], md.alpha, md.beta * (double)mx, mx > 0);
    }
    tmp = E, E = F, F = tmp;
  }
  return irr__mp_latest(E, p);
}

/* For the automatic choice: every round charged its largest aligned group, from the prefix
   sums P (p + 1 entries at least); an upper bound of irr_allgatherv_recdoubling_time, O(p).
   Its CPU: 2 log2 p + 1 ops, 2 log2 p messages of one piece. */
static inline double irr__ag_recd_groups(int p, const int64_t *P, irr_model md) {
  int d, g;
  double t = 0;
  for (d = 1; d < p; d *= 2) {
    int64_t mx = 0;
    for (g = 0; g < p; g += d) mx = P[g + d] - P[g] > mx ? P[g + d] - P[g] : mx;
    t += md.alpha + md.beta * (double)mx;
  }
  return t;
}
static inline double irr__ag_recd_cpu(int p, irr_model md) {
  int q = irr_tree_levels(p);
  return md.cpu_op * (2 * q + 1) + md.cpu_msg * 2 * q;
}
