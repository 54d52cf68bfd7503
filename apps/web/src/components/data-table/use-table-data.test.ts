import { afterEach, describe, expect, it, vi } from 'vitest';

const state = { pageSize: 10, pageIndex: 2, filters: { name: 'Ac', kind: [] }, searchTerm: 'x', sort: null };

describe('buildListRequest', () => {
  afterEach(() => vi.restoreAllMocks());

  it("names the viewer's time zone for a server-mode table only, reading it once", async () => {
    // A fresh module: the zone read is kept in it, and other test files may share this worker's modules.
    vi.resetModules();
    const { buildListRequest } = await import('./use-table-data');
    const zone = new Intl.DateTimeFormat().resolvedOptions().timeZone;
    const dateTimeFormat = vi.spyOn(Intl, 'DateTimeFormat');
    // A client-mode table sends nothing, so its screen does not make a date formatter (ICU's data).
    expect(buildListRequest(state, false)).toEqual({
      pageSize: 10,
      pageIndex: 2,
      filters: [{ id: 'name', value: 'Ac' }],
      searchTerm: 'x',
      sortOrder: [],
    });
    expect(dateTimeFormat).not.toHaveBeenCalled();
    expect(buildListRequest(state, true).timeZone).toBe(zone);
    expect(buildListRequest({ ...state, sort: { id: 'name', desc: true } }, true)).toMatchObject({
      sortOrder: [{ id: 'name', desc: true }],
      timeZone: zone,
    });
    expect(dateTimeFormat).toHaveBeenCalledTimes(1);
  });
});
