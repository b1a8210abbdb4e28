/* ---- the distributed tree construction (Lemma 3) over MPI ----
   Per level: the fixed roots exchange (g, M, m_g); the retiring (lower) one tells both
   gather roots the outcome (tree.h). About L+2 dependent steps of 40-byte messages. */
static int irr__tree_build_mpi(irr_tree *t, MPI_Comm pc, int tag) {
  int rc = MPI_SUCCESS;
  while (t->d < t->levels && rc == MPI_SUCCESS) {
    irr_tree_info mine, other;
    long long out[5], in[5];
    int partner = irr_tree_exchange(t, &mine), src, i;
    irr_tree_note notes[2];
    long long nb[2][5];
    MPI_Request rq[2] = {MPI_REQUEST_NULL, MPI_REQUEST_NULL};
    if (partner >= 0) {
      int target[2];
      out[0] = mine.g, out[1] = mine.M, out[2] = mine.mg, out[3] = mine.nd, out[4] = mine.h;
      rc = MPI_Sendrecv(out, 5, MPI_LONG_LONG, partner, tag, in, 5, MPI_LONG_LONG, partner, tag, pc,
                        MPI_STATUS_IGNORE);
      if (rc != MPI_SUCCESS) break;
      other.g = in[0], other.M = in[1], other.mg = in[2], other.nd = in[3], other.h = in[4];
      irr_tree_decide(t, &other, notes, target);
      for (i = 0; i < 2 && rc == MPI_SUCCESS; i++) {
        if (target[i] == t->rank) {
          irr_tree_apply(t, &notes[i]);
        } else if (target[i] >= 0) {
          nb[i][0] = notes[i].win, nb[i][1] = notes[i].other_g, nb[i][2] = notes[i].other_M;
          nb[i][3] = notes[i].other_nd, nb[i][4] = notes[i].other_h;
          rc = MPI_Isend(nb[i], 5, MPI_LONG_LONG, target[i], tag, pc, &rq[i]);
        }
      }
    }
    src = irr_tree_expect(t);
    if (src >= 0 && rc == MPI_SUCCESS) {
      rc = MPI_Recv(in, 5, MPI_LONG_LONG, src, tag, pc, MPI_STATUS_IGNORE);
      notes[0].win = in[0], notes[0].other_g = in[1], notes[0].other_M = in[2];
      notes[0].other_nd = in[3], notes[0].other_h = in[4];
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
