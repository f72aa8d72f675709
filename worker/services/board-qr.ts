import { qrSvg } from '../../schema/board-qr';
import { boardUrl } from './board-meta';
import type { Db } from './db';
import { findUserByUsername } from './users';

/** The QR code of a public board's link, or null for a private board or a name no one has. */
export async function publicBoardQr(
  db: Db,
  env: Pick<Env, 'APP_URL'>,
  username: string | undefined,
): Promise<string | null> {
  const owner = username ? await findUserByUsername(db, username) : undefined;
  if (!owner?.isPublic) return null;
  return qrSvg(boardUrl(env, owner.username));
}
