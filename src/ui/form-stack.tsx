import type { FormEvent, ReactNode } from 'react';
import { Stack, type StackProps } from '@mantine/core';

type FormStackProps = StackProps & {
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  children: ReactNode;
  label?: string;
};

/** A form laid out as a Stack; the browser's own validation bubbles are off because the product's own messages are shown instead (docs/product.md#texts-shown-to-users). */
export function FormStack({ onSubmit, children, label, ...stack }: FormStackProps) {
  return (
    <form noValidate onSubmit={onSubmit} aria-label={label}>
      <Stack {...stack}>{children}</Stack>
    </form>
  );
}
