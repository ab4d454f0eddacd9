/** A mail the server composed itself (D6): never client-supplied content. */
export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The action links in the mail, built from PUBLIC_URL. */
  links: string[];
  /**
   * Set by the outbox worker from the mail's cause (mail/mail-worker.ts): a rare second delivery
   * of one mail carries the same Message-ID, which a receiver can drop.
   */
  messageId?: string;
}

export interface Mailer {
  send(mail: OutgoingMail): Promise<void>;
}
