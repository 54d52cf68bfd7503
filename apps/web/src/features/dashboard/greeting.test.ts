import { describe, expect, it } from 'vitest';
import { greetingFor } from './greeting';

describe('greetingFor', () => {
  it('greets by the local time of day with the first name', () => {
    expect(greetingFor(new Date(2026, 2, 5, 0, 0), 'Ana')).toBe('Good morning, Ana');
    expect(greetingFor(new Date(2026, 2, 5, 11, 59), 'Ana')).toBe('Good morning, Ana');
    expect(greetingFor(new Date(2026, 2, 5, 12, 0), 'Ana')).toBe('Good afternoon, Ana');
    expect(greetingFor(new Date(2026, 2, 5, 18, 0), ' Ana ')).toBe('Good evening, Ana');
    expect(greetingFor(new Date(2026, 2, 5, 9, 0), '')).toBe('Good morning');
  });
});
