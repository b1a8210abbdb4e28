/* IRR_Gatherv: blocking (int and MPI_Count), persistent and nonblocking (contracts: api/decl.h;
   the code they share with Scatterv: mpi/rooted.h, mpi/persist.h). */

IRR_DEF int IRR_Gatherv(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                        const int recvcounts[], const int displs[], MPI_Datatype recvtype,
                        int root, MPI_Comm comm) {
  return irr__v_call(0, recvbuf, recvcounts, NULL, displs, NULL, recvtype, sendbuf, sendcount, sendtype, root, comm, MPI_SUCCESS);
}

#if MPI_VERSION >= 4
IRR_DEF int IRR_Gatherv_c(const void *sendbuf, MPI_Count sendcount, MPI_Datatype sendtype, void *recvbuf,
                          const MPI_Count recvcounts[], const MPI_Aint displs[], MPI_Datatype recvtype,
                          int root, MPI_Comm comm) {
  return irr__v_call(0, recvbuf, NULL, recvcounts, NULL, displs, recvtype, sendbuf, sendcount, sendtype, root, comm, MPI_SUCCESS);
}
#endif

IRR_DEF int IRR_Gatherv_init(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                             const int recvcounts[], const int displs[], MPI_Datatype recvtype, int root,
                             MPI_Comm comm, MPI_Info info, IRR_Request *request) {
  irr__vargs A;
  (void)info;
  memset(&A, 0, sizeof A);
  A.vuser = recvbuf, A.vbuf = irr__base(recvbuf), A.c.ci = recvcounts, A.c.di = displs, A.vtype = recvtype;
  A.ouser = sendbuf, A.inplace_arg = sendbuf == MPI_IN_PLACE, A.obuf = A.inplace_arg ? NULL : irr__base(sendbuf);
  A.ocount = sendcount, A.otype = sendtype, A.root = root, A.comm = comm;
  return irr__v_init(&A, request);
}

IRR_DEF int IRR_Igatherv(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                         const int recvcounts[], const int displs[], MPI_Datatype recvtype, int root,
                         MPI_Comm comm, IRR_Request *request) {
  irr__vargs A;
  memset(&A, 0, sizeof A);
  A.vuser = recvbuf, A.vbuf = irr__base(recvbuf), A.c.ci = recvcounts, A.c.di = displs, A.vtype = recvtype;
  A.ouser = sendbuf, A.inplace_arg = sendbuf == MPI_IN_PLACE, A.obuf = A.inplace_arg ? NULL : irr__base(sendbuf);
  A.ocount = sendcount, A.otype = sendtype, A.root = root, A.comm = comm;
  return irr__v_icall(&A, request);
}
