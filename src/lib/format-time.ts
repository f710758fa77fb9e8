const formats = new Map<string, Intl.DateTimeFormat>();

/** A moment with its date and time in the reader's time zone, e.g. "27 Nov 2026, 09:30" in en-GB. */
export function formatTime(at: Date, locale: string): string {
  let format = formats.get(locale);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' });
    formats.set(locale, format);
  }
  return format.format(at);
}
