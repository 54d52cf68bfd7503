import { beforeEach, describe, expect, it } from 'vitest';
import { useSessionStore } from './session-store';

const user = {
  userId: 1,
  firstName: 'Ana',
  lastName: 'Silva',
  email: 'ana@example.com',
  permList: ['VIEW_USERS', 'VIEW_NOTES'],
};

describe('the session store', () => {
  beforeEach(() => useSessionStore.getState().clearSession());

  it('keeps the user object when the same user is set again, so nothing reading it draws again', () => {
    useSessionStore.getState().setUser(user);
    const stored = useSessionStore.getState().user;
    useSessionStore.getState().setUser({ ...user, permList: [...user.permList] });
    expect(useSessionStore.getState().user).toBe(stored);
    expect(useSessionStore.getState().user?.permList).toBe(stored?.permList);
  });

  it('takes a changed user, and keeps the parts that did not change', () => {
    useSessionStore.getState().setUser(user);
    const stored = useSessionStore.getState().user!;
    useSessionStore.getState().setUser({ ...user, firstName: 'Anna', permList: [...user.permList] });
    const next = useSessionStore.getState().user!;
    expect(next).not.toBe(stored);
    expect(next.firstName).toBe('Anna');
    expect(next.permList).toBe(stored.permList);
    useSessionStore.getState().setUser({ ...user, permList: ['VIEW_USERS'] });
    expect(useSessionStore.getState().user?.permList).toEqual(['VIEW_USERS']);
  });

  it('clears the deliberate sign-out mark when a user signs in again', () => {
    useSessionStore.getState().setUser(user);
    useSessionStore.getState().signOut();
    expect(useSessionStore.getState().hasSignedOut).toBe(true);
    useSessionStore.getState().setUser(user);
    expect(useSessionStore.getState().hasSignedOut).toBe(false);
    expect(useSessionStore.getState().user).toEqual(user);
  });
});
