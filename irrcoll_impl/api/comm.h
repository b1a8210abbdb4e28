/* Per-communicator settings: IRR_Comm_set_alg, IRR_Comm_get_alg, IRR_Comm_set_model (contracts:
   api/decl.h), kept in the communicator's context (mpi/ctx.h). */

IRR_DEF int IRR_Comm_set_alg(MPI_Comm comm, irr_coll coll, irr_alg alg) {
  irr__ctx *ctx;
  int rc;
  int legacy = coll == IRR_COLL_XALLTOALLV && (alg == IRR_ALG_DIRECT || alg == IRR_ALG_LINEAR);
  if ((unsigned)coll >= IRR_COLL_COUNT || (alg != IRR_ALG_AUTO && !legacy && !irr_alg_find(coll, alg)))
    return irr__raise(comm, MPI_ERR_ARG);
  if (comm == MPI_COMM_NULL) return irr__raise(comm, MPI_ERR_COMM);
  if ((rc = irr__ctx_get(comm, &ctx)) != MPI_SUCCESS) return irr__raise(comm, rc);
  ctx->force[coll] = alg;
  return MPI_SUCCESS;
}

IRR_DEF int IRR_Comm_get_alg(MPI_Comm comm, irr_coll coll, irr_alg *alg) {
  irr__ctx *ctx;
  int rc;
  if ((unsigned)coll >= IRR_COLL_COUNT || !alg) return irr__raise(comm, MPI_ERR_ARG);
  if (comm == MPI_COMM_NULL) return irr__raise(comm, MPI_ERR_COMM);
  if ((rc = irr__ctx_get(comm, &ctx)) != MPI_SUCCESS) return irr__raise(comm, rc);
  *alg = ctx->force[coll];
  return MPI_SUCCESS;
}

IRR_DEF int IRR_Comm_set_model(MPI_Comm comm, double alpha, double beta) {
  irr__ctx *ctx;
  int rc;
  if (!(alpha > 0) || !(beta > 0)) return irr__raise(comm, MPI_ERR_ARG);
  if (comm == MPI_COMM_NULL) return irr__raise(comm, MPI_ERR_COMM);
  if ((rc = irr__ctx_get(comm, &ctx)) != MPI_SUCCESS) return irr__raise(comm, rc);
  ctx->md.alpha = alpha;
  ctx->md.beta = beta;
  return MPI_SUCCESS;
}

IRR_DEF int IRR_Comm_get_last_call(MPI_Comm comm, irr_call_info *info) {
  irr__ctx *ctx;
  if (!info) return irr__raise(comm, MPI_ERR_ARG);
  if (comm == MPI_COMM_NULL || !(ctx = irr__ctx_peek(comm))) return irr__raise(comm, MPI_ERR_COMM);
  *info = ctx->last;
  return MPI_SUCCESS;
}
