import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { inject } from 'vitest';

export interface OutboxMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  links: string[];
}

function readMails(): OutboxMail[] {
  const dir = inject('outboxDir');
  let files: string[];
  try {
    files = readdirSync(dir)
      .filter((file) => file.endsWith('.json'))
      .sort();
  } catch {
    return [];
  }
  return files.map((file) => JSON.parse(readFileSync(path.join(dir, file), 'utf8')) as OutboxMail);
}

/** Waits for the newest mail to `to` whose subject matches, and returns it. */
export async function waitForMail(to: string, subject: RegExp, timeoutMs = 10_000): Promise<OutboxMail> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const mail = readMails()
      .filter((candidate) => candidate.to.toLowerCase() === to.toLowerCase() && subject.test(candidate.subject))
      .at(-1);
    if (mail) return mail;
    if (Date.now() > deadline) throw new Error(`No mail to ${to} matching ${subject} within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** The path (with the token) of a mail's link, so the journey opens it on the test server. */
export function linkPath(mail: OutboxMail, pattern: RegExp): string {
  const link = mail.links.find((candidate) => pattern.test(candidate));
  if (!link) throw new Error(`The mail has no link matching ${pattern}: ${mail.links.join(', ')}`);
  const url = new URL(link);
  return url.pathname + url.search;
}
