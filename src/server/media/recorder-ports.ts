// The UDP ports the recorder (recorder.ts) gives ffmpeg for each input's RTP, and whether ffmpeg
// listens on them: on Linux read from /proc, where a port counts only when ffmpeg's own socket
// holds it.
import { createSocket } from 'node:dgram';
import { readdir, readFile, readlink } from 'node:fs/promises';
import { RecorderError } from './recorder-api';

function bindUdp(port: number): Promise<number | null> {
  return new Promise((resolve) => {
    const s = createSocket('udp4');
    s.once('error', () => resolve(null)).bind(port, '127.0.0.1', () => {
      const bound = s.address().port;
      s.close(() => resolve(bound));
    });
  });
}

/** An even UDP port whose next one is free too (ffmpeg takes RTP on it and RTCP on the next). */
export async function freePortPair(): Promise<number> {
  for (let i = 0; i < 20; i++) {
    const port = await bindUdp(0);
    if (port === null) break;
    const base = port + (port % 2);
    if (base + 1 <= 65535 && (await bindUdp(base)) !== null && (await bindUdp(base + 1)) !== null) return base;
  }
  throw new RecorderError('ffmpeg', 'no free UDP ports for the recording');
}

/** UDP ports process `pid` has bound now, from Linux's /proc; undefined where that cannot be read. */
export async function boundUdpPorts(pid: number | undefined): Promise<Set<number> | undefined> {
  const tables = await Promise.all(['/proc/net/udp', '/proc/net/udp6'].map((f) => readFile(f, 'utf8').catch(() => '')));
  const fds = pid === undefined ? undefined : await readdir(`/proc/${pid}/fd`).catch(() => undefined);
  if (!tables.some(Boolean) || !fds) return undefined;
  // The process's own sockets: a port another process holds is not ffmpeg listening on it.
  const links = await Promise.all(fds.map((fd) => readlink(`/proc/${pid}/fd/${fd}`).catch(() => '')));
  const inodes = new Set(links.map((l) => /^socket:\[(\d+)\]$/.exec(l)?.[1]).filter(Boolean));
  const ports = new Set<number>();
  for (const line of tables.join('\n').split('\n')) {
    const fields = line.trim().split(/\s+/);
    const local = /^[0-9A-F]+:([0-9A-F]{4})$/i.exec(fields[1] ?? '');
    if (local && /^\d+:$/.test(fields[0] ?? '') && inodes.has(fields[9])) ports.add(parseInt(local[1]!, 16));
  }
  return ports;
}
