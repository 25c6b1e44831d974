/**
 * RFC 4180 reader for the source files: quoted fields may hold the delimiter, doubled quotes and line breaks
 * (several news titles span lines), so splitting on newlines would cut records apart.
 */
export function parseDelimited(text: string, delimiter = ","): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = "";
  let quoted = false;
  let i = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  const endRow = () => {
    row.push(field);
    field = "";
    // a blank line is no record
    if (row.length > 1 || row[0] !== "") rows.push(row);
    row = [];
  };
  for (; i < text.length; i++) {
    const char = text[i];
    if (quoted) {
      if (char !== '"') field += char;
      else if (text[i + 1] === '"') {
        field += '"';
        i++;
      } else quoted = false;
    } else if (char === '"' && field === "") quoted = true;
    else if (char === delimiter) {
      row.push(field);
      field = "";
    } else if (char === "\n") endRow();
    else if (char === "\r" && text[i + 1] === "\n") {
      endRow();
      i++;
    } else field += char;
  }
  if (quoted) throw new Error("unterminated quoted field");
  if (field !== "" || row.length > 0) endRow();
  return rows;
}

/** Records as objects keyed by the header row, which must name every column `required` lists. */
export function parseRecords<K extends string>(
  text: string,
  required: readonly K[],
  options: { delimiter?: string; skipLines?: number } = {},
): Record<K, string>[] {
  const [header, ...body] = parseDelimited(text, options.delimiter).slice(options.skipLines ?? 0);
  if (!header) throw new Error("no header row");
  const columns = required.map((name) => {
    const index = header.indexOf(name);
    if (index < 0) throw new Error(`no column ${name} in header ${header.join(",")}`);
    return [name, index] as const;
  });
  return body.map((cells, line) => {
    if (cells.length !== header.length) {
      throw new Error(`record ${line + 1}: ${cells.length} fields, the header has ${header.length}`);
    }
    const record = {} as Record<K, string>;
    for (const [name, index] of columns) record[name] = cells[index] ?? "";
    return record;
  });
}
