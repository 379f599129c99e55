import { INVITE_MAX_USES } from "@parley/protocol";
import { useId, useState } from "react";
import { SaveStatus, useSaveState } from "../settings/save-state";
import type { ChannelOption } from "./invite-channels";
import { InviteLink } from "./invite-link";

const EXPIRIES = [
  [1, "1 hour"],
  [24, "1 day"],
  [7 * 24, "7 days"],
  [30 * 24, "30 days"],
] as const;

interface InviteFormProps {
  channels: readonly ChannelOption[];
  create: (body: { expiresInHours: number; maxUses: number; channels: string[] }) => Promise<string>;
}

/** A new invite link: how long it works, how many accounts it makes, which channels they join. */
export function InviteForm({ channels, create }: InviteFormProps) {
  const save = useSaveState();
  const ids = { expiry: useId(), uses: useId() };
  const [hours, setHours] = useState<number>(7 * 24);
  const [uses, setUses] = useState("1");
  const [chosen, setChosen] = useState<ReadonlySet<string>>(new Set());
  const [url, setUrl] = useState<string | null>(null);
  const toggle = (cid: string, on: boolean) =>
    setChosen((set) => {
      const next = new Set(set);
      if (on) next.add(cid);
      else next.delete(cid);
      return next;
    });
  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const made = await save.run(() =>
      create({ expiresInHours: hours, maxUses: Number(uses), channels: [...chosen] }),
    );
    if (made) setUrl(made);
  };
  return (
    <form className="settings-subsection" aria-label="New invite" onSubmit={(e) => void submit(e)}>
      <div className="admin-field">
        <label htmlFor={ids.expiry} className="settings-field-label">
          Expires after
        </label>
        <select
          id={ids.expiry}
          className="input-field__input"
          value={hours}
          onChange={(event) => setHours(Number(event.target.value))}
        >
          {EXPIRIES.map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </select>
      </div>
      <div className="admin-field">
        <label htmlFor={ids.uses} className="settings-field-label">
          Number of uses
        </label>
        <input
          id={ids.uses}
          type="number"
          className="input-field__input"
          min={1}
          max={INVITE_MAX_USES}
          step={1}
          required
          value={uses}
          onChange={(event) => setUses(event.target.value)}
        />
      </div>
      <fieldset className="admin-channels">
        <legend className="settings-field-label">Channels to join</legend>
        {channels.length === 0 && <p className="settings-section__hint">No team channels yet.</p>}
        {channels.map((c) => (
          <label key={c.cid} className="settings-check">
            <input
              type="checkbox"
              className="settings-checkbox"
              checked={chosen.has(c.cid)}
              onChange={(event) => toggle(c.cid, event.target.checked)}
            />
            <span>{c.name}</span>
          </label>
        ))}
      </fieldset>
      <button type="submit" className="button button--primary" disabled={save.phase === "saving"}>
        Create invite link
      </button>
      <SaveStatus state={save} what="Invite created" />
      {url && <InviteLink url={url} />}
    </form>
  );
}
