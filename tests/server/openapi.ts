/** The OpenAPI document of the service as test input: its operations and plausible bodies. */

export interface Schema {
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  anyOf?: Schema[];
  oneOf?: Schema[];
  enum?: unknown[];
  format?: string;
}

export interface Operation {
  method: string;
  path: string;
  body?: Schema;
  /** The declared access (`x-access`, src/server/plugins/auth.ts accessOf); absent outside the guarded routes. */
  access?: string;
}

/** A plausible value for a schema: required fields filled with the simplest value of their type. */
export function sample(s: Schema | undefined, depth = 0): unknown {
  if (!s || depth > 4) return 'x';
  if (s.enum?.length) return s.enum[0];
  const alt = s.anyOf ?? s.oneOf;
  if (alt?.length) return sample(alt[0], depth + 1);
  const type = Array.isArray(s.type) ? s.type.find((t) => t !== 'null') : s.type;
  switch (type) {
    case 'integer':
    case 'number':
      return 1;
    case 'boolean':
      return true;
    case 'array':
      return [sample(s.items, depth + 1)];
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const k of s.required ?? []) out[k] = sample(s.properties?.[k], depth + 1);
      return out;
    }
    default:
      return s.format === 'date-time' ? '2026-11-23T08:00:00Z' : 'x';
  }
}

export function operations(doc: {
  paths: Record<
    string,
    Record<string, { requestBody?: { content?: Record<string, { schema?: Schema }> }; 'x-access'?: string }>
  >;
}): Operation[] {
  const ops: Operation[] = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      if (!['get', 'post', 'put', 'patch', 'delete'].includes(method)) continue;
      ops.push({
        method: method.toUpperCase(),
        path,
        body: op.requestBody?.content?.['application/json']?.schema,
        access: op['x-access'],
      });
    }
  }
  return ops;
}
