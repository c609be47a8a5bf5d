import { useEffect } from 'react';
import { safeAssetUrl } from '../domain/navigation/safe-url';
import { brandName, brandThemeColor } from '../domain/brand/brand';

type Brand = { companyname: string; logo: string; theme_color: string; backgroundImage?: string } | null;

function setLink(rel: string, href: string) {
  let link = document.head.querySelector<HTMLLinkElement>(`link[rel="${rel}"]`);
  if (!link) {
    link = document.createElement('link');
    link.rel = rel;
    document.head.appendChild(link);
  }
  if (link.href !== href) link.href = href;
}

/** The document follows the domain: title, favicon, theme colour (docs/product.md#tenants-and-white-label). */
export function useDocumentBranding(brand: Brand, pageTitle?: string): void {
  const name = brandName(brand?.companyname);
  const logo = brand ? safeAssetUrl(brand.logo, window.location.origin) : null;
  const color = brandThemeColor(brand?.theme_color);
  useEffect(() => {
    document.title = pageTitle ? `${pageTitle} | ${name}` : name;
  }, [name, pageTitle]);
  const background = brand?.backgroundImage ? safeAssetUrl(brand.backgroundImage, window.location.origin) : null;
  useEffect(() => {
    // The service worker keeps the brand's images so the domain still looks like itself offline.
    const urls = [logo, background].filter((u): u is string => !!u);
    if (urls.length === 0 || !('serviceWorker' in navigator)) return;
    void navigator.serviceWorker.ready.then((reg) => reg.active?.postMessage({ type: 'CACHE_BRANDING', urls }));
  }, [logo, background]);
  useEffect(() => {
    const href = logo ?? '/favicon.png';
    setLink('icon', href);
    setLink('apple-touch-icon', href);
    document.querySelector('meta[name="theme-color"]')?.setAttribute('content', color);
  }, [logo, color]);
}
