import { qrSvg } from '../../schema/board-qr';
import { findUserByUsername } from '../domain/account/users';
import type { Db } from '../platform/db';
import { boardUrl } from './board-meta';

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
