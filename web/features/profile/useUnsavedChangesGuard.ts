// Asks before losing edits: the browser's own prompt on reload or close, our dialog on in-app
// navigation — another page, the back button, or another tab of /profile (?onglet=…), since a tab
// switch unmounts the form that holds the edits.
import { useEffect } from 'react';
import { useBlocker } from 'react-router';

export function useUnsavedChangesGuard(dirty: boolean) {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => dirty && (currentLocation.pathname !== nextLocation.pathname || currentLocation.search !== nextLocation.search),
  );
  useEffect(() => {
    if (!dirty) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [dirty]);
  return blocker;
}
