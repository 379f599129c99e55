import type { LocalMessage } from "@parley/client";
import { hasOwnReaction } from "@parley/client";
import { joinNames } from "../../chat/channel-display";

/** "Ana, Bo and 3 others" for one reaction type (the newest reactions name who). */
export function reactorsText(
  message: LocalMessage,
  type: string,
  userId: string | undefined,
  nameOf: (id: string) => string | undefined = () => undefined,
): string {
  const count = message.reaction_counts[type] ?? 0;
  const names = message.latest_reactions
    .filter((r) => r.type === type)
    .map((r) => (r.user_id === userId ? "You" : (r.user?.name ?? nameOf(r.user_id) ?? r.user_id)));
  const unique = [...new Set(names)];
  const others = count - unique.length;
  const who = others > 0 ? [...unique, `${others} ${others === 1 ? "other" : "others"}`] : unique;
  return `${joinNames(who, 12)} reacted with ${type}`;
}

interface ReactionChipsProps {
  message: LocalMessage;
  userId: string | undefined;
  onToggle: (type: string) => void;
  disabled: boolean;
  /** Display names of the channel's members (events name reactors by id only). */
  nameOf: (id: string) => string | undefined;
}

/** The reactions under a message: emoji and count, own ones highlighted, click to toggle. */
export function ReactionChips({ message, userId, onToggle, disabled, nameOf }: ReactionChipsProps) {
  const types = Object.entries(message.reaction_counts).filter(([, n]) => n > 0);
  if (types.length === 0) return null;
  return (
    <ul className="reactions" aria-label="Reactions">
      {types.map(([type, count]) => {
        const own = hasOwnReaction(message, type);
        const who = reactorsText(message, type, userId, nameOf);
        return (
          <li key={type}>
            <button
              type="button"
              className={own ? "reaction reaction--own" : "reaction"}
              aria-pressed={own}
              title={who}
              disabled={disabled}
              onClick={() => onToggle(type)}
              data-testid="reaction-chip"
            >
              {/* Named by what it shows, then who and what a press does: a name that left out the
                  visible emoji and count failed WCAG 2.5.3 (label in name). */}
              <span className="reaction__emoji">{type}</span> <span className="reaction__count">{count}</span>
              <span className="visually-hidden">
                {`${count === 1 ? "reaction" : "reactions"}: ${who}. ${own ? "Remove your reaction" : "React"}`}
              </span>
            </button>
          </li>
        );
      })}
    </ul>
  );
}
