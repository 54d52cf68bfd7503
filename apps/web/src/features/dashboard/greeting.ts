/** The dashboard header's greeting for the time of day (platform.md 2.5: a greeting plus firstName). */
export function greetingFor(now: Date, firstName: string): string {
  const hour = now.getHours();
  const part = hour < 12 ? 'morning' : hour < 18 ? 'afternoon' : 'evening';
  const name = firstName.trim();
  return name ? `Good ${part}, ${name}` : `Good ${part}`;
}
