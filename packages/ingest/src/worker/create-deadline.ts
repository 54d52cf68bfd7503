/** A time limit that can be held while the caller's own work runs (its handlers are not the file's cost). */
export interface Deadline {
  pause(): void;
  resume(): void;
  clear(): void;
}

export function createDeadline(ms: number, onExpire: () => void): Deadline {
  let remaining = ms;
  let startedAt = Date.now();
  let timer: NodeJS.Timeout | undefined = setTimeout(onExpire, remaining);
  let holds = 0;
  return {
    pause() {
      if (holds++ > 0 || !timer) return;
      clearTimeout(timer);
      timer = undefined;
      remaining -= Date.now() - startedAt;
    },
    resume() {
      if (--holds > 0 || timer || remaining === Infinity) return;
      startedAt = Date.now();
      timer = setTimeout(onExpire, Math.max(0, remaining));
    },
    clear() {
      if (timer) clearTimeout(timer);
      timer = undefined;
      remaining = Infinity;
    },
  };
}
