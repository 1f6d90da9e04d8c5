import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { notices, websites } from '../../../src/server/db/schema';
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
