/* IRR_XGatherv (int and MPI_Count) and IRR_Ixgatherv (contracts: api/decl.h; mpi/xgatherv.h). */

/* The one body of IRR_XGatherv and IRR_XGatherv_c: recvcounts, displs as the user gave them. */
static int irr__xgatherv_call(const void *sendbuf, int64_t sendcount, MPI_Datatype sendtype, void *recvbuf,
                              int64_t recv_max_count, irr__xarr recvcounts, irr__xarr displs, MPI_Datatype recvtype,
                              int root, MPI_Comm comm) {
  irr__ctx *ctx = NULL;
  int rank = 0, p = 0, tag = 0, raised = 0, rc = irr__xbegin(comm, &ctx, &rank, &p, &tag);
  if (rc == MPI_SUCCESS && (root < 0 || root >= p)) rc = MPI_ERR_ROOT;
  else if (rc == MPI_SUCCESS && irr__xnull(recvcounts)) rc = MPI_ERR_ARG; /* everyone reads recvcounts[0] */
  rc = irr__xcheck(ctx, "IRR_XGatherv", rank, p, root, rc == MPI_SUCCESS && irr__xget(recvcounts, 0) == IRR_SIZE_UNKNOWN, rc);
  if (rc == MPI_SUCCESS && irr__xget(recvcounts, 0) == IRR_SIZE_UNKNOWN) {
    irr__xg G;
    memset(&G, 0, sizeof G);
    G.sendbuf = sendbuf, G.sendcount = sendcount, G.sendtype = sendtype;
    G.recvbuf = recvbuf, G.bound = recv_max_count, G.recvcounts = recvcounts, G.displs = displs, G.recvtype = recvtype;
    G.root = root, G.rank = rank, G.p = p, G.tag = tag, G.isroot = rank == root, G.ctx = ctx;
    rc = irr__xgatherv_unknown(&G);
  } else if (rc == MPI_SUCCESS) { /* known counts: the root fills in consecutive displacements, checks the bound */
    int pre = MPI_SUCCESS, ok;
    irr__dt rdt;
    if (rank == root) {
      if (irr__xnull(displs)) pre = MPI_ERR_ARG;
      else if (irr__dt_info(recvtype, &rdt) != MPI_SUCCESS) pre = MPI_ERR_TYPE;
      else pre = irr__xknown(p, recvcounts, displs, irr__xget(displs, 0) == IRR_DISPL_CONSECUTIVE, recv_max_count);
    }
    ok = pre == MPI_SUCCESS;
    rc = irr__v_call(0, recvbuf, ok ? recvcounts.i : NULL, ok ? recvcounts.c : NULL, ok ? displs.i : NULL,
                     ok ? displs.a : NULL, recvtype, sendbuf, sendcount, sendtype, root, comm, pre);
    raised = 1; /* irr__v_call raises its errors */
  }
  return rc == MPI_SUCCESS || raised ? rc : irr__raise(comm, rc);
}

IRR_DEF int IRR_Ixgatherv(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                          int recv_max_count, int recvcounts[], int displs[], MPI_Datatype recvtype, int root,
                          MPI_Comm comm, IRR_Request *request) {
  irr__ctx *ctx = NULL;
  int rank = 0, p = 0, tag = 0, rc;
  irr__xarr rc_ = irr__xarr_i(recvcounts), ds = irr__xarr_i(displs);
  if (!request) return irr__raise(comm, MPI_ERR_REQUEST);
  *request = IRR_REQUEST_NULL;
  rc = irr__xbegin(comm, &ctx, &rank, &p, &tag);
  if (rc == MPI_SUCCESS && (root < 0 || root >= p)) rc = MPI_ERR_ROOT;
  else if (rc == MPI_SUCCESS && !recvcounts) rc = MPI_ERR_ARG; /* everyone reads recvcounts[0] */
  if (rc != MPI_SUCCESS) return irr__raise(comm, rc);
  if (recvcounts[0] == IRR_SIZE_UNKNOWN) {
    irr__xg *G = (irr__xg *)IRRCOLL_MALLOC(sizeof *G);
    if (!G) return irr__raise(comm, MPI_ERR_NO_MEM);
    memset(G, 0, sizeof *G);
    G->sendbuf = sendbuf, G->sendcount = sendcount, G->sendtype = sendtype;
    G->recvbuf = recvbuf, G->bound = recv_max_count, G->recvcounts = rc_, G->displs = ds, G->recvtype = recvtype;
    G->root = root, G->rank = rank, G->p = p, G->tag = tag, G->isroot = rank == root, G->ctx = ctx;
    return irr__xg_icall(G, comm, request);
  } else { /* known counts: IRR_Igatherv after the root's consecutive displacements and bound check */
    int pre = MPI_SUCCESS, ok;
    irr__dt rdt;
    irr__vargs A;
    if (rank == root) {
      if (!displs) pre = MPI_ERR_ARG;
      else if (irr__dt_info(recvtype, &rdt) != MPI_SUCCESS) pre = MPI_ERR_TYPE;
      else pre = irr__xknown(p, rc_, ds, displs[0] == IRR_DISPL_CONSECUTIVE, recv_max_count);
    }
    ok = pre == MPI_SUCCESS;
    memset(&A, 0, sizeof A);
    A.vuser = recvbuf, A.vbuf = irr__base(recvbuf), A.c.ci = ok ? recvcounts : NULL, A.c.di = ok ? displs : NULL;
    A.vtype = recvtype;
    A.ouser = sendbuf, A.inplace_arg = sendbuf == MPI_IN_PLACE, A.obuf = A.inplace_arg ? NULL : irr__base(sendbuf);
    A.ocount = sendcount, A.otype = sendtype, A.root = root, A.comm = comm, A.pre_err = pre;
    return irr__v_icall(&A, request);
  }
}

IRR_DEF int IRR_XGatherv(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                         int recv_max_count, int recvcounts[], int displs[], MPI_Datatype recvtype,
                         int root, MPI_Comm comm) {
  return irr__xgatherv_call(sendbuf, sendcount, sendtype, recvbuf, recv_max_count, irr__xarr_i(recvcounts),
                            irr__xarr_i(displs), recvtype, root, comm);
}

#if MPI_VERSION >= 4
IRR_DEF int IRR_XGatherv_c(const void *sendbuf, MPI_Count sendcount, MPI_Datatype sendtype, void *recvbuf,
                           MPI_Count recv_max_count, MPI_Count recvcounts[], MPI_Aint displs[], MPI_Datatype recvtype,
                           int root, MPI_Comm comm) {
  return irr__xgatherv_call(sendbuf, sendcount, sendtype, recvbuf, recv_max_count, irr__xarr_c(recvcounts),
                            irr__xarr_a(displs), recvtype, root, comm);
}
#endif
