import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, test } from './fixtures';

/** The Worker prints mail to the server's console, which the webServer tees into this file. */
function serverLogPath(): string {
  return path.join(test.info().config.rootDir, '..', '.wrangler', 'e2e-server.log');
}

/** The reset link in the newest email printed for this address, or null. */
function newestResetLink(log: string, email: string): string | null {
  const mails = log.split('--- email (no mail transport configured) ---').slice(1);
  const forAddress = mails.filter((mail) => mail.includes(`To: ${email}\n`));
  const newest = forAddress.at(-1);
  return newest?.match(/https?:\/\/\S+\/reset-password\?token=[\w-]+/)?.[0] ?? null;
}

/** Polls the server log (up to ~10 s) for the reset link mailed to `email`. */
export async function waitForResetLink(email: string): Promise<string> {
  let link: string | null = null;
  await expect
    .poll(
      async () => {
        link = newestResetLink(await readFile(serverLogPath(), 'utf8'), email);
        return link;
      },
      { timeout: 10_000, message: `a reset link mailed to ${email} in the server log` },
    )
    .not.toBeNull();
  return link as unknown as string;
}
