/* Matching: the k-th send from s to d meets the k-th receive at d from s (MPI's
   non-overtaking order on one tag). irr__sched_match fills partner[g] for every op g (global
   index = index in the concatenation of all programs; -1 for copies). O(n + p) with two
   counting sorts. Shared by the cost model and the checker. base[r] = global index of rank
   r's op 0. */

/* Check every op's peer and continuation; *nrecv: the messages received (heads). */
static inline irr_status irr__match_scan(const irr_sched *s, int p, const int64_t *base, int64_t *partner,
                                         int64_t *nrecv) {
  int r, j;
  *nrecv = 0;
  for (r = 0; r < p; r++)
    for (j = 0; j < s[r].nops; j++) {
      const irr_op *o = &s[r].ops[j];
      partner[base[r] + j] = -1;
      if (o->kind != IRR_OP_COPY && (o->peer < 0 || o->peer >= p || o->peer == r))
        return IRR_ERR_BOUNDS;
      if ((o->flags & IRR_OPF_CONT) &&
          (j == 0 || o->kind == IRR_OP_COPY || s[r].ops[j - 1].kind != o->kind || s[r].ops[j - 1].peer != o->peer ||
           s[r].ops[j - 1].round != o->round || (o->flags & (IRR_OPF_COUNTS | IRR_OPF_LEARN | IRR_OPF_WRAP))))
        return IRR_ERR_BOUNDS;
      if (o->kind == IRR_OP_RECV && irr_op_is_head(o)) ++*nrecv;
    }
  return IRR_OK;
}

/* The rank whose op range holds global op g. */
static inline int irr__match_owner(const int64_t *base, int p, int64_t g) {
  int lo = 0, hi = p - 1;
  while (lo < hi) {
    int mid = lo + (hi - lo + 1) / 2;
    if (base[mid] <= g) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

/* The received messages (heads, global indices) into b, in op order, stably sorted by
   source, then by destination: each destination's receives end up grouped by source, in
   program order within a source; cnt[d]: where destination d's start (p + 1 entries). */
static inline void irr__match_sort(const irr_sched *s, int p, const int64_t *base, int64_t nrecv, int64_t *cnt,
                                   int64_t *a, int64_t *b, int64_t *cur) {
  int64_t i;
  int r, j;
  memset(cnt, 0, ((size_t)p + 1) * sizeof(int64_t));
  for (r = 0; r < p; r++)
    for (j = 0; j < s[r].nops; j++)
      if (s[r].ops[j].kind == IRR_OP_RECV && irr_op_is_head(&s[r].ops[j])) cnt[s[r].ops[j].peer + 1]++;
  for (r = 0; r < p; r++) cnt[r + 1] += cnt[r];
  for (r = 0; r < p; r++)
    for (j = 0; j < s[r].nops; j++)
      if (s[r].ops[j].kind == IRR_OP_RECV && irr_op_is_head(&s[r].ops[j])) a[cnt[s[r].ops[j].peer]++] = base[r] + j;
  memset(cnt, 0, ((size_t)p + 1) * sizeof(int64_t));
  for (i = 0; i < nrecv; i++) cnt[irr__match_owner(base, p, a[i]) + 1]++;
  for (r = 0; r < p; r++) cnt[r + 1] += cnt[r];
  memcpy(cur, cnt, ((size_t)p + 1) * sizeof(int64_t));
  for (i = 0; i < nrecv; i++) b[cur[irr__match_owner(base, p, a[i])]++] = a[i];
}

/* Pair every send (head) of rank r with its receive, and the pieces of a multi-op message
   in order. cur[d] walks d's receives (b, cnt from irr__match_sort); sends are visited by
   source, so groups are met in order. */
static inline irr_status irr__match_sends(const irr_sched *s, int r, const int64_t *base, const int64_t *cnt,
                                          const int64_t *b, int64_t *cur, int64_t *partner) {
  int j;
  for (j = 0; j < s[r].nops; j++) {
    const irr_op *o = &s[r].ops[j];
    int d = o->peer, js, jr;
    int64_t k;
    if (o->kind != IRR_OP_SEND || !irr_op_is_head(o)) continue;
    /* d's next unmatched receive must come from r; one from a lower source was never
       matched, one from a higher source means r's send has no receive */
    if (cur[d] >= cnt[d + 1] || s[d].ops[b[cur[d]] - base[d]].peer != r) return IRR_ERR_UNMATCHED;
    k = b[cur[d]++];
    partner[base[r] + j] = k;
    partner[k] = base[r] + j;
    for (js = j + 1, jr = (int)(k - base[d]) + 1;; js++, jr++) { /* the pieces pair up in order */
      int cs = js < s[r].nops && (s[r].ops[js].flags & IRR_OPF_CONT);
      int cr = jr < s[d].nops && (s[d].ops[jr].flags & IRR_OPF_CONT);
      if (cs != cr) return IRR_ERR_MISMATCH;
      if (!cs) break;
      partner[base[r] + js] = base[d] + jr;
      partner[base[d] + jr] = base[r] + js;
    }
  }
  return IRR_OK;
}

static inline irr_status irr__sched_match(const irr_sched *s, int p, const int64_t *base, int64_t *partner) {
  int64_t nrecv = 0, *cnt = NULL, *a = NULL, *b = NULL, *cur = NULL;
  irr_status st = irr__match_scan(s, p, base, partner, &nrecv);
  int r;
  if (st != IRR_OK) return st;
  cnt = (int64_t *)IRRCOLL_MALLOC(((size_t)p + 1) * sizeof(int64_t));
  a = (int64_t *)IRRCOLL_MALLOC(((size_t)nrecv + 1) * sizeof(int64_t));
  b = (int64_t *)IRRCOLL_MALLOC(((size_t)nrecv + 1) * sizeof(int64_t));
  cur = (int64_t *)IRRCOLL_MALLOC(((size_t)p + 1) * sizeof(int64_t));
  if (!cnt || !a || !b || !cur) st = IRR_ERR_NOMEM;
  if (st == IRR_OK) {
    irr__match_sort(s, p, base, nrecv, cnt, a, b, cur);
    memcpy(cur, cnt, ((size_t)p + 1) * sizeof(int64_t));
  }
  for (r = 0; r < p && st == IRR_OK; r++) st = irr__match_sends(s, r, base, cnt, b, cur, partner);
  for (r = 0; r < p && st == IRR_OK; r++)
    if (cur[r] != cnt[r + 1]) st = IRR_ERR_UNMATCHED;
  if (cnt) IRRCOLL_FREE(cnt);
  if (a) IRRCOLL_FREE(a);
  if (b) IRRCOLL_FREE(b);
  if (cur) IRRCOLL_FREE(cur);
  return st;
}
