// Starting an ingest worker loads the readers through tsx, module by module, each a hop between
// threads: about 0.5 s on a quiet machine, 6-12 s on 2 cores at load 25-30, where every hop waits
// for a core (measured for issue 40 point 8). That grows far faster than the CPU work, so the time
// budgets and timeouts of tests that start workers come from the loaded figures, not 10x the quiet:
// such a test has a timeout of 300 s, room for a few workers in turn, each within its budget.

/** A time budget no worker of these tests reaches on a loaded machine: only a heap limit refuses. */
export const ROOMY_WORKER_MILLIS = 120_000;
