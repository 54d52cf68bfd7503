// Forecast accuracy (issue 41 point 7): the short-term model against the two naive baselines — same
// week last year (52-week seasonal naive, 364 days) and same business-day position of the month last
// year — by horizon (1, 4, 13 weeks), over the rolling origins of the model's own back-test, on the
// demo clients (the group of each demo short-term model: All Accounts where its members have 30
// months) and on the synthetic generator with known structure. The Monte Carlo stability figures
// follow (section marked below). Run: npm run bench -- forecast-accuracy
// Needs a PostgreSQL server (BENCH_PG_URL, default postgres://postgres@127.0.0.1:5432/postgres): the
// demo data is seeded into a throwaway database with `seed-demo`, which is dropped at the end.
import { sql } from 'drizzle-orm';
import { runShortTermStep1, type ShortTermStep1Model } from '@tideline/analytics';
import { makeSyntheticHistory } from '../packages/analytics/src/short-term/synthetic-history';
import { openDatabase } from '../apps/server/src/db/open-database';
import { loadGroupHistory } from '../apps/server/src/modules/balance-tables/group-history';
import { selectGroupMinDate } from '../apps/server/src/modules/short-term/short-term.queries';
import { createDemoDatabase, type BenchDatabase } from './bench-server';
import { measureMonteCarloStability, type MonteCarloStabilityFigures } from './monte-carlo-stability';
import { adminUrl, loadAverage } from './staging-seed';

type Accuracy = ShortTermStep1Model['backTest']['accuracy'];

interface Row {
  history: string;
  window: string;
  origins: number;
  method: string;
  horizons: Record<string, Record<string, { mase: number | null; wape: number | null }>>;
  bias13: { model: number | null; seasonalNaive: number | null };
}

function toRow(history: string, window: string, accuracy: Accuracy): Row {
  const horizons: Row['horizons'] = {};
  accuracy.model.forEach((model, index) => {
    const naive = accuracy.seasonalNaive[index]!;
    const same = accuracy.sameBusinessDayLastYear[index]!;
    horizons[`${model.weeks}w`] = {
      model: { mase: model.mase, wape: model.wape },
      sameWeekLastYear: { mase: naive.mase, wape: naive.wape },
      sameBusinessDayLastYear: { mase: same.mase, wape: same.wape },
    };
  });
  return {
    history,
    window,
    origins: accuracy.origins.length,
    method: accuracy.method,
    horizons,
    bias13: {
      model: accuracy.model.at(-1)?.relativeBias ?? null,
      seasonalNaive: accuracy.seasonalNaive.at(-1)?.relativeBias ?? null,
    },
  };
}

function printTable(rows: Row[]) {
  const f = (x: number | null) => (x === null ? '   n/a' : x.toFixed(3).padStart(6));
  console.log(
    'history'.padEnd(34) +
      'origins  method         ' +
      ['1w', '4w', '13w'].map((h) => `MASE ${h} model/week/bdom`.padEnd(28)).join('') +
      'WAPE 13w model/week/bdom',
  );
  for (const row of rows) {
    const cells = ['1w', '4w', '13w']
      .map((h) => {
        const c = row.horizons[h]!;
        return `${f(c.model!.mase)} ${f(c.sameWeekLastYear!.mase)} ${f(c.sameBusinessDayLastYear!.mase)}`.padEnd(
          28,
        );
      })
      .join('');
    const w = row.horizons['13w']!;
    console.log(
      row.history.slice(0, 33).padEnd(34) +
        String(row.origins).padEnd(9) +
        row.method.padEnd(15) +
        cells +
        `${f(w.model!.wape)} ${f(w.sameWeekLastYear!.wape)} ${f(w.sameBusinessDayLastYear!.wape)}`,
    );
  }
}

async function demoRows(demo: BenchDatabase): Promise<Row[]> {
  const rows: Row[] = [];
  {
    const database = await openDatabase({
      databaseUrl: demo.databaseUrl,
      dataDir: demo.dataDir,
      poolSize: 2,
    });
    try {
      const { rows: models } = await database.db.execute(sql`
        select distinct on (m.client_id) c.client_name as "clientName", g.group_name as "groupName",
          m.account_group_id as "groupId", m.end_date::text as "endDate"
        from short_term_models m
        join clients c on c.client_id = m.client_id
        join account_groups g on g.group_id = m.account_group_id
        order by m.client_id, m.end_date desc`);
      for (const model of models as {
        clientName: string;
        groupName: string;
        groupId: number;
        endDate: string;
      }[]) {
        const history = await loadGroupHistory(database.db, model.groupId);
        const minDate = await selectGroupMinDate(database.db, model.groupId);
        if (!history || !minDate) continue;
        const fitted = runShortTermStep1({
          accounts: [history],
          startDate: minDate,
          endDate: model.endDate,
          minDate,
        });
        const label = `${model.clientName} (${model.groupName})`;
        if (!fitted.ok) {
          console.log(`${label}: ${fitted.error.message}`);
          continue;
        }
        rows.push(toRow(label, `${minDate} to ${model.endDate}`, fitted.value.backTest.accuracy));
      }
    } finally {
      await database.close();
    }
  }
  return rows;
}

function syntheticRows(): Row[] {
  const rows: Row[] = [];
  for (const seed of [1, 2, 3, 4, 5]) {
    const { account } = makeSyntheticHistory({ from: '2021-01-04', to: '2023-12-29', seed });
    const fitted = runShortTermStep1({
      accounts: [account],
      startDate: '2021-01-04',
      endDate: '2023-12-29',
      minDate: '2021-01-04',
    });
    if (!fitted.ok) throw new Error(fitted.error.message);
    rows.push(toRow(`synthetic seed ${seed}`, '2021-01-04 to 2023-12-29', fitted.value.backTest.accuracy));
  }
  return rows;
}

function printStability(figures: MonteCarloStabilityFigures) {
  const m = (x: number | null | undefined) => (x === null || x === undefined ? 'n/a' : (x / 1e6).toFixed(2));
  console.log(
    `\nMonte Carlo stability (${figures.paths} paths, seed ${figures.seed}), level five in $M:` +
      '\nclient'.padEnd(44) +
      'L5 1y / 2y / 3y'.padEnd(26) +
      '3y LOYO range'.padEnd(18) +
      'move  within  seed spread  coherent 3y  worst-5% mean lowest balance by horizon (3y)',
  );
  for (const c of figures.clients) {
    const y = (k: '1' | '2' | '3') => {
      const f = c.years[k];
      return f && 'levels' in f ? f : null;
    };
    const three = y('3');
    const range = three?.levelRanges?.levelFive;
    const es = three?.expectedShortfall.map((e) => `${e.horizon} ${m(e.amount)}`).join(', ') ?? 'n/a';
    console.log(
      `${c.client} (${c.group})`.slice(0, 43).padEnd(44) +
        `${m(y('1')?.levels.levelFive)} / ${m(y('2')?.levels.levelFive)} / ${m(three?.levels.levelFive)}`.padEnd(
          26,
        ) +
        (range ? `${m(range.low)}-${m(range.high)}` : 'n/a').padEnd(18) +
        `${m(c.levelFiveMove)}`.padEnd(6) +
        `${c.isWithinRange === null ? 'n/a' : c.isWithinRange ? 'yes' : 'NO'}`.padEnd(8) +
        `${m(c.seedSpread?.width)}`.padEnd(13) +
        `${three?.coherentShare ?? 'n/a'}`.padEnd(13) +
        es,
    );
  }
}

const started = Date.now();
console.log(`load average before: ${loadAverage()}`);
const synthetic = syntheticRows();
const demoDatabase = await createDemoDatabase(adminUrl, 'forecast');
try {
  const demo = await demoRows(demoDatabase);
  console.log(
    '\nShort-term forecast accuracy, weekly net flow totals (MASE scaled by the in-sample 52-week naive)',
  );
  printTable([...demo, ...synthetic]);
  console.log(JSON.stringify({ bench: 'forecast-accuracy short-term', demo, synthetic }, null, 2));

  // Monte Carlo stability (issue 41 point 2): level five for 1, 2 and 3 history years against the
  // leave-one-year-out range, the seed spread, the share of coherent paths, the expected shortfall.
  const stability = await measureMonteCarloStability(demoDatabase.databaseUrl);
  printStability(stability);
  console.log(JSON.stringify({ bench: 'forecast-accuracy monte-carlo stability', ...stability }, null, 2));
} finally {
  await demoDatabase.drop();
}

console.log(`elapsed ${Math.round((Date.now() - started) / 1000)} s, load average after: ${loadAverage()}`);
