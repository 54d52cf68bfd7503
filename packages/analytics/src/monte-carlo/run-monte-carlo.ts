import { assembleMonteCarloResult, type MonteCarloResult } from './assemble-monte-carlo-result';
import { planSlice, prepareMonteCarlo, type MonteCarloInput } from './prepare-monte-carlo';
import type { Result } from '../core/result';
import { simulatePaths } from './simulate-paths';
import { summarisePaths } from './summarise-paths';

/**
 * Monte Carlo liquidity segmentation (analytics.md, Monte Carlo section) on one thread: the history,
 * then each leave-one-year-out history with the same seed and paths. To spread the paths over worker
 * threads with the same answer, use runMonteCarloInWorkers or createMonteCarloWorkerPool
 * (monte-carlo-worker-pool.ts).
 */
export function runMonteCarlo(input: MonteCarloInput): Result<MonteCarloResult> {
  const prepared = prepareMonteCarlo(input);
  if (!prepared.ok) return prepared;
  const plan = prepared.value;
  const summary = summarisePaths(simulatePaths(planSlice(plan, 0, plan.paths)));
  const others = plan.leaveOneYearOut.map((variant) =>
    summarisePaths(simulatePaths(planSlice(plan, 0, plan.paths, variant))),
  );
  return { ok: true, value: assembleMonteCarloResult(plan, summary, others) };
}
