// Source files and function names of a CPU profile's frames, through the source maps of a `--sourcemap` build
// (bench/startup-profile.ts).
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { SourceMapConsumer } from 'source-map-js';

export interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
  columnNumber: number;
}

/** `sourceOf` names a frame's module (the chunk when there is no map), `functionOf` its function and line. */
export function sourceMaps(SPA_DIR: string) {
  const maps = new Map<string, SourceMapConsumer | null>();
  async function mapOf(url: string): Promise<SourceMapConsumer | null> {
    const file = url.match(/\/assets\/[^?#]+\.js$/)?.[0];
    if (!file) return null;
    if (!maps.has(file)) {
      try {
        const raw = await readFile(join(SPA_DIR, `${file}.map`), 'utf8');
        maps.set(file, new SourceMapConsumer(JSON.parse(raw)));
      } catch {
        maps.set(file, null);
      }
    }
    return maps.get(file) ?? null;
  }

  /** "source file" of a frame: the original module when a map is there, else the chunk. */
  async function sourceOf(frame: CallFrame): Promise<string> {
    if (!frame.url) return `(${frame.functionName || 'native'})`;
    const map = await mapOf(frame.url);
    const chunk = frame.url.replace(/^.*\/assets\//, '');
    if (!map) return chunk;
    const pos = map.originalPositionFor({ line: frame.lineNumber + 1, column: frame.columnNumber });
    if (!pos.source) return chunk;
    return pos.source.replace(/^.*node_modules\//, 'nm:').replace(/^(\.\.\/)+/, '');
  }
  async function functionOf(frame: CallFrame): Promise<string> {
    if (!frame.url) return `(${frame.functionName || 'native'})`;
    const map = await mapOf(frame.url);
    if (!map) return `${frame.functionName}@${frame.url.replace(/^.*\/assets\//, '')}`;
    const pos = map.originalPositionFor({ line: frame.lineNumber + 1, column: frame.columnNumber });
    return `${pos.name ?? frame.functionName}@${(pos.source ?? '').replace(/^.*node_modules\//, 'nm:').replace(/^(\.\.\/)+/, '')}:${pos.line}`;
  }
  return { sourceOf, functionOf };
}
