export interface EventLimit {
  /** Events written per key within the window; later ones are counted, not written. */
  maxPerWindow: number;
  windowMs: number;
}

interface KeyWindow {
  startedAt: number;
  written: number;
  suppressed: number;
}

// Keys tracked at once; past it the oldest windows are forgotten (their next event is written).
const MAX_TRACKED_KEYS = 10_000;

/**
 * Rate limits security events per key (a user, an account, an address) in this process, so a probe or
 * a flood cannot fill the audit log (issue 14 point 10). `admit` answers null for an event to leave
 * out, or how many were left out since the last written one, for that row to say.
 */
export function createEventLimiter(limit: EventLimit) {
  const windows = new Map<string, KeyWindow>();

  /** A fresh window keeps the count left out of the last one, so the next row still tells it. */
  function renew(key: string, now: number, carried: number): KeyWindow {
    windows.delete(key);
    if (windows.size >= MAX_TRACKED_KEYS) windows.delete(windows.keys().next().value!);
    const window = { startedAt: now, written: 0, suppressed: carried };
    windows.set(key, window);
    return window;
  }

  return {
    admit(key: string, now = Date.now()): number | null {
      const current = windows.get(key);
      const window =
        current && now - current.startedAt < limit.windowMs
          ? current
          : renew(key, now, current?.suppressed ?? 0);
      if (window.written >= limit.maxPerWindow) {
        window.suppressed += 1;
        return null;
      }
      window.written += 1;
      const suppressed = window.suppressed;
      window.suppressed = 0;
      return suppressed;
    },
  };
}

export type EventLimiter = ReturnType<typeof createEventLimiter>;
