import type { OutgoingMail } from './mailer';

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** A mail of an intro, one link (its action) and an outro, as text and HTML. */
export function compose(to: string, subject: string, intro: string, action: string, link: string, outro: string): OutgoingMail {
  return {
    to,
    subject,
    text: `${intro}\n\n${action}: ${link}\n\n${outro}\n`,
    html: `<p>${escapeHtml(intro)}</p>` + `<p><a href="${escapeHtml(link)}">${escapeHtml(action)}</a></p>` + `<p>${escapeHtml(outro)}</p>`,
    links: [link],
  };
}

/** The three mails of the product; links only ever start with the configured public URL (D6). */
export const mailTemplates = {
  verifyEmail(publicUrl: string, to: string, token: string): OutgoingMail {
    return compose(
      to,
      'Verify your email address',
      'Please confirm that this is your email address.',
      'Verify email address',
      `${publicUrl}/verify-email/${token}`,
      'The link is valid for 24 hours. If you did not ask for it, ignore this mail.',
    );
  },
  verifyEmailAnonymous(publicUrl: string, to: string, token: string): OutgoingMail {
    return compose(
      to,
      'Verify your email address',
      'Please confirm this email address to continue without signing in.',
      'Verify email address',
      `${publicUrl}/verify-email-anonymous/${token}`,
      'The link is valid for 24 hours. If you did not ask for it, ignore this mail.',
    );
  },
  resetPassword(publicUrl: string, to: string, token: string): OutgoingMail {
    return compose(
      to,
      'Reset your password',
      'Somebody asked to reset the password of the account with this email address.',
      'Choose a new password',
      `${publicUrl}/reset-password/${token}`,
      'The link is valid for 30 minutes and works once. If you did not ask for it, ignore this mail.',
    );
  },
};
