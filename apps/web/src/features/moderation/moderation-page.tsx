import type { ModeratedCandidate, Proposal } from '@cng/shared/client';
import { type FormEvent, useCallback, useEffect, useId, useState } from 'react';
import { tabStorage } from '../../lib/storage';
import { decideProposal, fetchAnsweredCandidates, fetchPending, TOKEN_KEY } from './moderation-api';
import { TilePreview } from './tile-preview';
import './moderation.css';

const WHAT: Record<string, string> = {
  'wrong-position': 'Wrong position',
  closed: 'Closed for good',
  'not-cng': 'Not a CNG station',
  duplicate: 'Duplicate',
};

/** One proposal with its preview and the three decisions; a reason is required and kept. */
function ProposalCard({
  p,
  token,
  onDecided,
}: {
  p: Proposal;
  token: string;
  onDecided: (text: string) => void;
}) {
  const id = useId();
  const [error, setError] = useState<string | null>(null);
  async function decide(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
    const form = new FormData(event.currentTarget);
    const action = (submitter?.value ?? 'reject') as 'approve' | 'reject' | 'merge' | 'move';
    const stationId = String(form.get('stationId') ?? '').trim() || undefined;
    // "lat, lon" as a moderator copies it from a map; empty = the driver's pin.
    const [lat, lon] = String(form.get('position') ?? '')
      .split(',')
      .map((x) => Number(x.trim()));
    const position =
      Number.isFinite(lat) && Number.isFinite(lon) && lat !== undefined && lon !== undefined
        ? { lat, lon }
        : undefined;
    try {
      await decideProposal(token, p.id, {
        action,
        reason: String(form.get('reason') ?? ''),
        stationId,
        position,
      });
      onDecided(`Proposal ${p.id}: ${action} saved.`);
    } catch (err) {
      setError((err as Error).message);
    }
  }
  const title =
    p.kind === 'add' ? `Add “${p.name}”` : `${WHAT[p.reason ?? ''] ?? p.reason}: station ${p.stationId}`;
  return (
    <li className="moderation__item" data-testid="proposal" data-proposal-id={p.id}>
      <h2>{title}</h2>
      <p>
        #{p.id} · {new Date(p.createdAt).toLocaleString()}
        {p.operator && ` · ${p.operator}`}
        {p.openingHours && ` · hours: ${p.openingHours}`}
        {p.duplicateOf && ` · same as ${p.duplicateOf}`}
      </p>
      {p.note && <p className="moderation__note">“{p.note}”</p>}
      {p.lon !== null && p.lat !== null && <TilePreview lon={p.lon} lat={p.lat} label={title} />}
      <form onSubmit={(e) => void decide(e)} className="moderation__form">
        <label htmlFor={`${id}-reason`}>Why (kept with the decision)</label>
        <input id={`${id}-reason`} name="reason" required maxLength={300} />
        <label htmlFor={`${id}-station`}>Existing station id (for merge)</label>
        <input id={`${id}-station`} name="stationId" maxLength={80} />
        <label htmlFor={`${id}-position`}>New position “lat, lon” (for move; empty: the driver’s pin)</label>
        <input id={`${id}-position`} name="position" maxLength={60} inputMode="decimal" />
        <div className="moderation__actions">
          <button type="submit" className="button" name="action" value="approve">
            Approve
          </button>
          <button type="submit" className="button" name="action" value="reject">
            Reject
          </button>
          <button type="submit" className="button" name="action" value="merge">
            Merge
          </button>
          <button type="submit" className="button" name="action" value="move">
            Move
          </button>
        </div>
        {error && (
          <p role="alert" className="moderation__error">
            {error}
          </p>
        )}
      </form>
    </li>
  );
}

/** What drivers answered about fuel-station candidates (ADR 0037): the confirmed, the retired, the still open. */
function CandidateAnswers({ candidates }: { candidates: ModeratedCandidate[] }) {
  if (candidates.length === 0) return <p>No driver has answered about a fuel station yet.</p>;
  return (
    <table className="moderation__candidates" data-testid="moderated-candidates">
      <caption>"Does this pump sell CNG?": what drivers answered</caption>
      <thead>
        <tr>
          <th scope="col">Pump</th>
          <th scope="col">State</th>
          <th scope="col">Yes / no / don't know</th>
          <th scope="col">Why</th>
        </tr>
      </thead>
      <tbody>
        {candidates.map((c) => (
          <tr key={c.id}>
            <td>
              {c.name ?? c.id} ({c.lat.toFixed(5)}, {c.lon.toFixed(5)})
            </td>
            <td>
              {c.stationId ? <a href={`/stations/${encodeURIComponent(c.stationId)}`}>{c.state}</a> : c.state}
            </td>
            <td>
              {c.answers.yes} / {c.answers.no} / {c.answers.unknown}
            </td>
            <td>{c.decisionReason ?? ''}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/**
 * /moderate: proposals and problem reports waiting for a moderator (ADR 0014). Behind the admin token, which the
 * moderator types and this tab keeps; not linked from any page, not prerendered, not in the sitemap.
 */
export default function ModerationPage() {
  const id = useId();
  const [token, setToken] = useState(() => tabStorage.getItem(TOKEN_KEY) ?? '');
  const [items, setItems] = useState<Proposal[] | null>(null);
  const [candidates, setCandidates] = useState<ModeratedCandidate[]>([]);
  const [notice, setNotice] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  const load = useCallback(async (t: string) => {
    try {
      const [pending, answered] = await Promise.all([fetchPending(t), fetchAnsweredCandidates(t)]);
      setItems(pending);
      setCandidates(answered);
      setError(null);
    } catch (err) {
      setItems(null);
      setError((err as Error).message);
    }
  }, []);
  useEffect(() => {
    if (token) void load(token);
  }, [token, load]);

  function signIn(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const t = String(new FormData(event.currentTarget).get('token') ?? '').trim();
    tabStorage.setItem(TOKEN_KEY, t);
    setToken(t);
  }

  return (
    <div className="container page-section moderation">
      <h1>Moderation</h1>
      <meta name="robots" content="noindex" />
      {!items && (
        <form onSubmit={signIn} className="moderation__signin">
          <label htmlFor={`${id}-token`}>Admin token</label>
          <input id={`${id}-token`} name="token" type="password" required autoComplete="off" />
          <button type="submit" className="button">
            Show proposals
          </button>
        </form>
      )}
      <p role="status">{error ?? notice}</p>
      {items && (
        <>
          <p>{items.length ? `${items.length} waiting` : 'Nothing is waiting.'}</p>
          <ul className="moderation__list">
            {items.map((p) => (
              <ProposalCard
                key={p.id}
                p={p}
                token={token}
                onDecided={(text) => {
                  setNotice(text);
                  void load(token);
                }}
              />
            ))}
          </ul>
          <h2>Fuel stations drivers answered about</h2>
          <CandidateAnswers candidates={candidates} />
        </>
      )}
    </div>
  );
}
