/* The mock-ups of the regular collectives' guidelines (seed 002, GL1-GL22), by collective. */

/* ---- MPI_Allgather ---- */
/* GL1: Gather to 0, then Bcast. No scratch. Falls back where the p blocks' bytes exceed an
   int (decided from signature bytes: element counts differ between ranks). */
IRR_DEF int IRR_Allgather_as_gather_bcast(const void *sb, int sc, MPI_Datatype st, void *rb, int rc, MPI_Datatype rt,
                                          MPI_Comm comm) {
  irr__gl g;
  int rv;
  int64_t nb = irr__gl_sig(rc, rt);
  if (!irr__gl_begin(comm, rt, &g) || nb < 0 || nb * g.p > INT_MAX) return MPI_Allgather(sb, sc, st, rb, rc, rt, comm);
  if (nb == 0) sc = rc = 0, st = rt = MPI_BYTE;
  if (sb == MPI_IN_PLACE && g.rank != 0) sb = IRR__AT(rb, (MPI_Aint)g.rank * rc * g.ext), sc = rc, st = rt;
  rv = MPI_Gather(sb, sc, st, rb, rc, rt, 0, comm);
  return rv != MPI_SUCCESS ? rv : MPI_Bcast(rb, g.p * rc, rt, 0, comm);
}
/* GL2: p copies of the own block, then Alltoall. Scratch p n, + p n where the receive type
   is not dense (charged on every rank: the need must be the same everywhere). */
IRR_DEF int IRR_Allgather_as_alltoall(const void *sb, int sc, MPI_Datatype st, void *rb, int rc, MPI_Datatype rt,
                                      MPI_Comm comm) {
  irr__gl g;
  int i, rv;
  size_t n;
  char *s, *area;
  const char *own;
  if (!irr__gl_begin(comm, rt, &g) || (n = (size_t)rc * (size_t)g.size) * (size_t)g.p > INT_MAX / 2 ||
      !(s = irr__gl_scratch(comm, 2 * n * (size_t)g.p + 1)))
    return MPI_Allgather(sb, sc, st, rb, rc, rt, comm);
  rv = sb == MPI_IN_PLACE ? irr__gl_get(rb, (int64_t)g.rank * rc, rc, rt, s, &own) : irr__gl_get(sb, 0, sc, st, s, &own);
  if (rv != MPI_SUCCESS) return rv;
  for (i = 0; i < g.p; i++)
    if (s + n * (size_t)i != own) memcpy(s + n * (size_t)i, own, n);
  area = irr__gl_direct(rb, rt);
  if (!area) area = s + n * (size_t)g.p;
  if ((rv = MPI_Alltoall(s, (int)n, MPI_BYTE, area, (int)n, MPI_BYTE, comm)) != MPI_SUCCESS) return rv;
  return irr__gl_put(area, rb, 0, (int64_t)g.p * rc, rt);
}
/* GL3: each rank's block at its place in p n zeros, bitwise-or Allreduce. Scratch p n, + p n
   where the receive type is not dense (charged on every rank). */
IRR_DEF int IRR_Allgather_as_allreduce(const void *sb, int sc, MPI_Datatype st, void *rb, int rc, MPI_Datatype rt,
                                       MPI_Comm comm) {
  irr__gl g;
  size_t n;
  char *s, *area;
  const char *own;
  int rv;
  if (!irr__gl_begin(comm, rt, &g) || (n = (size_t)rc * (size_t)g.size) * (size_t)g.p > INT_MAX / 2 ||
      !(s = irr__gl_scratch(comm, 2 * n * (size_t)g.p + 1)))
    return MPI_Allgather(sb, sc, st, rb, rc, rt, comm);
  memset(s, 0, n * (size_t)g.p);
  rv = sb == MPI_IN_PLACE ? irr__gl_get(rb, (int64_t)g.rank * rc, rc, rt, s + n * (size_t)g.rank, &own)
                          : irr__gl_get(sb, 0, sc, st, s + n * (size_t)g.rank, &own);
  if (rv != MPI_SUCCESS) return rv;
  if (own != s + n * (size_t)g.rank) memcpy(s + n * (size_t)g.rank, own, n);
  area = irr__gl_direct(rb, rt);
  if (!area) area = s + n * (size_t)g.p;
  if ((rv = MPI_Allreduce(s, area, (int)(n * (size_t)g.p), MPI_BYTE, MPI_BOR, comm)) != MPI_SUCCESS) return rv;
  return irr__gl_put(area, rb, 0, (int64_t)g.p * rc, rt);
}
/* GL4: Allgatherv with equal counts. Scratch 2p ints. Int limit as GL1. */
IRR_DEF int IRR_Allgather_as_allgatherv(const void *sb, int sc, MPI_Datatype st, void *rb, int rc, MPI_Datatype rt,
                                        MPI_Comm comm) {
  irr__gl g;
  int *c;
  int64_t nb = irr__gl_sig(rc, rt);
  if (!irr__gl_begin(comm, rt, &g) || nb < 0 || nb * g.p > INT_MAX ||
      !(c = (int *)(void *)irr__gl_scratch(comm, 2 * (size_t)g.p * sizeof(int))))
    return MPI_Allgather(sb, sc, st, rb, rc, rt, comm);
  if (nb == 0) sc = rc = 0, st = rt = MPI_BYTE;
  irr__gl_equal(c, g.p, rc);
  return MPI_Allgatherv(sb, sc, st, rb, c, c + g.p, rt, comm);
}

/* ---- MPI_Allreduce ---- */
/* GL5: Reduce to 0, then Bcast. No scratch. */
IRR_DEF int IRR_Allreduce_as_reduce_bcast(const void *sb, void *rb, int n, MPI_Datatype t, MPI_Op op, MPI_Comm comm) {
  irr__gl g;
  int rv;
  if (!irr__gl_begin(comm, t, &g)) return MPI_Allreduce(sb, rb, n, t, op, comm);
  if (sb == MPI_IN_PLACE && g.rank != 0) sb = rb;
  rv = MPI_Reduce(sb, g.rank == 0 ? rb : NULL, n, t, op, 0, comm);
  return rv != MPI_SUCCESS ? rv : MPI_Bcast(rb, n, t, 0, comm);
}
/* Equal blocks of ceil(n/p) for the block variants: the data padded to p of them. */
static int irr__gl_blocks(const irr__gl *g, int n) { return n <= 0 ? 0 : (n + g->p - 1) / g->p; }
/* GL6: Reduce_scatter_block on the padded vector, then Allgather. Scratch (n + c)/p + (n + c). */
IRR_DEF int IRR_Allreduce_as_reducescatterblock_allgather(const void *sb, void *rb, int n, MPI_Datatype t, MPI_Op op,
                                                          MPI_Comm comm) {
  irr__gl g;
  int k, rv;
  size_t all, blk;
  char *s;
  if (!irr__gl_begin(comm, t, &g) || !g.contig || !irr__gl_commutative(op) || n <= 0 ||
      (int64_t)(k = irr__gl_blocks(&g, n)) * g.p > INT_MAX)
    return MPI_Allreduce(sb, rb, n, t, op, comm);
  blk = (size_t)k * (size_t)g.size, all = blk * (size_t)g.p;
  if (!(s = irr__gl_scratch(comm, all + blk))) return MPI_Allreduce(sb, rb, n, t, op, comm);
  memcpy(s, sb == MPI_IN_PLACE ? rb : sb, (size_t)n * (size_t)g.size);
  memset(s + (size_t)n * (size_t)g.size, 0, all - (size_t)n * (size_t)g.size);
  if ((rv = MPI_Reduce_scatter_block(s, s + all, k, t, op, comm)) != MPI_SUCCESS) return rv;
  if ((rv = MPI_Allgather(s + all, k, t, s, k, t, comm)) != MPI_SUCCESS) return rv;
  memcpy(rb, s, (size_t)n * (size_t)g.size);
  return MPI_SUCCESS;
}
/* Consecutive pieces of n elements for Reduce_scatter: chunks of C elements (C: at least 64
   bytes), as evenly as whole chunks allow. */
static void irr__gl_pieces(const irr__gl *g, int n, int *cnt, int *dsp) {
  int64_t C = g->size > 0 && g->size < 64 ? (64 + g->size - 1) / g->size : 1, nch = (n + C - 1) / C;
  int i;
  for (i = 0; i < g->p; i++) {
    int64_t a = nch * i / g->p * C, b = nch * (i + 1) / g->p * C;
    if (a > n) a = n;
    if (b > n) b = n;
    dsp[i] = (int)a, cnt[i] = (int)(b - a);
  }
}
/* GL7: Reduce_scatter into the receive buffer, then Allgatherv in place. Scratch 2p ints. */
IRR_DEF int IRR_Allreduce_as_reducescatter_allgatherv(const void *sb, void *rb, int n, MPI_Datatype t, MPI_Op op,
                                                      MPI_Comm comm) {
  irr__gl g;
  int *c, rv;
  if (!irr__gl_begin(comm, t, &g) || !irr__gl_commutative(op) || (sb == MPI_IN_PLACE && !g.contig) ||
      !(c = (int *)(void *)irr__gl_scratch(comm, 2 * (size_t)g.p * sizeof(int))))
    return MPI_Allreduce(sb, rb, n, t, op, comm);
  irr__gl_pieces(&g, n, c, c + g.p);
  if (sb == MPI_IN_PLACE) { /* the result lands at the start: move it to its place */
    if ((rv = MPI_Reduce_scatter(MPI_IN_PLACE, rb, c, t, op, comm)) != MPI_SUCCESS) return rv;
    memmove(IRR__AT(rb, (MPI_Aint)c[g.p + g.rank] * g.ext), rb, (size_t)c[g.rank] * (size_t)g.size);
  } else if ((rv = MPI_Reduce_scatter(sb, IRR__AT(rb, (MPI_Aint)c[g.p + g.rank] * g.ext), c, t, op, comm)) != MPI_SUCCESS) {
    return rv;
  }
  return MPI_Allgatherv(MPI_IN_PLACE, 0, t, rb, c, c + g.p, t, comm);
}

/* ---- MPI_Alltoall ---- */
/* GL8: Alltoallv with equal counts. Scratch 4p ints. Int limit as GL1. */
IRR_DEF int IRR_Alltoall_as_alltoallv(const void *sb, int sc, MPI_Datatype st, void *rb, int rc, MPI_Datatype rt,
                                      MPI_Comm comm) {
  irr__gl g;
  int *c;
  int64_t nb = irr__gl_sig(rc, rt);
  if (!irr__gl_begin(comm, rt, &g) || nb < 0 || nb * g.p > INT_MAX ||
      !(c = (int *)(void *)irr__gl_scratch(comm, 4 * (size_t)g.p * sizeof(int))))
    return MPI_Alltoall(sb, sc, st, rb, rc, rt, comm);
  if (nb == 0) sc = rc = 0, st = rt = MPI_BYTE;
  irr__gl_equal(c, g.p, sc);
  irr__gl_equal(c + 2 * g.p, g.p, rc);
  return MPI_Alltoallv(sb, c, c + g.p, st, rb, c + 2 * g.p, c + 3 * g.p, rt, comm);
}

/* ---- MPI_Bcast ---- */
/* GL9: Allgatherv in place where only the root contributes, on the bytes (every rank may use
   its own type). Scratch 2p ints + n bytes (for a rank whose type is not dense). */
IRR_DEF int IRR_Bcast_as_allgatherv(void *buf, int n, MPI_Datatype t, int root, MPI_Comm comm) {
  irr__gl g;
  int i, *c, rv;
  size_t nb, ints;
  char *s, *area;
  const char *in;
  if (!irr__gl_begin(comm, t, &g) || root < 0 || root >= g.p || (nb = (size_t)n * (size_t)g.size) > INT_MAX ||
      !(s = irr__gl_scratch(comm, (ints = (2 * (size_t)g.p * sizeof(int) + 63) / 64 * 64) + nb + 1)))
    return MPI_Bcast(buf, n, t, root, comm);
  c = (int *)(void *)s;
  for (i = 0; i < g.p; i++) c[i] = i == root ? (int)nb : 0, c[g.p + i] = 0;
  area = irr__gl_direct(buf, t);
  if (!area) area = s + ints;
  if (g.rank == root) {
    if ((rv = irr__gl_get(buf, 0, n, t, area, &in)) != MPI_SUCCESS) return rv;
  }
  if ((rv = MPI_Allgatherv(MPI_IN_PLACE, 0, MPI_BYTE, area, c, c + g.p, MPI_BYTE, comm)) != MPI_SUCCESS) return rv;
  return g.rank == root ? MPI_SUCCESS : irr__gl_put(area, buf, 0, n, t);
}
/* GL10: van de Geijn on the bytes: Scatter of p blocks of ceil(bytes/p), then Allgather.
   Scratch p k + k bytes (k = ceil(bytes / p)); the root's data is packed into it. */
IRR_DEF int IRR_Bcast_as_scatter_allgather(void *buf, int n, MPI_Datatype t, int root, MPI_Comm comm) {
  irr__gl g;
  int rv;
  size_t nb, k, all;
  char *s;
  const char *in;
  if (!irr__gl_begin(comm, t, &g) || root < 0 || root >= g.p || n < 0 ||
      (k = ((nb = (size_t)n * (size_t)g.size) + (size_t)g.p - 1) / (size_t)g.p) * (size_t)g.p > INT_MAX ||
      !(s = irr__gl_scratch(comm, (all = k * (size_t)g.p) + k + 1)))
    return MPI_Bcast(buf, n, t, root, comm);
  if (g.rank == root) {
    if ((rv = irr__gl_get(buf, 0, n, t, s, &in)) != MPI_SUCCESS) return rv;
    if (in != s && nb) memcpy(s, in, nb);
    memset(s + nb, 0, all - nb);
  }
  if ((rv = MPI_Scatter(s, (int)k, MPI_BYTE, s + all, (int)k, MPI_BYTE, root, comm)) != MPI_SUCCESS) return rv;
  if ((rv = MPI_Allgather(s + all, (int)k, MPI_BYTE, s, (int)k, MPI_BYTE, comm)) != MPI_SUCCESS) return rv;
  return g.rank == root ? MPI_SUCCESS : irr__gl_put(s, buf, 0, n, t);
}

/* ---- MPI_Gather ---- */
/* GL11: Allgather on the bytes; the other ranks receive into scratch. Scratch p n + n (the
   root's own block when in place, or packing), charged on every rank. */
IRR_DEF int IRR_Gather_as_allgather(const void *sb, int sc, MPI_Datatype st, void *rb, int rc, MPI_Datatype rt, int root,
                                    MPI_Comm comm) {
  irr__gl g;
  char *s, *area;
  const char *own;
  size_t n;
  int rv, isroot;
  if (!irr__gl_begin(comm, MPI_DATATYPE_NULL, &g) || root < 0 || root >= g.p) return MPI_Gather(sb, sc, st, rb, rc, rt, root, comm);
  isroot = g.rank == root;
  if (!irr__gl_begin(comm, isroot ? rt : st, &g) || (n = (size_t)(isroot ? rc : sc) * (size_t)g.size) * (size_t)g.p > INT_MAX ||
      !(s = irr__gl_scratch(comm, n * (size_t)(g.p + 1) + 1)))
    return MPI_Gather(sb, sc, st, rb, rc, rt, root, comm);
  if (isroot && sb == MPI_IN_PLACE) { /* the own block is in rb: send it from scratch (no aliasing) */
    if ((rv = irr__gl_get(rb, (int64_t)root * rc, rc, rt, s, &own)) != MPI_SUCCESS) return rv;
    if (own != s) memcpy(s, own, n);
    own = s;
  } else if ((rv = irr__gl_get(sb, 0, sc, st, s, &own)) != MPI_SUCCESS) {
    return rv;
  }
  area = isroot ? irr__gl_direct(rb, rt) : NULL;
  if (!area) area = s + n;
  if ((rv = MPI_Allgather(own, (int)n, MPI_BYTE, area, (int)n, MPI_BYTE, comm)) != MPI_SUCCESS) return rv;
  return isroot ? irr__gl_put(area, rb, 0, (int64_t)g.p * rc, rt) : MPI_SUCCESS;
}
/* GL12: Gatherv with equal counts. Scratch 2p ints (root). Int limit as GL1. */
IRR_DEF int IRR_Gather_as_gatherv(const void *sb, int sc, MPI_Datatype st, void *rb, int rc, MPI_Datatype rt, int root,
                                  MPI_Comm comm) {
  irr__gl g;
  int *c = NULL;
  int64_t nb = 0;
  if (!irr__gl_begin(comm, MPI_DATATYPE_NULL, &g) || root < 0 || root >= g.p ||
      (nb = g.rank == root ? irr__gl_sig(rc, rt) : irr__gl_sig(sc, st)) < 0 || nb * g.p > INT_MAX ||
      !irr__gl_fits(comm, 2 * (size_t)g.p * sizeof(int)) ||
      (g.rank == root && !(c = (int *)(void *)irr__gl_scratch(comm, 2 * (size_t)g.p * sizeof(int)))))
    return MPI_Gather(sb, sc, st, rb, rc, rt, root, comm);
  if (nb == 0) sc = rc = 0, st = rt = MPI_BYTE;
  if (c) irr__gl_equal(c, g.p, rc);
  return MPI_Gatherv(sb, sc, st, rb, c, c ? c + g.p : NULL, rt, root, comm);
}
/* GL13: each block at its place in p n zeros, bitwise-or Reduce. Scratch p n, + p n where
   the root's receive type is not dense (charged on every rank). */
IRR_DEF int IRR_Gather_as_reduce(const void *sb, int sc, MPI_Datatype st, void *rb, int rc, MPI_Datatype rt, int root,
                                 MPI_Comm comm) {
  irr__gl g;
  size_t n;
  char *s, *area = NULL;
  const char *own;
  int ip = sb == MPI_IN_PLACE, rv, isroot;
  if (!irr__gl_begin(comm, MPI_DATATYPE_NULL, &g) || root < 0 || root >= g.p) return MPI_Gather(sb, sc, st, rb, rc, rt, root, comm);
  isroot = g.rank == root;
  if ((ip && !isroot) || !irr__gl_begin(comm, isroot ? rt : st, &g) ||
      (n = (size_t)(isroot ? rc : sc) * (size_t)g.size) * (size_t)g.p > INT_MAX / 2 ||
      !(s = irr__gl_scratch(comm, 2 * n * (size_t)g.p + 1)))
    return MPI_Gather(sb, sc, st, rb, rc, rt, root, comm);
  memset(s, 0, n * (size_t)g.p);
  rv = ip ? irr__gl_get(rb, (int64_t)root * rc, rc, rt, s + n * (size_t)g.rank, &own)
          : irr__gl_get(sb, 0, sc, st, s + n * (size_t)g.rank, &own);
  if (rv != MPI_SUCCESS) return rv;
  if (own != s + n * (size_t)g.rank) memcpy(s + n * (size_t)g.rank, own, n);
  if (isroot && !(area = irr__gl_direct(rb, rt))) area = s + n * (size_t)g.p;
  if ((rv = MPI_Reduce(s, area, (int)(n * (size_t)g.p), MPI_BYTE, MPI_BOR, root, comm)) != MPI_SUCCESS) return rv;
  return isroot ? irr__gl_put(area, rb, 0, (int64_t)g.p * rc, rt) : MPI_SUCCESS;
}

/* ---- MPI_Reduce ---- */
/* GL14: Allreduce; the other ranks receive into scratch. Scratch n (not at the root; at a
   root passing MPI_IN_PLACE its data, since Allreduce takes MPI_IN_PLACE at all ranks or none). */
IRR_DEF int IRR_Reduce_as_allreduce(const void *sb, void *rb, int n, MPI_Datatype t, MPI_Op op, int root, MPI_Comm comm) {
  irr__gl g;
  char *s = NULL;
  int rv, isroot;
  if (!irr__gl_begin(comm, t, &g) || root < 0 || root >= g.p || !irr__gl_fits(comm, irr__gl_span(&g, n)))
    return MPI_Reduce(sb, rb, n, t, op, root, comm);
  isroot = g.rank == root;
  if ((!isroot || sb == MPI_IN_PLACE) && !(s = irr__gl_scratch(comm, irr__gl_span(&g, n)))) return MPI_ERR_INTERN;
  if (isroot && sb == MPI_IN_PLACE) {
    if ((rv = irr__gl_copy(rb, s, n, t)) != MPI_SUCCESS) return rv;
    sb = s;
  }
  return MPI_Allreduce(sb, isroot ? rb : s, n, t, op, comm);
}
/* GL15: Reduce_scatter_block on the padded vector, then Gather. Scratch (n + c)/p + (n + c). */
IRR_DEF int IRR_Reduce_as_reducescatterblock_gather(const void *sb, void *rb, int n, MPI_Datatype t, MPI_Op op, int root,
                                                    MPI_Comm comm) {
  irr__gl g;
  int k, rv;
  size_t all, blk;
  char *s;
  if (!irr__gl_begin(comm, t, &g) || !g.contig || !irr__gl_commutative(op) || root < 0 || root >= g.p || n <= 0 ||
      (int64_t)(k = irr__gl_blocks(&g, n)) * g.p > INT_MAX)
    return MPI_Reduce(sb, rb, n, t, op, root, comm);
  blk = (size_t)k * (size_t)g.size, all = blk * (size_t)g.p;
  if (!(s = irr__gl_scratch(comm, all + blk))) return MPI_Reduce(sb, rb, n, t, op, root, comm);
  memcpy(s, sb == MPI_IN_PLACE ? rb : sb, (size_t)n * (size_t)g.size);
  memset(s + (size_t)n * (size_t)g.size, 0, all - (size_t)n * (size_t)g.size);
  if ((rv = MPI_Reduce_scatter_block(s, s + all, k, t, op, comm)) != MPI_SUCCESS) return rv;
  if ((rv = MPI_Gather(s + all, k, t, s, k, t, root, comm)) != MPI_SUCCESS) return rv;
  if (g.rank == root) memcpy(rb, s, (size_t)n * (size_t)g.size);
  return MPI_SUCCESS;
}
/* GL16: Reduce_scatter into pieces, then Gatherv to the root. Scratch one piece + 2p ints. */
IRR_DEF int IRR_Reduce_as_reducescatter_gatherv(const void *sb, void *rb, int n, MPI_Datatype t, MPI_Op op, int root,
                                                MPI_Comm comm) {
  irr__gl g;
  int *c, rv;
  char *s, *piece;
  size_t ints;
  if (!irr__gl_begin(comm, t, &g) || !g.contig || !irr__gl_commutative(op) || root < 0 || root >= g.p || n < 0)
    return MPI_Reduce(sb, rb, n, t, op, root, comm);
  ints = (2 * (size_t)g.p * sizeof(int) + 63) / 64 * 64;
  if (!(s = irr__gl_scratch(comm, ints + 2 * (size_t)n * (size_t)g.size + 64))) return MPI_Reduce(sb, rb, n, t, op, root, comm);
  c = (int *)(void *)s;
  irr__gl_pieces(&g, n, c, c + g.p);
  piece = s + ints;
  if (sb == MPI_IN_PLACE) { /* only the root may pass it: its data is in rb (all ranks asked for 2n) */
    memcpy(piece, rb, (size_t)n * (size_t)g.size);
    sb = piece, piece = piece + (size_t)n * (size_t)g.size;
  }
  if ((rv = MPI_Reduce_scatter(sb, piece, c, t, op, comm)) != MPI_SUCCESS) return rv;
  return MPI_Gatherv(piece, c[g.rank], t, rb, c, c + g.p, t, root, comm);
}

/* ---- MPI_Reduce_scatter_block ---- */
/* GL17: Reduce to 0, then Scatter. Scratch p n at rank 0. */
IRR_DEF int IRR_Reduce_scatter_block_as_reduce_scatter(const void *sb, void *rb, int rc, MPI_Datatype t, MPI_Op op,
                                                       MPI_Comm comm) {
  irr__gl g;
  char *s = NULL;
  int rv;
  if (!irr__gl_begin(comm, t, &g) || !irr__gl_commutative(op) || (int64_t)g.p * rc > INT_MAX ||
      !irr__gl_fits(comm, irr__gl_span(&g, (int64_t)g.p * rc)) ||
      (g.rank == 0 && !(s = irr__gl_scratch(comm, irr__gl_span(&g, (int64_t)g.p * rc)))))
    return MPI_Reduce_scatter_block(sb, rb, rc, t, op, comm);
  if (sb == MPI_IN_PLACE) sb = rb; /* the whole vector is in rb; the result overwrites it */
  rv = MPI_Reduce(sb, s, g.p * rc, t, op, 0, comm);
  return rv != MPI_SUCCESS ? rv : MPI_Scatter(s, rc, t, rb, rc, t, 0, comm);
}
/* GL18: Reduce_scatter with equal counts. Scratch p ints. */
IRR_DEF int IRR_Reduce_scatter_block_as_reducescatter(const void *sb, void *rb, int rc, MPI_Datatype t, MPI_Op op,
                                                      MPI_Comm comm) {
  irr__gl g;
  int i, *c;
  if (!irr__gl_begin(comm, t, &g) || !(c = (int *)(void *)irr__gl_scratch(comm, (size_t)g.p * sizeof(int))))
    return MPI_Reduce_scatter_block(sb, rb, rc, t, op, comm);
  for (i = 0; i < g.p; i++) c[i] = rc;
  return MPI_Reduce_scatter(sb, rb, c, t, op, comm);
}
/* GL19: Allreduce of the whole vector, keep the own block. Scratch p n. */
IRR_DEF int IRR_Reduce_scatter_block_as_allreduce(const void *sb, void *rb, int rc, MPI_Datatype t, MPI_Op op,
                                                  MPI_Comm comm) {
  irr__gl g;
  char *s;
  int rv;
  if (!irr__gl_begin(comm, t, &g) || (int64_t)g.p * rc > INT_MAX ||
      !(s = irr__gl_scratch(comm, irr__gl_span(&g, (int64_t)g.p * rc))))
    return MPI_Reduce_scatter_block(sb, rb, rc, t, op, comm);
  if ((rv = MPI_Allreduce(sb == MPI_IN_PLACE ? rb : sb, s, g.p * rc, t, op, comm)) != MPI_SUCCESS) return rv;
  return irr__gl_copy(s + (MPI_Aint)g.rank * rc * g.ext, rb, rc, t);
}

/* ---- MPI_Scan ---- */
/* GL20: Exscan, then the own value on top with Reduce_local (rank 0: the own value). Scratch n. */
IRR_DEF int IRR_Scan_as_exscan_reducelocal(const void *sb, void *rb, int n, MPI_Datatype t, MPI_Op op, MPI_Comm comm) {
  irr__gl g;
  char *s;
  int rv;
  if (!irr__gl_begin(comm, t, &g) || !(s = irr__gl_scratch(comm, irr__gl_span(&g, n)))) return MPI_Scan(sb, rb, n, t, op, comm);
  /* s: my own value (prefix op own needs the own one on the right: inoutbuf = in op inout) */
  if ((rv = irr__gl_copy(sb == MPI_IN_PLACE ? rb : sb, s, n, t)) != MPI_SUCCESS) return rv;
  if ((rv = MPI_Exscan(s, rb, n, t, op, comm)) != MPI_SUCCESS) return rv;
  if (g.rank > 0 && (rv = MPI_Reduce_local(rb, s, n, t, op)) != MPI_SUCCESS) return rv;
  return irr__gl_copy(s, rb, n, t);
}

/* ---- MPI_Scatter ---- */
/* GL21: Bcast everything as bytes, keep the own block. Scratch p n, charged on every rank
   (the root packs into it where its type is not dense). */
IRR_DEF int IRR_Scatter_as_bcast(const void *sb, int sc, MPI_Datatype st, void *rb, int rc, MPI_Datatype rt, int root,
                                 MPI_Comm comm) {
  irr__gl g;
  char *s;
  const char *all;
  size_t n;
  int rv, isroot;
  if (!irr__gl_begin(comm, MPI_DATATYPE_NULL, &g) || root < 0 || root >= g.p) return MPI_Scatter(sb, sc, st, rb, rc, rt, root, comm);
  isroot = g.rank == root;
  if (!irr__gl_begin(comm, isroot ? st : rt, &g) || (n = (size_t)(isroot ? sc : rc) * (size_t)g.size) * (size_t)g.p > INT_MAX ||
      !(s = irr__gl_scratch(comm, n * (size_t)g.p + 1)))
    return MPI_Scatter(sb, sc, st, rb, rc, rt, root, comm);
  if (isroot) {
    if ((rv = irr__gl_get(sb, 0, (int64_t)g.p * sc, st, s, &all)) != MPI_SUCCESS) return rv;
    if ((rv = MPI_Bcast((void *)(uintptr_t)all, (int)(n * (size_t)g.p), MPI_BYTE, root, comm)) != MPI_SUCCESS) return rv;
    if (rb == MPI_IN_PLACE) return MPI_SUCCESS;
    return MPI_Sendrecv(irr__at(irr__base(sb), (MPI_Aint)root * sc * g.ext), sc, st, 0, 0, rb, rc, rt, 0, 0, MPI_COMM_SELF,
                        MPI_STATUS_IGNORE);
  }
  if ((rv = MPI_Bcast(s, (int)(n * (size_t)g.p), MPI_BYTE, root, comm)) != MPI_SUCCESS) return rv;
  return irr__gl_put(s + n * (size_t)g.rank, rb, 0, rc, rt);
}
/* GL22: Scatterv with equal counts. Scratch 2p ints (root). Int limit as GL1. */
IRR_DEF int IRR_Scatter_as_scatterv(const void *sb, int sc, MPI_Datatype st, void *rb, int rc, MPI_Datatype rt, int root,
                                    MPI_Comm comm) {
  irr__gl g;
  int *c = NULL;
  int64_t nb = 0;
  if (!irr__gl_begin(comm, MPI_DATATYPE_NULL, &g) || root < 0 || root >= g.p ||
      (nb = g.rank == root ? irr__gl_sig(sc, st) : irr__gl_sig(rc, rt)) < 0 || nb * g.p > INT_MAX ||
      !irr__gl_fits(comm, 2 * (size_t)g.p * sizeof(int)) ||
      (g.rank == root && !(c = (int *)(void *)irr__gl_scratch(comm, 2 * (size_t)g.p * sizeof(int)))))
    return MPI_Scatter(sb, sc, st, rb, rc, rt, root, comm);
  if (nb == 0) sc = rc = 0, st = rt = MPI_BYTE;
  if (c) irr__gl_equal(c, g.p, sc);
  return MPI_Scatterv(sb, c, c ? c + g.p : NULL, st, rb, rc, rt, root, comm);
}
