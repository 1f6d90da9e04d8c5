// `node --import tsx tests/server/template-cli.ts <env.json> <owner pid>`: builds the seeded PGlite
// template of the test databases (template-db.ts) for the phases of `npm test` that come after
// (scripts/test.mjs runs it beside the typecheck, when a core is free) and writes the environment
// that names it to <env.json>. The template outlives this process: the owner removes it when its
// run ends, and until then no other run takes it for a dead run's leftover.
import { writeFileSync } from 'node:fs';
import { createTemplate } from './template-db';

const [out, owner] = process.argv.slice(2);
const ownerPid = Number(owner);
if (!out || !Number.isInteger(ownerPid) || ownerPid <= 0) {
  console.error('usage: template-cli.ts <env.json> <owner pid>');
  process.exit(2);
}
delete process.env.DATABASE_URL;
await createTemplate(ownerPid);
const names = ['TEST_TEMPLATE_PGLITE', 'TEST_TEMPLATE_PGLITE_DIR', 'TEST_TEMPLATE_SEEDED_AT'];
writeFileSync(out, JSON.stringify(Object.fromEntries(names.map((n) => [n, process.env[n]]))));
