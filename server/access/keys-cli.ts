// npm run keys -- mint --owner NAME [--days N]: a new key, signed with the first of KEY_SECRETS, printed alone on the
// last line (so `| tail -1` takes it). npm run keys -- show KEY: its id (which REVOKED_KEYS names), owner, expiry,
// and whether this service's secrets verify it.
import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import { readConfig } from '../config.ts';
import { checkKey, mintKey } from './key-tokens.ts';

const USAGE = 'usage: npm run keys -- mint --owner NAME [--days N] | npm run keys -- show KEY';
const DAY = 24 * 60 * 60;

function fail(message: string): never {
  console.error(message);
  process.exit(2);
}

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: { owner: { type: 'string' }, days: { type: 'string', default: '365' } },
});
const config = readConfig();
const [command, key] = positionals;
const now = Math.floor(Date.now() / 1000);
if (!config.keySecrets.length) fail('KEY_SECRETS is not set: keys are signed with its first secret');

if (command === 'mint') {
  const owner = values.owner?.trim();
  const days = Number(values.days);
  if (!owner) fail(`--owner is required (who the key is for: a name or an e-mail address)\n${USAGE}`);
  if (!Number.isInteger(days) || days < 1) fail(`--days must be a whole number of days ≥ 1, got "${values.days}"`);
  const claims = { id: randomBytes(9).toString('base64url'), owner, expires: now + days * DAY };
  console.log(`key ${claims.id} for ${owner}, valid until ${new Date(claims.expires * 1000).toISOString()}:`);
  console.log(mintKey(claims, config.keySecrets[0]!, config.keyPrefix));
} else if (command === 'show' && key) {
  const check = checkKey(key, config.keySecrets, config.keyPrefix, now);
  const payload = key.slice(config.keyPrefix.length).split('.')[0] ?? '';
  console.log(check.ok ? 'valid' : `not valid here: ${check.refusal}`);
  console.log(Buffer.from(payload, 'base64url').toString('utf8'));
} else {
  fail(USAGE);
}
