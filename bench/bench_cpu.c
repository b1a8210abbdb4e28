/* bench_cpu.c - the CPU a rank spends on a call, timed on one thread of this machine (a thread
 * CPU clock), against the model's CPU term (irr_model's cpu_* constants) and the chosen
 * algorithm's model time (DESIGN.md §3 and §7: "the CPU is part of the cost").
 *
 * 1. Calibration: the constants the model uses, measured here (MPICH, one process):
 *      op     a generator's op (ring and Bruck programs of rank 0)
 *      walk   the circulant generator's visit of a root, in cpu_size units (IRR_CIRC_WALK)
 *      type   a derived datatype made, committed and freed; its entries (cpu_op each)
 *      msg    the executor's own work per message (irrcoll's programs of self messages,
 *             less MPI's own Isend/Irecv/Waitall of the same messages)
 *      head   the direct Gatherv root's own work per head (irr__v_root_heads on self
 *             messages, less MPI's own; IRR_V_HEAD_MSG cpu_msg in the model)
 *      piece  moving one more piece of a message (a typed send and receive over a contiguous one)
 *      size   the Allgatherv choice, per size visited (irr_ag_circ.units)
 *    and the header's defaults beside them.
 * 2. The table: per entry point, p = 16 .. 65536, random skewed sizes of 1 KiB average (seed
 *    20261127; Alltoallv: 64 B a pair), one rank's validate (the counts widened), choose,
 *    plan (its program) and datatype set-up (a datatype for every message of several
 *    pieces), new counts, and with repeated counts (the key's hash: the plan is kept); the
 *    model's CPU term for the same, and the chosen algorithm's model time. Gatherv and
 *    Scatterv: the root (their busiest rank); the trees above 64 ranks built centrally for
 *    all ranks, divided by p (the construction's messages are network time).
 * 3. The prediction: Allgatherv on 400 draws nobody tuned on (irrt_skew, p = 64 .. 4096, 4 B ..
 *    1 MiB average): the model's CPU term over the measured choose + plan + set-up, worst
 *    cells; and the choice alone against its budget max(5 us, 20 ns p, 10% of the chosen
 *    algorithm's model time).
 * 4. Reduce_scatter's choice (irr_reduce_scatter_choose, run on every call with new counts):
 *    p = 64 .. 16384, commutative and in rank order, RS_DRAWS draws each of new counts (five
 *    patterns in turn: test/dist.h's irrt_rs regular, half, zipf, sparse, and irrt_skew's random
 *    empty fractions and power laws; 8 B .. 1 MiB of int64 a rank on average, log-uniform); one
 *    call timed at a time, the block starts made first (the MPI layer's validate makes them):
 *    the median, the 99th percentile and the worst against the budget max(5 us, 20 ns p), the
 *    calls over it and over max(that, 10% of the chosen algorithm's estimate); the model's CPU
 *    of the choice (the work it counts, as the MPI layer charges it) over the measured, less a
 *    clock read. A single call's time is noisy here (the host's interrupts: 10 us spikes in
 *    the 99th percentile on some runs). Seed: $SEED,
 *    else drawn (printed). Then the guarded choice on the same draws (the interception
 *    library's default: irr_reduce_scatter_native_first, _native_bound, then
 *    irr_reduce_scatter_guard): the same statistics, and how many calls it hands to MPI.
 * CSV on stdout ('#@key=value' header), the summary on stderr. Run with one process:
 * `mpiexec -n 1 build/bench_cpu` (make bench-cpu); `build/bench_cpu rs`: part 4 alone. */
#define _POSIX_C_SOURCE 200809L
#define IRRCOLL_IMPLEMENTATION
#include "irrcoll.h"
#include "../test/dist.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static double now(void) {
  struct timespec t;
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
  return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

/* ---- the executor's datatype set-up, as it runs it: one datatype per message of several
   pieces (the pieces as irr_sched_cpu counts them), entries at distinct addresses ---- */
static char arena[1 << 16];
static int *bl_;
static MPI_Aint *dp_;
static int cap_;
static int msg_pieces(const irr_sched *s, int j, int *next) {
  int k = j + 1, n = 1 + ((s->ops[j].flags & IRR_OPF_WRAP) != 0);
  for (; k < s->nops && (s->ops[k].flags & IRR_OPF_CONT); k++) n += 1 + ((s->ops[k].flags & IRR_OPF_WRAP) != 0);
  *next = k;
  return n;
}
static void setup_types(const irr_sched *s, int *types, int64_t *entries) {
  int j = 0, i;
  *types = 0, *entries = 0;
  while (j < s->nops) {
    int next, n;
    if (s->ops[j].kind == IRR_OP_COPY) { j++; continue; }
    n = msg_pieces(s, j, &next);
    if (n > 1) {
      MPI_Datatype t;
      if (n > cap_) {
        cap_ = 2 * n;
        bl_ = (int *)realloc(bl_, (size_t)cap_ * sizeof(int)), dp_ = (MPI_Aint *)realloc(dp_, (size_t)cap_ * sizeof(MPI_Aint));
      }
      for (i = 0; i < n; i++) bl_[i] = 8, MPI_Get_address(arena + (size_t)(i % 4096) * 16, &dp_[i]);
      MPI_Type_create_hindexed(n, bl_, dp_, MPI_BYTE, &t);
      MPI_Type_commit(&t);
      MPI_Type_free(&t);
      ++*types, *entries += n - 1;
    }
    j = next;
  }
}

/* ---- 1. calibration ---- */
/* gamma: MPI_Reduce_local of MPI_SUM over n int64 and n double, seconds a byte: the larger
   of the two; n = 4096 (32 KiB, in cache, as a small round's pieces are) and n = 2^21
   (16 MiB, from memory, as large vectors are: where gamma matters). */
static double calibrate_gamma(int64_t n) {
  int64_t *a = (int64_t *)malloc((size_t)n * 8), *b = (int64_t *)malloc((size_t)n * 8);
  double *x = (double *)malloc((size_t)n * 8), *y = (double *)malloc((size_t)n * 8), best = 0, t0, t;
  int64_t i;
  int k, r, reps = (int)(8e7 / (double)n) + 1;
  for (i = 0; i < n; i++) a[i] = i, b[i] = 3 * i, x[i] = (double)i, y[i] = 0.5 * (double)i;
  for (k = 0; k < 2; k++) {
    void *in = k ? (void *)x : (void *)a, *io = k ? (void *)y : (void *)b;
    MPI_Datatype dt = k ? MPI_DOUBLE : MPI_INT64_T;
    MPI_Reduce_local(in, io, (int)n, dt, MPI_SUM);
    t0 = now();
    for (r = 0; r < reps; r++) MPI_Reduce_local(in, io, (int)n, dt, MPI_SUM);
    t = (now() - t0) / reps / (8.0 * (double)n);
    if (t > best) best = t;
  }
  free(a), free(b), free(x), free(y);
  return best;
}

typedef struct { double op, walk, type, entry, msg, mpimsg, head, piece, size, gamma, gamma_cache; } calib;

static double fit_slope(const double *x, const double *y, int n, double *icpt) {
  double sx = 0, sy = 0, sxx = 0, sxy = 0, b;
  int i;
  for (i = 0; i < n; i++) sx += x[i], sy += y[i], sxx += x[i] * x[i], sxy += x[i] * y[i];
  b = (n * sxy - sx * sy) / (n * sxx - sx * sx);
  *icpt = (sy - b * sx) / n;
  return b;
}

static void calibrate(calib *C) {
  irr_model md = irr_model_default();
  int p = 4096, reps, i, k;
  int64_t *m = (int64_t *)malloc((size_t)p * sizeof(int64_t));
  double *w = (double *)malloc((size_t)p * sizeof(double)), t0, t, ops = 0;
  irr_op *ops_a = (irr_op *)malloc(200000 * sizeof(irr_op));
  int *ring = (int *)malloc((size_t)(p + 1) * sizeof(int));
  irrt_rng rng = {42};
  void *work = malloc(IRR_AG_WORK(p) * 8);
  irr_sched s;
  /* op: rank 0's ring (blocks of 256 B: thousands of ops) and Bruck programs */
  irrt_skew(&rng, p, 1024, m, w);
  for (i = 0; i < p; i++) ring[i] = i;
  t0 = now();
  for (reps = 0; reps < 200; reps++) {
    irr_sched_init(&s, 0, p, ops_a, 200000);
    irr_allgatherv_ring(0, p, m, 256, ring, 0, &s);
    ops += s.nops;
    irr_sched_init(&s, 0, p, ops_a, 200000);
    irr_allgatherv_bruck(p, 0, m, 0, 0, &s);
    ops += s.nops;
  }
  C->op = (now() - t0) / ops;
  /* walk: the circulant generator (table given) less its ops */
  {
    int pc = 1024, n = 8, *fl = (int *)malloc((size_t)pc * sizeof(int));
    const int *R = irr__circ_work_table(pc, work);
    double tt, nops = 0;
    irrt_skew(&rng, pc, 1024, m, w);
    t0 = now();
    for (reps = 0; reps < 20; reps++) {
      irr_sched_init(&s, 0, pc, ops_a, 200000);
      irr_allgatherv_circulant_t(0, pc, m, n, R, fl, 0, &s);
      nops += s.nops;
    }
    tt = (now() - t0) / 20;
    C->walk = (tt - C->op * nops / 20) / (2.0 * pc * (n - 1 + irr_circ_q(pc))) / md.cpu_size;
    free(fl);
  }
  /* type and entry: made, committed, freed, k entries */
  {
    double x[8], y[8];
    int ks[8] = {2, 4, 8, 16, 64, 128, 512, 1024};
    bl_ = (int *)malloc(1024 * sizeof(int)), dp_ = (MPI_Aint *)malloc(1024 * sizeof(MPI_Aint)), cap_ = 1024;
    for (k = 0; k < 8; k++) {
      int n = ks[k];
      for (i = 0; i < n; i++) bl_[i] = 8, MPI_Get_address(arena + (size_t)i * 16, &dp_[i]);
      reps = 20000 / n + 100;
      t0 = now();
      for (i = 0; i < reps; i++) {
        MPI_Datatype dt;
        MPI_Type_create_hindexed(n, bl_, dp_, MPI_BYTE, &dt);
        MPI_Type_commit(&dt);
        MPI_Type_free(&dt);
      }
      x[k] = n - 1, y[k] = (now() - t0) / reps;
    }
    C->entry = fit_slope(x, y, 8, &C->type);
  }
  /* piece: a typed send and receive (to self) over a contiguous one, per piece beyond one */
  {
    double x[5], y[5];
    int ks[5] = {2, 8, 64, 256, 1024};
    static char rb[1 << 16];
    MPI_Status st2[2];
    for (k = 0; k < 5; k++) {
      int n = ks[k];
      double tc, td;
      MPI_Datatype dt;
      for (i = 0; i < n; i++) bl_[i] = 8, MPI_Get_address(arena + (size_t)i * 16, &dp_[i]);
      MPI_Type_create_hindexed(n, bl_, dp_, MPI_BYTE, &dt);
      MPI_Type_commit(&dt);
      reps = 20000 / n + 200;
      t0 = now();
      for (i = 0; i < reps; i++) {
        MPI_Request q[2];
        MPI_Irecv(rb, 8 * n, MPI_BYTE, 0, 1, MPI_COMM_SELF, &q[0]);
        MPI_Isend(MPI_BOTTOM, 1, dt, 0, 1, MPI_COMM_SELF, &q[1]);
        MPI_Waitall(2, q, st2);
      }
      td = (now() - t0) / reps;
      t0 = now();
      for (i = 0; i < reps; i++) {
        MPI_Request q[2];
        MPI_Irecv(rb, 8 * n, MPI_BYTE, 0, 1, MPI_COMM_SELF, &q[0]);
        MPI_Isend(arena, 8 * n, MPI_BYTE, 0, 1, MPI_COMM_SELF, &q[1]);
        MPI_Waitall(2, q, st2);
      }
      tc = (now() - t0) / reps;
      MPI_Type_free(&dt);
      x[k] = n - 1, y[k] = td - tc;
    }
    C->piece = fit_slope(x, y, 5, &t) / 2; /* both ends */
  }
  /* msg: irrcoll's executor on a program of 2 k self messages, less MPI's own */
  {
    int nm = 256;
    irr__buf vb, ob;
    irr__exec X;
    int64_t cnt[1] = {8 * 512}, dsp[1] = {0};
    static char buf[8 * 512], sbuf[8 * 512];
    double te, tm;
    memset(&vb, 0, sizeof vb), memset(&ob, 0, sizeof ob);
    vb.v = 1, vb.p = 1, vb.base = buf, vb.counts = cnt, vb.displs = dsp, vb.dt.size = 1, vb.dt.extent = 1, vb.dt.contig = 1;
    ob = vb, ob.base = sbuf;
    irr_sched_init(&s, 0, 1, ops_a, 200000);
    for (i = 0; i < nm; i++) {
      irr_sched_push(&s, 1, IRR_OP_RECV, 0, IRR_BUF_RECV, 0, IRR_BUF_NONE, 0, 0, 1, 8 * i, 8);
      irr_sched_push(&s, 1, IRR_OP_SEND, 0, IRR_BUF_SEND, 0, IRR_BUF_NONE, 0, 0, 1, 8 * i, 8);
    }
    reps = 200;
    t0 = now();
    for (k = 0; k < reps; k++) {
      memset(&X, 0, sizeof X);
      X.s = &s, X.buf[IRR_BUF_RECV] = &vb, X.buf[IRR_BUF_SEND] = &ob, X.comm = MPI_COMM_SELF, X.tag = 3;
      irr__exec_run(&X);
    }
    te = (now() - t0) / reps / (2 * nm);
    t0 = now();
    for (k = 0; k < reps; k++) {
      MPI_Request *q = (MPI_Request *)malloc(2 * (size_t)nm * sizeof(MPI_Request));
      MPI_Status st[512];
      for (i = 0; i < nm; i++) MPI_Irecv(buf + 8 * i, 8, MPI_BYTE, 0, 3, MPI_COMM_SELF, &q[i]);
      for (i = 0; i < nm; i++) MPI_Isend(sbuf + 8 * i, 8, MPI_BYTE, 0, 3, MPI_COMM_SELF, &q[nm + i]);
      MPI_Waitall(2 * nm, q, st);
      free(q);
    }
    tm = (now() - t0) / reps / (2 * nm);
    C->msg = te - tm, C->mpimsg = tm;
  }
  /* head: the direct Gatherv root's run of its heads (irr__v_root_heads) on 63 self messages
     of 8 B blocks, less MPI's own Irecv/Waitall of the same messages */
  {
    int nm = 63, reps = 400, j;
    static int64_t m3[3 * 63];
    static char ub[8 * 63], hb[16 * 63], rb[16 * 63];
    MPI_Request q[63];
    MPI_Status hst[63];
    irr__vstate V;
    irr__ctx *ctx = NULL;
    double te, tm;
    irr__ctx_get(MPI_COMM_SELF, &ctx);
    irr_sched_init(&s, 0, nm, ops_a, 200000);
    for (i = 0; i < nm; i++) {
      int64_t c = 8, slot = s.tmp;
      m3[i] = m3[nm + i] = 8, m3[2 * nm + i] = 8 * i;
      memcpy(hb + 16 * i, &c, 8);
      s.tmp += 8 + IRR_HEAD_ROOM;
      irr_sched_recv(&s, 0, 0, IRR_BUF_TMP, slot + 8, i, i + 1, 8); /* (from itself: peer 0) */
      s.ops[s.nops - 1].flags = IRR_OPF_COUNTS | IRR_OPF_ROOM;
      irr_sched_copy(&s, 0, IRR_BUF_TMP, slot + 8, IRR_BUF_RECV, 0, i, i + 1, 8);
    }
    memset(&V, 0, sizeof V);
    V.ctx = ctx, V.isroot = 1, V.p = nm, V.tag = 10, V.ob.discard = 1;
    V.vb.v = 1, V.vb.p = nm, V.vb.base = ub, V.vb.counts = m3 + nm, V.vb.displs = m3 + 2 * nm;
    V.vb.dt.size = V.vb.dt.extent = 1, V.vb.dt.contig = 1, V.vb.dt.type = MPI_BYTE;
    for (j = 0; j < 5; j++) { /* alternated, the least of each: this host's noise is one-sided */
      double t1;
      t0 = now();
      for (k = 0; k < reps; k++) {
        for (i = 0; i < nm; i++) MPI_Isend(hb + 16 * i, 16, MPI_BYTE, 0, V.tag + 1, ctx->pc, &q[i]);
        irr__v_root_heads(&V, &s);
        MPI_Waitall(nm, q, hst);
      }
      t1 = (now() - t0) / reps / nm;
      te = j == 0 || t1 < te ? t1 : te;
      t0 = now();
      for (k = 0; k < reps; k++) {
        MPI_Request r[63];
        for (i = 0; i < nm; i++) MPI_Isend(hb + 16 * i, 16, MPI_BYTE, 0, V.tag + 1, ctx->pc, &q[i]);
        for (i = 0; i < nm; i++) MPI_Irecv(rb + 16 * i, 16, MPI_BYTE, 0, V.tag + 1, ctx->pc, &r[i]);
        MPI_Waitall(nm, r, hst);
        MPI_Waitall(nm, q, hst);
      }
      t1 = (now() - t0) / reps / nm;
      tm = j == 0 || t1 < tm ? t1 : tm;
    }
    C->head = te - tm;
  }
  /* size: the Allgatherv choice's work, per size visited */
  {
    double units = 0, tt = 0;
    irr_ag_circ cc;
    static irr_circ_sum cs;
    int64_t B;
    memset(&cc, 0, sizeof cc);
    cc.sum = &cs;
    irrt_skew(&rng, p, 1024, m, w);
    cc.R = irr__circ_work_table(p, work); /* kept, as the context keeps it */
    {
      int *Rk = (int *)malloc((size_t)p * irr_circ_q(p) * sizeof(int));
      memcpy(Rk, cc.R, (size_t)p * irr_circ_q(p) * sizeof(int));
      cc.R = Rk;
      irr_circ_summarize(p, Rk, 1, cc.sum);
    }
    for (k = 0; k < 200; k++) {
      irrt_skew(&rng, p, exp(irrt_urand(&rng) * log(65536.0)), m, w);
      cc.units = 0;
      t0 = now();
      irr_allgatherv_choose_x(IRR_ALG_AUTO, p, m, md, NULL, &B, work, &cc);
      tt += now() - t0, units += cc.units;
    }
    C->size = tt / units;
    free((void *)cc.R);
  }
  free(m), free(w), free(ops_a), free(ring), free(work);
}

/* ---- 2. the table ---- */
typedef struct { double validate, choose, plan, setup, repeat, model_cpu, model_time, mv, mc, mp, ms, model_cal; const char *alg; int ops, types; } row;
/* The model's CPU constants as measured in part 1 (cal_ok once they are), for the prediction
   re-priced: how well the model's counts of work predict, apart from how far this machine's
   speed today is from the constants' (their measurements here have varied up to 2x between
   days: a datatype 420 ns when they were set, 143-296 ns since). */
static irr_model cal_md;
static double cal_entry;
static int cal_ok;

/* Allgatherv, rank 0: widen the counts, choose (the circulant table kept per communicator:
   not timed), plan, set up; repeated: the key's hash. The buffers are the caller's, kept
   across calls as the context keeps them (a first call also pays their pages' first touch:
   `first` in the table). */
typedef struct { int64_t *c64; int *cnt, *dsp, *ring, *fl; irr_op *ops; int64_t cap; void *work; } bufs;
static void bufs_make(bufs *b, int p) {
  b->c64 = (int64_t *)malloc((size_t)p * 3 * sizeof(int64_t));
  b->cnt = (int *)malloc((size_t)p * sizeof(int)), b->dsp = (int *)malloc((size_t)p * sizeof(int));
  b->ring = (int *)malloc((size_t)(p + 1) * sizeof(int)), b->fl = (int *)malloc((size_t)(p + 1) * sizeof(int));
  b->work = malloc(IRR_AG_WORK(p) * 8), b->ops = NULL, b->cap = 0;
}
static void bufs_free(bufs *b) { free(b->c64), free(b->cnt), free(b->dsp), free(b->ring), free(b->fl), free(b->work), free(b->ops); }

/* The time of `body` run `reps` times, per run: the best of five trials (this machine's clock
   reads cost about 1 us, and a trial may be preempted). */
#define TIMED(dst, body)                                \
  do {                                                  \
    int tr_, k_;                                        \
    double best_ = 1e30, t_;                            \
    for (tr_ = 0; tr_ < 5; tr_++) {                     \
      t_ = now();                                       \
      for (k_ = 0; k_ < reps; k_++) { body; }           \
      t_ = (now() - t_) / reps;                         \
      best_ = t_ < best_ ? t_ : best_;                  \
    }                                                   \
    dst = best_;                                        \
  } while (0)

static void ag_row(int p, const int64_t *m, irr_model md, row *R, bufs *b, irr_ag_circ *cc) {
  int i, n, reps = p >= 4096 ? 1 : 4096 / p; /* short phases repeated */
  int64_t B = 0, cap, ents = 0, tot = 0;
  irr__counts c = {NULL, NULL, NULL, NULL, 0, 0};
  irr_sched s;
  irr_alg a = IRR_ALG_BRUCK;
  volatile uint64_t key;
  for (i = 0; i < p; i++) b->cnt[i] = (int)m[i], b->dsp[i] = (int)tot, tot += m[i];
  c.ci = b->cnt, c.di = b->dsp;
  TIMED(R->validate, irr__widen_lax(p, &c, 1, 1, b->c64 + p, b->c64 + 2 * (size_t)p, b->c64, &tot));
  TIMED(R->choose, cc->units = 0; a = irr_allgatherv_choose_x(IRR_ALG_AUTO, p, b->c64, md, NULL, &B, b->work, cc));
  cap = irr_allgatherv_maxops(a, p, b->c64, B);
  if (cap > b->cap) free(b->ops), b->ops = (irr_op *)malloc((size_t)cap * sizeof(irr_op)), b->cap = cap;
  TIMED(R->plan, irr_sched_init(&s, 0, p, b->ops, (int)cap); n = irr_allgatherv_layout(a, p, b->c64, NULL, b->ring);
        irr_allgatherv_sched_t(a, 0, p, b->c64, B, b->ring, n, 0, a == IRR_ALG_CIRCULANT ? cc->R : NULL, b->fl, &s));
  TIMED(R->setup, setup_types(&s, &R->types, &ents));
  TIMED(R->repeat, key = irr__ag_key(IRR_ALG_AUTO, p, b->c64, md, NULL, 0));
  (void)key;
  R->alg = irr_alg_name(a), R->ops = s.nops;
  /* the model: the counts widened (IRR_VALIDATE_SIZES a count), the choice's units, the
     program (irr__ag_plan_cpu), the datatypes and their entries */
  R->mv = md.cpu_size * IRR_VALIDATE_SIZES * p, R->mc = md.cpu_size * cc->units;
  R->mp = irr__ag_plan_cpu(a, p, s.nops, B, md), R->ms = md.cpu_op * ents + md.cpu_type * R->types;
  R->model_cpu = R->mv + R->mc + R->mp + R->ms;
  R->model_cal = !cal_ok ? 0
                 : cal_md.cpu_size * (IRR_VALIDATE_SIZES * p + cc->units) + irr__ag_plan_cpu(a, p, s.nops, B, cal_md) +
                       cal_entry * ents + cal_md.cpu_type * R->types;
  {
    irr_model net = irr_model_net(md);
    int64_t rr;
    R->model_time = a == IRR_ALG_CIRCULANT ? irr__circ_time(p, b->c64, (int)B, net, cc->R, b->work)
                    : a == IRR_ALG_RING    ? irr__ag_ring_bound(p, b->c64, B, net, &rr)
                    : a == IRR_ALG_BRUCK   ? irr_allgatherv_bruck_time(p, b->c64, net, b->work)
                    : a == IRR_ALG_RECDOUBLING ? irr_allgatherv_recdoubling_time(p, b->c64, net, b->work)
                                               : irr_allgatherv_neighbor_time(p, b->c64, net, b->work);
  }
}

/* Gatherv (scatter 0) or Scatterv (1), the root (rank 0, its busiest rank): widen the
   counts, choose (from p), plan: direct, the root's program; a tree, all ranks' programs
   built centrally (the construction's messages are network time), divided by p. No plan
   is kept for these (a call plans anew: repeat = new). The model time: the programs of all
   ranks under the network model, the construction included. */
static void v_row(int scatter, int p, const int64_t *m, irr_model md, row *R, bufs *b) {
  int i, reps = p >= 4096 ? 1 : 4096 / p;
  int64_t tot = 0, ents = 0;
  irr__counts c = {NULL, NULL, NULL, NULL, 0, 0};
  irr_coll coll = scatter ? IRR_COLL_SCATTERV : IRR_COLL_GATHERV;
  irr_alg a = IRR_ALG_DIRECT;
  irr_sched s;
  irr_sched_set set;
  irr_cost cost;
  for (i = 0; i < p; i++) b->cnt[i] = (int)m[i], b->dsp[i] = (int)tot, tot += m[i];
  c.ci = b->cnt, c.di = b->dsp;
  TIMED(R->validate, irr__widen_lax(p, &c, 1, 1, b->c64 + p, b->c64 + 2 * (size_t)p, b->c64, &tot));
  TIMED(R->choose, a = scatter ? irr_scatterv_choose(IRR_ALG_AUTO, p) : irr_gatherv_choose(IRR_ALG_AUTO, p));
  if (a == IRR_ALG_XTREE) a = IRR_ALG_TREE; /* Scatterv's tree as a program (its XScatterv run adds the sizes) */
  if (b->cap < irr_v_maxops(a, p, 0, 0)) free(b->ops), b->cap = irr_v_maxops(a, p, 0, 0), b->ops = (irr_op *)malloc((size_t)b->cap * sizeof(irr_op));
  irr_sched_init(&s, 0, p, b->ops, (int)b->cap);
  R->types = 0, R->setup = 0;
  if (a == IRR_ALG_DIRECT) {
    TIMED(R->plan, irr_sched_init(&s, 0, p, b->ops, (int)b->cap); irr__linear_v(scatter, 1, 0, p, 0, m[0], m, 0, &s));
    TIMED(R->setup, setup_types(&s, &R->types, &ents));
    R->ops = s.nops;
  } else {
    reps = 1;
    TIMED(R->plan, irr_v_build_all_t(&set, coll, a, p, 0, m, 0, 1, irr_gatherv_thresh(md)); irr_sched_set_free(&set));
    R->plan /= p;
    R->ops = 0;
  }
  R->repeat = R->validate + R->choose + R->plan + R->setup;
  R->alg = irr_alg_name(scatter && a == IRR_ALG_TREE ? IRR_ALG_XTREE : a);
  R->mv = md.cpu_size * IRR_VALIDATE_SIZES * p, R->mc = 0, R->mp = md.cpu_op * (a == IRR_ALG_DIRECT ? s.nops : 0);
  R->ms = md.cpu_op * ents + md.cpu_type * R->types;
  R->model_cpu = R->mv + R->mc + R->mp + R->ms;
  R->model_time = 0;
  if (p <= 16384 && irr_v_build_all_t(&set, coll, a, p, 0, m, 0, 1, irr_gatherv_thresh(md)) == IRR_OK) {
    if (irr_sched_cost(set.s, p, irr_model_net(md), &cost, NULL) == IRR_OK) R->model_time = cost.time;
    irr_sched_set_free(&set);
  }
}

/* Alltoallv, rank 0: widen its 2p counts; where the direct exchange runs (small p), its
   rule and its program (no datatypes: MPI's own); else its statistics (combined over ranks by the sizes
   phase's messages: network time), choose, plan (Bruck's from the sizes phase's table,
   computed here from the whole matrix: not timed), datatypes. A repeat (every rank's counts
   its kept plan's, mpi/alltoallv.h) widens and compares its 2p counts with the kept ones;
   the statistics, the choice, the program and, for the same contiguous buffers, the
   datatypes are kept (the sizes phase still runs: network time). The model time: the chosen algorithm's estimate plus the
   sizes phase. */
static void a2a_row(int p, const int64_t *mat, irr_model md, row *R) {
  int i, q = irr__a2a_q(p), reps = p >= 1024 ? 1 : 1024 / p, *loc = (int *)malloc((size_t)p * sizeof(int));
  int64_t T0 = irr_alltoallv_direct_min(p, md, 1), T = T0, v[IRR_A2A_NSTAT], v1[IRR_A2A_NSTAT], ents = 0, tot = 0;
  int64_t *w = (int64_t *)malloc((size_t)p * 6 * sizeof(int64_t)), *H = (int64_t *)malloc((size_t)p * (q + 1) * sizeof(int64_t));
  int64_t *got = (int64_t *)malloc((size_t)p * 2 * sizeof(int64_t)), cap = irr_alltoallv_maxops(IRR_ALG_BRUCK, p) + 2 * p;
  int64_t *kept = (int64_t *)malloc((size_t)p * 2 * sizeof(int64_t));
  double cmp = 0;
  volatile int same = 0;
  int *cnt = (int *)malloc((size_t)p * 2 * sizeof(int)), *dsp = (int *)malloc((size_t)p * 2 * sizeof(int));
  irr_op *ops = (irr_op *)malloc((size_t)cap * sizeof(irr_op));
  irr__counts cs = {NULL, NULL, NULL, NULL, 0, 0}, cr = cs;
  irr_alg a = IRR_ALG_LINEAR;
  irr_sched s;
  for (i = 0; i < p; i++) {
    cnt[i] = (int)mat[i], dsp[i] = (int)tot, tot += mat[i];
    cnt[p + i] = (int)mat[(size_t)i * p], dsp[p + i] = (int)tot, tot += mat[(size_t)i * p];
  }
  cs.ci = cnt, cs.di = dsp, cr.ci = cnt + p, cr.di = dsp + p;
  TIMED(R->validate, irr__widen_lax(p, &cs, 1, 1, w, w + p, w + 2 * (size_t)p, &tot);
        irr__widen_lax(p, &cr, 1, 1, w + 3 * (size_t)p, w + 4 * (size_t)p, w + 5 * (size_t)p, &tot));
  irr_alltoallv_stats_all(p, mat, T0, v); /* combined over ranks (the estimates of the model time) */
  if (irr_alltoallv_direct_pays(p, md)) { /* the direct exchange: the rule and its program, no sizes phase */
    int d = 0;
    TIMED(R->choose, d = irr_alltoallv_direct_pays(p, md));
    TIMED(R->plan, irr_sched_init(&s, 0, p, ops, (int)cap); irr_alltoallv_linear(0, p, w + 2 * p, w + 5 * p, IRR_A2A_DENSE, &s));
    R->setup = 0, R->types = 0, R->ops = s.nops, R->alg = irr_alg_name(d ? IRR_ALG_DIRECT : IRR_ALG_AUTO);
    R->repeat = R->validate + R->choose + R->plan;
    R->mv = md.cpu_size * 2.0 * p, R->mc = R->ms = 0, R->mp = md.cpu_op * s.nops, R->model_cpu = R->mv + R->mp;
    R->model_time = irr_alltoallv_direct_time(p, v, irr_model_net(md), 1, 1);
    goto out;
  }
  TIMED(R->choose, irr_alltoallv_stats(0, p, w + 2 * p, w + 5 * p, 0, T0, v1)); /* this rank's own */
  a = irr_alltoallv_choose_t(IRR_ALG_AUTO, p, v, md, 1, T0, &T);
  irr_alltoallv_bruck_sizes(0, p, mat, H);
  for (i = 0; i < p; i++) got[i] = mat[(size_t)i * p];
  TIMED(R->plan, irr_sched_init(&s, 0, p, ops, (int)cap);
        a == IRR_ALG_BRUCK ? irr_alltoallv_bruck(0, p, H, T, 0, loc, got + p, &s) : irr_alltoallv_linear(0, p, w + 2 * p, got, 0, &s));
  R->types = 0;
  TIMED(R->setup, setup_types(&s, &R->types, &ents));
  memcpy(kept, w + 2 * p, (size_t)p * sizeof(int64_t)), memcpy(kept + p, w + 5 * p, (size_t)p * sizeof(int64_t));
  TIMED(cmp, same = !memcmp(kept, w + 2 * p, (size_t)p * sizeof(int64_t)) && !memcmp(kept + p, w + 5 * p, (size_t)p * sizeof(int64_t)));
  R->repeat = R->validate + cmp;
  R->alg = irr_alg_name(a), R->ops = s.nops;
  R->mv = md.cpu_size * 2.0 * p, R->mc = md.cpu_size * (double)p * (q + 1), R->mp = md.cpu_op * s.nops;
  R->ms = md.cpu_op * ents + md.cpu_type * R->types;
  R->model_cpu = R->mv + R->mc + R->mp + R->ms;
  {
    irr_model net = irr_model_net(md);
    R->model_time = irr_alltoallv_sizes_time(p, net) +
                    (a == IRR_ALG_BRUCK ? (T == INT64_MAX ? irr_alltoallv_plain_time(p, v, net, 1) : irr_alltoallv_bruck_time(p, v, net, 1, 1))
                                        : irr_alltoallv_linear_time(p, v, net, 1, 1));
  }
out:
  free(loc), free(w), free(H), free(got), free(cnt), free(dsp), free(ops), free(kept);
  (void)same;
}

static void print_row(const char *coll, int p, const row *R, double first) {
  char mt[32];
  if (R->model_time > 0) snprintf(mt, sizeof mt, "%.1f", R->model_time * 1e6);
  else snprintf(mt, sizeof mt, "-"); /* not simulated (all ranks' programs above p = 16384) */
  fprintf(stderr, "  %-10s %6d %-11s %9.1f %9.1f %9.1f %9.1f %10.1f %9.2f %10.1f %11s %9.1f\n", coll, p, R->alg, R->validate * 1e6,
          R->choose * 1e6, R->plan * 1e6, R->setup * 1e6, (R->validate + R->choose + R->plan + R->setup) * 1e6, R->repeat * 1e6,
          R->model_cpu * 1e6, mt, first * 1e6);
  printf("%s,%d,%s,%.4e,%.4e,%.4e,%.4e,%.4e,%.4e,%.4e,%.4e,%d,%d,%.4e\n", coll, p, R->alg, R->validate, R->choose, R->plan,
         R->setup, R->validate + R->choose + R->plan + R->setup, R->repeat, R->model_cpu, R->model_time, R->ops, R->types, first);
}

/* The circulant table on p ranks, kept as the context keeps it (made once per communicator:
   not timed). */
static void keep_table(int p, void *work, irr_ag_circ *cc) {
  static irr_circ_sum cs; /* one table kept at a time */
  const int *Rt = irr__circ_work_table(p, work);
  int *Rk = Rt ? (int *)malloc((size_t)p * irr_circ_q(p) * sizeof(int)) : NULL;
  memset(cc, 0, sizeof *cc);
  cc->sum = &cs, cs.p = 0;
  if (Rk) memcpy(Rk, Rt, (size_t)p * irr_circ_q(p) * sizeof(int)), irr_circ_summarize(p, Rk, 1, cc->sum), cc->R = Rk;
}

/* ---- 4. Reduce_scatter's choice on new counts ---- */
enum { RS_DRAWS = 250, RS_NPAT = IRRT_RS_NDIST + 1 };
#define RS_KEYS "#@rs_seed=%llu\n#@rs_columns=rs_choice,p,ordered,dist,avg_elems,alg,choose_s,estimate_s\n"
static int cmp_double(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return x < y ? -1 : x > y;
}
/* ---- 5. Allgatherv's choice on SMP nodes (`bench_cpu smp`): 16 ranks a node, consecutive;
   irrt_skew draws of seed `seed`, 32 a cell; each call repeated 20 times (the clock's
   resolution), with the layout's counts kept as the MPI layer keeps them; the mean and the
   worst call against max(5 us, 20 ns p), and the model's CPU of the choice (its units,
   IRR_AG_SMP_* and the ring's snap, at the header's cpu_size; and re-priced at size, the
   flat choice's size timed in the same run) over the measured time: the median and the extremes over the cell's draws. Not in the flat draws of
   part 3. ---- */
static void smp_choice(uint64_t seed, double size) {
  int ps[3] = {64, 256, 1024}, pi, d, i, k, j;
  double avg[3] = {4, 1024, 65536};
  irr_model md = irr_model_default();
  fprintf(stderr, "Allgatherv's choice on 16-rank nodes (seed %llu, 32 draws a cell), us a call; the model's CPU of it\n"
                  "over the measured (median, least, most), at cpu_size %.2f ns and re-priced at this run's %.2f:\n",
          (unsigned long long)seed, md.cpu_size * 1e9, size * 1e9);
  fprintf(stderr, "  %6s %8s %9s %9s %9s %9s   %-17s   %-17s\n", "p", "average", "mean", "worst", "budget", "model", "model/measured",
          "re-priced");
  for (pi = 0; pi < 3; pi++)
    for (d = 0; d < 3; d++) {
      int p = ps[pi], *node = (int *)malloc((size_t)p * sizeof(int));
      int64_t *m = (int64_t *)malloc((size_t)p * sizeof(int64_t)), B;
      double *w = (double *)malloc((size_t)p * sizeof(double)), tt = 0, worst = 0, budget = 20e-9 * p > 5e-6 ? 20e-9 * p : 5e-6;
      double r[32], tu = 0;
      void *work = malloc(IRR_AG_WORK(p) * 8);
      irrt_rng rg;
      rg.s = seed + (uint64_t)(10 * pi + d);
      for (i = 0; i < p; i++) node[i] = i / 16 * 16;
      for (k = 0; k < 32; k++) {
        double t0, t;
        irr_alg a = IRR_ALG_AUTO;
        irr_ag_circ cc;
        irrt_skew(&rg, p, avg[d], m, w);
        memset(&cc, 0, sizeof cc);
        cc.share = irr_allgatherv_share(p, node), cc.nn = irr_allgatherv_nodes(p, node, NULL); /* kept, as the context keeps them */
        t0 = now();
        for (j = 0; j < 20; j++) cc.units = 0, a = irr_allgatherv_choose_x(IRR_ALG_AUTO, p, m, md, node, &B, work, &cc);
        t = (now() - t0) / 20;
        tt += t, worst = t > worst ? t : worst, tu += cc.units, r[k] = cc.units * md.cpu_size / t;
        printf("smp_choice,%d,%.0f,%s,%.4e,%.4e\n", p, avg[d], irr_alg_name(a), t, cc.units * md.cpu_size);
      }
      qsort(r, 32, sizeof r[0], cmp_double);
      fprintf(stderr, "  %6d %8.0f %9.2f %9.2f %9.2f %9.2f   %.2f (%.2f-%.2f)    %.2f (%.2f-%.2f)\n", p, avg[d], tt / 32 * 1e6,
              worst * 1e6, budget * 1e6, tu / 32 * md.cpu_size * 1e6, r[16], r[0], r[31], r[16] * size / md.cpu_size,
              r[0] * size / md.cpu_size, r[31] * size / md.cpu_size);
      free(node), free(m), free(w), free(work);
    }
}

static void rs_choice(uint64_t seed) {
  static const int ps[] = {64, 256, 1000, 4096, 16384};
  irrt_rng rng = {seed};
  irr_model md = irr_model_default();
  double t[RS_DRAWS], tg[RS_DRAWS], clk[RS_DRAWS];
  int pi, ordered, k;
  md.beta *= 8, md.gamma *= 8; /* int64 elements, scaled as the MPI layer scales them */
  for (k = 0; k < RS_DRAWS; k++) clk[k] = now(), clk[k] = now() - clk[k];
  qsort(clk, RS_DRAWS, sizeof clk[0], cmp_double);
  fprintf(stderr, "\nReduce_scatter's choice, one call on new counts (seed %llu; %d draws a row: regular, half, zipf, sparse,\n"
                  "skewed in turn, 8 B .. 1 MiB of int64 a rank), us (a clock read: %.2f us, included); budget max(5 us, 20 ns p);\n"
                  "calls over it, and over max(it, 10%% of the chosen algorithm's estimate):\n",
          (unsigned long long)seed, RS_DRAWS, clk[RS_DRAWS / 2] * 1e6);
  fprintf(stderr, "  %6s %-8s %9s %9s %9s %-8s %9s %9s %6s %6s  %s\n", "p", "op", "median", "99%", "worst", "(where)", "budget", "worst/b",
          "over", "over10", "model/measured: 5%, median, 95%");
  for (pi = 0; pi < (int)(sizeof ps / sizeof ps[0]); pi++)
    for (ordered = 0; ordered < 2; ordered++) {
      int p = ps[pi], over = 0, over10 = 0, gover = 0, gnat = 0;
      int64_t *m = (int64_t *)malloc((size_t)p * sizeof(int64_t)), *D = (int64_t *)malloc((size_t)(p + 1) * 2 * sizeof(int64_t));
      double *w = (double *)malloc((size_t)p * sizeof(double)), budget = 20e-9 * p > 5e-6 ? 20e-9 * p : 5e-6, worst = 0;
      double rm[RS_DRAWS], rg[RS_DRAWS]; /* the model's CPU of the choice (its counted work) over the measured */
      const char *where = "";
      memset(D, 0, (size_t)(p + 1) * 2 * sizeof(int64_t)); /* the workspace's pages touched (the MPI layer's are reused) */
      for (k = 0; k < RS_DRAWS; k++) {
        int pat = k % RS_NPAT;
        double avg = exp(irrt_urand(&rng) * log(131072.0)), est, t0;
        const char *name = pat < IRRT_RS_NDIST ? irrt_rs_name[pat] : "skewed";
        irr_alg a;
        if (pat < IRRT_RS_NDIST) irrt_rs(pat, p, (int64_t)avg, &rng, m, w);
        else irrt_skew(&rng, p, avg, m, w);
        irr__rs_starts(p, m, D);
        t0 = now();
        a = irr_reduce_scatter_choose(IRR_ALG_AUTO, p, D, ordered, md, D + p + 1);
        t[k] = now() - t0;
        { /* its work as the MPI layer charges it (the counting does not change the choice) */
          double u = 0, bt;
          irr__rs_choose(IRR_ALG_AUTO, p, D, ordered, md, D + p + 1, &bt, &u);
          rm[k] = u * md.cpu_size / (t[k] - clk[RS_DRAWS / 2]);
        }
        est = irr_reduce_scatter_estimate(a, p, D, ordered, md, D + p + 1);
        over += t[k] > budget, over10 += t[k] > (0.1 * est > budget ? 0.1 * est : budget);
        { /* the guarded choice on the same counts: MPI's own (nat) or irrcoll's */
          irr_alg g;
          int nat, early;
          t0 = now();
          nat = irr_reduce_scatter_native_first(p, D, 0) ||
                irr_reduce_scatter_native_bound(p, D, irr__rs_maxblock(p, D), ordered, md) ||
                irr_reduce_scatter_guard(p, D, ordered, md, D + p + 1, &g, &early, NULL);
          tg[k] = now() - t0;
          gnat += nat, gover += tg[k] > (nat || 0.1 * est <= budget ? budget : 0.1 * est);
          { /* the guarded path's work as charged: the first test a pass, the second a pass and
               irrcoll's lower bounds (where it is asked), then the guard's */
            double u = IRR_RS_PASS * p;
            if (!irr_reduce_scatter_native_first(p, D, 0) &&
                (u += IRR_RS_PASS * p + IRR_RS_FIXED / 2, !irr_reduce_scatter_native_bound(p, D, irr__rs_maxblock(p, D), ordered, md)))
              irr_reduce_scatter_guard(p, D, ordered, md, D + p + 1, &g, &early, &u);
            rg[k] = u * md.cpu_size / (tg[k] - clk[RS_DRAWS / 2]);
          }
        }
        if (t[k] > worst) worst = t[k], where = name;
        printf("rs_choice,%d,%d,%s,%.0f,%s,%.4e,%.4e\n", p, ordered, name, avg, irr_alg_name(a), t[k], est);
      }
      qsort(t, RS_DRAWS, sizeof t[0], cmp_double);
      qsort(tg, RS_DRAWS, sizeof tg[0], cmp_double);
      qsort(rm, RS_DRAWS, sizeof rm[0], cmp_double);
      qsort(rg, RS_DRAWS, sizeof rg[0], cmp_double);
      fprintf(stderr, "  %6d %-8s %9.2f %9.2f %9.2f %-8s %9.2f %9.2f %6d %6d  %.2f %.2f %.2f\n", p, ordered ? "ordered" : "commute",
              t[RS_DRAWS / 2] * 1e6, t[RS_DRAWS * 99 / 100] * 1e6, worst * 1e6, where, budget * 1e6, worst / budget, over, over10,
              rm[RS_DRAWS / 20], rm[RS_DRAWS / 2], rm[RS_DRAWS - 1 - RS_DRAWS / 20]);
      fprintf(stderr, "  %6s %-8s %9.2f %9.2f %9.2f %-8s %9s %9.2f %6s %6d  %.2f %.2f %.2f  (guarded; to MPI: %d)\n", "", "",
              tg[RS_DRAWS / 2] * 1e6, tg[RS_DRAWS * 99 / 100] * 1e6, tg[RS_DRAWS - 1] * 1e6, "", "", tg[RS_DRAWS - 1] / budget, "", gover,
              rg[RS_DRAWS / 20], rg[RS_DRAWS / 2], rg[RS_DRAWS - 1 - RS_DRAWS / 20], gnat);
      free(m), free(D), free(w);
    }
}

int main(int argc, char **argv) {
  static const int ps[] = {16, 64, 256, 1024, 4096, 16384, 65536};
  irr_model md = irr_model_default();
  calib C;
  int pi, k, over = 0, n = 0, out25 = 0, out25c = 0;
  double worst_lo = 1e9, worst_hi = 0, worst_budget = 0, cal_lo = 1e9, cal_hi = 0;
  uint64_t rs_seed = getenv("SEED") ? strtoull(getenv("SEED"), NULL, 10) : (uint64_t)time(NULL);
  MPI_Init(&argc, &argv);
  if (argc > 1 && !strcmp(argv[1], "smp")) { /* part 5 alone */
    calibrate(&C); /* the flat choice's size, for the re-priced ratio */
    printf("#@benchmark=cpu\n#@clock=CLOCK_THREAD_CPUTIME_ID\n#@seed=%llu\ncollective,p,avg,alg,choose_s,model_cpu_s\n",
           (unsigned long long)rs_seed);
    smp_choice(rs_seed, C.size);
    MPI_Finalize();
    return 0;
  }
  if (argc > 1 && !strcmp(argv[1], "rs")) { /* part 4 alone */
    printf("#@benchmark=cpu\n#@clock=CLOCK_THREAD_CPUTIME_ID\n" RS_KEYS, (unsigned long long)rs_seed);
    rs_choice(rs_seed);
    MPI_Finalize();
    return 0;
  }
  calibrate(&C);
  C.gamma_cache = calibrate_gamma(4096), C.gamma = calibrate_gamma((int64_t)1 << 21);
  cal_md = md, cal_md.cpu_op = C.op, cal_md.cpu_type = C.type, cal_md.cpu_piece = C.piece, cal_md.cpu_msg = C.msg;
  cal_md.cpu_size = C.size, cal_entry = C.entry, cal_ok = 1;
  fprintf(stderr, "calibration (one core, thread CPU clock; the header's default in brackets):\n");
  fprintf(stderr, "  op    %6.1f ns   [cpu_op    %5.1f ns]   a generator's op\n", C.op * 1e9, md.cpu_op * 1e9);
  fprintf(stderr, "  entry %6.1f ns   [cpu_op    %5.1f ns]   a datatype's entry\n", C.entry * 1e9, md.cpu_op * 1e9);
  fprintf(stderr, "  type  %6.1f ns   [cpu_type  %5.1f ns]   a datatype made, committed, freed\n", C.type * 1e9, md.cpu_type * 1e9);
  fprintf(stderr, "  piece %6.1f ns   [cpu_piece %5.1f ns]   one more piece moved, per end\n", C.piece * 1e9, md.cpu_piece * 1e9);
  fprintf(stderr, "  msg   %6.1f ns   [cpu_msg   %5.1f ns]   the executor's own work a message (MPI's own: %.1f ns)\n",
          C.msg * 1e9, md.cpu_msg * 1e9, C.mpimsg * 1e9);
  fprintf(stderr, "  head  %6.1f ns   [%.1f cpu_msg %5.1f ns]   the direct Gatherv root's own work a head of 8 B\n",
          C.head * 1e9, (double)IRR_V_HEAD_MSG, IRR_V_HEAD_MSG * md.cpu_msg * 1e9);
  fprintf(stderr, "  size  %6.2f ns   [cpu_size  %5.2f ns]   the Allgatherv choice, a size visited\n", C.size * 1e9, md.cpu_size * 1e9);
  fprintf(stderr, "  walk  %6.1f      [IRR_CIRC_WALK %.1f]    the circulant generator, a root visited (cpu_size units)\n",
          C.walk, (double)IRR_CIRC_WALK);
  fprintf(stderr, "  gamma %6.3f ns   [gamma     %5.3f ns]   MPI_Reduce_local, MPI_SUM, a byte of 16 MiB (int64, double: the\n"
                  "                                            slower); %.3f ns in cache (32 KiB)\n",
          C.gamma * 1e9, md.gamma * 1e9, C.gamma_cache * 1e9);
  fprintf(stderr, "  for this host (rank 0's environment; mpi/ctx.h):\n"
                  "  export IRRCOLL_CPU=msg=%.3g,piece=%.3g,op=%.3g,type=%.3g,size=%.3g,gamma=%.3g\n",
          C.msg > 0 ? C.msg : 0, C.piece > 0 ? C.piece : 0, C.op, C.type, C.size, C.gamma);
  printf("#@benchmark=cpu\n#@clock=CLOCK_THREAD_CPUTIME_ID\n#@sizes=irrt_skew 1 KiB average, seed 20261127\n" RS_KEYS,
         (unsigned long long)rs_seed);
  printf("#@cal_op_s=%g\n#@cal_entry_s=%g\n#@cal_type_s=%g\n#@cal_piece_s=%g\n#@cal_msg_s=%g\n#@cal_head_s=%g\n"
         "#@cal_size_s=%g\n#@cal_walk=%g\n#@cal_gamma_s=%g\n#@cal_gamma_cache_s=%g\n", C.op, C.entry, C.type, C.piece, C.msg,
         C.head, C.size, C.walk, C.gamma, C.gamma_cache);
  printf("collective,p,alg,validate_s,choose_s,plan_s,setup_s,new_total_s,repeat_s,model_cpu_s,model_time_s,ops,types,first_s\n");
  fprintf(stderr, "\nOne rank (Allgatherv, Alltoallv: rank 0; Gatherv, Scatterv: the root), new counts (validate + choose + plan +\n"
                  "datatypes) and repeated (Allgatherv: the key's hash; Alltoallv: its counts compared; Gatherv, Scatterv\n"
                  "plan anew), us; the model's CPU; the\n"
                  "collective's model time (network):\n");
  fprintf(stderr, "  %-10s %6s %-11s %9s %9s %9s %9s %10s %9s %10s %11s %9s\n", "collective", "p", "alg", "validate", "choose", "plan",
          "types", "new", "repeat", "model cpu", "model time", "first");
  for (pi = 0; pi < 7; pi++) {
    int p = ps[pi];
    int64_t *m = (int64_t *)malloc((size_t)p * sizeof(int64_t));
    double *w = (double *)malloc((size_t)p * sizeof(double)), first;
    irrt_rng rng = {20261127};
    irr_ag_circ cc;
    row R;
    bufs b;
    bufs_make(&b, p);
    keep_table(p, b.work, &cc);
    irrt_skew(&rng, p, 1024, m, w);
    ag_row(p, m, md, &R, &b, &cc); /* the first: fresh buffers */
    first = R.validate + R.choose + R.plan + R.setup;
    ag_row(p, m, md, &R, &b, &cc); /* new counts in kept buffers (the same counts, but nothing of them kept) */
    print_row("allgatherv", p, &R, first);
    for (k = 0; k < 2; k++) {
      v_row(k, p, m, md, &R, &b);
      first = R.validate + R.choose + R.plan + R.setup;
      v_row(k, p, m, md, &R, &b);
      print_row(k ? "scatterv" : "gatherv", p, &R, first);
    }
    free((void *)cc.R), free(m), free(w), bufs_free(&b);
  }
  for (pi = 0; pi < 4; pi++) { /* Alltoallv: p x p sizes, 64 B a pair, random in [0, 128] */
    int p = ps[pi];
    int64_t *mat = (int64_t *)malloc((size_t)p * p * sizeof(int64_t));
    double first;
    irrt_rng rng = {20261127};
    row R;
    irrt_a2a(&rng, 1, p, 64, mat);
    a2a_row(p, mat, md, &R);
    first = R.validate + R.choose + R.plan + R.setup;
    a2a_row(p, mat, md, &R);
    print_row("alltoallv", p, &R, first);
    free(mat);
  }
  /* 3. the prediction and the budget, on draws nobody tuned on */
  {
    irrt_rng rng = {getenv("SEED") ? rs_seed + 1 : (uint64_t)time(NULL)}; /* SEED: a run that can be repeated */
    uint64_t seed = rng.s;
    for (k = 0; k < 400; k++) {
      int p = (int)exp(log(64.0) + irrt_urand(&rng) * log(64.0));
      int64_t *m = (int64_t *)malloc((size_t)p * sizeof(int64_t));
      double *w = (double *)malloc((size_t)p * sizeof(double)), meas, r, budget;
      irr_ag_circ cc;
      row R;
      bufs b;
      bufs_make(&b, p);
      keep_table(p, b.work, &cc);
      irrt_skew(&rng, p, exp(irrt_urand(&rng) * log(1048576.0)), m, w);
      ag_row(p, m, md, &R, &b, &cc); /* touches the buffers */
      ag_row(p, m, md, &R, &b, &cc);
      meas = R.validate + R.choose + R.plan + R.setup;
      r = R.model_cpu / meas;
      worst_lo = r < worst_lo ? r : worst_lo, worst_hi = r > worst_hi ? r : worst_hi;
      out25 += r < 0.75 || r > 1.25;
      r = R.model_cal / meas;
      cal_lo = r < cal_lo ? r : cal_lo, cal_hi = r > cal_hi ? r : cal_hi;
      out25c += r < 0.75 || r > 1.25;
      budget = 20e-9 * p > 5e-6 ? 20e-9 * p : 5e-6;
      if (0.1 * R.model_time > budget) budget = 0.1 * R.model_time;
      if (R.choose > budget) over++;
      if (R.choose / budget > worst_budget) worst_budget = R.choose / budget;
      n++;
      printf("draw,%d,%s,%.4e,%.4e,%.4e,%.4e,%.4e,%.4e,%.4e,%.4e,%d,%d,,%.4e,%.4e,%.4e,%.4e\n", p, R.alg, R.validate, R.choose,
             R.plan, R.setup, meas, R.repeat, R.model_cpu, R.model_time, R.ops, R.types, R.mv, R.mc, R.mp, R.ms);
      free((void *)cc.R), free(m), free(w), bufs_free(&b);
    }
    fprintf(stderr, "\nAllgatherv, %d draws (irrt_skew, seed %llu, p = 64 .. 4096, 4 B .. 1 MiB): the model's CPU / measured "
                    "(validate + choose + plan + datatypes) %.2f .. %.2f, %d draws outside 25%%; re-priced with the constants\n"
                    "measured above %.2f .. %.2f, %d outside; the choice over its budget in %d, worst choice/budget %.2f\n",
            n, (unsigned long long)seed, worst_lo, worst_hi, out25, cal_lo, cal_hi, out25c, over, worst_budget);
  }
  rs_choice(rs_seed);
  MPI_Finalize();
  return 0;
}
