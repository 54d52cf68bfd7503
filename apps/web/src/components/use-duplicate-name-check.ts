import { useState } from 'react';
import { isDuplicateName } from '@tideline/contracts/common/duplicate-name';

interface NamedItem {
  id: number;
  name: string;
}

interface DuplicateNameCheckOptions {
  /** The items whose names may clash (a cached list is fine). */
  loadOthers: () => Promise<NamedItem[]>;
  /** The item being edited, if any: on edit the warning appears only when the name changed. */
  current?: NamedItem;
  what: string;
}

/**
 * platform.md 5 "Duplicate-name warning": before saving, a case-insensitive clash holds the body back
 * for the DuplicateNameDialog (BACK drops it, CONTINUE sends it); otherwise the body is sent at once.
 * A failed load of the others does not block saving: the server allows duplicate names anyway.
 */
export function useDuplicateNameCheck<T>({ loadOthers, current, what }: DuplicateNameCheckOptions) {
  const [heldBack, setHeldBack] = useState<T | null>(null);
  const [isChecking, setIsChecking] = useState(false);

  const checkThenSend = async (name: string, body: T, send: (body: T) => void) => {
    setIsChecking(true);
    const others = await loadOthers()
      .catch((error: unknown) => {
        console.error(`Loading the ${what} for the same-name check failed`, error);
        return [];
      })
      .finally(() => setIsChecking(false));
    if (isDuplicateName(name, others, current?.id, current?.name)) setHeldBack(body);
    else send(body);
  };

  return { heldBack, isChecking, checkThenSend, release: () => setHeldBack(null) };
}
