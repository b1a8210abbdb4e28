/* Gatherv and Scatterv without a tree (IRR_ALG_LINEAR, IRR_ALG_DIRECT).

   irr_gatherv_linear / irr_scatterv_linear: every rank with data talks to the root directly,
   as MPICH and Open MPI do for MPI_Gatherv/MPI_Scatterv: (p-1) alpha + beta sum_{i != root}
   m_i, all start-ups at the root.
   irr_gatherv_direct / irr_scatterv_direct: the same, but every rank exchanges a message
   with the root, empty ones too, so a size mismatch is still caught without MPI truncating
   or a rank waiting for a message that never comes; no construction, so for small p it
   beats the tree (IRR_V_DIRECT_MAXP). Gatherv's messages carry their size ahead of their
   data (irr_gatherv_direct_h), so its root posts every receive at once, as MPI's linear
   Gatherv does (probing each first put 63 probes on the root's critical path: mpi/rooted.h).
   The blocking Scatterv runs its plain program straight on the user's buffers (mpi/direct.h:
   a probe tells each receiver its size first); the executor's form of it (nonblocking and
   persistent calls; IRRCOLL_CHECK), IRR__V_EXEC, probes sizes (IRR_OPF_PROBE).
   Limits: p < 2^31; the root's program needs p + 1 ops (linear), 3p (direct). */

/* The direct Gatherv: every block straight to the root, with no probe, and nothing a
   sender's bad size could make MPI truncate. A sender sends a head: its size
   (IRR_OPF_COUNTS) and the first min(c, H) units of its block, and when c > H the rest, on
   the other tag. The root posts every head at once, as MPI's linear Gatherv posts its
   receives: into place for a block it expects to hold >= H units, else into a scratch slot
   with room for H (IRR_OPF_ROOM), then copied. Once the heads are in (round 1) it posts
   the rests it expects, exactly sized. The MPI layer checks each head's size against the
   root's count after round 0 (mpi/rooted.h): on a mismatch it drains the rest that sender
   sends and cancels the rest it expected.
   Cost: one message per block up to H units, two above; scratch 8 + H per block below H at
   the root. Replaces probing every message first,
   which cost up to 0.35 of MPI_Gatherv's speed (SMPI, p = 16 and 32).
   H: IRR_HEAD_ROOM bytes in the MPI layer, whose executor posts ROOM receives that large;
   other values only in the checker's tests. A block just above H pays for its rest's
   handshake, posted once its head is in: SMPI (p = 16..64, o = 0.5 us) measured blocks of
   40 KB at 0.90 of MPI_Gatherv with H = 32 KiB, 0.94 with 64 KiB, and one 400 KB block at
   0.96 with 128 KiB; 512 KiB keeps the loss of a split block under about 4% (the extra
   round trip against >= 52 us of transfer at 10 GB/s). The price is the root's scratch,
   8 + H per block it expects below H: up to 32 MB of address space at p = 64, of which
   only the pages that messages write are touched (malloc + free of it: 0.6 us here). */
#ifndef IRR_HEAD_ROOM
#define IRR_HEAD_ROOM 524288
#endif
static inline irr_status irr_gatherv_direct_h(int rank, int p, int root, int64_t own, const int64_t *m_root,
                                              int inplace, int64_t H, irr_sched *s) {
  int i, n0;
  if (rank != root) {
    n0 = s->nops;
    irr_sched_send(s, 0, root, IRR_BUF_SEND, 0, rank, rank + 1, own < H ? own : H);
    irr__flag_msgs(s, n0, IRR_OPF_COUNTS);
    if (own > H && irr_sched_push(s, 0, IRR_OP_SEND, root, IRR_BUF_SEND, 0, IRR_BUF_NONE, 0, rank, rank + 1, H, own - H))
      s->ops[s->nops - 1].flags = IRR_OPF_ALTTAG;
    return s->err;
  }
  for (i = 0; i < p; i++) /* the large blocks' heads first: their rests wait on them */
    if (i != root && m_root && m_root[i] >= H) {
      n0 = s->nops;
      irr_sched_recv(s, 0, i, IRR_BUF_RECV, 0, i, i + 1, H);
      irr__flag_msgs(s, n0, IRR_OPF_COUNTS);
    }
  for (i = 0; i < p; i++) { /* no counts (bad arguments): expect empty blocks */
    int64_t len = m_root ? m_root[i] : 0, slot = s->tmp;
    if (i == root || len >= H) continue;
    s->tmp += 8 + H; /* the slot: the size header's 8 bytes, then room for H units */
    irr_sched_recv(s, 0, i, IRR_BUF_TMP, slot + 8, i, i + 1, len);
    if (s->err == IRR_OK) s->ops[s->nops - 1].flags = IRR_OPF_COUNTS | IRR_OPF_ROOM;
    if (len > 0) irr_sched_copy(s, 0, IRR_BUF_TMP, slot + 8, IRR_BUF_RECV, 0, i, i + 1, len);
  }
  if (!inplace && own > 0 && m_root && own == m_root[root])
    irr_sched_copy(s, 0, IRR_BUF_SEND, 0, IRR_BUF_RECV, 0, root, root + 1, own);
  for (i = 0; i < p; i++)
    if (i != root && m_root && m_root[i] > H &&
        irr_sched_push(s, 1, IRR_OP_RECV, i, IRR_BUF_RECV, 0, IRR_BUF_NONE, 0, i, i + 1, H, m_root[i] - H))
      s->ops[s->nops - 1].flags = IRR_OPF_ALTTAG;
  return s->err;
}

/* all: every rank talks to the root, zero sizes included (direct: Gatherv's is
   irr_gatherv_direct_h); all == IRR__V_EXEC Scatterv's executor's form (receives probed) */
#define IRR__V_EXEC 2
static inline irr_status irr__linear_v(int scatter, int all, int rank, int p, int root, int64_t own,
                                       const int64_t *m_root, int inplace, irr_sched *s) {
  int vbuf = scatter ? IRR_BUF_SEND : IRR_BUF_RECV, obuf = scatter ? IRR_BUF_RECV : IRR_BUF_SEND;
  int i, n0 = s->nops;
  if (s->rank != rank || s->size != p || root < 0 || root >= p) return IRR_ERR_ARG;
  if (all && !scatter) return irr_gatherv_direct_h(rank, p, root, own, m_root, inplace, IRR_HEAD_ROOM, s);
  if (rank != root) {
    if (own > 0 || all) {
      if (scatter) irr_sched_recv(s, 0, root, obuf, 0, rank, rank + 1, own);
      else irr_sched_send(s, 0, root, obuf, 0, rank, rank + 1, own);
    }
  } else {
    if (!m_root && !all) return IRR_ERR_ARG;
    for (i = 0; i < p; i++) {
      int64_t len = m_root ? m_root[i] : 0; /* no counts (bad arguments): expect nothing */
      if (i == root || (len == 0 && !all)) continue;
      if (scatter) irr_sched_send(s, 0, i, vbuf, 0, i, i + 1, len);
      else irr_sched_recv(s, 0, i, vbuf, 0, i, i + 1, len);
    }
    if (!inplace && own > 0 && m_root && own == m_root[root])
      irr_sched_copy(s, 0, scatter ? vbuf : obuf, 0, scatter ? obuf : vbuf, 0, root, root + 1, own);
  }
  if (all == IRR__V_EXEC && s->err == IRR_OK)
    for (i = n0; i < s->nops; i++)
      if (s->ops[i].kind == IRR_OP_RECV) s->ops[i].flags |= IRR_OPF_PROBE;
  return s->err;
}

static inline irr_status irr_gatherv_linear(int rank, int p, int root, int64_t own,
                                            const int64_t *m_root, int inplace, irr_sched *s) {
  return irr__linear_v(0, 0, rank, p, root, own, m_root, inplace, s);
}
static inline irr_status irr_scatterv_linear(int rank, int p, int root, int64_t own,
                                             const int64_t *m_root, int inplace, irr_sched *s) {
  return irr__linear_v(1, 0, rank, p, root, own, m_root, inplace, s);
}
static inline irr_status irr_gatherv_direct(int rank, int p, int root, int64_t own,
                                            const int64_t *m_root, int inplace, irr_sched *s) {
  return irr__linear_v(0, 1, rank, p, root, own, m_root, inplace, s);
}
static inline irr_status irr_scatterv_direct(int rank, int p, int root, int64_t own,
                                             const int64_t *m_root, int inplace, irr_sched *s) {
  return irr__linear_v(1, 1, rank, p, root, own, m_root, inplace, s);
}
