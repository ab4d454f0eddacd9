import { randomBytes } from 'node:crypto';
import { rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { ensurePrivateDir } from '../fs/private-dir';
import type { Mailer } from './mailer';

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
