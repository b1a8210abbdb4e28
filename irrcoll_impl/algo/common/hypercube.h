/* Ordered-hypercube gather trees (Träff 2017, "Practical, linear-time, fully distributed
   algorithms for irregular gather and scatter", Section 2, Lemmas 1-3, Theorem 1).

   What it computes: a gather (and, reversed, scatter) tree over ranks 0..p-1 for block sizes
   m_i. Ranks form an ordered, possibly incomplete hypercube: at level d the subcubes
   [a*2^d, (a+1)*2^d) are merged pairwise (a even with a+1). Each subcube has a *gather root*
   that holds all its data in rank order. When two subcubes merge, the gather root with the
   smaller gather-time estimate T = M - m_g (data of the subcube not at its gather root) sends
   everything to the other (ties: the subcube with less data sends; then the upper one
   sends). With an externally given root (MPI), the subcube holding it always wins (Lemma 2).
   Blocks always travel in rank order: every message is one consecutive range of blocks.

     p = 7, m = 2 5 1 0 3 3 4, free root: the subcubes after the merges of level d
     (* gather root; T = M - m_g of the two sides that merge):
       d = 0  [0 1*][2* 3][4* 5][6*] T all 0: less data sends, else the upper one:
                                     0->1, 3->2 (empty: no message), 5->4; 6 no partner
       d = 1  [0 1* 2 3][4* 5 6]     T 2 vs 0: 2->1 (1 unit); T 3 vs 0: 6->4 (4 units)
       d = 2  [0 1 2 3 4* 5 6]       T 8-5 = 3 vs 10-3 = 7: 1->4 (8 units, blocks 0..3)
     Rank 4 is the root. With root 1 given (Lemma 2) 4 sends its 10 units to 1 instead.
     The fixed roots exchange at d = 0: 0-1, 2-3, 4-5; d = 1: 1-3, 5-6; d = 2: 3-6 (bit 2
     of 3 flipped is 7 >= p, so p-1).

   Cost (Theorem 1): the data phase takes at most L*alpha + beta*(sum_{i!=r} m_i + penalty),
   L = ceil(log2 p), where penalty = max_j (M_j - m_{r_j} - sum_{k<j} M_k) over the subcubes
   H_j that the fixed root r gathers from (0 for a free root, Lemma 1); the distributed
   construction (Lemma 3) adds 2L rounds of 24-byte messages: 3L*alpha in all.

   Construction (Lemma 3), as pure per-rank functions: every subcube has a *fixed root*, its
   last rank (computable by anyone), holding (g, M, m_g) of the subcube. In level d the fixed
   roots of the two subcubes exchange these (irr_tree_exchange) and both decide the same
   winner (irr_tree_decide). The merged subcube's fixed root is the upper one; the lower one
   retires, and it is the one that tells *both* gather roots the outcome (irr_tree_expect /
   irr_tree_apply), unless a gather root is its own fixed root and knows already. In the
   paper each fixed root tells its own gather root; then the surviving fixed root must send
   a note before its next exchange, and in the single-ported model the chain of exchanges
   costs 2L message times. Here the survivors only exchange: the chain costs L, the notes
   hang off it, and the construction takes about L+2 message times instead of 2L.
   With p not a power of two only rank p-1 is special: a fixed root whose partner (flip bit
   d) would be >= p pairs with p-1 instead (irr_tree_partner).

   Limits: sizes are int64_t units; p < 2^31. The size-oblivious binomial tree used as a
   baseline is the same machinery with the rule "root's side, else the lower subcube wins". */

#define IRR_TREE_MAXLEV 32

enum { IRR_TREE_LINEAR_TIME = 0, IRR_TREE_BINOMIAL = 1 };

typedef struct irr_tree_info {
  int64_t g;  /* gather root of the subcube (-1: none, its data went straight to the root) */
  int64_t M;  /* units in the subcube that still travel through the tree */
  int64_t mg; /* units of the gather root's own block */
  int64_t nd; /* subcubes inside that send straight to the root (graceful degradation) */
  int64_t h;  /* their fingerprint: sum of irr_tree_mix(g, M) over them */
} irr_tree_info;

typedef struct irr_tree_note {
  int64_t win;      /* what its gather root does (IRR_TREE_LOSE / _WIN / _WIN_DIRECT / _DIRECT,
                       irr_tree_merge): send to other_g, receive from it, receive and then
                       send the union straight to the root, or send its own subcube there */
  int64_t other_g;  /* the other subcube's gather root */
  int64_t other_M;  /* units in the other subcube */
  int64_t other_nd, other_h; /* its direct senders (irr_tree_info.nd, .h) */
} irr_tree_note;

typedef struct irr_tree_child {
  int rank, level; /* the child sends in this level ... */
  int64_t size;    /* ... this many units (never 0: empty subcubes send nothing) */
} irr_tree_child;

/* One rank's view of the tree: its state during construction, its result afterwards. */
typedef struct irr_tree {
  int rank, p, root, rule, levels;
  int d;                 /* next level of the construction */
  int is_gather;         /* still the gather root of its level-d subcube */
  int parent;            /* -1 at the tree's root */
  int send_level;        /* level in which it sends to parent (levels at the root); a
                            direct sender: the level of the subcube it sends */
  int direct;            /* sends its subcube straight to the root (graceful degradation) */
  int note_last;         /* a direct sender: the last level whose outcome it hears (-1: none) */
  int64_t thresh;        /* degradation threshold (units); INT64_MAX: none */
  int64_t own;           /* m_rank */
  int64_t total;         /* units it holds as gather root: own + children */
  irr_tree_info fr;      /* while the fixed root of its level-d subcube: the summary */
  int nchild;
  irr_tree_child child[IRR_TREE_MAXLEV];  /* in level order */
  int notify[2][IRR_TREE_MAXLEV];         /* as lower fixed root in level d: the gather
                                             roots it tells (own side, partner's side) */
  int64_t heard[IRR_TREE_MAXLEV];         /* as winner in level d: units the other subcube
                                             announced (-1: no merge); lets an MPI root check
                                             the senders' sizes against its counts */
  int64_t heard_nd[IRR_TREE_MAXLEV], heard_h[IRR_TREE_MAXLEV]; /* ... and its direct senders */
} irr_tree;

/* A direct sender's fingerprint: the root compares the sum over a subcube's direct senders
   with what its counts give, before it posts receives from them. */
static inline int64_t irr_tree_mix(int64_t g, int64_t M) {
  uint64_t x = (uint64_t)g * 0x9E3779B97F4A7C15ULL ^ ((uint64_t)M + 0x632BE59BD9B4E019ULL);
  x ^= x >> 31;
  x *= 0xBF58476D1CE4E5B9ULL;
  x ^= x >> 29;
  return (int64_t)(x & 0x7FFFFFFFFFFFFFFFULL);
}
static inline int64_t irr_tree_hadd(int64_t a, int64_t b) { /* wrapping sum of fingerprints */
  return (int64_t)(((uint64_t)a + (uint64_t)b) & 0x7FFFFFFFFFFFFFFFULL);
}

/* ceil(log2 p): levels of the hypercube */
static inline int irr_tree_levels(int p) {
  int d = 0;
  while (d < 31 && (1LL << d) < p) d++;
  return d;
}

/* ranks [*lo, *hi) of the level-d subcube with index a */
static inline void irr_tree_cube(int64_t a, int d, int p, int *lo, int *hi) {
  int64_t l = a << d, h = (a + 1) << d;
  *lo = (int)(l < p ? l : p);
  *hi = (int)(h < p ? h : p);
}

/* fixed root of the level-d subcube holding rank r: its last rank */
static inline int irr_tree_fixed_root(int r, int d, int p) {
  int64_t f = ((((int64_t)r >> d) + 1) << d) - 1;
  return (int)(f < p - 1 ? f : p - 1);
}

/* Partner of fixed root f in level d: flip bit d; if that is past p-1, the incomplete
   upper subcube's fixed root is p-1. -1 if f's subcube has no partner in this level. */
static inline int irr_tree_partner(int f, int d, int p) {
  int64_t a = (int64_t)f >> d;
  if (a & 1) return (int)((a << d) - 1);
  if (((a + 1) << d) >= p) return -1;
  return irr_tree_fixed_root((int)((a + 1) << d), d, p);
}

/* Lemmas 1/2: 1 if the upper subcube's gather root becomes the gather root of the union.
   root_side: 0 the fixed root is in the lower subcube, 1 in the upper, -1 in neither. */
static inline int irr_tree_upper_wins(const irr_tree_info *lo, const irr_tree_info *hi,
                                      int root_side, int rule) {
  int64_t tlo = lo->M - lo->mg, thi = hi->M - hi->mg;
  if (root_side >= 0) return root_side;
  if (lo->g < 0 || hi->g < 0) return lo->g < 0 && hi->g >= 0; /* a side whose data left wins nothing */
  if (rule == IRR_TREE_BINOMIAL) return 0;
  if (tlo != thi) return thi > tlo;   /* the faster one sends to the slower */
  if (lo->M != hi->M) return hi->M > lo->M; /* tie: less data sends */
  return 0;
}

/* The summary of rank r's level-0 subcube, its own block: gone straight to the root (g < 0,
   counted once in nd and h) when the block exceeds thresh and r is not the root. The one
   place of the level-0 rule, for the distributed construction and the central builder. */
static inline irr_tree_info irr_tree_leaf(int r, int64_t own, int root, int64_t thresh) {
  irr_tree_info f;
  f.g = r, f.M = f.mg = own, f.nd = f.h = 0;
  if (root >= 0 && r != root && own > thresh) f.g = -1, f.M = f.mg = 0, f.nd = 1, f.h = irr_tree_mix(r, own);
  return f;
}

/* The rank stops being a gather root and sends its subcube of level send_level straight to
   the root; note_last: the last level whose outcome it heard (-1: none). */
static inline void irr__tree_go_direct(irr_tree *t, int send_level, int note_last) {
  t->direct = 1, t->is_gather = 0, t->parent = t->root, t->send_level = send_level, t->note_last = note_last;
}

static inline void irr_tree_init(irr_tree *t, int rank, int p, int root, int rule, int64_t own) {
  int i;
  t->rank = rank;
  t->p = p;
  t->root = root;
  t->rule = rule;
  t->levels = irr_tree_levels(p);
  t->d = 0;
  t->is_gather = 1;
  t->parent = -1;
  t->send_level = t->levels;
  t->direct = 0;
  t->note_last = -1;
  t->thresh = INT64_MAX;
  t->own = own;
  t->total = own;
  t->fr = irr_tree_leaf(rank, own, root, INT64_MAX);
  t->nchild = 0;
  for (i = 0; i < IRR_TREE_MAXLEV; i++)
    t->notify[0][i] = t->notify[1][i] = -1, t->heard[i] = -1, t->heard_nd[i] = t->heard_h[i] = 0;
}

/* Graceful degradation (seed 000, Section 3, proposed there, not implemented): a subcube
   without the root whose data exceeds thresh units sends it straight to the root instead of
   merging on; from then on it counts as empty. Call right after irr_tree_init (fixed root
   only). A block above thresh is such a subcube at level 0. */
static inline void irr_tree_degrade(irr_tree *t, int64_t thresh) {
  t->thresh = thresh;
  t->fr = irr_tree_leaf(t->rank, t->own, t->root, thresh);
  if (t->fr.g < 0) irr__tree_go_direct(t, 0, -1);
}

/* What a merge tells a side's gather root (irr_tree_note.win). */
enum { IRR_TREE_LOSE = 0, IRR_TREE_WIN = 1, IRR_TREE_WIN_DIRECT = 2, IRR_TREE_DIRECT = 3 };

/* The summary of the union of lo and hi, and what each side's gather root does (act[0] lo,
   act[1] hi: IRR_TREE_*). Degradation keeps every subcube without the root either whole
   (no direct sender inside: its data is one consecutive range of blocks, so one message
   carries it) or gone (g < 0: all its data went to the root). So a subcube meeting a gone
   one goes too (IRR_TREE_DIRECT: its gather root sends it to the root now), and a union
   above thresh goes after the merge (IRR_TREE_WIN_DIRECT). */
static inline irr_tree_info irr_tree_merge(const irr_tree_info *lo, const irr_tree_info *hi, int up, int root_side,
                                           int64_t thresh, int act[2]) {
  irr_tree_info u;
  const irr_tree_info *side[2] = {lo, hi};
  int i, gone = root_side < 0 && (lo->g < 0 || hi->g < 0);
  u.g = up ? hi->g : lo->g;
  u.mg = up ? hi->mg : lo->mg;
  u.M = irr__sat_add(lo->M, hi->M);
  u.nd = lo->nd + hi->nd;
  u.h = irr_tree_hadd(lo->h, hi->h);
  act[0] = up ? IRR_TREE_LOSE : IRR_TREE_WIN;
  act[1] = up ? IRR_TREE_WIN : IRR_TREE_LOSE;
  if (gone) { /* each whole side with data sends it to the root itself */
    for (i = 0; i < 2; i++) {
      act[i] = side[i]->g < 0 ? IRR_TREE_LOSE : IRR_TREE_DIRECT;
      if (side[i]->g >= 0 && side[i]->M > 0) u.nd++, u.h = irr_tree_hadd(u.h, irr_tree_mix(side[i]->g, side[i]->M));
    }
  } else if (root_side < 0 && u.M > thresh) { /* merge, then the union goes */
    act[up] = IRR_TREE_WIN_DIRECT;
    u.nd++, u.h = irr_tree_hadd(u.h, irr_tree_mix(u.g, u.M));
  }
  if (gone || act[up] == IRR_TREE_WIN_DIRECT) u.g = -1, u.M = u.mg = 0;
  return u;
}

/* Level t->d, step 1: if this rank is a fixed root with a partner, returns the partner and
   the summary to send it; else -1. */
static inline int irr_tree_exchange(const irr_tree *t, irr_tree_info *mine) {
  int partner;
  if (t->d >= t->levels || irr_tree_fixed_root(t->rank, t->d, t->p) != t->rank) return -1;
  partner = irr_tree_partner(t->rank, t->d, t->p);
  if (partner >= 0) *mine = t->fr;
  return partner;
}

/* Level t->d, step 2, at a fixed root that got its partner's summary: decide the winner
   (both fixed roots decide the same); the upper one keeps the merged summary. notes[0] is
   the outcome for this rank's own subcube's gather root, notes[1] for the partner's. On
   return, target[i] is who must receive notes[i]: this rank itself (apply it locally),
   another rank (send it), or -1 (nobody: the partner fixed root handles it). */
static inline void irr_tree_decide(irr_tree *t, const irr_tree_info *other, irr_tree_note notes[2],
                                   int target[2]) {
  int d = t->d, p = t->p, partner = irr_tree_partner(t->rank, d, p);
  int lower = t->rank < partner, lo0, hi0, lo1, hi1, side = -1, up;
  const irr_tree_info *lo = lower ? &t->fr : other, *hi = lower ? other : &t->fr;
  irr_tree_info merged;
  int act[2];
  irr_tree_cube(((int64_t)(lower ? t->rank : partner) >> d), d, p, &lo0, &hi0);
  irr_tree_cube(((int64_t)(lower ? partner : t->rank) >> d), d, p, &lo1, &hi1);
  if (t->root >= lo0 && t->root < hi0) side = 0;
  if (t->root >= lo1 && t->root < hi1) side = 1;
  up = irr_tree_upper_wins(lo, hi, side, t->rule);
  merged = irr_tree_merge(lo, hi, up, side, t->thresh, act);
  notes[0].win = act[!lower];
  notes[0].other_g = other->g;
  notes[0].other_M = other->M;
  notes[0].other_nd = other->nd;
  notes[0].other_h = other->h;
  notes[1].win = act[lower];
  notes[1].other_g = t->fr.g;
  notes[1].other_M = t->fr.M;
  notes[1].other_nd = t->fr.nd;
  notes[1].other_h = t->fr.h;
  if (lower) { /* retiring: tell both gather roots, except one that is its own fixed root */
    target[0] = (int)t->fr.g;
    target[1] = other->g == partner ? -1 : (int)other->g;
    if (d < IRR_TREE_MAXLEV) {
      t->notify[0][d] = target[0] == t->rank ? -1 : target[0];
      t->notify[1][d] = target[1];
    }
  } else { /* surviving: only its own gather root, and only if that is itself */
    target[0] = t->fr.g == t->rank ? t->rank : -1;
    target[1] = -1;
  }
  if (!lower) t->fr = merged;
}

/* Level t->d: the fixed root from which this gather root expects the outcome (the lower
   fixed root of the merge), or -1: not a gather root, no merge in this level, or it is its
   own fixed root and decides itself. */
static inline int irr_tree_expect(const irr_tree *t) {
  int f, partner;
  if (!t->is_gather || t->d >= t->levels) return -1;
  f = irr_tree_fixed_root(t->rank, t->d, t->p);
  partner = irr_tree_partner(f, t->d, t->p);
  if (f == t->rank || partner < 0) return -1;
  return f < partner ? f : partner;
}

/* Level t->d: a gather root learns the outcome of the merge. */
static inline void irr_tree_apply(irr_tree *t, const irr_tree_note *n) {
  IRRCOLL_ASSERT(t->is_gather && t->d < t->levels && t->d < IRR_TREE_MAXLEV);
  if (n->win == IRR_TREE_DIRECT) { /* its whole subcube of level d goes to the root now */
    irr__tree_go_direct(t, t->d, t->d);
  } else if (n->win) {
    if (t->d < IRR_TREE_MAXLEV) t->heard[t->d] = n->other_M, t->heard_nd[t->d] = n->other_nd, t->heard_h[t->d] = n->other_h;
    if (n->other_M > 0 && t->nchild < IRR_TREE_MAXLEV) {
      irr_tree_child *c = &t->child[t->nchild++];
      c->rank = (int)n->other_g;
      c->level = t->d;
      c->size = n->other_M;
    }
    t->total = irr__sat_add(t->total, n->other_M);
    if (n->win == IRR_TREE_WIN_DIRECT) irr__tree_go_direct(t, t->d + 1, t->d); /* the union of level d + 1 */
  } else {
    t->is_gather = 0;
    t->parent = (int)n->other_g;
    t->send_level = t->d;
  }
}

static inline void irr_tree_next(irr_tree *t) { t->d++; }

/* ---- centralized builder (Lemma 1, free root, root < 0; Lemma 2, fixed root) ----
   O(p) time. Keeps, for every level d and subcube a, its gather root G and its data M before
   the merge of level d, so that every rank's view (irr_tree_view) is O(log p) to build. */

typedef struct irr_tree_all {
  int p, root, rule, levels;
  int groot;           /* the tree's root (== root when given) */
  int *parent, *level; /* per rank: where and in which level it sends (-1, levels: root) */
  int *direct;         /* per rank: it sends the subcube of its level to the root (graceful
                          degradation); 0: no, 1: from the start, d + 2: told in level d */
  int64_t thresh;      /* degradation threshold (INT64_MAX: none) */
  int *G;              /* G[lvoff[d] + a]: gather root of subcube a at level d (-1: none) */
  int64_t *M;          /* M[lvoff[d] + a]: units in it that travel through the tree */
  int64_t *ND, *H;     /* ND/H[lvoff[d] + a]: its direct senders (irr_tree_info nd, h) */
  const int64_t *m;
  int64_t lvoff[IRR_TREE_MAXLEV + 2];
} irr_tree_all;

static inline void irr_tree_all_free(irr_tree_all *T) {
  if (T->parent) IRRCOLL_FREE(T->parent);
  if (T->G) IRRCOLL_FREE(T->G);
  if (T->M) IRRCOLL_FREE(T->M);
  T->parent = T->level = T->direct = T->G = NULL;
  T->M = T->ND = T->H = NULL;
}

/* Subcube j's summary in T (its gather root's own block mg kept apart, per level) */
static inline irr_tree_info irr__tree_get(const irr_tree_all *T, int64_t j, int64_t mg) {
  irr_tree_info f;
  f.g = T->G[j], f.M = T->M[j], f.mg = mg, f.nd = T->ND[j], f.h = T->H[j];
  return f;
}
static inline void irr__tree_put(irr_tree_all *T, int64_t j, const irr_tree_info *f) {
  T->G[j] = (int)f->g, T->M[j] = f->M, T->ND[j] = f->nd, T->H[j] = f->h;
}

/* The merges of level d from the summaries of level d into those of level d + 1. */
static inline void irr__tree_build_level(irr_tree_all *T, int d, int64_t *mg) {
  int p = T->p, root = T->root;
  int64_t o0 = T->lvoff[d], o1 = T->lvoff[d + 1], cubes = o1 - o0, a;
  for (a = 0; a < cubes; a += 2) {
    int lo0, hi0, lo1 = p, hi1 = p, side = -1, up, act[2], k;
    irr_tree_info lo, hi, u;
    int64_t j = o1 + a / 2;
    if (a + 1 >= cubes) { /* no partner: the subcube passes on unchanged */
      u = irr__tree_get(T, o0 + a, mg[a]);
      irr__tree_put(T, j, &u);
      mg[a / 2] = mg[a];
      continue;
    }
    irr_tree_cube(a, d, p, &lo0, &hi0);
    irr_tree_cube(a + 1, d, p, &lo1, &hi1);
    if (root >= lo0 && root < hi0) side = 0;
    if (root >= lo1 && root < hi1) side = 1;
    lo = irr__tree_get(T, o0 + a, mg[a]);
    hi = irr__tree_get(T, o0 + a + 1, mg[a + 1]);
    up = irr_tree_upper_wins(&lo, &hi, side, T->rule);
    u = irr_tree_merge(&lo, &hi, up, side, T->thresh, act);
    for (k = 0; k < 2; k++) {
      int g = (int)(k ? hi.g : lo.g), other = (int)(k ? lo.g : hi.g);
      if (g < 0) continue;
      if (act[k] == IRR_TREE_LOSE) T->parent[g] = other, T->level[g] = d;
      else if (act[k] != IRR_TREE_WIN) /* to the root: its level-d cube, or the union's */
        T->parent[g] = root, T->level[g] = d + (act[k] == IRR_TREE_WIN_DIRECT), T->direct[g] = d + 2;
    }
    irr__tree_put(T, j, &u);
    mg[a / 2] = u.mg;
  }
}

/* The whole tree for sizes m (thresh: graceful degradation's threshold, INT64_MAX: none). */
static inline irr_status irr_tree_build_t(irr_tree_all *T, int p, int root, int rule, const int64_t *m,
                                          int64_t thresh) {
  int d, L, i;
  int64_t n = 0;
  int64_t *mg = NULL;
  memset(T, 0, sizeof *T);
  if (p <= 0 || root >= p) return IRR_ERR_ROOT;
  L = irr_tree_levels(p);
  T->p = p, T->root = root, T->rule = rule, T->levels = L, T->m = m;
  T->thresh = root >= 0 ? thresh : INT64_MAX;
  for (d = 0; d <= L; d++) {
    T->lvoff[d] = n;
    n += (((int64_t)p - 1) >> d) + 1;
  }
  T->lvoff[L + 1] = n;
  T->parent = (int *)IRRCOLL_MALLOC((size_t)p * 3 * sizeof(int));
  T->G = (int *)IRRCOLL_MALLOC((size_t)n * sizeof(int));
  T->M = (int64_t *)IRRCOLL_MALLOC((size_t)n * 3 * sizeof(int64_t));
  mg = (int64_t *)IRRCOLL_MALLOC((size_t)p * sizeof(int64_t));
  if (!T->parent || !T->G || !T->M || !mg) {
    if (mg) IRRCOLL_FREE(mg);
    irr_tree_all_free(T);
    return IRR_ERR_NOMEM;
  }
  T->level = T->parent + p, T->direct = T->parent + 2 * p;
  T->ND = T->M + n, T->H = T->M + 2 * n;
  for (i = 0; i < p; i++) {
    irr_tree_info f;
    if (m[i] < 0) { IRRCOLL_FREE(mg); irr_tree_all_free(T); return IRR_ERR_COUNT; }
    f = irr_tree_leaf(i, m[i], root, T->thresh);
    irr__tree_put(T, i, &f);
    mg[i] = f.mg;
    T->parent[i] = f.g < 0 ? root : -1, T->level[i] = f.g < 0 ? 0 : L, T->direct[i] = f.g < 0;
  }
  for (d = 0; d < L; d++) irr__tree_build_level(T, d, mg);
  T->groot = T->G[T->lvoff[L]];
  IRRCOLL_FREE(mg);
  return IRR_OK;
}
static inline irr_status irr_tree_build(irr_tree_all *T, int p, int root, int rule, const int64_t *m) {
  return irr_tree_build_t(T, p, root, rule, m, INT64_MAX);
}

/* 1 if rank q of a built tree sends straight to the root; [*lo, *hi): the subcube it sends. */
static inline int irr_tree_direct_range(const irr_tree_all *T, int q, int *lo, int *hi) {
  if (!T->direct[q]) return 0;
  irr_tree_cube((int64_t)q >> T->level[q], T->level[q], T->p, lo, hi);
  return 1;
}

/* Rank r's view of a built tree: the same fields the distributed construction ends with. */
static inline void irr_tree_view(const irr_tree_all *T, int r, irr_tree *t) {
  int d, p = T->p;
  irr_tree_init(t, r, p, T->root, T->rule, T->m[r]);
  t->thresh = T->thresh;
  t->parent = T->parent[r];
  t->send_level = T->level[r];
  t->direct = T->direct[r] > 0;
  t->note_last = T->direct[r] - 2;
  t->is_gather = t->parent < 0;
  t->d = T->levels;
  for (d = 0; d < t->send_level && d < T->levels; d++) {
    int64_t sib = ((int64_t)r >> d) ^ 1;
    if (sib < T->lvoff[d + 1] - T->lvoff[d] && T->M[T->lvoff[d] + sib] > 0) {
      irr_tree_child *c = &t->child[t->nchild++];
      c->rank = T->G[T->lvoff[d] + sib];
      c->level = d;
      c->size = T->M[T->lvoff[d] + sib];
    }
    if (sib < T->lvoff[d + 1] - T->lvoff[d]) {
      t->heard[d] = T->M[T->lvoff[d] + sib];
      t->heard_nd[d] = T->ND[T->lvoff[d] + sib], t->heard_h[d] = T->H[T->lvoff[d] + sib];
      t->total = irr__sat_add(t->total, t->heard[d]);
    }
  }
  for (d = 0; d < T->levels; d++) { /* lower fixed root: tell both gather roots */
    int partner = irr_tree_partner(r, d, p);
    if (irr_tree_fixed_root(r, d, p) == r && partner > r) {
      int gl = T->G[T->lvoff[d] + ((int64_t)r >> d)], gu = T->G[T->lvoff[d] + ((int64_t)r >> d) + 1];
      t->notify[0][d] = gl == r ? -1 : gl;
      t->notify[1][d] = gu == partner ? -1 : gu;
    }
  }
}
