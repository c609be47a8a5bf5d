import { Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { countSms } from '../../domain/messages/sms';
import { normalizeApostrophes } from '../../domain/messages/message-text';
import { categoryLabel } from '../../domain/templates/template-rules';
import type { StoredTemplate } from '../../db/app-db';

type Props = {
  template: StoredTemplate;
  onEdit: () => void;
  onDuplicate: () => void;
  onDelete: () => void;
};

/** One template: its name, kind, text and cost, and its Edit, Duplicate and Delete buttons. */
export function TemplateCard({ template, onEdit, onDuplicate, onDelete }: Props) {
  const count = countSms(normalizeApostrophes(template.text));
  return (
    <Paper withBorder radius="md" p="sm" component="article" aria-label={`Template ${template.name}`}>
      <Stack gap={6}>
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
            {template.name}
          </Text>
          <Group gap={6}>
            {template.pending === 'save' && (
              <Badge color="yellow.9" variant="outline" size="sm">
                Not synced yet
              </Badge>
            )}
            <Badge color={template.category === 'transactional' ? 'blue.9' : 'grape.9'} variant="outline" size="sm">
              {categoryLabel(template.category)}
            </Badge>
          </Group>
        </Group>
        <Text size="sm" lineClamp={3} style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {template.text}
        </Text>
        <Text size="xs" c="dimmed">
          {count.label} SMS {count.parts === 1 ? 'credit' : 'credits'} a recipient · Unicode{' '}
          {count.unicode ? 'on' : 'off'}
        </Text>
        <Group gap="xs">
          <Button size="compact-sm" variant="light" onClick={onEdit} aria-label={`Edit ${template.name}`}>
            Edit
          </Button>
          <Button size="compact-sm" variant="default" onClick={onDuplicate} aria-label={`Duplicate ${template.name}`}>
            Duplicate
          </Button>
          <Button
            size="compact-sm"
            variant="subtle"
            color="red.8"
            onClick={onDelete}
            aria-label={`Delete ${template.name}`}
          >
            Delete
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
