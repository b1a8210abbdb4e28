/* Reduce_scatter's automatic choice: estimates of every algorithm from the blocks' starts D
   (equal on all ranks: MPI requires equal recvcounts everywhere), walking only those whose
   lower bounds can still win, and their argmin; the programs of all ranks; the bound. Units
   are elements; the model's beta and gamma are per unit (the MPI layer scales them by the
   element's bytes). */

#define IRR_RS_SPREAD_MAXLG 5 /* spread's pieces: G = 2^lg <= 32 (more: balanced's domain) */
static inline int irr_reduce_scatter_maxops(int p) {
  int lg = irr_circ_q(p);
  return 5 * p + 12 * lg + 32; /* ring and pairwise: 2 a round; the delivery: the blocks a piece
                                   overlaps and the pieces a block does, both wrapped at worst;
                                   dominant: two reverse Brucks, their messages split at o's
                                   block, and its owner's p - 1 sends; spread: a round's window
                                   holds at most ceil(W G / p) holders, 2 pieces each, so at
                                   most 6G + 7 lg + 6 + IRR_RS_SPREAD_MAXLG ops in all */
}

/* Whether alg is one of Reduce_scatter's, and applies to the operation (ordered: not
   commutative). */
static inline int irr__rs_applies(irr_alg alg, int ordered) {
  const irr_alg_entry *e = irr_alg_find(IRR_COLL_REDUCE_SCATTER, alg);
  return e && !(ordered && (e->restrictions & IRR_RESTRICT_COMMUTE));
}

/* The choice's work, in the model's cpu_size units (0.84 ns): a step of the delivery's walk
   (irr__rs_redist_est: a segment, p + q of them at most), a piece of a Bruck window
   (irr__rs_window), a piece of halving's path, an entry of a pass that only reads or fills
   an array (the largest block, the pieces), and the lower bounds and their order, once a
   choice. Fitted (least squares on the relative error) to single-thread timings on this
   machine of 1400 batches of choices and guarded choices, each batch 8 different draws of
   new counts (so the branch predictor has not learnt them, as in a call on new counts):
   p = 64 .. 4096, test/dist.h's patterns, 8 B .. 1 MiB a rank: 3.06 ns a step, 0.41 a
   window's piece, 1.65 a path's piece, 0.46 a pass's entry and 210 ns a choice. Timed on
   repeated counts, where the predictor has learnt the walk, a step takes 2.44 ns. */
#define IRR_RS_SEG 3.6
#define IRR_RS_WIN 0.5
#define IRR_RS_HALF 2.0
#define IRR_RS_PASS 0.55
#define IRR_RS_FIXED 230.0

/* ---- the estimates, and lower bounds of them that walk nothing ----
   A lower bound is its estimate's own sum, every term that needs a walk replaced by a value
   the term cannot go below, added in the same order: rounding is monotone, so the bound
   never passes the estimate, and a candidate whose bound cannot beat the best so far is
   left unpriced without changing the choice. */

/* The delivery of the pieces P (piece v held by irr__rs_holder(irr__rs_rev(v, k), x)) to
   the blocks' owners (irr__rs_redist), round by round as the model runs it: its first round
   takes the most messages any rank sends (one for each block its piece overlaps) or any
   owner takes in it (a flat list's all, a binomial one's first; an owner that holds one of
   its block's pieces has two lists, one either side); the deepest binomial list adds a round
   per level after it; an owner takes its lists' messages one at a time, which may take longer
   (two binomial lists: two a level); the most bytes an owner gets pass its port once. Walks
   pieces and blocks together, one step a segment (a piece's overlap with a block), O(p + q):
   the next piece end pe and block end be are kept, so a step reads neither array unless one
   of them ends there. The blocks are D's, or with gap >= 0 those without block gap
   (dominant.h's R: p of them, D having p + 1; irr__rs_rstart inlined). u (optional): gets
   its steps, IRR_RS_SEG each. */
static inline double irr__rs_redist_est(int p, const int64_t *D, int gap, const int64_t *P, int x, int k, double A, double B,
                                        double *u) {
  int v = 0, o = 0, hv, np = 0, nl = -1, ns = 0, first = 0, deep = 0, own = 0, steps = 0;
  int64_t n = irr__rs_rstart(D, gap, p), g = gap >= 0 ? D[gap + 1] - D[gap] : 0, pos = 0, pe, be, end, got = 0, most = 0;
  if (n == 0) return 0;
  while (P[v + 1] <= 0) v++;
  while (irr__rs_rstart(D, gap, o + 1) <= 0) o++;
  hv = irr__rs_holder(irr__rs_rev(v, k), x), pe = P[v + 1], be = irr__rs_rstart(D, gap, o + 1);
  for (;; steps++) {
    end = pe < be ? pe : be;
    if (hv != o) {
      np++, got += end - pos;
      if (++ns > first) first = ns;
    } else nl = np, np = 0; /* the owner's own piece: the list before it is done */
    pos = end;
    if (be == pos) { /* a block ends: its lists' rounds and bytes */
      int l, r0 = 0, a = 0, kl[2];
      kl[0] = nl > 0 ? nl : 0, kl[1] = np;
      for (l = 0; l < 2; l++) {
        int lg = irr__rs_list_msgs(kl[l]);
        r0 += kl[l] > 3 ? 1 : kl[l], a += lg;
        if (kl[l] > 3 && lg > deep) deep = lg;
      }
      if (r0 > first) first = r0;
      if (a > own) own = a;
      if (got > most) most = got;
      np = 0, nl = -1, got = 0;
      if (pos == n) break;
      do o++, be = gap < 0 || o < gap ? D[o + 1] : D[o + 2] - g; while (be <= pos);
    }
    if (pe == pos) { /* a piece begins: its holder */
      do v++, pe = P[v + 1]; while (pe <= pos);
      ns = 0, hv = irr__rs_holder(irr__rs_rev(v, k), x);
    }
  }
  if (u) *u += IRR_RS_SEG * (steps + 1);
  first += deep > 1 ? deep - 1 : 0;
  return A * (double)(first > own ? first : own) + B * (double)most;
}

/* Its lower bound for q equal pieces, no walk: the largest block overlaps at least
   ceil(mx / c) pieces of at most c = ceil(n/q) units, and its owner holds one at most, so
   the rest of it (mx - c units at least) comes from np >= ceil(mx / c) - 1 holders: np
   rounds of a flat list, or a binomial one's ceil(log2(np + 1)). */
static inline double irr__rs_redist_low(int q, int64_t n, int64_t mx, double A, double B) {
  int64_t c = n / q + (n % q != 0);
  int np = (int)((mx + c - 1) / c) - 1;
  if (mx <= c) return 0;
  return A * (double)irr__rs_list_msgs(np) + B * (double)(mx - c);
}

/* The largest sum of w < p consecutive pieces of P (p of them): from piece s <= p - w,
   P_(s+w) - P_s; from a later s, wrapping past the last, n - P_s + P_(s+w-p). */
static inline int64_t irr__rs_window(int p, const int64_t *P, int w) {
  int64_t in = irr__rs_maxdiff(P + w, P, 0, p - w + 1), wrap = irr__rs_maxdiff(P + 1, P + p - w + 1, P[p], w - 1);
  return in > wrap ? in : wrap;
}

/* Reverse Bruck's round of L live pieces (p pieces P of n units, the largest mx): its largest
   window of L - d consecutive pieces (d = irr__rs_hp2(L)), walked (one piece: the largest);
   P NULL: a lower bound, no walk: a window holds at least the average, ceil((L - d) n / p),
   and one of them the largest piece (exact for equal pieces, mx 0, and pieces all of mx). */
static inline int64_t irr__rs_bruck_round(int p, int64_t n, const int64_t *P, int64_t mx, int L) {
  int w = L - irr__rs_hp2(L);
  int64_t avg;
  if (P) return w > 1 ? irr__rs_window(p, P, w) : mx;
  avg = (int64_t)w * (n / p) + ((n % p) * w + p - 1) / p;
  return mx > avg ? mx : avg;
}
/* Reverse Bruck's rounds, each alpha and its largest window. cut >= 0: a walk stops as soon
   as the rounds walked and the lower bounds of the rest (low[]), plus extra (the CPU term
   the caller adds), pass cut, and returns that bound: the algorithm cannot beat a best of
   cut. u (optional): gets the windows walked, IRR_RS_WIN a piece. */
static inline double irr__rs_bruck_est(int p, int64_t n, const int64_t *P, int64_t mx, double A, double BG, double cut,
                                       double extra, double *u) {
  double t = 0, b, low[32];
  int L, i, j, R = 0;
  if (P && cut >= 0)
    for (L = p; L > 1; L = irr__rs_hp2(L)) low[R++] = A + BG * (double)irr__rs_bruck_round(p, n, NULL, mx, L);
  for (L = p, i = 0; L > 1; L = irr__rs_hp2(L), i++) {
    t += A + BG * (double)irr__rs_bruck_round(p, n, P, mx, L);
    if (P && u && L - irr__rs_hp2(L) > 1) *u += IRR_RS_WIN * p;
    for (b = t, j = i + 1; j < R; j++) b += low[j];
    if (R > 0 && b + extra > cut) return b;
  }
  return t;
}

/* Recursive halving over q = 2^k pieces P, after the fold of x ranks. A pair's round starts
   when both ended the last, and every member of a group has the same history, so the time
   is the costliest path down the tree of groups (each split costs alpha and its larger half),
   not the sum of each round's slowest group: O(q), depth log2 q. Bottom up, left to right,
   without recursion: a split's time waits in wait[] for its right sibling's, which completes
   their parent. */
static inline double irr__rs_halving_path(const int64_t *P, int q, double A, double BG) {
  double wait[32], t = 0;
  int g;
  for (g = 0; g < q / 2; g++) { /* the splits of two pieces */
    int h = g, M = 1, lev = 0;
    double l = 0, r = 0;
    for (;;) { /* split h of pieces [2hM, 2hM + 2M), its halves' times l, r */
      const int64_t *S = P + 2 * h * M;
      int64_t lo = S[M] - S[0], up = S[2 * M] - S[M];
      t = A + BG * (double)(lo > up ? lo : up) + (l > r ? l : r);
      if (!(h & 1)) break; /* a left half (or the whole): it waits */
      l = wait[lev], r = t, h /= 2, M *= 2, lev++;
    }
    wait[lev] = t;
  }
  return t;
}
/* Its lower bound from log2 q pieces (irr__rs_piece_at: D folded, or NULL: equal): one
   path, into the larger half each time, summed bottom up as the costliest path is. */
static inline double irr__rs_halving_low(int q, int x, int64_t n, const int64_t *D, double A, double BG) {
  int64_t m[32];
  int b = 0, M, j = 0;
  double t = 0;
  for (M = q / 2; M >= 1; M /= 2, j++) {
    int64_t mid = irr__rs_piece_at(b + M, q, n, D, x), lo = mid - irr__rs_piece_at(b, q, n, D, x),
            up = irr__rs_piece_at(b + 2 * M, q, n, D, x) - mid;
    m[j] = lo > up ? lo : up;
    if (up > lo) b += M;
  }
  while (j-- > 0) t = A + BG * (double)m[j] + t;
  return t;
}
/* The fold (x > 0: a whole vector), then the path: over P, or P NULL its lower bound. */
static inline double irr__rs_halving_est(int q, int x, int64_t n, const int64_t *P, const int64_t *D, double A, double BG) {
  return (x > 0 ? A + BG * (double)n : 0) + (P ? irr__rs_halving_path(P, q, A, BG) : irr__rs_halving_low(q, x, n, D, A, BG));
}

/* Dominant's (algo/reduce_scatter/dominant.h; p >= IRR_RS_DOM_MINP, commutative) on groups
   of w = 2^lw: the longest of its lanes' paths, as the model runs them (a lane at a time
   through each port):
   - D's reverse Bruck among all p on G = ceil(p/w) pieces held every w ranks (a round's
     window of L - d pieces holds at most ceil((L - d)/w) of them), then the holders' pieces
     into o's port (G - 1 messages, m_o - m_o/G units);
   - after D's rounds with L > w (tH), R's reverse Bruck among the k = p - 1 others and its
     delivery (dl), longer by a group's part of o's absorbed (w pieces of R);
   - from tH too, o's port sending its parts of R, a message a group of w, beside its light
     D rounds; the last part absorbed holds up R's rounds after round ab and its delivery,
     which follow it;
   - a holder's port, both lanes' messages one after the other.
   O(log p): n, mx and dl are all it reads. */
static inline double irr__rs_dom_form(int p, int64_t n, int64_t mx, int lw, irr_model md, double dl) {
  double A = md.alpha, B = md.beta, BG = md.beta + md.gamma, tD = 0, tH = 0, tR, tail = 0, oR, tP, t;
  int k = p - 1, lk = irr_circ_q(k), w = 1 << lw, ab = lk - lw, G = (p + w - 1) / w, L, r, nL = 0;
  int64_t nR = n - mx, g = mx / G + (mx % G != 0), ng;
  for (L = p; L > 1; L = irr__rs_hp2(L)) {
    double c = A + BG * (double)(((L - irr__rs_hp2(L) + w - 1) / w) * g);
    tD += c;
    if (L > w) tH += c;
    else nL++;
  }
  tD += (G - 1) * A + B * (double)(mx - g); /* one port: a message at a time */
  for (L = k, r = 1; L > 1; L = irr__rs_hp2(L), r++) /* R's rounds after the last absorbed */
    if (r > ab) tail += A + BG * (double)irr__rs_bruck_round(k, nR, NULL, 0, L);
  tR = nR ? tH + irr__rs_bruck_est(k, nR, NULL, 0, A, BG, -1, 0, NULL) + BG * (double)(w * (nR / k)) + dl : 0;
  ng = (k + w - 1) / w < nR ? (k + w - 1) / w : nR; /* o's messages: its parts of R that are not empty */
  oR = nR ? tH + (double)(ng + lw) * A + (double)(nR + lw * g) * B + tail + dl : 0; /* + its light D rounds */
  tP = (double)(irr_circ_q(p) + ab + 1) * A + BG * (double)(mx - g + nL * g + nR + w * (nR / k)); /* a holder's port: both lanes', its light D rounds and a group's part of o's */
  t = tR > oR ? tR : oR;
  t = tD > t ? tD : t;
  return t > tP ? t : tP;
}

/* Dominant's groups, w = 2^lw: the least of its closed forms without R's delivery (which does
   not depend on w) over lw = floor(lk/2) .. floor(lk/2) + 2 within 1 .. lk - 1, lk =
   ceil(log2(p - 1)) (the first of equals). Few large groups suit small blocks: o sends its
   parts of R in fewer messages and R starts earlier, at the price of heavier light D rounds;
   with large blocks the bytes of those rounds decide. Not below floor(lk/2): there the closed
   form runs 8-14 % under the model (p = 64 .. 1000, 4 KiB .. 256 KiB a rank), and picked
   groups the model puts 3-4 % behind. O(log^2 p), from p, n, mx and the model: equal on
   every rank, so the builder and the estimate agree. */
static inline int irr_reduce_scatter_dom_lw(int p, int64_t n, int64_t mx, irr_model md) {
  int lk = irr_circ_q(p - 1), lo = lk / 2 > 1 ? lk / 2 : 1, hi = lk / 2 + 2 < lk - 1 ? lk / 2 + 2 : lk - 1, lw, b = lo;
  double tb = -1, t;
  for (lw = lo; lw <= hi; lw++)
    if ((t = irr__rs_dom_form(p, n, mx, lw, md, 0)) < tb || tb < 0) tb = t, b = lw;
  return b;
}

/* Dominant's estimate on the groups its builder takes: the closed form with R's delivery
   walked (P: workspace, R's pieces), or P NULL: without it (a lower bound). work (optional):
   the walk's work. */
static inline double irr__rs_dom_est(int p, const int64_t *D, int64_t mx, irr_model md, int64_t *P, double *work) {
  double dl = 0;
  if (P) {
    irr__rs_equal_pieces(p - 1, D[p] - mx, P);
    dl = irr__rs_redist_est(p - 1, D, irr__rs_dom_owner(p, D), P, 0, 0, md.alpha + md.cpu_msg, md.beta, work);
  }
  return irr__rs_dom_form(p, D[p], mx, irr_reduce_scatter_dom_lw(p, D[p], mx, md), md, dl);
}

/* Spread (algo/reduce_scatter/spread.h) on G = 2^lg pieces of the largest block (mx units),
   closed form: each reverse Bruck round of a window of W blocks moves W - 1 average blocks
   of the rest (avg), one block of m2 (the largest of the rest: the window that holds it;
   m2 < 0: an average one, a lower bound) and ceil(W G / p) of the G pieces (at most G); then
   lg rounds bring the pieces home, the rest of the block at the owner's port. O(log p). */
static inline double irr__rs_spread_form(int p, int64_t n, int64_t mx, double m2, int lg, irr_model md) {
  double A = md.alpha, BG = md.beta + md.gamma, avg = p > 1 ? (double)(n - mx) / (p - 1) : 0, t, G = (double)(1 << lg), r, big, k;
  double g = (double)(mx >> lg) + ((mx & ((1 << lg) - 1)) != 0), W;
  int L, d = p > 1 ? irr__rs_hp2(p) : 1;
  t = lg * (A + md.cpu_msg) + md.beta * ((double)mx - g);
  for (L = p; L > 1; L = d, d /= 2) { /* W = p - d, then halves of powers of two; doubles, no division in the loop */
    W = (double)(L - d), k = W * G / p, k = (double)(int64_t)k + ((double)(int64_t)k < k), r = W * avg;
    big = m2 + (W - 1) * avg;
    t += A + BG * ((big > r ? big : r) + (k < G ? k : G) * g);
  }
  return t;
}

/* Spread's pieces: the lg of 1 .. IRR_RS_SPREAD_MAXLG (G <= p/2) whose closed form (the rest
   taken as average blocks) is least. More pieces make the rounds lighter and the way home
   longer. O(log^2 p), from p, n, the largest block and the model: equal on every rank, so the
   builder and the estimate agree. 0: spread does not apply (p < 4 or an empty vector). */
static inline int irr_reduce_scatter_spread_lg(int p, int64_t n, int64_t mx, irr_model md) {
  double tb = -1, t;
  int lg, b = 0;
  for (lg = 1; lg <= IRR_RS_SPREAD_MAXLG && (1 << lg) <= p / 2 && n > 0; lg++)
    if ((t = irr__rs_spread_form(p, n, mx, -1, lg, md)) < tb || tb < 0) tb = t, b = lg;
  return b;
}

/* The largest block but one (the largest of the rest when mx is one block): a pass. */
static inline int64_t irr__rs_second(int p, const int64_t *D, int64_t mx) {
  int64_t b = 0, c;
  int i, seen = 0;
  for (i = 0; i < p; i++) {
    c = D[i + 1] - D[i];
    if (c == mx && !seen) seen = 1;
    else if (c > b) b = c;
  }
  return b;
}

/* Spread's estimate on the pieces its builder takes: its closed form with the largest block
   of the rest (a pass), or P NULL without it (a lower bound: the same sum, no term larger).
   Not walked (the walk, reverse Bruck's over the virtual blocks, costs p a round): over 7179
   draws with a block of 4 averages or more (of 8000: p = 16 .. 4096, 1/8 .. 1250 units a
   rank, skewed, power laws, one block of 10-110 %, 70 % empty; two seeds) the form came to
   0.63 .. 1.24 of the walk, and 0.74 .. 1.21 where that block is at least twice the next
   (3465 draws; 0.95 .. 1.07 for 90 % of them): with a second block of half its size or more,
   the windows that hold that one stay heavy, which the form does not see. lg:
   irr_reduce_scatter_spread_lg's; 0: it does not apply (negative). u: the pass. */
static inline double irr__rs_spread_est(int p, const int64_t *D, int64_t mx, int lg, irr_model md, int64_t *P, double *u) {
  if (lg == 0) return -1;
  if (P && u) *u += IRR_RS_PASS * p;
  return irr__rs_spread_form(p, D[p], mx, P ? (double)irr__rs_second(p, D, mx) : -1, lg, md) + md.cpu_op * (double)(4 << lg);
}

/* Rank rank's program of alg (not auto) into s, initialized for rank of p. md: the model the
   choice priced it with (dominant's groups follow it). P: workspace of p + 1 entries.
   IRR_ERR_ARG: an algorithm Reduce_scatter lacks, or a commutative one for an ordered
   operation. */
static inline irr_status irr_reduce_scatter_build(irr_alg alg, int rank, int p, const int64_t *D, int ordered, irr_model md,
                                                  int64_t *P, irr_sched *s) {
  if (!irr__rs_applies(alg, ordered) || alg == IRR_ALG_GUARDED) return IRR_ERR_ARG; /* guarded: the MPI layer's */
  switch (alg) {
  case IRR_ALG_BALANCED: return irr_reduce_scatter_balanced(rank, p, D, ordered, P, s);
  case IRR_ALG_DOMINANT: {
    int64_t mx = irr__rs_maxblock(p, D);
    return irr_reduce_scatter_dominant(rank, p, D, irr_reduce_scatter_dom_lw(p, D[p], mx, md), P, s);
  }
  case IRR_ALG_SPREAD: {
    int lg = irr_reduce_scatter_spread_lg(p, D[p], irr__rs_maxblock(p, D), md);
    return lg ? irr_reduce_scatter_spread(rank, p, D, lg, P, s) : irr_reduce_scatter_bruck(rank, p, D, s);
  }
  case IRR_ALG_BRUCK: return irr_reduce_scatter_bruck(rank, p, D, s);
  case IRR_ALG_HALVING: return irr_reduce_scatter_halving(rank, p, D, ordered, P, s);
  case IRR_ALG_RING: return irr_reduce_scatter_ring(rank, p, D, s);
  default: return irr_reduce_scatter_pairwise(rank, p, D, s);
  }
}

/* The model's time of alg on blocks D whose largest is mx, closed form: the network and
   gamma round by round, and the CPU of the messages a rank posts (cpu_msg each) and its ops
   (cpu_op). P: workspace of p + 1 entries; NULL: a lower bound instead, O(log p), that
   reads no more of D than mx and log2 p of the folded pieces. cut >= 0: any value above cut
   may stand for an estimate above it (Bruck's walk stops there). Negative: alg does not
   apply. u (optional): gets the walks' work, in the model's cpu_size units (IRR_RS_SEG and
   the rest, below); a lower bound's O(log p) is left out. */
static inline double irr__rs_estimate(irr_alg alg, int p, const int64_t *D, int64_t mx, int ordered, irr_model md,
                                      int64_t *P, double cut, double *u) {
  double A = md.alpha, B = md.beta, BG = md.beta + md.gamma, Am = md.alpha + md.cpu_msg, cpu = md.cpu_msg + 2 * md.cpu_op;
  double t = 0, msgs = 0;
  int64_t n = D[p];
  int q, x, lg, lg2q;
  if (!irr__rs_applies(alg, ordered) || alg == IRR_ALG_GUARDED) return -1;
  if (p <= 1 || n == 0) return md.cpu_op;
  q = irr__rs_pof2(p, &lg2q), x = p - q, lg = irr_circ_q(p);
  switch (alg) {
  case IRR_ALG_DOMINANT:
    if (p >= IRR_RS_DOM_MINP) {
      t = irr__rs_dom_est(p, D, mx, md, P, u), msgs = 4 * lg + 8;
      if (P && u) *u += IRR_RS_PASS * 2 * p; /* the owner, R's pieces */
      break;
    }
    /* below IRR_RS_DOM_MINP ranks it is balanced */
    /* fall through */
  case IRR_ALG_BALANCED:
    if (!ordered) {
      if (P) irr__rs_equal_pieces(p, n, P);
      t = irr__rs_bruck_est(p, n, NULL, 0, A, BG, -1, 0, NULL) +
          (P ? irr__rs_redist_est(p, D, -1, P, 0, 0, Am, B, u) : irr__rs_redist_low(p, n, mx, Am, B));
      msgs = 2 * lg + 4;
      if (P && u) *u += IRR_RS_PASS * p; /* the pieces */
    } else {
      if (P) irr__rs_equal_pieces(q, n, P);
      t = irr__rs_halving_est(q, x, n, P, NULL, A, BG) +
          (P ? irr__rs_redist_est(p, D, -1, P, x, lg2q, Am, B, u) : irr__rs_redist_low(q, n, mx, Am, B));
      msgs = 2 * lg + 6;
      if (P && u) *u += (IRR_RS_PASS + IRR_RS_HALF) * q; /* the pieces, halving's path */
    }
    break;
  case IRR_ALG_SPREAD: { /* below 4 ranks (no pieces to spread) it is Bruck's program */
    int sl = irr_reduce_scatter_spread_lg(p, n, mx, md);
    msgs = 2 * lg + 2 * sl + 2;
    if ((t = irr__rs_spread_est(p, D, mx, sl, md, P, u)) >= 0) break;
  }
    /* fall through */
  case IRR_ALG_BRUCK: /* on the blocks: a walk a round, unless all are alike (Reduce_scatter_block's) */
    msgs = 2 * lg;
    t = irr__rs_bruck_est(p, n, P && (n % p != 0 || mx != n / p) ? D : NULL, mx, A, BG, cut, msgs * cpu, u);
    break;
  case IRR_ALG_HALVING: /* on 2^k ranks, commutative, every piece is its holder's block: no delivery */
    if (P) irr__rs_fold_pieces(p, D, P);
    t = irr__rs_halving_est(q, x, n, P, D, A, BG) +
        (P && (x > 0 || ordered) ? irr__rs_redist_est(p, D, -1, P, x, ordered ? lg2q : 0, Am, B, u) : 0);
    msgs = 2 * lg + 2;
    if (P && u) *u += (IRR_RS_PASS + IRR_RS_HALF) * q; /* the fold, the path */
    break;
  default: t = (p - 1) * (A + BG * (double)mx), msgs = 2.0 * (p - 1); break; /* ring, pairwise: exact either way */
  }
  return t + msgs * cpu;
}

/* The model's time of alg (irr__rs_estimate). P: workspace of p + 1 entries. A negative
   result: the algorithm does not apply. */
static inline double irr_reduce_scatter_estimate(irr_alg alg, int p, const int64_t *D, int ordered, irr_model md,
                                                 int64_t *P) {
  return irr__rs_estimate(alg, p, D, irr__rs_maxblock(p, D), ordered, md, P, -1, NULL);
}

/* The algorithm: forced (if it applies to the operation; guarded is auto here, its guard
   the MPI layer's), else the least estimate (a tie: the first in cand), *best (optional)
   that estimate (-1 when forced). P: workspace of p + 1 entries. Equal on every rank: D, ordered (the
   operation's commutativity) and the model are. One pass for the largest block, then the
   candidates in the order of their lower bounds (the likeliest winner first), each priced
   only while its bound can still beat the best so far, and Bruck's walk (p a round) stops
   as soon as it cannot. Dominant is a candidate only where one block holds a third of the
   vector or more (below, the model gives it no gain, and its estimate is the least sure),
   and on IRR_RS_DOM_MINP ranks or more (below, its program is balanced's). Spread is not a
   candidate (algo/reduce_scatter/spread.h says why).
   units (optional): gets the choice's work in cpu_size units (its pass for the largest
   block, the walks), for the model's CPU. irr__rs_choose_mx: the automatic choice, the
   largest block mx given (the guard's, found once). */
/* Whether dominant is a candidate of the automatic choice (irr__rs_choose_mx) and of the
   guard's own bound (irr__rs_own_low): one block of a third of the vector or more, and at
   least IRR_RS_DOM_MINP ranks (below, its program is balanced's). */
static inline int irr__rs_dom_cand(int p, const int64_t *D, int64_t mx) { return p >= IRR_RS_DOM_MINP && 3 * mx >= D[p]; }
static inline irr_alg irr__rs_choose_mx(int p, const int64_t *D, int64_t mx, int ordered, irr_model md, int64_t *P,
                                        double *best, double *units) {
  static const irr_alg cand[] = {IRR_ALG_BALANCED, IRR_ALG_DOMINANT, IRR_ALG_HALVING, IRR_ALG_BRUCK, IRR_ALG_RING,
                                IRR_ALG_PAIRWISE};
  enum { NC = sizeof cand / sizeof cand[0] };
  double low[NC], tb = -1;
  int ord[NC], i, j, b = -1;
  if (units) *units += IRR_RS_FIXED;
  for (i = 0; i < NC; i++) { /* insertion sort by bound (ties: cand's order) */
    low[i] = cand[i] != IRR_ALG_DOMINANT || irr__rs_dom_cand(p, D, mx)
                 ? irr__rs_estimate(cand[i], p, D, mx, ordered, md, NULL, -1, NULL)
                 : -1;
    for (j = i; j > 0 && low[ord[j - 1]] > low[i]; j--) ord[j] = ord[j - 1];
    ord[j] = i;
  }
  for (j = 0; j < NC; j++) {
    int c = ord[j];
    double t;
    if (low[c] < 0 || (b >= 0 && (low[c] > tb || (low[c] == tb && c > b)))) continue;
    t = irr__rs_estimate(cand[c], p, D, mx, ordered, md, P, tb, units);
    if (b < 0 || t < tb || (t == tb && c < b)) tb = t, b = c;
  }
  if (best) *best = tb;
  return b >= 0 ? cand[b] : ordered ? IRR_ALG_HALVING : IRR_ALG_BRUCK;
}
static inline irr_alg irr__rs_choose(irr_alg forced, int p, const int64_t *D, int ordered, irr_model md, int64_t *P,
                                     double *best, double *units) {
  if (forced != IRR_ALG_AUTO && forced != IRR_ALG_GUARDED && irr__rs_applies(forced, ordered)) {
    if (best) *best = -1;
    return forced;
  }
  if (units) *units += IRR_RS_PASS * p;
  return irr__rs_choose_mx(p, D, irr__rs_maxblock(p, D), ordered, md, P, best, units);
}
static inline irr_alg irr_reduce_scatter_choose(irr_alg forced, int p, const int64_t *D, int ordered, irr_model md,
                                                int64_t *P) {
  return irr__rs_choose(forced, p, D, ordered, md, P, NULL, NULL);
}

/* The guard (IRR_ALG_GUARDED, the interception library's default for MPI_Reduce_scatter and
   MPI_Reduce_scatter_block): MPI's own runs instead of alg, the choice, whose estimate is t,
   unless alg is none of the libraries' algorithms (MPICH's recursive halving and pairwise,
   Open MPI's ring) and t times IRR_RS_GUARD_GAIN stays below the best of their estimates.
   The margin is the model's own error: in the SMPI cells measured (bench/run_reduce_scatter.sh;
   p = 64, 256, 1000; 1 and 16 KiB a rank) irrcoll's gain over SMPI's best algorithm came to
   about 0.7 .. 1.0 of the model's, and where the model gave it under 1.2 (p = 64, Zipf,
   1 KiB) it lost (0.91). The libraries' estimates stand for what MPI runs: their best, so the
   guard errs towards MPI's own. Lower bounds first (no walk); halving's walk only where its
   bound comes within the margin. Decided from the blocks, the operation's commutativity and
   the model: equal on every rank. P: workspace of p + 1 entries. */
#define IRR_RS_GUARD_GAIN 1.25
/* Whether one of the libraries' algorithms (halving, pairwise, ring) applies and its
   estimate is at most cut: closed-form bounds first, halving walked only if its bound is.
   u (optional): the walks' work (irr__rs_estimate). */
static inline int irr__rs_lib_within(int p, const int64_t *D, int64_t mx, int ordered, irr_model md, int64_t *P, double cut,
                                     double *u) {
  static const irr_alg lib[] = {IRR_ALG_HALVING, IRR_ALG_PAIRWISE, IRR_ALG_RING};
  int i;
  for (i = 0; i < 3; i++) {
    double low = irr__rs_estimate(lib[i], p, D, mx, ordered, md, NULL, -1, NULL);
    if (low >= 0 && low <= cut && irr__rs_estimate(lib[i], p, D, mx, ordered, md, P, -1, u) <= cut) return 1;
  }
  return 0;
}
static inline int irr__rs_native(irr_alg alg, double t, int p, const int64_t *D, int64_t mx, int ordered, irr_model md,
                                 int64_t *P, double *u) {
  if (alg == IRR_ALG_HALVING || alg == IRR_ALG_PAIRWISE || alg == IRR_ALG_RING || t < 0) return 1;
  return irr__rs_lib_within(p, D, mx, ordered, md, P, t * IRR_RS_GUARD_GAIN, u);
}
static inline int irr_reduce_scatter_native(irr_alg alg, double t, int p, const int64_t *D, int ordered, irr_model md,
                                            int64_t *P) {
  return irr__rs_native(alg, t, p, D, irr__rs_maxblock(p, D), ordered, md, P, NULL);
}
/* The same answer before the choice where it can be had cheaply: the libraries' best
   estimate within the margin of the lower bounds of irrcoll's own candidates (balanced,
   dominant, Bruck: no walk). Then the choice, were it made, would be a library's algorithm
   or one at most the margin ahead, so the guard would say the same (test_rs checks it).
   Small vectors, where every candidate is a few latencies, mostly end here: O(p) once
   instead of the choice's walks. */
static inline double irr__rs_own_low(int p, const int64_t *D, int64_t mx, int ordered, irr_model md) {
  static const irr_alg own[] = {IRR_ALG_BALANCED, IRR_ALG_DOMINANT, IRR_ALG_BRUCK};
  double low = -1, e;
  int i;
  for (i = 0; i < 3; i++) {
    if (own[i] == IRR_ALG_DOMINANT && !irr__rs_dom_cand(p, D, mx)) continue;
    e = irr__rs_estimate(own[i], p, D, mx, ordered, md, NULL, -1, NULL);
    if (e >= 0 && (low < 0 || e < low)) low = e;
  }
  return low; /* < 0: none applies */
}
static inline int irr__rs_native_early(int p, const int64_t *D, int64_t mx, int ordered, irr_model md, int64_t *P, double *u) {
  double low = irr__rs_own_low(p, D, mx, ordered, md);
  if (u) *u += IRR_RS_FIXED / 2;
  return low < 0 || irr__rs_lib_within(p, D, mx, ordered, md, P, low * IRR_RS_GUARD_GAIN, u); /* low < 0: only theirs apply */
}
static inline int irr_reduce_scatter_native_early(int p, const int64_t *D, int ordered, irr_model md, int64_t *P) {
  return irr__rs_native_early(p, D, irr__rs_maxblock(p, D), ordered, md, P, NULL);
}
/* Halving's estimate bounded from n and the largest block mx alone (no walk): its fold (a
   whole vector), log2 q splits of at most the whole vector each, and the delivery of its
   pieces, which are whole blocks: none where each piece is its holder's block (2^k ranks,
   commutative), else at most one message a rank, two where a folded piece's two blocks
   both belong to others (in rank order), and the largest block at an owner
   (irr__rs_redist_est's first, no list deeper than one). */
static inline double irr__rs_halving_ub(int p, int64_t n, int64_t mx, int ordered, irr_model md) {
  double A = md.alpha, BG = md.beta + md.gamma, Am = md.alpha + md.cpu_msg, cpu = md.cpu_msg + 2 * md.cpu_op;
  int lg2q, q = irr__rs_pof2(p, &lg2q), x = p - q, nd = (x > 0) + (ordered != 0);
  if (p <= 1 || n == 0) return md.cpu_op;
  return (x > 0 ? A + BG * (double)n : 0) + lg2q * (A + BG * (double)n) + (nd ? nd * Am + md.beta * (double)mx : 0) +
         (2.0 * irr_circ_q(p) + 2) * cpu;
}
/* The guard's answer from the total and the largest block alone, O(log p) once they are
   known: halving's bound within the margin of irrcoll's own lower bounds. Where it says MPI,
   irr_reduce_scatter_native_early says so too (the bound is at least the walked estimate:
   test_rs checks both); it mostly does for small vectors, where every algorithm is its
   latencies, and there the MPI layer asks it before the counts' hash, so such a call costs
   the counts' two passes (widening, block starts and the largest) and nothing else. */
static inline int irr_reduce_scatter_native_bound(int p, const int64_t *D, int64_t mx, int ordered, irr_model md) {
  double low = irr__rs_own_low(p, D, mx, ordered, md);
  return low < 0 || irr__rs_halving_ub(p, D[p], mx, ordered, md) <= low * IRR_RS_GUARD_GAIN;
}
/* The guarded choice: 1 (MPI's own; *early: decided before the choice) or 0 and irrcoll's
   algorithm in *alg. The MPI layer's sequence, after irr_reduce_scatter_native_first and
   irr_reduce_scatter_native_bound (asked before the counts' hash; the early test here would
   say MPI wherever that bound does, so it is not asked again). The largest block found
   once for all three. units (optional): gets their work, as irr__rs_choose's. */
static inline int irr_reduce_scatter_guard(int p, const int64_t *D, int ordered, irr_model md, int64_t *P, irr_alg *alg,
                                           int *early, double *units) {
  double t;
  int64_t mx = irr__rs_maxblock(p, D);
  if (units) *units += IRR_RS_PASS * p;
  if ((*early = irr__rs_native_early(p, D, mx, ordered, md, P, units))) return 1;
  *alg = irr__rs_choose_mx(p, D, mx, ordered, md, P, &t, units);
  return irr__rs_native(*alg, t, p, D, mx, ordered, md, P, units);
}
/* The guard's answer before any choice: equal blocks (regular: known to be, as
   MPI_Reduce_scatter_block's) on 2^k ranks, where recursive halving is reverse Bruck and
   the guard hands every such call to MPI (test_rs: p = 1 .. 1024, 8 B .. 1 MiB a rank).
   O(1) when regular, else one pass. */
static inline int irr_reduce_scatter_native_first(int p, const int64_t *D, int regular) {
  return (p & (p - 1)) == 0 && (regular || irr__rs_maxblock(p, D) * p == D[p]);
}

/* The bound the issue states (and no algorithm here beats): ceil(log2 p) alpha +
   max(((p - 1)/p) n, max_i m_i) beta + ((p - 1)/p) n gamma. */
static inline double irr_reduce_scatter_bound(int p, const int64_t *D, irr_model md) {
  int lg;
  int64_t mx, n = D[p];
  double v = (double)(p - 1) / p * (double)n;
  lg = irr_circ_q(p), mx = irr__rs_maxblock(p, D);
  return lg * md.alpha + (v > (double)mx ? v : (double)mx) * md.beta + v * md.gamma;
}

/* The programs of all ranks of alg (auto: the choice) for blocks m, into set (free with
   irr_sched_set_free). */
static inline irr_status irr_reduce_scatter_build_all(irr_sched_set *set, irr_alg alg, int p, const int64_t *m, int ordered,
                                                      irr_model md) {
  int64_t *D = (int64_t *)IRRCOLL_MALLOC(((size_t)p + 1) * 2 * sizeof(int64_t)), *P;
  irr_op *ops = NULL;
  int cap = irr_reduce_scatter_maxops(p), r;
  irr_status st = IRR_OK;
  set->s = NULL, set->arena = NULL;
  if (!D) return IRR_ERR_NOMEM;
  P = D + p + 1;
  irr__rs_starts(p, m, D);
  alg = irr_reduce_scatter_choose(alg, p, D, ordered, md, P);
  if (!(ops = (irr_op *)IRRCOLL_MALLOC((size_t)cap * sizeof(irr_op))) || (st = irr_sched_set_init(set, p)) != IRR_OK) {
    st = IRR_ERR_NOMEM;
    goto out;
  }
  for (r = 0; r < p && st == IRR_OK; r++) {
    irr_sched s;
    irr_sched_init(&s, r, p, ops, cap);
    if ((st = irr_reduce_scatter_build(alg, r, p, D, ordered, md, P, &s)) == IRR_OK) st = irr_sched_set_add(set, &s);
  }
  if (st == IRR_OK) st = irr_sched_set_finish(set);
  if (st != IRR_OK) irr_sched_set_free(set);
out:
  if (ops) IRRCOLL_FREE(ops);
  IRRCOLL_FREE(D);
  return st;
}
