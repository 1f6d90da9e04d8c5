// `npm run bench`: prints the figures the foundation is held to. Targets are printed next to
// each figure; a miss sets a non-zero exit code so a regression is visible, never a flaky test.
import { initialJsGzip } from './bundle-size';
import { loginRoundTrip } from './login';

const KB = 1024;
const JS_TARGET = 250 * KB;
let missed = false;

const js = initialJsGzip('dist');
console.log('Initial JavaScript (gzip, level 9):');
for (const f of js.files) console.log(`  ${(f.gzip / KB).toFixed(1).padStart(7)} KB  ${f.file}`);
const jsOk = js.total < JS_TARGET;
missed ||= !jsOk;
console.log(`  ${(js.total / KB).toFixed(1).padStart(7)} KB  total (target < 250 KB) ${jsOk ? 'ok' : 'MISSED'}`);

const login = await loginRoundTrip();
console.log(
  `Login round trip on ${login.db}, argon2id production cost, ${login.n} sequential logins: ` +
    `p50 ${login.p50.toFixed(1)} ms, p95 ${login.p95.toFixed(1)} ms, max ${login.max.toFixed(1)} ms`,
);

process.exitCode = missed ? 1 : 0;
