/* test_persist - the persistent IRR_Gatherv_init / IRR_Scatterv_init / IRR_Allgatherv_init
   byte for byte against MPI's own persistent collectives (MPI-4) or the blocking native call
   (an MPI-3 library such as Open MPI 4.1), and the nonblocking IRR_Igatherv / IRR_Iscatterv /
   IRR_Iallgatherv against MPI's: random counts with zeros, roots, types of one
   signature that differ per rank (non-contiguous too), MPI_IN_PLACE, every algorithm;
   restarts with new data; several requests outstanding on one communicator, started in one
   order and completed in each rank's own order (Wait, Test loops, Waitall) with compute in
   between; one request restarted 1000 times; bad input (free or start of an active request:
   MPI_ERR_REQUEST; mismatched counts: MPI_ERR_TRUNCATE where MPI reports it, no hang).
   Usage: test_persist [cases [restarts [allgatherv_restarts]]] */
#ifdef IRRCOLL_MAX_MSG /* the _split build (before irrcoll.h defines its default) */
#define PERSIST_SPLIT 1
#endif
#define IRRCOLL_IMPLEMENTATION
#include "irrcoll.h"
#include "../check.h"
#include "mpitest.h"
#include <string.h>

enum { GV, SV, AGV };
static const char *const kname[3] = {"gatherv", "scatterv", "allgatherv"};

typedef struct pcase {
  int kind, root, inplace, tv, to, p, rank;
  int nb; /* a nonblocking call (IRR_Igatherv ...) instead of a persistent request */
  int *cnt, *dsp, ocount;
  size_t vbytes, obytes;
  unsigned char *v[2], *o[2]; /* [0] irrcoll, [1] reference */
  IRR_Request r;
#if MPI_VERSION >= 4
  MPI_Request mr;
#endif
  MPI_Comm comm;
} pcase;

/* A case from the common generator g (equal on all ranks); bad >= 0: that rank's own count
   is off by one UNIT (a mismatch). */
static void pc_make(pcase *c, int kind, irrt_rng *g, MPI_Comm comm, int bad) {
  int i, *to, *perm, pos = 0, *nint;
  memset(c, 0, sizeof *c);
  c->kind = kind, c->comm = comm;
#if MPI_VERSION >= 4
  c->mr = MPI_REQUEST_NULL;
#endif
  MPI_Comm_size(comm, &c->p);
  MPI_Comm_rank(comm, &c->rank);
  c->root = (int)irrt_range(g, 0, c->p - 1);
  c->inplace = irrt_range(g, 0, 2) == 0;
  c->tv = (int)irrt_range(g, 0, NTYPES - 1);
  to = (int *)malloc((size_t)c->p * 3 * sizeof(int));
  perm = to + c->p, nint = to + 2 * c->p;
  c->cnt = (int *)malloc((size_t)c->p * 2 * sizeof(int));
  c->dsp = c->cnt + c->p;
  for (i = 0; i < c->p; i++) {
    to[i] = (int)irrt_range(g, 0, NTYPES - 1);
    nint[i] = irrt_range(g, 0, 3) == 0 ? 0 : UNIT * (int)irrt_range(g, 1, 4);
    c->cnt[i] = nint[i] / ints_per[c->tv];
    perm[i] = i;
  }
  if (kind == AGV) /* the receive type on every rank; the own block in it when in place */
    for (i = 0; i < c->p; i++) to[i] = c->tv;
  for (i = c->p - 1; i > 0; i--) {
    int j = (int)irrt_range(g, 0, i), t = perm[i];
    perm[i] = perm[j], perm[j] = t;
  }
  for (i = 0; i < c->p; i++) {
    c->dsp[perm[i]] = pos;
    pos += c->cnt[perm[i]] + (int)irrt_range(g, 0, 2);
  }
  c->to = to[c->rank];
  c->ocount = nint[c->rank] / ints_per[c->to];
  if (c->rank == bad) c->ocount += UNIT / ints_per[c->to];
  if (bad >= 0) c->inplace = 0;
  c->vbytes = span(c->tv, pos);
  c->obytes = span(c->to, c->ocount);
  for (i = 0; i < 2; i++) {
    c->v[i] = (unsigned char *)malloc(c->vbytes);
    c->o[i] = (unsigned char *)malloc(c->obytes);
  }
  free(to);
}

static void pc_free(pcase *c) {
  int i;
  if (c->r != IRR_REQUEST_NULL) IRR_Request_free(&c->r);
#if MPI_VERSION >= 4
  if (c->mr != MPI_REQUEST_NULL) MPI_Request_free(&c->mr);
#endif
  for (i = 0; i < 2; i++) free(c->v[i]), free(c->o[i]);
  free(c->cnt);
}

/* The call's arguments for side w (0 irrcoll, 1 reference). */
#define PC_ARGS_GV(c, w) ((c)->inplace && (c)->rank == (c)->root ? MPI_IN_PLACE : (c)->o[w]), (c)->ocount, types[(c)->to], \
                         (c)->v[w], (c)->cnt, (c)->dsp, types[(c)->tv], (c)->root, (c)->comm
#define PC_ARGS_SV(c, w) (c)->v[w], (c)->cnt, (c)->dsp, types[(c)->tv], \
                         ((c)->inplace && (c)->rank == (c)->root ? MPI_IN_PLACE : (c)->o[w]), (c)->ocount, \
                         types[(c)->to], (c)->root, (c)->comm
#define PC_ARGS_AGV(c, w) ((c)->inplace ? MPI_IN_PLACE : (c)->o[w]), (c)->ocount, types[(c)->to], (c)->v[w], (c)->cnt, \
                          (c)->dsp, types[(c)->tv], (c)->comm

static int pc_init(pcase *c, int ref) {
  int rc;
  if (c->kind == GV) rc = IRR_Gatherv_init(PC_ARGS_GV(c, 0), MPI_INFO_NULL, &c->r);
  else if (c->kind == SV) rc = IRR_Scatterv_init(PC_ARGS_SV(c, 0), MPI_INFO_NULL, &c->r);
  else rc = IRR_Allgatherv_init(PC_ARGS_AGV(c, 0), MPI_INFO_NULL, &c->r);
#if MPI_VERSION >= 4
  c->mr = MPI_REQUEST_NULL;
  if (!ref) return rc;
  if (c->kind == GV) MPI_Gatherv_init(PC_ARGS_GV(c, 1), MPI_INFO_NULL, &c->mr);
  else if (c->kind == SV) MPI_Scatterv_init(PC_ARGS_SV(c, 1), MPI_INFO_NULL, &c->mr);
  else MPI_Allgatherv_init(PC_ARGS_AGV(c, 1), MPI_INFO_NULL, &c->mr);
#else
  (void)ref;
#endif
  return rc;
}

/* The nonblocking call (the request completes once, then is IRR_REQUEST_NULL). */
static int pc_icall(pcase *c) {
  if (c->kind == GV) return IRR_Igatherv(PC_ARGS_GV(c, 0), &c->r);
  if (c->kind == SV) return IRR_Iscatterv(PC_ARGS_SV(c, 0), &c->r);
  return IRR_Iallgatherv(PC_ARGS_AGV(c, 0), &c->r);
}

/* Both sides' buffers for start k: the data read from the seed, the rest a background. */
static void pc_fill(pcase *c, unsigned k) {
  int w;
  unsigned s = k * 977u + (unsigned)c->rank * 131u + (unsigned)c->kind;
  for (w = 0; w < 2; w++) {
    int vsrc = c->kind == SV || (c->kind == GV && c->inplace) || (c->kind == AGV && c->inplace);
    fill(c->v[w], c->vbytes, vsrc ? s : 0xEEu);
    fill(c->o[w], c->obytes, c->kind == SV ? 0xDDu : s + 7u);
  }
}

/* The reference's run (after irrcoll's). */
static void pc_ref(pcase *c) {
  if (c->nb) { /* MPI's own nonblocking call (every rank has the same types in Allgatherv's cases) */
    MPI_Request q;
    if (c->kind == GV) MPI_Igatherv(PC_ARGS_GV(c, 1), &q);
    else if (c->kind == SV) MPI_Iscatterv(PC_ARGS_SV(c, 1), &q);
    else MPI_Iallgatherv(PC_ARGS_AGV(c, 1), &q);
    MPI_Wait(&q, MPI_STATUS_IGNORE);
    return;
  }
#if MPI_VERSION >= 4
  MPI_Start(&c->mr);
  MPI_Wait(&c->mr, MPI_STATUS_IGNORE);
#else
  if (c->kind == GV) MPI_Gatherv(PC_ARGS_GV(c, 1));
  else if (c->kind == SV) MPI_Scatterv(PC_ARGS_SV(c, 1));
  else irrt_ref_allgatherv(PC_ARGS_AGV(c, 1)); /* Open MPI 4.1's own is wrong with mixed send types */
#endif
}

static void pc_compare(pcase *c, const char *what) {
  int vok = (c->kind == SV || (c->kind == GV && c->rank != c->root)) || !memcmp(c->v[0], c->v[1], c->vbytes);
  int ook = c->kind != SV || !memcmp(c->o[0], c->o[1], c->obytes);
  CHECK(vok && ook, "%s %s p=%d rank=%d root=%d inplace=%d tv=%d to=%d: bytes differ", what, kname[c->kind], c->p,
        c->rank, c->root, c->inplace, c->tv, c->to);
}

static void busy(int n) { /* compute between start and wait */
  volatile double x = 1;
  int i;
  for (i = 0; i < n; i++) x = x * 1.0000001 + 1e-9;
}

/* One case: init, three starts with new data each, compared. */
static void one_case(int kind, irrt_rng *g, MPI_Comm comm, const char *alg) {
  pcase c;
  unsigned k;
  int rc;
  char what[64];
  pc_make(&c, kind, g, comm, -1);
  snprintf(what, sizeof what, "alg=%s", alg);
  rc = pc_init(&c, 1);
  CHECK(rc == MPI_SUCCESS, "%s init %s rc=%d", what, kname[kind], rc);
  for (k = 0; k < 3 && rc == MPI_SUCCESS; k++) {
    int flag = 0, n = 0;
    pc_fill(&c, k);
    rc = IRR_Start(&c.r);
    CHECK(rc == MPI_SUCCESS, "start rc=%d", rc);
    if (k == 1)
      while (!flag && rc == MPI_SUCCESS) { /* Test until done, computing in between */
        rc = IRR_Test(&c.r, &flag, MPI_STATUS_IGNORE);
        if (!flag) busy(2000), n++;
      }
    else {
      busy(k ? 50000 : 0);
      rc = IRR_Wait(&c.r, MPI_STATUS_IGNORE);
    }
    CHECK(rc == MPI_SUCCESS, "%s complete %s rc=%d", what, kname[kind], rc);
    pc_ref(&c);
    pc_compare(&c, what);
  }
  pc_free(&c);
}

/* One nonblocking call of each kind, with compute before its completion. */
static void one_icall(int kind, irrt_rng *g, MPI_Comm comm) {
  pcase c;
  int rc, flag = 0;
  pc_make(&c, kind, g, comm, -1);
  c.nb = 1;
  pc_fill(&c, 5);
  rc = pc_icall(&c);
  CHECK(rc == MPI_SUCCESS, "%s nonblocking call rc=%d", kname[kind], rc);
  busy(20000);
  while (!flag && rc == MPI_SUCCESS) rc = IRR_Test(&c.r, &flag, MPI_STATUS_IGNORE);
  CHECK(rc == MPI_SUCCESS && c.r == IRR_REQUEST_NULL, "%s nonblocking completion rc=%d", kname[kind], rc);
  pc_ref(&c);
  pc_compare(&c, "nonblocking");
  pc_free(&c);
}

/* Several requests outstanding: started in one order, completed in this rank's own. */
static void outstanding(irrt_rng *g, MPI_Comm comm, int rank) {
  enum { NR = 5 };
  pcase c[NR];
  int i, n = (int)irrt_range(g, 2, NR), order[NR], rc, mode;
  IRR_Request rs[NR];
  irrt_rng mine;
  mine.s = g->s ^ (0x9E37u * (uint64_t)(rank + 1));
  for (i = 0; i < n; i++) {
    pc_make(&c[i], (int)irrt_range(g, 0, 2), g, comm, -1);
    c[i].nb = irrt_range(g, 0, 2) == 0;
    rc = c[i].nb ? MPI_SUCCESS : pc_init(&c[i], 1);
    CHECK(rc == MPI_SUCCESS, "outstanding init rc=%d", rc);
    pc_fill(&c[i], (unsigned)i);
    order[i] = i;
  }
  for (i = n - 1; i > 0; i--) { /* the start order: common */
    int j = (int)irrt_range(g, 0, i), t = order[i];
    order[i] = order[j], order[j] = t;
  }
  for (i = 0; i < n; i++)
    CHECK((c[order[i]].nb ? pc_icall(&c[order[i]]) : IRR_Start(&c[order[i]].r)) == MPI_SUCCESS, "outstanding start");
  busy((int)irrt_range(&mine, 0, 100000));
  for (i = n - 1; i > 0; i--) { /* the completion order: this rank's */
    int j = (int)irrt_range(&mine, 0, i), t = order[i];
    order[i] = order[j], order[j] = t;
  }
  mode = (int)irrt_range(&mine, 0, 2);
  if (mode == 2) {
    MPI_Status st[NR];
    for (i = 0; i < n; i++) rs[i] = c[order[i]].r;
    rc = IRR_Waitall(n, rs, st);
    CHECK(rc == MPI_SUCCESS, "outstanding waitall rc=%d", rc);
    for (i = 0; i < n; i++) {
      CHECK(!c[order[i]].nb || rs[i] == IRR_REQUEST_NULL, "a completed nonblocking request is freed");
      c[order[i]].r = rs[i];
    }
  } else
    for (i = 0; i < n; i++) {
      int flag = 0;
      if (mode == 0) rc = IRR_Wait(&c[order[i]].r, MPI_STATUS_IGNORE);
      else
        while (!flag && (rc = IRR_Test(&c[order[i]].r, &flag, MPI_STATUS_IGNORE)) == MPI_SUCCESS) busy(500);
      CHECK(rc == MPI_SUCCESS, "outstanding complete (mode %d) rc=%d", mode, rc);
      CHECK(!c[order[i]].nb || c[order[i]].r == IRR_REQUEST_NULL, "a completed nonblocking request is freed");
    }
  for (i = 0; i < n; i++) {
    pc_ref(&c[i]);
    pc_compare(&c[i], "outstanding");
    pc_free(&c[i]);
  }
}

/* One request restarted 1000 times: the same bytes every time. */
static void restarts(int kind, irrt_rng *g, MPI_Comm comm, int nstart) {
  pcase c;
  int k, rc, same = 1, sv;
  unsigned char *want;
  size_t n;
  pc_make(&c, kind, g, comm, -1);
  sv = c.kind == SV;
  n = sv ? c.obytes : c.vbytes;
  double t0 = MPI_Wtime();
  rc = pc_init(&c, 1);
  pc_fill(&c, 1);
  pc_ref(&c);
  want = (unsigned char *)malloc(n);
  memcpy(want, sv ? c.o[1] : c.v[1], n);
  for (k = 0; k < nstart && rc == MPI_SUCCESS; k++) {
    pc_fill(&c, 1);
    if ((rc = IRR_Start(&c.r)) == MPI_SUCCESS) rc = IRR_Wait(&c.r, MPI_STATUS_IGNORE);
    if ((sv || c.kind == AGV || c.rank == c.root) && memcmp(sv ? c.o[0] : c.v[0], want, n)) same = 0;
  }
  CHECK(rc == MPI_SUCCESS && same, "%d restarts of %s: rc=%d same=%d", nstart, kname[c.kind], rc, same);
  if (getenv("PERSIST_VERBOSE") && c.rank == 0) printf("restarts: %s p=%d %.3f s\n", kname[c.kind], c.p, MPI_Wtime() - t0);
  free(want);
  pc_free(&c);
}

/* Bad input: the request's state errors, then a count mismatch at one rank. */
static void bad_input(irrt_rng *g, MPI_Comm comm, int p) {
  pcase c;
  int rc, kind, badr, k;
  pc_make(&c, GV, g, comm, -1);
  pc_init(&c, 0);
  pc_fill(&c, 0);
  CHECK(IRR_Start(&c.r) == MPI_SUCCESS, "start");
  rc = IRR_Start(&c.r);
  CHECK(rc != MPI_SUCCESS && (MPI_Error_class(rc, &rc), rc == MPI_ERR_REQUEST), "start of an active request: %d", rc);
  rc = IRR_Request_free(&c.r);
  CHECK(rc != MPI_SUCCESS && (MPI_Error_class(rc, &rc), rc == MPI_ERR_REQUEST), "free of an active request: %d", rc);
  CHECK(c.r != IRR_REQUEST_NULL && IRR_Wait(&c.r, MPI_STATUS_IGNORE) == MPI_SUCCESS, "wait after the errors");
  CHECK(IRR_Request_free(&c.r) == MPI_SUCCESS && c.r == IRR_REQUEST_NULL, "free");
  pc_free(&c);
  if (p < 2) return;
  for (kind = GV; kind <= 2 * AGV + 1; kind++) { /* persistent, then nonblocking */
    int nb = kind > AGV;
    irrt_rng h = *g;
    int root = (int)irrt_range(&h, 0, p - 1);
    badr = (root + 1 + (int)irrt_range(&h, 0, p - 2)) % p;
    pc_make(&c, kind % 3, g, comm, badr);
    if (c.kind != AGV && badr == c.root) { /* the mismatch at a rank that is not the root */
      pc_free(&c);
      continue;
    }
    c.nb = nb;
    rc = nb ? MPI_SUCCESS : pc_init(&c, 0);
    CHECK(rc == MPI_SUCCESS, "init with a mismatch: %d", rc);
    for (k = 0; k < 2; k++) { /* twice: nothing left over from the first run */
      int cls = MPI_SUCCESS, expect_here;
      pc_fill(&c, (unsigned)k);
      if ((rc = nb ? pc_icall(&c) : IRR_Start(&c.r)) == MPI_SUCCESS) rc = IRR_Wait(&c.r, MPI_STATUS_IGNORE);
      if (rc != MPI_SUCCESS) MPI_Error_class(rc, &cls);
      /* who must see it: Gatherv's root, Scatterv's mismatched receiver, Allgatherv's sender */
      expect_here = c.kind == GV ? c.rank == c.root : c.rank == badr;
      if (expect_here)
        CHECK(cls == MPI_ERR_TRUNCATE, "%s (nb %d) mismatch at %d: rank %d got class %d (ocount %d cnt %d)", kname[c.kind], nb, badr,
              c.rank, cls, c.ocount, c.cnt[c.rank]);
      else CHECK(cls == MPI_SUCCESS || cls == MPI_ERR_TRUNCATE, "%s (nb %d) mismatch: rank %d got class %d", kname[c.kind], nb, c.rank, cls);
    }
    pc_free(&c);
  }
  rc = MPI_Barrier(comm);
  CHECK(rc == MPI_SUCCESS, "the communicator is usable");
}

int main(int argc, char **argv) {
  static const char *const gvalg[] = {"auto", "tree", "binomial", "linear", "direct"};
  static const irr_alg gva[] = {IRR_ALG_AUTO, IRR_ALG_TREE, IRR_ALG_BINOMIAL, IRR_ALG_LINEAR, IRR_ALG_DIRECT};
  static const char *const agalg[] = {"auto", "ring", "bruck", "recdoubling"};
  static const irr_alg aga[] = {IRR_ALG_AUTO, IRR_ALG_RING, IRR_ALG_BRUCK, IRR_ALG_RECDOUBLING};
  int rank, p, ncase = argc > 1 ? atoi(argv[1]) : 4, a, i;
  irrt_rng g;
  MPI_Comm comm;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &p);
  make_types();
  g.s = 12345;
  shuffled_world(777, &comm);
  MPI_Comm_set_errhandler(comm, MPI_ERRORS_RETURN);
  for (a = 0; a < 5; a++) {
    IRR_Comm_set_alg(comm, IRR_COLL_GATHERV, gva[a]);
    IRR_Comm_set_alg(comm, IRR_COLL_SCATTERV, gva[a]);
    for (i = 0; i < ncase; i++) {
      one_case(GV, &g, comm, gvalg[a]);
      one_case(SV, &g, comm, gvalg[a]);
    }
  }
  IRR_Comm_set_alg(comm, IRR_COLL_GATHERV, IRR_ALG_AUTO);
  IRR_Comm_set_alg(comm, IRR_COLL_SCATTERV, IRR_ALG_AUTO);
  for (a = 0; a < 4; a++) {
    IRR_Comm_set_alg(comm, IRR_COLL_ALLGATHERV, aga[a]);
    for (i = 0; i < ncase; i++) one_case(AGV, &g, comm, agalg[a]);
  }
  IRR_Comm_set_alg(comm, IRR_COLL_ALLGATHERV, IRR_ALG_AUTO);
  for (i = 0; i < 2 * ncase; i++) one_icall(i % 3, &g, comm);
  for (i = 0; i < 3 * ncase; i++) outstanding(&g, comm, rank);
  /* (Allgatherv fewer times: ring rounds on oversubscribed cores take ms each) */
  restarts((int)irrt_range(&g, GV, SV), &g, comm, argc > 2 ? atoi(argv[2]) : 1000);
  restarts(AGV, &g, comm, argc > 3 ? atoi(argv[3]) : 50);
  for (i = 0; i < 3; i++) bad_input(&g, comm, p);
  for (a = 1; a < 5; a++) { /* the mismatches under every Gatherv/Scatterv algorithm */
    IRR_Comm_set_alg(comm, IRR_COLL_GATHERV, gva[a]);
    IRR_Comm_set_alg(comm, IRR_COLL_SCATTERV, gva[a]);
    bad_input(&g, comm, p);
  }
  MPI_Comm_free(&comm);
  free_types();
  return mpi_summary_finalize();
}
