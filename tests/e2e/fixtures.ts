import { test as base } from '@playwright/test';
import { baseUrlOf, e2eServices, serviceEnv, type E2eService } from './services';

/**
 * `test` and `expect` for every spec: each worker uses only its own service (tests/e2e/services.ts),
 * number `parallelIndex`, which a restarted worker keeps. The worker's environment is set to that
 * service's ports and folder before any test or hook runs (tests/e2e/helpers.ts, the sim CLI and
 * protocol-devices.spec.ts read it), and `baseURL` points at it: the page, `request`, and contexts
 * a test opens with `browser.newContext()` (Playwright Test gives those the test's context options,
 * baseURL among them).
 */
export const test = base.extend<{ ownContextsClosed: void }, { e2eService: E2eService }>({
  // Contexts a test opens itself (`browser.newContext()`: a second console, a phone) close when it
  // ends, passed or failed. Playwright leaves them open in the worker's browser, where their
  // consoles kept taking pushes, ringing for later tests' SOS and repainting for the rest of the run.
  ownContextsClosed: [
    async ({ browser }, use) => {
      const before = new Set(browser.contexts());
      await use();
      await Promise.all(
        browser
          .contexts()
          .filter((c) => !before.has(c))
          .map((c) => c.close().catch(() => {})),
      );
    },
    { auto: true },
  ],
  e2eService: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern.
    async ({}, use, workerInfo) => {
      const services = e2eServices();
      const service = services[workerInfo.parallelIndex];
      if (!service)
        throw new Error(
          `worker ${workerInfo.parallelIndex} has no e2e service (${services.length} started): ` +
            'set E2E_WORKERS to the number of workers (playwright.config.ts)',
        );
      Object.assign(process.env, serviceEnv(service));
      await use(service);
    },
    { scope: 'worker', auto: true },
  ],
  baseURL: async ({ e2eService }, use) => {
    await use(baseUrlOf(e2eService));
  },
});

export { expect } from '@playwright/test';
