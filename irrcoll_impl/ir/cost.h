/* Cost model: completion time of the programs of all p ranks in the single-ported,
   full-duplex linear model (Träff 2017, Section 1; DESIGN.md §3).

   A message of m units costs alpha + beta*m. A rank sends one and receives one message at a
   time (both at once). A message can start once both its send and its receive are posted
   (their rounds have started) and both ports are free; among the messages that can start,
   the one that can start earliest goes first (ties: lower sender, then program order), so no
   port idles while a message for it is ready. A port that frees takes, of the messages
   waiting for it, the one whose send comes earliest in its sender's program (then the lower
   sender), as each rank's NIC takes its sends in posting order: the linear exchange (rank c
   sending to c + 1, c + 2, ...) then runs as p - 1 permutations. Taken by lower sender
   instead, rank 0's later messages went ahead of the others' first ones at every receiver,
   and the same exchange took about twice as long (a greedy matching). A round ends when
   all its messages have ended (copies are free); the next round then starts. The result is
   the time the last rank ends its last round. A round that reduces (IRR_OPF_REDUCE) ends
   gamma per unit reduced later.

   Cost: O(n log n) for n ops in all: a heap of events (messages that became ready, ports
   that became free); a message whose port is busy parks at that port, and a port that frees
   wakes only the first of its parked messages, so p messages converging on one rank cost
   O(p log p), not O(p^2). Reports IRR_ERR_DEADLOCK if some message can
   never start, IRR_ERR_UNMATCHED/IRR_ERR_MISMATCH if sends and receives do not pair up with
   equal lengths. */

typedef struct irr_model {
  double alpha; /* seconds per message */
  double beta;  /* seconds per unit */
  /* The CPU a rank spends on a call, in seconds (DESIGN.md §3: the CPU is part of the
     cost). Zero: the network alone (a model written {alpha, beta}). irr_sched_cost charges
     the first four from the programs; the choices add the last for their own work and for
     the generators' walks. A call whose counts repeat keeps its program and datatypes
     (mpi/cache.h) and pays only cpu_msg and cpu_piece (irr_model_repeat). */
  double cpu_msg;   /* posting and completing one message (either end) */
  double cpu_piece; /* moving one more memory piece of a message (packing or MPI's datatype) */
  double cpu_op;    /* building one op of a program, and describing one piece beyond a
                       message's first (a derived datatype's entry) */
  double cpu_type;  /* building and freeing one derived datatype (a message of several pieces) */
  double cpu_size;  /* visiting one size: the choice's passes, a generator's walk */
  /* Reducing one unit (Reduce_scatter's receive-and-reduce, IRR_OPF_REDUCE): charged when
     the round's messages are done, before the next round. The collective's own work, which
     MPI's algorithms pay too, so the network-alone model keeps it. */
  double gamma;
} irr_model;

/* Defaults resembling an InfiniBand EDR cluster and the SMPI platform in bench/: 1.5 us
   latency, 10 GB/s per direction (units = bytes). */
#define IRR_MODEL_ALPHA_DEFAULT 1.5e-6
#define IRR_MODEL_BETA_DEFAULT 1.0e-10
/* The CPU constants: one core of this project's machine (2 cores, x86-64, GCC 12 -O2,
   MPICH 4.0.2), measured by bench/bench_cpu.c (make bench-cpu; README, "The CPU"): a
   generator's op 6.4 ns and a datatype's entry 4.2 ns (cpu_op 6 ns), a datatype made,
   committed and freed 420 ns, a piece moved 1.5 ns an end, the executor's own work 67 ns a
   message (MPI's own is the network's: SMPI's per-message overhead), the choice 0.84 ns a
   size visited. */
#define IRR_MODEL_CPU_MSG_DEFAULT 7.0e-8
#define IRR_MODEL_CPU_PIECE_DEFAULT 2.0e-9
#define IRR_MODEL_CPU_OP_DEFAULT 6.0e-9
#define IRR_MODEL_CPU_TYPE_DEFAULT 4.2e-7
#define IRR_MODEL_CPU_SIZE_DEFAULT 8.4e-10
/* gamma: MPI_Reduce_local of MPI_SUM on int64 and double (bench/bench_cpu.c, the slower of
   the two): 0.045-0.11 ns a byte in cache and 0.075 ns from memory on this machine, in runs
   beside other jobs; 0.1 ns a byte. */
#define IRR_MODEL_GAMMA_DEFAULT 1.0e-10

/* The default model: the network's alpha and beta, the CPU constants. */
static inline irr_model irr_model_default(void) {
  irr_model md;
  md.alpha = IRR_MODEL_ALPHA_DEFAULT, md.beta = IRR_MODEL_BETA_DEFAULT;
  md.cpu_msg = IRR_MODEL_CPU_MSG_DEFAULT, md.cpu_piece = IRR_MODEL_CPU_PIECE_DEFAULT;
  md.cpu_op = IRR_MODEL_CPU_OP_DEFAULT, md.cpu_type = IRR_MODEL_CPU_TYPE_DEFAULT;
  md.cpu_size = IRR_MODEL_CPU_SIZE_DEFAULT;
  md.gamma = IRR_MODEL_GAMMA_DEFAULT;
  return md;
}
/* The model of a call whose counts repeat: no choice, no program and no datatype to build. */
static inline irr_model irr_model_repeat(irr_model md) {
  md.cpu_op = md.cpu_type = md.cpu_size = 0;
  return md;
}
/* The network alone. */
static inline irr_model irr_model_net(irr_model md) {
  md.cpu_msg = md.cpu_piece = md.cpu_op = md.cpu_type = md.cpu_size = 0;
  return md;
}
/* The network alone with this alpha and beta (the model before the CPU term). */
static inline irr_model irr_model_ab(double alpha, double beta) {
  irr_model md = irr_model_net(irr_model_default());
  md.alpha = alpha, md.beta = beta;
  return md;
}

/* The CPU that rank r spends on its program s under md: every op built, every message posted
   and completed, and for a message of several memory pieces its datatype and the pieces
   moved. A message's pieces are its ops (a head and its IRR_OPF_CONT ops), a wrapped op
   two: the blocks of a buffer are taken to lie in rank order, one after the other, so
   pieces of different blocks are not merged (the user's layout is one rank's to know);
   pieces that go on in scratch are (the executor merges them). Copies cost their op only. */
static inline double irr_sched_cpu(const irr_sched *s, irr_model md) {
  double t = md.cpu_op * s->nops;
  int j = 0;
  while (j < s->nops) {
    const irr_op *o = &s->ops[j];
    int k = j + 1, pieces = 1 + ((o->flags & IRR_OPF_WRAP) != 0);
    if (o->kind == IRR_OP_COPY) { j++; continue; }
    for (; k < s->nops && (s->ops[k].flags & IRR_OPF_CONT); k++) /* (scratch that goes on is one piece) */
      pieces += (s->ops[k].buf != IRR_BUF_TMP || s->ops[k - 1].buf != IRR_BUF_TMP ||
                 s->ops[k].off != s->ops[k - 1].off + s->ops[k - 1].len) +
                ((s->ops[k].flags & IRR_OPF_WRAP) != 0);
    t += md.cpu_msg;
    if (pieces > 1) t += md.cpu_type + (pieces - 1) * (md.cpu_piece + md.cpu_op);
    j = k;
  }
  return t;
}

typedef struct irr_cost {
  double time;      /* completion time of the last rank: net + cpu */
  double net;       /* the network's part: the event simulation below */
  double cpu;       /* the CPU's part: the most any rank spends (irr_sched_cpu) */
  int64_t messages; /* messages in all */
  int64_t volume;   /* units sent in all */
  int rounds;       /* most rounds of any rank */
} irr_cost;

typedef struct irr__ev {
  double t;
  int64_t msg; /* global index of the send op */
} irr__ev;

static inline int irr__ev_less(const irr__ev *a, const irr__ev *b) {
  return a->t < b->t || (a->t == b->t && a->msg < b->msg);
}
static inline void irr__heap_push(irr__ev *h, int64_t *n, irr__ev e) {
  int64_t i = (*n)++;
  while (i > 0) {
    int64_t up = (i - 1) / 2;
    if (!irr__ev_less(&e, &h[up])) break;
    h[i] = h[up];
    i = up;
  }
  h[i] = e;
}
static inline irr__ev irr__heap_pop(irr__ev *h, int64_t *n) {
  irr__ev top, e;
  IRRCOLL_ASSERT(*n > 0);
  top = h[0];
  e = h[--(*n)];
  int64_t i = 0;
  for (;;) {
    int64_t c = 2 * i + 1;
    if (c >= *n) break;
    if (c + 1 < *n && irr__ev_less(&h[c + 1], &h[c])) c++;
    if (!irr__ev_less(&h[c], &e)) break;
    h[i] = h[c];
    i = c;
  }
  if (*n > 0) h[i] = e;
  return top;
}

/* per-port min-heap of parked messages, first the one whose send comes earliest in its
   sender's program (then the lower message id): see the tie rule above */
typedef struct irr__parked {
  int64_t pos, msg; /* the send's place in its rank's program; its global index */
} irr__parked;
typedef struct irr__park {
  irr__parked *a;
  int64_t n, cap;
  int wake;   /* a wake-up event for this port is in the event heap */
} irr__park;

static inline int irr__parked_less(irr__parked x, irr__parked y) {
  return x.pos < y.pos || (x.pos == y.pos && x.msg < y.msg);
}
static inline int irr__park_push(irr__park *h, irr__parked v) {
  int64_t i;
  if (h->n == h->cap) {
    int64_t cap = h->cap ? 2 * h->cap : 4;
    irr__parked *a = (irr__parked *)IRRCOLL_MALLOC((size_t)cap * sizeof(irr__parked));
    if (!a) return 0;
    if (h->n) memcpy(a, h->a, (size_t)h->n * sizeof(irr__parked));
    if (h->a) IRRCOLL_FREE(h->a);
    h->a = a;
    h->cap = cap;
  }
  for (i = h->n++; i > 0 && irr__parked_less(v, h->a[(i - 1) / 2]); i = (i - 1) / 2) h->a[i] = h->a[(i - 1) / 2];
  h->a[i] = v;
  return 1;
}
static inline irr__parked irr__park_pop(irr__park *h) {
  irr__parked top = h->a[0], v = h->a[--h->n];
  int64_t i = 0;
  for (;;) {
    int64_t c = 2 * i + 1;
    if (c >= h->n) break;
    if (c + 1 < h->n && irr__parked_less(h->a[c + 1], h->a[c])) c++;
    if (!irr__parked_less(h->a[c], v)) break;
    h->a[i] = h->a[c];
    i = c;
  }
  if (h->n > 0) h->a[i] = v;
  return top;
}

struct irr__sim;
static inline void irr__sim_park(struct irr__sim *S, int64_t port, int64_t msg);

typedef struct irr__sim {
  const irr_sched *s;
  int p;
  irr_model m;
  int64_t *base, *partner;
  double *post;       /* per op: time its round started, < 0 while not posted */
  double *sfree, *rfree, *rend;
  /* per lane of a rank (a = 2r + lane, IRR_OPF_LANE; a program without lanes leaves lane 1
     empty): first op index of its current round, comm ops of it not yet done, its round
     (INT_MAX: done); lane 1 enters its first round past 0 only once lane 0 has finished
     those before it (wait: parked for that), as the MPI executor runs them (mpi/rounds.h) */
  int *pos, *cur, *wait;
  int64_t *left;
  irr__ev *heap;
  int64_t nheap, done, ncomm;
  irr__park *park;    /* 2p ports: 2r = r's send port, 2r+1 = its receive port */
  int32_t *owner;     /* per op: its rank */
  int nomem;
} irr__sim;

/* Park msg at a busy port; make sure the port wakes when it frees. */
static inline void irr__sim_park(irr__sim *S, int64_t port, int64_t msg) {
  irr__park *pk = &S->park[port];
  irr__parked v;
  v.pos = msg - S->base[S->owner[msg]], v.msg = msg;
  if (!irr__park_push(pk, v)) { S->nomem = 1; return; }
  if (!pk->wake) {
    irr__ev w;
    w.t = port % 2 ? S->rfree[port / 2] : S->sfree[port / 2];
    w.msg = -port - 1;
    pk->wake = 1;
    irr__heap_push(S->heap, &S->nheap, w);
  }
}

static inline int irr__sim_lane(const irr_op *o) { return (o->flags & IRR_OPF_LANE) != 0; }

/* Lane a of rank a/2 enters its next round at or after op pos[a] at time t: post its ops,
   pass empty rounds; lane 0's progress may let a parked lane 1 in. */
static inline void irr__sim_enter(irr__sim *S, int a, double t) {
  int r = a / 2, l = a % 2;
  const irr_sched *sc = &S->s[r];
  for (;;) {
    int j = S->pos[a], rd;
    int64_t left = 0;
    while (j < sc->nops && irr__sim_lane(&sc->ops[j]) != l) j++;
    S->pos[a] = j, S->rend[a] = t;
    if (j >= sc->nops) { S->left[a] = -1, S->cur[a] = INT_MAX; break; }
    rd = sc->ops[j].round;
    if (l == 1 && rd > 0 && S->cur[a] <= 0 && S->cur[a - 1] < rd) { S->wait[r] = 1; return; } /* lane 0 is behind */
    S->cur[a] = rd;
    for (; j < sc->nops && sc->ops[j].round == rd; j++) {
      const irr_op *o = &sc->ops[j];
      int64_t g = S->base[r] + j, q;
      if (irr__sim_lane(o) != l || !irr_op_is_head(o)) continue; /* the other lane; copies; pieces that continue a message */
      left++;
      S->post[g] = t;
      q = S->partner[g];
      if (S->post[q] >= 0) { /* both sides posted: a candidate message */
        irr__ev e;
        e.msg = o->kind == IRR_OP_SEND ? g : q;
        e.t = t > S->post[q] ? t : S->post[q];
        irr__heap_push(S->heap, &S->nheap, e);
      }
    }
    S->left[a] = left;
    if (left > 0) break;
    S->pos[a] = j; /* a round of copies only: ends at once */
  }
  if (l == 0 && S->wait[r] && sc->ops[S->pos[a + 1]].round <= S->cur[a]) /* parked at its op pos[a + 1] */
    S->wait[r] = 0, irr__sim_enter(S, a + 1, t > S->rend[a + 1] ? t : S->rend[a + 1]);
}


/* Op g (a message's end at its rank) is done at t. */
static inline void irr__sim_finish_op(irr__sim *S, int64_t g, double t) {
  int r = S->owner[g];
  const irr_sched *sc = &S->s[r];
  int a = 2 * r + irr__sim_lane(&sc->ops[g - S->base[r]]);
  if (t > S->rend[a]) S->rend[a] = t;
  if (--S->left[a] == 0) {
    int j = S->pos[a], rd = sc->ops[j].round;
    int64_t red = 0;
    for (; j < sc->nops && sc->ops[j].round == rd; j++)
      if ((sc->ops[j].flags & IRR_OPF_REDUCE) && irr__sim_lane(&sc->ops[j]) == a % 2) red += sc->ops[j].len;
    S->rend[a] += S->m.gamma * (double)red;
    S->pos[a] = j;
    irr__sim_enter(S, a, S->rend[a]);
  }
}

/* Validate the programs and number their ops (base[r]: rank r's first, base[p]: all);
   separate: the checks that need no memory but base. */
static inline irr_status irr__sim_index(irr__sim *S) {
  const irr_sched *s = S->s;
  int64_t n = 0;
  int r, j, p = S->p;
  S->base = (int64_t *)IRRCOLL_MALLOC(((size_t)p + 1) * sizeof(int64_t));
  if (!S->base) return IRR_ERR_NOMEM;
  for (r = 0; r < p; r++) {
    if (s[r].rank != r || s[r].size != p || s[r].err != IRR_OK) return s[r].err != IRR_OK ? s[r].err : IRR_ERR_ARG;
    S->base[r] = n;
    for (j = 0; j < s[r].nops; j++) {
      if (j > 0 && s[r].ops[j].round < s[r].ops[j - 1].round) return IRR_ERR_ORDER;
      if (irr_op_is_head(&s[r].ops[j])) S->ncomm++;
    }
    n += s[r].nops;
  }
  S->base[p] = n;
  return IRR_OK;
}

/* The simulator's arrays for base[p] ops; separate: every allocation in one place,
   matched by irr__sim_free. */
static inline irr_status irr__sim_alloc(irr__sim *S) {
  int64_t n = S->base[S->p];
  int p = S->p;
  S->partner = (int64_t *)IRRCOLL_MALLOC(((size_t)n + 1) * sizeof(int64_t));
  S->post = (double *)IRRCOLL_MALLOC(((size_t)n + 1) * sizeof(double));
  S->heap = (irr__ev *)IRRCOLL_MALLOC(((size_t)S->ncomm / 2 + 4 * (size_t)p + 1) * sizeof(irr__ev));
  S->park = (irr__park *)IRRCOLL_MALLOC((size_t)p * 2 * sizeof(irr__park));
  S->owner = (int32_t *)IRRCOLL_MALLOC(((size_t)n + 1) * sizeof(int32_t));
  if (S->park) memset(S->park, 0, (size_t)p * 2 * sizeof(irr__park));
  S->sfree = (double *)IRRCOLL_MALLOC((size_t)p * 4 * sizeof(double));
  S->pos = (int *)IRRCOLL_MALLOC((size_t)p * 5 * sizeof(int));
  S->left = (int64_t *)IRRCOLL_MALLOC((size_t)p * 2 * sizeof(int64_t));
  if (!S->partner || !S->post || !S->heap || !S->sfree || !S->pos || !S->left || !S->park || !S->owner)
    return IRR_ERR_NOMEM;
  S->cur = S->pos + 2 * (size_t)p, S->wait = S->pos + 4 * (size_t)p;
  S->rfree = S->sfree + p;
  S->rend = S->sfree + 2 * (size_t)p;
  return IRR_OK;
}

/* Free whatever irr__sim_index and irr__sim_alloc got; separate: irr_sched_cost's one exit. */
static inline void irr__sim_free(irr__sim *S) {
  int r;
  if (S->base) IRRCOLL_FREE(S->base);
  if (S->partner) IRRCOLL_FREE(S->partner);
  if (S->post) IRRCOLL_FREE(S->post);
  if (S->heap) IRRCOLL_FREE(S->heap);
  if (S->sfree) IRRCOLL_FREE(S->sfree);
  if (S->pos) IRRCOLL_FREE(S->pos);
  if (S->left) IRRCOLL_FREE(S->left);
  if (S->owner) IRRCOLL_FREE(S->owner);
  if (S->park) {
    for (r = 0; r < 2 * S->p; r++)
      if (S->park[r].a) IRRCOLL_FREE(S->park[r].a);
    IRRCOLL_FREE(S->park);
  }
}

/* Pair sends with receives (equal lengths), count into out (optional), reset the clocks;
   separate: everything before the first event. */
static inline irr_status irr__sim_pair(irr__sim *S, irr_cost *out) {
  const irr_sched *s = S->s;
  int64_t n = S->base[S->p], g;
  int r, j, p = S->p;
  irr_status st = irr__sched_match(s, p, S->base, S->partner);
  if (st != IRR_OK) return st;
  for (r = 0; r < p; r++)
    for (j = 0; j < s[r].nops; j++) S->owner[S->base[r] + j] = r;
  for (r = 0; r < p; r++)
    for (j = 0; j < s[r].nops; j++) {
      const irr_op *o = &s[r].ops[j];
      if (o->kind == IRR_OP_SEND) {
        const irr_op *q;
        g = S->partner[S->base[r] + j];
        q = &s[o->peer].ops[g - S->base[o->peer]];
        if (irr_op_msglen(q) != irr_op_msglen(o)) return IRR_ERR_MISMATCH;
        if (out) { out->messages += irr_op_is_head(o); out->volume += irr_op_msglen(o); }
      }
    }
  for (g = 0; g < n; g++) S->post[g] = -1.0;
  for (r = 0; r < p; r++) {
    S->sfree[r] = S->rfree[r] = S->rend[2 * r] = S->rend[2 * r + 1] = 0.0;
    S->pos[2 * r] = S->pos[2 * r + 1] = 0, S->cur[2 * r] = S->cur[2 * r + 1] = -1, S->wait[r] = 0;
    if (out && s[r].nrounds > out->rounds) out->rounds = s[r].nrounds;
  }
  return IRR_OK;
}

/* Event: port -e.msg-1 freed at e.t; wake its first parked message whose other port is
   free too. Separate: the woken message then goes through irr__sim_start. */
static inline void irr__sim_wake(irr__sim *S, irr__ev e) {
  int64_t port = -e.msg - 1;
  double t = e.t, *pf = port % 2 ? &S->rfree[port / 2] : &S->sfree[port / 2];
  irr__park *pk = &S->park[port];
  pk->wake = 0;
  if (*pf > e.t) { /* taken meanwhile: wake again when it frees */
    if (pk->n > 0) {
      e.t = *pf;
      pk->wake = 1;
      irr__heap_push(S->heap, &S->nheap, e);
    }
    return;
  }
  while (pk->n > 0) {
    int64_t pm = irr__park_pop(pk).msg;
    int s2 = S->owner[pm], d2 = S->s[s2].ops[pm - S->base[s2]].peer;
    double other = port % 2 ? S->sfree[s2] : S->rfree[d2];
    if (other > e.t) { /* its other port is busy: park it there instead */
      irr__sim_park(S, port % 2 ? 2 * (int64_t)s2 : 2 * (int64_t)d2 + 1, pm);
      continue;
    }
    e.t = t;
    e.msg = pm;
    irr__heap_push(S->heap, &S->nheap, e);
    break;
  }
}

/* Event: message msg (its send's global index) may start at t: it runs if both ports are
   free, else parks at the later one. Separate: the model's one cost rule. */
static inline void irr__sim_start(irr__sim *S, int64_t msg, double t) {
  int src = S->owner[msg], dst;
  const irr_op *o = &S->s[src].ops[msg - S->base[src]];
  double fin;
  int64_t ports[2], k;
  dst = o->peer;
  if (S->sfree[src] > t || S->rfree[dst] > t) { /* a port is busy: park at the later one */
    irr__sim_park(S, S->rfree[dst] >= S->sfree[src] ? 2 * (int64_t)dst + 1 : 2 * (int64_t)src, msg);
    return;
  }
  fin = t + S->m.alpha + S->m.beta * (double)irr__msg_len(S->s[src].ops, (int)(msg - S->base[src]), S->s[src].nops);
  S->sfree[src] = S->rfree[dst] = fin;
  S->done += 2;
  ports[0] = 2 * (int64_t)src; /* a port that still has parked messages wakes when this one ends */
  ports[1] = 2 * (int64_t)dst + 1;
  for (k = 0; k < 2; k++)
    if (S->park[ports[k]].n > 0 && !S->park[ports[k]].wake) {
      irr__ev w;
      w.t = fin;
      w.msg = -ports[k] - 1;
      S->park[ports[k]].wake = 1;
      irr__heap_push(S->heap, &S->nheap, w);
    }
  irr__sim_finish_op(S, msg, fin);
  irr__sim_finish_op(S, S->partner[msg], fin);
}

/* Completion time of the programs s[0..p-1] (s[r].rank == r) under model m: the network's
   (the simulation) plus the CPU's (the most any rank spends, irr_sched_cpu: added, since a
   rank builds its program before its first message and each datatype before posting it).
   rank_time, if not NULL, receives each rank's: its network time plus its CPU. */
static inline irr_status irr_sched_cost(const irr_sched *s, int p, irr_model m, irr_cost *out,
                                        double *rank_time) {
  irr__sim S;
  irr_status st;
  int r;
  memset(&S, 0, sizeof S);
  S.s = s;
  S.p = p;
  S.m = m;
  if (out) memset(out, 0, sizeof *out);
  if (p <= 0) return IRR_ERR_ARG;
  if ((st = irr__sim_index(&S)) != IRR_OK || (st = irr__sim_alloc(&S)) != IRR_OK ||
      (st = irr__sim_pair(&S, out)) != IRR_OK)
    goto out;
  for (r = 0; r < p; r++) irr__sim_enter(&S, 2 * r, 0.0), irr__sim_enter(&S, 2 * r + 1, 0.0);
  while (S.nheap > 0 && !S.nomem) {
    irr__ev e = irr__heap_pop(S.heap, &S.nheap);
    if (e.msg < 0) irr__sim_wake(&S, e);
    else irr__sim_start(&S, e.msg, e.t);
  }
  if (S.nomem) { st = IRR_ERR_NOMEM; goto out; }
  if (S.done != S.ncomm) { st = IRR_ERR_DEADLOCK; goto out; }
  for (r = 0; r < p; r++) {
    double c = irr_sched_cpu(&s[r], m), e = S.rend[2 * r] > S.rend[2 * r + 1] ? S.rend[2 * r] : S.rend[2 * r + 1];
    if (out && e > out->net) out->net = e;
    if (out && c > out->cpu) out->cpu = c;
    if (rank_time) rank_time[r] = e + c;
  }
  if (out) out->time = out->net + out->cpu;
out:
  irr__sim_free(&S);
  return st;
}
