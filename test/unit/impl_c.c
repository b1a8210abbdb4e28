/* impl_c.c - the implementation, compiled as C, for test_cxx_mpi.cc */
#define IRRCOLL_IMPLEMENTATION
#include "irrcoll.h"
