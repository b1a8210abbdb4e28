/* IRR_XScatterv (int and MPI_Count; contract: api/decl.h; mpi/xscatterv.h). */

/* The one body of IRR_XScatterv and IRR_XScatterv_c: the arrays as the user gave them. */
static int irr__xscatterv_call(const void *sendbuf, irr__xarr sendcounts, irr__xarr displs, MPI_Datatype sendtype,
                               void *recvbuf, int64_t recv_max_count, irr__xarr recvcount, MPI_Datatype recvtype,
                               int root, MPI_Comm comm) {
  irr__ctx *ctx = NULL;
  int rank = 0, p = 0, tag = 0, raised = 0, rc = irr__xbegin(comm, &ctx, &rank, &p, &tag);
  if (rc == MPI_SUCCESS && (root < 0 || root >= p)) rc = MPI_ERR_ROOT;
  else if (rc == MPI_SUCCESS && irr__xnull(recvcount)) rc = MPI_ERR_ARG; /* everyone reads *recvcount */
  rc = irr__xcheck(ctx, "IRR_XScatterv", rank, p, root, rc == MPI_SUCCESS && irr__xget(recvcount, 0) == IRR_SIZE_UNKNOWN, rc);
  if (rc == MPI_SUCCESS && irr__xget(recvcount, 0) == IRR_SIZE_UNKNOWN) {
    irr__xs G;
    memset(&G, 0, sizeof G);
    G.sendbuf = sendbuf, G.sendcounts = sendcounts, G.displs = displs, G.sendtype = sendtype;
    G.recvbuf = recvbuf, G.bound = recv_max_count, G.recvcount = recvcount, G.recvtype = recvtype;
    G.root = root, G.rank = rank, G.p = p, G.tag = tag, G.isroot = rank == root, G.ctx = ctx;
    G.inplace = G.isroot && recvbuf == MPI_IN_PLACE;
    G.known = -1;
    rc = irr__xscatterv_unknown(&G);
  } else if (rc == MPI_SUCCESS) { /* known: the bound, then the known-size Scatterv */
    int pre = MPI_SUCCESS;
    int64_t own = irr__xget(recvcount, 0);
    if (recvbuf != MPI_IN_PLACE && own > recv_max_count) pre = MPI_ERR_TRUNCATE;
    if (rank == root && !irr__xnull(displs) && !irr__xnull(sendcounts) &&
        irr__xget(displs, 0) == IRR_DISPL_CONSECUTIVE) {
      int e = irr__xknown(p, sendcounts, displs, 1, INT64_MAX); /* consecutive displacements, all or none */
      if (e != MPI_SUCCESS) pre = e;
    }
    rc = irr__v_call(1, sendbuf, sendcounts.i, sendcounts.c, displs.i, displs.a, sendtype, recvbuf, own, recvtype, root,
                     comm, pre);
    raised = 1; /* irr__v_call raises its errors */
  }
  return rc == MPI_SUCCESS || raised ? rc : irr__raise(comm, rc);
}

IRR_DEF int IRR_XScatterv(const void *sendbuf, const int sendcounts[], int displs[], MPI_Datatype sendtype,
                          void *recvbuf, int recv_max_count, int *recvcount, MPI_Datatype recvtype, int root,
                          MPI_Comm comm) {
  return irr__xscatterv_call(sendbuf, irr__xarr_i(sendcounts), irr__xarr_i(displs), sendtype, recvbuf, recv_max_count,
                             irr__xarr_i(recvcount), recvtype, root, comm);
}

#if MPI_VERSION >= 4
IRR_DEF int IRR_XScatterv_c(const void *sendbuf, const MPI_Count sendcounts[], MPI_Aint displs[], MPI_Datatype sendtype,
                            void *recvbuf, MPI_Count recv_max_count, MPI_Count *recvcount, MPI_Datatype recvtype,
                            int root, MPI_Comm comm) {
  return irr__xscatterv_call(sendbuf, irr__xarr_c(sendcounts), irr__xarr_a(displs), sendtype, recvbuf, recv_max_count,
                             irr__xarr_c(recvcount), recvtype, root, comm);
}
#endif
