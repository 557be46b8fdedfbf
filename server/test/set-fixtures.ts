// Sets' test world (server/sets/): the build world with an SSH key and a logo of the partner's, and a key of the
// other partner's, for sets to take or refuse.
import { insertLogoSet } from '../accounts/logos-repository';
import { insertSshKey } from '../accounts/ssh-keys-repository';
import { createBuildWorld } from './build-fixtures';

export async function createSetWorld() {
  const w = await createBuildWorld();
  const keyId = (
    await insertSshKey(w.t.db, w.partner.id, {
      name: 'laptop',
      key: 'ssh-ed25519 AAAA1 me',
      fingerprint: 'f1',
    })
  ).id;
  const otherKeyId = (
    await insertSshKey(w.t.db, w.other.id, { name: 'theirs', key: 'ssh-ed25519 AAAA2 x', fingerprint: 'f2' })
  ).id;
  const logo = { le_file: 'a.png', le_type: 'image/png', de_file: 'b.png', de_type: 'image/png' };
  const logoId = (await insertLogoSet(w.t.db, { ...logo, account_id: w.partner.id }, false)).id;
  return { ...w, keyId, logoId, otherKeyId };
}
