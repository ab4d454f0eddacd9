import type { Seller } from '../config';
import { escapeHtml } from '../mail/mail-templates';
import type { OutgoingMail } from '../mail/mailer';

/** The confirmation that an account was deleted (D24), built by the server like every mail (D6). */
export function accountDeletedMail(to: string, seller: Seller): OutgoingMail {
  const paragraphs = [
    'Your account has been deleted, as you asked: your profile, addresses, consents and sessions are gone.',
    'Your orders are kept for the tax records, without your name, addresses or contract text.',
    `If you did not ask for this, contact ${seller.name} at ${seller.email}.`,
    'Hesabınız isteğiniz üzerine silindi. Siparişleriniz vergi kayıtları için kişisel bilgileriniz olmadan saklanır.',
  ];
  return {
    to,
    subject: 'Your account has been deleted',
    text: `${paragraphs.join('\n\n')}\n`,
    html: paragraphs.map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`).join(''),
    links: [],
  };
}
