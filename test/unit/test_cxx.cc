// test_cxx.cc - the pure layer compiles and works as C++ (users include it from C++ code).
#define IRRCOLL_NO_MPI
#include "irrcoll.h"
#include <cstdio>

int main() {
  int64_t m[7] = {4, 0, 9, 1, 1, 0, 30};
  irr_sched_set set;
  irr_spec sp = {IRR_COLL_SCATTERV, 7, 3, m, 0, 0, 0};
  int ok = irr_v_build_all(&set, IRR_COLL_SCATTERV, IRR_ALG_TREE, 7, 3, m, 0, 1) == IRR_OK &&
           irr_sched_check(set.s, &sp, nullptr) == IRR_OK;
  irr_sched_set_free(&set);
  std::printf("%d passed, %d failed\n", ok, !ok);
  return !ok;
}
