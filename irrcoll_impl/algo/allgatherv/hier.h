/* Node-aware Allgatherv (IRR_ALG_HIER), for SMP nodes whose ranks are consecutive: each node
   gathers its blocks at its first rank (the leader) by a binomial tree, the leaders run
   Bruck over the nodes (one message per leader and round crosses the node's NIC, instead of
   one per rank), and each leader broadcasts back down the same binomial tree, every child
   getting all blocks outside the subtree it sent up (one message: a range that wraps past
   p - 1). Not a seed: the two-level scheme of MPI libraries' SMP-aware collectives (e.g.
   MVAPICH2's and Open MPI's hierarchical allgather) on irregular sizes, with the broadcast
   leaving out what a rank already holds. Cost, q ranks per node (at most), n nodes, M the
   total, intra-node messages (alpha_i, beta_i): ceil(log2 q)(alpha_i) + beta_i (node's
   data) up, ceil(log2 n) alpha + beta (sum of Bruck's largest node groups) across, and
   ceil(log2 q)(alpha_i + beta_i M) down. For small totals on nodes sharing a NIC (SMPI,
   16-core nodes, 1 KiB: Bruck's and the ring's messages from 16 ranks queue at one NIC);
   the log q copies of M down the tree make it lose to the ring for large totals. Limits:
   nodes must be ranges of consecutive ranks (irr_allgatherv_nodes, else not applicable);
   4 ceil(log2 p) + 4 ops; no scratch.

     p = 6, nodes {0 1 2} {3 4 5}: up    1 -> 0 (block 1), 2 -> 0 (2); 4 -> 3, 5 -> 3
                                  across 0 <-> 3 (blocks 0-2 / 3-5)
                                  down   0 -> 2 (all but 2: 3 4 5 0 1), 0 -> 1 (2 3 4 5 0) */

/* Nodes as ranges of consecutive ranks: node[r] = the lowest rank of r's node (as the MPI
   layer gives it). Fills first[0..n] (first[n] = p; may be NULL) and returns n, or 0 if
   some node is not a range of consecutive ranks (or node is NULL). O(p). */
static inline int irr_allgatherv_nodes(int p, const int *node, int *first) {
  int r, n = 0;
  if (!node || p < 1) return 0;
  for (r = 0; r < p; r++) {
    if (node[r] == r) {
      if (first) first[n] = r;
      n++;
    } else if (r == 0 || node[r] != node[r - 1]) {
      return 0;
    }
  }
  if (first) first[n] = p;
  return n;
}

/* Rank r's program. first[0..n]: the nodes' first ranks (irr_allgatherv_nodes). */
static inline irr_status irr_allgatherv_hier(int r, int p, const int64_t *m, int n, const int *first, int inplace,
                                             irr_sched *s) {
  int j, f, q, l, k, K1 = 0, K2 = 0, qmax = 0, d, rnd;
  int64_t tot = irr__range_sum(m, 0, p);
  if (s->rank != r || s->size != p || n < 1 || first[0] != 0 || first[n] != p) return IRR_ERR_ARG;
  for (j = 0; j < n; j++)
    if (first[j + 1] - first[j] > qmax) qmax = first[j + 1] - first[j];
  for (j = 0; j + 1 < n && first[j + 1] <= r; j++) {}
  f = first[j], q = first[j + 1] - f, l = r - f;
  while ((1 << K1) < qmax) K1++;
  while ((1 << K2) < n) K2++;
  if (!inplace && m[r] > 0) irr_sched_copy(s, 0, IRR_BUF_SEND, 0, IRR_BUF_RECV, 0, r, r + 1, m[r]);
  for (k = 0; k < K1; k++) { /* up: the subtree [r, r + d) to r - d; receive [r + d, r + 2d) */
    int hi;
    d = 1 << k;
    if (l % (2 * d) == d) {
      hi = l + d < q ? r + d : f + q;
      if (irr__range_sum(m, r, hi) > 0) irr_sched_send(s, k + 1, r - d, IRR_BUF_RECV, 0, r, hi, irr__range_sum(m, r, hi));
      break;
    }
    if (l + d < q) {
      hi = l + 2 * d < q ? r + 2 * d : f + q;
      if (irr__range_sum(m, r + d, hi) > 0)
        irr_sched_recv(s, k + 1, r + d, IRR_BUF_RECV, 0, r + d, hi, irr__range_sum(m, r + d, hi));
    }
  }
  for (k = 0; l == 0 && k < K2; k++) { /* across: Bruck over the nodes, groups of whole nodes */
    int to = 0, from = 0, cnt = irr_bruck_round(n, j, k, &to, &from), part;
    for (part = 0; part < 2; part++) {
      int g = part ? from : j, wrap = g + cnt > n, lo = first[g], hi = first[wrap ? g + cnt - n : g + cnt];
      int64_t len = wrap ? irr__range_sum(m, lo, p) + irr__range_sum(m, 0, hi) : irr__range_sum(m, lo, hi);
      irr_op *o;
      if (len == 0) continue;
      o = irr_sched_push(s, K1 + k + 1, part ? IRR_OP_RECV : IRR_OP_SEND, first[part ? from : to], IRR_BUF_RECV, 0,
                         IRR_BUF_NONE, 0, lo, wrap ? p : hi, 0, len);
      if (o && wrap) o->bhi = hi, o->flags = IRR_OPF_WRAP;
    }
  }
  for (k = K1 - 1, rnd = K1 + K2 + 1; k >= 0; k--, rnd++) { /* down: all but the child's subtree */
    int c, hi, wrap;
    int64_t len;
    irr_op *o;
    d = 1 << k;
    if (l % (2 * d) == 0 && l + d < q) c = r + d;        /* send to child c */
    else if (l % (2 * d) == d) c = r;                    /* receive from r - d */
    else continue;
    hi = c - f + d < q ? c + d : f + q;
    wrap = hi < p;
    len = tot - irr__range_sum(m, c, hi);
    if (len > 0) {
      o = irr_sched_push(s, rnd, c == r ? IRR_OP_RECV : IRR_OP_SEND, c == r ? r - d : c, IRR_BUF_RECV, 0, IRR_BUF_NONE,
                         0, wrap ? hi : 0, wrap ? p : c, 0, len);
      if (o && wrap) o->bhi = c, o->flags = IRR_OPF_WRAP;
    }
  }
  return s->err;
}

/* Intra-node messages of the node-aware estimate, as fractions of the network's alpha and
   beta. Shared memory has about twice the bandwidth (bench/smp.xml: 20 vs 10 GB/s) and a
   fraction of the wire latency (0.25 vs 1.5 us), but the per-message software overhead is
   the same on both paths and dominates small messages: in SMPI with 0.5 us of overhead
   (16-core nodes, p = 30, 4 B) an intra-node round took 1.16 us, 0.77 of the model's
   alpha. 0.85 keeps a margin for the node-aware algorithm's longer chain of rounds: with
   0.25 it was chosen at p = 30, 4 B (0.85 of Bruck's speed), with 0.75 at p = 256 for
   4 B geometric and 1 KiB spike data (0.93-0.94 of recursive doubling's). */
#define IRR_INTRA_ALPHA 0.85
#define IRR_INTRA_BETA 0.5

/* irr_allgatherv_hier's time by its rounds' largest messages (node: each rank's lowest
   rank, consecutive nodes; irr_allgatherv_nodes > 0). Across: Bruck's largest group is
   charged as min(cnt * largest node, total). One pass of the nodes, no allocation: a node
   of up to IRR__HIER_LOCAL ranks takes its up rounds' messages from its own prefix sums, a
   subtraction each, and the total from the nodes' sums; a larger one, or one whose sum may
   saturate, sums them. It walked the nodes K1 + 1 times and summed every message and the
   total anew: 9.0-12.3 us a call at p = 1024 on 16-rank nodes, now 3.8-5.6 (one thread,
   irrt_skew, 4 B). O(p log share). */
#define IRR__HIER_LOCAL 256
static inline double irr_allgatherv_hier_estimate(int p, const int64_t *m, const int *node, irr_model md) {
  int r, f, e, k, qmax = 0, n = 0, K1 = 0;
  int64_t tot = 0, Mmax = 0, cnt, up[32] = {0}, L[IRR__HIER_LOCAL + 1];
  int all = 1; /* every node summed locally, no size negative: tot from the nodes' sums */
  double t = 0, ai = md.alpha * IRR_INTRA_ALPHA, bi = md.beta * IRR_INTRA_BETA;
  for (f = 0; f < p; f = e) {
    int q, ok;
    int64_t Mn;
    for (e = f + 1; e < p && node[e] == node[f]; e++) {}
    q = e - f, ok = q <= IRR__HIER_LOCAL;
    if (q > qmax) qmax = q;
    if (ok) {
      for (L[0] = 0, r = 0; r < q; r++) L[r + 1] = irr__sat_add(L[r], m[f + r]), ok &= m[f + r] >= 0;
      Mn = L[q], ok &= Mn < INT64_MAX; /* no partial sum saturated: a difference is the range's sum */
    } else Mn = irr__range_sum(m, f, e);
    all &= ok, tot = irr__sat_add(tot, Mn); /* saturating sums of sizes >= 0 group freely */
    if (Mn > Mmax) Mmax = Mn;
    n++;
    for (k = 0; (1 << k) < q; k++) { /* up: [r, r + d) from r to r - d */
      int d = 1 << k;
      for (r = f + d; r < e; r += 2 * d) {
        int hi = r + d < e ? r + d : e;
        int64_t w = ok ? L[hi - f] - L[r - f] : irr__range_sum(m, r, hi);
        if (w > up[k]) up[k] = w;
      }
    }
  }
  if (!all) tot = irr__range_sum(m, 0, p);
  while ((1 << K1) < qmax) K1++;
  for (k = 0; k < K1; k++) t += ai + bi * (double)up[k];
  for (cnt = 1; cnt < n; cnt *= 2) { /* across */
    int64_t g = cnt < n - cnt ? cnt : n - cnt, w = g * Mmax < tot ? g * Mmax : tot;
    t += md.alpha + md.beta * (double)w;
  }
  return t + K1 * (ai + bi * (double)tot); /* down */
}

/* The node-aware algorithm (irr_allgatherv_hier; first[0..n]: the nodes' first ranks), its
   intra-node messages at ai alpha, bi beta (1, 1: irr_sched_cost's model; the choice on SMP
   nodes passes IRR_INTRA_ALPHA, IRR_INTRA_BETA). In every round each rank is in at most one
   pair (a binomial tree's edge, or two leaders of Bruck over the nodes). O(p log p). */
static inline double irr_allgatherv_hier_time(int p, const int64_t *m, int n, const int *first, irr_model md,
                                              double ai, double bi, void *work) {
  double *E = (double *)work, *F = E + p, ca = md.alpha * ai, cb = md.beta * bi;
  int64_t *P = (int64_t *)(F + p), tot;
  int j, k, K1 = 0, K2 = 0, qmax = 0;
  irr__mp_start(p, m, P, E);
  tot = P[p];
  for (j = 0; j < n; j++) qmax = first[j + 1] - first[j] > qmax ? first[j + 1] - first[j] : qmax;
  while ((1 << K1) < qmax) K1++;
  while ((1 << K2) < n) K2++;
#define IRR__PAIR(a, b_, len)                                                     \
  do {                                                                            \
    if ((len) > 0) E[a] = E[b_] = irr__mp_msg(E[a], E[a], E[b_], ca, cb * (double)(len), 1); \
  } while (0)
  for (k = 0; k < K1; k++) /* up: [r + d, hi) from r + d to r */
    for (j = 0; j < n; j++) {
      int f = first[j], q = first[j + 1] - f, d = 1 << k, l;
      for (l = 0; l + d < q; l += 2 * d) {
        int hi = l + 2 * d < q ? f + l + 2 * d : f + q;
        IRR__PAIR(f + l, f + l + d, P[hi] - P[f + l + d]);
      }
    }
  for (k = 0; k < K2; k++) { /* across: Bruck over the nodes, leaders only */
    int to, from, cnt = irr_bruck_round(n, 0, k, &to, &from), d = 1 << k;
    for (j = 0; j < n; j++) F[first[j]] = E[first[j]];
    for (j = 0; j < n; j++) {
      int src = (j + d) % n, dst = j; /* src sends its first cnt nodes to dst */
      int lo = first[src], e = src + cnt;
      int64_t len = e <= n ? P[first[e]] - P[lo] : P[p] - P[lo] + P[first[e - n]];
      F[first[src]] = irr__mp_msg(F[first[src]], E[first[src]], E[first[dst]], md.alpha, md.beta * (double)len, len > 0);
      F[first[dst]] = irr__mp_msg(F[first[dst]], E[first[src]], E[first[dst]], md.alpha, md.beta * (double)len, len > 0);
    }
    for (j = 0; j < n; j++) E[first[j]] = F[first[j]];
  }
  for (k = K1 - 1; k >= 0; k--) /* down: all but the child's subtree */
    for (j = 0; j < n; j++) {
      int f = first[j], q = first[j + 1] - f, d = 1 << k, l;
      for (l = 0; l + d < q; l += 2 * d) {
        int c = f + l + d, hi = l + 2 * d < q ? c + d : f + q;
        IRR__PAIR(f + l, c, tot - (P[hi] - P[c]));
      }
    }
#undef IRR__PAIR
  return irr__mp_latest(E, p);
}
