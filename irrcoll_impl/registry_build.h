/* The registry, part 2 (after the algorithms): Allgatherv's automatic choice, which needs the
   algorithms' model estimates, and the generic generator and estimate of any (collective,
   algorithm), so that a test, a benchmark or a tool evaluates exactly the programs that the
   MPI layer runs: the same choose(), the same generators. */

/* Ranks per node that share one NIC: the most on any node (node[i]: the lowest rank of i's
   node; NULL: flat, 1). Equal on all ranks (the layout is gathered once). */
static inline int irr_allgatherv_share(int p, const int *node) {
  int share = 1, i, j, c;
  for (i = 0; node && i < p; i++)
    if (node[i] == i) {
      for (j = i, c = 0; j < p; j++) c += node[j] == i;
      if (c > share) share = c;
    }
  return share;
}

/* Allgatherv's automatic choice (every rule): the ring or the logarithmic algorithm by the
   model (irr_allgatherv_choose_on, with the node's ranks sharing a NIC); the logarithmic
   algorithm is Bruck in the receive buffer, for any p, except on SMP nodes (node != NULL)
   with 2^k ranks, where recursive doubling's first rounds stay inside nodes (SMPI, 16-core
   nodes, p = 64, 4 B: Bruck 0.89-0.91 of SMPI's best, recursive doubling 1.00). On a flat
   cluster Bruck (same model cost) was faster in SMPI (p = 64, 1 KiB: 1.32x on geometric
   data, 1.04x on decreasing). On SMP nodes of consecutive ranks the node-aware algorithm
   (irr_allgatherv_hier) wins where the model says it is faster than that choice. *B: the
   ring's block size (Eq. 2), set for every result. A forced algorithm wins; recursive
   doubling forced on other than 2^k ranks, or the node-aware one without such nodes, is
   Bruck. */
static inline irr_alg irr_allgatherv_choose(irr_alg forced, int p, const int64_t *m, irr_model md, const int *node,
                                            int64_t *B) {
  int pof2 = p > 0 && (p & (p - 1)) == 0, share = irr_allgatherv_share(p, node);
  int nodes = irr_allgatherv_nodes(p, node, NULL) > 1;
  irr_alg a;
  if (forced == IRR_ALG_RING || forced == IRR_ALG_BRUCK || forced == IRR_ALG_RECDOUBLING || forced == IRR_ALG_HIER) {
    *B = forced == IRR_ALG_RING ? irr_allgatherv_block(p, m, md) : 0;
    if (forced == IRR_ALG_HIER && !nodes) return IRR_ALG_BRUCK;
    return forced == IRR_ALG_RECDOUBLING && !pof2 ? IRR_ALG_BRUCK : forced;
  }
  a = irr_allgatherv_choose_on(p, m, md, share, B);
  if (nodes) {
    double ta = a == IRR_ALG_RING ? irr_allgatherv_ring_estimate(p, m, *B, md) : irr_allgatherv_bruck_estimate(p, m, md, share);
    if (irr_allgatherv_hier_estimate(p, m, node, md) < ta) return IRR_ALG_HIER;
  }
  return a == IRR_ALG_BRUCK && node && pof2 ? IRR_ALG_RECDOUBLING : a;
}

/* Rank r's Allgatherv program for a chosen algorithm (ring: B, ring order `ring` from
   irr_allgatherv_order; hier: ring = the nodes' first ranks, n of them, from
   irr_allgatherv_nodes). */
static inline irr_status irr_allgatherv_sched(irr_alg alg, int r, int p, const int64_t *m, int64_t B, const int *ring,
                                              int n, int inplace, irr_sched *s) {
  if (alg == IRR_ALG_RING) return irr_allgatherv_ring(r, p, m, B, ring, inplace, s);
  if (alg == IRR_ALG_RECDOUBLING) return irr_allgatherv_recdoubling(r, p, m, inplace, s);
  if (alg == IRR_ALG_BRUCK) return irr_allgatherv_bruck(p, r, m, inplace, 0, s);
  if (alg == IRR_ALG_HIER) return irr_allgatherv_hier(r, p, m, n, ring, inplace, s);
  return IRR_ERR_ARG;
}

/* The ring order (ring) or, for the node-aware algorithm, the nodes' first ranks (p + 1
   ints); returns n, the number of nodes, for irr_allgatherv_sched. */
static inline int irr_allgatherv_layout(irr_alg alg, int p, const int64_t *m, const int *node, int *ring) {
  if (alg == IRR_ALG_HIER) return irr_allgatherv_nodes(p, node, ring);
  irr_allgatherv_order(p, m, node, ring);
  return 0;
}

/* The programs of all p ranks of an Allgatherv with sizes m, into set (free with
   irr_sched_set_free). alg: IRR_ALG_RING (B: block size, 0 for Eq. 2), IRR_ALG_BRUCK,
   IRR_ALG_RECDOUBLING, IRR_ALG_HIER, or IRR_ALG_AUTO (irr_allgatherv_choose). node: ranks'
   nodes (each rank's lowest rank) or NULL (the ring's order, the node-aware algorithm; with
   auto, the choice too). */
static inline irr_status irr_allgatherv_build_all(irr_sched_set *set, irr_alg alg, int p, const int64_t *m,
                                                  int64_t B, const int *node, int inplace, irr_model md) {
  irr_status st;
  int r, n, *ring = NULL;
  int64_t cap, B0 = 0;
  irr_op *ops = NULL;
  if (p <= 0) return IRR_ERR_ARG;
  if (alg == IRR_ALG_AUTO || alg == IRR_ALG_RECDOUBLING || alg == IRR_ALG_HIER)
    alg = irr_allgatherv_choose(alg, p, m, md, node, &B0);
  if (alg == IRR_ALG_AUTO) B = B0;
  if (alg != IRR_ALG_RING && alg != IRR_ALG_BRUCK && alg != IRR_ALG_RECDOUBLING && alg != IRR_ALG_HIER) return IRR_ERR_ARG;
  if (alg == IRR_ALG_RING && B <= 0) B = irr_allgatherv_block(p, m, md);
  if ((st = irr_sched_set_init(set, p)) != IRR_OK) return st;
  cap = irr_allgatherv_maxops(alg, p, m, B);
  ops = (irr_op *)IRRCOLL_MALLOC((size_t)cap * sizeof(irr_op));
  ring = (int *)IRRCOLL_MALLOC((size_t)(p + 1) * sizeof(int));
  if (!ops || !ring || cap > INT32_MAX) { st = IRR_ERR_NOMEM; goto out; }
  n = irr_allgatherv_layout(alg, p, m, node, ring);
  for (r = 0; r < p && st == IRR_OK; r++) {
    irr_sched s;
    irr_sched_init(&s, r, p, ops, (int)cap);
    st = irr_allgatherv_sched(alg, r, p, m, B, ring, n, inplace, &s);
    if (st == IRR_OK) st = irr_sched_set_add(set, &s);
  }
  if (st == IRR_OK) st = irr_sched_set_finish(set);
out:
  if (ops) IRRCOLL_FREE(ops);
  if (ring) IRRCOLL_FREE(ring);
  if (st != IRR_OK) irr_sched_set_free(set);
  return st;
}

/* ---- any collective, any algorithm ---- */

/* What a collective call is, as far as the choice and the programs depend on it: only
   values that are equal on all ranks. */
typedef struct irr_args {
  irr_coll coll;
  int p;
  int root;          /* gatherv/scatterv and their X variants: the root; inter: group A's size */
  const int64_t *m;  /* bytes of every block, p entries (X variants: the sizes that occur) */
  int inplace;       /* MPI_IN_PLACE at the root (allgatherv: everywhere) */
  const int *node;   /* allgatherv: each rank's node (its lowest rank), NULL: flat */
  int maxdeg;        /* xalltoallv: most partners any rank sends to */
  int ctrl;          /* include the tree construction's control messages (the model) */
  irr_model md;
} irr_args;

/* The algorithm the MPI layer runs for these arguments with `forced` as the communicator's
   forced algorithm (IRR_ALG_AUTO: none); *B: Allgatherv's ring block size (else 0). */
static inline irr_alg irr_choose(const irr_args *a, irr_alg forced, int64_t *B) {
  *B = 0;
  switch (a->coll) {
  case IRR_COLL_GATHERV: return irr_gatherv_choose(forced, a->p);
  case IRR_COLL_SCATTERV: return irr_scatterv_choose(forced, a->p);
  case IRR_COLL_XGATHERV: return irr_xgatherv_choose(forced, a->p);
  case IRR_COLL_XSCATTERV: return irr_xscatterv_choose(forced, a->p);
  case IRR_COLL_ALLGATHERV: return irr_allgatherv_choose(forced, a->p, a->m, a->md, a->node, B);
  case IRR_COLL_XALLGATHERV: return IRR_ALG_BRUCK;
  case IRR_COLL_ALLTOALLV: return irr_xalltoallv_choose(forced, a->p, a->maxdeg);
  case IRR_COLL_INTER_ALLGATHERV: return irr_inter_choose(forced);
  default: return IRR_ALG_COUNT;
  }
}

/* The programs of all ranks for (a, alg) into set (free with irr_sched_set_free); alg
   IRR_ALG_AUTO: irr_choose's. IRR_ERR_ARG for an algorithm the collective does not have,
   or one that is no schedule (XAlltoallv). */
static inline irr_status irr_build_all(irr_sched_set *set, const irr_args *a, irr_alg alg) {
  int64_t B = 0;
  alg = irr_choose(a, alg, &B);
  if (!irr_alg_find(a->coll, alg) && !(a->coll == IRR_COLL_GATHERV || a->coll == IRR_COLL_SCATTERV))
    return IRR_ERR_ARG;
  switch (a->coll) {
  case IRR_COLL_GATHERV:
  case IRR_COLL_SCATTERV:
    if (alg == IRR_ALG_XTREE) /* XScatterv's program, run with the counts known */
      return irr_xv_build_all_t(set, IRR_COLL_SCATTERV, IRR_ALG_TREE, a->p, a->root, a->m, a->inplace, 0,
                              irr_gatherv_thresh(a->md));
    return irr_v_build_all_t(set, a->coll, alg, a->p, a->root, a->m, a->inplace, a->ctrl && alg == IRR_ALG_TREE,
                           irr_gatherv_thresh(a->md));
  case IRR_COLL_ALLGATHERV: return irr_allgatherv_build_all(set, alg, a->p, a->m, B, a->node, a->inplace, a->md);
  case IRR_COLL_XGATHERV:
  case IRR_COLL_XSCATTERV:
    return irr_xv_build_all_t(set, irr_coll_base(a->coll), alg, a->p, a->root, a->m, a->inplace, a->ctrl,
                            irr_gatherv_thresh(a->md));
  case IRR_COLL_XALLGATHERV: return irr_xallgatherv_build_all(set, a->p, a->m, a->md);
  case IRR_COLL_INTER_ALLGATHERV: return irr_inter_build_all(set, alg, a->root, a->p - a->root, a->m, a->md);
  default: return IRR_ERR_ARG;
  }
}

/* The model's time of (a, alg) over its real programs (irr_sched_cost), into *t. */
static inline irr_status irr_estimate(const irr_args *a, irr_alg alg, double *t) {
  irr_sched_set set;
  irr_cost c;
  irr_status st = irr_build_all(&set, a, alg);
  if (st != IRR_OK) return st;
  st = irr_sched_cost(set.s, a->p, a->md, &c, NULL);
  irr_sched_set_free(&set);
  if (st == IRR_OK) *t = c.time;
  return st;
}
