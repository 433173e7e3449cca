/** One CSV field: quoted, and defused when a spreadsheet would read it as a formula. */
export function csvField(value: unknown): string {
  let text = value === null || value === undefined ? '' : String(value);
  if (/^[=+\-@\t\r]/.test(text)) {
    text = `'${text}`;
  }
  return `"${text.replaceAll('"', '""')}"`;
}

/** One CSV line (with its newline) of the given values. */
export const csvRow = (values: readonly unknown[]): string => `${values.map(csvField).join(',')}\n`;
