/* Persistent Gatherv/Scatterv (mpi/persist.h) in the model: the start's programs and the
   init apart. */

/* Persistent Scatterv's sizes travel at init in broadcasts of this many 64-bit words (a rank
   without memory for them takes part through one piece on its stack: 16 KB). */
#define IRR_SV_PIECE 2048

/* An allreduce of `bytes` (recursive doubling: ceil(log2 p) rounds) and a binomial broadcast
   of `bytes` in pieces of `piece` bytes, in the model. */
static inline double irr_model_allreduce(int p, double bytes, irr_model md) {
  return irr_tree_levels(p) * (md.alpha + md.beta * bytes);
}
static inline double irr_model_bcast(int p, double bytes, double piece, irr_model md) {
  double n = bytes > piece ? (double)(int64_t)((bytes + piece - 1) / piece) : 1;
  return irr_tree_levels(p) * (n * md.alpha + md.beta * bytes);
}

/* The model's init and start of a persistent Gatherv/Scatterv (IRR_Gatherv_init /
   IRR_Scatterv_init, then IRR_Start), with the algorithm the MPI layer runs for `forced`
   (the blocking call: irr_estimate with a->ctrl = 1). Start: the programs each start runs
   (Gatherv's tree without its construction, or direct; Scatterv's irr_scatterv_known).
   Init: Gatherv's tree construction (its control messages alone, as the blocking call's
   schedule has them); Scatterv's sizes broadcast (IRR_SV_PIECE words a piece); and on
   both, the request's own communicator (MPI_Comm_dup, charged as an allreduce of 8 bytes)
   and the agreement that every rank planned (an allreduce of one int). Gatherv's forced
   tree or binomial on Scatterv, and the other collectives: IRR_ERR_ARG. */
static inline irr_status irr_estimate_persist(const irr_args *a, irr_alg forced, double *init, double *start) {
  irr_args b = *a;
  irr_sched_set set;
  irr_cost c;
  irr_status st;
  int64_t B = 0;
  irr_alg alg = irr_choose(a, forced, &B);
  double agree = irr_model_allreduce(a->p, 8, a->md) + irr_model_allreduce(a->p, 4, a->md);
  *init = *start = 0;
  if (a->coll == IRR_COLL_SCATTERV && a->p > 1 && (alg == IRR_ALG_LINEAR || alg == IRR_ALG_DIRECT || alg == IRR_ALG_XTREE)) {
    if (alg == IRR_ALG_LINEAR) alg = IRR_ALG_DIRECT;
    if ((st = irr_scatterv_known_all(&set, alg, a->p, a->root, a->m, a->inplace, irr_scatterv_thresh(a->md))) != IRR_OK)
      return st;
    st = irr_sched_cost(set.s, a->p, a->md, &c, NULL);
    irr_sched_set_free(&set);
    *start = c.time;
    *init = irr_model_bcast(a->p, 8.0 * a->p, 8.0 * IRR_SV_PIECE, a->md) + agree;
    return st;
  }
  if (a->coll != IRR_COLL_GATHERV) return IRR_ERR_ARG;
  if (alg == IRR_ALG_LINEAR && a->p > 1) alg = IRR_ALG_DIRECT; /* as the MPI layer runs it */
  b.ctrl = 0;
  if ((st = irr_estimate(&b, alg, start)) != IRR_OK) return st;
  *init = agree;
  if (alg == IRR_ALG_TREE) { /* the construction alone: the control messages (no buffer) */
    int r, i, k;
    b.ctrl = 1;
    if ((st = irr_build_all(&set, &b, alg)) != IRR_OK) return st;
    for (r = 0; r < a->p; r++) {
      irr_sched *s = &set.s[r];
      for (i = k = 0; i < s->nops; i++)
        if (s->ops[i].kind != IRR_OP_COPY && s->ops[i].buf == IRR_BUF_NONE) s->ops[k++] = s->ops[i];
      s->nops = k;
    }
    st = irr_sched_cost(set.s, a->p, a->md, &c, NULL);
    irr_sched_set_free(&set);
    *init += c.time;
  }
  return st;
}
