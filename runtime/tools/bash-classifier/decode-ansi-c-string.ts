/**
 * The value of bash's ANSI-C quoting `$'…'` (the text between the quotes), as bash decodes it:
 * `\n`, `\t`, …, `\xHH`, `\uHHHH`, `\UHHHHHHHH`, octal `\NNN`, `\cX`, `\'`, `\"`, `\\`, `\?`.
 * Used to see what a builtin that evaluates its argument would evaluate (`$'a[\x24(id)]'`).
 */
const SIMPLE: Readonly<Record<string, string>> = {
  a: '\x07',
  b: '\b',
  e: '\x1b',
  E: '\x1b',
  f: '\f',
  n: '\n',
  r: '\r',
  t: '\t',
  v: '\v',
  '\\': '\\',
  "'": "'",
  '"': '"',
  '?': '?',
};

export function decodeAnsiCString(body: string): string {
  return body.replace(
    /\\(x[0-9A-Fa-f]{1,2}|u[0-9A-Fa-f]{1,4}|U[0-9A-Fa-f]{1,8}|[0-7]{1,3}|c.|.)/gs,
    (match, escape: string) => {
      const head = escape[0] as string;
      if (head === 'x' || head === 'u' || head === 'U') {
        const code = Number.parseInt(escape.slice(1), 16);
        return code <= 0x10ffff ? String.fromCodePoint(code) : match;
      }
      if (/[0-7]/.test(head)) return String.fromCharCode(Number.parseInt(escape, 8) & 0xff);
      if (head === 'c' && escape.length === 2)
        return String.fromCharCode((escape.charCodeAt(1) & 0x1f) as number);
      return SIMPLE[head] ?? match;
    },
  );
}
