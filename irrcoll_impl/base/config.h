/* Configuration: the user's IRRCOLL_* macros, standard headers, linkage. */

#if defined(IRRCOLL_MALLOC) != defined(IRRCOLL_FREE)
#error "irrcoll: define both IRRCOLL_MALLOC and IRRCOLL_FREE, or neither"
#endif
#if defined(IRRCOLL_PMPI) && defined(IRRCOLL_NO_MPI)
#error "irrcoll: IRRCOLL_PMPI needs MPI; it cannot be combined with IRRCOLL_NO_MPI"
#endif

#include <limits.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h> /* getenv */
#include <string.h>

#ifndef IRRCOLL_MALLOC
#include <stdlib.h>
#define IRRCOLL_MALLOC(n) malloc(n)
#define IRRCOLL_FREE(p) free(p)
#endif

#ifndef IRRCOLL_NO_MPI
#include <mpi.h> /* before extern "C": C++ users include it as C++ */
#endif

#ifndef IRRCOLL_ASSERT
#include <assert.h>
#define IRRCOLL_ASSERT(c) assert(c)
#endif

/* IRR_DEF prefixes MPI-layer definitions, IRR_DECL their declarations: with IRRCOLL_STATIC
   every symbol is static, so two vendored copies never clash at link time. */
#if defined(__GNUC__) || defined(__clang__)
#define IRR__UNUSED __attribute__((unused))
#else
#define IRR__UNUSED
#endif
#ifdef IRRCOLL_STATIC
#define IRR_DECL static IRR__UNUSED
#define IRR_DEF static IRR__UNUSED
#else
#define IRR_DECL extern
#define IRR_DEF
#endif

#define IRR_VERSION_MAJOR 0
#define IRR_VERSION_MINOR 1

#ifdef __cplusplus
extern "C" {
#endif
