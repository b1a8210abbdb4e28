/* v-collectives whose receive sizes are unknown (MPI Forum proposal, Plum 2008: seed 003).

   The receivers of IRR_XGatherv, IRR_XScatterv, IRR_XAllgatherv and IRR_XAlltoallv need not
   know how much they receive: they enter IRR_SIZE_UNKNOWN in recvcounts[0] (XScatterv: in
   *recvcount), give a bound on the whole receive buffer, and get the counts back. With
   IRR_DISPL_CONSECUTIVE in displs[0] the blocks are placed one after the other in rank order
   and the displacements are returned. algo/xv/ holds the pure plans, one file per collective
   (this one: the markers); the contracts are in api/decl.h.

   Every receiver of these programs learns its lengths from the messages (IRR_OPF_LEARN):
   the MPI layer runs them with the lengths unknown, and the executor fills in what arrives,
   so what it has run equals what irr_xv_build_all / irr_xallgatherv_build_all give the
   checker and the cost model (test/mpi/test_same.c compares them). XScatterv's receivers
   run their first op, then the rest built from what it taught; XAllgatherv's Bruck runs a
   round at a time, rebuilt from the sizes learned so far. */

/* The markers (recvcounts[0] / displs[0]). Both are INT_MIN: a count is never negative and
   a displacement of INT_MIN elements cannot address memory. */
#define IRR_SIZE_UNKNOWN (-2147483647 - 1)
#define IRR_DISPL_CONSECUTIVE (-2147483647 - 1)

/* Bytes of the size header that an IRR_OPF_COUNTS message carries per block. */
#define IRR_XCOUNT_BYTES 8
