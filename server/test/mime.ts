/** Just enough MIME reading for tests: headers, and the decoded text/plain and text/html parts. */

function decodeQuotedPrintable(body: string): string {
  const bytes: number[] = [];
  const text = body.replace(/=\r?\n/g, '');
  for (let i = 0; i < text.length; i += 1) {
    const char = text[i] ?? '';
    const hex = text.slice(i + 1, i + 3);
    if (char === '=' && /^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(char, 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

function splitHead(part: string): { headers: Map<string, string>; body: string } {
  const normal = part.replace(/\r\n/g, '\n');
  const end = normal.indexOf('\n\n');
  const head = normal.slice(0, end).replace(/\n[ \t]+/g, ' ');
  const headers = new Map<string, string>();
  for (const line of head.split('\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body: normal.slice(end + 2) };
}

export function readMime(raw: string) {
  const { headers, body } = splitHead(raw);
  const boundary = /boundary="?([^";]+)"?/.exec(headers.get('content-type') ?? '')?.[1];
  const parts = new Map<string, string>();
  if (boundary) {
    for (const section of body.split(`--${boundary}`).slice(1, -1)) {
      const part = splitHead(section.replace(/^\r?\n/, ''));
      const type = (part.headers.get('content-type') ?? '').split(';')[0] ?? '';
      const encoding = part.headers.get('content-transfer-encoding') ?? '7bit';
      const decoded =
        encoding === 'quoted-printable'
          ? decodeQuotedPrintable(part.body)
          : encoding === 'base64'
            ? Buffer.from(part.body, 'base64').toString('utf8')
            : part.body;
      parts.set(type, decoded);
    }
  }
  return { headers, parts };
}
