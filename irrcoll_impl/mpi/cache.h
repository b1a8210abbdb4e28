/* MPI layer: what a call keeps for the next one while its counts repeat (DESIGN.md §3: a
   call whose counts repeat pays only the hash), and the CPU it reports and charges.

   A collective's plan (irr__plan_cache, one per collective in the context): the key of the
   choice's inputs, the algorithm and its parameter, the program, and the derived datatypes
   its messages were sent with. The key and what it selects are equal on every rank (the
   same calls in the same order, a hash of values equal on all ranks), so every rank reuses
   the same choice; whether this rank could keep the program and datatypes (memory) only
   decides whether it rebuilds them, never what it sends. The datatypes depend on this
   rank's buffers (addresses, displacements, types): they are kept under a second key of
   their own and rebuilt when it changes. A collision of the 64-bit key reuses another
   correct algorithm for these sizes' program; the program is rebuilt from the sizes when
   the key's sizes were not the program's (never: the key hashes the sizes).

   The CPU: IRRCOLL_CLOCK() (seconds; MPI_Wtime unless the user defines it: the SMPI
   benchmarks give a thread CPU clock, since SMPI's MPI_Wtime is its simulated clock) times
   the planning of each call (irr_call_info.plan_s); IRRCOLL_CPU_CHARGE(seconds), empty
   unless defined, is called with the model's CPU term as the call spends it (the choice and
   the program before the first round, each round's messages when posted): the SMPI
   benchmarks define it as smpi_execute, so a simulated run pays irrcoll's CPU
   deterministically while computation is otherwise free. */

#ifndef IRRCOLL_CLOCK
#define IRRCOLL_CLOCK() MPI_Wtime()
#endif
#ifndef IRRCOLL_CPU_CHARGE
#define IRRCOLL_CPU_CHARGE(seconds) ((void)(seconds))
#endif

/* The record of a call (IRR_Comm_get_last_call, IRRCOLL_REPORT): coll ran alg (param: its
   parameter), repeat: its counts repeated the previous call's; cpu: the model's CPU of its
   validation, choice and program, charged now (the executor adds its messages' as it posts
   them); t0: IRRCOLL_CLOCK() when the call began. */
static void irr__note_call(irr__ctx *ctx, irr_coll coll, irr_alg alg, int64_t param, int repeat, double cpu, double t0) {
  IRRCOLL_CPU_CHARGE(cpu);
  ctx->last.coll = coll, ctx->last.alg = alg, ctx->last.param = param, ctx->last.repeat = repeat;
  ctx->last.cpu_model_s = cpu, ctx->last.plan_s = IRRCOLL_CLOCK() - t0;
}
/* A call's plan CPU in the model without a choice of its own: n sizes read, nops ops made. */
static double irr__plan_cpu(const irr_model *md, double n, int64_t nops) {
  return (double)n * md->cpu_size + (double)nops * md->cpu_op;
}

/* Programs of more ops than this are not kept (a call builds them in memory of its own). */
#define IRR__KEEP_MAXOPS ((int)1 << 22)

/* Room in c for a program of cap ops (the kept one is forgotten): c->ops, or NULL (none:
   the caller builds in memory of its own). A room that grows is reallocated, one that
   fits is reused: a call costs no fresh pages then. */
static irr_op *irr__plan_room(irr__plan_cache *c, int64_t cap) {
  irr__plan_drop_program(c);
  if (cap > IRR__KEEP_MAXOPS) return NULL;
  if (cap > c->cap) {
    irr_op *o = (irr_op *)IRRCOLL_MALLOC((size_t)cap * sizeof(irr_op));
    if (!o) return NULL;
    if (c->ops) IRRCOLL_FREE(c->ops);
    c->ops = o, c->cap = (int)cap;
  }
  return c->ops;
}
/* The program s built in c's room is kept (its datatypes, none yet, beside it). */
static void irr__plan_keep(irr__plan_cache *c, const irr_sched *s) {
  int i;
  c->nops = s->nops, c->tmp = s->tmp;
  if (s->nops > 0 && (c->types = (MPI_Datatype *)IRRCOLL_MALLOC((size_t)s->nops * sizeof(MPI_Datatype))))
    for (i = 0; i < s->nops; i++) c->types[i] = MPI_DATATYPE_NULL;
}

/* The kept datatypes for buffers with key `layout` (this rank's), or NULL: none kept (they
   were made for other buffers, and are freed). */
static MPI_Datatype *irr__plan_types(irr__plan_cache *c, uint64_t layout) {
  int i;
  if (!c->types) return NULL;
  if (c->layout != layout)
    for (i = 0; i < c->nops; i++)
      if (c->types[i] != MPI_DATATYPE_NULL) MPI_Type_free(&c->types[i]);
  c->layout = layout;
  return c->types;
}
