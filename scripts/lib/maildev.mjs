// The embedded mail catcher: maildev, run in this process, so every email the shop sends on
// a developer's machine lands in a local inbox instead of the internet.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { MailDev } from 'maildev';

/**
 * Starts maildev's SMTP server and its inbox page + REST API (GET /api/email), both on
 * 127.0.0.1. `mailDir` keeps the caught emails; a fresh temporary folder by default, so two
 * catchers never share one.
 * @param {{ smtpPort: number; webPort: number; mailDir?: string }} options
 */
export async function startMaildev({ smtpPort, webPort, mailDir }) {
  const dir = mailDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'parts-shop-mail-'));
  fs.mkdirSync(dir, { recursive: true });
  const maildev = new MailDev({
    smtp: smtpPort,
    web: webPort,
    ip: '127.0.0.1',
    webIp: '127.0.0.1',
    mailDirectory: dir,
    silent: true,
  });
  await maildev.start();
  const webUrl = `http://127.0.0.1:${webPort}`;
  return {
    smtpUrl: `smtp://127.0.0.1:${smtpPort}`,
    webUrl,
    /** Every caught email, as maildev's REST API answers it. */
    messages: async () => {
      const res = await fetch(`${webUrl}/api/email`);
      if (!res.ok) throw new Error(`maildev answered ${res.status}`);
      return res.json();
    },
    stop: async () => {
      await maildev.stop();
      if (!mailDir) fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
