/* Gatherv and Scatterv schedules: the root ends with every rank's block at its displacement
   (gather), or every rank with its block from the root (scatter). Source: seed 000 (Träff
   2017, Section 2, Lemmas 1-3, Theorem 1) for the tree; the linear algorithms of MPICH and
   Open MPI as baselines and for small p.

   irr_gatherv_tree / irr_scatterv_tree: the data phase of Träff's linear-time gather and
   scatter (Section 2) on a rank's tree view (tree.h). Gather: a rank receives its children's
   ranges (all posted at once, so they arrive as they become ready), then sends its whole
   range to its parent in one message; blocks stay in rank order, so an inner node keeps its
   subtree contiguous in scratch and the root receives straight into its buffer. Scatter is
   the mirror: receive the range from the parent, then send to the children from the highest
   level down, one after the other (each send its own round: the order Theorem 1's analysis
   needs; sending to whichever child is ready first can delay the largest subtree).
   Cost: Theorem 1 (tree.h), ceil(log2 p) alpha + beta (sum_{i != root} m_i + penalty).
   Scratch: an inner non-root rank holds its subtree's data (`total` units); leaves and the
   root need none. With ctrl != 0 the schedule starts with the 2L rounds of 24-unit control
   messages of the distributed construction (Lemma 3, notes sent by the retiring fixed
   roots: tree.h), so the cost model charges them too.

   irr_gatherv_linear / irr_scatterv_linear: every rank with data talks to the root directly,
   as MPICH and Open MPI do for MPI_Gatherv/MPI_Scatterv: (p-1) alpha + beta sum_{i != root}
   m_i, all start-ups at the root.
   irr_gatherv_direct / irr_scatterv_direct: the same, but every rank exchanges a message
   with the root, empty ones too, so a size mismatch is still caught without MPI truncating
   or a rank waiting for a message that never comes; no construction, so for small p it
   beats the tree (IRR_V_DIRECT_MAXP). Scatterv's receivers probe sizes (IRR_OPF_PROBE);
   Gatherv's messages carry their size ahead of their data (irr_gatherv_direct_h), so its
   root posts every receive at once, as MPI's linear Gatherv does.
   Binomial baseline: the tree generators on a size-oblivious tree (IRR_TREE_BINOMIAL);
   the model charges no size exchange for it, which favours the baseline.

     p = 5, root 2, m = 1 1 1 1 1 (gather; scatter runs the arrows backwards):
       linear / direct             tree (tree.h)
         0 ---\                      level 0:  1 -> 0 [1]    3 -> 2 [3]
         1 ----\                     level 1:  0 -> 2 [0 1]  (one range, rank order)
         3 -----> 2  4 messages      level 2:  4 -> 2 [4]
         4 ----/     at the root     3 messages at the root, ceil(log2 p) levels

   Limits: p < 2^31; a program needs irr_v_maxops ops (the root of linear: p + 1, direct: 3p).

   m_root: at the root, the expected sizes of all blocks (MPI: recvcounts/sendcounts); the
   root then sizes its messages by what it expects, so a sender/root mismatch surfaces as a
   short or truncated message instead of corrupting a neighbour's block. NULL: use the tree. */

#define IRR_TREE_CTRL_UNITS 40 /* (g, M, m_g, nd, h) or a note: five 64-bit words */

/* Graceful degradation's threshold for Gatherv's tree (seed 000, Section 3): a subtree
   holding more than IRR_DEGRADE_K * alpha / beta bytes sends straight to the root. A block
   that takes K start-ups to transfer gains nothing from sharing the root's start-ups, and
   each extra hop through the tree costs its whole transfer again on the critical path
   (Lemma 2's penalty). From the model, so equal on all ranks. */
#define IRR_DEGRADE_K 0.5
static inline int64_t irr_gatherv_thresh(irr_model md) {
  double t = IRR_DEGRADE_K * md.alpha / md.beta;
  return t >= 9.0e18 ? INT64_MAX : (int64_t)t;
}

/* Capacity a rank's program needs, for any sizes. */
static inline int irr_v_maxops(irr_alg alg, int p, int rank, int root) {
  if (alg == IRR_ALG_DIRECT) return rank == root ? 3 * p : 2; /* heads, rests, copies */
  if (alg == IRR_ALG_LINEAR) return rank == root ? p + 1 : 1;
  return 5 * irr_tree_levels(p) + 3 + (rank == root && alg == IRR_ALG_TREE ? p : 0); /* + direct senders */
}

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

static inline int64_t irr__range_sum(const int64_t *m, int lo, int hi) {
  int64_t s = 0;
  for (; lo < hi; lo++) s = irr__sat_add(s, m[lo]);
  return s;
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

/* The direct Gatherv: every block straight to the root, with no probe, and nothing a
   sender's bad size could make MPI truncate. A sender sends a head: its size
   (IRR_OPF_COUNTS) and the first min(c, H) units of its block, and when c > H the rest, on
   the other tag. The root posts every head at once, as MPI's linear Gatherv posts its
   receives: into place for a block it expects to hold >= H units, else into a scratch slot
   with room for H (IRR_OPF_ROOM), then copied. Once the heads are in (round 1) it posts
   the rests it expects, exactly sized. The MPI layer checks each head's size against the
   root's count after round 0 (mpi_gatherv.h): on a mismatch it drains the rest that sender
   sends and cancels the rest it expected.
   Cost: one message per block up to H units, two above; scratch 8 + H per block below H at
   the root. Replaces probing every message first,
   which cost up to 0.35 of MPI_Gatherv's speed (SMPI, p = 16 and 32).
   H: IRR_HEAD_ROOM bytes in the MPI layer, whose executor posts ROOM receives that large;
   other values only in the checker's tests. A block just above H pays for its rest's
   handshake, posted once its head is in: SMPI (p = 16..64, o = 0.5 us) measured blocks of
   40 KB at 0.90 of MPI_Gatherv with H = 32 KiB, 0.94 with 64 KiB, and one 400 KB block at
   0.96 with 128 KiB; 512 KiB keeps the loss of a split block under about 4% (the extra
   round trip against >= 52 us of transfer at 10 GB/s). The price is the root's scratch,
   8 + H per block it expects below H: up to 32 MB of address space at p = 64, of which
   only the pages that messages write are touched (malloc + free of it: 0.6 us here). */
#ifndef IRR_HEAD_ROOM
#define IRR_HEAD_ROOM 524288
#endif
static inline irr_status irr_gatherv_direct_h(int rank, int p, int root, int64_t own, const int64_t *m_root,
                                              int inplace, int64_t H, irr_sched *s) {
  int i, n0;
  if (rank != root) {
    n0 = s->nops;
    irr_sched_send(s, 0, root, IRR_BUF_SEND, 0, rank, rank + 1, own < H ? own : H);
    irr__flag_msgs(s, n0, IRR_OPF_COUNTS);
    if (own > H && irr_sched_push(s, 0, IRR_OP_SEND, root, IRR_BUF_SEND, 0, IRR_BUF_NONE, 0, rank, rank + 1, H, own - H))
      s->ops[s->nops - 1].flags = IRR_OPF_ALTTAG;
    return s->err;
  }
  for (i = 0; i < p; i++) /* the large blocks' heads first: their rests wait on them */
    if (i != root && m_root && m_root[i] >= H) {
      n0 = s->nops;
      irr_sched_recv(s, 0, i, IRR_BUF_RECV, 0, i, i + 1, H);
      irr__flag_msgs(s, n0, IRR_OPF_COUNTS);
    }
  for (i = 0; i < p; i++) { /* no counts (bad arguments): expect empty blocks */
    int64_t len = m_root ? m_root[i] : 0, slot = s->tmp;
    if (i == root || len >= H) continue;
    s->tmp += 8 + H; /* the slot: the size header's 8 bytes, then room for H units */
    irr_sched_recv(s, 0, i, IRR_BUF_TMP, slot + 8, i, i + 1, len);
    if (s->err == IRR_OK) s->ops[s->nops - 1].flags = IRR_OPF_COUNTS | IRR_OPF_ROOM;
    if (len > 0) irr_sched_copy(s, 0, IRR_BUF_TMP, slot + 8, IRR_BUF_RECV, 0, i, i + 1, len);
  }
  if (!inplace && own > 0 && m_root && own == m_root[root])
    irr_sched_copy(s, 0, IRR_BUF_SEND, 0, IRR_BUF_RECV, 0, root, root + 1, own);
  for (i = 0; i < p; i++)
    if (i != root && m_root && m_root[i] > H &&
        irr_sched_push(s, 1, IRR_OP_RECV, i, IRR_BUF_RECV, 0, IRR_BUF_NONE, 0, i, i + 1, H, m_root[i] - H))
      s->ops[s->nops - 1].flags = IRR_OPF_ALTTAG;
  return s->err;
}

/* all: every rank talks to the root, zero sizes included (Gatherv: irr_gatherv_direct_h;
   Scatterv: receives are probed) */
static inline irr_status irr__linear_v(int scatter, int all, int rank, int p, int root, int64_t own,
                                       const int64_t *m_root, int inplace, irr_sched *s) {
  int vbuf = scatter ? IRR_BUF_SEND : IRR_BUF_RECV, obuf = scatter ? IRR_BUF_RECV : IRR_BUF_SEND;
  int i, n0 = s->nops;
  if (s->rank != rank || s->size != p || root < 0 || root >= p) return IRR_ERR_ARG;
  if (all && !scatter) return irr_gatherv_direct_h(rank, p, root, own, m_root, inplace, IRR_HEAD_ROOM, s);
  if (rank != root) {
    if (own > 0 || all) {
      if (scatter) irr_sched_recv(s, 0, root, obuf, 0, rank, rank + 1, own);
      else irr_sched_send(s, 0, root, obuf, 0, rank, rank + 1, own);
    }
  } else {
    if (!m_root && !all) return IRR_ERR_ARG;
    for (i = 0; i < p; i++) {
      int64_t len = m_root ? m_root[i] : 0; /* no counts (bad arguments): expect nothing */
      if (i == root || (len == 0 && !all)) continue;
      if (scatter) irr_sched_send(s, 0, i, vbuf, 0, i, i + 1, len);
      else irr_sched_recv(s, 0, i, vbuf, 0, i, i + 1, len);
    }
    if (!inplace && own > 0 && m_root && own == m_root[root])
      irr_sched_copy(s, 0, scatter ? vbuf : obuf, 0, scatter ? obuf : vbuf, 0, root, root + 1, own);
  }
  if (all && s->err == IRR_OK)
    for (i = n0; i < s->nops; i++)
      if (s->ops[i].kind == IRR_OP_RECV) s->ops[i].flags |= IRR_OPF_PROBE;
  return s->err;
}

static inline irr_status irr_gatherv_linear(int rank, int p, int root, int64_t own,
                                            const int64_t *m_root, int inplace, irr_sched *s) {
  return irr__linear_v(0, 0, rank, p, root, own, m_root, inplace, s);
}
static inline irr_status irr_scatterv_linear(int rank, int p, int root, int64_t own,
                                             const int64_t *m_root, int inplace, irr_sched *s) {
  return irr__linear_v(1, 0, rank, p, root, own, m_root, inplace, s);
}
static inline irr_status irr_gatherv_direct(int rank, int p, int root, int64_t own,
                                            const int64_t *m_root, int inplace, irr_sched *s) {
  return irr__linear_v(0, 1, rank, p, root, own, m_root, inplace, s);
}
static inline irr_status irr_scatterv_direct(int rank, int p, int root, int64_t own,
                                             const int64_t *m_root, int inplace, irr_sched *s) {
  return irr__linear_v(1, 1, rank, p, root, own, m_root, inplace, s);
}

/* The programs of all p ranks of a Gatherv/Scatterv with block sizes m, built centrally
   (what the distributed construction would reach), into set (initialized here; free with
   irr_sched_set_free). ctrl: include the tree construction's messages (tree only). thresh:
   Gatherv's degradation threshold (irr_gatherv_thresh; INT64_MAX: Träff's tree as is;
   Scatterv has none). */
static inline irr_status irr_v_build_all_t(irr_sched_set *set, irr_coll coll, irr_alg alg, int p,
                                           int root, const int64_t *m, int inplace, int ctrl, int64_t thresh) {
  irr_tree_all T;
  irr_tree t;
  irr_op *ops = NULL;
  irr_status st;
  int r, scatter = coll == IRR_COLL_SCATTERV;
  if (alg == IRR_ALG_AUTO) alg = irr_gatherv_choose(alg, p);
  if (alg > IRR_ALG_V_LAST) return IRR_ERR_ARG;
  if (p <= 0 || root < 0 || root >= p) return IRR_ERR_ROOT;
  memset(&T, 0, sizeof T);
  st = irr_sched_set_init(set, p);
  if (st != IRR_OK) return st;
  if (alg == IRR_ALG_TREE || alg == IRR_ALG_BINOMIAL) {
    st = irr_tree_build_t(&T, p, root, alg == IRR_ALG_BINOMIAL ? IRR_TREE_BINOMIAL : IRR_TREE_LINEAR_TIME, m,
                          alg == IRR_ALG_TREE && !scatter ? thresh : INT64_MAX);
    if (st != IRR_OK) goto out;
  }
  ops = (irr_op *)IRRCOLL_MALLOC((size_t)irr_v_maxops(alg, p, root, root) * sizeof(irr_op));
  if (!ops) { st = IRR_ERR_NOMEM; goto out; }
  for (r = 0; r < p && st == IRR_OK; r++) {
    irr_sched s;
    irr_sched_init(&s, r, p, ops, irr_v_maxops(alg, p, r, root));
    if (alg == IRR_ALG_LINEAR || alg == IRR_ALG_DIRECT) {
      st = irr__linear_v(scatter, alg == IRR_ALG_DIRECT, r, p, root, m[r], r == root ? m : NULL, inplace, &s);
    } else {
      irr_tree_view(&T, r, &t);
      st = irr__tree_v(scatter, &t, r == root ? &T : NULL, r == root ? m : NULL, inplace, ctrl && alg == IRR_ALG_TREE, &s);
    }
    if (st == IRR_OK) st = irr_sched_set_add(set, &s);
  }
  if (st == IRR_OK) st = irr_sched_set_finish(set);
out:
  if (ops) IRRCOLL_FREE(ops);
  irr_tree_all_free(&T);
  if (st != IRR_OK) irr_sched_set_free(set);
  return st;
}

/* The same with Gatherv's threshold of the default model (what the MPI layer uses unless
   IRR_Comm_set_model or IRRCOLL_ALPHA/BETA change the model). */
static inline irr_status irr_v_build_all(irr_sched_set *set, irr_coll coll, irr_alg alg, int p, int root,
                                         const int64_t *m, int inplace, int ctrl) {
  irr_model md = {IRR_MODEL_ALPHA_DEFAULT, IRR_MODEL_BETA_DEFAULT};
  return irr_v_build_all_t(set, coll, alg, p, root, m, inplace, ctrl, irr_gatherv_thresh(md));
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
