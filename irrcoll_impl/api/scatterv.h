/* IRR_Scatterv: blocking (int and MPI_Count), persistent and nonblocking (contracts: api/decl.h;
   the code they share with Gatherv: mpi/rooted.h, mpi/persist.h). */

IRR_DEF int IRR_Scatterv(const void *sendbuf, const int sendcounts[], const int displs[],
                         MPI_Datatype sendtype, void *recvbuf, int recvcount,
                         MPI_Datatype recvtype, int root, MPI_Comm comm) {
  return irr__v_call(1, sendbuf, sendcounts, NULL, displs, NULL, sendtype, recvbuf, recvcount, recvtype, root, comm, MPI_SUCCESS);
}

#if MPI_VERSION >= 4
IRR_DEF int IRR_Scatterv_c(const void *sendbuf, const MPI_Count sendcounts[], const MPI_Aint displs[],
                           MPI_Datatype sendtype, void *recvbuf, MPI_Count recvcount,
                           MPI_Datatype recvtype, int root, MPI_Comm comm) {
  return irr__v_call(1, sendbuf, NULL, sendcounts, NULL, displs, sendtype, recvbuf, recvcount, recvtype, root, comm, MPI_SUCCESS);
}
#endif

IRR_DEF int IRR_Scatterv_init(const void *sendbuf, const int sendcounts[], const int displs[],
                              MPI_Datatype sendtype, void *recvbuf, int recvcount, MPI_Datatype recvtype,
                              int root, MPI_Comm comm, MPI_Info info, IRR_Request *request) {
  irr__vargs A;
  (void)info;
  memset(&A, 0, sizeof A);
  A.scatter = 1;
  A.vuser = sendbuf, A.vbuf = irr__base(sendbuf), A.c.ci = sendcounts, A.c.di = displs, A.vtype = sendtype;
  A.ouser = recvbuf, A.inplace_arg = recvbuf == MPI_IN_PLACE, A.obuf = A.inplace_arg ? NULL : irr__base(recvbuf);
  A.ocount = recvcount, A.otype = recvtype, A.root = root, A.comm = comm;
  return irr__v_init(&A, request);
}

IRR_DEF int IRR_Iscatterv(const void *sendbuf, const int sendcounts[], const int displs[],
                          MPI_Datatype sendtype, void *recvbuf, int recvcount, MPI_Datatype recvtype,
                          int root, MPI_Comm comm, IRR_Request *request) {
  irr__vargs A;
  memset(&A, 0, sizeof A);
  A.scatter = 1;
  A.vuser = sendbuf, A.vbuf = irr__base(sendbuf), A.c.ci = sendcounts, A.c.di = displs, A.vtype = sendtype;
  A.ouser = recvbuf, A.inplace_arg = recvbuf == MPI_IN_PLACE, A.obuf = A.inplace_arg ? NULL : irr__base(recvbuf);
  A.ocount = recvcount, A.otype = recvtype, A.root = root, A.comm = comm;
  return irr__v_icall(&A, request);
}
