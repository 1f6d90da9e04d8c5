import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { parseIceServers } from '../../../src/server/lib/ice-servers';
import { iceServersFor } from '../../../src/server/media/ice';

describe('ICE servers for a caller', () => {
  const servers = parseIceServers('stun:stun.example.com:3478,turn:turn.example.com:3478');
  const now = Date.UTC(2026, 10, 24, 8, 0, 0);

  it('gives a TURN server without a username coturn REST credentials for the uid, valid ttlS', () => {
    const [stun, turn] = iceServersFor(servers, {
      turnSecret: 'coturn-shared-secret',
      uid: '3000000042',
      ttlS: 600,
      now,
    });
    expect(stun).toEqual({ urls: ['stun:stun.example.com:3478'] });
    const expiry = now / 1000 + 600;
    expect(turn).toEqual({
      urls: ['turn:turn.example.com:3478'],
      username: `${expiry}:3000000042`,
      credential: createHmac('sha1', 'coturn-shared-secret').update(`${expiry}:3000000042`).digest('base64'),
    });
  });

  it('leaves out a TURN server it has no credentials for, and keeps fixed ones as they are', () => {
    expect(iceServersFor(servers, { uid: '7', ttlS: 600, now })).toEqual([{ urls: ['stun:stun.example.com:3478'] }]);
    const fixed = parseIceServers('[{"urls": "turn:t.example.com", "username": "u", "credential": "p"}]');
    expect(iceServersFor(fixed, { turnSecret: 'coturn-shared-secret', uid: '7', ttlS: 600, now })).toEqual(fixed);
  });
});
