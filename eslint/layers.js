// The layers of the source tree (docs/architecture.md#layers), eslint.config.js's rules for src/:
// src/shared at the bottom; the entities' resource.ts, the simulator and the service's core on it;
// the console on top. Each message names the allowed way. Also the public surfaces: an entity
// folder and a domain service are used through their index.ts (the tests' rules reuse those).

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
 * An entity folder is used by other folders through its index.ts, its stated public surface
 * (docs/architecture.md#layers); its other modules are its own. ENTITY_SURFACE for the modules
 * inside src/entities/<name>/ (which reach another folder as '../<other>/...'), ENTITY_SURFACE_OUTSIDE
 * for src/server and tests (which reach it as '<...>/entities/<other>/...').
 */
export const ENTITY_SURFACE_MESSAGE =
  "An entity folder is used through its public surface: import another entity through its index.ts ('../B' or '<...>/entities/B'), not its modules; add what you need to that index.ts.";
const ENTITY_SURFACE = { regex: '^\\.\\./(?!\\.)[^/]+/', message: ENTITY_SURFACE_MESSAGE };
export const ENTITY_SURFACE_OUTSIDE = { regex: '(^|/)entities/[^/]+/', message: ENTITY_SURFACE_MESSAGE };
/**
 * src/server below the entities' behaviour: a folder's tables (table.ts) and definitions
 * (resource.ts, client-safe) directly, so that a service loads no binding; the rest through index.ts.
 */
const ENTITY_SURFACE_SERVICE = {
  regex: '(^|/)entities/[^/]+/(?!(table|resource)$)',
  message:
    "src/server uses an entity folder's table.ts and resource.ts directly ('<...>/entities/B/table'), and the rest through its index.ts ('<...>/entities/B'), not its other modules.",
};

/** An entity folder's seed.ts writes the demo data: the service's only. */
const SEED_SERVICE_ONLY = {
  group: ['**/client/**', '**/sim/**', './screen', '../*/screen', 'react'],
  message: 'seed.ts runs in the service: no console or simulator code.',
};

/** The no-restricted-imports rules of each layer under src/, one config object per set of files. */
export const layers = [
  {
    files: ['src/shared/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '(^|/)(client|server|sim|entities)/',
              message:
                'src/shared is the bottom layer: it imports nothing of src/server, src/client, src/sim or src/entities. Move the pure code it needs down into src/shared, or move the importing code up to its users.',
            },
            {
              group: ['react', 'fastify', 'drizzle-orm*'],
              message:
                'src/shared is loaded by the console, the service and the simulator: no UI, server or database library.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/sim/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/server/**', '**/client/**', '**/entities/**', 'fastify', 'drizzle-orm*'],
              message:
                'src/sim is a client of the service: import only src/shared; move a pure helper it needs into src/shared (src/demo-fleet.ts joins it to the service).',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/client/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/server/**', '**/sim/**'],
              message:
                "src/client talks to the service over HTTP and MQTT: import src/shared (and the entities' resource.ts), never src/server or src/sim.",
            },
            {
              // They run ffmpeg (node:child_process, node:fs): the service's and the simulator's only.
              group: ['**/shared/media-tools', '**/shared/ffmpeg-rtp'],
              message: 'This module runs ffmpeg in Node: the console cannot load it.',
            },
            {
              regex: '(^|/)entities/(?!(resources\\.gen|screens\\.gen|registry)$)(?![^/]+/(resource|screen)$)',
              message:
                "From src/entities the console imports only an entity's resource.ts, its screen.tsx, entities/resources.gen, entities/screens.gen and entities/registry: move a type or pure helper both sides need into src/shared.",
            },
          ],
        },
      ],
    },
  },
  {
    // An entity folder's resource.ts is in the console's bundle (through RESOURCES): shared code only.
    files: ['src/entities/*/resource.ts', 'src/entities/resources.gen.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: [
                '**/client/**',
                '**/server/**',
                '**/sim/**',
                '**/shared/media-tools',
                'react',
                'fastify',
                'drizzle-orm*',
              ],
              message:
                'resource.ts is bundled into the console: import only src/shared (server code goes in server.ts).',
            },
            {
              regex: '(^|/)registry$',
              message:
                'src/entities/registry.ts includes this file (an import cycle): import the ResourceDef type from shared/resources/types.',
            },
            {
              group: ['./server', '../*/server'],
              message: 'resource.ts is bundled into the console: never import a server.ts.',
            },
            {
              // The one deep import into another entity folder this file may make: its resource.ts is
              // console-safe like this one, while its index.ts may re-export server code.
              regex: '^\\.\\./(?!\\.)[^/]+(/(?!resource$)[^/]*)?$',
              message:
                "resource.ts is bundled into the console: of another entity it imports only the console-safe resource.ts ('../B/resource'), never its index.ts (which may re-export server code) or other modules.",
            },
          ],
        },
      ],
    },
  },
  {
    // An entity folder's screen.tsx is the console's (through screens.gen.ts, which registry.tsx merges).
    files: ['src/entities/*/screen.tsx', 'src/entities/screens.gen.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: [
                '**/server/**',
                '**/sim/**',
                '**/shared/media-tools',
                '**/shared/ffmpeg-rtp',
                'fastify',
                'drizzle-orm*',
              ],
              message:
                'screen.tsx is bundled into the console: import src/client and src/shared, never server code (that goes in server.ts).',
            },
            {
              regex: '(^|/)(server|seed|seeds\\.gen|server\\.gen|tables\\.gen)$',
              message: 'screen.tsx is bundled into the console: never import a server.ts or seed.ts.',
            },
            {
              // Like src/client: another entity's resource.ts and screen.tsx, never its index.ts (server code).
              regex: '^\\.\\./(?!\\.)[^/]+(/(?!(resource|screen)$)[^/]*)?$',
              message:
                "screen.tsx is bundled into the console: of another entity it imports only resource.ts or screen.tsx ('../B/resource'), never its index.ts (which may re-export server code) or other modules.",
            },
          ],
        },
      ],
    },
  },
  {
    // An entity folder's seed.ts writes the demo data (through seeds.gen.ts, which src/server/db/seed.ts runs): the service's only.
    files: ['src/entities/*/seed.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [SEED_SERVICE_ONLY, DOMAIN_SURFACE, ENTITY_SURFACE],
        },
      ],
    },
  },
  {
    // seeds.gen.ts sits in src/entities/ itself ('../' is src/ from there): the folder rules above do not fit it.
    files: ['src/entities/seeds.gen.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [SEED_SERVICE_ONLY] }],
    },
  },
  {
    // An entity folder's server.ts (its binding and hooks) takes tables from table.ts files directly.
    files: ['src/entities/*/server.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/client/**', '**/sim/**'],
              message: 'server.ts runs in the service: no console or simulator code.',
            },
            {
              group: ['**/server/db/schema'],
              message:
                "server.ts takes its tables from the table.ts that declares them ('./table', '../B/table') or src/server/db/tables.ts.",
            },
            DOMAIN_SURFACE,
            {
              // The bindings' layer: another entity's server.ts (its binding) or table.ts directly. An
              // index.ts also re-exports services that load the entity registry, which lists this file.
              regex: '^\\.\\./(?!\\.)[^/]+/(?!(server|table)$)',
              message: ENTITY_SURFACE_MESSAGE,
            },
          ],
        },
      ],
    },
  },
  {
    // An entity folder's table.ts holds its Drizzle tables only: src/server/db/schema.ts loads it (through
    // tables.gen.ts) for drizzle-kit and the Db type, so it loads no behaviour.
    files: ['src/entities/*/table.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '(^|/)(client|sim)/|(^|/)server/(?!db/columns$)|^\\./server$|^fastify$',
              message:
                'table.ts holds tables only: import drizzle-orm, src/server/db/columns.ts, src/shared, ./resource and other table.ts files, never server code.',
            },
            {
              // Another entity's table.ts only: its index.ts and server.ts load behaviour.
              regex: '^\\.\\./(?!\\.)[^/]+/(?!table$)',
              message: "table.ts holds tables only: of another entity it imports only the table.ts ('../B/table').",
            },
          ],
        },
      ],
    },
  },
  {
    // An entity folder's other modules (index.ts, routes, helpers, tests) run in the service.
    files: ['src/entities/**/*.{ts,tsx}'],
    ignores: [
      'src/entities/*/resource.ts',
      'src/entities/*/server.ts',
      'src/entities/*/table.ts',
      'src/entities/*/screen.tsx',
      'src/entities/*/seed.ts',
      'src/entities/*.gen.ts',
    ],
    rules: {
      'no-restricted-imports': ['error', { patterns: [DOMAIN_SURFACE, ENTITY_SURFACE] }],
    },
  },
  {
    // src/entities/registry.ts lists the folders through resources.gen.ts: '../' is src/ from here.
    files: ['src/entities/registry.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [DOMAIN_SURFACE] }],
    },
  },
  {
    // The service runs without the simulator: src/main.ts starts the demo fleet beside it.
    files: ['src/server/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/sim/**', '**/client/**'],
              message:
                'src/server is the core: it never imports src/sim or src/client (src/main.ts and src/demo-fleet.ts join them); move code both need into src/shared.',
            },
            DOMAIN_SURFACE,
            ENTITY_SURFACE_SERVICE,
          ],
        },
      ],
    },
  },
  {
    // The tables that belong to no entity reference the entity tables (users, tenants) directly: an
    // index.ts loads behaviour, and schema.ts, which re-exports this file, loads only tables.
    files: ['src/server/db/tables.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/sim/**', '**/client/**'],
              message: 'src/server is the core: it never imports src/sim or src/client.',
            },
            {
              regex: '(^|/)entities/[^/]+/(?!table$)',
              message:
                "tables.ts holds tables only: of an entity folder it imports only the table.ts ('<...>/entities/B/table').",
            },
          ],
        },
      ],
    },
  },
];
