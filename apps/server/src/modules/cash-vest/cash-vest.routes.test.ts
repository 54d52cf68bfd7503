import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG, PERMISSIONS } from '@tideline/contracts';
import {
  CASH_VEST_MSG,
  CASH_VEST_SUB_SCORES,
  type CashVestHistoryRow,
  type CashVestResult,
  type CashVestSubScores,
} from '@tideline/contracts/cash-vest/cash-vest.schemas';
import { CASH_VEST_RANGES } from '@tideline/analytics';
import { auditLog, cashVestScores, openReports } from '../../db/schema';
import {
  call,
  createClients,
  createRole,
  createSignedInUser,
  createTestContext,
  type SignedInUser,
  type TestContext,
} from '../../../test/test-context';
import {
  createCashVestWorld,
  INTEREST,
  insertCashVestRow,
  insertOpenReport,
  PERIOD,
} from './cash-vest.fixtures';

// The cashVest routes of ingestion-analysis.md 7 (and ours: New cashVest Score, the suggestion): who
// may call them, client scoping, the range rules of spec 5 with their messages, and what an edit keeps.

let ctx: TestContext;
let admin: SignedInUser;
const db = () => ctx.database.db;

const SCORES = { valueScore: 12, liquidityProf: 21, warnickRate: 9, cashflow: 15, investment: 7 };
const body = (overrides: Record<string, unknown> = {}) => ({
  cashVest: { ...PERIOD, ...SCORES, valueScoreComments: 'Most money earns.', ...overrides },
});
const edit = (id: number, user: SignedInUser, payload: unknown = body()) =>
  call(ctx, 'PUT', `/api/analytics/cash-vest/update/${id}`, user, payload);

async function rowOf(id: number) {
  const [row] = await db().select().from(cashVestScores).where(eq(cashVestScores.cashVestId, id));
  return row!;
}

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await createSignedInUser(ctx, 'Admin');
}, 60_000);
afterAll(() => ctx.close());

describe('the ranges', () => {
  it('are the ones the model maps onto (spec 5: 2-20, 3-30, 2-20, 2-20, 1-10)', () => {
    const model = [
      CASH_VEST_RANGES.valueScore,
      CASH_VEST_RANGES.liquidityProficiency,
      CASH_VEST_RANGES.warnickRate,
      CASH_VEST_RANGES.cashflow,
      CASH_VEST_RANGES.investment,
    ];
    expect(CASH_VEST_SUB_SCORES.map(({ min, max }) => ({ min, max }))).toEqual(model);
  });
});

describe('permissions', () => {
  let clientId: number;
  let cashVestId: number;
  beforeAll(async () => {
    [clientId] = (await createClients(ctx, 1, 'CashVest perms')) as [number];
    cashVestId = await insertCashVestRow(ctx, clientId);
  });

  const routes = (): [string, 'GET' | 'POST' | 'PUT', string, string, unknown][] => [
    ['history', 'GET', `/api/analytics/cash-vest/${clientId}`, 'VIEW_CASH_VEST_SCORES', undefined],
    [
      'sub-scores',
      'GET',
      `/api/analytics/cash-vest/sub-scores/${cashVestId}`,
      'VIEW_CASH_VEST_SCORES',
      undefined,
    ],
    [
      'suggestion',
      'GET',
      `/api/analytics/cash-vest/suggestion/${cashVestId}`,
      'EDIT_CASH_VEST_SCORES',
      undefined,
    ],
    ['new score', 'POST', `/api/analytics/cash-vest/${clientId}`, 'EDIT_CASH_VEST_SCORES', undefined],
    ['edit', 'PUT', `/api/analytics/cash-vest/update/${cashVestId}`, 'EDIT_CASH_VEST_SCORES', body()],
    ['chart widget', 'GET', `/api/clients/cash-vest/widget/${clientId}`, 'VIEW_CASH_VEST_SCORES', undefined],
    [
      'rate comparison',
      'GET',
      `/api/clients/interest-rate-comparison-widget/${clientId}`,
      'VIEW_CLIENTS',
      undefined,
    ],
    ['rate widget', 'GET', `/api/clients/interest-rate-widget/${clientId}`, 'VIEW_CLIENTS', undefined],
  ];

  it('refuses each route without its permission (403) and answers with it', async () => {
    for (const [name, method, url, permission, payload] of routes()) {
      const without = await createRole(
        ctx,
        PERMISSIONS.filter((p) => p !== permission),
      );
      const refused = await call(ctx, method, url, await createSignedInUser(ctx, without.roleName), payload);
      expect(refused.statusCode, name).toBe(403);
      expect(refused.json().msg).toBe(MSG.forbidden);
      const only = await createRole(ctx, [permission]);
      const allowed = await call(ctx, method, url, await createSignedInUser(ctx, only.roleName), payload);
      expect(allowed.statusCode, `${name}: ${allowed.body}`).toBeLessThan(300);
    }
  }, 120_000);
});

describe('client scoping', () => {
  it("answers another client's rows and ids with 404, as ids that exist nowhere", async () => {
    const [own, other] = (await createClients(ctx, 2, 'CashVest scoped')) as [number, number];
    const otherRow = await insertCashVestRow(ctx, other, { valueScoreComments: 'secret' });
    const role = await createRole(
      ctx,
      ['VIEW_CASH_VEST_SCORES', 'EDIT_CASH_VEST_SCORES', 'VIEW_CLIENTS'],
      true,
    );
    const user = await createSignedInUser(ctx, role.roleName, [own]);
    const probes: ['GET' | 'POST' | 'PUT', string, string, unknown][] = [
      ['GET', `/api/analytics/cash-vest/${other}`, 'Client not found.', undefined],
      ['POST', `/api/analytics/cash-vest/${other}`, 'Client not found.', undefined],
      ['GET', `/api/analytics/cash-vest/sub-scores/${otherRow}`, CASH_VEST_MSG.notFound, undefined],
      ['GET', `/api/analytics/cash-vest/suggestion/${otherRow}`, CASH_VEST_MSG.notFound, undefined],
      ['PUT', `/api/analytics/cash-vest/update/${otherRow}`, CASH_VEST_MSG.notFound, body()],
      ['GET', `/api/clients/cash-vest/widget/${other}`, 'Client not found.', undefined],
      ['GET', `/api/clients/interest-rate-comparison-widget/${other}`, 'Client not found.', undefined],
      ['GET', `/api/clients/interest-rate-widget/${other}`, 'Client not found.', undefined],
    ];
    for (const [method, url, msg, payload] of probes) {
      const res = await call(ctx, method, url, user, payload);
      expect(res.statusCode, url).toBe(404);
      expect(res.json().msg).toBe(msg);
      const ghost = await call(ctx, method, url.replace(/\d+$/, '2000000000'), user, payload);
      expect(ghost.body).toBe(res.body);
    }
    expect((await rowOf(otherRow)).valueScore).toBeNull();
    expect((await call(ctx, 'GET', `/api/analytics/cash-vest/${own}`, user)).statusCode).toBe(200);
  });
});

describe('PUT cash-vest/update/{cashVestId}: spec 5', () => {
  let clientId: number;
  let cashVestId: number;
  beforeAll(async () => {
    [clientId] = (await createClients(ctx, 1, 'CashVest rules')) as [number];
    cashVestId = await insertCashVestRow(ctx, clientId, { startDate: null, endDate: null });
  });

  const cases = CASH_VEST_SUB_SCORES.flatMap(({ key, title, min, max }) => {
    const range = CASH_VEST_MSG.rangeRule(title, min, max);
    return [
      [key, 'missing', undefined, MSG.required],
      [key, 'empty', '', MSG.required],
      [key, 'not a number', 'ten', MSG.fieldMustBeNumber],
      [key, 'below the range', min - 1, range],
      [key, 'above the range', max + 1, range],
      [key, 'not whole', min + 0.5, range],
    ] as const;
  });

  it.each(cases)('%s %s: 400 with the message, nothing saved', async (key, _case, value, message) => {
    const res = await edit(cashVestId, admin, body({ [key]: value }));
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().fieldErrors[`cashVest.${key}`]).toEqual([message]);
    expect(await rowOf(cashVestId)).toMatchObject({ valueScore: null, totalScore: null, startDate: null });
  });

  it('takes each end of each range, and a score typed as text', async () => {
    const lows = Object.fromEntries(CASH_VEST_SUB_SCORES.map((s) => [s.key, s.min]));
    const highs = Object.fromEntries(CASH_VEST_SUB_SCORES.map((s) => [s.key, String(s.max)]));
    expect((await edit(cashVestId, admin, body(lows))).json().cashVest.totalScore).toBe(10);
    expect((await edit(cashVestId, admin, body(highs))).json().cashVest.totalScore).toBe(100);
  });

  it('needs both dates, the end not before the start', async () => {
    const noStart = await edit(cashVestId, admin, body({ startDate: '' }));
    expect(noStart.json().fieldErrors['cashVest.startDate']).toEqual([MSG.required]);
    const reversed = await edit(cashVestId, admin, body({ startDate: '2037-03-31', endDate: '2037-01-01' }));
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json().fieldErrors['cashVest.endDate']).toEqual([CASH_VEST_MSG.endBeforeStart]);
  });

  it('refuses an account group of another client', async () => {
    const [other] = (await createClients(ctx, 1, 'CashVest other group')) as [number];
    const { groupId } = await createCashVestWorld(ctx, other);
    const res = await edit(cashVestId, admin, body({ accountGroupId: groupId }));
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().msg).toBe(CASH_VEST_MSG.groupNotFound);
  });
});

describe('New cashVest Score, the edit, the history and the sub-scores', () => {
  it('creates a row for the open cycle with its period and interest; the analysis is in progress', async () => {
    const [clientId] = (await createClients(ctx, 1, 'CashVest cycle')) as [number];
    await createCashVestWorld(ctx, clientId);
    const reportId = await insertOpenReport(ctx, clientId);
    const res = await call(ctx, 'POST', `/api/analytics/cash-vest/${clientId}`, admin);
    expect(res.statusCode, res.body).toBe(201);
    const { cashVest, msg } = res.json() as CashVestResult;
    expect(msg).toBe(CASH_VEST_MSG.created);
    const periodInterest = INTEREST.filter((t) => t.transactionDate >= PERIOD.startDate).reduce(
      (sum, t) => sum + Number(t.amount),
      0,
    );
    const yearInterest = INTEREST.reduce((sum, t) => sum + Number(t.amount), 0);
    expect(cashVest).toMatchObject({
      ...PERIOD,
      totalScore: null,
      totalStar: null,
      valueScore: null,
      valueScoreStar: null,
      periodInterest,
      yearInterest,
    });
    expect((await rowOf(cashVest.cashVestId)).openReportId).toBe(reportId);
    const [report] = await db().select().from(openReports).where(eq(openReports.openReportId, reportId));
    expect(report!.analysisStatus).toBe('In Progress');
  });

  it('creates a row without dates outside a cycle; the first edit gives it dates and scores', async () => {
    const [clientId] = (await createClients(ctx, 1, 'CashVest no cycle')) as [number];
    await createCashVestWorld(ctx, clientId);
    const created = (
      await call(ctx, 'POST', `/api/analytics/cash-vest/${clientId}`, admin)
    ).json() as CashVestResult;
    expect(created.cashVest).toMatchObject({
      startDate: null,
      endDate: null,
      periodInterest: null,
      totalScore: null,
    });
    const id = created.cashVest.cashVestId;

    const res = await edit(
      id,
      admin,
      body({ liquidityProfComments: '  ', investmentComments: 'Policy is dated.' }),
    );
    expect(res.statusCode, res.body).toBe(200);
    const { cashVest, msg } = res.json() as CashVestResult;
    expect(msg).toBe(CASH_VEST_MSG.updated);
    const total = Object.values(SCORES).reduce((sum, s) => sum + s, 0);
    expect(cashVest).toMatchObject({
      ...PERIOD,
      ...SCORES,
      totalScore: total,
      totalStar: Math.round((total / 20) * 2) / 2,
      valueScoreStar: Math.round((SCORES.valueScore / 20) * 1000) / 10,
      liquidityProfStar: Math.round((SCORES.liquidityProf / 30) * 1000) / 10,
      investmentStar: Math.round((SCORES.investment / 10) * 1000) / 10,
      valueScoreComments: 'Most money earns.',
      liquidityProfComments: null,
      investmentComments: 'Policy is dated.',
      periodInterest: 6000,
      yearInterest: 6900,
    });

    const history = (
      await call(ctx, 'GET', `/api/analytics/cash-vest/${clientId}`, admin)
    ).json() as CashVestHistoryRow[];
    expect(history.map((r) => [r.cashVestId, r.totalScore, r.startDate])).toEqual([
      [id, total, PERIOD.startDate],
    ]);
    const subScores = (
      await call(ctx, 'GET', `/api/analytics/cash-vest/sub-scores/${id}`, admin)
    ).json() as CashVestSubScores;
    expect(subScores).toEqual(cashVest);
    const audits = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'cash_vest_score'), eq(auditLog.entityId, String(id))));
    expect(audits.map((a) => a.action).sort()).toEqual([
      'cash_vest_score.created',
      'cash_vest_score.updated',
    ]);
  });

  it('answers 404 for a row that does not exist', async () => {
    const res = await edit(2_000_000_000, admin);
    expect(res.statusCode).toBe(404);
    expect(res.json().msg).toBe(CASH_VEST_MSG.notFound);
  });
});
