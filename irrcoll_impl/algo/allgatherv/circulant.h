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

static inline irr_status irr_allgatherv_circulant(int r, int p, const int64_t *m, int n, int inplace, irr_sched *s) {
  int q = irr_circ_q(p), skip[32], *R = NULL, *fl = NULL, *work = NULL, t, j, rel;
  irr_status st = IRR_OK;
  if (s->rank != r || s->size != p || n < 1 || p < 1) return IRR_ERR_ARG;
  if (!inplace && m[r] > 0) irr_sched_copy(s, 0, IRR_BUF_SEND, 0, IRR_BUF_RECV, 0, r, r + 1, m[r]);
  if (p == 1) return s->err;
  irr_circ_skips(p, skip);
  R = (int *)IRRCOLL_MALLOC(((size_t)p * q + 1) * sizeof(int));
  fl = (int *)IRRCOLL_MALLOC(((size_t)p + 1) * sizeof(int));
  work = (int *)IRRCOLL_MALLOC(((size_t)p + 4 * (size_t)(q + 1)) * sizeof(int));
  if (!R || !fl || !work) { st = IRR_ERR_NOMEM; goto out; }
  if (irr_circ_table(p, skip, q, R, work) != 0) { st = IRR_ERR_ARG; goto out; }
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
  st = s->err;
out:
  if (R) IRRCOLL_FREE(R);
  if (fl) IRRCOLL_FREE(fl);
  if (work) IRRCOLL_FREE(work);
  return st;
}

/* Workspace of irr_allgatherv_circulant_time, in 8-byte words: E, F, L, G (doubles), the
   prefix sums (p + 1), then ints: the table (p q), first_last (p), the round's intervals
   (2 p), the table's work (4 (q + 1) + p). At most IRR_AG_WORK(p) (select/allgatherv.h). */
static inline size_t irr__circ_work_words(int p) {
  return 5 * (size_t)p + 2 + ((size_t)p * (size_t)(irr_circ_q(p) + 4) + 4 * 32 + 8) / 2 + 1;
}

/* The table for irr__circ_time in work (irr__circ_work_words): 0, or -1 if its repair fails. */
static inline int irr__circ_time_table(int p, void *work) {
  int q = irr_circ_q(p), skip[32], *R = (int *)((int64_t *)work + 5 * (size_t)p + 2);
  irr_circ_skips(p, skip);
  return p <= 1 ? 0 : irr_circ_table(p, skip, q, R, R + (size_t)p * q + 3 * (size_t)p);
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
   model by a test). work: irr__circ_work_words(p) words, the table there already
   (irr__circ_time_table). */
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

static inline double irr__circ_time(int p, const int64_t *m, int n, irr_model md, void *work) {
  int q = irr_circ_q(p), skip[32], mnR[32], mxR[32], t, w, d, r, k, run = 0;
  double *E = (double *)work, *F = E + p, *L = F + p, *G = L + p;
  int64_t *P = (int64_t *)(G + p);
  int *R = (int *)((int64_t *)work + 5 * (size_t)p + 2), *fl = R + (size_t)p * q, *iv = fl + p;
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
  if (irr__circ_time_table(p, work) != 0) return 1e300;
  return irr__circ_time(p, m, n, md, work);
}

/* Pieces per block and their time: the argmin of irr_allgatherv_circulant_time over a small
   candidate set around the closed form's optimum n0 = sqrt((q - 1) beta m / alpha): n0 / 2,
   n0, 2 n0 and 1, each at most the largest block's units and IRR_CIRC_MAXPIECES. From sizes
   every rank knows. *t: the time (1e300 if the table's repair fails for this p). */
#define IRR_CIRC_MAXPIECES 1024
static inline int irr_allgatherv_circulant_choose(int p, const int64_t *m, irr_model md, void *work, double *t) {
  int64_t tot = 0, mx = 0;
  int i, q = irr_circ_q(p), c[4], best = 1;
  double n0, bt = 1e300;
  for (i = 0; i < p; i++) tot += m[i], mx = m[i] > mx ? m[i] : mx;
  *t = 0;
  if (p <= 1) return 1;
  if (irr__circ_time_table(p, work) != 0) return *t = 1e300, 1;
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
    x = irr__circ_time(p, m, n, md, work);
    if (x < bt) bt = x, best = n;
  }
  *t = bt;
  return best;
}
