import { describe, expect, it } from 'vitest';
import { canOpenPath } from './use-can-open';

describe('canOpenPath (issue 20 point 2)', () => {
  it('reads the permission of the route a path matches', () => {
    expect(canOpenPath([], '/dashboard')).toBe(true);
    expect(canOpenPath(['VIEW_CLIENTS'], '/client-management/4')).toBe(true);
    expect(canOpenPath(['VIEW_CLIENTS'], '/client-management/4/17')).toBe(true);
    expect(canOpenPath(['VIEW_CLIENTS'], '/data-ingestion/1')).toBe(false);
    expect(canOpenPath(['VIEW_OPEN_REPORTS'], '/data-ingestion/1?view=history')).toBe(true);
    expect(canOpenPath(['VIEW_CLIENTS'], '/client-management/4/account-group/2')).toBe(false);
    expect(canOpenPath(['VIEW_ACCOUNT_GROUPS'], '/client-management/4/account-group/2')).toBe(true);
  });

  it('refuses a path outside the route table', () => {
    expect(canOpenPath(['VIEW_CLIENTS'], '/somewhere/else')).toBe(false);
  });
});
