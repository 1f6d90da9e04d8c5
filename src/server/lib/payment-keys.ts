import { createPrivateKey, createPublicKey, X509Certificate, type KeyObject } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';

// The payment providers' key material from the environment, read with the configuration
// (src/server/lib/payment-settings.ts).

/** A provider setting that cannot work; its message is one line naming the variable, never its value. */
export class PaymentConfigError extends Error {
  override name = 'PaymentConfigError';
}

const PEM = /-----BEGIN [A-Z0-9 ]+-----/;

/**
 * Key text from a variable: PEM (literal "\n" allowed, for one-line .env files), a file path
 * holding PEM, or bare base64 DER (how Alipay's key tool hands keys out).
 */
function keyText(name: string, value: string): { pem?: string; der?: Buffer } {
  const v = value.trim();
  if (PEM.test(v)) return { pem: v.replace(/\\n/g, '\n') };
  if (/^[A-Za-z0-9+/=\s]{64,}$/.test(v) && !existsSync(v)) return { der: Buffer.from(v.replace(/\s+/g, ''), 'base64') };
  let text: string;
  try {
    text = readFileSync(v, 'utf8');
  } catch {
    throw new PaymentConfigError(`Invalid ${name}: expected PEM text, base64 key or the path of a readable PEM file`);
  }
  if (!PEM.test(text)) throw new PaymentConfigError(`Invalid ${name}: the file ${v} holds no PEM block`);
  return { pem: text };
}

/** An RSA private key (PKCS#8 or PKCS#1) of at least 2048 bits. */
export function rsaPrivateKey(name: string, value: string): KeyObject {
  const { pem, der } = keyText(name, value);
  let key: KeyObject | undefined;
  try {
    if (pem) key = createPrivateKey(pem);
    else {
      for (const type of ['pkcs8', 'pkcs1'] as const) {
        try {
          key = createPrivateKey({ key: der!, format: 'der', type });
          break;
        } catch {
          // the other encoding
        }
      }
    }
  } catch {
    key = undefined;
  }
  if (!key) throw new PaymentConfigError(`Invalid ${name}: not a readable private key`);
  return checkedRsa(name, key);
}

/** An RSA public key, from a public key (SPKI / PKCS#1) or an X.509 certificate; with the certificate's serial. */
export function rsaPublicKey(name: string, value: string): { key: KeyObject; certSerial?: string } {
  const { pem, der } = keyText(name, value);
  try {
    if (pem && /-----BEGIN CERTIFICATE-----/.test(pem)) {
      const cert = new X509Certificate(pem);
      return { key: checkedRsa(name, cert.publicKey), certSerial: cert.serialNumber.toUpperCase() };
    }
    const key = pem ? createPublicKey(pem) : createPublicKey({ key: der!, format: 'der', type: 'spki' });
    return { key: checkedRsa(name, key) };
  } catch (err) {
    if (err instanceof PaymentConfigError) throw err;
    throw new PaymentConfigError(`Invalid ${name}: not a readable public key or certificate`);
  }
}

function checkedRsa(name: string, key: KeyObject): KeyObject {
  if (key.asymmetricKeyType !== 'rsa')
    throw new PaymentConfigError(
      `Invalid ${name}: expected an RSA key, got ${key.asymmetricKeyType ?? 'another kind'}`,
    );
  const bits = key.asymmetricKeyDetails?.modulusLength ?? 0;
  if (bits < 2048)
    throw new PaymentConfigError(`Invalid ${name}: expected an RSA key of at least 2048 bits, got ${bits}`);
  return key;
}
