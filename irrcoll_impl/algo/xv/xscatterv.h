/* XScatterv with unknown sizes at the receivers (seed 003), and Scatterv's xtree: the same
   tree run with the sizes known (the default Scatterv above 64 ranks, and persistent Scatterv).

   XScatterv (irr_xscatterv_sched): only the root knows the sizes, so the tree is built there,
   on the weights m_i + 8 (each rank must receive at least its size, so no subtree is empty).
   The root sends each child the child's range [lo, hi) with its sizes and data
   (IRR_OPF_COUNTS | IRR_OPF_RANGE); a rank that receives a range rebuilds the tree on it with
   itself as fixed root (Lemma 2, on the range alone) and forwards likewise. Every rank
   learns its size from the one message it probes for. Rounds: about 1 + L per level of
   descent; an inner rank holds its range's data. */

/* XScatterv: the tree a rank that holds range [lo, hi) (it is in it) builds on that range:
   fixed root `me`, weights m_i + 8 (w: hi-lo entries of scratch, kept by T). mr: the sizes
   of the range, mr[i - lo] for rank i. rule: IRR_TREE_LINEAR_TIME, or IRR_TREE_BINOMIAL (a
   size-oblivious tree). thresh: graceful degradation (algo/common/hypercube.h; INT64_MAX: none): a subtree
   above it gets its range from `me` itself, not through the tree. Free T with
   irr_tree_all_free. */
static inline irr_status irr_xscatterv_tree(irr_tree_all *T, int lo, int hi, int me, const int64_t *mr,
                                            int rule, int64_t *w, int64_t thresh) {
  int i;
  if (lo < 0 || hi <= lo || me < lo || me >= hi) return IRR_ERR_ARG;
  for (i = 0; i < hi - lo; i++)
    if (mr[i] < 0 || !irr__add_ok(mr[i], IRR_XCOUNT_BYTES, &w[i])) return IRR_ERR_COUNT;
  return irr_tree_build_t(T, hi - lo, me - lo, rule, w, rule == IRR_TREE_LINEAR_TIME ? thresh : INT64_MAX);
}

/* XScatterv, a non-root rank's first op (round 0): the one receive, probed; from the message
   it learns (IRR_OPF_LEARN) the sender, its range [lo, hi) and their sizes (total units of
   data), which land in scratch in rank order. Before it has run: parent -1, lo = hi = 0,
   total 0 (the MPI layer); the centralized builder gives the values it will learn. */
static inline void irr_xscatterv_recv(int parent, int lo, int hi, int64_t total, irr_sched *s) {
  irr_op *o = irr_sched_push(s, 0, IRR_OP_RECV, parent, IRR_BUF_TMP, 0, IRR_BUF_NONE, 0, lo, hi, 0, total);
  if (o) o->flags = IRR_OPF_PROBE | IRR_OPF_COUNTS | IRR_OPF_RANGE | IRR_OPF_LEARN;
}

/* XScatterv: the rest of the program of rank lo + t->rank, which holds range [lo, lo + t->p)
   (sizes mr, from lo; in scratch in rank order once irr_xscatterv_recv has run) and got it
   from `parent` (-1: the root, whose data is in its send buffer). t: its view of the tree
   on the range (irr_xscatterv_tree + irr_tree_view), or NULL for "direct" (the root sends
   every rank its block itself: p-1 start-ups, no forwarding). The own block is copied out
   (round 0, after the receive), then the children get their ranges, highest level first,
   one per round (Theorem 1's order); the direct receivers of a degraded tree (T, else NULL)
   theirs first, in the first of those rounds. Empty ranges are sent too: their ranks must learn
   their size 0. Every message carries its range and sizes, and its receiver learns them. */
static inline irr_status irr_xscatterv_forward(const irr_tree *t, const irr_tree_all *T, int lo, int me, int parent,
                                               const int64_t *mr, int inplace, irr_sched *s) {
  int hi = t ? lo + t->p : lo + 1, i, R = parent >= 0 ? 1 : 0;
  int vb = parent >= 0 ? IRR_BUF_TMP : IRR_BUF_SEND, fl = IRR_OPF_COUNTS | IRR_OPF_RANGE | IRR_OPF_LEARN;
  if (!t && parent < 0) { /* direct, the root: every other rank's block, then its own */
    for (i = 0; i < s->size; i++) {
      int n0 = s->nops;
      if (i == me) continue;
      irr_sched_send(s, 0, i, IRR_BUF_SEND, 0, i, i + 1, mr[i]);
      irr__flag_msgs(s, n0, fl);
    }
    if (mr[me] > 0 && !inplace) irr_sched_copy(s, 0, IRR_BUF_SEND, 0, IRR_BUF_RECV, 0, me, me + 1, mr[me]);
    return s->err;
  }
  if (t) me = lo + t->rank;
  if (s->rank != me || hi > s->size) return IRR_ERR_ARG;
  if (mr[me - lo] > 0 && !(parent < 0 && inplace))
    irr_sched_copy(s, 0, vb, parent >= 0 ? irr__range_sum(mr, 0, me - lo) : 0, IRR_BUF_RECV, 0, me, me + 1, mr[me - lo]);
  for (i = 0; T && i < T->p; i++) {
    int clo, chi, n0 = s->nops;
    if (!irr_tree_direct_range(T, i, &clo, &chi)) continue;
    irr_sched_send(s, R, i + lo, vb, parent >= 0 ? irr__range_sum(mr, 0, clo) : 0, clo + lo, chi + lo,
                   irr__range_sum(mr, clo, chi));
    irr__flag_msgs(s, n0, fl);
  }
  for (i = t ? t->nchild - 1 : -1; i >= 0; i--) {
    int clo, chi, n0 = s->nops;
    irr__child_range(t, &t->child[i], &clo, &chi);
    clo += lo;
    chi += lo;
    irr_sched_send(s, R + t->nchild - 1 - i, t->child[i].rank + lo, vb,
                   parent >= 0 ? irr__range_sum(mr, 0, clo - lo) : 0, clo, chi, irr__range_sum(mr, clo - lo, chi - lo));
    irr__flag_msgs(s, n0, fl);
  }
  return s->err;
}

/* XScatterv: rank lo + t->rank's whole program (see the two parts above). */
static inline irr_status irr_xscatterv_sched(const irr_tree *t, const irr_tree_all *T, int lo, int me, int parent,
                                             const int64_t *mr, int inplace, irr_sched *s) {
  int hi = t ? lo + t->p : lo + 1;
  if (parent >= 0) irr_xscatterv_recv(parent, lo, hi, irr__range_sum(mr, 0, hi - lo), s);
  return irr_xscatterv_forward(t, T, lo, me, parent, mr, inplace, s);
}

/* XScatterv's tree, centrally: every rank's range [lo, hi) and parent (par, -1 at the root),
   from the root down (breadth first, as the messages go). w: p entries of scratch. */
static inline irr_status irr__xscatterv_ranges(int p, int root, const int64_t *m, int rule, int64_t thresh, int *lo,
                                               int *hi, int *par, int *queue, int64_t *w) {
  irr_status st = IRR_OK;
  int head = 0, tail = 0;
  lo[root] = 0, hi[root] = p, par[root] = -1;
  queue[tail++] = root;
  while (head < tail && st == IRR_OK) {
    int me = queue[head++], i;
    irr_tree_all T;
    irr_tree t;
    memset(&T, 0, sizeof T);
    if ((st = irr_xscatterv_tree(&T, lo[me], hi[me], me, m + lo[me], rule, w, thresh)) != IRR_OK) break;
    irr_tree_view(&T, me - lo[me], &t);
    for (i = 0; i < t.nchild; i++) {
      int clo, chi, c = t.child[i].rank + lo[me];
      irr__child_range(&t, &t.child[i], &clo, &chi);
      lo[c] = clo + lo[me], hi[c] = chi + lo[me], par[c] = me;
      queue[tail++] = c;
    }
    for (i = 0; i < T.p; i++) { /* a degraded tree's direct receivers */
      int clo, chi, c = i + lo[me];
      if (!irr_tree_direct_range(&T, i, &clo, &chi)) continue;
      lo[c] = clo + lo[me], hi[c] = chi + lo[me], par[c] = me;
      queue[tail++] = c;
    }
    irr_tree_all_free(&T);
  }
  return st == IRR_OK && tail != p ? IRR_ERR_ARG : st; /* every rank must be reached */
}

/* XScatterv's programs of all ranks into set (initialized by the caller). */
static inline irr_status irr__xscatterv_all(irr_sched_set *set, irr_alg alg, int p, int root, const int64_t *m,
                                            int inplace, int64_t thresh) {
  irr_status st = IRR_OK;
  int r, cap = alg == IRR_ALG_DIRECT ? p + 1 : irr_tree_levels(p) + 3 + p;
  int rule = alg == IRR_ALG_BINOMIAL ? IRR_TREE_BINOMIAL : IRR_TREE_LINEAR_TIME;
  int *lo = (int *)IRRCOLL_MALLOC((size_t)p * 4 * sizeof(int));
  int64_t *w = (int64_t *)IRRCOLL_MALLOC((size_t)p * sizeof(int64_t));
  irr_op *ops = (irr_op *)IRRCOLL_MALLOC((size_t)cap * sizeof(irr_op));
  irr_tree_all T;
  memset(&T, 0, sizeof T);
  if (!lo || !w || !ops) st = IRR_ERR_NOMEM;
  else if (alg != IRR_ALG_DIRECT)
    st = irr__xscatterv_ranges(p, root, m, rule, thresh, lo, lo + p, lo + 2 * p, lo + 3 * p, w);
  for (r = 0; r < p && st == IRR_OK; r++) {
    irr_sched s;
    irr_sched_init(&s, r, p, ops, cap);
    if (alg == IRR_ALG_DIRECT) {
      st = r == root ? irr_xscatterv_sched(NULL, NULL, 0, r, -1, m, inplace, &s)
                     : irr_xscatterv_sched(NULL, NULL, r, r, root, m + r, 0, &s);
    } else {
      irr_tree t;
      int rlo = lo[r], rhi = lo[p + r];
      if ((st = irr_xscatterv_tree(&T, rlo, rhi, r, m + rlo, rule, w, thresh)) != IRR_OK) break;
      irr_tree_view(&T, r - rlo, &t);
      st = irr_xscatterv_sched(&t, &T, rlo, r, lo[2 * p + r], m + rlo, r == root && inplace, &s);
      irr_tree_all_free(&T);
    }
    if (st == IRR_OK) st = irr_sched_set_add(set, &s);
  }
  irr_tree_all_free(&T);
  if (lo) IRRCOLL_FREE(lo);
  if (w) IRRCOLL_FREE(w);
  if (ops) IRRCOLL_FREE(ops);
  return st;
}

/* Persistent Scatterv with every size known (m: bytes, p entries, on every rank): the
   blocking call's program minus what it learns at run time. IRR_ALG_XTREE: XScatterv's
   ranges (irr_scatterv_known_ranges: rg, 4p ints; w, p entries of scratch), each holder's
   degraded tree on its range, bare data, empty ranges left out (both ends know); where a
   holder's tree is degraded, all its sends at once instead of its children one per round:
   its large direct ranges take the link for most of the run, and its children's small
   ranges, sent after them, made the tree's last hops a tail (SMPI, p = 256, spikes
   b = 10^4: 0.998 of MPI_Scatterv; at once: 1.000). IRR_ALG_DIRECT: linear, the root's
   p - 1 messages exactly sized, empty ones left out. skipcopy: the root does not copy its
   own block (in place, or a mismatch); keep = 0: a non-root's block stays unwritten, its
   data lands in scratch (a short receive would be truncated). */
static inline irr_status irr_scatterv_known_ranges(int p, int root, const int64_t *m, int64_t thresh, int *rg,
                                                   int64_t *w) {
  return irr__xscatterv_ranges(p, root, m, IRR_TREE_LINEAR_TIME, thresh, rg, rg + p, rg + 2 * p, rg + 3 * p, w);
}
static inline int irr_scatterv_known_maxops(irr_alg alg, int r, int p, int root, const int *rg) {
  if (alg != IRR_ALG_XTREE) return r == root ? p + 1 : 2;
  return irr_tree_levels(rg[p + r] - rg[r]) + 4 + rg[p + r] - rg[r];
}
static inline irr_status irr_scatterv_known(irr_alg alg, int r, int p, int root, const int64_t *m, const int *rg,
                                            int64_t *w, int64_t thresh, int skipcopy, int keep, irr_sched *s) {
  int lo = alg == IRR_ALG_XTREE ? rg[r] : r, n = alg == IRR_ALG_XTREE ? rg[p + r] - rg[r] : 1, i, k, dlo, dhi;
  int par = alg == IRR_ALG_XTREE ? rg[2 * p + r] : root;
  int64_t total = irr__range_sum(m, lo, lo + n);
  irr_status st = IRR_OK;
  irr_tree_all T;
  irr_tree t;
  if (s->rank != r || s->size != p || root < 0 || root >= p) return IRR_ERR_ARG;
  if (alg != IRR_ALG_XTREE && r == root) return irr__linear_v(1, 0, r, p, root, m[root], m, skipcopy, s);
  if (n == 1 && r != root) { /* a leaf (direct: every non-root): straight into place */
    if (total > 0) irr_sched_recv(s, 0, par, keep ? IRR_BUF_RECV : IRR_BUF_TMP, 0, r, r + 1, total);
    return s->err;
  }
  memset(&T, 0, sizeof T);
  if (r != root && total > 0) irr_sched_recv(s, 0, par, IRR_BUF_TMP, 0, lo, lo + n, total);
  if ((st = irr_xscatterv_tree(&T, lo, lo + n, r, m + lo, IRR_TREE_LINEAR_TIME, w, thresh)) == IRR_OK) {
    irr_tree_view(&T, r - lo, &t);
    st = irr_xscatterv_forward(&t, &T, lo, r, r == root ? -1 : par, m + lo, skipcopy, s);
  }
  for (i = k = 0; st == IRR_OK && i < s->nops; i++) { /* bare data, no empty message */
    irr_op *o = &s->ops[i];
    o->flags &= (uint16_t)~(IRR_OPF_COUNTS | IRR_OPF_RANGE | IRR_OPF_LEARN);
    if ((o->kind != IRR_OP_COPY && o->len == 0) || (o->kind == IRR_OP_COPY && !keep && r != root)) continue;
    s->ops[k++] = *o;
  }
  if (st == IRR_OK) s->nops = k;
  for (i = 0, k = 0; st == IRR_OK && i < T.p && !k; i++) k = irr_tree_direct_range(&T, i, &dlo, &dhi);
  for (i = 0; k && i < s->nops; i++) /* degraded: every send at once */
    if (s->ops[i].kind == IRR_OP_SEND) s->ops[i].round = r == root ? 0 : 1;
  irr_tree_all_free(&T);
  return st == IRR_OK ? s->err : st;
}

/* Its programs on all ranks (every block's count matching) into set (free with
   irr_sched_set_free). */
static inline irr_status irr_scatterv_known_all(irr_sched_set *set, irr_alg alg, int p, int root, const int64_t *m,
                                                int inplace, int64_t thresh) {
  int *rg = (int *)IRRCOLL_MALLOC((size_t)p * 4 * sizeof(int)), r, cap = p + 1;
  int64_t *w = (int64_t *)IRRCOLL_MALLOC((size_t)p * sizeof(int64_t));
  irr_op *ops = NULL;
  irr_status st = rg && w ? irr_sched_set_init(set, p) : IRR_ERR_NOMEM;
  if (st == IRR_OK && alg == IRR_ALG_XTREE) st = irr_scatterv_known_ranges(p, root, m, thresh, rg, w);
  for (r = 0; st == IRR_OK && r < p; r++) {
    int c = irr_scatterv_known_maxops(alg, r, p, root, rg);
    if (c > cap) cap = c;
  }
  if (st == IRR_OK && !(ops = (irr_op *)IRRCOLL_MALLOC((size_t)cap * sizeof(irr_op)))) st = IRR_ERR_NOMEM;
  for (r = 0; st == IRR_OK && r < p; r++) {
    irr_sched s;
    irr_sched_init(&s, r, p, ops, cap);
    if ((st = irr_scatterv_known(alg, r, p, root, m, rg, w, thresh, r == root && inplace, 1, &s)) == IRR_OK)
      st = irr_sched_set_add(set, &s);
  }
  if (st == IRR_OK) st = irr_sched_set_finish(set);
  else if (rg && w) irr_sched_set_free(set);
  if (rg) IRRCOLL_FREE(rg);
  if (w) IRRCOLL_FREE(w);
  if (ops) IRRCOLL_FREE(ops);
  return st;
}
