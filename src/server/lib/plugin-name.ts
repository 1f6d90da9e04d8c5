const DISPLAY_NAME = Symbol.for('fastify.display-name');

/**
 * A Fastify plugin with its name on it. Fastify names each registration, for its errors and
 * plugin chain; a function without `fastify.display-name` (what fastify-plugin sets) is looked for
 * among the exports of every module in require.cache first. At 280 registrations an app and
 * 1,900 cached modules in a test worker, that search was about 0.1 s of each app's start. A
 * plugin that has a name (fastify-plugin's) keeps it.
 */
export function named<T extends object>(name: string, plugin: T): T {
  const own = plugin as Record<symbol, unknown>;
  own[DISPLAY_NAME] ??= name;
  return plugin;
}
