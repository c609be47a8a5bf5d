import { useEffect, useState } from 'react';
import { useAction } from '../../sync/hooks/use-action';
import { changeSmppAccess, loadSmppAccess, storedSmppAccess } from '../../sync/smpp-access';
import { SMPP_DEFAULTS, type SmppAccess, type UpdateSmppAccessBody } from '../../domain/account/smpp-access';

const ipList = (text: string) =>
  text
    .split(/[\s,]+/)
    .map((s) => s.trim())
    .filter(Boolean);

/** The settings as typed: the numbers as their fields hold them, the addresses as text. */
export type SmppSettings = {
  maxBinds: number | string;
  throughput: number | string;
  ips: string;
  /** Empty for no cap. */
  dailyCap: number | string;
};

const settingsOf = (access: SmppAccess | null): SmppSettings => ({
  maxBinds: access?.maxBinds ?? SMPP_DEFAULTS.maxBinds,
  throughput: access?.throughput ?? SMPP_DEFAULTS.throughput,
  ips: (access?.allowedIps ?? []).join(', '),
  dailyCap: access?.dailyCap ?? '',
});

/**
 * The account's SMPP access: the stored copy at once, the gateway's when online; each change shows the
 * answer's access and, when one was made, its new password (shown once).
 */
export function useSmppAccess(profileId: number | null, online: boolean) {
  const [access, setAccess] = useState<SmppAccess | null>(() =>
    profileId === null ? null : storedSmppAccess(profileId),
  );
  const [password, setPassword] = useState<string | null>(null);
  const [settings, setSettings] = useState<SmppSettings>(() => settingsOf(access));
  const { busy, run } = useAction();

  const show = (next: SmppAccess) => {
    setAccess(next);
    setSettings(settingsOf(next));
  };

  useEffect(() => {
    if (!online || profileId === null) return;
    let live = true;
    loadSmppAccess()
      .then((fetched) => live && show(fetched))
      .catch(() => undefined); // the stored copy stays on screen
    return () => {
      live = false;
    };
  }, [online, profileId]);

  const change = (body: UpdateSmppAccessBody) =>
    run(async () => {
      const answer = await changeSmppAccess(body);
      show(answer.access);
      setPassword(answer.password ?? null);
    });

  const save = () =>
    change({
      maxBinds: Number(settings.maxBinds),
      throughput: Number(settings.throughput),
      allowedIps: ipList(settings.ips),
      dailyCap: settings.dailyCap === '' ? null : Number(settings.dailyCap),
    });

  const edit = (field: keyof SmppSettings) => (value: number | string) =>
    setSettings((s) => ({ ...s, [field]: value }));

  return { access, password, settings, edit, busy, change, save };
}
