import { Select } from '@mantine/core';
import { useLiveQuery } from 'dexie-react-hooks';
import { shownTemplates } from '../../db/template-store';
import { categoryLabel } from '../../domain/templates/template-rules';
import { useProfileId } from '../../sync/hooks/use-profile-id';

/**
 * "Use a template" on the send form (docs/product.md#templates): its text goes into the message, for any
 * kind of send and any source; the templates come from the device, so the list works offline too.
 */
export function TemplatePicker({ onPick }: { onPick: (text: string) => void }) {
  const profileId = useProfileId();
  const templates = useLiveQuery(async () => (profileId === undefined ? [] : shownTemplates(profileId)), [profileId]);
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
        if (picked) onPick(picked.text);
      }}
      searchable
    />
  );
}
