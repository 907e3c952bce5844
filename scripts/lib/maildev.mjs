// maildev in this process: every email the shop sends on a developer's machine lands in a local inbox.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { MailDev } from 'maildev';

/**
 * `mailDir` defaults to a fresh temporary folder, so two catchers never share one.
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
