import { useCallback, useState } from 'react';
import { emitAlert } from '../../notify/alerts-bus';
import { describeFailure, fieldRefusal } from '../../sync/failures';

export type FieldErrors<F extends string> = Partial<Record<F, string>>;

/**
 * A profile form's submit: problems with what was typed stay on the field they are about (the
 * gateway's refusals too, placed by `fieldOf`); anything else (offline, too many attempts) is an alert.
 */
export function useFieldAction<F extends string>(fieldOf: (message: string) => F) {
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<FieldErrors<F>>({});
  const clear = useCallback((field: F) => setErrors((e) => (e[field] ? { ...e, [field]: undefined } : e)), []);
  const run = useCallback(
    async (problems: FieldErrors<F>, work: () => Promise<void>): Promise<boolean> => {
      setErrors(problems);
      if (Object.values(problems).some(Boolean)) return false;
      setBusy(true);
      try {
        await work();
        return true;
      } catch (failure) {
        const refusal = fieldRefusal(failure);
        if (refusal) setErrors({ [fieldOf(refusal)]: refusal } as FieldErrors<F>);
        else {
          const view = describeFailure(failure);
          emitAlert({ message: view.message, severity: view.severity });
        }
        return false;
      } finally {
        setBusy(false);
      }
    },
    [fieldOf],
  );
  return { busy, errors, clear, run };
}
