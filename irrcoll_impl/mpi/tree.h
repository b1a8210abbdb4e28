/* ---- the distributed tree construction (Lemma 3) over MPI ----
   Per level: the fixed roots exchange (g, M, m_g, nd, h); the retiring (lower) one tells
   both gather roots the outcome (algo/common/hypercube.h). About L+2 dependent steps of 40-byte messages.
   With sizes (XGatherv's tree, mpi/xgatherv.h): a fixed root also sends its partner its
   subcube's sizes, and the outcome sent to the tree's root carries the other side's.
   sz: p entries, sz[rank] = own on entry; on return a fixed root's subcube's and, at the
   tree's root, all; NULL: no sizes (Gatherv's). buf: 4 * (5 + p) entries (sz NULL: 20). */
static int irr__tree_build_mpi_sz(irr_tree *t, MPI_Comm pc, int tag, int64_t *sz, long long *buf) {
  int rc = MPI_SUCCESS, p = t->p, n = sz ? 5 + p : 5;
  long long *out = buf, *in = buf + n, *nb[2];
  nb[0] = buf + 2 * n, nb[1] = buf + 3 * n;
  while (t->d < t->levels && rc == MPI_SUCCESS) {
    irr_tree_info mine, other;
    irr_tree_note notes[2];
    int d = t->d, partner = irr_tree_exchange(t, &mine), src, i, k, lo = 0, hi = 0, plo = 0, phi = 0;
    MPI_Request rq[2] = {MPI_REQUEST_NULL, MPI_REQUEST_NULL};
    if (partner >= 0) {
      int target[2];
      if (sz) irr_tree_cube((int64_t)t->rank >> d, d, p, &lo, &hi);
      if (sz) irr_tree_cube((int64_t)partner >> d, d, p, &plo, &phi);
      out[0] = mine.g, out[1] = mine.M, out[2] = mine.mg, out[3] = mine.nd, out[4] = mine.h;
      for (i = lo; i < hi; i++) out[5 + i - lo] = sz[i];
      rc = MPI_Sendrecv(out, 5 + hi - lo, MPI_LONG_LONG, partner, tag, in, 5 + phi - plo, MPI_LONG_LONG, partner, tag,
                        pc, MPI_STATUS_IGNORE);
      if (rc != MPI_SUCCESS) break;
      other.g = in[0], other.M = in[1], other.mg = in[2], other.nd = in[3], other.h = in[4];
      for (i = plo; i < phi; i++) sz[i] = in[5 + i - plo];
      irr_tree_decide(t, &other, notes, target);
      for (i = 0; i < 2 && rc == MPI_SUCCESS; i++) {
        if (target[i] == t->rank) {
          irr_tree_apply(t, &notes[i]);
        } else if (target[i] >= 0) { /* notes[0] is about the partner's side, notes[1] about ours */
          int alo = i ? lo : plo, ahi = i ? hi : phi;
          nb[i][0] = notes[i].win, nb[i][1] = notes[i].other_g, nb[i][2] = notes[i].other_M;
          nb[i][3] = notes[i].other_nd, nb[i][4] = notes[i].other_h;
          for (k = 5; target[i] == t->root && k < 5 + ahi - alo; k++) nb[i][k] = sz[alo + k - 5];
          rc = MPI_Isend(nb[i], k, MPI_LONG_LONG, target[i], tag, pc, &rq[i]);
        }
      }
    }
    src = irr_tree_expect(t);
    if (src >= 0 && rc == MPI_SUCCESS) { /* the root also gets the other side's sizes */
      if (sz && t->rank == t->root) irr_tree_cube(((int64_t)t->rank >> d) ^ 1, d, p, &plo, &phi);
      else plo = phi = 0;
      rc = MPI_Recv(in, 5 + phi - plo, MPI_LONG_LONG, src, tag, pc, MPI_STATUS_IGNORE);
      notes[0].win = in[0], notes[0].other_g = in[1], notes[0].other_M = in[2];
      notes[0].other_nd = in[3], notes[0].other_h = in[4];
      for (i = plo; i < phi; i++) sz[i] = in[5 + i - plo];
      if (rc == MPI_SUCCESS) irr_tree_apply(t, &notes[0]);
    }
    for (i = 0; i < 2; i++)
      if (rq[i] != MPI_REQUEST_NULL) {
        int rc2 = MPI_Wait(&rq[i], MPI_STATUS_IGNORE);
        if (rc == MPI_SUCCESS) rc = rc2;
      }
    irr_tree_next(t);
  }
  return rc;
}

static int irr__tree_build_mpi(irr_tree *t, MPI_Comm pc, int tag) { /* Gatherv's, Scatterv's: no sizes */
  long long buf[20];
  return irr__tree_build_mpi_sz(t, pc, tag, NULL, buf);
}
