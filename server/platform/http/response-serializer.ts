import { SerializerSelector } from '@fastify/fast-json-stringify-compiler';
import type { FastifySerializerCompiler } from 'fastify/types/schema';
import { lazily } from './lazy';

// Fastify's own compiler (fast-json-stringify: only the properties a response schema names are sent); no
// shared schemas are registered with addSchema, so there are no external schemas to give it.
const compile = SerializerSelector()({}, {});

/** Fastify's response serializer, compiled on a route's first response instead of at start. */
export const lazyResponseSerializer: FastifySerializerCompiler<unknown> = (route) => {
  const serializer = lazily(() => compile(route as Parameters<typeof compile>[0]));
  return (data) => serializer()(data);
};
