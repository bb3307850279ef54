import type { Migration } from 'kysely';
import * as m0001 from './0001-stations';
import * as m0002 from './0002-contact-messages';
import * as m0003 from './0003-station-reports';
import * as m0004 from './0004-station-report-network';
import * as m0005 from './0005-station-display-name';
import * as m0006 from './0006-station-source-details';
import * as m0007 from './0007-station-proposals';
import * as m0008 from './0008-station-index-revision';
import * as m0009 from './0009-station-name-parts';
import * as m0010 from './0010-idempotency-keys';
import * as m0011 from './0011-fuel-candidates';
import * as m0012 from './0012-idempotency-write-id';

/**
 * Every migration, in order. A static list (not a folder scan) so the bundled server carries them.
 * Add a new file as NNNN-name.ts and list it here.
 */
export const migrations: Record<string, Migration> = {
  '0001-stations': m0001,
  '0002-contact-messages': m0002,
  '0003-station-reports': m0003,
  '0004-station-report-network': m0004,
  '0005-station-display-name': m0005,
  '0006-station-source-details': m0006,
  '0007-station-proposals': m0007,
  '0008-station-index-revision': m0008,
  '0009-station-name-parts': m0009,
  '0010-idempotency-keys': m0010,
  '0011-fuel-candidates': m0011,
  '0012-idempotency-write-id': m0012,
};
