/* MPI layer: the per-communicator context (private duplicate, call sequence, forced
   algorithms, model, caches of the features that need one), created at first use and freed
   with the communicator; error reporting. Only in the IRRCOLL_IMPLEMENTATION unit. */

#include <stdatomic.h>

/* Bytes per MPI message: larger messages are split (MPI counts are int). Both sides split
   the same way, since both know the length. Tests set it small to exercise splitting. */
#ifndef IRRCOLL_MAX_MSG
#define IRRCOLL_MAX_MSG ((int64_t)1 << 30)
#endif
#define IRR__CHUNK ((int64_t)(IRRCOLL_MAX_MSG))
#define IRR__SEQ_MOD 8192             /* tags per call: 2, so tags stay below 2^14 */
#define IRR__ALTTAG 16384             /* IRR_OPF_ALTTAG: tags in [2^14, 2^15), below MPI's least tag bound */

/* The context, split by feature: what every collective needs, then one cache per feature
   that keeps state across calls. */
typedef struct irr__plan_cache {   /* a collective's last plan, kept while its counts repeat (mpi/cache.h) */
  uint64_t key;                     /* the choice's inputs (sizes, layout, model, forced): equal on all ranks */
  irr_alg alg;
  int64_t B;                        /* the algorithm's parameter (ring: block size; circulant: pieces) */
  int valid;
  unsigned hits;                    /* calls in a row with this key after the first */
  irr_op *ops;                      /* the program, nops ops (0: none kept) of cap, tmp bytes of */
  int nops, cap;                    /* scratch; the room is kept while programs fit it */
  int64_t tmp;
  uint64_t layout;                  /* the buffers the datatypes were made for (this rank's own) */
  MPI_Datatype *types;              /* per op: its message's derived datatype, or MPI_DATATYPE_NULL */
} irr__plan_cache;

typedef struct irr__circ_cache {    /* the circulant schedule's table on p ranks (p alone) */
  int *R;                           /* p q entries (NULL: not kept) */
  irr_circ_sum sum;
} irr__circ_cache;

typedef struct irr__nodes_cache {   /* Allgatherv's node layout (mpi/allgatherv.h) */
  int *node;                        /* each rank's node: its lowest rank (NULL: flat) */
  int known;                        /* node is valid (collective on the first need) */
  int ppn;                          /* IRRCOLL_PPN: declared ranks per node (0: ask MPI) */
  int share, nn;                    /* node's irr_allgatherv_share and irr_allgatherv_nodes (the
                                       choices ask them on every call; 1 and 0 when flat) */
} irr__nodes_cache;

typedef struct irr__win {           /* a window irrcoll made (the sizes window, irr__agwin_make) */
  MPI_Win win;
  int64_t *mem;                     /* its memory, freed with it */
  int live;                         /* not freed yet */
  struct irr__win *next;            /* the process's windows, newest first (irr__wins) */
} irr__win;

typedef struct irr__agwin_cache {   /* the sizes window (irr__agwin_make) */
  irr__win *w;                      /* the window over IRR__AGWIN_SLOTS of {call, bytes of this
                                       rank's block, of its successor's}; NULL: none */
  int state;                        /* 0: not made yet; 1: made; -1: none (MPI refused) */
} irr__agwin_cache;

typedef struct irr__inter_cache {   /* intergroup Allgather(v) (mpi/inter.h) */
  MPI_Comm gcomm;                   /* where the schedule runs: an intercommunicator's merged
                                       one, or MPI_COMM_NULL: the private duplicate */
  MPI_Comm glocal;                  /* my group's own communicator */
  int *gmap, *gflags;               /* schedule rank -> rank in gcomm; the group flags it was
                                       made for (groups entry point) */
  int na, nb, grank;                /* group sizes, my schedule rank */
} irr__inter_cache;

typedef struct irr__scratch {       /* the mock-ups' scratch (guide/) */
  char *buf;                        /* one block of `budget` bytes, allocated at first need */
  size_t budget;                    /* IRRCOLL_SCRATCH, agreed at creation */
  int state;                        /* 0: not yet agreed; 1: every rank has buf; -1: none */
} irr__scratch;

typedef struct irr__ctx {
  MPI_Comm pc;                      /* private duplicate: irrcoll's messages only */
  MPI_Comm pd;                      /* the blocking direct exchanges alone (mpi/direct.h:
                                       Alltoallv's, Scatterv's; their receives take any tag or
                                       source, so no other call's message may share its
                                       communicator): made at the first, else MPI_COMM_NULL */
  unsigned seq;                     /* calls made on this communicator (tags) */
  irr_alg force[IRR_COLL_COUNT];    /* IRR_ALG_AUTO: automatic (ir/registry.h) */
  irr_model md;                     /* alpha (s), beta (s/byte) and the CPU term for model-chosen parameters */
  irr__nodes_cache nodes;
  irr__plan_cache agc;              /* Allgatherv's (mpi/allgatherv.h) */
  irr__plan_cache rsc;              /* Reduce_scatter's (mpi/reduce_scatter.h) */
  irr__plan_cache a2c;              /* Alltoallv's (mpi/alltoallv.h; B: Bruck's threshold) */
  int64_t *a2own;                   /* ... this rank's sent and received bytes of its call (2p) */
  int64_t a2v[IRR_A2A_NSTAT];       /* ... and this rank's statistics before they were combined */
  char *a2tmp;                      /* ... and its scratch (a2tmpcap bytes), which its kept */
  int64_t a2tmpcap;                 /*     datatypes address */
  irr__circ_cache circ;
  int64_t *agbuf;                   /* Allgatherv's sizes and the choice's workspace, kept (a fresh */
  size_t agbuf_cap;                 /* buffer a call costs its pages' first touch) */
  irr_call_info last;               /* what the last call did (IRR_Comm_get_last_call) */
  irr__agwin_cache agw;
  irr__inter_cache inter;
  irr__scratch scr;
  int check;                        /* IRRCOLL_CHECK: agree the arguments first (mpi/args.h) */
  struct irr_request_s *reqs;       /* started persistent requests (mpi/request.h): each
                                       Test/Wait on one progresses them all */
} irr__ctx;

#ifndef IRRCOLL_SCRATCH_DEFAULT
#define IRRCOLL_SCRATCH_DEFAULT ((size_t)64 << 20)
#endif

/* The one piece of global state: the attribute key, created once (race-free by CAS). */
static _Atomic int irr__keyval = MPI_KEYVAL_INVALID;

/* MPI_Finalize deletes MPI_COMM_SELF's attributes first, while MPI still works, and the
   other communicators' later, when Open MPI 4.1 can no longer free a window (MPI_Win_free
   crashes there) and MPICH over UCX aborts on a window left open. So a key on MPI_COMM_SELF
   frees the windows still open then, newest first: the reverse of their creations, which
   are collective, so ordered alike on the ranks that share them (windows that threads
   created at once on overlapping communicators may not be: their MPI_Win_free can wait). */
static irr__win *_Atomic irr__wins = NULL;
static _Atomic int irr__finalizing = 0;
static _Atomic int irr__selfkey = MPI_KEYVAL_INVALID;
static void irr__win_free(irr__win *w) {
  if (!w->live) return;
  MPI_Win_free(&w->win);
  w->live = 0;
  if (w->mem) IRRCOLL_FREE(w->mem);
  w->mem = NULL;
}
static int irr__self_delete(MPI_Comm comm, int keyval, void *attr, void *extra) {
  irr__win *w = atomic_exchange(&irr__wins, NULL), *n;
  (void)comm, (void)keyval, (void)attr, (void)extra;
  atomic_store(&irr__finalizing, 1);
  for (; w; w = n) {
    n = w->next;
    irr__win_free(w);
    IRRCOLL_FREE(w);
  }
  return MPI_SUCCESS;
}
/* An attribute key with delete callback del, made once per process into *slot (race-free by
   CAS); *made: this call made it. */
static int irr__keyval_once(_Atomic int *slot, MPI_Comm_delete_attr_function *del, int *kv, int *made) {
  int k = atomic_load(slot), expect = MPI_KEYVAL_INVALID, rc;
  *made = 0;
  if (k != MPI_KEYVAL_INVALID) {
    *kv = k;
    return MPI_SUCCESS;
  }
  rc = MPI_Comm_create_keyval(MPI_COMM_NULL_COPY_FN, del, &k, NULL);
  if (rc != MPI_SUCCESS) return rc;
  if (!atomic_compare_exchange_strong(slot, &expect, k)) {
    MPI_Comm_free_keyval(&k); /* another thread won */
    k = expect;
  } else {
    *made = 1;
  }
  *kv = k;
  return MPI_SUCCESS;
}
/* 1 once the key is on MPI_COMM_SELF */
static int irr__watch_finalize(void) {
  int k, made;
  if (irr__keyval_once(&irr__selfkey, irr__self_delete, &k, &made) != MPI_SUCCESS) return 0;
  return !made || MPI_Comm_set_attr(MPI_COMM_SELF, k, NULL) == MPI_SUCCESS;
}
static void irr__win_keep(irr__win *w) { /* into irr__wins */
  w->next = atomic_load(&irr__wins);
  while (!atomic_compare_exchange_weak(&irr__wins, &w->next, w)) {}
}

/* The sizes window: {call number, this rank's block's bytes, its successor's} for the last
   IRR__AGWIN_SLOTS calls, one window per communicator, made collectively at the first
   blocking call that needs it (the context's state is equal everywhere); where MPI refuses
   one, the callers do without. Publishing is three stores, no message: a correct call costs
   nothing. A rank that lacks a size reads it from the block's owner with passive-target
   MPI_Get, polling until that rank has entered the same call (a later call's entry: gone).
     Allgatherv: a rank whose own arguments do not give every block's size (a negative or
   missing entry in recvcounts, no receive type size) cannot compute the program the others
   run, and a guess (an empty block) changed its program in 1697 of 3000 random draws at
   p <= 8, and a changed message hangs the call; every other rank knows the sizes
   (irr__ag_sizes). Its owners cannot finish a call that needs the lacking rank.
     Gatherv's trees: the root whose counts disagree with what the subtrees announced reads
   the senders' own sizes, to take blocks shorter than its counts as MPICH does
   (irr__v_reread). Senders may run ahead of the root: a slot overwritten is a size unknown. */
#define IRR__AGWIN_SLOTS 8
static void irr__agwin_drop(irr__win *w) { /* one never given to MPI */
  if (w->mem) IRRCOLL_FREE(w->mem);
  IRRCOLL_FREE(w);
}
static int irr__agwin_make(irr__ctx *ctx) {
  int i, rc;
  irr__win *w;
  if (ctx->agw.state != 0) return MPI_SUCCESS;
  ctx->agw.state = -1;
  /* every rank makes it, whatever its mallocs said (an empty window then: reads of it fail) */
  w = (irr__win *)IRRCOLL_MALLOC(sizeof *w);
  if (w) memset(w, 0, sizeof *w), w->mem = (int64_t *)IRRCOLL_MALLOC(3 * IRR__AGWIN_SLOTS * sizeof(int64_t));
  for (i = 0; w && w->mem && i < 3 * IRR__AGWIN_SLOTS; i++) w->mem[i] = -1; /* before anyone can read */
  if (w && !irr__watch_finalize()) { /* no way to free it in time at MPI_Finalize: an empty one */
    irr__agwin_drop(w);
    w = NULL;
  }
  if (!w) { /* the others' creation still needs this rank; its window is left to MPI (freeing
                it is collective too, and the others keep theirs) */
    MPI_Win left;
    MPI_Win_create(NULL, 0, 1, MPI_INFO_NULL, ctx->pc, &left);
    return MPI_SUCCESS;
  }
  rc = MPI_Win_create(w->mem, w->mem ? 3 * IRR__AGWIN_SLOTS * sizeof(int64_t) : 0, sizeof(int64_t), MPI_INFO_NULL,
                      ctx->pc, &w->win);
  if (rc != MPI_SUCCESS) {
    irr__agwin_drop(w);
    return MPI_SUCCESS;
  }
  MPI_Win_set_errhandler(w->win, MPI_ERRORS_RETURN);
  w->live = 1;
  irr__win_keep(w);
  ctx->agw.w = w, ctx->agw.state = 1;
  return MPI_SUCCESS;
}
static void irr__agwin_publish(irr__ctx *ctx, unsigned call, int64_t own, int64_t next) {
  volatile int64_t *slot;
  if (ctx->agw.state != 1 || !ctx->agw.w->mem) return;
  slot = ctx->agw.w->mem + 3 * (call % IRR__AGWIN_SLOTS);
  slot[1] = own, slot[2] = next;
  atomic_thread_fence(memory_order_release); /* the sizes before the call number */
  slot[0] = (int64_t)call;
}
/* Block i's bytes for call, as rank i's recvcounts say (succ: as rank i - 1's); -1 if
   unknown there or gone. */
static int64_t irr__agwin_read(irr__ctx *ctx, int i, int p, unsigned call, int succ) {
  int64_t v[3];
  int at = succ ? (i + p - 1) % p : i, rc;
  for (;;) {
    if (MPI_Win_lock(MPI_LOCK_SHARED, at, 0, ctx->agw.w->win) != MPI_SUCCESS) return -1;
    v[0] = v[1] = v[2] = -1;
    rc = MPI_Get(v, 3, MPI_INT64_T, at, 3 * (call % IRR__AGWIN_SLOTS), 3, MPI_INT64_T, ctx->agw.w->win);
    if (MPI_Win_unlock(at, ctx->agw.w->win) != MPI_SUCCESS || rc != MPI_SUCCESS) return -1;
    if (v[0] == (int64_t)call) return v[1 + succ];
    if (v[0] >= 0 && (unsigned)((unsigned)v[0] - call) < 0x80000000u) return -1; /* a later call's */
  }
}

/* Forget a kept plan's program and datatypes (mpi/cache.h; the room stays); irr__plan_drop:
   the plan and its memory. */
static void irr__plan_drop_program(irr__plan_cache *c) {
  int i;
  if (c->types) {
    for (i = 0; i < c->nops; i++)
      if (c->types[i] != MPI_DATATYPE_NULL) MPI_Type_free(&c->types[i]);
    IRRCOLL_FREE(c->types);
  }
  c->types = NULL, c->nops = 0, c->tmp = 0, c->layout = 0;
}
static void irr__plan_drop(irr__plan_cache *c) {
  irr__plan_drop_program(c);
  if (c->ops) IRRCOLL_FREE(c->ops);
  c->ops = NULL, c->cap = 0, c->valid = 0, c->hits = 0;
}

static int irr__ctx_delete(MPI_Comm comm, int keyval, void *attr, void *extra) {
  irr__ctx *c = (irr__ctx *)attr;
  int rc = MPI_SUCCESS;
  (void)comm;
  (void)keyval;
  (void)extra;
  if (c) {
    if (c->agw.w && !atomic_load(&irr__finalizing)) irr__win_free(c->agw.w); /* its node stays listed */
    rc = MPI_Comm_free(&c->pc);
    if (c->pd != MPI_COMM_NULL) MPI_Comm_free(&c->pd);
    if (c->nodes.node) IRRCOLL_FREE(c->nodes.node);
    if (c->inter.gcomm != MPI_COMM_NULL) MPI_Comm_free(&c->inter.gcomm);
    if (c->inter.glocal != MPI_COMM_NULL) MPI_Comm_free(&c->inter.glocal);
    if (c->inter.gmap) IRRCOLL_FREE(c->inter.gmap);
    if (c->inter.gflags) IRRCOLL_FREE(c->inter.gflags);
    if (c->scr.buf) IRRCOLL_FREE(c->scr.buf);
    irr__plan_drop(&c->agc);
    irr__plan_drop(&c->rsc);
    irr__plan_drop(&c->a2c);
    if (c->a2own) IRRCOLL_FREE(c->a2own);
    if (c->a2tmp) IRRCOLL_FREE(c->a2tmp);
    if (c->circ.R) IRRCOLL_FREE(c->circ.R);
    if (c->agbuf) IRRCOLL_FREE(c->agbuf);
    IRRCOLL_FREE(c);
  }
  return rc;
}

static int irr__keyval_get(int *kv) {
  int made;
  return irr__keyval_once(&irr__keyval, irr__ctx_delete, kv, &made);
}

/* The model's CPU constants that IRRCOLL_CPU sets, in its keys' order (irr__cpu_parse's), for
   every place that reads or agrees them (irr__ctx_agree, irr__inter_setup). */
#define IRR__NCPU 6
static void irr__cpu_fields(irr_model *md, double *f[IRR__NCPU]) {
  f[0] = &md->cpu_msg, f[1] = &md->cpu_piece, f[2] = &md->cpu_op, f[3] = &md->cpu_type;
  f[4] = &md->cpu_size, f[5] = &md->gamma;
}

/* IRRCOLL_CPU: the model's CPU constants for this host, as `make bench-cpu` prints them,
   "msg=4.5e-8,piece=1.1e-9,op=4.8e-9,type=1.9e-7,size=8.4e-10,gamma=1e-10" (seconds; any
   subset), or "0": the network alone. They weigh the choices, so every rank must use the
   same: rank 0's hold (irr__ctx_agree). Malformed (an unknown key, a value not >= 0, a
   missing '='): the defaults stand, whole. */
static void irr__cpu_parse(const char *env, irr_model *md) {
  static const char *const key[IRR__NCPU] = {"msg", "piece", "op", "type", "size", "gamma"};
  irr_model t = *md;
  double *field[IRR__NCPU];
  irr__cpu_fields(&t, field);
  if (!env) return;
  if (!strcmp(env, "0")) {
    *md = irr_model_net(*md);
    return;
  }
  while (*env) {
    int k;
    size_t n = 0;
    char *end;
    double v;
    for (k = 0; k < IRR__NCPU; k++)
      if (!strncmp(env, key[k], n = strlen(key[k])) && env[n] == '=') break;
    if (k == IRR__NCPU) return;
    v = strtod(env + n + 1, &end);
    if (end == env + n + 1 || !(v >= 0) || v > 1 || (*end && *end != ',')) return;
    *field[k] = v;
    env = *end ? end + 1 : end;
  }
  *md = t;
}

/* The environment's settings, as this rank reads them: forced algorithms (IRRCOLL_ALG),
   the model (IRRCOLL_ALPHA, IRRCOLL_BETA, IRRCOLL_CPU), ranks per node (IRRCOLL_PPN), the
   mock-ups' scratch budget (IRRCOLL_SCRATCH), the checking mode (IRRCOLL_CHECK). A malformed
   IRRCOLL_ALG forces nothing. */
static void irr__ctx_env(irr__ctx *c) {
  const char *env;
  int i;
  c->md = irr_model_default();
  if ((env = getenv("IRRCOLL_ALPHA")) && atof(env) > 0) c->md.alpha = atof(env);
  if ((env = getenv("IRRCOLL_BETA")) && atof(env) > 0) c->md.beta = atof(env);
  irr__cpu_parse(getenv("IRRCOLL_CPU"), &c->md);
  env = getenv("IRRCOLL_ALG");
  for (i = 0; i < IRR_COLL_COUNT; i++) {
    c->force[i] = IRR_ALG_AUTO;
    if (irr_alg_parse(env, irr_coll_name((irr_coll)i), &c->force[i]) != IRR_OK) c->force[i] = IRR_ALG_AUTO;
  }
  c->nodes.ppn = (env = getenv("IRRCOLL_PPN")) && atoi(env) > 0 ? atoi(env) : 0;
  c->scr.budget = IRRCOLL_SCRATCH_DEFAULT;
  if ((env = getenv("IRRCOLL_SCRATCH")) && atof(env) >= 0) c->scr.budget = (size_t)atof(env);
  c->check = (env = getenv("IRRCOLL_CHECK")) && atoi(env) > 0;
}

/* Every rank takes rank 0's settings: they change who sends what to whom, and environments
   may differ between ranks (a hang, not an error, if they did). One MPI_Bcast on the private
   duplicate when the context is made. */
static int irr__ctx_agree(irr__ctx *c) {
  double v[IRR_COLL_COUNT + 5 + IRR__NCPU], *m = v + IRR_COLL_COUNT + 5, *cpu[IRR__NCPU];
  int i, rc;
  irr__cpu_fields(&c->md, cpu);
  for (i = 0; i < IRR_COLL_COUNT; i++) v[i] = (double)c->force[i];
  v[IRR_COLL_COUNT] = c->md.alpha, v[IRR_COLL_COUNT + 1] = c->md.beta;
  v[IRR_COLL_COUNT + 2] = (double)c->nodes.ppn, v[IRR_COLL_COUNT + 3] = (double)c->scr.budget;
  v[IRR_COLL_COUNT + 4] = (double)c->check;
  for (i = 0; i < IRR__NCPU; i++) m[i] = *cpu[i];
  if ((rc = MPI_Bcast(v, IRR_COLL_COUNT + 5 + IRR__NCPU, MPI_DOUBLE, 0, c->pc)) != MPI_SUCCESS) return rc;
  c->check = (int)v[IRR_COLL_COUNT + 4];
  for (i = 0; i < IRR_COLL_COUNT; i++) c->force[i] = (irr_alg)(int)v[i];
  c->md.alpha = v[IRR_COLL_COUNT], c->md.beta = v[IRR_COLL_COUNT + 1];
  c->nodes.ppn = (int)v[IRR_COLL_COUNT + 2], c->scr.budget = (size_t)v[IRR_COLL_COUNT + 3];
  for (i = 0; i < IRR__NCPU; i++) *cpu[i] = m[i];
  return MPI_SUCCESS;
}

/* comm's context, made at the first call (collective: MPI_Comm_dup, then the settings'
   agreement; an intercommunicator's context takes rank 0's settings of the merged
   communicator when its intergroup layout is made, irr__inter_setup). */
static int irr__ctx_get(MPI_Comm comm, irr__ctx **out) {
  int kv, flag = 0, rc, inter = 0;
  irr__ctx *c = NULL;
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
  memset(c, 0, sizeof *c);
  c->inter.gcomm = c->inter.glocal = c->pd = MPI_COMM_NULL;
  irr__ctx_env(c);
  rc = MPI_Comm_dup(comm, &c->pc);
  if (rc != MPI_SUCCESS) {
    IRRCOLL_FREE(c);
    return rc;
  }
  rc = MPI_Comm_set_errhandler(c->pc, MPI_ERRORS_RETURN);
  if (rc == MPI_SUCCESS) rc = MPI_Comm_test_inter(c->pc, &inter);
  if (rc == MPI_SUCCESS && !inter) rc = irr__ctx_agree(c);
  if (rc == MPI_SUCCESS) rc = MPI_Comm_set_attr(comm, kv, c);
  if (rc != MPI_SUCCESS) {
    MPI_Comm_free(&c->pc);
    IRRCOLL_FREE(c);
    return rc;
  }
  *out = c;
  return MPI_SUCCESS;
}

/* The algorithm forced for coll on this communicator; an X collective without one of its
   own follows its known-size collective (ir/registry.h). */
static irr_alg irr__forced(const irr__ctx *c, irr_coll coll) {
  irr_alg a = c->force[coll];
  return a == IRR_ALG_AUTO ? c->force[irr_coll_base(coll)] : a;
}

/* comm's context if irrcoll made one (no call made here otherwise), else NULL. */
static irr__ctx *irr__ctx_peek(MPI_Comm comm) {
  int kv = atomic_load(&irr__keyval), flag = 0;
  irr__ctx *c = NULL;
  if (comm == MPI_COMM_NULL || kv == MPI_KEYVAL_INVALID || MPI_Comm_get_attr(comm, kv, &c, &flag) != MPI_SUCCESS || !flag)
    return NULL;
  return c;
}
/* A call handed to MPI's own implementation: the last call's record says so (if comm has a
   context; IRR_Comm_get_last_call fails where it has none). */
static void irr__note_native(MPI_Comm comm, irr_coll coll) {
  irr__ctx *c = irr__ctx_peek(comm);
  if (c) memset(&c->last, 0, sizeof c->last), c->last.coll = coll, c->last.alg = IRR_ALG_COUNT;
}

/* Report an error once through comm's error handler and return it. */
static int irr__raise(MPI_Comm comm, int code) {
  MPI_Comm c = comm == MPI_COMM_NULL ? MPI_COMM_WORLD : comm;
  if (code == MPI_SUCCESS) return code;
#ifdef SMPI_H /* SimGrid SMPI 3.32 crashes calling MPI_ERRORS_RETURN through MPI_Comm_call_errhandler */
  {
    MPI_Errhandler eh;
    if (MPI_Comm_get_errhandler(c, &eh) == MPI_SUCCESS && eh == MPI_ERRORS_RETURN) return code;
  }
#endif
  MPI_Comm_call_errhandler(c, code);
  return code;
}
