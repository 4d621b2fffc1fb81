/**
 * Reading a signing identity (private key and certificates) from a PKCS#12
 * file (.p12, .pfx), as browsers, Windows and macOS export them, with
 * node-forge. The key comes out as PKCS#8 bytes for WebCrypto to import, so
 * signing itself happens in WebCrypto; the password is used only here and is
 * never kept.
 */
import forge from 'node-forge';
import { ToolError } from '../errors';
import { runText } from '../i18n/run-messages';

export type KeyKind = { kind: 'RSA' } | { kind: 'EC'; namedCurve: 'P-256' | 'P-384' | 'P-521' };

export interface SigningIdentity {
  /** The private key as PKCS#8 DER. */
  privateKey: Uint8Array;
  key: KeyKind;
  /** DER certificates: the signer's first, then the rest of the chain the file holds, issuer after subject where it can be followed. */
  certificates: Uint8Array[];
}

export const certificatePasswordMessage = (): string => runText('run.certificate.wrongPassword');
export const certificatePasswordRequiredMessage = (): string => runText('run.certificate.passwordRequired');

export function notCertificateMessage(name: string): string {
  return runText('run.certificate.notCertificate', { name });
}

export function noPrivateKeyMessage(name: string): string {
  return runText('run.certificate.noPrivateKey', { name });
}

export function noCertificateMessage(name: string): string {
  return runText('run.certificate.noCertificate', { name });
}

export const unsupportedKeyMessage = (): string => runText('run.certificate.unsupportedKey');

const CURVES: Record<string, 'P-256' | 'P-384' | 'P-521'> = {
  '1.2.840.10045.3.1.7': 'P-256',
  '1.3.132.0.34': 'P-384',
  '1.3.132.0.35': 'P-521',
};
const EC_PUBLIC_KEY = '1.2.840.10045.2.1';

const bytesOf = (binary: string): Uint8Array => Uint8Array.from(binary, (c) => c.charCodeAt(0));
const binaryOf = (bytes: Uint8Array): string => {
  let text = '';
  for (let i = 0; i < bytes.length; i += 0x8000) text += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return text;
};
const derOf = (asn1: forge.asn1.Asn1): Uint8Array => bytesOf(forge.asn1.toDer(asn1).getBytes());

interface Bag {
  key?: forge.pki.PrivateKey | null;
  cert?: forge.pki.Certificate | null;
  asn1?: forge.asn1.Asn1;
  attributes?: { localKeyId?: string[] };
}

/** The key of a key bag: PKCS#8 DER and its kind; null for a kind WebCrypto cannot sign with. */
function keyOf(bag: Bag): { der: Uint8Array; key: KeyKind } | null {
  if (bag.key) return { der: derOf(forge.pki.wrapRsaPrivateKey(forge.pki.privateKeyToAsn1(bag.key as forge.pki.rsa.PrivateKey))), key: { kind: 'RSA' } };
  if (!bag.asn1) return null;
  // A key forge does not read (EC) is handed over as its PrivateKeyInfo: version, algorithm, key.
  const algorithm = (bag.asn1.value as forge.asn1.Asn1[])[1]?.value as forge.asn1.Asn1[] | undefined;
  const oid = (i: number) => {
    const part = algorithm?.[i];
    return part && part.type === forge.asn1.Type.OID ? forge.asn1.derToOid(part.value as string) : '';
  };
  const curve = CURVES[oid(1)];
  if (oid(0) !== EC_PUBLIC_KEY || !curve) return null;
  return { der: derOf(bag.asn1), key: { kind: 'EC', namedCurve: curve } };
}

function certDer(bag: Bag): Uint8Array | null {
  if (bag.cert) return derOf(forge.pki.certificateToAsn1(bag.cert));
  return bag.asn1 ? derOf(bag.asn1) : null;
}

/** Issuer and subject of a DER certificate as comparable DER, read without interpreting the key. */
function names(der: Uint8Array): { issuer: string; subject: string } {
  const tbs = ((forge.asn1.fromDer(binaryOf(der)).value as forge.asn1.Asn1[])[0].value as forge.asn1.Asn1[]);
  // tbsCertificate: [0] version (optional), serial, signature, issuer, validity, subject, subjectPublicKeyInfo
  const at = tbs[0].tagClass === forge.asn1.Class.CONTEXT_SPECIFIC ? 1 : 0;
  const text = (i: number) => forge.asn1.toDer(tbs[at + i]).getBytes();
  return { issuer: text(2), subject: text(4) };
}

/**
 * Reads the identity in a PKCS#12 file. Throws ToolError with the visitor's
 * words for a file that is not PKCS#12, a wrong password, a file without a
 * private key or certificate, and a key kind that cannot sign.
 */
export function readPkcs12(bytes: Uint8Array, name: string, password: string): SigningIdentity {
  let asn1: forge.asn1.Asn1;
  try {
    asn1 = forge.asn1.fromDer(binaryOf(bytes));
  } catch {
    throw new ToolError(notCertificateMessage(name));
  }
  let p12: forge.pkcs12.Pkcs12Pfx;
  try {
    p12 = forge.pkcs12.pkcs12FromAsn1(asn1, false, password);
  } catch (error) {
    const message = error instanceof Error ? error.message : '';
    if (/MAC could not be verified|Invalid password|wrong password|decrypt/i.test(message))
      throw new ToolError(password === '' ? certificatePasswordRequiredMessage() : certificatePasswordMessage());
    throw new ToolError(notCertificateMessage(name));
  }
  const keyBags = [
    ...((p12.getBags({ bagType: forge.pki.oids.pkcs8ShroudedKeyBag })[forge.pki.oids.pkcs8ShroudedKeyBag] ?? []) as Bag[]),
    ...((p12.getBags({ bagType: forge.pki.oids.keyBag })[forge.pki.oids.keyBag] ?? []) as Bag[]),
  ];
  const certBags = (p12.getBags({ bagType: forge.pki.oids.certBag })[forge.pki.oids.certBag] ?? []) as Bag[];
  if (keyBags.length === 0) throw new ToolError(certBags.length > 0 ? noPrivateKeyMessage(name) : notCertificateMessage(name));
  if (certBags.length === 0) throw new ToolError(noCertificateMessage(name));

  const keyBag = keyBags[0];
  const key = keyOf(keyBag);
  if (!key) throw new ToolError(unsupportedKeyMessage());

  const certs = certBags.map((bag) => ({ bag, der: certDer(bag) })).filter((c): c is { bag: Bag; der: Uint8Array } => c.der !== null);
  if (certs.length === 0) throw new ToolError(noCertificateMessage(name));
  const keyId = keyBag.attributes?.localKeyId?.[0];
  const rsaModulus = keyBag.key ? (keyBag.key as forge.pki.rsa.PrivateKey).n : null;
  const parsed = certs.map((c) => ({ ...c, ...names(c.der) }));
  // The signer's certificate: the one the file pairs with the key, else the one whose RSA key matches, else the one that issued no other.
  const signer =
    (keyId !== undefined && parsed.find((c) => c.bag.attributes?.localKeyId?.[0] === keyId)) ||
    (rsaModulus && parsed.find((c) => (c.bag.cert?.publicKey as forge.pki.rsa.PublicKey | undefined)?.n?.equals(rsaModulus))) ||
    parsed.find((c) => !parsed.some((o) => o !== c && o.issuer === c.subject)) ||
    parsed[0];

  const chain = [signer];
  for (let current = signer; ; ) {
    const issuer = parsed.find((c) => !chain.includes(c) && c.subject === current.issuer);
    if (!issuer) break;
    chain.push(issuer);
    current = issuer;
  }
  const rest = parsed.filter((c) => !chain.includes(c));
  return { privateKey: key.der, key: key.key, certificates: [...chain, ...rest].map((c) => c.der) };
}
