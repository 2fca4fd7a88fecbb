// A search box inside a form: Enter searches (the results are already live) and never submits the
// form around it — a half-built list or product must not be saved by a key meant for the search.
import type { KeyboardEvent } from 'react';

export function keepEnterInSearch(event: KeyboardEvent<HTMLInputElement>): void {
  if (event.key === 'Enter') event.preventDefault();
}
