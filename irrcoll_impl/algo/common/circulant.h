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

/* What the Allgatherv choice needs of the table, p alone (the MPI layer keeps it per
   communicator with the table): for each round k of a phase, how many relative ranks w >= 1
   have recvblock[k] = v, v = -q .. q - 1 (cnt[k][v + q]); ok: the table's repair succeeded
   (else the circulant schedule is not used on p ranks). O(p q). */
typedef struct irr_circ_sum {
  int p, q, ok;
  int cnt[31][62];
} irr_circ_sum;
static inline void irr_circ_summarize(int p, const int *R, int ok, irr_circ_sum *cs) {
  int w, k;
  memset(cs, 0, sizeof *cs);
  cs->p = p, cs->q = irr_circ_q(p), cs->ok = ok;
  for (w = 1; ok && w < p; w++)
    for (k = 0; k < cs->q; k++) cs->cnt[k][R[(size_t)w * cs->q + k] + cs->q]++;
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
