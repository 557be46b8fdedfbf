// How a failed sign-in of the live socket closes it: a verdict on the session (4401, 4403) signs the console
// out, anything else (the database away while PostgreSQL restarts) must not, or a blip signs everyone out.
import { describe, expect, it } from 'vitest';
import { CLOSE_TRY_AGAIN } from '../../contract/live-socket';
import { forbidden, unauthorized } from '../platform/http/http-errors';
import { closeCodeForFailedSignIn } from './live-socket-auth';
import { CLOSE_NOT_ALLOWED, CLOSE_SESSION_ENDED } from './live-socket-sessions';

describe('closeCodeForFailedSignIn', () => {
  it("gives the API's 401 and 403 as 4401 and 4403", () => {
    expect(closeCodeForFailedSignIn(unauthorized('Token expired'))).toBe(CLOSE_SESSION_ENDED);
    expect(closeCodeForFailedSignIn(forbidden('Account is blocked'))).toBe(CLOSE_NOT_ALLOWED);
  });

  it('tells the client to try again when the token could not be checked (a database error)', () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
    expect(closeCodeForFailedSignIn(refused)).toBe(CLOSE_TRY_AGAIN);
  });
});
