import { formatDateTime, formatRelativeTime } from '@/lib/format';

/** "5 minutes ago", with the exact time on hover and for machines. */
export function RelativeTime({ at }: { at: string }) {
  return (
    <time dateTime={at} title={formatDateTime(at)}>
      {formatRelativeTime(at)}
    </time>
  );
}
