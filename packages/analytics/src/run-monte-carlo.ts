import { assembleMonteCarloResult, type MonteCarloResult } from './assemble-monte-carlo-result';
import { prepareMonteCarlo, type MonteCarloInput } from './prepare-monte-carlo';
import type { Result } from './result';
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
  const paths = simulatePaths({
    flows: plan.value.flows,
    startBalance: plan.value.startBalance,
    seed: plan.value.seed,
    firstPath: 0,
    pathCount: plan.value.paths,
    meanBlockLength: plan.value.meanBlockLength,
  });
  return { ok: true, value: assembleMonteCarloResult(plan.value, summarisePaths(paths)) };
}
