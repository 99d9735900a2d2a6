/**
 * Who issues a signer's certificate for one signing. Callers ask for a credential naming the
 * person (and the company a seal is applied for) and get back a fresh key with its certificate and
 * chain; they never know which CA answered. The product's own CA (own-ca.ts) is the default; a
 * commercial CA plugs in with registerCaProvider and SIGNING_CA_PROVIDER=<its name>, see
 * docs/signing-trust.md. Keys are made per signing and used once: nothing here stores them.
 */
import type { Db } from '../../../db/db';
import type { CmsSigner } from '../cms-der';

export type SignerSubject = {
  /** The person who signs (CN). */
  name: string;
  /** An identifier of the verified identity (ID card, passport…), or of the phone that received the code. */
  identifier: string;
  /** For a company's signature: the company (O) and its unified social credit code. */
  organization?: { name: string; creditCode?: string };
};

export type SignerCredential = CmsSigner & {
  /** What PDF readers show as the signer (/Name of the signature). */
  displayName: string;
};

/** Revocation data (and any certificates missing from the chains) for a completed file's DSS. */
export type ValidationData = { certificates: Buffer[]; crls: Buffer[]; ocsps: Buffer[] };

export type CaProvider = {
  name: string;
  issueSignerCredential: (input: { db: Db; subject: SignerSubject; now: Date }) => Promise<SignerCredential>;
  /**
   * A commercial CA's CRLs or OCSP responses for the certificates it issued (among those given),
   * fetched at completion for PAdES B-LT. The own CA needs none: its CRLs are always added.
   */
  validationData?: (input: { db: Db; certificates: Buffer[]; now: Date }) => Promise<ValidationData>;
};

const providers = new Map<string, (env: NodeJS.ProcessEnv) => CaProvider>();

export function registerCaProvider(name: string, create: (env: NodeJS.ProcessEnv) => CaProvider): void {
  providers.set(name, create);
}

/** The provider SIGNING_CA_PROVIDER names, or the default one when it names none. */
export function caProviderFromEnv(fallback: CaProvider, env: NodeJS.ProcessEnv = process.env): CaProvider {
  const name = env.SIGNING_CA_PROVIDER?.trim();
  if (!name || name === fallback.name) return fallback;
  const create = providers.get(name);
  if (!create) throw new Error(`SIGNING_CA_PROVIDER=${name}: no such CA provider is registered`);
  return create(env);
}
