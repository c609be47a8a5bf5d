import { forwardRef } from 'react';
import { Textarea, type TextareaProps } from '@mantine/core';

/** Whether the browser sizes a textarea to its text by itself (CSS field-sizing: Chromium 123 and later). */
const SIZES_ITSELF =
  typeof CSS !== 'undefined' && typeof CSS.supports === 'function' && CSS.supports('field-sizing', 'content');

/** Its padding and border around the lines (border-box). */
const AROUND_LINES = 'calc(2 * var(--input-padding-y, 0rem) + 2 * 0.0625rem * var(--mantine-scale))';

type Props = Omit<TextareaProps, 'autosize' | 'minRows' | 'maxRows' | 'rows'> & {
  minRows: number;
  /** The most lines it grows to before it scrolls; none: it grows with its text. */
  maxRows?: number;
};

/**
 * A textarea that grows with its text from `minRows` lines up to `maxRows`. Where the browser sizes
 * it by itself (CSS field-sizing), no script measures it: Mantine's autosize reads the computed style
 * and forces a layout at its first render and at every keystroke, which a cheap phone feels (the send
 * form's two textareas took about a tenth of its first render at 4x CPU). Elsewhere, Mantine's autosize.
 */
export const GrowingTextarea = forwardRef<HTMLTextAreaElement, Props>(function GrowingTextarea(
  { minRows, maxRows, ...props },
  ref,
) {
  if (!SIZES_ITSELF) return <Textarea ref={ref} autosize minRows={minRows} maxRows={maxRows} {...props} />;
  return (
    <Textarea
      ref={ref}
      rows={minRows}
      {...props}
      styles={{
        input: {
          fieldSizing: 'content',
          minHeight: `calc(${minRows}lh + ${AROUND_LINES})`,
          ...(maxRows === undefined ? {} : { maxHeight: `calc(${maxRows}lh + ${AROUND_LINES})` }),
        },
      }}
    />
  );
});
