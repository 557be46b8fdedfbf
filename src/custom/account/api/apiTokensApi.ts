// Issue 38: the API tokens' calls, one function each, over the httpClient.
import type {
  ApiToken,
  ApiTokenCreate,
  ApiTokenCreated,
} from '../../../../contract/schemas/api-token-schemas';
import type { HttpClient } from '../../../dataProvider/httpClient';
import { callOf } from '../../../dataProvider/paths';

export type { ApiToken, ApiTokenCreated };

/** Whose tokens a list shows: the signed-in account's own, or (admins) another account's. */
export type TokenOwner = { mine: true } | { mine: false; userId: number };

export const apiTokensKey = (owner: TokenOwner) => ['apiTokens', owner.mine ? 'mine' : owner.userId];

export async function listApiTokens(http: HttpClient, owner: TokenOwner): Promise<ApiToken[]> {
  const { path, request } = owner.mine
    ? callOf('myApiTokens')
    : callOf('partnerApiTokens', { user_id: owner.userId });
  return (await http<ApiToken[]>(path, request)).json;
}

export async function makeApiToken(http: HttpClient, body: ApiTokenCreate): Promise<ApiTokenCreated> {
  const { path, request } = callOf('makeApiToken');
  return (await http<ApiTokenCreated>(path, { ...request, body })).json;
}

export async function revokeApiToken(http: HttpClient, owner: TokenOwner, id: number): Promise<void> {
  const { path, request } = owner.mine
    ? callOf('revokeMyApiToken', { id })
    : callOf('revokeApiToken', { id });
  await http(path, request);
}
