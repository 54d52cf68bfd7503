import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ReactNode } from 'react';
import { act, renderHook } from '@testing-library/react';
import { QueryClientProvider, useQuery } from '@tanstack/react-query';
import type { BatchSummary } from '@tideline/contracts/data-ingestion/batches.schemas';
import { createQueryClient } from '../../lib/query-client';
import { setAccessToken } from '../../lib/api-client';
import { fakeApi } from '../../test/fake-api';
import { batchOf } from './data-ingestion.fixtures';
import { ingestionQueries } from './data-ingestion.queries';
import { EXTRACTION_POLL_MS, useExtractionPolling } from './use-extraction-polling';

// Spec 4 "Extraction polling": the batch summary every 4,000 ms while a file is in progress; a batch
// whose count dropped is read again; nothing in progress, no more polling.

const SUMMARY = '/api/data-ingestion/batches/summary/1';
const BATCHES = '/api/data-ingestion/batches/all/1';

function summaryOf(batchId: number, inProgressCount: number): BatchSummary {
  return {
    batchId,
    status: 'IN PROGRESS',
    numberOfFiles: 2,
    inProgressCount,
    failedCount: 0,
    needsFilesCount: 1,
    needsValidationCount: 0,
    validatedCount: 0,
    ignoredCount: 0,
  };
}

/** The server as the poll sees it: how many files of batch 21 are still queued or being read. */
function serve(state: { inProgress: number }) {
  return fakeApi({
    [`GET ${BATCHES}`]: () => ({ body: [batchOf({ batchId: 21, inProgressCount: state.inProgress })] }),
    [`GET ${SUMMARY}`]: () => ({ body: [summaryOf(21, state.inProgress)] }),
  });
}

function renderPolling(isPaused = false) {
  const client = createQueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  return renderHook(
    ({ paused }) => {
      const batches = useQuery(ingestionQueries.batches(1));
      return { ...useExtractionPolling(1, batches.data, paused), batches: batches.data };
    },
    { wrapper, initialProps: { paused: isPaused } },
  );
}

/**
 * Moves the clock, then lets the answers and the re-reads they cause settle: reading a response body
 * takes real turns of the event loop (setImmediate is left real for it), and the query cache tells
 * its observers a moment later.
 */
async function tick(ms: number) {
  await act(() => vi.advanceTimersByTimeAsync(ms));
  for (let i = 0; i < 10; i++) {
    await act(async () => {
      await new Promise((resolve) => setImmediate(resolve));
      await vi.advanceTimersByTimeAsync(1);
    });
  }
}

describe('extraction polling', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
    // A held token: the calls go straight to the fake API, without the session check.
    setAccessToken('at');
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('polls the summary every 4,000 ms while a file is in progress and stops once none is', async () => {
    const state = { inProgress: 2 };
    const api = serve(state);
    const { result } = renderPolling();
    await tick(0);
    expect(result.current.isPolling).toBe(true);
    expect(api.callsTo('GET', SUMMARY)).toBe(1);

    await tick(EXTRACTION_POLL_MS);
    expect(api.callsTo('GET', SUMMARY)).toBe(2);
    // Nothing dropped: the batches are not read again.
    expect(api.callsTo('GET', BATCHES)).toBe(1);

    state.inProgress = 1;
    await tick(EXTRACTION_POLL_MS);
    expect(api.callsTo('GET', SUMMARY)).toBe(3);
    expect(api.callsTo('GET', BATCHES)).toBe(2);
    expect(result.current.batches?.[0]?.inProgressCount).toBe(1);

    state.inProgress = 0;
    await tick(EXTRACTION_POLL_MS);
    expect(api.callsTo('GET', BATCHES)).toBe(3);
    expect(result.current.isPolling).toBe(false);
    const polls = api.callsTo('GET', SUMMARY);
    await tick(EXTRACTION_POLL_MS * 5);
    expect(api.callsTo('GET', SUMMARY)).toBe(polls);
  });

  it('never polls while nothing is in progress', async () => {
    const api = serve({ inProgress: 0 });
    const { result } = renderPolling();
    await tick(EXTRACTION_POLL_MS * 3);
    expect(result.current.batches).toHaveLength(1);
    expect(result.current.isPolling).toBe(false);
    expect(api.callsTo('GET', SUMMARY)).toBe(0);
  });

  it('pauses while the Validate Batch dialog is open', async () => {
    const api = serve({ inProgress: 1 });
    const { rerender } = renderPolling(true);
    await tick(EXTRACTION_POLL_MS * 3);
    expect(api.callsTo('GET', SUMMARY)).toBe(0);
    rerender({ paused: false });
    await tick(EXTRACTION_POLL_MS);
    expect(api.callsTo('GET', SUMMARY)).toBeGreaterThan(0);
  });
});
