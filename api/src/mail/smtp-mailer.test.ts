import { describe, expect, it } from 'vitest';
import { createSmtpTransport } from './smtp-mailer';

function optionsOf(smtpUrl: string): Record<string, unknown> {
  return (createSmtpTransport(smtpUrl).transporter as unknown as { options: Record<string, unknown> }).options;
}

describe('SMTP transport', () => {
  it('uses implicit TLS for smtps://', () => {
    expect(optionsOf('smtps://user:pass@smtp.example.com')).toMatchObject({ secure: true, host: 'smtp.example.com' });
  });

  it('requires STARTTLS for smtp:// by default', () => {
    const options = optionsOf('smtp://user:pass@smtp.example.com:587');
    expect(options).toMatchObject({ secure: false, requireTLS: true, port: 587, auth: { user: 'user', pass: 'pass' } });
    expect(options.ignoreTLS).toBeUndefined();
  });

  it('sends in clear only when the URL says so explicitly', () => {
    expect(optionsOf('smtp://relay.local:25?requireTLS=false')).toMatchObject({ secure: false, requireTLS: false });
    const ignored = optionsOf('smtp://relay.local:25?ignoreTLS=true');
    expect(ignored).toMatchObject({ secure: false, ignoreTLS: true });
    expect(ignored.requireTLS).toBeUndefined();
  });
});
