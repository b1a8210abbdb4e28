/* XGatherv with unknown sizes at the root (seed 003).

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
   order. */

/* XGatherv on the tree: Gatherv's schedule (degraded as Gatherv's: T, m_root at the root,
   else NULL), each data message carrying its sizes. */
static inline irr_status irr_xgatherv_tree(const irr_tree *t, const irr_tree_all *T, const int64_t *m_root, int ctrl,
                                           irr_sched *s) {
  int n0 = s->nops;
  irr_status st = irr__tree_v(0, t, T, m_root, 0, ctrl, s);
  if (st == IRR_OK) irr__flag_msgs(s, n0, IRR_OPF_COUNTS);
  return st;
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
