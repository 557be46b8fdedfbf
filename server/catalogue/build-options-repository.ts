import { asc, count, sql } from 'drizzle-orm';
import type { BuildOptionType } from '../../contract/statuses';
import type { Db } from '../platform/db/client';
import { buildOptions } from '../platform/db/schema';

export type BuildOptionValue = boolean | string | string[];

export interface BuildOption {
  name: string;
  type: BuildOptionType;
  default: BuildOptionValue;
  description: string;
}

/** The options a fresh console offers admins; everyone else builds with the defaults. */
export const DEMO_BUILD_OPTIONS: BuildOption[] = [
  { name: 'fan_control', type: 'bool', default: true, description: 'Let the firmware control the fan speed' },
  {
    name: 'immersion_mode',
    type: 'bool',
    default: false,
    description: 'Run without fans (immersion cooling): fan checks are off',
  },
  { name: 'min_fans', type: 'str', default: '4', description: 'Working fans needed before hashing starts' },
  {
    name: 'autotune_profile',
    type: 'list',
    default: ['efficiency', 'balanced', 'performance'],
    description: 'Autotune profiles offered in the miner web interface, the first one active',
  },
  {
    name: 'dns_servers',
    type: 'list',
    default: ['1.1.1.1', '8.8.8.8'],
    description: 'DNS servers the miner resolves pool addresses with',
  },
  { name: 'hostname_prefix', type: 'str', default: 'miner', description: 'Host name prefix of the miner' },
  { name: 'ssh_server', type: 'bool', default: true, description: 'Keep the SSH server running' },
  {
    name: 'web_password_reset',
    type: 'bool',
    default: false,
    description: 'Allow resetting the web interface password with the IP report button',
  },
];

/** Seeds the build options when there are none; answers whether it did. */
export async function ensureBuildOptions(db: Db): Promise<boolean> {
  const [row] = await db.select({ total: count() }).from(buildOptions);
  if ((row?.total ?? 0) > 0) return false;
  await db
    .insert(buildOptions)
    .values(
      DEMO_BUILD_OPTIONS.map((option, position) => ({
        name: option.name,
        type: option.type,
        default_value: option.default,
        description: option.description,
        position,
      })),
    )
    .onConflictDoNothing();
  return true;
}

/**
 * Every option, in their order. The default is read as JSON text and parsed here: the drivers hand a jsonb
 * string to drizzle already decoded and drizzle parses it again, which turns the string '4' into 4.
 */
export async function listBuildOptions(db: Db): Promise<BuildOption[]> {
  const rows = await db
    .select({
      name: buildOptions.name,
      type: buildOptions.type,
      default_json: sql<string>`${buildOptions.default_value}::text`,
      description: buildOptions.description,
    })
    .from(buildOptions)
    .orderBy(asc(buildOptions.position), asc(buildOptions.name));
  return rows.map(({ default_json, ...row }) => ({
    ...row,
    default: JSON.parse(default_json) as BuildOptionValue,
  }));
}

/** `{name: default}` of every option. */
export async function buildOptionDefaults(db: Db): Promise<Record<string, BuildOptionValue>> {
  return Object.fromEntries((await listBuildOptions(db)).map((option) => [option.name, option.default]));
}
