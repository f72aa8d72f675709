import { z } from 'zod';
import {
  fetchOutside,
  isPrivateHost,
  outsideFetchDeadlineMs,
  readAtMost,
} from '../../platform/outside-fetch';
import { Refusal } from '../../platform/refusal';

// Where a server sends a person to follow an account from another site (OStatus's name, kept by
// Mastodon and the servers that follow it): a link template with `{uri}` in it.
const subscribeRel = 'http://ostatus.org/schema/1.0/subscribe';
const maxWebFingerBytes = 64 * 1024;

const webFingerAnswer = z.object({
  links: z
    .array(
      z
        .object({
          rel: z.string(),
          type: z.string().optional(),
          href: z.string().optional(),
          template: z.string().optional(),
        })
        .loose(),
    )
    .default([]),
});

/** `@name@server` (or `name@server`) as typed: the account's name and its server's host. */
function accountOf(handle: string, field?: string) {
  const [name, host] = handle.replace(/^@/, '').split('@');
  if (!name || !host || !URL.canParse(`https://${host}`)) {
    if (!field) {
      throw new Refusal(
        'invalid',
        'Type your handle as @name@your.server, as your server shows it.',
      );
    }
    const message = `${handle} is not a handle: type it as @name@server, as its server shows it.`;
    throw new Refusal('invalid', message, { fields: { [field]: message } });
  }
  return { name, host: new URL(`https://${host}`).host };
}

/** Their server's WebFinger answer about the account; http only for a loopback server in development. */
async function webFinger(account: { name: string; host: string }, allowPrivate: boolean) {
  const scheme =
    allowPrivate && isPrivateHost(account.host.replace(/:\d+$/, '')) ? 'http' : 'https';
  const url = new URL(`${scheme}://${account.host}/.well-known/webfinger`);
  url.searchParams.set('resource', `acct:${account.name}@${account.host}`);
  const { response } = await fetchOutside(url, {
    allowPrivate,
    signal: AbortSignal.timeout(outsideFetchDeadlineMs),
    accept: 'application/jrd+json, application/json',
  });
  if (response.status === 404 || response.status === 410) {
    await response.body?.cancel();
    throw new Refusal('not-found', `${account.host} has no account @${account.name}.`);
  }
  const bytes = response.ok ? await readAtMost(response, maxWebFingerBytes) : undefined;
  if (!response.ok) await response.body?.cancel();
  try {
    return webFingerAnswer.parse(JSON.parse(new TextDecoder().decode(bytes)));
  } catch {
    return undefined;
  }
}

/**
 * Where to send a visitor who wants to follow the board `actorUrl` from their own account
 * `handle`: their server's page for following an account from elsewhere, naming the board. Refuses
 * with a message to act on when the account or the page is not to be found.
 */
export async function remoteFollowAddress(
  actorUrl: string,
  handle: string,
  allowPrivate: boolean,
): Promise<string> {
  const account = accountOf(handle.trim());
  const found = await webFinger(account, allowPrivate).catch((error: unknown) => {
    if (error instanceof Refusal && error.kind === 'not-found') throw error;
    return undefined;
  });
  const template = found?.links.find((link) => link.rel === subscribeRel)?.template;
  const address = template?.replace('{uri}', encodeURIComponent(actorUrl));
  if (!address || !URL.canParse(address) || !/^https?:$/.test(new URL(address).protocol)) {
    throw new Refusal(
      'unreadable',
      `${account.host} does not offer following from another site: copy the handle and search for it there.`,
    );
  }
  return address;
}

/**
 * The actor address of the account `handle` (`@name@server`), as its server's WebFinger names it;
 * undefined when the server names none. Refuses when the server has no such account.
 */
export async function actorAddressOf(handle: string, allowPrivate: boolean, field: string) {
  const account = accountOf(handle.trim(), field);
  const found = await webFinger(account, allowPrivate).catch((error: unknown) => {
    if (error instanceof Refusal && error.kind === 'not-found') {
      throw new Refusal('invalid', error.message, { fields: { [field]: error.message } });
    }
    return undefined;
  });
  const self = found?.links.find(
    (link) => link.rel === 'self' && /activity\+json|ld\+json/.test(link.type ?? ''),
  );
  return self?.href && URL.canParse(self.href) ? new URL(self.href) : undefined;
}
