import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { notices, websites } from '../../../src/server/db/schema';
import { listKeys } from '../../../src/server/engine/query';
import { bindingFor, resolveBinding } from '../../../src/server/engine/registry';
import { ENTITY_SERVERS } from '../../../src/entities/server.gen';
import {
  BUTTON_PERMISSIONS,
  findResource,
  RESOURCES,
  resourceOfRoute,
  ROUTE_OWNERS,
} from '../../../src/entities/registry';
import type { ResourceDef } from '../../../src/shared/resources/types';
import { defineSeed, orderSeeds, type EntitySeed } from '../../../src/server/db/entity-seeds';
import { ENTITY_SEEDS_IN_ORDER } from '../../../src/server/db/seed';

interface EntityFolder {
  name: string;
  screen: boolean;
  seed: boolean;
}
interface EntitiesScript {
  entityFolders(dir?: string): EntityFolder[];
  render(folders: EntityFolder[]): Record<string, string>;
  generate(opts: { check?: boolean; dir?: string }): string[];
}
const script = (await import('../../../scripts/entities.mjs' as string)) as EntitiesScript;

// The mechanism of the entity folders (docs/adding-a-resource.md); each folder tests its entity.
describe('entity folders', () => {
  it('the generated lists match the folders (scripts/entities.mjs --check)', () => {
    const run = spawnSync(process.execPath, ['scripts/entities.mjs', '--check'], { encoding: 'utf8' });
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
  });

  it('every folder is served, listed in RESOURCES and bound', () => {
    const folders = readdirSync('src/entities', { withFileTypes: true }).filter((d) => d.isDirectory());
    expect(folders.length).toBeGreaterThanOrEqual(5);
    expect(ENTITY_SERVERS).toHaveLength(folders.length);
    expect(ENTITY_SERVERS.map((e) => `${e.binding.def.kind}/${e.binding.def.name}`)).toEqual(
      expect.arrayContaining(['user/notice', 'user/website', 'device/installation']),
    );
    for (const { binding } of ENTITY_SERVERS) {
      expect(RESOURCES).toContain(binding.def);
      expect(bindingFor(binding.def.kind, binding.def.name)).toBe(binding);
    }
  });

  it('every column a list declares sortable sorts: a stored column, or the one that orders a computed field', () => {
    const refused = ENTITY_SERVERS.flatMap(({ binding: b }) =>
      b.def.fields
        .filter((f) => f.list && f.list.sortable)
        .filter((f) => {
          try {
            listKeys(b, [{ field: f.name, order: 'asc' }]);
            return false;
          } catch {
            return true;
          }
        })
        .map((f) => `${b.def.name}.${f.name}`),
    );
    expect(refused).toEqual([]);
  });

  it('a binding derives id, tenantId and the columns from the table: what the hand-written maps said', () => {
    const notice = bindingFor('user', 'notice')!;
    expect(notice.id).toBe(notices.id);
    expect(notice.tenantId).toBe(notices.tenantId);
    expect(notice.columns).toEqual({
      title: notices.title,
      content: notices.content,
      level: notices.level,
      status: notices.status,
      tenantId: notices.tenantId,
      createdAt: notices.createdAt,
    });
    const website = bindingFor('user', 'website')!;
    expect(website.columns).toEqual({
      siteName: websites.siteName,
      logo: websites.logo,
      phone: websites.phone,
      email: websites.email,
      address: websites.address,
      theme: websites.theme,
      tenantId: websites.tenantId,
    });
  });

  it('explicit columns override the derived ones (a renamed column); computed fields are not columns; tenantScoped needs a tenant column', () => {
    const things = pgTable('things', {
      id: serial('id').primaryKey(),
      tenantId: integer('tenant_id').notNull(),
      label: text('label'),
      extra: text('extra'),
    });
    const label = { id: 'x', message: 'x' };
    const def: ResourceDef = {
      kind: 'user',
      name: 'thing',
      label,
      routes: ['information'],
      tenantScoped: true,
      mark: 'thing',
      defaultSort: { field: 'id', order: 'asc' },
      fields: [
        { name: 'id', label, type: 'integer' },
        { name: 'name', label, type: 'text' },
        { name: 'extra', label, type: 'text' },
        { name: 'tenantId', label, type: 'ref' },
      ],
    };
    const b = resolveBinding({
      def,
      table: things,
      columns: { name: things.label },
      computed: { extra: things.extra.getSQL() },
    });
    expect(b.id).toBe(things.id);
    expect(b.tenantId).toBe(things.tenantId);
    expect(b.columns).toEqual({ name: things.label, tenantId: things.tenantId });
    expect(
      resolveBinding({ def: { ...def, tenantScoped: false, fields: [] }, table: things }).tenantId,
    ).toBeUndefined();
    const untenanted = pgTable('untenanted', { id: serial('id').primaryKey() });
    expect(() => resolveBinding({ def, table: untenanted })).toThrow(/tenantScoped needs a tenantId column/);
  });

  it('the permission buttons of a mark outside MARK_ENTITIES come from its def: one per action, under its home route', () => {
    const website = findResource('user', 'website')!;
    const buttons = BUTTON_PERMISSIONS.filter((b) => b.mark.startsWith('website:'));
    expect(buttons.map((b) => b.mark)).toEqual((website.actions ?? []).map((a) => `website:${a}`));
    expect(buttons[0]).toEqual({ mark: 'website:add', route: 'website', cn: '新增官网设置', en: 'Add website' });
    expect(BUTTON_PERMISSIONS.filter((b) => b.mark.startsWith('notice:')).map((b) => b.route)).toEqual(
      Array(5).fill('information'),
    );
    expect(new Set(BUTTON_PERMISSIONS.map((b) => b.mark)).size).toBe(BUTTON_PERMISSIONS.length);
  });

  it('a route several resources name answers the one ROUTE_OWNERS names, whatever the folder order', () => {
    const claimants = new Map<string, string[]>();
    for (const r of RESOURCES)
      for (const route of r.routes) claimants.set(route, [...(claimants.get(route) ?? []), `${r.kind}/${r.name}`]);
    const shared = [...claimants].filter(([, keys]) => keys.length > 1).map(([route]) => route);
    expect(shared.sort()).toEqual(Object.keys(ROUTE_OWNERS).sort());
    for (const route of shared) {
      expect(claimants.get(route)).toContain(ROUTE_OWNERS[route]);
      const owner = resourceOfRoute(route)!;
      expect(`${owner.kind}/${owner.name}`).toBe(ROUTE_OWNERS[route]);
    }
    // The tenant list lists tenants; its enterprise applications are a panel of the screen.
    expect(resourceOfRoute('tenantList')).toBe(findResource('user', 'tenant'));
  });
});

describe('scripts/entities.mjs', () => {
  const GENERATED = ['resources.gen.ts', 'screens.gen.ts', 'seeds.gen.ts', 'server.gen.ts', 'tables.gen.ts'];

  /** A throwaway src/entities/: work-order with all six files, plain with resource.ts and server.ts only. */
  function entitiesDir(): string {
    const dir = mkdtempSync(join(tmpdir(), 'entities-'));
    const folder = (name: string, files: string[]) => {
      mkdirSync(join(dir, name));
      for (const file of files) writeFileSync(join(dir, name, file), 'export default {};\n');
    };
    folder('work-order', ['resource.ts', 'server.ts', 'table.ts', 'routes.ts', 'screen.tsx', 'seed.ts']);
    folder('plain', ['resource.ts', 'server.ts']);
    return dir;
  }

  it('lists a folder in the resource and server lists, its routes.ts with its server, and its table.ts, screen.tsx and seed.ts in the table, screen and seed lists', () => {
    const dir = entitiesDir();
    try {
      const folders = script.entityFolders(dir);
      expect(folders).toEqual([
        { name: 'plain', table: false, screen: false, seed: false, routes: false },
        { name: 'work-order', table: true, screen: true, seed: true, routes: true },
      ]);
      const files = script.render(folders);
      expect(Object.keys(files).sort()).toEqual(GENERATED);
      expect(files['resources.gen.ts']).toContain("import workOrderResource from './work-order/resource';");
      expect(files['resources.gen.ts']).toContain('[plainResource, workOrderResource]');
      expect(files['tables.gen.ts']).toContain("export * from './work-order/table';");
      expect(files['server.gen.ts']).toContain("import workOrderServer from './work-order/server';");
      expect(files['server.gen.ts']).toContain("import workOrderRoutes from './work-order/routes';");
      expect(files['server.gen.ts']).toContain('  plainServer,\n  { ...workOrderServer, routes: workOrderRoutes },\n');
      expect(files['server.gen.ts']).not.toContain('plain/routes');
      expect(files['screens.gen.ts']).toContain("import workOrderScreens from './work-order/screen';");
      expect(files['screens.gen.ts']).toContain("{ entity: 'work-order', screens: workOrderScreens },");
      expect(files['seeds.gen.ts']).toContain("import workOrderSeed from './work-order/seed';");
      expect(files['seeds.gen.ts']).toContain("{ entity: 'work-order', seed: workOrderSeed },");
      // A folder without the optional files is in neither of their lists.
      expect(files['tables.gen.ts']).not.toContain('plain');
      expect(files['screens.gen.ts']).not.toContain('plain');
      expect(files['seeds.gen.ts']).not.toContain('plain');
      // The console's list names no server code; the seeds' list is the service's.
      expect(files['screens.gen.ts']).not.toMatch(/\/(server|seed)'/);
      expect(files['seeds.gen.ts']).not.toMatch(/\/(screen|server)'/);
      // The tables' list loads no behaviour: no server.ts.
      expect(files['tables.gen.ts']).not.toMatch(/\/server'/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('writes the five lists; a screen.tsx added to a folder makes screens.gen.ts stale, which --check reports without writing', () => {
    const dir = entitiesDir();
    try {
      expect(
        script
          .generate({ dir })
          .map((path) => path.split('/').pop())
          .sort(),
      ).toEqual(GENERATED);
      expect(script.generate({ dir })).toEqual([]);
      writeFileSync(join(dir, 'plain', 'screen.tsx'), 'export default {};\n');
      const stale = script.generate({ check: true, dir });
      expect(stale.map((path) => path.split('/').pop())).toEqual(['screens.gen.ts']);
      expect(script.generate({ check: true, dir })).toEqual(stale);
      expect(script.generate({ dir })).toEqual(stale);
      expect(script.generate({ check: true, dir })).toEqual([]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('refuses a folder without resource.ts or server.ts', () => {
    const dir = entitiesDir();
    try {
      mkdirSync(join(dir, 'half'));
      writeFileSync(join(dir, 'half', 'resource.ts'), 'export default {};\n');
      writeFileSync(join(dir, 'half', 'seed.ts'), 'export default {};\n');
      expect(() => script.entityFolders(dir)).toThrow(/half: missing server\.ts/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('entity seeds', () => {
  const seed = (after?: string[]): EntitySeed => defineSeed({ after, demo: async () => undefined });
  const names = (list: { entity: string }[]) => list.map(({ entity }) => entity);

  it('run each after the folders it names, otherwise in the list order; an unknown name or a cycle throws', () => {
    const list = [
      { entity: 'a', seed: seed(['c']) },
      { entity: 'b', seed: seed() },
      { entity: 'c', seed: seed() },
      { entity: 'd', seed: seed(['a', 'b']) },
    ];
    expect(names(orderSeeds(list))).toEqual(['b', 'c', 'a', 'd']);
    expect(() => orderSeeds([{ entity: 'a', seed: seed(['nope']) }])).toThrow(
      /src\/entities\/a\/seed\.ts: after 'nope'/,
    );
    expect(() =>
      orderSeeds([
        { entity: 'a', seed: seed(['b']) },
        { entity: 'b', seed: seed(['a']) },
      ]),
    ).toThrow(/wait on each other.*a, b/);
  });

  it("the demo's: every folder with a seed.ts, each after the ones it reads (the demo database's rows and ids depend on it)", () => {
    const withSeed = readdirSync('src/entities', { withFileTypes: true })
      .filter((d) => d.isDirectory() && readdirSync(join('src/entities', d.name)).includes('seed.ts'))
      .map((d) => d.name);
    const order = names(ENTITY_SEEDS_IN_ORDER);
    expect([...order].sort()).toEqual(withSeed.sort());
    const before = (first: string, then: string) =>
      expect(order.indexOf(first), `${first} before ${then}`).toBeLessThan(order.indexOf(then));
    for (const inCommunity of ['access-right', 'utility-account', 'advertisement']) before('community', inCommunity);
    before('product', 'mall-order');
    before('sim-card', 'bill');
    before('mall-order', 'bill');
    for (const afterLeave of ['announcement', 'work-plan', 'attendance-rule']) before('leave-request', afterLeave);
  });
});
