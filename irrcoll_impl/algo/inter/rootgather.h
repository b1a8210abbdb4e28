/* Intergroup Allgatherv: root gathering (IRR_ALG_ROOTGATHER), the baseline of MPICH and Open
   MPI (seed 001, Section 3.1, Eq. 2; algo/inter/common.h says what the intergroup algorithms
   compute). Cost about M + 3 (K_A + K_B) beta; scratch: each root holds its group's data. */

/* Baseline step 1: binomial gather of group G's blocks to its rank 0, in scratch in rank order. */
static inline void irr__inter_gather0(irr_sched *s, int r, const irr__grp *G, int g) {
  int d;
  if (G->m[g] > 0) irr_sched_copy(s, 0, IRR_BUF_SEND, 0, IRR_BUF_TMP, 0, r, r + 1, G->m[g]);
  for (d = 0; ((int64_t)1 << d) < G->n; d++) {
    int w = 1 << d, hi;
    if (g % (2 * w) == w) { /* send my subtree, then done */
      hi = g + w < G->n ? g + w : G->n;
      irr__inter_push(s, d + 1, IRR_OP_SEND, r - w, IRR_BUF_TMP, 0, G, G->pre[g], G->pre[hi] - G->pre[g], 0, IRR_BUF_NONE, 0);
      break;
    }
    if (g % (2 * w) == 0 && g + w < G->n) {
      hi = g + 2 * w < G->n ? g + 2 * w : G->n;
      irr__inter_push(s, d + 1, IRR_OP_RECV, r + w, IRR_BUF_TMP, G->pre[g + w] - G->pre[g], G, G->pre[g + w],
                      G->pre[hi] - G->pre[g + w], 0, IRR_BUF_NONE, 0);
    }
  }
}

/* Baseline: G's root holds R's array; binomial scatter of G->n pieces (others take their
   subtree's in scratch, keep their own), then the plain ring, from round *rd. Separate: it
   runs once per direction. */
static inline irr_status irr__inter_bcast(irr_sched *s, int *rd, const irr__grp *G, int g, const irr__grp *R, int64_t *S,
                                          irr_model md, int64_t *z, int *ring) {
  int lo = 0, hi = G->n, from = g == 0 ? IRR_BUF_RECV : IRR_BUF_TMP;
  int64_t t0 = G->pre[G->n]; /* scratch past the gathered blocks */
  irr_status st;
  if ((st = irr_inter_segments(IRR_ALG_SEGMENT, R->n, R->m, G->n, S)) != IRR_OK) return st;
  while (hi - lo > 1) {
    int mid = lo + (hi - lo + 1) / 2;
    if (g < mid) {
      if (g == lo)
        irr__inter_push(s, *rd, IRR_OP_SEND, G->base + mid, from, from == IRR_BUF_TMP ? t0 + S[mid] - S[g] : 0, R, S[mid],
                        S[hi] - S[mid], 0, IRR_BUF_NONE, 0);
      hi = mid;
    } else {
      if (g == mid) irr__inter_push(s, *rd, IRR_OP_RECV, G->base + lo, IRR_BUF_TMP, t0, R, S[mid], S[hi] - S[mid], 0, IRR_BUF_NONE, 0);
      lo = mid;
    }
    ++*rd;
  }
  if (g > 0) irr__inter_push(s, *rd, IRR_OP_COPY, -1, IRR_BUF_TMP, t0, R, S[g], S[g + 1] - S[g], 0, IRR_BUF_RECV, 0);
  ++*rd;
  *rd += irr__inter_allgather(s, *rd, G, g, R, S, 1, md, z, ring, g == 0 ? t0 : -1);
  return IRR_OK;
}

/* IRR_ALG_ROOTGATHER: gather to the roots, then root -> root and a broadcast, A's data
   first. Separate: the baseline stays apart from the paper's algorithms. */
static inline irr_status irr__inter_rootgather(irr_sched *s, int r, int na, int nmax, const irr__grp *G, const irr__grp *R,
                                               int64_t *S, int64_t *z, int *ring, irr_model md) {
  int d, rd, g = r - G->base, lowfirst = r < na;
  irr_status st;
  irr__inter_gather0(s, r, G, g);
  rd = irr_tree_levels(nmax) + 1;
  for (d = 0; d < 2; d++) {
    int out = (d == 0) == lowfirst; /* this direction sends my group's data */
    if (g == 0) {
      if (out) irr__inter_push(s, rd, IRR_OP_SEND, R->base, IRR_BUF_TMP, 0, G, 0, G->pre[G->n], 0, IRR_BUF_NONE, 0);
      else irr__inter_push(s, rd, IRR_OP_RECV, R->base, IRR_BUF_RECV, 0, R, 0, R->pre[R->n], 0, IRR_BUF_NONE, 0);
    }
    rd++;
    if (!out && (st = irr__inter_bcast(s, &rd, G, g, R, S, md, z, ring)) != IRR_OK) return st;
  }
  return IRR_OK;
}
