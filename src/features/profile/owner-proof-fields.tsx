import { TextInput } from '@mantine/core';
import { PasswordField } from '../../ui/password-field';
import { CURRENT_PASSWORD_EMPTY, CURRENT_PASSWORD_WRONG, TWO_STEP_CODE_EMPTY } from '../../domain/account/own-account';
import { TWO_STEP_CODE_USED, TWO_STEP_WRONG_CODE } from '../../domain/account/two-step';

/** What a new e-mail or number asks beside the session (docs/product.md#editing-ones-own-account). */
export type Proof = { currentPassword: string; twoStepCode: string };
export const NO_PROOF: Proof = { currentPassword: '', twoStepCode: '' };

/** The field a refusal of the proof is about, or null when it is about another field. */
export function proofFieldOf(message: string): 'current' | 'twoStep' | null {
  if (message === CURRENT_PASSWORD_EMPTY || message === CURRENT_PASSWORD_WRONG) return 'current';
  if (message === TWO_STEP_CODE_EMPTY || message === TWO_STEP_WRONG_CODE || message === TWO_STEP_CODE_USED)
    return 'twoStep';
  return null;
}

/** The problems the form can see before asking the gateway. */
export const proofProblems = (proof: Proof, twoStep: boolean) => ({
  current: proof.currentPassword ? undefined : CURRENT_PASSWORD_EMPTY,
  twoStep: twoStep && !proof.twoStepCode.trim() ? TWO_STEP_CODE_EMPTY : undefined,
});

type Props = {
  proof: Proof;
  /** Whether two-step sign-in is on: its code is asked too. */
  twoStep: boolean;
  errors: { current?: string; twoStep?: string };
  onChange: (proof: Proof, field: 'current' | 'twoStep') => void;
};

/** "Current password", and "Two-step code" when two-step sign-in is on: fields of a row that wraps on a phone. */
export function OwnerProofFields({ proof, twoStep, errors, onChange }: Props) {
  return (
    <>
      <PasswordField
        label="Current password"
        autoComplete="current-password"
        value={proof.currentPassword}
        onChange={(e) => onChange({ ...proof, currentPassword: e.currentTarget.value }, 'current')}
        error={errors.current}
        style={{ flex: '1 1 200px', maxWidth: 360 }}
      />
      {twoStep && (
        <TextInput
          label="Two-step code"
          inputMode="numeric"
          autoComplete="off"
          maxLength={6}
          value={proof.twoStepCode}
          onChange={(e) => onChange({ ...proof, twoStepCode: e.currentTarget.value }, 'twoStep')}
          error={errors.twoStep}
          style={{ flex: '1 1 200px', maxWidth: 360 }}
        />
      )}
    </>
  );
}
