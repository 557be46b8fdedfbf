import { defineConfig } from 'drizzle-kit';

// Generates SQL migrations from the schema: `npx drizzle-kit generate`. They are applied at start by
// drizzle-orm's migrator (server/platform/db/migrate.ts), never by drizzle-kit itself.
export default defineConfig({
  dialect: 'postgresql',
  schema: './server/platform/db/schema.ts',
  out: './server/platform/db/migrations',
});
