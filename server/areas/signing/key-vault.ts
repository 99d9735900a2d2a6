/**
 * The key vault (issue 39): every private key the product keeps — the root CA's key, each company's
 * PKCS#12 and its password, whatever signing adds later — is sealed with a master key that is not in
 * the database, so a read of the tables or a backup file holds no usable key.
 *
 * Envelope encryption with AES-256-GCM (Node's crypto): each secret gets its own random data key
 * that encrypts it; the master key provider wraps the data key. The sealed text names the provider
 * and the master key's id (a fingerprint, never the key), so a rotated or missing key is reported by
 * name. The additional authenticated data binds a secret to the place it is stored (its context),
 * so a sealed value copied into another row does not open there.
 *
 *   sealed:v1:<provider>:<key id>:<wrapped data key>:<nonce>:<ciphertext>:<tag>   (base64url parts)
 *
 * Master keys come from SIGNING_MASTER_KEY (base64 of 32 bytes), SIGNING_MASTER_KEY_FILE, or for the
 * embedded default a key file generated into DATA_DIR with mode 0600. SIGNING_MASTER_KEY_PREVIOUS
 * lists retired keys still read while the boot step re-seals their secrets (rotation). A KMS plugs
 * in as another provider (registerKeyProvider + SIGNING_KEY_PROVIDER); see docs/signing-keys.md.
 */
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';

const sealedPrefix = 'sealed';
const sealedVersion = 'v1';
const masterKeyBytes = 32;
const nonceBytes = 12;
const tagBytes = 16;
/** The key file generated into DATA_DIR for the embedded default. */
export const masterKeyFileName = 'signing-master.key';

/** Wraps and unwraps data keys; the local provider holds the keys, a KMS provider calls out. */
export type MasterKeyProvider = {
  /** Stored with every secret it sealed (letters and digits). */
  name: string;
  /** The master key new secrets are sealed with. */
  currentKeyId: string;
  hasKey: (keyId: string) => boolean;
  wrapKey: (dataKey: Buffer) => Promise<{ keyId: string; wrapped: Buffer }>;
  unwrapKey: (keyId: string, wrapped: Buffer) => Promise<Buffer>;
};

export type KeyVault = {
  provider: MasterKeyProvider;
  /** Seals secret for the place named by context (for example 'signing_authorities:root'). */
  seal: (secret: Buffer | string, context: string) => Promise<string>;
  open: (sealed: string, context: string) => Promise<Buffer>;
};

/** The master key a sealed secret needs is not configured here (or the secret was changed). */
export class MasterKeyError extends Error {
  override name = 'MasterKeyError';
}

export function missingKeyMessage(keyId: string, provider: string): string {
  return (
    `签名密钥由主密钥 ${provider}:${keyId} 加密，当前配置中没有这把主密钥：请设置 SIGNING_MASTER_KEY` +
    `（或 SIGNING_MASTER_KEY_FILE），或把原来的 ${masterKeyFileName} 放进 DATA_DIR 后再试。` +
    ` The signing keys are encrypted with master key ${provider}:${keyId}, which is not configured here:` +
    ` set SIGNING_MASTER_KEY (or SIGNING_MASTER_KEY_FILE), or put the original ${masterKeyFileName} into DATA_DIR.`
  );
}

/** A master key's id: the start of its SHA-256, enough to tell keys apart and useless to an attacker. */
export function masterKeyId(key: Buffer): string {
  return createHash('sha256').update('anjuqian-master-key').update(key).digest('hex').slice(0, 16);
}

function gcmEncrypt(key: Buffer, plain: Buffer, aad: Buffer): { nonce: Buffer; data: Buffer; tag: Buffer } {
  const nonce = randomBytes(nonceBytes);
  const cipher = createCipheriv('aes-256-gcm', key, nonce, { authTagLength: tagBytes });
  cipher.setAAD(aad);
  const data = Buffer.concat([cipher.update(plain), cipher.final()]);
  return { nonce, data, tag: cipher.getAuthTag() };
}

function gcmDecrypt(key: Buffer, nonce: Buffer, data: Buffer, tag: Buffer, aad: Buffer): Buffer {
  const decipher = createDecipheriv('aes-256-gcm', key, nonce, { authTagLength: tagBytes });
  decipher.setAAD(aad);
  decipher.setAuthTag(tag);
  return Buffer.concat([decipher.update(data), decipher.final()]);
}

/** Master keys held in this process: the first seals, all of them open. */
export function createLocalKeyProvider(keys: Buffer[]): MasterKeyProvider {
  for (const key of keys)
    if (key.length !== masterKeyBytes) throw new Error(`a master key must be ${masterKeyBytes} bytes`);
  const byId = new Map(keys.map((key) => [masterKeyId(key), key]));
  const current = keys[0];
  const wrapContext = Buffer.from('anjuqian-data-key');
  return {
    name: 'local',
    currentKeyId: current ? masterKeyId(current) : '',
    hasKey: (keyId) => byId.has(keyId),
    async wrapKey(dataKey) {
      if (!current) throw new MasterKeyError(noKeyMessage);
      const { nonce, data, tag } = gcmEncrypt(current, dataKey, wrapContext);
      return { keyId: masterKeyId(current), wrapped: Buffer.concat([nonce, data, tag]) };
    },
    async unwrapKey(keyId, wrapped) {
      const key = byId.get(keyId);
      if (!key) throw new MasterKeyError(missingKeyMessage(keyId, 'local'));
      const nonce = wrapped.subarray(0, nonceBytes);
      const tag = wrapped.subarray(wrapped.length - tagBytes);
      return gcmDecrypt(
        key,
        nonce,
        wrapped.subarray(nonceBytes, wrapped.length - tagBytes),
        tag,
        wrapContext,
      );
    },
  };
}

const noKeyMessage =
  '签名主密钥未配置：请设置 SIGNING_MASTER_KEY（32 字节的 base64）或 SIGNING_MASTER_KEY_FILE。' +
  ' No signing master key is configured: set SIGNING_MASTER_KEY (base64 of 32 bytes) or SIGNING_MASTER_KEY_FILE.';

function part(buffer: Buffer): string {
  return buffer.toString('base64url');
}

export function createKeyVault(provider: MasterKeyProvider): KeyVault {
  return {
    provider,
    async seal(secret, context) {
      const dataKey = randomBytes(masterKeyBytes);
      const { keyId, wrapped } = await provider.wrapKey(dataKey);
      const plain = typeof secret === 'string' ? Buffer.from(secret, 'utf8') : secret;
      const { nonce, data, tag } = gcmEncrypt(dataKey, plain, Buffer.from(context, 'utf8'));
      dataKey.fill(0);
      return [
        sealedPrefix,
        sealedVersion,
        provider.name,
        keyId,
        part(wrapped),
        part(nonce),
        part(data),
        part(tag),
      ].join(':');
    },
    async open(sealed, context) {
      const parsed = parseSealed(sealed);
      if (parsed.provider !== provider.name || !provider.hasKey(parsed.keyId))
        throw new MasterKeyError(missingKeyMessage(parsed.keyId, parsed.provider));
      const dataKey = await provider.unwrapKey(parsed.keyId, parsed.wrapped);
      try {
        return gcmDecrypt(dataKey, parsed.nonce, parsed.data, parsed.tag, Buffer.from(context, 'utf8'));
      } catch {
        throw new MasterKeyError(
          `签名密钥无法解密（${context}）：密文被改动，或不属于这条记录。A sealed signing key (${context}) does not open: it was changed or belongs to another record.`,
        );
      } finally {
        dataKey.fill(0);
      }
    },
  };
}

type SealedParts = {
  provider: string;
  keyId: string;
  wrapped: Buffer;
  nonce: Buffer;
  data: Buffer;
  tag: Buffer;
};

export function isSealed(value: string): boolean {
  return value.startsWith(`${sealedPrefix}:${sealedVersion}:`);
}

function parseSealed(sealed: string): SealedParts {
  const parts = sealed.split(':');
  if (parts.length !== 8 || !isSealed(sealed))
    throw new MasterKeyError('签名密钥不是加密保存的格式。A signing key is not in the sealed format.');
  const [, , provider, keyId, wrapped, nonce, data, tag] = parts;
  return {
    provider: provider!,
    keyId: keyId!,
    wrapped: Buffer.from(wrapped!, 'base64url'),
    nonce: Buffer.from(nonce!, 'base64url'),
    data: Buffer.from(data!, 'base64url'),
    tag: Buffer.from(tag!, 'base64url'),
  };
}

/** The provider and master key a sealed value was sealed with. */
export function sealedBy(sealed: string): { provider: string; keyId: string } {
  const { provider, keyId } = parseSealed(sealed);
  return { provider, keyId };
}

/** Providers other than 'local' (a KMS client), chosen by SIGNING_KEY_PROVIDER. */
const providerFactories = new Map<string, (env: NodeJS.ProcessEnv) => Promise<MasterKeyProvider>>();

export function registerKeyProvider(
  name: string,
  create: (env: NodeJS.ProcessEnv) => Promise<MasterKeyProvider>,
): void {
  providerFactories.set(name, create);
}

function decodeMasterKey(text: string, source: string): Buffer {
  const key = Buffer.from(text.trim(), 'base64');
  if (key.length !== masterKeyBytes)
    throw new Error(`${source} 不是 32 字节的 base64 主密钥 (${source} is not a base64 32-byte master key)`);
  return key;
}

function readKeyFile(path: string): Buffer {
  const mode = statSync(path).mode & 0o777;
  if ((mode & 0o077) !== 0)
    throw new Error(
      `主密钥文件 ${path} 的权限是 ${mode.toString(8)}，其他用户可读：请执行 chmod 600 ${path}（the master key file is readable by other users）`,
    );
  return decodeMasterKey(readFileSync(path, 'utf8'), path);
}

export type KeyVaultOptions = {
  env?: NodeJS.ProcessEnv;
  /** DATA_DIR: where the embedded default keeps its generated key file. */
  dataDir: string;
  /** Generate DATA_DIR's key file when no key is configured (the server's start); restore never does. */
  createKeyFile: boolean;
};

/**
 * The vault of this configuration: SIGNING_KEY_PROVIDER's provider, or the local one with
 * SIGNING_MASTER_KEY, SIGNING_MASTER_KEY_FILE or DATA_DIR/signing-master.key (generated on first
 * start when createKeyFile), plus SIGNING_MASTER_KEY_PREVIOUS for reading.
 */
export async function openKeyVault(options: KeyVaultOptions): Promise<KeyVault> {
  const env = options.env ?? process.env;
  const providerName = env['SIGNING_KEY_PROVIDER'] || 'local';
  if (providerName !== 'local') {
    const create = providerFactories.get(providerName);
    if (!create)
      throw new Error(`SIGNING_KEY_PROVIDER=${providerName} 未注册 (no key provider named ${providerName})`);
    return createKeyVault(await create(env));
  }
  const previous = (env['SIGNING_MASTER_KEY_PREVIOUS'] ?? '')
    .split(',')
    .filter((text) => text.trim() !== '')
    .map((text) => decodeMasterKey(text, 'SIGNING_MASTER_KEY_PREVIOUS'));
  const current = currentMasterKey(env, options);
  return createKeyVault(createLocalKeyProvider([...(current ? [current] : []), ...previous]));
}

function currentMasterKey(env: NodeJS.ProcessEnv, options: KeyVaultOptions): Buffer | null {
  if (env['SIGNING_MASTER_KEY']) return decodeMasterKey(env['SIGNING_MASTER_KEY'], 'SIGNING_MASTER_KEY');
  if (env['SIGNING_MASTER_KEY_FILE']) return readKeyFile(resolve(env['SIGNING_MASTER_KEY_FILE']));
  const file = join(options.dataDir, masterKeyFileName);
  if (existsSync(file)) return readKeyFile(file);
  if (!options.createKeyFile) return null;
  mkdirSync(dirname(file), { recursive: true });
  const key = randomBytes(masterKeyBytes);
  // 'wx': a second process starting at the same moment keeps the first one's key.
  try {
    writeFileSync(file, `${key.toString('base64')}\n`, { mode: 0o600, flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return readKeyFile(file);
    throw error;
  }
  return key;
}

let vault: KeyVault | null = null;

/** The process's vault: set once at start (server, scripts) and by each test file's setup. */
export function installKeyVault(next: KeyVault): void {
  vault = next;
}

export function currentKeyVault(): KeyVault {
  if (!vault) throw new MasterKeyError(noKeyMessage);
  return vault;
}

/** Seals a secret with the process's vault (see KeyVault.seal). */
export function sealSecret(secret: Buffer | string, context: string): Promise<string> {
  return currentKeyVault().seal(secret, context);
}

/** Opens a secret sealed by sealSecret for the same context. */
export function openSecret(sealed: string, context: string): Promise<Buffer> {
  return currentKeyVault().open(sealed, context);
}
