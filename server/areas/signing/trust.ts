/**
 * What every signature is made with: the CA provider that issues the signer's certificate and the
 * TSA that dates it, chosen once by configuration (SIGNING_CA_PROVIDER, SIGNING_TSA_URL) and
 * handed to the signing flows as a service. See docs/signing-trust.md.
 */
import type { Db } from '../../db/db';
import type { Clock } from '../../clock';
import { caProviderFromEnv, type CaProvider } from './ca/provider';
import { ownCaProvider } from './ca/own-ca';
import { httpTsaProvider, type TimestampOptions, type TsaProvider } from './tsa/provider';
import { createSandboxTsa, type SandboxTsa } from './tsa/sandbox-tsa';

export type SigningTrust = { ca: CaProvider; tsa: TsaProvider; timestamp?: TimestampOptions };

export function signingTrustFromEnv(input: {
  db: Db;
  clock: Clock;
  sandboxTsa?: SandboxTsa;
  env?: NodeJS.ProcessEnv;
}): { trust: SigningTrust; sandboxTsa: SandboxTsa } {
  const env = input.env ?? process.env;
  const sandboxTsa = input.sandboxTsa ?? createSandboxTsa(input.db, input.clock);
  const url = env.SIGNING_TSA_URL?.trim();
  return {
    trust: {
      ca: caProviderFromEnv(ownCaProvider, env),
      tsa: url ? httpTsaProvider(url) : sandboxTsa,
      timestamp: {
        attempts: Number(env.SIGNING_TSA_ATTEMPTS ?? 3),
        retryDelayMs: Number(env.SIGNING_TSA_RETRY_MS ?? 300),
      },
    },
    sandboxTsa,
  };
}
