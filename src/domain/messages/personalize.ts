// {field} placeholders filled from a contact or spreadsheet row (docs/product.md#personalisation).

const PLACEHOLDER = /\{([^{}]*)\}/g;

export function personalize(template: string, row: Record<string, string>): string {
  const byName = new Map(Object.entries(row).map(([key, value]) => [key.trim().toLowerCase(), value]));
  return template.replace(PLACEHOLDER, (whole, name: string) => {
    const value = byName.get(name.trim().toLowerCase());
    // Braces that name no column are the user's own text, so they stay as typed.
    return value === undefined ? whole : value;
  });
}

export const hasPlaceholders = (text: string): boolean => /[{}]/.test(text);

/** The field names a template's {placeholders} name, lower-cased and trimmed as `personalize` matches them. */
export function placeholderNames(template: string): Set<string> {
  return new Set([...template.matchAll(PLACEHOLDER)].map((m) => (m[1] ?? '').trim().toLowerCase()));
}

/** What a personalized item may carry of its row, so a registration can keep it (docs/api.md#sends). */
export const PERSONAL_FIELD_LIMITS = { fields: 100, name: 200, value: 2000 } as const;

/**
 * The values a personalized item carries beside its template: those the template names, then the
 * rest of the row that fit the limits, so a later edit of the template can name them too.
 */
export function keptFields(template: string, row: Readonly<Record<string, string>>): Record<string, string> {
  const named = placeholderNames(template);
  const entries = Object.entries(row).filter(([name]) => name.length <= PERSONAL_FIELD_LIMITS.name);
  const first = entries.filter(([name]) => named.has(name.trim().toLowerCase()));
  const rest = entries.filter(
    ([name, value]) => !named.has(name.trim().toLowerCase()) && value.length <= PERSONAL_FIELD_LIMITS.value,
  );
  return Object.fromEntries([...first, ...rest].slice(0, PERSONAL_FIELD_LIMITS.fields));
}

export const placeholder = (field: string): string => `{${field}}`;

export const AGE_FIELD = 'age';
export const PHONEBOOK_FIELDS = ['firstname', 'middlename', 'surname', 'email', 'phonenumber', 'birthday'] as const;

// Age exists only on birthday messages, so only they offer {age} in the filter dropdown.
export function phonebookPlaceholderFields(isBirthday: boolean): string[] {
  return isBirthday ? [...PHONEBOOK_FIELDS, AGE_FIELD] : [...PHONEBOOK_FIELDS];
}

// Editing a registration's text (docs/product.md#scheduling): a personalized one changes its template.

/** A send whose sub-type is Personalized (`typeandsubtype` ends with `:personalized`). */
export const isPersonalizedType = (typeandsubtype: string | undefined): boolean =>
  (typeandsubtype ?? '').trim().toLowerCase().endsWith(':personalized');

export const TEMPLATE_NOT_KEPT =
  'This personalized send was registered before its template was kept, so its text cannot be changed: delete it and register it again with the new text (its sender ID, campaign name and time can still be changed)';

export const CHANGE_THE_TEMPLATE =
  "This send is personalized: change its template (template), not one recipient's text (shortMessage)";

export const NO_TEMPLATE = 'This send is not personalized: it has no template, send its new text as shortMessage';
