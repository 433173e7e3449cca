import { Readable } from 'node:stream';

import type { FastifyReply } from 'fastify';

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

/**
 * Answers with CSV lines as they are produced, as a download named `<name>-<date>.csv`; never
 * cached. The route's response schema documents the body as a string.
 */
export function sendCsv(reply: FastifyReply, name: string, lines: AsyncIterable<string>) {
  const stamp = new Date().toISOString().slice(0, 10);
  return reply
    .type('text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${name}-${stamp}.csv"`)
    .header('cache-control', 'no-store')
    .send(Readable.from(lines) as unknown as string);
}
