// The first-run checklist on the documents page: a few steps that tick themselves from the
// organization's real state (lib/first-run.ts), dismissible, gone once every step is done.
import { useEffect, useId, useState } from 'react';
import { loadSteps, readMark, writeMark } from '../lib/first-run';
import { useAsync } from '../lib/hooks';
import { Link } from '../router';
import { useApp } from '../session';

export function FirstRunChecklist() {
  const { session, features } = useApp();
  const org = session.organization;
  const [hidden, setHidden] = useState(() => readMark(org.id) !== null);
  const titleId = useId();
  // On a phone the steps fold behind a button (CSS shows it only there): six steps above the list
  // pushed its first row off the first screen (issue 49).
  const [open, setOpen] = useState(false);
  // Read once per visit of the page, and not at all once dismissed or seen complete.
  const steps = useAsync(
    () => (hidden ? Promise.resolve(null) : loadSteps(org.environment, features)),
    [org.id],
  );
  const list = steps.data;
  const complete = Boolean(list && list.length > 0 && list.every((s) => s.done));
  useEffect(() => {
    if (complete) writeMark(org.id, 'complete');
  }, [complete, org.id]);
  if (hidden || !list || list.length === 0 || complete) return null;
  const done = list.filter((s) => s.done).length;
  return (
    <section
      className={open ? 'card first-run open' : 'card first-run'}
      aria-labelledby={titleId}
      data-testid="first-run"
    >
      <div className="first-run-head">
        <h2 id={titleId}>Get started</h2>
        <span className="muted small" aria-live="polite">
          {done} of {list.length} done
        </span>
        <span className="spacer" />
        <button
          type="button"
          className="link fold-toggle"
          aria-expanded={open}
          aria-controls={`${titleId}-steps`}
          onClick={() => setOpen((v) => !v)}
        >
          {open ? 'Hide the steps' : 'Show the steps'}
        </button>
        <button
          type="button"
          className="link"
          onClick={() => {
            writeMark(org.id, 'dismissed');
            setHidden(true);
          }}
        >
          Dismiss
        </button>
      </div>
      <ol className="first-run-steps" id={`${titleId}-steps`}>
        {list.map((s) => (
          <li key={s.id} data-testid={`first-run-${s.id}`} data-done={s.done ? 'true' : 'false'}>
            <span className="tick" aria-hidden="true">
              {s.done ? '✓' : ''}
            </span>
            {s.done ? <span className="step-done">{s.label}</span> : <Link to={s.to}>{s.label}</Link>}
            <span className="sr-only">{s.done ? ' (done)' : ' (not done yet)'}</span>
          </li>
        ))}
      </ol>
    </section>
  );
}
