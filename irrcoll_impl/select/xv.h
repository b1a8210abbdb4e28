/* The choices of the X collectives that need more than p (select/gatherv.h has XGatherv's
   and XScatterv's), and the programs of all ranks of any X collective (for the checker and
   the model).

   XAlltoallv (irr_xalltoallv_choose): a sparse exchange (synchronous sends to the actual
   partners, probing receives, a nonblocking barrier once the own sends are matched: the
   "NBX" scheme of Hoefler et al.) or, when some rank sends to many, the count exchange
   (MPI_Alltoall) + Alltoallv: the one unknown-size algorithm that is not a schedule. */

/* XAlltoallv: the sparse exchange costs about two start-ups per partner (synchronous sends)
   plus a barrier; the dense one a count exchange plus an Alltoallv, about p start-ups.
   Sparse when 2 * maxdeg <= p - 1 + ceil(log2 p), maxdeg being the most partners any rank
   sends to. maxdeg < 0: not known yet; then IRR_ALG_AUTO says "agree on it first" (one
   MPI_Allreduce), unless an algorithm is forced. "direct" and "linear" are accepted as
   older names of sparse and dense. */
static inline irr_alg irr_xalltoallv_choose(irr_alg forced, int p, int maxdeg) {
  int L = 0;
  if (forced == IRR_ALG_DIRECT || forced == IRR_ALG_SPARSE) return IRR_ALG_SPARSE;
  if (forced == IRR_ALG_LINEAR || forced == IRR_ALG_DENSE) return IRR_ALG_DENSE;
  if (maxdeg < 0) return IRR_ALG_AUTO;
  while (L < 31 && (1LL << L) < p) L++;
  return 2 * (int64_t)maxdeg <= (int64_t)p - 1 + L ? IRR_ALG_SPARSE : IRR_ALG_DENSE;
}
/* The older name of the rule above: 1 if sparse. */
static inline int irr_xalltoallv_sparse(int p, int maxdeg) {
  return irr_xalltoallv_choose(IRR_ALG_AUTO, p, maxdeg) == IRR_ALG_SPARSE;
}

/* XAllgatherv's phase 2: the large blocks (ml: their sizes, 0 for the eager ones) by the
   known-size Allgatherv's choice on a flat layout, the argmin over every registered
   algorithm (the circulant schedule included: skewed large blocks are its case), every size
   being known after phase 1. *B: the algorithm's parameter; work: IRR_AG_WORK(p) words. */
static inline irr_alg irr_xallgatherv_large_alg(int p, const int64_t *ml, irr_model md, int64_t *B, void *work) {
  return irr_allgatherv_choose_w(IRR_ALG_AUTO, p, ml, md, NULL, B, work);
}

/* Phase 2 by alg (irr_xallgatherv_large_alg), appended to rank r's program s; its rounds
   follow phase 1's: numbered from ceil(log2 p) + 1. Capacity: irr_allgatherv_maxops. */
static inline irr_status irr_xallgatherv_large(int p, int r, const int64_t *ml, irr_alg alg, int64_t B, irr_sched *s) {
  int R1 = irr_tree_levels(p) + 1, nr = s->nrounds, n0 = s->nops, i, *ring = NULL;
  irr_status st;
  if (s->err != IRR_OK) return s->err;
  if (nr > R1) return IRR_ERR_ORDER;
  s->nrounds = 0; /* the generators number from 0: shifted below */
  if (alg == IRR_ALG_RING) {
    if (!(ring = (int *)IRRCOLL_MALLOC((size_t)p * sizeof(int)))) return IRR_ERR_NOMEM;
    memset(ring, 0, (size_t)p * sizeof(int)); /* GCC 12 -O2 cannot see that the order fills it */
    irr_allgatherv_order(p, ml, NULL, ring);
  }
  st = irr_allgatherv_sched(alg, r, p, ml, B, ring, 0, 0, s);
  if (ring) IRRCOLL_FREE(ring);
  for (i = n0; i < s->nops; i++) s->ops[i].round += R1;
  s->nrounds = s->nops > n0 ? s->nrounds + R1 : nr;
  return st;
}

/* XAllgatherv's whole programs, both phases, for sizes m (units) into set (free with
   irr_sched_set_free): what the MPI layer runs with model md. Phase 1 moves the blocks of
   at most irr_xallgatherv_eager(p, md) units and every size, phase 2 the larger blocks.
   The checker takes the two phases apart when some block is large (a phase-1 message's
   labels run over the large blocks with none of their data): rounds <= ceil(log2 p) against
   the eager sizes, the rest against the large ones. */
static inline irr_status irr_xallgatherv_build_all(irr_sched_set *set, int p, const int64_t *m, irr_model md) {
  int64_t eager = irr_xallgatherv_eager(p, md), *me, cap, B = 0;
  irr_op *ops = NULL;
  irr_status st;
  irr_alg alg;
  int r;
  if (p <= 0) return IRR_ERR_ARG;
  if (!(me = (int64_t *)IRRCOLL_MALLOC(((size_t)p * 2 + IRR_AG_WORK(p)) * sizeof(int64_t)))) return IRR_ERR_NOMEM;
  memset(me, 0, (size_t)p * 2 * sizeof(int64_t)); /* GCC 12 -O2 cannot see that the loop fills it */
  for (r = 0; r < p; r++) {
    me[r] = m[r] <= eager ? m[r] : 0;
    me[p + r] = m[r] <= eager ? 0 : m[r];
  }
  alg = irr_xallgatherv_large_alg(p, me + p, md, &B, me + 2 * (size_t)p);
  cap = 4 * (int64_t)irr_tree_levels(p) + p + 2 + irr_allgatherv_maxops(alg, p, me + p, B);
  if ((st = irr_sched_set_init(set, p)) == IRR_OK && (cap > INT32_MAX || !(ops = (irr_op *)IRRCOLL_MALLOC((size_t)cap * sizeof(irr_op)))))
    st = IRR_ERR_NOMEM;
  for (r = 0; r < p && st == IRR_OK; r++) {
    irr_sched s;
    irr_sched_init(&s, r, p, ops, (int)cap);
    if ((st = irr_xallgatherv_sched(p, r, me, 0, &s)) == IRR_OK) st = irr_xallgatherv_large(p, r, me + p, alg, B, &s);
    if (st == IRR_OK) st = irr_sched_set_add(set, &s);
  }
  if (st == IRR_OK) st = irr_sched_set_finish(set);
  if (ops) IRRCOLL_FREE(ops);
  IRRCOLL_FREE(me);
  if (st != IRR_OK) irr_sched_set_free(set);
  return st;
}

/* The programs of all ranks of XGatherv or XScatterv (alg: tree, binomial, direct; auto as
   the MPI layer chooses) or XAllgatherv (both phases, the default model: see
   irr_xallgatherv_build_all), built centrally, into set (free with irr_sched_set_free): the
   programs the MPI layer runs once every size is learned. ctrl: XGatherv's tree with the
   construction's messages (the MPI layer runs those apart from the executor, so the program
   it runs is the one with ctrl = 0). inplace: XScatterv's root passed MPI_IN_PLACE (its
   block stays). coll: IRR_COLL_GATHERV, _SCATTERV or _ALLGATHERV. */
static inline irr_status irr_xv_build_all_t(irr_sched_set *set, irr_coll coll, irr_alg alg, int p, int root,
                                            const int64_t *m, int inplace, int ctrl, int64_t thresh) {
  irr_status st;
  int r;
  if (p <= 0 || root < 0 || root >= p) return IRR_ERR_ROOT;
  alg = coll == IRR_COLL_SCATTERV ? irr_xscatterv_choose(alg, p) : irr_xgatherv_choose(alg, p);
  if (coll == IRR_COLL_GATHERV && alg != IRR_ALG_DIRECT) { /* Gatherv's tree: data messages carry sizes */
    if ((st = irr_v_build_all_t(set, coll, alg, p, root, m, 0, ctrl && alg == IRR_ALG_TREE, thresh)) != IRR_OK)
      return st;
    for (r = 0; r < p; r++) irr__flag_msgs(&set->s[r], 0, IRR_OPF_COUNTS);
    if (ctrl && alg == IRR_ALG_TREE && (st = irr__xgatherv_ctrl_sizes(set, p, root, m, thresh)) != IRR_OK)
      irr_sched_set_free(set);
    return st;
  }
  if (coll == IRR_COLL_ALLGATHERV) {
    irr_model md = irr_model_ab(IRR_MODEL_ALPHA_DEFAULT, IRR_MODEL_BETA_DEFAULT);
    return irr_xallgatherv_build_all(set, p, m, md);
  }
  if ((st = irr_sched_set_init(set, p)) != IRR_OK) return st;
  if (coll == IRR_COLL_GATHERV) {
    st = irr__xgatherv_all(set, p, root, m);
  } else {
    st = irr__xscatterv_all(set, alg, p, root, m, inplace, thresh);
  }
  if (st == IRR_OK) st = irr_sched_set_finish(set);
  if (st != IRR_OK) irr_sched_set_free(set);
  return st;
}

/* The same with the default model's threshold (XGatherv's tree, XScatterv). */
static inline irr_status irr_xv_build_all(irr_sched_set *set, irr_coll coll, irr_alg alg, int p, int root,
                                          const int64_t *m, int inplace, int ctrl) {
  irr_model md = irr_model_ab(IRR_MODEL_ALPHA_DEFAULT, IRR_MODEL_BETA_DEFAULT);
  return irr_xv_build_all_t(set, coll, alg, p, root, m, inplace, ctrl, irr_v_thresh(coll, md));
}
