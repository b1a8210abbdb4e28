/* IRR_Allgatherv: blocking (int and MPI_Count), persistent and nonblocking (contracts:
   api/decl.h; mpi/allgatherv.h, mpi/persist.h). */

IRR_DEF int IRR_Allgatherv(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                           const int recvcounts[], const int displs[], MPI_Datatype recvtype, MPI_Comm comm) {
  irr__counts c = {recvcounts, displs, NULL, NULL, 0, 0};
  return irr__ag_run(sendbuf, sendcount, sendtype, recvbuf, &c, recvtype, comm, IRR_ALG_AUTO, 1);
}

#if MPI_VERSION >= 4
IRR_DEF int IRR_Allgatherv_c(const void *sendbuf, MPI_Count sendcount, MPI_Datatype sendtype, void *recvbuf,
                             const MPI_Count recvcounts[], const MPI_Aint displs[], MPI_Datatype recvtype, MPI_Comm comm) {
  irr__counts c = {NULL, NULL, recvcounts, displs, 0, 0};
  return irr__ag_run(sendbuf, sendcount, sendtype, recvbuf, &c, recvtype, comm, IRR_ALG_AUTO, 1);
}
#endif

IRR_DEF int IRR_Allgatherv_init(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                                const int recvcounts[], const int displs[], MPI_Datatype recvtype,
                                MPI_Comm comm, MPI_Info info, IRR_Request *request) {
  irr__counts c = {recvcounts, displs, NULL, NULL, 0, 0};
  (void)info;
  return irr__ag_init(sendbuf, sendcount, sendtype, recvbuf, &c, recvtype, comm, request);
}

IRR_DEF int IRR_Iallgatherv(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                            const int recvcounts[], const int displs[], MPI_Datatype recvtype, MPI_Comm comm,
                            IRR_Request *request) {
  irr__counts c = {recvcounts, displs, NULL, NULL, 0, 0};
  struct irr_request_s *R;
  int rc, inter = 0;
  if (!request) return irr__raise(comm, MPI_ERR_REQUEST);
  *request = IRR_REQUEST_NULL;
  if (comm == MPI_COMM_NULL) return irr__raise(MPI_COMM_NULL, MPI_ERR_COMM);
  if ((rc = MPI_Comm_test_inter(comm, &inter)) != MPI_SUCCESS) return irr__raise(comm, rc);
  if (inter) return irr__raise(comm, MPI_ERR_COMM);
  if (!(R = irr__req_new(comm))) return irr__raise(comm, MPI_ERR_NO_MEM);
  R->ag = 1, R->oneshot = 1, R->G.nocomm = 1, R->G.owned = 1;
  if ((rc = irr__ag_setup(sendbuf, sendcount, sendtype, recvbuf, &c, recvtype, comm, IRR_ALG_AUTO, &R->ctx, &R->G,
                          &R->s, &R->ops, &R->vb, &R->ob)) != MPI_SUCCESS) {
    irr__req_release(R);
    return irr__raise(comm, rc);
  }
  R->err0 = R->G.err;
  irr__req_run(R, R->ctx->pc, R->G.tag + 1);
  *request = R;
  return MPI_SUCCESS;
}
