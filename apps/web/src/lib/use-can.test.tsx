import { describe, expect, it } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { useSessionStore } from './session-store';
import { useCan } from './use-can';

const user = {
  userId: 1,
  firstName: 'Ana',
  lastName: 'Silva',
  email: 'ana@example.com',
  permList: ['VIEW_USERS'],
};

describe('useCan', () => {
  it('is true when the user holds any of the permissions', () => {
    useSessionStore.getState().setUser(user);
    expect(renderHook(() => useCan('VIEW_USERS')).result.current).toBe(true);
    expect(renderHook(() => useCan('ADD_USERS', 'VIEW_USERS')).result.current).toBe(true);
    expect(renderHook(() => useCan('ADD_USERS')).result.current).toBe(false);
  });

  it('is false for a permission when nobody is signed in', () => {
    expect(renderHook(() => useCan('VIEW_USERS')).result.current).toBe(false);
  });

  it('follows the session store when the user changes', () => {
    useSessionStore.getState().setUser(user);
    const { result, rerender } = renderHook(() => useCan('ADD_USERS'));
    expect(result.current).toBe(false);
    act(() => useSessionStore.getState().setUser({ ...user, permList: ['ADD_USERS'] }));
    rerender();
    expect(result.current).toBe(true);
  });
});
