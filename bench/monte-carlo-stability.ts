// Monte Carlo stability figures on the demo data (issue 41 points 2 and 7): for each demo client's
// latest Monte Carlo group and end date, the levels with 1, 2 and 3 history years, the leave-one-year-out
// range, the share of coherent paths, the expected shortfall, the chosen block length and the spread
// of level five over seeds; with the two earlier methods' level five beside them.
// measureMonteCarloStability(databaseUrl) is called from forecast-accuracy.bench.ts; on its own:
//   node --import tsx bench/monte-carlo-stability.ts   (seeds a demo database on BENCH_PG_URL)
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { runMonteCarlo, type MonteCarloInput, type MonteCarloResult } from '@tideline/analytics';
import { openDatabase } from '../apps/server/src/db/open-database';
import { loadGroupHistory } from '../apps/server/src/modules/balance-tables/group-history';

type Levels = MonteCarloResult['liquidityLevels'];

export interface YearsFigures {
  readonly historyYears: number;
  readonly levels: Pick<
    Levels,
    'levelOne' | 'levelTwo' | 'levelThree' | 'levelFour' | 'levelFive' | 'cushion'
  >;
  readonly levelRanges: MonteCarloResult['levelRanges'];
  readonly coherentShare: number;
  readonly expectedShortfall: MonteCarloResult['expectedShortfall'];
  readonly meanBlockLength: number;
  readonly operatingNeed: number;
  readonly worstThirtyDayOutflow: number;
}

export interface ClientStability {
  readonly client: string;
  readonly group: string;
  readonly endDate: string;
  readonly startBalance: number;
  /** By number of history years asked for (1, 2, 3). */
  readonly years: Record<'1' | '2' | '3', YearsFigures | { readonly error: string }>;
  /** Largest |level five (y) - level five (3 years)| over y = 1, 2, against the 3-year range width. */
  readonly levelFiveMove: number | null;
  readonly levelFiveRangeWidth: number | null;
  readonly isWithinRange: boolean | null;
  /** Level five with 3 years for several seeds (same paths). */
  readonly seedSpread: {
    readonly seeds: number[];
    readonly levelFive: number[];
    readonly width: number;
  } | null;
  /** The earlier methods, for comparison: stationary bootstrap of raw flows (1 year), seasonal (3 years). */
  readonly previous: {
    readonly stationaryOneYear: number | null;
    readonly seasonalThreeYears: number | null;
  };
}

export interface MonteCarloStabilityFigures {
  readonly paths: number;
  readonly seed: number;
  readonly clients: ClientStability[];
}

const FIELDS = ['levelOne', 'levelTwo', 'levelThree', 'levelFour', 'levelFive', 'cushion'] as const;

function figuresOf(result: MonteCarloResult): YearsFigures {
  const levels = Object.fromEntries(
    FIELDS.map((f) => [f, result.liquidityLevels[f]]),
  ) as YearsFigures['levels'];
  return {
    historyYears: result.historyYears,
    levels,
    levelRanges: result.levelRanges,
    coherentShare: result.coherentShare,
    expectedShortfall: result.expectedShortfall,
    meanBlockLength: Math.round(result.meanBlockLength * 100) / 100,
    operatingNeed: result.cushionBasis.operatingNeed,
    worstThirtyDayOutflow: result.cushionBasis.worstThirtyDayOutflow,
  };
}

/** The figures for every demo client of the seeded database at `databaseUrl`. */
export async function measureMonteCarloStability(
  databaseUrl: string,
  options: { paths?: number; seed?: number; extraSeeds?: number[]; today?: string } = {},
): Promise<MonteCarloStabilityFigures> {
  const paths = options.paths ?? 10_000;
  const seed = options.seed ?? 20_241_001;
  const extraSeeds = options.extraSeeds ?? [1, 2];
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'tideline-mc-stability-'));
  const database = await openDatabase({ databaseUrl, dataDir, poolSize: 2 });
  const clients: ClientStability[] = [];
  try {
    const { rows } = await database.db.execute(sql`
      select distinct on (r.client_id) c.client_name as "clientName", g.group_name as "groupName",
        r.account_group_id as "groupId", r.end_date::text as "endDate", r.created_at as "createdAt"
      from monte_carlo_runs r
      join clients c on c.client_id = r.client_id
      join account_groups g on g.group_id = r.account_group_id
      order by r.client_id, r.end_date desc, r.monte_carlo_id desc`);
    for (const row of rows as {
      clientName: string;
      groupName: string;
      groupId: number;
      endDate: string;
      createdAt: Date | string;
    }[]) {
      const history = await loadGroupHistory(database.db, row.groupId);
      if (!history) continue;
      const today = options.today ?? new Date(row.createdAt).toISOString().slice(0, 10);
      const base: MonteCarloInput = {
        accounts: [history],
        endDate: row.endDate,
        numberOfYears: 1,
        today: today < row.endDate ? row.endDate : today,
        seed,
        paths,
      };
      const years = {} as Record<'1' | '2' | '3', YearsFigures | { error: string }>;
      const fives: Partial<Record<1 | 2 | 3, number>> = {};
      let startBalance = 0;
      let threeRange: MonteCarloResult['levelRanges'] = null;
      for (const numberOfYears of [1, 2, 3] as const) {
        const result = runMonteCarlo({ ...base, numberOfYears });
        if (!result.ok) {
          years[String(numberOfYears) as '1'] = { error: result.error.message };
          continue;
        }
        startBalance = result.value.startBalance;
        years[String(numberOfYears) as '1'] = figuresOf(result.value);
        fives[numberOfYears] = result.value.liquidityLevels.levelFive;
        if (numberOfYears === 3) threeRange = result.value.levelRanges;
      }
      const three = fives[3];
      const width = threeRange ? threeRange.levelFive.high - threeRange.levelFive.low : null;
      const moves = [fives[1], fives[2]]
        .filter((v): v is number => v !== undefined)
        .map((v) => Math.abs(v - (three ?? v)));
      const levelFiveMove = three === undefined || moves.length === 0 ? null : Math.max(...moves);
      let seedSpread: ClientStability['seedSpread'] = null;
      if (three !== undefined) {
        const values = [three];
        for (const other of extraSeeds) {
          const again = runMonteCarlo({ ...base, numberOfYears: 3, seed: other });
          if (again.ok) values.push(again.value.liquidityLevels.levelFive);
        }
        seedSpread = {
          seeds: [seed, ...extraSeeds],
          levelFive: values,
          width: Math.round((Math.max(...values) - Math.min(...values)) * 100) / 100,
        };
      }
      const previousOf = (input: MonteCarloInput) => {
        const result = runMonteCarlo(input);
        return result.ok ? result.value.liquidityLevels.levelFive : null;
      };
      clients.push({
        client: row.clientName,
        group: row.groupName,
        endDate: row.endDate,
        startBalance,
        years,
        levelFiveMove: levelFiveMove === null ? null : Math.round(levelFiveMove * 100) / 100,
        levelFiveRangeWidth: width === null ? null : Math.round(width * 100) / 100,
        isWithinRange: levelFiveMove === null || width === null ? null : levelFiveMove <= width,
        seedSpread,
        previous: {
          stationaryOneYear: previousOf({ ...base, numberOfYears: 1, bootstrap: 'stationary' }),
          seasonalThreeYears: previousOf({ ...base, numberOfYears: 3, bootstrap: 'seasonal' }),
        },
      });
    }
  } finally {
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
  return { paths, seed, clients };
}

// Run on its own: a fresh demo database, the figures as JSON, the database dropped.
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { createDemoDatabase } = await import('./bench-server');
  const { adminUrl } = await import('./staging-seed');
  const demo = await createDemoDatabase(adminUrl, 'mcstability');
  try {
    const paths = process.env.PATHS ? Number(process.env.PATHS) : undefined;
    const figures = await measureMonteCarloStability(demo.databaseUrl, paths ? { paths } : {});
    console.log(JSON.stringify(figures, null, 2));
  } finally {
    await demo.drop();
  }
}
