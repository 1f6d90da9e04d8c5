/**
 * STUN/TURN for calls (docs/decisions.md, "Media"). On one LAN nobody needs them; a console on a
 * phone network reaching a service behind NAT needs a TURN relay. `ICE_SERVERS` lists them, and
 * with `TURN_SECRET` (coturn's `static-auth-secret`) a TURN server without a username gets
 * short-lived credentials per caller, so no long-lived TURN password ever reaches a browser.
 */
export interface IceServer {
  urls: string[];
  username?: string;
  credential?: string;
}

const ICE_URL = /^(stun|stuns|turn|turns):[^\s,]+$/;

/**
 * `ICE_SERVERS` as JSON (`[{"urls": "turn:turn.example.com:3478", "username": "u", "credential":
 * "p"}]`) or as comma-separated URLs (`stun:stun.example.com:3478,turn:turn.example.com:3478`).
 * Throws a one-line message for anything else.
 */
export function parseIceServers(text: string | undefined): IceServer[] {
  const value = (text ?? '').trim();
  if (!value) return [];
  let raw: unknown;
  if (value.startsWith('[')) {
    try {
      raw = JSON.parse(value);
    } catch {
      throw new Error('expected a JSON array of {urls, username?, credential?} or comma-separated stun:/turn: URLs');
    }
  } else {
    raw = value.split(',').map((u) => ({ urls: u.trim() }));
  }
  if (!Array.isArray(raw) || raw.length > 16) throw new Error('expected an array of at most 16 ICE servers');
  return raw.map((entry: unknown, i) => {
    if (typeof entry !== 'object' || entry === null) throw new Error(`entry ${i + 1} is not an object`);
    const { urls, username, credential } = entry as Record<string, unknown>;
    const list = (Array.isArray(urls) ? urls : [urls]).map((u) => (typeof u === 'string' ? u.trim() : u));
    if (list.length === 0 || !list.every((u): u is string => typeof u === 'string' && ICE_URL.test(u))) {
      throw new Error(`entry ${i + 1}: urls must be stun:, stuns:, turn: or turns: URLs`);
    }
    if (
      (username !== undefined && typeof username !== 'string') ||
      (credential !== undefined && typeof credential !== 'string')
    ) {
      throw new Error(`entry ${i + 1}: username and credential are strings`);
    }
    if ((username === undefined) !== (credential === undefined))
      throw new Error(`entry ${i + 1}: username and credential go together`);
    return { urls: list, ...(username !== undefined ? { username, credential } : {}) };
  });
}

/** `MEDIA_PORTS`: `40000-40199`, the UDP ports the SFU may bind (open them in the firewall). */
export function parsePortRange(text: string | undefined): [number, number] | undefined {
  const value = (text ?? '').trim();
  if (!value) return undefined;
  const m = /^(\d{1,5})-(\d{1,5})$/.exec(value);
  const [min, max] = m ? [Number(m[1]), Number(m[2])] : [NaN, NaN];
  if (!(min >= 1024 && max <= 65535 && max - min >= 9))
    throw new Error('expected a UDP range such as 40000-40199: from 1024 to 65535, at least 10 ports');
  return [min, max];
}
