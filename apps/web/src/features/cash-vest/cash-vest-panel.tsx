import { useId } from 'react';
import { useQuery } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  CASH_VEST_MAX_TOTAL,
  CASH_VEST_SUB_SCORES,
  type CashVestSubScores,
} from '@tideline/contracts/cash-vest/cash-vest.schemas';
import { formatCurrency } from '../../lib/format';
import { formatDateRange, formatScore } from './cash-vest-format';
import { cashVestQueries } from './cash-vest.queries';
import { ScoreStars, starsOfPercentage } from './score-stars';

const STAR_FIELD = {
  valueScore: 'valueScoreStar',
  liquidityProf: 'liquidityProfStar',
  warnickRate: 'warnickRateStar',
  cashflow: 'cashflowStar',
  investment: 'investmentStar',
} as const;

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <Box>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography variant="h6" component="p">
        {value}
      </Typography>
    </Box>
  );
}

/** One subcategory widget of spec 2: its score, stars and commentary. */
function SubScoreCard({ scores, index }: { scores: CashVestSubScores; index: number }) {
  const def = CASH_VEST_SUB_SCORES[index]!;
  const titleId = useId();
  const comments = scores[def.comments];
  return (
    <Card variant="outlined" component="section" aria-labelledby={titleId}>
      <CardContent>
        <Typography id={titleId} variant="subtitle1" component="h4">
          {def.title}
        </Typography>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <Typography variant="h6" component="p">
            {formatScore(scores[def.key], def.max)}
          </Typography>
          <ScoreStars stars={starsOfPercentage(scores[STAR_FIELD[def.key]])} size="small" />
        </Stack>
        <Typography variant="body2" color={comments ? 'text.primary' : 'text.secondary'} sx={{ mt: 1 }}>
          {comments ?? 'No commentary.'}
        </Typography>
      </CardContent>
    </Card>
  );
}

/**
 * A viewed row's panel (spec 2 "cashVest tab"): the overall score with its stars, Period Interest
 * Earnings, 12-Month Interest and Initial Interest, and the five subcategory widgets.
 */
export function CashVestPanel({ cashVestId }: { cashVestId: number }) {
  const titleId = useId();
  const query = useQuery(cashVestQueries.subScores(cashVestId));
  const scores = query.data;
  return (
    <Paper
      component="section"
      {...(scores ? { 'aria-labelledby': titleId } : { 'aria-label': 'cashVest score' })}
      sx={{ p: 2 }}
    >
      {!scores ? (
        query.isError ? (
          <Alert severity="error">The cashVest score could not be loaded.</Alert>
        ) : (
          <CircularProgress aria-label="Loading the cashVest score" />
        )
      ) : (
        <Stack spacing={2}>
          <Typography id={titleId} variant="h6" component="h3">
            cashVest Score: {formatDateRange(scores)}
          </Typography>
          <Stack direction={{ xs: 'column', md: 'row' }} spacing={4} sx={{ alignItems: { md: 'center' } }}>
            <Box>
              <Typography variant="body2" color="text.secondary">
                Overall Score
              </Typography>
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                <Typography variant="h4" component="p">
                  {formatScore(scores.totalScore, CASH_VEST_MAX_TOTAL)}
                </Typography>
                <ScoreStars stars={scores.totalStar} />
              </Stack>
            </Box>
            <Figure label="Period Interest Earnings" value={formatCurrency(scores.periodInterest)} />
            <Figure label="12-Month Interest" value={formatCurrency(scores.yearInterest)} />
            {/* The client's initialInterest as entered on the client (clients spec 3), not a sum. */}
            <Figure
              label="Initial Interest"
              value={scores.initialInterest === null ? '---' : String(scores.initialInterest)}
            />
          </Stack>
          {scores.totalScore === null && (
            <Alert severity="info">Not scored yet: Edit to enter the five scores.</Alert>
          )}
          <Box
            sx={{
              display: 'grid',
              gap: 2,
              gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', lg: 'repeat(5, 1fr)' },
            }}
          >
            {CASH_VEST_SUB_SCORES.map((def, index) => (
              <SubScoreCard key={def.key} scores={scores} index={index} />
            ))}
          </Box>
        </Stack>
      )}
    </Paper>
  );
}
