const USERINFO = /^([a-z][a-z0-9+.-]*:\/\/)[^/?#]*@/i;
const USERINFO_IN_TEXT = /([a-z][a-z0-9+.-]*:\/\/)[^\s/?#'"]*@/gi;

/**
 * A repository url as shown to people (API answers, the audit log, messages): its whole user part is masked,
 * `https://***@host/r.git`, since a token is as often written as the user (`https://TOKEN@host`) as as the
 * password (`user:TOKEN@`) (issue 36). The stored url keeps it: git needs it. An scp-like `git@host:path`
 * is left as it is: ssh takes no password in it, and its user is a login name, not a secret.
 */
export function maskUrl(url: string): string {
  return url.replace(USERINFO, '$1***@');
}

/**
 * Free text (git's stderr, an error's message) with the user part of every url in it masked as maskUrl
 * does: git writes the url it was given into some of its messages, and those reach answers and logs.
 */
export function maskUrlsIn(text: string): string {
  return text.replace(USERINFO_IN_TEXT, '$1***@');
}

/** What to tell people about a repository that did not answer (the error's reason is already masked). */
export function unreachable(repository: { name: string }, error: { reason: string }): string {
  return `Repository ${repository.name} is unreachable: ${maskUrlsIn(error.reason)}`;
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
