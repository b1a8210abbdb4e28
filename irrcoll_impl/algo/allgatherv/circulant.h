/* Allgatherv on the circulant schedule (IRR_ALG_CIRCULANT; the circulant graph and its
   tables: algo/common/circulant.h).

   All p broadcasts at once (arXiv 2205.10072, Section 4): root j's block of m_j units is cut
   into n pieces, piece t = units [floor(t m_j / n), floor((t+1) m_j / n)); root j's
   broadcast runs on relative ranks (r - j) mod p. In round t + 1 (t = 0 .. n-2+q, k =
   (t + x) mod q) rank r sends ONE message to r + s_k: for every root j in order, the piece
   that j's broadcast moves over that edge in that round (irr_circ_bcast_block of the
   receiver's relative rank), as a head op and IRR_OPF_CONT ops; and receives one from
   r - s_k likewise. Empty pieces are no op, and a round whose pieces are all empty has no
   message. Round 0: the own block into the receive buffer (not in place); everything is
   forwarded from the receive buffer, no scratch.
   Cost (linear model): n - 1 + q rounds, each alpha + beta * (that round's message), about
   (n - 1 + q) (alpha + beta m / n) for total m, whatever the skew. Work per rank: the table
   of every relative rank's recvblock (irr_circ_table, O(p log^2 p)) and O(p (n + q)) to walk
   the roots in every round, plus the ops. Ops: irr_allgatherv_circulant_maxops. */

static inline int64_t irr__circ_cut(int64_t m, int n, int t) { /* floor(t m / n) without overflow */
  return (m / n) * t + ((m % n) * t) / n;
}

static inline int64_t irr_allgatherv_circulant_maxops(int p, int n) {
  int q = irr_circ_q(p);
  return (int64_t)p * (n - 1 + q) + (int64_t)(p - 1) * n + 2;
}

/* Rank r's program with the table R of every relative rank's recvblock (irr_circ_table: p
   alone, so the MPI layer keeps it per communicator). fl: p ints of workspace. */
static inline irr_status irr_allgatherv_circulant_t(int r, int p, const int64_t *m, int n, const int *R, int *fl,
                                                   int inplace, irr_sched *s) {
  int q = irr_circ_q(p), skip[32], t, j, rel;
  if (s->rank != r || s->size != p || n < 1 || p < 1) return IRR_ERR_ARG;
  if (!inplace && m[r] > 0) irr_sched_copy(s, 0, IRR_BUF_SEND, 0, IRR_BUF_RECV, 0, r, r + 1, m[r]);
  if (p == 1) return s->err;
  irr_circ_skips(p, skip);
  for (rel = 0; rel < p; rel++) fl[rel] = irr_circ_first_last(R + (size_t)rel * q, n, q);
  for (t = 0; t < n - 1 + q; t++) {
    int k, dir;
    irr_circ_offset(t, n, q, &k);
    for (dir = 0; dir < 2; dir++) { /* the send, then the receive */
      int peer = dir ? (r - skip[k] + p) % p : (r + skip[k]) % p, head = 1;
      for (j = 0; j < p; j++) {
        int who = dir ? (r - j + p) % p : (r + skip[k] - j + p) % p, blk; /* the receiver's relative rank */
        int64_t lo, hi;
        irr_op *o;
        if (m[j] == 0 || who == 0) continue;
        blk = irr_circ_bcast_block(R + (size_t)who * q, fl[who], who, t, n, q);
        if (blk < 0) continue;
        lo = irr__circ_cut(m[j], n, blk);
        hi = irr__circ_cut(m[j], n, blk + 1);
        if (hi == lo) continue;
        o = irr_sched_push(s, t + 1, dir ? IRR_OP_RECV : IRR_OP_SEND, peer, IRR_BUF_RECV, 0, IRR_BUF_NONE, 0, j, j + 1,
                           lo, hi - lo);
        if (o && !head) o->flags = IRR_OPF_CONT;
        head = 0;
      }
    }
  }
  return s->err;
}

/* The same, the table computed here (O(p log^2 p)). */
static inline irr_status irr_allgatherv_circulant(int r, int p, const int64_t *m, int n, int inplace, irr_sched *s) {
  int q = irr_circ_q(p), skip[32], *R, *fl, *work;
  irr_status st = IRR_ERR_NOMEM;
  if (p <= 1) return irr_allgatherv_circulant_t(r, p, m, n, NULL, NULL, inplace, s);
  irr_circ_skips(p, skip);
  R = (int *)IRRCOLL_MALLOC(((size_t)p * q + 1) * sizeof(int));
  fl = (int *)IRRCOLL_MALLOC(((size_t)p + 1) * sizeof(int));
  work = (int *)IRRCOLL_MALLOC(((size_t)p + 4 * (size_t)(q + 1)) * sizeof(int));
  if (R && fl && work)
    st = irr_circ_table(p, skip, q, R, work) != 0 ? IRR_ERR_ARG : irr_allgatherv_circulant_t(r, p, m, n, R, fl, inplace, s);
  if (R) IRRCOLL_FREE(R);
  if (fl) IRRCOLL_FREE(fl);
  if (work) IRRCOLL_FREE(work);
  return st;
}

/* Workspace of irr__circ_time, in 8-byte words: E, F, L, G (doubles), the prefix sums (p + 1),
   then ints: first_last (p), the round's intervals (2 p). A table made in the workspace
   (irr__circ_work_table) lies after everything the other algorithms' recursions (7 p + 8
   words) and the Allgatherv choice's prefix sums (2 p + 2) use, so that it outlives them
   in one choice: irr__circ_work_words(p) in all (IRR_AG_WORK, select/allgatherv.h). */
#define IRR__CIRC_TIME_WORDS(p) (5 * (size_t)(p) + 2 + (3 * (size_t)(p) + 1) / 2 + 1)
#define IRR__CIRC_TABLE_AT(p) \
  ((7 * (size_t)(p) + 8 > IRR__CIRC_TIME_WORDS(p) ? 7 * (size_t)(p) + 8 : IRR__CIRC_TIME_WORDS(p)) + 2 * (size_t)(p) + 2)
static inline size_t irr__circ_work_words(int p) {
  size_t q = (size_t)irr_circ_q(p);
  return IRR__CIRC_TABLE_AT(p) + ((size_t)p * (q + 1) + 4 * (q + 1)) / 2 + 1;
}

/* Where a table made in work lies. */
static inline int *irr__circ_work_R(int p, void *work) { return (int *)((int64_t *)work + IRR__CIRC_TABLE_AT(p)); }
/* The table computed in work: it, or NULL if its repair fails. */
static inline const int *irr__circ_work_table(int p, void *work) {
  int q = irr_circ_q(p), skip[32], *R = irr__circ_work_R(p, work);
  irr_circ_skips(p, skip);
  return p <= 1 || irr_circ_table(p, skip, q, R, R + (size_t)p * q) == 0 ? R : NULL;
}

/* The model's time of irr_allgatherv_circulant with n pieces per block (p ranks, sizes m),
   the max-plus recursion over its n - 1 + q rounds (ir/maxplus.h: every rank sends one
   message and receives one per round, no port is contended):
     E_t(r) = max(E_{t-1}(r), [max(E_{t-1}(r), E_{t-1}(r + s_k)) + alpha + beta L_t(r + s_k)],
                             [max(E_{t-1}(r), E_{t-1}(r - s_k)) + alpha + beta L_t(r)]),
   a bracket only where its message is not empty. L_t(d), the message d receives in round t,
   is the sum over the relative ranks w that get a block in round t (irr_circ_bcast_block)
   of root d - w's piece, taken as m_j / n (exact for n = 1; the floors of irr__circ_cut
   move each by less than a unit). The valid w form a few intervals, so L_t is a few window
   sums per rank. In the middle rounds every w != 0 gets a block (checked by the table's
   column minimum and maximum): L_t(d) = (m - m_d) / n, and the rounds repeat with period q
   (k = (t + x) mod q); once a period adds the same delta to every E (max-plus: then every
   later period of such rounds does too), the remaining whole periods are jumped. Cost:
   O(p q I) for the first and last rounds (I intervals, a handful), O(p q) per middle period
   until the jump. The first phase's valid w form up to p / 2 intervals (2^t in round t);
   a round with more than IRR_CIRC_EXACT / p of them takes L_t(d) as (m - m_d) / n times
   the share of valid w (never for p <= 2048; above, an approximation that is not held to the
   model by a test). R: the table (irr_circ_table; irr__circ_work_table makes one in work);
   work: irr__circ_work_words(p) words. */
#define IRR_CIRC_EXACT ((int64_t)1 << 22) /* window sums per round, beyond which L_t is approximated */

/* Whether round t (k = its skip) is a middle round: every w != 0 gets a block (mnR, mxR: the
   table's column minima and maxima, after the round's offset). */
static inline int irr__circ_full(const int *mnR, const int *mxR, int t, int n, int q, int *k) {
  int off = irr_circ_offset(t, n, q, k);
  return mnR[*k] + off >= 0 && mxR[*k] + off <= n - 2;
}

/* At the start of a period of middle rounds (G: the clocks one period ago): if the period
   added the same delta to every clock, add it for every whole period of middle rounds still
   ahead and return how many rounds that skips (0: none). */
static inline int irr__circ_jump(int p, int n, int q, int t, const int *mnR, const int *mxR, double *E,
                                 const double *G) {
  double lo = 1e300, hi = -1e300;
  int r, u = t, kk, left;
  for (r = 0; r < p; r++) {
    double x = E[r] - G[r];
    lo = x < lo ? x : lo, hi = x > hi ? x : hi;
  }
  while (u < n - 1 + q && irr__circ_full(mnR, mxR, u, n, q, &kk)) u++;
  left = (u - t) / q; /* whole periods of middle rounds still ahead */
  if (left <= 0 || hi - lo > 1e-12 * (hi > 0 ? hi : 1)) return 0;
  for (r = 0; r < p; r++) E[r] += left * lo;
  return left * q;
}

/* L[d] for a first- or last-phase round t (k, off: its skip and offset): the sum over the
   relative ranks w that get a block (intervals iv of them) of root d - w's piece. Returns 0
   if no rank gets a block. */
static inline int irr__circ_loads(int p, const int64_t *m, int n, int q, int t, int k, int off, const int *R,
                                  const int *fl, const int64_t *P, int *iv, double *L) {
  int w, d, i, ni = 0;
  for (w = 1; w < p; w++) { /* the intervals [iv[2i], iv[2i+1]] of relative ranks that get a block */
    int b = R[(size_t)w * q + k] + off, v = b >= 0 && (b < n - 1 || t == fl[w]);
    if (!v) continue;
    if (ni > 0 && iv[2 * ni - 1] == w - 1) iv[2 * ni - 1] = w;
    else iv[2 * ni] = iv[2 * ni + 1] = w, ni++;
  }
  if (ni == 0) return 0;
  if ((int64_t)ni * p > IRR_CIRC_EXACT) { /* too many intervals: the valid share of every other root */
    int64_t nv = 0;
    for (i = 0; i < ni; i++) nv += iv[2 * i + 1] - iv[2 * i] + 1;
    for (d = 0; d < p; d++) L[d] = (double)(P[p] - m[d]) * (double)nv / (double)(p - 1) / n;
    return 1;
  }
  for (d = 0; d < p; d++) { /* roots d - w, w in [a, b]: the window [d - b, d - a] mod p */
    int64_t sum = 0;
    for (i = 0; i < ni; i++) {
      int lo = d - iv[2 * i + 1], len = iv[2 * i + 1] - iv[2 * i] + 1;
      if (lo < 0) lo += p;
      sum += lo + len <= p ? P[lo + len] - P[lo] : P[p] - P[lo] + P[lo + len - p];
    }
    L[d] = (double)sum / n;
  }
  return 1;
}

static inline double irr__circ_time(int p, const int64_t *m, int n, irr_model md, const int *R, void *work) {
  int q = irr_circ_q(p), skip[32], mnR[32], mxR[32], t, w, d, r, k, run = 0;
  double *E = (double *)work, *F = E + p, *L = F + p, *G = L + p;
  int64_t *P = (int64_t *)(G + p);
  int *fl = (int *)((int64_t *)work + 5 * (size_t)p + 2), *iv = fl + p;
  if (p <= 1) return 0.0;
  if (n < 1) n = 1;
  irr_circ_skips(p, skip);
  for (k = 0; k < q; k++) mnR[k] = 1 << 30, mxR[k] = -(1 << 30);
  for (w = 1; w < p; w++) {
    fl[w] = irr_circ_first_last(R + (size_t)w * q, n, q);
    for (k = 0; k < q; k++) {
      int v = R[(size_t)w * q + k];
      mnR[k] = v < mnR[k] ? v : mnR[k], mxR[k] = v > mxR[k] ? v : mxR[k];
    }
  }
  irr__mp_start(p, m, P, E);
  for (t = 0; t < n - 1 + q; t++) {
    int sk, jump, off = irr_circ_offset(t, n, q, &k);
    double *tmp;
    if (irr__circ_full(mnR, mxR, t, n, q, &k)) {
      if (run % q == 0) { /* a period of middle rounds starts */
        if (run >= q && (jump = irr__circ_jump(p, n, q, t, mnR, mxR, E, G)) > 0) {
          t += jump - 1;
          run = 0;
          continue;
        }
        memcpy(G, E, (size_t)p * sizeof(double));
      }
      if (++run == 1) /* the same in every middle round */
        for (d = 0; d < p; d++) L[d] = (double)(P[p] - m[d]) / n;
    } else {
      run = 0;
      if (!irr__circ_loads(p, m, n, q, t, k, off, R, fl, P, iv, L)) continue;
    }
    sk = skip[k];
    for (r = 0; r < p; r++) {
      int to = r + sk >= p ? r + sk - p : r + sk, from = r - sk < 0 ? r - sk + p : r - sk;
      double e = irr__mp_msg(E[r], E[r], E[to], md.alpha, md.beta * L[to], L[to] > 0);
      F[r] = irr__mp_msg(e, E[r], E[from], md.alpha, md.beta * L[r], L[r] > 0);
    }
    tmp = E, E = F, F = tmp;
  }
  return irr__mp_latest(E, p);
}

/* The same, the table computed here: 1e300 when its repair fails (a property of p alone,
   the same on every rank). */
static inline double irr_allgatherv_circulant_time(int p, const int64_t *m, int n, irr_model md, void *work) {
  const int *R = irr__circ_work_table(p, work);
  return R ? irr__circ_time(p, m, n, md, R, work) : 1e300;
}

#define IRR_CIRC_MAXPIECES 1024 /* pieces per block at most */

/* The sizes by powers of two (cnt[k], sum[k]: the nonempty ones in [2^k, 2^(k+1))), for the
   CPU's closed form, with their total M and largest mx: one pass, taken only where the
   circulant schedule is a candidate. */
typedef struct irr__szhist {
  int nz, cnt[64];
  int64_t sum[64], M, mx;
} irr__szhist;
static inline void irr__szhist_make(int p, const int64_t *m, irr__szhist *h) {
  int i, k;
  memset(h, 0, sizeof *h);
  for (i = 0; i < p; i++) {
    uint64_t v = (uint64_t)m[i];
    if (m[i] <= 0) continue;
    for (k = 0; v >> 1; k++) v >>= 1;
    h->nz++, h->cnt[k]++, h->sum[k] += m[i], h->M += m[i], h->mx = m[i] > h->mx ? m[i] : h->mx;
  }
}

/* The CPU of the busiest rank's program with n pieces per block (irr_sched_cpu's count): S =
   the pieces of min(n, m_j) of every nonempty block; the busiest rank builds about 2.1 S ops
   (it receives one of each and forwards about as many: least squares over the busiest
   ranks' programs on random skewed sizes, p = 3 .. 300, n = 1 .. 16: 0.6 .. 1.25 of the
   count in 90% of them), in at most 2 (n - 1 + q) messages and no more than its pieces,
   those of several pieces (a datatype) as many as the pieces beyond one allow; the
   generator walks all p roots in every round of both directions, IRR_CIRC_WALK sizes
   (cpu_size) a root. */
#define IRR_CIRC_WALK 3.5
/* That walk with n pieces per block: 2 (n - 1 + q) rounds of p roots. */
static inline double irr__circ_walk_cpu(int p, int n, irr_model md) {
  return md.cpu_size * IRR_CIRC_WALK * 2.0 * p * (n - 1 + irr_circ_q(p));
}
static inline double irr__circ_cpu(int p, int n, const irr__szhist *h, irr_model md) {
  int q = irr_circ_q(p), k;
  double msgs = 2.0 * (n - 1 + q), S = 0, pieces, extra, t;
  if (p <= 1) return 0;
  for (k = 0; k < 64; k++) {
    double whole = (double)h->cnt[k] * n;
    S += (double)h->sum[k] < whole ? (double)h->sum[k] : whole;
  }
  pieces = 2.1 * S;
  msgs = pieces < msgs ? pieces : msgs;
  extra = pieces > msgs ? pieces - msgs : 0;
  t = md.cpu_op * (pieces + 1) + msgs * md.cpu_msg + irr__circ_walk_cpu(p, n, md);
  return t + (extra < msgs ? extra : msgs) * md.cpu_type + extra * (md.cpu_piece + md.cpu_op);
}

/* The same counted from the table R (irr_sched_cpu of every rank's program without building
   it: the generator's loops, counting): O(p^2 (n + q)), for few ranks, where the closed
   form's error would decide between close candidates. fl: p ints of workspace. */
static inline double irr__circ_cpu_count(int p, const int64_t *m, int n, const int *R, int *fl, irr_model md) {
  int q = irr_circ_q(p), skip[32], r, t, j, rel;
  double worst = 0;
  if (p <= 1) return 0;
  irr_circ_skips(p, skip);
  for (rel = 0; rel < p; rel++) fl[rel] = irr_circ_first_last(R + (size_t)rel * q, n, q);
  for (r = 0; r < p; r++) {
    double c = md.cpu_op * (m[r] > 0);
    for (t = 0; t < n - 1 + q; t++) {
      int k, dir;
      irr_circ_offset(t, n, q, &k);
      for (dir = 0; dir < 2; dir++) {
        int pieces = 0;
        for (j = 0; j < p; j++) {
          int who = dir ? (r - j + p) % p : (r + skip[k] - j + p) % p, blk;
          if (m[j] == 0 || who == 0 || (blk = irr_circ_bcast_block(R + (size_t)who * q, fl[who], who, t, n, q)) < 0) continue;
          pieces += irr__circ_cut(m[j], n, blk + 1) > irr__circ_cut(m[j], n, blk);
        }
        if (pieces == 0) continue;
        c += md.cpu_op * pieces + md.cpu_msg + (pieces > 1 ? md.cpu_type + (pieces - 1) * (md.cpu_piece + md.cpu_op) : 0);
      }
    }
    worst = c > worst ? c : worst;
  }
  return worst + irr__circ_walk_cpu(p, n, md);
}
#define IRR_CIRC_COUNT_MAX 4096 /* p^2 (n - 1 + q) at most, for irr__circ_cpu_count in the choice */

/* The closed-form estimate of irr__circ_time with n pieces (total M, smallest mn, largest mx;
   cs: the table's summary). Rounds from the phase offset q on are middle rounds: every rank
   receives a piece of every other block, (M - m_d) / n. Before, round t's V relative ranks
   (those whose recvblock is a block already, cs) receive; the round's largest message taken
   as the largest block plus V - 1 average others, a piece of each. Within 0.73 .. 1.11 of
   irr__circ_time on random skewed sizes for n >= 2 (test_agchoice holds the choice); for
   n = 1 (every round partial) the caller takes Bruck's windows instead. O(q^2). */
static inline double irr__circ_estimate(int p, int64_t M, int64_t mn, int64_t mx, int n, irr_model md, const irr_circ_sum *cs) {
  int q = cs->q, t, k, v, R = n - 1 + q;
  double avg = p > 1 ? (double)(M - mx) / (p - 1) : 0, est = 0, full = (double)(M - mn) / n;
  for (t = 0; t < R; t++) {
    int off = irr_circ_offset(t, n, q, &k), V = 0;
    double L;
    if (off >= q) break; /* from here on every round is a middle round */
    for (v = -off > -q ? -off : -q; v < q; v++) V += cs->cnt[k][v + q];
    if (V <= 0) continue;
    L = V >= p - 1 ? full : (mx + (V - 1) * avg) / n;
    est += md.alpha + md.beta * (L < full ? L : full);
  }
  return est + (R - t) * (md.alpha + md.beta * full);
}

/* Pieces per block by the closed forms (irr__circ_estimate + irr__circ_cpu) over n0 / 2 ..
   2 n0 (five, a factor sqrt 2 apart), n0 the optimum of (n - 1 + q)(alpha + beta X / n) with each round's and piece's CPU:
   n0 = sqrt((q - 1) beta X / (alpha + 2 (msg + type + p size) + 2 nz (piece + 2 op))),
   X = M - mn; n >= 2 (n = 1 is Bruck-like: the caller prices it by Bruck's windows).
   *t: the estimate with the CPU. O(q^2). */
static inline int irr__circ_pick(int p, int64_t M, int64_t mn, int64_t mx, const irr__szhist *h, irr_model md,
                                 const irr_circ_sum *cs, double *t) {
  int nz = h->nz;
  int q = cs->q, i, best = 2;
  double X = (double)(M - mn), den, n0, bt = 1e300;
  den = md.alpha + 2 * (md.cpu_msg + md.cpu_type + p * md.cpu_size) + 2.0 * nz * (md.cpu_piece + 2 * md.cpu_op);
  n0 = den > 0 ? irr__sqrt((double)(q > 1 ? q - 1 : 1) * md.beta * X / den) : 2;
  for (i = 0; i < 5; i++) { /* n0 / 2, n0 / sqrt 2, n0, n0 sqrt 2, 2 n0 */
    double c = n0 * (i == 0 ? 0.5 : i == 1 ? 0.7071 : i == 2 ? 1 : i == 3 ? 1.4142 : 2), x;
    int n = c < 2 ? 2 : c > IRR_CIRC_MAXPIECES ? IRR_CIRC_MAXPIECES : (int)(c + 0.5);
    if ((int64_t)n > mx) n = mx > 2 ? (int)mx : 2;
    x = irr__circ_estimate(p, M, mn, mx, n, md, cs) + irr__circ_cpu(p, n, h, md);
    if (x < bt) bt = x, best = n;
  }
  *t = bt;
  return best;
}

/* Pieces per block and their time: the argmin of irr__circ_time (network and, with the
   model's CPU term, irr__circ_cpu) over a small candidate set around the closed form's
   optimum n0 = sqrt((q - 1) beta m / alpha): n0 / 2, n0, 2 n0 and 1, each at most the
   largest block's units and IRR_CIRC_MAXPIECES. From sizes every rank knows. *t: the time
   (1e300 if the table's repair fails for this p). The exact evaluation for tests and the
   benchmarks; the automatic choice uses the closed form (irr__circ_pick). */
static inline int irr_allgatherv_circulant_choose(int p, const int64_t *m, irr_model md, void *work, double *t) {
  int64_t tot = 0, mx = 0;
  int i, q = irr_circ_q(p), c[4], best = 1;
  double n0, bt = 1e300;
  const int *R;
  irr__szhist h;
  irr__szhist_make(p, m, &h);
  for (i = 0; i < p; i++) tot += m[i], mx = m[i] > mx ? m[i] : mx;
  *t = 0;
  if (p <= 1) return 1;
  if (!(R = irr__circ_work_table(p, work))) return *t = 1e300, 1;
  n0 = md.alpha > 0 ? irr__sqrt((double)(q > 1 ? q - 1 : 1) * md.beta * (double)tot / md.alpha) : (double)mx;
  c[0] = 1, c[1] = (int)(n0 / 2 + 0.5), c[2] = (int)(n0 + 0.5), c[3] = (int)(2 * n0 + 0.5);
  for (i = 0; i < 4; i++) {
    double x;
    int j, n = c[i] < 1 ? 1 : c[i] > IRR_CIRC_MAXPIECES ? IRR_CIRC_MAXPIECES : c[i];
    if ((int64_t)n > mx) n = mx > 1 ? (int)mx : 1;
    for (j = 0; j < i; j++)
      if (c[j] == n) break;
    c[i] = n;
    if (j < i) continue;
    x = irr__circ_time(p, m, n, md, R, work) + irr__circ_cpu(p, n, &h, md);
    if (x < bt) bt = x, best = n;
  }
  *t = bt;
  return best;
}
