/* MPI layer: the arguments every entry point shares. User buffers as address bases, and the
   one widening of counts and displacements to 64 bits, overflow-checked, that every entry
   point validates its count arrays with (int arrays of the MPI-3 signatures, MPI_Count and
   MPI_Aint ones of the MPI-4 `_c` signatures). */

/* User buffer as an address base: MPI_BOTTOM means address 0 (it is NULL in MPICH but a
   sentinel such as (void *)-111 elsewhere, e.g. SimGrid SMPI). */
#include <stdio.h> /* IRRCOLL_CHECK's report line */

static char *irr__base(const void *buf) { return buf == MPI_BOTTOM ? NULL : (char *)(uintptr_t)buf; }

/* a * b for signed a (a displacement), b >= 0, if it fits in 64 bits */
static int irr__smul_ok(int64_t a, int64_t b, int64_t *r) {
  int64_t x;
  if (a >= 0) return irr__mul_ok(a, b, r);
  if (a == INT64_MIN || !irr__mul_ok(-a, b, &x)) return 0;
  *r = -x;
  return 1;
}

/* A count array of p blocks, as the user gave it: one of ci (int) or cc (MPI_Count), and one
   of di (int) or dc (MPI_Aint), or no displacements at all (both NULL); or, with `regular`,
   every block `rcount` elements at displacement i * rcount (MPI_Allgather's layout). */
typedef struct irr__counts {
  const int *ci, *di;
  const MPI_Count *cc;
  const MPI_Aint *dc;
  int regular;
  int64_t rcount;
} irr__counts;

/* Widen p counts and displacements once: cnt[i], dsp[i] in elements of a type of esize bytes
   and extent `extent`, bytes[i] = cnt[i] * esize (any of the three may be NULL). Returns
   MPI_ERR_ARG when the arrays are missing, MPI_ERR_COUNT for a negative count, or for a byte
   count, the total of the bytes, or a nonempty block's byte offset (dsp * extent) that does
   not fit in 64 bits; *total gets the total of the bytes. */
static int irr__widen_on(int p, const irr__counts *c, int64_t esize, MPI_Aint extent, int64_t *cnt, int64_t *dsp,
                         int64_t *bytes, int64_t *total, int lax) {
  int64_t t = 0, n, d, b, o;
  int i, err = MPI_SUCCESS;
  if (!c->regular && ((!c->ci && !c->cc) || ((c->di || c->dc) == 0 && dsp))) {
    if (!lax) return MPI_ERR_ARG;
    for (i = 0; i < p; i++) {
      if (cnt) cnt[i] = 0;
      if (dsp) dsp[i] = 0;
      if (bytes) bytes[i] = 0;
    }
    if (total) *total = 0;
    return MPI_ERR_ARG;
  }
  for (i = 0; i < p; i++) {
    n = c->regular ? c->rcount : c->ci ? (int64_t)c->ci[i] : (int64_t)c->cc[i];
    if (!c->regular) d = c->di ? (int64_t)c->di[i] : c->dc ? (int64_t)c->dc[i] : 0;
    else if (!irr__mul_ok(i, c->rcount, &d)) { /* i * rcount past 2^63: fine for a 0-extent type */
      if (c->rcount > 0 && extent > 0) return MPI_ERR_COUNT;
      d = 0;
    }
    if (n < 0 || !irr__mul_ok(n, esize, &b) || !irr__add_ok(t, b, &t) ||
        (n > 0 && (!irr__smul_ok(d, extent > 0 ? (int64_t)extent : 0, &o) || !irr__mul_ok(n, extent > 0 ? extent : 0, &o)))) {
      if (!lax) return MPI_ERR_COUNT;
      if (err == MPI_SUCCESS) err = MPI_ERR_COUNT;
      n = d = b = 0;
    }
    if (cnt) cnt[i] = n;
    if (dsp) dsp[i] = d;
    if (bytes) bytes[i] = b;
  }
  if (total) *total = t;
  return err;
}
static int irr__widen(int p, const irr__counts *c, int64_t esize, MPI_Aint extent, int64_t *cnt, int64_t *dsp,
                      int64_t *bytes, int64_t *total) {
  return irr__widen_on(p, c, esize, extent, cnt, dsp, bytes, total, 0);
}

/* The same for a rank that must still take part when its own arrays are bad (Allgatherv:
   every rank forwards blocks): every entry widened, a bad one (negative, overflowing) as an
   empty block, missing arrays as all empty; returns the first error as irr__widen would. */
static int irr__widen_lax(int p, const irr__counts *c, int64_t esize, MPI_Aint extent, int64_t *cnt, int64_t *dsp,
                          int64_t *bytes, int64_t *total) {
  return irr__widen_on(p, c, esize, extent, cnt, dsp, bytes, total, 1);
}

/* A datatype is usable only committed; MPI has no query for it, but MPI_Pack of nothing
   checks it (MPICH: an error) and costs no more than a call. Predefined types are always
   committed (no call). comm: one whose handler returns (the private duplicate). */
static int irr__dt_committed(MPI_Datatype t, MPI_Comm comm) {
  int ni, na, nd, comb, pos = 0;
  char one;
  if (MPI_Type_get_envelope(t, &ni, &na, &nd, &comb) != MPI_SUCCESS) return MPI_ERR_TYPE;
  if (comb == MPI_COMBINER_NAMED) return MPI_SUCCESS;
#ifdef SMPI_H /* SimGrid SMPI 3.32 reports MPI_Pack's error through MPI_COMM_WORLD's handler */
  {
    MPI_Errhandler eh;
    int rc;
    if (MPI_Comm_get_errhandler(MPI_COMM_WORLD, &eh) != MPI_SUCCESS) return MPI_ERR_TYPE;
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
    rc = MPI_Pack(&one, 0, t, &one, 1, &pos, comm);
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, eh);
    MPI_Errhandler_free(&eh);
    return rc == MPI_SUCCESS ? MPI_SUCCESS : MPI_ERR_TYPE;
  }
#else
  return MPI_Pack(&one, 0, t, &one, 1, &pos, comm) == MPI_SUCCESS ? MPI_SUCCESS : MPI_ERR_TYPE;
#endif
}

/* irr__dt_info of a type the call will move data with: it must also be committed. */
static int irr__dt_usable(MPI_Datatype t, irr__dt *d, MPI_Comm comm) {
  int rc = irr__dt_info(t, d);
  return rc != MPI_SUCCESS ? rc : irr__dt_committed(t, comm);
}

/* IRRCOLL_CHECK=1 (read once per communicator context, agreed with rank 0's): before any
   data moves, every rank agrees a digest of what MPI requires to agree (the root, each
   block's bytes: the counts times the type signature's size) and a flag of local errors
   that would change this rank's program (bad counts, an unknown type size, a bad root).
   One MPI_Allreduce (MAX) of {d, -d, flag} on the private duplicate; on a mismatch a second
   one finds the lowest rank that differs and, given the blocks' bytes m, a MIN/MAX pair the
   first index that differs; rank 0 prints one line naming the call. Returns MPI_SUCCESS,
   MPI_ERR_ARG on every rank alike on a mismatch, or MPI's error. */
static uint64_t irr__digest(uint64_t h, int64_t v) {
  int i;
  for (i = 0; i < 8; i++) h = (h ^ (uint64_t)((v >> (8 * i)) & 0xff)) * 1099511628211ull;
  return h;
}
static int irr__check_agree(irr__ctx *ctx, const char *call, int rank, int p, int root, const int64_t *m, int bad) {
  int64_t v[3], w[3], *mn = NULL;
  uint64_t h = irr__digest(14695981039346656037ull, root);
  int rc, i, me, first = -1, at = -1;
  for (i = 0; m && i < p; i++) h = irr__digest(h, m[i]);
  v[0] = (int64_t)(h >> 1), v[1] = -v[0], v[2] = bad != 0;
  if ((rc = MPI_Allreduce(v, w, 3, MPI_INT64_T, MPI_MAX, ctx->pc)) != MPI_SUCCESS) return rc;
  if (w[0] == -w[1] && !w[2]) return MPI_SUCCESS;
  me = v[2] || v[0] != w[0] ? rank : INT_MAX;
  if ((rc = MPI_Allreduce(&me, &first, 1, MPI_INT, MPI_MIN, ctx->pc)) != MPI_SUCCESS) return rc;
  if (m && (mn = (int64_t *)IRRCOLL_MALLOC((size_t)p * 2 * sizeof(int64_t)))) { /* the first index that differs */
    if ((rc = MPI_Allreduce(m, mn, p, MPI_INT64_T, MPI_MIN, ctx->pc)) == MPI_SUCCESS &&
        (rc = MPI_Allreduce(m, mn + p, p, MPI_INT64_T, MPI_MAX, ctx->pc)) == MPI_SUCCESS)
      for (i = 0; i < p && at < 0; i++)
        if (mn[i] != mn[p + i]) at = i;
    IRRCOLL_FREE(mn);
    if (rc != MPI_SUCCESS) return rc;
  }
  if (rank == 0) {
    if (at >= 0)
      fprintf(stderr, "irrcoll: %s: arguments differ between ranks (IRRCOLL_CHECK): rank %d, index %d\n", call, first, at);
    else
      fprintf(stderr, "irrcoll: %s: arguments differ between ranks (IRRCOLL_CHECK): rank %d\n", call, first);
  }
  return MPI_ERR_ARG;
}
