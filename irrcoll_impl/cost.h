/* Cost model: completion time of the programs of all p ranks in the single-ported,
   full-duplex linear model (Träff 2017, Section 1; DESIGN.md §3).

   A message of m units costs alpha + beta*m. A rank sends one and receives one message at a
   time (both at once). A message can start once both its send and its receive are posted
   (their rounds have started) and both ports are free; among the messages that can start,
   the one that can start earliest goes first (ties: lower sender, then program order), so no
   port idles while a message for it is ready. A round ends when all its messages have
   ended (copies are free); the next round then starts. The result is the time the last rank
   ends its last round.

   Cost: O(n log n) for n ops in all (a binary heap of candidate messages); p = 2^16 tree
   schedules take a few tens of milliseconds. Reports IRR_ERR_DEADLOCK if some message can
   never start, IRR_ERR_UNMATCHED/IRR_ERR_MISMATCH if sends and receives do not pair up with
   equal lengths. */

typedef struct irr_model {
  double alpha; /* seconds per message */
  double beta;  /* seconds per unit */
} irr_model;

/* Defaults resembling an InfiniBand EDR cluster and the SMPI platform in bench/: 1.5 us
   latency, 10 GB/s per direction (units = bytes). */
#define IRR_MODEL_ALPHA_DEFAULT 1.5e-6
#define IRR_MODEL_BETA_DEFAULT 1.0e-10

typedef struct irr_cost {
  double time;      /* completion time of the last rank */
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
  irr__ev top = h[0], e = h[--(*n)];
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

typedef struct irr__sim {
  const irr_sched *s;
  int p;
  irr_model m;
  int64_t *base, *partner;
  double *post;       /* per op: time its round started, < 0 while not posted */
  double *sfree, *rfree, *rstart, *rend;
  int *round, *pos;   /* per rank: current round and first op index of it */
  int64_t *left;      /* per rank: comm ops of the current round not yet done */
  irr__ev *heap;
  int64_t nheap, done, ncomm;
} irr__sim;

/* Rank r enters the round at s[r].ops[pos[r]] at time t: post its ops, pass empty rounds. */
static inline void irr__sim_enter(irr__sim *S, int r, double t) {
  const irr_sched *sc = &S->s[r];
  for (;;) {
    int j = S->pos[r], rd;
    int64_t left = 0;
    if (j >= sc->nops) { S->rend[r] = t; S->left[r] = -1; return; }
    rd = sc->ops[j].round;
    S->round[r] = rd;
    S->rstart[r] = t;
    S->rend[r] = t;
    for (; j < sc->nops && sc->ops[j].round == rd; j++) {
      const irr_op *o = &sc->ops[j];
      int64_t g = S->base[r] + j, q;
      if (o->kind == IRR_OP_COPY) continue;
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
    S->left[r] = left;
    if (left > 0) return;
    S->pos[r] = j; /* a round of copies only: ends at once */
  }
}

static inline int irr__sim_rank_of(const irr__sim *S, int64_t g) {
  int lo = 0, hi = S->p - 1;
  while (lo < hi) {
    int mid = lo + (hi - lo + 1) / 2;
    if (S->base[mid] <= g) lo = mid; else hi = mid - 1;
  }
  return lo;
}

static inline void irr__sim_finish_op(irr__sim *S, int r, double t) {
  if (t > S->rend[r]) S->rend[r] = t;
  if (--S->left[r] == 0) {
    const irr_sched *sc = &S->s[r];
    int j = S->pos[r], rd = sc->ops[j].round;
    while (j < sc->nops && sc->ops[j].round == rd) j++;
    S->pos[r] = j;
    irr__sim_enter(S, r, S->rend[r]);
  }
}

/* Completion time of the programs s[0..p-1] (s[r].rank == r) under model m. rank_time, if not
   NULL, receives each rank's completion time. */
static inline irr_status irr_sched_cost(const irr_sched *s, int p, irr_model m, irr_cost *out,
                                        double *rank_time) {
  irr__sim S;
  irr_status st = IRR_OK;
  int64_t n = 0, g;
  int r, j;
  memset(&S, 0, sizeof S);
  S.s = s;
  S.p = p;
  S.m = m;
  if (out) memset(out, 0, sizeof *out);
  if (p <= 0) return IRR_ERR_ARG;
  S.base = (int64_t *)IRRCOLL_MALLOC(((size_t)p + 1) * sizeof(int64_t));
  if (!S.base) return IRR_ERR_NOMEM;
  for (r = 0; r < p; r++) {
    if (s[r].rank != r || s[r].size != p || s[r].err != IRR_OK) {
      st = s[r].err != IRR_OK ? s[r].err : IRR_ERR_ARG;
      goto out;
    }
    S.base[r] = n;
    for (j = 0; j < s[r].nops; j++) {
      if (j > 0 && s[r].ops[j].round < s[r].ops[j - 1].round) { st = IRR_ERR_ORDER; goto out; }
      if (s[r].ops[j].kind != IRR_OP_COPY) S.ncomm++;
    }
    n += s[r].nops;
  }
  S.base[p] = n;
  S.partner = (int64_t *)IRRCOLL_MALLOC(((size_t)n + 1) * sizeof(int64_t));
  S.post = (double *)IRRCOLL_MALLOC(((size_t)n + 1) * sizeof(double));
  S.heap = (irr__ev *)IRRCOLL_MALLOC(((size_t)S.ncomm / 2 + 1) * sizeof(irr__ev));
  S.sfree = (double *)IRRCOLL_MALLOC((size_t)p * 4 * sizeof(double));
  S.round = (int *)IRRCOLL_MALLOC((size_t)p * 2 * sizeof(int));
  S.left = (int64_t *)IRRCOLL_MALLOC((size_t)p * sizeof(int64_t));
  if (!S.partner || !S.post || !S.heap || !S.sfree || !S.round || !S.left) {
    st = IRR_ERR_NOMEM;
    goto out;
  }
  S.rfree = S.sfree + p;
  S.rstart = S.sfree + 2 * (size_t)p;
  S.rend = S.sfree + 3 * (size_t)p;
  S.pos = S.round + p;
  st = irr__sched_match(s, p, S.base, S.partner);
  if (st != IRR_OK) goto out;
  for (r = 0; r < p; r++)
    for (j = 0; j < s[r].nops; j++) {
      const irr_op *o = &s[r].ops[j];
      if (o->kind == IRR_OP_SEND) {
        const irr_op *q;
        g = S.partner[S.base[r] + j];
        q = &s[o->peer].ops[g - S.base[o->peer]];
        if (q->len != o->len) { st = IRR_ERR_MISMATCH; goto out; }
        if (out) { out->messages++; out->volume += o->len; }
      }
    }
  for (g = 0; g < n; g++) S.post[g] = -1.0;
  for (r = 0; r < p; r++) {
    S.sfree[r] = S.rfree[r] = 0.0;
    S.pos[r] = 0;
    if (out && s[r].nrounds > out->rounds) out->rounds = s[r].nrounds;
  }
  for (r = 0; r < p; r++) irr__sim_enter(&S, r, 0.0);
  while (S.nheap > 0) {
    irr__ev e = irr__heap_pop(S.heap, &S.nheap);
    int src = irr__sim_rank_of(&S, e.msg);
    const irr_op *o = &s[src].ops[e.msg - S.base[src]];
    int dst = o->peer;
    double t = e.t, fin;
    if (S.sfree[src] > t) t = S.sfree[src];
    if (S.rfree[dst] > t) t = S.rfree[dst];
    if (t > e.t) { /* a port got busy meanwhile: try again when it is free */
      e.t = t;
      irr__heap_push(S.heap, &S.nheap, e);
      continue;
    }
    fin = t + m.alpha + m.beta * (double)o->len;
    S.sfree[src] = S.rfree[dst] = fin;
    S.done += 2;
    irr__sim_finish_op(&S, src, fin);
    irr__sim_finish_op(&S, dst, fin);
  }
  if (S.done != S.ncomm) { st = IRR_ERR_DEADLOCK; goto out; }
  for (r = 0; r < p; r++) {
    if (out && S.rend[r] > out->time) out->time = S.rend[r];
    if (rank_time) rank_time[r] = S.rend[r];
  }
out:
  if (S.base) IRRCOLL_FREE(S.base);
  if (S.partner) IRRCOLL_FREE(S.partner);
  if (S.post) IRRCOLL_FREE(S.post);
  if (S.heap) IRRCOLL_FREE(S.heap);
  if (S.sfree) IRRCOLL_FREE(S.sfree);
  if (S.round) IRRCOLL_FREE(S.round);
  if (S.left) IRRCOLL_FREE(S.left);
  return st;
}
