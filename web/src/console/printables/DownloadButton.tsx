import { useAction } from '../../ui/action';

/** A button that saves one printable, with its refusal (if any) beside it. */
export function DownloadButton({
  label,
  save,
  testId,
  secondary = false,
}: {
  label: string;
  save: () => Promise<void>;
  testId: string;
  secondary?: boolean;
}) {
  const download = useAction(save, () => undefined);
  return (
    <span className="printables-download">
      <button
        type="button"
        className={`console-button${secondary ? ' secondary' : ''}`}
        disabled={download.busy}
        onClick={() => download.run(undefined)}
        data-testid={testId}
      >
        {download.busy ? 'Making the PDF…' : label}
      </button>
      {download.error && (
        <span className="console-error" role="alert">
          {download.error}
        </span>
      )}
    </span>
  );
}
