import { addDays, calendarDate, wallClockIn, weekday, type IsoDate } from '@ehr-gateway/calendar';

/** "Today" for reading a conversation: the date and wall-clock time in the practice's zone. */
export interface Today {
  date: IsoDate;
  /** Wall-clock hour, so "this afternoon" can be judged. */
  hour: number;
  minute: number;
}

export function todayIn(timezone: string, now: Date): Today {
  const { date, hour, minute } = wallClockIn(timezone, now);
  return { date, hour, minute };
}

/** Thanksgiving in the US: the fourth Thursday of November. */
export function thanksgiving(year: number): IsoDate {
  const first = calendarDate(year, 11, 1);
  const offset = (4 - weekday(first) + 7) % 7;
  return addDays(first, offset + 21);
}
