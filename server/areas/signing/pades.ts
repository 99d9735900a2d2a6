/**
 * One PAdES baseline B-T signature (ETSI EN 319 142-1) appended as an incremental update: whatever
 * the caller changes in the opened document (the signer's stamp, the 签署证明 page) and the
 * signature field go into the same update, then the CAdES detached CMS is made over the ByteRange
 * with the signing-certificate-v2 attribute and, as unsigned attribute, an RFC 3161 timestamp token
 * over the signature value from the TSA. No signingTime attribute: PAdES takes the time from the
 * signature dictionary (/M) and, trusted, from the timestamp.
 */
import { oids, sha256, signedData, signingCertificateV2, attribute, type CmsSigner } from './cms-der';
import { addSignatureField, fillSignatureDigest, writeUpdate, type PdfUpdate } from './pdf-incremental';
import { requestTimestamp, type TimestampOptions, type TsaProvider } from './tsa/provider';

export type TrustedTime = { tsa: TsaProvider; options?: TimestampOptions };

export type PadesSignature = {
  signer: CmsSigner;
  /** The signer's name in the signature dictionary. */
  name: string;
  reason: string;
  location?: string;
  signingTime: Date;
  /** The signer's box, for the widget; none puts an invisible widget on the first page. */
  box?: { pageIndex: number; rect: [number, number, number, number] };
};

/** Room for the CMS: certificates, signature and a timestamp token with its TSA's chain. */
const contentsLength = 16_384;

export async function signIncrementally(
  update: PdfUpdate,
  signature: PadesSignature,
  time: TrustedTime,
): Promise<Buffer> {
  addSignatureField(update, {
    pageIndex: signature.box?.pageIndex ?? 0,
    rect: signature.box?.rect ?? [0, 0, 0, 0],
    name: signature.name,
    reason: signature.reason,
    location: signature.location ?? 'CN',
    signingTime: signature.signingTime,
    contentsLength,
  });
  const withPlaceholder = await writeUpdate(update);
  return fillSignatureDigest(withPlaceholder, async (digest) =>
    signedData({
      signer: signature.signer,
      contentType: oids.data,
      digest,
      signedAttributes: [signingCertificateV2(signature.signer.certificate)],
      unsignedAttributes: async (value) => [
        attribute(
          oids.signatureTimeStampToken,
          await requestTimestamp(time.tsa, sha256(value), time.options),
        ),
      ],
    }),
  );
}
