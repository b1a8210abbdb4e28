/* Intergroup Allgatherv by segments (seed 001): the exchange step of Algorithms 1 and 2
   (IRR_ALG_SUBGROUP, IRR_ALG_SEGMENT) and rank r's whole program for any of the three
   intergroup algorithms (irr_inter_allgatherv). Cost and limits: algo/inter/common.h. */

/* Exchange sends: the part of r's block in each receiver's segment (S: its group's
   boundaries), ascending receivers. Separate: the receives need the other group's S. */
static inline void irr__inter_xsend(irr_sched *s, int r, const irr__grp *G, int g, const irr__grp *R, const int64_t *S) {
  int y, e;
  int64_t a = G->pre[g], skip, lo, hi;
  if (G->m[g] <= 0) return;
  irr__inter_span(S, R->n, a, G->m[g], &y, &e, &skip);
  for (; y <= e; y++) {
    lo = S[y] > a ? S[y] : a;
    hi = S[y + 1] < a + G->m[g] ? S[y + 1] : a + G->m[g];
    if (hi > lo) irr_sched_push(s, 0, IRR_OP_SEND, R->base + y, IRR_BUF_SEND, 0, IRR_BUF_NONE, 0, r, r + 1, lo - a, hi - lo);
  }
}

/* Exchange receives of segment [S[g], S[g+1]) of R's array in Section 4.1's order: higher
   multi-target sender, those between, lower one. Separate: that order is the point. */
static inline void irr__inter_xrecv(irr_sched *s, int g, const irr__grp *R, const int64_t *S) {
  int xl, xh, k, x, mt_lo, mt_hi;
  int64_t lo = S[g], hi = S[g + 1], skip;
  if (hi <= lo) return;
  irr__inter_span(R->pre, R->n, lo, hi - lo, &xl, &xh, &skip);
  mt_lo = R->pre[xl] < lo;
  mt_hi = xh > xl && R->pre[xh + 1] > hi;
  for (k = 0; k < 3; k++)
    for (x = xl; x <= xh; x++) {
      int edge = (x == xl && mt_lo) || (x == xh && mt_hi);
      int take = k == 0 ? x == xh && mt_hi : k == 1 ? !edge : x == xl && mt_lo;
      int64_t b0 = R->pre[x] > lo ? R->pre[x] : lo, b1 = R->pre[x + 1] < hi ? R->pre[x + 1] : hi;
      if (take && b1 > b0)
        irr_sched_push(s, 0, IRR_OP_RECV, R->base + x, IRR_BUF_RECV, 0, IRR_BUF_NONE, 0, R->base + x, R->base + x + 1,
                       b0 - R->pre[x], b1 - b0);
    }
}

/* Rank r's program of the intergroup Allgatherv with sizes m[0..na+nb-1] (see above). alg:
   IRR_ALG_SEGMENT, IRR_ALG_SUBGROUP or IRR_ALG_ROOTGATHER; md chooses the groups'
   Allgatherv algorithm. Needs s->size == na + nb and capacity irr_inter_maxops. */
static inline irr_status irr_inter_allgatherv(int r, int na, int nb, const int64_t *m, irr_alg alg, irr_model md,
                                              irr_sched *s) {
  irr__grp G, R;
  int64_t *mem = NULL, *S, *z;
  int *ring = NULL, nmax = na > nb ? na : nb, i, g;
  irr_status st = IRR_OK;
  if (na < 1 || nb < 1 || r < 0 || r >= na + nb || s->rank != r || s->size != na + nb) return IRR_ERR_ARG;
  if (alg != IRR_ALG_SEGMENT && alg != IRR_ALG_SUBGROUP && alg != IRR_ALG_ROOTGATHER) return IRR_ERR_ARG;
  for (i = 0; i < na + nb; i++)
    if (m[i] < 0) return IRR_ERR_COUNT;
  mem = (int64_t *)IRRCOLL_MALLOC((size_t)(4 * (nmax + 1)) * sizeof(int64_t));
  ring = (int *)IRRCOLL_MALLOC((size_t)(nmax + 1) * sizeof(int));
  if (!mem || !ring) { st = IRR_ERR_NOMEM; goto out; }
  irr__inter_groups(r, na, nb, m, mem, &G, &R);
  S = mem + 2 * (nmax + 1), z = mem + 3 * (nmax + 1);
  g = r - G.base;
  if (alg == IRR_ALG_ROOTGATHER) {
    if ((st = irr__inter_rootgather(s, r, na, nmax, &G, &R, S, z, ring, md)) != IRR_OK) goto out;
  } else {
    /* the exchange, all in round 0 (nonblocking, as the paper's implementation): my sends in
       ascending receiver order, then my receives in Section 4.1's order. Ordering them in
       rounds instead (k-th send with k-th receive) can deadlock with rendezvous messages,
       since a round waits for both. */
    if ((st = irr_inter_segments(alg, G.n, G.m, R.n, S)) != IRR_OK) goto out;
    irr__inter_xsend(s, r, &G, g, &R, S);
    if ((st = irr_inter_segments(alg, R.n, R.m, G.n, S)) != IRR_OK) goto out;
    irr__inter_xrecv(s, g, &R, S);
    irr__inter_allgather(s, 1, &G, g, &R, S, 0, md, z, ring, -1);
  }
  if (st == IRR_OK) st = s->err;
out:
  if (mem) IRRCOLL_FREE(mem);
  if (ring) IRRCOLL_FREE(ring);
  return st;
}
