import { useState } from 'react';
import type { ChangeEvent, FormEvent } from 'react';
import { parseAllowedList } from '../allowed-list';
import type { ParsedAllowedList } from '../allowed-list';
import type { AllowedItem } from '../bundle-rows';
import { useAddAllowedUsers } from './use-add-allowed-users-mutation';
import { useAllowedUsers } from './use-allowed-users-query';
import { useRemoveAllowedUser } from './use-remove-allowed-user-mutation';

/**
 * The "people who get in free" form of a bundle or an app, whatever it looks like: the list, the
 * pasted text or CSV file, what was wrong with it (checked before anything is sent: at most
 * 10,000, at least one), adding and removing. The bundles feature and the builder render it.
 */
export function useAllowedUsersForm(item: AllowedItem) {
  const list = useAllowedUsers(item);
  const add = useAddAllowedUsers();
  const remove = useRemoveAllowedUser();
  const [text, setText] = useState('');
  const [parsed, setParsed] = useState<ParsedAllowedList | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const result = parseAllowedList(text);
    setParsed(result);
    if (result.tooMany) return setProblem('At most 10,000 addresses at once: split the list.');
    if (result.entries.length === 0) return setProblem('Paste at least one e-mail address or @domain.');
    setProblem(null);
    add.mutate({ item, entries: result.entries }, { onSuccess: () => setText('') });
  };
  const readFile = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    if (file) void file.text().then(setText);
  };
  return { list, add, remove, text, setText, parsed, problem, submit, readFile };
}
