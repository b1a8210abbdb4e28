/* Reduce_scatter's common pieces (IRR_COLL_REDUCE_SCATTER): rank i gets block i (m_i units)
   of the vector of n = sum m_i units reduced over all ranks. Units are elements of the
   user's datatype (the MPI layer scales them to bytes); block i starts at D_i = m_0 + ... +
   m_(i-1) of the vector, so a range of the vector is a label range (blo, skip, len) that may
   run over many blocks.

   Every algorithm here reduce-scatters *pieces* P_0 <= P_1 <= ... <= P_q = n of the vector:
   the rank blocks themselves (P = D: what MPI libraries do, so one large block makes every
   round as slow as it), or q equal pieces (count-balanced, algo/reduce_scatter/balanced.h).
   Where pieces are not blocks, a last round sends each piece's overlap with each block to
   the block's owner (irr__rs_redist): at most q + p - 1 messages, each rank sends the
   owners of its piece and receives the holders of its block.

   Scratch: the rank's partial results of the whole vector (n units at offset 0, in vector
   order or rotated, as each algorithm says), then the slot messages arrive in before they
   are reduced (IRR_OPF_REDUCE, ir/sched.h). */

/* D[0..p]: the blocks' starts from m. */
static inline void irr__rs_starts(int p, const int64_t *m, int64_t *D) {
  int i;
  D[0] = 0;
  for (i = 0; i < p; i++) D[i + 1] = D[i] + m[i];
}

/* p' = 2^k, the largest power of two <= p (halving's ranks); *k (optional) gets k. */
static inline int irr__rs_pof2(int p, int *k) {
  int q = 1, e = 0;
  while (2 * q <= p) q *= 2, e++;
  if (k) *k = e;
  return q;
}

/* max(0, a_i - b_i + add) over i < k: two running maxima (even i, odd i), so that the
   compares overlap (the choice's walks: twice as fast as one chain). */
static inline int64_t irr__rs_maxdiff(const int64_t *a, const int64_t *b, int64_t add, int k) {
  int64_t m0 = 0, m1 = 0;
  int i;
  for (i = 0; i + 1 < k; i += 2) {
    int64_t x = a[i] - b[i] + add, y = a[i + 1] - b[i + 1] + add;
    m0 = x > m0 ? x : m0, m1 = y > m1 ? y : m1;
  }
  if (i < k && a[i] - b[i] + add > m0) m0 = a[i] - b[i] + add;
  return m0 > m1 ? m0 : m1;
}

/* The largest block (units). */
static inline int64_t irr__rs_maxblock(int p, const int64_t *D) { return irr__rs_maxdiff(D + 1, D, 0, p); }

/* Piece v's start among q pieces of n units: q equal pieces (D NULL; irr__rs_equal_pieces),
   P_v = floor(v n / q) without overflow, or the rank blocks D folded to q = p' (x pairs
   folded; irr__rs_fold_pieces). The estimates read a few of them without filling P. */
static inline int64_t irr__rs_piece_at(int v, int q, int64_t n, const int64_t *D, int x) {
  if (v == q) return n;
  return D ? D[v < x ? 2 * v : v + x] : (n / q) * v + ((n % q) * v) / q;
}

/* The block that holds element a < n: the last i with D_i <= a (then D_(i+1) > a); likewise
   the piece, given the pieces' starts P (q of them) for D. */
static inline int irr__rs_block(int p, const int64_t *D, int64_t a) {
  int lo = 0, hi = p - 1;
  while (lo < hi) {
    int mid = lo + (hi - lo + 1) / 2;
    if (D[mid] <= a) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

/* Append an op over vector elements [a, a + len) (a may be n or more: taken mod n; a range
   past n wraps to 0 and becomes two ops, the second IRR_OPF_CONT: one message). off/doff:
   where the first element is in scratch (the second piece follows it there). flags go on
   both ops. len 0: nothing. */
static inline void irr__rs_op(irr_sched *s, int round, int kind, int peer, int buf, int64_t off, int dbuf,
                              int64_t doff, const int64_t *D, int64_t a, int64_t len, int flags) {
  int p = s->size;
  int64_t n = D[p], first;
  irr_op *o;
  if (len <= 0) return;
  if (n > 0) a %= n;
  first = a + len > n ? n - a : len;
  o = irr_sched_push(s, round, kind, peer, buf, off, dbuf, doff, irr__rs_block(p, D, a),
                     irr__rs_block(p, D, a + first - 1) + 1, a - D[irr__rs_block(p, D, a)], first);
  if (!o) return;
  o->flags = (uint16_t)flags;
  if (first < len) { /* wraps: the rest from element 0 */
    o = irr_sched_push(s, round, kind, peer, buf, off + first, dbuf, doff + first, irr__rs_block(p, D, 0),
                       irr__rs_block(p, D, len - first - 1) + 1, 0, len - first);
    if (o) o->flags = (uint16_t)(flags | (kind == IRR_OP_COPY ? 0 : IRR_OPF_CONT));
  }
}

/* A vector seen through a table of segments (spread's virtual blocks, dominant's R):
   virtual elements [v, v + len) are real ones [r, r + len), in order of v. */
typedef struct irr__rs_seg {
  int64_t v, r, len; /* virtual start, real start, length */
} irr__rs_seg;

/* An op over virtual elements [a, a + len) (a taken mod n; past n it wraps to 0), mapped
   onto the real labels: a piece per segment, the first with flags, the others continuing
   the message (copies stay copies); scratch offsets (buf/dbuf IRR_BUF_TMP) advance with it. */
static inline void irr__rs_vop(irr_sched *s, int round, int kind, int peer, int buf, int64_t off, int dbuf, int64_t doff,
                               const int64_t *D, const irr__rs_seg *sg, int ns, int64_t a, int64_t len, int flags) {
  int lo = 0, hi = ns - 1;
  int64_t done = 0, n = D[s->size];
  if (len <= 0 || ns == 0) return;
  a %= n;
  while (lo < hi) {
    int mid = lo + (hi - lo + 1) / 2;
    if (sg[mid].v <= a) lo = mid;
    else hi = mid - 1;
  }
  while (done < len) {
    int64_t in = a - sg[lo].v, c = sg[lo].len - in;
    if (c > len - done) c = len - done;
    irr__rs_op(s, round, kind, peer, buf, buf == IRR_BUF_TMP ? off + done : off, dbuf, dbuf == IRR_BUF_TMP ? doff + done : doff, D,
               sg[lo].r + in, c, done == 0 ? flags : flags | (kind == IRR_OP_COPY ? 0 : IRR_OPF_CONT));
    done += c, a += c;
    if (++lo == ns) lo = 0, a = 0;
  }
}

/* The receive-and-reduce of vector elements [a, a + len) from peer: it arrives in scratch
   at `slot` and combines into the partial results at (dbuf, doff). right: the arrived data
   is the right operand (the peer's ranks come after this rank's). */
static inline void irr__rs_recv_reduce(irr_sched *s, int round, int peer, int64_t slot, int dbuf, int64_t doff,
                                       const int64_t *D, int64_t a, int64_t len, int right) {
  irr__rs_op(s, round, IRR_OP_RECV, peer, IRR_BUF_TMP, slot, dbuf, doff, D, a, len,
             IRR_OPF_REDUCE | (right ? IRR_OPF_RIGHT : 0));
}

/* Who holds which piece after the reduce-scatter proper. Halving folds ranks 2v and
   2v + 1 < 2x into virtual rank v (x = 0: none folded); virtual rank v stands for rank
   irr__rs_holder(v, x), and rank r for virtual rank irr__rs_piece(r, x) (-1: folded away).
   Virtual rank v ends with piece v, or in rank order (halving for non-commutative
   operations) with piece bitrev_k(v), its k = log2 q bits reversed (irr__rs_rev). */
static inline int irr__rs_holder(int v, int x) { return v < x ? 2 * v + 1 : v + x; }
static inline int irr__rs_piece(int r, int x) { return r < 2 * x ? (r % 2 ? r / 2 : -1) : r - x; }
static inline int irr__rs_rev(int v, int k) { /* all 32 bits reversed, the top k kept: O(1) */
  uint32_t t = (uint32_t)v;
  if (k == 0) return v;
  t = (t >> 16) | (t << 16);
  t = ((t >> 8) & 0x00ff00ffu) | ((t & 0x00ff00ffu) << 8);
  t = ((t >> 4) & 0x0f0f0f0fu) | ((t & 0x0f0f0f0fu) << 4);
  t = ((t >> 2) & 0x33333333u) | ((t & 0x33333333u) << 2);
  t = ((t >> 1) & 0x55555555u) | ((t & 0x55555555u) << 1);
  return (int)(t >> (32 - k));
}

/* ---- the delivery: each block gathered from the holders of the pieces it overlaps ----
   Block o lies in pieces ta .. tb. Its owner is the root of a gather over their holders in
   piece order: one list ta .. tb, or, where the owner holds a piece t_o of them (its own
   part is a copy), two lists going out from it, t_o - 1 down to ta and t_o + 1 up to tb. A
   list of k <= 3 pieces sends straight to the owner in one round; a longer one is a
   binomial tree (node i of the list, root 0: its subtree is nodes i .. i + lowbit(i) - 1,
   consecutive pieces, so one range of the vector, which it sends in round log2(lowbit(i))
   after its children's), so a block over many pieces costs ceil(log2(k + 1)) alpha + m_o
   beta, not k alpha. An inner node gathers its subtree in scratch past everything else. */
typedef struct irr__rs_list {
  int o, t0, dir, k; /* block o; node i >= 1 is piece t0 + dir (i - 1); k nodes */
} irr__rs_list;

/* Block o's lists (*nl of them, 0 .. 2) and the piece its owner holds among them (*to, -1). */
static inline void irr__rs_lists(int o, const int64_t *D, int q, const int64_t *P, int x, int kb, irr__rs_list *L, int *nl,
                                 int *to) {
  int ta = irr__rs_block(q, P, D[o]), tb = irr__rs_block(q, P, D[o + 1] - 1), v = irr__rs_piece(o, x);
  *to = v >= 0 ? irr__rs_rev(v, kb) : -1;
  if (*to < ta || *to > tb) *to = -1;
  *nl = 0;
  if (*to < 0) {
    L[0].o = o, L[0].t0 = ta, L[0].dir = 1, L[0].k = tb - ta + 1, *nl = 1;
    return;
  }
  if (*to > ta) L[*nl].o = o, L[*nl].t0 = *to - 1, L[*nl].dir = -1, L[*nl].k = *to - ta, ++*nl;
  if (*to < tb) L[*nl].o = o, L[*nl].t0 = *to + 1, L[*nl].dir = 1, L[*nl].k = tb - *to, ++*nl;
}

/* The messages a list of k nodes brings its owner: a flat one's k, a binomial one's one a
   level, ceil(log2(k + 1)) (irr__rs_node). The choice's estimates of the delivery. */
static inline int irr__rs_list_msgs(int k) { return k <= 3 ? k : irr_circ_q(k + 1); }

/* Node i's subtree: nodes [i, *end); the round it sends in; its parent. */
static inline void irr__rs_node(const irr__rs_list *l, int i, int *end, int *round, int *parent) {
  int low = i & -i, r = 0;
  if (l->k <= 3) { *end = i + 1, *round = 0, *parent = 0; return; }
  while ((1 << r) < low) r++;
  *end = i + low < l->k + 1 ? i + low : l->k + 1, *round = r, *parent = i - low;
}

/* The vector range of list nodes [i, e) within block l->o. */
static inline void irr__rs_range(const irr__rs_list *l, const int64_t *D, const int64_t *P, int i, int e, int64_t *a,
                                 int64_t *b) {
  int lo = l->dir > 0 ? l->t0 + i - 1 : l->t0 - (e - 2), hi = l->dir > 0 ? l->t0 + e - 2 : l->t0 - (i - 1);
  *a = P[lo] > D[l->o] ? P[lo] : D[l->o];
  *b = P[hi + 1] < D[l->o + 1] ? P[hi + 1] : D[l->o + 1];
  if (*b < *a) *b = *a;
}

/* The rank of list node i (0: the owner). */
static inline int irr__rs_rank(const irr__rs_list *l, int i, int x, int kb) {
  return i == 0 ? l->o : irr__rs_holder(irr__rs_rev(l->t0 + l->dir * (i - 1), kb), x);
}

/* Node i's ops of round j (the owner's, i = 0, into its receive buffer). Its own piece (t)
   sits at scratch offset off; an inner node's subtree at area + (element - subtree start). */
static inline void irr__rs_emit(irr_sched *s, int R, int j, const irr__rs_list *l, int i, const int64_t *D,
                                const int64_t *P, int t, int64_t off, int64_t area, int x, int kb) {
  int64_t a, b, sa, sb;
  int c, e, rd, par;
  if (i == 0) { /* the owner: its children, 2^j (flat: all in round 0) */
    for (c = 1; c <= l->k; c++) {
      irr__rs_node(l, c, &e, &rd, &par);
      if (par != 0 || rd != j) continue;
      irr__rs_range(l, D, P, c, e, &a, &b);
      irr__rs_op(s, R + j, IRR_OP_RECV, irr__rs_rank(l, c, x, kb), IRR_BUF_RECV, 0, IRR_BUF_NONE, 0, D, a, b - a, 0);
      if (l->k > 3 && c >= 1 << j) break;
    }
    return;
  }
  irr__rs_node(l, i, &e, &rd, &par);
  irr__rs_range(l, D, P, i, e, &sa, &sb);
  irr__rs_range(l, D, P, i, i + 1, &a, &b);
  if (e == i + 1) { /* a leaf: straight from its piece */
    if (j == rd) irr__rs_op(s, R + j, IRR_OP_SEND, irr__rs_rank(l, par, x, kb), IRR_BUF_TMP, off + a - P[t], IRR_BUF_NONE, 0, D, a, b - a, 0);
    return;
  }
  if (j == 0) irr__rs_op(s, R, IRR_OP_COPY, -1, IRR_BUF_TMP, off + a - P[t], IRR_BUF_TMP, area + a - sa, D, a, b - a, 0);
  if (j < rd && i + (1 << j) < e) { /* its child i + 2^j */
    int64_t ca, cb;
    int ce, crd, cpar;
    irr__rs_node(l, i + (1 << j), &ce, &crd, &cpar);
    irr__rs_range(l, D, P, i + (1 << j), ce, &ca, &cb);
    irr__rs_op(s, R + j, IRR_OP_RECV, irr__rs_rank(l, i + (1 << j), x, kb), IRR_BUF_TMP, area + ca - sa, IRR_BUF_NONE, 0, D, ca,
               cb - ca, 0);
  }
  if (j == rd) irr__rs_op(s, R + j, IRR_OP_SEND, irr__rs_rank(l, par, x, kb), IRR_BUF_TMP, area + (sa - sa), IRR_BUF_NONE, 0, D, sa, sb - sa, 0);
}

/* The delivery from round R on: rank r as the owner of its block, and as the holder of its
   piece (at scratch offset off) in the lists of the blocks that piece overlaps. q pieces
   P[0..q]; x, kb as irr__rs_holder, irr__rs_rev. */
static inline void irr__rs_redist(irr_sched *s, int R, const int64_t *D, int q, const int64_t *P, int x, int kb,
                                  int64_t off) {
  int r = s->rank, p = s->size, v = irr__rs_piece(r, x), t = v >= 0 ? irr__rs_rev(v, kb) : -1, j, J = 0, nl, n2, to, o;
  int first = -1, last = -1, tn;
  irr__rs_list own[2], L2[2];
  int64_t area = s->tmp, area2;
  if (D[p] == 0) return;
  J = irr_circ_q(p);
  nl = 0, to = -1;
  if (D[r] < D[r + 1]) irr__rs_lists(r, D, q, P, x, kb, own, &nl, &to);
  if (t >= 0 && P[t] < P[t + 1]) first = irr__rs_block(p, D, P[t]), last = irr__rs_block(p, D, P[t + 1] - 1);
  else if (t >= 0 && P[t] < D[p]) first = last = irr__rs_block(p, D, P[t]); /* empty: maybe an inner node */
  area2 = area + (first >= 0 ? D[first + 1] - D[first] : 0);
  for (j = 0; j <= J; j++) { /* the roles in block order: a pair's messages of a round meet in order */
    int owned = nl == 0 && to < 0;
    for (o = first; !owned || (o >= 0 && o <= last); o = (j > 0 && o < last) ? last : o + 1) {
      int m;
      if (!owned && (o < 0 || o > last || r <= o)) { /* the owner's part, in its place */
        for (m = 0; m < nl; m++) irr__rs_emit(s, R, j, &own[m], 0, D, P, t, off, 0, x, kb);
        if (j == 0 && to >= 0) { /* its own piece's part (to == t) */
          int64_t a = P[t] > D[r] ? P[t] : D[r], b = P[t + 1] < D[r + 1] ? P[t + 1] : D[r + 1];
          irr__rs_op(s, R, IRR_OP_COPY, -1, IRR_BUF_TMP, off + a - P[t], IRR_BUF_RECV, 0, D, a, b - a, 0);
        }
        owned = 1;
        if (o < 0 || o > last) break;
      }
      if (o == r) continue;
      irr__rs_lists(o, D, q, P, x, kb, L2, &n2, &tn);
      for (m = 0; m < n2; m++) {
        int i = (t - L2[m].t0) * L2[m].dir + 1;
        if (i >= 1 && i <= L2[m].k) irr__rs_emit(s, R, j, &L2[m], i, D, P, t, off, o == first ? area : area2, x, kb);
      }
    }
  }
}
