/**
 * The job columns a build takes each time it enters the queue (submit, edit, rebuild, upgrade): the back of
 * the queue, no holder, not finished, visible in the task list again. A function: the time is the call's.
 */
export const queuedJob = () => ({
  queued_at: new Date(),
  worker_id: null,
  lease_until: null,
  started_at: null,
  finished_at: null,
  cancel_requested: false,
  task_hidden: false,
});
