import { randomBytes } from 'node:crypto';
import { readFile, readdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { emailKey } from '@shop/core/domain/email-address';
import { ensurePrivateDir } from '../fs/private-dir';
import type { Mailer, OutgoingMail } from './mailer';

/** A mail as the dev outbox keeps it, and the name of its file. */
export interface OutboxFile {
  file: string;
  mail: Pick<OutgoingMail, 'to' | 'subject' | 'text' | 'html' | 'links'>;
}

/**
 * Development mail: each mail becomes `<outboxDir>/<time>-<id>.json` with `{ to, subject, text,
 * html, links }`, and its links are logged, so verification and reset can be clicked through
 * locally. The only place a mail link (and so its token) is ever logged.
 */
export function createOutboxMailer(outboxDir: string, log: (message: string) => void): Mailer {
  return {
    async send(mail) {
      await ensurePrivateDir(outboxDir);
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(4).toString('hex')}.json`;
      const file = path.join(outboxDir, name);
      const content = { to: mail.to, subject: mail.subject, text: mail.text, html: mail.html, links: mail.links };
      // Write then rename, so a reader never sees half a mail.
      await writeFile(`${file}.tmp`, `${JSON.stringify(content, null, 2)}\n`, { mode: 0o600 });
      await rename(`${file}.tmp`, file);
      // One link per line, nothing after it: a terminal makes it clickable as it stands.
      log([`Dev outbox: "${mail.subject}" to ${mail.to} (${file})`, ...mail.links.map((link) => `  open ${link}`)].join('\n'));
    },
  };
}

/**
 * The mails to `to` (compared as the accounts compare addresses) in the outbox `outboxDir`, in the
 * order of their file names (the outbox's names start with the time): what the contract's provider
 * states and the journeys read the mailed links from. No outbox yet: none.
 */
export async function outboxMailsTo(outboxDir: string, to: string): Promise<OutboxFile[]> {
  let files: string[];
  try {
    files = (await readdir(outboxDir)).filter((file) => file.endsWith('.json')).sort();
  } catch {
    return [];
  }
  const read = await Promise.all(
    files.map(async (file) => ({ file, mail: JSON.parse(await readFile(path.join(outboxDir, file), 'utf8')) as OutboxFile['mail'] })),
  );
  return read.filter(({ mail }) => emailKey(mail.to) === emailKey(to));
}
