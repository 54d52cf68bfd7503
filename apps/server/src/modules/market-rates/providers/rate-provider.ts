import type { RateObservation } from '../rate-observation';

export type RateProviderName = 'fred' | 'treasury';

export interface ProviderResult {
  observations: RateObservation[];
  /** Series the provider could not read this time (each with why); their last good values stay. */
  failures: string[];
}

/**
 * A source of published rates. `fetchObservations` answers what it could read since `since`
 * (YYYY-MM-DD, inclusive) and throws, with a readable message, when it could read nothing.
 */
export interface RateProvider {
  name: RateProviderName;
  fetchObservations(since: string): Promise<ProviderResult>;
}
