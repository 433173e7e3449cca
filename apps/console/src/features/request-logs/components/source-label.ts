import { LOG_SOURCE_LABELS, type LogSource } from '@ehr-gateway/contracts';

export function sourceLabel(source: string): string {
  return LOG_SOURCE_LABELS[source as LogSource] ?? source;
}
