import { afterEach, describe, expect, it, vi } from 'vitest';
import { prefetchWhenIdle } from './prefetch-when-idle';

function stubIdleCallbacks() {
  const pending = new Map<number, IdleRequestCallback>();
  let nextId = 1;
  vi.stubGlobal('requestIdleCallback', (callback: IdleRequestCallback) => {
    pending.set(nextId, callback);
    return nextId++;
  });
  vi.stubGlobal('cancelIdleCallback', (id: number) => pending.delete(id));
  return {
    pending,
    runIdle: () => {
      for (const [id, callback] of pending) {
        pending.delete(id);
        callback({ didTimeout: false, timeRemaining: () => 50 });
      }
    },
  };
}

describe('prefetchWhenIdle', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('calls each loader once the browser is idle, not before', () => {
    const idle = stubIdleCallbacks();
    const shell = vi.fn(() => Promise.resolve());
    const dashboard = vi.fn(() => Promise.resolve());
    prefetchWhenIdle([shell, dashboard]);
    expect(shell).not.toHaveBeenCalled();
    idle.runIdle();
    expect(shell).toHaveBeenCalledOnce();
    expect(dashboard).toHaveBeenCalledOnce();
  });

  it('loads nothing once cancelled (the screen went away before the browser was idle)', () => {
    const idle = stubIdleCallbacks();
    const shell = vi.fn(() => Promise.resolve());
    const cancel = prefetchWhenIdle([shell]);
    cancel();
    idle.runIdle();
    expect(idle.pending.size).toBe(0);
    expect(shell).not.toHaveBeenCalled();
  });

  it('cancels with the function it scheduled with, even once that global is gone', () => {
    const idle = stubIdleCallbacks();
    const shell = vi.fn(() => Promise.resolve());
    const cancel = prefetchWhenIdle([shell]);
    vi.stubGlobal('cancelIdleCallback', undefined);
    expect(cancel).not.toThrow();
    expect(idle.pending.size).toBe(0);
  });

  it('waits a moment where the browser has requestIdleCallback but no cancelIdleCallback', () => {
    vi.useFakeTimers();
    stubIdleCallbacks();
    vi.stubGlobal('cancelIdleCallback', undefined);
    const shell = vi.fn(() => Promise.resolve());
    prefetchWhenIdle([shell]);
    vi.advanceTimersByTime(1_000);
    expect(shell).toHaveBeenCalledOnce();
  });

  it('waits a moment instead where the browser has no requestIdleCallback', () => {
    vi.useFakeTimers();
    vi.stubGlobal('requestIdleCallback', undefined);
    const shell = vi.fn(() => Promise.resolve());
    prefetchWhenIdle([shell]);
    expect(shell).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1_000);
    expect(shell).toHaveBeenCalledOnce();
  });

  it('prefetches nothing when the user asked the browser to save data', () => {
    const idle = stubIdleCallbacks();
    vi.stubGlobal('navigator', { ...navigator, connection: { saveData: true } });
    const shell = vi.fn(() => Promise.resolve());
    prefetchWhenIdle([shell]);
    idle.runIdle();
    expect(shell).not.toHaveBeenCalled();
  });

  it('swallows a failed load: the route meets it if the user goes there', async () => {
    const idle = stubIdleCallbacks();
    const failing = vi.fn(() => Promise.reject(new Error('offline')));
    const next = vi.fn(() => Promise.resolve());
    prefetchWhenIdle([failing, next]);
    idle.runIdle();
    await Promise.resolve();
    expect(failing).toHaveBeenCalledOnce();
    expect(next).toHaveBeenCalledOnce();
  });
});
