import type { MentionAutocomplete } from "../../chat/use-mention-autocomplete";
import { Avatar } from "../avatar";
import { UserStatusMark } from "../user-status";

/** The members matching the `@` being typed; ↑ ↓ to move, Enter or Tab to pick, Esc to close. */
export function MentionSuggestions({ id, mention }: { id: string; mention: MentionAutocomplete }) {
  if (mention.options.length === 0) return null;
  return (
    <div id={id} className="mention-list" role="listbox" aria-label="Mention someone">
      {mention.options.map((option, i) => (
        <div
          key={option.id}
          id={`${id}-${option.id}`}
          role="option"
          tabIndex={-1}
          aria-selected={i === mention.active}
          className={i === mention.active ? "mention-option mention-option--active" : "mention-option"}
          onPointerDown={(e) => {
            e.preventDefault();
            mention.choose(option);
          }}
          onPointerEnter={() => mention.setActive(i)}
        >
          <Avatar
            name={option.name}
            image={option.image}
            colourKey={option.id}
            size="xs"
            online={Boolean(option.user?.online)}
          />
          <span className="mention-option__name">
            {option.name}
            <UserStatusMark user={option.user} />
          </span>
          <span className="mention-option__id">@{option.id}</span>
        </div>
      ))}
    </div>
  );
}
