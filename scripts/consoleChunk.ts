// Writes the address of the console's chunk (src/App.tsx) where the entry asks for it, so that it is fetched beside
// the shell's chunk while the two are evaluated one after the other, and the addresses of the routed pages' stages
// and of the first list pages' chunks, fetched with them (src/boot/consoleChunks.ts, issue 14).
import type { Plugin } from 'vite';
import {
  CONSOLE_CHUNK,
  FIRST_PAGE_MODULES,
  PAGE_CHUNKS,
  ROUTED_CHUNKS,
  ROUTED_MODULES,
} from '../src/boot/consoleChunks';

interface OutputChunkLike {
  type: 'chunk' | 'asset';
  fileName: string;
  facadeModuleId?: string | null;
  code?: string;
  imports?: string[];
}

/** The chunk whose entry module is `module` (a path from the project's root); the build fails without one. */
function chunkOf(chunks: OutputChunkLike[], module: string): OutputChunkLike {
  const found = chunks.find((c) => c.facadeModuleId?.replaceAll('\\', '/').endsWith(`/${module}`));
  if (!found) throw new Error(`consoleChunk: no chunk for ${module}`);
  return found;
}

/**
 * Puts `base` + the console chunk's file name in place of CONSOLE_CHUNK, and the first pages' and the routed pages'
 * chunks with what they import (JSON, escaped as the inside of a string literal) in place of PAGE_CHUNKS and
 * ROUTED_CHUNKS, in every chunk that has them.
 */
function writeChunkUrls(bundle: Record<string, OutputChunkLike>, base: string): void {
  const chunks = Object.values(bundle).filter((c) => c.type === 'chunk');
  const app = chunkOf(chunks, 'src/App.tsx');
  // The chunks of `modules` and those they import, each once.
  const addresses = (modules: readonly string[]) => {
    const own = modules.map((module) => chunkOf(chunks, module));
    const files = new Set(own.flatMap((chunk) => [chunk.fileName, ...(chunk.imports ?? [])]));
    return [...files].map((file) => `${base}${file}`);
  };
  const pages = Object.fromEntries(
    Object.entries(FIRST_PAGE_MODULES).map(([route, modules]) => [route, addresses(modules)]),
  );
  // JSON, escaped as the inside of a string literal.
  const literal = (value: unknown) => JSON.stringify(JSON.stringify(value)).slice(1, -1);
  const written: [string, string][] = [
    [CONSOLE_CHUNK, `${base}${app.fileName}`],
    [PAGE_CHUNKS, literal(pages)],
    [ROUTED_CHUNKS, literal(addresses(ROUTED_MODULES))],
  ];
  for (const chunk of chunks)
    for (const [placeholder, value] of written)
      if (chunk.code?.includes(placeholder)) chunk.code = chunk.code.replaceAll(placeholder, value);
}

/** The Vite plugin (`vite build` only). */
export function consoleChunkPlugin(): Plugin {
  let base = '/';
  return {
    name: 'console-chunk-url',
    apply: 'build',
    configResolved(config) {
      base = config.base;
    },
    generateBundle(_options, bundle) {
      writeChunkUrls(bundle as unknown as Record<string, OutputChunkLike>, base);
    },
  };
}
