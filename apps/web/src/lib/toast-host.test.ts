import { describe, expect, it, vi } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { attachToastHost, enqueueSnackbar, useToastHostWanted } from './toast-host';

describe('toast host', () => {
  it('keeps a toast raised before the host is up, asks for the host, and shows it once attached', () => {
    const wanted = renderHook(() => useToastHostWanted());
    act(() => enqueueSnackbar('Saved.', { variant: 'success' }));
    enqueueSnackbar('Second.');
    // Asked for by the first toast (or by an earlier test of this worker: it stays wanted once asked).
    expect(wanted.result.current).toBe(true);

    const host = vi.fn();
    const detach = attachToastHost(host);
    expect(host.mock.calls).toEqual([
      ['Saved.', { variant: 'success' }],
      ['Second.', undefined],
    ]);
    enqueueSnackbar('Now.', { variant: 'error' });
    expect(host).toHaveBeenLastCalledWith('Now.', { variant: 'error' });

    // An unmounted host takes nothing more: the toast waits for the next one.
    detach();
    enqueueSnackbar('Later.');
    expect(host).toHaveBeenCalledTimes(3);
    const next = vi.fn();
    attachToastHost(next)();
    expect(next.mock.calls).toEqual([['Later.', undefined]]);
  });
});
