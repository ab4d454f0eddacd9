import { inject } from 'vitest';
import { type OutboxFile, outboxMailsTo } from '../../../api/src/mail/outbox-mailer';

export type OutboxMail = OutboxFile['mail'];

/** Waits for the newest mail to `to` whose subject matches, and returns it. */
export async function waitForMail(to: string, subject: RegExp, timeoutMs = 10_000): Promise<OutboxMail> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const mail = (await outboxMailsTo(inject('outboxDir'), to))
      .map((file) => file.mail)
      .findLast((candidate) => subject.test(candidate.subject));
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
