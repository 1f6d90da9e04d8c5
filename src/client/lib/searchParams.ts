/**
 * Query strings as plain text. The router's default JSON-ish parsing would turn an IMEI, a
 * phone number or a 20-digit ICCID into a (lossy) number and quote it on the way back; the
 * required links of docs/requirements/screens-and-routes.md (/ProDeviceList?imei=..&key=.., /callPhone?caller=..) are
 * plain strings. Screens coerce with their zod search schema. Objects and arrays travel as JSON.
 */
export function parseSearch(search: string): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, value] of new URLSearchParams(search)) {
    out[name] = value.startsWith('{') || value.startsWith('[') ? tryJson(value) : value;
  }
  return out;
}

function tryJson(value: string): unknown {
  try {
    return JSON.parse(value);
  } catch {
    return value;
  }
}

export function stringifySearch(search: Record<string, unknown>): string {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(search)) {
    if (value === undefined || value === null) continue;
    query.append(name, typeof value === 'object' ? JSON.stringify(value) : String(value));
  }
  const text = query.toString();
  return text ? `?${text}` : '';
}
