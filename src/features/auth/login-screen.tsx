import { Alert, Button, Center, Loader, Paper, PasswordInput, Stack, TextInput, Title } from '@mantine/core';
import { useDomain } from '../../sync/hooks/use-domain';
import { BrandLogo } from '../../ui/brand-logo';

/** The login screen, branded with the domain of the host it is opened on. */
export function LoginScreen() {
  const state = useDomain();
  if (state.status === 'loading') {
    return (
      <Center h="100dvh">
        <Loader aria-label="Loading" />
      </Center>
    );
  }
  const domain = state.status === 'ready' ? state.domain : null;
  return (
    <Center mih="100dvh" p="md">
      <Paper withBorder shadow="sm" p="xl" radius="md" w="100%" maw={420}>
        <Stack component="form" gap="md" onSubmit={(e) => e.preventDefault()}>
          {domain && <BrandLogo logo={domain.logo} companyname={domain.companyname} />}
          <Title order={1} size="h2">
            {domain?.companyname || 'Bulk SMS'}
          </Title>
          {!domain && <Alert color="yellow">Please wait for while and try again</Alert>}
          <TextInput label="Email or username" name="emailusername" autoComplete="username" required />
          <PasswordInput label="Password" name="password" autoComplete="current-password" required />
          <Button type="submit">Login</Button>
        </Stack>
      </Paper>
    </Center>
  );
}
