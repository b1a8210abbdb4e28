/* Alltoallv's automatic choice: one pass of statistics over the sizes (combined as maxima
   over ranks in the sizes phase), closed-form estimates of the linear exchange, the hybrid
   and plain Bruck, their argmin; and the programs of all ranks of any of its algorithms. */

static inline int irr_alltoallv_maxops(irr_alg alg, int p) { /* linear, direct: 2 p - 2 + self copy */
  int q = irr__a2a_q(p);
  if (alg == IRR_ALG_BRUCK) return 6 * p + 2 * q * (q + 1) + 4 * q + 8;
  return 2 * p + 4 * q + 8;
}

/* This rank's statistics (IRR_A2A_NSTAT words, maxima over ranks once combined), from its
   sizes by destination (send) and by source (recv); T: the hybrid's threshold
   (irr_alltoallv_direct_min); err: this rank's arguments are bad. [0] length, [1] 2 where
   the arguments are bad, else 0 (the MPI layer makes it 1 where this rank's counts are not
   those of the plan it kept, mpi/alltoallv.h: combined, whether any rank's are bad, else
   whether any rank's changed), [2] bytes sent to others, [3] received from others, [4] nonempty sends, [5] nonempty
   receives, [6 .. 9] the same for blocks of T bytes or more; for the blocks below T:
   [10 + k] the bytes a receiver gets from offsets [2^k, 2^(k+1)), [10 + QMAX + k] the largest
   block whose offset has bit k set, [10 + 2 QMAX + k] the bytes of a sender's blocks whose
   offset has bit k set; [10 + 3 QMAX ..] the same three for all blocks (plain Bruck). */
static inline void irr_alltoallv_stats(int c, int p, const int64_t *send, const int64_t *recv, int err, int64_t T,
                                       int64_t *v) {
  const int Q = IRR_A2A_QMAX;
  int i, k;
  memset(v, 0, IRR_A2A_NSTAT * sizeof(int64_t));
  v[0] = IRR_A2A_NSTAT, v[1] = err ? 2 : 0;
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
static inline int irr_alltoallv_bad(const int64_t *v) { return v[1] >= 2; }

/* After a sizes phase (the blocking call where the direct exchange does not pay, and
   _init): forced (bruck, linear; direct: linear, whose messages are the direct exchange's
   nonempty ones, now that the sizes agree), else the least estimate; one rank: linear. share:
   ranks per node behind one NIC (consecutive ranks; 1: flat). SMPI, 16-core nodes, p = 64,
   1 KiB a pair: Bruck, chosen by the flat estimates, took 0.57-0.65 of SMPI's best, its
   q/2 copies of the data crowding the node's NIC; these estimates charge that. */
/* *T: Bruck's threshold, T0 (the hybrid, irr_alltoallv_direct_min, with which v was made)
   or INT64_MAX (plain Bruck), the cheaper; forced Bruck takes the cheaper of the two too. */
static inline irr_alg irr_alltoallv_choose_t(irr_alg forced, int p, const int64_t *v, irr_model md, int share, int64_t T0,
                                             int64_t *T) {
  double th, tp, tl;
  *T = T0;
  if (p <= 1 || p > IRR_A2A_MAXP || forced == IRR_ALG_LINEAR || forced == IRR_ALG_DIRECT) return IRR_ALG_LINEAR;
  th = irr_alltoallv_bruck_time(p, v, md, IRR_A2A_GAP, share), tp = irr_alltoallv_plain_time(p, v, md, share);
  tl = irr_alltoallv_linear_time(p, v, md, IRR_A2A_GAP, share);
  if (tp <= th) *T = INT64_MAX, th = tp;
  return forced == IRR_ALG_BRUCK || th < tl ? IRR_ALG_BRUCK : IRR_ALG_LINEAR;
}
/* The CPU (the model's terms) of the sizes path that the direct exchange does not spend
   (its own: the counts widened, 2p sizes; MPI's posting it shares with MPI's own
   Alltoallv): cs, the phase (its q messages; the statistics, H and the plan's inputs,
   (q + 3) p sizes, as the MPI layer charges them); cb, Bruck's program (2q messages, each a
   datatype over its pieces; about 4p ops and 2p pieces); cl, the linear exchange's
   (2(p - 1) messages and ops). test_a2a holds cb and cl to irr_sched_cpu. */
static inline void irr__a2a_path_cpu(int p, irr_model md, double *cs, double *cb, double *cl) {
  int q = irr__a2a_q(p);
  *cs = (q + 3.0) * p * md.cpu_size + q * md.cpu_msg;
  *cb = 2.0 * q * (md.cpu_msg + md.cpu_type) + 4.0 * p * md.cpu_op + 2.0 * p * md.cpu_piece;
  *cl = 2.0 * (p - 1) * (md.cpu_msg + md.cpu_op);
}

/* Whether the direct exchange (algo/alltoallv/linear.h) runs instead of the sizes phase and
   the choice after it: the model's minimax over uniform matrices of b > 0 bytes a pair, from
   p and the model alone (equal on every rank; no message), the CPU counted. The sizes path
   (the phase S, then the cheaper of Bruck B and the linear exchange L) gains the most with
   Bruck on the smallest blocks: there the direct exchange D loses at most D(0) / (S + B(0)).
   The sizes path loses the most where Bruck stops winning (b*: B(b*) = L(b*); above it L,
   and S weighs less as b grows): (S + L(b*)) / D(b*). Direct where its worst loss is the
   smaller: with the default model up to p = 47 (network alone, irr_model_net: 26). The
   linear exchange's messages after the first cost IRR_A2A_GAP alpha each (SMPI's figure, as
   in the choice's estimates); test_a2a holds the rule to a brute-force minimax. Flat: on
   shared NICs Bruck's forwarded copies cost more, which only favours the direct exchange
   further. An empty or sparse matrix is not in the family: there the sizes path sends only
   what is nonempty, while the direct exchange sends every pair as MPI does. O(log p). */
static inline int irr_alltoallv_direct_pays(int p, irr_model md) {
  int q = irr__a2a_q(p), k;
  double S = irr_alltoallv_sizes_time(p, md), Dn = md.alpha * (1 + IRR_A2A_GAP * (p - 2)), D0 = Dn + 2.0 * p * md.cpu_size, B0, L0,
         fw = 0, cs, cb, cl, bs;
  if (p <= 2) return 1;
  irr__a2a_path_cpu(p, md, &cs, &cb, &cl);
  S += cs, B0 = q * md.alpha + cb, L0 = Dn + cl;
  for (k = 0; k < q; k++) fw += irr__a2a_npos(p, k); /* the blocks Bruck's rounds carry, each one block's b */
  if (L0 <= B0 || fw <= p - 1) return 1;              /* Bruck never wins: the sizes phase cannot pay */
  bs = (L0 - B0) / (md.beta * (fw - (p - 1)));
  return D0 / (S + B0) <= (S + L0 + md.beta * (p - 1) * bs) / (D0 + md.beta * (p - 1) * bs);
}
/* The call runs the direct exchange, with no sizes phase: forced, or auto where it pays. */
static inline int irr_alltoallv_direct_first(irr_alg forced, int p, irr_model md) {
  return forced == IRR_ALG_DIRECT || (forced == IRR_ALG_AUTO && irr_alltoallv_direct_pays(p, md));
}

static inline irr_alg irr_alltoallv_choose(irr_alg forced, int p, const int64_t *v, irr_model md, int share) {
  int64_t T;
  if (p > IRR_A2A_MAXP) return IRR_ALG_LINEAR;
  if (irr_alltoallv_direct_first(forced, p, md)) return IRR_ALG_DIRECT;
  if (p <= 1) return IRR_ALG_LINEAR;
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
   builders' (the direct exchange has no sizes phase: IRR_A2A_SIZES adds nothing to it);
   share: ranks per node behind one NIC (1: flat); T: Bruck's threshold, 0: the hybrid's
   (irr_alltoallv_direct_min), INT64_MAX: plain Bruck. */
static inline irr_status irr_alltoallv_build_all_t(irr_sched_set *set, irr_alg alg, int p, const int64_t *mat, int flags,
                                                   irr_model md, int share, int64_t T) {
  int64_t v[IRR_A2A_NSTAT], *w = NULL;
  int *loc = NULL, c, d, q = irr__a2a_q(p), cap;
  irr_op *ops = NULL;
  irr_status st;
  if (p <= 0 || p > IRR_A2A_MAXP) return IRR_ERR_ARG;
  if (T <= 0 && irr_alltoallv_direct_first(alg, p, md)) alg = IRR_ALG_DIRECT;
  else if (T <= 0) { /* the choice's: of the algorithm (auto) and of Bruck's threshold */
    int64_t T0 = irr_alltoallv_direct_min(p, md, share);
    if ((st = irr_alltoallv_stats_all(p, mat, T0, v)) != IRR_OK) return st;
    alg = irr_alltoallv_choose_t(alg, p, v, md, share, T0, &T);
  }
  if (alg != IRR_ALG_BRUCK && alg != IRR_ALG_LINEAR && alg != IRR_ALG_DIRECT) return IRR_ERR_ARG;
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
      st = irr_alltoallv_linear(c, p, w, w + p, alg == IRR_ALG_DIRECT ? (flags & ~IRR_A2A_SIZES) | IRR_A2A_DENSE : flags, &s);
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
