import { useEffect, useState } from 'react';
import { FileInput, Group, Image, Stack, Text } from '@mantine/core';
import { imageFileError } from '../../domain/contacts/file-types';
import { safeAssetUrl } from '../../domain/navigation/safe-url';

/** The gateway takes images up to 2 MiB (checked by their bytes there). */
const MAX_IMAGE_BYTES = 2 * 1024 * 1024;

const readDataUrl = (file: File) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('The image could not be read'));
    reader.readAsDataURL(file);
  });

type Props = { label: string; current: string; onPicked: (dataUrl: string | null) => void };

/** The image rule ('Kindly select an image file': docs/product.md#reseller-settings), a size limit, and a preview of what will be saved. */
export function ImageField({ label, current, onPicked }: Props) {
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  // A refused file is said on the field, not as an alert.
  const [error, setError] = useState<string | null>(null);
  // The preview's object URL is released when replaced and when the field goes.
  useEffect(() => () => void (preview && URL.revokeObjectURL(preview)), [preview]);

  const pick = async (picked: File | null) => {
    setError(null);
    if (!picked) {
      setFile(null);
      setPreview(null);
      onPicked(null);
      return;
    }
    const wrongType = imageFileError(picked.name);
    if (wrongType) return setError(wrongType);
    if (picked.size > MAX_IMAGE_BYTES)
      return setError(`${picked.name} is larger than 2 MB: please choose a smaller image`);
    setFile(picked);
    setPreview(URL.createObjectURL(picked));
    onPicked(await readDataUrl(picked));
  };

  const shown = preview ?? safeAssetUrl(current, window.location.origin);
  return (
    <Stack gap={4}>
      <FileInput
        label={label}
        placeholder={`Choose a ${label.toLowerCase()}`}
        // Mantine's placeholder grey reads at 2:1 on white; this one is text, so it gets a text's contrast.
        styles={{ placeholder: { color: 'var(--mantine-color-gray-7)' } }}
        accept="image/png,image/jpeg,image/gif,image/tiff,image/bmp"
        value={file}
        onChange={(f) => void pick(f)}
        error={error}
        clearable
      />
      <Group gap="xs">
        {shown ? (
          <Image src={shown} alt={`${label} preview`} h={48} w="auto" fit="contain" radius="sm" />
        ) : (
          <Text size="sm" c="dimmed">
            No image yet
          </Text>
        )}
      </Group>
    </Stack>
  );
}
