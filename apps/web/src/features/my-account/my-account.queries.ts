import { queryOptions } from '@tanstack/react-query';
import { fetchExceptionDigest } from './my-account.api';

// One key factory per area (style.md "Web"): the settings of one's own account read on My Account.
export const myAccountKeys = {
  all: () => ['my-account'] as const,
  exceptionDigest: () => [...myAccountKeys.all(), 'exception-digest'] as const,
};

export const myAccountQueries = {
  exceptionDigest: () =>
    queryOptions({ queryKey: myAccountKeys.exceptionDigest(), queryFn: fetchExceptionDigest }),
};
