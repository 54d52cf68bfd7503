import { describe, expect, it } from 'vitest';
import { createEventLimiter } from './event-limiter';

describe('the security event limiter', () => {
  it('writes maxPerWindow events per key, then counts the rest into the next written one', () => {
    const limiter = createEventLimiter({ maxPerWindow: 2, windowMs: 1000 });
    expect([0, 1, 2, 3].map((t) => limiter.admit('u1', t))).toEqual([0, 0, null, null]);
    // Another key has its own window.
    expect(limiter.admit('u2', 5)).toBe(0);
    // The next window writes again and tells how many were left out.
    expect(limiter.admit('u1', 1000)).toBe(2);
    expect(limiter.admit('u1', 1001)).toBe(0);
    expect(limiter.admit('u1', 1002)).toBeNull();
  });
});
