/** A key as the console makes them: lowercase folders and names, no `..`, no leading slash. */
const KEY = /^(?:[a-z0-9][a-z0-9._-]*\/)*(?:[a-z0-9][a-z0-9._-]*)?$/;

/** The key itself, or a throw for anything that could leave the store's root. */
export function checkedKey(key: string): string {
  if (!KEY.test(key) || key.split('/').includes('..')) throw new Error(`not a storage key: ${key}`);
  return key;
}
