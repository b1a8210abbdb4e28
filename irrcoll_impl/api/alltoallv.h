/* IRR_Alltoallv: blocking (int and MPI_Count), persistent and nonblocking (contracts:
   api/decl.h; mpi/alltoallv.h, mpi/persist.h). */

IRR_DEF int IRR_Alltoallv(const void *sendbuf, const int sendcounts[], const int sdispls[], MPI_Datatype sendtype,
                          void *recvbuf, const int recvcounts[], const int rdispls[], MPI_Datatype recvtype, MPI_Comm comm) {
  irr__counts sc = {sendcounts, sdispls, NULL, NULL, 0, 0}, rc = {recvcounts, rdispls, NULL, NULL, 0, 0};
  return irr__a2a_run(sendbuf, &sc, sendtype, recvbuf, &rc, recvtype, comm, IRR_ALG_AUTO);
}

#if MPI_VERSION >= 4
IRR_DEF int IRR_Alltoallv_c(const void *sendbuf, const MPI_Count sendcounts[], const MPI_Aint sdispls[],
                            MPI_Datatype sendtype, void *recvbuf, const MPI_Count recvcounts[], const MPI_Aint rdispls[],
                            MPI_Datatype recvtype, MPI_Comm comm) {
  irr__counts sc = {NULL, NULL, sendcounts, sdispls, 0, 0}, rc = {NULL, NULL, recvcounts, rdispls, 0, 0};
  return irr__a2a_run(sendbuf, &sc, sendtype, recvbuf, &rc, recvtype, comm, IRR_ALG_AUTO);
}
#endif

IRR_DEF int IRR_Alltoallv_init(const void *sendbuf, const int sendcounts[], const int sdispls[], MPI_Datatype sendtype,
                               void *recvbuf, const int recvcounts[], const int rdispls[], MPI_Datatype recvtype,
                               MPI_Comm comm, MPI_Info info, IRR_Request *request) {
  irr__counts sc = {sendcounts, sdispls, NULL, NULL, 0, 0}, rc = {recvcounts, rdispls, NULL, NULL, 0, 0};
  (void)info;
  return irr__a2a_request(sendbuf, &sc, sendtype, recvbuf, &rc, recvtype, comm, 0, request);
}
IRR_DEF int IRR_Ialltoallv(const void *sendbuf, const int sendcounts[], const int sdispls[], MPI_Datatype sendtype,
                           void *recvbuf, const int recvcounts[], const int rdispls[], MPI_Datatype recvtype,
                           MPI_Comm comm, IRR_Request *request) {
  irr__counts sc = {sendcounts, sdispls, NULL, NULL, 0, 0}, rc = {recvcounts, rdispls, NULL, NULL, 0, 0};
  return irr__a2a_request(sendbuf, &sc, sendtype, recvbuf, &rc, recvtype, comm, 1, request);
}
