// `npm run admin -- grant|revoke <username> [--remote]`, `npm run admin -- list [--remote]`:
// who holds the owner account's rights (the feedback inbox); `grant-moderator|revoke-moderator
// <username>` and `list-moderators`: who acts on reports (the moderation queue). Local by default, on the same state
// `npm run dev` and `npm run preview` use (UP2_STATE_DIR, else .wrangler/state); `--remote`
// changes the production D1 through wrangler.
import { execFileSync } from 'node:child_process';

const usage = [
  'Usage: npm run admin -- grant|revoke <username> [--remote]',
  '       npm run admin -- list [--remote]',
  '       npm run admin -- grant-moderator|revoke-moderator <username> [--remote]',
  '       npm run admin -- list-moderators [--remote]',
].join('\n');

/** Each right the script grants: its column, and what its holder does. */
const rights = {
  owner: {
    column: 'is_admin',
    does: 'manages feedback',
    nobody: 'No account holds the owner rights.',
  },
  moderator: { column: 'is_moderator', does: 'moderates reports', nobody: 'No account moderates.' },
} as const;

const commands: Record<string, { right: keyof typeof rights; grant?: 0 | 1 }> = {
  list: { right: 'owner' },
  grant: { right: 'owner', grant: 1 },
  revoke: { right: 'owner', grant: 0 },
  'list-moderators': { right: 'moderator' },
  'grant-moderator': { right: 'moderator', grant: 1 },
  'revoke-moderator': { right: 'moderator', grant: 0 },
};

type Row = { username: string };

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

// The local database is one SQLite file; while a dev or preview server is writing to it, wrangler
// may find it locked for a moment. Trying again shortly is all an operator would do by hand.
const busyRetries = 20;
const busyWaitMs = 250;

function runQuery(sql: string, where: string[]): string {
  for (let attempt = 1; ; attempt++) {
    try {
      return execFileSync(
        'wrangler',
        ['d1', 'execute', 'DB', ...where, '--json', '--command', sql],
        { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] },
      );
    } catch (error) {
      const { stdout, stderr } = error as { stdout?: string; stderr?: string };
      const said = `${stderr ?? ''}${stdout ?? ''}`;
      if (said.includes('SQLITE_BUSY') && attempt < busyRetries) {
        Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, busyWaitMs);
        continue;
      }
      fail(`wrangler could not run the query (have the migrations been applied?):\n${said}`);
    }
  }
}

function execute(sql: string, remote: boolean): Row[] {
  const where = remote
    ? ['--remote']
    : ['--local', '--persist-to', process.env.UP2_STATE_DIR || '.wrangler/state'];
  const [result] = JSON.parse(runQuery(sql, where)) as { results: Row[] }[];
  return result?.results ?? [];
}

const args = process.argv.slice(2);
const remote = args.includes('--remote');
const [action, name] = args.filter((arg) => arg !== '--remote');
const command = action === undefined ? undefined : commands[action];
const right = command && rights[command.right];

if (command && right && command.grant === undefined && name === undefined) {
  const holders = execute(
    `SELECT username FROM users WHERE ${right.column} = 1 ORDER BY username`,
    remote,
  );
  console.log(holders.length ? holders.map((row) => row.username).join('\n') : right.nobody);
} else if (command && right && command.grant !== undefined && name) {
  const username = name.replace(/^@/, '').toLowerCase();
  // The name goes into the SQL text (wrangler's --command binds no parameters): only a-z0-9 pass.
  if (!/^[a-z0-9]{3,20}$/.test(username))
    fail(`"${name}" is not a username: 3-20 letters and numbers.`);
  const changed = execute(
    `UPDATE users SET ${right.column} = ${command.grant} WHERE username = '${username}' RETURNING username`,
    remote,
  );
  if (changed.length === 0) fail(`No account is named ${username}.`);
  console.log(
    command.grant ? `${username} now ${right.does}.` : `${username} no longer ${right.does}.`,
  );
} else {
  fail(usage);
}
