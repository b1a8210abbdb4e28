/* v-collectives whose receive sizes are unknown (MPI Forum proposal, Plum 2008: seed 003).

   The receivers of IRR_XGatherv, IRR_XScatterv, IRR_XAllgatherv and IRR_XAlltoallv need not
   know how much they receive: they enter IRR_SIZE_UNKNOWN in recvcounts[0] (XScatterv: in
   *recvcount), give a bound on the whole receive buffer, and get the counts back. With
   IRR_DISPL_CONSECUTIVE in displs[0] the blocks are placed one after the other in rank order
   and the displacements are returned. This part holds the pure plans; the entry points are in
   mpi_api.h.

   XGatherv (irr_xgatherv_tree): Träff's tree never needs the root to know the sizes in
   advance: the construction (Lemma 3) runs on the senders' sizes. Its messages also carry
   them (a fixed root its subcube's, 8 bytes a rank, and the outcome sent to the root the
   other side's), so the root knows every size when the construction ends, in the same
   rounds: it builds the whole tree as Gatherv's root does, degraded the same way (subtrees
   above the model's threshold send straight to it: seed 000, Section 3), and receives in
   place. Every data message still carries the sizes of the blocks it holds
   (IRR_OPF_COUNTS), so the data program alone teaches the root every size (what the
   checker verifies). On few ranks ("direct", irr_xgatherv_direct), every rank sends its
   block to the root, which learns each size from the message (IRR_OPF_LEARN) in rank
   order.

   XScatterv (irr_xscatterv_sched): only the root knows the sizes, so the tree is built there,
   on the weights m_i + 8 (each rank must receive at least its size, so no subtree is empty).
   The root sends each child the child's range [lo, hi) with its sizes and data
   (IRR_OPF_COUNTS | IRR_OPF_RANGE); a rank that receives a range rebuilds the tree on it with
   itself as fixed root (Lemma 2, on the range alone) and forwards likewise. Every rank
   learns its size from the one message it probes for. Rounds: about 1 + L per level of
   descent; an inner rank holds its range's data.

   XAllgatherv (irr_xallgatherv_sched): Bruck's allgather (ceil(log2 p) rounds, any p) in
   which every message carries the sizes of the blocks it holds, so the sizes need no
   separate exchange; blocks larger than irr_xallgatherv_eager() travel only as sizes here and
   are delivered afterwards by irrcoll's known-size Allgatherv, ring or Bruck
   (irr_xallgatherv_large; Bruck on irregular data can carry a large block in every round).

   Every receiver of these programs learns its lengths from the messages (IRR_OPF_LEARN):
   the MPI layer runs them with the lengths unknown, and the executor fills in what arrives,
   so what it has run equals what irr_xv_build_all / irr_xallgatherv_build_all give the
   checker and the cost model (test/mpi/test_same.c compares them). XScatterv's receivers
   run their first op, then the rest built from what it taught; XAllgatherv's Bruck runs a
   round at a time, rebuilt from the sizes learned so far.

   XAlltoallv (irr_xalltoallv_choose, registry.h): a sparse exchange (synchronous sends to the actual
   partners, probing receives, a nonblocking barrier once the own sends are matched: the
   "NBX" scheme of Hoefler et al.) or, when some rank sends to many, the count exchange
   (MPI_Alltoall) + Alltoallv: the one unknown-size algorithm that is not a schedule. */

/* The markers (recvcounts[0] / displs[0]). Both are INT_MIN: a count is never negative and
   a displacement of INT_MIN elements cannot address memory. */
#define IRR_SIZE_UNKNOWN (-2147483647 - 1)
#define IRR_DISPL_CONSECUTIVE (-2147483647 - 1)

/* Bytes of the size header that an IRR_OPF_COUNTS message carries per block. */
#define IRR_XCOUNT_BYTES 8


/* XGatherv on the tree: Gatherv's schedule (degraded as Gatherv's: T, m_root at the root,
   else NULL), each data message carrying its sizes. */
static inline irr_status irr_xgatherv_tree(const irr_tree *t, const irr_tree_all *T, const int64_t *m_root, int ctrl,
                                           irr_sched *s) {
  int n0 = s->nops;
  irr_status st = irr__tree_v(0, t, T, m_root, 0, ctrl, s);
  if (st == IRR_OK) irr__flag_msgs(s, n0, IRR_OPF_COUNTS);
  return st;
}

/* XScatterv: the tree a rank that holds range [lo, hi) (it is in it) builds on that range:
   fixed root `me`, weights m_i + 8 (w: hi-lo entries of scratch, kept by T). mr: the sizes
   of the range, mr[i - lo] for rank i. rule: IRR_TREE_LINEAR_TIME, or IRR_TREE_BINOMIAL (a
   size-oblivious tree). thresh: graceful degradation (tree.h; INT64_MAX: none): a subtree
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

/* XGatherv "direct": every rank sends its block (empty ones too) to the root, which learns
   each size from the message (IRR_OPF_PROBE | IRR_OPF_LEARN), in rank order, so it can put
   each block in place as it comes. m_root: at the root, the sizes (NULL: not learned yet,
   taken as 0; the executor fills them in as they arrive). The program of irr_gatherv_direct
   with the sizes learned instead of expected. */
static inline irr_status irr_xgatherv_direct(int rank, int p, int root, int64_t own, const int64_t *m_root,
                                             irr_sched *s) {
  int i, n0 = s->nops;
  if (s->rank != rank || s->size != p || root < 0 || root >= p) return IRR_ERR_ARG;
  if (rank != root) {
    irr_sched_send(s, 0, root, IRR_BUF_SEND, 0, rank, rank + 1, own);
  } else {
    for (i = 0; i < p; i++)
      if (i != root) irr_sched_recv(s, 0, i, IRR_BUF_RECV, 0, i, i + 1, m_root ? m_root[i] : 0);
    if (own > 0) irr_sched_copy(s, 0, IRR_BUF_SEND, 0, IRR_BUF_RECV, 0, root, root + 1, own);
  }
  for (i = n0; i < s->nops && s->err == IRR_OK; i++)
    if (s->ops[i].kind != IRR_OP_COPY)
      s->ops[i].flags = IRR_OPF_LEARN | (s->ops[i].kind == IRR_OP_RECV ? IRR_OPF_PROBE : 0);
  return s->err;
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

/* XAllgatherv: blocks of at most this many bytes ride along with the sizes in Bruck's
   rounds; larger ones go by the known-size Allgatherv afterwards. Bruck's rounds are as
   slow as their largest message, so a block of b bytes can cost up to beta*b per round; the
   bound keeps that excess (beta * p * eager) within about ceil(log2 p) latencies, the
   rounds that a separate exchange of the sizes would cost (md: the model's alpha/beta). */
static inline int64_t irr_xallgatherv_eager(int p, irr_model md) {
  int L = irr_tree_levels(p); /* ceil(log2 p) */
  double e = md.beta > 0 && p > 0 ? md.alpha * (L > 0 ? L : 1) / (md.beta * p) : 1e18;
  if (e < 64) e = 64;
  return e > 1e15 ? (int64_t)1e15 : (int64_t)e;
}

/* XAllgatherv's phase 1, rank r's program: irr_allgatherv_bruck with the sizes in every
   message, whose receivers learn the lengths (IRR_OPF_COUNTS | IRR_OPF_LEARN). m: the data
   this phase moves (the eager blocks; a larger block counts 0 here: its size still
   travels, its data goes in phase 2). Rounds 0 .. ceil(log2 p). The MPI layer runs it a
   round at a time, rebuilt from the sizes learned so far: round k needs only those. */
static inline irr_status irr_xallgatherv_sched(int p, int r, const int64_t *m, int inplace, irr_sched *s) {
  return irr_allgatherv_bruck(p, r, m, inplace, IRR_OPF_COUNTS | IRR_OPF_LEARN, s);
}

/* Allgatherv's argmin and programs (registry_build.h, after this part). */
static inline irr_alg irr_allgatherv_choose_w(irr_alg forced, int p, const int64_t *m, irr_model md, const int *node,
                                              int64_t *B, void *work);
static inline irr_status irr_allgatherv_sched(irr_alg alg, int r, int p, const int64_t *m, int64_t B, const int *ring,
                                              int n, int inplace, irr_sched *s);

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

/* XGatherv direct: the programs of all ranks into set (initialized by the caller). */
static inline irr_status irr__xgatherv_all(irr_sched_set *set, int p, int root, const int64_t *m) {
  irr_status st = IRR_OK;
  int r;
  irr_op *ops;
  if (!(ops = (irr_op *)IRRCOLL_MALLOC(((size_t)p + 1) * sizeof(irr_op)))) return IRR_ERR_NOMEM;
  for (r = 0; r < p && st == IRR_OK; r++) {
    irr_sched s;
    irr_sched_init(&s, r, p, ops, p + 1);
    st = irr_xgatherv_direct(r, p, root, m[r], m, &s);
    if (st == IRR_OK) st = irr_sched_set_add(set, &s);
  }
  IRRCOLL_FREE(ops);
  return st;
}

/* XGatherv's construction carries the sizes (see the top): its control messages (ctrl ops,
   in irr__tree_ctrl's order) grow by 8 bytes a rank: a fixed root's exchange by its
   subcube's sizes, an outcome sent to the root by those of the other side. */
static inline int irr__xg_ctrl_add(irr_sched *s, int *k, int64_t add) {
  if (*k >= s->nops || s->ops[*k].buf != IRR_BUF_NONE) return 0;
  s->ops[(*k)++].len += add;
  return 1;
}
static inline irr_status irr__xgatherv_ctrl_sizes(irr_sched_set *set, int p, int root, const int64_t *m,
                                                  int64_t thresh) {
  irr_tree_all T;
  irr_status st;
  int r, ok = 1;
  memset(&T, 0, sizeof T);
  if ((st = irr_tree_build_t(&T, p, root, IRR_TREE_LINEAR_TIME, m, thresh)) != IRR_OK) return st;
  for (r = 0; r < p && ok; r++) {
    irr_sched *s = &set->s[r];
    irr_tree t;
    int d, k = 0;
    irr_tree_view(&T, r, &t);
    for (d = 0; d < t.levels && ok; d++) {
      int f = irr_tree_fixed_root(r, d, p), partner = f == r ? irr_tree_partner(r, d, p) : -1;
      int gather_here = t.parent < 0 || d <= (t.direct ? t.note_last : t.send_level);
      int fp = irr_tree_partner(f, d, p), lo, hi, plo, phi, i;
      irr_tree_cube((int64_t)f >> d, d, p, &lo, &hi);
      if (partner >= 0) {
        irr_tree_cube((int64_t)partner >> d, d, p, &plo, &phi);
        ok = irr__xg_ctrl_add(s, &k, 8 * (int64_t)(hi - lo)) && irr__xg_ctrl_add(s, &k, 8 * (int64_t)(phi - plo));
        for (i = 0; i < 2 && ok; i++) /* notify[0]: about the partner's side, [1]: ours */
          if (t.notify[i][d] >= 0)
            ok = irr__xg_ctrl_add(s, &k, t.notify[i][d] == root ? 8 * (int64_t)(i ? hi - lo : phi - plo) : 0);
      }
      if (ok && gather_here && f != r && fp >= 0) {
        irr_tree_cube(((int64_t)r >> d) ^ 1, d, p, &plo, &phi);
        ok = irr__xg_ctrl_add(s, &k, r == root ? 8 * (int64_t)(phi - plo) : 0);
      }
    }
  }
  irr_tree_all_free(&T);
  return ok ? IRR_OK : IRR_ERR_ORDER;
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
    irr_model md = {IRR_MODEL_ALPHA_DEFAULT, IRR_MODEL_BETA_DEFAULT};
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
  irr_model md = {IRR_MODEL_ALPHA_DEFAULT, IRR_MODEL_BETA_DEFAULT};
  return irr_xv_build_all_t(set, coll, alg, p, root, m, inplace, ctrl, irr_gatherv_thresh(md));
}
