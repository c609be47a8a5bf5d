import { useState } from 'react';
import { Button, Center, Group, Loader, Modal, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { duplicateName } from '../../domain/templates/template-rules';
import type { StoredTemplate } from '../../db/app-db';
import { useTemplates } from '../../sync/hooks/use-templates';
import { deleteTemplate, saveTemplate, type TemplateDraft } from '../../sync/templates';
import { emitAlert } from '../../notify/alerts-bus';
import { DialogActions } from '../../ui/dialog-actions';
import { OfflineNote } from '../../ui/offline-note';
import { useOnline } from '../../ui/use-online';
import { TemplateCard } from './template-card';
import { TemplateEditor } from './template-editor';

const NEW: TemplateDraft = { name: '', text: '', category: 'promotional' };

/** The Templates screen (docs/product.md#templates): create, edit, duplicate and delete, offline too. */
export function TemplatesScreen() {
  const { templates, status } = useTemplates();
  const online = useOnline();
  const [editing, setEditing] = useState<{ draft: TemplateDraft; title: string } | null>(null);
  const [deleting, setDeleting] = useState<StoredTemplate | null>(null);

  const duplicate = async (t: StoredTemplate) => {
    await saveTemplate({ name: duplicateName(t.name), text: t.text, category: t.category });
    emitAlert({ message: `Template ${t.name} duplicated`, status: 'successful' });
  };
  const confirmDelete = () => {
    if (deleting) void deleteTemplate(deleting.id);
    setDeleting(null);
  };

  return (
    <Stack gap="md" maw={900}>
      <Group justify="space-between" wrap="wrap">
        <Title order={1} size="h2">
          Templates
        </Title>
        <Button onClick={() => setEditing({ draft: NEW, title: 'New template' })}>New template</Button>
      </Group>
      <Text size="sm" c="dimmed">
        Texts you send often, with fields such as {'{firstname}'} filled from each contact. Pick one in the send form.
        Changes made offline are sent when you are back online.
      </Text>
      {status === 'stored' && <OfflineNote online={online}>These are the templates stored on this device</OfflineNote>}
      {templates === undefined ? (
        <Center py="xl">
          <Loader aria-label="Loading templates" />
        </Center>
      ) : templates.length === 0 ? (
        <Text c="dimmed">You have no templates yet</Text>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          {templates.map((t) => (
            <TemplateCard
              key={t.id}
              template={t}
              onEdit={() => setEditing({ draft: t, title: 'Edit template' })}
              onDuplicate={() => void duplicate(t)}
              onDelete={() => setDeleting(t)}
            />
          ))}
        </SimpleGrid>
      )}
      <TemplateEditor draft={editing?.draft ?? null} title={editing?.title ?? ''} onClose={() => setEditing(null)} />
      <Modal opened={deleting !== null} onClose={() => setDeleting(null)} title="Delete template" centered>
        <Text>
          Delete the template <b>{deleting?.name}</b>? Sends already made with it are kept.
        </Text>
        <DialogActions
          confirmLabel="Delete"
          color="red"
          mt="md"
          onCancel={() => setDeleting(null)}
          onConfirm={confirmDelete}
        />
      </Modal>
    </Stack>
  );
}
