import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { resources, roleResources, roles } from '../../src/server/db/schema';
import type { ListResult } from '../../src/shared/resources/list';
import { addTenant, addUser, tenantId } from './fixtures';
import { buildTestApp, login, post, type TestApp } from './helper';

export type Row = Record<string, unknown> & { id: number };

/** A seeded app with the super administrator's and the demo administrator's tokens. */
export async function demoApp(): Promise<{ t: TestApp; su: string; demo: string; demoTenant: number }> {
  const t = await buildTestApp();
  return {
    t,
    su: (await login(t.app, 'admin', 'admin123')).token,
    demo: (await login(t.app, 'demo', 'demo123')).token,
    demoTenant: await tenantId(t.app, 'Demo Site'),
  };
}

/** A tenant with an administrator whose role holds the whole catalogue; logged in. */
export async function tenantWithAdmin(app: FastifyInstance, name: string, username: string) {
  const tenant = await addTenant(app, name);
  const [role] = await app.db
    .insert(roles)
    .values({ tenantId: tenant, name: `${name} admin` })
    .returning({ id: roles.id });
  const all = await app.db.select({ id: resources.id }).from(resources);
  await app.db.insert(roleResources).values(all.map((r) => ({ tenantId: tenant, roleId: role!.id, resourceId: r.id })));
  const userId = await addUser(app, { tenant, username, password: 'secret1', kind: 'admin', roleIds: [role!.id] });
  const { token } = await login(app, username, 'secret1');
  return { tenant, roleId: role!.id, userId, token };
}

/** `list` answer rows, failing loudly on a non-zero code. */
export async function list(
  app: FastifyInstance,
  name: string,
  body: object,
  token: string,
  kind = 'user',
): Promise<ListResult<Row>> {
  const res = await post<ListResult<Row>>(app, `/api/${kind}/${name}/list`, body, { token });
  if (res.code !== 0) throw new Error(`${name}/list: ${res.code} ${res.msg}`);
  return res.data;
}

/** A multipart body with one file field, as a browser's FormData sends it. */
export function multipart(
  file: Buffer,
  filename: string,
  field = 'file',
  type = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
) {
  const boundary = `----test${randomBytes(8).toString('hex')}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    payload: Buffer.concat([head, file, tail]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

export async function upload(app: FastifyInstance, url: string, file: Buffer, token: string, filename = 'rows.xlsx') {
  const body = multipart(file, filename);
  const res = await app.inject({
    method: 'POST',
    url,
    payload: body.payload,
    headers: { ...body.headers, authorization: token },
  });
  return res.json() as { code: number; key: string; msg: string; data: unknown };
}

/** Parses the CSV the export writes (BOM, quoted cells, CRLF). */
export function parseCsv(text: string): string[][] {
  const src = text.replace(/^\uFEFF/, '');
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < src.length; i++) {
    const c = src[i]!;
    if (quoted) {
      if (c === '"' && src[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(cell);
      cell = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && src[i + 1] === '\n') i++;
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
    } else cell += c;
  }
  if (cell || row.length) {
    row.push(cell);
    rows.push(row);
  }
  return rows;
}
