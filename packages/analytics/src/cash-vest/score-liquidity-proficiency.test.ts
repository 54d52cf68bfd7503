import { describe, expect, it } from 'vitest';
import { NO_INVESTABLE_NOTE, scoreLiquidityProficiency } from './score-liquidity-proficiency';

const zeroLevels = { levelOne: 5_000_000, levelTwo: 0, levelThree: 0, levelFour: 0, levelFive: 0 };
const nothingHeld = { levelTwo: 0, levelThree: 0, levelFour: 0, levelFive: 0 };

describe('scoreLiquidityProficiency', () => {
  it('gives the minimum, never full marks, when levels two to five are $0 (issue 41)', () => {
    const score = scoreLiquidityProficiency(zeroLevels, nothingHeld);
    expect(score).toMatchObject({ score: 3, min: 3, max: 30, ratio: 0, note: NO_INVESTABLE_NOTE });
    expect(score.inputs).toEqual({ investableDollars: 0, matchedDollars: 0, matchedShare: 0 });
    expect(score.starPercentage).toBe(0.1);
  });

  it('gives the minimum with $0 investable even when investments are held', () => {
    const held = { levelTwo: 0, levelThree: 250_000, levelFour: 0, levelFive: 1_000_000 };
    expect(scoreLiquidityProficiency(zeroLevels, held).score).toBe(3);
  });

  it('treats negative levels as $0 investable', () => {
    const levels = { ...zeroLevels, levelTwo: -100, levelFive: -1 };
    expect(scoreLiquidityProficiency(levels, nothingHeld).score).toBe(3);
  });

  it('maps the matched share over 0.9 onto 3-30 with investable dollars', () => {
    // 450,000 of 600,000 matched (level three counted up to its 100,000): 0.75 / 0.9 -> 3 + 27 x 0.8333.
    const levels = { levelOne: 0, levelTwo: 200_000, levelThree: 100_000, levelFour: 300_000, levelFive: 0 };
    const held = { levelTwo: 200_000, levelThree: 400_000, levelFour: 150_000, levelFive: 50_000 };
    const score = scoreLiquidityProficiency(levels, held);
    expect(score.inputs).toEqual({ investableDollars: 600_000, matchedDollars: 450_000, matchedShare: 0.75 });
    expect(score.score).toBe(Math.round(3 + (0.75 / 0.9) * 27));
    expect(score.note).toBeUndefined();
  });
});
