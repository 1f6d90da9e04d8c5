import { describe, expect, it } from 'vitest';
import {
  MAX_PACKET_BYTES,
  brokerUrlProblem,
  filterProblem,
  hasWildcard,
  keepaliveProblem,
  newClientId,
  oversizedPayload,
  publishPacketBytes,
  publishTopicProblem,
} from '../../../src/client/features/mqtt/topicRules';

describe('subscription filters', () => {
  it('accepts plain topics and wildcards that fill whole levels', () => {
    for (const ok of [
      'acm/7/web',
      'sfwatch/+/client',
      'sfwatch/#',
      '#',
      '+',
      '+/+/up',
      'a//b',
      '$share/ingest/sfwatch/+/up',
      '设备/数据',
    ]) {
      expect(filterProblem(ok), ok).toBeNull();
    }
  });

  it('refuses # anywhere but alone at the end, and + sharing a level', () => {
    expect(filterProblem('a/#/b')).toBe('badHash');
    expect(filterProblem('a/b#')).toBe('badHash');
    expect(filterProblem('#/a')).toBe('badHash');
    expect(filterProblem('a+/b')).toBe('badPlus');
    expect(filterProblem('a/+b')).toBe('badPlus');
  });

  it('refuses an empty filter, a NUL, an over-long one and a malformed shared subscription', () => {
    expect(filterProblem('')).toBe('empty');
    expect(filterProblem('a/\u0000')).toBe('nul');
    expect(filterProblem('a'.repeat(65_536))).toBe('tooLong');
    expect(filterProblem('$share/g')).toBe('badShare');
    expect(filterProblem('$share//a')).toBe('badShare');
    expect(filterProblem('$share/+/a')).toBe('badShare');
    expect(filterProblem('$share/g/a/#/b')).toBe('badHash');
  });

  it('tells wildcard filters apart (the broker grants none)', () => {
    expect(hasWildcard('sfwatch/+/client')).toBe(true);
    expect(hasWildcard('#')).toBe(true);
    expect(hasWildcard('acm/7/web')).toBe(false);
  });
});

describe('publish topics', () => {
  it('refuses wildcards, empty topics and NUL; accepts the rest', () => {
    expect(publishTopicProblem('sfwatch/869900000000001/server')).toBeNull();
    expect(publishTopicProblem('')).toBe('empty');
    expect(publishTopicProblem('a/+/b')).toBe('wildcard');
    expect(publishTopicProblem('a/#')).toBe('wildcard');
    expect(publishTopicProblem('a#')).toBe('wildcard');
    expect(publishTopicProblem('a\u0000')).toBe('nul');
  });
});

describe('payload size', () => {
  it('counts the packet as the broker does: header, topic, packet id, payload', () => {
    expect(publishPacketBytes(3, 0, 0)).toBe(1 + 1 + 2 + 3);
    expect(publishPacketBytes(3, 200, 1)).toBe(1 + 2 + 2 + 3 + 2 + 200);
  });

  it('refuses a payload whose packet would exceed 256 KB, and answers its size', () => {
    const topic = 'a/b';
    const fits = MAX_PACKET_BYTES - publishPacketBytes(3, 0, 0) - 2;
    expect(oversizedPayload(topic, 'x'.repeat(fits), 0)).toBeNull();
    expect(oversizedPayload(topic, 'x'.repeat(MAX_PACKET_BYTES), 0)).toBe(MAX_PACKET_BYTES);
    // UTF-8 bytes count, not characters: 100,000 Chinese characters are 300,000 bytes.
    expect(oversizedPayload(topic, '中'.repeat(100_000), 0)).toBe(300_000);
  });
});

describe('connection fields', () => {
  it('takes ws:// and wss:// broker URLs only', () => {
    expect(brokerUrlProblem('ws://127.0.0.1:8080/mqtt')).toBeNull();
    expect(brokerUrlProblem(' wss://broker.example/mqtt ')).toBeNull();
    expect(brokerUrlProblem('')).toBe('empty');
    expect(brokerUrlProblem('mqtt://broker.example:1883')).toBe('badUrl');
    expect(brokerUrlProblem('http://broker.example/mqtt')).toBe('badUrl');
    expect(brokerUrlProblem('not a url')).toBe('badUrl');
  });

  it('keeps keep-alive a whole number of seconds up to 65535', () => {
    expect(keepaliveProblem(60)).toBeNull();
    expect(keepaliveProblem(0)).toBeNull();
    expect(keepaliveProblem('')).toBe('keepalive');
    expect(keepaliveProblem(-1)).toBe('keepalive');
    expect(keepaliveProblem(1.5)).toBe('keepalive');
    expect(keepaliveProblem(65_536)).toBe('keepalive');
  });

  it("makes client ids of the username's own form, as the broker binds them", () => {
    expect(newClientId('7', 1764000000000)).toBe('user_7_1764000000000');
    expect(newClientId(' 869900000000001 ', 1764000000000)).toBe('dev_869900000000001_1764000000000');
    expect(newClientId('', 1764000000000)).toBe('user_1764000000000');
  });
});
