/* ---- IRR_Request_mpi: an MPI request that the user's own MPI_Wait/MPI_Test/MPI_Waitall
   complete, by MPICH's extended generalized requests (MPIX_Grequest_start). MPICH calls
   poll_fn from its test calls and wait_fn, in a loop until the request is complete, from
   its wait calls (MPI_Waitall: each such request in turn, before the others). Both make one
   pass without waiting over every handed-out request (irr__greq_head, whatever its
   communicator: a wait on one must not starve another that a peer waits on first), as
   IRR_Test does, and call MPI_Grequest_complete for those that are over. The MPI calls
   they make nest in MPICH's (allowed: ROMIO's nonblocking collective I/O does the same;
   MPICH >= 4.1 even leaves its global lock around them) and move the native requests too.
   query_fn raises the run's error on the request's communicator (once, as IRR_Wait does)
   and returns it: the completion call's result (MPICH may wrap it as MPI_ERR_OTHER in
   MPI_Waitall's MPI_ERR_IN_STATUS statuses), MPI_ERROR of a status that query fills.
   free_fn gives the request back (a persistent one: inactive, may be started again) or
   frees it (a nonblocking call's). Not thread-safe (one list per process). Elsewhere
   (IRRCOLL_HAVE_REQUEST_MPI 0): MPI_ERR_UNSUPPORTED_OPERATION. ---- */
#if IRRCOLL_HAVE_REQUEST_MPI
static struct irr_request_s *irr__greq_head;

static int irr__greq_pass(void) {
  struct irr_request_s **pp, *R;
  int rc = MPI_SUCCESS, rc2;
  for (R = irr__greq_head; R; R = R->gnext)
    if (R->state == IRR__REQ_RUNNING) irr__req_progress(R->ctx, 0);
  for (pp = &irr__greq_head; (R = *pp) != NULL;) {
    if (R->state != IRR__REQ_DONE) {
      pp = &R->gnext;
      continue;
    }
    *pp = R->gnext; /* out of the list before MPI may free it */
    R->gnext = NULL;
    R->state = IRR__REQ_INACTIVE;
    if ((rc2 = MPI_Grequest_complete(R->mreq)) != MPI_SUCCESS && rc == MPI_SUCCESS) rc = rc2;
  }
  return rc;
}
static int irr__greq_poll(void *extra, MPI_Status *status) {
  (void)extra, (void)status;
  return irr__greq_pass();
}
static int irr__greq_wait(int count, void **states, double timeout, MPI_Status *status) {
  (void)count, (void)states, (void)timeout, (void)status; /* MPICH calls it until complete */
  return irr__greq_pass();
}
static int irr__greq_query(void *extra, MPI_Status *status) {
  struct irr_request_s *R = (struct irr_request_s *)extra;
  MPI_Status_set_elements(status, MPI_BYTE, 0);
  MPI_Status_set_cancelled(status, 0);
  status->MPI_SOURCE = MPI_ANY_SOURCE;
  status->MPI_TAG = MPI_ANY_TAG;
  status->MPI_ERROR = R->rc;
  return R->rc == MPI_SUCCESS ? MPI_SUCCESS : irr__raise(R->comm, R->rc); /* raised once, on comm */
}
static int irr__greq_free(void *extra) {
  struct irr_request_s *R = (struct irr_request_s *)extra;
  R->handed = 0;
  R->mreq = MPI_REQUEST_NULL;
  if (R->oneshot) irr__req_release(R);
  return MPI_SUCCESS;
}
static int irr__greq_cancel(void *extra, int complete) { /* a collective cannot be cancelled: no effect */
  (void)extra, (void)complete;
  return MPI_SUCCESS;
}
#endif
