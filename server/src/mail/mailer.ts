/** A mail the server composed itself (D6): never client-supplied content. */
export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The action links in the mail, built from PUBLIC_URL. */
  links: string[];
}

export interface Mailer {
  send(mail: OutgoingMail): Promise<void>;
}
