import { Image } from '@mantine/core';
import { safeAssetPath } from '../domain/navigation/safe-url';

type BrandLogoProps = { logo: string; companyname: string; size?: number };

/** The domain's logo, only from a URL that passes the safe-URL rule. */
export function BrandLogo({ logo, companyname, size = 72 }: BrandLogoProps) {
  const src = safeAssetPath(logo, window.location.origin);
  if (!src) return null;
  return <Image src={src} alt={`${companyname} logo`} w={size} h={size} fit="contain" radius="md" />;
}
