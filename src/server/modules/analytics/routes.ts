// The reads of analytics (docs/product/analytics.md#reading-the-figures), each declared in shared/contracts/analytics.ts:
// the owner's report and its CSV export in the session scope, the API v1's daily figures in the public scope with the
// bearer API key. HTTP only; the figures are made in report.ts. The beacon's route is registered with the ingest.
import type { FastifyPluginAsync } from 'fastify';
import * as contracts from '../../../shared/contracts/analytics.js';
import { route } from '../../plugins/contract-route.js';
import { keepAnswersOutOfCaches } from '../../plugins/no-store.js';
import * as report from './report.js';

export const analyticsRoutes: FastifyPluginAsync = async (app) => {
  route(app, contracts.getAnalytics, ({ deps, caller, query }) =>
    report.getReport(deps, caller.business, query),
  );

  route(app, contracts.exportAnalyticsCsv, async ({ deps, caller, query, reply }) => {
    const days = await report.getReportDays(deps, caller.business, query);
    // A file to download: sent as it is, past the JSON serializer.
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${report.reportCsvFilename(query)}"`)
      .header('cache-control', 'no-store')
      .send(report.reportCsv(days));
  });
};

export const analyticsApiRoutes: FastifyPluginAsync = async (app) => {
  // Owner data, fetched with a secret.
  keepAnswersOutOfCaches(app);
  route(app, contracts.getApiAnalytics, ({ deps, caller, query }) =>
    report.getDailyFigures(deps, caller.business, query),
  );
};
