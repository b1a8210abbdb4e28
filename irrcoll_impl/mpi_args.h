/* MPI layer: the arguments every entry point shares. User buffers as address bases, and the
   one widening of counts and displacements to 64 bits, overflow-checked, that every entry
   point validates its count arrays with (int arrays of the MPI-3 signatures, MPI_Count and
   MPI_Aint ones of the MPI-4 `_c` signatures). */

/* User buffer as an address base: MPI_BOTTOM means address 0 (it is NULL in MPICH but a
   sentinel such as (void *)-111 elsewhere, e.g. SimGrid SMPI). */
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
static int irr__widen(int p, const irr__counts *c, int64_t esize, MPI_Aint extent, int64_t *cnt, int64_t *dsp,
                      int64_t *bytes, int64_t *total) {
  int64_t t = 0, n, d, b, o;
  int i;
  if (!c->regular && ((!c->ci && !c->cc) || ((c->di || c->dc) == 0 && dsp))) return MPI_ERR_ARG;
  for (i = 0; i < p; i++) {
    n = c->regular ? c->rcount : c->ci ? (int64_t)c->ci[i] : (int64_t)c->cc[i];
    if (!c->regular) d = c->di ? (int64_t)c->di[i] : c->dc ? (int64_t)c->dc[i] : 0;
    else if (!irr__mul_ok(i, c->rcount, &d)) { /* i * rcount past 2^63: fine for a 0-extent type */
      if (c->rcount > 0 && extent > 0) return MPI_ERR_COUNT;
      d = 0;
    }
    if (n < 0 || !irr__mul_ok(n, esize, &b) || !irr__add_ok(t, b, &t)) return MPI_ERR_COUNT;
    if (n > 0 && (!irr__smul_ok(d, extent > 0 ? (int64_t)extent : 0, &o) || !irr__mul_ok(n, extent > 0 ? extent : 0, &o)))
      return MPI_ERR_COUNT;
    if (cnt) cnt[i] = n;
    if (dsp) dsp[i] = d;
    if (bytes) bytes[i] = b;
  }
  if (total) *total = t;
  return MPI_SUCCESS;
}
