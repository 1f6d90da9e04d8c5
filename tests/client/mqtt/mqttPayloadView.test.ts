import { describe, expect, it } from 'vitest';
import { payloadText, prettyJson, toHex, viewPayload } from '../../../src/client/features/mqtt/payloadView';

const bytes = (text: string) => new TextEncoder().encode(text);

describe('payload view', () => {
  it('shows a JSON object pretty and keeps the text as received', () => {
    const view = viewPayload(bytes('{"code":"9001","ids":[1,2]}'));
    expect(view).toEqual({
      kind: 'json',
      text: '{"code":"9001","ids":[1,2]}',
      pretty: '{\n  "code": "9001",\n  "ids": [\n    1,\n    2\n  ]\n}',
    });
    expect(payloadText(view)).toBe('{"code":"9001","ids":[1,2]}');
  });

  it('shows other text as text, scalars and broken JSON included', () => {
    expect(viewPayload(bytes('hello 你好'))).toEqual({ kind: 'text', text: 'hello 你好' });
    expect(viewPayload(bytes('42')).kind).toBe('text');
    expect(viewPayload(bytes('{"a":')).kind).toBe('text');
    expect(viewPayload(bytes('line 1\r\n\tline 2')).kind).toBe('text');
  });

  it('shows invalid UTF-8 and control bytes as hex', () => {
    // A CBOR map of the device protocol: starts with 0xa2, never valid UTF-8.
    const cbor = Uint8Array.from([0xa2, 0x64, 0x6b, 0x69, 0x6e, 0x64]);
    expect(viewPayload(cbor)).toEqual({ kind: 'binary', hex: 'a2 64 6b 69 6e 64' });
    expect(viewPayload(Uint8Array.from([0x61, 0x00, 0x62]))).toEqual({ kind: 'binary', hex: '61 00 62' });
  });

  it('tells an empty payload apart', () => {
    expect(viewPayload(new Uint8Array())).toEqual({ kind: 'empty' });
    expect(payloadText({ kind: 'empty' })).toBe('');
  });

  it('pretty-prints objects and arrays only', () => {
    expect(prettyJson(' {"a":1} ')).toBe('{\n  "a": 1\n}');
    expect(prettyJson('[1]')).toBe('[\n  1\n]');
    expect(prettyJson('"text"')).toBeNull();
    expect(prettyJson('{a:1}')).toBeNull();
    expect(toHex(Uint8Array.from([0, 15, 255]))).toBe('00 0f ff');
  });
});
