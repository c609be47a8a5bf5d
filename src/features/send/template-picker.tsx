import { Select } from '@mantine/core';
import { categoryLabel } from '../../domain/templates/template-rules';
import { useTemplates } from '../../sync/hooks/use-templates';
import type { SendFormApi } from './use-send-form';

/**
 * "Use a template" on the send form (docs/product.md#templates): its text goes into the message, for any
 * kind of send and any source, and its kind (promotional or transactional: docs/product.md#quiet-hours)
 * becomes the send's; the templates come from the device (refreshed when the form opens), so the list
 * works offline too.
 */
export function TemplatePicker({ form: { set } }: { form: Pick<SendFormApi, 'set'> }) {
  const { templates } = useTemplates();
  if (!templates?.length) return null;
  return (
    <Select
      label="Use a template"
      placeholder="Choose a template"
      description="Its text replaces the message; the fields are filled for each recipient"
      data={templates.map((t) => ({ value: t.id, label: `${t.name} (${categoryLabel(t.category)})` }))}
      value={null}
      onChange={(id) => {
        const picked = templates.find((t) => t.id === id);
        if (!picked) return;
        set('text', picked.text);
        set('category', picked.category);
      }}
      searchable
    />
  );
}
