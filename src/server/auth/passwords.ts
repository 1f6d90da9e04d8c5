import { hash, verify, type Algorithm } from '@node-rs/argon2';
import type { Argon2Cost } from '../config';

// Algorithm is an ambient const enum, which isolatedModules cannot read; 2 is Argon2id.
const ARGON2ID = 2 as Algorithm;

export interface PasswordHasher {
  hash(password: string): Promise<string>;
  verify(passwordHash: string, password: string): Promise<boolean>;
  /** Spends a verify's time on an unknown account, so timing does not tell which accounts exist. */
  burn(password: string): Promise<void>;
}

export function createHasher(cost: Argon2Cost): PasswordHasher {
  const options = { algorithm: ARGON2ID, memoryCost: cost.memoryCost, timeCost: cost.timeCost, parallelism: 1 };
  let decoy: Promise<string> | undefined;
  const hasher: PasswordHasher = {
    hash: (password) => hash(password, options),
    verify: async (passwordHash, password) => {
      try {
        return await verify(passwordHash, password);
      } catch {
        return false; // not an argon2 hash (e.g. a visitor's placeholder)
      }
    },
    burn: async (password) => {
      decoy ??= hash('decoy-password', options);
      await hasher.verify(await decoy, password);
    },
  };
  return hasher;
}
