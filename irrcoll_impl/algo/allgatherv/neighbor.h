/* Neighbor exchange (IRR_ALG_NEIGHBOR; Chen, Yu, Huang, Zhang, Xiao, Yue 2005, "Performance
   evaluation of allgather algorithms on terascale Linux cluster with fast Ethernet", as Open
   MPI's neighborexchange; not a seed) on irregular sizes, p even: p/2 rounds. Round 1 swaps
   the own block with the pair partner (r ^ 1); every later round swaps, alternately with the
   right and the left neighbor, the aligned pair of blocks {2j, 2j + 1} received the round
   before, so that blocks travel both ways round the ring at once. Cost: alpha + beta max m_i
   + (p/2 - 1)(alpha + beta (largest pair)): half the ring's rounds for the same volume. On
   16-core nodes sharing a NIC only every other round crosses it (the pair rounds stay inside
   nodes of even size). Limits: p even (else not applicable); p + 2 ops; no scratch.

     p = 4, rank 1's receive buffer:      0   1   2   3
       round 1: swap own with rank 0      0   1   .   .
       round 2: pair {0 1} <-> {2 3} with rank 2 (its right neighbor) */
static inline irr_status irr_allgatherv_neighbor(int r, int p, const int64_t *m, int inplace, irr_sched *s) {
  int i, even = r % 2 == 0, nb[2], from[2], step[2], sfrom;
  if (s->rank != r || s->size != p || p % 2) return IRR_ERR_ARG;
  nb[0] = even ? (r + 1) % p : (r + p - 1) % p, nb[1] = even ? (r + p - 1) % p : (r + 1) % p;
  from[0] = from[1] = even ? r : nb[0];
  step[0] = even ? 2 : -2, step[1] = -step[0];
  if (!inplace && m[r] > 0) irr_sched_copy(s, 0, IRR_BUF_SEND, 0, IRR_BUF_RECV, 0, r, r + 1, m[r]);
  if (m[r] > 0) irr_sched_send(s, 1, nb[0], inplace ? IRR_BUF_RECV : IRR_BUF_SEND, 0, r, r + 1, m[r]);
  if (m[nb[0]] > 0) irr_sched_recv(s, 1, nb[0], IRR_BUF_RECV, 0, nb[0], nb[0] + 1, m[nb[0]]);
  sfrom = even ? r : nb[0];
  for (i = 1; i < p / 2; i++) { /* pairs start at even ranks and never wrap */
    int par = i % 2;
    int64_t sl = irr__range_sum(m, sfrom, sfrom + 2), rl;
    from[par] = (from[par] + step[par] + p) % p;
    rl = irr__range_sum(m, from[par], from[par] + 2);
    if (sl > 0) irr_sched_send(s, i + 1, nb[par], IRR_BUF_RECV, 0, sfrom, sfrom + 2, sl);
    if (rl > 0) irr_sched_recv(s, i + 1, nb[par], IRR_BUF_RECV, 0, from[par], from[par] + 2, rl);
    sfrom = from[par];
  }
  return s->err;
}

/* Neighbor exchange: round 1 swaps single blocks, each later round every aligned pair
   (every pair is in flight in every round). p odd: not applicable (a huge time). O(p). */
static inline double irr_allgatherv_neighbor_estimate(int p, const int64_t *m, irr_model md) {
  int64_t mx = 0, pr = 0;
  int i;
  if (p % 2) return 1e300;
  for (i = 0; i < p; i += 2) {
    if (m[i] > mx) mx = m[i];
    if (m[i + 1] > mx) mx = m[i + 1];
    if (m[i] + m[i + 1] > pr) pr = m[i] + m[i + 1];
  }
  return md.alpha + md.beta * (double)mx + (p / 2 - 1) * (md.alpha + md.beta * (double)pr);
}

/* Neighbor exchange (irr_allgatherv_neighbor, p even): the recursion over its p/2 rounds, as
   the generator walks them, where p^2 / 2 <= IRR_RING_EXACT (O(p^2)); beyond, the closed form
   irr_allgatherv_neighbor_estimate (every round charged its largest pair: an upper bound,
   3.3% over at p = 18 on random skewed sizes, where few rounds leave little to average). */
static inline double irr_allgatherv_neighbor_time(int p, const int64_t *m, irr_model md, void *work) {
  double *E = (double *)work, *F = E + p;
  int *sf = (int *)(F + p), *f0 = sf + p, *f1 = f0 + p, r, i;
  if (p % 2) return 1e300;
  if ((double)p * p / 2 > (double)IRR_RING_EXACT) return irr_allgatherv_neighbor_estimate(p, m, md);
  for (r = 0; r < p; r++) { /* round 1: own blocks with r ^ 1 */
    int q = r ^ 1;
    int64_t mx = m[r] > m[q] ? m[r] : m[q];
    E[r] = irr__mp_msg(0, 0, 0, md.alpha, md.beta * (double)mx, mx > 0);
    sf[r] = f0[r] = f1[r] = r % 2 == 0 ? r : q;
  }
  for (i = 1; i < p / 2; i++) {
    double *tmp;
    for (r = 0; r < p; r++) {
      int even = r % 2 == 0, par = i % 2, q, fr, step = (even ? 2 : -2) * (par ? -1 : 1);
      int64_t sl, rl, mx;
      q = (par == 0) == even ? (r + 1) % p : (r + p - 1) % p;
      fr = ((par ? f1[r] : f0[r]) + step + p) % p;
      sl = m[sf[r]] + m[sf[r] + 1], rl = m[fr] + m[fr + 1], mx = sl > rl ? sl : rl;
      F[r] = irr__mp_msg(E[r], E[r], E[q], md.alpha, md.beta * (double)mx, mx > 0);
      if (par) f1[r] = fr;
      else f0[r] = fr;
      sf[r] = fr;
    }
    tmp = E, E = F, F = tmp;
  }
  return irr__mp_latest(E, p);
}

/* Its CPU on any rank: p + 1 ops, p messages of one piece (pairs of adjacent blocks). */
static inline double irr__ag_neighbor_cpu(int p, irr_model md) { return md.cpu_op * (p + 1) + md.cpu_msg * p; }
