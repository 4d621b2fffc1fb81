/**
 * A detached CMS signature for a PDF, as PAdES baseline B-B asks
 * (ETSI EN 319 142-1): SHA-256, the signed attributes contentType,
 * messageDigest and signing-certificate-v2, and no signingTime (the time goes
 * in the signature dictionary's /M), with the certificates of the chain.
 * Built with pkijs and signed by WebCrypto, which the browser's worker and
 * Node both have.
 */
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import type { SigningIdentity } from './pkcs12';

const OID = {
  data: '1.2.840.113549.1.7.1',
  signedData: '1.2.840.113549.1.7.2',
  contentType: '1.2.840.113549.1.9.3',
  messageDigest: '1.2.840.113549.1.9.4',
  signingCertificateV2: '1.2.840.113549.1.9.16.2.47',
  sha256: '2.16.840.1.101.3.4.2.1',
};

/** What the signature says of its certificate, for the page and the visible box. */
export interface SignerFacts {
  /** The subject's common name, else its organisation, else its whole name. */
  name: string;
  notBefore: Date;
  notAfter: Date;
}

export interface CmsSigner {
  facts: SignerFacts;
  /** The DER of a detached SignedData over content whose SHA-256 is `digest`. */
  sign(digest: Uint8Array): Promise<Uint8Array>;
  /** An upper bound of the signature's size in bytes, for the space kept for it in the PDF. */
  maxSize: number;
}

const engine = () => new pkijs.CryptoEngine({ name: 'webcrypto', crypto: globalThis.crypto });

function nameOf(cert: pkijs.Certificate): string {
  const value = (oid: string) => cert.subject.typesAndValues.find((t) => t.type === oid)?.value.valueBlock.value as string | undefined;
  return value('2.5.4.3') ?? value('2.5.4.10') ?? cert.subject.typesAndValues.map((t) => String(t.value.valueBlock.value)).join(', ');
}

const buffer = (bytes: Uint8Array): ArrayBuffer => bytes.slice().buffer as ArrayBuffer;

/** Imports the identity's key into WebCrypto and readies a signer. */
export async function cmsSigner(identity: SigningIdentity): Promise<CmsSigner> {
  const crypto = engine();
  const certificates = identity.certificates.map((der) => pkijs.Certificate.fromBER(buffer(der)));
  const signerCert = certificates[0];
  const algorithm =
    identity.key.kind === 'RSA'
      ? { name: 'RSASSA-PKCS1-v1_5', hash: 'SHA-256' }
      : { name: 'ECDSA', namedCurve: identity.key.namedCurve, hash: 'SHA-256' };
  const privateKey = await globalThis.crypto.subtle.importKey('pkcs8', buffer(identity.privateKey), algorithm, false, ['sign']);
  const certHash = new Uint8Array(await globalThis.crypto.subtle.digest('SHA-256', buffer(identity.certificates[0])));

  // ESSCertIDv2 with the default hash (SHA-256, so left out) and the certificate's issuer and serial number.
  const signingCertificateV2 = new asn1js.Sequence({
    value: [
      new asn1js.Sequence({
        value: [
          new asn1js.Sequence({
            value: [
              new asn1js.OctetString({ valueHex: certHash }),
              new asn1js.Sequence({
                value: [
                  new asn1js.Sequence({ value: [new asn1js.Constructed({ idBlock: { tagClass: 3, tagNumber: 4 }, value: [signerCert.issuer.toSchema()] })] }),
                  new asn1js.Integer({ valueHex: signerCert.serialNumber.valueBlock.valueHexView.slice() }),
                ],
              }),
            ],
          }),
        ],
      }),
    ],
  });

  const keyBits = identity.key.kind === 'RSA' ? ((privateKey.algorithm as RsaHashedKeyAlgorithm).modulusLength ?? 4096) : 1056;
  const maxSize = identity.certificates.reduce((sum, der) => sum + der.length, 0) + keyBits / 8 + 2048;

  return {
    facts: { name: nameOf(signerCert), notBefore: signerCert.notBefore.value, notAfter: signerCert.notAfter.value },
    maxSize,
    async sign(digest) {
      const signedData = new pkijs.SignedData({
        version: 1,
        encapContentInfo: new pkijs.EncapsulatedContentInfo({ eContentType: OID.data }),
        certificates,
        signerInfos: [
          new pkijs.SignerInfo({
            version: 1,
            sid: new pkijs.IssuerAndSerialNumber({ issuer: signerCert.issuer, serialNumber: signerCert.serialNumber }),
            signedAttrs: new pkijs.SignedAndUnsignedAttributes({
              type: 0,
              attributes: [
                new pkijs.Attribute({ type: OID.contentType, values: [new asn1js.ObjectIdentifier({ value: OID.data })] }),
                new pkijs.Attribute({ type: OID.messageDigest, values: [new asn1js.OctetString({ valueHex: digest.slice() })] }),
                new pkijs.Attribute({ type: OID.signingCertificateV2, values: [signingCertificateV2] }),
              ],
            }),
          }),
        ],
      });
      await signedData.sign(privateKey, 0, 'SHA-256', undefined, crypto);
      const contentInfo = new pkijs.ContentInfo({ contentType: OID.signedData, content: signedData.toSchema(true) });
      return new Uint8Array(contentInfo.toSchema().toBER(false));
    },
  };
}
