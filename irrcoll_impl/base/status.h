/* Status codes of the pure layer: one X-macro list gives both the enum and the names.
   0 is success. The MPI layer maps them to MPI error classes. */

#define IRR__STATUS_LIST(X)                                                          \
  X(IRR_OK, "success")                                                               \
  X(IRR_ERR_ARG, "invalid argument")                                                 \
  X(IRR_ERR_COUNT, "negative count or size overflow")                                \
  X(IRR_ERR_ROOT, "root out of range")                                               \
  X(IRR_ERR_CAPACITY, "operation array too small for the schedule")                  \
  X(IRR_ERR_NOMEM, "out of memory")                                                  \
  X(IRR_ERR_ORDER, "operations not in round order")                                  \
  X(IRR_ERR_BOUNDS, "buffer or block range out of bounds")                           \
  X(IRR_ERR_UNMATCHED, "a send without matching receive, or a receive without send") \
  X(IRR_ERR_MISMATCH, "a matched send and receive disagree on the data")            \
  X(IRR_ERR_DEADLOCK, "the schedules deadlock")                                      \
  X(IRR_ERR_UNDEFINED, "data read before it was defined")                            \
  X(IRR_ERR_OVERWRITE, "data written twice or an input buffer written")             \
  X(IRR_ERR_RESULT, "final buffers differ from the specification")

#define IRR__STATUS_ENUM(name, text) name,
typedef enum irr_status { IRR__STATUS_LIST(IRR__STATUS_ENUM) IRR_STATUS_COUNT } irr_status;
#undef IRR__STATUS_ENUM

/* A short English description of a status code; never NULL. */
static inline const char *irr_status_name(irr_status s) {
#define IRR__STATUS_TEXT(name, text) text,
  static const char *const names[] = {IRR__STATUS_LIST(IRR__STATUS_TEXT)};
#undef IRR__STATUS_TEXT
  return (unsigned)s < (unsigned)IRR_STATUS_COUNT ? names[s] : "unknown irrcoll status";
}

/* 64-bit helpers: every size and sum is int64_t and overflow-checked. */
/* (GCC's and Clang's builtin where there is one: the add and its overflow flag, no branch on
   b's sign; the sizes' sums of Allgatherv's choice run through it a few times per rank.) */
#if defined(__has_builtin)
#if __has_builtin(__builtin_add_overflow)
#define IRR__ADD_OVERFLOW 1
#endif
#endif
static inline int irr__add_ok(int64_t a, int64_t b, int64_t *r) {
#ifdef IRR__ADD_OVERFLOW
  int64_t t;
  if (__builtin_add_overflow(a, b, &t)) return 0;
  *r = t;
#else
  if ((b > 0 && a > INT64_MAX - b) || (b < 0 && a < INT64_MIN - b)) return 0;
  *r = a + b;
#endif
  return 1;
}
static inline int irr__mul_ok(int64_t a, int64_t b, int64_t *r) {
  if (a < 0 || b < 0) return 0;
  if (((uint64_t)a | (uint64_t)b) >> 31 && a != 0 && b > INT64_MAX / a) return 0; /* both below 2^31: no division */
  *r = a * b;
  return 1;
}

static inline int64_t irr__sat_add(int64_t a, int64_t b) {
  int64_t r;
  return irr__add_ok(a, b, &r) ? r : INT64_MAX;
}
