// List search: every field but ids and reference keys, case-insensitive (docs/product.md#lists-and-status).
import { phoneSearchForms } from './numbers/phone-number';

// Identifiers match by accident (a search for "12" would hit every id containing 12).
const EXCLUDED_KEY = /^(id|.*_id|paymentid|supid|groupid|codeid|randomalpha|referencekey)$/i;

export const isSearchableKey = (key: string): boolean => !EXCLUDED_KEY.test(key);

function searchableText(value: unknown): string[] {
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return [String(value)];
  if (Array.isArray(value)) return value.flatMap(searchableText);
  return [];
}

export function matchesSearch(item: object, search: string): boolean {
  const needle = search.trim().toLowerCase();
  if (needle === '') return true;
  // A number typed as 024… also finds it stored as 233… (docs/product.md#phone-numbers).
  const needles = [needle, ...phoneSearchForms(search)];
  return Object.entries(item).some(
    ([key, value]) =>
      isSearchableKey(key) &&
      searchableText(value).some((t) => {
        const text = t.toLowerCase();
        return needles.some((n) => text.includes(n));
      }),
  );
}

export function filterBySearch<T extends object>(items: readonly T[], search: string): T[] {
  return items.filter((item) => matchesSearch(item, search));
}
