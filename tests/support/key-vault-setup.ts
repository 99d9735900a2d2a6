/**
 * Each test file seals signing keys with its own random master key (vitest setupFiles): hermetic,
 * nothing read from the environment or a key file. Tests of the vault itself install their own.
 */
import { randomBytes } from 'node:crypto';
import {
  createKeyVault,
  createLocalKeyProvider,
  installKeyVault,
} from '../../server/areas/signing/key-vault';

installKeyVault(createKeyVault(createLocalKeyProvider([randomBytes(32)])));
