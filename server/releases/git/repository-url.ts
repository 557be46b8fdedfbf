/** A repository url as shown to people: a password written into it is masked. */
export function maskUrl(url: string): string {
  if (!/^[a-z][a-z0-9+.-]*:\/\//i.test(url)) return url;
  try {
    const parsed = new URL(url);
    if (!parsed.password) return url;
    parsed.password = '***';
    return parsed.toString();
  } catch {
    return url;
  }
}

/** What to tell people about a repository that did not answer, without its password. */
export function unreachable(repository: { name: string; url: string }, error: { reason: string }): string {
  return `Repository ${repository.name} is unreachable: ${error.reason.replaceAll(repository.url, maskUrl(repository.url))}`;
}

/**
 * Why a url cannot be handed to git, or undefined when it can. git's own check (ls-remote) comes after;
 * this only keeps out what git would read as an option or a command.
 */
export function gitUrlProblem(url: string): string | undefined {
  if (url.trim() !== url || url === '') return 'Must not start or end with spaces';
  if (url.startsWith('-')) return 'Must be a git url or a path';
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what we reject
  if (/[\u0000-\u001f\u007f]/.test(url)) return 'Must not contain control characters';
  if (/^ext::/i.test(url)) return 'The ext transport is not allowed';
  return undefined;
}
