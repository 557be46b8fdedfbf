// The interface scale (a module of its own: the entry sets it on every page, without the theme and MUI).

/** Interface scale: the root font size, which rem-based typography and spacing follow. */
export function applyScale(scale: number, doc: Document = document): void {
  doc.documentElement.style.fontSize = `${scale * 100}%`;
}
