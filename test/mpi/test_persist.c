/* test_persist - the persistent IRR_Gatherv_init / IRR_Scatterv_init / IRR_Allgatherv_init
   byte for byte against MPI's own persistent collectives (MPI-4) or the blocking native call
   (an MPI-3 library such as Open MPI 4.1), and the nonblocking IRR_Igatherv / IRR_Iscatterv /
   IRR_Iallgatherv against MPI's: random counts with zeros, roots, types of one
   signature that differ per rank (non-contiguous too), MPI_IN_PLACE, every algorithm;
   restarts with new data; several requests outstanding on one communicator, started in one
   order and completed in each rank's own order (Wait, Test loops, Waitall) with compute in
   between; one request restarted 1000 times; bad input (free or start of an active request:
   MPI_ERR_REQUEST; mismatched counts: MPI_ERR_TRUNCATE where MPI reports it, no hang).
   IRR_Ixgatherv against the blocking IRR_XGatherv and MPI_Gatherv with the true counts (alone,
   several outstanding with an IRR_Igatherv in random completion order, a short bound, the
   root's Test before any sender has called).
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

static int bad_less; /* pc_make's mismatch: one UNIT less instead of more */

/* A case from the common generator g (equal on all ranks); bad >= 0: that rank's own count
   is off by one UNIT (a mismatch), more or (bad_less) less. */
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
  if (c->rank == bad) c->ocount += (bad_less ? -1 : 1) * (UNIT / ints_per[c->to]);
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
    int root = (int)irrt_range(&h, 0, p - 1), who, takes;
    irr_alg sa = IRR_ALG_AUTO;
    badr = (root + 1 + (int)irrt_range(&h, 0, p - 2)) % p;
    bad_less = (int)irrt_range(&h, 0, 1); /* equal on every rank, as the case */
    pc_make(&c, kind % 3, g, comm, badr);
    /* the mismatch at a rank that is not the root, and one less leaves a block (an empty
       receiver that Scatterv's trees send nothing cannot see the root's larger block) */
    if ((c.kind != AGV && badr == c.root) || (bad_less && c.cnt[badr] * ints_per[c.tv] <= UNIT)) {
      pc_free(&c);
      bad_less = 0;
      continue;
    }
    /* who reports a mismatch: Gatherv's root, Scatterv's mismatched receiver, Allgatherv's
       sender; a block shorter than its receive count is taken as MPICH does (Gatherv,
       Allgatherv: the bad rank sends less; Scatterv: it expects more), but by Scatterv's
       forced trees, which its receivers' sizes built (nonblocking: direct) */
    IRR_Comm_get_alg(comm, IRR_COLL_SCATTERV, &sa);
    who = c.kind == GV ? c.root : badr;
    takes = c.kind == SV ? !bad_less && c.cnt[badr] > 0 && (nb || (sa != IRR_ALG_TREE && sa != IRR_ALG_BINOMIAL))
                         : bad_less; /* an empty block where more fit is what a bad root sends: reported */
    c.nb = nb;
    rc = nb ? MPI_SUCCESS : pc_init(&c, 0);
    CHECK(rc == MPI_SUCCESS, "init with a mismatch: %d", rc);
    for (k = 0; k < 2; k++) { /* twice: nothing left over from the first run */
      int cls = MPI_SUCCESS, expect_here;
      pc_fill(&c, (unsigned)k);
      if ((rc = nb ? pc_icall(&c) : IRR_Start(&c.r)) == MPI_SUCCESS) rc = IRR_Wait(&c.r, MPI_STATUS_IGNORE);
      if (rc != MPI_SUCCESS) MPI_Error_class(rc, &cls);
      expect_here = c.rank == who;
      if (expect_here)
        CHECK(cls == (takes ? MPI_SUCCESS : MPI_ERR_TRUNCATE), "%s (nb %d) mismatch at %d: rank %d got class %d (ocount %d cnt %d)",
              kname[c.kind], nb, badr, c.rank, cls, c.ocount, c.cnt[c.rank]);
      else CHECK(cls == MPI_SUCCESS || cls == MPI_ERR_TRUNCATE, "%s (nb %d) mismatch: rank %d got class %d", kname[c.kind], nb, c.rank, cls);
    }
    pc_free(&c);
    bad_less = 0;
  }
  rc = MPI_Barrier(comm);
  CHECK(rc == MPI_SUCCESS, "the communicator is usable");
}

/* ---- IRR_Ixgatherv: against the blocking IRR_XGatherv (bytes, counts, displacements, error
   class) and MPI_Gatherv with the true counts ---- */
typedef struct xgcase {
  int root, p, rank, tv, to, known, consec, ocount, bound, shrt;
  int *cnt[2], *dsp[2]; /* [0] Ixgatherv's arrays, [1] the blocking call's */
  int *tcnt, *tdsp;     /* the true counts and displacements */
  size_t vbytes, obytes;
  unsigned char *v[3], *o; /* v: [0] Ixgatherv, [1] IRR_XGatherv, [2] MPI_Gatherv */
  IRR_Request r;
  MPI_Comm comm;
} xgcase;

/* Both calls' arrays as the user passes them (the root's are written by a call). */
static void xg_reset(xgcase *c) {
  int i, w;
  for (w = 0; w < 2; w++) {
    for (i = 0; i < c->p; i++) c->cnt[w][i] = c->tcnt[i], c->dsp[w][i] = c->tdsp[i];
    if (!c->known) c->cnt[w][0] = IRR_SIZE_UNKNOWN;
    if (c->consec) c->dsp[w][0] = IRR_DISPL_CONSECUTIVE;
  }
}

/* short: the root's bound one element short of the last block (MPI_ERR_TRUNCATE there) */
static void xg_make(xgcase *c, irrt_rng *g, MPI_Comm comm, int shrt) {
  int i, w, pos = 0, *perm, *nint, *to;
  memset(c, 0, sizeof *c);
  c->comm = comm, c->shrt = shrt;
  MPI_Comm_size(comm, &c->p);
  MPI_Comm_rank(comm, &c->rank);
  c->root = (int)irrt_range(g, 0, c->p - 1);
  c->tv = (int)irrt_range(g, 0, NTYPES - 1);
  c->known = irrt_range(g, 0, 3) == 0;
  c->consec = irrt_range(g, 0, 1) == 0;
  to = (int *)malloc((size_t)c->p * 3 * sizeof(int));
  perm = to + c->p, nint = to + 2 * c->p;
  c->tcnt = (int *)malloc((size_t)c->p * 6 * sizeof(int));
  c->tdsp = c->tcnt + c->p;
  for (w = 0; w < 2; w++) c->cnt[w] = c->tdsp + (2 * w + 1) * c->p, c->dsp[w] = c->cnt[w] + c->p;
  for (i = 0; i < c->p; i++) {
    to[i] = (int)irrt_range(g, 0, NTYPES - 1);
    nint[i] = irrt_range(g, 0, 3) == 0 ? 0 : UNIT * (int)irrt_range(g, 1, 4);
    c->tcnt[i] = nint[i] / ints_per[c->tv];
    perm[i] = i;
  }
  for (i = c->p - 1; i > 0; i--) {
    int j = (int)irrt_range(g, 0, i), t = perm[i];
    perm[i] = perm[j], perm[j] = t;
  }
  for (i = 0; i < c->p; i++) {
    int k = c->consec ? i : perm[i];
    c->tdsp[k] = pos;
    pos += c->tcnt[k] + (c->consec ? 0 : (int)irrt_range(g, 0, 2));
  }
  c->bound = pos;
  if (shrt) { /* the last block in memory ends at pos: one element short */
    c->known = 0;
    for (i = 0; i < c->p; i++) c->tcnt[i] = c->tcnt[i] ? c->tcnt[i] : UNIT / ints_per[c->tv];
    for (i = 0, pos = 0; i < c->p; i++) c->tdsp[i] = pos, pos += c->tcnt[i];
    for (i = 0; i < c->p; i++) nint[i] = c->tcnt[i] * ints_per[c->tv];
    c->consec = 1;
    c->bound = pos - 1;
  }
  xg_reset(c);
  c->to = to[c->rank];
  c->ocount = nint[c->rank] / ints_per[c->to];
  c->vbytes = span(c->tv, pos + 1);
  c->obytes = span(c->to, c->ocount);
  for (w = 0; w < 3; w++) {
    c->v[w] = (unsigned char *)malloc(c->vbytes);
    fill(c->v[w], c->vbytes, 0xEEu);
  }
  c->o = (unsigned char *)malloc(c->obytes);
  fill(c->o, c->obytes, (unsigned)c->rank * 31u + 7u);
  free(to);
}

static void xg_free(xgcase *c) {
  int w;
  for (w = 0; w < 3; w++) free(c->v[w]);
  free(c->o);
  free(c->tcnt);
}

static int xg_icall(xgcase *c) {
  return IRR_Ixgatherv(c->o, c->ocount, types[c->to], c->v[0], c->bound, c->cnt[0], c->dsp[0], types[c->tv], c->root,
                       c->comm, &c->r);
}

/* After Ixgatherv's completion (rc): the blocking call and MPI_Gatherv, compared. */
static void xg_check(xgcase *c, int rc, const char *what) {
  int rc1 = IRR_XGatherv(c->o, c->ocount, types[c->to], c->v[1], c->bound, c->cnt[1], c->dsp[1], types[c->tv], c->root,
                         c->comm);
  int cl0 = MPI_SUCCESS, cl1 = MPI_SUCCESS, same = 1, i;
  if (rc != MPI_SUCCESS) MPI_Error_class(rc, &cl0);
  if (rc1 != MPI_SUCCESS) MPI_Error_class(rc1, &cl1);
  if (c->rank == c->root) {
    same = !memcmp(c->v[0], c->v[1], c->vbytes);
    for (i = 0; i < c->p; i++) same = same && c->cnt[0][i] == c->cnt[1][i] && c->cnt[0][i] == c->tcnt[i];
    for (i = 0; i < c->p && c->consec; i++) same = same && c->dsp[0][i] == c->dsp[1][i] && c->dsp[0][i] == c->tdsp[i];
  }
  CHECK(cl0 == cl1 && same, "%s ixgatherv p=%d rank=%d root=%d known=%d consec=%d tv=%d: class %d / blocking %d, same %d",
        what, c->p, c->rank, c->root, c->known, c->consec, c->tv, cl0, cl1, same);
  if (!c->shrt) { /* (all ranks alike) */
    MPI_Gatherv(c->o, c->ocount, types[c->to], c->v[2], c->tcnt, c->tdsp, types[c->tv], c->root, c->comm);
    CHECK(c->rank != c->root || !memcmp(c->v[0], c->v[2], c->vbytes), "%s ixgatherv p=%d root=%d: bytes differ from MPI_Gatherv",
          what, c->p, c->root);
  }
}

static void xg_one(irrt_rng *g, MPI_Comm comm, int shrt) {
  xgcase c;
  int rc, flag = 0;
  xg_make(&c, g, comm, shrt);
  rc = xg_icall(&c);
  CHECK(rc == MPI_SUCCESS, "ixgatherv call rc=%d", rc);
  busy(20000);
  while (!flag && rc == MPI_SUCCESS) rc = IRR_Test(&c.r, &flag, MPI_STATUS_IGNORE);
  if (rc != MPI_SUCCESS) CHECK(flag, "ixgatherv: an error before completion");
  CHECK(c.r == IRR_REQUEST_NULL, "ixgatherv: the completed request is freed");
  xg_check(&c, rc, shrt ? "short" : "one");
  xg_free(&c);
}

/* The root's Test never waits for a sender: the others call Ixgatherv only after a message
   that the root sends once its Test has returned (a blocking root would hang here). */
static void xg_nonblocking(irrt_rng *g, MPI_Comm comm) {
  xgcase c;
  int rc, flag = 0, token = 1, i;
  xg_make(&c, g, comm, 0);
  c.known = 0;
  xg_reset(&c);
  if (c.rank == c.root) {
    rc = xg_icall(&c);
    if (rc == MPI_SUCCESS) rc = IRR_Test(&c.r, &flag, MPI_STATUS_IGNORE);
    for (i = 0; i < c.p; i++)
      if (i != c.root) MPI_Send(&token, 1, MPI_INT, i, 99, comm);
  } else {
    MPI_Recv(&token, 1, MPI_INT, c.root, 99, comm, MPI_STATUS_IGNORE);
    rc = xg_icall(&c);
  }
  CHECK(rc == MPI_SUCCESS, "ixgatherv before the senders: rc=%d", rc);
  if (!flag) rc = IRR_Wait(&c.r, MPI_STATUS_IGNORE);
  xg_check(&c, rc, "nonblocking");
  xg_free(&c);
}

/* Several Ixgatherv (and one Igatherv) outstanding, completed in each rank's own order. */
static void xg_outstanding(irrt_rng *g, MPI_Comm comm, int rank) {
  enum { NR = 4 };
  xgcase c[NR];
  pcase q;
  IRR_Request rs[NR + 1];
  int i, n = (int)irrt_range(g, 2, NR), order[NR + 1], rcs[NR + 1], mode, qrc = MPI_SUCCESS;
  irrt_rng mine;
  mine.s = g->s ^ (0x7F4Au * (uint64_t)(rank + 1));
  for (i = 0; i < n; i++) xg_make(&c[i], g, comm, 0);
  pc_make(&q, GV, g, comm, -1);
  q.nb = 1;
  pc_fill(&q, 3);
  for (i = 0; i < n; i++) CHECK(xg_icall(&c[i]) == MPI_SUCCESS, "outstanding ixgatherv");
  CHECK(pc_icall(&q) == MPI_SUCCESS, "outstanding igatherv");
  busy((int)irrt_range(&mine, 0, 50000));
  for (i = 0; i <= n; i++) order[i] = i;
  for (i = n; i > 0; i--) {
    int j = (int)irrt_range(&mine, 0, i), t = order[i];
    order[i] = order[j], order[j] = t;
  }
  mode = (int)irrt_range(&mine, 0, 2);
  for (i = 0; i <= n; i++) rs[i] = order[i] == n ? q.r : c[order[i]].r;
  if (mode == 2) {
    MPI_Status st[NR + 1];
    int rc = IRR_Waitall(n + 1, rs, st);
    for (i = 0; i <= n; i++) rcs[order[i]] = rc == MPI_SUCCESS ? MPI_SUCCESS : st[i].MPI_ERROR;
  } else
    for (i = 0; i <= n; i++) {
      int flag = 0;
      if (mode == 0) rcs[order[i]] = IRR_Wait(&rs[i], MPI_STATUS_IGNORE);
      else
        while (!flag && (rcs[order[i]] = IRR_Test(&rs[i], &flag, MPI_STATUS_IGNORE)) == MPI_SUCCESS) busy(500);
    }
  for (i = 0; i <= n; i++) CHECK(rs[i] == IRR_REQUEST_NULL, "outstanding ixgatherv: freed at completion");
  q.r = IRR_REQUEST_NULL;
  for (i = 0; i < n; i++) {
    c[i].r = IRR_REQUEST_NULL;
    xg_check(&c[i], rcs[i], "outstanding");
    xg_free(&c[i]);
  }
  qrc = rcs[n];
  CHECK(qrc == MPI_SUCCESS, "outstanding igatherv rc=%d", qrc);
  pc_ref(&q);
  pc_compare(&q, "outstanding with ixgatherv");
  pc_free(&q);
}

/* Errors raised at the call (no request), as the blocking call's. */
static void xg_bad(MPI_Comm comm, int p) {
  int v[2] = {1, 2}, out[8], c[2] = {IRR_SIZE_UNKNOWN, 0}, d[2] = {IRR_DISPL_CONSECUTIVE, 0}, e, cl = 0;
  IRR_Request r = IRR_REQUEST_NULL;
  e = IRR_Ixgatherv(v, 1, MPI_INT, out, 8, c, d, MPI_INT, p, comm, &r);
  CHECK(e != MPI_SUCCESS && (MPI_Error_class(e, &cl), cl == MPI_ERR_ROOT) && r == IRR_REQUEST_NULL, "ixgatherv bad root: %d", cl);
  e = IRR_Ixgatherv(v, 1, MPI_INT, out, 8, NULL, d, MPI_INT, 0, comm, &r);
  CHECK(e != MPI_SUCCESS && (MPI_Error_class(e, &cl), cl == MPI_ERR_ARG) && r == IRR_REQUEST_NULL, "ixgatherv NULL counts: %d", cl);
  e = IRR_Ixgatherv(v, 1, MPI_INT, out, 8, c, d, MPI_INT, 0, comm, NULL);
  CHECK(e != MPI_SUCCESS && (MPI_Error_class(e, &cl), cl == MPI_ERR_REQUEST), "ixgatherv NULL request: %d", cl);
}

#if IRRCOLL_HAVE_REQUEST_MPI
static int eh_calls, eh_class;
static void handoff_eh(MPI_Comm *c, int *code, ...) {
  (void)c;
  eh_calls++;
  MPI_Error_class(*code, &eh_class);
}
#endif

/* IRR_Request_mpi: irrcoll requests completed by MPI's own calls. With MPICH: an Igatherv,
   an Ixgatherv and a started persistent request, handed out and completed in one MPI_Waitall
   with a native MPI_Iallreduce (in each rank's own order), or by MPI_Test loops / MPI_Wait;
   the persistent one restarted and handed out again; a mismatch's class raised once on comm
   (its handler) when MPI_Wait completes it. Elsewhere: MPI_ERR_UNSUPPORTED_OPERATION. */
static void mpi_handoff(irrt_rng *g, MPI_Comm comm, int rank, int p) {
  pcase a, b;
  xgcase x;
  MPI_Request m[4];
  int i, k, rc, order[4], mode, one = rank + 1, sum = 0, cl = 0;
  irrt_rng mine;
  mine.s = g->s ^ (0x51EDu * (uint64_t)(rank + 1));
  pc_make(&a, GV, g, comm, -1);
  a.nb = 1;
  pc_make(&b, (int)irrt_range(g, 0, 2), g, comm, -1);
  xg_make(&x, g, comm, 0);
  CHECK(pc_init(&b, 1) == MPI_SUCCESS, "handoff init");
  for (k = 0; k < 2; k++) {
    pc_fill(&a, 11u + (unsigned)k);
    pc_fill(&b, 12u + (unsigned)k);
    xg_reset(&x);
    CHECK(pc_icall(&a) == MPI_SUCCESS && IRR_Start(&b.r) == MPI_SUCCESS && xg_icall(&x) == MPI_SUCCESS, "handoff calls");
    MPI_Iallreduce(&one, &sum, 1, MPI_INT, MPI_SUM, comm, &m[3]);
    rc = IRR_Request_mpi(&a.r, &m[0]);
#if IRRCOLL_HAVE_REQUEST_MPI
    CHECK(rc == MPI_SUCCESS && a.r == IRR_REQUEST_NULL && m[0] != MPI_REQUEST_NULL, "handoff igatherv rc=%d", rc);
    rc = IRR_Request_mpi(&b.r, &m[1]);
    CHECK(rc == MPI_SUCCESS && b.r != IRR_REQUEST_NULL, "handoff persistent rc=%d", rc);
    rc = IRR_Request_mpi(&x.r, &m[2]);
    CHECK(rc == MPI_SUCCESS && x.r == IRR_REQUEST_NULL, "handoff ixgatherv rc=%d", rc);
    rc = IRR_Wait(&b.r, MPI_STATUS_IGNORE);
    CHECK(rc != MPI_SUCCESS && (MPI_Error_class(rc, &cl), cl == MPI_ERR_REQUEST), "IRR_Wait of a handed-out request: %d", cl);
    rc = IRR_Request_free(&b.r);
    CHECK(rc != MPI_SUCCESS && (MPI_Error_class(rc, &cl), cl == MPI_ERR_REQUEST), "free of a handed-out request: %d", cl);
    busy((int)irrt_range(&mine, 0, 30000));
    for (i = 0; i < 4; i++) order[i] = i;
    for (i = 3; i > 0; i--) {
      int j = (int)irrt_range(&mine, 0, i), t = order[i];
      order[i] = order[j], order[j] = t;
    }
    mode = k == 0 ? 0 : (int)irrt_range(&mine, 0, 1);
    if (mode == 0) { /* one MPI_Waitall over native and irrcoll requests */
      MPI_Request mm[4];
      MPI_Status st[4];
      for (i = 0; i < 4; i++) mm[i] = m[order[i]];
      rc = MPI_Waitall(4, mm, st);
      CHECK(rc == MPI_SUCCESS, "MPI_Waitall over a mix: rc=%d", rc);
      for (i = 0; i < 4; i++) CHECK(mm[i] == MPI_REQUEST_NULL, "MPI_Waitall freed them");
    } else { /* MPI_Test loops, then MPI_Wait */
      for (i = 0; i < 4; i++) {
        int flag = 0;
        MPI_Request *q = &m[order[i]];
        if (i % 2) rc = MPI_Wait(q, MPI_STATUS_IGNORE);
        else
          while (!flag && (rc = MPI_Test(q, &flag, MPI_STATUS_IGNORE)) == MPI_SUCCESS) busy(200);
        CHECK(rc == MPI_SUCCESS && *q == MPI_REQUEST_NULL, "MPI_Test/Wait of request %d: rc=%d", order[i], rc);
      }
    }
    CHECK(sum == p * (p + 1) / 2, "native allreduce: %d", sum);
#else
    CHECK(rc != MPI_SUCCESS && (MPI_Error_class(rc, &cl), cl == MPI_ERR_UNSUPPORTED_OPERATION) && m[0] == MPI_REQUEST_NULL,
          "IRR_Request_mpi without MPICH: class %d", cl);
    IRR_Wait(&a.r, MPI_STATUS_IGNORE);
    IRR_Wait(&b.r, MPI_STATUS_IGNORE);
    IRR_Wait(&x.r, MPI_STATUS_IGNORE);
    MPI_Wait(&m[3], MPI_STATUS_IGNORE);
    (void)order, (void)mode, (void)mine, (void)p, (void)i;
#endif
    pc_ref(&a);
    pc_compare(&a, "handoff");
    pc_ref(&b);
    pc_compare(&b, "handoff");
    x.r = IRR_REQUEST_NULL;
    xg_check(&x, MPI_SUCCESS, "handoff");
  }
  pc_free(&a);
  pc_free(&b);
  xg_free(&x);
#if IRRCOLL_HAVE_REQUEST_MPI
  if (p > 1) { /* a mismatch: raised once at the root, on comm, through its handler */
    int root = (int)irrt_range(g, 0, p - 1), badr = (root + 1) % p;
    MPI_Errhandler eh;
    MPI_Request q;
    pc_make(&a, GV, g, comm, badr);
    a.root = root;
    pc_fill(&a, 1);
    MPI_Comm_create_errhandler(handoff_eh, &eh);
    MPI_Comm_set_errhandler(comm, eh);
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN); /* MPICH may raise a failed generalized request there */
    MPI_Comm_set_errhandler(MPI_COMM_SELF, MPI_ERRORS_RETURN);
    eh_calls = 0, eh_class = MPI_SUCCESS;
    CHECK(pc_icall(&a) == MPI_SUCCESS && IRR_Request_mpi(&a.r, &q) == MPI_SUCCESS, "handoff mismatch call");
    rc = MPI_Wait(&q, MPI_STATUS_IGNORE);
    cl = MPI_SUCCESS;
    if (rc != MPI_SUCCESS) MPI_Error_class(rc, &cl);
    if (a.rank == root)
      CHECK(eh_calls == 1 && eh_class == MPI_ERR_TRUNCATE && cl == MPI_ERR_TRUNCATE && q == MPI_REQUEST_NULL,
            "handoff mismatch at the root: handler calls %d class %d, MPI_Wait class %d", eh_calls, eh_class, cl);
    else CHECK(eh_calls <= 1 && eh_class == cl && (cl == MPI_SUCCESS || cl == MPI_ERR_TRUNCATE),
               "handoff mismatch: rank %d class %d, MPI_Wait class %d", a.rank, eh_class, cl);
    a.r = IRR_REQUEST_NULL;
    pc_free(&a);
    MPI_Comm_set_errhandler(comm, MPI_ERRORS_RETURN);
    MPI_Errhandler_free(&eh);
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_ARE_FATAL);
    MPI_Comm_set_errhandler(MPI_COMM_SELF, MPI_ERRORS_ARE_FATAL);
  }
#endif
}

int main(int argc, char **argv) {
  static const char *const gvalg[] = {"auto", "tree", "binomial", "linear", "direct"};
  static const irr_alg gva[] = {IRR_ALG_AUTO, IRR_ALG_TREE, IRR_ALG_BINOMIAL, IRR_ALG_LINEAR, IRR_ALG_DIRECT};
  static const char *const agalg[] = {"auto", "ring", "bruck", "recdoubling", "neighbor", "circulant"};
  static const irr_alg aga[] = {IRR_ALG_AUTO, IRR_ALG_RING, IRR_ALG_BRUCK, IRR_ALG_RECDOUBLING, IRR_ALG_NEIGHBOR, IRR_ALG_CIRCULANT};
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
  for (a = 0; a < 6; a++) {
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
  for (i = 0; i < 2 * ncase; i++) xg_one(&g, comm, 0);
  for (i = 0; i < 2 * ncase; i++) xg_outstanding(&g, comm, rank);
  for (i = 0; i < 2; i++) xg_one(&g, comm, 1);
  for (i = 0; i < 2; i++) xg_nonblocking(&g, comm);
  xg_bad(comm, p);
  for (i = 0; i < ncase; i++) mpi_handoff(&g, comm, rank, p);
  for (a = 1; a < 5; a++) { /* the mismatches under every Gatherv/Scatterv algorithm */
    IRR_Comm_set_alg(comm, IRR_COLL_GATHERV, gva[a]);
    IRR_Comm_set_alg(comm, IRR_COLL_SCATTERV, gva[a]);
    bad_input(&g, comm, p);
  }
  MPI_Comm_free(&comm);
  free_types();
  return mpi_summary_finalize();
}
