import { useEffect, useSyncExternalStore } from 'react';
import type { OptionsObject, SnackbarMessage } from 'notistack';

// The notistack host (about 8 KB compressed with notistack itself, which styles itself as it loads) is
// not needed to draw a screen: the signed-in shell asks for it once it has drawn and the browser is idle
// (app-layout.tsx), and a signed-out screen that raises toasts asks for it with the screen
// (useToastHost). Once mounted it stays, so a toast raised just before navigating still shows.
// Screens raise toasts through enqueueSnackbar below, never notistack's own: notistack's stays undefined
// until its host has mounted, and importing it would bring notistack into the screen's first load.
let wanted = false;
const listeners = new Set<() => void>();

type Enqueue = (message: SnackbarMessage, options?: OptionsObject) => void;
let enqueueOnHost: Enqueue | null = null;
const waiting: Parameters<Enqueue>[] = [];

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

/**
 * Called by the mounted host with notistack's enqueue: the toasts raised while it loaded show now.
 * Answers the detach for its unmount, after which toasts wait for the next host.
 */
export function attachToastHost(enqueue: Enqueue): () => void {
  enqueueOnHost = enqueue;
  for (const toast of waiting.splice(0)) enqueue(...toast);
  return () => {
    if (enqueueOnHost === enqueue) enqueueOnHost = null;
  };
}

/** Shows a toast (notistack's message and options); one raised before the host is up waits for it. */
export function enqueueSnackbar(message: SnackbarMessage, options?: OptionsObject): void {
  if (enqueueOnHost) {
    enqueueOnHost(message, options);
    return;
  }
  waiting.push([message, options]);
  requestToastHost();
}
