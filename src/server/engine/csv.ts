/**
 * CSV as the export writes it and spreadsheet apps save it (RFC 4180): comma-separated, cells
 * with commas, quotes or line breaks quoted, quotes doubled, CRLF or LF lines, a UTF-8 BOM or
 * none. Excel saving "CSV" in a Chinese locale writes GB18030, which is read as such when the
 * bytes are not UTF-8.
 */

/** The text of a CSV upload; undefined when the bytes are not text (binary, another format). */
export function csvText(buf: Buffer): string | undefined {
  if (buf.includes(0)) return undefined;
  for (const encoding of ['utf-8', 'gb18030']) {
    try {
      return new TextDecoder(encoding, { fatal: true }).decode(buf).replace(/^\uFEFF/, '');
    } catch {
      // not this encoding
    }
  }
  return undefined;
}

/** The records of a CSV text, each a list of cells; a trailing line break adds no record. */
export function* csvRecords(text: string): Generator<string[]> {
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  let started = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    started = true;
    if (quoted) {
      if (c !== '"') cell += c;
      else if (text[i + 1] === '"') {
        cell += '"';
        i++;
      } else quoted = false;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(cell);
      cell = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i++;
      row.push(cell);
      yield row;
      row = [];
      cell = '';
      started = false;
    } else cell += c;
  }
  if (started) {
    row.push(cell);
    yield row;
  }
}
