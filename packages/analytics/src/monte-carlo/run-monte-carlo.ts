import { assembleMonteCarloResult, type MonteCarloResult } from './assemble-monte-carlo-result';
import { planSlice, prepareMonteCarlo, type MonteCarloInput } from './prepare-monte-carlo';
import type { Result } from '../core/result';
import { simulatePaths } from './simulate-paths';
import { summarisePaths } from './summarise-paths';

/**
 * Monte Carlo liquidity segmentation (analytics.md, Monte Carlo section) on one thread. To spread the
 * paths over worker threads with the same answer, use runMonteCarloInWorkers or
 * createMonteCarloWorkerPool (monte-carlo-worker-pool.ts).
 */
export function runMonteCarlo(input: MonteCarloInput): Result<MonteCarloResult> {
  const plan = prepareMonteCarlo(input);
  if (!plan.ok) return plan;
  const paths = simulatePaths(planSlice(plan.value, 0, plan.value.paths));
  return { ok: true, value: assembleMonteCarloResult(plan.value, summarisePaths(paths)) };
}
