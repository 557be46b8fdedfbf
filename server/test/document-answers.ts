// Issue 38: an answer judged by the served OpenAPI document, as Schemathesis does: no 5xx, a status the
// document declares for the operation, and a JSON body matching the schema it gives for that status.
import Ajv, { type ValidateFunction } from 'ajv';
import type { LightMyRequestResponse } from 'fastify';
import type { App } from '../app';
import type { Operation } from './openapi-routes';

// biome-ignore lint/suspicious/noExplicitAny: the OpenAPI document is plain JSON walked by key.
type Json = any;

/** Judges answers by the document `app` serves at /api/docs (read once). */
export async function documentJudge(app: App) {
  const doc: Json = (await app.inject({ method: 'GET', url: '/api/docs' })).json();
  // OpenAPI 3.0 schemas: `nullable`, `example` and `x-` keys are theirs; formats are left to the server.
  const ajv = new Ajv({ strict: false, validateFormats: false });
  const validators = new Map<string, ValidateFunction | null>();
  const responsesOf = (op: Operation) => doc.paths[op.path][op.method.toLowerCase()].responses;

  const validatorOf = (op: Operation, status: string) => {
    const key = `${op.key} ${status}`;
    if (!validators.has(key)) {
      const schema = responsesOf(op)[status]?.content?.['application/json']?.schema;
      validators.set(key, schema ? ajv.compile({ ...schema, components: doc.components }) : null);
    }
    return validators.get(key);
  };

  /** What is wrong with the answer by the document, or undefined. */
  return (op: Operation, res: LightMyRequestResponse): string | undefined => {
    const responses = responsesOf(op);
    const status = String(res.statusCode);
    if (res.statusCode >= 500) return `${status}: ${res.body.slice(0, 200)}`;
    if (!responses[status] && !responses.default) return `undeclared ${status}: ${res.body.slice(0, 200)}`;
    if (!String(res.headers['content-type'] ?? '').startsWith('application/json')) return undefined;
    const validate = validatorOf(op, responses[status] ? status : 'default');
    if (validate && !validate(res.json()))
      return `${status} off its schema: ${ajv.errorsText(validate.errors)} in ${res.body.slice(0, 200)}`;
    return undefined;
  };
}
