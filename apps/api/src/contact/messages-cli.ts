import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../config/env';
import { migrateToLatest, openDatabase } from '../db/database';
import { terminalSafeJson } from '../lib/unsafe-text';
import { formatAttemptsTable } from './attempts-table';
import { listContactMessages, MESSAGE_STATES, type MessageState, requeueFailed } from './contact-repository';
import { formatMessagesTable } from './messages-table';
import { listDeliveryAttempts } from './outbox-repository';

const USAGE = `Usage: npm run messages -- [options]

Lists contact messages with their forwarding state (newest first).

Options:
  --state <state>    only ${MESSAGE_STATES.join(' | ')}
  --limit <n>        how many (default 50)
  --json             print JSON instead of a table
  --attempts <id>    every attempt to forward message <id> (when, forwarder, status, outcome)
  --retry <id|all>   put failed messages back in the queue (after fixing the forwarder)`;

async function main() {
  const { values } = parseArgs({
    options: {
      state: { type: 'string' },
      limit: { type: 'string', default: '50' },
      json: { type: 'boolean', default: false },
      retry: { type: 'string' },
      attempts: { type: 'string' },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  if (values.help) return console.log(USAGE);
  const state = values.state as MessageState | undefined;
  if (state && !MESSAGE_STATES.includes(state))
    throw new UsageError(`--state must be one of ${MESSAGE_STATES.join(', ')}`);
  const limit = Number(values.limit);
  if (!Number.isInteger(limit) || limit < 1) throw new UsageError('--limit must be a positive integer');
  const attemptsOf = values.attempts === undefined ? undefined : Number(values.attempts);
  if (attemptsOf !== undefined && !(Number.isInteger(attemptsOf) && attemptsOf > 0))
    throw new UsageError('--attempts takes a message id');

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
    if (attemptsOf !== undefined) {
      const attempts = await listDeliveryAttempts(db, attemptsOf);
      if (!attempts) {
        console.error(`No contact message ${attemptsOf}.`);
        process.exitCode = 1;
        return;
      }
      console.log(
        values.json
          ? terminalSafeJson({ messageId: attemptsOf, attempts })
          : formatAttemptsTable(attemptsOf, attempts),
      );
      return;
    }
    const messages = await listContactMessages(db, { state, limit });
    console.log(values.json ? terminalSafeJson(messages) : formatMessagesTable(messages));
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
