import Rating from '@mui/material/Rating';

/**
 * Stars of a cashVest score (analytics.md "cashVest score"): 0 to 5 in half steps, read-only. The
 * accessible name says the value, so the stars are not the only way to read it.
 */
export function ScoreStars({ stars, size = 'medium' }: { stars: number | null; size?: 'small' | 'medium' }) {
  const value = stars === null ? 0 : Math.round(Math.min(5, Math.max(0, stars)) * 2) / 2;
  return (
    <Rating
      value={value}
      precision={0.5}
      readOnly
      size={size}
      getLabelText={(v) => (stars === null ? 'No stars: not scored yet' : `${v} of 5 stars`)}
    />
  );
}

/** A sub-score's stars from its star percentage (score / range maximum, 0-100). */
export function starsOfPercentage(percentage: number | null): number | null {
  return percentage === null ? null : (percentage / 100) * 5;
}
