// Types for maildev.mjs.
export type CaughtEmail = {
  id: string;
  subject: string;
  to: { address: string; name: string }[];
  from: { address: string; name: string }[];
  headers: Record<string, string>;
  text: string;
  html: string;
};

export type MailCatcher = {
  /** smtp://127.0.0.1:port, the value for SMTP_URL */
  smtpUrl: string;
  /** The inbox page; its REST API is webUrl + /api/email. */
  webUrl: string;
  messages: () => Promise<CaughtEmail[]>;
  stop: () => Promise<void>;
};

export declare function startMaildev(options: {
  smtpPort: number;
  webPort: number;
  mailDir?: string;
}): Promise<MailCatcher>;
