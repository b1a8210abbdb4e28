/* MPI layer: public declarations (whenever MPI is available).

   Entry points take exactly the arguments of their MPI counterparts and return MPI error
   codes. Conventions (DESIGN.md §5):
   - Internal messages travel on a private duplicate of comm, made at the first call on comm
     (collective) and freed with comm; every call uses its own tags, so a message left over
     by an erroneous call can never match a later one.
   - Any committed datatype. Contiguous types are sent and received in place; other types
     are packed once into scratch (homogeneous systems: packed data = bytes in type order).
   - Errors irrcoll detects (negative count, bad root, NULL arrays at the root, bad buffers,
     sender/root size mismatch) go once through MPI_Comm_call_errhandler(comm) and are
     returned with their MPI error class; errors of MPI calls are passed on unchanged. A rank
     with bad arguments still takes its part in the communication with an empty block, so
     the other ranks complete and the communicator stays usable.
   - Intercommunicators are forwarded to the native operation.
   - Algorithm choice: automatic (the linear-time tree; "direct" on at most 10 ranks), or
     forced per communicator with
     IRR_Comm_set_alg or the environment variable IRRCOLL_ALG (read when irrcoll first sees
     a communicator), e.g. IRRCOLL_ALG=gatherv:linear,scatterv:binomial or IRRCOLL_ALG=tree.
     All ranks must force the same algorithm. */

#ifndef IRRCOLL_NO_MPI

/* MPI_Gatherv. Algorithm (auto): on more than IRR_DIRECT_MAXP (10) ranks Träff's
   linear-time tree, where the root receives every subtree straight into recvbuf; on fewer,
   "direct": one message per rank, sizes checked by probing (the tree's construction does
   not pay there). Scratch: an inner rank holds its subtree's data; the root none
   (contiguous recvtype) or the packed total (other recvtypes). A sender/root size mismatch
   is MPI_ERR_TRUNCATE at the root: the whole subtree holding the sender is left unwritten
   or truncated to the root's expectation, never written past recvcounts. */
IRR_DECL int IRR_Gatherv(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                         const int recvcounts[], const int displs[], MPI_Datatype recvtype,
                         int root, MPI_Comm comm);

/* MPI_Scatterv. The tree is built from the receivers' counts; a size mismatch is
   MPI_ERR_TRUNCATE at the ranks of the affected subtree (as MPI, the receivers report it)
   and, with the tree, at the root, which sees the receivers' sizes while building it. */
IRR_DECL int IRR_Scatterv(const void *sendbuf, const int sendcounts[], const int displs[],
                          MPI_Datatype sendtype, void *recvbuf, int recvcount,
                          MPI_Datatype recvtype, int root, MPI_Comm comm);

#if MPI_VERSION >= 4
/* The MPI-4 large-count variants (MPI_Count counts, MPI_Aint displacements), same
   algorithms. Only with an MPI-4 library (e.g. MPICH >= 4; not SimGrid SMPI 3.32). */
IRR_DECL int IRR_Gatherv_c(const void *sendbuf, MPI_Count sendcount, MPI_Datatype sendtype, void *recvbuf,
                           const MPI_Count recvcounts[], const MPI_Aint displs[], MPI_Datatype recvtype,
                           int root, MPI_Comm comm);
IRR_DECL int IRR_Scatterv_c(const void *sendbuf, const MPI_Count sendcounts[], const MPI_Aint displs[],
                            MPI_Datatype sendtype, void *recvbuf, MPI_Count recvcount,
                            MPI_Datatype recvtype, int root, MPI_Comm comm);
#endif

/* Force coll's algorithm on comm (IRR_ALG_AUTO: automatic again). Every rank of comm must
   make the same choice. Collective if it is irrcoll's first call on comm (it makes the
   private duplicate), local afterwards. MPI_ERR_ARG for an unknown collective or algorithm. */
IRR_DECL int IRR_Comm_set_alg(MPI_Comm comm, irr_coll coll, irr_alg alg);
IRR_DECL int IRR_Comm_get_alg(MPI_Comm comm, irr_coll coll, irr_alg *alg);

#endif /* IRRCOLL_NO_MPI */
