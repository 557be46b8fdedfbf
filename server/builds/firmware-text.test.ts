// Issue 36, finding 6.4: what a partner types that the builder writes into a firmware file (a pool's alias
// into miner.conf, an SSH key's name and comment) holds no line break or control character: 422 naming the
// field, nothing written.
import { describe, expect, it } from 'vitest';
import { api, buildBody, pools, rowCounts, sharedBuildWorldWithSet } from '../test/build-fixtures';
import { expectValidationError } from '../test/helper';

const { w, post } = sharedBuildWorldWithSet('Firmware text');

const MESSAGE = 'No line breaks or control characters';
const UNSAFE = {
  'a line separator (U+2028)': 'F2Pool\u2028pools = []',
  'a paragraph separator (U+2029)': 'F2Pool\u2029x',
  'a next line (U+0085)': 'F2Pool\u0085x',
  'a line feed': 'F2Pool\nx',
  'an escape (ESC)': 'F2\u001b[31mPool',
  'a right-to-left override': 'F2\u202ePool',
};

describe('a pool alias', () => {
  it.each(Object.entries(UNSAFE))('with %s is refused, naming the field', async (_name, alias) => {
    const before = await rowCounts(w.t.db);
    const res = await post(buildBody(w, w.setId, { fee_pools_configs: pools([{}, { alias }]) }));
    const issue = expectValidationError(res, 'alias');
    expect(issue).toMatchObject({ loc: ['body', 'fee_pools_configs', 1, 'alias'], msg: MESSAGE });
    expect(await rowCounts(w.t.db)).toEqual(before);
  });

  it('with letters of any script, spaces and punctuation is kept', async () => {
    const alias = 'Пул «Север» #1 (main)';
    const res = await post(buildBody(w, w.setId, { fee_pools_configs: pools([{}, { alias }]) }));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().fee_pools_configs[1].alias).toBe(alias);
  });
});

describe('an SSH key', () => {
  const KEY = 'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIOMqqnkVzrm0SdG6UOoqKLsabgH5C9okWi0dh2l9GKJl';
  const add = (body: Record<string, string>) =>
    api(w, 'POST', '/client/firmware/firmware_ssh_key', w.partner.token, body);

  it('named with a line separator is refused', async () => {
    const res = await add({ name: 'laptop\u2028root', key: KEY });
    expect(expectValidationError(res, 'name').msg).toBe(MESSAGE);
  });

  it('whose comment holds a control character is refused', async () => {
    const other = 'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIGHXMEDJ1qylt4mmeU414RkFm0ZeCKic9uXL9yJBWKxw';
    const res = await add({ name: 'laptop', key: `${other} me@host\u0085evil` });
    expect(expectValidationError(res, 'key').msg).toBe(MESSAGE);
  });
});
