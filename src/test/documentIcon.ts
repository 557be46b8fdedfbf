// The page icon's <link> for tests of what switches it. Only that link is added and removed: the rest of
// document.head (emotion's style elements) stays, since the dom project's files share one document (issue 40).

/** Puts the console's default page icon in the document's head, as index.html has it. */
export function putDocumentIcon(): void {
  removeDocumentIcons();
  const link = document.createElement('link');
  link.rel = 'icon';
  link.href = '/favicon.svg';
  document.head.append(link);
}

/** Removes every page icon link from the document's head. */
export function removeDocumentIcons(): void {
  for (const link of document.head.querySelectorAll('link[rel="icon"]')) link.remove();
}
