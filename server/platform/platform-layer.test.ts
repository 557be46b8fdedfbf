import { describe, expect, it } from 'vitest';
import { serverSources } from '../test/source-files';

// The features build on platform/ (db, http, plugins, mail, storage), never the other way round: seeding,
// which needs every feature, lives outside it (server/seed.ts) and beside what it seeds.
const FEATURES = 'accounts|agents|audit|builds|catalogue|exports|impact|queue|releases|sets|signing|tasks';

describe('platform/', () => {
  it('imports no feature folder', () => {
    const feature = new RegExp(`from '(\\.\\./)+(${FEATURES})/`);
    const offenders = serverSources('platform').filter(({ text }) => feature.test(text));
    expect(offenders.map(({ file }) => file)).toEqual([]);
  });
});
