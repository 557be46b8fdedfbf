// Stands in for `jsonexport/dist/index.js` in the build (an alias in vite.config.ts): react-admin's default CSV
// exporter (ra-core's `defaultExporter`, the default of every list controller's `exporter`) imports jsonexport,
// so each list page's chunk carried its ~19 KB of source (2026-11-27), a first /firmwares among them (issue
// 14: that page's Lighthouse LCP is the time its chunks take to download). The console's own exports are made
// by the server (ExportCsvButton.tsx) and no list of ours shows react-admin's export button; should one, the
// library is fetched on that click and called as react-admin calls it.
type Callback = (error: Error | null, csv: string) => void;

/** jsonexport's `(data, [options], callback)`, with the library imported when first called. */
export default function jsonExport(data: unknown, ...rest: unknown[]): void {
  const callback = rest.at(-1) as Callback;
  // Not the aliased specifier, so the build resolves the library itself.
  import('jsonexport/dist/index')
    .then(({ default: convert }) => convert(data, ...rest))
    .catch((error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), ''));
}
