import { dateFromDayNumber, dayNumber, clockTime, minutesOfDay } from '@ehr-gateway/calendar';
import type { ClockTime, IsoDate } from '@ehr-gateway/calendar';

/**
 * A slot id is 12 digits: provider id (3), days since 1970 (5), minute of the day (4). It is
 * numeric like athena's appointment ids and can be decoded without a lookup.
 */
export function encodeSlotId(providerId: number, date: IsoDate, time: ClockTime): string {
  return `${String(providerId).padStart(3, '0')}${String(dayNumber(date)).padStart(5, '0')}${String(minutesOfDay(time)).padStart(4, '0')}`;
}

export function decodeSlotId(
  id: string,
): { providerId: number; date: IsoDate; startTime: ClockTime } | null {
  if (!/^\d{12}$/.test(id)) {
    return null;
  }
  const minutes = Number(id.slice(8));
  if (minutes >= 24 * 60) {
    return null;
  }
  return {
    providerId: Number(id.slice(0, 3)),
    date: dateFromDayNumber(Number(id.slice(3, 8))),
    startTime: clockTime(minutes),
  };
}
