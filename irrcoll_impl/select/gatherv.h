/* The automatic choices of Gatherv, Scatterv, XGatherv and XScatterv (from p and the forced
   algorithm alone), the ops their programs need, and the programs of all ranks of any of
   their algorithms (for the checker and the model). */

/* The automatic choice of XGatherv/XScatterv: "direct" on at most this many ranks, else the
   tree. The single-ported alpha-beta model charges every message's whole latency at the
   root, one after the other, and puts the crossover at p = 10. SimGrid SMPI with a 0.5 us
   per-message overhead, where concurrent latencies overlap as on a real NIC and the root
   pays the overhead per message, puts it between 32 and 64 (b = 1..1000 ints, six
   distributions: direct/tree = 0.52 at p = 16, 0.79 at p = 32, 1.28 at p = 64, b = 1). We
   follow the simulator, which is the closer of the two to real networks for small
   messages. */
#define IRR_DIRECT_MAXP 32

/* Gatherv/Scatterv: "direct" on at most this many ranks, else the tree (Gatherv) or xtree
   (Scatterv). Above IRR_DIRECT_MAXP because direct no longer probes (Gatherv's heads carry
   their sizes, algo/gatherv/linear.h) and so equals MPI's linear algorithm, while at p = 64 the trees
   still lost up to 0.71 (Gatherv) and 0.81 (Scatterv) of MPI's speed where a single large
   block waits on the tree's construction (SMPI sweep, two blocks of 400 KB); direct holds
   0.96 and 1.00 there. At p = 128 the trees win every cell measured (1.0-3.7). */
#define IRR_V_DIRECT_MAXP 64

/* ---- automatic choices that need no estimate ----
   forced: the communicator's forced algorithm (IRR_ALG_AUTO: none). An algorithm the
   collective does not have counts as none. */

/* Gatherv and Scatterv: direct on few ranks, else a tree that degrades gracefully (large
   subtrees talk to the root directly). Scatterv's tree is XScatterv's: the root alone knows
   the sizes, so it builds the tree and every message carries its range and sizes; no
   construction round (which cost Träff's tree up to half of MPI_Scatterv's speed at p = 64
   in SMPI). Gatherv's root cannot know the senders' sizes without one. */
static inline irr_alg irr_gatherv_choose(irr_alg forced, int p) {
  if (p == 1) return IRR_ALG_LINEAR; /* nothing to send */
  if (forced != IRR_ALG_AUTO && irr_alg_find(IRR_COLL_GATHERV, forced)) return forced;
  return p <= IRR_V_DIRECT_MAXP ? IRR_ALG_DIRECT : IRR_ALG_TREE;
}
static inline irr_alg irr_scatterv_choose(irr_alg forced, int p) {
  if (p == 1) return IRR_ALG_LINEAR;
  if (forced != IRR_ALG_AUTO && irr_alg_find(IRR_COLL_SCATTERV, forced)) return forced;
  return p <= IRR_V_DIRECT_MAXP ? IRR_ALG_DIRECT : IRR_ALG_XTREE;
}

/* The degradation threshold of a rooted tree by its direction (tree.h): the gathers'
   (Gatherv, XGatherv) or the scatters' (Scatterv's xtree, XScatterv). */
static inline int64_t irr_v_thresh(irr_coll coll, irr_model md) {
  return irr_coll_base(coll) == IRR_COLL_SCATTERV ? irr_scatterv_thresh(md) : irr_gatherv_thresh(md);
}

/* XGatherv/XScatterv: as Gatherv, but "linear" means direct (the root must hear from every
   rank to learn its size) and one rank is direct. */
static inline irr_alg irr_xgatherv_choose(irr_alg forced, int p) {
  if (forced == IRR_ALG_LINEAR || p == 1) return IRR_ALG_DIRECT;
  if (forced != IRR_ALG_AUTO && irr_alg_find(IRR_COLL_XGATHERV, forced)) return forced;
  return p <= IRR_DIRECT_MAXP ? IRR_ALG_DIRECT : IRR_ALG_TREE;
}
static inline irr_alg irr_xscatterv_choose(irr_alg forced, int p) {
  if (forced == IRR_ALG_LINEAR) return IRR_ALG_DIRECT;
  if (forced != IRR_ALG_AUTO && irr_alg_find(IRR_COLL_XSCATTERV, forced)) return forced;
  return p <= IRR_DIRECT_MAXP ? IRR_ALG_DIRECT : IRR_ALG_TREE;
}

/* Capacity a rank's program needs, for any sizes. */
static inline int irr_v_maxops(irr_alg alg, int p, int rank, int root) {
  if (alg == IRR_ALG_DIRECT) return rank == root ? 3 * p : 2; /* heads, rests, copies */
  if (alg == IRR_ALG_LINEAR) return rank == root ? p + 1 : 1;
  return 5 * irr_tree_levels(p) + 3 + (rank == root && alg == IRR_ALG_TREE ? p : 0); /* + direct senders */
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
  irr_model md = irr_model_ab(IRR_MODEL_ALPHA_DEFAULT, IRR_MODEL_BETA_DEFAULT);
  return irr_v_build_all_t(set, coll, alg, p, root, m, inplace, ctrl, irr_gatherv_thresh(md));
}
