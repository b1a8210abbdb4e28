/* Any collective, any algorithm: the choice the MPI layer makes (irr_choose), the programs of
   all ranks (irr_build_all) and their model time (irr_estimate), so that tests, benchmarks
   and tools evaluate exactly what runs. */

/* What a collective call is, as far as the choice and the programs depend on it: only
   values that are equal on all ranks. */
typedef struct irr_args {
  irr_coll coll;
  int p;
  int root;          /* gatherv/scatterv and their X variants: the root; inter: group A's size */
  const int64_t *m;  /* bytes of every block, p entries (X variants: the sizes that occur;
                        alltoallv: p*p, m[s*p + d] from s to d) */
  int inplace;       /* MPI_IN_PLACE at the root (allgatherv: everywhere) */
  const int *node;   /* allgatherv: each rank's node (its lowest rank), NULL: flat */
  int maxdeg;        /* xalltoallv: most partners any rank sends to */
  int ctrl;          /* include the tree construction's control messages (the model) */
  irr_model md;
  int ordered;       /* reduce_scatter: the operation is not commutative (m: elements, the
                        model's beta and gamma per element) */
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
  case IRR_COLL_XALLTOALLV: return irr_xalltoallv_choose(forced, a->p, a->maxdeg);
  case IRR_COLL_ALLTOALLV: {
    int64_t v[IRR_A2A_NSTAT];
    int share = irr_allgatherv_share(a->p, a->node);
    if (forced == IRR_ALG_BRUCK || forced == IRR_ALG_LINEAR || a->p <= 1 || irr_alltoallv_direct_first(forced, a->p, a->md))
      return irr_alltoallv_choose(forced, a->p, NULL, a->md, share);
    return irr_alltoallv_stats_all(a->p, a->m, irr_alltoallv_direct_min(a->p, a->md, share), v) == IRR_OK
               ? irr_alltoallv_choose(forced, a->p, v, a->md, share)
               : IRR_ALG_LINEAR;
  }
  case IRR_COLL_INTER_ALLGATHERV: return irr_inter_choose(forced);
  case IRR_COLL_REDUCE_SCATTER: {
    int64_t *D = (int64_t *)IRRCOLL_MALLOC(((size_t)a->p + 1) * 2 * sizeof(int64_t));
    irr_alg alg = a->ordered ? IRR_ALG_HALVING : IRR_ALG_BRUCK;
    if (D) {
      irr__rs_starts(a->p, a->m, D);
      alg = irr_reduce_scatter_choose(forced, a->p, D, a->ordered, a->md, D + a->p + 1);
      IRRCOLL_FREE(D);
    }
    return alg;
  }
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
                              irr_scatterv_thresh(a->md));
    return irr_v_build_all_t(set, a->coll, alg, a->p, a->root, a->m, a->inplace, a->ctrl && alg == IRR_ALG_TREE,
                           irr_gatherv_thresh(a->md));
  case IRR_COLL_ALLGATHERV: return irr_allgatherv_build_all(set, alg, a->p, a->m, B, a->node, a->inplace, a->md);
  case IRR_COLL_XGATHERV:
  case IRR_COLL_XSCATTERV:
    return irr_xv_build_all_t(set, irr_coll_base(a->coll), alg, a->p, a->root, a->m, a->inplace, a->ctrl,
                            irr_v_thresh(a->coll, a->md));
  case IRR_COLL_XALLGATHERV: return irr_xallgatherv_build_all(set, a->p, a->m, a->md);
  case IRR_COLL_INTER_ALLGATHERV: return irr_inter_build_all(set, alg, a->root, a->p - a->root, a->m, a->md);
  case IRR_COLL_ALLTOALLV:
    return irr_alltoallv_build_all(set, alg, a->p, a->m, a->ctrl ? IRR_A2A_SIZES : 0, a->md, irr_allgatherv_share(a->p, a->node));
  case IRR_COLL_REDUCE_SCATTER: return irr_reduce_scatter_build_all(set, alg, a->p, a->m, a->ordered, a->md);
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
