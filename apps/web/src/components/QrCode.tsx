import { useEffect, useState } from 'react';
import QRCode from 'qrcode';

export interface QrCodeProps {
  value: string;
  size?: number;
  alt?: string;
}

/** Renders the value as an SVG QR code image; SVG stays sharp when printed. */
export function QrCode({ value, size = 160, alt }: QrCodeProps) {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    QRCode.toString(value, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' })
      .then((svg) => live && setSrc(`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`))
      .catch(() => live && setSrc(null));
    return () => {
      live = false;
    };
  }, [value]);
  if (!src) return <div style={{ width: size, height: size }} aria-busy="true" />;
  return <img src={src} width={size} height={size} alt={alt ?? `QR code for ${value}`} />;
}
