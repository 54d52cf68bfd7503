import { generate } from 'otplib';

// The server: 30-second steps, 6 digits, SHA1, ±1 step of drift, and each step accepted once per user,
// only newer than the last one used. So every sign-in takes a step after the previous one; when the
// next free step is more than one ahead of the clock, wait for the clock.
const STEP_SECONDS = 30;

export interface TotpState {
  secret: string;
  lastStep: number;
}

function currentStep(): number {
  return Math.floor(Date.now() / 1000 / STEP_SECONDS);
}

export async function nextTotpCode(state: TotpState): Promise<string> {
  for (;;) {
    const now = currentStep();
    const step = Math.max(now, state.lastStep + 1);
    if (step <= now + 1) {
      state.lastStep = step;
      return generate({ secret: state.secret, epoch: step * STEP_SECONDS + 1 });
    }
    await new Promise((r) => setTimeout(r, 1000));
  }
}

/** A 6-digit code that is none of the codes the server would accept right now. */
export async function wrongTotpCode(secret: string): Promise<string> {
  const now = currentStep();
  const valid = new Set<string>();
  for (let step = now - 2; step <= now + 2; step += 1) {
    valid.add(await generate({ secret, epoch: step * STEP_SECONDS + 1 }));
  }
  for (let n = 0; ; n += 1) {
    const candidate = String((123457 + n * 7919) % 1_000_000).padStart(6, '0');
    if (!valid.has(candidate)) return candidate;
  }
}
