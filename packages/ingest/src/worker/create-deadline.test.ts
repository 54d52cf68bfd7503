import { afterEach, describe, expect, it, vi } from 'vitest';
import { createDeadline } from './create-deadline.js';

afterEach(() => {
  vi.useRealTimers();
});

describe('createDeadline', () => {
  it('expires after its time, not counting the time it was held', () => {
    vi.useFakeTimers();
    const onExpire = vi.fn();
    const deadline = createDeadline(1000, onExpire);
    vi.advanceTimersByTime(600);
    deadline.pause();
    vi.advanceTimersByTime(5000);
    expect(onExpire).not.toHaveBeenCalled();
    deadline.resume();
    vi.advanceTimersByTime(399);
    expect(onExpire).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(onExpire).toHaveBeenCalledOnce();
  });

  it('stays held until every hold is released, and never fires once cleared', () => {
    vi.useFakeTimers();
    const onExpire = vi.fn();
    const deadline = createDeadline(100, onExpire);
    deadline.pause();
    deadline.pause();
    deadline.resume();
    vi.advanceTimersByTime(1000);
    expect(onExpire).not.toHaveBeenCalled();
    deadline.resume();
    deadline.clear();
    vi.advanceTimersByTime(1000);
    expect(onExpire).not.toHaveBeenCalled();
  });
});
