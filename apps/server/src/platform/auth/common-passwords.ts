import { readFileSync } from 'node:fs';

// The 10,000 most common passwords, most common first: the head of the list that @zxcvbn-ts/language-common
// ships (MIT, see common-passwords.LICENSE.txt). Read once, on first use, so a process that never sets a
// password never loads it.
let common: ReadonlySet<string> | null = null;

function loadCommonPasswords(): ReadonlySet<string> {
  common ??= new Set(
    readFileSync(new URL('./common-passwords.txt', import.meta.url), 'utf8')
      .split('\n')
      .filter(Boolean),
  );
  return common;
}

// The substitutions people make to satisfy composition rules ('P@ssw0rd'); 1 stands for i or l.
const LEET: Record<string, string> = { '@': 'a', '4': 'a', '3': 'e', '0': 'o', $: 's', '5': 's', '7': 't' };

const trimNonLetters = (text: string) => text.replace(/^[^a-z]+|[^a-z]+$/g, '');
const undoLeet = (text: string, one: 'i' | 'l') =>
  text.replace(/[@43$057]/g, (c) => LEET[c]!).replace(/[1!|]/g, one);

/**
 * True when the password is one of the common ones, or one of them dressed up to pass the composition
 * rules of the spec: capitalised, with digits and symbols before or after ('Password123!'), or with the
 * usual letter substitutions ('P@ssw0rd2024!'). Such passwords fall to the first guesses of any attack.
 */
export function isCommonPassword(password: string): boolean {
  const list = loadCommonPasswords();
  const lower = password.toLowerCase();
  const core = trimNonLetters(lower);
  const candidates = [lower, core, trimNonLetters(undoLeet(core, 'i')), trimNonLetters(undoLeet(core, 'l'))];
  return candidates.some((candidate) => candidate.length > 0 && list.has(candidate));
}
