// Writes the address of the console's chunk (src/App.tsx) where the entry asks for it, so that it is fetched beside
// the shell's chunk while the two are evaluated one after the other (src/layout/consoleChunks.ts, issue 14).
import type { Plugin } from 'vite';
import { CONSOLE_CHUNK } from '../src/layout/consoleChunks';

interface OutputChunkLike {
  type: 'chunk' | 'asset';
  fileName: string;
  facadeModuleId?: string | null;
  code?: string;
}

/** Puts `base` + the console chunk's file name in place of the placeholder in every chunk that has it. */
function writeConsoleChunkUrl(bundle: Record<string, OutputChunkLike>, base: string): void {
  const chunks = Object.values(bundle).filter((c) => c.type === 'chunk');
  const app = chunks.find((c) => c.facadeModuleId?.replaceAll('\\', '/').endsWith('/src/App.tsx'));
  if (!app) throw new Error('consoleChunk: no chunk for src/App.tsx');
  for (const chunk of chunks)
    if (chunk.code?.includes(CONSOLE_CHUNK))
      chunk.code = chunk.code.replaceAll(CONSOLE_CHUNK, `${base}${app.fileName}`);
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
      writeConsoleChunkUrl(bundle as unknown as Record<string, OutputChunkLike>, base);
    },
  };
}
