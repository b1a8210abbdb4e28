/* Round-optimal n-block broadcast schedules on a circulant graph (Träff).

   What it computes. For p ranks, q = ceil(log2 p) and the skips
       s_q = p,  s_k = ceil(s_{k+1} / 2)  (k = q-1 .. 0),  so s_0 = 1 < s_1 < ... < s_q = p,
   a broadcast of n blocks from root 0 runs in n - 1 + q rounds, the lower bound of the
   one-ported, fully bidirectional model. In round i (k = i mod q) every rank r sends to
   (r + s_k) mod p and receives from (r - s_k) mod p: the same q-regular circulant graph for
   every root, so the p broadcasts of an allgather (root j uses relative ranks (r - j) mod p)
   run in the same rounds over the same edges. Each relative rank r has
     baseblock b(r)     the block (in 0..q; the root has q) it first receives,
     recvblock[0..q-1]  in round k of a phase it receives block recvblock[k] from r - s_k;
     its sendblock[k] is the recvblock[k] of r + s_k (the root's: block k).
   Block indices are relative to the phase: negative means "none yet". Round i of the
   broadcast adds q * floor((i + x) / q) - x to them, x = (q - (n-1) mod q) mod q (the first
   phase is cut short so that the last one ends at block n-1); an index below 0 is not sent,
   one above n-1 stands for block n-1 (irr_circ_bcast_block below decides who really gets it).

   Source: J. L. Träff, "Round-optimal n-block broadcast schedules in logarithmic time",
   arXiv 2312.11236 (2023) and "Optimal broadcast schedules in logarithmic time with
   applications to broadcast, all-broadcast, reduction and all-reduction", arXiv 2407.18004
   (2024): Section 2 (the circulant graph and the skips, the baseblock as the last skip of
   r's greedy decomposition r = s_{e1} + s_{e2} + ... ), the receive schedule (Algorithm 1: for
   each k, the largest baseblock not yet taken among the ranks r - s_{k+1} < r' <= r - s_k,
   found by a depth-first search over skip sums with a list of the baseblocks still free),
   and the n-block broadcast (Algorithm 3, the clamp of block indices to n - 1). The paper's
   O(log p) send schedule is not used: an allgather needs every relative rank's recvblock
   anyway (one O(log p) search each), and a rank's sendblock is its receiver's recvblock.

   CAVEAT. The receive search as written here (and as MPICH writes it) is NOT right for
   every p: for p just above a power of two (p = 33, 65..81, 129..177, 257..299, ...) a few
   ranks (r = 1, r = 34, ...) get two blocks of a phase in the wrong rounds, so a sender
   would send a block it receives only in the same round. irr_circ_table repairs those
   rows by swapping entries and then verifies every sender; the paper's exact search rule
   (its handling of the window's lower end) is what should replace the repair. The use for (irregular) allgather: arXiv 2205.10072, Section 4. MPICH's
   circ_graph (src/mpi/coll/algorithms/circ_graph, regular allgather only) was read for the
   same structure; this is our own code.

   Cost: O(log p) time and space per rank's receive search (3 (q + 1) ints of work);
   irr_circ_table, all p rows with the repair and its check: O(p log^2 p), O(p log p) space.
   Limits: 1 <= p < 2^30. Correctness is not proved here: test_circulant checks the table
   and the n-block broadcast against a round-by-round simulation for every p = 1..300 and
   several n (every rank gets every block once, in n - 1 + q rounds, from a sender that
   holds it), and the table's own check for p up to 2^15. */

/* q = ceil(log2 p) (0 for p = 1) */
static inline int irr_circ_q(int p) {
  int q = 0;
  while (q < 31 && (1 << q) < p) q++;
  return q;
}

/* skip[0..q]: skip[q] = p, skip[k] = ceil(skip[k+1] / 2). Returns q. */
static inline int irr_circ_skips(int p, int *skip) {
  int q = irr_circ_q(p), k;
  skip[q] = p;
  for (k = q - 1; k >= 0; k--) skip[k] = (skip[k + 1] + 1) / 2;
  return q;
}

/* Baseblock of relative rank r: q for the root; else the last skip index of the greedy
   decomposition of r into decreasing skips. */
static inline int irr_circ_baseblock(int r, const int *skip, int q) {
  int k;
  if (r == 0) return q;
  for (k = q - 1; k >= 0; k--)
    if (r >= skip[k] && (r -= skip[k]) == 0) return k;
  return -1; /* not reached: every 0 < r < p is a sum of decreasing skips */
}

/* recv[0..q-1] of relative rank r. work: 3 (q + 1) ints.
   Depth-first over sums v = p + s_{e1} + s_{e2} + ... (e1 > e2 > ..., only baseblocks still
   free), in decreasing order of the skips: for round k it looks for the sum in
   (r + p - s_{k+1}, r + p - s_k] whose last skip is the largest free baseblock, takes that
   baseblock and goes on to round k + 1 from there (the windows are adjacent, so the search
   never restarts). The value q (the root) stands for r's own baseblock, found in the
   round where the root's window holds r; the others are blocks of the previous phase. */
static inline void irr_circ_recvblocks(int r, int p, const int *skip, int q, int *recv, int *work) {
  int *stack = work, *nxt = work + (q + 1), *prv = work + 2 * (q + 1);
  int b = irr_circ_baseblock(r, skip, q), e, k = 0, sp = 0, v, lo, hi;
  if (q == 0) return;
  for (e = 0; e <= q; e++) { nxt[e] = e - 1; prv[e] = e + 1; }
  prv[q] = -1;
#define IRR__CIRC_UNLINK(x)                    \
  do {                                         \
    if (prv[x] >= 0) nxt[prv[x]] = nxt[x];     \
    if (nxt[x] >= 0) prv[nxt[x]] = prv[x];     \
  } while (0)
  IRR__CIRC_UNLINK(b);
  e = q;
  v = skip[q];
  stack[sp++] = q;
  lo = r + p - skip[1];
  hi = r + p - skip[0];
  while (k < q) {
    if (v < lo || (v == lo && nxt[e] >= 0)) { /* too small: add the next free skip */
      e = nxt[e];
      if (e < 0) { recv[k++] = -q - 1; break; } /* not reached (test_circulant) */
      v += skip[e];
      stack[sp++] = e;
    } else if (v > hi) { /* too large: drop the last skip, try the next smaller one */
      v -= skip[stack[--sp]];
    } else { /* in the window: its last skip is round k's block */
      e = stack[sp - 1];
      recv[k++] = e;
      IRR__CIRC_UNLINK(e);
      v -= skip[stack[--sp]];
      hi = lo;
      lo = k < q ? r + p - skip[k + 1] : 0;
    }
  }
#undef IRR__CIRC_UNLINK
  for (k = 0; k < q; k++) recv[k] = recv[k] == q ? b : recv[k] - q;
}

/* Does relative rank f hold phase block blk at the start of round k? The root holds every
   block; another rank the previous phase's baseblock b - q and what it received in rounds
   0 .. k-1 (blocks older than the phase are never asked for). R: the p x q table. */
static inline int irr__circ_holds(const int *R, const int *base, int q, int f, int k, int blk) {
  int j;
  if (f == 0) return blk < q;
  if (blk == base[f] - q) return 1;
  for (j = 0; j < k; j++)
    if (R[(size_t)f * q + j] == blk) return 1;
  return 0;
}

/* recvblock of every relative rank: R[r q + k], r = 0..p-1 (row 0, the root's, unused).
   work: 4 (q + 1) + p ints. Each row is irr_circ_recvblocks, O(log p); then a repair pass:
   for the few ranks where that search picks, in rounds k and k', blocks whose senders
   (r - s_k, r - s_k') do not hold them yet (seen for p just above a power of two, e.g.
   p = 33, r = 1: rounds 2 and 3), the two entries are swapped when that makes both senders
   hold theirs; repeated until every sender holds what it sends (at most q passes).
   Returns 0 when the table is consistent (every p = 1..300 in test_circulant, and the
   checks up to 2^14 there), -1 if the repair got stuck: the caller must not use it then.
   O(p log p) in all, O(p q^2) for the check. */
static inline int irr_circ_table(int p, const int *skip, int q, int *R, int *work) {
  int *base = work + 3 * (q + 1), r, k, j, pass, bad = 1;
  for (r = 0; r < p; r++) {
    base[r] = irr_circ_baseblock(r, skip, q);
    irr_circ_recvblocks(r, p, skip, q, R + (size_t)r * q, work);
  }
  for (pass = 0; pass <= q + 1 && bad; pass++) {
    bad = 0;
    for (r = 1; r < p; r++)
      for (k = 0; k < q; k++) {
        int *row = R + (size_t)r * q, f = (r - skip[k] + p) % p;
        if (irr__circ_holds(R, base, q, f, k, row[k])) continue;
        bad = 1;
        for (j = 0; j < q; j++) {
          int g = (r - skip[j] + p) % p, t;
          if (j == k || !irr__circ_holds(R, base, q, f, k, row[j]) || !irr__circ_holds(R, base, q, g, j, row[k])) continue;
          t = row[j], row[j] = row[k], row[k] = t;
          break;
        }
      }
  }
  if (bad) return -1;
  for (r = 1; r < p; r++) /* the last pass changed nothing; make sure */
    for (k = 0; k < q; k++)
      if (!irr__circ_holds(R, base, q, (r - skip[k] + p) % p, k, R[(size_t)r * q + k])) return -1;
  return 0;
}

/* Round t (0 .. n-2+q) of the n-block broadcast: the phase offset added to recvblock and
   sendblock indices, and the round's k. */
static inline int irr_circ_offset(int t, int n, int q, int *k) {
  int x = (q - (n - 1) % q) % q;
  *k = (t + x) % q;
  return (t + x) / q * q - x;
}

/* Last-phase rule: indices above n-1 stand for block n-1 (Algorithm 3), which a rank needs
   once. first_last(r) is the first round t whose receive index of relative rank r, shifted,
   is >= n-1: there r receives block n-1; later such rounds are skipped by both sides (the
   paper sends n-1 again; a message here is paid by its bytes). recv: r's recvblock. */
static inline int irr_circ_first_last(const int *recv, int n, int q) {
  int t, k, R = n - 1 + q;
  for (t = (R - 2 * q > 0 ? R - 2 * q : 0); t < R; t++) {
    int off = irr_circ_offset(t, n, q, &k);
    if (recv[k] + off >= n - 1) return t;
  }
  return R;
}

/* The block relative rank r receives in round t of an n-block broadcast, or -1 (none):
   recv = r's recvblock, fl = irr_circ_first_last(recv, n, q). The sender (r - s_k) sends the
   same block in the same round; it holds it (test_circulant). */
static inline int irr_circ_bcast_block(const int *recv, int fl, int r, int t, int n, int q) {
  int k, off = irr_circ_offset(t, n, q, &k), blk = recv[k] + off;
  if (r == 0 || blk < 0) return -1;
  if (blk >= n - 1) return t == fl ? n - 1 : -1;
  return blk;
}

/* ---- IRR_ALG_CIRCULANT: irregular Allgatherv on the circulant schedule ----

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
   (2 p), the table's work (4 (q + 1) + p). At most IRR_AG_WORK(p) (allgatherv.h). */
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
   the max-plus recursion over its n - 1 + q rounds (allgatherv.h: every rank sends one
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
static inline double irr__circ_time(int p, const int64_t *m, int n, irr_model md, void *work) {
  int q = irr_circ_q(p), skip[32], mnR[32], mxR[32], t, w, d, r, i, k, run = 0;
  double *E = (double *)work, *F = E + p, *L = F + p, *G = L + p, res = 0;
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
  irr__ag_start(p, m, P, E);
  for (t = 0; t < n - 1 + q; t++) {
    int off = irr_circ_offset(t, n, q, &k), ni = 0, sk, full;
    double *tmp;
    full = mnR[k] + off >= 0 && mxR[k] + off <= n - 2;
    if (full) {
      if (run % q == 0) { /* a period of middle rounds starts */
        if (run >= q) {
          double lo = 1e300, hi = -1e300;
          int left = 0;
          for (r = 0; r < p; r++) {
            double x = E[r] - G[r];
            lo = x < lo ? x : lo, hi = x > hi ? x : hi;
          }
          { /* whole periods of middle rounds still ahead */
            int u = t, kk;
            while (u < n - 1 + q) {
              int of = irr_circ_offset(u, n, q, &kk);
              if (!(mnR[kk] + of >= 0 && mxR[kk] + of <= n - 2)) break;
              u++;
            }
            left = (u - t) / q;
          }
          if (left > 0 && hi - lo <= 1e-12 * (hi > 0 ? hi : 1)) {
            for (r = 0; r < p; r++) E[r] += left * lo;
            t += left * q - 1;
            run = 0;
            continue;
          }
        }
        memcpy(G, E, (size_t)p * sizeof(double));
      }
      if (++run == 1) /* the same in every middle round */
        for (d = 0; d < p; d++) L[d] = (double)(P[p] - m[d]) / n;
    } else {
      run = 0;
      for (w = 1; w < p; w++) { /* the intervals [iv[2i], iv[2i+1]] of relative ranks that get a block */
        int b = R[(size_t)w * q + k] + off, v = b >= 0 && (b < n - 1 || t == fl[w]);
        if (!v) continue;
        if (ni > 0 && iv[2 * ni - 1] == w - 1) iv[2 * ni - 1] = w;
        else iv[2 * ni] = iv[2 * ni + 1] = w, ni++;
      }
      if (ni == 0) continue;
      if ((int64_t)ni * p > IRR_CIRC_EXACT) { /* too many intervals: the valid share of every other root */
        int64_t nv = 0;
        for (i = 0; i < ni; i++) nv += iv[2 * i + 1] - iv[2 * i] + 1;
        for (d = 0; d < p; d++) L[d] = (double)(P[p] - m[d]) * (double)nv / (double)(p - 1) / n;
      } else
      for (d = 0; d < p; d++) { /* roots d - w, w in [a, b]: the window [d - b, d - a] mod p */
        int64_t sum = 0;
        for (i = 0; i < ni; i++) {
          int lo = d - iv[2 * i + 1], len = iv[2 * i + 1] - iv[2 * i] + 1;
          if (lo < 0) lo += p;
          sum += lo + len <= p ? P[lo + len] - P[lo] : P[p] - P[lo] + P[lo + len - p];
        }
        L[d] = (double)sum / n;
      }
    }
    sk = skip[k];
    for (r = 0; r < p; r++) {
      int to = r + sk >= p ? r + sk - p : r + sk, from = r - sk < 0 ? r - sk + p : r - sk;
      double e = E[r], x;
      if (L[to] > 0 && (x = (E[to] > E[r] ? E[to] : E[r]) + md.alpha + md.beta * L[to]) > e) e = x;
      if (L[r] > 0 && (x = (E[from] > E[r] ? E[from] : E[r]) + md.alpha + md.beta * L[r]) > e) e = x;
      F[r] = e;
    }
    tmp = E, E = F, F = tmp;
  }
  for (r = 0; r < p; r++) res = E[r] > res ? E[r] : res;
  return res;
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

