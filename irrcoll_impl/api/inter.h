/* IRR_Allgather, IRR_Allgather_groups, IRR_Allgatherv_groups (int and MPI_Count); the
   intercommunicator Allgather(v) is IRR_Allgather(v) on one (mpi/inter.h). */

IRR_DEF int IRR_Allgather(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf, int recvcount,
                          MPI_Datatype recvtype, MPI_Comm comm) {
  return irr__allgather(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm, 0);
}

IRR_DEF int IRR_Allgather_groups(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf, int recvcount,
                                 MPI_Datatype recvtype, int group, MPI_Comm comm) {
  irr__counts rcs = {NULL, NULL, NULL, NULL, 1, recvcount};
  return irr__groups_entry(sendbuf, sendcount, sendtype, recvbuf, &rcs, recvtype, group, comm);
}

IRR_DEF int IRR_Allgatherv_groups(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                                  const int recvcounts[], const int displs[], MPI_Datatype recvtype, int group, MPI_Comm comm) {
  irr__counts rcs = {recvcounts, displs, NULL, NULL, 0, 0};
  return irr__groups_entry(sendbuf, sendcount, sendtype, recvbuf, &rcs, recvtype, group, comm);
}

#if MPI_VERSION >= 4
IRR_DEF int IRR_Allgather_c(const void *sendbuf, MPI_Count sendcount, MPI_Datatype sendtype, void *recvbuf,
                            MPI_Count recvcount, MPI_Datatype recvtype, MPI_Comm comm) {
  return irr__allgather(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm, 1);
}

IRR_DEF int IRR_Allgather_groups_c(const void *sendbuf, MPI_Count sendcount, MPI_Datatype sendtype, void *recvbuf,
                                   MPI_Count recvcount, MPI_Datatype recvtype, int group, MPI_Comm comm) {
  irr__counts rcs = {NULL, NULL, NULL, NULL, 1, recvcount};
  return irr__groups_entry(sendbuf, sendcount, sendtype, recvbuf, &rcs, recvtype, group, comm);
}

IRR_DEF int IRR_Allgatherv_groups_c(const void *sendbuf, MPI_Count sendcount, MPI_Datatype sendtype, void *recvbuf,
                                    const MPI_Count recvcounts[], const MPI_Aint displs[], MPI_Datatype recvtype, int group,
                                    MPI_Comm comm) {
  irr__counts rcs = {NULL, NULL, recvcounts, displs, 0, 0};
  return irr__groups_entry(sendbuf, sendcount, sendtype, recvbuf, &rcs, recvtype, group, comm);
}
#endif
