import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';

/**
 * Server-side request forgery guard for webhooks (docs/security.md, docs/integrations.md
 * "Addresses"): a URL is http or https without credentials, and every address its host name
 * resolves to is public. The check runs when an endpoint is added or changed and again for each
 * delivery, on the addresses the request then connects to (a name that resolved to a public
 * address at add time and to 127.0.0.1 later, DNS rebinding, is refused at delivery).
 */
const PRIVATE = new BlockList();
for (const [net, bits] of [
  ['0.0.0.0', 8], // "this network", unspecified
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8],
  ['169.254.0.0', 16], // link-local, cloud metadata (169.254.169.254)
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
] as const)
  PRIVATE.addSubnet(net, bits, 'ipv4');
for (const [net, bits] of [
  ['::', 128], // unspecified
  ['::1', 128],
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['ff00::', 8], // multicast
  ['64:ff9b::', 96], // NAT64 of any IPv4 address
] as const)
  PRIVATE.addSubnet(net, bits, 'ipv6');

/** An IPv4 address written inside IPv6 (::ffff:127.0.0.1, ::ffff:7f00:1), else undefined. */
function mappedV4(address: string): string | undefined {
  const m = /^::ffff:(?:0:)?(.+)$/i.exec(address);
  if (!m) return undefined;
  const rest = m[1]!;
  if (isIP(rest) === 4) return rest;
  const hex = /^([0-9a-f]{1,4}):([0-9a-f]{1,4})$/i.exec(rest);
  if (!hex) return undefined;
  const hi = parseInt(hex[1]!, 16);
  const lo = parseInt(hex[2]!, 16);
  return `${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`;
}

/** Whether an IP address is private, loopback, link-local, multicast or unspecified. */
export function isPrivateAddress(address: string): boolean {
  const v4 = isIP(address) === 4 ? address : mappedV4(address);
  if (v4) return PRIVATE.check(v4, 'ipv4');
  if (isIP(address) !== 6) return true; // not an address at all: refuse rather than guess
  return PRIVATE.check(address, 'ipv6');
}

type UrlProblem = 'webhookUrlInvalid' | 'webhookUrlPrivate' | 'webhookUrlUnresolved';

/** The URL's shape: http(s), a host, no user name or password; undefined when it is fine. */
function urlShapeProblem(raw: string): UrlProblem | undefined {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return 'webhookUrlInvalid';
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || !url.hostname || url.username || url.password)
    return 'webhookUrlInvalid';
  return undefined;
}

/** The host of a URL as an address or a name to resolve ([::1] without its brackets). */
export const hostOf = (url: URL) => url.hostname.replace(/^\[(.*)\]$/, '$1');

/** Every address `host` stands for (itself when it is one). */
export async function addressesOf(host: string): Promise<string[]> {
  if (isIP(host)) return [host];
  const found = await lookup(host, { all: true, verbatim: true });
  return found.map((a) => a.address);
}

/** What is wrong with a webhook URL, resolving its host; undefined when it may be called. */
export async function urlProblem(raw: string, allowPrivate: boolean): Promise<UrlProblem | undefined> {
  const shape = urlShapeProblem(raw);
  if (shape || allowPrivate) return shape;
  let addresses: string[];
  try {
    addresses = await addressesOf(hostOf(new URL(raw)));
  } catch {
    return 'webhookUrlUnresolved';
  }
  if (addresses.length === 0) return 'webhookUrlUnresolved';
  return addresses.some(isPrivateAddress) ? 'webhookUrlPrivate' : undefined;
}
