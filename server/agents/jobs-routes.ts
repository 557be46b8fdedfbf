import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import {
  ClaimAnswerSchema,
  EventsBodySchema,
  FinishAnswerSchema,
  FinishBodySchema,
  JobIdParamsSchema,
  JobStateSchema,
} from '../../contract/schemas/agent-schemas';
import { errorResponses } from '../../contract/schemas/common-schemas';
import { boundEvents, droppedMarker, LogRateLimit } from '../builds/logs/log-bounds';
import { conflict } from '../platform/http/http-errors';
import { invalid } from '../platform/http/validation-errors';
import { renewLease } from '../queue/jobs-repository';

export const NOT_HELD =
  'This agent does not hold the job (cancelled, finished, or re-queued after its lease expired)';

const jobsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const tags = ['agent'];
  const logRate = new LogRateLimit(app.jobQueue.options.logLinesPerSecond, app.jobQueue.options.logBurst);

  /** The job, when the caller holds it; its lease is renewed on the way. */
  const held = async (id: number, agentId: number) => {
    const job = await renewLease(app.db, id, agentId, app.jobQueue.options.leaseMs);
    if (!job) throw conflict(NOT_HELD);
    return job;
  };

  app.post(
    '/agent/jobs/claim',
    {
      schema: {
        tags,
        summary: 'Wait for a job and take it (long poll)',
        description:
          'Answers as soon as a job is pending (in turns by account: server/queue/fair-order.ts), or 204 after ' +
          'about 25 s. Claimed with ' +
          'SELECT … FOR UPDATE SKIP LOCKED and a 60-second lease that every events call and heartbeat renews.',
        response: {
          200: ClaimAnswerSchema,
          204: Type.Null({ description: 'No job came' }),
          ...errorResponses(401, 403),
        },
      },
    },
    async (request, reply) => {
      // The response closing before we answered means the agent hung up (timeout, stopped).
      let hungUp = false;
      reply.raw.once('close', () => {
        hungUp = !reply.raw.writableFinished;
      });
      const job = await app.jobQueue.claim(request.agent, app.jobQueue.options.claimWaitMs, () => hungUp);
      if (!job) return reply.code(204).send(null);
      return { job: { id: job.id, uuid: job.uuid, attempt: job.attempt, spec: job.spec } };
    },
  );

  app.post(
    '/agent/jobs/:id/events',
    {
      schema: {
        tags,
        summary: "Report a job's log lines and progress; answers whether to go on",
        description:
          'Each event is stored once per (job, attempt, seq): a batch sent again after a lost answer doubles ' +
          "nothing. 'cancelling' tells the agent to stop the build and finish it as failed. An empty batch " +
          'only renews the lease.',
        params: JobIdParamsSchema,
        body: EventsBodySchema,
        response: { 200: JobStateSchema, ...errorResponses(401, 403, 409, 422) },
      },
    },
    async (request) => {
      const job = await held(request.params.id, request.agent.id);
      if (request.body.attempt !== undefined && request.body.attempt !== job.attempt)
        throw conflict(NOT_HELD);
      // Defence in depth (issue 12): every secret the console holds, and the build's uuid, are masked in what
      // the agent sends, before it is stored or published.
      const redactor = app.buildLogRedactor(job.uuid);
      const events = request.body.events.map((event) =>
        event.type === 'log' ? { ...event, data: redactor.line(event.data) } : event,
      );
      // Bounded (issue 14): lines over the rate or past the run's cap are dropped, and markers say so.
      const { maxEventsPerAttempt } = app.jobQueue.options;
      const bounded = boundEvents(logRate, maxEventsPerAttempt, job.id, job.attempt, events);
      const marker = bounded.report > 0 ? droppedMarker(bounded.report, logRate.rate) : undefined;
      await app.jobQueue.report(job, bounded.events, marker);
      return { state: job.cancel_requested ? ('cancelling' as const) : ('running' as const) };
    },
  );

  app.post(
    '/agent/jobs/:id/finish',
    {
      schema: {
        tags,
        summary: 'Finish a job: done (the uploaded artifact must match sha256 and size) or failed',
        description: "A job whose cancel was asked for ends 'cancelled' whatever the agent says.",
        params: JobIdParamsSchema,
        body: FinishBodySchema,
        response: { 200: FinishAnswerSchema, ...errorResponses(401, 403, 409, 422) },
      },
    },
    async (request) => {
      const { status, sha256, size } = request.body;
      const job = await held(request.params.id, request.agent.id);
      if (status === 'done' && !job.cancel_requested) {
        if (!sha256 || size === undefined)
          throw invalid(['body', 'sha256'], 'sha256 and size are required when done');
        if (job.sha256 !== sha256 || job.file_size !== size) {
          throw invalid(['body', 'sha256'], 'No uploaded artifact matches this sha256 and size');
        }
      }
      const reason = request.body.reason && app.buildLogRedactor(job.uuid).line(request.body.reason);
      const ended = await app.jobQueue.finish(job, request.agent.id, { ...request.body, reason });
      if (!ended) throw conflict(NOT_HELD);
      return { status: ended.status as 'done' | 'failed' | 'cancelled' };
    },
  );
};

export default jobsRoutes;
