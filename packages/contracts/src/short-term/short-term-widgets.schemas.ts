import { z } from 'zod';
import { SHORT_TERM_MSG, SHORT_TERM_WEEKS } from './short-term.schemas';

// The client summary's short-term widgets (clients-accounts-investments-reports.md 2 "Summary tab", 7
// /api/clients/...): Day-to-Day Variance, Short Term Modeling/Forecast and Short-Term Cash Position
// Forecast, each from the client's latest finished step 2 (any group). Answers are those of the
// analysis endpoints (short-term-results.schemas.ts).

export const ShortTermWidgetParamsSchema = z.object({ id: z.coerce.number().int().positive() });

const weeks = z.coerce
  .number({ error: SHORT_TERM_MSG.weeksRange })
  .int(SHORT_TERM_MSG.weeksRange)
  .min(SHORT_TERM_WEEKS.min, SHORT_TERM_MSG.weeksRange)
  .max(SHORT_TERM_WEEKS.max, SHORT_TERM_MSG.weeksRange);

/** GET /api/clients/short-term-forecast/{id}?weeks=N: 4 to 24, default 4. */
export const ShortTermForecastWidgetQuerySchema = z.object({
  weeks: weeks.default(SHORT_TERM_WEEKS.widgetDefault),
});

/** GET /api/clients/short-term/{id}/{weeks}: the spec's short-term call by client and weeks. */
export const ShortTermWidgetWeeksParamsSchema = z.object({ id: z.coerce.number().int().positive(), weeks });
