import type { AdminAccount } from "@parley/protocol";
import { useId } from "react";
import { fullDate } from "../chat/relative-time";
import { LoadError } from "../settings/load-error";
import { ResetLinkButton } from "./reset-link-button";
import { type AdminUsersModel, useAdminUsers } from "./use-admin-users";

/** The admin console's accounts: search, sign out everywhere, deactivate or reactivate, reset links. */
export function UsersSection() {
  const model = useAdminUsers();
  const searchId = useId();
  return (
    <section className="settings-section" aria-labelledby="admin-users">
      <h2 id="admin-users" className="settings-section__title">
        Users
      </h2>
      <div className="admin-field">
        <label htmlFor={searchId}>Find a user</label>
        <input
          id={searchId}
          type="search"
          className="text-field__input"
          value={model.query}
          placeholder="Username or name"
          onChange={(event) => model.setQuery(event.target.value)}
        />
      </div>
      {model.loadError && <LoadError what="the users" error={model.loadError} onRetry={model.reload} />}
      {!model.users && !model.loadError && <p className="settings-section__hint">Loading users…</p>}
      {model.users?.length === 0 && <p className="settings-section__hint">No user matches.</p>}
      {model.users && model.users.length > 0 && (
        <ul className="settings-devices" data-testid="admin-users">
          {model.users.map((user) => (
            <UserRow key={user.id} user={user} model={model} />
          ))}
        </ul>
      )}
      {model.action.error && (
        <p className="action-error" role="alert">
          That didn't work: {model.action.error}
        </p>
      )}
      <p role="status" className="settings-section__hint">
        {model.notice}
      </p>
    </section>
  );
}

function UserRow({ user, model }: { user: AdminAccount; model: AdminUsersModel }) {
  const deactivated = user.deactivated_at !== null;
  return (
    <li className="settings-device" data-testid="admin-user" data-user-id={user.id}>
      <span className="settings-device__text">
        <span className="settings-device__name">
          {user.displayName} <span className="settings-section__hint">@{user.id}</span>
        </span>
        <span className="settings-section__hint">
          {user.role === "user" ? "Member" : user.role === "admin" ? "Admin" : "Moderator"}
          {deactivated && user.deactivated_at
            ? ` · Deactivated ${fullDate(user.deactivated_at)}`
            : user.last_active
              ? ` · last active ${fullDate(user.last_active)}`
              : " · never active"}
        </span>
      </span>
      <span className="admin-user__actions">
        {!deactivated && (
          <button
            type="button"
            className="button"
            disabled={model.action.busy}
            aria-label={`Sign ${user.displayName} out everywhere`}
            onClick={() => model.signOut(user)}
          >
            Sign out everywhere
          </button>
        )}
        <ResetLinkButton userId={user.id} />
        <button
          type="button"
          className={deactivated ? "button" : "button button--danger"}
          disabled={model.action.busy}
          aria-label={`${deactivated ? "Reactivate" : "Deactivate"} ${user.displayName}`}
          onClick={() => model.setDeactivated(user, !deactivated)}
        >
          {deactivated ? "Reactivate" : "Deactivate"}
        </button>
      </span>
    </li>
  );
}
