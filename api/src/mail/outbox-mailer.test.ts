import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { mailTemplates } from './mail-templates';
import { createOutboxMailer, outboxMailsTo } from './outbox-mailer';

describe('dev outbox mailer', () => {
  it('writes each mail as JSON { to, subject, text, html, links } and logs its link', async () => {
    const dir = path.join(mkdtempSync(path.join(tmpdir(), 'outbox-')), 'outbox');
    const logs: string[] = [];
    const mailer = createOutboxMailer(dir, (line) => logs.push(line));
    const token = 'T'.repeat(43);
    await mailer.send(mailTemplates.verifyEmailAnonymous('https://shop.example', 'guest@example.com', token));
    await mailer.send(mailTemplates.resetPassword('https://shop.example', 'user@example.com', token));

    const files = readdirSync(dir).sort();
    expect(files).toHaveLength(2);
    expect(files.every((f) => f.endsWith('.json'))).toBe(true);
    const mails = files.map((f) => JSON.parse(readFileSync(path.join(dir, f), 'utf8')));
    const verify = mails.find((m) => m.to === 'guest@example.com');
    expect(Object.keys(verify).sort()).toEqual(['html', 'links', 'subject', 'text', 'to']);
    expect(verify.links).toEqual([`https://shop.example/verify-email-anonymous/${token}`]);
    expect(verify.text).toContain(verify.links[0]);
    expect(verify.html).toContain(`href="https://shop.example/verify-email-anonymous/${token}"`);
    expect(mails.find((m) => m.to === 'user@example.com').links).toEqual([`https://shop.example/reset-password/${token}`]);
    expect(logs).toHaveLength(2);
    expect(logs[0]).toContain(`https://shop.example/verify-email-anonymous/${token}`);
  });

  it('reads back the mails to one address, whatever its case, oldest first', async () => {
    const dir = path.join(mkdtempSync(path.join(tmpdir(), 'outbox-')), 'outbox');
    expect(await outboxMailsTo(dir, 'user@example.com')).toEqual([]);
    const mailer = createOutboxMailer(dir, () => undefined);
    await mailer.send(mailTemplates.resetPassword('https://shop.example', 'User@Example.com', 'first'));
    await mailer.send(mailTemplates.resetPassword('https://shop.example', 'other@example.com', 'other'));
    await new Promise((resolve) => setTimeout(resolve, 5));
    await mailer.send(mailTemplates.resetPassword('https://shop.example', 'user@example.com', 'second'));

    const read = await outboxMailsTo(dir, ' user@EXAMPLE.com');
    expect(read.map(({ mail }) => mail.links)).toEqual([
      ['https://shop.example/reset-password/first'],
      ['https://shop.example/reset-password/second'],
    ]);
  });
});
