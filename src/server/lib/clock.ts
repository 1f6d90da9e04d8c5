/** Time source; tests inject a manual one to expire codes, sessions and tickets. */
export interface Clock {
  now(): number;
}

export const systemClock: Clock = { now: () => Date.now() };

export const dateOf = (clock: Clock): Date => new Date(clock.now());
