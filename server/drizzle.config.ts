import { defineConfig } from 'drizzle-kit';

// Generates the committed SQL migrations in server/drizzle from src/db/schema.ts.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema/index.ts',
  out: './drizzle',
});
