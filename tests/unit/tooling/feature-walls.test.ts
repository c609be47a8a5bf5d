import { describe, expect, it } from 'vitest';
import { ruleIds } from './lint-text';

describe('a feature folder may not import another feature folder', () => {
  it.each([
    [
      'src/features/messages/x.tsx',
      'messages reaching into send',
      "import { SendScreen } from '../send/send-screen';\nexport const y = SendScreen;\n",
    ],
    [
      'src/features/profile/x.tsx',
      'a lazy import of another feature',
      "export const y = () => import('../clients/clients-card');\n",
    ],
  ])('%s: refused, %s', async (path, _why, code) => {
    expect(await ruleIds(path, code)).toContain('features/no-cross-feature');
  });

  it.each([
    [
      'src/features/messages/x.tsx',
      "import { LIST_KINDS } from './list-kinds';\nimport { DATE_TIME_PICKER_PROPS } from '../../ui/date-picker-props';\nexport const y = [LIST_KINDS, DATE_TIME_PICKER_PROPS];\n",
    ],
    ['src/app/x.tsx', "import { SendScreen } from '../features/send/send-screen';\nexport const y = SendScreen;\n"],
  ])('%s: an allowed import passes', async (path, code) => {
    expect(await ruleIds(path, code)).not.toContain('features/no-cross-feature');
  });
});
