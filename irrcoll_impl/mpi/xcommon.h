/* The X entry points' common pieces: v-collectives whose receive sizes are unknown (algo/xv/ has
   the plans, api/decl.h the contracts). With known sizes each one is its known-size operation
   after the consecutive displacements are filled in and the bound is checked. Every count,
   displacement and bound is int64 inside; the int entry points and their MPI-4 `_c` variants
   are thin wrappers over one body each, reading and writing the user's arrays through
   irr__xarr. */

/* A user's array of counts or displacements, read (and, for the outputs, written) through
   irr__xget / irr__xset: int (the MPI-3 entry points), MPI_Count (counts) or MPI_Aint
   (displacements) of the `_c` ones; at most one pointer is set (none: no array). The markers
   IRR_SIZE_UNKNOWN / IRR_DISPL_CONSECUTIVE read the same from all three. */
typedef struct irr__xarr {
  int *i;
  MPI_Count *c;
  MPI_Aint *a;
} irr__xarr;

/* the constructors: const arrays (inputs only) are never written through */
static irr__xarr irr__xarr_i(const int *p) {
  irr__xarr x = {(int *)(uintptr_t)p, NULL, NULL};
  return x;
}
#if MPI_VERSION >= 4 /* the `_c` entry points' */
static irr__xarr irr__xarr_c(const MPI_Count *p) {
  irr__xarr x = {NULL, (MPI_Count *)(uintptr_t)p, NULL};
  return x;
}
static irr__xarr irr__xarr_a(const MPI_Aint *p) {
  irr__xarr x = {NULL, NULL, (MPI_Aint *)(uintptr_t)p};
  return x;
}
#endif
static int irr__xnull(irr__xarr x) { return !x.i && !x.c && !x.a; }
static int64_t irr__xget(irr__xarr x, int k) { return x.i ? (int64_t)x.i[k] : x.c ? (int64_t)x.c[k] : (int64_t)x.a[k]; }
/* Can x hold v? (an int array: only int values) */
static int irr__xfits(irr__xarr x, int64_t v) { return !x.i || (v >= INT_MIN && v <= INT_MAX); }
/* x[k] = v; MPI_ERR_COUNT where an int array cannot hold v: INT_MAX is stored, never a
   wrapped value. */
static int irr__xset(irr__xarr x, int k, int64_t v) {
  if (x.i) x.i[k] = v > INT_MAX ? INT_MAX : v < INT_MIN ? INT_MIN : (int)v;
  else if (x.c) x.c[k] = (MPI_Count)v;
  else x.a[k] = (MPI_Aint)v;
  return irr__xfits(x, v) ? MPI_SUCCESS : MPI_ERR_COUNT;
}
/* counts and displacements as irr__widen and the known-size operations take them */
static irr__counts irr__xcounts(irr__xarr cnt, irr__xarr dsp) {
  irr__counts c = {cnt.i, dsp.i, cnt.c, dsp.a, 0, 0};
  return c;
}

/* The receive bound in bytes; -1 if it overflows. */
static int64_t irr__xbound(int64_t bound, int64_t esize) {
  int64_t b;
  return bound >= 0 && irr__mul_ok(bound, esize, &b) ? b : -1;
}

/* Place n blocks given as bytes into the user's layout (displacements in elements of dt):
   block i is bytes[i] at src + off[i]. Contiguous types by memcpy, others unpacked. */
static int irr__xplace(char *base, const irr__dt *dt, int n, const int64_t *bytes, const int64_t *off,
                       const int64_t *displs, const char *src, MPI_Comm comm) {
  int i, rc;
  for (i = 0; i < n; i++) {
    if (bytes[i] <= 0) continue;
    if (dt->contig) {
      memcpy(irr__at(base, dt->true_lb + (MPI_Aint)displs[i] * dt->extent), src + off[i], (size_t)bytes[i]);
    } else {
      rc = irr__pack(1, irr__at(base, (MPI_Aint)displs[i] * dt->extent), bytes[i] / dt->size, dt,
                     (char *)(uintptr_t)(src + off[i]), comm);
      if (rc != MPI_SUCCESS) return rc;
    }
  }
  return MPI_SUCCESS;
}

/* From the byte sizes of n blocks: their counts in elements of esize bytes and their
   displacements (consecutive, or the user's), checked against the bound (elements).
   Returns MPI_ERR_TYPE if a size is not a whole number of elements, MPI_ERR_TRUNCATE if a
   block would leave the buffer [0, bound); counts and consecutive displacements are filled
   in either way (so a caller can size a buffer and retry). */
static int irr__xlayout(int n, const int64_t *bytes, int64_t esize, int consecutive, irr__xarr udispls,
                        int64_t bound, int64_t *cnt, int64_t *dsp) {
  int i, err = MPI_SUCCESS;
  int64_t at = 0;
  for (i = 0; i < n; i++) {
    if (esize > 0 && bytes[i] % esize == 0) cnt[i] = bytes[i] / esize;
    else {
      cnt[i] = esize > 0 ? bytes[i] / esize : 0;
      if (bytes[i] > 0) err = MPI_ERR_TYPE;
    }
    dsp[i] = consecutive ? at : irr__xget(udispls, i);
    at = irr__sat_add(at, cnt[i]);
    if (cnt[i] > 0 && (dsp[i] < 0 || irr__sat_add(dsp[i], cnt[i]) > bound) && err == MPI_SUCCESS) err = MPI_ERR_TRUNCATE;
  }
  return err;
}

/* Known counts (elements of the receive type): fill in consecutive displacements (consec),
   then check every non-empty block against [0, bound). MPI_ERR_COUNT for a negative count
   or a consecutive displacement displs cannot hold (int: past INT_MAX; nothing written
   then), else MPI_ERR_TRUNCATE for a block outside. */
static int irr__xknown(int p, irr__xarr counts, irr__xarr displs, int consec, int64_t bound) {
  int i, err = MPI_SUCCESS;
  int64_t at = 0, n, d;
  for (i = 0; i < p; i++) {
    if ((n = irr__xget(counts, i)) < 0) return MPI_ERR_COUNT;
    if (consec && (!irr__xfits(displs, at) || !irr__add_ok(at, n, &at))) return MPI_ERR_COUNT;
  }
  for (i = 0, at = 0; i < p; i++) {
    n = irr__xget(counts, i);
    if (consec) (void)irr__xset(displs, i, at);
    d = irr__xget(displs, i);
    if (n > 0 && (d < 0 || irr__sat_add(d, n) > bound)) err = MPI_ERR_TRUNCATE;
    at += n;
  }
  return err;
}

/* Return counts (and consecutive displacements) to the user's arrays; MPI_ERR_COUNT where
   an int array cannot hold one (INT_MAX is stored). */
static int irr__xreturn(int n, const int64_t *cnt, const int64_t *dsp, irr__xarr ucounts, irr__xarr udispls,
                        int consecutive) {
  int i, err = MPI_SUCCESS, e;
  for (i = 0; i < n; i++) {
    if ((e = irr__xset(ucounts, i, cnt[i])) != MPI_SUCCESS) err = e;
    if (consecutive && (e = irr__xset(udispls, i, dsp[i])) != MPI_SUCCESS) err = e;
  }
  return err;
}

/* Drain a probed message into scratch (it cannot be taken where it belongs). */
static int irr__xdrain(MPI_Comm pc, int src, int tag, int bytes) {
  char *junk = (char *)IRRCOLL_MALLOC((size_t)bytes + 1);
  int rc;
  if (!junk) return MPI_ERR_NO_MEM;
  rc = MPI_Recv(junk, bytes, MPI_BYTE, src, tag, pc, MPI_STATUS_IGNORE);
  IRRCOLL_FREE(junk);
  return rc;
}

/* IRRCOLL_CHECK=1: the root and whether the sizes are known (the first count is
   IRR_SIZE_UNKNOWN or not) decide every rank's path, so they are agreed first, by a rank
   whose own checks failed (rc) too. Returns rc, or MPI_ERR_ARG on every rank if they differ. */
static int irr__xcheck(irr__ctx *ctx, const char *call, int rank, int p, int root, int unknown, int rc) {
  int e;
  if (!ctx || !ctx->check) return rc;
  e = irr__check_agree(ctx, call, rank, p, rc == MPI_SUCCESS ? 2 * root + (unknown != 0) : -1, NULL, rc != MPI_SUCCESS);
  return rc != MPI_SUCCESS ? rc : e;
}

/* The common start of every X entry point: context, rank, size, tag; intercommunicators are
   not supported (MPI_ERR_COMM). */
static int irr__xbegin(MPI_Comm comm, irr__ctx **ctx, int *rank, int *p, int *tag) {
  int rc, inter = 0;
  if (comm == MPI_COMM_NULL) return MPI_ERR_COMM;
  if ((rc = MPI_Comm_test_inter(comm, &inter)) != MPI_SUCCESS) return rc;
  if (inter) return MPI_ERR_COMM;
  if ((rc = irr__ctx_get(comm, ctx)) != MPI_SUCCESS) return rc;
  MPI_Comm_rank(comm, rank);
  MPI_Comm_size(comm, p);
  *tag = (int)((*ctx)->seq++ % IRR__SEQ_MOD) * 2;
  return MPI_SUCCESS;
}
