import type { UserResponse } from "@parley/protocol";
import { useId, useState } from "react";
import { useChatClient } from "../../chat/client-context";
import { useUserSearch } from "../../chat/use-debounced-search";
import { Avatar } from "../avatar";

interface UserPickerProps {
  selected: readonly UserResponse[];
  onChange: (users: UserResponse[]) => void;
  /** Users not to offer (e.g. the channel's members). */
  exclude?: readonly string[];
  label?: string;
}

/** Pick people by searching names and usernames; the picked ones show as removable chips. */
export function UserPicker({ selected, onChange, exclude = [], label = "Add people" }: UserPickerProps) {
  const client = useChatClient();
  const [q, setQ] = useState("");
  const id = useId();
  const { items: users, loading, error } = useUserSearch(client, q);
  const selectedIds = new Set(selected.map((u) => u.id));
  const offered = users.filter((u) => !exclude.includes(u.id));
  const toggle = (user: UserResponse) =>
    onChange(selectedIds.has(user.id) ? selected.filter((u) => u.id !== user.id) : [...selected, user]);
  return (
    <div className="user-picker">
      {selected.length > 0 && (
        <ul className="chips" aria-label="Picked">
          {selected.map((u) => (
            <li key={u.id} className="chip">
              {u.name}
              <button
                type="button"
                className="chip__remove"
                aria-label={`Remove ${u.name}`}
                onClick={() => toggle(u)}
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      )}
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <input
        id={id}
        className="field__input"
        type="search"
        placeholder="Search by name or username"
        value={q}
        onChange={(e) => setQ(e.target.value)}
        autoComplete="off"
      />
      <div className="user-picker__results" aria-live="polite" aria-busy={loading}>
        {error && <p className="field__error">{error}</p>}
        {!loading && !error && offered.length === 0 && <p className="muted">Nobody found.</p>}
        <ul className="user-picker__list">
          {offered.map((u) => (
            <li key={u.id}>
              <label className="user-option">
                <input type="checkbox" checked={selectedIds.has(u.id)} onChange={() => toggle(u)} />
                <Avatar name={u.name} image={u.image} colourKey={u.id} size="sm" />
                <span className="user-option__name">{u.name}</span>
                <span className="user-option__id">@{u.id}</span>
              </label>
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}
