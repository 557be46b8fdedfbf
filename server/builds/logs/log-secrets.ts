import { secretsOfEnvironment, secretsOfUrl } from '../../../contract/redact';
import type { Config } from '../../config';

/**
 * Every secret the console holds, for masking in build logs: its settings (the JWT secret, the database and
 * SMTP urls whole and their passwords, the metrics token, the first accounts' passwords) and the value of
 * any variable of its environment whose name looks secret. The embedded agent masks them before sending a
 * line, and the server again before storing one (defence in depth: an older or foreign agent may not).
 */
export function serverSecrets(config: Config, env: NodeJS.ProcessEnv = process.env): string[] {
  const settings = [
    config.jwtSecret,
    ...secretsOfUrl(config.databaseUrl),
    ...secretsOfUrl(config.smtpUrl),
    config.metricsToken,
    config.adminPassword,
    config.demoPassword,
  ];
  return [
    ...new Set([...settings.filter((value): value is string => !!value), ...secretsOfEnvironment(env)]),
  ];
}
