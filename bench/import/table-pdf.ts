// A PDF as word processors and spreadsheets write a list as a table: each cell its own text run at
// its own position (quantity column right of the article), a title, rules. server/test/documents.ts
// writes one text run per line; this one tests that the text layer is put back together by position.

// Windows-1252 characters outside Latin-1 that a French list uses.
const CP1252: Record<string, number> = { '€': 0x80, '…': 0x85, '•': 0x95, '–': 0x96, '—': 0x97, '’': 0x92, 'œ': 0x9c, 'Œ': 0x8c };

function pdfText(text: string): string {
  let out = '(';
  for (const char of text) {
    const code = CP1252[char] ?? char.codePointAt(0) ?? 0x3f;
    const byte = code > 0xff || (code >= 0x80 && code < 0xa0 && CP1252[char] === undefined) ? 0x3f : code;
    if (byte === 0x28 || byte === 0x29 || byte === 0x5c) out += `\\${String.fromCharCode(byte)}`;
    else if (byte < 0x20 || byte > 0x7e) out += `\\${byte.toString(8).padStart(3, '0')}`;
    else out += String.fromCharCode(byte);
  }
  return `${out})`;
}

/** One A4 page: a title and rows of [article, quantity] cells. */
export function tablePdf(title: string, rows: [string, string][]): Buffer {
  const ops: string[] = ['BT /F2 15 Tf 56 780 Td', `${pdfText(title)} Tj ET`, '0.6 w 56 760 m 540 760 l S'];
  ops.push('BT /F2 11 Tf 60 744 Td (Article) Tj ET', 'BT /F2 11 Tf 430 744 Td (Quantit\\351) Tj ET', '0.4 w 56 738 m 540 738 l S');
  rows.forEach(([article, quantity], i) => {
    const y = 720 - i * 20;
    ops.push(`BT /F1 11 Tf 60 ${y} Td ${pdfText(article)} Tj ET`);
    ops.push(`BT /F1 11 Tf 430 ${y} Td ${pdfText(quantity)} Tj ET`);
    ops.push(`0.2 w 56 ${y - 6} m 540 ${y - 6} l S`);
  });
  const content = Buffer.from(ops.join('\n'), 'latin1');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R /F2 5 0 R >> >> /Contents 6 0 R >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>',
  ];
  const chunks: Buffer[] = [Buffer.from('%PDF-1.4\n', 'latin1')];
  const offsets: number[] = [];
  let length = chunks[0].length;
  const push = (part: Buffer) => {
    chunks.push(part);
    length += part.length;
  };
  objects.forEach((body, i) => {
    offsets.push(length);
    push(Buffer.from(`${i + 1} 0 obj\n${body}\nendobj\n`, 'latin1'));
  });
  offsets.push(length);
  push(Buffer.concat([Buffer.from(`6 0 obj\n<< /Length ${content.length} >>\nstream\n`, 'latin1'), content, Buffer.from('\nendstream\nendobj\n', 'latin1')]));
  const xref = `xref\n0 7\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}trailer\n<< /Size 7 /Root 1 0 R >>\nstartxref\n${length}\n%%EOF\n`;
  push(Buffer.from(xref, 'latin1'));
  return Buffer.concat(chunks);
}
