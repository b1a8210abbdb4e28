/* Reduce_scatter's automatic choice: closed-form estimates of every algorithm from one pass
   over the blocks' starts D (equal on all ranks: MPI requires equal recvcounts everywhere),
   their argmin; the programs of all ranks; the bound. Units are elements; the model's beta
   and gamma are per unit (the MPI layer scales them by the element's bytes). */

static inline int irr_reduce_scatter_maxops(int p) {
  int lg = irr_circ_q(p);
  return 4 * p + 4 * lg + 16; /* ring and pairwise: 2 a round; the delivery: the blocks a piece
                                 overlaps and the pieces a block does, both wrapped at worst */
}

/* Rank rank's program of alg (not auto) into s, initialized for rank of p. P: workspace of
   p + 1 entries. IRR_ERR_ARG: an algorithm Reduce_scatter lacks, or a commutative one for
   an ordered operation. */
static inline irr_status irr_reduce_scatter_build(irr_alg alg, int rank, int p, const int64_t *D, int ordered, int64_t *P,
                                                  irr_sched *s) {
  const irr_alg_entry *e = irr_alg_find(IRR_COLL_REDUCE_SCATTER, alg);
  if (!e || (ordered && (e->restrictions & IRR_RESTRICT_COMMUTE))) return IRR_ERR_ARG;
  switch (alg) {
  case IRR_ALG_BALANCED: return irr_reduce_scatter_balanced(rank, p, D, ordered, P, s);
  case IRR_ALG_BRUCK: return irr_reduce_scatter_bruck(rank, p, D, s);
  case IRR_ALG_HALVING: return irr_reduce_scatter_halving(rank, p, D, ordered, P, s);
  case IRR_ALG_RING: return irr_reduce_scatter_ring(rank, p, D, s);
  default: return irr_reduce_scatter_pairwise(rank, p, D, s);
  }
}

/* The delivery of the pieces P (piece v held by irr__rs_holder(irr__rs_rev(v, k), x)) to
   the blocks' owners (irr__rs_redist), round by round as the model runs it: its first round
   takes the most messages any rank sends (one for each block its piece overlaps) or any
   owner takes from a flat list; the deepest binomial list adds a round per level; the most
   bytes an owner gets pass its port once. Walks pieces and blocks together, O(p + q). */
static inline double irr__rs_redist_est(int p, const int64_t *D, const int64_t *P, int x, int k, double A, double B) {
  int v = 0, o = 0, cv = -1, co = -1, np = 0, ns = 0, first = 0, deep = 0;
  int64_t pos = 0, n = D[p], got = 0, most = 0;
  while (pos <= n) {
    int64_t end = n;
    if (pos < n) {
      while (P[v + 1] <= pos) v++;
      while (D[o + 1] <= pos) o++;
      end = P[v + 1] < D[o + 1] ? P[v + 1] : D[o + 1];
    }
    if (pos == n || o != co) { /* a block ends: its list's rounds and bytes */
      int lg = np > 3 ? irr_circ_q(np + 1) : 0;
      if (np > 0 && np <= 3 && np > first) first = np;
      if (lg > deep) deep = lg;
      if (got > most) most = got;
      co = o, np = 0, got = 0;
      if (pos == n) break;
    }
    if (v != cv) cv = v, ns = 0;
    if (irr__rs_holder(irr__rs_rev(v, k), x) != o) {
      np++, got += end - pos;
      if (++ns > first) first = ns;
    }
    pos = end;
  }
  return A * (double)(first + (deep > 1 ? deep - 1 : 0)) + B * (double)most;
}

/* Reverse Bruck over p pieces P: each round's largest window of L - d consecutive pieces
   (equal: at most ceil((L - d) n / p), no walk). */
static inline double irr__rs_bruck_est(int p, const int64_t *P, int equal, double A, double BG) {
  double t = 0;
  int L = p;
  while (L > 1) {
    int d = irr__rs_hp2(L), r;
    int64_t w = 0;
    if (equal) w = ((int64_t)(L - d) * (P[p] / p)) + ((P[p] % p) * (L - d) + p - 1) / p;
    for (r = 0; r < p && !equal; r++) {
      int64_t len = irr__rs_rel(r, p, P, L) - irr__rs_rel(r, p, P, d);
      if (len > w) w = len;
    }
    t += A + BG * (double)w;
    L = d;
  }
  return t;
}

/* Recursive halving over q = 2^k pieces P, after the fold of x ranks. A pair's round starts
   when both ended the last, and every member of a group has the same history, so the time
   is the costliest path down the tree of groups (each split costs alpha and its larger half),
   not the sum of each round's slowest group: O(q), depth log2 q. */
static inline double irr__rs_halving_path(const int64_t *P, int b, int M, double A, double BG) {
  int64_t lo, up;
  double l, r;
  if (M < 1) return 0;
  lo = P[b + M] - P[b], up = P[b + 2 * M] - P[b + M];
  l = irr__rs_halving_path(P, b, M / 2, A, BG), r = irr__rs_halving_path(P, b + M, M / 2, A, BG);
  return A + BG * (double)(lo > up ? lo : up) + (l > r ? l : r);
}
static inline double irr__rs_halving_est(int q, int x, const int64_t *P, double A, double BG) {
  return (x > 0 ? A + BG * (double)P[q] : 0) + irr__rs_halving_path(P, 0, q / 2, A, BG);
}

/* The model's time of alg, closed form: the network and gamma round by round, and the CPU
   of the messages a rank posts (cpu_msg each) and its ops (cpu_op). P: workspace of p + 1
   entries. A negative result: the algorithm does not apply. */
static inline double irr_reduce_scatter_estimate(irr_alg alg, int p, const int64_t *D, int ordered, irr_model md,
                                                 int64_t *P) {
  const irr_alg_entry *e = irr_alg_find(IRR_COLL_REDUCE_SCATTER, alg);
  double A = md.alpha, B = md.beta, BG = md.beta + md.gamma, t = 0, msgs = 0;
  int64_t mx, n = D[p];
  int q, lg, lg2q;
  if (!e || (ordered && (e->restrictions & IRR_RESTRICT_COMMUTE))) return -1;
  if (p <= 1 || n == 0) return md.cpu_op;
  q = irr__rs_pof2(p, &lg2q), lg = irr_circ_q(p), mx = irr__rs_maxblock(p, D);
  switch (alg) {
  case IRR_ALG_BALANCED:
    if (!ordered) {
      irr__rs_equal_pieces(p, n, P);
      t = irr__rs_bruck_est(p, P, 1, A, BG) + irr__rs_redist_est(p, D, P, 0, 0, A + md.cpu_msg, B);
      msgs = 2 * lg + 4;
    } else {
      irr__rs_equal_pieces(q, n, P);
      t = irr__rs_halving_est(q, p - q, P, A, BG) + irr__rs_redist_est(p, D, P, p - q, lg2q, A + md.cpu_msg, B);
      msgs = 2 * lg + 6;
    }
    break;
  case IRR_ALG_BRUCK: t = irr__rs_bruck_est(p, D, 0, A, BG), msgs = 2 * lg; break;
  case IRR_ALG_HALVING:
    irr__rs_fold_pieces(p, D, P);
    t = irr__rs_halving_est(q, p - q, P, A, BG) + irr__rs_redist_est(p, D, P, p - q, ordered ? lg2q : 0, A + md.cpu_msg, B);
    msgs = 2 * lg + 2;
    break;
  default: t = (p - 1) * (A + BG * (double)mx), msgs = 2.0 * (p - 1); break; /* ring, pairwise */
  }
  return t + msgs * (md.cpu_msg + 2 * md.cpu_op);
}

/* The algorithm: forced (if it applies to the operation), else the least estimate. P:
   workspace of p + 1 entries. Equal on every rank: D, ordered (the operation's
   commutativity) and the model are. O(p): the closed forms walk the blocks once or twice,
   and reverse Bruck on the blocks (a walk a round) and the ring and pairwise are priced only
   when a lower bound does not rule them out: every round of Bruck has some rank whose
   window holds the largest block; the others take p - 1 rounds of it. */
static inline irr_alg irr_reduce_scatter_choose(irr_alg forced, int p, const int64_t *D, int ordered, irr_model md,
                                                int64_t *P) {
  static const irr_alg cand[] = {IRR_ALG_BALANCED, IRR_ALG_HALVING, IRR_ALG_BRUCK, IRR_ALG_RING, IRR_ALG_PAIRWISE};
  irr_alg best = ordered ? IRR_ALG_HALVING : IRR_ALG_BRUCK;
  double tb = -1, BG = md.beta + md.gamma;
  int i, lg;
  int64_t mx;
  if (forced != IRR_ALG_AUTO && irr_reduce_scatter_estimate(forced, p, D, ordered, md, P) >= 0) return forced;
  lg = irr_circ_q(p), mx = irr__rs_maxblock(p, D);
  for (i = 0; i < (int)(sizeof cand / sizeof cand[0]); i++) {
    double t, low = cand[i] == IRR_ALG_BRUCK ? lg * (md.alpha + BG * (double)mx)
                    : cand[i] == IRR_ALG_RING || cand[i] == IRR_ALG_PAIRWISE ? (p - 1) * (md.alpha + BG * (double)mx) : 0;
    if (tb >= 0 && low >= tb) continue;
    t = irr_reduce_scatter_estimate(cand[i], p, D, ordered, md, P);
    if (t >= 0 && (tb < 0 || t < tb)) tb = t, best = cand[i];
  }
  return best;
}

/* The bound the issue states (and no algorithm here beats): ceil(log2 p) alpha +
   max(((p - 1)/p) n, max_i m_i) beta + ((p - 1)/p) n gamma. */
static inline double irr_reduce_scatter_bound(int p, const int64_t *D, irr_model md) {
  int lg;
  int64_t mx, n = D[p];
  double v = (double)(p - 1) / p * (double)n;
  lg = irr_circ_q(p), mx = irr__rs_maxblock(p, D);
  return lg * md.alpha + (v > (double)mx ? v : (double)mx) * md.beta + v * md.gamma;
}

/* The programs of all ranks of alg (auto: the choice) for blocks m, into set (free with
   irr_sched_set_free). */
static inline irr_status irr_reduce_scatter_build_all(irr_sched_set *set, irr_alg alg, int p, const int64_t *m, int ordered,
                                                      irr_model md) {
  int64_t *D = (int64_t *)IRRCOLL_MALLOC(((size_t)p + 1) * 2 * sizeof(int64_t)), *P;
  irr_op *ops = NULL;
  int cap = irr_reduce_scatter_maxops(p), r;
  irr_status st = IRR_OK;
  set->s = NULL, set->arena = NULL;
  if (!D) return IRR_ERR_NOMEM;
  P = D + p + 1;
  irr__rs_starts(p, m, D);
  alg = irr_reduce_scatter_choose(alg, p, D, ordered, md, P);
  if (!(ops = (irr_op *)IRRCOLL_MALLOC((size_t)cap * sizeof(irr_op))) || (st = irr_sched_set_init(set, p)) != IRR_OK) {
    st = IRR_ERR_NOMEM;
    goto out;
  }
  for (r = 0; r < p && st == IRR_OK; r++) {
    irr_sched s;
    irr_sched_init(&s, r, p, ops, cap);
    if ((st = irr_reduce_scatter_build(alg, r, p, D, ordered, P, &s)) == IRR_OK) st = irr_sched_set_add(set, &s);
  }
  if (st == IRR_OK) st = irr_sched_set_finish(set);
  if (st != IRR_OK) irr_sched_set_free(set);
out:
  if (ops) IRRCOLL_FREE(ops);
  IRRCOLL_FREE(D);
  return st;
}
