/* IRR_XAllgatherv (int and MPI_Count; contract: api/decl.h; mpi/xallgatherv.h). */

/* The one body of IRR_XAllgatherv and IRR_XAllgatherv_c: the arrays as the user gave them. */
static int irr__xallgatherv_call(const void *sendbuf, int64_t sendcount, MPI_Datatype sendtype, void *recvbuf,
                                 int64_t recv_max_count, irr__xarr recvcounts, irr__xarr displs, MPI_Datatype recvtype,
                                 MPI_Comm comm) {
  irr__ctx *ctx = NULL;
  int rank = 0, p = 0, tag = 0, rc = irr__xbegin(comm, &ctx, &rank, &p, &tag);
  if (rc == MPI_SUCCESS && irr__xnull(recvcounts)) rc = MPI_ERR_ARG;
  rc = irr__xcheck(ctx, "IRR_XAllgatherv", rank, p, 0, rc == MPI_SUCCESS && irr__xget(recvcounts, 0) == IRR_SIZE_UNKNOWN, rc);
  if (rc == MPI_SUCCESS && irr__xget(recvcounts, 0) == IRR_SIZE_UNKNOWN) {
    irr__xa G;
    memset(&G, 0, sizeof G);
    G.sendbuf = sendbuf, G.sendcount = sendcount, G.sendtype = sendtype;
    G.recvbuf = recvbuf, G.bound = recv_max_count, G.recvcounts = recvcounts, G.displs = displs, G.recvtype = recvtype;
    G.rank = rank, G.p = p, G.tag = tag, G.ctx = ctx;
    rc = irr__xallgatherv_unknown(&G);
  } else if (rc == MPI_SUCCESS) {
    rc = irr__xallgatherv_known(sendbuf, sendcount, sendtype, recvbuf, recv_max_count, recvcounts, displs, recvtype, comm,
                                rank, p);
  }
  return rc == MPI_SUCCESS ? MPI_SUCCESS : irr__raise(comm, rc);
}

IRR_DEF int IRR_XAllgatherv(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                            int recv_max_count, int recvcounts[], int displs[], MPI_Datatype recvtype,
                            MPI_Comm comm) {
  return irr__xallgatherv_call(sendbuf, sendcount, sendtype, recvbuf, recv_max_count, irr__xarr_i(recvcounts),
                               irr__xarr_i(displs), recvtype, comm);
}

#if MPI_VERSION >= 4
IRR_DEF int IRR_XAllgatherv_c(const void *sendbuf, MPI_Count sendcount, MPI_Datatype sendtype, void *recvbuf,
                              MPI_Count recv_max_count, MPI_Count recvcounts[], MPI_Aint displs[],
                              MPI_Datatype recvtype, MPI_Comm comm) {
  return irr__xallgatherv_call(sendbuf, sendcount, sendtype, recvbuf, recv_max_count, irr__xarr_c(recvcounts),
                               irr__xarr_a(displs), recvtype, comm);
}
#endif
