import { useEffect, useSyncExternalStore } from 'react';

// The notistack host (about 8 KB gzipped with notistack itself) is not needed to show the sign-in form:
// it mounts once a user is signed in, or when a signed-out screen that raises toasts asks for it
// (useToastHost). Once mounted it stays, so a toast raised just before navigating still shows.
let wanted = false;
const listeners = new Set<() => void>();

export function requestToastHost(): void {
  if (wanted) return;
  wanted = true;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** True once something asked for the toast host. */
export function useToastHostWanted(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => wanted,
    () => wanted,
  );
}

/** For signed-out screens that raise toasts (e.g. Set New Password): mounts the host with the screen. */
export function useToastHost(): void {
  useEffect(requestToastHost, []);
}
