/** The service's time zone for "today" (set by the plugin from the config; the process's until then). */
export const supervisionClock = { timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone, now: () => Date.now() };

/** YYYY-MM-DD and HH:mm of `at` in the service's time zone. */
export function localDayTime(at: number, timeZone = supervisionClock.timeZone): { day: string; time: string } {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(new Date(at))
      .map((p) => [p.type, p.value]),
  );
  return { day: `${parts.year}-${parts.month}-${parts.day}`, time: `${parts.hour}:${parts.minute}` };
}
