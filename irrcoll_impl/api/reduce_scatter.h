/* IRR_Reduce_scatter and IRR_Reduce_scatter_block: blocking (int and MPI_Count),
   nonblocking and persistent (contracts: api/decl.h; mpi/reduce_scatter.h, mpi/persist.h). */

IRR_DEF int IRR_Reduce_scatter(const void *sendbuf, void *recvbuf, const int recvcounts[], MPI_Datatype datatype,
                               MPI_Op op, MPI_Comm comm) {
  irr__counts c = {recvcounts, NULL, NULL, NULL, 0, 0};
  return irr__rs_run(sendbuf, recvbuf, &c, datatype, op, comm, IRR_ALG_AUTO);
}
IRR_DEF int IRR_Reduce_scatter_block(const void *sendbuf, void *recvbuf, int recvcount, MPI_Datatype datatype,
                                     MPI_Op op, MPI_Comm comm) {
  irr__counts c = {NULL, NULL, NULL, NULL, 1, recvcount};
  return irr__rs_run(sendbuf, recvbuf, &c, datatype, op, comm, IRR_ALG_AUTO);
}
#if MPI_VERSION >= 4
IRR_DEF int IRR_Reduce_scatter_c(const void *sendbuf, void *recvbuf, const MPI_Count recvcounts[], MPI_Datatype datatype,
                                 MPI_Op op, MPI_Comm comm) {
  irr__counts c = {NULL, NULL, recvcounts, NULL, 0, 0};
  return irr__rs_run(sendbuf, recvbuf, &c, datatype, op, comm, IRR_ALG_AUTO);
}
IRR_DEF int IRR_Reduce_scatter_block_c(const void *sendbuf, void *recvbuf, MPI_Count recvcount, MPI_Datatype datatype,
                                       MPI_Op op, MPI_Comm comm) {
  irr__counts c = {NULL, NULL, NULL, NULL, 1, (int64_t)recvcount};
  return irr__rs_run(sendbuf, recvbuf, &c, datatype, op, comm, IRR_ALG_AUTO);
}
#endif

IRR_DEF int IRR_Ireduce_scatter(const void *sendbuf, void *recvbuf, const int recvcounts[], MPI_Datatype datatype,
                                MPI_Op op, MPI_Comm comm, IRR_Request *request) {
  irr__counts c = {recvcounts, NULL, NULL, NULL, 0, 0};
  return irr__rs_request(sendbuf, recvbuf, &c, datatype, op, comm, 1, request);
}
IRR_DEF int IRR_Ireduce_scatter_block(const void *sendbuf, void *recvbuf, int recvcount, MPI_Datatype datatype,
                                      MPI_Op op, MPI_Comm comm, IRR_Request *request) {
  irr__counts c = {NULL, NULL, NULL, NULL, 1, recvcount};
  return irr__rs_request(sendbuf, recvbuf, &c, datatype, op, comm, 1, request);
}
IRR_DEF int IRR_Reduce_scatter_init(const void *sendbuf, void *recvbuf, const int recvcounts[], MPI_Datatype datatype,
                                    MPI_Op op, MPI_Comm comm, MPI_Info info, IRR_Request *request) {
  irr__counts c = {recvcounts, NULL, NULL, NULL, 0, 0};
  (void)info;
  return irr__rs_request(sendbuf, recvbuf, &c, datatype, op, comm, 0, request);
}
IRR_DEF int IRR_Reduce_scatter_block_init(const void *sendbuf, void *recvbuf, int recvcount, MPI_Datatype datatype,
                                          MPI_Op op, MPI_Comm comm, MPI_Info info, IRR_Request *request) {
  irr__counts c = {NULL, NULL, NULL, NULL, 1, recvcount};
  (void)info;
  return irr__rs_request(sendbuf, recvbuf, &c, datatype, op, comm, 0, request);
}
