/* The X entry points' common pieces: v-collectives whose receive sizes are unknown (xv.h has
   the plans, mpi_api.h the contracts). With known sizes each one is its known-size operation
   after the consecutive displacements are filled in and the bound is checked. */

/* The receive bound in bytes; -1 if it overflows. */
static int64_t irr__xbound(int bound, int64_t esize) {
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
static int irr__xlayout(int n, const int64_t *bytes, int64_t esize, int consecutive, const int *udispls,
                        int bound, int64_t *cnt, int64_t *dsp) {
  int i, err = MPI_SUCCESS;
  int64_t at = 0;
  for (i = 0; i < n; i++) {
    if (esize > 0 && bytes[i] % esize == 0) cnt[i] = bytes[i] / esize;
    else {
      cnt[i] = esize > 0 ? bytes[i] / esize : 0;
      if (bytes[i] > 0) err = MPI_ERR_TYPE;
    }
    dsp[i] = consecutive ? at : (int64_t)udispls[i];
    at = irr__sat_add(at, cnt[i]);
    if (cnt[i] > 0 && (dsp[i] < 0 || dsp[i] + cnt[i] > (int64_t)bound) && err == MPI_SUCCESS) err = MPI_ERR_TRUNCATE;
  }
  return err;
}

/* Known counts (elements of the receive type): fill in consecutive displacements (consec),
   then check every non-empty block against [0, bound). MPI_ERR_COUNT for a negative count
   or a consecutive displacement past INT_MAX, else MPI_ERR_TRUNCATE for a block outside. */
static int irr__xknown(int p, const int *counts, int *displs, int consec, int bound) {
  int i, err = MPI_SUCCESS;
  int64_t at = 0;
  for (i = 0; i < p; i++)
    if (counts[i] < 0) return MPI_ERR_COUNT;
  for (i = 0; i < p; i++) {
    if (consec) {
      if (at > INT_MAX) return MPI_ERR_COUNT;
      displs[i] = (int)at;
    }
    if (counts[i] > 0 && (displs[i] < 0 || (int64_t)displs[i] + counts[i] > bound)) err = MPI_ERR_TRUNCATE;
    at += counts[i];
  }
  return err;
}

/* Return counts (and consecutive displacements) to the user's int arrays. */
static int irr__xreturn(int n, const int64_t *cnt, const int64_t *dsp, int *ucounts, int *udispls, int consecutive) {
  int i, err = MPI_SUCCESS;
  for (i = 0; i < n; i++) {
    if (cnt[i] > INT_MAX || dsp[i] > INT_MAX) err = MPI_ERR_COUNT;
    ucounts[i] = cnt[i] > INT_MAX ? INT_MAX : (int)cnt[i];
    if (consecutive) udispls[i] = dsp[i] > INT_MAX ? INT_MAX : (int)dsp[i];
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
