import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { errorResponses } from '../../contract/schemas/common-schemas';
import {
  SshKeyCreateSchema,
  SshKeyIdQuerySchema,
  SshKeySchema,
  SshKeyUpdateSchema,
} from '../../contract/schemas/ssh-key-schemas';
import { auditedWrite } from '../audit/staff-writes';
import { created } from '../platform/http/created';
import { notFound } from '../platform/http/http-errors';
import { routesUnder } from '../platform/http/route-options';
import {
  deleteOwnSshKey,
  findOwnSshKey,
  findSshKeyClashes,
  insertSshKey,
  listSshKeys,
  type SshKeyRow,
  type SshKeyValues,
  updateOwnSshKey,
} from './ssh-keys-repository';
import { checkSshKey, clashError, duplicateToValidation } from './ssh-keys-rules';

const PATH = '/client/firmware/firmware_ssh_key';
const KEY_NOT_FOUND = 'SSH key not found';

const toSshKey = ({ id, name, key }: SshKeyRow) => ({ id, name, key });

/** The signed-in account's own SSH keys (spec §7); another account's key answers 404. */
const sshKeysRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const mine = routesUnder(['ssh keys']);
  // Issue 36: an admin's or a developer's own keys are audited too (never the key text: the name says it).
  const audit = (
    action: 'ssh_key.create' | 'ssh_key.update' | 'ssh_key.remove',
    id: number,
    name?: string,
  ) => ({
    action,
    objectType: 'ssh_key' as const,
    objectId: id,
    after: name === undefined ? null : { name },
  });
  const rethrow = (error: unknown) => {
    throw duplicateToValidation(error);
  };

  app.get(
    PATH,
    mine({
      summary: 'My SSH keys',
      response: { 200: { type: 'array', items: SshKeySchema }, ...errorResponses(401, 403) },
    }),
    async (request) => (await listSshKeys(app.db, request.account.id)).map(toSshKey),
  );

  app.post(
    PATH,
    mine({
      summary: 'Add an SSH key',
      body: SshKeyCreateSchema,
      response: { 201: SshKeySchema, ...errorResponses(401, 403, 422) },
    }),
    async (request, reply) => {
      const accountId = request.account.id;
      const values = checkSshKey(request.body) as SshKeyValues;
      const clash = clashError(await findSshKeyClashes(app.db, accountId, values));
      if (clash) throw clash;
      const row = await auditedWrite(
        app.db,
        request.account,
        (made: SshKeyRow) => audit('ssh_key.create', made.id, made.name),
        (db) => insertSshKey(db, accountId, values),
      ).catch(rethrow);
      // The account's one key lives at the path it was sent to.
      created(reply, ['client', 'firmware', 'firmware_ssh_key']);
      return toSshKey(row);
    },
  );

  app.put(
    PATH,
    mine({
      summary: 'Rename an SSH key or replace its key text',
      querystring: SshKeyIdQuerySchema,
      body: SshKeyUpdateSchema,
      response: { 200: SshKeySchema, ...errorResponses(401, 403, 404, 422) },
    }),
    async (request) => {
      const accountId = request.account.id;
      const { id } = request.query;
      if (!(await findOwnSshKey(app.db, accountId, id))) throw notFound(KEY_NOT_FOUND);
      const values = checkSshKey(request.body);
      const clash = clashError(await findSshKeyClashes(app.db, accountId, values, id));
      if (clash) throw clash;
      const entry = audit('ssh_key.update', id, request.body.name);
      const row = await auditedWrite(app.db, request.account, entry, async (db) => {
        const updated = await updateOwnSshKey(db, accountId, id, values);
        if (!updated) throw notFound(KEY_NOT_FOUND);
        return updated;
      }).catch(rethrow);
      return toSshKey(row);
    },
  );

  app.delete(
    PATH,
    mine({
      summary: 'Delete an SSH key',
      querystring: SshKeyIdQuerySchema,
      response: { 204: Type.Null({ description: 'Deleted' }), ...errorResponses(401, 403, 404, 422) },
    }),
    async (request, reply) => {
      const { id } = request.query;
      await auditedWrite(app.db, request.account, audit('ssh_key.remove', id), async (db) => {
        if (!(await deleteOwnSshKey(db, request.account.id, id))) throw notFound(KEY_NOT_FOUND);
      });
      return reply.code(204).send(null);
    },
  );
};

export default sshKeysRoutes;
