// The service in zones (docs/architecture.md#layers), bottom to top: src/shared; definitions (the
// entities' resource.ts); core (src/server/lib, config.ts, config-env.ts, db/columns.ts, rows.ts,
// scope.ts); tables (the entities' table.ts, tables.gen.ts, db/tables.ts); database (db/schema.ts,
// driver.ts, pglite-*.ts); services (the rest of src/server); entity behaviour (the entity folders'
// other modules); composition (app.ts, main.ts, types.ts, plugins/, routes/, db/seed*.ts, the
// generated server.gen.ts and seeds.gen.ts). A zone never imports one above it: the rules of
// src/server's zones are here, those of src/shared and src/entities in eslint/layers.js.

/**
 * The domain services (payments, approvals, attendance, faces, supervision) are reached through
 * their folder's index.ts, their stated public surface; their other modules are theirs alone.
 */
export const DOMAIN_SURFACE = {
  regex:
    '(^|/)server/(payments|approvals|attendance|faces|supervision)/|^\\.\\./(payments|approvals|attendance|faces|supervision)/',
  message:
    "A domain service is used through its public surface: import '<...>/server/<service>' (its index.ts), not its modules; add what you need to that index.ts.",
};

/**
 * The services (src/server outside the core, the database and the composition) sit below the
 * entities' behaviour: of an entity folder they import its tables (table.ts) and definitions
 * (resource.ts, client-safe) only, and the lists of them (tables.gen.ts, resources.gen.ts,
 * registry.ts), so that a service loads no binding.
 */
const ENTITY_SURFACE_SERVICE = {
  regex: '(^|/)entities/(?![^/]+/(table|resource)$|(tables\\.gen|resources\\.gen|registry)$)',
  message:
    "A service sits below the entity folders' behaviour: of an entity it imports only table.ts and resource.ts ('<...>/entities/B/table'). Move the helper you need from the entity folder down into this service (the entity then imports it from here), or have the composition (src/server/plugins, routes) pass it in.",
};
/** The composition (plugins, routes, app.ts) uses an entity folder's table.ts and resource.ts directly, the rest through its index.ts. */
const ENTITY_SURFACE_COMPOSITION = {
  regex: '(^|/)entities/[^/]+/(?!(table|resource)$)',
  message:
    "The composition uses an entity folder's table.ts and resource.ts directly ('<...>/entities/B/table'), and the rest through its index.ts ('<...>/entities/B'), not its other modules.",
};

/** The service runs without the simulator and the console: src/main.ts starts the demo fleet beside it. */
const NO_CONSOLE_OR_SIM = {
  group: ['**/sim/**', '**/client/**'],
  message:
    'src/server is the core: it never imports src/sim or src/client (src/main.ts and src/demo-fleet.ts join them); move code both need into src/shared.',
};

/** The composition: it wires the zones below it together, and nothing below imports it. */
const COMPOSITION = [
  'src/server/app.ts',
  'src/server/main.ts',
  'src/server/types.ts',
  'src/server/plugins/**/*.ts',
  'src/server/routes/**/*.ts',
  'src/server/db/seed*.ts',
];
const COMPOSITION_MESSAGE =
  'The composition (src/server/app.ts, main.ts, types.ts, plugins/, routes/, db/seed*.ts, src/entities/server.gen.ts and seeds.gen.ts) sits on top: nothing below imports it. Import the service module that holds what you need (src/server/auth/request.ts for authed, src/server/devices/scope.ts, src/server/db/entity-seeds.ts, src/server/db/demo-files.ts), or move the helper down into a service.';
/** The composition seen from src/server/<depth folders>/: its files by their path from there. */
const compositionFrom = (up) => ({
  regex: `^${up.replaceAll('.', '\\.')}((app|main|types)$|(plugins|routes)/|db/seed)`,
  message: COMPOSITION_MESSAGE,
});
/** The composition seen from an entity folder's modules (src/entities/<name>/). */
export const COMPOSITION_FROM_ENTITY = {
  regex: '^\\.\\./\\.\\./server/((app|main|types)$|(plugins|routes)/|db/seed)|^\\.\\./(server|seeds)\\.gen$',
  message: COMPOSITION_MESSAGE,
};

/** The core: on src/shared and the entities' resource.ts only. */
const CORE = [
  'src/server/lib/**/*.ts',
  'src/server/config.ts',
  'src/server/config-env.ts',
  'src/server/db/columns.ts',
  'src/server/db/rows.ts',
  'src/server/db/scope.ts',
];
const CORE_MESSAGE =
  "The service's core (src/server/lib, config.ts, config-env.ts, db/columns.ts, db/rows.ts, db/scope.ts) sits on src/shared and the entities' resource.ts only: no table, database, service, entity behaviour or composition. Move the pure piece it needs down into the core (e.g. src/server/lib), or the importing code up into a service.";
/** The database: the schema (all tables) and the driver whose Db type it makes, right above the tables. */
const DATABASE = ['src/server/db/schema.ts', 'src/server/db/driver.ts', 'src/server/db/pglite-*.ts'];
const DATABASE_MESSAGE =
  'The database (src/server/db/schema.ts, driver.ts, pglite-*.ts) sits on the tables, the core and src/shared: no service, entity behaviour or composition. Move what it needs down, or the importing code up into a service.';

/** One zone's config object: its files may not import what `patterns` name, nor src/sim and src/client. */
const zone = (files, patterns, ignores) => ({
  files,
  ...(ignores && { ignores }),
  rules: { 'no-restricted-imports': ['error', { patterns: [NO_CONSOLE_OR_SIM, ...patterns] }] },
});
/** The zones other than the services. */
const NOT_SERVICES = [...CORE, ...DATABASE, ...COMPOSITION, 'src/server/db/tables.ts'];

/** The no-restricted-imports rules of src/server, one config object per zone (eslint/layers.js adds them). */
export const serverZones = [
  // The services: src/server outside the other zones, by their depth under src/server (a relative
  // path names the composition differently from each).
  ...['./', '../', '../../'].map((up, depth) =>
    zone(
      [`src/server/${'*/'.repeat(depth)}*.ts`],
      [DOMAIN_SURFACE, ENTITY_SURFACE_SERVICE, compositionFrom(up)],
      NOT_SERVICES,
    ),
  ),
  // src/server/db/ holds services too (autovacuum.ts, partitions.ts, entity-seeds.ts, demo-files.ts):
  // its seed*.ts files are the composition's.
  zone(
    ['src/server/db/*.ts'],
    [
      DOMAIN_SURFACE,
      ENTITY_SURFACE_SERVICE,
      compositionFrom('../'),
      { regex: '^\\./seed', message: COMPOSITION_MESSAGE },
    ],
    NOT_SERVICES,
  ),
  // The core: src/shared and the entities' resource.ts. From src/server/lib/ and src/server/db/ ('../'
  // is src/server) and from src/server/ itself ('../' is src/).
  zone(
    ['src/server/lib/**/*.ts'],
    [
      {
        regex: '^\\.\\./(?!\\.\\./(shared/|entities/[^/]+/resource$)|lib/|config(-env)?$|db/(columns|rows|scope)$)',
        message: CORE_MESSAGE,
      },
    ],
  ),
  zone(
    ['src/server/config.ts', 'src/server/config-env.ts'],
    [
      {
        regex: '^\\.\\./(?!shared/|entities/[^/]+/resource$)|^\\./(?!lib/|config(-env)?$|db/(columns|rows|scope)$)',
        message: CORE_MESSAGE,
      },
    ],
  ),
  zone(
    ['src/server/db/columns.ts', 'src/server/db/rows.ts', 'src/server/db/scope.ts'],
    [
      {
        regex:
          '^\\./(?!(columns|rows|scope)$)|^\\.\\./(?!\\.\\./(shared/|entities/[^/]+/resource$)|lib/|config(-env)?$)',
        message: CORE_MESSAGE,
      },
    ],
  ),
  // The database: the tables (src/entities/*/table.ts, tables.gen.ts, db/tables.ts), the core, src/shared.
  zone(DATABASE, [
    {
      regex:
        '^\\./(?!(columns|rows|scope|tables|schema|driver|pglite-[a-z]+)$)|^\\.\\./(?!\\.\\./(shared/|entities/([^/]+/(table|resource)|tables\\.gen)$)|lib/|config(-env)?$)',
      message: DATABASE_MESSAGE,
    },
  ]),
  // The tables that belong to no entity reference the entity tables (users, tenants) directly: an
  // index.ts loads behaviour, and schema.ts, which re-exports this file, loads only tables.
  zone(
    ['src/server/db/tables.ts'],
    [
      {
        regex: '(^|/)entities/[^/]+/(?!table$)',
        message:
          "tables.ts holds tables only: of an entity folder it imports only the table.ts ('<...>/entities/B/table').",
      },
      {
        regex: '^\\./(?!(columns|rows|scope)$)|^\\.\\./(?!\\.\\./(shared/|entities/)|lib/|config(-env)?$)',
        message:
          'tables.ts holds tables only: it imports drizzle-orm, src/shared, the core (db/columns.ts, lib/) and table.ts files, never the database, a service or the composition.',
      },
    ],
  ),
  // The composition may use every zone; of an entity folder its index.ts too.
  zone(COMPOSITION, [DOMAIN_SURFACE, ENTITY_SURFACE_COMPOSITION]),
];
