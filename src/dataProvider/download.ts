// A file the API served, handed to the browser as a download (the CSV exports, a build's log).

/** Downloads `blob` as `name`; its object URL is let go `keepMs` after the click has handed it over. */
export function downloadBlob(blob: Blob, name: string, keepMs: number) {
  const url = URL.createObjectURL(blob);
  try {
    const link = document.createElement('a');
    link.href = url;
    link.download = name;
    document.body.append(link);
    link.click();
    link.remove();
  } finally {
    setTimeout(() => URL.revokeObjectURL(url), keepMs);
  }
}
