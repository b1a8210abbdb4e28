/* Gatherv and Scatterv (its mirror): the root ends with every rank's block at its
   displacement (gather), or every rank with its block from the root (scatter). This part:
   Träff's linear-time tree, seed 000 (Träff 2017, Section 2, Lemmas 1-3, Theorem 1), on the
   trees of algo/common/hypercube.h, and the binomial baseline; linear and direct (MPICH's and
   Open MPI's, and irrcoll's for small p): linear.h.

   irr_gatherv_tree / irr_scatterv_tree: the data phase of Träff's linear-time gather and
   scatter (Section 2) on a rank's tree view (algo/common/hypercube.h). Gather: a rank receives its children's
   ranges (all posted at once, so they arrive as they become ready), then sends its whole
   range to its parent in one message; blocks stay in rank order, so an inner node keeps its
   subtree contiguous in scratch and the root receives straight into its buffer. Scatter is
   the mirror: receive the range from the parent, then send to the children from the highest
   level down, one after the other (each send its own round: the order Theorem 1's analysis
   needs; sending to whichever child is ready first can delay the largest subtree).
   Cost: Theorem 1 (hypercube.h), ceil(log2 p) alpha + beta (sum_{i != root} m_i + penalty).
   Scratch: an inner non-root rank holds its subtree's data (`total` units); leaves and the
   root need none. With ctrl != 0 the schedule starts with the 2L rounds of 24-unit control
   messages of the distributed construction (Lemma 3, notes sent by the retiring fixed
   roots: hypercube.h), so the cost model charges them too.

   Binomial baseline: the tree generators on a size-oblivious tree (IRR_TREE_BINOMIAL);
   the model charges no size exchange for it, which favours the baseline.

     p = 5, root 2, m = 1 1 1 1 1 (gather; scatter runs the arrows backwards):
       linear / direct             tree (hypercube.h)
         0 ---\                      level 0:  1 -> 0 [1]    3 -> 2 [3]
         1 ----\                     level 1:  0 -> 2 [0 1]  (one range, rank order)
         3 -----> 2  4 messages      level 2:  4 -> 2 [4]
         4 ----/     at the root     3 messages at the root, ceil(log2 p) levels

   Limits: p < 2^31; a program needs irr_v_maxops ops (the root of linear: p + 1, direct: 3p).

   m_root: at the root, the expected sizes of all blocks (MPI: recvcounts/sendcounts); the
   root then sizes its messages by what it expects, so a sender/root mismatch surfaces as a
   short or truncated message instead of corrupting a neighbour's block. NULL: use the tree. */

#define IRR_TREE_CTRL_UNITS 40 /* (g, M, m_g, nd, h) or a note: five 64-bit words */

/* Graceful degradation's threshold (seed 000, Section 3): a subtree holding more than
   K alpha / beta bytes sends straight to the root (Gatherv, XGatherv), or gets its range
   from it (Scatterv's xtree, XScatterv). A block that takes K start-ups to transfer gains
   nothing from sharing the root's start-ups, and each extra hop through the tree costs its
   whole transfer again on the critical path (Lemma 2's penalty); but every direct message
   is one more the root takes at its port. Gathers: K = 2; scatters: K = 1/2. SMPI, p = 256,
   root p/2, the six distributions of seed 000 (README, Gatherv): at b = 1000 ints K = 1/2
   made Gatherv's root take about 128 direct pairs, and it ran 0.98-1.26 of MPI_Gatherv,
   where K = 2 ran 1.11-1.74 (b = 100: 2.7-3.3 against 3.3-3.7; from b = 10^4 the same);
   Scatterv's xtree, which needs no construction, was faster with K = 1/2 at both sizes
   (b = 1000: 1.11-1.20 against 1.05-1.12). From the model, so equal on all ranks. */
#define IRR_DEGRADE_K 2.0
#define IRR_DEGRADE_K_SCATTER 0.5
static inline int64_t irr__v_thresh(double k, irr_model md) {
  double t = k * md.alpha / md.beta;
  return t >= 9.0e18 ? INT64_MAX : (int64_t)t;
}
static inline int64_t irr_gatherv_thresh(irr_model md) { return irr__v_thresh(IRR_DEGRADE_K, md); }
static inline int64_t irr_scatterv_thresh(irr_model md) { return irr__v_thresh(IRR_DEGRADE_K_SCATTER, md); }

/* The construction's control messages of Lemma 3, rounds 0 .. 2L-1. */
static inline void irr__tree_ctrl(const irr_tree *t, irr_sched *s) {
  int d, r = t->rank, p = t->p;
  for (d = 0; d < t->levels; d++) {
    int f = irr_tree_fixed_root(r, d, p), partner = f == r ? irr_tree_partner(r, d, p) : -1;
    int gather_here = t->parent < 0 || d <= (t->direct ? t->note_last : t->send_level); /* hears level d's outcome */
    int fp = irr_tree_partner(f, d, p);
    if (partner >= 0) {
      irr_sched_ctrl(s, 2 * d, IRR_OP_SEND, partner, IRR_TREE_CTRL_UNITS);
      irr_sched_ctrl(s, 2 * d, IRR_OP_RECV, partner, IRR_TREE_CTRL_UNITS);
      if (t->notify[0][d] >= 0) irr_sched_ctrl(s, 2 * d + 1, IRR_OP_SEND, t->notify[0][d], IRR_TREE_CTRL_UNITS);
      if (t->notify[1][d] >= 0) irr_sched_ctrl(s, 2 * d + 1, IRR_OP_SEND, t->notify[1][d], IRR_TREE_CTRL_UNITS);
    }
    if (gather_here && f != r && fp >= 0) /* told by the lower fixed root of the merge */
      irr_sched_ctrl(s, 2 * d + 1, IRR_OP_RECV, f < fp ? f : fp, IRR_TREE_CTRL_UNITS);
  }
}

/* blocks [*lo, *hi) a child in level l brings: the subcube next to the receiver's */
static inline void irr__child_range(const irr_tree *t, const irr_tree_child *c, int *lo, int *hi) {
  irr_tree_cube(((int64_t)t->rank >> c->level) ^ 1, c->level, t->p, lo, hi);
}

/* Scratch offsets of the children's ranges and of the own block in an inner rank's
   contiguous subtree range (rank order). off[i] for child i, *own_off for the own block. */
static inline void irr__tree_layout(const irr_tree *t, int64_t *off, int64_t *own_off) {
  int64_t lo = 0, hi = t->own;
  int i;
  for (i = 0; i < t->nchild; i++) {
    if (t->child[i].rank < t->rank) { lo -= t->child[i].size; off[i] = lo; }
    else { off[i] = hi; hi += t->child[i].size; }
  }
  for (i = 0; i < t->nchild; i++) off[i] -= lo;
  *own_off = -lo;
  IRRCOLL_ASSERT(hi - lo == t->total); /* the children and the own block tile the range */
}

/* The root's receives from the direct senders of graceful degradation (T: the tree built
   from the root's counts; they all arrive in round R, with the children's messages). */
static inline void irr__tree_direct_recvs(const irr_tree_all *T, const int64_t *m, int R, irr_sched *s) {
  int q, lo, hi;
  int64_t len;
  for (q = 0; T && q < T->p; q++) {
    int n0 = s->nops;
    if (!irr_tree_direct_range(T, q, &lo, &hi)) continue;
    if ((len = irr__range_sum(m, lo, hi)) == 0) continue; /* told to go, with nothing to send */
    irr_sched_recv(s, R, q, IRR_BUF_RECV, 0, lo, hi, len);
    irr__flag_msgs(s, n0, IRR_OPF_EOM);
  }
}

static inline irr_status irr__tree_v(int scatter, const irr_tree *t, const irr_tree_all *T, const int64_t *m_root,
                                     int inplace, int ctrl, irr_sched *s) {
  int r = t->rank, i, R = ctrl ? 2 * t->levels : 0, lo, hi, n0;
  int vbuf = scatter ? IRR_BUF_SEND : IRR_BUF_RECV; /* the root's buffer of all blocks */
  int obuf = scatter ? IRR_BUF_RECV : IRR_BUF_SEND; /* the own-block buffer */
  int64_t off[IRR_TREE_MAXLEV], own_off = 0;
  if (s->rank != r || s->size != t->p) return IRR_ERR_ARG;
  if (ctrl) irr__tree_ctrl(t, s);
  if (t->parent < 0) { /* the root: straight from/into the user's buffer */
    for (i = 0; i < t->nchild; i++) {
      const irr_tree_child *c = &t->child[scatter ? t->nchild - 1 - i : i];
      int64_t len = c->size;
      irr__child_range(t, c, &lo, &hi);
      if (m_root) len = irr__range_sum(m_root, lo, hi);
      if (len == 0) continue;
      if (scatter) irr_sched_send(s, R + i, c->rank, vbuf, 0, lo, hi, len);
      else irr_sched_recv(s, R, c->rank, vbuf, 0, lo, hi, len);
    }
    if (!scatter) irr__tree_direct_recvs(T, m_root ? m_root : T ? T->m : NULL, R, s);
    if (!inplace && t->own > 0 && (!m_root || m_root[r] == t->own)) /* after round R's messages */
      irr_sched_push(s, R + (scatter && t->nchild > 0 ? t->nchild - 1 : 0), IRR_OP_COPY, -1,
                     scatter ? vbuf : obuf, 0, scatter ? obuf : vbuf, 0, r, r + 1, 0, t->own);
    return s->err;
  }
  irr_tree_cube((int64_t)r >> t->send_level, t->send_level, t->p, &lo, &hi);
  n0 = s->nops; /* a direct sender's one message ends with a short piece (IRR_OPF_EOM) */
  if (t->nchild == 0) { /* a leaf: its own block is all the data of its subcube */
    if (t->own > 0) {
      if (scatter) irr_sched_recv(s, R, t->parent, obuf, 0, lo, hi, t->own);
      else irr_sched_send(s, R, t->parent, obuf, 0, lo, hi, t->own);
    }
    if (t->direct) irr__flag_msgs(s, n0, IRR_OPF_EOM);
    return s->err;
  }
  irr__tree_layout(t, off, &own_off);
  if (scatter) {
    irr_sched_recv(s, R, t->parent, IRR_BUF_TMP, 0, lo, hi, t->total);
    if (t->own > 0) irr_sched_copy(s, R + 1, IRR_BUF_TMP, own_off, obuf, 0, r, r + 1, t->own);
    for (i = t->nchild - 1; i >= 0; i--) {
      int clo, chi;
      irr__child_range(t, &t->child[i], &clo, &chi);
      irr_sched_send(s, R + t->nchild - i, t->child[i].rank, IRR_BUF_TMP, off[i], clo, chi, t->child[i].size);
    }
  } else {
    for (i = 0; i < t->nchild; i++) {
      int clo, chi;
      irr__child_range(t, &t->child[i], &clo, &chi);
      irr_sched_recv(s, R, t->child[i].rank, IRR_BUF_TMP, off[i], clo, chi, t->child[i].size);
    }
    if (t->own > 0) irr_sched_copy(s, R, obuf, 0, IRR_BUF_TMP, own_off, r, r + 1, t->own);
    if (t->direct) n0 = s->nops;
    irr_sched_send(s, R + 1, t->parent, IRR_BUF_TMP, 0, lo, hi, t->total);
    if (t->direct) irr__flag_msgs(s, n0, IRR_OPF_EOM);
  }
  return s->err;
}

/* T: at the root of a degraded tree (t->thresh < INT64_MAX), the whole tree (from its
   counts), whose direct senders it receives from; else NULL. */
static inline irr_status irr_gatherv_tree(const irr_tree *t, const irr_tree_all *T, const int64_t *m_root,
                                          int inplace, int ctrl, irr_sched *s) {
  return irr__tree_v(0, t, T, m_root, inplace, ctrl, s);
}
static inline irr_status irr_scatterv_tree(const irr_tree *t, const int64_t *m_root, int inplace,
                                           int ctrl, irr_sched *s) {
  return irr__tree_v(1, t, NULL, m_root, inplace, ctrl, s);
}

/* Theorem 1's bound for the tree (free root: penalty 0): 3L*alpha (2L with ctrl = 0) +
   beta*(sum_{i != r} m_i + penalty + 2L*24 with ctrl). */
static inline double irr_gatherv_tree_bound(int p, int root, const int64_t *m, int ctrl,
                                            irr_model md) {
  irr_tree_all T;
  int L = irr_tree_levels(p), d, i;
  int64_t sum = 0, pen = 0, before = 0;
  double b;
  for (i = 0; i < p; i++)
    if (i != root) sum = irr__sat_add(sum, m[i]);
  if (root >= 0 && irr_tree_build(&T, p, root, IRR_TREE_LINEAR_TIME, m) == IRR_OK) {
    for (d = 0; d < L; d++) { /* H_d: the subcube merged into the root's in level d */
      int64_t sib = ((int64_t)root >> d) ^ 1, Mj, mrj, x;
      if (sib >= T.lvoff[d + 1] - T.lvoff[d]) continue;
      Mj = T.M[T.lvoff[d] + sib];
      mrj = m[T.G[T.lvoff[d] + sib]];
      x = Mj - mrj - before;
      if (x > pen) pen = x;
      before = irr__sat_add(before, Mj);
    }
    irr_tree_all_free(&T);
  }
  b = L * md.alpha + md.beta * (double)(sum + pen);
  if (ctrl) b += 2.0 * L * (md.alpha + md.beta * IRR_TREE_CTRL_UNITS);
  return b;
}
