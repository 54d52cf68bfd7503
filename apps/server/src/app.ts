import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify, { type FastifyBaseLogger, type FastifyServerOptions } from 'fastify';
import fastifyCookie from '@fastify/cookie';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { PagedListRequestSchema, type Permission } from '@tideline/contracts';
import { registerAccessHook } from './platform/access/access-hook';
import { createCurrentUserCache } from './platform/access/current-user-cache';
import { registerRefusalRecorder } from './platform/access/record-refusals';
import { describeAccess } from './platform/access/route-access';
import type { Platform } from './platform/create-platform';
import { registerErrorHandler } from './platform/http/error-handler';
import { registerNulTextGuard } from './platform/http/refuse-nul-text';
import { describeUploadOrigins, registerSecurityHeaders } from './platform/http/security-headers';
import { registerCompression, registerWebApp } from './platform/http/serve-web-app';
import { accountGroupsRoutes } from './modules/accounts/account-groups.routes';
import { accountLinksRoutes } from './modules/accounts/account-links.routes';
import { accountsRoutes } from './modules/accounts/accounts.routes';
import { auditRoutes } from './modules/audit/audit.routes';
import { authRoutes } from './modules/auth/auth.routes';
import { bankLinksRoutes } from './modules/bank-links/bank-links.routes';
import { banksRoutes } from './modules/banks/banks.routes';
import { clientsRoutes } from './modules/clients/clients.routes';
import { dashboardRoutes } from './modules/dashboard/dashboard.routes';
import { accountSummaryRoutes } from './modules/account-summary/account-summary.routes';
import { quarterChecklistRoutes } from './modules/quarter-checklist/quarter-checklist.routes';
import { exceptionsRoutes } from './modules/exceptions/exceptions.routes';
import { analysisRoutes } from './modules/analysis/analysis.routes';
import { balanceTablesRoutes } from './modules/balance-tables/balance-tables.routes';
import { shortTermRoutes } from './modules/short-term/short-term.routes';
import { shortTermWidgetsRoutes } from './modules/short-term/short-term-widgets.routes';
import { monteCarloRoutes } from './modules/monte-carlo/monte-carlo.routes';
import {
  assetsWidgetRoutes,
  liquidityLevelsWidgetRoutes,
} from './modules/monte-carlo/monte-carlo-widgets.routes';
import { cashVestRoutes } from './modules/cash-vest/cash-vest.routes';
import { cashVestWidgetsRoutes } from './modules/cash-vest/cash-vest-widgets.routes';
import { batchValidationRoutes } from './modules/data-ingestion/promotion/batch-validation.routes';
import { batchesRoutes } from './modules/data-ingestion/batches/batches.routes';
import { extractionRoutes } from './modules/data-ingestion/extraction/extraction.routes';
import { openReportsRoutes } from './modules/data-ingestion/batches/open-reports.routes';
import { treasuryValidationRoutes } from './modules/data-ingestion/promotion/treasury-validation.routes';
import { filesRoutes } from './modules/files/files.routes';
import { healthRoutes } from './modules/health/health.routes';
import { investmentGroupsRoutes } from './modules/investments/investment-groups.routes';
import {
  clientMaturingInvestmentsRoutes,
  dashboardMaturingInvestmentsRoutes,
  investmentWidgetsRoutes,
} from './modules/investments/investment-widgets.routes';
import { investmentsRoutes } from './modules/investments/investments.routes';
import { jobsRoutes } from './modules/jobs/jobs.routes';
import { marketDataRoutes, marketRatesRoutes } from './modules/market-rates/market-rates.routes';
import { noteCommentsRoutes } from './modules/notes/note-comments.routes';
import { notesRoutes } from './modules/notes/notes.routes';
import { reportsRoutes } from './modules/reports/reports.routes';
import { rolesRoutes } from './modules/roles/roles.routes';
import { globalSettingsRoutes } from './modules/settings/global-settings.routes';
import { keywordsRoutes } from './modules/settings/keywords.routes';
import { settingTypesRoutes } from './modules/settings/setting-types.routes';
import {
  clientNegotiatedRatesRoutes,
  negotiatedRatesRoutes,
} from './modules/negotiated-rates/negotiated-rates.routes';
import { stagingInvestmentsRoutes } from './modules/staging-investments/staging-investments.routes';
import { stagingTransactionsRoutes } from './modules/staging-transactions/staging-transactions.routes';
import { stagingTreasuryRoutes } from './modules/staging-treasury/staging-treasury.routes';
import { treasuryListSettingsRoutes } from './modules/staging-treasury/treasury-list-settings.routes';
import { treasuryListsRoutes } from './modules/staging-treasury/treasury-lists.routes';
import { transactionsRoutes } from './modules/transactions/transactions.routes';
import { templatesRoutes } from './modules/templates/templates.routes';
import { createRolesService } from './modules/roles/roles.service';
import { createUserEdits } from './modules/users/user-edits.service';
import { createProfileEdits } from './modules/users/user-profile.service';
import { usersRoutes } from './modules/users/users.routes';
import { roleUsers } from './modules/users/users.service';

export const VERSION = '0.1.0';
const webDist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/dist');

export interface RouteRecord {
  method: string;
  url: string;
  access: string;
  declared: boolean;
  /** What the route needs (any one of); null when public. The security matrices walk these. */
  permissions: readonly Permission[] | null;
  /** The body is a paged list request (platform.md 2.8): the list-filter checks walk these. */
  isPagedList: boolean;
}

/**
 * A paged list's body is the paged list request, or an extension of it (Inspect Staging Transactions
 * adds its batch accounts): `extend` keeps the request's own field schemas, pageSize among them.
 */
function isPagedListBody(body: unknown): boolean {
  if (body === PagedListRequestSchema) return true;
  const shape = (body as { shape?: Record<string, unknown> } | undefined)?.shape;
  return shape?.pageSize === PagedListRequestSchema.shape.pageSize;
}

/** Builds the API: platform plugins, the access hook, every module, the web app's files. */
export async function buildApp(
  platform: Platform,
  options: {
    loggerInstance?: FastifyBaseLogger;
    logger?: FastifyServerOptions['logger'];
    /** The built web app to serve (tests point it at a folder of their own). */
    webDist?: string;
  } = {},
) {
  const { config } = platform;
  const app = Fastify({
    ...(options.loggerInstance
      ? { loggerInstance: options.loggerInstance }
      : { logger: options.logger ?? { level: config.LOG_LEVEL } }),
    bodyLimit: config.BODY_LIMIT_BYTES,
    trustProxy: config.TRUST_PROXY,
    genReqId: () => crypto.randomUUID(),
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const routes: RouteRecord[] = [];
  app.addHook('onRoute', (route) => {
    // The OpenAPI page documents the API itself; it is public like the web app's files.
    if (route.url.startsWith('/api/docs'))
      route.config = { ...route.config, access: { public: true, reason: 'API documentation' } };
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      if (method === 'HEAD' || !route.url.startsWith('/api/')) continue;
      const access = route.config?.access;
      routes.push({
        method,
        url: route.url,
        access: describeAccess(access),
        declared: access !== undefined,
        permissions: access && 'permissions' in access ? access.permissions : null,
        isPagedList: isPagedListBody((route.schema as { body?: unknown } | undefined)?.body),
      });
    }
  });

  registerErrorHandler(app);
  registerSecurityHeaders(app, {
    publicUrl: config.publicUrl,
    uploadOrigins: describeUploadOrigins({
      bucket: config.S3_BUCKET,
      endpoint: config.S3_ENDPOINT,
      region: config.S3_REGION,
    }),
    plaidEnvironment: config.plaid?.environment ?? null,
  });
  registerNulTextGuard(app);
  await registerCompression(app);
  await app.register(fastifyCookie);
  await app.register(fastifySwagger, {
    openapi: { info: { title: 'Tideline API', version: VERSION } },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' });
  registerAccessHook(app, {
    db: platform.database.db,
    signer: platform.signer,
    // Only on a PostgreSQL server: the embedded database's shared socket does not carry notifications
    // to a listening connection, and a cache nobody invalidates would be unsafe.
    cache:
      platform.database.mode === 'server' && config.ACCESS_CACHE_SECONDS > 0
        ? createCurrentUserCache({
            databaseUrl: platform.database.url,
            ttlSeconds: config.ACCESS_CACHE_SECONDS,
            log: app.log,
          })
        : undefined,
  });
  registerRefusalRecorder(app, { db: platform.database.db });

  await app.register(healthRoutes({ database: platform.database, version: VERSION }), { prefix: '/api' });
  await app.register(
    authRoutes({
      auth: platform.auth,
      secureCookies: config.publicUrl.startsWith('https://'),
      refreshTtlDays: config.REFRESH_TOKEN_TTL_DAYS,
    }),
    { prefix: '/api/auth' },
  );
  const { db } = platform.database;
  const edits = createUserEdits({
    db,
    auth: platform.auth,
    mailer: platform.mailer,
    publicUrl: config.publicUrl,
  });
  const profile = createProfileEdits({
    db,
    verifyCurrentPassword: platform.auth.verifyCurrentPassword,
    mailer: platform.mailer,
    publicUrl: config.publicUrl,
  });
  await app.register(usersRoutes({ db, edits, profile }), { prefix: '/api/users' });
  await app.register(rolesRoutes({ roles: createRolesService({ db, users: roleUsers }) }), {
    prefix: '/api/roles',
  });
  await app.register(auditRoutes({ db }), { prefix: '/api/audit' });
  await app.register(clientsRoutes({ db }), { prefix: '/api/clients' });
  await app.register(banksRoutes({ db }), { prefix: '/api/banks' });
  await app.register(
    templatesRoutes({
      db,
      preview: {
        workers: platform.ingestWorkers,
        budget: platform.parseBudget,
        db,
        storage: platform.storage,
      },
    }),
    { prefix: '/api/templates' },
  );
  await app.register(jobsRoutes({ db: platform.database.db, jobs: platform.jobs }), { prefix: '/api/jobs' });
  await app.register(filesRoutes(platform), { prefix: '/api/files' });
  await app.register(accountsRoutes({ db, jobs: platform.jobs }), { prefix: '/api/accounts' });
  await app.register(accountGroupsRoutes({ db }), { prefix: '/api/accounts' });
  await app.register(accountLinksRoutes({ db }), { prefix: '/api/accounts' });
  await app.register(accountSummaryRoutes({ db }), { prefix: '/api/accounts' });
  await app.register(quarterChecklistRoutes({ db }), { prefix: '/api/quarter-checklist' });
  await app.register(exceptionsRoutes({ db, jobs: platform.jobs }), { prefix: '/api/exceptions' });
  await app.register(transactionsRoutes({ db }), { prefix: '/api/transactions' });
  await app.register(stagingTransactionsRoutes({ db }), { prefix: '/api/transactions' });
  await app.register(marketDataRoutes({ db }), { prefix: '/api/dashboard' });
  await app.register(
    marketRatesRoutes({ jobs: platform.jobs, hasProviders: config.MARKET_RATES_PROVIDERS.length > 0 }),
    { prefix: '/api/market-rates' },
  );
  await app.register(investmentsRoutes(platform), { prefix: '/api/investments' });
  await app.register(stagingInvestmentsRoutes({ db }), { prefix: '/api/investments' });
  await app.register(investmentGroupsRoutes({ db }), { prefix: '/api/investments' });
  await app.register(investmentWidgetsRoutes({ db }), { prefix: '/api/investments' });
  await app.register(clientMaturingInvestmentsRoutes({ db }), { prefix: '/api/clients' });
  await app.register(dashboardMaturingInvestmentsRoutes({ db }), { prefix: '/api/dashboard' });
  await app.register(dashboardRoutes({ db }), { prefix: '/api/dashboard' });
  await app.register(globalSettingsRoutes({ db }), { prefix: '/api/administration' });
  await app.register(keywordsRoutes({ db }), { prefix: '/api/administration' });
  await app.register(settingTypesRoutes({ db }), { prefix: '/api/administration' });
  await app.register(treasuryListSettingsRoutes({ db }), { prefix: '/api/administration' });
  await app.register(notesRoutes({ db, mailer: platform.mailer, publicUrl: config.publicUrl }), {
    prefix: '/api/notes',
  });
  await app.register(noteCommentsRoutes({ db }), { prefix: '/api/notes' });
  await app.register(negotiatedRatesRoutes({ db }), { prefix: '/api/dashboard' });
  await app.register(clientNegotiatedRatesRoutes({ db }), { prefix: '/api/clients' });
  await app.register(bankLinksRoutes({ db, providers: platform.bankLinkProviders }), {
    prefix: '/api/data-ingestion',
  });
  await app.register(openReportsRoutes({ db, storage: platform.storage }), { prefix: '/api/data-ingestion' });
  await app.register(batchesRoutes({ db, storage: platform.storage }), { prefix: '/api/data-ingestion' });
  await app.register(batchValidationRoutes({ db, storage: platform.storage, jobs: platform.jobs }), {
    prefix: '/api/data-ingestion',
  });
  await app.register(treasuryValidationRoutes({ db, storage: platform.storage }), {
    prefix: '/api/data-ingestion-treasury-services',
  });
  await app.register(stagingTreasuryRoutes({ db }), { prefix: '/api/data-ingestion-treasury-services' });
  await app.register(treasuryListsRoutes({ db }), { prefix: '/api/data-ingestion-treasury-services' });
  await app.register(balanceTablesRoutes({ db, jobs: platform.jobs }), { prefix: '/api/analytics' });
  await app.register(monteCarloRoutes({ db, jobs: platform.jobs }), { prefix: '/api/analytics' });
  await app.register(assetsWidgetRoutes({ db }), { prefix: '/api/clients' });
  await app.register(liquidityLevelsWidgetRoutes({ db }), { prefix: '/api/investments' });
  await app.register(cashVestRoutes({ db }), { prefix: '/api/analytics' });
  await app.register(cashVestWidgetsRoutes({ db }), { prefix: '/api/clients' });
  await app.register(shortTermRoutes({ db, jobs: platform.jobs, storage: platform.storage }), {
    prefix: '/api/analytics',
  });
  await app.register(shortTermWidgetsRoutes({ db }), { prefix: '/api/clients' });
  await app.register(analysisRoutes({ db }), { prefix: '/api/analytics' });
  await app.register(
    reportsRoutes({
      db,
      jobs: platform.jobs,
      storage: platform.storage,
      uploadLimitBytes: config.UPLOAD_LIMIT_BYTES,
      log: app.log,
    }),
    { prefix: '/api/reports' },
  );
  await app.register(
    extractionRoutes({
      db,
      database: platform.database,
      storage: platform.storage,
      jobs: platform.jobs,
      providers: platform.bankLinkProviders,
      uploadLimitBytes: config.UPLOAD_LIMIT_BYTES,
    }),
    { prefix: '/api/data-ingestion' },
  );

  await registerWebApp(app, options.webDist ?? webDist);
  return Object.assign(app, { routeTable: routes });
}

export type App = Awaited<ReturnType<typeof buildApp>>;
