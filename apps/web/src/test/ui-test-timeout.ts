/**
 * Tests that render the whole app (lazy routes, guards, dialogs) get this long: on a loaded two-core
 * machine the first lazy chunks take seconds to transform.
 */
export const UI_TEST_TIMEOUT = 30_000;
