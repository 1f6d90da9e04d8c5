// `npx tsx tests/bench/lists.ts`: only the list benches of `npm run bench` (the user list and every
// registered list), on PGlite, or on PostgreSQL when DATABASE_URL is set. BENCH_LISTS=merchant,simCard
// narrows the registered lists; BENCH_LIST_ROWS their size. No build needed.
import { listLatency } from './list';
import { benchRegistryLists } from './registry-lists';

const started = performance.now();
if (!process.env.BENCH_LISTS) {
  for (const list of await listLatency()) {
    console.log(
      `User list on ${list.db}, ${list.rows.toLocaleString('en')} rows (seeded in ${(list.seedMs / 1000).toFixed(1)} s), page 20 sorted by name, like + status filter, ${list.n} calls: ` +
        `p50 ${list.p50.toFixed(1)} ms, p95 ${list.p95.toFixed(1)} ms, max ${list.max.toFixed(1)} ms`,
    );
  }
}
const lines = await benchRegistryLists();
lines.forEach((line) => console.log(line));
console.log(`List benches ran in ${((performance.now() - started) / 1000).toFixed(0)} s.`);
process.exitCode = lines[0]!.includes('; 0 missed') ? 0 : 1;
