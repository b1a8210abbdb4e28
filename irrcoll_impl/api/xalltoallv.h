/* IRR_XAlltoallv (int and MPI_Count; contract: api/decl.h; mpi/xalltoallv.h). */

/* validate -> choose (irr_xalltoallv_choose: one Allreduce of the out-degree unless forced)
   -> sparse or dense -> the counts out. One exit. The one body of IRR_XAlltoallv and
   IRR_XAlltoallv_c: the arrays as the user gave them. */
static int irr__xalltoallv_call(const void *sendbuf, irr__xarr sendcounts, irr__xarr sdispls, MPI_Datatype sendtype,
                                void *recvbuf, int64_t recv_max_count, irr__xarr recvcounts, irr__xarr rdispls,
                                MPI_Datatype recvtype, MPI_Comm comm) {
  irr__xt A;
  int rc, i, maxdeg = -1, unknown;
  size_t per = 5 * sizeof(int64_t) + sizeof(char *);
  irr_alg alg;
  double t0 = IRRCOLL_CLOCK();
  memset(&A, 0, sizeof A);
  if ((rc = irr__xbegin(comm, &A.ctx, &A.rank, &A.p, &A.tag)) != MPI_SUCCESS) return irr__raise(comm, rc);
  if (irr__xnull(recvcounts) || irr__xnull(rdispls) || irr__xnull(sendcounts) || irr__xnull(sdispls))
    return irr__raise(comm, MPI_ERR_ARG);
  A.consec = irr__xget(rdispls, 0) == IRR_DISPL_CONSECUTIVE;
  A.wide = recvcounts.c != NULL;
  unknown = irr__xget(recvcounts, 0) == IRR_SIZE_UNKNOWN;
  if (!(A.sdsp = (int64_t *)IRRCOLL_MALLOC((size_t)A.p * per))) return irr__raise(comm, MPI_ERR_NO_MEM);
  memset(A.sdsp, 0, (size_t)A.p * per);
  A.bytes = A.sdsp + A.p, A.cnt = A.bytes + A.p, A.dsp = A.cnt + A.p, A.sc = A.dsp + A.p;
  A.held = (char **)(void *)(A.sc + A.p);
  irr__xt_validate(&A, sendbuf, sendcounts, sdispls, sendtype, recvtype, unknown);
  if (!unknown) { /* known: consecutive displacements, the bound, native */
    if (A.err == MPI_SUCCESS) A.err = irr__xknown(A.p, recvcounts, rdispls, A.consec, recv_max_count);
    for (i = 0; i < A.p; i++) A.cnt[i] = irr__xget(recvcounts, i), A.dsp[i] = irr__xget(rdispls, i);
    irr__note_native(comm, IRR_COLL_XALLTOALLV);
    if (A.err == MPI_SUCCESS || A.err == MPI_ERR_TRUNCATE)
      rc = irr__xalltoallv_native(sendbuf, A.sc, A.sdsp, sendtype, recvbuf, A.cnt, A.dsp, &A.rdt, recvtype, A.err, A.wide,
                                  A.p, A.ctx->pc);
  } else {
    alg = irr_xalltoallv_choose(irr__forced(A.ctx, IRR_COLL_XALLTOALLV), A.p, maxdeg);
    if (alg == IRR_ALG_AUTO) { /* agree on the largest out-degree */
      if ((rc = MPI_Allreduce(&A.deg, &maxdeg, 1, MPI_INT, MPI_MAX, A.ctx->pc)) == MPI_SUCCESS)
        alg = irr_xalltoallv_choose(IRR_ALG_AUTO, A.p, maxdeg);
    }
    if (rc == MPI_SUCCESS) irr__note_call(A.ctx, IRR_COLL_XALLTOALLV, alg, 0, 0, irr__plan_cpu(&A.ctx->md, 2.0 * A.p, 0), t0);
    if (rc == MPI_SUCCESS)
      rc = alg == IRR_ALG_SPARSE ? irr__xt_sparse(&A, sendbuf, sendtype, recvbuf, recv_max_count, rdispls, recvtype)
                                 : irr__xt_dense(&A, sendbuf, sendtype, recvbuf, recv_max_count, rdispls, recvtype);
    if (rc == MPI_SUCCESS) {
      int e3 = irr__xreturn(A.p, A.cnt, A.dsp, recvcounts, rdispls, A.consec);
      if (A.err == MPI_SUCCESS) A.err = e3;
    }
  }
  for (i = 0; i < A.p; i++)
    if (A.held[i]) IRRCOLL_FREE(A.held[i]);
  IRRCOLL_FREE(A.sdsp);
  if (rc == MPI_SUCCESS) rc = A.err;
  return rc == MPI_SUCCESS ? MPI_SUCCESS : irr__raise(comm, rc);
}

IRR_DEF int IRR_XAlltoallv(const void *sendbuf, const int sendcounts[], const int sdispls[], MPI_Datatype sendtype,
                           void *recvbuf, int recv_max_count, int recvcounts[], int rdispls[],
                           MPI_Datatype recvtype, MPI_Comm comm) {
  return irr__xalltoallv_call(sendbuf, irr__xarr_i(sendcounts), irr__xarr_i(sdispls), sendtype, recvbuf, recv_max_count,
                              irr__xarr_i(recvcounts), irr__xarr_i(rdispls), recvtype, comm);
}

#if MPI_VERSION >= 4
IRR_DEF int IRR_XAlltoallv_c(const void *sendbuf, const MPI_Count sendcounts[], const MPI_Aint sdispls[],
                             MPI_Datatype sendtype, void *recvbuf, MPI_Count recv_max_count, MPI_Count recvcounts[],
                             MPI_Aint rdispls[], MPI_Datatype recvtype, MPI_Comm comm) {
  return irr__xalltoallv_call(sendbuf, irr__xarr_c(sendcounts), irr__xarr_a(sdispls), sendtype, recvbuf, recv_max_count,
                              irr__xarr_c(recvcounts), irr__xarr_a(rdispls), recvtype, comm);
}
#endif
