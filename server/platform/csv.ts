// Splits CSV text into rows of cells (RFC 4180 as spreadsheets write it): a quoted cell may hold
// the separator, doubled quotes and line breaks; unquoted cells are trimmed, quoted ones kept as
// written. Shared by list imports (one line at a time) and merchants' price lists (whole files).

/** Called after each row; may throw to stop reading (a file known to be too long). */
export type OnCsvRow = (row: string[]) => void;

export function splitCsv(text: string, separator: string, onRow: OnCsvRow = () => {}): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  let wasQuoted = false;
  const endCell = () => {
    row.push(wasQuoted ? cell : cell.trim());
    cell = '';
    wasQuoted = false;
  };
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"' && cell.trim() === '') {
      quoted = true;
      wasQuoted = true;
      cell = '';
    } else if (c === separator) endCell();
    else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i++;
      endCell();
      rows.push(row);
      onRow(row);
      row = [];
    } else cell += c;
  }
  endCell();
  rows.push(row);
  return rows;
}
