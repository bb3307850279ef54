/** AFDC per-day form: "MO: 12:00am-11:59pm; TU: …; SU: …" (seven days, each with its hours). */
const DAY_PART = /^(MO|TU|WE|TH|FR|SA|SU):\s*(.+)$/i;
const ALL_DAY = /^(24 hours|12:00\s*am\s*-\s*(11:59\s*pm|12:00\s*am))$/i;
/** "24 hours", "24 hours daily", "24/7", "open 24 hours a day, 7 days a week", then nothing or "; a note". */
const LEADING_24H =
  /^(open\s+)?(24\s*(hours|hrs)|24\/7)(\s+a\s+day)?(\s*,?\s*(daily|every\s+day|7\s+days(\s+a\s+week)?))?\s*(;(?<note>.*))?$/i;
/** Words in a trailing note that could limit the hours; with any of them the text is not a confident 24/7. */
const LIMITS =
  /\b(closed?|closes|closing|except|holidays?|weekdays?|weekends?|mon|tue|wed|thu|fri|sat|sun|mondays?|tuesdays?|wednesdays?|thursdays?|fridays?|saturdays?|sundays?|m-f|am|pm|\d{1,2}(:\d{2})?\s*(am|pm))\b/i;

/**
 * Reads AFDC's free-text `access_days_time`: true only when it clearly says the station is open around the
 * clock, otherwise null (unknown). Free text like "6am-10pm M-F" is not turned into false: the station has
 * no field for hours in words, and a guess would be shown as fact.
 */
export function afdcOpen24x7(text: string | null): true | null {
  const t = text?.replace(/\s+/g, ' ').trim();
  if (!t) return null;
  const leading = LEADING_24H.exec(t);
  if (leading) return LIMITS.test(leading.groups?.note ?? '') ? null : true;
  const days = t.split(';').map((p) => DAY_PART.exec(p.trim()));
  const named = new Set(days.map((d) => d?.[1]?.toUpperCase()));
  const everyDayAllDay =
    days.every((d) => d && ALL_DAY.test(d[2]!.trim())) &&
    ['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU'].every((d) => named.has(d));
  return everyDayAllDay ? true : null;
}
