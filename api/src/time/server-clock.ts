/** The server's source of time, injected so expiry rules are tested without waiting. */
export interface ServerClock {
  now(): Date;
}

export const systemClock: ServerClock = { now: () => new Date() };
