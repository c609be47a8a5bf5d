import { Checkbox, Stack, Text } from '@mantine/core';
import { ROLE_SUMMARIES, TEAM_ROLES, type TeamRole } from '../../domain/account/team-roles';

type RolePickerProps = {
  value: TeamRole[];
  onChange: (roles: TeamRole[]) => void;
  /** Whether the Owner role may be given or taken here (only by someone with ownership). */
  ownerAllowed: boolean;
  error?: string | null;
};

/** The roles a member holds: several may be ticked, each with what it allows (docs/product.md#members-and-roles). */
export function RolePicker({ value, onChange, ownerAllowed, error }: RolePickerProps) {
  return (
    <Checkbox.Group label="Roles" value={value} onChange={(v) => onChange(v as TeamRole[])} error={error}>
      <Stack gap={6} mt={4}>
        {TEAM_ROLES.map((role) => (
          <Checkbox
            key={role}
            value={role}
            disabled={role === 'Owner' && !ownerAllowed}
            label={role}
            description={
              <Text span size="xs">
                {ROLE_SUMMARIES[role]}
              </Text>
            }
          />
        ))}
      </Stack>
    </Checkbox.Group>
  );
}
