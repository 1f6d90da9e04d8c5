import { useEffect, useState } from 'react';
import { Image, Loader } from '@mantine/core';

/** A QR code of `text`, drawn by the `qrcode` package (loaded with the screen that shows it). */
export function QrCode({ text, size = 200 }: { text: string; size?: number }) {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    void import('qrcode')
      .then((qr) => qr.toDataURL(text, { width: size, margin: 1, errorCorrectionLevel: 'M' }))
      .then((data) => live && setUrl(data));
    return () => {
      live = false;
    };
  }, [text, size]);
  return url ? (
    <Image src={url} w={size} h={size} alt={text} data-testid="qr-image" data-token={text} />
  ) : (
    <Loader size="sm" />
  );
}
