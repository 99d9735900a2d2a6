/**
 * The default CA provider: the product's own CA. Each signing gets a fresh ECDSA P-256 key and a
 * certificate valid for 24 hours from the signing, issued by the product's issuing CA (under the
 * root) and naming the signer: CN the person, serialNumber a digest of the verified identity (so
 * the ID number itself is not printed into every copy of the contract), O and
 * organizationIdentifier (NTRCN-<credit code>) for a company's signature.
 */
import '@abraham/reflection';
import { KeyObject, createHash, webcrypto } from 'node:crypto';
import * as x509 from '@peculiar/x509';
import type { CaProvider, SignerSubject } from './provider';
import { ecdsa, ensureAuthority, randomSerial, utf8Name } from './authorities';

const organizationIdentifier = '2.5.4.97';

function subjectName(subject: SignerSubject): x509.Name {
  const digest = createHash('sha256').update(subject.identifier).digest('hex').slice(0, 32);
  const attributes: [string, string][] = [
    ['CN', subject.name],
    ['2.5.4.5', `ID-SHA256:${digest}`],
  ];
  if (subject.organization) {
    attributes.push(['O', subject.organization.name]);
    if (subject.organization.creditCode)
      attributes.push([organizationIdentifier, `NTRCN-${subject.organization.creditCode}`]);
  }
  attributes.push(['C', 'CN']);
  return utf8Name(attributes);
}

export const ownCaProvider: CaProvider = {
  name: 'own',
  async issueSignerCredential({ db, subject, now }) {
    const issuing = await ensureAuthority(db, 'signer-ca', now);
    const keys = await webcrypto.subtle.generateKey(ecdsa, true, ['sign', 'verify']);
    const certificate = await x509.X509CertificateGenerator.create({
      serialNumber: randomSerial(),
      subject: subjectName(subject),
      issuer: issuing.certificate.subjectName,
      notBefore: new Date(now.getTime() - 5 * 60 * 1000),
      notAfter: new Date(now.getTime() + 24 * 60 * 60 * 1000),
      publicKey: keys.publicKey,
      signingKey: issuing.cryptoKey,
      signingAlgorithm: ecdsa,
      extensions: [
        new x509.BasicConstraintsExtension(false, undefined, true),
        new x509.KeyUsagesExtension(
          x509.KeyUsageFlags.digitalSignature | x509.KeyUsageFlags.nonRepudiation,
          true,
        ),
        new x509.ExtendedKeyUsageExtension([x509.ExtendedKeyUsage.emailProtection]),
        await x509.AuthorityKeyIdentifierExtension.create(issuing.certificate.publicKey),
      ],
    });
    return {
      key: KeyObject.from(keys.privateKey),
      certificate: Buffer.from(certificate.rawData),
      chain: [issuing.der, issuing.rootDer],
      displayName: subject.organization ? `${subject.organization.name}（${subject.name}）` : subject.name,
    };
  },
};
