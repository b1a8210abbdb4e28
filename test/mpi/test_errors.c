/* test_errors.c - bad input to IRR_Gatherv / IRR_Scatterv / IRR_Allgatherv (and its _c, I and
   _init forms) under a returning error handler:
   the right MPI error class on the right ranks, the handler called exactly once per failing
   call, nothing written outside the blocks, no hang, and after every error a correct call
   (compared with the native operation) on the same communicator. Run with mpiexec -n K. */
#define IRRCOLL_IMPLEMENTATION
#include "irrcoll.h"
#include "../check.h"
#include <stdlib.h>
#include <string.h>
#include <time.h>

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

/* block q of the root's buffer as RESET left it */
static int untouched(const int *rbuf, const int *displs, int q) {
  int k;
  for (k = 0; k < CNT; k++)
    if (rbuf[displs[q] + k] != CANARY) return 0;
  return 1;
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

/* a shorter block is accepted as MPICH does, but with IRRCOLL_CHECK */
static int fewer_ok(void) {
  const char *env = getenv("IRRCOLL_CHECK");
  return !(env && atoi(env) > 0);
}

/* sizes_flow: a tree is built, so the root learns every rank's size (tree, binomial) */
static void scenarios(const char *algname, int sizes_flow) {
  int counts[64], displs[64], i, w, n = p * (CNT + GAP) + GAP + 1, h0, rc, root = 0, last = p - 1;
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

    /* the direct root (its own run, or the executor's with IRRCOLL_CHECK) leaves a larger
       block as it was, where its head comes into a slot (a block below IRR_HEAD_ROOM; above,
       the head lands in place) */
    int slotted = rank == root && !sizes_flow && CNT * (int)sizeof(int) < IRR_HEAD_ROOM;
    snprintf(what, sizeof what, "%s: a sender sends more than the root expects", algname);
    RESET();
    rc = IRR_Gatherv(mine, rank == last ? CNT + 1 : CNT, MPI_INT, rbuf, counts, displs, MPI_INT, root, MPI_COMM_WORLD);
    EXPECT(rc, rank == root ? MPI_ERR_TRUNCATE : MPI_SUCCESS, what);
    if (rank == root) CHECK(canaries_ok(rbuf, displs, n), "%s: canary overwritten", what);
    if (slotted) CHECK(untouched(rbuf, displs, last), "%s: the larger block was written", what);
    still_works(what);

    { /* more than a head of the direct Gatherv holds: its rest must be taken and dropped */
      int big = rank == last ? (int)(IRR_HEAD_ROOM / sizeof(int)) + 100000 : CNT; /* a rest past eager sizes */
      int *bb = rank == last ? (int *)calloc((size_t)big, sizeof(int)) : mine;
      snprintf(what, sizeof what, "%s: a sender sends more than a head holds", algname);
      RESET();
      rc = IRR_Gatherv(bb, big, MPI_INT, rbuf, counts, displs, MPI_INT, root, MPI_COMM_WORLD);
      if (bb != mine) free(bb);
      EXPECT(rc, rank == root ? MPI_ERR_TRUNCATE : MPI_SUCCESS, what);
      if (rank == root) CHECK(canaries_ok(rbuf, displs, n), "%s: canary overwritten", what);
      if (slotted) CHECK(untouched(rbuf, displs, last), "%s: the larger block was written", what);
      still_works(what);
    }

    for (w = 0; w < 2; w++) { /* the last rank; then the odd ranks and the root (a subtree of several) */
#define SHORT(r) (w == 0 ? (r) == last : (r) % 2 == 1 || (r) == root)
      snprintf(what, sizeof what, "%s: %s less than the root expects", algname,
               w == 0 ? "the last rank sends" : "the odd ranks and the root send");
      RESET();
      rc = IRR_Gatherv(mine, SHORT(rank) ? CNT - 1 : CNT, MPI_INT, rbuf, counts, displs, MPI_INT, root, MPI_COMM_WORLD);
      /* accepted as MPICH does (the data at the block's start, the rest untouched), but with
         IRRCOLL_CHECK */
      EXPECT(rc, rank == root && !fewer_ok() ? MPI_ERR_TRUNCATE : MPI_SUCCESS, what);
      if (rank == root) CHECK(canaries_ok(rbuf, displs, n), "%s: canary overwritten", what);
      if (rank == root && fewer_ok())
        for (i = 0; i < p; i++) {
          int k, wrong = 0;
          for (k = 0; k < CNT; k++) wrong += rbuf[displs[i] + k] != (SHORT(i) && k == CNT - 1 ? CANARY : i * 100 + k);
          CHECK(!wrong, "%s: block %d wrong at the root", what, i);
        }
      still_works(what);
#undef SHORT
    }

    snprintf(what, sizeof what, "%s: Scatterv root sends less than the last rank expects", algname);
    RESET();
    for (i = 0; i < CNT + 4; i++) out[i] = CANARY;
    for (i = 0; i < n; i++) rbuf[i] = i;
    if (rank == root) counts[last] = CNT - 1;
    rc = IRR_Scatterv(rbuf, counts, displs, MPI_INT, out, CNT, MPI_INT, root, MPI_COMM_WORLD);
    counts[last] = CNT;
    /* taken as MPICH does (the rest of the receive buffer untouched), but with IRRCOLL_CHECK
       and by the forced trees (the receivers' sizes built them): there the last rank reports
       it, the root too, and maybe ranks of its subtree */
    if (rank == last && fewer_ok() && !sizes_flow) {
      EXPECT(rc, MPI_SUCCESS, what);
      for (i = 0; i < CNT - 1; i++) CHECK(out[i] == displs[last] + i, "%s: element %d wrong", what, i);
      CHECK(out[CNT - 1] == CANARY, "%s: the element not sent was written", what);
    } else if (rank == last) EXPECT(rc, MPI_ERR_TRUNCATE, what);
    else if (rank == root) EXPECT(rc, sizes_flow ? MPI_ERR_TRUNCATE : MPI_SUCCESS, what);
    else CHECK(handled == h0 + (cls(rc) != MPI_SUCCESS) && (cls(rc) == MPI_SUCCESS || (sizes_flow && cls(rc) == MPI_ERR_TRUNCATE)),
               "%s: rank %d class %d", what, rank, cls(rc));
    CHECK(out[CNT] == CANARY, "%s: written past the receive count", what);
    MPI_Barrier(MPI_COMM_WORLD);
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

/* ---- Allgatherv: one bad argument on one random rank ----
   Every rank's receive buffer has GAP canary ints before each block and one at the end; some
   blocks are empty. The bad rank gets its class; the others MPI_ERR_TRUNCATE (they miss the
   bad rank's data) or success; no canary changes anywhere, the bad rank's buffer is not
   written at all, and a correct Allgatherv (compared with MPI_Allgatherv) follows. */
static unsigned seed; /* equal on every rank: the bad rank and entry */
static int rnd(int n) {
  seed = seed * 1103515245u + 12345u;
  return (int)((seed >> 16) % (unsigned)n);
}
static int ag_agreed; /* IRRCOLL_CHECK=1: arguments that must agree are agreed first */
static int ag_form;   /* 0: IRR_Allgatherv, 1: _c (MPI-4; else the plain form again), 2: IRR_Iallgatherv,
                         3: IRR_Allgatherv_init */

static int ag_call(const void *sb, int sc, MPI_Datatype st, void *rb, const int *rc, const int *dp, MPI_Datatype rt) {
  IRR_Request rq = IRR_REQUEST_NULL;
  int e;
  switch (ag_form) {
#if MPI_VERSION >= 4 /* the _c form exists with MPI-4 libraries only (not Open MPI 4.1) */
  case 1: {
    MPI_Count cc[64];
    MPI_Aint dc[64];
    int i;
    for (i = 0; i < p; i++) cc[i] = rc ? rc[i] : 0, dc[i] = dp ? dp[i] : 0;
    return IRR_Allgatherv_c(sb, sc, st, rb, rc ? cc : NULL, dp ? dc : NULL, rt, MPI_COMM_WORLD);
  }
#endif
  case 2:
    if ((e = IRR_Iallgatherv(sb, sc, st, rb, rc, dp, rt, MPI_COMM_WORLD, &rq)) != MPI_SUCCESS) return e;
    return IRR_Wait(&rq, MPI_STATUS_IGNORE);
  case 3:
    if ((e = IRR_Allgatherv_init(sb, sc, st, rb, rc, dp, rt, MPI_COMM_WORLD, MPI_INFO_NULL, &rq)) != MPI_SUCCESS) return e;
    if ((e = IRR_Start(&rq)) == MPI_SUCCESS) e = IRR_Wait(&rq, MPI_STATUS_IGNORE);
    IRR_Request_free(&rq);
    return e;
  default:
    return IRR_Allgatherv(sb, sc, st, rb, rc, dp, rt, MPI_COMM_WORLD);
  }
}

/* counts: some empty blocks; displs with GAP canaries before each */
static int ag_layout(int *counts, int *displs) {
  int i, at = 0;
  for (i = 0; i < p; i++) {
    counts[i] = rnd(4) == 0 ? 0 : 1 + rnd(CNT);
    displs[i] = at + GAP;
    at += GAP + counts[i];
  }
  return at + 1;
}

static void ag_still_works(const char *after) {
  int counts[64], displs[64], i, n = ag_layout(counts, displs), mine[CNT + 1];
  int *a = (int *)malloc((size_t)n * sizeof(int)), *b = (int *)malloc((size_t)n * sizeof(int));
  for (i = 0; i < n; i++) a[i] = b[i] = CANARY;
  for (i = 0; i <= CNT; i++) mine[i] = rank * 100 + i;
  int r1 = IRR_Allgatherv(mine, counts[rank], MPI_INT, a, counts, displs, MPI_INT, MPI_COMM_WORLD), k;
  /* the reference by hand: MPICH 4.0.2's MPI_Allgatherv on one rank ignores displs[0] */
  for (i = 0; i < p; i++)
    for (k = 0; k < counts[i]; k++) b[displs[i] + k] = i * 100 + k;
  CHECK(r1 == MPI_SUCCESS && memcmp(a, b, (size_t)n * sizeof(int)) == 0, "allgatherv after %s: rank %d class %d",
        after, rank, cls(r1));
  free(a);
  free(b);
}

enum { AG_NULL_RECVBUF, AG_NULL_SENDBUF, AG_NULL_RECVTYPE, AG_NULL_SENDTYPE, AG_UNCOMMITTED_RECVTYPE,
       AG_UNCOMMITTED_SENDTYPE, AG_NEG_SENDCOUNT, AG_INPLACE_RECVBUF, AG_SEND_MORE, AG_SEND_FEWER, AG_NEG_RECVCOUNT,
       AG_NULL_RECVCOUNTS, AG_KINDS };
static const char *ag_kind_name[AG_KINDS] = {"NULL recvbuf", "NULL sendbuf", "MPI_DATATYPE_NULL recvtype",
                                             "MPI_DATATYPE_NULL sendtype", "uncommitted recvtype",
                                             "uncommitted sendtype", "negative sendcount",
                                             "MPI_IN_PLACE as recvbuf", "a rank sends more than recvcounts says",
                                             "a rank sends less than recvcounts says",
                                             "a negative entry in one rank's recvcounts",
                                             "NULL recvcounts on one rank"};

static void ag_scenario(const char *algname, int kind) {
  int counts[64], displs[64], i, n, h0, rc, bad, want, mine[CNT + 2], inplace = rnd(3) == 0, cnt, cls_;
  int *rbuf, *sb, *rb, j, k, old = 0, fewer_ok;
  MPI_Datatype st = MPI_INT, rt = MPI_INT, unc;
  char what[160];
  n = ag_layout(counts, displs);
  bad = rnd(p);
  while ((kind == AG_NULL_SENDBUF || kind == AG_NULL_RECVBUF || kind == AG_SEND_FEWER) && counts[bad] == 0) counts[bad] = 1 + rnd(CNT), n = ag_layout(counts, displs);
  if (kind == AG_NULL_SENDBUF || kind == AG_NULL_SENDTYPE || kind == AG_UNCOMMITTED_SENDTYPE || kind == AG_NEG_SENDCOUNT ||
      kind == AG_SEND_MORE || kind == AG_SEND_FEWER)
    inplace = 0;
  /* sending fewer is accepted as MPICH does (the rest of that block arrives as zeros), or
     with IRRCOLL_CHECK reported: MPI_ERR_TRUNCATE at the sender, and wherever its data was due */
  fewer_ok = kind == AG_SEND_FEWER && !ag_agreed;
  snprintf(what, sizeof what, "allgatherv %s form %d%s: %s on rank %d", algname, ag_form, inplace ? " in place" : "",
           ag_kind_name[kind], bad);
  rbuf = (int *)malloc((size_t)n * sizeof(int));
  for (i = 0; i < n; i++) rbuf[i] = CANARY;
  for (i = 0; i <= CNT + 1; i++) mine[i] = rank * 100 + i;
  if (inplace) memcpy(rbuf + displs[rank], mine, (size_t)counts[rank] * sizeof(int));
  MPI_Type_contiguous(1, MPI_INT, &unc); /* never committed */
  sb = inplace ? (int *)MPI_IN_PLACE : mine, rb = rbuf, cnt = counts[rank], want = MPI_SUCCESS;
  j = rnd(p), k = 1 + rnd(3); /* drawn on every rank: the seed stays equal */
  if (rank == bad) switch (kind) {
    case AG_NULL_RECVBUF: rb = NULL, want = MPI_ERR_BUFFER; break;
    case AG_NULL_SENDBUF: sb = NULL, want = MPI_ERR_BUFFER; break;
    case AG_NULL_RECVTYPE: rt = MPI_DATATYPE_NULL, want = MPI_ERR_TYPE; break;
    case AG_NULL_SENDTYPE: st = MPI_DATATYPE_NULL, want = MPI_ERR_TYPE; break;
    case AG_UNCOMMITTED_RECVTYPE: rt = unc, want = MPI_ERR_TYPE; break;
    case AG_UNCOMMITTED_SENDTYPE: st = unc, want = MPI_ERR_TYPE; break;
    case AG_NEG_SENDCOUNT: cnt = -k, want = MPI_ERR_COUNT; break;
    case AG_INPLACE_RECVBUF: rb = (int *)MPI_IN_PLACE, want = MPI_ERR_BUFFER; break;
    case AG_SEND_MORE: cnt++, want = MPI_ERR_TRUNCATE; break;
    case AG_SEND_FEWER: cnt--, want = fewer_ok ? MPI_SUCCESS : MPI_ERR_TRUNCATE; break;
    case AG_NEG_RECVCOUNT: old = counts[j], counts[j] = -k, want = MPI_ERR_COUNT; break;
    case AG_NULL_RECVCOUNTS: want = MPI_ERR_ARG; break;
    }
  if (getenv("IRRT_VERBOSE")) /* the scenario before it runs: where a hang is */
    fprintf(stderr, "[%d] %s\n", rank, what);
  h0 = handled;
  rc = ag_call(sb, cnt, st, rb, rank == bad && kind == AG_NULL_RECVCOUNTS ? NULL : counts, displs, rt);
  cls_ = cls(rc);
  if (rank == bad) EXPECT(rc, want, what);
  else if (fewer_ok)
    EXPECT(rc, MPI_SUCCESS, what);
  else
    CHECK((cls_ == MPI_SUCCESS || cls_ == MPI_ERR_TRUNCATE || (ag_agreed && (kind == AG_NEG_RECVCOUNT || kind == AG_NULL_RECVTYPE || kind == AG_NULL_RECVCOUNTS) && cls_ == MPI_ERR_ARG)) &&
              handled == h0 + (cls_ != MPI_SUCCESS),
          "%s: rank %d class %d, handler %d", what, rank, cls_, handled - h0);
  if (rank == bad && kind == AG_NEG_RECVCOUNT) counts[j] = old;
  if (fewer_ok) /* a correct call but for the short block's last element: 0 */
    for (i = 0; i < p; i++)
      for (k = 0; k < counts[i]; k++)
        if (rbuf[displs[i] + k] != (i == bad && k == counts[i] - 1 ? 0 : i * 100 + k)) {
          CHECK(0, "%s: rank %d block %d element %d is %d", what, rank, i, k, rbuf[displs[i] + k]);
          i = p;
          break;
        }
  for (i = 0; i < n; i++) {
    int inblock = 0, b;
    for (b = 0; b < p && !inblock; b++) inblock = i >= displs[b] && i < displs[b] + counts[b];
    if (!inblock || (rank == bad && !fewer_ok && !(inplace && i >= displs[rank] && i < displs[rank] + counts[rank]))) {
      if (rbuf[i] != CANARY) {
        CHECK(0, "%s: rank %d wrote int %d outside %s", what, rank, i, inblock ? "nothing (bad rank)" : "the blocks");
        break;
      }
    }
  }
  MPI_Type_free(&unc);
  free(rbuf);
  ag_still_works(what);
}

static void ag_scenarios(const char *algname) {
  int kind, rep;
  for (ag_form = 0; ag_form < 4; ag_form++) /* twice only the automatic choice's plain form:
                                               make check's time (every run draws new cases) */
    for (kind = 0; kind < AG_KINDS; kind++)
      for (rep = 0; rep < (ag_form == 0 && strcmp(algname, "auto") == 0 ? 2 : 1); rep++) {
        ag_scenario(algname, kind);
      }
  ag_form = 0;
}

/* IRRCOLL_CHECK=1: the X collectives agree their root and whether the sizes are known before
   anything moves, so one rank that differs gives MPI_ERR_ARG everywhere instead of a hang. */
static void x_agreed(void) {
  int counts[64], displs[64], buf[64 * 4], mine[4] = {1, 2, 3, 4}, one, h0, e, bad = rnd(p), i, k, c;
  char what[128];
  for (k = 0; k < 2; k++)   /* 0: the root differs on rank bad, 1: known sizes there */
    for (c = 0; c < 3; c++) { /* XGatherv, XScatterv, XAllgatherv (its root cannot differ) */
      int root = k == 0 && rank == bad ? 1 % p : 0, unknown = !(k == 1 && rank == bad);
      if (k == 0 && (c == 2 || p == 1)) continue;
      for (i = 0; i < p; i++) counts[i] = unknown ? IRR_SIZE_UNKNOWN : 2, displs[i] = 2 * i;
      one = unknown ? IRR_SIZE_UNKNOWN : 2;
      snprintf(what, sizeof what, "IRRCOLL_CHECK: X%s with %s on rank %d", c == 0 ? "Gatherv" : c == 1 ? "Scatterv" : "Allgatherv",
               k == 0 ? "another root" : "known sizes", bad);
      h0 = handled;
      e = c == 0 ? IRR_XGatherv(mine, 2, MPI_INT, buf, 64 * 4, counts, displs, MPI_INT, root, MPI_COMM_WORLD)
        : c == 1 ? IRR_XScatterv(mine, counts, displs, MPI_INT, buf, 4, &one, MPI_INT, root, MPI_COMM_WORLD)
                 : IRR_XAllgatherv(mine, 2, MPI_INT, buf, 64 * 4, counts, displs, MPI_INT, MPI_COMM_WORLD);
      if (p > 1) EXPECT(e, MPI_ERR_ARG, what);
      still_works(what);
    }
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
  {
    static const irr_alg algs[] = {IRR_ALG_AUTO, IRR_ALG_BRUCK, IRR_ALG_RING, IRR_ALG_RECDOUBLING, IRR_ALG_NEIGHBOR,
                                   IRR_ALG_CIRCULANT};
    static const char *names[] = {"auto", "bruck", "ring", "recdoubling", "neighbor", "circulant"};
    const char *env = getenv("IRRCOLL_CHECK");
    size_t a;
    ag_agreed = env && atoi(env) > 0;
    seed = argc > 1 ? (unsigned)strtoul(argv[1], NULL, 0) : (unsigned)time(NULL);
    MPI_Bcast(&seed, 1, MPI_UNSIGNED, 0, MPI_COMM_WORLD);
    if (rank == 0) printf("p=%d: Allgatherv seed %u\n", p, seed);
    for (a = 0; a < sizeof algs / sizeof algs[0]; a++) {
      IRR_Comm_set_alg(MPI_COMM_WORLD, IRR_COLL_ALLGATHERV, algs[a]);
      ag_scenarios(names[a]);
    }
    IRR_Comm_set_alg(MPI_COMM_WORLD, IRR_COLL_ALLGATHERV, IRR_ALG_AUTO);
    if (ag_agreed) x_agreed();
  }
  MPI_Errhandler_free(&eh);
  f = irrt_fail;
  MPI_Allreduce(&f, &fa, 1, MPI_LONG, MPI_SUM, MPI_COMM_WORLD);
  irrt_fail = fa;
  if (rank == 0) printf("p=%d: bad-input scenarios done\n", p);
  MPI_Finalize();
  return rank == 0 ? irrt_summary() : irrt_fail != 0;
}
