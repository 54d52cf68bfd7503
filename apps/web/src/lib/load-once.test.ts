import { describe, expect, it, vi } from 'vitest';
import { loadOnce } from './load-once';

describe('loadOnce', () => {
  it('loads at the first call only, every caller getting the same answer', async () => {
    const load = vi.fn(async () => ({ schema: 'built' }));
    const get = loadOnce(load);
    expect(load).not.toHaveBeenCalled();
    const [a, b] = await Promise.all([get(), get()]);
    const c = await get();
    expect(load).toHaveBeenCalledTimes(1);
    expect(a).toEqual({ schema: 'built' });
    expect(b).toBe(a);
    expect(c).toBe(a);
  });

  it('loads again after a failure', async () => {
    const load = vi
      .fn<() => Promise<string>>()
      .mockRejectedValueOnce(new Error('chunk did not load'))
      .mockResolvedValueOnce('loaded');
    const get = loadOnce(load);
    await expect(get()).rejects.toThrow('chunk did not load');
    await expect(get()).resolves.toBe('loaded');
    await expect(get()).resolves.toBe('loaded');
    expect(load).toHaveBeenCalledTimes(2);
  });
});
