import { useCallback, useMemo, useState } from 'react';
import { contactSearchText, searchIndices } from '../../domain/contacts/phonebook';
import type { StoredContact } from '../../db/app-db';
import { deleteContacts, UNDO_DELETE_MS } from '../../sync/phonebook-sync';

/**
 * A book's contacts as its page shows them: those deleted here hidden at once (put back if the gateway
 * refuses or the deletion is undone), the search's matches, and the contacts selected among them.
 */
export function useShownContacts(contacts: StoredContact[] | undefined, search: string) {
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  // Deleted here: hidden at once, before the device's copy is read again; put back if the gateway refuses.
  const [hidden, setHidden] = useState<ReadonlySet<number>>(new Set());
  const visible = useMemo(
    () => (hidden.size ? (contacts ?? []).filter((c) => !hidden.has(c.id)) : (contacts ?? [])),
    [contacts, hidden],
  );
  // Each contact's lower-case search text is stored with it: a key stroke is plain tests over one array of strings.
  const texts = useMemo(() => visible.map((c) => c.search ?? contactSearchText(c)), [visible]);
  const shown = useMemo(() => {
    const found = searchIndices(texts, search);
    return found ? found.map((i) => visible[i]!) : visible;
  }, [visible, texts, search]);
  const liveSelected = useMemo(() => {
    if (selected.size === 0) return [];
    const ids = new Set(visible.map((c) => c.id));
    return [...selected].filter((id) => ids.has(id));
  }, [selected, visible]);

  const toggle = useCallback(
    (id: number) =>
      setSelected((s) => {
        const next = new Set(s);
        if (next.has(id)) next.delete(id);
        else next.add(id);
        return next;
      }),
    [],
  );
  // Gone at once, with Undo for a few seconds before the deletion is sent (phonebook-sync.ts).
  const remove = useCallback((ids: readonly number[]) => {
    setHidden((h) => new Set([...h, ...ids]));
    const putBack = () => setHidden((h) => new Set([...h].filter((id) => !ids.includes(id))));
    void deleteContacts(ids, UNDO_DELETE_MS).then(
      (outcome) => (outcome === 'refused' || outcome === 'undone') && putBack(),
      putBack,
    );
  }, []);
  // Select all: every contact shown (the search's matches when searching).
  const allShownSelected = shown.length > 0 && shown.every((c) => selected.has(c.id));
  const someShownSelected = !allShownSelected && shown.some((c) => selected.has(c.id));
  const toggleAll = () =>
    setSelected((s) => {
      const next = new Set(s);
      for (const c of shown) {
        if (allShownSelected) next.delete(c.id);
        else next.add(c.id);
      }
      return next;
    });
  const removeSelected = () => {
    remove(liveSelected);
    setSelected(new Set());
  };
  return {
    visible,
    shown,
    selected,
    liveSelected,
    allShownSelected,
    someShownSelected,
    toggle,
    toggleAll,
    remove,
    removeSelected,
  };
}

export type ShownContacts = ReturnType<typeof useShownContacts>;
