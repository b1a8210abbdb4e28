/* test_errors.c - bad input to IRR_Gatherv / IRR_Scatterv under a returning error handler:
   the right MPI error class on the right ranks, the handler called exactly once per failing
   call, nothing written outside the blocks, no hang, and after every error a correct call
   (compared with the native operation) on the same communicator. Run with mpiexec -n K. */
#define IRRCOLL_IMPLEMENTATION
#include "irrcoll.h"
#include "../check.h"
#include <stdlib.h>

static int handled; /* calls of our error handler */
static void on_error(MPI_Comm *comm, int *code, ...) {
  (void)comm;
  (void)code;
  handled++;
}

static int rank, p;
enum { CNT = 5, GAP = 3, CANARY = 0x5a5a5a5a };

static int cls(int rc) {
  int c = MPI_SUCCESS;
  if (rc != MPI_SUCCESS) MPI_Error_class(rc, &c);
  return c;
}

/* every rank CNT ints, root buffer with GAP ints of canary between blocks */
static void layout(int *counts, int *displs) {
  int i;
  for (i = 0; i < p; i++) {
    counts[i] = CNT;
    displs[i] = i * (CNT + GAP) + GAP;
  }
}

static int canaries_ok(const int *rbuf, const int *displs, int n) {
  int i, k;
  for (i = 0; i < p; i++)
    for (k = 1; k <= GAP; k++)
      if (rbuf[displs[i] - k] != CANARY) return 0;
  return rbuf[n - 1] == CANARY;
}

/* a correct call right after an error: the communicator still works */
static void still_works(const char *after) {
  int counts[64], displs[64], i, n = p * (CNT + GAP) + GAP + 1;
  int *a = (int *)malloc((size_t)n * sizeof(int)), *b = (int *)malloc((size_t)n * sizeof(int));
  int mine[CNT], o1[CNT], o2[CNT];
  layout(counts, displs);
  for (i = 0; i < CNT; i++) mine[i] = rank * 100 + i;
  for (i = 0; i < n; i++) a[i] = b[i] = CANARY;
  CHECK(IRR_Gatherv(mine, CNT, MPI_INT, a, counts, displs, MPI_INT, p - 1, MPI_COMM_WORLD) == MPI_SUCCESS &&
            MPI_Gatherv(mine, CNT, MPI_INT, b, counts, displs, MPI_INT, p - 1, MPI_COMM_WORLD) == MPI_SUCCESS &&
            (rank != p - 1 || memcmp(a, b, (size_t)n * sizeof(int)) == 0),
        "gatherv after %s", after);
  CHECK(IRR_Scatterv(b, counts, displs, MPI_INT, o1, CNT, MPI_INT, p - 1, MPI_COMM_WORLD) == MPI_SUCCESS &&
            MPI_Scatterv(b, counts, displs, MPI_INT, o2, CNT, MPI_INT, p - 1, MPI_COMM_WORLD) == MPI_SUCCESS &&
            memcmp(o1, o2, sizeof o1) == 0,
        "scatterv after %s", after);
  free(a);
  free(b);
}

/* the error handler ran once on exactly the ranks that failed */
#define EXPECT(rc, want, what)                                                                   \
  do {                                                                                           \
    int got_ = cls(rc);                                                                          \
    CHECK(got_ == (want), "%s: rank %d got class %d, want %d", what, rank, got_, (want));       \
    CHECK(handled == h0 + ((want) != MPI_SUCCESS), "%s: rank %d handler ran %d times", what,    \
          rank, handled - h0);                                                                   \
  } while (0)

/* sizes_flow: a tree is built, so the root learns every rank's size (tree, binomial) */
static void scenarios(const char *algname, int sizes_flow) {
  int counts[64], displs[64], i, n = p * (CNT + GAP) + GAP + 1, h0, rc, root = 0, last = p - 1;
  int *rbuf = (int *)malloc((size_t)n * sizeof(int)), mine[CNT + 1], out[CNT + 4];
  char what[128];
  for (i = 0; i <= CNT; i++) mine[i] = rank * 100 + i;
  layout(counts, displs);
#define RESET() do { for (i = 0; i < n; i++) rbuf[i] = CANARY; h0 = handled; } while (0)

  snprintf(what, sizeof what, "%s: root out of range", algname);
  RESET();
  rc = IRR_Gatherv(mine, CNT, MPI_INT, rbuf, counts, displs, MPI_INT, p, MPI_COMM_WORLD);
  EXPECT(rc, MPI_ERR_ROOT, what);
  h0 = handled;
  rc = IRR_Scatterv(rbuf, counts, displs, MPI_INT, out, CNT, MPI_INT, -1, MPI_COMM_WORLD);
  EXPECT(rc, MPI_ERR_ROOT, what);
  still_works(what);

  snprintf(what, sizeof what, "%s: MPI_COMM_NULL", algname);
  RESET();
  rc = IRR_Gatherv(mine, CNT, MPI_INT, rbuf, counts, displs, MPI_INT, 0, MPI_COMM_NULL);
  EXPECT(rc, MPI_ERR_COMM, what);

  snprintf(what, sizeof what, "%s: NULL recvcounts at the root", algname);
  RESET();
  rc = IRR_Gatherv(mine, CNT, MPI_INT, rbuf, rank == root ? NULL : counts, displs, MPI_INT, root, MPI_COMM_WORLD);
  EXPECT(rc, rank == root ? MPI_ERR_ARG : MPI_SUCCESS, what);
  if (rank == root) CHECK(rbuf[0] == CANARY && rbuf[displs[p - 1]] == CANARY, "%s: root buffer written", what);
  still_works(what);

  snprintf(what, sizeof what, "%s: NULL displs at the root", algname);
  RESET();
  rc = IRR_Gatherv(mine, CNT, MPI_INT, rbuf, counts, rank == root ? NULL : displs, MPI_INT, root, MPI_COMM_WORLD);
  EXPECT(rc, rank == root ? MPI_ERR_ARG : MPI_SUCCESS, what);
  still_works(what);

  snprintf(what, sizeof what, "%s: NULL sendcounts at the Scatterv root", algname);
  RESET();
  rc = IRR_Scatterv(rbuf, rank == root ? NULL : counts, displs, MPI_INT, out, CNT, MPI_INT, root, MPI_COMM_WORLD);
  /* the receivers wait for data that cannot come right: they get a short message */
  EXPECT(rc, rank == root ? MPI_ERR_ARG : MPI_ERR_TRUNCATE, what);
  still_works(what);

  snprintf(what, sizeof what, "%s: MPI_DATATYPE_NULL", algname);
  RESET();
  rc = IRR_Gatherv(mine, CNT, rank == last ? MPI_DATATYPE_NULL : MPI_INT, rbuf, counts, displs, MPI_INT, root, MPI_COMM_WORLD);
  EXPECT(rc, rank == last ? MPI_ERR_TYPE : rank == root ? MPI_ERR_TRUNCATE : MPI_SUCCESS, what);
  if (rank == root) CHECK(canaries_ok(rbuf, displs, n), "%s: canary overwritten", what);
  still_works(what);

  if (p > 1) {
    int bad = counts[1];
    snprintf(what, sizeof what, "%s: negative recvcounts[1] at the root", algname);
    RESET();
    if (rank == root) counts[1] = -1;
    rc = IRR_Gatherv(mine, CNT, MPI_INT, rbuf, counts, displs, MPI_INT, root, MPI_COMM_WORLD);
    counts[1] = bad;
    EXPECT(rc, rank == root ? MPI_ERR_COUNT : MPI_SUCCESS, what);
    still_works(what);

    snprintf(what, sizeof what, "%s: negative sendcount on the last rank", algname);
    RESET();
    rc = IRR_Gatherv(mine, rank == last ? -3 : CNT, MPI_INT, rbuf, counts, displs, MPI_INT, root, MPI_COMM_WORLD);
    EXPECT(rc, rank == last ? MPI_ERR_COUNT : rank == root ? MPI_ERR_TRUNCATE : MPI_SUCCESS, what);
    if (rank == root) CHECK(canaries_ok(rbuf, displs, n), "%s: canary overwritten", what);
    still_works(what);

    snprintf(what, sizeof what, "%s: MPI_IN_PLACE on a non-root", algname);
    RESET();
    rc = IRR_Gatherv(rank == last ? MPI_IN_PLACE : (void *)mine, CNT, MPI_INT, rbuf, counts, displs, MPI_INT, root, MPI_COMM_WORLD);
    EXPECT(rc, rank == last ? MPI_ERR_BUFFER : rank == root ? MPI_ERR_TRUNCATE : MPI_SUCCESS, what);
    still_works(what);

    snprintf(what, sizeof what, "%s: a sender sends more than the root expects", algname);
    RESET();
    rc = IRR_Gatherv(mine, rank == last ? CNT + 1 : CNT, MPI_INT, rbuf, counts, displs, MPI_INT, root, MPI_COMM_WORLD);
    EXPECT(rc, rank == root ? MPI_ERR_TRUNCATE : MPI_SUCCESS, what);
    if (rank == root) CHECK(canaries_ok(rbuf, displs, n), "%s: canary overwritten", what);
    still_works(what);

    snprintf(what, sizeof what, "%s: a sender sends less than the root expects", algname);
    RESET();
    rc = IRR_Gatherv(mine, rank == last ? CNT - 1 : CNT, MPI_INT, rbuf, counts, displs, MPI_INT, root, MPI_COMM_WORLD);
    EXPECT(rc, rank == root ? MPI_ERR_TRUNCATE : MPI_SUCCESS, what);
    if (rank == root) CHECK(canaries_ok(rbuf, displs, n), "%s: canary overwritten", what);
    still_works(what);

    snprintf(what, sizeof what, "%s: Scatterv root sends more than the last rank expects", algname);
    RESET();
    for (i = 0; i < CNT + 4; i++) out[i] = CANARY;
    if (rank == root) counts[last] = CNT + 1;
    rc = IRR_Scatterv(rbuf, counts, displs, MPI_INT, out, CNT, MPI_INT, root, MPI_COMM_WORLD);
    counts[last] = CNT;
    /* the receivers of the affected subtree report it (as MPI: the receiver), and with a
       tree the root, which learnt the receivers' sizes while building it; nobody else */
    if (rank == last) EXPECT(rc, MPI_ERR_TRUNCATE, what);
    else if (rank == root) EXPECT(rc, sizes_flow ? MPI_ERR_TRUNCATE : MPI_SUCCESS, what);
    else CHECK(handled == h0 + (cls(rc) != MPI_SUCCESS) && (cls(rc) == MPI_SUCCESS || cls(rc) == MPI_ERR_TRUNCATE),
               "%s: rank %d class %d", what, rank, cls(rc));
    CHECK(out[CNT] == CANARY && out[CNT + 1] == CANARY, "%s: written past the receive count", what);
    MPI_Barrier(MPI_COMM_WORLD);
    still_works(what);
  }
  free(rbuf);
#undef RESET
}

int main(int argc, char **argv) {
  MPI_Errhandler eh;
  long f, fa = 0;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &p);
  if (p > 64) MPI_Abort(MPI_COMM_WORLD, 2);
  MPI_Comm_create_errhandler(on_error, &eh);
  MPI_Comm_set_errhandler(MPI_COMM_WORLD, eh);
  scenarios(p <= IRR_V_DIRECT_MAXP ? "auto (direct)" : "auto (tree)", p > IRR_V_DIRECT_MAXP);
  IRR_Comm_set_alg(MPI_COMM_WORLD, IRR_COLL_GATHERV, IRR_ALG_TREE);
  IRR_Comm_set_alg(MPI_COMM_WORLD, IRR_COLL_SCATTERV, IRR_ALG_TREE);
  scenarios("tree", 1);
  /* graceful degradation: subtrees above 2 (then 6) bytes go straight to the root; a
     mismatch changes who does, and the root must still take every message */
  IRR_Comm_set_model(MPI_COMM_WORLD, 1e-10, 1e-10);
  scenarios("tree, degraded above 2 bytes", 1);
  IRR_Comm_set_model(MPI_COMM_WORLD, 3e-10, 1e-10);
  scenarios("tree, degraded above 6 bytes", 1);
  IRR_Comm_set_model(MPI_COMM_WORLD, IRR_MODEL_ALPHA_DEFAULT, IRR_MODEL_BETA_DEFAULT);
  IRR_Comm_set_alg(MPI_COMM_WORLD, IRR_COLL_GATHERV, IRR_ALG_DIRECT);
  IRR_Comm_set_alg(MPI_COMM_WORLD, IRR_COLL_SCATTERV, IRR_ALG_DIRECT);
  scenarios("direct", 0);
  IRR_Comm_set_alg(MPI_COMM_WORLD, IRR_COLL_SCATTERV, IRR_ALG_XTREE); /* Scatterv only */
  scenarios("direct / xtree", 0);
  IRR_Comm_set_model(MPI_COMM_WORLD, 1e-10, 1e-10); /* every block its own direct message */
  scenarios("direct / xtree degraded", 0);
  IRR_Comm_set_model(MPI_COMM_WORLD, IRR_MODEL_ALPHA_DEFAULT, IRR_MODEL_BETA_DEFAULT);
  IRR_Comm_set_alg(MPI_COMM_WORLD, IRR_COLL_GATHERV, IRR_ALG_BINOMIAL);
  IRR_Comm_set_alg(MPI_COMM_WORLD, IRR_COLL_SCATTERV, IRR_ALG_BINOMIAL);
  scenarios("binomial", 1);
  {
    irr_alg a = IRR_ALG_AUTO;
    CHECK(IRR_Comm_get_alg(MPI_COMM_WORLD, IRR_COLL_GATHERV, &a) == MPI_SUCCESS && a == IRR_ALG_BINOMIAL, "get_alg");
    CHECK(cls(IRR_Comm_set_alg(MPI_COMM_WORLD, IRR_COLL_GATHERV, IRR_ALG_COUNT)) == MPI_ERR_ARG, "set_alg rejects a bad algorithm");
  }
  MPI_Errhandler_free(&eh);
  f = irrt_fail;
  MPI_Allreduce(&f, &fa, 1, MPI_LONG, MPI_SUM, MPI_COMM_WORLD);
  irrt_fail = fa;
  if (rank == 0) printf("p=%d: bad-input scenarios done\n", p);
  MPI_Finalize();
  return rank == 0 ? irrt_summary() : irrt_fail != 0;
}
