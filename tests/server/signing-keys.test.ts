/**
 * Keys protected (issue 39): the root CA's key and each company's PKCS#12 with its password are
 * sealed by the key vault with a master key that is not in the database. A read of the tables or a
 * backup file finds no private key in clear; rows an older version wrote in clear are sealed at
 * start, once; a retired master key's rows are re-sealed; a backup restores only where its master key
 * is configured, and then the company can sign again.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, stat, writeFile, chmod } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { gunzipSync } from 'node:zlib';
import { count, sql } from 'drizzle-orm';
import forge from 'node-forge';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createKeyVault,
  createLocalKeyProvider,
  isSealed,
  masterKeyFileName,
  masterKeyId,
  openKeyVault,
  sealedBy,
  installKeyVault,
  type KeyVault,
} from '../../server/areas/signing/key-vault';
import {
  ensureCompanyCertificate,
  ensureRootCa,
  protectSigningKeys,
} from '../../server/areas/signing/certificates';
import { restoreBackup } from '../../server/db/backup';
import type { Db } from '../../server/db/db';
import { companies } from '../../server/db/schema';
import { signingAuthorities, signingCompanyCerts } from '../../server/db/schema-signing';
import { createTestApp, type TestApp } from '../support/test-app';
import { backupBytes, openEmptyDatabase } from '../support/restore-target';

function localVault(...keys: Buffer[]): KeyVault {
  return createKeyVault(createLocalKeyProvider(keys));
}

/** Every row of the two key tables as text, as anyone reading the database sees them. */
async function keyTablesText(db: Db): Promise<string> {
  const result = (await db.execute(
    sql`select coalesce(string_agg(to_jsonb(a)::text, ','), '') ||
               coalesce((select string_agg(to_jsonb(c)::text, ',') from signing_company_certs c), '') as text
        from signing_authorities a`,
  )) as { rows: { text: string }[] };
  return result.rows[0]!.text;
}

async function backupText(db: Db): Promise<string> {
  return gunzipSync(await backupBytes(db)).toString('utf8');
}

/** What a forger would look for: PEM armour, PKCS#8 / PKCS#12 structure, and the known secrets. */
function expectNoClearKey(text: string, secrets: { keyPem: string; p12: Buffer; password: string }) {
  // Certificates are public and stay in clear; any other PEM armour would be a key.
  expect(text).not.toMatch(/-----BEGIN (?!CERTIFICATE-----)/);
  expect(text).not.toContain('PRIVATE KEY');
  const keyDer = Buffer.from(
    secrets.keyPem
      .split('\n')
      .filter((line) => line !== '' && !line.startsWith('-----'))
      .join(''),
    'base64',
  );
  // rsaEncryption's algorithm identifier as it sits in a PKCS#8 key, in hex and in base64 text.
  const rsaAlgorithm = '06092a864886f70d0101010500';
  for (const haystack of [text, Buffer.from(text, 'utf8').toString('hex')]) {
    expect(haystack).not.toContain(rsaAlgorithm);
    expect(haystack).not.toContain(keyDer.subarray(40, 72).toString('hex'));
    expect(haystack).not.toContain(secrets.p12.subarray(40, 72).toString('hex'));
  }
  for (const encoding of ['base64', 'base64url'] as const) {
    expect(text).not.toContain(keyDer.subarray(30, 78).toString(encoding));
    expect(text).not.toContain(secrets.p12.subarray(30, 78).toString(encoding));
    expect(text).not.toContain(secrets.p12.subarray(0, 48).toString(encoding));
  }
  expect(text).not.toContain(secrets.password);
}

/** The PKCS#12 opens with its password and holds the private key of its certificate. */
function expectUsable(certificate: { p12: Buffer; password: string; certPem: string }) {
  const p12 = forge.pkcs12.pkcs12FromAsn1(
    forge.asn1.fromDer(certificate.p12.toString('binary')),
    certificate.password,
  );
  const bags = p12.getBags({ bagType: forge.pki.oids['pkcs8ShroudedKeyBag']! })[
    forge.pki.oids['pkcs8ShroudedKeyBag']!
  ];
  const key = bags?.[0]?.key;
  expect(key).toBeDefined();
  const cert = forge.pki.certificateFromPem(certificate.certPem);
  const publicKey = cert.publicKey as forge.pki.rsa.PublicKey;
  expect(key!.n.equals(publicKey.n)).toBe(true);
}

describe('the key vault', () => {
  it('opens what it sealed only for the same place and with the same master key', async () => {
    const first = randomBytes(32);
    const vault = localVault(first);
    const sealed = await vault.seal('秘密 secret', 'signing_company_certs:1:password');
    expect(isSealed(sealed)).toBe(true);
    expect(sealed).not.toContain('secret');
    expect(sealedBy(sealed)).toEqual({ provider: 'local', keyId: masterKeyId(first) });
    expect((await vault.open(sealed, 'signing_company_certs:1:password')).toString('utf8')).toBe(
      '秘密 secret',
    );
    // Each sealing has its own data key and nonce.
    expect(await vault.seal('秘密 secret', 'signing_company_certs:1:password')).not.toBe(sealed);
    await expect(vault.open(sealed, 'signing_company_certs:2:password')).rejects.toThrow(/无法解密/);
    const changed = sealed.slice(0, -3) + (sealed.endsWith('AAA') ? 'BBB' : 'AAA');
    await expect(vault.open(changed, 'signing_company_certs:1:password')).rejects.toThrow(/无法解密/);
    await expect(
      localVault(randomBytes(32)).open(sealed, 'signing_company_certs:1:password'),
    ).rejects.toThrow(`主密钥 local:${masterKeyId(first)}`);
  });

  it('generates the embedded default key file with mode 0600 once, and prefers SIGNING_MASTER_KEY', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'keys-file-'));
    try {
      const absent = await openKeyVault({ env: {}, dataDir, createKeyFile: false });
      expect(absent.provider.currentKeyId).toBe('');
      await expect(absent.seal('x', 'c')).rejects.toThrow(/SIGNING_MASTER_KEY/);

      const made = await openKeyVault({ env: {}, dataDir, createKeyFile: true });
      const file = join(dataDir, masterKeyFileName);
      expect((await stat(file)).mode & 0o777).toBe(0o600);
      const again = await openKeyVault({ env: {}, dataDir, createKeyFile: true });
      expect(again.provider.currentKeyId).toBe(made.provider.currentKeyId);
      const sealed = await made.seal('x', 'c');
      expect((await again.open(sealed, 'c')).toString()).toBe('x');

      const fromEnv = randomBytes(32);
      const configured = await openKeyVault({
        env: { SIGNING_MASTER_KEY: fromEnv.toString('base64') },
        dataDir,
        createKeyFile: true,
      });
      expect(configured.provider.currentKeyId).toBe(masterKeyId(fromEnv));

      const keyFile = join(dataDir, 'other.key');
      await writeFile(keyFile, fromEnv.toString('base64'), { mode: 0o644 });
      await expect(
        openKeyVault({ env: { SIGNING_MASTER_KEY_FILE: keyFile }, dataDir, createKeyFile: false }),
      ).rejects.toThrow(/chmod 600/);
      await chmod(keyFile, 0o600);
      const fromFile = await openKeyVault({
        env: { SIGNING_MASTER_KEY_FILE: keyFile },
        dataDir,
        createKeyFile: false,
      });
      expect(fromFile.provider.currentKeyId).toBe(masterKeyId(fromEnv));
      await expect(
        openKeyVault({ env: { SIGNING_MASTER_KEY: 'c2hvcnQ=' }, dataDir, createKeyFile: false }),
      ).rejects.toThrow(/32/);
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});

describe('signing keys at rest', () => {
  let t: TestApp;
  let companyId: number;
  const masterKey = randomBytes(32);

  beforeAll(async () => {
    installKeyVault(localVault(masterKey));
    t = await createTestApp();
    const [company] = await t.database.db.select({ id: companies.id }).from(companies).limit(1);
    companyId = company!.id;
  });
  afterAll(async () => {
    await t.close();
  });

  it('keeps no private key in clear in the tables or in a backup', async () => {
    const root = await ensureRootCa(t.database.db, t.clock.now());
    const certificate = await ensureCompanyCertificate(
      t.database.db,
      companyId,
      '安居房产经纪有限公司',
      t.clock.now(),
    );
    expectUsable(certificate);
    expect(root.keyPem).toContain('PRIVATE KEY');
    const secrets = { keyPem: root.keyPem, p12: certificate.p12, password: certificate.password };

    const [authority] = await t.database.db.select().from(signingAuthorities);
    expect(isSealed(authority!.keySealed)).toBe(true);
    const [row] = await t.database.db.select().from(signingCompanyCerts);
    expect(isSealed(row!.p12Sealed)).toBe(true);
    expect(isSealed(row!.p12PasswordSealed)).toBe(true);

    expectNoClearKey(await keyTablesText(t.database.db), secrets);
    const backup = await backupText(t.database.db);
    expect(backup).toContain('signing_company_certs');
    expect(backup).toContain(row!.p12Sealed);
    expectNoClearKey(backup, secrets);
    // The same certificate comes back on the next signing.
    const again = await ensureCompanyCertificate(
      t.database.db,
      companyId,
      '安居房产经纪有限公司',
      t.clock.now(),
    );
    expect(again.p12.equals(certificate.p12)).toBe(true);
    expect(again.password).toBe(certificate.password);
  });

  it('seals rows an older version left in clear at start, once, and they still sign', async () => {
    const root = await ensureRootCa(t.database.db, t.clock.now());
    const certificate = await ensureCompanyCertificate(
      t.database.db,
      companyId,
      '安居房产经纪有限公司',
      t.clock.now(),
    );
    // As the version before the vault stored them: PEM, base64 PKCS#12 and the password in clear.
    await t.database.db.update(signingAuthorities).set({ keySealed: root.keyPem });
    await t.database.db.execute(
      sql`update signing_company_certs set p12_sealed = ${certificate.p12.toString('base64')},
            p12_password_sealed = ${certificate.password} where company_id = ${companyId}`,
    );
    expect(await keyTablesText(t.database.db)).toContain('-----BEGIN RSA PRIVATE KEY');

    expect(await protectSigningKeys(t.database.db)).toEqual({ sealed: 3, resealed: 0, checked: 3 });
    expect(await protectSigningKeys(t.database.db)).toEqual({ sealed: 0, resealed: 0, checked: 3 });
    expectNoClearKey(await keyTablesText(t.database.db), {
      keyPem: root.keyPem,
      p12: certificate.p12,
      password: certificate.password,
    });
    const opened = await ensureCompanyCertificate(
      t.database.db,
      companyId,
      '安居房产经纪有限公司',
      t.clock.now(),
    );
    expect(opened.p12.equals(certificate.p12)).toBe(true);
    expect((await ensureRootCa(t.database.db)).keyPem).toBe(root.keyPem);
  });

  it('re-seals with a new master key while the retired one is still given, then needs only the new one', async () => {
    const certificate = await ensureCompanyCertificate(
      t.database.db,
      companyId,
      '安居房产经纪有限公司',
      t.clock.now(),
    );
    const newKey = randomBytes(32);
    try {
      // SIGNING_MASTER_KEY=new, SIGNING_MASTER_KEY_PREVIOUS=old: the boot step re-seals everything.
      installKeyVault(
        await openKeyVault({
          env: {
            SIGNING_MASTER_KEY: newKey.toString('base64'),
            SIGNING_MASTER_KEY_PREVIOUS: masterKey.toString('base64'),
          },
          dataDir: tmpdir(),
          createKeyFile: false,
        }),
      );
      expect(await protectSigningKeys(t.database.db)).toEqual({ sealed: 0, resealed: 3, checked: 3 });
      installKeyVault(localVault(newKey));
      expect(await protectSigningKeys(t.database.db)).toEqual({ sealed: 0, resealed: 0, checked: 3 });
      const opened = await ensureCompanyCertificate(
        t.database.db,
        companyId,
        '安居房产经纪有限公司',
        t.clock.now(),
      );
      expect(opened.p12.equals(certificate.p12)).toBe(true);
      // The retired key alone no longer opens them, and the start says which key is missing.
      installKeyVault(localVault(masterKey));
      await expect(protectSigningKeys(t.database.db)).rejects.toThrow(`主密钥 local:${masterKeyId(newKey)}`);
      // Back to the first key for what follows.
      installKeyVault(localVault(masterKey, newKey));
      expect(await protectSigningKeys(t.database.db)).toEqual({ sealed: 0, resealed: 3, checked: 3 });
    } finally {
      installKeyVault(localVault(masterKey));
    }
  });

  it('restores a backup only where its master key is configured, and signing works after it', async () => {
    // A small database (one company, its certificate) so the three restores stay quick.
    const small = await createTestApp({ seed: false });
    try {
      const [company] = await small.database.db
        .insert(companies)
        .values({ name: '安居房产经纪有限公司' })
        .returning({ id: companies.id });
      const certificate = await ensureCompanyCertificate(
        small.database.db,
        company!.id,
        '安居房产经纪有限公司',
        small.clock.now(),
      );
      const backup = await backupBytes(small.database.db);
      const checkKeys = async (tx: Db) => {
        await protectSigningKeys(tx);
      };

      const withoutKey = await openEmptyDatabase();
      try {
        installKeyVault(localVault(randomBytes(32)));
        await expect(
          restoreBackup(withoutKey.database.db, Readable.from([backup]), { check: checkKeys }),
        ).rejects.toThrow(
          new RegExp(
            `主密钥 local:${masterKeyId(masterKey)}.*SIGNING_MASTER_KEY.*master key local:${masterKeyId(masterKey)}`,
          ),
        );
        // Nothing was restored.
        const [companiesLeft] = await withoutKey.database.db.select({ n: count() }).from(companies);
        expect(companiesLeft!.n).toBe(0);
        // No key configured at all (a new DATA_DIR without the key file): refused the same way.
        installKeyVault(
          await openKeyVault({ env: {}, dataDir: join(tmpdir(), 'no-such-dir'), createKeyFile: false }),
        );
        await expect(
          restoreBackup(withoutKey.database.db, Readable.from([backup]), { check: checkKeys }),
        ).rejects.toThrow(/当前配置中没有这把主密钥/);
      } finally {
        installKeyVault(localVault(masterKey));
        await withoutKey.remove();
      }

      const withKey = await openEmptyDatabase();
      try {
        await restoreBackup(withKey.database.db, Readable.from([backup]), { check: checkKeys });
        const restored = await ensureCompanyCertificate(
          withKey.database.db,
          company!.id,
          '安居房产经纪有限公司',
        );
        expect(restored.p12.equals(certificate.p12)).toBe(true);
        expect(restored.password).toBe(certificate.password);
        expectUsable(restored);
      } finally {
        await withKey.remove();
      }
    } finally {
      await small.close();
    }
  }, 600_000);
});
