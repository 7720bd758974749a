/**
 * The Results tool's CSV download: RFC 4180 quoting, CRLF lines and a byte order mark, so a spreadsheet opens the
 * accents of "Campaña" right. A text cell that a spreadsheet would run as a formula (it starts with = + - @, a tab or
 * a carriage return: a campaign name comes from any URL) is prefixed with an apostrophe, which shows it as text.
 */
export type CsvValue = string | number | null;

export function csvCell(value: CsvValue): string {
  if (value === null) return "";
  if (typeof value === "number") return Number.isFinite(value) ? String(value) : "";
  const text = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export function toCsv(header: readonly string[], rows: readonly (readonly CsvValue[])[]): string {
  return `\ufeff${[header, ...rows].map((row) => row.map(csvCell).join(",")).join("\r\n")}\r\n`;
}
