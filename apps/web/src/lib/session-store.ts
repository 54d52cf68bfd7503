import { replaceEqualDeep } from '@tanstack/react-query';
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import type { LoggedUser } from '@tideline/contracts/users/logged-user.schemas';

// platform.md 1 and 4.2: only the signed-in user and the market data survive a reload. The access token
// never lives here (it stays in memory in api-client.ts).
export interface SessionState {
  user: LoggedUser | null;
  marketData: unknown;
  /** True after a deliberate Logout: the guards then forget the page the user was on. Not persisted. */
  hasSignedOut: boolean;
  setUser: (user: LoggedUser) => void;
  setMarketData: (marketData: unknown) => void;
  /** The session expired: drop the user and market data (platform.md 4.2). */
  clearSession: () => void;
  /** Logout: drop the user and market data (platform.md 4.2) and remember that it was deliberate. */
  signOut: () => void;
}

export const SESSION_STORAGE_KEY = 'tideline-session';

export const useSessionStore = create<SessionState>()(
  persist(
    (set) => ({
      user: null,
      marketData: null,
      hasSignedOut: false,
      // The same user again (the reload's session check) keeps the object and its permList, so screens
      // that read them do not all render again at once, synchronously, while the page is first drawn.
      setUser: (user) => set((state) => ({ user: replaceEqualDeep(state.user, user), hasSignedOut: false })),
      setMarketData: (marketData) => set({ marketData }),
      clearSession: () => set({ user: null, marketData: null, hasSignedOut: false }),
      signOut: () => set({ user: null, marketData: null, hasSignedOut: true }),
    }),
    {
      name: SESSION_STORAGE_KEY,
      storage: createJSONStorage(() => localStorage),
      partialize: (state) => ({ user: state.user, marketData: state.marketData }),
    },
  ),
);
