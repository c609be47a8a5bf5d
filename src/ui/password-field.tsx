import { PasswordInput, type PasswordInputProps } from '@mantine/core';

/**
 * A password field whose show-or-hide button names its field, so a form with two password fields (a new
 * password and its confirmation) has two controls a screen reader tells apart.
 */
export function PasswordField(props: PasswordInputProps & { label: string }) {
  return <PasswordInput {...props} visibilityToggleButtonProps={{ 'aria-label': `Show or hide: ${props.label}` }} />;
}
