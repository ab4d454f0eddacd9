import nodemailer from 'nodemailer';
import type { Mailer } from './mailer';

/** Real mail through SMTP (`SMTP_URL`, e.g. smtps://user:pass@smtp.example.com). */
export function createSmtpMailer(smtpUrl: string, from: string): Mailer {
  const transport = createSmtpTransport(smtpUrl);
  return {
    async send(mail) {
      await transport.sendMail({
        from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        ...(mail.messageId ? { messageId: mail.messageId } : {}),
      });
    },
  };
}

/**
 * Mails carry live tokens, so they never travel in clear: `smtps://` is TLS from the first byte,
 * and `smtp://` must upgrade with STARTTLS (`requireTLS`) unless its URL explicitly says otherwise
 * (`?requireTLS=false` or `?ignoreTLS=true`, e.g. a local relay). nodemailer reads such query
 * parameters as transport options, and they win over ours.
 * Its own time limits end a hanging connection before the outbox worker gives up on the send
 * (mail/mail-worker.ts, 60 s), so an abandoned send does not go on and deliver a duplicate later.
 */
export function createSmtpTransport(smtpUrl: string) {
  const url = new URL(smtpUrl);
  const explicit = url.searchParams.has('requireTLS') || url.searchParams.has('ignoreTLS');
  const upgrade = url.protocol === 'smtp:' && !explicit;
  return nodemailer.createTransport({
    url: smtpUrl,
    connectionTimeout: 15_000,
    greetingTimeout: 15_000,
    socketTimeout: 40_000,
    ...(upgrade ? { requireTLS: true } : {}),
  });
}
