/* irrcoll_pmpi.c - PMPI interception layer (IRRCOLL_PMPI): a shared library that, linked
 * before the MPI library or LD_PRELOADed into an unmodified MPI program, intercepts
 * MPI_Allgather, Allreduce, Alltoall, Bcast, Gather, Reduce, Reduce_scatter_block, Scan,
 * Scatter, Gatherv, Scatterv, Allgatherv, Alltoallv and Reduce_scatter, and runs the mock-up (irrcoll_impl/guide/)
 * or irrcoll algorithm that is forced or that a profile names, else the default: for
 * MPI_Gatherv, MPI_Scatterv, MPI_Allgatherv and MPI_Alltoallv irrcoll's automatic choice
 * (IRR_Gatherv/IRR_Scatterv: at least 0.997 / 0.998 of the native operation in every cell
 * of the SMPI sweeps; IRR_Allgatherv at least 0.95 of SMPI's best algorithm in every cell
 * measured, flat and 16-core nodes; IRR_Alltoallv likewise against SMPI's alltoallv
 * algorithms, p = 64 and 256; README); for MPI_Reduce_scatter and MPI_Reduce_scatter_block
 * irrcoll's guarded choice (IRR_ALG_GUARDED: irrcoll where its model puts it 1.25 times
 * ahead of the libraries' own algorithms, else the PMPI_ function); for every other
 * collective the PMPI_ function. Those defaults hand a communicator whose ranks all share
 * one node to the PMPI_ functions (irr__pm_one_node), where irrcoll was slower.
 *
 * Environment (read at the first intercepted call; must be the same on every rank):
 *   IRRCOLL_ALG=allgather:allgather_as_gather_bcast,gatherv:tree,...  forced choice per
 *       collective, in the header's grammar (ir/registry.h: [coll:]name, comma-separated; a
 *       name without collective applies to every collective that has it): a mock-up name,
 *       an irrcoll algorithm (auto, tree, binomial, direct for gatherv/scatterv; auto,
 *       ring, bruck, recdoubling, hier, neighbor, circulant for allgatherv; auto, bruck,
 *       linear for alltoallv; irr for allgather, i.e. IRR_Allgather, the intergroup
 *       algorithm on intercommunicators) or "native" (the MPI library's own, e.g.
 *       gatherv:native to opt out of irrcoll's default; "default" is a synonym, its old
 *       name). The report names the library's own "native".
 *   IRRCOLL_PROFILES=path[:path...]  profile files (PGMPITuneLib format, profile.h) or
 *       directories of them; a profile applies to communicators of its size. A file that
 *       does not parse is skipped (the report says why); forced choices win over profiles.
 *   IRRCOLL_SCRATCH=bytes  the mock-ups' scratch budget per communicator (default 64 MiB).
 *   IRRCOLL_ONE_NODE=native|irrcoll  the defaults on a communicator of one node: the MPI
 *       library's own (native, the default) or irrcoll's as on several nodes (irrcoll, on any
 *       rank: the communicator agrees on it). IRRCOLL_PPN=k (the header's) declares k ranks
 *       a node instead of asking MPI. Forced choices and profiles apply on one node too.
 *   IRRCOLL_REPORT=1  at MPI_Finalize, rank 0 of MPI_COMM_WORLD prints one line per
 *       (collective, message size, algorithm) it used: "#@irrcoll alg MPI_Allgather 100
 *       allgather_as_gather_bcast" ("native_one_node": a default handed to the library on
 *       one node), then "#@irrcoll config ..." and any profile errors.
 *       Where irrcoll's entry ran (its automatic choice included), one more line per
 *       (collective, message size, algorithm it ran): "#@irrcoll ran MPI_Allgatherv 1024
 *       circulant calls=10 repeats=9 plan_us=3.1 cpu_model_us=5.2": the algorithm by its
 *       registry name ("native": handed to the MPI library's own, e.g. an intercommunicator
 *       Alltoallv), its successful calls, those whose counts repeated the previous call's (the
 *       choice and program kept), and per call the mean seconds before the first message
 *       (validate, choose, plan; IRR_Comm_get_last_call) and the model's CPU term.
 * Message size: bytes per process (count x type size) as every rank computes it alike;
 * Gatherv, Scatterv and Alltoallv use 0 (not every rank knows the sizes), Allgatherv the
 * total divided by p. Not thread-safe before the first call returns (set-up). */
#define _POSIX_C_SOURCE 200809L
#include <mpi.h>
#include <dirent.h>
#include <sys/stat.h>
/* irrcoll's own collective calls must not come back here */
#define MPI_Allgather PMPI_Allgather
#define MPI_Allreduce PMPI_Allreduce
#define MPI_Alltoall PMPI_Alltoall
#define MPI_Bcast PMPI_Bcast
#define MPI_Gather PMPI_Gather
#define MPI_Reduce PMPI_Reduce
#define MPI_Reduce_scatter_block PMPI_Reduce_scatter_block
#define MPI_Reduce_scatter PMPI_Reduce_scatter
#define MPI_Scan PMPI_Scan
#define MPI_Scatter PMPI_Scatter
#define MPI_Gatherv PMPI_Gatherv
#define MPI_Scatterv PMPI_Scatterv
#define MPI_Allgatherv PMPI_Allgatherv
#define MPI_Alltoallv PMPI_Alltoallv
#define MPI_Finalize PMPI_Finalize
#define IRRCOLL_IMPLEMENTATION
#define IRRCOLL_STATIC
#include "irrcoll.h"
#include "profile.h"
#undef MPI_Allgather
#undef MPI_Allreduce
#undef MPI_Alltoall
#undef MPI_Bcast
#undef MPI_Gather
#undef MPI_Reduce
#undef MPI_Reduce_scatter_block
#undef MPI_Reduce_scatter
#undef MPI_Scan
#undef MPI_Scatter
#undef MPI_Gatherv
#undef MPI_Scatterv
#undef MPI_Allgatherv
#undef MPI_Alltoallv
#undef MPI_Finalize

enum { IRR__PM_REC = 4096, IRR__PM_RAN = 1024, IRR__PM_ERR = 16 };
/* The interception layer's state: configuration read once, and the report's records. */
static struct {
  int init, report, forced_set[IRR_GL_NCOLL];
  int node_irr;  /* IRRCOLL_ONE_NODE=irrcoll on this rank: keep the defaults on one node */
  int node_kv;   /* the attribute that caches a communicator's irr__pm_one_node */
  long long one_node_calls; /* defaults handed to MPI's own because the communicator is one node */
  int active[IRR_GL_NCOLL]; /* anything to decide for this collective (else straight to PMPI) */
  const irr_gl_entry *forced[IRR_GL_NCOLL]; /* NULL with forced_set: native */
  const irr_gl_entry *dflt[IRR_GL_NCOLL];   /* the default (NULL: native) */
  irr_prof *prof;
  const irr_gl_entry **prof_alg; /* per profile, per mock-up position: the entry (NULL: default) */
  int *prof_coll;                /* per profile: its collective */
  int nprof;
  struct { int coll; long long msize; const char *alg; } rec[IRR__PM_REC];
  int nrec, lost;
  struct { int coll, alg; long long msize, calls, repeats; double plan_s, cpu_s; } ran[IRR__PM_RAN];
  int nran;
  char err[IRR__PM_ERR][240];
  int nerr;
} irr__pmpi;

static void irr__pm_error(const char *what, const char *why) {
  if (irr__pmpi.nerr < IRR__PM_ERR) snprintf(irr__pmpi.err[irr__pmpi.nerr++], sizeof irr__pmpi.err[0], "%s: %s", what, why);
}
static int irr__pm_coll(const char *mpi) {
  int c;
  for (c = 0; c < IRR_GL_NCOLL; c++)
    if (strcmp(IRR_Guide_coll_name((irr_gl_coll)c, 1), mpi) == 0) return c;
  return -1;
}
/* A name in a forced spec or a profile: a mock-up, "<coll>_irr_<alg>" for irrcoll's names. */
static const irr_gl_entry *irr__pm_entry(int c, const char *name) {
  char buf[128];
  const irr_gl_entry *e = IRR_Guide_find((irr_gl_coll)c, name);
  if (e) return e;
  snprintf(buf, sizeof buf, "%s_irr_%s", IRR_Guide_coll_name((irr_gl_coll)c, 0), name);
  if ((e = IRR_Guide_find((irr_gl_coll)c, buf))) return e;
  if (c == IRR_GL_ALLGATHER && strcmp(name, "irr") == 0) return IRR_Guide_find((irr_gl_coll)c, "allgather_irr");
  return NULL;
}
static void irr__pm_load(const char *path) {
  char *text = irr_prof_slurp(path), err[200];
  irr_prof pr;
  int c, i;
  void *a, *b;
  if (!text) { irr__pm_error(path, "cannot read"); return; }
  if (irr_prof_parse(text, &pr, err, sizeof err) != 0) { free(text); irr__pm_error(path, err); return; }
  free(text);
  if ((c = irr__pm_coll(pr.coll)) < 0) { irr__pm_error(path, "collective not intercepted"); irr_prof_free(&pr); return; }
  a = realloc(irr__pmpi.prof, (size_t)(irr__pmpi.nprof + 1) * sizeof(irr_prof));
  if (!a) { irr_prof_free(&pr); return; }
  irr__pmpi.prof = (irr_prof *)a;
  b = realloc(irr__pmpi.prof_alg, (size_t)(irr__pmpi.nprof + 1) * 64 * sizeof(void *));
  if (!b) { irr_prof_free(&pr); return; }
  irr__pmpi.prof_alg = (const irr_gl_entry **)b;
  b = realloc(irr__pmpi.prof_coll, (size_t)(irr__pmpi.nprof + 1) * sizeof(int));
  if (!b) { irr_prof_free(&pr); return; }
  irr__pmpi.prof_coll = (int *)b;
  irr__pmpi.prof_coll[irr__pmpi.nprof] = c;
  for (i = 0; i < pr.nalg && i < 64; i++) { /* unknown names: default, and said so */
    int own = !strcmp(pr.name[i], "default") || !strcmp(pr.name[i], "native"); /* PGMPITuneLib: the library's own */
    irr__pmpi.prof_alg[irr__pmpi.nprof * 64 + i] = own ? NULL : irr__pm_entry(c, pr.name[i]);
    if (!own && !irr__pmpi.prof_alg[irr__pmpi.nprof * 64 + i]) irr__pm_error(path, "unknown mock-up name (native used)");
  }
  irr__pmpi.prof[irr__pmpi.nprof++] = pr;
}
static void irr__pm_setup(void) {
  const char *env;
  int c;
  if (irr__pmpi.init) return;
  irr__pmpi.init = 1;
  irr__pmpi.report = (env = getenv("IRRCOLL_REPORT")) && atoi(env) > 0;
  irr__pmpi.node_irr = (env = getenv("IRRCOLL_ONE_NODE")) && strcmp(env, "irrcoll") == 0;
  if (env && !irr__pmpi.node_irr && strcmp(env, "native") != 0) irr__pm_error("IRRCOLL_ONE_NODE", "neither native nor irrcoll (native used)");
  if (PMPI_Comm_create_keyval(MPI_COMM_NULL_COPY_FN, MPI_COMM_NULL_DELETE_FN, &irr__pmpi.node_kv, NULL) != MPI_SUCCESS)
    irr__pmpi.node_kv = MPI_KEYVAL_INVALID; /* irr__pm_one_node keeps nothing */
  if ((env = getenv("IRRCOLL_ALG"))) { /* the header's grammar (ir/registry.h): [coll:]name,... */
    const char *cur = env;
    char key[64], name[128];
    int k;
    while ((k = irr_alg_spec_next(&cur, key, sizeof key, name, sizeof name)) != 0) {
      int hit = 0;
      if (k < 0) { irr__pm_error("IRRCOLL_ALG", "malformed entry (skipped)"); continue; }
      for (c = 0; c < IRR_GL_NCOLL; c++) {
        const irr_gl_entry *e;
        int dflt = strcmp(name, "default") == 0, native = dflt || strcmp(name, "native") == 0;
        if (key[0] && strcmp(key, IRR_Guide_coll_name((irr_gl_coll)c, 0)) != 0) continue;
        e = native ? NULL : irr__pm_entry(c, name);
        if (!key[0] && !e) continue; /* a bare name: where it names something */
        if (!dflt && !native && !e) irr__pm_error("IRRCOLL_ALG", "unknown algorithm (native used)");
        irr__pmpi.forced_set[c] = 1;
        irr__pmpi.forced[c] = native ? NULL : e;
        hit = 1;
      }
      if (!hit && !key[0]) irr__pm_error("IRRCOLL_ALG", "a name that no collective has (skipped)");
    }
  }
  if ((env = getenv("IRRCOLL_PROFILES"))) {
    char *list = strdup(env), *save = NULL, *tok;
    for (tok = list ? strtok_r(list, ":", &save) : NULL; tok; tok = strtok_r(NULL, ":", &save)) {
      struct stat sb;
      if (stat(tok, &sb) == 0 && S_ISDIR(sb.st_mode)) {
        DIR *d = opendir(tok);
        struct dirent *de;
        while (d && (de = readdir(d))) {
          char path[4096];
          if (de->d_name[0] == '.') continue;
          snprintf(path, sizeof path, "%s/%s", tok, de->d_name);
          irr__pm_load(path);
        }
        if (d) closedir(d);
      } else {
        irr__pm_load(tok);
      }
    }
    free(list);
  }
  irr__pmpi.dflt[IRR_GL_GATHERV] = irr__pm_entry(IRR_GL_GATHERV, "auto");
  irr__pmpi.dflt[IRR_GL_SCATTERV] = irr__pm_entry(IRR_GL_SCATTERV, "auto");
  irr__pmpi.dflt[IRR_GL_ALLGATHERV] = irr__pm_entry(IRR_GL_ALLGATHERV, "auto");
  irr__pmpi.dflt[IRR_GL_ALLTOALLV] = irr__pm_entry(IRR_GL_ALLTOALLV, "auto");
  /* Reduce_scatter: irrcoll only where its model gain is clear, else MPI's own (the guard) */
  irr__pmpi.dflt[IRR_GL_REDUCE_SCATTER] = irr__pm_entry(IRR_GL_REDUCE_SCATTER, "guarded");
  irr__pmpi.dflt[IRR_GL_REDUCE_SCATTER_BLOCK] = irr__pm_entry(IRR_GL_REDUCE_SCATTER_BLOCK, "guarded");
  for (c = 0; c < IRR_GL_NCOLL; c++) {
    int i;
    irr__pmpi.active[c] = irr__pmpi.report || irr__pmpi.forced_set[c] || irr__pmpi.dflt[c];
    for (i = 0; i < irr__pmpi.nprof; i++) irr__pmpi.active[c] |= irr__pmpi.prof_coll[i] == c;
  }
}
/* The fast path when no forced choice, profile or report concerns collective c. */
static int irr__pm_on(int c) {
  if (!irr__pmpi.init) irr__pm_setup();
  return irr__pmpi.active[c];
}

/* Whether irrcoll's defaults hand comm's calls to MPI's own because all of its ranks share
   one node: MPI_Comm_split_type's shared-memory group is the whole communicator (or
   IRRCOLL_PPN, the header's declared ranks per node, covers it), and no rank set
   IRRCOLL_ONE_NODE=irrcoll. There a message costs well under a microsecond, and irrcoll's
   per-call work (validation, choice, program) is more than its algorithms save: on 16 cores
   of one node, MPICH 4.0.2 over shared memory, irrcoll's automatic choice took 0.30 / 0.56 /
   0.89 (min / median / max) of MPICH's speed on Gatherv and 0.26 / 0.30 / 0.88 on Alltoallv
   (bench/real_v.c, README). Collective on a communicator's first default call (a split and
   one MPI_Allreduce, which also agrees the setting), then cached as an attribute: equal on
   every rank. Intercommunicators: 0. */
static int irr__pm_one_node(MPI_Comm comm) {
  int inter = 0, p = 0, g = 0, flag = 0, mine[2], all[2] = {0, 0}, ppn;
  void *val = NULL;
  const char *env;
  MPI_Comm local;
  if (comm == MPI_COMM_NULL || PMPI_Comm_test_inter(comm, &inter) != MPI_SUCCESS || inter) return 0; /* irrcoll's error */
  if (irr__pmpi.node_kv != MPI_KEYVAL_INVALID && PMPI_Comm_get_attr(comm, irr__pmpi.node_kv, &val, &flag) == MPI_SUCCESS &&
      flag)
    return (int)(intptr_t)val - 1;
  if (PMPI_Comm_size(comm, &p) != MPI_SUCCESS) return 0;
  ppn = (env = getenv("IRRCOLL_PPN")) && atoi(env) > 0 ? atoi(env) : 0;
  if (ppn > 0) {
    g = p <= ppn ? p : ppn;
  } else if (PMPI_Comm_split_type(comm, MPI_COMM_TYPE_SHARED, 0, MPI_INFO_NULL, &local) == MPI_SUCCESS) {
    if (local == MPI_COMM_NULL || PMPI_Comm_size(local, &g) != MPI_SUCCESS) g = 0;
    if (local != MPI_COMM_NULL) PMPI_Comm_free(&local);
  }
  /* g == p on one rank is g == p on all; the setting may differ, and so may the keyval: the
     answer is cached only where every rank can keep it (else asked again on every call) */
  mine[0] = g == p && !irr__pmpi.node_irr, mine[1] = irr__pmpi.node_kv != MPI_KEYVAL_INVALID;
  if (PMPI_Allreduce(mine, all, 2, MPI_INT, MPI_MIN, comm) != MPI_SUCCESS) return 0;
  if (all[1]) PMPI_Comm_set_attr(comm, irr__pmpi.node_kv, (void *)(intptr_t)(all[0] + 1));
  return all[0];
}

/* The algorithm for collective c on comm at msize bytes (NULL: PMPI). */
static const irr_gl_entry *irr__pm_choose(int c, MPI_Comm comm, long long msize) {
  const irr_gl_entry *e = NULL;
  int i, p = 0, one = 0;
  irr__pm_setup();
  if (irr__pmpi.forced_set[c]) {
    e = irr__pmpi.forced[c];
  } else {
    int found = 0;
    if (irr__pmpi.nprof > 0 && PMPI_Comm_size(comm, &p) == MPI_SUCCESS)
      for (i = 0; i < irr__pmpi.nprof; i++) {
        int k;
        if (irr__pmpi.prof_coll[i] != c || irr__pmpi.prof[i].p != p) continue;
        if ((k = irr_prof_find(&irr__pmpi.prof[i], msize)) >= 0 && k < 64) e = irr__pmpi.prof_alg[i * 64 + k], found = 1;
        break;
      }
    if (!found && (e = irr__pmpi.dflt[c]) && irr__pm_one_node(comm)) e = NULL, one = 1, irr__pmpi.one_node_calls++;
  }
  if (irr__pmpi.report) {
    const char *an = e ? e->name : one ? "native_one_node" : "native";
    for (i = 0; i < irr__pmpi.nrec; i++)
      if (irr__pmpi.rec[i].coll == c && irr__pmpi.rec[i].msize == msize && strcmp(irr__pmpi.rec[i].alg, an) == 0) break;
    if (i == irr__pmpi.nrec) {
      if (irr__pmpi.nrec < IRR__PM_REC)
        irr__pmpi.rec[irr__pmpi.nrec].coll = c, irr__pmpi.rec[irr__pmpi.nrec].msize = msize,
        irr__pmpi.rec[irr__pmpi.nrec++].alg = an;
      else irr__pmpi.lost++;
    }
  }
  return e;
}
/* After entry e of collective c returned rc: what irrcoll ran (IRR_Comm_get_last_call), for the
   report; rc passes through. */
static int irr__pm_ran(int c, MPI_Comm comm, long long msize, const irr_gl_entry *e, int rc) {
  irr__ctx *x;
  irr_call_info ci;
  int i;
  /* the context read directly: IRR_Comm_get_last_call would raise MPI_ERR_COMM through the
     communicator's handler where irrcoll made no call (an entry that handed it on) */
  if (!irr__pmpi.report || !e || rc != MPI_SUCCESS || strcmp(e->guideline, "irrcoll") != 0) return rc;
  if ((x = irr__ctx_peek(comm))) ci = x->last;
  else memset(&ci, 0, sizeof ci), ci.alg = IRR_ALG_COUNT; /* no context: handed to MPI before any */
  for (i = 0; i < irr__pmpi.nran; i++)
    if (irr__pmpi.ran[i].coll == c && irr__pmpi.ran[i].msize == msize && irr__pmpi.ran[i].alg == (int)ci.alg) break;
  if (i == irr__pmpi.nran) {
    if (i == IRR__PM_RAN) return irr__pmpi.lost++, rc;
    memset(&irr__pmpi.ran[i], 0, sizeof irr__pmpi.ran[i]);
    irr__pmpi.ran[i].coll = c, irr__pmpi.ran[i].msize = msize, irr__pmpi.ran[i].alg = (int)ci.alg, irr__pmpi.nran++;
  }
  irr__pmpi.ran[i].calls++, irr__pmpi.ran[i].repeats += ci.repeat != 0;
  irr__pmpi.ran[i].plan_s += ci.plan_s, irr__pmpi.ran[i].cpu_s += ci.cpu_model_s;
  return rc;
}
static long long irr__pm_bytes(int n, MPI_Datatype t) {
  int s = 0;
  if (t == MPI_DATATYPE_NULL || PMPI_Type_size(t, &s) != MPI_SUCCESS) return 0;
  return (long long)n * s;
}


int MPI_Allgather(const void *sb, int sc, MPI_Datatype st, void *rb, int rc, MPI_Datatype rt, MPI_Comm comm) {
  if (!irr__pm_on(IRR_GL_ALLGATHER)) return PMPI_Allgather(sb, sc, st, rb, rc, rt, comm);
  long long msize = irr__pm_bytes(rc, rt);
  const irr_gl_entry *e = irr__pm_choose(IRR_GL_ALLGATHER, comm, msize);
  return e ? irr__pm_ran(IRR_GL_ALLGATHER, comm, msize, e, ((irr_gl_ag *)e->fn)(sb, sc, st, rb, rc, rt, comm))
           : PMPI_Allgather(sb, sc, st, rb, rc, rt, comm);
}
int MPI_Alltoall(const void *sb, int sc, MPI_Datatype st, void *rb, int rc, MPI_Datatype rt, MPI_Comm comm) {
  if (!irr__pm_on(IRR_GL_ALLTOALL)) return PMPI_Alltoall(sb, sc, st, rb, rc, rt, comm);
  const irr_gl_entry *e = irr__pm_choose(IRR_GL_ALLTOALL, comm, irr__pm_bytes(rc, rt));
  return e ? ((irr_gl_ag *)e->fn)(sb, sc, st, rb, rc, rt, comm) : PMPI_Alltoall(sb, sc, st, rb, rc, rt, comm);
}
int MPI_Allreduce(const void *sb, void *rb, int n, MPI_Datatype t, MPI_Op op, MPI_Comm comm) {
  if (!irr__pm_on(IRR_GL_ALLREDUCE)) return PMPI_Allreduce(sb, rb, n, t, op, comm);
  const irr_gl_entry *e = irr__pm_choose(IRR_GL_ALLREDUCE, comm, irr__pm_bytes(n, t));
  return e ? ((irr_gl_ar *)e->fn)(sb, rb, n, t, op, comm) : PMPI_Allreduce(sb, rb, n, t, op, comm);
}
int MPI_Reduce_scatter_block(const void *sb, void *rb, int n, MPI_Datatype t, MPI_Op op, MPI_Comm comm) {
  if (!irr__pm_on(IRR_GL_REDUCE_SCATTER_BLOCK)) return PMPI_Reduce_scatter_block(sb, rb, n, t, op, comm);
  const irr_gl_entry *e = irr__pm_choose(IRR_GL_REDUCE_SCATTER_BLOCK, comm, irr__pm_bytes(n, t));
  return e ? irr__pm_ran(IRR_GL_REDUCE_SCATTER_BLOCK, comm, irr__pm_bytes(n, t), e, ((irr_gl_ar *)e->fn)(sb, rb, n, t, op, comm))
           : PMPI_Reduce_scatter_block(sb, rb, n, t, op, comm);
}
int MPI_Reduce_scatter(const void *sb, void *rb, const int rc[], MPI_Datatype t, MPI_Op op, MPI_Comm comm) {
  if (!irr__pm_on(IRR_GL_REDUCE_SCATTER)) return PMPI_Reduce_scatter(sb, rb, rc, t, op, comm);
  const irr_gl_entry *e;
  long long tot = 0;
  int i, n = 0, inter = 0;
  PMPI_Comm_test_inter(comm, &inter);
  if (!inter) PMPI_Comm_size(comm, &n);
  for (i = 0; rc && i < n; i++) tot += rc[i];
  tot = n > 0 ? irr__pm_bytes(1, t) * tot / n : 0; /* the average block's bytes, equal on every rank */
  e = irr__pm_choose(IRR_GL_REDUCE_SCATTER, comm, tot);
  return e ? irr__pm_ran(IRR_GL_REDUCE_SCATTER, comm, tot, e, ((irr_gl_rs *)e->fn)(sb, rb, rc, t, op, comm))
           : PMPI_Reduce_scatter(sb, rb, rc, t, op, comm);
}
int MPI_Scan(const void *sb, void *rb, int n, MPI_Datatype t, MPI_Op op, MPI_Comm comm) {
  if (!irr__pm_on(IRR_GL_SCAN)) return PMPI_Scan(sb, rb, n, t, op, comm);
  const irr_gl_entry *e = irr__pm_choose(IRR_GL_SCAN, comm, irr__pm_bytes(n, t));
  return e ? ((irr_gl_ar *)e->fn)(sb, rb, n, t, op, comm) : PMPI_Scan(sb, rb, n, t, op, comm);
}
int MPI_Bcast(void *buf, int n, MPI_Datatype t, int root, MPI_Comm comm) {
  if (!irr__pm_on(IRR_GL_BCAST)) return PMPI_Bcast(buf, n, t, root, comm);
  const irr_gl_entry *e = irr__pm_choose(IRR_GL_BCAST, comm, irr__pm_bytes(n, t));
  return e ? ((irr_gl_bc *)e->fn)(buf, n, t, root, comm) : PMPI_Bcast(buf, n, t, root, comm);
}
int MPI_Gather(const void *sb, int sc, MPI_Datatype st, void *rb, int rc, MPI_Datatype rt, int root, MPI_Comm comm) {
  if (!irr__pm_on(IRR_GL_GATHER)) return PMPI_Gather(sb, sc, st, rb, rc, rt, root, comm);
  int me = -1;
  const irr_gl_entry *e;
  PMPI_Comm_rank(comm, &me);
  e = irr__pm_choose(IRR_GL_GATHER, comm, me == root ? irr__pm_bytes(rc, rt) : irr__pm_bytes(sc, st));
  return e ? ((irr_gl_g *)e->fn)(sb, sc, st, rb, rc, rt, root, comm) : PMPI_Gather(sb, sc, st, rb, rc, rt, root, comm);
}
int MPI_Scatter(const void *sb, int sc, MPI_Datatype st, void *rb, int rc, MPI_Datatype rt, int root, MPI_Comm comm) {
  if (!irr__pm_on(IRR_GL_SCATTER)) return PMPI_Scatter(sb, sc, st, rb, rc, rt, root, comm);
  int me = -1;
  const irr_gl_entry *e;
  PMPI_Comm_rank(comm, &me);
  e = irr__pm_choose(IRR_GL_SCATTER, comm, me == root ? irr__pm_bytes(sc, st) : irr__pm_bytes(rc, rt));
  return e ? ((irr_gl_g *)e->fn)(sb, sc, st, rb, rc, rt, root, comm) : PMPI_Scatter(sb, sc, st, rb, rc, rt, root, comm);
}
int MPI_Reduce(const void *sb, void *rb, int n, MPI_Datatype t, MPI_Op op, int root, MPI_Comm comm) {
  if (!irr__pm_on(IRR_GL_REDUCE)) return PMPI_Reduce(sb, rb, n, t, op, root, comm);
  const irr_gl_entry *e = irr__pm_choose(IRR_GL_REDUCE, comm, irr__pm_bytes(n, t));
  return e ? ((irr_gl_r *)e->fn)(sb, rb, n, t, op, root, comm) : PMPI_Reduce(sb, rb, n, t, op, root, comm);
}
int MPI_Gatherv(const void *sb, int sc, MPI_Datatype st, void *rb, const int rc[], const int dsp[], MPI_Datatype rt, int root,
                MPI_Comm comm) {
  if (!irr__pm_on(IRR_GL_GATHERV)) return PMPI_Gatherv(sb, sc, st, rb, rc, dsp, rt, root, comm);
  const irr_gl_entry *e = irr__pm_choose(IRR_GL_GATHERV, comm, 0);
  return e ? irr__pm_ran(IRR_GL_GATHERV, comm, 0, e, ((irr_gl_gv *)e->fn)(sb, sc, st, rb, rc, dsp, rt, root, comm))
           : PMPI_Gatherv(sb, sc, st, rb, rc, dsp, rt, root, comm);
}
int MPI_Scatterv(const void *sb, const int sc[], const int dsp[], MPI_Datatype st, void *rb, int rc, MPI_Datatype rt, int root,
                 MPI_Comm comm) {
  if (!irr__pm_on(IRR_GL_SCATTERV)) return PMPI_Scatterv(sb, sc, dsp, st, rb, rc, rt, root, comm);
  const irr_gl_entry *e = irr__pm_choose(IRR_GL_SCATTERV, comm, 0);
  return e ? irr__pm_ran(IRR_GL_SCATTERV, comm, 0, e, ((irr_gl_sv *)e->fn)(sb, sc, dsp, st, rb, rc, rt, root, comm))
           : PMPI_Scatterv(sb, sc, dsp, st, rb, rc, rt, root, comm);
}
int MPI_Allgatherv(const void *sb, int sc, MPI_Datatype st, void *rb, const int rc[], const int dsp[], MPI_Datatype rt,
                   MPI_Comm comm) {
  if (!irr__pm_on(IRR_GL_ALLGATHERV)) return PMPI_Allgatherv(sb, sc, st, rb, rc, dsp, rt, comm);
  const irr_gl_entry *e;
  long long tot = 0;
  int i, n = 0, inter = 0;
  PMPI_Comm_test_inter(comm, &inter);
  if (inter) PMPI_Comm_remote_size(comm, &n);
  else PMPI_Comm_size(comm, &n);
  for (i = 0; rc && i < n; i++) tot += rc[i];
  tot = n > 0 ? irr__pm_bytes(1, rt) * tot / n : 0;
  e = irr__pm_choose(IRR_GL_ALLGATHERV, comm, tot);
  return e ? irr__pm_ran(IRR_GL_ALLGATHERV, comm, tot, e, ((irr_gl_agv *)e->fn)(sb, sc, st, rb, rc, dsp, rt, comm))
           : PMPI_Allgatherv(sb, sc, st, rb, rc, dsp, rt, comm);
}
int MPI_Alltoallv(const void *sb, const int sc[], const int sd[], MPI_Datatype st, void *rb, const int rc[], const int rd[],
                  MPI_Datatype rt, MPI_Comm comm) {
  if (!irr__pm_on(IRR_GL_ALLTOALLV)) return PMPI_Alltoallv(sb, sc, sd, st, rb, rc, rd, rt, comm);
  const irr_gl_entry *e = irr__pm_choose(IRR_GL_ALLTOALLV, comm, 0);
  return e ? irr__pm_ran(IRR_GL_ALLTOALLV, comm, 0, e, ((irr_gl_a2av *)e->fn)(sb, sc, sd, st, rb, rc, rd, rt, comm))
           : PMPI_Alltoallv(sb, sc, sd, st, rb, rc, rd, rt, comm);
}

int MPI_Finalize(void) {
  int rank = -1, i;
  if (irr__pmpi.report && PMPI_Comm_rank(MPI_COMM_WORLD, &rank) == MPI_SUCCESS && rank == 0) {
    for (i = 0; i < irr__pmpi.nrec; i++)
      printf("#@irrcoll alg %s %lld %s\n", IRR_Guide_coll_name((irr_gl_coll)irr__pmpi.rec[i].coll, 1), irr__pmpi.rec[i].msize, irr__pmpi.rec[i].alg);
    for (i = 0; i < irr__pmpi.nran; i++)
      printf("#@irrcoll ran %s %lld %s calls=%lld repeats=%lld plan_us=%.2f cpu_model_us=%.2f\n",
             IRR_Guide_coll_name((irr_gl_coll)irr__pmpi.ran[i].coll, 1), irr__pmpi.ran[i].msize,
             irr__pmpi.ran[i].alg == IRR_ALG_COUNT ? "native" : irr_alg_name((irr_alg)irr__pmpi.ran[i].alg), irr__pmpi.ran[i].calls,
             irr__pmpi.ran[i].repeats, 1e6 * irr__pmpi.ran[i].plan_s / (double)irr__pmpi.ran[i].calls,
             1e6 * irr__pmpi.ran[i].cpu_s / (double)irr__pmpi.ran[i].calls);
    if (irr__pmpi.lost) printf("#@irrcoll report_lost %d\n", irr__pmpi.lost);
    printf("#@irrcoll config scratch_bytes %s\n", getenv("IRRCOLL_SCRATCH") ? getenv("IRRCOLL_SCRATCH") : "67108864");
    printf("#@irrcoll config profiles %d\n", irr__pmpi.nprof);
    printf("#@irrcoll config one_node %s one_node_calls=%lld\n", irr__pmpi.node_irr ? "irrcoll" : "native",
           irr__pmpi.one_node_calls); /* this rank's setting; the calls it handed to MPI for it */
    for (i = 0; i < irr__pmpi.nerr; i++) printf("#@irrcoll error %s\n", irr__pmpi.err[i]);
    fflush(stdout);
  }
  for (i = 0; i < irr__pmpi.nprof; i++) irr_prof_free(&irr__pmpi.prof[i]);
  free(irr__pmpi.prof);
  free(irr__pmpi.prof_alg);
  free(irr__pmpi.prof_coll);
  irr__pmpi.prof = NULL, irr__pmpi.prof_alg = NULL, irr__pmpi.prof_coll = NULL, irr__pmpi.nprof = 0;
  return PMPI_Finalize();
}
