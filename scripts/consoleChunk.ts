// Writes the address of the console's chunk (src/App.tsx) where the entry asks for it, so that it is fetched beside
// the shell's chunk while the two are evaluated one after the other, and the addresses of the first list pages'
// chunks, fetched with them (src/layout/consoleChunks.ts, issue 14).
import type { Plugin } from 'vite';
import { CONSOLE_CHUNK, FIRST_PAGE_MODULES, PAGE_CHUNKS } from '../src/layout/consoleChunks';

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
 * Puts `base` + the console chunk's file name in place of CONSOLE_CHUNK, and the first pages' chunks with what they
 * import (JSON, escaped as the inside of a string literal) in place of PAGE_CHUNKS, in every chunk that has them.
 */
function writeChunkUrls(bundle: Record<string, OutputChunkLike>, base: string): void {
  const chunks = Object.values(bundle).filter((c) => c.type === 'chunk');
  const app = chunkOf(chunks, 'src/App.tsx');
  const pages = Object.fromEntries(
    Object.entries(FIRST_PAGE_MODULES).map(([route, modules]) => {
      const own = modules.map((module) => chunkOf(chunks, module));
      const files = new Set(own.flatMap((chunk) => [chunk.fileName, ...(chunk.imports ?? [])]));
      return [route, [...files].map((file) => `${base}${file}`)];
    }),
  );
  const pagesLiteral = JSON.stringify(JSON.stringify(pages)).slice(1, -1);
  for (const chunk of chunks)
    if (chunk.code?.includes(CONSOLE_CHUNK) || chunk.code?.includes(PAGE_CHUNKS))
      chunk.code = chunk.code
        .replaceAll(CONSOLE_CHUNK, `${base}${app.fileName}`)
        .replaceAll(PAGE_CHUNKS, pagesLiteral);
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
