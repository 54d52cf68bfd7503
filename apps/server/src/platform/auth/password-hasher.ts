import { hash, verify } from '@node-rs/argon2';

// Algorithm.Argon2id of @node-rs/argon2 (an ambient const enum, so written as its value).
const ARGON2ID = 2;

export interface PasswordHasher {
  hashPassword(password: string): Promise<string>;
  verifyPassword(hashed: string, password: string): Promise<boolean>;
}

/**
 * argon2id, by default 64 MiB of memory, 3 passes, 1 lane (RFC 9106's second recommended setting, on one
 * lane): 100-170 ms per hash on this 2-core machine (bench/README.md); docs/operations.md says how to tune.
 */
export function createPasswordHasher(options: { memoryCost: number; timeCost: number }): PasswordHasher {
  const params = {
    algorithm: ARGON2ID,
    memoryCost: options.memoryCost,
    timeCost: options.timeCost,
    parallelism: 1,
  };
  return {
    hashPassword: (password) => hash(password, params),
    async verifyPassword(hashed, password) {
      try {
        return await verify(hashed, password);
      } catch {
        return false;
      }
    },
  };
}

// Verifying against a real hash when the account does not exist keeps the answer time the same, so
// timing does not reveal which emails have accounts.
export async function createDecoyHash(hasher: PasswordHasher): Promise<string> {
  return hasher.hashPassword('decoy-password-that-never-matches');
}
