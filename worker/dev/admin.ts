// `npm run admin -- grant|revoke <username> [--remote]`, `npm run admin -- list [--remote]`:
// who holds the owner account's rights (the feedback inbox). Local by default, on the same state
// `npm run dev` and `npm run preview` use (UP2_STATE_DIR, else .wrangler/state); `--remote`
// changes the production D1 through wrangler.
import { execFileSync } from 'node:child_process';

const usage =
  'Usage: npm run admin -- grant|revoke <username> [--remote]\n       npm run admin -- list [--remote]';

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

if (action === 'list' && name === undefined) {
  const admins = execute('SELECT username FROM users WHERE is_admin = 1 ORDER BY username', remote);
  console.log(
    admins.length
      ? admins.map((row) => row.username).join('\n')
      : 'No account holds the owner rights.',
  );
} else if ((action === 'grant' || action === 'revoke') && name) {
  const username = name.replace(/^@/, '').toLowerCase();
  // The name goes into the SQL text (wrangler's --command binds no parameters): only a-z0-9 pass.
  if (!/^[a-z0-9]{3,20}$/.test(username))
    fail(`"${name}" is not a username: 3-20 letters and numbers.`);
  const grant = action === 'grant' ? 1 : 0;
  const changed = execute(
    `UPDATE users SET is_admin = ${grant} WHERE username = '${username}' RETURNING username`,
    remote,
  );
  if (changed.length === 0) fail(`No account is named ${username}.`);
  console.log(
    grant ? `${username} now manages feedback.` : `${username} no longer manages feedback.`,
  );
} else {
  fail(usage);
}
