/**
 * The embedded dev chain's keys: one BIP-39 mnemonic generated on first start and kept in
 * DATA_DIR/chain/dev-mnemonic.txt. DEV ONLY: the file is plain text on disk, so nothing it controls may
 * ever hold real money; production keys come from configuration (chainConfig.ts), never from here.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { generateMnemonic, validateMnemonic } from '@scure/bip39';
import { wordlist } from '@scure/bip39/wordlists/english.js';
import { HDKey } from '@scure/bip32';
import { bytesToHex } from 'viem';
import type { Hex } from 'viem';

/**
 * BIP-44 paths (coin type 60, as every EVM wallet uses). Account 0 holds the platform's own keys
 * (deployer /0, hot wallet /1); account 1's external chain is the player deposit addresses,
 * m/44'/60'/1'/0/<user id>, so its extended public key alone derives every deposit address.
 */
export const PLATFORM_PATH = "m/44'/60'/0'/0";
/** Parent of the deposit addresses; WALLET_XPUB is the extended public key of this node. */
export const DEPOSIT_PARENT_PATH = "m/44'/60'/1'/0";

/** The dev chain's private keys and the deposit xpub, all from the one dev mnemonic. */
export interface DevKeys {
  mnemonic: string;
  deployerKey: Hex;
  hotWalletKey: Hex;
  /** Extended private key of DEPOSIT_PARENT_PATH (the signer sweeps deposits with it). */
  depositXprv: string;
  /** Extended public key of DEPOSIT_PARENT_PATH (what the API side holds). */
  depositXpub: string;
}

function privateKeyOf(node: HDKey): Hex {
  if (!node.privateKey) throw new Error('HD node without a private key');
  return bytesToHex(node.privateKey);
}

// BIP-39's seed (no passphrase) with node's native PBKDF2: the same bytes as @scure/bip39's
// mnemonicToSeedSync, which runs the 2048 rounds in JavaScript for ~50 ms of every dev chain start.
const seedOf = (mnemonic: string) => crypto.pbkdf2Sync(mnemonic.normalize('NFKD'), 'mnemonic', 2048, 64, 'sha512');

/** Derives every dev key from `mnemonic`. */
export function devKeysFrom(mnemonic: string): DevKeys {
  if (!validateMnemonic(mnemonic, wordlist)) throw new Error('the dev chain mnemonic is not a valid BIP-39 phrase');
  const root = HDKey.fromMasterSeed(seedOf(mnemonic));
  const platform = root.derive(PLATFORM_PATH);
  const deposits = root.derive(DEPOSIT_PARENT_PATH);
  return {
    mnemonic,
    deployerKey: privateKeyOf(platform.deriveChild(0)),
    hotWalletKey: privateKeyOf(platform.deriveChild(1)),
    depositXprv: deposits.privateExtendedKey,
    depositXpub: deposits.publicExtendedKey,
  };
}

/** Reads DATA_DIR/chain/dev-mnemonic.txt, creating it (mode 0600) on first use; `created` says which. */
export function loadDevKeys(dataDir: string): DevKeys & { created: boolean } {
  const dir = path.join(dataDir, 'chain');
  const file = path.join(dir, 'dev-mnemonic.txt');
  fs.mkdirSync(dir, { recursive: true });
  if (fs.existsSync(file)) return { ...devKeysFrom(fs.readFileSync(file, 'utf8').trim()), created: false };
  const mnemonic = generateMnemonic(wordlist, 128);
  // wx: two processes starting at once never write two different phrases.
  fs.writeFileSync(file, `${mnemonic}\n`, { mode: 0o600, flag: 'wx' });
  return { ...devKeysFrom(mnemonic), created: true };
}
