/* test_pure.c - the pure layer without MPI: status names, the forcing parser, the cost model
   on hand-computed cases, Lemma 3's distributed rule against the centralized builder
   (p = 1..300), the checker sweep over every generator, p = 1..64, every root and the
   block-size distributions, Theorem 1's bound, and mutations the checker must catch. */
#define IRRCOLL_NO_MPI
#include "../../irrcoll_impl/irrcoll.in.h"
#include "../check.h"
#include "../dist.h"
#include <stdlib.h>
#include <string.h>

static void test_status(void) {
  int i, j;
  for (i = 0; i < IRR_STATUS_COUNT; i++) {
    CHECK(irr_status_name((irr_status)i)[0] != '\0', "status %d has no name", i);
    for (j = 0; j < i; j++)
      CHECK(strcmp(irr_status_name((irr_status)i), irr_status_name((irr_status)j)) != 0, "names %d, %d equal", i, j);
  }
  CHECK(strcmp(irr_status_name(IRR_STATUS_COUNT), "unknown irrcoll status") == 0, "out-of-range status");
  CHECK(irr_status_name(IRR_OK)[0] == 's', "IRR_OK is success");
}

static void test_parse(void) {
  irr_alg a = IRR_ALG_AUTO;
  CHECK(irr_alg_parse("gatherv:linear,scatterv:binomial", "gatherv", &a) == IRR_OK && a == IRR_ALG_LINEAR, "gatherv:linear");
  CHECK(irr_alg_parse("gatherv:linear,scatterv:binomial", "scatterv", &a) == IRR_OK && a == IRR_ALG_BINOMIAL, "scatterv:binomial");
  a = IRR_ALG_AUTO;
  CHECK(irr_alg_parse("scatterv:tree", "gatherv", &a) == IRR_OK && a == IRR_ALG_AUTO, "other collective untouched");
  CHECK(irr_alg_parse("tree", "gatherv", &a) == IRR_OK && a == IRR_ALG_TREE, "bare algorithm applies to all");
  a = IRR_ALG_LINEAR;
  CHECK(irr_alg_parse("gatherv:bogus", "gatherv", &a) == IRR_ERR_ARG && a == IRR_ALG_LINEAR, "unknown algorithm rejected");
  CHECK(irr_alg_parse(":tree", "gatherv", &a) == IRR_ERR_ARG, "empty collective rejected");
  CHECK(irr_alg_parse("", "gatherv", &a) == IRR_OK && a == IRR_ALG_LINEAR, "empty spec");
  CHECK(irr_alg_parse(NULL, "gatherv", &a) == IRR_OK && a == IRR_ALG_LINEAR, "NULL spec");
  CHECK(irr_alg_parse("gatherv:tree,gatherv:binomial", "gatherv", &a) == IRR_OK && a == IRR_ALG_BINOMIAL, "last wins");
  CHECK(irr_alg_parse("scatterv:direct", "scatterv", &a) == IRR_OK && a == IRR_ALG_DIRECT, "direct");
  CHECK(irr_alg_parse("allgather:allgather_as_gather_bcast,gatherv:tree", "gatherv", &a) == IRR_OK && a == IRR_ALG_TREE,
        "another collective's mock-up name does not spoil the spec");
}

/* cost model on cases computed by hand */
static void test_cost(void) {
  irr_op ops[4][8];
  irr_sched s[4];
  irr_model m = irr_model_ab(2.0, 0.5);
  irr_cost c;
  int r;
  /* 0 -> 1, 10 units: alpha + 10 beta = 7 */
  for (r = 0; r < 2; r++) irr_sched_init(&s[r], r, 2, ops[r], 8);
  irr_sched_ctrl(&s[0], 0, IRR_OP_SEND, 1, 10);
  irr_sched_ctrl(&s[1], 0, IRR_OP_RECV, 0, 10);
  CHECK(irr_sched_cost(s, 2, m, &c, NULL) == IRR_OK && c.time == 7.0 && c.messages == 1 && c.volume == 10, "one message: %g", c.time);
  /* three senders to one receiver, single-ported: 3 * (2 + 0.5*4) = 12 */
  for (r = 0; r < 4; r++) irr_sched_init(&s[r], r, 4, ops[r], 8);
  for (r = 1; r < 4; r++) {
    irr_sched_ctrl(&s[r], 0, IRR_OP_SEND, 0, 4);
    irr_sched_ctrl(&s[0], 0, IRR_OP_RECV, r, 4);
  }
  CHECK(irr_sched_cost(s, 4, m, &c, NULL) == IRR_OK && c.time == 12.0, "fan-in: %g", c.time);
  /* full duplex: 0 <-> 1 exchange in one round costs one message time */
  for (r = 0; r < 2; r++) irr_sched_init(&s[r], r, 2, ops[r], 8);
  irr_sched_ctrl(&s[0], 0, IRR_OP_SEND, 1, 2);
  irr_sched_ctrl(&s[0], 0, IRR_OP_RECV, 1, 2);
  irr_sched_ctrl(&s[1], 0, IRR_OP_SEND, 0, 2);
  irr_sched_ctrl(&s[1], 0, IRR_OP_RECV, 0, 2);
  CHECK(irr_sched_cost(s, 2, m, &c, NULL) == IRR_OK && c.time == 3.0, "exchange: %g", c.time);
  /* rounds: 0 sends to 1 (round 0), 1 forwards to 2 (round 1): 2 * 3 = 6 */
  for (r = 0; r < 3; r++) irr_sched_init(&s[r], r, 3, ops[r], 8);
  irr_sched_ctrl(&s[0], 0, IRR_OP_SEND, 1, 2);
  irr_sched_ctrl(&s[1], 0, IRR_OP_RECV, 0, 2);
  irr_sched_ctrl(&s[1], 1, IRR_OP_SEND, 2, 2);
  irr_sched_ctrl(&s[2], 0, IRR_OP_RECV, 1, 2);
  CHECK(irr_sched_cost(s, 3, m, &c, NULL) == IRR_OK && c.time == 6.0 && c.rounds == 2, "chain: %g", c.time);
  /* deadlock: each receives first, then sends */
  for (r = 0; r < 2; r++) {
    irr_sched_init(&s[r], r, 2, ops[r], 8);
    irr_sched_ctrl(&s[r], 0, IRR_OP_RECV, 1 - r, 2);
    irr_sched_ctrl(&s[r], 1, IRR_OP_SEND, 1 - r, 2);
  }
  CHECK(irr_sched_cost(s, 2, m, &c, NULL) == IRR_ERR_DEADLOCK, "deadlock detected");
  /* unmatched and length mismatch */
  for (r = 0; r < 2; r++) irr_sched_init(&s[r], r, 2, ops[r], 8);
  irr_sched_ctrl(&s[0], 0, IRR_OP_SEND, 1, 2);
  CHECK(irr_sched_cost(s, 2, m, &c, NULL) == IRR_ERR_UNMATCHED, "unmatched send");
  irr_sched_ctrl(&s[1], 0, IRR_OP_RECV, 0, 3);
  CHECK(irr_sched_cost(s, 2, m, &c, NULL) == IRR_ERR_MISMATCH, "length mismatch");
  /* builder errors stick */
  irr_sched_init(&s[0], 0, 2, ops[0], 1);
  irr_sched_ctrl(&s[0], 0, IRR_OP_SEND, 1, 2);
  irr_sched_ctrl(&s[0], 0, IRR_OP_SEND, 1, 2);
  CHECK(s[0].err == IRR_ERR_CAPACITY && s[0].nops == 1, "capacity error sticks");
  irr_sched_init(&s[0], 0, 2, ops[0], 8);
  irr_sched_ctrl(&s[0], 1, IRR_OP_SEND, 1, 2);
  irr_sched_ctrl(&s[0], 0, IRR_OP_SEND, 1, 2);
  CHECK(s[0].err == IRR_ERR_ORDER, "rounds going backwards");
}

/* Lemma 3: run the per-rank rule for all ranks at once (messages through mailboxes) and
   compare with the centralized builder. */
static int distributed_equals_central(int p, int root, int rule, const int64_t *m) {
  irr_tree *t = (irr_tree *)malloc((size_t)p * sizeof(irr_tree));
  irr_tree_info *box = (irr_tree_info *)malloc((size_t)p * sizeof(irr_tree_info));
  irr_tree_note *note = (irr_tree_note *)malloc((size_t)p * sizeof(irr_tree_note));
  int *from = (int *)malloc((size_t)p * sizeof(int)), *partner = (int *)malloc((size_t)p * sizeof(int));
  irr_tree_all T;
  irr_tree v;
  int r, d, ok = 1, L = irr_tree_levels(p), i;
  for (r = 0; r < p; r++) irr_tree_init(&t[r], r, p, root, rule, m[r]);
  for (d = 0; d < L && ok; d++) {
    irr_tree_info mine;
    for (r = 0; r < p; r++) {
      partner[r] = irr_tree_exchange(&t[r], &mine);
      if (partner[r] >= 0) box[partner[r]] = mine; /* deliver to the partner */
      from[r] = -1;
    }
    for (r = 0; r < p; r++)
      if (partner[r] >= 0 && partner[partner[r]] != r) ok = 0; /* exchanges pair up */
    for (r = 0; r < p && ok; r++)
      if (partner[r] >= 0) {
        irr_tree_note n[2];
        int g[2], k;
        irr_tree_decide(&t[r], &box[r], n, g);
        for (k = 0; k < 2; k++) {
          if (g[k] == r) irr_tree_apply(&t[r], &n[k]);
          else if (g[k] >= 0) { if (from[g[k]] >= 0) ok = 0; note[g[k]] = n[k]; from[g[k]] = r; }
        }
      }
    for (r = 0; r < p && ok; r++) {
      int src = irr_tree_expect(&t[r]);
      if (src != from[r]) ok = 0; /* a note arrives exactly where one is expected */
      else if (src >= 0) irr_tree_apply(&t[r], &note[r]);
    }
    for (r = 0; r < p; r++) irr_tree_next(&t[r]);
  }
  if (ok && irr_tree_build(&T, p, root, rule, m) == IRR_OK) {
    for (r = 0; r < p && ok; r++) {
      irr_tree_view(&T, r, &v);
      if (v.parent != t[r].parent || v.send_level != t[r].send_level || v.nchild != t[r].nchild ||
          v.total != t[r].total)
        ok = 0;
      for (i = 0; i < v.nchild && ok; i++)
        if (v.child[i].rank != t[r].child[i].rank || v.child[i].level != t[r].child[i].level ||
            v.child[i].size != t[r].child[i].size)
          ok = 0;
      for (d = 0; d < L && ok; d++)
        if (v.notify[0][d] != t[r].notify[0][d] || v.notify[1][d] != t[r].notify[1][d]) ok = 0;
    }
    if (root >= 0 && T.groot != root) ok = 0;
    irr_tree_all_free(&T);
  } else {
    ok = 0;
  }
  free(t); free(box); free(note); free(from); free(partner);
  return ok;
}

static void test_lemma3(void) {
  irrt_rng rng = {42};
  int p, k;
  int64_t *m = (int64_t *)malloc(300 * sizeof(int64_t));
  for (p = 1; p <= 300; p++)
    for (k = 0; k < 6; k++) {
      int i, root = k == 0 ? -1 : k == 1 ? p - 1 : (int)irrt_range(&rng, 0, p - 1);
      int rule = k == 5 ? IRR_TREE_BINOMIAL : IRR_TREE_LINEAR_TIME;
      for (i = 0; i < p; i++) m[i] = irrt_range(&rng, 0, 3) == 0 ? 0 : irrt_range(&rng, 1, 1000);
      CHECK(distributed_equals_central(p, root, rule, m), "Lemma 3 differs from the centralized tree: p=%d root=%d rule=%d", p, root, rule);
    }
  /* the fixed root always ends up the tree's root; a free root is the "slowest" subcube */
  free(m);
}

/* Lemma 1 by hand, p = 4, m = {5, 1, 1, 1}, free root: level 0: 1 sends to 0 (T 0 vs 0, less
   data sends), 3 sends to 2 (tie: upper sends); level 1: {0,1} has T=1, {2,3} T=1, M 6 vs 2:
   the lighter {2,3} sends: root 0, children 1 (level 0) and 2 (level 1). */
static void test_lemma1_example(void) {
  int64_t m[4] = {5, 1, 1, 1};
  irr_tree_all T;
  CHECK(irr_tree_build(&T, 4, -1, IRR_TREE_LINEAR_TIME, m) == IRR_OK, "build");
  CHECK(T.groot == 0 && T.parent[1] == 0 && T.level[1] == 0 && T.parent[3] == 2 && T.level[3] == 0 &&
        T.parent[2] == 0 && T.level[2] == 1, "Lemma 1 example tree");
  irr_tree_all_free(&T);
  /* fixed root 3 (Lemma 2): it wins every merge */
  CHECK(irr_tree_build(&T, 4, 3, IRR_TREE_LINEAR_TIME, m) == IRR_OK, "build");
  CHECK(T.groot == 3 && T.parent[2] == 3 && T.parent[0] == 3 && T.level[0] == 1 && T.parent[1] == 0, "Lemma 2 example tree");
  irr_tree_all_free(&T);
}

static const irr_coll colls[2] = {IRR_COLL_GATHERV, IRR_COLL_SCATTERV};

/* the sweep: every generator x p = 1..64 x every root x distributions x in place */
static void test_sweep(void) {
  irrt_rng rng = {7};
  int64_t m[64];
  int p, root, d, c, a, ip, nzero = 0;
  long checks = 0, bound_fail = 0;
  irr_model md = irr_model_ab(IRR_MODEL_ALPHA_DEFAULT, IRR_MODEL_BETA_DEFAULT);
  for (p = 1; p <= 64; p++)
    for (d = 0; d < IRRT_NDIST; d++) {
      int64_t b = (int64_t)1 << (d % 4 * 3); /* 1, 8, 64, 512 */
      irrt_dist(d, p, b, &rng, m);
      for (root = 0; root < p; root++)
        for (c = 0; c < 2; c++)
          for (a = IRR_ALG_TREE; a <= IRR_ALG_V_LAST; a++)
            for (ip = 0; ip < 4; ip++) { /* ip & 2: Gatherv's tree with graceful degradation */
              irr_sched_set set;
              irr_spec sp;
              irr_check_report rep;
              irr_status st;
              int ctrl = a == IRR_ALG_TREE, r, j;
              int64_t th = ip & 2 ? b / 2 + (int64_t)(root % 3) * b : INT64_MAX; /* some subtrees go direct */
              if ((ip & 2) && (a != IRR_ALG_TREE || c)) continue;
              if ((ip & 1) && (p > 16 || d > 2)) continue; /* in place: a smaller slice suffices */
              sp.coll = colls[c];
              sp.p = p;
              sp.root = root;
              sp.m = m;
              sp.inplace = ip & 1;
              sp.unknown = 0;
              st = irr_v_build_all_t(&set, colls[c], (irr_alg)a, p, root, m, ip & 1, ctrl, th);
              CHECK(st == IRR_OK, "build %s p=%d", irr_alg_name((irr_alg)a), p);
              if (st != IRR_OK) continue;
              st = irr_sched_check(set.s, &sp, &rep);
              checks++;
              CHECK(st == IRR_OK, "check %s %s p=%d root=%d dist=%s ip=%d: %s (rank %d op %d: %s)",
                    c ? "scatterv" : "gatherv", irr_alg_name((irr_alg)a), p, root, irrt_dist_name[d], ip,
                    irr_status_name(st), rep.rank, rep.op, rep.what);
              for (r = 0; r < p && a != IRR_ALG_DIRECT; r++) /* no message for empty data (direct: by design) */
                for (j = 0; j < set.s[r].nops; j++)
                  if (set.s[r].ops[j].kind != IRR_OP_COPY && set.s[r].ops[j].len == 0) nzero++;
              if (a == IRR_ALG_TREE && th == INT64_MAX) { /* Theorem 1 */
                irr_cost cost;
                double bound = irr_gatherv_tree_bound(p, root, m, 1, md);
                if (irr_sched_cost(set.s, p, md, &cost, NULL) != IRR_OK || cost.time > bound * (1 + 1e-12)) {
                  bound_fail++;
                  if (bound_fail < 5)
                    fprintf(stderr, "bound: %s p=%d root=%d %s: %g > %g\n", c ? "scatterv" : "gatherv", p,
                            root, irrt_dist_name[d], cost.time, bound);
                }
              }
              irr_sched_set_free(&set);
            }
    }
  CHECK(nzero == 0, "%d zero-length messages", nzero);
  CHECK(bound_fail == 0, "%ld schedules exceed Theorem 1's bound", bound_fail);
  CHECK(checks > 100000, "sweep ran only %ld checks", checks);
  printf("sweep: %ld schedule sets checked\n", checks);
}

/* The direct Gatherv with a head room H small enough that heads land in place, in scratch
   slots, and rests follow (the MPI layer's H is IRR_HEAD_ROOM bytes, above these sizes):
   checked, and every block is one head (plus a rest above H). */
static void test_direct_heads(void) {
  irrt_rng rng = {4242};
  int64_t m[40];
  long checks = 0;
  int p, d, root, r, hi;
  static const int64_t Hs[] = {1, 3, 8, 64};
  for (p = 1; p <= 40; p += (p < 9 ? 1 : 7))
    for (d = 0; d < IRRT_NDIST; d++)
      for (hi = 0; hi < 4; hi++)
        for (root = 0; root < p; root += (p < 9 ? 1 : p / 3)) {
          irr_sched_set set;
          irr_spec sp = {IRR_COLL_GATHERV, p, root, m, hi & 1, 0, 0};
          irr_check_report rep;
          irr_op ops[3 * 40];
          irr_status st;
          int msgs = 0, want = 0, j;
          irrt_dist(d, p, 2 + 3 * hi, &rng, m);
          st = irr_sched_set_init(&set, p);
          for (r = 0; r < p && st == IRR_OK; r++) {
            irr_sched s;
            irr_sched_init(&s, r, p, ops, irr_v_maxops(IRR_ALG_DIRECT, p, r, root));
            st = irr_gatherv_direct_h(r, p, root, m[r], r == root ? m : NULL, hi & 1, Hs[hi], &s);
            if (st == IRR_OK) st = irr_sched_set_add(&set, &s);
          }
          if (st == IRR_OK) st = irr_sched_set_finish(&set);
          CHECK(st == IRR_OK, "direct_h build p=%d H=%lld", p, (long long)Hs[hi]);
          if (st != IRR_OK) continue;
          st = irr_sched_check(set.s, &sp, &rep);
          checks++;
          CHECK(st == IRR_OK, "direct_h check p=%d root=%d dist=%s H=%lld: %s (rank %d op %d: %s)", p, root,
                irrt_dist_name[d], (long long)Hs[hi], irr_status_name(st), rep.rank, rep.op, rep.what);
          for (r = 0; r < p; r++) {
            if (r != root) want += 1 + (m[r] > Hs[hi]);
            for (j = 0; j < set.s[r].nops; j++) msgs += set.s[r].ops[j].kind == IRR_OP_SEND;
          }
          CHECK(msgs == want, "direct_h p=%d H=%lld: %d messages, want %d", p, (long long)Hs[hi], msgs, want);
          irr_sched_set_free(&set);
        }
  printf("direct_heads: %ld schedule sets checked\n", checks);
}

/* The checker must catch broken schedules: mutate a correct one. */
static void test_mutations(void) {
  int64_t m[12] = {3, 1, 4, 1, 5, 9, 2, 6, 5, 3, 5, 8};
  irr_spec sp = {IRR_COLL_GATHERV, 12, 5, m, 0, 0, 0};
  irr_sched_set set;
  irr_op save;
  int r, j, found;
  CHECK(irr_v_build_all_t(&set, IRR_COLL_GATHERV, IRR_ALG_TREE, 12, 5, m, 0, 0, INT64_MAX) == IRR_OK, "build");
  CHECK(irr_sched_check(set.s, &sp, NULL) == IRR_OK, "unmutated schedule passes");
  /* find an inner rank's send from scratch */
  found = 0;
  for (r = 0; r < 12 && !found; r++)
    for (j = 0; j < set.s[r].nops && !found; j++) {
      irr_op *o = &set.s[r].ops[j];
      if (o->kind == IRR_OP_SEND && o->buf == IRR_BUF_TMP) {
        found = 1;
        save = *o;
        o->off += 1; /* reads shifted labels */
        CHECK(irr_sched_check(set.s, &sp, NULL) != IRR_OK, "shifted scratch offset caught");
        *o = save;
        o->round -= 1; /* sends before its children arrived */
        CHECK(irr_sched_check(set.s, &sp, NULL) == IRR_ERR_UNDEFINED, "send before receive caught");
        *o = save;
      }
    }
  CHECK(found, "an inner rank exists");
  /* a receive at the root writing a block twice: point one child's range at the root's own */
  for (j = 0; j < set.s[5].nops; j++) {
    irr_op *o = &set.s[5].ops[j];
    if (o->kind == IRR_OP_COPY) {
      save = *o;
      o->dbuf = IRR_BUF_SEND;
      CHECK(irr_sched_check(set.s, &sp, NULL) == IRR_ERR_OVERWRITE, "write into the send buffer caught");
      *o = save;
      set.s[5].nops--; /* drop the root's own copy: its block is missing */
      memmove(o, o + 1, (size_t)(set.s[5].nops - j) * sizeof *o);
      CHECK(irr_sched_check(set.s, &sp, NULL) == IRR_ERR_RESULT, "missing block caught");
      break;
    }
  }
  irr_sched_set_free(&set);
  /* labels of a matched pair disagree */
  CHECK(irr_v_build_all_t(&set, IRR_COLL_SCATTERV, IRR_ALG_LINEAR, 12, 5, m, 0, 0, INT64_MAX) == IRR_OK, "build");
  set.s[0].ops[0].blo = set.s[0].ops[0].bhi = 1; /* rank 0 claims to receive block 1 */
  set.s[0].ops[0].bhi = 2;
  CHECK(irr_sched_check(set.s, &sp, NULL) != IRR_OK, "mislabelled receive caught");
  irr_sched_set_free(&set);
}

/* The orderings the paper claims, in the model at p = 1024, root p/2. On the data phase
   alone (both trees given their sizes) the tree never loses to binomial and wins clearly on
   irregular data; with its construction charged it is far faster than linear for small
   blocks. (Binomial given its sizes for free is a lower bound for any binomial Gatherv.) */
static double model_time(irr_alg a, int p, const int64_t *m, int ctrl) {
  irr_model md = irr_model_ab(IRR_MODEL_ALPHA_DEFAULT, IRR_MODEL_BETA_DEFAULT);
  irr_sched_set set;
  irr_cost c;
  c.time = -1;
  if (irr_v_build_all_t(&set, IRR_COLL_GATHERV, a, p, p / 2, m, 0, ctrl, INT64_MAX) == IRR_OK) {
    if (irr_sched_cost(set.s, p, md, &c, NULL) != IRR_OK) c.time = -1;
    irr_sched_set_free(&set);
  }
  return c.time;
}

static void test_model_order(void) {
  enum { P = 1024 };
  static int64_t m[P];
  irrt_rng rng = {1};
  int d;
  double tree, bino, lin;
  for (d = 0; d < IRRT_TWOBLOCKS + 1; d++) {
    irrt_dist(d, P, 40000, &rng, m);
    tree = model_time(IRR_ALG_TREE, P, m, 0);
    bino = model_time(IRR_ALG_BINOMIAL, P, m, 0);
    CHECK(tree > 0 && tree <= bino * (1 + 1e-12), "%s: tree %g > binomial %g", irrt_dist_name[d], tree, bino);
    if (d == IRRT_TWOBLOCKS) CHECK(tree * 3 < bino, "two blocks: tree %g vs binomial %g", tree, bino);
    if (d == IRRT_SPIKES) CHECK(tree * 1.03 < bino, "spikes: tree %g vs binomial %g", tree, bino);
    irrt_dist(d, P, 40, &rng, m);
    tree = model_time(IRR_ALG_TREE, P, m, 1);
    lin = model_time(IRR_ALG_LINEAR, P, m, 0);
    if (d != IRRT_TWOBLOCKS) CHECK(tree > 0 && tree * 10 < lin, "%s: tree %g vs linear %g", irrt_dist_name[d], tree, lin);
  }
}

/* large p works (speed is measured by `make bench`, not here) */
static void test_large(void) {
  int p = 1 << 16, i;
  int64_t *m = (int64_t *)malloc((size_t)p * sizeof(int64_t));
  irr_model md = irr_model_ab(IRR_MODEL_ALPHA_DEFAULT, IRR_MODEL_BETA_DEFAULT);
  irr_sched_set set;
  irr_cost c;
  irrt_rng rng = {3};
  for (i = 0; i < p; i++) m[i] = irrt_range(&rng, 1, 800);
  CHECK(irr_v_build_all_t(&set, IRR_COLL_GATHERV, IRR_ALG_TREE, p, 12345, m, 0, 1, INT64_MAX) == IRR_OK, "build 2^16");
  CHECK(irr_sched_cost(set.s, p, md, &c, NULL) == IRR_OK && c.time <= irr_gatherv_tree_bound(p, 12345, m, 1, md),
        "2^16 within Theorem 1");
  irr_sched_set_free(&set);
  free(m);
}

/* XAllgatherv's whole program, phase by phase (irr_xallgatherv_build_all): rounds up to
   ceil(log2 p) against the eager sizes me with spec.unknown, the rest (the large blocks)
   against ml as a known-size Allgatherv; the cost model runs the whole. */
static irr_status check_xallgatherv(const irr_sched_set *set, int p, const int64_t *m, int64_t eager,
                                    irr_check_report *rep) {
  irr_sched *ph = (irr_sched *)malloc((size_t)p * 2 * sizeof(irr_sched));
  int64_t *me = (int64_t *)malloc((size_t)p * 2 * sizeof(int64_t)), *ml = me + p;
  int r, R1 = irr_tree_levels(p) + 1;
  irr_spec sp;
  irr_cost c;
  irr_model md = irr_model_ab(IRR_MODEL_ALPHA_DEFAULT, IRR_MODEL_BETA_DEFAULT);
  irr_status st;
  for (r = 0; r < p; r++) {
    int j = 0;
    me[r] = m[r] <= eager ? m[r] : 0;
    ml[r] = m[r] <= eager ? 0 : m[r];
    while (j < set->s[r].nops && set->s[r].ops[j].round < R1) j++;
    ph[r] = set->s[r];
    ph[r].nops = j;
    ph[p + r] = set->s[r];
    ph[p + r].ops += j;
    ph[p + r].nops -= j;
  }
  memset(&sp, 0, sizeof sp);
  sp.coll = IRR_COLL_ALLGATHERV;
  sp.p = p;
  sp.m = me;
  sp.unknown = 1;
  st = irr_sched_check(ph, &sp, rep);
  sp.m = ml;
  sp.unknown = 0;
  if (st == IRR_OK) st = irr_sched_check(ph + p, &sp, rep);
  if (st == IRR_OK) st = irr_sched_cost(set->s, p, md, &c, NULL);
  free(ph);
  free(me);
  return st;
}

/* Unknown-size variants: the programs pass the checker with spec.unknown (the receivers
   learn every size they must return), p = 1..64, every root, every distribution. */
static void test_xsweep(void) {
  irrt_rng rng = {11};
  int64_t m[64];
  int p, root, d, c;
  long checks = 0;
  irr_model md = irr_model_ab(IRR_MODEL_ALPHA_DEFAULT, IRR_MODEL_BETA_DEFAULT);
  for (p = 1; p <= 64; p++)
    for (d = 0; d < IRRT_NDIST; d++) {
      int64_t b = (int64_t)1 << (d % 4 * 3), eager = irr_xallgatherv_eager(p, md);
      irrt_dist(d, p, b * 7, &rng, m);
      for (c = 0; c < 6; c++)
        for (root = 0; root < (c == 5 ? 1 : p); root++) {
          static const irr_coll xc[6] = {IRR_COLL_GATHERV, IRR_COLL_GATHERV, IRR_COLL_GATHERV, IRR_COLL_SCATTERV,
                                         IRR_COLL_SCATTERV, IRR_COLL_ALLGATHERV};
          static const irr_alg xa[6] = {IRR_ALG_TREE, IRR_ALG_DIRECT, IRR_ALG_BINOMIAL, IRR_ALG_TREE, IRR_ALG_DIRECT,
                                        IRR_ALG_AUTO};
          irr_sched_set set;
          irr_spec sp;
          irr_check_report rep;
          irr_status st;
          memset(&sp, 0, sizeof sp);
          sp.coll = xc[c];
          sp.p = p;
          sp.root = root;
          sp.m = m;
          sp.unknown = 1;
          if (c == 4 && p > 16) continue; /* direct scatter: p-1 sends at the root */
          st = irr_xv_build_all_t(&set, xc[c], xa[c], p, root, sp.m, 0, 1, c % 2 ? 40 * (int64_t)(root % 3) : INT64_MAX);
          CHECK(st == IRR_OK, "xbuild %d p=%d: %s", c, p, irr_status_name(st));
          if (st != IRR_OK) continue;
          st = c == 5 ? check_xallgatherv(&set, p, m, eager, &rep) : irr_sched_check(set.s, &sp, &rep);
          checks++;
          CHECK(st == IRR_OK, "xcheck %d p=%d root=%d %s: %s (rank %d op %d: %s)", c, p, root, irrt_dist_name[d],
                irr_status_name(st), rep.rank, rep.op, rep.what);
          irr_sched_set_free(&set);
        }
    }
  printf("xsweep: %ld schedule sets checked\n", checks);
  CHECK(checks > 10000, "xsweep ran only %ld checks", checks);
}

/* The checker's size tracking must catch a message that drops its sizes. */
static void test_xmutations(void) {
  int64_t m[12] = {3, 1, 4, 1, 5, 9, 2, 6, 0, 3, 5, 8};
  irr_spec sp;
  irr_sched_set set;
  int c, r, j, caught = 0, tried = 0;
  static const irr_coll xc[3] = {IRR_COLL_GATHERV, IRR_COLL_SCATTERV, IRR_COLL_ALLGATHERV};
  for (c = 0; c < 3; c++) {
    memset(&sp, 0, sizeof sp);
    sp.coll = xc[c];
    sp.p = 12;
    sp.root = 5;
    sp.m = m;
    sp.unknown = 1;
    CHECK(irr_xv_build_all_t(&set, xc[c], IRR_ALG_TREE, 12, 5, m, 0, 0, INT64_MAX) == IRR_OK, "xbuild");
    CHECK(irr_sched_check(set.s, &sp, NULL) == IRR_OK, "unmutated x schedule passes");
    for (r = 0; r < 12; r++)
      for (j = 0; j < set.s[r].nops; j++) {
        irr_op *o = &set.s[r].ops[j], *q = NULL;
        int k;
        if (o->kind != IRR_OP_SEND || !(o->flags & IRR_OPF_COUNTS)) continue;
        for (k = 0; k < set.s[o->peer].nops; k++) /* its receive: the one from r with the same labels */
          if (set.s[o->peer].ops[k].kind == IRR_OP_RECV && set.s[o->peer].ops[k].peer == r &&
              set.s[o->peer].ops[k].blo == o->blo && set.s[o->peer].ops[k].bhi == o->bhi)
            q = &set.s[o->peer].ops[k];
        if (!q || ((q->flags & IRR_OPF_PROBE) && q->bhi - q->blo == 1)) continue; /* a probe tells one size */
        tried++;
        o->flags &= (unsigned char)~IRR_OPF_COUNTS; /* both sides agree, but the sizes are lost */
        q->flags &= (unsigned char)~IRR_OPF_COUNTS;
        if (irr_sched_check(set.s, &sp, NULL) != IRR_OK) caught++;
        else fprintf(stderr, "not caught: coll %d rank %d op %d\n", c, r, j);
        o->flags |= IRR_OPF_COUNTS;
        q->flags |= IRR_OPF_COUNTS;
      }
    irr_sched_set_free(&set);
  }
  CHECK(tried > 10 && caught == tried, "dropped sizes caught %d of %d", caught, tried);
}

/* The unknown-size variants' pure decisions: Bruck's rounds cover every block exactly once,
   the eager bound and the sparse/dense rule behave as documented. */
static void test_xdecisions(void) {
  int p, r, k, to, from, n;
  irr_model md = irr_model_ab(IRR_MODEL_ALPHA_DEFAULT, IRR_MODEL_BETA_DEFAULT);
  for (p = 1; p <= 70; p++)
    for (r = 0; r < p; r++) {
      int have = 1, rounds = 0;
      for (k = 0; (n = irr_bruck_round(p, r, k, &to, &from)) > 0; k++) {
        CHECK(to == ((r - (1 << k)) % p + p) % p && from == (r + (1 << k)) % p, "bruck peers p=%d r=%d k=%d", p, r, k);
        have += n;
        rounds++;
      }
      CHECK(have == p && (1 << rounds) >= p && (rounds == 0 || (1 << (rounds - 1)) < p), "bruck covers p=%d r=%d: %d", p, r, have);
    }
  CHECK(irr_xallgatherv_eager(16, md) == 3750 && irr_xallgatherv_eager(1 << 20, md) == 64, "eager bound %lld %lld",
        (long long)irr_xallgatherv_eager(16, md), (long long)irr_xallgatherv_eager(1 << 20, md));
  CHECK(irr_xalltoallv_sparse(256, 6) && irr_xalltoallv_sparse(256, 131) && !irr_xalltoallv_sparse(256, 132) &&
            !irr_xalltoallv_sparse(16, 16) && irr_xalltoallv_sparse(1, 0),
        "sparse/dense rule");
}

/* Allgatherv: the pipelined ring (several B, Eq. 2's, with and without the zero spreading
   and a node layout) and Bruck pass the checker, p = 1..64, the six distributions of seed
   004 plus random; the ring takes at most b - min b_i rounds. */
/* seed 004's distributions, then random sizes */
static void agv_dist(int d, int p, int64_t c, irrt_rng *rng, int64_t *m) {
  int i;
  if (d < IRRT_AG_NDIST) irrt_dist_ag(d, p, c, m);
  else
    for (i = 0; i < p; i++) m[i] = irrt_range(rng, 0, 2 * c);
}
/* Allgatherv's programs for p = 1 .. 64: ring (block sizes given and chosen), Bruck, the
   node-aware algorithm and the automatic choice, through the checker; the ring within
   b - min b_i rounds. Returns the sets checked. */
static long agv_check_flat(irrt_rng *rng, irr_model md) {
  int64_t m[64];
  int node[64];
  int p, d, v;
  long checks = 0, round_fail = 0;
  for (p = 1; p <= 64; p++)
    for (d = 0; d < 7; d++) {
      int64_t c = (int64_t)1 << (d * 3 % 13), i;
      agv_dist(d, p, c, rng, m);
      for (i = 0; i < p; i++) node[i] = (int)(i * 7 / 3 % (p / 5 + 1)); /* uneven nodes, interleaved */
      for (v = 0; v < 7; v++) {
        irr_sched_set set;
        irr_spec sp;
        irr_check_report rep;
        irr_status st;
        int64_t B = v == 0 ? 0 : v == 1 ? 1 : v == 2 ? 3 : v == 3 ? 1000000 : 0;
        irr_alg a = v == 4 ? IRR_ALG_BRUCK : v == 6 ? IRR_ALG_AUTO : IRR_ALG_RING;
        int64_t tot = 0;
        for (i = 0; i < p; i++) tot += m[i];
        if ((v == 1 || v == 2) && tot > 2000) continue; /* tiny blocks: the checker is O(ops * labels) */
        memset(&sp, 0, sizeof sp);
        sp.coll = IRR_COLL_ALLGATHERV;
        sp.p = p;
        sp.m = m;
        sp.inplace = (int)((p + d + v) % 3 == 0);
        st = irr_allgatherv_build_all(&set, a, p, m, B, v == 5 ? node : NULL, sp.inplace, md);
        CHECK(st == IRR_OK, "allgatherv build p=%d d=%d v=%d: %s", p, d, v, irr_status_name(st));
        if (st != IRR_OK) continue;
        st = irr_sched_check(set.s, &sp, &rep);
        checks++;
        CHECK(st == IRR_OK, "allgatherv check p=%d d=%d v=%d: %s (rank %d op %d: %s)", p, d, v, irr_status_name(st),
              rep.rank, rep.op, rep.what);
        if (a == IRR_ALG_RING) { /* rounds: b - min b_i (+ the copy round), B as the build chose it */
          int64_t b = 0, mn = -1, BB = B > 0 ? B : irr_allgatherv_block_on(p, m, md, v == 5);
          int r, rounds = 0;
          for (i = 0; i < p; i++) {
            int64_t bi = irr__nblocks(m[i], BB);
            b += bi;
            if (mn < 0 || bi < mn) mn = bi;
          }
          for (r = 0; r < p; r++)
            if (set.s[r].nrounds > rounds) rounds = set.s[r].nrounds;
          if (rounds > b - mn + 1) round_fail++;
        }
        irr_sched_set_free(&set);
      }
    }
  CHECK(round_fail == 0, "%ld ring schedules exceed b - min b_i rounds", round_fail);
  return checks;
}
/* The node-aware algorithm's own checks. */
static void agv_check_hier(irrt_rng *rng, irr_model md) {
  int64_t m[64];
  int node[64];
  int p, d, v;
  /* the node-aware algorithm: uneven nodes of consecutive ranks (each rank's node: its
     lowest rank), forced and automatic; its rounds stay within 2 ceil(log2 q) + ceil(log2 n) + 1 */
  long hchecks = 0, hround_fail = 0;
  for (p = 2; p <= 64; p++)
    for (d = 0; d < 7; d++)
      for (v = 0; v < 3; v++) {
        irr_sched_set set;
        irr_spec sp;
        irr_check_report rep;
        irr_status st;
        int i, f = 0, q = 0, n = 0, qmax = 0, K1 = 0, K2 = 0, r, rounds = 0;
        agv_dist(d, p, (int64_t)1 << (d * 3 % 13), rng, m);
        for (i = 0; i < p; i++) { /* node sizes 1 .. 6, or 16 (v = 2) */
          if (i == f + q) f = i, q = v == 2 ? 16 : (int)irrt_range(rng, 1, 6), n++;
          node[i] = f;
          if (i - f + 1 > qmax) qmax = i - f + 1;
        }
        while ((1 << K1) < qmax) K1++;
        while ((1 << K2) < n) K2++;
        CHECK(irr_allgatherv_nodes(p, node, NULL) == n, "hier: %d nodes at p=%d", n, p);
        memset(&sp, 0, sizeof sp);
        sp.coll = IRR_COLL_ALLGATHERV, sp.p = p, sp.m = m, sp.inplace = (p + d + v) % 2;
        st = irr_allgatherv_build_all(&set, v == 1 ? IRR_ALG_AUTO : IRR_ALG_HIER, p, m, 0, node, sp.inplace, md);
        CHECK(st == IRR_OK, "hier build p=%d d=%d v=%d: %s", p, d, v, irr_status_name(st));
        if (st != IRR_OK) continue;
        st = irr_sched_check(set.s, &sp, &rep);
        hchecks++;
        CHECK(st == IRR_OK, "hier check p=%d d=%d v=%d: %s (rank %d op %d: %s)", p, d, v, irr_status_name(st), rep.rank,
              rep.op, rep.what);
        for (r = 0; r < p; r++)
          if (set.s[r].nrounds > rounds) rounds = set.s[r].nrounds;
        if (v != 1 && n > 1 && rounds > 2 * K1 + K2 + 1) hround_fail++;
        irr_sched_set_free(&set);
      }
  node[0] = 0, node[1] = 1, node[2] = 0; /* not consecutive: not applicable, forced -> Bruck */
  CHECK(irr_allgatherv_nodes(3, node, NULL) == 0, "hier: interleaved nodes rejected");
  {
    int64_t B;
    CHECK(irr_allgatherv_choose(IRR_ALG_HIER, 3, m, md, node, &B) == IRR_ALG_BRUCK, "hier forced off nodes: bruck");
  }
  CHECK(hround_fail == 0, "%ld node-aware schedules exceed 2 log q + log n rounds", hround_fail);
  printf("allgatherv hier: %ld schedule sets checked\n", hchecks);
}
/* The recursive-doubling baseline (2^k ranks). Returns the sets checked. */
static long agv_check_recdoubling(irrt_rng *rng) {
  int64_t m[64];
  int p, d, v;
  long checks = 0;
  for (p = 1; p <= 64; p *= 2) /* the recursive-doubling baseline (2^k ranks) */
    for (d = 0; d < 7; d++)
      for (v = 0; v < 2; v++) {
        irr_sched_set set;
        irr_spec sp;
        irr_op ops[64];
        int r;
        irr_status st = irr_sched_set_init(&set, p);
        agv_dist(d, p, (int64_t)1 << (d * 3 % 13), rng, m);
        for (r = 0; r < p && st == IRR_OK; r++) {
          irr_sched s;
          irr_sched_init(&s, r, p, ops, 64);
          st = irr_allgatherv_recdoubling(r, p, m, v, &s);
          if (st == IRR_OK) st = irr_sched_set_add(&set, &s);
        }
        if (st == IRR_OK) st = irr_sched_set_finish(&set);
        memset(&sp, 0, sizeof sp);
        sp.coll = IRR_COLL_ALLGATHERV, sp.p = p, sp.m = m, sp.inplace = v;
        if (st == IRR_OK) st = irr_sched_check(set.s, &sp, NULL);
        checks++;
        CHECK(st == IRR_OK, "recursive doubling p=%d d=%d inplace=%d: %s", p, d, v, irr_status_name(st));
        irr_sched_set_free(&set);
      }
  return checks;
}
/* Neighbor exchange: programs, rounds and its estimate. */
static void agv_check_neighbor(irrt_rng *rng, irr_model md) {
  int64_t m[64];
  int p, d, v;
  /* neighbor exchange (p even): checked, p/2 rounds, and its closed-form estimate (every
     round charged the largest pair) an upper bound within 1% of the cost model over its
     programs: the choice compares what the executor runs */
  long nchecks = 0, nround_fail = 0, nest_fail = 0;
  for (p = 1; p <= 40; p++)
    for (d = 0; d < 7; d++)
      for (v = 0; v < 2; v++) {
        irr_sched_set set;
        irr_spec sp;
        irr_check_report rep;
        irr_args a;
        irr_status st;
        double t = 0, c;
        int r, rounds = 0;
        agv_dist(d, p, (int64_t)1 << (d * 3 % 13), rng, m);
        if (p % 2) {
          irr_sched s;
          irr_op ops[8];
          irr_sched_init(&s, 0, p, ops, 8);
          CHECK(irr_allgatherv_neighbor(0, p, m, v, &s) == IRR_ERR_ARG, "neighbor on odd p=%d refused", p);
          CHECK(irr_allgatherv_neighbor_estimate(p, m, md) > 1e200, "neighbor estimate on odd p=%d", p);
          continue;
        }
        memset(&sp, 0, sizeof sp);
        sp.coll = IRR_COLL_ALLGATHERV, sp.p = p, sp.m = m, sp.inplace = v;
        st = irr_allgatherv_build_all(&set, IRR_ALG_NEIGHBOR, p, m, 0, NULL, v, md);
        CHECK(st == IRR_OK, "neighbor build p=%d d=%d: %s", p, d, irr_status_name(st));
        if (st != IRR_OK) continue;
        st = irr_sched_check(set.s, &sp, &rep);
        nchecks++;
        CHECK(st == IRR_OK, "neighbor check p=%d d=%d inplace=%d: %s (rank %d op %d: %s)", p, d, v, irr_status_name(st),
              rep.rank, rep.op, rep.what);
        for (r = 0; r < p; r++)
          if (set.s[r].nrounds > rounds) rounds = set.s[r].nrounds;
        if (rounds > p / 2 + 1) nround_fail++;
        irr_sched_set_free(&set);
        memset(&a, 0, sizeof a);
        a.coll = IRR_COLL_ALLGATHERV, a.p = p, a.m = m, a.md = md;
        c = irr_allgatherv_neighbor_estimate(p, m, md);
        if (irr_estimate(&a, IRR_ALG_NEIGHBOR, &t) != IRR_OK || c < t * (1 - 1e-9) || c > t * 1.01) nest_fail++;
      }
  CHECK(nround_fail == 0, "%ld neighbor-exchange schedules exceed p/2 rounds", nround_fail);
  CHECK(nest_fail == 0, "%ld neighbor-exchange estimates not within [1, 1.01] of the model over the programs", nest_fail);
  printf("allgatherv neighbor: %ld schedule sets checked\n", nchecks);
}
/* The ring's block size snapped to whole blocks. */
static void agv_check_snap(irrt_rng *rng, irr_model md) {
  int64_t m[64];
  int p, d;
  /* the ring's block size snapped to whole blocks: Eq. (2)'s (from 6 alpha on SMP nodes) or
     one with a smaller estimate (by the same alpha) within [B0 / 2, 4 B0] (SMP: [B0 / 2, B0]);
     geometric 1 MiB (sizes mx / 2^j) at p = 30 cuts the largest block in 16, at p = 256 on
     SMP nodes B is the second smallest size */
  long snap_fail = 0;
  int smp;
  int64_t *mg = (int64_t *)malloc(256 * sizeof(int64_t));
  for (p = 2; p <= 64; p++)
    for (d = 0; d < 7; d++)
      for (smp = 0; smp < 6; smp++) { /* smp % 2: nodes; smp / 2: alpha default, 1e-12 (B0 = 1), 1e-3 */
        int64_t B0, B, mx = 0, i;
        irr_model mb = md, ms = md;
        ms.alpha = smp / 2 == 1 ? 1e-12 : smp / 2 == 2 ? 1e-3 : md.alpha;
        mb.alpha = ms.alpha * (smp % 2 ? IRR_RING_NODE_ALPHA : 1);
        agv_dist(d, p, (int64_t)1000 << (d * 3 % 13), rng, m);
        for (i = 0; i < p; i++) mx = m[i] > mx ? m[i] : mx;
        B0 = irr_allgatherv_block(p, m, mb);
        B = irr_allgatherv_block_on(p, m, ms, smp % 2);
        if (B < 1 || B > (mx > 0 ? mx : 1) ||
            (B != B0 && (B < B0 / 2 || B > (smp % 2 ? 1 : 4) * B0 ||
                         !(irr_allgatherv_ring_estimate(p, m, B, mb) < irr_allgatherv_ring_estimate(p, m, B0, mb)))))
          snap_fail++;
      }
  CHECK(snap_fail == 0, "%ld snapped ring block sizes worse than Eq. (2)'s or out of range", snap_fail);
  irrt_dist_ag(5, 30, 1048576, m);
  CHECK(irr_allgatherv_block_on(30, m, md, 0) == m[0] / 16 && irr_allgatherv_block(30, m, md) < m[0] / 16,
        "geometric 1 MiB, p = 30: B = largest block / 16 (Eq. 2: less)");
  if (mg) {
    irrt_dist_ag(5, 256, 1048576, mg);
    CHECK(irr_allgatherv_block_on(256, mg, md, 1) == mg[127] && mg[127] == 2 * mg[255],
          "geometric 1 MiB, p = 256, SMP nodes: B = the second smallest size");
    free(mg);
  }
}
static void test_allgatherv(void) {
  irrt_rng rng = {5};
  long checks = 0;
  irr_model md = irr_model_ab(IRR_MODEL_ALPHA_DEFAULT, IRR_MODEL_BETA_DEFAULT);
  checks += agv_check_flat(&rng, md);
  agv_check_hier(&rng, md);
  checks += agv_check_recdoubling(&rng);
  agv_check_neighbor(&rng, md);
  agv_check_snap(&rng, md);
  printf("allgatherv: %ld schedule sets checked\n", checks);
}

/* Intergroup Allgatherv (seed 001): segment plans and whole programs through the checker. */
static void inter_dist(int d, int n, int64_t k, irrt_rng *rng, int64_t *m) {
  int i;
  for (i = 0; i < n; i++)
    m[i] = d == 0 ? k : d == 1 ? k * (i + 1) : d == 2 ? irrt_range(rng, 0, 2 * k) : d == 3 ? 0 : d == 4 ? (i == n / 2 ? 50 * k : 0)
         : (i % 3 == 1 ? 0 : k + i);
}
static void test_inter(void) {
  static const int pairs[][2] = {{1, 1}, {1, 5}, {5, 1}, {3, 8}, {8, 3}, {4, 4}, {7, 2}, {2, 7}, {25, 7}, {7, 25}, {13, 13}, {40, 3}};
  irrt_rng rng = {11};
  int64_t m[80], S[81];
  long checks = 0, seg_fail = 0, mut_caught = 0, muts = 0;
  irr_model md = irr_model_ab(IRR_MODEL_ALPHA_DEFAULT, IRR_MODEL_BETA_DEFAULT);
  int pi, na, nb, d, a, i, ks;
  /* plans: segments cover the array in order, floor/ceil sizes (Algorithm 2), and whole
     blocks or floor/ceil pieces of one block (Algorithm 1) */
  for (na = 1; na <= 20; na++)
    for (nb = 1; nb <= 20; nb++)
      for (d = 0; d < 6; d++) {
        int64_t K = 0, mx = 0, mn = -1;
        inter_dist(d, na, 7, &rng, m);
        for (i = 0; i < na; i++) K += m[i];
        irr_inter_segments(IRR_ALG_SEGMENT, na, m, nb, S);
        for (i = 0; i < nb; i++) {
          int64_t z = S[i + 1] - S[i];
          mx = z > mx ? z : mx;
          mn = mn < 0 || z < mn ? z : mn;
        }
        if (S[0] != 0 || S[nb] != K || mx - mn > 1) seg_fail++;
        irr_inter_segments(IRR_ALG_SUBGROUP, na, m, nb, S);
        if (S[0] != 0 || S[nb] != K) seg_fail++;
        for (i = 0; i < nb; i++) {
          int64_t pre = 0;
          int j, whole = 0;
          if (S[i + 1] < S[i]) seg_fail++;
          for (j = 0; j <= na && na >= nb; j++) { /* na >= nb: boundaries fall between blocks */
            if (pre == S[i]) whole = 1;
            if (j < na) pre += m[j];
          }
          if (na >= nb && !whole) seg_fail++;
        }
      }
  CHECK(seg_fail == 0, "%ld intergroup segment plans wrong", seg_fail);
  for (pi = 0; pi < (int)(sizeof pairs / sizeof pairs[0]); pi++)
    for (d = 0; d < 6; d++)
      for (ks = 0; ks < 3; ks++)
        for (a = 0; a < 3; a++) {
          irr_alg alg = a == 0 ? IRR_ALG_SEGMENT : a == 1 ? IRR_ALG_SUBGROUP : IRR_ALG_ROOTGATHER;
          int64_t k = ks == 0 ? 1 : ks == 1 ? 5 : 97;
          irr_sched_set set;
          irr_spec sp;
          irr_check_report rep;
          irr_status st;
          na = pairs[pi][0], nb = pairs[pi][1];
          inter_dist(d, na, k, &rng, m);
          inter_dist((d + ks) % 6, nb, k + 2, &rng, m + na);
          st = irr_inter_build_all(&set, alg, na, nb, m, md);
          CHECK(st == IRR_OK, "inter build (%d,%d) d=%d %s: %s", na, nb, d, irr_alg_name(alg), irr_status_name(st));
          if (st != IRR_OK) continue;
          memset(&sp, 0, sizeof sp);
          sp.coll = IRR_COLL_INTER_ALLGATHERV;
          sp.p = na + nb;
          sp.root = na;
          sp.m = m;
          st = irr_sched_check(set.s, &sp, &rep);
          checks++;
          CHECK(st == IRR_OK, "inter check (%d,%d) d=%d k=%d %s: %s (rank %d op %d: %s)", na, nb, d, (int)k, irr_alg_name(alg),
                irr_status_name(st), rep.rank, rep.op, rep.what);
          if (st == IRR_OK && a < 2 && ks == 1) { /* mutation: every dropped message is caught */
            int r, j;
            for (r = 0; r < na + nb; r++)
              for (j = 0; j < set.s[r].nops; j++) {
                irr_sched *sr = (irr_sched *)&set.s[r];
                irr_op keep = sr->ops[j];
                if (keep.kind != IRR_OP_RECV) continue;
                sr->ops[j].len = keep.len > 1 ? keep.len - 1 : 0, sr->ops[j].kind = keep.len > 1 ? IRR_OP_RECV : IRR_OP_COPY;
                muts++;
                mut_caught += irr_sched_check(set.s, &sp, NULL) != IRR_OK;
                sr->ops[j] = keep;
              }
          }
          irr_sched_set_free(&set);
        }
  CHECK(muts > 0 && mut_caught == muts, "inter mutations: %ld of %ld caught", mut_caught, muts);
  printf("inter: %ld schedule sets checked, %ld mutations caught\n", checks, mut_caught);
}

/* the groups in the order of a full run; `test_pure GROUP...` runs those, `--list` names them */
static const struct {
  const char *name;
  void (*run)(void);
} groups[] = {
    {"status", test_status},         {"parse", test_parse},           {"cost", test_cost},
    {"lemma1", test_lemma1_example}, {"lemma3", test_lemma3},         {"mutations", test_mutations},
    {"model_order", test_model_order}, {"large", test_large},         {"sweep", test_sweep},
    {"xmutations", test_xmutations}, {"xdecisions", test_xdecisions}, {"allgatherv", test_allgatherv},
    {"xsweep", test_xsweep},         {"inter", test_inter},           {"direct_heads", test_direct_heads},
};
enum { NGROUPS = sizeof groups / sizeof groups[0] };

static int group_find(const char *name) {
  int g;
  for (g = 0; g < NGROUPS; g++)
    if (strcmp(groups[g].name, name) == 0) return g;
  return -1;
}

int main(int argc, char **argv) {
  int g, a;
  if (argc == 2 && strcmp(argv[1], "--list") == 0) {
    for (g = 0; g < NGROUPS; g++) puts(groups[g].name);
    return 0;
  }
  for (a = 1; a < argc; a++) /* every name first: a typo runs nothing */
    if (group_find(argv[a]) < 0) {
      fprintf(stderr, "test_pure: no group '%s' (test_pure --list names them)\n", argv[a]);
      return 2;
    }
  if (argc == 1)
    for (g = 0; g < NGROUPS; g++) groups[g].run();
  for (a = 1; a < argc; a++) groups[group_find(argv[a])].run();
  return irrt_summary();
}
