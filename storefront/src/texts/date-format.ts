// Made on first use: a browser loads a format's locale data on the main thread when it is made.
let dateTime: Intl.DateTimeFormat | undefined;

/** An ISO 8601 time as the shopper reads it (en-US, their own time zone), e.g. `Nov 20, 2026, 10:15 AM`. */
export function formatDateTime(iso: string): string {
  const time = new Date(iso);
  return Number.isNaN(time.getTime())
    ? iso
    : (dateTime ??= new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' })).format(time);
}
