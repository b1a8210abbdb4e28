/* The irregular guidelines (seed 000, Section 4): padded regular operations; irrcoll's own
   algorithms as alternatives for the v-collectives; the table of every mock-up. */

/* The padded irregular mock-ups work on bytes: block i is counts x signature size bytes on
   every rank, whatever type a rank uses; a rank whose type is not dense packs and unpacks. */

/* Unpack p padded blocks of mx bytes from s into the v buffer rb (counts, displacements in
   elements of rt), except block `skip` (in place: already there). */
static int irr__gl_put_padded(const char *s, int mx, void *rb, const int *rc, const int *dsp, MPI_Datatype rt, int p,
                              int skip) {
  int i, rv;
  for (i = 0; i < p; i++)
    if (i != skip && (rv = irr__gl_put(s + (size_t)mx * (size_t)i, rb, dsp[i], rc[i], rt)) != MPI_SUCCESS) return rv;
  return MPI_SUCCESS;
}

/* Gatherv as Allreduce(max count) + Gather of blocks padded to it. Scratch (p + 1) max, on
   every rank (the same need everywhere, decided after the Allreduce). */
IRR_DEF int IRR_Gatherv_as_allreduce_gather(const void *sb, int sc, MPI_Datatype st, void *rb, const int rc[],
                                            const int dsp[], MPI_Datatype rt, int root, MPI_Comm comm) {
  irr__gl g;
  int mx = 0, mine, rv, ip = sb == MPI_IN_PLACE, isroot;
  char *s = NULL;
  const char *own;
  if (!irr__gl_begin(comm, MPI_DATATYPE_NULL, &g) || root < 0 || root >= g.p) return MPI_Gatherv(sb, sc, st, rb, rc, dsp, rt, root, comm);
  isroot = g.rank == root;
  if (!irr__gl_begin(comm, isroot ? rt : st, &g)) return MPI_Gatherv(sb, sc, st, rb, rc, dsp, rt, root, comm);
  { /* the largest block in bytes, agreed; INT_MAX where a rank's own block is larger */
    int64_t b = (int64_t)(isroot ? rc[g.rank] : sc) * g.size;
    mine = b > INT_MAX ? INT_MAX : (int)b;
    if ((rv = MPI_Allreduce(&mine, &mx, 1, MPI_INT, MPI_MAX, comm)) != MPI_SUCCESS) return rv;
  }
  if ((int64_t)mx * (g.p + 1) > INT_MAX || !(s = irr__gl_scratch(comm, (size_t)mx * (size_t)(g.p + 1) + 1)))
    return MPI_Gatherv(sb, sc, st, rb, rc, dsp, rt, root, comm);
  if (!(ip && isroot)) {
    if ((rv = irr__gl_get(sb, 0, sc, st, s, &own)) != MPI_SUCCESS) return rv;
    if (own != s) memcpy(s, own, (size_t)mine);
  }
  if ((rv = MPI_Gather(s, mx, MPI_BYTE, s + mx, mx, MPI_BYTE, root, comm)) != MPI_SUCCESS) return rv;
  return isroot ? irr__gl_put_padded(s + mx, mx, rb, rc, dsp, rt, g.p, ip ? root : -1) : MPI_SUCCESS;
}
/* Allgatherv as Allgather of padded blocks (every rank knows every count: no Allreduce).
   Scratch (p + 1) max. */
IRR_DEF int IRR_Allgatherv_as_allreduce_allgather(const void *sb, int sc, MPI_Datatype st, void *rb, const int rc[],
                                                  const int dsp[], MPI_Datatype rt, MPI_Comm comm) {
  irr__gl g;
  int i, rv, ip = sb == MPI_IN_PLACE;
  int64_t mx = 0;
  char *s;
  const char *own;
  if (!irr__gl_begin(comm, rt, &g)) return MPI_Allgatherv(sb, sc, st, rb, rc, dsp, rt, comm);
  for (i = 0; i < g.p; i++)
    if ((int64_t)rc[i] * g.size > mx) mx = (int64_t)rc[i] * g.size;
  if (mx * (g.p + 1) > INT_MAX || !(s = irr__gl_scratch(comm, (size_t)mx * (size_t)(g.p + 1) + 1)))
    return MPI_Allgatherv(sb, sc, st, rb, rc, dsp, rt, comm);
  rv = ip ? irr__gl_get(rb, dsp[g.rank], rc[g.rank], rt, s, &own) : irr__gl_get(sb, 0, sc, st, s, &own);
  if (rv != MPI_SUCCESS) return rv;
  if (own != s) memcpy(s, own, (size_t)rc[g.rank] * (size_t)g.size);
  if ((rv = MPI_Allgather(s, (int)mx, MPI_BYTE, s + mx, (int)mx, MPI_BYTE, comm)) != MPI_SUCCESS) return rv;
  return irr__gl_put_padded(s + mx, (int)mx, rb, rc, dsp, rt, g.p, ip ? g.rank : -1);
}
/* Scatterv as Bcast(max count) + Scatter of padded blocks. Scratch (p + 1) max, on every rank
   (decided after the Bcast, the same everywhere). */
IRR_DEF int IRR_Scatterv_as_bcast_scatter(const void *sb, const int sc[], const int dsp[], MPI_Datatype st, void *rb, int rc,
                                          MPI_Datatype rt, int root, MPI_Comm comm) {
  irr__gl g;
  int64_t mx = 0;
  int i, rv, ip = rb == MPI_IN_PLACE, isroot;
  char *s = NULL;
  const char *blk;
  if (!irr__gl_begin(comm, MPI_DATATYPE_NULL, &g) || root < 0 || root >= g.p) return MPI_Scatterv(sb, sc, dsp, st, rb, rc, rt, root, comm);
  isroot = g.rank == root;
  if (!irr__gl_begin(comm, isroot ? st : rt, &g)) return MPI_Scatterv(sb, sc, dsp, st, rb, rc, rt, root, comm);
  if (isroot)
    for (i = 0; i < g.p; i++)
      if ((int64_t)sc[i] * g.size > mx) mx = (int64_t)sc[i] * g.size;
  if ((rv = MPI_Bcast(&mx, 1, MPI_INT64_T, root, comm)) != MPI_SUCCESS) return rv;
  if (mx * (g.p + 1) > INT_MAX || !(s = irr__gl_scratch(comm, (size_t)mx * (size_t)(g.p + 1) + 1)))
    return MPI_Scatterv(sb, sc, dsp, st, rb, rc, rt, root, comm);
  if (isroot)
    for (i = 0; i < g.p; i++) {
      char *at = s + mx + (size_t)mx * (size_t)i;
      if ((rv = irr__gl_get(sb, dsp[i], sc[i], st, at, &blk)) != MPI_SUCCESS) return rv;
      if (blk != at) memcpy(at, blk, (size_t)sc[i] * (size_t)g.size);
    }
  if ((rv = MPI_Scatter(s + mx, (int)mx, MPI_BYTE, s, (int)mx, MPI_BYTE, root, comm)) != MPI_SUCCESS) return rv;
  if (isroot && ip) return MPI_SUCCESS;
  return irr__gl_put(s, rb, 0, rc, rt);
}

/* ---- irrcoll's own algorithms as alternatives for the v-collectives: each calls the
   algorithm it names directly (auto: the communicator's choice) ---- */
#define IRR__GL_IRRV(name, alg)                                                                                               \
  IRR_DEF int IRR_Gatherv_irr_##name(const void *sb, int sc, MPI_Datatype st, void *rb, const int rc[], const int dsp[],     \
                                     MPI_Datatype rt, int root, MPI_Comm comm) {                                             \
    return irr__v_call_alg(0, rb, rc, NULL, dsp, NULL, rt, sb, sc, st, root, comm, MPI_SUCCESS, alg);                        \
  }                                                                                                                          \
  IRR_DEF int IRR_Scatterv_irr_##name(const void *sb, const int sc[], const int dsp[], MPI_Datatype st, void *rb, int rc,    \
                                      MPI_Datatype rt, int root, MPI_Comm comm) {                                            \
    return irr__v_call_alg(1, sb, sc, NULL, dsp, NULL, st, rb, rc, rt, root, comm, MPI_SUCCESS, alg);                        \
  }
IRR__GL_IRRV(auto, IRR_ALG_AUTO)
IRR__GL_IRRV(tree, IRR_ALG_TREE)
IRR__GL_IRRV(binomial, IRR_ALG_BINOMIAL)
IRR__GL_IRRV(direct, IRR_ALG_DIRECT)
#undef IRR__GL_IRRV
IRR_DEF int IRR_Scatterv_irr_xtree(const void *sb, const int sc[], const int dsp[], MPI_Datatype st, void *rb, int rc,
                                   MPI_Datatype rt, int root, MPI_Comm comm) { /* Scatterv only */
  return irr__v_call_alg(1, sb, sc, NULL, dsp, NULL, st, rb, rc, rt, root, comm, MPI_SUCCESS, IRR_ALG_XTREE);
}
#define IRR__GL_IRRAG(name, alg)                                                                                              \
  IRR_DEF int IRR_Allgatherv_irr_##name(const void *sb, int sc, MPI_Datatype st, void *rb, const int rc[], const int dsp[], \
                                        MPI_Datatype rt, MPI_Comm comm) {                                                    \
    irr__counts c = {rc, dsp, NULL, NULL, 0, 0};                                                                                \
    return irr__ag_run(sb, sc, st, rb, &c, rt, comm, alg, 1);                                                                   \
  }
IRR__GL_IRRAG(auto, IRR_ALG_AUTO)
IRR__GL_IRRAG(ring, IRR_ALG_RING)
IRR__GL_IRRAG(bruck, IRR_ALG_BRUCK)
IRR__GL_IRRAG(recdoubling, IRR_ALG_RECDOUBLING)
IRR__GL_IRRAG(hier, IRR_ALG_HIER)
IRR__GL_IRRAG(neighbor, IRR_ALG_NEIGHBOR)
IRR__GL_IRRAG(circulant, IRR_ALG_CIRCULANT)
#undef IRR__GL_IRRAG
#define IRR__GL_IRRA2A(name, alg)                                                                                         \
  IRR_DEF int IRR_Alltoallv_irr_##name(const void *sb, const int sc[], const int sd[], MPI_Datatype st, void *rb,       \
                                       const int rc[], const int rd[], MPI_Datatype rt, MPI_Comm comm) {                \
    irr__counts s_ = {sc, sd, NULL, NULL, 0, 0}, r_ = {rc, rd, NULL, NULL, 0, 0};                                       \
    return irr__a2a_run(sb, &s_, st, rb, &r_, rt, comm, alg);                                                           \
  }
IRR__GL_IRRA2A(auto, IRR_ALG_AUTO)
IRR__GL_IRRA2A(bruck, IRR_ALG_BRUCK)
IRR__GL_IRRA2A(linear, IRR_ALG_LINEAR)
IRR__GL_IRRA2A(direct, IRR_ALG_DIRECT)
#undef IRR__GL_IRRA2A
#define IRR__GL_IRRRS(name, alg)                                                                                          \
  IRR_DEF int IRR_Reduce_scatter_irr_##name(const void *sb, void *rb, const int rc[], MPI_Datatype t, MPI_Op op,        \
                                            MPI_Comm comm) {                                                            \
    irr__counts c_ = {rc, NULL, NULL, NULL, 0, 0};                                                                      \
    return irr__rs_run(sb, rb, &c_, t, op, comm, alg);                                                                  \
  }
IRR__GL_IRRRS(auto, IRR_ALG_AUTO)
IRR__GL_IRRRS(balanced, IRR_ALG_BALANCED)
IRR__GL_IRRRS(dominant, IRR_ALG_DOMINANT)
IRR__GL_IRRRS(spread, IRR_ALG_SPREAD)
IRR__GL_IRRRS(bruck, IRR_ALG_BRUCK)
IRR__GL_IRRRS(halving, IRR_ALG_HALVING)
IRR__GL_IRRRS(ring, IRR_ALG_RING)
IRR__GL_IRRRS(pairwise, IRR_ALG_PAIRWISE)
IRR__GL_IRRRS(guarded, IRR_ALG_GUARDED)
#undef IRR__GL_IRRRS
IRR_DEF int IRR_Reduce_scatter_block_irr_auto(const void *sb, void *rb, int n, MPI_Datatype t, MPI_Op op, MPI_Comm comm) {
  irr__counts c = {NULL, NULL, NULL, NULL, 1, n};
  return irr__rs_run(sb, rb, &c, t, op, comm, IRR_ALG_AUTO);
}
IRR_DEF int IRR_Reduce_scatter_block_irr_guarded(const void *sb, void *rb, int n, MPI_Datatype t, MPI_Op op,
                                                 MPI_Comm comm) {
  irr__counts c = {NULL, NULL, NULL, NULL, 1, n};
  return irr__rs_run(sb, rb, &c, t, op, comm, IRR_ALG_GUARDED);
}
/* ---- the table: every mock-up by collective and name (PGMPITuneLib's names) ---- */
static const irr_gl_entry irr__gl_table[] = {
  {IRR_GL_ALLGATHER, "allgather_as_gather_bcast", "GL1", (irr_gl_fn)IRR_Allgather_as_gather_bcast},
  {IRR_GL_ALLGATHER, "allgather_as_alltoall", "GL2", (irr_gl_fn)IRR_Allgather_as_alltoall},
  {IRR_GL_ALLGATHER, "allgather_as_allreduce", "GL3", (irr_gl_fn)IRR_Allgather_as_allreduce},
  {IRR_GL_ALLGATHER, "allgather_as_allgatherv", "GL4", (irr_gl_fn)IRR_Allgather_as_allgatherv},
  {IRR_GL_ALLGATHER, "allgather_irr", "irrcoll", (irr_gl_fn)IRR_Allgather}, /* intergroup on intercommunicators */
  {IRR_GL_ALLREDUCE, "allreduce_as_reduce_bcast", "GL5", (irr_gl_fn)IRR_Allreduce_as_reduce_bcast},
  {IRR_GL_ALLREDUCE, "allreduce_as_reducescatterblock_allgather", "GL6", (irr_gl_fn)IRR_Allreduce_as_reducescatterblock_allgather},
  {IRR_GL_ALLREDUCE, "allreduce_as_reducescatter_allgatherv", "GL7", (irr_gl_fn)IRR_Allreduce_as_reducescatter_allgatherv},
  {IRR_GL_ALLTOALL, "alltoall_as_alltoallv", "GL8", (irr_gl_fn)IRR_Alltoall_as_alltoallv},
  {IRR_GL_BCAST, "bcast_as_allgatherv", "GL9", (irr_gl_fn)IRR_Bcast_as_allgatherv},
  {IRR_GL_BCAST, "bcast_as_scatter_allgather", "GL10", (irr_gl_fn)IRR_Bcast_as_scatter_allgather},
  {IRR_GL_GATHER, "gather_as_allgather", "GL11", (irr_gl_fn)IRR_Gather_as_allgather},
  {IRR_GL_GATHER, "gather_as_gatherv", "GL12", (irr_gl_fn)IRR_Gather_as_gatherv},
  {IRR_GL_GATHER, "gather_as_reduce", "GL13", (irr_gl_fn)IRR_Gather_as_reduce},
  {IRR_GL_REDUCE, "reduce_as_allreduce", "GL14", (irr_gl_fn)IRR_Reduce_as_allreduce},
  {IRR_GL_REDUCE, "reduce_as_reducescatterblock_gather", "GL15", (irr_gl_fn)IRR_Reduce_as_reducescatterblock_gather},
  {IRR_GL_REDUCE, "reduce_as_reducescatter_gatherv", "GL16", (irr_gl_fn)IRR_Reduce_as_reducescatter_gatherv},
  {IRR_GL_REDUCE_SCATTER_BLOCK, "reducescatterblock_as_reduce_scatter", "GL17", (irr_gl_fn)IRR_Reduce_scatter_block_as_reduce_scatter},
  {IRR_GL_REDUCE_SCATTER_BLOCK, "reducescatterblock_as_reducescatter", "GL18", (irr_gl_fn)IRR_Reduce_scatter_block_as_reducescatter},
  {IRR_GL_REDUCE_SCATTER_BLOCK, "reducescatterblock_as_allreduce", "GL19", (irr_gl_fn)IRR_Reduce_scatter_block_as_allreduce},
  {IRR_GL_SCAN, "scan_as_exscan_reducelocal", "GL20", (irr_gl_fn)IRR_Scan_as_exscan_reducelocal},
  {IRR_GL_SCATTER, "scatter_as_bcast", "GL21", (irr_gl_fn)IRR_Scatter_as_bcast},
  {IRR_GL_SCATTER, "scatter_as_scatterv", "GL22", (irr_gl_fn)IRR_Scatter_as_scatterv},
  {IRR_GL_GATHERV, "gatherv_as_allreduce_gather", "Traff17-1", (irr_gl_fn)IRR_Gatherv_as_allreduce_gather},
  {IRR_GL_GATHERV, "gatherv_irr_auto", "irrcoll", (irr_gl_fn)IRR_Gatherv_irr_auto},
  {IRR_GL_GATHERV, "gatherv_irr_tree", "irrcoll", (irr_gl_fn)IRR_Gatherv_irr_tree},
  {IRR_GL_GATHERV, "gatherv_irr_binomial", "irrcoll", (irr_gl_fn)IRR_Gatherv_irr_binomial},
  {IRR_GL_GATHERV, "gatherv_irr_direct", "irrcoll", (irr_gl_fn)IRR_Gatherv_irr_direct},
  {IRR_GL_SCATTERV, "scatterv_as_bcast_scatter", "Traff17-2", (irr_gl_fn)IRR_Scatterv_as_bcast_scatter},
  {IRR_GL_SCATTERV, "scatterv_irr_auto", "irrcoll", (irr_gl_fn)IRR_Scatterv_irr_auto},
  {IRR_GL_SCATTERV, "scatterv_irr_tree", "irrcoll", (irr_gl_fn)IRR_Scatterv_irr_tree},
  {IRR_GL_SCATTERV, "scatterv_irr_binomial", "irrcoll", (irr_gl_fn)IRR_Scatterv_irr_binomial},
  {IRR_GL_SCATTERV, "scatterv_irr_direct", "irrcoll", (irr_gl_fn)IRR_Scatterv_irr_direct},
  {IRR_GL_SCATTERV, "scatterv_irr_xtree", "irrcoll", (irr_gl_fn)IRR_Scatterv_irr_xtree},
  {IRR_GL_ALLGATHERV, "allgatherv_as_allreduce_allgather", "Traff17-3", (irr_gl_fn)IRR_Allgatherv_as_allreduce_allgather},
  {IRR_GL_ALLGATHERV, "allgatherv_irr_auto", "irrcoll", (irr_gl_fn)IRR_Allgatherv_irr_auto},
  {IRR_GL_ALLGATHERV, "allgatherv_irr_ring", "irrcoll", (irr_gl_fn)IRR_Allgatherv_irr_ring},
  {IRR_GL_ALLGATHERV, "allgatherv_irr_bruck", "irrcoll", (irr_gl_fn)IRR_Allgatherv_irr_bruck},
  {IRR_GL_ALLGATHERV, "allgatherv_irr_recdoubling", "irrcoll", (irr_gl_fn)IRR_Allgatherv_irr_recdoubling},
  {IRR_GL_ALLGATHERV, "allgatherv_irr_hier", "irrcoll", (irr_gl_fn)IRR_Allgatherv_irr_hier},
  {IRR_GL_ALLGATHERV, "allgatherv_irr_neighbor", "irrcoll", (irr_gl_fn)IRR_Allgatherv_irr_neighbor},
  {IRR_GL_ALLGATHERV, "allgatherv_irr_circulant", "irrcoll", (irr_gl_fn)IRR_Allgatherv_irr_circulant},
  {IRR_GL_ALLTOALLV, "alltoallv_irr_auto", "irrcoll", (irr_gl_fn)IRR_Alltoallv_irr_auto},
  {IRR_GL_ALLTOALLV, "alltoallv_irr_bruck", "irrcoll", (irr_gl_fn)IRR_Alltoallv_irr_bruck},
  {IRR_GL_ALLTOALLV, "alltoallv_irr_linear", "irrcoll", (irr_gl_fn)IRR_Alltoallv_irr_linear},
  {IRR_GL_ALLTOALLV, "alltoallv_irr_direct", "irrcoll", (irr_gl_fn)IRR_Alltoallv_irr_direct},
  {IRR_GL_REDUCE_SCATTER_BLOCK, "reduce_scatter_block_irr_auto", "irrcoll", (irr_gl_fn)IRR_Reduce_scatter_block_irr_auto},
  {IRR_GL_REDUCE_SCATTER_BLOCK, "reduce_scatter_block_irr_guarded", "irrcoll", (irr_gl_fn)IRR_Reduce_scatter_block_irr_guarded},
  {IRR_GL_REDUCE_SCATTER, "reduce_scatter_irr_auto", "irrcoll", (irr_gl_fn)IRR_Reduce_scatter_irr_auto},
  {IRR_GL_REDUCE_SCATTER, "reduce_scatter_irr_balanced", "irrcoll", (irr_gl_fn)IRR_Reduce_scatter_irr_balanced},
  {IRR_GL_REDUCE_SCATTER, "reduce_scatter_irr_dominant", "irrcoll", (irr_gl_fn)IRR_Reduce_scatter_irr_dominant},
  {IRR_GL_REDUCE_SCATTER, "reduce_scatter_irr_spread", "irrcoll", (irr_gl_fn)IRR_Reduce_scatter_irr_spread},
  {IRR_GL_REDUCE_SCATTER, "reduce_scatter_irr_bruck", "irrcoll", (irr_gl_fn)IRR_Reduce_scatter_irr_bruck},
  {IRR_GL_REDUCE_SCATTER, "reduce_scatter_irr_halving", "irrcoll", (irr_gl_fn)IRR_Reduce_scatter_irr_halving},
  {IRR_GL_REDUCE_SCATTER, "reduce_scatter_irr_ring", "irrcoll", (irr_gl_fn)IRR_Reduce_scatter_irr_ring},
  {IRR_GL_REDUCE_SCATTER, "reduce_scatter_irr_pairwise", "irrcoll", (irr_gl_fn)IRR_Reduce_scatter_irr_pairwise},
  {IRR_GL_REDUCE_SCATTER, "reduce_scatter_irr_guarded", "irrcoll", (irr_gl_fn)IRR_Reduce_scatter_irr_guarded},
};

IRR_DEF const irr_gl_entry *IRR_Guide_table(int *n) {
  if (n) *n = (int)(sizeof irr__gl_table / sizeof irr__gl_table[0]);
  return irr__gl_table;
}
IRR_DEF const char *IRR_Guide_coll_name(irr_gl_coll coll, int mpi) {
  static const char *const key[IRR_GL_NCOLL] = {"allgather", "allreduce", "alltoall", "bcast", "gather", "reduce",
                                                "reduce_scatter_block", "scan", "scatter", "gatherv", "scatterv",
                                                "allgatherv", "alltoallv", "reduce_scatter"};
  static const char *const name[IRR_GL_NCOLL] = {"MPI_Allgather", "MPI_Allreduce", "MPI_Alltoall", "MPI_Bcast", "MPI_Gather",
                                                 "MPI_Reduce", "MPI_Reduce_scatter_block", "MPI_Scan", "MPI_Scatter",
                                                 "MPI_Gatherv", "MPI_Scatterv", "MPI_Allgatherv", "MPI_Alltoallv",
                                                 "MPI_Reduce_scatter"};
  if ((unsigned)coll >= (unsigned)IRR_GL_NCOLL) return NULL;
  return mpi ? name[coll] : key[coll];
}
IRR_DEF const irr_gl_entry *IRR_Guide_find(irr_gl_coll coll, const char *name) {
  int i, n;
  const irr_gl_entry *t = IRR_Guide_table(&n);
  for (i = 0; name && i < n; i++)
    if (t[i].coll == coll && strcmp(t[i].name, name) == 0) return &t[i];
  return NULL;
}
#undef IRR__AT
