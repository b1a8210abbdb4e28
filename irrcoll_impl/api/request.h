/* The requests' entry points: IRR_Start, IRR_Startall, IRR_Test, IRR_Wait, IRR_Waitall,
   IRR_Request_free, IRR_Request_mpi (contracts: api/decl.h; mpi/request.h, mpi/greq.h). */

IRR_DEF int IRR_Start(IRR_Request *request) {
  struct irr_request_s *R = request ? *request : NULL;
  if (!R) return irr__raise(MPI_COMM_WORLD, MPI_ERR_REQUEST);
  if (R->state != IRR__REQ_INACTIVE || R->oneshot || R->handed) return irr__raise(R->comm, MPI_ERR_REQUEST);
  if (R->pristine) {
    R->s = R->s0;
    memcpy(R->ops, R->pristine, (size_t)R->s.nops * sizeof(irr_op));
  }
  irr__req_run(R, R->dc, (int)(R->starts++ % IRR__SEQ_MOD) * 2 + 1);
  return MPI_SUCCESS;
}

IRR_DEF int IRR_Startall(int count, IRR_Request requests[]) {
  int i, rc = MPI_SUCCESS;
  if (count < 0 || (count > 0 && !requests)) return irr__raise(MPI_COMM_WORLD, MPI_ERR_ARG);
  for (i = 0; i < count && rc == MPI_SUCCESS; i++) rc = IRR_Start(&requests[i]);
  return rc;
}

IRR_DEF int IRR_Test(IRR_Request *request, int *flag, MPI_Status *status) {
  struct irr_request_s *R;
  if (!request || !flag) return irr__raise(MPI_COMM_WORLD, MPI_ERR_ARG);
  R = *request;
  *flag = 1;
  if (R && R->handed) return irr__raise(R->comm, MPI_ERR_REQUEST); /* the MPI request's now */
  if (!R || R->state == IRR__REQ_INACTIVE) {
    irr__req_empty(status);
    return MPI_SUCCESS;
  }
  if (R->state == IRR__REQ_RUNNING) irr__req_progress(R->ctx, 0);
  if (R->state == IRR__REQ_RUNNING) {
    *flag = 0;
    return MPI_SUCCESS;
  }
  return irr__req_complete(request, status);
}

IRR_DEF int IRR_Wait(IRR_Request *request, MPI_Status *status) {
  struct irr_request_s *R;
  if (!request) return irr__raise(MPI_COMM_WORLD, MPI_ERR_ARG);
  R = *request;
  if (R && R->handed) return irr__raise(R->comm, MPI_ERR_REQUEST);
  if (!R || R->state == IRR__REQ_INACTIVE) {
    irr__req_empty(status);
    return MPI_SUCCESS;
  }
  while (R->state == IRR__REQ_RUNNING) irr__req_progress(R->ctx, 1);
  return irr__req_complete(request, status);
}

/* Every request progressed in turn (they may be on different communicators) until all are
   complete. */
IRR_DEF int IRR_Waitall(int count, IRR_Request requests[], MPI_Status statuses[]) {
  int i, running = 1, rc = MPI_SUCCESS, failed = 0;
  if (count < 0 || (count > 0 && !requests)) return irr__raise(MPI_COMM_WORLD, MPI_ERR_ARG);
  for (i = 0; i < count; i++)
    if (requests[i] && requests[i]->handed) return irr__raise(requests[i]->comm, MPI_ERR_REQUEST);
  while (running) {
    running = 0;
    for (i = 0; i < count; i++)
      if (requests[i] && requests[i]->state == IRR__REQ_RUNNING) {
        irr__req_progress(requests[i]->ctx, 0);
        running |= requests[i]->state == IRR__REQ_RUNNING;
      }
  }
  for (i = 0; i < count; i++) {
    MPI_Status *st = statuses == MPI_STATUSES_IGNORE ? MPI_STATUS_IGNORE : &statuses[i];
    int r;
    if (!requests[i] || requests[i]->state == IRR__REQ_INACTIVE) {
      irr__req_empty(st);
      continue;
    }
    r = irr__req_complete(&requests[i], st);
    if (r != MPI_SUCCESS) {
      failed = 1;
      if (rc == MPI_SUCCESS) rc = r;
    }
  }
  if (failed && statuses != MPI_STATUSES_IGNORE) return MPI_ERR_IN_STATUS;
  return rc;
}

IRR_DEF int IRR_Request_free(IRR_Request *request) {
  struct irr_request_s *R = request ? *request : NULL;
  if (!R) return irr__raise(MPI_COMM_WORLD, MPI_ERR_REQUEST);
  if (R->state != IRR__REQ_INACTIVE || R->handed) return irr__raise(R->comm, MPI_ERR_REQUEST);
  irr__req_release(R);
  *request = IRR_REQUEST_NULL;
  return MPI_SUCCESS;
}

IRR_DEF int IRR_Request_mpi(IRR_Request *request, MPI_Request *out) {
  struct irr_request_s *R = request ? *request : NULL;
  if (out) *out = MPI_REQUEST_NULL;
  if (!R) return irr__raise(MPI_COMM_WORLD, MPI_ERR_REQUEST);
  if (!out) return irr__raise(R->comm, MPI_ERR_ARG);
#if IRRCOLL_HAVE_REQUEST_MPI
  {
    int rc;
    if (R->state == IRR__REQ_INACTIVE || R->handed) return irr__raise(R->comm, MPI_ERR_REQUEST);
    rc = MPIX_Grequest_start(irr__greq_query, irr__greq_free, irr__greq_cancel, irr__greq_poll, irr__greq_wait, R,
                             &R->mreq);
    if (rc != MPI_SUCCESS) return irr__raise(R->comm, rc);
    R->handed = 1;
    R->gnext = irr__greq_head;
    irr__greq_head = R;
    *out = R->mreq;
    if (R->oneshot) *request = IRR_REQUEST_NULL; /* the MPI request owns it now */
    return MPI_SUCCESS;
  }
#else
  return irr__raise(R->comm, MPI_ERR_UNSUPPORTED_OPERATION);
#endif
}
