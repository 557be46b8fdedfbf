// A test file's world (an app, a build world, an agent world…) in one line: made before the file's first test,
// closed after its last.
import { afterAll, beforeAll } from 'vitest';

/**
 * Registers the `beforeAll` that makes the world and the `afterAll` that closes it, and answers a stand-in for
 * the world: reading a property reads it from the world once made (inside tests and hooks). Hooks the file
 * registers after this line run after the world is made, and their `afterAll`s before it is closed.
 */
export function sharedWorld<W extends { close(): unknown }>(create: () => Promise<W>): W {
  let world: W | undefined;
  beforeAll(async () => {
    world = await create();
  });
  afterAll(async () => {
    await world?.close();
  });
  const made = (): W => {
    if (!world) throw new Error('The world is made in beforeAll: use it inside tests and hooks');
    return world;
  };
  return new Proxy({} as W, {
    get: (_, key) => {
      const value = Reflect.get(made(), key);
      return typeof value === 'function' ? value.bind(made()) : value;
    },
    has: (_, key) => Reflect.has(made(), key),
    ownKeys: () => Reflect.ownKeys(made()),
    getOwnPropertyDescriptor: (_, key) => {
      const descriptor = Reflect.getOwnPropertyDescriptor(made(), key);
      return descriptor ? { ...descriptor, configurable: true } : undefined;
    },
  });
}
