/**
 * Every migration, in order. Names are numbered; ranges by domain keep parallel work apart:
 * 0001–0009 foundation (auth, sessions), 0010–0019 ledger, 0020+ later domains.
 */
import type { DialectName } from '../database';
import type { MigrationDb } from '../columns';
import * as m0001 from './0001_auth';
import * as m0010 from './0010_ledger';
import * as m0011 from './0011_ledger_flags_versions';
import * as m0012 from './0012_ledger_open_pendings';
import * as m0020 from './0020_transactions';
import * as m0030 from './0030_rate_limits';
import * as m0040 from './0040_sessions_public';
import * as m0050 from './0050_game';
import * as m0070 from './0070_shop';
import * as m0080 from './0080_user_name_key';
import * as m0090 from './0090_chain';
import * as m0100 from './0100_chain_sweeps';
import * as m0110 from './0110_shop_catalogue';
import * as m0130 from './0130_gdao';
import * as m0140 from './0140_round_entry_types';
import * as m0150 from './0150_world';
import * as m0160 from './0160_round_capacity';
import * as m0180 from './0180_transmute_seeds';
import * as m0190 from './0190_gdao_merkle';
import * as m0200 from './0200_liability_salts';
import * as m0220 from './0220_phone';
import * as m0170 from './0170_round_blocks';
import * as m0240 from './0240_second_factor';
import * as m0250 from './0250_withdrawal_safety';
import * as m0260 from './0260_statement_keys';

/** A migration receives the untyped handle and the dialect it runs on. */
export interface DialectMigration {
  up(db: MigrationDb, dialect: DialectName): Promise<void>;
}

/** Migrations by name; the migrator applies them in name order. */
export const migrations: Record<string, DialectMigration> = {
  '0001_auth': m0001,
  '0010_ledger': m0010,
  '0011_ledger_flags_versions': m0011,
  '0012_ledger_open_pendings': m0012,
  '0020_transactions': m0020,
  '0030_rate_limits': m0030,
  '0040_sessions_public': m0040,
  '0050_game': m0050,
  '0070_shop': m0070,
  '0080_user_name_key': m0080,
  '0090_chain': m0090,
  '0100_chain_sweeps': m0100,
  '0110_shop_catalogue': m0110,
  '0130_gdao': m0130,
  '0140_round_entry_types': m0140,
  '0150_world': m0150,
  '0160_round_capacity': m0160,
  '0180_transmute_seeds': m0180,
  '0190_gdao_merkle': m0190,
  '0200_liability_salts': m0200,
  '0220_phone': m0220,
  '0170_round_blocks': m0170,
  '0240_second_factor': m0240,
  '0250_withdrawal_safety': m0250,
  '0260_statement_keys': m0260,
};
