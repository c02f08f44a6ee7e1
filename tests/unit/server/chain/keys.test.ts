/**
 * Deposit addresses derived from the xpub alone equal the addresses of the keys the signer derives from
 * the private side, and the BIP-44 paths the README gives (checked against viem's own HD derivation); the
 * seed equals @scure/bip39's for any phrase.
 */
import { describe, expect, it } from 'vitest';
import { getAddress } from 'viem';
import { mnemonicToAccount, privateKeyToAccount } from 'viem/accounts';
import { generateMnemonic, mnemonicToSeedSync } from '@scure/bip39';
import { wordlist } from '@scure/bip39/wordlists/english.js';
import { HDKey } from '@scure/bip32';
import { DEPOSIT_PARENT_PATH, devKeysFrom } from '../../../../src/server/chain/devKeys';
import { addressDeriver } from '../../../../src/server/chain/depositAddresses';
import { createSigner } from '../../../../src/server/chain/signer';
import { chainFor } from '../../../../src/server/chain/contracts';
import type { PublicClient } from 'viem';

const MNEMONIC = 'test test test test test test test test test test test junk';

describe('dev keys and deposit addresses', () => {
  const keys = devKeysFrom(MNEMONIC);

  it('puts platform keys at m/44\u2019/60\u2019/0\u2019/0/{0,1} and deposits at m/44\u2019/60\u2019/1\u2019/0/<user id>', () => {
    expect(privateKeyToAccount(keys.deployerKey).address).toBe(mnemonicToAccount(MNEMONIC, { accountIndex: 0, addressIndex: 0 }).address);
    expect(privateKeyToAccount(keys.hotWalletKey).address).toBe(mnemonicToAccount(MNEMONIC, { accountIndex: 0, addressIndex: 1 }).address);
    const deriver = addressDeriver(keys.depositXpub);
    for (const id of [1, 2, 77, 2 ** 31 - 1]) {
      expect(deriver.addressOf(id)).toBe(mnemonicToAccount(MNEMONIC, { accountIndex: 1, addressIndex: id }).address);
    }
  });

  it('derives from the xpub the same address the signer holds the key of; EIP-55; refuses ids outside BIP-32\u2019s range', () => {
    const deriver = addressDeriver(keys.depositXpub);
    const signer = createSigner({
      chain: chainFor(31337, 'http://127.0.0.1:1'),
      client: {} as PublicClient,
      hotWalletKey: keys.hotWalletKey,
      depositXprv: keys.depositXprv,
    });
    const a = deriver.addressOf(42);
    expect(privateKeyToAccount(signer.depositKey(42)!).address).toBe(a);
    expect(getAddress(a)).toBe(a);
    expect(deriver.addressOf(43)).not.toBe(a);
    expect(() => deriver.addressOf(0)).toThrow();
    expect(() => deriver.addressOf(2 ** 31)).toThrow();
    expect(() => devKeysFrom('not a mnemonic')).toThrow(/BIP-39/);
  });

  it('derives from the seed @scure/bip39 makes of the phrase (the seed is computed with node\u2019s PBKDF2)', () => {
    for (const phrase of [MNEMONIC, generateMnemonic(wordlist, 128), generateMnemonic(wordlist, 256)]) {
      const root = HDKey.fromMasterSeed(mnemonicToSeedSync(phrase));
      expect(devKeysFrom(phrase).depositXpub).toBe(root.derive(DEPOSIT_PARENT_PATH).publicExtendedKey);
    }
  });
});
