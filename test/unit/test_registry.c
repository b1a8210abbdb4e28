/* test_registry.c - the registry without MPI: the one IRRCOLL_ALG grammar, the table of
   algorithms, every collective's automatic choice, and that the generic generator gives,
   for every (collective, algorithm) of the table that is a schedule, programs the checker
   accepts (p = 1..20, several distributions, roots, in place). */
#define IRRCOLL_NO_MPI
#include "../../irrcoll_impl/irrcoll.in.h"
#include "../check.h"
#include "../dist.h"
#include <stdlib.h>

static void test_grammar(void) {
  const char *cur = "gatherv:tree,ring,,x";
  char c[16], n[16];
  irr_alg a = IRR_ALG_AUTO;
  CHECK(irr_alg_spec_next(&cur, c, sizeof c, n, sizeof n) == 1 && !strcmp(c, "gatherv") && !strcmp(n, "tree"), "entry 1");
  CHECK(irr_alg_spec_next(&cur, c, sizeof c, n, sizeof n) == 1 && c[0] == '\0' && !strcmp(n, "ring"), "bare entry");
  CHECK(irr_alg_spec_next(&cur, c, sizeof c, n, sizeof n) == -1, "empty entry is malformed");
  CHECK(irr_alg_spec_next(&cur, c, sizeof c, n, sizeof n) == 1 && !strcmp(n, "x"), "entry after a bad one");
  CHECK(irr_alg_spec_next(&cur, c, sizeof c, n, sizeof n) == 0, "end");
  cur = "averyveryverylongcollectivename:tree";
  CHECK(irr_alg_spec_next(&cur, c, sizeof c, n, sizeof n) == -1, "too long is malformed");
  /* a bare name applies only where the collective has it */
  CHECK(irr_alg_parse("ring", "gatherv", &a) == IRR_OK && a == IRR_ALG_AUTO, "bare ring leaves gatherv alone");
  CHECK(irr_alg_parse("ring", "allgatherv", &a) == IRR_OK && a == IRR_ALG_RING, "bare ring forces allgatherv");
  CHECK(irr_alg_parse("bogus", "allgatherv", &a) == IRR_ERR_ARG && a == IRR_ALG_RING, "bare unknown name rejected");
  CHECK(irr_alg_parse("gatherv:ring", "gatherv", &a) == IRR_ERR_ARG, "an algorithm gatherv does not have");
  CHECK(irr_alg_parse("xgatherv:direct,gatherv:tree", "xgatherv", &a) == IRR_OK && a == IRR_ALG_DIRECT, "xgatherv");
  CHECK(irr_alg_parse("xalltoallv:dense", "xalltoallv", &a) == IRR_OK && a == IRR_ALG_DENSE, "xalltoallv:dense");
  CHECK(irr_alg_parse("allgatherv:recdoubling", "allgatherv", &a) == IRR_OK && a == IRR_ALG_RECDOUBLING, "recdoubling");
  CHECK(irr_alg_parse("bcast:bcast_as_allgatherv,inter:subgroup", "inter", &a) == IRR_OK && a == IRR_ALG_SUBGROUP,
        "another collective's mock-up name is skipped");
  CHECK(irr_alg_parse("gatherv:auto", "gatherv", &a) == IRR_OK && a == IRR_ALG_AUTO, "auto");
}

static void test_table(void) {
  int n, i, j, c, k;
  const irr_alg_entry *t = irr_alg_table(&n);
  CHECK(n >= 20, "table has %d entries", n);
  for (i = 0; i < n; i++) {
    CHECK(irr_alg_find(t[i].coll, t[i].alg) == &t[i], "find entry %d", i);
    CHECK(t[i].what && t[i].what[0], "entry %d says what it is", i);
    CHECK(strcmp(irr_alg_name(t[i].alg), "unknown") != 0, "entry %d has a name", i);
    for (j = 0; j < i; j++) CHECK(t[i].coll != t[j].coll || t[i].alg != t[j].alg, "entries %d, %d twice", i, j);
  }
  for (c = 0; c < IRR_COLL_COUNT; c++) { /* every collective has an algorithm; names unique */
    for (i = 0, k = 0; i < n; i++) k += t[i].coll == (irr_coll)c;
    CHECK(k > 0, "%s has no algorithm", irr_coll_name((irr_coll)c));
    for (j = 0; j < c; j++) CHECK(strcmp(irr_coll_name((irr_coll)c), irr_coll_name((irr_coll)j)) != 0, "names");
  }
  CHECK(!irr_alg_find(IRR_COLL_GATHERV, IRR_ALG_RING), "gatherv has no ring");
  CHECK(irr_alg_find(IRR_COLL_ALLGATHERV, IRR_ALG_RECDOUBLING)->restrictions & IRR_RESTRICT_POF2, "recdoubling: 2^k");
  CHECK(irr_coll_base(IRR_COLL_XGATHERV) == IRR_COLL_GATHERV && irr_coll_base(IRR_COLL_ALLGATHERV) == IRR_COLL_ALLGATHERV,
        "base collectives");
}

static void test_choose(void) {
  int64_t m[64], B;
  int node[64], i;
  irr_model md = irr_model_ab(IRR_MODEL_ALPHA_DEFAULT, IRR_MODEL_BETA_DEFAULT);
  CHECK(irr_gatherv_choose(IRR_ALG_AUTO, 1) == IRR_ALG_LINEAR, "p = 1: linear");
  CHECK(irr_gatherv_choose(IRR_ALG_AUTO, IRR_V_DIRECT_MAXP) == IRR_ALG_DIRECT, "direct up to the threshold");
  CHECK(irr_gatherv_choose(IRR_ALG_AUTO, IRR_V_DIRECT_MAXP + 1) == IRR_ALG_TREE, "tree above it");
  CHECK(irr_scatterv_choose(IRR_ALG_BINOMIAL, 100) == IRR_ALG_BINOMIAL, "forced binomial");
  CHECK(irr_gatherv_choose(IRR_ALG_RING, 100) == IRR_ALG_TREE, "an algorithm gatherv lacks counts as none");
  CHECK(irr_xgatherv_choose(IRR_ALG_LINEAR, 100) == IRR_ALG_DIRECT && irr_xgatherv_choose(IRR_ALG_AUTO, 1) == IRR_ALG_DIRECT,
        "xgatherv: linear is direct");
  CHECK(irr_xscatterv_choose(IRR_ALG_AUTO, 64) == IRR_ALG_TREE, "xscatterv tree");
  CHECK(irr_xalltoallv_choose(IRR_ALG_AUTO, 256, -1) == IRR_ALG_AUTO, "xalltoallv asks for the degree");
  CHECK(irr_xalltoallv_choose(IRR_ALG_AUTO, 256, 131) == IRR_ALG_SPARSE &&
            irr_xalltoallv_choose(IRR_ALG_AUTO, 256, 132) == IRR_ALG_DENSE,
        "xalltoallv rule");
  CHECK(irr_xalltoallv_choose(IRR_ALG_DIRECT, 4, 3) == IRR_ALG_SPARSE && irr_xalltoallv_choose(IRR_ALG_LINEAR, 4, 0) == IRR_ALG_DENSE,
        "xalltoallv's older names");
  CHECK(irr_inter_choose(IRR_ALG_AUTO) == IRR_ALG_SEGMENT && irr_inter_choose(IRR_ALG_ROOTGATHER) == IRR_ALG_ROOTGATHER, "inter");
  /* Allgatherv: small blocks pick the logarithmic algorithm; on SMP nodes with 2^k ranks that
     is recursive doubling, elsewhere Bruck; huge blocks the ring */
  for (i = 0; i < 64; i++) m[i] = 4, node[i] = i / 16 * 16;
  CHECK(irr_allgatherv_choose(IRR_ALG_AUTO, 64, m, md, NULL, &B) == IRR_ALG_BRUCK, "flat small: bruck");
  CHECK(irr_allgatherv_choose(IRR_ALG_AUTO, 64, m, md, node, &B) == IRR_ALG_RECDOUBLING, "smp 2^k small: recdoubling");
  CHECK(irr_allgatherv_choose(IRR_ALG_AUTO, 48, m, md, node, &B) == IRR_ALG_BRUCK, "smp 48 small: bruck");
  CHECK(irr_allgatherv_choose(IRR_ALG_RECDOUBLING, 48, m, md, NULL, &B) == IRR_ALG_BRUCK, "forced recdoubling off 2^k");
  for (i = 0; i < 64; i++) m[i] = (int64_t)1 << 22;
  CHECK(irr_allgatherv_choose(IRR_ALG_AUTO, 64, m, md, node, &B) == IRR_ALG_RING && B > 0, "large: ring");
  CHECK(irr_allgatherv_share(64, node) == 16 && irr_allgatherv_share(64, NULL) == 1, "share");
  { /* the share's three ways (a run, counters, the scan of each node) against its definition,
       the most ranks of one node: random layouts of consecutive nodes and of ranks dealt to
       nodes at random (every node's value its lowest rank) */
    irrt_rng r = {2026120101};
    int t, nd[300], low[300], cnt[300], p, j, k, nn, ref;
    for (t = 0; t < 400; t++) {
      p = (int)irrt_range(&r, 1, 300), nn = (int)irrt_range(&r, 1, p);
      for (j = 0; j < nn; j++) low[j] = -1;
      for (j = 0; j < p; j++) { /* node of rank j: consecutive (t even) or random */
        k = t % 2 ? (int)irrt_range(&r, 0, nn - 1) : (int)((int64_t)j * nn / p);
        if (low[k] < 0) low[k] = j;
        nd[j] = low[k];
      }
      for (ref = 0, j = 0; j < p; j++) {
        int c = 0, i2;
        for (i2 = 0; i2 < p; i2++) c += nd[i2] == nd[j];
        ref = c > ref ? c : ref;
      }
      CHECK(irr_allgatherv_share(p, nd) == ref && irr__allgatherv_share_w(p, nd, cnt) == ref, "share: p=%d, %s nodes",
            p, t % 2 ? "random" : "consecutive");
    }
  }
  /* neighbor exchange: half-full 64 KiB on 16-core nodes (even ranks 128 KiB, odd empty), not
     on regular data there, never on a flat cluster; forced on odd p it is the ring */
  for (i = 0; i < 64; i++) m[i] = i % 2 ? 0 : 131072;
  CHECK(irr_allgatherv_choose(IRR_ALG_AUTO, 64, m, md, node, &B) == IRR_ALG_NEIGHBOR, "smp half-full 64 KiB: neighbor");
  CHECK(irr_allgatherv_choose(IRR_ALG_AUTO, 30, m, md, node, &B) == IRR_ALG_NEIGHBOR, "smp p=30 half-full: neighbor");
  CHECK(irr_allgatherv_choose(IRR_ALG_AUTO, 64, m, md, NULL, &B) != IRR_ALG_NEIGHBOR, "flat half-full: not neighbor");
  CHECK(irr_allgatherv_choose(IRR_ALG_NEIGHBOR, 31, m, md, node, &B) == IRR_ALG_RING && B > 0, "forced neighbor, odd p: ring");
  CHECK(irr_allgatherv_choose(IRR_ALG_NEIGHBOR, 30, m, md, NULL, &B) == IRR_ALG_NEIGHBOR, "forced neighbor, flat");
  for (i = 0; i < 64; i++) m[i] = 65536;
  CHECK(irr_allgatherv_choose(IRR_ALG_AUTO, 64, m, md, node, &B) == IRR_ALG_RING, "smp regular 64 KiB: ring");
}

/* irr_build_all for every schedule algorithm of the table, checked against its collective's
   specification; irr_estimate equals the cost of the same programs. */
static void test_build(void) {
  irrt_rng rng = {7};
  int n, i, p, d, k;
  long checks = 0;
  const irr_alg_entry *t = irr_alg_table(&n);
  int64_t m[20], mat[400], lab[400];
  int node[20];
  for (p = 1; p <= 20; p++)
    for (d = 0; d < IRRT_NDIST; d++) {
      irrt_dist(d, p, 24, &rng, m);
      for (k = 0; k < p; k++) node[k] = k / 4 * 4;
      for (i = 0; i < n; i++) {
        irr_args a;
        irr_spec sp;
        irr_sched_set set;
        irr_check_report rep;
        irr_status st;
        if (t[i].restrictions & IRR_RESTRICT_NOSCHED) continue;
        if ((t[i].restrictions & IRR_RESTRICT_INTER) && p < 2) continue;
        /* XAllgatherv with a block above the eager bound: its phase-1 messages span that
           block without its data, so one specification cannot check the whole program;
           test_pure checks the phases apart (check_xallgatherv) */
        if (t[i].coll == IRR_COLL_XALLGATHERV && d == IRRT_ONEHUGE) continue;
        memset(&a, 0, sizeof a);
        memset(&sp, 0, sizeof sp);
        if (t[i].coll == IRR_COLL_ALLTOALLV) { /* a matrix: row s is the sizes rotated by s */
          int s2, d2;
          for (s2 = 0; s2 < p; s2++)
            for (d2 = 0; d2 < p; d2++) mat[s2 * p + d2] = m[(s2 + d2 * 3) % p];
          irr_alltoallv_labels(p, mat, lab);
        }
        a.coll = t[i].coll, a.p = p, a.m = t[i].coll == IRR_COLL_ALLTOALLV ? mat : m, a.md.alpha = IRR_MODEL_ALPHA_DEFAULT, a.md.beta = IRR_MODEL_BETA_DEFAULT;
        a.root = t[i].coll == IRR_COLL_INTER_ALLGATHERV ? 1 + p / 3 : t[i].coll == IRR_COLL_XALLGATHERV || t[i].coll == IRR_COLL_ALLGATHERV ? 0 : (d * 7 + 3) % p;
        a.node = t[i].coll == IRR_COLL_ALLGATHERV && d % 2 ? node : NULL;
        a.inplace = t[i].coll == IRR_COLL_GATHERV && d == 1;
        sp.coll = irr_coll_base(t[i].coll), sp.p = p, sp.root = a.root, sp.inplace = a.inplace;
        sp.m = t[i].coll == IRR_COLL_ALLTOALLV ? lab : m;
        sp.unknown = t[i].coll >= IRR_COLL_XGATHERV && t[i].coll <= IRR_COLL_XALLGATHERV;
        st = irr_build_all(&set, &a, t[i].alg);
        CHECK(st == IRR_OK, "build %s:%s p=%d: %s", irr_coll_name(t[i].coll), irr_alg_name(t[i].alg), p, irr_status_name(st));
        if (st != IRR_OK) continue;
        st = irr_sched_check(set.s, &sp, &rep);
        checks++;
        CHECK(st == IRR_OK, "check %s:%s p=%d %s: %s (rank %d op %d: %s)", irr_coll_name(t[i].coll),
              irr_alg_name(t[i].alg), p, irrt_dist_name[d], irr_status_name(st), rep.rank, rep.op, rep.what);
        if (d == 0 && p == 20) {
          irr_cost c;
          double e = -1;
          CHECK(irr_estimate(&a, t[i].alg, &e) == IRR_OK && irr_sched_cost(set.s, p, a.md, &c, NULL) == IRR_OK && e == c.time,
                "estimate %s:%s", irr_coll_name(t[i].coll), irr_alg_name(t[i].alg));
        }
        irr_sched_set_free(&set);
      }
    }
  printf("registry: %ld schedule sets checked\n", checks);
  CHECK(checks > 3000, "only %ld checks", checks);
}

int main(void) {
  test_grammar();
  test_table();
  test_choose();
  test_build();
  return irrt_summary();
}
