/* test_same.c - one schedule serves all three: for every entry point that runs irrcoll's
   algorithms and every algorithm it can run, the program the executor actually ran equals
   the program the pure builder gives the checker and the model for the same arguments.

   How: IRRCOLL_TRACE (the executor's test-only hook, mpi/rounds.h) appends every program the
   executor runs during a call to a record (one entry per executor run, ops concatenated).
   After the call each rank compares its record, op by op and field by field, with its
   program from the pure builder (irr_v_build_all, irr_xv_build_all,
   irr_allgatherv_build_all, irr_inter_build_all, irr_alltoallv_build_all) and the ranks
   agree on the verdict. A
   hand-written path shows as a missing or different run. A meter (PMPI: this file defines
   MPI_Send, MPI_Isend, ... and the data collectives) adds what the trace cannot see: the
   bytes this rank sends on the executor's tags (odd: the call's tag + 1, see mpi/ctx.h)
   must be exactly the program's, and no data collective (MPI_Gatherv, MPI_Allgatherv, ...)
   may be called; control messages (tree construction, the intergroup size check) go on the
   call's even tag and are not counted.

   Usage: test_same [full] [selector ...]; a selector is an entry point ("gatherv") or an
   entry point and algorithm ("xgatherv:tree"), "-" in front excludes it ("-xscatterv");
   none: everything. "list" prints the selectors. Each entry point x algorithm makes six
   calls (every root or group layout with and without in-place, every size pattern once);
   "full" makes the whole product of size patterns x roots x in-place.
   The self-test (the comparison and the meter detect a perturbed record, a native
   MPI_Gatherv and a send by hand) always runs. Prints "N passed, N failed" (one per call, plus the self-test)
   and a table of entry point x algorithm. IRRCOLL_PPN=k declares k ranks per node, as for
   the library (the expected Allgatherv then uses that node layout). */
struct irr_sched;
static void trace_run(const struct irr_sched *s);
#define IRRCOLL_TRACE(s) trace_run(s)
#define IRRCOLL_IMPLEMENTATION
#include "irrcoll.h"
#include "../check.h"
#include "mpitest.h"
#include <limits.h>

/* ---- the record: what the executor ran, or what the builder gives ---- */

typedef struct prun {
  int rank, size, first, nops; /* ops[first .. first + nops) */
  int64_t tmp;
} prun;
typedef struct prog {
  irr_op *ops;
  int nops, cap;
  prun *runs;
  int nruns, rcap;
} prog;

static prog ran;           /* the executor's runs during the current call */
static int trace_on;

static void prog_clear(prog *g) { g->nops = g->nruns = 0; }
static void prog_free(prog *g) {
  free(g->ops);
  free(g->runs);
  memset(g, 0, sizeof *g);
}
/* Append program s (peers mapped through gmap unless NULL). */
static void prog_add(prog *g, const irr_sched *s, const int *gmap) {
  int i;
  if (g->nruns == g->rcap) {
    g->rcap = g->rcap ? 2 * g->rcap : 4;
    g->runs = (prun *)realloc(g->runs, (size_t)g->rcap * sizeof(prun));
  }
  while (g->nops + s->nops > g->cap) {
    g->cap = g->cap ? 2 * g->cap : 256;
    g->ops = (irr_op *)realloc(g->ops, (size_t)g->cap * sizeof(irr_op));
  }
  g->runs[g->nruns].rank = s->rank;
  g->runs[g->nruns].size = s->size;
  g->runs[g->nruns].first = g->nops;
  g->runs[g->nruns].nops = s->nops;
  g->runs[g->nruns].tmp = s->tmp;
  g->nruns++;
  for (i = 0; i < s->nops; i++) {
    irr_op o = s->ops[i];
    if (gmap && o.kind != IRR_OP_COPY) o.peer = gmap[o.peer];
    g->ops[g->nops++] = o;
  }
}
static void trace_run(const struct irr_sched *s) {
  if (trace_on) prog_add(&ran, s, NULL);
}

/* ---- the meter (PMPI): bytes sent on the executor's (odd) tags, data collectives ---- */

static int meter_on;
static int64_t meter_bytes;
static int meter_colls;
static void meter_send(int count, MPI_Datatype t, int tag) {
  int sz = 0;
  if (!meter_on || tag % 2 == 0) return;
  PMPI_Type_size(t, &sz);
  meter_bytes += (int64_t)count * sz;
}
int MPI_Send(const void *b, int c, MPI_Datatype t, int d, int tag, MPI_Comm comm) {
  meter_send(c, t, tag);
  return PMPI_Send(b, c, t, d, tag, comm);
}
int MPI_Ssend(const void *b, int c, MPI_Datatype t, int d, int tag, MPI_Comm comm) {
  meter_send(c, t, tag);
  return PMPI_Ssend(b, c, t, d, tag, comm);
}
int MPI_Isend(const void *b, int c, MPI_Datatype t, int d, int tag, MPI_Comm comm, MPI_Request *r) {
  meter_send(c, t, tag);
  return PMPI_Isend(b, c, t, d, tag, comm, r);
}
int MPI_Issend(const void *b, int c, MPI_Datatype t, int d, int tag, MPI_Comm comm, MPI_Request *r) {
  meter_send(c, t, tag);
  return PMPI_Issend(b, c, t, d, tag, comm, r);
}
int MPI_Sendrecv(const void *sb, int sc, MPI_Datatype st, int d, int stag, void *rb, int rc, MPI_Datatype rt, int s,
                 int rtag, MPI_Comm comm, MPI_Status *status) {
  meter_send(sc, st, stag);
  return PMPI_Sendrecv(sb, sc, st, d, stag, rb, rc, rt, s, rtag, comm, status);
}
#define METER_COLL (meter_colls += meter_on)
int MPI_Gather(const void *sb, int sc, MPI_Datatype st, void *rb, int rc, MPI_Datatype rt, int root, MPI_Comm comm) {
  METER_COLL;
  return PMPI_Gather(sb, sc, st, rb, rc, rt, root, comm);
}
int MPI_Gatherv(const void *sb, int sc, MPI_Datatype st, void *rb, const int rc[], const int d[], MPI_Datatype rt,
                int root, MPI_Comm comm) {
  METER_COLL;
  return PMPI_Gatherv(sb, sc, st, rb, rc, d, rt, root, comm);
}
int MPI_Scatter(const void *sb, int sc, MPI_Datatype st, void *rb, int rc, MPI_Datatype rt, int root, MPI_Comm comm) {
  METER_COLL;
  return PMPI_Scatter(sb, sc, st, rb, rc, rt, root, comm);
}
int MPI_Scatterv(const void *sb, const int sc[], const int d[], MPI_Datatype st, void *rb, int rc, MPI_Datatype rt,
                 int root, MPI_Comm comm) {
  METER_COLL;
  return PMPI_Scatterv(sb, sc, d, st, rb, rc, rt, root, comm);
}
int MPI_Allgatherv(const void *sb, int sc, MPI_Datatype st, void *rb, const int rc[], const int d[], MPI_Datatype rt,
                   MPI_Comm comm) {
  METER_COLL;
  return PMPI_Allgatherv(sb, sc, st, rb, rc, d, rt, comm);
}
int MPI_Alltoall(const void *sb, int sc, MPI_Datatype st, void *rb, int rc, MPI_Datatype rt, MPI_Comm comm) {
  METER_COLL;
  return PMPI_Alltoall(sb, sc, st, rb, rc, rt, comm);
}
int MPI_Alltoallv(const void *sb, const int sc[], const int sd[], MPI_Datatype st, void *rb, const int rc[],
                  const int rd[], MPI_Datatype rt, MPI_Comm comm) {
  METER_COLL;
  return PMPI_Alltoallv(sb, sc, sd, st, rb, rc, rd, rt, comm);
}
#if MPI_VERSION >= 4
int MPI_Gatherv_c(const void *sb, MPI_Count sc, MPI_Datatype st, void *rb, const MPI_Count rc[], const MPI_Aint d[],
                  MPI_Datatype rt, int root, MPI_Comm comm) {
  METER_COLL;
  return PMPI_Gatherv_c(sb, sc, st, rb, rc, d, rt, root, comm);
}
int MPI_Scatterv_c(const void *sb, const MPI_Count sc[], const MPI_Aint d[], MPI_Datatype st, void *rb, MPI_Count rc,
                   MPI_Datatype rt, int root, MPI_Comm comm) {
  METER_COLL;
  return PMPI_Scatterv_c(sb, sc, d, st, rb, rc, rt, root, comm);
}
int MPI_Allgatherv_c(const void *sb, MPI_Count sc, MPI_Datatype st, void *rb, const MPI_Count rc[], const MPI_Aint d[],
                     MPI_Datatype rt, MPI_Comm comm) {
  METER_COLL;
  return PMPI_Allgatherv_c(sb, sc, st, rb, rc, d, rt, comm);
}
#endif

/* bytes the program's sends put on the wire */
static int64_t prog_send_bytes(const prog *g) {
  int64_t b = 0;
  int i;
  for (i = 0; i < g->nops; i++)
    if (g->ops[i].kind == IRR_OP_SEND) b += irr_op_msglen(&g->ops[i]);
  return b;
}

/* ---- comparison ---- */

static uint64_t prog_hash(const prog *g, int run) { /* FNV-1a over the fields of a run's ops */
  uint64_t h = 1469598103934665603ULL;
  int i;
  for (i = g->runs[run].first; i < g->runs[run].first + g->runs[run].nops; i++) {
    const irr_op *o = &g->ops[i];
    int64_t f[12] = {o->kind, o->peer, o->round, o->buf, o->dbuf, o->off, o->doff, o->blo, o->bhi, o->skip, o->len, o->flags};
    int k;
    for (k = 0; k < 12; k++) h = (h ^ (uint64_t)f[k]) * 1099511628211ULL;
  }
  return h;
}
static const char *bufname(int b) {
  static const char *const n[] = {"NONE", "SEND", "RECV", "TMP"};
  return b >= 0 && b < 4 ? n[b] : "?";
}
static void op_str(const irr_op *o, char *s, size_t n) {
  static const char *const k[] = {"?", "SEND", "RECV", "COPY"};
  snprintf(s, n, "{%s peer=%d round=%d buf=%s dbuf=%s off=%lld doff=%lld blo=%d bhi=%d skip=%lld len=%lld flags=0x%x}",
           o->kind <= 3 ? k[o->kind] : "?", o->peer, o->round, bufname(o->buf), bufname(o->dbuf), (long long)o->off,
           (long long)o->doff, o->blo, o->bhi, (long long)o->skip, (long long)o->len, o->flags);
}

/* 0 if what ran equals the builder's program; else 1 and the first difference in why. A
   call may run its program in phases (XScatterv: the first receive, then the rest; XAllgatherv:
   a round at a time, then its large blocks): the runs are compared as one program, their ops
   concatenated in order, round numbers included. Scratch is compared for one-run calls. */
static int prog_compare(const prog *got, const prog *want, char *why, size_t n) {
  int r, i;
  char a[300], b[300];
  const prun *W = &want->runs[0];
  if (got->nruns == 0 && want->nruns == 1 && want->nops == 0) return 0; /* nothing to run (the byte meter sees the rest) */
  if (got->nruns == 0 || want->nruns != 1) {
    snprintf(why, n, "the executor ran %d program(s), the builder gives %d%s", got->nruns, want->nruns,
             got->nruns == 0 ? " (a hand-written path?)" : "");
    return 1;
  }
  for (r = 0; r < got->nruns; r++) {
    const prun *G = &got->runs[r];
    if (G->rank != W->rank || G->size != W->size) {
      snprintf(why, n, "run %d: program of rank %d of %d, the builder's of rank %d of %d", r, G->rank, G->size, W->rank, W->size);
      return 1;
    }
  }
  for (i = 0; i < got->nops && i < want->nops; i++) {
    const irr_op *x = &got->ops[i], *y = &want->ops[i];
    static const char *const fn[12] = {"kind", "peer", "round", "buf", "dbuf", "off", "doff", "blo", "bhi", "skip", "len", "flags"};
    int64_t fx[12] = {x->kind, x->peer, x->round, x->buf, x->dbuf, x->off, x->doff, x->blo, x->bhi, x->skip, x->len, x->flags};
    int64_t fy[12] = {y->kind, y->peer, y->round, y->buf, y->dbuf, y->off, y->doff, y->blo, y->bhi, y->skip, y->len, y->flags};
    int k;
    for (k = 0; k < 12; k++)
      if (fx[k] != fy[k]) {
        op_str(x, a, sizeof a);
        op_str(y, b, sizeof b);
        snprintf(why, n, "op %d (of %d ran in %d run(s), %d built) field %s: ran %lld, builder %lld; ran %s, builder %s (hash %016llx vs %016llx)",
                 i, got->nops, got->nruns, want->nops, fn[k], (long long)fx[k], (long long)fy[k], a, b,
                 (unsigned long long)prog_hash(got, 0), (unsigned long long)prog_hash(want, 0));
        return 1;
      }
  }
  if (got->nops != want->nops) {
    const irr_op *x = got->nops > want->nops ? &got->ops[i] : &want->ops[i];
    op_str(x, a, sizeof a);
    snprintf(why, n, "%d ops ran in %d run(s), the builder gives %d; first unmatched op (%s): %s", got->nops, got->nruns,
             want->nops, got->nops > want->nops ? "ran only" : "built only", a);
    return 1;
  }
  if (got->nruns == 1 && got->runs[0].tmp != W->tmp) {
    snprintf(why, n, "scratch %lld bytes ran, the builder gives %lld", (long long)got->runs[0].tmp, (long long)W->tmp);
    return 1;
  }
  return 0;
}

/* ---- entry points and algorithms ---- */

enum {
  E_GATHERV, E_SCATTERV, E_GATHERV_C, E_SCATTERV_C, E_XGATHERV_K, E_XSCATTERV_K, E_XGATHERV, E_XSCATTERV,
  E_GUIDE_GATHERV, E_GUIDE_SCATTERV, E_ALLGATHERV, E_XALLGATHERV_K, E_XALLGATHERV, E_GUIDE_ALLGATHERV,
  E_AGV_GROUPS, E_AG_GROUPS, E_INTER_AGV, E_INTER_AG, E_ALLTOALLV, E_SELFTEST, NENTRY
};
static const char *const ename[NENTRY] = {
  "gatherv", "scatterv", "gatherv_c", "scatterv_c", "xgatherv_known", "xscatterv_known", "xgatherv", "xscatterv",
  "guide_gatherv", "guide_scatterv", "allgatherv", "xallgatherv_known", "xallgatherv", "guide_allgatherv",
  "allgatherv_groups", "allgather_groups", "inter_allgatherv", "inter_allgather", "alltoallv", "selftest"};
enum { SHAPE_ROOTED, SHAPE_ALL, SHAPE_INTER, SHAPE_A2A };

static int shape_of(int e) {
  if (e == E_ALLTOALLV) return SHAPE_A2A;
  if (e <= E_GUIDE_SCATTERV) return SHAPE_ROOTED;
  if (e <= E_GUIDE_ALLGATHERV) return SHAPE_ALL;
  return SHAPE_INTER;
}
static int is_scatter(int e) {
  return e == E_SCATTERV || e == E_SCATTERV_C || e == E_XSCATTERV_K || e == E_XSCATTERV || e == E_GUIDE_SCATTERV;
}
/* the algorithms each entry point can run (guide entries: the table's mock-ups) */
static int algs_of(int e, irr_alg *a) {
  static const irr_alg v[] = {IRR_ALG_AUTO, IRR_ALG_TREE, IRR_ALG_LINEAR, IRR_ALG_BINOMIAL, IRR_ALG_DIRECT};
  static const irr_alg ag[] = {IRR_ALG_AUTO, IRR_ALG_RING, IRR_ALG_BRUCK, IRR_ALG_RECDOUBLING, IRR_ALG_HIER,
                              IRR_ALG_NEIGHBOR, IRR_ALG_CIRCULANT};
  static const irr_alg in[] = {IRR_ALG_AUTO, IRR_ALG_SEGMENT, IRR_ALG_SUBGROUP, IRR_ALG_ROOTGATHER};
  int n = 0, i, k, nt;
  if (e == E_GUIDE_GATHERV || e == E_GUIDE_SCATTERV || e == E_GUIDE_ALLGATHERV) {
    const irr_gl_entry *t = IRR_Guide_table(&nt);
    const char *pre = e == E_GUIDE_GATHERV ? "gatherv_irr_" : e == E_GUIDE_SCATTERV ? "scatterv_irr_" : "allgatherv_irr_";
    for (i = 0; i < nt; i++)
      if (strncmp(t[i].name, pre, strlen(pre)) == 0)
        for (k = 0; k < IRR_ALG_COUNT; k++)
          if (strcmp(t[i].name + strlen(pre), irr_alg_name((irr_alg)k)) == 0) a[n++] = (irr_alg)k;
    return n;
  }
  if (e == E_XALLGATHERV) { a[0] = IRR_ALG_AUTO; return 1; } /* it takes no forced algorithm */
  if (e == E_ALLTOALLV) { a[0] = IRR_ALG_AUTO, a[1] = IRR_ALG_BRUCK, a[2] = IRR_ALG_LINEAR, a[3] = IRR_ALG_DIRECT; return 4; }
  if (shape_of(e) == SHAPE_ROOTED) {
    memcpy(a, v, sizeof v);
    if (e == E_SCATTERV || e == E_SCATTERV_C) { a[5] = IRR_ALG_XTREE; return 6; } /* Scatterv only */
    return 5;
  }
  if (shape_of(e) == SHAPE_ALL) { memcpy(a, ag, sizeof ag); return (int)(sizeof ag / sizeof ag[0]); }
  memcpy(a, in, sizeof in);
  return 4;
}

static int selected_any;
static char **sel;
static int nsel;
/* A selector names an entry point or entry:algorithm; one starting with '-' excludes it.
   Only exclusions: everything else. */
static int selected(int e, irr_alg a) {
  int i, inc = 0, any_inc = 0;
  char full[80];
  snprintf(full, sizeof full, "%s:%s", ename[e], irr_alg_name(a));
  for (i = 0; i < nsel; i++) {
    const char *x = sel[i][0] == '-' ? sel[i] + 1 : sel[i];
    int hit = strcmp(x, ename[e]) == 0 || strcmp(x, full) == 0;
    if (sel[i][0] == '-') {
      if (hit) return 0;
    } else {
      any_inc = 1;
      inc |= hit;
    }
  }
  return inc || !any_inc;
}

/* ---- cases ---- */

enum { PAT_RANDOM, PAT_ZEROS, PAT_BIG, PAT_SAME, NPAT };
static const char *const patname[NPAT] = {"random", "zeros", "one_big", "same_8k"};
/* the MPI layer's models: IRR_Comm_set_model sets alpha and beta, the CPU term keeps its defaults */
#define CPU_DEFAULTS IRR_MODEL_CPU_MSG_DEFAULT, IRR_MODEL_CPU_PIECE_DEFAULT, IRR_MODEL_CPU_OP_DEFAULT, IRR_MODEL_CPU_TYPE_DEFAULT, IRR_MODEL_CPU_SIZE_DEFAULT, IRR_MODEL_GAMMA_DEFAULT
static const irr_model model_default = {IRR_MODEL_ALPHA_DEFAULT, IRR_MODEL_BETA_DEFAULT, CPU_DEFAULTS};
static const irr_model model_latency = {2e-5, 1e-10, CPU_DEFAULTS}; /* favours Bruck: the automatic choice's other side */
static const irr_model model_degrade = {6.4e-9, 1e-10, CPU_DEFAULTS}; /* Gatherv's tree: subtrees above 128 bytes go direct */

typedef struct tc {
  int e, pat, root, inplace, ty, grp, model;
  irr_alg alg;
  MPI_Comm comm;
  const char *commname;
  unsigned seed;
} tc;

static char *desc(const tc *c, int p) {
  static char s[300];
  snprintf(s, sizeof s, "entry=%s alg=%s p=%d comm=%s sizes=%s root=%d inplace=%d type=%s groups=%d model=%d", ename[c->e],
           irr_alg_name(c->alg), p, c->commname, patname[c->pat], c->root, c->inplace, c->ty ? "int+pad(noncontig)" : "MPI_INT",
           c->grp, c->model);
  return s;
}

/* counts (ints) of the p ranks of the communicator, the same on every rank */
static void make_counts(const tc *c, int p, int *cnt) {
  irrt_rng r;
  int i, big;
  r.s = c->seed;
  big = (int)irrt_range(&r, 0, p - 1);
  for (i = 0; i < p; i++) {
    switch (c->pat) {
    case PAT_RANDOM: cnt[i] = (int)irrt_range(&r, 0, 40); break;
    case PAT_ZEROS: cnt[i] = 0; break;
    case PAT_BIG: cnt[i] = i == big ? 20000 : (int)irrt_range(&r, 0, 3); break;
    default: cnt[i] = 2000; break; /* 8 KB each: the SMP-aware automatic choice differs here */
    }
  }
}

/* The node layout the library uses for Allgatherv (mpi/allgatherv.h's contract): k
   consecutive ranks per node with IRRCOLL_PPN=k, else the shared-memory nodes; NULL when
   every rank has its own node or all share one. */
static int *node_layout_make(MPI_Comm comm, int p) {
  const char *env = getenv("IRRCOLL_PPN");
  int *node = (int *)malloc((size_t)p * sizeof(int)), i, nn = 0, rank, lowest;
  MPI_Comm_rank(comm, &rank);
  if (env && atoi(env) > 0) {
    for (i = 0; i < p; i++) node[i] = i / atoi(env) * atoi(env);
  } else {
    MPI_Comm local;
    MPI_Comm_split_type(comm, MPI_COMM_TYPE_SHARED, rank, MPI_INFO_NULL, &local);
    MPI_Allreduce(&rank, &lowest, 1, MPI_INT, MPI_MIN, local);
    MPI_Comm_free(&local);
    MPI_Allgather(&lowest, 1, MPI_INT, node, 1, MPI_INT, comm);
  }
  for (i = 0; i < p; i++) nn += node[i] == i;
  if (nn == 1 || nn == p) {
    free(node);
    node = NULL;
  }
  return node;
}

static struct { MPI_Comm comm; int *node; } nodes[4];
static int nnodes;
static const int *node_layout(MPI_Comm comm, int p) { /* once per communicator */
  int i;
  for (i = 0; i < nnodes; i++)
    if (nodes[i].comm == comm) return nodes[i].node;
  nodes[nnodes].comm = comm;
  nodes[nnodes].node = node_layout_make(comm, p);
  return nodes[nnodes++].node;
}

/* ---- intergroup layouts: the group flags of pattern grp, and intercommunicators ---- */

static int group_flag(int grp, int rank, int p) {
  if (grp == 0) return rank >= (p + 1) / 2;
  if (grp == 1) return rank % 2;
  return rank == p - 1;
}
typedef struct icache {
  MPI_Comm comm, inter;
  int grp;
  int *sched_of; /* comm rank -> schedule rank (the merged order) */
  int na;
} icache;
static icache ic[8];
static int nic;
/* the intercommunicator of comm's groups grp (made once), and the schedule order the merge
   gives (group A: the group of merged rank 0) */
static icache *inter_of(MPI_Comm comm, int grp) {
  int i, rank, p, mine, mrank, other = -1, in0 = 0;
  MPI_Comm local, merged;
  icache *c;
  for (i = 0; i < nic; i++)
    if (ic[i].comm == comm && ic[i].grp == grp) return &ic[i];
  c = &ic[nic++];
  MPI_Comm_rank(comm, &rank);
  MPI_Comm_size(comm, &p);
  mine = group_flag(grp, rank, p);
  for (i = 0; i < p && other < 0; i++)
    if (group_flag(grp, i, p) != mine) other = i;
  MPI_Comm_split(comm, mine, rank, &local);
  MPI_Intercomm_create(local, 0, comm, other, 77, &c->inter);
  MPI_Comm_set_errhandler(c->inter, MPI_ERRORS_RETURN);
  MPI_Comm_free(&local);
  MPI_Intercomm_merge(c->inter, 0, &merged);
  MPI_Comm_rank(merged, &mrank);
  c->sched_of = (int *)malloc((size_t)p * sizeof(int));
  MPI_Allgather(&mrank, 1, MPI_INT, c->sched_of, 1, MPI_INT, comm);
  for (i = 0; i < p; i++) /* na: the size of the group holding merged rank 0 */
    if (c->sched_of[i] == 0) in0 = group_flag(grp, i, p);
  for (c->na = 0, i = 0; i < p; i++) c->na += group_flag(grp, i, p) == in0;
  MPI_Comm_free(&merged);
  c->comm = comm;
  c->grp = grp;
  return c;
}

/* ---- the expected program: the pure builder's, for this rank ---- */

static prog want;
static int64_t want_bytes;

static void expect_set(irr_sched_set *set, int me, const int *gmap) {
  prog_add(&want, &set->s[me], gmap);
  irr_sched_set_free(set);
}

/* Fills `want` for case c (p ranks, my rank; intergroup: my schedule rank me, group A's size
   na, schedule rank -> communicator rank gmap or NULL) from the registry's generic builder
   (irr_build_all: the same choose() and generators the MPI layer uses, the ones the checker
   and the model see). Returns the builder's status. */
static irr_status expect(const tc *c, int p, int rank, const int64_t *m, irr_model md, const int *gmap, int me, int na) {
  irr_sched_set set;
  irr_status st;
  irr_args a;
  int e = c->e;
  prog_clear(&want);
  memset(&set, 0, sizeof set);
  memset(&a, 0, sizeof a);
  a.p = p, a.root = c->root, a.m = m, a.inplace = c->inplace, a.md = md;
  switch (e) {
  case E_GATHERV: case E_GATHERV_C: case E_XGATHERV_K: case E_GUIDE_GATHERV: a.coll = IRR_COLL_GATHERV; break;
  case E_SCATTERV: case E_SCATTERV_C: case E_XSCATTERV_K: case E_GUIDE_SCATTERV: a.coll = IRR_COLL_SCATTERV; break;
  case E_XGATHERV: a.coll = IRR_COLL_XGATHERV; break;
  case E_XSCATTERV: a.coll = IRR_COLL_XSCATTERV; break;
  case E_ALLGATHERV: case E_XALLGATHERV_K: case E_GUIDE_ALLGATHERV:
    a.coll = IRR_COLL_ALLGATHERV, a.root = 0, a.node = node_layout(c->comm, p);
    break;
  case E_XALLGATHERV: a.coll = IRR_COLL_XALLGATHERV, a.root = 0; break;
  case E_ALLTOALLV: { /* the matrix of call_entry: s sends d cnt[(s + d) % p] ints (symmetric: in place works) */
    int64_t *mat = (int64_t *)malloc((size_t)p * p * sizeof(int64_t));
    int s2, d2;
    for (s2 = 0; s2 < p; s2++)
      for (d2 = 0; d2 < p; d2++) mat[s2 * p + d2] = m[(s2 + d2) % p];
    a.coll = IRR_COLL_ALLTOALLV, a.root = 0, a.inplace = 0, a.m = mat, a.node = node_layout(c->comm, p);
    st = irr_build_all(&set, &a, c->alg);
    free(mat);
    if (st == IRR_OK) expect_set(&set, rank, NULL);
    return st;
  }
  default: a.coll = IRR_COLL_INTER_ALLGATHERV, a.root = na, a.inplace = 0; break; /* group A, then B */
  }
  st = irr_build_all(&set, &a, c->alg);
  if (st == IRR_OK) expect_set(&set, a.coll == IRR_COLL_INTER_ALLGATHERV ? me : rank, a.coll == IRR_COLL_INTER_ALLGATHERV ? gmap : NULL);
  return st;
}

/* ---- running one case ---- */

typedef struct stat2 { long pass, fail; int printed[2]; } stat2;
static stat2 stats[NENTRY][IRR_ALG_COUNT];

/* Verdicts are kept per call and agreed on at the end, with one Allreduce (a collective per
   call would double the time under oversubscription). */
typedef struct res {
  tc c;
  int p, bad, isroot;
  char *why; /* this rank's first difference */
} res;
static res *results;
static int nres, rescap;
static void verdict(const tc *c, int p, int isroot, int bad, const char *why) {
  if (nres == rescap) {
    rescap = rescap ? 2 * rescap : 256;
    results = (res *)realloc(results, (size_t)rescap * sizeof(res));
  }
  results[nres].c = *c;
  results[nres].p = p;
  results[nres].bad = bad;
  results[nres].isroot = isroot;
  results[nres].why = NULL;
  if (bad) {
    results[nres].why = (char *)malloc(strlen(why) + 1);
    strcpy(results[nres].why, why);
  }
  nres++;
}
/* All ranks agree on each call's verdict; the lowest failing rank prints its first difference,
   and the root too if it differs (once per entry point x algorithm x in-place, unless
   SAME_VERBOSE is set). */
static void verdicts_agree(void) {
  int wr, i, *mine = (int *)malloc((size_t)(nres + 1) * 2 * sizeof(int)), *first = mine + nres + 1;
  MPI_Comm_rank(MPI_COMM_WORLD, &wr);
  for (i = 0; i < nres; i++) mine[i] = results[i].bad ? wr : INT_MAX;
  MPI_Allreduce(mine, first, nres, MPI_INT, MPI_MIN, MPI_COMM_WORLD);
  for (i = 0; i < nres; i++) {
    const tc *c = &results[i].c;
    stat2 *S = &stats[c->e][c->alg];
    if (first[i] == INT_MAX) {
      S->pass++, irrt_pass++;
    } else {
      S->fail++, irrt_fail++;
      if ((wr == first[i] || (results[i].isroot && results[i].bad)) && (!S->printed[c->inplace] || getenv("SAME_VERBOSE")))
        fprintf(stderr, "FAIL %s: rank %d%s: %s\n", desc(c, results[i].p), wr, results[i].isroot ? " (root)" : "", results[i].why);
      S->printed[c->inplace] = 1;
    }
    free(results[i].why);
  }
  free(mine);
  free(results);
  results = NULL;
  nres = rescap = 0;
}

typedef int (*gv_fn)(const void *, int, MPI_Datatype, void *, const int *, const int *, MPI_Datatype, int, MPI_Comm);
typedef int (*sv_fn)(const void *, const int *, const int *, MPI_Datatype, void *, int, MPI_Datatype, int, MPI_Comm);
typedef int (*agv_fn)(const void *, int, MPI_Datatype, void *, const int *, const int *, MPI_Datatype, MPI_Comm);

static irr_gl_fn guide_fn(int e, irr_alg a) {
  char name[64];
  const irr_gl_entry *g;
  snprintf(name, sizeof name, "%s_irr_%s", e == E_GUIDE_GATHERV ? "gatherv" : e == E_GUIDE_SCATTERV ? "scatterv" : "allgatherv",
           irr_alg_name(a));
  g = IRR_Guide_find(e == E_GUIDE_GATHERV ? IRR_GL_GATHERV : e == E_GUIDE_SCATTERV ? IRR_GL_SCATTERV : IRR_GL_ALLGATHERV, name);
  return g ? g->fn : NULL;
}

/* Make the call of case c (trace and meter on around it only). perturb: self-test hooks. */
static int call_entry(const tc *c, int p, int rank, const int *cnt, const int *dsp, int total, MPI_Datatype T,
                      char *vbuf, char *obuf, const icache *I) {
  int e = c->e, isroot = rank == c->root, rc = MPI_ERR_OTHER, i;
  int *xc = (int *)malloc((size_t)(p + 1) * 2 * sizeof(int)), *xd = xc + p + 1, one;
  const void *sb = c->inplace && (shape_of(e) == SHAPE_ALL || isroot) ? MPI_IN_PLACE : (const void *)obuf;
  void *rbo = c->inplace && isroot ? MPI_IN_PLACE : (void *)obuf; /* scatter's own block */
  memcpy(xc, cnt, (size_t)p * sizeof(int));
  memcpy(xd, dsp, (size_t)p * sizeof(int));
  prog_clear(&ran);
  meter_bytes = 0;
  meter_colls = 0;
  trace_on = meter_on = 1;
  switch (e) {
  case E_GATHERV: rc = IRR_Gatherv(sb, cnt[rank], T, vbuf, cnt, dsp, T, c->root, c->comm); break;
  case E_SCATTERV: rc = IRR_Scatterv(vbuf, cnt, dsp, T, rbo, cnt[rank], T, c->root, c->comm); break;
#if MPI_VERSION >= 4
  case E_GATHERV_C: case E_SCATTERV_C: {
    MPI_Count *cc = (MPI_Count *)malloc((size_t)p * sizeof(MPI_Count));
    MPI_Aint *cd = (MPI_Aint *)malloc((size_t)p * sizeof(MPI_Aint));
    for (i = 0; i < p; i++) cc[i] = cnt[i], cd[i] = dsp[i];
    trace_on = meter_on = 1;
    rc = e == E_GATHERV_C ? IRR_Gatherv_c(sb, cnt[rank], T, vbuf, cc, cd, T, c->root, c->comm)
                          : IRR_Scatterv_c(vbuf, cc, cd, T, rbo, cnt[rank], T, c->root, c->comm);
    trace_on = meter_on = 0;
    free(cc);
    free(cd);
    break;
  }
#endif
  case E_XGATHERV_K: rc = IRR_XGatherv(sb, cnt[rank], T, vbuf, total, xc, xd, T, c->root, c->comm); break;
  case E_XSCATTERV_K:
    one = cnt[rank];
    rc = IRR_XScatterv(vbuf, cnt, xd, T, rbo, cnt[rank], &one, T, c->root, c->comm);
    break;
  case E_XGATHERV:
    xc[0] = IRR_SIZE_UNKNOWN;
    if (isroot) xd[0] = IRR_DISPL_CONSECUTIVE;
    rc = IRR_XGatherv(sb, cnt[rank], T, vbuf, total, xc, xd, T, c->root, c->comm);
    break;
  case E_XSCATTERV:
    one = IRR_SIZE_UNKNOWN;
    rc = IRR_XScatterv(vbuf, cnt, xd, T, rbo, cnt[rank], &one, T, c->root, c->comm);
    break;
  case E_GUIDE_GATHERV: rc = ((gv_fn)guide_fn(e, c->alg))(sb, cnt[rank], T, vbuf, cnt, dsp, T, c->root, c->comm); break;
  case E_GUIDE_SCATTERV: rc = ((sv_fn)guide_fn(e, c->alg))(vbuf, cnt, dsp, T, rbo, cnt[rank], T, c->root, c->comm); break;
  case E_ALLGATHERV: rc = IRR_Allgatherv(sb, cnt[rank], T, vbuf, cnt, dsp, T, c->comm); break;
  case E_GUIDE_ALLGATHERV: rc = ((agv_fn)guide_fn(e, c->alg))(sb, cnt[rank], T, vbuf, cnt, dsp, T, c->comm); break;
  case E_XALLGATHERV_K: rc = IRR_XAllgatherv(sb, cnt[rank], T, vbuf, total, xc, xd, T, c->comm); break;
  case E_XALLGATHERV:
    xc[0] = IRR_SIZE_UNKNOWN;
    xd[0] = IRR_DISPL_CONSECUTIVE;
    rc = IRR_XAllgatherv(sb, cnt[rank], T, vbuf, total, xc, xd, T, c->comm);
    break;
  case E_ALLTOALLV: { /* row and column of expect's matrix, consecutive: both total ints */
    int *sc = (int *)malloc((size_t)p * 4 * sizeof(int)), *sd = sc + p, *rc2 = sd + p, *rd = rc2 + p, ss = 0, rs = 0;
    for (i = 0; i < p; i++) sc[i] = cnt[(rank + i) % p], rc2[i] = cnt[(i + rank) % p];
    for (i = 0; i < p; i++) sd[i] = ss, ss += sc[i], rd[i] = rs, rs += rc2[i];
    rc = IRR_Alltoallv(c->inplace ? MPI_IN_PLACE : (const void *)obuf, sc, sd, T, vbuf, rc2, rd, T, c->comm);
    free(sc);
    break;
  }
  default: { /* intergroup: the other group's counts, consecutive */
    int mine = group_flag(c->grp, rank, p), k = 0, *rcn = xc, *rdp = xd;
    long at = 0;
    for (i = 0; i < p; i++)
      if (group_flag(c->grp, i, p) != mine) rcn[k] = cnt[i], rdp[k] = (int)at, at += cnt[i], k++;
    if (e == E_AGV_GROUPS) rc = IRR_Allgatherv_groups(obuf, cnt[rank], T, vbuf, rcn, rdp, T, mine, c->comm);
    else if (e == E_AG_GROUPS) rc = IRR_Allgather_groups(obuf, cnt[rank], T, vbuf, cnt[rank], T, mine, c->comm);
    else if (e == E_INTER_AGV) rc = IRR_Allgatherv(obuf, cnt[rank], T, vbuf, rcn, rdp, T, I->inter);
    else rc = IRR_Allgather(obuf, cnt[rank], T, vbuf, cnt[rank], T, I->inter);
    break;
  }
  }
  trace_on = meter_on = 0;
  free(xc);
  return rc;
}

static void run_case(tc *c) {
  int p, rank, i, *cnt, *dsp, total = 0, bad = 0, me, na = 0, *gmap = NULL, rc;
  const int *map;
  int64_t *m, *msched;
  MPI_Datatype T = c->ty ? types[3] : MPI_INT; /* same signature; int + padding is non-contiguous */
  char why[1600] = "";
  char *vbuf, *obuf;
  irr_model md = c->model == 2 ? model_degrade : c->model ? model_latency : model_default;
  icache *I = NULL;
  irr_status st;
  MPI_Comm_size(c->comm, &p);
  MPI_Comm_rank(c->comm, &rank);
  cnt = (int *)malloc((size_t)p * 3 * sizeof(int));
  dsp = cnt + p;
  gmap = dsp + p;
  map = gmap;
  m = (int64_t *)malloc((size_t)p * 2 * sizeof(int64_t));
  msched = m + p;
  make_counts(c, p, cnt);
  if (c->e == E_AG_GROUPS || c->e == E_INTER_AG) /* regular: everyone the count of rank 0 */
    for (i = 1; i < p; i++) cnt[i] = cnt[0];
  for (i = 0; i < p; i++) {
    dsp[i] = total;
    total += cnt[i];
    m[i] = (int64_t)cnt[i] * (int64_t)sizeof(int);
  }
  vbuf = (char *)malloc((size_t)total * 12 + 64);
  obuf = (char *)malloc((size_t)(c->e == E_ALLTOALLV ? total : cnt[rank]) * 12 + 64); /* Alltoallv: a row */
  fill((unsigned char *)vbuf, (size_t)total * 12 + 64, 3);
  fill((unsigned char *)obuf, (size_t)(c->e == E_ALLTOALLV ? total : cnt[rank]) * 12 + 64, 5 + (unsigned)rank);
  me = rank;
  if (shape_of(c->e) == SHAPE_INTER) { /* schedule order: group A, then B */
    int k = 0;
    if (c->e == E_INTER_AGV || c->e == E_INTER_AG) {
      I = inter_of(c->comm, c->grp);
      na = I->na;
      map = NULL; /* the schedule runs on the merged communicator, in its rank order */
      for (i = 0; i < p; i++) msched[I->sched_of[i]] = m[i];
      me = I->sched_of[rank];
    } else {
      for (i = 0; i < p; i++) if (group_flag(c->grp, i, p) == 0) gmap[k++] = i;
      na = k;
      for (i = 0; i < p; i++) if (group_flag(c->grp, i, p) == 1) gmap[k++] = i;
      for (k = 0; k < p; k++) {
        msched[k] = m[gmap[k]];
        if (gmap[k] == rank) me = k;
      }
    }
  }
  IRR_Comm_set_model(c->comm, md.alpha, md.beta);
  if (I) IRR_Comm_set_model(I->inter, md.alpha, md.beta);
  st = expect(c, p, rank, shape_of(c->e) == SHAPE_INTER ? msched : m, md, map, me, na);
  if (st != IRR_OK) {
    snprintf(why, sizeof why, "the builder failed: %s", irr_status_name(st));
    bad = 1;
  }
  want_bytes = prog_send_bytes(&want);
  { /* force the algorithm (the mock-ups force their own: leave automatic) */
    int coll = c->e == E_ALLTOALLV ? IRR_COLL_ALLTOALLV : shape_of(c->e) == SHAPE_INTER ? IRR_COLL_INTER_ALLGATHERV
               : shape_of(c->e) == SHAPE_ALL ? IRR_COLL_ALLGATHERV
               : is_scatter(c->e) ? IRR_COLL_SCATTERV : IRR_COLL_GATHERV;
    irr_alg a = c->e == E_GUIDE_GATHERV || c->e == E_GUIDE_SCATTERV || c->e == E_GUIDE_ALLGATHERV ? IRR_ALG_AUTO : c->alg;
    IRR_Comm_set_alg(I ? I->inter : c->comm, (irr_coll)coll, a);
  }
  {
    double t = MPI_Wtime();
    rc = call_entry(c, p, rank, cnt, dsp, total, T, vbuf, obuf, I);
    if (getenv("SAME_TIME") && rank == 0) fprintf(stderr, "%.1f ms %s\n", 1e3 * (MPI_Wtime() - t), desc(c, p));
  }
  if (!bad && rc != MPI_SUCCESS) {
    char es[MPI_MAX_ERROR_STRING];
    int len = 0;
    MPI_Error_string(rc, es, &len);
    snprintf(why, sizeof why, "the call returned %s", es);
    bad = 1;
  }
  if (!bad) bad = prog_compare(&ran, &want, why, sizeof why);
  if (!bad && meter_colls) snprintf(why, sizeof why, "%d data collective(s) called outside the executor", meter_colls), bad = 1;
  if (!bad && meter_bytes != want_bytes)
    snprintf(why, sizeof why, "%lld bytes sent on the executor's tags, the program sends %lld (data moved outside the executor)",
             (long long)meter_bytes, (long long)want_bytes), bad = 1;
  verdict(c, p, shape_of(c->e) == SHAPE_ROOTED && rank == c->root, bad, why);
  free(vbuf);
  free(obuf);
  free(cnt);
  free(m);
}

/* The comparison and the meter can fail: a perturbed record, a native MPI_Gatherv, a send
   by hand. */
static void selftest(void) {
  tc c;
  int p, rank, bad, det, all, *cnt, *dsp, total = 0, i, lenfield;
  int64_t *m;
  char why[1600] = "";
  char *vbuf, *obuf;
  memset(&c, 0, sizeof c);
  c.e = E_GATHERV;
  c.alg = IRR_ALG_TREE;
  c.comm = MPI_COMM_WORLD;
  c.commname = "world";
  c.pat = PAT_SAME;
  c.seed = 1;
  MPI_Comm_size(c.comm, &p);
  MPI_Comm_rank(c.comm, &rank);
  cnt = (int *)malloc((size_t)p * 2 * sizeof(int));
  dsp = cnt + p;
  m = (int64_t *)malloc((size_t)p * sizeof(int64_t));
  make_counts(&c, p, cnt);
  for (i = 0; i < p; i++) dsp[i] = total, total += cnt[i], m[i] = 4 * (int64_t)cnt[i];
  vbuf = (char *)malloc((size_t)total * 12 + 64);
  obuf = (char *)malloc((size_t)cnt[rank] * 12 + 64);
  memset(vbuf, 0, (size_t)total * 12 + 64);
  memset(obuf, 1, (size_t)cnt[rank] * 12 + 64);
  /* 1: a perturbed length in the record must be reported, with its field */
  expect(&c, p, rank, m, model_default, NULL, rank, 0);
  IRR_Comm_set_alg(c.comm, IRR_COLL_GATHERV, IRR_ALG_TREE);
  call_entry(&c, p, rank, cnt, dsp, total, MPI_INT, vbuf, obuf, NULL);
  IRR_Comm_set_alg(c.comm, IRR_COLL_GATHERV, IRR_ALG_AUTO);
  bad = prog_compare(&ran, &want, why, sizeof why) || meter_bytes != prog_send_bytes(&want) || meter_colls;
  { /* the meter saw the sends (somebody sends when p > 1) */
    long long b = meter_bytes, ball = 0;
    MPI_Allreduce(&b, &ball, 1, MPI_LONG_LONG, MPI_SUM, MPI_COMM_WORLD);
    if (p > 1 && ball == 0) bad = 1;
  }
  if (ran.nops > 0) ran.ops[ran.nops - 1].len += 4;
  det = prog_compare(&ran, &want, why, sizeof why);
  lenfield = strstr(why, "field len") != NULL;
  i = !bad && det == (ran.nops > 0) && (ran.nops == 0 || lenfield);
  MPI_Allreduce(&i, &all, 1, MPI_INT, MPI_MIN, MPI_COMM_WORLD);
  c.e = E_SELFTEST;
  if (rank == 0 && !all) fprintf(stderr, "FAIL selftest: a perturbed len was not reported (%s)\n", why);
  all ? irrt_pass++ : irrt_fail++;
  /* 2: the native MPI_Gatherv under the same expectation: no run, one data collective */
  c.e = E_GATHERV;
  c.alg = IRR_ALG_DIRECT;
  expect(&c, p, rank, m, model_default, NULL, rank, 0);
  prog_clear(&ran);
  meter_colls = 0;
  trace_on = meter_on = 1;
  MPI_Gatherv(obuf, cnt[rank], MPI_INT, vbuf, cnt, dsp, MPI_INT, 0, c.comm);
  trace_on = meter_on = 0;
  det = prog_compare(&ran, &want, why, sizeof why) && strstr(why, "ran 0 program") && meter_colls == 1;
  MPI_Allreduce(&det, &all, 1, MPI_INT, MPI_MIN, MPI_COMM_WORLD);
  if (rank == 0 && !all) fprintf(stderr, "FAIL selftest: the native MPI_Gatherv was not reported (%s)\n", why);
  all ? irrt_pass++ : irrt_fail++;
  /* 3: bytes sent by hand on an odd tag (here to self) show in the meter */
  {
    int64_t before;
    char x[8] = {0}, y[8];
    meter_bytes = 0;
    meter_on = 1;
    MPI_Sendrecv(x, 8, MPI_BYTE, 0, 1, y, 8, MPI_BYTE, 0, 1, MPI_COMM_SELF, MPI_STATUS_IGNORE);
    before = meter_bytes;
    MPI_Sendrecv(x, 8, MPI_BYTE, 0, 2, y, 8, MPI_BYTE, 0, 2, MPI_COMM_SELF, MPI_STATUS_IGNORE); /* control tag */
    meter_on = 0;
    det = before == 8 && meter_bytes == 8;
    MPI_Allreduce(&det, &all, 1, MPI_INT, MPI_MIN, MPI_COMM_WORLD);
    if (rank == 0 && !all) fprintf(stderr, "FAIL selftest: the meter did not count a send on an odd tag\n");
    all ? irrt_pass++ : irrt_fail++;
  }
  free(vbuf);
  free(obuf);
  free(cnt);
  free(m);
}

int main(int argc, char **argv) {
  int rank, p, e, k, a, nalg, j, ci, cases = 0, full = 0;
  irr_alg algs[IRR_ALG_COUNT];
  MPI_Comm comms[2];
  const char *cname[2] = {"world", "shuffled"};
  double t0;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &p);
  sel = argv + 1;
  nsel = argc - 1;
  for (k = 0; k < nsel; k++) /* "full": every size pattern x root x in-place, not six calls each */
    if (strcmp(sel[k], "full") == 0) full = 1, sel[k--] = sel[--nsel];
  if (nsel == 1 && strcmp(sel[0], "list") == 0) {
    for (e = 0; rank == 0 && e < E_SELFTEST; e++) {
      nalg = algs_of(e, algs);
      for (a = 0; a < nalg; a++) printf("%s:%s\n", ename[e], irr_alg_name(algs[a]));
    }
    MPI_Finalize();
    return 0;
  }
  make_types();
  comms[0] = MPI_COMM_WORLD;
  shuffled_world(11, &comms[1]);
  for (ci = 0; ci < 2; ci++) MPI_Comm_set_errhandler(comms[ci], MPI_ERRORS_RETURN);
  t0 = MPI_Wtime();
  selftest();
  for (e = 0; e < E_SELFTEST; e++) {
    int sh = shape_of(e);
#if MPI_VERSION < 4
    if (e == E_GATHERV_C || e == E_SCATTERV_C) continue;
#endif
    if (sh == SHAPE_INTER && p < 2) continue; /* two non-empty groups */
    nalg = algs_of(e, algs);
    for (a = 0; a < nalg; a++) {
      if (!selected(e, algs[a])) continue;
      selected_any = 1;
      for (j = 0; j < (full ? NPAT * 6 : 6); j++) {
        /* quick: six calls in which every root (or group layout, or model) meets both
           in-place settings (6 = 2 x 3) and every size pattern comes once; full: the product */
        tc c;
        int pat = full ? j / 6 : j % NPAT, ri = full ? j / 2 % 3 : j % 3, ip = j % 2;
        int root = ri == 0 ? 0 : ri == 1 ? p - 1 : p / 2;
        if (full && sh == SHAPE_ROOTED && ri > 0 && (root == 0 || (ri == 2 && root == p - 1))) continue; /* done */
        if (ip && (sh == SHAPE_INTER || e == E_XGATHERV || e == E_XALLGATHERV)) { /* in-place not allowed */
          if (full) continue;
          ip = 0;
        }
        memset(&c, 0, sizeof c);
        c.e = e;
        c.alg = algs[a];
        c.pat = pat;
        c.root = sh == SHAPE_ROOTED ? root : 0;
        c.inplace = ip;
        c.grp = sh == SHAPE_INTER ? ri : 0;
        c.model = (sh == SHAPE_ALL && e != E_XALLGATHERV) || sh == SHAPE_A2A ? ri % 2 : sh == SHAPE_INTER ? j / 3 % 2 : 2 * (ri % 2);
        c.ty = j / 2 % 2;
        ci = j / 3 % 2;
        c.comm = comms[ci];
        c.commname = cname[ci];
        c.seed = 1000u + (unsigned)(cases++) * 7919u;
        run_case(&c);
      }
    }
  }
  verdicts_agree();
  if (rank == 0) {
    printf("p=%d: %d calls compared with the pure builders' programs in %.1f s\n", p, cases, MPI_Wtime() - t0);
    for (e = 0; e < NENTRY; e++)
      for (a = 0; a < IRR_ALG_COUNT; a++)
        if (stats[e][a].pass + stats[e][a].fail > 0)
          printf("  %-18s %-10s %4ld passed %4ld failed\n", ename[e], irr_alg_name((irr_alg)a), stats[e][a].pass, stats[e][a].fail);
  }
  if (nsel && !selected_any && rank == 0) fprintf(stderr, "no entry point matches the selectors (try: list)\n");
  for (k = 0; k < nic; k++) {
    MPI_Comm_free(&ic[k].inter);
    free(ic[k].sched_of);
  }
  for (k = 0; k < nnodes; k++) free(nodes[k].node);
  MPI_Comm_free(&comms[1]);
  free_types();
  prog_free(&ran);
  prog_free(&want);
  MPI_Finalize();
  if (rank == 0) irrt_summary();
  return irrt_fail != 0 || (nsel && !selected_any);
}
