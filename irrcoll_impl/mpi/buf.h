/* MPI layer: datatype views of user buffers. A buffer is a "v" buffer (every block at its
   displacement) or one block; non-contiguous types are staged (packed before, unpacked
   after) so the executor only ever sees bytes. */

typedef struct irr__dt {
  MPI_Datatype type;
  int64_t size;          /* bytes of data per element */
  MPI_Aint extent, true_lb, true_extent;
  int contig;            /* elements are dense bytes: addressable directly */
} irr__dt;

static int irr__dt_info(MPI_Datatype t, irr__dt *d) {
  MPI_Count size;
  MPI_Aint lb, tlb, text;
  int rc;
  d->type = t;
  if (t == MPI_DATATYPE_NULL) return MPI_ERR_TYPE;
  if ((rc = MPI_Type_size_x(t, &size)) != MPI_SUCCESS) return rc;
  if ((rc = MPI_Type_get_extent(t, &lb, &d->extent)) != MPI_SUCCESS) return rc;
  if ((rc = MPI_Type_get_true_extent(t, &tlb, &text)) != MPI_SUCCESS) return rc;
  if (size < 0) return MPI_ERR_TYPE;
  d->size = (int64_t)size;
  d->true_lb = tlb;
  d->true_extent = text;
  d->contig = (int64_t)text == d->size && (int64_t)d->extent == d->size;
  return MPI_SUCCESS;
}

/* A user buffer as the executor sees it: every block at its displacement ("v" layout, the
   root of Gatherv/Scatterv) or the rank's own block. Non-contiguous types are staged: packed
   into `stage` (blocks in rank order) before, unpacked after. */
typedef struct irr__buf {
  char *base;              /* user buffer */
  irr__dt dt;
  int v;                   /* 1: v layout */
  int own;                 /* single layout: the rank */
  int64_t count;           /* single layout: elements */
  int64_t pad;             /* single layout: zero bytes after them (Allgatherv: a sender short of
                              its receive count forwards its block at the receive count's size) */
  const int64_t *counts, *displs; /* v: per block, elements (the root's, widened) */
  int p;
  char *stage;             /* packed copy (non-contiguous types) */
  int64_t *start;          /* v & staged: byte offset of block i in stage (p+1 entries) */
  unsigned char *wrote;    /* v: blocks written (staged buffers unpack only those) */
  int discard;             /* bad arguments: receive nothing into it, send nothing real */
  int a2a;                 /* Alltoallv's p*p labels (algo/alltoallv/): 1 the send buffer (the row of
                              rank own, by destination), 2 the receive buffer (its column, by source) */
} irr__buf;

/* Bytes of block i in the buffer; a single-block buffer holds only its own block (the
   schedule may name a range around it whose other blocks are empty). */
/* base + off without pointer arithmetic on NULL: MPI_BOTTOM is NULL in MPICH, and is a
   valid buffer for datatypes with absolute addresses */
static char *irr__at(const void *base, MPI_Aint off) { return (char *)((uintptr_t)base + (uintptr_t)off); }

static int64_t irr__idx_bytes(const irr__buf *b, int i) {
  if (!b->v) return i == b->own ? b->count * b->dt.size + b->pad : 0;
  return b->counts[i] * b->dt.size;
}
/* Label i's block index in the buffer (its counts and displacements), -1 if the buffer does
   not hold it: the identity but for Alltoallv (label d*p + o is block s -> d, s = d - o). */
static int irr__blk_index(const irr__buf *b, int i) {
  int d, o;
  if (!b->a2a) return i;
  d = i / b->p, o = i % b->p;
  if (b->a2a == 1) return (d - o + b->p) % b->p == b->own ? d : -1;
  return d == b->own ? (b->own - o + b->p) % b->p : -1;
}
static int64_t irr__blk_bytes(const irr__buf *b, int i) {
  if ((i = irr__blk_index(b, i)) < 0) return 0;
  return irr__idx_bytes(b, i);
}

static char *irr__blk_addr(const irr__buf *b, int i) {
  i = irr__blk_index(b, i);
  if (!b->v) return b->stage ? b->stage : irr__at(b->base, b->dt.true_lb);
  if (b->stage) return b->stage + b->start[i];
  return irr__at(b->base, b->dt.true_lb + (MPI_Aint)b->displs[i] * b->dt.extent);
}

/* element-wise pack/unpack in pieces that fit MPI's int counts. MPI_Pack/MPI_Unpack reject
   the NULL that MPI_BOTTOM is (MPICH 4.0.2): there a Sendrecv on MPI_COMM_SELF with
   MPI_PACKED at the other end (which matches any type) moves the piece instead. */
static int irr__pack(int unpack, char *user, int64_t count, const irr__dt *dt, char *packed,
                     MPI_Comm comm) {
  int64_t per = dt->size > 0 ? (INT_MAX / 2) / dt->size : count, done = 0;
  if (per < 1) per = 1;
  while (done < count) {
    int n = (int)(count - done < per ? count - done : per), pos = 0, rc;
    char *u = irr__at(user, (MPI_Aint)done * dt->extent);
    if (!u) {
      int nb = (int)(n * dt->size);
      if (unpack) rc = MPI_Sendrecv(packed, nb, MPI_PACKED, 0, 0, MPI_BOTTOM, n, dt->type, 0, 0, MPI_COMM_SELF, MPI_STATUS_IGNORE);
      else rc = MPI_Sendrecv(MPI_BOTTOM, n, dt->type, 0, 0, packed, nb, MPI_PACKED, 0, 0, MPI_COMM_SELF, MPI_STATUS_IGNORE);
      pos = nb;
    } else if (unpack) rc = MPI_Unpack(packed, (int)(n * dt->size), &pos, u, n, dt->type, comm);
    else rc = MPI_Pack(u, n, dt->type, packed, (int)(n * dt->size), &pos, comm);
    if (rc != MPI_SUCCESS) return rc;
    if ((int64_t)pos != n * dt->size) return MPI_ERR_INTERN; /* not a homogeneous system */
    packed += pos;
    done += n;
  }
  return MPI_SUCCESS;
}

/* Stage a non-contiguous buffer: allocate and, if it is read, pack it. */
static int irr__buf_stage(irr__buf *b, int read, MPI_Comm comm) {
  int64_t total = 0;
  int i, nb = b->v ? b->p : 1, rc;
  if ((b->dt.contig && !b->pad) || b->discard) return MPI_SUCCESS;
  if (b->v) {
    b->start = (int64_t *)IRRCOLL_MALLOC(((size_t)b->p + 1) * sizeof(int64_t));
    if (!b->start) return MPI_ERR_NO_MEM;
    for (i = 0; i < b->p; i++) {
      b->start[i] = total;
      total += irr__idx_bytes(b, i);
    }
    b->start[b->p] = total;
  } else {
    total = irr__idx_bytes(b, b->own);
  }
  b->stage = (char *)IRRCOLL_MALLOC((size_t)(total > 0 ? total : 1));
  if (!b->stage) return MPI_ERR_NO_MEM;
  if (read)
    for (i = 0; i < nb; i++) {
      char *u = irr__at(b->base, b->v ? (MPI_Aint)b->displs[i] * b->dt.extent : 0);
      int64_t cnt = b->v ? b->counts[i] : b->count;
      rc = irr__pack(0, u, cnt, &b->dt, b->stage + (b->v ? b->start[i] : 0), comm);
      if (rc != MPI_SUCCESS) return rc;
    }
  if (!b->v && b->pad > 0) memset(b->stage + b->count * b->dt.size, 0, (size_t)b->pad);
  return MPI_SUCCESS;
}

/* Unpack the blocks the schedule wrote, then free the staging. */
static int irr__buf_unstage(irr__buf *b, int write, MPI_Comm comm) {
  int rc = MPI_SUCCESS, i;
  if (b->stage && write)
    for (i = 0; i < (b->v ? b->p : 1) && rc == MPI_SUCCESS; i++) {
      if (b->v && !(b->wrote && b->wrote[i])) continue;
      rc = irr__pack(1, irr__at(b->base, b->v ? (MPI_Aint)b->displs[i] * b->dt.extent : 0),
                     b->v ? b->counts[i] : b->count, &b->dt, b->stage + (b->v ? b->start[i] : 0), comm);
    }
  if (b->stage) IRRCOLL_FREE(b->stage);
  if (b->start) IRRCOLL_FREE(b->start);
  b->stage = NULL;
  b->start = NULL;
  return rc;
}
