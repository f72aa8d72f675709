import { expect } from './fixtures';
import { readServerLog } from './server-log';

type LinkedPage = '/reset-password' | '/confirm-updates' | '/verify-email';

/** The link to `page` in the newest email printed for this address, or null. */
function newestLink(log: string, email: string, page: LinkedPage): string | null {
  const mails = log.split('--- email (no mail transport configured) ---').slice(1);
  const forAddress = mails.filter((mail) => mail.includes(`To: ${email}\n`));
  const linkPattern = new RegExp(`https?://\\S+${page}\\?token=[\\w-]+`);
  return forAddress.at(-1)?.match(linkPattern)?.[0] ?? null;
}

/** Polls the server log (up to ~10 s) for the link to `page` mailed to `email`. */
export async function waitForMailedLink(email: string, page: LinkedPage): Promise<string> {
  let link: string | null = null;
  await expect
    .poll(
      async () => {
        link = newestLink(await readServerLog(), email, page);
        return link;
      },
      { timeout: 10_000, message: `a link to ${page} mailed to ${email} in the server log` },
    )
    .not.toBeNull();
  return link as unknown as string;
}
