import { useEffect, useState } from 'react';
import { Code, Image, Skeleton, Stack, Text } from '@mantine/core';

/** The setup secret as a QR code (rendered here, never fetched) and as text to type in by hand. */
export function SecretQrCode({ uri, secret }: { uri: string; secret: string }) {
  const [src, setSrc] = useState('');
  useEffect(() => {
    let live = true;
    // qrcode loads with this screen only: no other screen needs it.
    void import('qrcode')
      .then((m) => m.toDataURL(uri, { margin: 1, width: 200, errorCorrectionLevel: 'M' }))
      .then((url) => {
        if (live) setSrc(url);
      })
      .catch(() => {});
    return () => {
      live = false;
    };
  }, [uri]);
  return (
    <Stack gap="xs" align="flex-start">
      {src ? (
        <Image src={src} w={200} h={200} alt="QR code to scan with your authenticator app" />
      ) : (
        <Skeleton w={200} h={200} />
      )}
      <Text size="sm">Or type this key into the app:</Text>
      <Code data-testid="two-step-secret" style={{ wordBreak: 'break-all', fontSize: 'var(--mantine-font-size-md)' }}>
        {secret}
      </Code>
    </Stack>
  );
}
