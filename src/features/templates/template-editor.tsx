import { useRef, useState } from 'react';
import { Modal, SegmentedControl, Select, Stack, Text, TextInput } from '@mantine/core';
import { characterCount } from '../../domain/messages/character-count';
import { normalizeApostrophes } from '../../domain/messages/message-text';
import { phonebookPlaceholderFields, placeholder } from '../../domain/messages/personalize';
import { TEMPLATE_NAME_MAX, templateProblem, type TemplateCategory } from '../../domain/templates/template-rules';
import { saveTemplate, type TemplateDraft } from '../../sync/templates';
import { DialogActions } from '../../ui/dialog-actions';
import { FormStack } from '../../ui/form-stack';
import { SmsCounter } from '../../ui/sms-counter';
import { UnicodeNote } from '../../ui/unicode-note';
import { TemplateTest } from './template-test';
import { GrowingTextarea } from '../../ui/growing-textarea';

const CATEGORIES = [
  { value: 'transactional', label: 'Transactional' },
  { value: 'promotional', label: 'Promotional' },
];

/** The fields any template may name: a phone book's, and {age} (filled on birthday sends). */
const FIELDS = phonebookPlaceholderFields(true);

type Props = { draft: TemplateDraft | null; title: string; onClose: () => void };

/** Creates or edits a template (docs/product.md#templates): its parts, encoding and cost show while typing. */
export function TemplateEditor({ draft, title, onClose }: Props) {
  return (
    <Modal opened={draft !== null} onClose={onClose} title={title} size="lg" centered>
      {draft && <EditorForm key={draft.id ?? 'new'} draft={draft} onClose={onClose} />}
    </Modal>
  );
}

function EditorForm({ draft, onClose }: { draft: TemplateDraft; onClose: () => void }) {
  const [name, setName] = useState(draft.name);
  const [category, setCategory] = useState<TemplateCategory>(draft.category);
  const [text, setText] = useState(draft.text);
  const [problem, setProblem] = useState<string | null>(null);
  const area = useRef<HTMLTextAreaElement>(null);
  const count = characterCount(normalizeApostrophes(text));

  const insert = (field: string | null) => {
    if (!field) return;
    const token = placeholder(field);
    const start = area.current?.selectionStart ?? text.length;
    const end = area.current?.selectionEnd ?? text.length;
    setText(text.slice(0, start) + token + text.slice(end));
  };
  const submit = async () => {
    const found = templateProblem({ name, text, category });
    setProblem(found);
    if (found) return;
    await saveTemplate({ ...(draft.id ? { id: draft.id } : {}), name, text, category });
    onClose();
  };

  return (
    <FormStack gap="sm" label="Template" onSubmit={(event) => (event.preventDefault(), void submit())}>
      <TextInput
        label="Name"
        value={name}
        onChange={(event) => setName(event.currentTarget.value)}
        maxLength={TEMPLATE_NAME_MAX}
        data-autofocus
      />
      <Stack gap={4}>
        <Text size="sm" fw={500} id="template-category">
          Kind
        </Text>
        <SegmentedControl
          aria-labelledby="template-category"
          data={CATEGORIES}
          value={category}
          onChange={(value) => setCategory(value as TemplateCategory)}
        />
      </Stack>
      <Select
        label="Insert a field"
        placeholder="Choose a field to insert"
        data={FIELDS}
        value={null}
        onChange={insert}
      />
      <GrowingTextarea
        ref={area}
        label="Text"
        value={text}
        onChange={(event) => setText(event.currentTarget.value)}
        minRows={4}
        maxRows={10}
      />
      <SmsCounter count={count} personalized={text.includes('{')} />
      <Text size="sm" data-testid="template-cost">
        Costs {count.label} SMS {count.parts === 1 ? 'credit' : 'credits'} a recipient
      </Text>
      <UnicodeNote text={text} onReplace={setText} />
      <TemplateTest text={text} />
      {problem && (
        <Text c="red.8" size="sm" role="alert">
          {problem}
        </Text>
      )}
      <DialogActions confirmLabel="Save template" onCancel={onClose} mt="xs" />
    </FormStack>
  );
}
