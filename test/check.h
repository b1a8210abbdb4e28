/* check.h - the test runners' counter: CHECK(cond, fmt, ...) and a closing
   "N passed, N failed" line. */
#ifndef IRR_TEST_CHECK_H
#define IRR_TEST_CHECK_H
#include <stdio.h>
static long irrt_pass, irrt_fail;
#define CHECK(cond, ...)                                                  \
  do {                                                                    \
    if (cond) irrt_pass++;                                                \
    else {                                                                \
      irrt_fail++;                                                        \
      if (irrt_fail <= 30) {                                              \
        fprintf(stderr, "FAIL %s:%d: ", __FILE__, __LINE__);              \
        fprintf(stderr, __VA_ARGS__);                                     \
        fprintf(stderr, "\n");                                            \
      }                                                                   \
    }                                                                     \
  } while (0)
static inline int irrt_summary(void) {
  printf("%ld passed, %ld failed\n", irrt_pass, irrt_fail);
  return irrt_fail != 0;
}
#endif
