import { format, formatDistanceToNow, isValid, parseISO } from 'date-fns';

function toDate(value: string | number | Date | null | undefined): Date | null {
  if (value === null || value === undefined || value === '') {
    return null;
  }
  const date =
    typeof value === 'string' ? parseISO(value) : value instanceof Date ? value : new Date(value);
  return isValid(date) ? date : null;
}

/** "5 minutes ago"; 'Unknown time' for anything that does not parse as a date. */
export function formatRelativeTime(value: string | number | Date | null | undefined): string {
  const date = toDate(value);
  return date ? formatDistanceToNow(date, { addSuffix: true }) : 'Unknown time';
}

/** "Mar 4, 2025, 14:05:09" in the viewer's time zone; 'Unknown time' when unparseable. */
export function formatDateTime(value: string | number | Date | null | undefined): string {
  const date = toDate(value);
  return date ? format(date, 'PP, HH:mm:ss') : 'Unknown time';
}

/** "Mar 4, 2025"; 'Unknown date' when unparseable. */
export function formatDate(value: string | number | Date | null | undefined): string {
  const date = toDate(value);
  return date ? format(date, 'PP') : 'Unknown date';
}

/** One rule everywhere: tenths below 10 ms, whole milliseconds from there (2.0 ms, 42 ms). */
export function formatResponseTime(ms: number): string {
  return ms < 10 ? `${ms.toFixed(1)} ms` : `${Math.round(ms)} ms`;
}

/** Pretty JSON for display; strings stay as they are. */
export function formatJson(value: unknown): string {
  if (typeof value === 'string') {
    return value;
  }
  try {
    return JSON.stringify(value, null, 2) ?? String(value);
  } catch {
    return String(value);
  }
}
