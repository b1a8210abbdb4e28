/* The registry: every collective and every algorithm irrcoll has, by name, with its
   restrictions, and the one IRRCOLL_ALG grammar and its parser (used by the header and by the
   interception library). Each collective's automatic choice is in select/<collective>.h,
   after the algorithms; select/any.h builds and prices any (collective, algorithm).

   Every choice is a pure function of values that are equal on all ranks: the
   communicator size, the sizes every rank knows, the forced algorithm (agreed per
   communicator), the model. Never of one rank's datatype layout, memory or environment:
   a collective whose ranks choose differently hangs.

   Collectives and their algorithms (algo/<collective>/) and choices (select/):
     gatherv, scatterv      tree (Träff's linear-time tree; Gatherv's degrades gracefully),
                            binomial, linear, direct; scatterv also xtree (XScatterv's)
                            auto: linear on 1 rank, direct on <= IRR_V_DIRECT_MAXP, else tree
                            (Gatherv) or xtree (Scatterv)
     allgatherv             ring (pipelined, Eq. 2), bruck, recdoubling (2^k ranks only),
                            hier (SMP nodes of consecutive ranks), neighbor (even p)
                            auto: irr_allgatherv_choose (select/allgatherv.h), the model's
                            argmin (flat) or SMPI's rule (SMP nodes)
     alltoallv              bruck (non-uniform, Fan et al.), linear (nonempty blocks), both
                            after a sizes phase; direct (every pair, no sizes phase)
                            auto: direct where irr_alltoallv_direct_pays (p alone), else
                            the sizes phase and irr_alltoallv_choose_t (select/alltoallv.h)
     xalltoallv             sparse (NBX), dense (counts by Alltoall + Alltoallv)
                            auto: irr_xalltoallv_choose, from the largest out-degree
     inter                  segment (Algorithm 2), subgroup (Algorithm 1), rootgather
                            auto: segment
     xgatherv, xscatterv    tree, binomial, direct; auto as gatherv (linear means direct)
     xallgatherv            bruck (sizes ride along), then the large blocks by allgatherv's
                            choice
     reduce_scatter         balanced, dominant, bruck, halving, ring, pairwise (the last three MPI's)
                            auto: irr_reduce_scatter_choose, the estimates' argmin
   An X collective with no forced algorithm of its own follows its known-size collective's
   (IRRCOLL_ALG=gatherv:tree forces XGatherv's tree too; xgatherv:direct only XGatherv). */

typedef enum irr_coll {
  IRR_COLL_GATHERV = 0,     /* SEND: own block; RECV at root: every block at its displacement */
  IRR_COLL_SCATTERV = 1,    /* SEND at root: every block; RECV: own block */
  IRR_COLL_ALLGATHERV = 2,  /* SEND: own block; RECV everywhere: every block */
  IRR_COLL_XALLTOALLV = 3,  /* XAlltoallv (unknown receive sizes); no checker specification */
  IRR_COLL_INTER_ALLGATHERV = 4, /* groups: ranks 0..root-1 and root..p-1; SEND: own block;
                                    RECV: every block of the other group */
  IRR_COLL_XGATHERV = 5,    /* unknown sizes at the root; checked as GATHERV with spec.unknown */
  IRR_COLL_XSCATTERV = 6,   /* unknown sizes at the receivers; checked as SCATTERV */
  IRR_COLL_XALLGATHERV = 7, /* unknown sizes everywhere; checked as ALLGATHERV */
  IRR_COLL_ALLTOALLV = 8,   /* known sizes: SEND the rank's row, RECV its column (algo/alltoallv/);
                               before 2.x this name meant XAlltoallv */
  IRR_COLL_REDUCE_SCATTER = 9, /* SEND: the rank's whole vector (every block at its
                                  displacement); RECV: its own block of the reduction
                                  (algo/reduce_scatter/) */
  IRR_COLL_COUNT
} irr_coll;

typedef enum irr_alg {
  IRR_ALG_AUTO = 0,
  IRR_ALG_TREE = 1,       /* Träff's linear-time ordered-hypercube tree */
  IRR_ALG_LINEAR = 2,     /* direct to/from the root, nonempty blocks only */
  IRR_ALG_BINOMIAL = 3,   /* size-oblivious binomial tree */
  IRR_ALG_DIRECT = 4,     /* one message per rank to/from the root, empty ones too; Alltoallv:
                             every pair one message, no sizes phase (mpi/direct.h runs both
                             straight on the user's buffers in blocking calls) */
  IRR_ALG_RING = 5,       /* Allgatherv: the pipelined ring (algo/allgatherv/ring.h) */
  IRR_ALG_BRUCK = 6,      /* Allgatherv: Bruck's logarithmic algorithm */
  IRR_ALG_SEGMENT = 7,    /* intergroup Allgather(v): Algorithm 2, global-index segments (algo/inter/) */
  IRR_ALG_SUBGROUP = 8,   /* intergroup: Algorithm 1, whole blocks to subgroups */
  IRR_ALG_ROOTGATHER = 9, /* intergroup: root gathering, what MPI libraries do (baseline) */
  IRR_ALG_RECDOUBLING = 10, /* Allgatherv: recursive doubling, 2^k ranks */
  IRR_ALG_SPARSE = 11,    /* XAlltoallv: the sparse exchange NBX (not a schedule) */
  IRR_ALG_DENSE = 12,     /* XAlltoallv: counts by MPI_Alltoall, then MPI_Alltoallv */
  IRR_ALG_XTREE = 13,     /* Scatterv: XScatterv's tree, built by the root alone, sizes riding along */
  IRR_ALG_HIER = 14,      /* Allgatherv: node-aware, leaders' Bruck between binomial trees in nodes */
  IRR_ALG_NEIGHBOR = 15,  /* Allgatherv: neighbor exchange, blocks both ways round the ring (p even) */
  IRR_ALG_CIRCULANT = 16, /* Allgatherv: Träff's round-optimal circulant-graph schedule (algo/allgatherv/circulant.h) */
  IRR_ALG_HALVING = 17,   /* Reduce_scatter: recursive halving on the rank blocks, rank order kept */
  IRR_ALG_PAIRWISE = 18,  /* Reduce_scatter: p - 1 rounds, block d straight to rank d (MPICH) */
  IRR_ALG_BALANCED = 19,  /* Reduce_scatter: equal pieces of the vector, then to their owners */
  IRR_ALG_DOMINANT = 20,  /* Reduce_scatter: the largest block reduced first without its owner */
  IRR_ALG_GUARDED = 21,   /* Reduce_scatter: the choice, or MPI's own where irrcoll's gain is not clear
                             (the interception library's default; not a schedule) */
  IRR_ALG_SPREAD = 22,    /* Reduce_scatter: reverse Bruck on the blocks, the largest cut into pieces spread round the ring */
  IRR_ALG_COUNT
} irr_alg;
/* The algorithms of Gatherv/Scatterv are IRR_ALG_TREE .. IRR_ALG_DIRECT. */
#define IRR_ALG_V_LAST IRR_ALG_DIRECT

/* Restrictions of an algorithm (MPICH's registry states the same kind: "power-of-two",
   "intercommunicator", "no in place"). */
#define IRR_RESTRICT_POF2 1      /* only on 2^k ranks (elsewhere the choice falls back) */
#define IRR_RESTRICT_INTER 2     /* two groups: an intercommunicator or the groups entry */
#define IRR_RESTRICT_NOSCHED 4   /* not a schedule: the checker and the model do not see it */
#define IRR_RESTRICT_NODES 8     /* only on SMP nodes of consecutive ranks (elsewhere the choice falls back) */
#define IRR_RESTRICT_EVEN 16     /* only on an even number of ranks (elsewhere the choice falls back) */
#define IRR_RESTRICT_COMMUTE 32  /* only for commutative operations (reductions) */

typedef struct irr_alg_entry {
  irr_coll coll;
  irr_alg alg;
  unsigned restrictions; /* IRR_RESTRICT_* */
  const char *what;      /* one line: what it is, where from */
} irr_alg_entry;

static inline const irr_alg_entry *irr_alg_table(int *n) {
  static const irr_alg_entry t[] = {
      {IRR_COLL_GATHERV, IRR_ALG_TREE, 0, "Träff's linear-time ordered-hypercube tree (seed 000, Theorem 1)"},
      {IRR_COLL_GATHERV, IRR_ALG_BINOMIAL, 0, "size-oblivious binomial tree (baseline)"},
      {IRR_COLL_GATHERV, IRR_ALG_LINEAR, 0, "every nonempty block straight to the root (MPICH, Open MPI)"},
      {IRR_COLL_GATHERV, IRR_ALG_DIRECT, 0, "one message per rank to the root, empty ones too"},
      {IRR_COLL_SCATTERV, IRR_ALG_TREE, 0, "Träff's linear-time tree, reversed"},
      {IRR_COLL_SCATTERV, IRR_ALG_BINOMIAL, 0, "size-oblivious binomial tree (baseline)"},
      {IRR_COLL_SCATTERV, IRR_ALG_LINEAR, 0, "every nonempty block straight from the root"},
      {IRR_COLL_SCATTERV, IRR_ALG_DIRECT, 0, "one message per rank from the root, empty ones too"},
      {IRR_COLL_SCATTERV, IRR_ALG_XTREE, 0, "the root's degraded tree, ranges and sizes in the messages (no construction)"},
      {IRR_COLL_ALLGATHERV, IRR_ALG_RING, 0, "pipelined ring, Eq. 2 block size, node-aware order (seed 004)"},
      {IRR_COLL_ALLGATHERV, IRR_ALG_BRUCK, 0, "Bruck in the receive buffer, any p"},
      {IRR_COLL_ALLGATHERV, IRR_ALG_RECDOUBLING, IRR_RESTRICT_POF2, "recursive doubling (2^k ranks; SMP nodes)"},
      {IRR_COLL_ALLGATHERV, IRR_ALG_HIER, IRR_RESTRICT_NODES, "node-aware: binomial trees in nodes, Bruck between them"},
      {IRR_COLL_ALLGATHERV, IRR_ALG_NEIGHBOR, IRR_RESTRICT_EVEN, "neighbor exchange: pairs of blocks both ways round the ring (Open MPI)"},
      {IRR_COLL_ALLGATHERV, IRR_ALG_CIRCULANT, 0, "Träff's circulant graph: n pieces per block, n - 1 + q rounds, one message per round"},
      {IRR_COLL_XALLTOALLV, IRR_ALG_SPARSE, IRR_RESTRICT_NOSCHED, "NBX sparse exchange (Hoefler et al.)"},
      {IRR_COLL_XALLTOALLV, IRR_ALG_DENSE, IRR_RESTRICT_NOSCHED, "count exchange by MPI_Alltoall + MPI_Alltoallv"},
      {IRR_COLL_ALLTOALLV, IRR_ALG_BRUCK, 0, "non-uniform Bruck, the sizes first (Fan et al., HPDC 2022): 2 ceil(log2 p) rounds"},
      {IRR_COLL_ALLTOALLV, IRR_ALG_LINEAR, 0, "every nonempty block straight to its destination, one round"},
      {IRR_COLL_ALLTOALLV, IRR_ALG_DIRECT, 0, "every pair one message, empty ones too, no sizes phase (MPI's basic linear)"},
      {IRR_COLL_INTER_ALLGATHERV, IRR_ALG_SEGMENT, IRR_RESTRICT_INTER, "Algorithm 2: global-index segments (seed 001)"},
      {IRR_COLL_INTER_ALLGATHERV, IRR_ALG_SUBGROUP, IRR_RESTRICT_INTER, "Algorithm 1: whole blocks to subgroups (seed 001)"},
      {IRR_COLL_INTER_ALLGATHERV, IRR_ALG_ROOTGATHER, IRR_RESTRICT_INTER, "root gathering (what MPI libraries do)"},
      {IRR_COLL_XGATHERV, IRR_ALG_TREE, 0, "the tree, sizes riding along (seed 003)"},
      {IRR_COLL_XGATHERV, IRR_ALG_BINOMIAL, 0, "binomial tree, sizes riding along"},
      {IRR_COLL_XGATHERV, IRR_ALG_DIRECT, 0, "one probed message per rank to the root"},
      {IRR_COLL_XSCATTERV, IRR_ALG_TREE, 0, "trees rebuilt on every received range (seed 003)"},
      {IRR_COLL_XSCATTERV, IRR_ALG_BINOMIAL, 0, "binomial trees rebuilt on every range"},
      {IRR_COLL_XSCATTERV, IRR_ALG_DIRECT, 0, "one message per rank from the root"},
      {IRR_COLL_XALLGATHERV, IRR_ALG_BRUCK, 0, "Bruck with sizes in every message, then the large blocks"},
      {IRR_COLL_REDUCE_SCATTER, IRR_ALG_BALANCED, 0, "p equal pieces reduce-scattered (reverse Bruck; halving in rank order), then sent to their owners"},
      {IRR_COLL_REDUCE_SCATTER, IRR_ALG_DOMINANT, IRR_RESTRICT_COMMUTE, "the largest block reduce-scattered among the other ranks first, then sent to its owner while they reduce the rest"},
      {IRR_COLL_REDUCE_SCATTER, IRR_ALG_SPREAD, IRR_RESTRICT_COMMUTE, "reverse Bruck on the rank blocks, the largest cut into 2^k pieces held round the ring, then home up a binomial tree"},
      {IRR_COLL_REDUCE_SCATTER, IRR_ALG_BRUCK, IRR_RESTRICT_COMMUTE, "reverse Bruck on the rank blocks: ceil(log2 p) rounds, any p"},
      {IRR_COLL_REDUCE_SCATTER, IRR_ALG_HALVING, 0, "recursive halving on the rank blocks, folded to 2^k ranks, rank order kept (MPICH)"},
      {IRR_COLL_REDUCE_SCATTER, IRR_ALG_RING, IRR_RESTRICT_COMMUTE, "ring: p - 1 rounds, a block a round (Open MPI)"},
      {IRR_COLL_REDUCE_SCATTER, IRR_ALG_PAIRWISE, IRR_RESTRICT_COMMUTE, "pairwise: p - 1 rounds, block d straight to rank d (MPICH)"},
      {IRR_COLL_REDUCE_SCATTER, IRR_ALG_GUARDED, IRR_RESTRICT_NOSCHED, "the choice where the model puts it 1.25x ahead of the libraries' halving, ring and pairwise, else MPI's own (interception's default)"},
  };
  *n = (int)(sizeof t / sizeof t[0]);
  return t;
}

/* The entry of (coll, alg), or NULL if coll has no such algorithm. */
static inline const irr_alg_entry *irr_alg_find(irr_coll coll, irr_alg alg) {
  int n, i;
  const irr_alg_entry *t = irr_alg_table(&n);
  for (i = 0; i < n; i++)
    if (t[i].coll == coll && t[i].alg == alg) return &t[i];
  return NULL;
}

static inline const char *irr_alg_name(irr_alg a) {
  static const char *const n[] = {"auto", "tree", "linear", "binomial", "direct", "ring", "bruck",
                                  "segment", "subgroup", "rootgather", "recdoubling", "sparse", "dense", "xtree",
                                  "hier", "neighbor", "circulant", "halving", "pairwise", "balanced",
                                  "dominant", "guarded", "spread"};
  return (unsigned)a < (unsigned)IRR_ALG_COUNT ? n[a] : "unknown";
}

/* The collective's name in IRRCOLL_ALG (and in reports). */
static inline const char *irr_coll_name(irr_coll c) {
  static const char *const n[] = {"gatherv", "scatterv", "allgatherv", "xalltoallv", "inter",
                                  "xgatherv", "xscatterv", "xallgatherv", "alltoallv", "reduce_scatter"};
  return (unsigned)c < (unsigned)IRR_COLL_COUNT ? n[c] : "unknown";
}

/* The known-size collective an X collective follows when it has no forced algorithm of
   its own, and whose checker specification it is checked against; itself otherwise. */
static inline irr_coll irr_coll_base(irr_coll c) {
  return c == IRR_COLL_XGATHERV ? IRR_COLL_GATHERV
         : c == IRR_COLL_XSCATTERV ? IRR_COLL_SCATTERV
         : c == IRR_COLL_XALLGATHERV ? IRR_COLL_ALLGATHERV : c;
}

/* ---- IRRCOLL_ALG: the one grammar ----
     spec  := entry ("," entry)*
     entry := [coll ":"] name
   coll is a collective's name: irrcoll's (irr_coll_name) or, for the interception library,
   an MPI collective's lower-case name without "MPI_" (allgather, bcast, ...). name is an
   algorithm (irr_alg_name), "auto", or for the interception library a mock-up's name or
   "default". An entry without coll applies to every collective that has that algorithm.
   Later entries win. */

/* The next entry of *cur into coll/name (coll "" when absent); advances *cur. Returns 1 on
   an entry, 0 at the end, -1 on a malformed entry (empty coll or name, or too long). */
static inline int irr_alg_spec_next(const char **cur, char *coll, size_t ccap, char *name, size_t ncap) {
  const char *p = *cur, *end, *colon = NULL, *nm;
  size_t cl = 0, nl;
  if (!p || !*p) return 0;
  for (end = p; *end && *end != ','; end++)
    if (*end == ':' && !colon) colon = end;
  *cur = *end ? end + 1 : end;
  nm = colon ? colon + 1 : p;
  cl = colon ? (size_t)(colon - p) : 0;
  nl = (size_t)(end - nm);
  if ((colon && cl == 0) || nl == 0 || cl >= ccap || nl >= ncap) return -1;
  memcpy(coll, p, cl);
  coll[cl] = '\0';
  memcpy(name, nm, nl);
  name[nl] = '\0';
  return 1;
}

/* The algorithm named `name`, or IRR_ALG_COUNT. */
static inline irr_alg irr_alg_from_name(const char *name) {
  int a;
  for (a = 0; a < IRR_ALG_COUNT; a++)
    if (strcmp(name, irr_alg_name((irr_alg)a)) == 0) return (irr_alg)a;
  return IRR_ALG_COUNT;
}

/* The forced algorithm of collective `coll` (its name) in spec; *out is left alone if the
   spec says nothing about it. IRR_ERR_ARG (and nothing set) for a malformed spec, an entry
   for coll whose name is no algorithm of coll, or an entry without collective that names no
   algorithm at all. Entries for other collectives may name anything (mock-ups). */
static inline irr_status irr_alg_parse(const char *spec, const char *coll, irr_alg *out) {
  irr_alg found = IRR_ALG_COUNT;
  char c[32], name[64];
  int k, ci = -1, i;
  for (i = 0; i < IRR_COLL_COUNT; i++)
    if (strcmp(coll, irr_coll_name((irr_coll)i)) == 0) ci = i;
  while ((k = irr_alg_spec_next(&spec, c, sizeof c, name, sizeof name)) != 0) {
    irr_alg a;
    if (k < 0) return IRR_ERR_ARG;
    a = irr_alg_from_name(name);
    if (c[0] && strcmp(c, coll) != 0) continue;
    if (!c[0] && a == IRR_ALG_COUNT) return IRR_ERR_ARG;
    if (a != IRR_ALG_AUTO && (a == IRR_ALG_COUNT || ci < 0 || !irr_alg_find((irr_coll)ci, a))) {
      if (c[0]) return IRR_ERR_ARG;
      continue; /* a bare name applies only where it is an algorithm */
    }
    found = a;
  }
  if (found != IRR_ALG_COUNT) *out = found;
  return IRR_OK;
}
