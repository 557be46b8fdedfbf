/**
 * What a build script (`BUILD_COMMAND`) finds in its environment: never the whole environment of the agent
 * (or of the console, for the embedded agent), which holds its token and the server's secrets, but these
 * system variables, the job's own, and whatever the operator names in `BUILD_ENV`.
 */
export const BASE_BUILD_ENV = ['PATH', 'HOME', 'LANG', 'LC_ALL', 'TZ', 'TMPDIR'] as const;

/** The job's variables, documented in the README: set by the agent, whatever the environment holds. */
export interface JobVariables {
  OUTPUT_DIR: string;
  SOURCES_DIR: string;
  JOB_ID: string;
  JOB_UUID: string;
  JOB_ATTEMPT: string;
}

const NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** `BUILD_ENV`: variable names separated by commas (spaces allowed); a name that is not one is an error. */
export function parseBuildEnv(raw: string | undefined): string[] {
  const names = (raw ?? '')
    .split(',')
    .map((name) => name.trim())
    .filter((name) => name !== '');
  const wrong = names.find((name) => !NAME.test(name));
  if (wrong !== undefined) throw new Error(`BUILD_ENV must list variable names, got "${wrong}"`);
  return [...new Set(names)];
}

/** The environment of one build script run. */
export function buildEnvironment(
  source: Readonly<Record<string, string | undefined>>,
  passThrough: readonly string[],
  job: JobVariables,
): Record<string, string> {
  const env: Record<string, string> = {};
  for (const name of [...BASE_BUILD_ENV, ...passThrough]) {
    const value = source[name];
    if (value !== undefined) env[name] = value;
  }
  // The worker token is the agent's, never the script's, even when named.
  delete env.AGENT_TOKEN;
  return { ...env, ...job };
}
