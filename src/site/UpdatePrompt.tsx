import { useUpdateAvailable, setUpdateAvailable } from './update-available';

/** "Update available — Reload": shown when a new version is ready; reloading is the visitor's choice. */
export function UpdatePrompt() {
  const apply = useUpdateAvailable();
  if (!apply) return null;
  return (
    <div className="update-prompt" role="status" aria-live="polite">
      <span>Update available: a new version of FileDesk is ready.</span>
      <button type="button" className="update-prompt-reload" onClick={apply}>
        Reload
      </button>
      <button type="button" className="update-prompt-later" onClick={() => setUpdateAvailable(null)}>
        Later
      </button>
    </div>
  );
}
