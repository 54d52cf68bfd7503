import type { SimulatedPaths, SimulatePathsInput } from './simulate-paths';

/** Messages between monte-carlo-worker-pool.ts and monte-carlo-worker.ts. */
export interface SliceRequest {
  readonly id: number;
  readonly input: SimulatePathsInput;
}

export type SliceReply =
  | (SimulatedPaths & { readonly id: number; readonly ok: true; readonly simulateMs: number })
  | { readonly id: number; readonly ok: false; readonly message: string };

/** Sent once the worker has loaded its modules. */
export const WORKER_READY = 'monte-carlo-worker-ready';
