/** How the /mqtt page shows a payload: pretty JSON when it parses, else text, else hex bytes. */
export type PayloadView =
  | { kind: 'empty' }
  | { kind: 'json'; text: string; pretty: string }
  | { kind: 'text'; text: string }
  | { kind: 'binary'; hex: string };

export const toHex = (bytes: Uint8Array): string => Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join(' ');

// C0 controls other than tab, line feed and carriage return: text that holds them is binary
// (CBOR maps, for one, are often valid UTF-8 yet unreadable).
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

export function viewPayload(bytes: Uint8Array): PayloadView {
  if (bytes.length === 0) return { kind: 'empty' };
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return { kind: 'binary', hex: toHex(bytes) };
  }
  if (CONTROL.test(text)) return { kind: 'binary', hex: toHex(bytes) };
  const json = prettyJson(text);
  return json === null ? { kind: 'text', text } : { kind: 'json', text, pretty: json };
}

/** An object or array as indented JSON; null when the text is not one (scalars stay text). */
export function prettyJson(text: string): string | null {
  const trimmed = text.trim();
  if (!trimmed.startsWith('{') && !trimmed.startsWith('[')) return null;
  try {
    return JSON.stringify(JSON.parse(trimmed), null, 2);
  } catch {
    return null;
  }
}

/** The payload as one line of text: what the log searches and the CSV holds. */
export function payloadText(view: PayloadView): string {
  switch (view.kind) {
    case 'empty':
      return '';
    case 'binary':
      return view.hex;
    default:
      return view.text;
  }
}
