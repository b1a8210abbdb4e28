/* Allgatherv by Bruck's allgather (Bruck, Ho, Kipnis, Upfal, Weathersby 1997; not a seed)
   on irregular sizes (IRR_ALG_BRUCK), the latency-optimal choice for small totals:
   irr_allgatherv_bruck (ceil(log2 p) rounds, any p; messages go between receive
   buffers, blocks at their displacements, no scratch). Round k: rank r sends the first
   n = min(2^k, p - 2^k) blocks it holds (r, r+1, ... mod p) to r - 2^k and receives n more
   from r + 2^k. Cost: ceil(log2 p) alpha + beta * (sum over rounds of the largest message):
   bad for one huge block, which it forwards every round. Limits: none on p; ops
   4 ceil(log2 p) + p + 2. Also the first phase of XAllgatherv, the sizes in every message.

     p = 5, rank 2's receive buffer:      0   1   2   3   4
       start                              .   .   2   .   .
       k = 0: 1 block from rank 3         .   .   2   3   .
       k = 1: 2 blocks from rank 4        0'  .   2   3   4'   4' 0': one message that
       k = 2: 1 block from rank 1         0   1   2   3   4    wraps past p-1 (OPF_WRAP) */

/* XAllgatherv: round k of Bruck's allgather on p ranks. Rank r holds blocks r, r+1, ...
   (mod p) in that order; it sends its first n to r - 2^k and receives n from r + 2^k, which
   it appends; n = min(2^k, p - 2^k). Returns n (0: no round k). */
static inline int irr_bruck_round(int p, int r, int k, int *to, int *from) {
  int64_t d = (int64_t)1 << k;
  if (k < 0 || k > 30 || d >= p) return 0;
  *to = (int)((r - d % p + p) % p);
  *from = (int)((r + d) % p);
  return (int)(d < p - d ? d : p - d);
}

/* Bruck's allgather as a schedule. Known sizes (flags 0): every message goes straight
   between receive buffers, blocks at their displacements, so there is no scratch and no
   copy (a message whose blocks wrap past rank p-1 is one op with IRR_OPF_WRAP; the
   executor describes its pieces by one derived datatype). With flags (XAllgatherv:
   IRR_OPF_COUNTS on every message) the receiver cannot place blocks before their sizes
   arrive: round 0 puts the own block first in scratch, rounds 1..K append in the rank's
   relative order r, r+1, ..., wrapped messages are split in two, and the last round's
   copies put every block in the receive buffer. */
static inline irr_status irr_allgatherv_bruck(int p, int r, const int64_t *m, int inplace, int flags, irr_sched *s) {
  int k, j, to, from, n, direct = !flags;
  int64_t fill = m[r], off = 0;
  if (s->rank != r || s->size != p) return IRR_ERR_ARG;
  if (m[r] > 0 && !(direct && inplace))
    irr_sched_copy(s, 0, inplace ? IRR_BUF_RECV : IRR_BUF_SEND, 0, direct ? IRR_BUF_RECV : IRR_BUF_TMP, 0, r, r + 1, m[r]);
  for (k = 0; (n = irr_bruck_round(p, r, k, &to, &from)) > 0; k++) {
    int part;
    for (part = 0; part < 2; part++) { /* send my first n blocks; receive n from `from` */
      int send = part == 0, first = send ? r : from, a;
      int64_t pos = send ? 0 : fill;
      for (a = 0; a < n;) { /* one message; with sizes (flags), split where the range wraps */
        int g = (first + a) % p, cnt = n - a, wrap = direct && g + cnt > p, buf = direct ? IRR_BUF_RECV : IRR_BUF_TMP;
        int64_t len;
        irr_op *o;
        if (g + cnt > p && !wrap) cnt = p - g;
        len = wrap ? irr__range_sum(m, g, p) + irr__range_sum(m, 0, g + cnt - p) : irr__range_sum(m, g, g + cnt);
        if (direct && send && k == 0 && !inplace) buf = IRR_BUF_SEND; /* the own block alone */
        if (len > 0 || flags) {
          o = irr_sched_push(s, k + 1, send ? IRR_OP_SEND : IRR_OP_RECV, send ? to : from, buf, direct ? 0 : pos,
                             IRR_BUF_NONE, 0, g, wrap ? p : g + cnt, 0, len);
          if (o && wrap) o->bhi = g + cnt - p, o->flags = IRR_OPF_WRAP; /* push checks bhi >= blo */
          else if (o) o->flags = (uint16_t)flags;
        }
        pos += len;
        a += cnt;
      }
      if (!send) fill = pos;
    }
  }
  for (j = 0; !direct && j < p; j++) { /* scratch -> receive buffer */
    int b = (r + j) % p;
    if (m[b] > 0 && !(b == r && inplace)) irr_sched_copy(s, k, IRR_BUF_TMP, off, IRR_BUF_RECV, 0, b, b + 1, m[b]);
    off += m[b];
  }
  return s->err;
}

/* Bruck's and recursive doubling's estimates, from their rounds' largest messages.
   O(p log p). share: ranks per node (consecutive ranks) sharing one NIC (1: flat). In round k the ranks
   with node-local index below 2^k send across their node's NIC at once: the round is
   charged its largest message or its busiest NIC's sum, whichever is larger. */
static inline double irr_allgatherv_bruck_estimate(int p, const int64_t *m, irr_model md, int share) {
  int k, r, n, to, from, j, c;
  double t = 0;
  if (share < 1) share = 1;
  for (k = 0; (n = irr_bruck_round(p, 0, k, &to, &from)) > 0; k++) {
    int64_t w = 0, mx = 0, load = 0, nic = 0;
    for (r = 0; r < n; r++) w += m[r]; /* window sums of n <= p consecutive blocks, cyclic */
    /* j: the block entering the window, (r + n - 1) mod p; c: r's node-local index, r mod
       share (no division in the loop: it took 0.4 of the node-aware choice at p = 256) */
    for (r = 0, j = n - 1, c = 0; r < p; r++, c = c + 1 == share ? 0 : c + 1) {
      if (r > 0) {
        if (++j == p) j = 0;
        w += m[j] - m[r - 1];
      }
      if (w > mx) mx = w;
      if (c == 0) nic = 0;
      if (c < (1 << k)) nic += w;
      if (nic > load) load = nic;
    }
    t += md.alpha + md.beta * (double)(load > mx ? load : mx);
  }
  return t;
}

/* The largest window of n consecutive blocks, max_r (P[r + n] - P[r]) over r < p, from the
   cyclic prefix sums P (2p + 1 entries, P[i] = m_0 + ... + m_{(i-1) mod p}): four maxima at
   once, the loop's one dependence. */
static inline int64_t irr__ag_window_max(int p, const int64_t *P, int n) {
  int64_t a = 0, b = 0, c = 0, d = 0;
  int r;
  for (r = 0; r + 3 < p; r += 4) {
    int64_t x = P[r + n] - P[r], y = P[r + 1 + n] - P[r + 1], z = P[r + 2 + n] - P[r + 2], u = P[r + 3 + n] - P[r + 3];
    a = x > a ? x : a, b = y > b ? y : b, c = z > c ? z : c, d = u > d ? u : d;
  }
  for (; r < p; r++) a = P[r + n] - P[r] > a ? P[r + n] - P[r] : a;
  a = b > a ? b : a, c = d > c ? d : c;
  return c > a ? c : a;
}

/* The same estimate, equal to the last bit, from prefix sums in W (4p + 2 int64_t; NULL:
   the loop above): Q, the sizes' cyclic prefix sums, gives a window as one subtraction, and
   S, Q's prefix sums, a node's sum of windows as two. A round in which every rank of a node
   sends across its NIC (2^k >= share) is charged its busiest node, which is at least its
   largest window (sizes are not negative), so it visits p / share nodes, not p ranks: at
   p = 1024 on 16-rank nodes, 4 of 10 rounds scan the windows (16-25 us a call -> 7-9, one
   thread, irrt_skew, 4 B; the choice on SMP nodes computes it first). O(p + p log p / share).
   Sums that could leave int64_t, and negative sizes, take the loop. */
static inline double irr__ag_bruck_estimate_w(int p, const int64_t *m, irr_model md, int share, int64_t *W) {
  int64_t *Q = W, *S = W ? W + 2 * (size_t)p + 1 : NULL;
  int i, k, n, to, from;
  double t = 0;
  if (!W || share <= 1 || p < 2) return irr_allgatherv_bruck_estimate(p, m, md, share);
  for (Q[0] = 0, i = 0; i < p; i++) {
    if (m[i] < 0 || m[i] > INT64_MAX / (8 * (int64_t)p + 8) - Q[i]) return irr_allgatherv_bruck_estimate(p, m, md, share);
    Q[i + 1] = Q[i] + m[i];
  }
  for (i = 1; i <= p; i++) Q[p + i] = Q[p] + Q[i];
  for (S[0] = 0, i = 0; i < 2 * p; i++) S[i + 1] = S[i] + Q[i];
  for (k = 0; (n = irr_bruck_round(p, 0, k, &to, &from)) > 0; k++) {
    int cnt = k < 30 && (1 << k) < share ? 1 << k : share, g, e;
    int64_t load = 0, mx = 0;
    for (g = 0; g < p; g += share) { /* a node's ranks g .. e - 1 send: their windows' sum */
      int64_t nic;
      e = g + cnt < p ? g + cnt : p;
      nic = (S[e + n] - S[g + n]) - (S[e] - S[g]);
      load = nic > load ? nic : load;
    }
    if (cnt < share) mx = irr__ag_window_max(p, Q, n); /* some ranks stay inside their node */
    t += md.alpha + md.beta * (double)(load > mx ? load : mx);
  }
  return t;
}

/* An upper bound of irr__ag_bruck_estimate_w, from the sums of the share-rank groups
   (ranks 0 .. share - 1, share .. 2 share - 1, ..., as the estimate groups them) in W
   (2 ceil(p / share) + 1 int64_t) and the sizes' total M and largest mx: O(p + log p *
   p / share), where the estimate takes a prefix sum of prefix sums (4p) and a window scan of
   p for each round whose senders stay inside their node (2^k < share). In round k a group's
   cnt senders each send the n blocks from their own on: every block of their range of
   cnt + n - 1 ranks at most min(cnt, n) times, and that range lies in c consecutive groups
   (one more where a group is partial), so the load is at most min(cnt, n) times the
   busiest c groups' sum, and cnt min(M, n mx); a window that stays inside its node, at most
   min(M, n mx) and the busiest groups' sum that holds it. Sizes are not negative; with
   negative sizes, or sums that could leave int64_t, 1e300 (no bound). So the latency exit
   (irr__ag_smp_latency) can take Bruck on this bound without the estimate
   (IRR_AG_SMP_BOUND units a rank against IRR_AG_SMP_BRUCK). */
static inline double irr__ag_bruck_estimate_up(int p, const int64_t *m, irr_model md, int share, int64_t M, int64_t mx,
                                               int64_t *W) {
  int nb = (p + share - 1) / share, part = p % share != 0, i, j, g, k, n, to, from;
  double t = 0;
  if (p < 2 || share <= 1 || mx < 0 || M < 0 || M > INT64_MAX / (8 * (int64_t)p + 8)) return 1e300;
  for (W[0] = 0, j = 0, g = 0; j < nb; j++, g += share) { /* W[j + 1]: groups 0 .. j's sum */
    int64_t s = 0;
    int e = g + share < p ? g + share : p;
    for (i = g; i < e; i++) s += m[i];
    W[j + 1] = W[j] + s;
  }
  for (j = 1; j <= nb; j++) W[nb + j] = W[nb] + W[j]; /* cyclic */
  for (k = 0; (n = irr_bruck_round(p, 0, k, &to, &from)) > 0; k++) {
    int cnt = k < 30 && (1 << k) < share ? 1 << k : share;
    int64_t mul = cnt < n ? cnt : n, win = (int64_t)n * mx < M ? (int64_t)n * mx : M, load, c, c2;
    c = (cnt + n - 1 + share - 1) / share + part, c2 = (n - 1 + share - 1) / share + 1 + part;
    load = mul * (c >= nb ? M : irr__ag_window_max(nb, W, (int)c));
    if (load > cnt * win) load = cnt * win;
    if (cnt < share) { /* some windows stay inside their node */
      int64_t w2 = c2 >= nb ? M : irr__ag_window_max(nb, W, (int)c2);
      w2 = w2 < win ? w2 : win;
      load = w2 > load ? w2 : load;
    }
    t += md.alpha + md.beta * (double)load;
  }
  return t;
}

/* Bruck (irr_allgatherv_bruck, known sizes): O(p log p). */
static inline double irr_allgatherv_bruck_time(int p, const int64_t *m, irr_model md, void *work) {
  double *E = (double *)work, *F = E + p;
  int64_t *P = (int64_t *)(F + p);
  int r, k, n, to, from;
#define IRR__WIN(a) ((a) + n <= p ? P[(a) + n] - P[a] : P[p] - P[a] + P[(a) + n - p])
  irr__mp_start(p, m, P, E);
  for (k = 0; (n = irr_bruck_round(p, 0, k, &to, &from)) > 0; k++) {
    int d = 1 << k;
    double *tmp;
    for (r = 0; r < p; r++) {
      int lo = r - d < 0 ? r - d + p : r - d, hi = r + d >= p ? r + d - p : r + d;
      int64_t ws = IRR__WIN(r), wr = IRR__WIN(hi);
      double e = irr__mp_msg(E[r], E[r], E[lo], md.alpha, md.beta * (double)ws, ws > 0);
      F[r] = irr__mp_msg(e, E[r], E[hi], md.alpha, md.beta * (double)wr, wr > 0);
    }
    tmp = E, E = F, F = tmp;
  }
#undef IRR__WIN
  return irr__mp_latest(E, p);
}

/* For the automatic choice (select/allgatherv.h): Bruck's rounds charged their largest
   message, from the cyclic prefix sums P (2p + 1 entries, P[i] = m_0 + ... + m_{(i-1) mod p}):
   the sum over rounds of alpha + beta max_r (P[r + n] - P[r]). An upper bound of
   irr_allgatherv_bruck_time, within 1.12 of it on random skewed sizes (test_agchoice); one
   subtraction a cell, O(p log p). */
static inline double irr__ag_bruck_windows(int p, const int64_t *P, irr_model md) {
  int k, n, to, from;
  double t = 0;
  for (k = 0; (n = irr_bruck_round(p, 0, k, &to, &from)) > 0; k++) t += md.alpha + md.beta * (double)irr__ag_window_max(p, P, n);
  return t;
}
/* Its CPU (irr_sched_cpu) on the busiest rank: 2q + 1 ops and 2q messages; rank p - 1's
   sends wrap past p - 1 (two pieces) in the rounds after the first. */
static inline double irr__ag_bruck_cpu(int p, irr_model md) {
  int q = irr_tree_levels(p);
  return md.cpu_op * (2 * q + 1) + md.cpu_msg * 2 * q + (q > 1 ? q - 1 : 0) * (md.cpu_type + md.cpu_piece + md.cpu_op);
}
