import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { expect } from 'vitest';
import type { Result } from '../src/core/result.js';
import { OWN_FIXTURES, SHARED_STATEMENTS } from './fixture-path.js';

// What the fuzz and truncation tests ask of every reader (issue 15 points 5 and 7), in one place.

/** What a user must never see: JavaScript's own error names and texts. */
export const INTERNAL =
  /TypeError|RangeError|ReferenceError|SyntaxError|Cannot read prop|call stack|Invalid string length|BigInt|\.ts:\d/;

/** A Result, never an exception, and a failure in plain words. */
export async function expectPlainResult(reading: Promise<Result<unknown>>) {
  const result = await reading;
  expect(typeof result.ok).toBe('boolean');
  if (!result.ok) expect(result.error.message).not.toMatch(INTERNAL);
}

/** The statement fixtures of a format folder, shared and our own, with their names (not the .json notes). */
export const fixturesOf = (dir: string) =>
  [join(SHARED_STATEMENTS, dir), join(OWN_FIXTURES, dir)]
    .filter((path) => statSync(path, { throwIfNoEntry: false })?.isDirectory())
    .flatMap((path) => readdirSync(path).map((file) => join(path, file)))
    .filter((file) => !file.endsWith('.json'))
    .map((file) => ({ name: file.slice(file.lastIndexOf('fixtures')), bytes: readFileSync(file) }));

/** Bytes with a few of them replaced: every flip lands somewhere in the file. */
export const flipped = (files: readonly Uint8Array[]) =>
  fc
    .tuple(
      fc.integer({ min: 0, max: files.length - 1 }),
      fc.array(fc.tuple(fc.double({ min: 0, max: 1, noNaN: true }), fc.integer({ min: 0, max: 255 })), {
        minLength: 1,
        maxLength: 6,
      }),
    )
    .map(([index, flips]) => {
      const bytes = Buffer.from(files[index] as Uint8Array);
      for (const [at, value] of flips) bytes[Math.floor(at * (bytes.length - 1))] = value;
      return bytes;
    });
