import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../config/env';
import {
  listContactMessages,
  MESSAGE_STATES,
  type MessageState,
  requeueFailed,
} from '../contact/contact-repository';
import { formatMessagesTable } from '../contact/messages-table';
import { migrateToLatest, openDatabase } from '../db/database';

const USAGE = `Usage: npm run messages -- [options]

Lists contact messages with their forwarding state (newest first).

Options:
  --state <state>    only ${MESSAGE_STATES.join(' | ')}
  --limit <n>        how many (default 50)
  --json             print JSON instead of a table
  --retry <id|all>   put failed messages back in the queue (after fixing the forwarder)`;

async function main() {
  const { values } = parseArgs({
    options: {
      state: { type: 'string' },
      limit: { type: 'string', default: '50' },
      json: { type: 'boolean', default: false },
      retry: { type: 'string' },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  if (values.help) return console.log(USAGE);
  const state = values.state as MessageState | undefined;
  if (state && !MESSAGE_STATES.includes(state))
    throw new UsageError(`--state must be one of ${MESSAGE_STATES.join(', ')}`);
  const limit = Number(values.limit);
  if (!Number.isInteger(limit) || limit < 1) throw new UsageError('--limit must be a positive integer');

  const config = loadConfig();
  const { db } = openDatabase({ databaseUrl: config.DATABASE_URL, sqlitePath: config.SQLITE_PATH });
  try {
    await migrateToLatest(db);
    if (values.retry) {
      const ids = values.retry === 'all' ? 'all' : values.retry.split(',').map(Number);
      if (ids !== 'all' && ids.some((n) => !Number.isInteger(n)))
        throw new UsageError('--retry takes ids or "all"');
      const n = await requeueFailed(db, ids);
      console.log(`${n} failed message(s) queued again; a running server forwards them on its next poll.`);
      return;
    }
    const messages = await listContactMessages(db, { state, limit });
    console.log(values.json ? JSON.stringify(messages, null, 2) : formatMessagesTable(messages));
  } finally {
    await db.destroy();
  }
}

class UsageError extends Error {}

main().catch((err) => {
  if (err instanceof UsageError) console.error(`${err.message}\n\n${USAGE}`);
  else if (err instanceof ConfigError) console.error(err.message);
  else console.error(err);
  process.exit(1);
});
