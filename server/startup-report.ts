import type { CreatedCredentials, SeedResult } from './seed';

function credentialsLine(label: string, created: CreatedCredentials, passwordVariable: string): string {
  return `${label}: ${created.email} / ${created.generatedPassword ?? `(the password in ${passwordVariable})`}`;
}

/** What main prints at start: the URL, and credentials only for accounts created by this start. */
export function formatStartupReport(url: string, seeded: SeedResult): string[] {
  const lines = [`Console: ${url}`];
  if (seeded.admin) lines.push(credentialsLine('Admin', seeded.admin, 'ADMIN_PASSWORD'));
  if (seeded.partner) lines.push(credentialsLine('Partner', seeded.partner, 'DEMO_PASSWORD'));
  return lines;
}
