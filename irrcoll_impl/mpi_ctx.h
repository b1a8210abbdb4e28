/* MPI layer: the per-communicator context (private duplicate, call sequence, forced
   algorithms, model, caches of the features that need one), created at first use and freed
   with the communicator; error reporting. Only in the IRRCOLL_IMPLEMENTATION unit. */

#include <stdatomic.h>

#define IRR__NCOLL 5
/* Bytes per MPI message: larger messages are split (MPI counts are int). Both sides split
   the same way, since both know the length. Tests set it small to exercise splitting. */
#ifndef IRRCOLL_MAX_MSG
#define IRRCOLL_MAX_MSG ((int64_t)1 << 30)
#endif
#define IRR__CHUNK ((int64_t)(IRRCOLL_MAX_MSG))
#define IRR__SEQ_MOD 8192             /* tags per call: 2, so tags stay below 2^14 */
#define IRR__ALTTAG 16384             /* IRR_OPF_ALTTAG: tags in [2^14, 2^15), below MPI's least tag bound */

typedef struct irr__ctx {
  MPI_Comm pc;                 /* private duplicate: irrcoll's messages only */
  unsigned seq;                /* calls made on this communicator */
  irr_alg force[IRR__NCOLL];   /* IRR_ALG_AUTO: automatic */
  irr_model md;                /* alpha (s) and beta (s/byte) for model-chosen parameters */
  int *node;                   /* Allgatherv: each rank's node (NULL: not known yet / flat) */
  int node_known;
  /* intergroup (mpi_inter.h): the communicator the schedule runs on (an intercommunicator's
     merged one, or NULL: pc), my group's own communicator, schedule rank -> rank there, the
     group flags it was made for (groups entry point), group sizes, my schedule rank */
  MPI_Comm gcomm, glocal;
  int *gmap, *gflags, na, nb, grank;
  char *scr;                   /* mock-ups' scratch (mpi_guide.h): one block of scr_budget bytes */
  size_t scr_budget;
} irr__ctx;

static const char *const irr__coll_names[IRR__NCOLL] = {"gatherv", "scatterv", "allgatherv", "alltoallv", "inter"};

/* The one piece of global state: the attribute key, created once (race-free by CAS). */
static _Atomic int irr__keyval = MPI_KEYVAL_INVALID;

static int irr__ctx_delete(MPI_Comm comm, int keyval, void *attr, void *extra) {
  irr__ctx *c = (irr__ctx *)attr;
  int rc = MPI_SUCCESS;
  (void)comm;
  (void)keyval;
  (void)extra;
  if (c) {
    rc = MPI_Comm_free(&c->pc);
    if (c->node) IRRCOLL_FREE(c->node);
    if (c->gcomm != MPI_COMM_NULL) MPI_Comm_free(&c->gcomm);
    if (c->glocal != MPI_COMM_NULL) MPI_Comm_free(&c->glocal);
    if (c->gmap) IRRCOLL_FREE(c->gmap);
    if (c->gflags) IRRCOLL_FREE(c->gflags);
    if (c->scr) IRRCOLL_FREE(c->scr);
    IRRCOLL_FREE(c);
  }
  return rc;
}

static int irr__keyval_get(int *kv) {
  int k = atomic_load(&irr__keyval), expect = MPI_KEYVAL_INVALID, rc;
  if (k != MPI_KEYVAL_INVALID) {
    *kv = k;
    return MPI_SUCCESS;
  }
  rc = MPI_Comm_create_keyval(MPI_COMM_NULL_COPY_FN, irr__ctx_delete, &k, NULL);
  if (rc != MPI_SUCCESS) return rc;
  if (!atomic_compare_exchange_strong(&irr__keyval, &expect, k)) {
    MPI_Comm_free_keyval(&k); /* another thread won */
    k = expect;
  }
  *kv = k;
  return MPI_SUCCESS;
}

/* comm's context, made at the first call (collective: MPI_Comm_dup). */
static int irr__ctx_get(MPI_Comm comm, irr__ctx **out) {
  int kv, flag = 0, rc, i;
  irr__ctx *c = NULL;
  const char *env;
  rc = irr__keyval_get(&kv);
  if (rc != MPI_SUCCESS) return rc;
  rc = MPI_Comm_get_attr(comm, kv, &c, &flag);
  if (rc != MPI_SUCCESS) return rc;
  if (flag && c) {
    *out = c;
    return MPI_SUCCESS;
  }
  c = (irr__ctx *)IRRCOLL_MALLOC(sizeof *c);
  if (!c) return MPI_ERR_NO_MEM;
  c->seq = 0;
  c->node = NULL;
  c->node_known = 0;
  c->gcomm = c->glocal = MPI_COMM_NULL;
  c->gmap = c->gflags = NULL;
  c->na = c->nb = c->grank = 0;
  c->scr = NULL;
  c->scr_budget = 0;
  c->md.alpha = IRR_MODEL_ALPHA_DEFAULT;
  c->md.beta = IRR_MODEL_BETA_DEFAULT;
  if ((env = getenv("IRRCOLL_ALPHA")) && atof(env) > 0) c->md.alpha = atof(env);
  if ((env = getenv("IRRCOLL_BETA")) && atof(env) > 0) c->md.beta = atof(env);
  env = getenv("IRRCOLL_ALG");
  for (i = 0; i < IRR__NCOLL; i++) {
    c->force[i] = IRR_ALG_AUTO;
    if (irr_alg_parse(env, irr__coll_names[i], &c->force[i]) != IRR_OK) c->force[i] = IRR_ALG_AUTO;
  }
  rc = MPI_Comm_dup(comm, &c->pc);
  if (rc != MPI_SUCCESS) {
    IRRCOLL_FREE(c);
    return rc;
  }
  rc = MPI_Comm_set_errhandler(c->pc, MPI_ERRORS_RETURN);
  if (rc == MPI_SUCCESS) rc = MPI_Comm_set_attr(comm, kv, c);
  if (rc != MPI_SUCCESS) {
    MPI_Comm_free(&c->pc);
    IRRCOLL_FREE(c);
    return rc;
  }
  *out = c;
  return MPI_SUCCESS;
}

/* Report an error once through comm's error handler and return it. */
static int irr__raise(MPI_Comm comm, int code) {
  if (code != MPI_SUCCESS) MPI_Comm_call_errhandler(comm == MPI_COMM_NULL ? MPI_COMM_WORLD : comm, code);
  return code;
}
